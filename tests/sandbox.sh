#!/bin/sh
# The sandbox suite: hostile submissions (chunks/grading.nw) do no harm.
# An honest student is graded first; then a class of attackers is graded
# beside the same honest student, and the host is inspected afterwards.
. tangled/harness/tap.sh
. tests/lib.sh
t=${SANDBOX_TEST_DIR:-$(mktemp -d)}
mkdir -p "$t"
chmod 755 "$t"
listener=
trap '[ -z "$listener" ] || kill "$listener" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$t"' EXIT
export GRADE_RUN_TIMEOUT=60
# Graders of their own, so that what survives is this suite's, whatever
# else grades on the machine at the same time (the labs suite does).
LIT26_GRADER_USER=lit26sandbox
export LIT26_GRADER_USER
# Full marks for the kzalloc lab (deductions, negative, are not part of it).
kz=$(tools/points --max "$(tools/points kzalloc)")
class=$t/class
out=$t/out
mkdir -p "$class/honest"
cp tangled/kzalloc/kzalloc_demo.c "$class/honest/"
tools/grade kzalloc "$class/honest" "$out/honest" >/dev/null 2>&1
expect_eq "$(sed -n 's/^Score: //p' "$out/honest/result.txt")" "$kz/$kz" "the honest student gets full marks, $kz/$kz"
cp "$out/honest/result.json" "$t/honest-before.json"

# A graded build only reads the compiler cache, and finds there the
# module's .mod.c, which modpost writes the same for every submission
# that declares what the reference does: tools/grade
# compiled the reference at the sandbox's paths first, in a trusted
# sandbox.  A file of this run's own, hashed into every compile
# (CCACHE_EXTRAFILES), makes the compiler cache cold for it, and a build
# cache of its own makes tools/grade build and warm up again; ccache's
# log says what each compile did.  Fails when a graded build can write
# the cache or sees it mounted writable, or no reference was compiled.
mkdir -p "$t/cc/student" build/test
{ cat tangled/kzalloc/kzalloc_demo.c; echo "/* not the reference */"; } >"$t/cc/student/kzalloc_demo.c"
extra=build/test/ccache-extra.$$
echo "$$ $(date +%s%N)" >"$extra"
CCACHE_EXTRAFILES=$(pwd)/$extra CCACHE_DEBUG=1 CCACHE_DEBUGDIR=/mnt/out/ccache-log \
	LIT26_GRADE_CACHE=$t/cc/builds tools/grade kzalloc "$t/cc/student" "$t/cc/out" >/dev/null 2>&1
