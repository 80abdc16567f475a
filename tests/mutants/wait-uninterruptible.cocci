// wait-uninterruptible: a wait that a signal can end made one that it
// cannot (wait_for_completion_interruptible and _killable to
// wait_for_completion, the _timeout forms to wait_for_completion_timeout,
// wait_event_interruptible to wait_event); the return value becomes 0.
@site@
position p;
identifier f =~ "^(wait_for_completion_interruptible|wait_for_completion_killable|wait_for_completion_interruptible_timeout|wait_for_completion_killable_timeout)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression x, t;
@@
(
- wait_for_completion_interruptible@p(x)
+ (wait_for_completion(x), 0)
|
- wait_for_completion_killable@p(x)
+ (wait_for_completion(x), 0)
|
- wait_for_completion_interruptible_timeout@p(x, t)
+ wait_for_completion_timeout(x, t)
|
- wait_for_completion_killable_timeout@p(x, t)
+ wait_for_completion_timeout(x, t)
)
