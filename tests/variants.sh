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
#
# A variant's run is kept in $LIT26_CHECK_CACHE (build/check-cache),
# keyed on what the check depends on (tools/check-key), the modules built
# and how the check is run, and used again while all of them are the
# same: a make test after an edit of one chapter runs only its variants,
# one after an edit of the harness, of uml/ or of a guest program runs
# them all.  A kept run not used for 14 days is removed.  The verdicts
# below are drawn from the kept TAP each time, so an edit of a variant's
# expect lines needs no guest.  Only a run that ended (uml/run-check's
# exit 0) is kept: one that ran out of its time on a busy machine is
# run again next time.  LIT26_RECHECK=1 runs every variant again.
ch=$1
. tangled/harness/tap.sh
noreport="the kernel reported no bug while the check ran"
cache=${LIT26_CHECK_CACHE:-build/check-cache}
opts="--time-travel --limit 120"
[ -d "$cache" ] && find "$cache" -mindepth 1 -maxdepth 1 -mtime +14 -exec rm -rf {} +
base=$(tools/check-key "$ch") || {
	ok 1 "the key of $ch's check can be made" "tools/check-key $ch failed"
	exit 0
}
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
	key=$( (
		echo "$base $opts"
		cd "$d/tangled/$ch" && sha256sum ./*.ko
	) | sha256sum | cut -c1-32)
	kept=$cache/$key
	if [ -z "${LIT26_RECHECK:-}" ] && [ -f "$kept/rc" ]; then
		cp "$kept/check.tap" "$kept/report" "$d/"
		read -r rc <"$kept/rc"
		touch "$kept"
		echo "# variant $name: the run kept in $kept"
	else
		# shellcheck disable=SC2086  # $opts and $files are lists of options
		uml/run-check $opts --results "$d/run" $files \
			"build/rootfs/lab/$ch/check.sh" /job >"$d/check.tap" 2>"$d/report"
		rc=$?
		if [ "$rc" = 0 ] && mkdir -p "$cache" && new=$(mktemp -d "$cache/new.XXXXXX"); then
			cp "$d/check.tap" "$d/report" "$new/" && echo "$rc" >"$new/rc" &&
				rm -rf "$kept" && mv -T "$new" "$kept" || rm -rf "$new"
		fi
	fi
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
