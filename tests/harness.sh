#!/bin/sh
# The harness suite: uml/run returns the script's status, kills what
# hangs, turns kernel reports into failures, and leaves nothing behind.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# The runs below keep their temporary files in $t/tmp, so that what they
# leave behind is told apart from other runs on the same machine.
mkdir -p "$t/tmp"
TMPDIR=$t/tmp
export TMPDIR
leftovers() {	# what a run may leave: UML processes and temporary directories
	{ pgrep -f "uml_dir=$TMPDIR/" || true; ls -d "$TMPDIR"/lit26-run.* 2>/dev/null || true; }
}

printf 'echo hello from the guest\nexit 7\n' >"$t/exit7.sh"
out=$(uml/run "$t/exit7.sh" 2>&1)
expect_eq "$?" 7 "the script's exit status comes back to the host"
expect_eq "$out" "hello from the guest" "the script's output comes back to the host"

printf 'sleep 100\n' >"$t/hang.sh"
start=$(date +%s)
out=$(uml/run --timeout 4 "$t/hang.sh" 2>&1)
rc=$?
expect_eq "$rc" 124 "a script that hangs is killed at the timeout"
[ $(($(date +%s) - start)) -lt 15 ]
ok $? "and the run ends within the timeout's grace period"
expect_eq "$(leftovers)" "" "no UML process or temporary directory survives a timeout"

# The idle watch sees each line the guest prints when it prints it: a
# guest that writes a short line to the kernel log every half second,
# for 8 s, is never 3 s silent.  Fails when the console reaches its file
# through a buffer (head through stdio keeps 4 KiB: these lines, 400
# bytes, would arrive at most once, and one side of that is 4 s long).
printf '%s\n' 'i=0' 'while [ $i -lt 16 ]; do' \
	'echo "tick $i" >/dev/kmsg; sleep 0.5; i=$((i + 1))' 'done' >"$t/ticks.sh"
out=$(uml/run --idle-timeout 3 "$t/ticks.sh" 2>&1)
ok $? "a guest that prints every 0.5 s is not taken for a silent one (--idle-timeout 3)" "$out"
# And silence is found: fails when --idle-timeout is ignored (the run
# would last the 30 s of --timeout) or ends with another status.
printf 'echo "before the silence" >/dev/kmsg\nsleep 100\n' >"$t/silent.sh"
start=$(date +%s)
out=$(uml/run --timeout 30 --idle-timeout 2 "$t/silent.sh" 2>&1)
rc=$?
[ $rc = 124 ] && [ $(($(date +%s) - start)) -lt 15 ] && contains "$out" 'printed nothing for 2s'
ok $? "a guest silent for 2 s is stopped by --idle-timeout 2 (exit 124)" "exit $rc; $out"

# A background job of a script starts with SIGINT ignored, and a shell
# cannot trap a signal ignored on entry: perl restores the default, as a
# terminal's Ctrl-C would find it.
perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' uml/run --timeout 60 "$t/hang.sh" >/dev/null 2>&1 &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
expect_eq "$?" 130 "an interrupted run (Ctrl-C) exits 130"
sleep 0.5
expect_eq "$(leftovers)" "" "no UML process or temporary directory survives an interrupt"

for fault in warn bug oops panic; do
	printf 'insmod /lab/lab_selftest.ko fault=%s\necho survived\n' "$fault" >"$t/fault.sh"
	out=$(uml/run --timeout 30 "$t/fault.sh" 2>&1)
	rc=$?
	# Both: the exit status and the message that says why (a run that
	# exits 125 without naming the report fails, as one that names it
	# with another status does).
	echo "$out" | grep -q 'uml/run: the kernel reported a bug' && [ $rc = 125 ]
	ok $? "fault=$fault is reported as a kernel bug (exit 125)" "exit $rc; $(echo "$out" | head -n 8)"
done
printf 'insmod /lab/lab_selftest.ko && rmmod lab_selftest\n' >"$t/none.sh"
uml/run "$t/none.sh" >/dev/null 2>&1
expect_eq "$?" 0 "fault=none loads and unloads cleanly"
# The guest kernel's third patch (uml/patches/0003) saves a trace by the
# frame pointers instead of testing every word of the stack.  From
# lab_selftest_init up, the addresses kept must be those dump_stack()
# prints without a "?" (the reliable ones its scan finds), in order.
# Fails when the walk skips a frame, stops early or takes a stray word.
printf 'insmod /lab/lab_selftest.ko fault=stack && rmmod lab_selftest\n' >"$t/stack.sh"
uml/run --results "$t/stack" "$t/stack.sh" >/dev/null 2>&1
saved=$(sed -n 's/^.*lab_selftest: saved //p' "$t/stack/console.log" | sed -n '/^lab_selftest_init+/,$p')
shown=$(sed -n '/Call Trace:/,$p' "$t/stack/console.log" |
	sed -n 's/^.*\[<[0-9a-f]*>\] \([^?]\)/\1/p' | sed -n '/^lab_selftest_init+/,$p' |
	head -n "$(printf '%s\n' "$saved" | wc -l)")
