// drop-nul: a string copied from user space no longer terminated
// (buf[len] = '\0'; left out): parsing runs on into stale bytes.
@site@
position p;
expression B, I;
@@
(
B[I]@p = '\0';
|
B[I]@p = 0;
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression B, I;
@@
(
- B[I]@p = '\0';
|
- B[I]@p = 0;
)
