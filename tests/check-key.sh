#!/bin/sh
# The check-key suite: a check's kept result (a graded mutant, a wrong
# variant's run) is keyed on everything the check depends on, and on
# nothing else (tools/check-key).
#
# The key is taken of a copy of uml/ and of the root fs, edited one file
# at a time.  Each edit a check can see must change the key, or a result
# kept from before the edit would be used after it; each edit it cannot
# see must keep the key, or every check is run again for nothing.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/top/tools"
cp tools/check-key "$t/top/tools/"
cp -a uml "$t/top/"
cp -a build/rootfs "$t/root"
ch=kzalloc
key() { LIT26_ROOTFS=$t/root "$t/top/tools/check-key" "$ch"; }
k0=$(key)
[ -n "$k0" ]
ok $? "tools/check-key gives $ch's check a key"

# after DESCRIPTION COMMAND...: the key once COMMAND has edited the copy
# is printed, and the copy is made whole again.
after() {
	rm -rf "$t/saved-root" "$t/saved-uml"
	cp -a "$t/root" "$t/saved-root"
	cp -a "$t/top/uml" "$t/saved-uml"
	"$@"
	key
	rm -rf "$t/root" "$t/top/uml"
	mv "$t/saved-root" "$t/root"
	mv "$t/saved-uml" "$t/top/uml"
}
grow() { printf '\n' >>"$1"; }
changes() {	# changes DESCRIPTION COMMAND...: the edit changes the key
	desc=$1
	shift
	k=$(after "$@")
	[ -n "$k" ] && [ "$k" != "$k0" ]
	ok $? "the key changes when $desc"
}
keeps() {	# keeps DESCRIPTION COMMAND...: the edit keeps the key
	desc=$1
	shift
	k=$(after "$@")
	expect_eq "$k" "$k0" "the key stays when $desc"
}

# What a check depends on.  Each fails when the key leaves that file out.
changes "a script that runs the check changes (uml/run-check)" grow "$t/top/uml/run-check"
changes "the guest's shell changes (busybox)" grow "$t/root/bin/busybox"
changes "the chapter's check changes" grow "$t/root/lab/$ch/check.sh"
changes "the harness's TAP helpers change" grow "$t/root/lab/harness/tap.sh"
changes "a file is added to the harness" touch "$t/root/lab/harness/new.sh"
changes "a program in /lab is another program" cp "$t/root/lab/failnth" "$t/root/lab/kzleak"
k=$(LIT26_LINUX=/elsewhere/linux key)
[ -n "$k" ] && [ "$k" != "$k0" ]
ok $? "the key changes when LIT26_LINUX boots another kernel"

# What no check reads.  Each fails when the key takes that file in.
keeps "the chapter's facts change" grow "$t/root/lab/$ch/facts.sh"
keeps "the harness's facts change" grow "$t/root/lab/harness/facts.sh"
keeps "another chapter's check changes" grow "$t/root/lab/kref/check.sh"
keeps "a reference module in /lab changes" grow "$t/root/lab/kzalloc_demo.ko"
keeps "the interactive boot changes (uml/boot)" grow "$t/top/uml/boot"
keeps "gdb's set-up for the guest changes (uml/gdb/)" touch "$t/top/uml/gdb/new.gdb"

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
# files must differ, or the test proves nothing.
printf '#line 10 "a.nw"\nint main(void) { return 0; }\n' >"$t/p1.c"
printf '#line 90 "a.nw"\nint main(void) { return 0; }\n' >"$t/p2.c"
printf '#line 10 "a.nw"\nint main(void) { return 1; }\n' >"$t/p3.c"
for p in p1 p2 p3; do cc -O2 -g -Wl,--build-id -o "$t/$p" "$t/$p.c"; done
prog_key() { tools/check-key --prog "$t/$1" | cut -d' ' -f1; }
[ "$(prog_key p1)" = "$(prog_key p2)" ] && [ "$(prog_key p1)" != "$(prog_key p3)" ] &&
	! cmp -s "$t/p1" "$t/p2"
ok $? "a guest program's key ignores its moved #line directives, not a change of its code"

# A chapter without a check in the root fs gets no key, and says why.
out=$(LIT26_ROOTFS=$t/root "$t/top/tools/check-key" nosuchchapter 2>&1)
rc=$?
[ "$rc" = 2 ] && contains "$out" "run: make lab"
ok $? "a chapter with no check in the root fs gets no key but an error that says what to do" \
	"exit $rc: $out"
