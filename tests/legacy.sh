#!/bin/sh
# tests/legacy.sh: the legacy chapter's conversion, from scratch.
#
# The 2.6.10 driver is converted by the chapter's semantic patches
# (tangled/legacy/cocci/apply.sh); each rule must have changed what the
# chapter says it changes, no 2.6 construct may survive, and a second
# pass must change nothing.  The result is built against the UML kernel
# with W=1 -Werror, held to checkpatch --strict, and loaded and driven in
# the guest (tangled/legacy/guest/check.sh), where a kernel report fails
# the run; a deliberately wrong copy must fail that check.  The chapter's
# claims about 6.12 are checked first.
KSRC=${KSRC:-$(uml/kernel dir)/src}
TAP_SH=${TAP_SH:-tangled/harness/tap.sh}
export KSRC TAP_SH
. tangled/legacy/facts.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
legacy=tangled/legacy
now() { date +%s.%N; }
took() { echo "$1 $(now)" | awk '{ printf "%.1f", $2 - $1 }'; }

if ! command -v spatch >/dev/null; then
	ok 1 "spatch is installed (Debian package coccinelle; run tools/deps)"
	exit 0
fi

start=$(now)
log=$(sh $legacy/cocci/apply.sh $legacy "$t/conv" 2>&1)
ok $? "the semantic patches convert the 2.6.10 driver" "$log"
conversion=$(took "$start")
c=$t/conv/acq.c

# changed RULE EXTENDED-REGEX COUNT DESCRIPTION: COUNT lines of the rule's
# own diff match the regex (the regex includes the leading - or +).
changed() {
	n=$(grep -c -E "$2" "$t/conv/steps/"[0-9][0-9]-"$1".diff 2>/dev/null)
	expect_eq "${n:-0}" "$3" "$1.cocci: $4"
}
changed includes '^-#include <linux/config\.h>' 1 "drops <linux/config.h>"
changed includes '^\+#include <linux/(uaccess|io)\.h>' 2 "takes uaccess.h and io.h from <linux/...>"
changed kzalloc '^\+.*= kzalloc\(sizeof\(\*(card|acq)\), GFP_KERNEL\);' 2 \
	"both kmalloc()+memset() pairs become kzalloc(sizeof(*p), ...)"
changed kzalloc '^-.*memset\(' 2 "and only their two memset() calls go"
changed remap_pfn_range '^\+.*\(virt_to_phys\(dev->buf\) \+ off\) >> PAGE_SHIFT,' 1 \
	"remap_pfn_range() gets the frame number: the address shifted by PAGE_SHIFT"
changed reserved '^-.*(Set|Clear)PageReserved\(page\);' 2 "both reserved-page loops go"
changed reserved '^-.*struct page \*page;' 2 "with their loop variables"
changed spinlock '^\+static DEFINE_SPINLOCK\(acq_card_lock\);' 1 "the static lock is defined with DEFINE_SPINLOCK()"
changed spinlock '^\+.*spin_lock_init\(&acq->stats_lock\);' 1 "the lock in the structure gets spin_lock_init()"
changed mutex '^\+.*struct mutex buf_lock;' 1 "the semaphore field becomes struct mutex buf_lock"
changed mutex '^\+.*mutex_init\(&acq->buf_lock\);' 1 "init_MUTEX() becomes mutex_init()"
changed mutex '^\+.*mutex_lock_interruptible\(&dev->buf_lock\)' 3 "each down_interruptible() becomes mutex_lock_interruptible()"
changed mutex '^\+.*mutex_unlock\(&dev->buf_lock\);' 3 "each up() becomes mutex_unlock()"
changed mutex '^\+#include <linux/mutex\.h>' 1 "<asm/semaphore.h> becomes <linux/mutex.h>"
changed pci_register_driver '^\+.*pci_register_driver\(&acq_pci_driver\);' 1 "pci_module_init() becomes pci_register_driver()"
changed unlocked_ioctl '^\+static long acq_ioctl\(struct file \*filp, unsigned int cmd, unsigned long arg\)$' 1 \
	"the handler loses its inode and returns long"
changed unlocked_ioctl '^\+.*\.unlocked_ioctl = acq_ioctl,' 1 ".ioctl becomes .unlocked_ioctl"
changed unlocked_ioctl '^\+.*\.compat_ioctl = compat_ptr_ioctl,' 1 "a pointer-only handler gets compat_ptr_ioctl"
changed const_fops '^\+static const struct file_operations acq_fops' 1 "the operations table becomes const"

