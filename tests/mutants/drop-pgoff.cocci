// drop-pgoff: a mapping's offset ignored (x + vma->vm_pgoff to x): every
// window maps the start of the buffer.
@site@
position p;
expression E, V;
@@
E +@p V->vm_pgoff

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression E, V;
@@
- E +@p V->vm_pgoff
+ E
