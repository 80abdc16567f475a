#!/bin/sh
# tests/variants.sh CHAPTER: prove the chapter's check can fail.
#
# Each tests/variants/CHAPTER/NAME.nw redefines chunks of the chapter to
# make a known mistake.  The module is tangled with them (tools/nw-variant),
# built, and checked in the guest the way a submission is graded: by
# uml/run-check, group by group, under time travel, with a kmemleak scan.
# "% expect-fail: DESCRIPTION" lines name exactly the tests that must
# fail (all others must pass; a variant with none is a correct
# alternative, a right solution written another way, and must pass all; a group the harness had to stop, which
# leaves its tests missing, is a failure unless "% expect-hang" says the
# variant hangs).  "% expect-report" says the kernel itself
# must report the bug: then the check's last test, "the kernel reported no
# bug while the check ran", must fail, and the tests named by expect-fail
# lines must fail too (the tests of the group that was stopped by the
# report fail with them, whichever they are).
ch=$1
. tangled/harness/tap.sh
noreport="the kernel reported no bug while the check ran"
for v in tests/variants/"$ch"/*.nw; do
	name=$(basename "$v" .nw)
	d=build/test/variants/$ch-$name
	rm -rf "$d"
	tools/nw-variant "$ch" "$v" "$d/tangled/$ch"
	log=$(uml/kbuild "$d/tangled/$ch" 2>&1)
	if [ $? != 0 ]; then
		ok 1 "variant $name builds" "$log"
		continue
	fi
	files=
	for ko in "$d/tangled/$ch"/*.ko; do files="$files --file $ko"; done
	# shellcheck disable=SC2086  # $files is a list of options
	uml/run-check --time-travel --limit 120 --results "$d/run" $files \
		"build/rootfs/lab/$ch/check.sh" /job >"$d/check.tap" 2>"$d/report"
	rc=$?
	want=$(sed -n 's/^% expect-fail: //p' "$v" | sort)
	got=$(tools/tap-results --failed "$d/check.tap" | sort)
	if grep -q '^% expect-report' "$v"; then
		# The tests named must not pass: they fail, or a report stopped
		# their group before they ran (which scores them nothing too).
		tools/tap-results --passed "$d/check.tap" >"$d/passed"
		passed=$(printf '%s\n%s\n' "$want" "$noreport" | grep -v '^$' |
			grep -x -F -f "$d/passed")
		[ -z "$passed" ]
		ok $? "variant $name: the kernel reports the bug and the check fails it" \
			"these tests passed: $passed
$(grep -A 8 "^not ok .* - $noreport" "$d/check.tap")"
		continue
	fi
	# Exactly those fail: none of them passes, nothing else fails, and no
	# group was stopped (its tests would be missing, not failed), unless
	# the variant says it hangs ("% expect-hang").
	printf '%s\n' "$want" | grep -v '^$' >"$d/want"
	tools/tap-results --passed "$d/check.tap" >"$d/passed"
	passed=$(grep -x -F -f "$d/passed" "$d/want")
	extra=$(printf '%s\n' "$got" | grep -v '^$' | grep -v -x -F -f "$d/want")
	stopped=
	grep -q '^% expect-hang' "$v" || stopped=$(grep '^# .* was stopped: ' "$d/check.tap")
	[ -z "$passed$extra$stopped" ]
	rc_ok=$?
	if [ -s "$d/want" ]; then
		what="variant $name fails exactly the tests meant to catch it (exit $rc)"
	else
		what="correct alternative $name passes every test (exit $rc)"
	fi
	ok $rc_ok "$what" \
		"$(printf 'passed, but should not: %s\nfailed, but should not: %s\n%s' "$passed" "$extra" "$stopped")"
done
