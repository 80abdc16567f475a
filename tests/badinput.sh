#!/bin/sh
# The bad-input suite: every row of the README's table of bad input gets
# the clear message the table promises.
. tangled/harness/tap.sh
t=$(mktemp -d)
chmod 755 "$t"
trap 'rm -rf "$t"' EXIT

says() {	# says DESCRIPTION EXPECTED-REGEX COMMAND...: fails, with that message
	desc=$1 want=$2
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	[ $rc != 0 ] && echo "$out" | grep -q -E -- "$want"
	ok $? "$desc" "exit $rc; wanted /$want/; got: $out"
}

# A chunk with a C syntax error: the compiler names the .nw line.
mkdir -p "$t/syntax/chunks"
n=$(grep -n 'rec->flags = KZDEMO_FLAG_VALID;' chunks/kzalloc.nw | cut -d: -f1)
sed "${n}s/;\$/ +;/" chunks/kzalloc.nw >"$t/syntax/chunks/kzalloc.nw"
(cd "$t/syntax" && "$OLDPWD/tools/tangle" chunks/kzalloc.nw >/dev/null)
says "a chunk with a syntax error: the error names chunks/kzalloc.nw:$n" \
	"chunks/kzalloc.nw:$n:[0-9]+: error" \
	uml/kbuild "$t/syntax/tangled/kzalloc"

printf '@\n<<tangled/x/a.c>>=\n<<nobody defines this>>\n@\n' >"$t/undefined.nw"
says "a .nw with an undefined chunk reference" "undefined.nw:3: undefined chunk <<nobody defines this>>" \
	tools/tangle "$t/undefined.nw"
says "an unknown LAB" "unknown lab 'nosuch'; the labs are: .*kzalloc" \
	tools/grade nosuch "$t"
says "a missing submission folder" "no submission folder '$t/missing'" \
	tools/grade kzalloc "$t/missing"
says "make grade without its arguments" "usage: make grade LAB=<lab> SUBMISSION=<folder>" \
	tools/grade
says "an unknown lab for the hand-out" "unknown lab 'nosuch'" tools/handout nosuch
# Through make, whose variables reach the tools as words: an empty
# SUBMISSION is a usage error, and a folder with a space and a comma is
# one folder (it was cut at the space).
says "make grade LAB=kzalloc, no SUBMISSION" "usage: make grade LAB=<lab> SUBMISSION=<folder>" \
	make -s grade LAB=kzalloc
says "make grade with a folder named 'no such, folder'" "no submission folder '$t/no such, folder'" \
	make -s grade LAB=kzalloc SUBMISSION="$t/no such, folder"
for tool in grade grade-class handout; do
	out=$(tools/$tool nosuch "$t" 2>&1)
	expect_eq "${out##*the labs are: }" "$(tools/labs)" "tools/$tool names the labs, and only the labs"
done
mkdir -p "$t/wrong-names"
echo 'int main;' >"$t/wrong-names/demo.c"
tools/grade kzalloc "$t/wrong-names" "$t/wrong-out" >"$t/wrong.txt" 2>&1
grep -q 'The submission lacks: kzalloc_demo.c' "$t/wrong.txt" && grep -q 'It has instead: demo.c' "$t/wrong.txt"
ok $? "a submission with the wrong file names: graded, and told which file is expected" "$(cat "$t/wrong.txt")"
says "a missing Debian package, not as root: the exact apt-get command" \
	"as root, run: apt-get update && apt-get install -y --no-install-recommends lit26-no-such-package" \
	env LIT26_DEPS_EXTRA=lit26-no-such-package setpriv --reuid=65534 --regid=65534 --clear-groups sh tools/deps build
says "a chapter missing from book/chapters" "is not listed in book/chapters" \
	sh -c "cp -r chunks book tools $t/ 2>/dev/null; cd $t && touch chunks/stray.nw && tools/weave"

# A full disk: tangle into a copy of the sources on a file system with no room.
# The file system is sized from the sources, so that copying them always fits
# and only the filler takes the rest.
mkdir -p "$t/full"
full_kb=$(( $(du -sk chunks tools | awk '{ s += $1 } END { print s }') * 2 + 1024 ))
unshare -m sh -c "
	mount -t tmpfs -o size=${full_kb}k tmpfs '$t/full' &&
	cp -r chunks tools '$t/full/' &&
	dd if=/dev/zero of='$t/full/filler' bs=4k 2>/dev/null
	cd '$t/full' && tools/tangle chunks/kzalloc.nw" >"$t/full.txt" 2>&1
grep -q 'is the disk full?' "$t/full.txt"
ok $? "a full disk: tangle says it cannot write, and why" "$(cat "$t/full.txt")"
