#!/bin/sh
# The tapsum suite: the counting tool counts right, including the ways a
# run can die half way, and every reader of TAP (tools/tap.awk) reads a
# line the same way.
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
