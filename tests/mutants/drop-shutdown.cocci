// drop-shutdown: a timer or work shutdown left out on the way out
// (del_timer_sync, timer_shutdown_sync, cancel_work_sync...); the timer or
// work can then run after the module is gone.
@site@
position p;
identifier f =~ "^(del_timer_sync|del_timer|timer_delete_sync|timer_delete|timer_shutdown_sync|timer_shutdown|cancel_work_sync|cancel_work|cancel_delayed_work_sync|cancel_delayed_work|flush_work|flush_delayed_work|flush_workqueue|destroy_workqueue|kthread_stop|hrtimer_cancel|tasklet_kill)$";
@@
f@p(...);

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
@@
- f@p(...);
