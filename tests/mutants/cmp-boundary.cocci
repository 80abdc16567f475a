// cmp-boundary: a comparison's boundary moved by one, < and <= or > and
// >= swapped: the off-by-one at a limit.
@site@
expression a, b;
position p;
@@
(
a <@p b
|
a <=@p b
|
a >@p b
|
a >=@p b
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
expression a, b;
position site.p;
@@
(
- a <@p b
+ a <= b
|
- a <=@p b
+ a < b
|
- a >@p b
+ a >= b
|
- a >=@p b
+ a > b
)
