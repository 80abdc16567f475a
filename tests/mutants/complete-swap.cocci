// complete-swap: complete() and complete_all() swapped; one waiter woken
// where all should be, or every later waiter let through.
@site@
position p;
identifier f =~ "^(complete|complete_all)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression x;
@@
(
- complete@p(x)
+ complete_all(x)
|
- complete_all@p(x)
+ complete(x)
)
