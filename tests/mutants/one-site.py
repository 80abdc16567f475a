# tests/mutants/one-site.py: the Python that tools/mutants puts at the head
# of every operator (as its @initialize:python@ rule).
#
# Coccinelle applies a rule at every place it matches, all at once; a
# mutant must differ from the reference at one place only.  So each
# operator's first rule binds a position p at every place it could mutate,
# and a script rule calls mutant_site(p) on each binding:
#   - listing (MUTANT_AT unset): the place is written to MUTANT_SITES as
#     "OPERATOR<TAB>LINE<TAB>COLUMN<TAB>FUNCTION", and no binding is kept,
#     so the rule that transforms sees none and the file is left alone
#     (tools/mutants lists the sites of all operators in one run, each
#     operator's rules renamed, and names the operator in the call);
#   - mutating (MUTANT_AT=LINE:COLUMN): only that binding is kept, so the
#     transforming rule, which inherits p, changes that one place.
# This is cocci.include_match(False), Coccinelle's documented way to drop
# a binding from a script rule.
import os

mutant_at = os.environ.get("MUTANT_AT", "")
mutant_sites = os.environ.get("MUTANT_SITES", "/dev/null")


def mutant_site(p, op="-"):
    here = "%s:%s" % (p[0].line, p[0].column)
    if mutant_at == "":
        with open(mutant_sites, "a") as f:
            f.write("%s\t%s\t%s\t%s\n" % (op, p[0].line, p[0].column, p[0].current_element))
        cocci.include_match(False)
    elif here != mutant_at:
        cocci.include_match(False)
