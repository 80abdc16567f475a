#!/bin/sh
# tests/chapter.sh CHAPTER: boot once, run the chapter's check and its
# KUnit suite.  The check's TAP is printed; the KTAP is left in
# build/test/CHAPTER.kunit for a suite of its own.  A kernel report (a
# leak found by the kmemleak scan at the end included) or a timeout
# becomes one more failed test, with the log.  Time travel: the checks'
# sleeps and timeouts cost no wall time, and their timing is exact.
ch=$1
out=build/test/$ch.run
. tangled/harness/tap.sh
job=$(mktemp)
trap 'rm -f "$job"' EXIT
# The chapter's check and KUnit modules (tools/parts), by their paths in
# the guest.
check=$(tools/parts "$ch" check | sed 's|^tangled/|/lab/|')
kunits=$(tools/parts "$ch" kunit | sed 's|.*/|/lab/|; s/\.c$/.ko/')
cat >"$job" <<JOB
[ -z "$check" ] || sh $check
. /lab/harness/kunit-run.sh
for ko in $kunits; do kunit_run \$ko; done >/job/kunit.tap 2>&1
exit 0
JOB
report=$(uml/run --time-travel --kmemleak --timeout 180 --results "$out" "$job" 2>&1 >"$out.tap")
rc=$?
cat "$out.tap"
ok $rc "the guest ran the $ch check to its end with no kernel report" \
	"uml/run exit $rc; console log: $out/console.log
$report"
if [ -f "$out/kunit.tap" ]; then
	cp "$out/kunit.tap" "build/test/$ch.kunit"
else
	printf '1..1\nnot ok 1 - the KUnit suite of %s did not run\n' "$ch" >"build/test/$ch.kunit"
fi
