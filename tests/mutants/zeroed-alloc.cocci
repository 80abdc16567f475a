// zeroed-alloc: an allocation that zeroes made one that does not (kzalloc
// to kmalloc, kcalloc to kmalloc_array...); stale heap bytes show through.
@site@
position p;
identifier f =~ "^(kzalloc|kcalloc|kvzalloc|kvcalloc|vzalloc|kzalloc_node|devm_kzalloc|get_zeroed_page|kmem_cache_zalloc)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression list es;
@@
(
- kzalloc@p(es)
+ kmalloc(es)
|
- kcalloc@p(es)
+ kmalloc_array(es)
|
- kvzalloc@p(es)
+ kvmalloc(es)
|
- kvcalloc@p(es)
+ kvmalloc_array(es)
|
- vzalloc@p(es)
+ vmalloc(es)
|
- kzalloc_node@p(es)
+ kmalloc_node(es)
|
- devm_kzalloc@p(es)
+ devm_kmalloc(es)
|
- get_zeroed_page@p(es)
+ __get_free_page(es)
|
- kmem_cache_zalloc@p(es)
+ kmem_cache_alloc(es)
)
