#!/bin/sh
# The book suite: the PDF was built by this run, with no undefined
# reference, and every chunk in it is either built and run or marked as a
# 2.6 excerpt.
. tangled/harness/tap.sh
log=book/book.log
make --no-print-directory pdf >build/test/pdf.log 2>&1
ok $? "make pdf" "$(tail -n 20 build/test/pdf.log)"
[ -f book/book.pdf ] && [ -f "$log" ] && [ ! book/book.pdf -ot book/woven/chapters.tex ]
ok $? "make pdf produced book/book.pdf from the current chapters" "$(tail -n 20 build/test/pdf.log)"
! grep -E "(Reference|Citation).*undefined|There were undefined references" "$log" >/dev/null
ok $? "no undefined references or citations" "$(grep -E 'undefined' "$log")"
overfull() {	# overfull LOG: the boxes more than 4pt too wide
	awk '/^Overfull \\hbox \(/ { w = $3; sub(/^\(/, "", w); sub(/pt$/, "", w); if (w + 0 > 4) print }' "$1"
}
expect_eq "$(overfull "$log")" "" "no line of the book sticks out of the page by more than 4pt"
# The cause, where it is in code: a line wider than the code column (about
# 100 characters of small typewriter type), named by its .nw line.
wide() {	# wide NW...: the code lines over 96 columns
	awk '
		/^<<.*>>=$/ { code = 1; next }
		/^@( |$)/ { code = 0; next }
		code {
			col = 0
			for (i = 1; i <= length($0); i++)
				col = substr($0, i, 1) == "\t" ? col + 8 - col % 8 : col + 1
			if (col > 96)
				printf "%s:%d: %d columns\n", FILENAME, FNR, col
		}' "$@"
}
expect_eq "$(wide chunks/*.nw)" "" "every line of code fits the code column (96 columns, tabs of 8)"
# Both can fail: a box 4.5pt too wide, and a line of 97 columns.
t=$(mktemp -d)
printf '%s\n' 'Overfull \hbox (3.9pt too wide) in paragraph at lines 1--2' \
	'Overfull \hbox (4.5pt too wide) in paragraph at lines 3--4' >"$t/book.log"
expect_eq "$(overfull "$t/book.log" | wc -l)" 1 "a box 4.5pt too wide is caught, one of 3.9pt is not"
{
	echo '<<wide>>='
	printf '\t%089d\n' 0
	printf '\t%088d\n' 0
	echo '@'
} >"$t/wide.nw"
expect_eq "$(wide "$t/wide.nw" | sed 's|.*/||')" "wide.nw:2: 97 columns" \
	"a code line of 97 columns is named by its .nw line, one of 96 is not"
