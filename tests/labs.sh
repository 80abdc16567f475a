#!/bin/sh
# The labs suites: grading is right.
#   tests/labs.sh LAB  the lab's reference solution gets full marks and its
#                      skeleton nothing (one suite a lab, LAB-grading, so
#                      that the labs are graded side by side with the rest)
#   tests/labs.sh      broken submissions each get a row that says why, and
#                      do not disturb the others, also over ssh; the
#                      hand-outs build and check on their own, without the
#                      solution in them
# That every wrong variant loses exactly the points of the tests meant to
# catch it, and every correct alternative none, is the variants suite's
# (tests/variants.sh), which has their results.
. tangled/harness/tap.sh
. tests/lib.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# The time a student's check gets (the default): the wireless lab needs 30-40 s
# of it on a busy machine.
export GRADE_RUN_TIMEOUT=60

score_of() {	# score_of RESULT.txt: "X/Y"
	sed -n 's/^Score: //p' "$1"
}

# tests/labs.sh LAB: the lab's reference and its skeleton.
if [ $# -gt 0 ]; then
	lab=$1
	ex=exercises/$lab
	points=$(tools/points "$lab")
	max=$(tools/points --max "$points")

	mkdir -p "$t/$lab/reference" "$t/$lab/skeleton"
	for f in $(cat "$ex/submit"); do cp "tangled/$lab/$f" "$t/$lab/reference/"; done
	tools/grade "$lab" "$t/$lab/reference" "$t/out/$lab-reference" >/dev/null 2>&1
	# The whole report on failure: which test lost the points, and why.
	[ "$(score_of "$t/out/$lab-reference/result.txt")" = "$max/$max" ]
	ok $? "$lab: the reference solution gets full marks" \
		"$(cat "$t/out/$lab-reference/result.txt" 2>&1)"

	tools/nw-variant "$lab" "$ex/skeleton.nw" "$t/$lab/skel-src"
	for f in $(cat "$ex/submit"); do cp "$t/$lab/skel-src/$f" "$t/$lab/skeleton/"; done
	tools/grade "$lab" "$t/$lab/skeleton" "$t/out/$lab-skeleton" >/dev/null 2>&1
	passed=$(grep -c '^PASS *[1-9]' "$t/out/$lab-skeleton/result.txt")
	[ "$(score_of "$t/out/$lab-skeleton/result.txt")" = "0/$max" ] && [ "$passed" = 0 ]
	ok $? "$lab: the skeleton gets zero on every functional test" \
		"$(cat "$t/out/$lab-skeleton/result.txt")"
	exit 0
fi

# A class with broken submissions: each gets its row, with the reason.
class=$t/class
mkdir -p "$class/good" "$class/nothing-handed-in" "$class/syntax-error" "$class/panics" \
	"$class/hangs" "$class/floods" "$class/loops-in-read"
cp tangled/kzalloc/kzalloc_demo.c "$class/good/"
# A folder named as a course site names them, with what a CSV, a JSON
# string and awk -v each treat specially: a comma, quotes, a backslash.
odd='Smith, J. "Jo"\b'
mkdir -p "$class/$odd"
cp tangled/kzalloc/kzalloc_demo.c "$class/$odd/"
cp tangled/kzalloc/kzalloc_demo.c "$class/nothing-handed-in/wrong_name.c"
breakage() {	# breakage NAME FUNCTION CODE: the reference, CODE first in FUNCTION
	first_in "$2" "$3" <tangled/kzalloc/kzalloc_demo.c >"$class/$1/kzalloc_demo.c"
}
breakage syntax-error kzdemo_init 'int oops = ;'
breakage panics kzdemo_init 'panic("student module gives up");'
breakage hangs kzdemo_init 'for (;;) cpu_relax();'
breakage floods kzdemo_init 'for (;;) pr_err("student module floods the console\\n");'
breakage loops-in-read kzdemo_read_kzalloc 'for (;;) cpu_relax();'
# make grade with LAB on the command line writes nothing outside build/
# (it used to build the guest's lab tree into a folder named after the
# lab: this fails if LAB overrides the Makefile's own directory again).
before=$(git status --porcelain --untracked-files=all | grep -v ' build/')
out=$(make -s grade LAB=kzalloc SUBMISSION="$class/good" 2>&1)
after=$(git status --porcelain --untracked-files=all | grep -v ' build/')
echo "$out" | grep -q "^Score: $(tools/points --max "$(tools/points kzalloc)")/" && [ "$before" = "$after" ]
ok $? "make grade LAB=kzalloc grades, and writes nothing outside build/" \
	"$(printf '%s\n' "$after" | grep -v -x -F "$before" | head -n 5)
$(echo "$out" | tail -n 5)"
start=$(date +%s)
JOBS=2 tools/grade-class kzalloc "$class" "$t/class-out" >"$t/class.log" 2>&1
ok $? "grade-class grades a class with broken submissions" "$(tail -n 20 "$t/class.log")"
took=$(($(date +%s) - start))
row() { grep "^\"$1\"," "$t/class-out/results.csv" | cut -d, -f2-4; }
kz=$(tools/points --max "$(tools/points kzalloc)")
expect_eq "$(row good)" "$kz,$kz,ok" "the good submission keeps full marks beside the broken ones"
expect_eq "$(row nothing-handed-in)" "0,$kz,missing-files" "a submission with the wrong file name gets a row that says so"
grep -q 'lacks: kzalloc_demo.c' "$t/class-out/nothing-handed-in/result.txt"
ok $? "and its feedback names the file it expected"
expect_eq "$(row syntax-error)" "0,$kz,compile-error" "a submission that does not compile gets a row that says so"
expect_eq "$(row panics)" "0,$kz,kernel-report" "a module that panics in init gets a row that says so"
status=$(row hangs | cut -d, -f3)
[ "$status" = timeout ] || [ "$status" = kernel-report ]
ok $? "a module that hangs in init is stopped (timeout or soft-lockup report): $status"
status=$(row floods | cut -d, -f3)
[ "$status" = kernel-report ] || [ "$status" = timeout ] || [ "$status" = console-flood ]
ok $? "a module that floods the console is stopped: $status"
status=$(row loops-in-read | cut -d, -f3)
[ "$status" = timeout ] || [ "$status" = kernel-report ]
ok $? "a module that loops forever in read() is stopped: $status"
[ "$took" -lt $((GRADE_RUN_TIMEOUT * 4 + 60)) ]
ok $? "the class was graded within its time limits (${took}s)"
rows=$(($(wc -l <"$t/class-out/results.csv") - 1))
expect_eq "$rows" 8 "results.csv has one row per student"
grep -c '"student"' "$t/class-out/results.json" >/dev/null && [ "$(grep -o '"student"' "$t/class-out/results.json" | wc -l)" = 8 ]
ok $? "results.json has one record per student"
# The progress lines: one per student, counted up to the class's size,
# each with the time left.  Fails when a line is missing, a count is
# skipped or repeated, or the total is not the class's.
progress=$(sed -n 's/^graded .* (\([0-9]*\)\/\([0-9]*\), about [0-9]*m[0-9][0-9]s left)$/\1 \2/p' "$t/class.log" |
	awk '$1 == NR && $2 == 8 { n++ } END { print n + 0 }')
expect_eq "$progress" 8 "grade-class counts the submissions graded, out of the class's 8, with the time left"
# Fails when the name is split at its space, cut at its comma, or its
# backslash read as an escape (the row and the record would be missing).
grep -q -F "\"Smith, J. \"\"Jo\"\"\\b\",$kz,$kz,ok," "$t/class-out/results.csv" &&
	grep -q -F '"student": "Smith, J. \"Jo\"\\b", "status": "ok"' "$t/class-out/results.json"
ok $? "a folder named 'Smith, J. \"Jo\"\\b' is one student, quoted in the CSV and escaped in the JSON" \
	"$(grep -F Smith "$t/class-out/results.csv" | cut -c1-80; grep -o '"student": "Smith[^,]*,[^,]*' "$t/class-out/results.json")"

# The build cache keeps to LIT26_GRADE_CACHE_MB: two builds (that do not
# compile, so that no guest is needed) are both kept under the default
# limit; a third, graded with a limit of 0, leaves only itself.  Fails
# when the cache is never pruned (the ledger's sum not compared), or
# pruned while under its limit.
for n in 1 2 3; do
	mkdir -p "$t/cache/s$n"
	first_in kzdemo_init "int oops$n = ;" <tangled/kzalloc/kzalloc_demo.c >"$t/cache/s$n/kzalloc_demo.c"
done
for n in 1 2; do
	LIT26_GRADE_CACHE=$t/cache/builds tools/grade kzalloc "$t/cache/s$n" "$t/cache/out$n" >/dev/null 2>&1
done
kept=$(ls "$t/cache/builds" | wc -l)
LIT26_GRADE_CACHE=$t/cache/builds LIT26_GRADE_CACHE_MB=0 \
	tools/grade kzalloc "$t/cache/s3" "$t/cache/out3" >/dev/null 2>&1
last=$(ls "$t/cache/builds")
[ "$kept" = 2 ] && [ "$(echo "$last" | wc -l)" = 1 ] && grep -q oops3 "$t/cache/builds/$last/build.log"
ok $? "the grading build cache keeps every build under its limit, and only the newest over it" \
	"kept $kept under the limit; over it: $(echo "$last" | tr '\n' ' ')"

# Beyond one machine: GNU parallel over ssh.  Two "machines" here are
# two loopback addresses of a private sshd (on a port of its own, with
# keys made for the test), so the path is the one a class spread over a
# lab's machines takes: ssh, the working directory, the results sent back.
ssh_class() {
	s=$t/ssh
	port=$((22000 + $$ % 10000))
	mkdir -p "$s" /run/sshd
	ssh-keygen -q -t ed25519 -N '' -f "$s/hostkey" &&
		ssh-keygen -q -t ed25519 -N '' -f "$s/key" || return 1
	cp "$s/key.pub" "$s/authorized_keys"
	chmod 600 "$s/authorized_keys"
	printf '%s\n' "Port $port" "ListenAddress 127.0.0.1" "ListenAddress 127.0.0.2" \
		"HostKey $s/hostkey" "AuthorizedKeysFile $s/authorized_keys" \
		"PidFile $s/sshd.pid" "PasswordAuthentication no" "KbdInteractiveAuthentication no" \
		"PermitRootLogin prohibit-password" "StrictModes no" "UsePAM no" >"$s/sshd_config"
	/usr/sbin/sshd -f "$s/sshd_config" -E "$s/sshd.log" || return 1
	login="ssh -p $port -i $s/key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
	login="$login -o BatchMode=yes -o LogLevel=ERROR root"
	mkdir -p "$t/remote/good" "$t/remote/also-good" "$t/remote/syntax-error"
	cp "$class/good/kzalloc_demo.c" "$t/remote/good/"
	cp "$class/good/kzalloc_demo.c" "$t/remote/also-good/"
	echo "/* a file of its own */" >>"$t/remote/also-good/kzalloc_demo.c"
	cp "$class/syntax-error/kzalloc_demo.c" "$t/remote/syntax-error/"
	SSHLOGIN="1/$login@127.0.0.1,1/$login@127.0.0.2" JOBS=1 \
		tools/grade-class kzalloc "$t/remote" "$t/remote-out" >"$t/remote.log" 2>&1
	status=$?
	kill "$(cat "$s/sshd.pid")" 2>/dev/null
	return $status
}
if [ "$(id -u)" = 0 ] && [ -x /usr/sbin/sshd ] && command -v rsync >/dev/null; then
	ssh_class
	ok $? "grade-class over ssh (GNU parallel --sshlogin, two loopback hosts)" "$(tail -n 20 "$t/remote.log")"
	rrow() { grep "^\"$1\"," "$t/remote-out/results.csv" | cut -d, -f2-4; }
	expect_eq "$(rrow good) $(rrow also-good) $(rrow syntax-error)" "$kz,$kz,ok $kz,$kz,ok 0,$kz,compile-error" \
		"over ssh every submission gets its row"
	hosts=$(awk -F'\t' 'NR > 1 { sub(/.*@/, "", $2); print $2 }' "$t/remote-out/joblog" | sort -u | tr '\n' ' ')
	expect_eq "$hosts" "127.0.0.1 127.0.0.2 " "the jobs went to both hosts, through ssh"
else
	echo "ok - grade-class over ssh # SKIP needs root, sshd (openssh-server) and rsync"
fi

# The hand-outs hold no solution: no line of a chunk that a lab's
# skeleton replaces, or of a chunk it uses (longer than 16 characters,
# white space aside, and neither in the skeleton nor elsewhere in the
# chapter's code) is anywhere in the lab's tarball.  Fails when a
# hand-out ships the tangled solution, or a skeleton leaves a solution line
# in.
for ex in exercises/*/; do
	lab=$(basename "$ex")
	[ -f "$ex/skeleton.nw" ] || continue
	make -s handout LAB="$lab" >/dev/null 2>&1 || { ok 1 "make handout LAB=$lab"; continue; }
	mkdir -p "$t/ho/$lab"
	tar -xzf "build/handout/$lab.tar.gz" -C "$t/ho/$lab"
	trim() { sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | awk 'length($0) > 16' | sort -u; }
	sed -n 's/^<<\(.*\)>>=$/\1/p' "$ex/skeleton.nw" >"$t/ho/$lab.chunks"
	awk -f tests/solution-lines.awk "$t/ho/$lab.chunks" "chunks/$lab.nw" "chunks/$lab.nw" >"$t/ho/$lab.split"
	{ trim <"$ex/skeleton.nw"; sed -n 's/^out\t//p' "$t/ho/$lab.split" | trim; } | sort -u >"$t/ho/$lab.given"
	sed -n 's/^in\t//p' "$t/ho/$lab.split" | trim | grep -v -x -F -f "$t/ho/$lab.given" >"$t/ho/$lab.solution"
	find "$t/ho/$lab" -type f ! -name '*.gz' -exec cat {} + | trim >"$t/ho/$lab.shipped"
	leaked=$(grep -x -F -f "$t/ho/$lab.solution" "$t/ho/$lab.shipped" | head -n 5)
	[ -s "$t/ho/$lab.solution" ] && [ -z "$leaked" ]
	ok $? "the $lab hand-out holds no line of the solution ($(wc -l <"$t/ho/$lab.solution") checked)" \
		"in the hand-out: $leaked"
done

# The hand-out: builds and checks on its own.
mkdir -p "$t/student"
tar -xzf build/handout/kzalloc.tar.gz -C "$t/student"
out=$(make -s -C "$t/student/kzalloc" check 2>&1)
echo "$out" | grep -q "^Score: 0/$kz"
ok $? "make check in the hand-out scores the untouched skeleton 0/$kz" "$out"
cp tangled/kzalloc/kzalloc_demo.c "$t/student/kzalloc/src/"
out=$(make -s -C "$t/student/kzalloc" check 2>&1)
echo "$out" | grep -q "^Score: $kz/$kz"
ok $? "and a finished solution $kz/$kz" "$out"
