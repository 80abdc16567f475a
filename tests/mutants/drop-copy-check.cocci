// drop-copy-check: the result of copy_from_user, copy_to_user, get_user
// or put_user ignored; the copy still happens, but a bad user pointer no
// longer gives EFAULT (and uninitialised bytes may be used instead).  The
// call stays in a condition with an empty branch: copy_*_user() results
// must be used, even under a (void) cast, or the module does not compile.
@site@
position p;
identifier f =~ "^(copy_from_user|copy_to_user|get_user|put_user|clear_user|strncpy_from_user)$";
statement S;
expression E1, E2;
@@
(
if (f@p(...)) S
|
return f@p(...);
|
return f@p(...) ? E1 : E2;
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
expression list es;
statement S;
expression E1, E2;
@@
(
  if (f@p(es))
- S
+ { }
|
- return f@p(es);
+ if (f(es)) { }
+ return 0;
|
- return f@p(es) ? E1 : E2;
+ if (f(es)) { }
+ return E2;
)
