// drop-clamp: a value no longer capped (min(a, b) and min_t(T, a, b) to
// a, clamp(v, lo, hi) to v): the limit the task names is not applied.
@site@
position p;
identifier f =~ "^(min|min_t|clamp|clamp_t|clamp_val)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression a, b, c;
type T;
@@
(
- min@p(a, b)
+ a
|
- min_t@p(T, a, b)
+ a
|
- clamp@p(a, b, c)
+ a
|
- clamp_val@p(a, b, c)
+ a
|
- clamp_t@p(T, a, b, c)
+ a
)
