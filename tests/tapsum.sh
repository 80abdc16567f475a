#!/bin/sh
# The tapsum suite: the counting tool counts right, including the ways a
# run can die half way, and every reader of TAP (tools/tap.awk) reads a
# line the same way, the points table (tools/points.awk) included.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

expect() {	# expect DESCRIPTION LAST-LINE INPUT
	got=$(printf "$3" | tools/tapsum | tail -n 1)
	expect_eq "$got" "$2" "$1"
}
expect "plain TAP" "2 passed, 1 failed" '1..3\nok 1 - a\nnot ok 2 - b\nok 3 - c\n'
expect "a plan not met counts the missing results" "1 passed, 2 failed" \
	'1..3\nok 1 - a\nnot ok 2 - b\n'
expect "KTAP summaries are not counted twice" "2 passed, 0 failed" \
	'KTAP version 1\n1..1\n    KTAP version 1\n    1..2\n    ok 1 a\n    ok 2 b\nok 1 s\n'
expect "a failed suite whose cases passed counts once" "1 passed, 1 failed" \
	'1..1\n    1..1\n    ok 1 a\nnot ok 1 s\n'
expect "skips are not passes" "1 passed, 0 failed" '1..2\nok 1 - a\nok 2 - b # SKIP no\n'
got=$(printf '1..2\nok 1 - a\nok 2 - b # SKIP no\n' | tools/tapsum | tail -n 2 | head -n 1)
expect_eq "$got" "1 skipped" "skips are counted on the line before the last"
expect "a known failure marked # TODO does not fail the run" "2 passed, 0 failed" \
	'1..2\nok 1 - a\nnot ok 2 - b # TODO not yet\n'
expect "a description that merely contains # is not a directive" "0 passed, 1 failed" \
	'1..1\nnot ok 1 - issue #TODOLIST stays open\n'
expect "Bail out! is a failure" "1 passed, 1 failed" '1..1\nok 1 - a\nBail out! crashed\n'
expect "suites are counted apart and together" "2 passed, 1 failed" \
	'# suite: x\n1..1\nok 1 - a\n# suite: y\n1..2\nok 1 - a\nnot ok 2 - b\n'
printf '' | tools/tapsum >/dev/null
[ $? = 1 ]
ok $? "no tests at all is a failure"

# One reading for all: results written in each form TAP allows ("ok 1 -
# a", "ok 2 a", "ok a"), with a directive, are the same results for the
# counter, for tools/tap-results (the variants' and mutants' reader) and
# for the grader.
printf '%s\n' '1..4' 'ok 1 - the first' 'not ok 2 the second' 'ok the third' \
	'ok 4 - the fourth # skip not here' >"$t/forms.tap"
expect_eq "$(tools/tapsum "$t/forms.tap" | tail -n 1)" "2 passed, 1 failed" \
	"the counter reads 'ok 1 - a', 'ok 2 a' and 'ok a' alike"
expect_eq "$(tools/tap-results "$t/forms.tap" | tr '\t\n' ':|')" \
	"pass:the first|fail:the second|pass:the third|skip:the fourth|" \
	"tools/tap-results gives each result and its description without number or directive"
printf '1\tthe first\n2\tthe second\n4\tthe third\n8\tthe fourth\n' >"$t/points"
awk -f tools/tap.awk -f tools/score.awk -v json="$t/r.json" "$t/points" "$t/forms.tap" /dev/null >"$t/score"
expect_eq "$(grep -c '^NOT RUN' "$t/score") $(sed -n 's/^Score: //p' "$t/score")" "0 5/15" \
	"the grader reads the same forms: 5 of 15 points, no test taken for not run" "$(cat "$t/score")"

# The points table is read from the check's own output on the solution
# (tools/points, tools/points.awk): each worth goes with the test after it,
# a kernel report's cost with the last test (the harness's no-report test).
table() {	# table NAME: tools/points --from-tap on $t/NAME.tap; stdout and stderr
	tools/points --from-tap "$t/$1.tap" 2>&1
}
# (tap.sh's own functions write the TAP, as a check does.)
(
	tap_count=0
	kernel_report_costs 4
	ok 0 "loading, worth nothing"
	points 3
	ok 0 "the first"
	[ 1 = 1 ]
	points 2
	ok $? "the second"
	ok 0 "the kernel reported no bug while the check ran"
) >"$t/good.tap"
expect_eq "$(table good | tr '\t\n' ':|')" "3:the first|2:the second|-4:the kernel reported no bug while the check ran|" \
	"a points table: each worth with the test after it, the report's cost with the last test" "$(cat "$t/good.tap")"
(
	tap_count=0
	[ 1 = 2 ]
	points 2
	ok $? "a test whose command failed"
) >"$t/status.tap"
grep -q '^not ok 1 - a test whose command failed' "$t/status.tap"
ok $? "points hands back the status of the command before it, for the ok \$? after it" "$(cat "$t/status.tap")"
printf '%s\n' '# points: 2' 'ok 1 - a' '# points: 1' '1..1' >"$t/dangling.tap"
table dangling | grep -q 'line 3: "points 1" has no test after it'
ok $? "a worth with no test after it is refused, at its line" "$(table dangling)"
printf '%s\n' '# points: 2' 'ok 1 - a' '# points: 1' 'ok 2 - a' >"$t/twice.tap"
table twice | grep -q 'two tests with points are called "a"'
ok $? "two tests with points and one description are refused" "$(table twice)"
printf '%s\n' '# points: 2' 'not ok 1 - a' >"$t/fails.tap"
table fails | grep -q 'the solution fails "a"'
ok $? "a table from a run where the solution fails a test is refused" "$(table fails)"
printf '%s\n' 'ok 1 - a' 'ok 2 - b' >"$t/none.tap"
table none | grep -q 'no test has points'
ok $? "a check with no points at all is refused" "$(table none)"
