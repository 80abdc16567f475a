#!/bin/sh
# tests/variants.sh CHAPTER: prove the chapter's check can fail.
#
# Each tests/variants/CHAPTER/NAME.nw redefines chunks of the chapter to
# make a known mistake.  The module is tangled with them (tools/nw-variant),
# built, and checked in the guest the way a submission is graded: by
# uml/run-check, group by group, under time travel, with a kmemleak scan.
# "% expect-fail: DESCRIPTION" lines name exactly the tests that must
# fail: all others must pass, and the check must run to its end.  A
# variant with none is a correct alternative, a right solution written
# another way, and must pass all.  A group the harness had to stop, which
# leaves its tests missing, is a failure unless "% expect-hang" says the
# variant hangs.  "% expect-report" says the kernel itself must report
# the bug: then the check's last test, "the kernel reported no bug while
# the check ran", must fail, and none of the tests named by expect-fail
# lines may pass: they fail, or the report stopped their group before
# they ran (the tests of that group fail with them, whichever they are).
#
# A variant's run is kept in $LIT26_CHECK_CACHE (build/check-cache),
# keyed on what the check depends on (tools/check-key), the modules built
# and how the check is run, and used again while all of them are the
# same: a make test after an edit of one chapter runs only its variants,
# one after an edit of the harness, of uml/ or of a guest program runs
# them all.  The verdicts below are drawn from the kept TAP each time, so
# an edit of a variant's expect lines that moves none of its code needs
# no guest.  Only a run that ended (uml/run-check's exit 0) with nothing
# stopped for printing nothing is kept: a run that ran out of its time,
# or a group or set-up that fell silent on a busy machine, is run again
# next time (so is a variant that hangs, "% expect-hang", every time).
# A kept run not used for 15 days is removed.  LIT26_RECHECK=1 runs
# every variant again.
ch=$1
. tangled/harness/tap.sh
noreport="the kernel reported no bug while the check ran"
cache=${LIT26_CHECK_CACHE:-build/check-cache}
opts="--time-travel --limit 120"
# Only the cache's own folders: a kept run (its key, 32 hex digits) and
# a run being kept (new.*); tools/check-key tends its programs' memo.
if [ -d "$cache" ]; then
	find "$cache" -mindepth 1 -maxdepth 1 -mtime +14 \
		\( -name 'new.*' -o -regextype posix-extended -regex '.*/[0-9a-f]{32}' \) -exec rm -rf {} +
fi
base=$(tools/check-key "$ch") || {
	ok 1 "the key of $ch's check can be made" "tools/check-key $ch failed"
	exit 0
}
# check VARIANT: run the check on the variant's modules in $d, or take
# the run kept under its key; sets $rc.
check() {
	key=$( (
		echo "$base $opts"
		cd "$d/tangled/$ch" && sha256sum ./*.ko
	) | sha256sum | cut -c1-32)
	kept=$cache/$key
	if [ -z "${LIT26_RECHECK:-}" ] && [ -f "$kept/rc" ] &&
		cp "$kept/check.tap" "$kept/report" "$d/" 2>/dev/null && read -r rc <"$kept/rc"; then
		touch "$kept"
		echo "# variant $1: the run kept in $kept"
		return
	fi
	files=
	for ko in "$d/tangled/$ch"/*.ko; do files="$files --file $ko"; done
	# shellcheck disable=SC2086  # $opts and $files are lists of options
	uml/run-check $opts --results "$d/run" $files \
		"build/rootfs/lab/$ch/check.sh" /job >"$d/check.tap" 2>"$d/report"
	rc=$?
	[ "$rc" = 0 ] || return
	! grep -q '^# .* was stopped: it printed nothing' "$d/check.tap" || return
	mkdir -p "$cache" && new=$(mktemp -d "$cache/new.XXXXXX") || return
	if cp "$d/check.tap" "$d/report" "$new/" && echo "$rc" >"$new/rc"; then
		rm -rf "$kept"
		mv -T "$new" "$kept" 2>/dev/null || rm -rf "$new"
	else
		rm -rf "$new"
	fi
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
	check "$name"
	want=$(sed -n 's/^% expect-fail: //p' "$v" | sort)
	got=$(tools/tap-results --failed "$d/check.tap" | sort)
	if grep -q '^% expect-report' "$v"; then
		# The tests named must not pass: they fail, or a report stopped
		# their group before they ran (which scores them nothing too).
		tools/tap-results --passed "$d/check.tap" >"$d/passed"
		passed=$(printf '%s\n%s\n' "$want" "$noreport" | grep -v '^$' |
			grep -x -F -f "$d/passed")
		# The no-report test, the check's last, must fail, and
		# uml/run-check must have run the check to its end (exit 0): a
		# TAP cut short proves nothing.
		[ -z "$passed" ] && [ "$rc" = 0 ] && printf '%s\n' "$got" | grep -q -x -F "$noreport"
		ok $? "variant $name: the kernel reports the bug and the check fails it (exit $rc)" \
			"these tests passed: $passed
$(grep -A 8 "^not ok .* - $noreport" "$d/check.tap")"
		continue
	fi
	# Exactly those fail: each of them is there and fails, nothing else
	# fails, the check ran to its end, and no group was stopped (its
	# tests would be missing, not failed), unless the variant says it
	# hangs ("% expect-hang").
	printf '%s\n' "$want" | grep -v '^$' >"$d/want"
	printf '%s\n' "$got" | grep -v '^$' >"$d/got"
	tools/tap-results --passed "$d/check.tap" >"$d/passed"
	passed=$(grep -x -F -f "$d/passed" "$d/want")
	extra=$(grep -v -x -F -f "$d/want" "$d/got")
	stopped=
	missing=
	if ! grep -q '^% expect-hang' "$v"; then
		stopped=$(grep '^# .* was stopped: ' "$d/check.tap")
		missing=$(grep -v -x -F -f "$d/got" "$d/want")
	fi
	[ -z "$passed$extra$stopped$missing" ] && [ "$rc" = 0 ]
	rc_ok=$?
	if [ -s "$d/want" ]; then
		what="variant $name fails exactly the tests meant to catch it (exit $rc)"
	else
		what="correct alternative $name passes every test (exit $rc)"
	fi
	ok $rc_ok "$what" \
		"$(printf 'passed, but should not: %s\nfailed, but should not: %s\nnot there: %s\n%s' \
			"$passed" "$extra" "$missing" "$stopped")"
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