rm -rf "$t"
nodata=$(grep '^lit26: no data' "$log")
expect_eq "$nodata" "" "every figure is drawn from measured data"
pages=$(sed -n 's/^Output written on book.pdf (\([0-9]*\) pages.*/\1/p' "$log")
[ "${pages:-0}" -gt 10 ]
ok $? "the book has pages ($pages)"
grep -q 'nwixident\|\\nwixlogsorted{i}' book/woven/chapters.tex
ok $? "the woven chapters carry an identifier index"
strays=$(noroots chunks/*.nw | grep -v -e '^<<tangled/' -e '^<<excerpt: ')
expect_eq "$strays" "" "every root chunk is a tangled file or a marked 2.6 excerpt"

# And every tangled file is built, run or read by something that is: a C
# file has its object, program or probe result (this suite runs after the
# others), a header is included, a Kbuild file built a module, and a
# script or semantic patch is named by the code that runs it.
consumers="Makefile tools/* $(ls tests/*.sh | grep -vx tests/book.sh) tests/run uml/* $(find tangled -type f \
	\( -name '*.sh' -o -name '*.c' -o -name '*.h' -o -name 'Kbuild' \) ! -name '*.mod.c')"
unused() {	# unused TANGLED-FILE...: the ones nothing uses
	for f in "$@"; do
		ch=${f#tangled/}
		ch=${ch%%/*}
		rel=${f#tangled/"$ch"/}
		b=$(basename "$f")
		case $f in
		*/user/*.c) [ -x "build/rootfs/lab/${b%.c}" ] && continue ;;
		*/probes/*.c) grep -q "^$f	" build/catalogue/results.tsv 2>/dev/null && continue ;;
		*.c) [ -f "${f%.c}.o" ] && continue ;;
		*.h) grep -rqs "#include \"$b\"" "tangled/$ch" && continue ;;
		*/Kbuild) ls "$(dirname "$f")"/*.ko >/dev/null 2>&1 && continue ;;
		*.cocci) grep -qw -e "${b%.cocci}" "$(dirname "$f")/apply.sh" 2>/dev/null && continue ;;
		esac
		# A chapter's parts (tools/parts: its check, facts, demo and
		# tables) are run by convention, for each chapter that
		# book/chapters names: their names, which every chapter
		# shares, say nothing.
		case $(tools/parts --of "$f") in
		check | facts | demo | bench | hostbench)
			grep -qx -e "$ch" book/chapters && continue
			echo "$f"
			continue
			;;
		esac
		# By its path in the chapter's directory, or a C file by its name
		# without .c (a program the tests build from it).
		# shellcheck disable=SC2086  # $consumers is a list of files
		grep -lF -e "$rel" $consumers 2>/dev/null | grep -qvx "$f" && continue
		# shellcheck disable=SC2086
		case $f in
		*.c) grep -lw -e "${b%.c}" $consumers 2>/dev/null | grep -qvx "$f" && continue ;;
		esac
		echo "$f"
	done
}
files=$(noroots chunks/*.nw | sed -n 's/^<<\(tangled\/.*\)>>$/\1/p')
# shellcheck disable=SC2086  # $files is a list of paths
expect_eq "$(unused $files)" "" \
	"every file the book tangles ($(echo "$files" | wc -l)) is built, run or read by what is"
expect_eq "$(unused tangled/kzalloc/never-used.sh tangled/kzalloc/never_used.c \
	tangled/not-a-chapter/check.sh)" \
	"tangled/kzalloc/never-used.sh
tangled/kzalloc/never_used.c
tangled/not-a-chapter/check.sh" "a tangled file that nothing uses is named"
# Before/after pairs: every \chunkdiff line has its coloured diff, and a
# wrong one stops the build at its .nw line.
want=$(cat chunks/*.nw | grep -c '^\\chunkdiff{')
have=$(grep -l -e '\\litold{' -e '\\litnew{' book/woven/diffs/*.tex 2>/dev/null | wc -l)
[ "$want" -gt 0 ] && [ "$have" = "$want" ]
ok $? "each of the $want chunkdiff lines has a coloured diff in the PDF" "found $have"
t=$(mktemp -d)
printf '%s\n' '<<old>>=' 'a();' '@' '<<new>>=' 'b();' '@' '\chunkdiff{x}{old}{newer}' >"$t/bad.nw"
msg=$(CHUNKDIFF_OUT=$t/out tools/chunkdiff "$t/bad.nw" 2>&1)
[ $? != 0 ] && printf '%s\n' "$msg" | grep -q "bad.nw:7: .*<<newer>>"
ok $? "a chunkdiff of a chunk that does not exist fails at its .nw line" "$msg"
printf '%s\n' '<<old>>=' 'a();' '@' '<<new>>=' 'a();' '@' '\chunkdiff{x}{old}{new}' >"$t/same.nw"
msg=$(CHUNKDIFF_OUT=$t/out tools/chunkdiff "$t/same.nw" 2>&1)
[ $? != 0 ] && printf '%s\n' "$msg" | grep -q "same.nw:7: .*the same code"
ok $? "a chunkdiff of two equal chunks fails at its .nw line" "$msg"
rm -rf "$t"
# The lab appendix has every lab, with every test of its points table.
labs=$(tools/labs | wc -w)
sections=$(grep -c '^\\section' book/woven/labs.tex)
rows=$(grep -v '^\\hline [0-9]* & in all' book/woven/labs.tex | grep -c ' \\\\$')
tests=$(for lab in $(tools/labs); do cat "$(tools/points "$lab")"; done | awk -F'\t' 'NF == 2 && !/^#/' | wc -l)
expect_eq "$sections labs, $rows tests" "$labs labs, $tests tests" \
	"the lab appendix has every lab and every test of its points"
# and, for every lab whose mutants were graded, the check's strength as
# tools/mutants measured it.
for s in build/mutants/*/summary.tsv; do
	[ -f "$s" ] || continue
	IFS='	' read -r lab _ _ _ killed surv rate _ <"$s"
	grep -q "the check kills $killed of the $((killed + surv)) mutants .*($rate\\\\%)" book/woven/labs.tex
	ok $? "the lab appendix gives the $lab lab's mutation score, $killed of $((killed + surv))"
done
for ch in $(cat book/chapters); do
	grep -q "^\\\\chapter" "chunks/$ch.nw"
	ok $? "chunks/$ch.nw is a chapter of the book"
done
