// wait-kind-swap: an interruptible wait and a killable one swapped; a
// caught signal then ends a wait it must not end, or cannot end one it
// must.
@site@
position p;
identifier f =~ "^(wait_for_completion_interruptible|wait_for_completion_killable|wait_for_completion_interruptible_timeout|wait_for_completion_killable_timeout|wait_event_interruptible|wait_event_killable)$";
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
- wait_for_completion_interruptible@p(es)
+ wait_for_completion_killable(es)
|
- wait_for_completion_killable@p(es)
+ wait_for_completion_interruptible(es)
|
- wait_for_completion_interruptible_timeout@p(es)
+ wait_for_completion_killable_timeout(es)
|
- wait_for_completion_killable_timeout@p(es)
+ wait_for_completion_interruptible_timeout(es)
|
- wait_event_interruptible@p(es)
+ wait_event_killable(es)
|
- wait_event_killable@p(es)
+ wait_event_interruptible(es)
)
