// ms-jiffies: a time converted between milliseconds and jiffies used
// unconverted (msecs_to_jiffies(x) to x); at HZ=100 a wait is ten times
// too long.
@site@
position p;
identifier f =~ "^(msecs_to_jiffies|usecs_to_jiffies|jiffies_to_msecs|jiffies_to_usecs)$";
@@
f@p(...)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
expression x;
@@
- f@p(x)
+ x