[ "$(printf '%s\n' "$saved" | grep -c .)" -ge 4 ] && [ "$saved" = "$shown" ]
ok $? "a saved stack trace holds the frames dump_stack() finds, from lab_selftest_init up" \
	"saved:
$saved
printed:
$shown"

# failnth (the harness chapter) fails each allocation of a call in turn,
# in three walks: an open of /dev/null makes some, each failed with
# ENOMEM; a write to /dev/full fails with ENOSPC with nothing failed,
# which failnth must call wrong (after one walk); a file that cannot be
# opened is an error of its own.
cat >"$t/failnth.sh" <<'EOF'
failnth open /dev/null; echo "rc=$?"
failnth write /dev/full x; echo "rc=$?"
failnth read /no/such/file; echo "rc=$?"
EOF
out=$(uml/run --timeout 60 "$t/failnth.sh" 2>&1)
walks=$(echo "$out" | sed -n '1,3s/^allocations=\([1-9][0-9]*\) enomem=\([0-9]*\) succeeded=\([0-9]*\) other=0 then=ok$/\1 \2 \3/p' |
	awk '$1 == $2 + $3 { n++ } END { print n + 0 }')
[ "$walks" = 3 ] && [ "$(echo "$out" | sed -n 4p)" = rc=0 ]
ok $? "failnth fails every allocation of an open of /dev/null in turn, each with ENOMEM, in three walks" "$out"
echo "$out" | sed -n '5,6p' | tr '\n' ' ' | grep -q -x 'allocations=0 .* then=No space left on device rc=1 '
ok $? "failnth says no when the call fails with nothing failed (a write to /dev/full)" "$out"
echo "$out" | sed -n '7,8p' | tr '\n' ' ' | grep -q -x 'failnth: cannot read /no/such/file: No such file or directory rc=2 '
ok $? "failnth stops with status 2 when it cannot open the file" "$out"

