// drop-kref: a kref_init, kref_get or kref_put left out; the count is
// then wrong by one, and the object is freed while in use or never.
// A put whose result is tested (if (kref_put(...))) becomes 0.  The
// object and the release function are still named ("(void)(release)"):
// otherwise they would be unused, which the build refuses.
@site@
position p;
identifier f =~ "^(kref_init|kref_get|kref_put|kref_put_mutex|kref_put_lock|kref_get_unless_zero)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
expression a, rel, l;
@@
(
- kref_put@p(a, rel);
+ (void)(rel);
|
- kref_put_mutex@p(a, rel, l);
+ (void)(rel);
|
- kref_put_lock@p(a, rel, l);
+ (void)(rel);
|
- f@p(...);
|
- kref_put@p(a, rel)
+ ((void)(a), (void)(rel), 0)
|
- kref_put_mutex@p(a, rel, l)
+ ((void)(a), (void)(rel), 0)
|
- kref_put_lock@p(a, rel, l)
+ ((void)(a), (void)(rel), 0)
|
- f@p(...)
+ 0
)
