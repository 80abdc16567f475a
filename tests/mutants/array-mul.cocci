// array-mul: an array allocation that checks its size for overflow made
// one that multiplies by hand (kcalloc(n, size, gfp) to
// kmalloc(n * size, gfp)); a count that wraps gets a tiny buffer.
@site@
position p;
identifier f =~ "^(kcalloc|kmalloc_array|kvcalloc|kvmalloc_array)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression n, s, g;
@@
(
- kcalloc@p(n, s, g)
+ kzalloc(n * s, g)
|
- kmalloc_array@p(n, s, g)
+ kmalloc(n * s, g)
|
- kvcalloc@p(n, s, g)
+ kvzalloc(n * s, g)
|
- kvmalloc_array@p(n, s, g)
+ kvmalloc(n * s, g)
)