# declared and absent (tap.sh) on the 6.12 source: each says no where it
# must, absent also for a file that is not there and a pattern grep cannot read.
facts=$(KSRC=$(uml/kernel dir)/src sh -c '. tangled/harness/tap.sh
declared include/linux/kref.h "kref_read\(" "d-present"
declared include/linux/kref.h "no_such_zz" "d-missing"
absent include/linux/kref.h "no_such_zz" "a-gone"
absent include/linux/kref.h "kref_read\(" "a-present"
absent include/linux/kref.h "kref_read(" "a-bad-pattern"
absent include/linux/no_such_zz.h "x" "a-no-file"' 2>/dev/null | tools/tap-results | tr '\t\n' ':|')
expect_eq "$facts" "pass:d-present|fail:d-missing|pass:a-gone|fail:a-present|fail:a-bad-pattern|fail:a-no-file|" \
	"declared and absent hold only where they should: a match, a gone pattern, no file, a bad pattern"

# slurp, field and group (tap.sh) in the guest's own shell (the rootfs's
# static busybox runs on the host as well): slurp reads a file as $(cat)
# would, backslashes, spaces, tabs and inner blank lines kept and only the
# trailing newlines dropped; field sets its variable, empty when the report
# lacks the name; a group's body runs in the check's shell; matches
# matches all of a text against a shell pattern.
printf ' a\\tb \\\\n\t\n\nlast line  \n\n\n' >"$t/awkward"
helpers=$(build/rootfs/bin/busybox sh -c '. tangled/harness/tap.sh
slurp text "$1"
[ "$text" = "$(cat "$1")" ] && echo slurp-as-cat
stale=9
field stale "count=3 stale=12x poison=12"
field poison "count=3 stale=12x poison=12"
field count "count=3 stale=12x poison=12"
echo "field:$stale:$poison:$count"
field stale "nothing here"
echo "absent:[$stale]"
group "one" <<'"'GROUP'"'
in_group="a\\b"
GROUP
echo "group:$in_group"
matches '"'result="timeout" elapsed_ms=400'"' '"'result="timeout"*'"' && echo matches-prefix
matches '"'x result="timeout"'"' '"'result="timeout"*'"' || echo not-inside
trap - EXIT' sh "$t/awkward" 2>&1 | grep -v '^# group\|^ok\|^not ok')
expect_eq "$helpers" 'slurp-as-cat
field:12:12:3
absent:[]
group:a\b
matches-prefix
not-inside' "slurp reads like \$(cat), field sets or clears its variable, a group runs in the check's shell, matches takes a pattern"

# The guest's wireless-tools clients are Debian's, linked statically
# (uml/wireless-tools): the version each reports is the packaged one's
# (iwgetid reports none).  Fails when uml/mkrootfs fell back to the
# packaged, dynamically linked programs (it says why when it does: run
# uml/mkrootfs build/rootfs), or a client is missing.
bad=
for tool in $(uml/wireless-tools --list); do
	f=build/rootfs/sbin/$tool
	if [ ! -f "$f" ]; then
		bad="$bad $tool: missing
"
		continue
	fi
	! ldd "$f" >/dev/null 2>&1 ||
		bad="$bad $tool: linked to $(ldd "$f" | tr -s '\t\n' '  ')
"
	[ "$tool" = iwgetid ] || [ "$("$f" --version 2>&1)" = "$("/sbin/$tool" --version 2>&1)" ] ||
		bad="$bad $tool: not the packaged version: $("$f" --version 2>&1 | head -n 2)
"
done
ok "$([ -z "$bad" ]; echo $?)" "the guest's wireless-tools are Debian's, linked statically" "$bad"

# uml/run-check says when the check as a whole ran out of time: exit 124
# and where, both when a group and when the set-up before the first group
# keeps printing past --limit (so the group time-out never fires).  Fails
# when a guest stopped by --limit is taken for a silent group and the
# check said to have run to its end (exit 0), which a grader would score
# as a group that hung.
for where in group set-up; do
	{
		echo '. /lab/harness/tap.sh'
		busy='while :; do echo "busy" >/dev/kmsg; sleep 0.5; done'
		[ "$where" = set-up ] && echo "$busy"
		echo 'group "first" <<'"'GROUP'"
		[ "$where" = group ] && echo "$busy"
		echo 'ok 0 "never reached"'
		echo GROUP
	} >"$t/busy-$where.sh"
	out=$(uml/run-check --limit 8 --group-timeout 6 "$t/busy-$where.sh" 2>"$t/busy.err")
	rc=$?
	case $where in
	group) line="# the check used up its 8s in group 1" ;;
	set-up) line="# the check used up its 8s in the set-up before the first group" ;;
	esac
	[ "$rc" = 124 ] && printf '%s\n' "$out" | grep -q -x -F "$line"
	ok $? "uml/run-check: a $where that keeps printing past --limit ends the check with exit 124 and says so" \
		"exit $rc; $out
$(tail -n 5 "$t/busy.err")"
done
# A check whose tests all ran but whose leak scan at the end outlasts
# --limit (in real time, kmemleak's objects age for 6 s before it) found
# no leak: the no-report test fails, naming the unfinished scan.  Fails
# when such a check passes as one without a report, which would let a
# module whose leaks slow the scan past the limit keep its points.
printf '%s\n' '. /lab/harness/tap.sh' 'ok 0 "the only test"' >"$t/scan.sh"
out=$(uml/run-check --limit 3 "$t/scan.sh" 2>"$t/scan.err")
rc=$?
[ "$rc" = 124 ] &&
	printf '%s\n' "$out" | grep -q -x -F "# the check used up its 3s after its last test, in the leak scan" &&
	printf '%s\n' "$out" | grep -q '^not ok 2 - the kernel reported no bug while the check ran$' &&
	printf '%s\n' "$out" | grep -q "^#   kmemleak's scan at the end did not finish within the check's 3s$"
ok $? "uml/run-check: a leak scan cut short by --limit fails the no-report test, with exit 124" \
	"exit $rc; $out
$(tail -n 5 "$t/scan.err")"
# The same scan stopped for printing nothing (the objects' 6 s of aging
# are silent, longer than --group-timeout 3): the check ran to its end
# (exit 0), but the scan did not.  Fails when a guest stopped for silence
# after the script ended passes as one without a report: a slow scan
# would stop for silence long before the check's minute ran out.
out=$(uml/run-check --limit 20 --group-timeout 3 "$t/scan.sh" 2>"$t/scan.err")
rc=$?
[ "$rc" = 0 ] &&
	printf '%s\n' "$out" | grep -q '^not ok 2 - the kernel reported no bug while the check ran$' &&
	printf '%s\n' "$out" | grep -q "^#   kmemleak's scan at the end did not finish: the guest printed nothing for 3s$"
ok $? "uml/run-check: a leak scan stopped for silence fails the no-report test" "exit $rc; $out
$(tail -n 5 "$t/scan.err")"
