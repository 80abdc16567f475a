#!/bin/sh
# The check-key suite: a check's kept result (a graded mutant, a
# variant's run) is keyed on everything the check depends on, and on
# nothing else (tools/check-key).
#
# The key is taken of a copy of uml/ and of the root fs, edited one file
# at a time, and of the environment.  Each edit a check can see must
# change the key, or a result kept from before the edit would be used
# after it; each edit it cannot see must keep the key, or every check is
# run again for nothing.
. tangled/harness/tap.sh
# The variables the tests set, and those that would point the key
# elsewhere, start unset whatever the caller has.
unset LIT26_ROOTFS LIT26_LINUX LIT26_CHECK_CACHE LIT26_MODULE_CACHE LIT26_RECHECK \
	LIT26_GRADER_USER GRADE_BUILD_TIMEOUT
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/top/tools" "$t/top/build"
cp tools/check-key "$t/top/tools/"
cp -a uml "$t/top/"
cp -a build/rootfs "$t/top/build/"
R=$t/top/build/rootfs
ch=kzalloc
key() { "$t/top/tools/check-key" "$ch"; }
k0=$(key)
[ -n "$k0" ] && [ "$(key)" = "$k0" ]
ok $? "tools/check-key gives $ch's check a key, the same twice"

# after COMMAND... FILE: the key once COMMAND has edited or made FILE, its
# last argument, is printed, and FILE is put back as it was.
after() {
	for file; do :; done
	rm -f "$t/saved"
	[ ! -e "$file" ] || cp -p "$file" "$t/saved"
	"$@"
	key
	rm -f "$file"
	[ ! -e "$t/saved" ] || mv "$t/saved" "$file"
}
grow() { printf '\n' >>"$1"; }
changes() {	# changes DESCRIPTION COMMAND... FILE: the edit changes the key
	desc=$1
	shift
	k=$(after "$@")
	[ -n "$k" ] && [ "$k" != "$k0" ]
	ok $? "the key changes when $desc"
}
keeps() {	# keeps DESCRIPTION COMMAND... FILE: the edit keeps the key
	desc=$1
	shift
	k=$(after "$@")
	expect_eq "$k" "$k0" "the key stays when $desc"
}

# What a check depends on.  Each fails when the key leaves that file out.
changes "a script that runs the check changes (uml/run-check)" grow "$t/top/uml/run-check"
changes "a file in a folder of uml/ changes (the guest's init)" grow "$t/top/uml/guest/lab-init.c"
changes "the guest's shell changes (busybox)" grow "$R/bin/busybox"
changes "a link to a busybox applet is added" ln -s busybox "$R/bin/newapplet"
changes "the chapter's check changes" grow "$R/lab/$ch/check.sh"
changes "a file is added to the chapter's folder" touch "$R/lab/$ch/new.sh"
changes "the harness's TAP helpers change" grow "$R/lab/harness/tap.sh"
changes "a file is added to the harness" touch "$R/lab/harness/new.sh"
changes "a program in /lab is another program" cp "$R/lab/failnth" "$R/lab/kzleak"
changes "a file is added to /lab" touch "$R/lab/newprogram"
changes "a link is added to /lab" ln -s kzleak "$R/lab/newlink"

# The kernel: uml/kernel names another cache (a new source package or
# compiler does that without an edit in uml/); fails when the key leaves
# the kernel's name out.
cp -p "$t/top/build/kernel-dir" "$t/kernel-dir"
sed -i '2s/$/-another/' "$t/top/build/kernel-dir"
k=$(key)
cp -p "$t/kernel-dir" "$t/top/build/kernel-dir"
[ -n "$k" ] && [ "$k" != "$k0" ]
ok $? "the key changes when uml/kernel names another kernel"
printf 'one\n' >"$t/linux"
k1=$(LIT26_LINUX=$t/linux key)
printf 'two\n' >"$t/linux"
k2=$(LIT26_LINUX=$t/linux key)
[ -n "$k1" ] && [ "$k1" != "$k0" ] && [ -n "$k2" ] && [ "$k2" != "$k1" ]
ok $? "the key changes when LIT26_LINUX boots another kernel, or the same file rebuilt"

# Another root fs (LIT26_ROOTFS): the key follows it, and the check that
# runs, which uml/run copies from build/rootfs into /job all the same.
cp -a "$R" "$t/root2"
k1=$(LIT26_ROOTFS=$t/root2 key)
grow "$t/root2/bin/busybox"
k2=$(LIT26_ROOTFS=$t/root2 key)
cp -p "$R/lab/$ch/check.sh" "$t/check.sh"
grow "$R/lab/$ch/check.sh"
k3=$(LIT26_ROOTFS=$t/root2 key)
cp -p "$t/check.sh" "$R/lab/$ch/check.sh"
[ -n "$k1" ] && [ -n "$k2" ] && [ "$k2" != "$k1" ] && [ -n "$k3" ] && [ "$k3" != "$k2" ]
ok $? "with LIT26_ROOTFS, the key follows the root fs booted and the check that runs"
k=$(GRADE_BUILD_TIMEOUT=5 key)
[ -n "$k" ] && [ "$k" != "$k0" ]
ok $? "the key changes when a variable that changes grading is set (GRADE_BUILD_TIMEOUT)"

