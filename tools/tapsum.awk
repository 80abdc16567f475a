# tools/tapsum.awk: summarise TAP and KTAP results, suite by suite.  Run
# through tools/tapsum, which loads tools/tap.awk (the line reading) first.
#
# Input is what the test suites print: plain TAP from shell checks and
# user-space programs, and KTAP from KUnit (nested, indented subtests,
# "# Subtest:" headers).  A line "# suite: NAME" starts a new suite.
#
# Only leaf results count.  A result line that closes a block of deeper
# (indented) results is a summary of them and is not counted again,
# unless it says "not ok" while every result inside passed: then the
# failure happened outside the cases (a suite's init) and counts once.
# A plan "1..N" that is not met counts the missing results as failed,
# and "Bail out!" counts as a failure: a run that dies half way through
# must not look green.  "# SKIP" is counted apart; a "not ok" marked
# "# TODO" is a known failure and does not fail the run.
#
# Output: one line per suite, the failed tests under it, and last the
# line "N passed, N failed", after a line "N skipped" when some were.
# Exit status 1 when anything failed or nothing ran at all.

function reset_suite(    d) {
	for (d = 0; d <= MAXD; d++) {
		planned[d] = -1
		results[d] = 0
		failed[d] = 0
	}
	depth = 0
	passed = nfailed = skipped = nfails = 0
	name = ""
}

function note_failure(what) {
	nfailed++
	fails[++nfails] = substr(what, 1, 159)
}

# A plan that promised more results than arrived at depth d.
function close_level(d) {
	if (planned[d] > results[d])
		note_failure((planned[d] - results[d]) " of " planned[d] " planned results missing")
	planned[d] = -1
	results[d] = 0
	failed[d] = 0
}

function finish_suite(    d, i) {
	for (d = depth; d >= 0; d--)
		close_level(d)
	if (passed || nfailed || skipped || name != "") {
		printf "suite %s: %d passed, %d failed", (name != "" ? name : "(unnamed)"), passed, nfailed
		if (skipped)
			printf ", %d skipped", skipped
		printf "\n"
		for (i = 1; i <= nfails; i++)
			printf "    not ok: %s\n", fails[i]
	}
	total_passed += passed
	total_failed += nfailed
	total_skipped += skipped
	reset_suite()
}

function result(d, ok, desc, dir,    i, deeper, deeper_failed) {
	# Results below this one belong to it: it is their summary.
	for (i = d + 1; i <= depth; i++) {
		deeper += results[i] > 0
		deeper_failed += failed[i] > 0
		close_level(i)
	}
	if (depth > d)
		depth = d
	results[d]++
	if (!ok && dir != "todo")
		failed[d]++
	if (deeper) {
		if (!ok && !deeper_failed && dir != "todo")
			note_failure(desc)
		return
	}
	if (dir == "skip")
		skipped++
	else if (ok || dir == "todo")
		passed++
	else
		note_failure(desc)
}

BEGIN {
	MAXD = 15
	reset_suite()
}

{
	kind = tap_parse($0)
	d = tap_depth > MAXD ? MAXD : tap_depth
	if (kind == "suite") {
		finish_suite()
		name = tap_text
		next
	}
	if (kind == "bail") {
		note_failure(tap_text)
		next
	}
	if (kind != "plan" && kind != "result")
		next
	if (d > depth)
		depth = d
	if (kind == "plan") {
		# A second stream in the same suite: settle the first one's plan.
		if (planned[d] >= 0)
			close_level(d)
		planned[d] = tap_n
		next
	}
	result(d, tap_ok, tap_desc, tap_dir)
}

END {
	finish_suite()
	# The last line is always exactly "N passed, N failed": CI reads it.
	if (total_skipped)
		printf "%d skipped\n", total_skipped
	printf "%d passed, %d failed\n", total_passed, total_failed
	exit (total_failed || total_passed + total_skipped == 0) ? 1 : 0
}
