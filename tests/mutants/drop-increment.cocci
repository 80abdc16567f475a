// drop-increment: a statement that steps a counter or a position left out
// (++x; x++; --x; x--; x += n; x -= n;): an iterator that never
// advances, a count that never moves.
@site@
position p;
expression X;
@@
X@p;

@script:python@
p << site.p;
X << site.X;
@@
import re
# Coccinelle hands the expression over as its text.
if re.match(r"^\s*(\+\+|--)", X) or re.search(r"(\+\+|--)\s*$", X) or re.search(r"[^=!<>]\s*[-+]=\s", X):
    mutant_site(p)
else:
    cocci.include_match(False)

@@
position site.p;
expression X;
@@
- X@p;
