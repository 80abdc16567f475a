#!/bin/sh
# The tangle suite: tools/tangle writes every root, keeps unchanged files
# untouched, and points errors at the .nw line.
. tangled/harness/tap.sh
top=$(pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

out=$(tools/tangle chunks/*.nw 2>&1)
ok $? "every chapter tangles" "$out"
roots=$(noroots chunks/*.nw | grep -c '^<<tangled/')
expect_eq "$(echo "$out" | sed -n 's/^tools\/tangle: \([0-9]*\) files.*/\1/p')" "$roots" \
	"one file per tangled/ root chunk ($roots)"

# A chapter's files come out of one noweb pass, split at markers
# (tools/noweb.sh, tools/tangle-files.awk): no file may keep a line of its
# neighbour or of the pass itself.  Fails when the newline nt ends its
# output with lands in the last file (it then ends in an empty line), or
# a marker or a #line of the pass stays in a file.
bad=$(cat tangled/.stamp-* | while IFS= read -r f; do
	[ "$(tail -c 2 "$f" | od -An -c | tr -d ' ')" = '\n\n' ] && echo "$f: ends in an empty line"
	grep -l -e "$(printf '\001')" -e '^#line [0-9]* " roots"$' "$f"
done)
ok "$([ -z "$bad" ]; echo $?)" "every tangled file holds its own lines only" "$bad"

# Every chapter tangled again (the stamps that let tools/tangle skip
# unchanged chapters removed): the files whose text is the same keep
# their time, so make rebuilds nothing.
find tangled -type f ! -name README ! -name '.stamp-*' -exec stat -c '%n %Y' {} + | sort >"$t/before"
sleep 1
rm -f tangled/.stamp-*
tools/tangle chunks/*.nw >/dev/null 2>&1
find tangled -type f ! -name README ! -name '.stamp-*' -exec stat -c '%n %Y' {} + | sort >"$t/after"
cmp -s "$t/before" "$t/after"
ok $? "tangling again leaves unchanged files untouched (compared, not rewritten)" "$(diff "$t/before" "$t/after")"

# The stamps: an unchanged chapter is skipped, but not when one of its
# files is missing, and an edited chapter is tangled again.
rm -f tangled/kzalloc/check.sh
tools/tangle chunks/*.nw >/dev/null 2>&1
[ -f tangled/kzalloc/check.sh ]
ok $? "a tangled file that was removed is written again, its chapter unchanged"
mkdir -p "$t/stamp/chunks"
cp chunks/kzalloc.nw "$t/stamp/chunks/"
(cd "$t/stamp" && "$top/tools/tangle" chunks/kzalloc.nw >/dev/null)
sleep 1
sed -i 's/^mods=\${1:-\/lab}$/mods=${1:-\/lab} # edited/' "$t/stamp/chunks/kzalloc.nw"
(cd "$t/stamp" && "$top/tools/tangle" chunks/kzalloc.nw >/dev/null)
grep -q '# edited' "$t/stamp/tangled/kzalloc/check.sh"
ok $? "a chapter edited after its stamp is tangled again"

mkdir -p "$t/line/chunks"
n=$(grep -n 'rec->flags = KZDEMO_FLAG_VALID;' chunks/kzalloc.nw | cut -d: -f1)
sed "${n}a\\	rec->flags = ;" chunks/kzalloc.nw >"$t/line/chunks/kzalloc.nw"
(cd "$t/line" && "$top/tools/tangle" chunks/kzalloc.nw >/dev/null)
err=$(uml/kbuild "$t/line/tangled/kzalloc" 2>&1)
echo "$err" | grep -q "chunks/kzalloc.nw:$((n + 1)):.*error"
ok $? "a syntax error in a chunk is reported at chunks/kzalloc.nw:$((n + 1))" "$err"

printf '@ text\n<<tangled/x/a.c>>=\nint a;\n<<no such chunk>>\n@\n' >"$t/undef.nw"
err=$(tools/tangle "$t/undef.nw" 2>&1)
echo "$err" | grep -q "undef.nw:4: undefined chunk <<no such chunk>>"
ok $? "an undefined chunk is reported with its .nw line" "$err"

printf '@ text\n<<orphan>>=\nint a;\n@\n' >"$t/orphan.nw"
err=$(tools/tangle "$t/orphan.nw" 2>&1)
echo "$err" | grep -q "orphan.nw:2: chunk <<orphan>> is defined but never used"
ok $? "a chunk that nothing uses is refused" "$err"

# Chapters are parsed side by side, then checked and written in their
# order: a file that a second chapter defines again is refused, naming
# that chapter, and keeps the first one's text; the messages of several
# broken chapters come in the order of the chapters.  Fails when the
# chapters write their files as they are parsed, or print as they go.
mkdir -p "$t/dup"
# The first chapter is the longest (a copy of the wireless chapter), so
# that it is parsed last.
for c in 1 2 3 4 5 6; do
	printf '@ text\n<<orphan %s>>=\nint o;\n@\n' "$c" >"$t/dup/c$c.nw"
done
cat chunks/wext19.nw >>"$t/dup/c1.nw"
err=$(cd "$t/dup" && "$top/tools/tangle" c1.nw c2.nw c3.nw c4.nw c5.nw c6.nw 2>&1)
order=$(echo "$err" | sed -n 's/^c\([0-9]\)\.nw:2: chunk <<orphan [0-9]>> is defined but never used$/\1/p' | tr -d '\n')
expect_eq "$order" 123456 "the messages of six broken chapters come in the chapters' order"
# A chapter that does not tangle costs its own files only: every other
# chapter, in the same worker or the other, is written, and its errors
# are told too.  Fails when a worker stops at the broken chapter.
mkdir -p "$t/undef"
printf '@ text\n<<tangled/u/1.c>>=\n<<nowhere>>\n@\n' >"$t/undef/u1.nw"
for c in 2 3 4 5; do
	printf '@ text\n<<tangled/u/%s.c>>=\nint u%s;\n@\n' "$c" "$c" >"$t/undef/u$c.nw"
done
printf '@ text\n<<orphan>>=\nint o;\n@\n' >>"$t/undef/u5.nw"
err=$(cd "$t/undef" && "$top/tools/tangle" u1.nw u2.nw u3.nw u4.nw u5.nw 2>&1)
[ $? != 0 ] && echo "$err" | grep -q 'u1.nw:3: undefined chunk <<nowhere>>' &&
	echo "$err" | grep -q 'u5.nw:6: chunk <<orphan>> is defined but never used' &&
	[ "$(cd "$t/undef/tangled/u" && echo *.c)" = "2.c 3.c 4.c 5.c" ]
ok $? "a chapter with an undefined chunk stops no other chapter from being written" \
	"$err; written: $(cd "$t/undef" && find tangled -type f 2>&1)"
printf '@ text\n<<tangled/dup/f.c>>=\nint first;\n@\n' >"$t/dup/a.nw"
printf '@ text\n<<tangled/dup/f.c>>=\nint second;\n@\n' >"$t/dup/b.nw"
err=$(cd "$t/dup" && "$top/tools/tangle" a.nw b.nw 2>&1)
[ $? != 0 ] && echo "$err" | grep -q 'tangled/dup/f.c is defined in more than one .nw file (again in b.nw)' &&
	grep -q -x 'int first;' "$t/dup/tangled/dup/f.c" && ! grep -q second "$t/dup/tangled/dup/f.c"
ok $? "a file two chapters define is refused, and keeps the first chapter's text" \
	"$err; the file holds: $(cat "$t/dup/tangled/dup/f.c" 2>&1)"

# A chapter's parts are found by one description (tools/parts).
expect_eq "$(tools/parts kzalloc kunit)|$(tools/parts kzalloc facts)|$(tools/parts kzalloc demo)" \
	"tangled/kzalloc/kzalloc_kunit.c|tangled/kzalloc/facts.sh|tangled/kzalloc/demo.sh" \
	"tools/parts finds a chapter's KUnit module, facts and demo by their names"
expect_eq "$(tools/parts --of tangled/x/hostbench-a.sh) $(tools/parts --of tangled/x/bench-a.sh) $(tools/parts --of tangled/x/a.c || echo none)" \
	"hostbench bench none" "tools/parts names the part a file is, and no part for any other file"
err=$(tools/parts kzalloc tests 2>&1)
[ $? = 2 ] && echo "$err" | grep -q "no part 'tests'; the parts are: check facts kunit demo bench hostbench"
ok $? "an unknown part is refused with the list of parts" "$err"

# A wrong variant or a skeleton is tangled from a file tools/nw-variant
# makes; its #line directives must name the variant's file or the
# chapter's, at a line they have, so that a compiler error or a kernel
# report points at a place that exists.  Fails when a directive names the
# made file (a deleted temporary) or a line past a file's end.
bad=
for v in tests/variants/*/*.nw exercises/*/skeleton.nw; do
	ch=$(basename "$(dirname "$v")")
	rm -rf "$t/v" && tools/nw-variant "$ch" "$v" "$t/v" 2>/dev/null || { bad="$bad $v(does not tangle)"; continue; }
	bad="$bad$(grep -rh '^#line ' "$t/v" | sort -u | awk -v v="$v" '
		function lines(f, n, r, l) {
			while ((r = (getline l <f)) > 0)
				n++
			close(f)
			return r < 0 ? -1 : n
		}
		{
			f = $0
			sub(/^#line [0-9]+ "/, "", f)
			sub(/"$/, "", f)
			if (!(f in len))
				len[f] = lines(f)
			if (len[f] < 0 || $2 + 0 > len[f])
				printf " %s(%s:%s)", v, f, $2
		}')"
done
[ -z "$bad" ]
ok $? "every variant's and skeleton's #line directives name a line of a file that exists" "$bad"