# What no check reads.  Each fails when the key takes that file in.
keeps "the chapter's facts change" grow "$R/lab/$ch/facts.sh"
keeps "the harness's facts change" grow "$R/lab/harness/facts.sh"
keeps "another chapter's check changes" grow "$R/lab/kref/check.sh"
keeps "a reference module in /lab is another module" cp "$R/lab/kref_demo.ko" "$R/lab/kzalloc_demo.ko"
keeps "the interactive boot changes (uml/boot)" grow "$t/top/uml/boot"
keeps "the debugger's script changes (uml/debug)" grow "$t/top/uml/debug"
keeps "gdb's set-up for the guest changes (uml/gdb/)" touch "$t/top/uml/gdb/new.gdb"
expect_eq "$(LIT26_CHECK_CACHE=$t/elsewhere LIT26_MODULE_CACHE=$t/mc key)" "$k0" \
	"the key stays when the caches are elsewhere (LIT26_CHECK_CACHE, LIT26_MODULE_CACHE)"
expect_eq "$(LIT26_RECHECK=1 LIT26_GRADER_USER=lit26grader2 key)" "$k0" \
	"the key stays with LIT26_RECHECK and a grader slot's user (LIT26_GRADER_USER)"

# A file it cannot read: no key, and an error.  Fails when a hash that
# failed leaves its line out and a key is printed all the same.
ln -s /nonexistent "$R/lab/harness/broken.sh"
out=$(key 2>&1)
rc=$?
rm -f "$R/lab/harness/broken.sh"
[ "$rc" = 2 ] && contains "$out" "cannot be read"
ok $? "a file the check depends on that cannot be read makes no key, and says so" "exit $rc: $out"
mv "$R/lab/harness" "$t/harness"
out=$(key 2>&1)
rc=$?
mv "$t/harness" "$R/lab/harness"
[ "$rc" = 2 ] && contains "$out" "cannot be read"
ok $? "a folder the check depends on that find cannot list makes no key" "exit $rc: $out"

# Every file of the harness but facts.sh, also one in a folder or behind
# a symbolic link.  Fails with facts.sh in, or with `find -type f` or
# `-maxdepth 1` (a link or a file in a folder left out).
mkdir -p "$t/h/lab/harness/sub" "$t/h/other"
for f in a.sh sub/b.sh facts.sh; do : >"$t/h/lab/harness/$f"; done
: >"$t/h/other/c.sh"
ln -s ../../other/c.sh "$t/h/lab/harness/c.sh"
expect_eq "$(tools/check-key --harness "$t/h" | sed "s|^$t/h||" | tr '\n' ' ')" \
	"/lab/harness/a.sh /lab/harness/c.sh /lab/harness/sub/b.sh " \
	"the key covers every harness file but facts.sh"

# A guest program's key leaves out its debug information: the same code
# with its #line directives moved keeps its key, other code does not.
# Fails when the key hashes the whole file (an edit of a chapter above a
# program ran every check again) or misses a change of code; the two
# files must differ, or the test proves nothing.  The hash of p1 is
# asked twice, the second time from the memo (which must be there): the
# same.
printf '#line 10 "a.nw"\nint main(void) { return 0; }\n' >"$t/p1.c"
printf '#line 90 "a.nw"\nint main(void) { return 0; }\n' >"$t/p2.c"
printf '#line 10 "a.nw"\nint main(void) { return 1; }\n' >"$t/p3.c"
for p in p1 p2 p3; do cc -O2 -g -Wl,--build-id -o "$t/$p" "$t/$p.c"; done
prog_key() { LIT26_CHECK_CACHE=$t/memo tools/check-key --prog "$t/$1" | cut -d' ' -f1; }
p1=$(prog_key p1)
[ "$p1" = "$(prog_key p2)" ] && [ "$p1" != "$(prog_key p3)" ] && [ "$(prog_key p1)" = "$p1" ] &&
	[ -n "$(ls "$t/memo/programs" 2>/dev/null)" ] && ! cmp -s "$t/p1" "$t/p2"
ok $? "a guest program's key ignores its moved #line directives, not a change of its code"

# A chapter without a check in the root fs gets no key, and says why.
out=$("$t/top/tools/check-key" nosuchchapter 2>&1)
rc=$?
[ "$rc" = 2 ] && contains "$out" "run: make lab"
ok $? "a chapter with no check in the root fs gets no key but an error that says what to do" \
	"exit $rc: $out"
