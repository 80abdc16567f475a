#!/bin/sh
# tests/variants.sh CHAPTER: prove the chapter's check can fail.
#
# Each tests/variants/CHAPTER/NAME.nw redefines chunks of the chapter to
# make a known mistake.  The module is tangled with them (tools/nw-replace),
# built, and checked in the guest.  "% expect-fail: DESCRIPTION" lines name
# exactly the tests that must fail (all others must pass); "% expect-report"
# says the kernel itself must report the bug.
ch=$1
. tangled/harness/tap.sh
k=$(uml/kernel dir)/build
for v in tests/variants/"$ch"/*.nw; do
	name=$(basename "$v" .nw)
	d=build/test/variants/$ch-$name
	rm -rf "$d"
	tools/nw-variant "$ch" "$v" "$d/tangled/$ch"
	log=$(make -s -C "$k" ARCH=um M="$(pwd)/$d/tangled/$ch" modules 2>&1)
	if [ $? != 0 ]; then
		ok 1 "variant $name builds" "$log"
		continue
	fi
	files=
	for ko in "$d/tangled/$ch"/*.ko; do files="$files --file $ko"; done
	# shellcheck disable=SC2086  # $files is a list of options
	uml/run --timeout 120 --results "$d/run" $files "build/rootfs/lab/$ch/check.sh" /job \
		>"$d/check.tap" 2>"$d/report" || true
	rc=$(cat "$d/run/status" 2>/dev/null || echo none)
	if grep -q '^% expect-report' "$v"; then
		grep -q 'uml/run: the kernel reported a bug' "$d/report"
		ok $? "variant $name: the kernel reports the bug and the run fails" \
			"$(head -n 20 "$d/report")"
		continue
	fi
	want=$(sed -n 's/^% expect-fail: //p' "$v" | sort)
	got=$(sed -n 's/^not ok [0-9]* - //p' "$d/check.tap" | sort)
	expect_eq "$got" "$want" "variant $name fails exactly the tests meant to catch it (status $rc)"
done
