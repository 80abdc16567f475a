// stillborn (tests/mutants.sh only): every kfree call renamed to a
// function that does not exist, so that the mutant cannot compile; the
// suite proves such a mutant is counted as stillborn and not as killed.
@site@
position p;
expression E;
@@
kfree@p(E)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression E;
@@
- kfree@p(E)
+ kfree_no_such_function(E)
