#!/bin/sh
# The debug suite (make debug, uml/debug, chunks/debugging.nw): gdb
# sessions in batch mode whose transcripts are checked, and the bad input
# make debug must refuse with a clear message.  After every session no
# process of it is left and its temporary directory is gone.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
TMPDIR=$t
export TMPDIR

gone() {	# gone WHAT: no UML, gdb or helper of the sessions run so far is left
	ps -eo pid,args >"$t/ps"
	left=$(grep -F "$t/lit26-debug" "$t/ps")
	env=$(grep -l -a -F "LIT26_DEBUG_DIR=$t/" /proc/[0-9]*/environ 2>/dev/null)
	dirs=$(ls -d "$t"/lit26-debug.* 2>/dev/null)
	[ -z "$left$env$dirs" ]
	ok $? "$1: no gdb, guest or temporary directory is left" "processes: $left $env
directories: $dirs"
}

line_after() {	# line_after FILE TEXT N: the line N lines below TEXT's (first) line
	echo $(($(grep -n -F -- "$2" "$1" | head -n 1 | cut -d: -f1) + $3))
}

# A breakpoint in a read method, the chapter's lines, values, a watchpoint.
cat >"$t/read.gdb" <<'EOF'
break kzdemo_read_kzalloc
guest kzleak /sys/kernel/debug/kzalloc_demo/kzalloc
frame
print len
list
continue
break kzdemo_fill
guest kzleak /sys/kernel/debug/kzalloc_demo/kmalloc
print/x rec->stamp
watch -l rec->stamp
continue
delete
continue
EOF
out=$(timeout 600 make --no-print-directory debug CH=kzalloc GDB_SCRIPT="$t/read.gdb" 2>&1)
rc=$?
echo "# make debug CH=kzalloc: $(echo "$out" | grep -o 'ready in [0-9.]* s')"
# Fails when breakpoints in module code do not survive the guest's
# processes (uml/gdb/lit26.py's Rearm) or the symbols are misplaced.
echo "$out" | grep -q '^Breakpoint 1, kzdemo_read_kzalloc (' && [ $rc = 0 ]
ok $? "make debug CH=kzalloc: break kzdemo_read_kzalloc, then a read in the guest stops there" \
	"exit $rc; $(echo "$out" | tail -n 20)"
brace=$(line_after chunks/kzalloc.nw 'static ssize_t kzdemo_read_kzalloc(' 2)
# Fails without the #line directives, or when the module is built with
# instructions of an inlined call first (no -fno-schedule-insns2): the
# frame then names include/linux/slab.h.
echo "$out" | sed -n '/^(gdb) frame$/,/^(gdb) /p' | grep -q "at chunks/kzalloc.nw:$brace\$"
ok $? "frame names chunks/kzalloc.nw:$brace, the line of the chapter" \
	"$(echo "$out" | sed -n '/^(gdb) frame$/,/^(gdb) print/p')"
# Fails when gdb cannot find the chapter (run from elsewhere than the top).
echo "$out" | sed -n '/^(gdb) list$/,/^(gdb) /p' | grep -q '<<allocate a zeroed record>>'
ok $? "list shows the chapter's own text around it" "$(echo "$out" | sed -n '/^(gdb) list$/,/^(gdb) continue/p')"
# Fails when the frame's variables are read from the wrong place.
expect_eq "$(echo "$out" | sed -n '/^(gdb) print len$/{n;p;}')" '$1 = 48' \
	"print len: kzleak asked for one 48-byte record"
# Fails when the guest does not poison (slub_debug without P).
expect_eq "$(echo "$out" | sed -n '/^(gdb) print\/x rec->stamp$/{n;p;}')" '$2 = 0x6b6b6b6b6b6b6b6b' \
	"print/x rec->stamp in a kmalloc'd record: SLUB's poison"