left=$(grep -n -E 'linux/config\.h|asm/(io|semaphore|uaccess)\.h|kmalloc|remap_page_range|PageReserved|SPIN_LOCK_UNLOCKED|semaphore|init_MUTEX|down_interruptible|(^|[^a-z_])up\(|_sem\b|pci_module_init|\.ioctl =|struct inode \*inode, struct file \*filp, unsigned' "$c")
expect_eq "$left" "" "no 2.6 construct is left in the converted driver"
expect_eq "$(grep -c '' "$t/conv/steps/"*.diff | grep -c ':0$')" 0 "every rule changed something"

mkdir -p "$t/second/2.6.10"
cp "$c" "$t/second/2.6.10/"
cp "$t/conv/acq.h" "$t/second/"
sh $legacy/cocci/apply.sh "$t/second" "$t/again" >/dev/null 2>&1
expect_eq "$(cat "$t/again/acq.diff")" "" "a second pass over the converted driver changes nothing"

# The compat rule must hold back when arg is used as a number.
mkdir -p "$t/numeric/2.6.10"
cp $legacy/acq.h "$t/numeric/"
sed 's/^		return -ENOTTY;/		return arg ? -ENOTTY : -EINVAL;/' $legacy/2.6.10/acq.c >"$t/numeric/2.6.10/acq.c"
sh $legacy/cocci/apply.sh "$t/numeric" "$t/numeric/out" >/dev/null 2>&1
grep -q 'unlocked_ioctl = acq_ioctl' "$t/numeric/out/acq.c" && ! grep -q compat_ptr_ioctl "$t/numeric/out/acq.c"
ok $? "unlocked_ioctl.cocci adds no compat_ptr_ioctl when arg is also used as a number"

mkdir -p "$t/build"
cp "$c" "$t/conv/acq.h" "$t/build/"
echo 'obj-m += acq.o' >"$t/build/Kbuild"
start=$(now)
log=$(uml/kbuild "$t/build" 2>&1)
status=$?
build=$(took "$start")
warnings=$(echo "$log" | grep -E 'warning:|error:')
[ $status = 0 ] && [ -z "$warnings" ] && [ -f "$t/build/acq.ko" ]
ok $? "the converted driver builds against 6.12 with W=1 -Werror, without a warning" "$warnings
$(echo "$log" | tail -n 20)"
report=$(cd "$t/build" && perl "$KSRC/scripts/checkpatch.pl" --no-tree -q --strict --show-types -f acq.c 2>&1)
ok $? "the converted driver is checkpatch --strict clean" "$report"

prog=$t/acqtest
log=$(cc -static -O2 -g -Wall -Wextra -Werror -std=gnu11 -I$legacy -o "$prog" $legacy/user/acqtest.c 2>&1)
ok $? "acqtest builds with -Wall -Wextra -Werror" "$log"

start=$(now)
report=$(uml/run --timeout 120 --results "$t/run" --file "$t/build/acq.ko" --file "$prog" \
	$legacy/guest/check.sh 2>&1 >"$t/guest.tap")
rc=$?
guest=$(took "$start")
cat "$t/guest.tap"
ok $rc "the guest loaded, drove and unloaded the converted driver with no kernel report" \
	"uml/run exit $rc
$report"

# The guest check can fail: a driver that maps from the start of the
# buffer whatever the offset (vm_pgoff forgotten in the frame number)
# must fail exactly the test of a mapping at a page offset.
mkdir -p "$t/wrong"
cp "$t/build/Kbuild" "$t/build/acq.h" "$t/wrong/"
sed 's/(virt_to_phys(dev->buf) + off) >> PAGE_SHIFT/virt_to_phys(dev->buf) >> PAGE_SHIFT/' \
	"$c" >"$t/wrong/acq.c"
log=$(uml/kbuild "$t/wrong" 2>&1)
if [ $? != 0 ] || cmp -s "$c" "$t/wrong/acq.c"; then
	ok 1 "a driver that ignores the mapping offset builds" "$log"
else
	uml/run --timeout 120 --results "$t/wrong-run" --file "$t/wrong/acq.ko" --file "$prog" \
		$legacy/guest/check.sh >"$t/wrong.tap" 2>&1
	expect_eq "$(tools/tap-results --failed "$t/wrong.tap")" \
		"a mapping from page 1 starts at the right page frame" \
		"the guest check catches a driver that ignores the mapping offset"
fi
echo "# timing: conversion ${conversion}s, build ${build}s, guest ${guest}s"