rm -f "$extra"
logs=$t/cc/out/build/ccache-log/mnt/out/src
grep -q 'Result: direct_cache_hit' "$logs"/kzalloc_demo.mod.o.*.ccache-log 2>/dev/null
ok $? "a graded build takes the module's .mod.c from the compiler cache" "$(ls -R "$t/cc/out/build" 2>&1 | head -n 20)"
[ -d "$logs" ] && ! grep -q 'Result: local_storage_write' "$logs"/*.ccache-log
ok $? "a graded build writes nothing into the compiler cache" "$(ls "$logs" 2>&1 | head -n 20)"
ccache_dir=$(uml/kernel dir)/ccache
mount=$(tools/sandbox "$t/cc/student" "$t/cc/mount" findmnt -n -o OPTIONS -T "$ccache_dir" 2>&1)
case ,$mount, in
*,ro,*) rc=0 ;;
*) rc=1 ;;
esac
ok $rc "an untrusted sandbox sees the compiler cache read-only" "findmnt said: $mount"
echo "secret of the honest student" >"$class/honest/notes.txt"

port=$((20000 + $$ % 20000))
perl -MIO::Socket::INET -e '
	my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => $ARGV[0],
		Listen => 5, ReuseAddr => 1) or die "listen: $!";
	open(my $log, ">", $ARGV[1]) or die;
	while (my $c = $s->accept) { print $log "connection\n"; print $log $_ while <$c>; }
' "$port" "$t/network" &
listener=$!

attacker() {	# attacker NAME FRAGMENT TARGET [COUNT]: the honest solution plus an attack
	mkdir -p "$class/$1"
	{
		sed -e "s|@TARGET@|$3|g" -e "s|@COUNT@|${4:-1}|g" "tangled/grading/$2.c"
		first_in kzdemo_init 'attack();' <tangled/kzalloc/kzalloc_demo.c
	} >"$class/$1/kzalloc_demo.c"
}
attacker reads-result hostile-read "$out/honest/result.json"
attacker reads-submission hostile-read "$class/honest/notes.txt"
attacker writes-result hostile-write "$out/honest/result.json"
attacker fork-bomb hostile-run "sleep 600" 2000
attacker fills-disk hostile-run "dd if=/dev/zero of=/mnt/out/fill bs=1M count=4096; dd if=/dev/zero of=/tmp/fill bs=1M count=8192" 1
attacker connects hostile-run "echo hostile >/dev/tcp/127.0.0.1/$port" 1
attacker hostfs-escape hostile-hostfs "mkdir -p /tmp/h; mount -t hostfs -o $out/honest none /tmp/h \\&\\& echo tampered >/tmp/h/result.json; echo hostile: hostfs \\$? >/dev/kmsg"
# Files the grader itself copies, outside the sandbox: a link to a file
# only the grader's user may read, and a file too big to be a module.
echo "host secret of the instructor" >"$t/secret"
chmod 600 "$t/secret"
mkdir -p "$class/links-secret" "$class/huge"
ln -s "$t/secret" "$class/links-secret/kzalloc_demo.c"
head -c 3000000 /dev/zero | tr '\0' '/' >"$class/huge/kzalloc_demo.c"

before_df=$(df -k --output=avail /tmp | tail -n 1)
JOBS=2 tools/grade-class kzalloc "$class" "$out" >"$t/class.log" 2>&1
ok $? "the class with attackers is graded" "$(tail -n 15 "$t/class.log")"
log() { cat "$out/$1/console.log" 2>/dev/null; }

cmp -s "$t/honest-before.json" "$out/honest/result.json" ||
	grep -q "\"score\": $kz, \"max\": $kz" "$out/honest/result.json"
ok $? "the honest student keeps full marks beside the attackers"
log reads-result | grep -q 'hostile: read .*result.json: -[0-9]'
ok $? "reading another student's result from the host fails" "$(log reads-result | grep hostile)"
log reads-submission | grep -q 'hostile: read .*notes.txt: -[0-9]'
ok $? "reading another student's submission from the host fails" "$(log reads-submission | grep hostile)"
! grep -rq 'secret of the honest student' "$out/reads-submission"
ok $? "and nothing of it reaches the attacker's results"
log writes-result | grep -q 'hostile: write .*result.json: -[0-9]'
ok $? "writing into another student's result fails" "$(log writes-result | grep hostile)"
! grep -q tampered "$out/honest/result.json"
ok $? "the honest student's result is untouched"
started=$(log fork-bomb | sed -n 's/.*hostile: started \([0-9]*\) of 2000.*/\1/p')
[ -n "$started" ] && [ "$started" -lt 2000 ]
ok $? "a fork bomb is stopped by the process limit (started ${started:-?} of 2000)" "$(log fork-bomb | grep hostile)"
expect_eq "$(ps -u lit26sandbox,lit26sandbox1,lit26sandbox2 -o pid= | grep -c .)" 0 \
	"no process of the grading users survives"
# Its helpers sleep 600 s and write to UML's console; the grading must not
# wait for them (uml/run waited for the console pipe to close: with
# helpers that slept 60 s, the grading took 61 s).  Half their sleep is
# the limit: a grading under load took 30 s, a held one takes 600.
took=$(awk -F'\t' '$NF ~ /class\/fork-bomb / { printf "%d", $4 }' "$out/joblog")
[ -n "$took" ] && [ "$took" -lt 300 ]
ok $? "a helper left sleeping does not hold the grading (the fork bomb graded in ${took:-?} s; its helpers sleep 600 s)"
size=$(du -sk "$out/fills-disk" | cut -f1)
[ "$size" -gt 60000 ] && [ "$size" -lt 80000 ]
ok $? "a disk filler fills only its own 64 MiB (${size} KiB kept)"
after_df=$(df -k --output=avail /tmp | tail -n 1)
[ $((before_df - after_df)) -lt 400000 ]
ok $? "and the host's disk did not fill ($((before_df - after_df)) KiB used meanwhile)"
sleep 1
log connects | grep -q 'hostile: started 1 of 1' && [ ! -s "$t/network" ]
ok $? "a connection to the host's loopback never arrives" "$(cat "$t/network")"
log hostfs-escape | grep -q 'hostile: hostfs helper' && ! grep -q tampered "$out/honest/result.json"
ok $? "an escape through hostfs cannot write another student's result" "$(log hostfs-escape | grep hostile)"
! grep -rq 'host secret of the instructor' "$out/links-secret" &&
	grep -q 'kzalloc_demo.c is a symbolic link; hand in the file itself' "$out/links-secret/result.txt"
ok $? "a symbolic link is not followed: the student is told, and sees nothing of its target" \
	"$(tail -n 5 "$out/links-secret/result.txt")"
grep -q 'kzalloc_demo.c has 3000000 bytes; a file of this lab may have at most' "$out/huge/result.txt" &&
	! find "$out/huge" -size +2900k | grep -q .
ok $? "a 3 MB file is refused before it is copied" "$(tail -n 5 "$out/huge/result.txt")"
rows=$(($(wc -l <"$out/results.csv") - 1))
expect_eq "$rows" 10 "every student, attacker or not, has a row"
