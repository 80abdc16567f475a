// async-shutdown: a synchronous timer or work shutdown made asynchronous
// (timer_shutdown_sync to timer_shutdown, cancel_work_sync to
// cancel_work...); a handler already running can outlive the module.
@site@
position p;
identifier f =~ "^(del_timer_sync|timer_delete_sync|timer_shutdown_sync|cancel_work_sync|cancel_delayed_work_sync)$";
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
- del_timer_sync@p(es)
+ del_timer(es)
|
- timer_delete_sync@p(es)
+ timer_delete(es)
|
- timer_shutdown_sync@p(es)
+ timer_shutdown(es)
|
- cancel_work_sync@p(es)
+ cancel_work(es)
|
- cancel_delayed_work_sync@p(es)
+ cancel_delayed_work(es)
)