# Fails when a software watchpoint never fires (the guest not in time
# travel: host timer signals interrupt every single step).
echo "$out" | grep -q '^Old value = 7740398493674204011$' && echo "$out" | grep -q '^New value = '
ok $? "watch -l rec->stamp: it fires when the field is written, old value the poison" \
	"$(echo "$out" | sed -n '/^(gdb) watch/,/^(gdb) delete/p')"
gone "make debug CH=kzalloc"

# A module loaded after gdb attached, a KASAN report, an unload.
cat >"$t/later.gdb" <<'EOF'
break lab_bugs_uaf
guest insmod /lab/lab_bugs.ko bug=uaf
bt 2
break print_report
continue
print info->bug_type
continue
guest rmmod lab_bugs
info breakpoints
EOF
out=$(timeout 600 uml/debug --symbols tangled --gdb-script "$t/later.gdb" 2>&1)
rc=$?
brace=$(line_after chunks/detectors.nw 'static noinline void lab_bugs_uaf(void)' 1)
# Fails without the do_init_module hook (the breakpoint stays pending), or
# when .text.unlikely is placed by .text's offset (gdb cannot insert it).
echo "$out" | grep -q "^Breakpoint 1, lab_bugs_uaf () at chunks/detectors.nw:$brace\$" && [ $rc = 0 ]
ok $? "a breakpoint set before insmod stops in the module loaded later, at chunks/detectors.nw:$brace" \
	"exit $rc; $(echo "$out" | tail -n 20)"
# Fails when gdb stops in kasan_report for the reports KASAN suppresses.
echo "$out" | sed -n '/^(gdb) print info->bug_type$/{n;p;}' | grep -q '"slab-use-after-free"'
ok $? "break print_report stops at the KASAN report of the use after free" \
	"$(echo "$out" | grep -A1 'print info->bug_type')"
# Fails without the free_module hook: the breakpoint would stay in freed memory.
echo "$out" | grep -q '<PENDING> *lab_bugs_uaf$'
ok $? "after rmmod the breakpoint is pending again" "$(echo "$out" | tail -n 6)"
gone "a module loaded later"

# The guest panics while gdb is attached.
printf '%s\n' 'guest insmod /lab/lab_selftest.ko fault=panic' 'bt 2' >"$t/panic.gdb"
out=$(timeout 300 uml/debug --symbols tangled --gdb-script "$t/panic.gdb" 2>&1)
rc=$?
at=$(line_after chunks/harness.nw 'panic("lab_selftest: panic on request");' 0)
# Fails without the panic breakpoint: UML exits, nothing says why.
[ $rc = 125 ] && echo "$out" | grep -q 'the guest kernel panicked: lab_selftest: panic on request' &&
	echo "$out" | grep -q "lab_selftest_init () at chunks/harness.nw:$at\$"
ok $? "a panic stops gdb in panic(), bt names chunks/harness.nw:$at, exit 125 with the message" \
	"exit $rc; $(echo "$out" | tail -n 12)"
gone "a panic"

# A session that does not end.
echo continue >"$t/forever.gdb"
out=$(timeout 300 uml/debug --timeout 10 --gdb-script "$t/forever.gdb" 2>&1)
rc=$?
# Fails when --timeout is not applied (timeout(1) then stops the test).
[ $rc = 124 ] && echo "$out" | grep -q 'the session took longer than 10s; gdb and the guest were stopped'
ok $? "a session past its --timeout is stopped: exit 124 and the message" "exit $rc; $(echo "$out" | tail -n 5)"
gone "a timeout"

# Bad input.
out=$(make --no-print-directory debug CH=nosuch 2>&1)
rc=$?
# Fails when the chapter is not checked before the build (make lab would run).
[ $rc != 0 ] && echo "$out" | grep -q "unknown chapter 'nosuch'.*kzalloc" && ! echo "$out" | grep -q 'lab:'
ok $? "an unknown chapter: named, the chapters listed, nothing built or started" "exit $rc; $out"
gone "an unknown chapter"

