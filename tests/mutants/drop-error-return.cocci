// drop-error-return: a check that refuses with an error left out: the
// return of "if (COND) return ERROR;" goes (an errno, ERR_PTR, PTR_ERR,
// or anything returned under IS_ERR).  The condition stays, with an
// empty branch, so that a variable only it reads is not "set but not
// used", which the build refuses.  A check around a user copy or an
// interruptible lock is drop-copy-check's or drop-lock-check's.
@site@
position p;
expression E, R;
identifier ec =~ "^E[A-Z0-9]+$";
identifier g =~ "^(copy_from_user|copy_to_user|get_user|put_user|clear_user|strncpy_from_user|mutex_lock_interruptible|mutex_lock_killable|down_interruptible|down_killable)$";
@@
(
if (<+... g(...) ...+>) return ...;
|
if (E@p) return -ec;
|
if (E@p) return ERR_PTR(...);
|
if (E@p) return PTR_ERR(...);
|
if (IS_ERR@p(...)) return R;
|
if (IS_ERR_OR_NULL@p(...)) return R;
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression E, R;
@@
(
  if (E@p)
- return R;
+ { }
|
  if (IS_ERR@p(...))
- return R;
+ { }
|
  if (IS_ERR_OR_NULL@p(...))
- return R;
+ { }
)
