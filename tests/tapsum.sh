#!/bin/sh
# The tapsum suite: the counting tool counts right, including the ways a
# run can die half way.
. tangled/harness/tap.sh
sum=build/test/tapsum

expect() {	# expect DESCRIPTION LAST-LINE INPUT
	got=$(printf "$3" | "$sum" | tail -n 1)
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
got=$(printf '1..2\nok 1 - a\nok 2 - b # SKIP no\n' | "$sum" | tail -n 2 | head -n 1)
expect_eq "$got" "1 skipped" "skips are counted on the line before the last"
expect "Bail out! is a failure" "1 passed, 1 failed" '1..1\nok 1 - a\nBail out! crashed\n'
expect "suites are counted apart and together" "2 passed, 1 failed" \
	'# suite: x\n1..1\nok 1 - a\n# suite: y\n1..2\nok 1 - a\nnot ok 2 - b\n'
printf '' | "$sum" >/dev/null
[ $? = 1 ]
ok $? "no tests at all is a failure"
