// return-constant: a function returns a constant (0, or NULL from a
// function that returns a pointer) where it returned a computed value (a
// count, a pointer, an error from a call...).  Returns that are already
// constants (0, -EINVAL, NULL, true, SOME_MACRO) are not mutated.  The
// value is still computed, and thrown away: "return (void)((E) != 0), 0;".
// A local that only the return read would otherwise be "set but not
// used", and a __must_check result (PTR_ERR, copy_to_user) ignored, both
// of which the kernel's build refuses even under a plain (void) cast (and
// "!(a ? b : -EX)" is an integer in a boolean context, refused too).
@initialize:python@
@@
import re
# The text of a return value that is a constant already.
return_constant = re.compile(r"^\s*-?\s*\(?\s*([A-Z][A-Z0-9_]*|[0-9][0-9a-fA-FxXuUlL]*|NULL|true|false)\s*\)?\s*$")
pointer_functions = set()

// The functions that return a pointer: their returns get NULL.
@ptr@
identifier fn;
type T;
@@
T *fn(...) { ... }

@script:python@
fn << ptr.fn;
@@
pointer_functions.add(fn)

@site@
position p;
expression E;
@@
return@p E;

@script:python@
p << site.p;
E << site.E;
@@
if return_constant.match(E):
    cocci.include_match(False)
else:
    mutant_site(p)

@@
position site.p;
expression E;
fresh identifier zero = script:python(p) { "NULL" if p[0].current_element in pointer_functions else "0" };
@@
- return@p E;
+ return (void)((E) != 0), zero;
