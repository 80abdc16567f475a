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
pages=$(sed -n 's/^Output written on book.pdf (\([0-9]*\) pages.*/\1/p' "$log")
[ "${pages:-0}" -gt 10 ]
ok $? "the book has pages ($pages)"
grep -q 'nwixident\|\\nwixlogsorted{i}' book/woven/chapters.tex
ok $? "the woven chapters carry an identifier index"
strays=$(noroots chunks/*.nw | grep -v -e '^<<tangled/' -e '^<<excerpt: ')
expect_eq "$strays" "" "every root chunk is a tangled file or a marked 2.6 excerpt"
for ch in $(cat book/chapters); do
	grep -q "^\\\\chapter" "chunks/$ch.nw"
	ok $? "chunks/$ch.nw is a chapter of the book"
done
