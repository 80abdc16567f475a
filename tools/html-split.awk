# tools/html-split.awk: cut the one HTML document that noweave wrote for the
# whole book into one page per <h1> (a chapter), and make its links work
# across pages.  Run as
#
#   awk -v out=DIR -v pages="NAME..." -v book=TITLE -v subtitle=TEXT \
#       -f tools/html-split.awk BOOK.html BOOK.html
#
# The file is read twice.  The first pass learns on which page every anchor
# (name= or id=) is.  The second writes DIR/NAME.html for each page (the
# pages in order) and DIR/index.html, with every href="#X" whose anchor X
# is on another page made "PAGE.html#X", and without the paragraph that
# tohtml opens before a documentation chunk where the chunk starts with a
# block of its own (a heading, a paragraph, a list...).  Pandoc numbered
# the headings and the cross-references (tools/html-docs); the chapters
# after the paragraph LITAPPENDIX (\appendix) are lettered A, B... here,
# in their headings and in every reference to them, as in the PDF.
#
# It fails when the number of <h1> is not the number of pages, and when an
# anchor is defined twice or before the first chapter.
BEGIN {
	npages = split(pages, name, " ")
	pass = 0
}
FNR == 1 { pass++; page = 0 }

function strip(s) {
	gsub(/<[^>]*>/, "", s)
	gsub(/^[ \t]+|[ \t]+$/, "", s)
	return s
}

# ---- pass 1: pages, anchors, the appendix's letters
pass == 1 && /^<p>LITAPPENDIX<\/p>$/ { appendix = 1 }
pass == 1 && /<h1/ {
	page++
	if (appendix && match($0, /data-number="[0-9]+"/))
		letter[substr($0, RSTART + 13, RLENGTH - 14)] = substr("ABCDEFGHIJ", ++appendices, 1)
	title[page] = strip(letters($0))
}
pass == 1 {
	s = $0
	while (match(s, / (name|id)="[^"]*"/)) {
		a = substr(s, RSTART + 1, RLENGTH - 2)
		sub(/^[a-z]*="/, "", a)
		if (page == 0) {
			print "tools/html-split.awk: anchor " a " before the first chapter" >"/dev/stderr"
			bad = 1
		}
		if (a in where) {
			print "tools/html-split.awk: anchor " a " defined twice" >"/dev/stderr"
			bad = 1
		}
		where[a] = page
		s = substr(s, RSTART + RLENGTH)
	}
	next
}

# ---- pass 2: write the pages
FNR == 1 && pass == 2 {
	if (bad || page_count() != npages) {
		if (!bad)
			print "tools/html-split.awk: " page_count() " chapters (<h1>) in the woven HTML, but " \
				npages " pages named" >"/dev/stderr"
		exit 1
	}
}
function page_count(    p) {
	for (p = 1; p in title; p++)
		;
	return p - 1
}
function file(p) {
	return name[p] ".html"
}
function head(p) {
	f = out "/" file(p)
	print "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">" >f
	print "<title>" title[p] " &mdash; " book "</title>" >f
	print "<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>" >f
	nav(p, "top")
	print "<main>" >f
}
function nav(p, where_) {
	printf "<nav class=\"%s\">", where_ >f
	if (p > 1)
		printf "<a rel=\"prev\" href=\"%s\">&larr; %s</a> &middot; ", file(p - 1), title[p - 1] >f
	printf "<a href=\"index.html\">Contents</a>" >f
	if (p < npages)
		printf " &middot; <a rel=\"next\" href=\"%s\">%s &rarr;</a>", file(p + 1), title[p + 1] >f
	print "</nav>" >f
}
function foot(p) {
	print "</main>" >f
	print "<footer>" >f
	nav(p, "bottom")
	print "</footer>\n</body>\n</html>" >f
	close(f)
}
# A chapter's or a section's number, N or N.M..., with the appendix's
# letter for N: in data-number="", in the number of a heading, in the
# text of a link to it.
function letters(s,    out, m, n, pre) {
	out = ""
	while (match(s, /(data-number="|<span class="header-section-number">|data-reference-type="ref" data-reference="[^"]*">)[0-9]+[.<"]/)) {
		m = substr(s, RSTART, RLENGTH)
		pre = m
		sub(/[0-9]+.$/, "", pre)
		n = substr(m, length(pre) + 1, length(m) - length(pre) - 1)
		out = out substr(s, 1, RSTART - 1) pre ((n in letter) ? letter[n] : n) substr(m, length(m))
		s = substr(s, RSTART + RLENGTH)
	}
	return out s
}

pass == 2 && /^<p>LITAPPENDIX<\/p>$/ { next }
pass == 2 {
	line = letters($0)
	while (match(line, /<p><(p|h[1-6]|pre|ul|ol|dl|div|table|blockquote)[ >]/))
		line = substr(line, 1, RSTART - 1) substr(line, RSTART + 3)
	if (line ~ /<h1/) {
		i = index(line, "<h1")
		if (page > 0 && i > 1)
			print substr(line, 1, i - 1) >f
		line = substr(line, i)
		if (page > 0)
			foot(page)
		page++
		head(page)
	}
	if (page == 0)
		next
	# every internal link: the page its anchor is on
	res = ""
	while (match(line, /href="#[^"]*"/)) {
		a = substr(line, RSTART + 7, RLENGTH - 8)
		res = res substr(line, 1, RSTART - 1) "href=\"" \
			((a in where && where[a] != page) ? file(where[a]) : "") "#" a "\""
		line = substr(line, RSTART + RLENGTH)
	}
	print res line >f
}
END {
	if (pass != 2 || page == 0)
		exit 1
	foot(page)
	f = out "/index.html"
	print "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">" >f
	print "<title>" book "</title>" >f
	print "<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<main>" >f
	print "<h1>" book "</h1>" >f
	if (subtitle != "")
		print "<p class=\"subtitle\">" subtitle "</p>" >f
	print "<h2>Contents</h2>\n<ul class=\"toc\">" >f
	for (p = 1; p <= npages; p++)
		print "<li><a href=\"" file(p) "\">" title[p] "</a></li>" >f
	print "</ul>" >f
	print "<p>The HTML edition of the book; the figures drawn from measured data are in the PDF edition, <code>book/book.pdf</code>.</p>" >f
	print "</main>\n<footer><nav class=\"bottom\"><a rel=\"next\" href=\"" file(1) "\">" title[1] " &rarr;</a></nav></footer>\n</body>\n</html>" >f
	close(f)
}
