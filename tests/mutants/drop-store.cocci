// drop-store: a store through a pointer left out ("p->field = value;",
// "p->a.b = value;"): a length, a flag or a back pointer that the caller
// reads is never set.
@site@
position p;
expression P, V;
identifier f, g, h;
@@
(
P->f@p = V;
|
P->g.f@p = V;
|
P->h.g.f@p = V;
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
expression P, V;
identifier f, g, h;
@@
(
- P->f@p = V;
|
- P->g.f@p = V;
|
- P->h.g.f@p = V;
)
