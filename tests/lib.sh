# tests/lib.sh: helpers the suites share (sourced after tap.sh).

# first_in FUNCTION CODE <C-FILE: the C file with CODE as the first
# statement of the static function FUNCTION (its body opens with a line
# "{", as the coding style puts it).  The suites make broken or hostile
# copies of a reference solution with it.
first_in() {
	awk -v fn="$1" -v code="$2" '
		index($0, fn "(") && /^static / { in_fn = 1 }
		{ print }
		in_fn && /^{$/ { print "\t" code; in_fn = 0 }'
}
