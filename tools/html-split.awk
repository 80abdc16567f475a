# tools/html-split.awk: cut the one HTML document that noweave wrote for the
# whole book into one page per <h1> (a chapter), and make its links work
# across pages.  Run as
#
#   awk -v out=DIR -v pages="NAME..." -v front=N -v back=N -v book=TITLE \
#       -f tools/html-split.awk BOOK.html BOOK.html
#
# The file is read twice.  The first pass learns on which page every anchor
# is, and numbers what LaTeX would number: the chapters between the
# FRONT unnumbered pages at the start and the BACK ones at the end, their
# sections and subsections, and their figures.  The second pass writes
# DIR/NAME.html for each page (the pages in order) and DIR/index.html, with
#
# - every href="#X" whose anchor X is on another page made "PAGE.html#X";
# - every \ref (l2h writes an arrow) showing the number it refers to;
# - every \cite showing the numbers of the bibliography, as in the PDF;
# - every \label's "[*]" mark removed, a figure's replaced by its number.
#
# It fails when the number of <h1> is not the number of pages.
BEGIN {
	npages = split(pages, name, " ")
	# l2h's \label; noweave may have put an anchor of its own in it
	LABEL = "<a name=\"[^\"]*\"><b>(<a name=\"[^\"]*\">)?\\[\\*\\](</a>)?</b></a>"
	pass = 0
}
FNR == 1 { pass++; page = 0 }

function blank(s) {
	return s ~ /^[ \t]*(<p>)?[ \t]*$/
}
function strip(s) {
	gsub(/<[^>]*>/, "", s)
	gsub(/^[ \t]+|[ \t]+$/, "", s)
	return s
}
function numbered(p) {
	return p > front && p <= npages - back
}

# ---- pass 1: pages, anchors, numbers
pass == 1 && /<h1/ {
	page++
	chap = page - front
	sec = 0; sub_ = 0; fig = 0
	title[page] = strip($0)
	cur = numbered(page) ? chap : ""
	hnum[FNR] = cur
}
pass == 1 && /<h2/ && numbered(page) { sec++; sub_ = 0; cur = chap "." sec; hnum[FNR] = cur }
pass == 1 && /<h3/ && numbered(page) { sub_++; cur = chap "." sec "." sub_; hnum[FNR] = cur }
pass == 1 {
	s = $0
	while (match(s, / name="[^"]*"/)) {
		a = substr(s, RSTART + 7, RLENGTH - 8)
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
	if (match($0, /name="NWcite-[^"]*"/))
		cite[substr($0, RSTART + 13, RLENGTH - 14)] = ++ncites
	if (match($0, LABEL)) {
		a = substr($0, RSTART + 9)
		sub(/".*/, "", a)
		if (afterhead)
			num[a] = cur
		else if (numbered(page)) {
			num[a] = chap "." ++fig
			isfig[a] = 1
		}
	}
	if (/<h[1-4]/)
		afterhead = 1
	else if (!blank($0))
		afterhead = 0
	next
}

# ---- pass 2: write the pages
FNR == 1 && pass == 2 {
	if (page_count_checked++ == 0 && (bad || count_h1() != npages)) {
		if (!bad)
			print "tools/html-split.awk: " count_h1() " chapters (<h1>) in the woven HTML, but " \
				npages " pages named" >"/dev/stderr"
		exit 1
	}
}
function count_h1(    p) {
	for (p = 1; p in title; p++)
		;
	return p - 1
}
function file(p) {
	return name[p] ".html"
}
function label(p) {
	return (numbered(p) ? (p - front) " " : "") title[p]
}
function head(p) {
	f = out "/" file(p)
	print "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">" >f
	print "<title>" label(p) " &mdash; " book "</title>" >f
	print "<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>" >f
	nav(p, "top")
	print "<main>" >f
}
function nav(p, where_) {
	printf "<nav class=\"%s\">", where_ >f
	if (p > 1)
		printf "<a rel=\"prev\" href=\"%s\">&larr; %s</a> &middot; ", file(p - 1), label(p - 1) >f
	printf "<a href=\"index.html\">Contents</a>" >f
	if (p < npages)
		printf " &middot; <a rel=\"next\" href=\"%s\">%s &rarr;</a>", file(p + 1), label(p + 1) >f
	print "</nav>" >f
}
function foot(p) {
	print "</main>" >f
	print "<footer>" >f
	nav(p, "bottom")
	print "</footer>\n</body>\n</html>" >f
	close(f)
}
pass == 2 && /<h1/ {
	i = index($0, "<h1")
	if (page > 0 && i > 1)
		print substr($0, 1, i - 1) >f
	$0 = substr($0, i)
	if (page > 0)
		foot(page)
	page++
	head(page)
}
pass == 2 && page == 0 { next }
pass == 2 {
	line = $0
	if (FNR in hnum && hnum[FNR] != "")
		sub(/<h[1-3]>/, "&" hnum[FNR] "\\&nbsp; ", line)
	# a \label's mark
	if (match(line, LABEL)) {
		m = substr(line, RSTART, RLENGTH)
		a = substr(m, 10)
		sub(/".*/, "", a)
		mark = (a in isfig) ? "<b>Figure " num[a] "</b>" : ""
		inner = ""
		if (match(substr(m, 10), /<a name="[^"]*">/))
			inner = substr(m, 9 + RSTART, RLENGTH) "</a>"
		line = substr(line, 1, index(line, m) - 1) "<a name=\"" a "\">" mark "</a>" inner \
			substr(line, index(line, m) + length(m))
	}
	# a \cite shows numbers, as in the PDF; each entry is a paragraph
	gsub(/\[cite&nbsp;/, "[", line)
	if (line ~ /^<a name="NWcite-/)
		line = "<p>" line
	# every internal link: the page it goes to, and a \ref's or \cite's number
	res = ""
	while (match(line, /href="#[^"]*">(\[&lt;-\]|\[-&gt;\])?/)) {
		m = substr(line, RSTART, RLENGTH)
		a = substr(m, 8)
		sub(/".*/, "", a)
		target = (a in where && where[a] != page) ? file(where[a]) : ""
		text = ""
		if (m ~ /\]$/)
			text = (a in num && num[a] != "") ? num[a] : (a in where ? strip(title[where[a]]) : substr(m, index(m, ">") + 1))
		res = res substr(line, 1, RSTART - 1) "href=\"" target "#" a "\">" text
		line = substr(line, RSTART + RLENGTH)
		k = substr(a, 8)
		if (a ~ /^NWcite-/ && (k in cite) && substr(line, 1, length(k) + 4) == k "</a>")
			line = cite[k] substr(line, length(k) + 1)
	}
	print res line >f
	next
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
		print "<li><a href=\"" file(p) "\">" label(p) "</a></li>" >f
	print "</ul>" >f
	print "<p>The HTML edition of the book; the figures drawn from measured data are in the PDF edition, <code>book/book.pdf</code>.</p>" >f
	print "</main>\n<footer><nav class=\"bottom\"><a rel=\"next\" href=\"" file(1) "\">" label(1) " &rarr;</a></nav></footer>\n</body>\n</html>" >f
	close(f)
}
