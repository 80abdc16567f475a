// errno-swap: the wrong error number: -EINVAL where the code says another
// (ENOTTY, EFAULT, E2BIG, ENOSPC...), and -EFAULT where it says -EINVAL.
// ERESTARTSYS and ENOMEM are left alone: no test can provoke them.
@site@
position p;
identifier ec =~ "^E[A-Z0-9]+$";
@@
 -ec@p

@script:python@
p << site.p;
ec << site.ec;
@@
if ec in ("ERESTARTSYS", "ENOMEM"):
    cocci.include_match(False)
else:
    mutant_site(p)

@@
position site.p;
identifier site.ec;
@@
(
- -EINVAL@p
+ -EFAULT
|
- -ec@p
+ -EINVAL
)
