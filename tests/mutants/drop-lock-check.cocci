// drop-lock-check: the result of mutex_lock_interruptible (or _killable,
// down_interruptible...) ignored; after a signal the code goes on without
// the lock, and unlocks a lock it does not hold.  (The call stays in the
// condition, with an empty branch: its result must be used, or the
// module does not compile.)
@site@
position p;
identifier f =~ "^(mutex_lock_interruptible|mutex_lock_killable|down_interruptible|down_killable|down_read_interruptible|down_write_killable)$";
statement S;
@@
if (f@p(...)) S

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
expression list es;
statement S;
@@
  if (f@p(es))
- S
+ { }
