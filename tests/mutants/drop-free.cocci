// drop-free: a kfree, kvfree, vfree or free_pages call left out; the
// memory leaks, and the guest's last kmemleak scan reports it.  A pointer
// held in a local is still read ("(void)obj;"): a local that only the
// kfree() read would be an unused variable, which the build refuses.
@site@
position p;
identifier f =~ "^(kfree|kvfree|kfree_sensitive|vfree|free_page|free_pages|__free_pages|__free_page|kmem_cache_free)$";
@@
f@p(...);

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
identifier x;
@@
(
- f@p(x);
+ (void)x;
|
- f@p(...);
)
