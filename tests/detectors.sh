#!/bin/sh
# The detectors suite (chunks/detectors.nw): for each classic bug, the
# guest kernel's detector fires, uml/run fails the run, names the class of
# bug and points at the .nw line of the buggy statement.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

detect() {	# detect BUG CLASS-REGEX STATEMENT [uml/run options]
	bug=$1 class=$2 statement=$3
	shift 3
	line=$(grep -n -F -- "$statement" chunks/detectors.nw | head -n 1 | cut -d: -f1)
	printf 'insmod /lab/lab_bugs.ko bug=%s\necho survived\n' "$bug" >"$t/run.sh"
	uml/run --timeout 60 "$@" "$t/run.sh" >"$t/out" 2>"$t/err"
	rc=$?
	[ $rc = 125 ] && grep -q -E "uml/run: bug class: .*($class)" "$t/err" &&
		grep -q "chunks/detectors.nw:$line" "$t/err"
	ok $? "$bug: $class is reported at chunks/detectors.nw:$line" \
		"exit $rc; $(grep '^uml/run:' "$t/err")"
}
detect uaf 'KASAN: slab-use-after-free' 'READ_ONCE(p[0])'
detect oob 'KASAN: slab-out-of-bounds' "p[n] = 'x';"
detect sleep 'scheduling while atomic|sleeping function called from invalid context' 'msleep(20);'
detect abba 'possible circular locking dependency' 'the reverse order'
detect leak 'kmemleak: 1 new suspected memory leak' 'lab_bugs_leaked = kmalloc' --time-travel --kmemleak
detect overflow 'UBSAN: signed-integer-overflow' 'x += 1;'
detect divzero 'UBSAN: division' 'q = 100 / d;'
printf 'insmod /lab/lab_bugs.ko && rmmod lab_bugs\n' >"$t/none.sh"
uml/run --time-travel --kmemleak "$t/none.sh" >/dev/null 2>&1
expect_eq "$?" 0 "without a bug, the same module loads, unloads and leaks nothing"