out=$(LIT26_GDB=lit26-no-such-gdb uml/debug --gdb-script "$t/forever.gdb" 2>&1)
rc=$?
# Fails when uml/debug boots the guest without a gdb to attach.
[ $rc = 126 ] && echo "$out" | grep -q 'gdb is missing; run: sh tools/deps (it installs gdb)'
ok $? "no gdb: exit 126, and what installs it" "exit $rc; $out"
# Fails when tools/deps stops installing gdb.
sed -n '/^build="/,/"$/p' tools/deps | grep -qw gdb
ok $? "tools/deps installs gdb (its build group)"
gone "no gdb"

# ptrace attach forbidden, as Yama's scope 2 or a container's seccomp
# profile forbids it: a seccomp filter that refuses PTRACE_ATTACH and
# PTRACE_SEIZE (UML uses neither), around gdb.
cat >"$t/noattach.c" <<'EOF'
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PTRACE_ATTACH, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PTRACE_SEIZE, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(filter) / sizeof(filter[0]), filter };

	if (argc < 2 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("noattach");
		return 2;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 2;
}
EOF
cc -O2 -Wall -Wextra -Werror -o "$t/noattach" "$t/noattach.c"
out=$(LIT26_GDB="$t/noattach gdb" timeout 300 uml/debug --gdb-script "$t/forever.gdb" 2>&1)
rc=$?
# Fails when the attach error is not caught: gdb would go on without the
# guest, and the advice would be missing.
[ $rc = 126 ] && echo "$out" | grep -q 'gdb may not trace the guest' &&
	echo "$out" | grep -q -e 'CAP_SYS_PTRACE' -e 'ptrace_scope'
ok $? "ptrace attach not permitted: exit 126, and what to change" "exit $rc; $out"
gone "ptrace not permitted"

# The hand-out: make debug on the student's own module, and on one that
# does not build.
make --no-print-directory handout LAB=kzalloc >"$t/handout.log" 2>&1 &&
	tar -xzf build/handout/kzalloc.tar.gz -C "$t"
ho=$t/kzalloc
printf '%s\n' 'break kzdemo_read_kzalloc' 'guest cat /sys/kernel/debug/kzalloc_demo/kzalloc' 'frame' >"$t/ho.gdb"
out=$(cd "$ho" && timeout 900 make --no-print-directory debug GDB_SCRIPT="$t/ho.gdb" 2>&1)
rc=$?
# Fails when the hand-out's debug build keeps the #line directives: the
# frame would name chunks/kzalloc.nw, which the hand-out does not have.
[ $rc = 0 ] && echo "$out" | sed -n '/^(gdb) frame$/,$p' | grep -q " at $ho/src/kzalloc_demo.c:[0-9]*\$"
ok $? "make debug in a hand-out: the frame names the student's own src/kzalloc_demo.c" \
	"exit $rc; $(echo "$out" | tail -n 15)"
gone "make debug in a hand-out"
sed -i 's/^static struct dentry \*kzdemo_dir;$/static struct dentry *kzdemo_dir +;/' "$ho/src/kzalloc_demo.c"
out=$(cd "$ho" && timeout 300 make --no-print-directory debug GDB_SCRIPT="$t/ho.gdb" 2>&1)
rc=$?
# Fails when make debug goes on after the build failed (a ; for a ||).
[ $rc != 0 ] && echo "$out" | grep -q 'make debug: your module does not build' &&
	! echo "$out" | grep -q 'gdb is attached'
ok $? "a module that does not build: the compiler's error and a clear message, no session" \
	"exit $rc; $(echo "$out" | tail -n 8)"
gone "a module that does not build"

# The chapter's claims about 6.12: its facts.sh, here because tests/run
# finds the facts of chapters with a check, and this one has none.
KSRC=${KSRC:-$(uml/kernel dir)/src}
TAP_SH=/dev/null . tangled/debugging/facts.sh
