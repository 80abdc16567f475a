// drop-null-reset: "p = NULL;" left out after the object it pointed to
// went away: the stale pointer is used again (use after free).
@site@
position p;
expression E;
@@
E@p = NULL;

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression E;
@@
- E@p = NULL;
