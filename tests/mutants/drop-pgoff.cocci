// drop-pgoff: a mapping's offset ignored (x + vma->vm_pgoff, or
// vma->vm_pgoff + x, to x): every window maps the start of the buffer.
@site@
position p;
expression E, V;
@@
(
E +@p V->vm_pgoff
|
V->vm_pgoff +@p E
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression E, V;
@@
(
- E +@p V->vm_pgoff
+ E
|
- V->vm_pgoff +@p E
+ E
)
