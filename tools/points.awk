# tools/points.awk: a lab's points table from the TAP its check printed on
# the solution (tools/points).  Loaded after tools/tap.awk.
#
# "# points: N" (tap.sh's `points N`) gives the next test its worth;
# "# a kernel report costs: N" gives the last test of the run, the
# harness's "no kernel report", a worth of -N.  Prints "N<TAB>DESCRIPTION"
# per test with a worth, in the check's order; on stderr, and exit 1,
# what makes the table wrong.

function bad(msg) {
	printf "tools/points: %s\n", msg >"/dev/stderr"
	errors++
}

{
	kind = tap_parse($0)
	if (tap_depth != 0)
		next
	if (kind == "diag" && tap_text ~ /^points: /) {
		if (pending != "")
			bad("line " pline ": \"points " pending "\" has no test after it before line " NR)
		pending = substr(tap_text, 9)
		pline = NR
		if (pending !~ /^-?[0-9]+$/)
			bad("line " NR ": \"points " pending "\" is not a whole number")
	} else if (kind == "diag" && tap_text ~ /^a kernel report costs: /) {
		cost = substr(tap_text, 24)
		if (cost !~ /^[0-9]+$/)
			bad("line " NR ": a kernel report costs \"" cost "\", not a whole number")
	} else if (kind == "result") {
		last = tap_desc
		if (!tap_ok)
			bad("the solution fails \"" tap_desc "\": the check or the solution is wrong")
		if (pending == "")
			next
		if (tap_desc in worth)
			bad("two tests with points are called \"" tap_desc "\": a grade could not tell them apart")
		worth[tap_desc] = pending
		order[++n] = tap_desc
		pending = ""
	}
}

END {
	if (pending != "")
		bad("line " pline ": \"points " pending "\" has no test after it")
	if (n == 0)
		bad("no test has points (tap.sh: points N before an assertion)")
	if (cost != "" && last in worth)
		bad("the last test, \"" last "\", has points, and a kernel report's cost too")
	if (errors)
		exit 1
	for (i = 1; i <= n; i++)
		printf "%s\t%s\n", worth[order[i]], order[i]
	if (cost != "")
		printf "-%s\t%s\n", cost, last
}
