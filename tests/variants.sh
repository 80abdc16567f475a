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

# A lab's variants are graded too, from the results above: each loses
# exactly the points of the tests meant to catch it, and a correct
# alternative none.  (tests/labs.sh grades the reference and skeleton.)
[ -f "exercises/$ch/submit" ] || exit 0
lab=$ch
points=$(tools/points "$lab")
max=$(tools/points --max "$points")
for v in tests/variants/"$lab"/*.nw; do
	name=$(basename "$v" .nw)
	d=build/test/variants/$lab-$name
	lost=$(sed -n 's/^% expect-fail: //p' "$v" | while IFS= read -r desc; do
		# A deduction (negative points) costs its size too.
		awk -F'\t' -v d="$desc" '$2 == d { print ($1 < 0 ? -$1 : $1) }' "$points"
	done | awk '{ s += $1 } END { print s + 0 }')
	got=$(awk -f tools/tap.awk -f tools/score.awk -v json="$d/score.json" "$points" "$d/check.tap" /dev/null | sed -n 's/^Score: //p')
	if grep -q '^% expect-report' "$v"; then
		# The report costs the deduction and the tests of the group
		# it stopped, beyond the tests named.
		cost=$(awk -F'\t' -v d="$noreport" '$2 == d { print -$1 }' "$points")
		[ -n "$cost" ] && [ "${got%/*}" -le $((max - lost - cost)) ] && [ "${got#*/}" = "$max" ]
		ok $? "$lab: variant $name, which makes the kernel report, loses its tests' points and $cost more" \
			"score $got; its tests are worth $lost"
		continue
	fi
	if grep -q '^% expect-fail: ' "$v"; then
		expect_eq "$got" "$((max - lost))/$max" \
			"$lab: variant $name loses exactly the points of its tests ($lost)"
	else
		expect_eq "$got" "$max/$max" "$lab: correct alternative $name gets full marks"
	fi
done
# Fairness is tested too: a right solution written another way than
# the reference (a variant that expects no failure) must keep every point.
alternatives=$(grep -L -e '^% expect-fail: ' -e '^% expect-report' tests/variants/"$lab"/*.nw | wc -l)
[ "$alternatives" -ge 1 ]
ok $? "$lab: the variants include a correct alternative solution" \
	"tests/variants/$lab has none: add a right solution written differently, with no expect-fail line"
