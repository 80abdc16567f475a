#!/bin/sh
# The HTML suite: make html builds the HTML edition (build/html/); its
# contents page lists the chapters in the order of book/chapters; every
# chunk of the chapters is on a page; every local link resolves
# (tools/html-links), and the checker does report a removed anchor and a
# removed page; every page renders in headless Chromium (one, driven by
# ChromeDriver) with its title, one heading and its footer; screenshots of the contents page and of a
# chapter are kept in build/test/html/.
cd "$(dirname "$0")/.." || exit 2
out=build/test/html
html=build/html
rm -rf "$out"
mkdir -p "$out"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

start=$(date +%s.%N)
make --no-print-directory html >"$out/make.log" 2>&1
status=$?
secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
. tangled/harness/tap.sh
ok $status "make html (${secs} s)" "$(tail -n 20 "$out/make.log")"

pages="preface $(tr '\n' ' ' <book/chapters)chunks identifiers bibliography"
listed=$(sed -n 's/^<li><a href="\([^"]*\)\.html">.*/\1/p' "$html/index.html" | tr '\n' ' ')
expect_eq "$listed" "$pages " "index.html lists the preface, the chapters in book/chapters order, the indexes"
missing=
for p in $pages; do
	[ -s "$html/$p.html" ] || missing="$missing $p.html"
done
expect_eq "$missing" "" "every page listed is there"

defs=$(cat chunks/*.nw | grep -c '^<<.*>>=$')
shown=$(cat "$html"/*.html | grep -o '<dfn>' | wc -l)
expect_eq "$shown" "$defs" "every chunk definition of the chapters is shown on a page ($defs)"

report=$(tools/html-links "$html" 2>&1)
ok $? "every link resolves: $(echo "$report" | tail -n 1)" "$report"
links=$(echo "$report" | sed -n 's/^\([0-9]*\) links.*/\1/p' | tail -n 1)
[ "${links:-0}" -gt 1000 ]
ok $? "the checker saw the chunk links ($links, more than 1000)"
across=$(cat "$html"/*.html | grep -o 'href="[^"#:]*\.html#[^"]*"' | wc -l)
[ "$across" -gt 0 ]
ok $? "links between pages go to PAGE.html#anchor ($across)"

# The checker can fail: a copy with one anchor that links point to
# removed, and one with a page removed.
cp -r "$html" "$t/anchor"
anchor=
for a in $(sed -n 's/.*<pre><a name="\([^"]*\)".*/\1/p' "$html/kzalloc.html"); do
	grep -q "href=\"[^\"]*#$a\"" "$html"/*.html && anchor=$a && break
done
sed "s/<pre><a name=\"$anchor\"/<pre><a/" "$html/kzalloc.html" >"$t/anchor/kzalloc.html"
report=$(tools/html-links "$t/anchor" 2>&1)
[ $? = 1 ] && echo "$report" | grep -q "broken link [^ ]*#$anchor: no anchor $anchor in kzalloc.html"
ok $? "the checker reports the links to a removed anchor ($anchor)" "$report"
cp -r "$html" "$t/page"
rm "$t/page/chunks.html"
report=$(tools/html-links "$t/page" 2>&1)
[ $? = 1 ] && echo "$report" | grep -q "broken link chunks.html.*: no file chunks.html"
ok $? "the checker reports the links to a removed page" "$(echo "$report" | tail -n 5)"

# What pandoc translated (tools/html-docs): numbers, letters, colours.
bad=$(cat "$html"/*.html | grep -o 'data-reference-type="ref" data-reference="[^"]*">[^<]*' |
	grep -v '">[0-9A-Z][0-9.]*$')
expect_eq "$bad" "" "every \\ref shows a chapter's, a section's or a figure's number"
# Every number a \ref shows is the number the PDF shows (book/book.aux,
# which make pdf writes; it is made here when older than a chapter).
for f in chunks/*.nw book/book.tex; do
	[ book/book.aux -nt "$f" ] || { make --no-print-directory pdf >"$out/pdf.log" 2>&1; break; }
done
report=$(cat "$html"/*.html | grep -o 'href="[^"]*#[^"]*"[^>]*>[^<]*' | awk '
	FNR == NR {
		if (match($0, /^\\newlabel\{[^}]*\}\{\{[^}]*\}/)) {
			split(substr($0, 11, RLENGTH - 11), p, /\}\{\{/)
			pdf[p[1]] = p[2]
		}
		next
	}
	{
		a = $0; sub(/^href="[^#]*#/, "", a); sub(/".*/, "", a)
		shown = $0; sub(/.*>/, "", shown)
		if (!(a in pdf))
			next
		n++
		if (shown != pdf[a]) { print a ": the HTML shows " shown ", the PDF " pdf[a]; bad++ }
	}
	END { print n " references, " bad + 0 " differ" }' book/book.aux -)
echo "$report" | tail -n 1 | grep -q '^[1-9][0-9]* references, 0 differ$'
ok $? "every \\ref shows the number the PDF shows: $(echo "$report" | tail -n 1)" "$report"
figs=$(cat "$html"/*.html | sed -n 's/.*<strong>Figure \([0-9.]*\):<\/strong>.*/\1/p' | tr '\n' ' ')
refs=$(cat "$html"/*.html | grep -o 'href="[^"]*#fig:[^"]*"[^>]*>[^<]*' | sed 's/.*>//' | awk '!seen[$0]++' | tr '\n' ' ')
# (A figure may be referred to more than once: its number counts once.)
expect_eq "$refs" "$figs" "each figure is numbered as in the PDF, and the \\ref to it shows that number"
appendix="$(sed -n 's:^<li><a href="labs.html">\(.*\)</a></li>$:\1:p' "$html/index.html"),$(grep -o '<h[12] data-number="[^"]*"' "$html/labs.html" | sed 's/.*="//;s/"//' | head -n 3 | tr '\n' ' ')"
expect_eq "$appendix" "A The labs,A A.1 A.2 " "the chapter after \\appendix is lettered A, its sections A.1..."
removed=$(grep -c '^-\([^-]\|$\)' book/woven/legacy.diff)
added=$(grep -c '^+\([^+]\|$\)' book/woven/legacy.diff)
red=$(grep -o '<span class="st">-' "$html/legacy.html" | wc -l)
green=$(grep -o '<span class="va">+' "$html/legacy.html" | wc -l)
expect_eq "$red $green" "$removed $added" "the legacy diff's removed and added lines are marked for their colours"

# The prose quotes what make data measured in the HTML edition too: the
# harness chapter's paragraph on a fresh guest's cost shows the value of
# \measuredfresh in build/data/harness-times.tex, or "[see PDF]" where
# that file is missing (make html needs no kernel).  Fails when
# tools/html-docs.awk shows "[see PDF]" for a value it has, or a value
# where it has none.
data=build/data/harness-times.tex
said=$(sed 's/<[^>]*>//g' "$html/harness.html" | tr -s ' \n' '  ' | grep -o 'costs some [^,]*, and more with kmemleak')
if [ -f "$data" ]; then
	fresh=$(sed -n 's/^\\def\\measuredfresh{\(.*\)}$/\1/p' "$data")
	printf '%s\n' "$said" | grep -q -x "costs some ${fresh}[^,0-9a-z]*s, and more with kmemleak"
	ok $? "the HTML quotes the measured cost of a fresh guest (${fresh:-none} s in $data)" "it says: $said"
else
	printf '%s\n' "$said" | grep -q -x 'costs some \[see PDF\][^,0-9a-z]*s, and more with kmemleak'
	ok $? "without measurements the HTML sends the reader to the PDF for the cost of a fresh guest" "it says: $said"
fi

# The translation on prose written for the test: mathematics is set as
# MathML; a command pandoc would drop fails the run, named with its line.
markup() {	# markup LINE...: one documentation chunk of t.nw, as noweb's markup
	printf '@file t.nw\n@begin docs 0\n'
	for l in "$@"; do printf '@text %s\n@nl\n' "$l"; done
	printf '@end docs 0\n'
}
mkdir "$t/docs"
# shellcheck disable=SC2016  # TeX's $, not the shell's
{ markup 'A size of $2^{64}-1$ bytes, and ' | sed '$d;/^@nl$/d'; printf '@quote\n@text x\n@endquote\n@text .\n@nl\n@end docs 0\n'; } |
	tools/html-docs "$t/docs" >"$t/docs.out" 2>"$t/docs.err"
status=$?
[ $status = 0 ] && grep -q '<msup><mn>2</mn><mn>64</mn></msup>' "$t/docs.out" && grep -q '^@quote$' "$t/docs.out" &&
	[ "$(grep -A3 '^@quote$' "$t/docs.out" | tr '\n' ' ')" = "@quote @text x @endquote @text .</p> " ]
ok $? "mathematics in the prose is set as MathML, quoted code is left to noweb" "status $status; $(cat "$t/docs.err" "$t/docs.out")"
markup 'First line.' 'A \fbox{boxed} word.' | tools/html-docs "$t/docs" >"$t/docs.out" 2>"$t/docs.err"
status=$?
[ $status != 0 ] && grep -q '^t.nw:2: the HTML edition would lose \\fbox{boxed}' "$t/docs.err"
ok $? "a LaTeX command the translation would drop stops it, named with its .nw line" "status $status; $(cat "$t/docs.err")"
# A value measured is quoted where its block read it, and only until
# the next block that defines the macro: a chapter whose measurements
# are missing sends the reader to the PDF, not to another chapter's
# value.  Fails when the values are global (the second paragraph would
# show 4.25), not read (the first would show [see PDF]), or taken as
# defined only where the block defines them (\measuredy would be lost).
data=build/data/lit26-html-test-$$.tex
trap 'rm -rf "$t" "$data"' EXIT
mkdir -p build/data
printf '%s\n' '\def\measuredx{4.25}' '\def\measuredy{7}' >"$data"
markup "\\def\\measuredx{??}\\IfFileExists{../$data}{\\input{../$data}}{}" '' 'First \measuredx{} here, \measuredy{} too.' '' \
	'\def\measuredx{??}\IfFileExists{../build/data/lit26-no-such-file.tex}{\input{../build/data/lit26-no-such-file.tex}}{}' \
	'' 'Then \measuredx{} there.' | tools/html-docs "$t/docs" >"$t/docs.out" 2>"$t/docs.err"
status=$?
rm -f "$data"
[ $status = 0 ] && grep -q 'First 4.25 here, 7 too.' "$t/docs.out" && grep -q 'Then \[see PDF\] there.' "$t/docs.out"
ok $? "a measured value is quoted after the block that read it, and only until a block that defines it again" \
	"status $status; $(cat "$t/docs.err" "$t/docs.out")"
{ markup '\begin{itemize}' '\item open' | sed '$d'; printf '@end docs 0\n@begin docs 1\n@text \\item next\n@nl\n@text \\end{itemize}\n@nl\n@end docs 1\n'; } |
	tools/html-docs "$t/docs" >"$t/docs.out" 2>"$t/docs.err"
status=$?
[ $status != 0 ] && grep -q '^t.nw:3: pandoc lost the start of this documentation chunk: .* (t.nw:1)' "$t/docs.err"
ok $? "an environment a chunk leaves open stops the translation, named with its .nw lines" "status $status; $(cat "$t/docs.err")"

# The browser: every page renders; two screenshots.  One headless
# Chromium serves every page, driven by ChromeDriver (WebDriver, through
# curl): a Chromium started for each of the 30 pages took two seconds
# each, most of the suite's time.
command -v chromium >/dev/null && command -v chromedriver >/dev/null
ok $? "chromium and chromedriver are installed (tools/deps html)"
chromedriver --port=0 >"$out/chromedriver.log" 2>&1 &
driver=$!
trap 'kill "$driver" 2>/dev/null; rm -rf "$t"' EXIT
port=
i=0
while [ -z "$port" ] && [ $i -lt 100 ] && kill -0 "$driver" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
	port=$(sed -n 's/.*started successfully on port \([0-9]*\)\./\1/p' "$out/chromedriver.log")
done
wd() {	# wd METHOD PATH [JSON]: one WebDriver request; its answer's value
	curl -s -S --max-time 60 -X "$1" -H 'Content-Type: application/json' \
		${3:+--data "$3"} "http://127.0.0.1:$port$2" 2>>"$out/chromedriver.log" | jq -r .value
}
profile=$t/profile
mkdir "$profile"
session=$(wd POST /session "$(jq -n -c --arg profile "$profile" '{capabilities: {alwaysMatch: {
	"goog:chromeOptions": {binary: "/usr/bin/chromium", args: ["--headless", "--no-sandbox",
	"--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--user-data-dir=" + $profile]}}}}')" |
	jq -r .sessionId 2>/dev/null)
[ -n "$session" ] && [ "$session" != null ]
ok $? "chromedriver starts a headless Chromium session" "$(tail -n 5 "$out/chromedriver.log")"
top=$(pwd)
for p in index $pages; do
	wd POST "/session/$session/url" "{\"url\": \"file://$top/$html/$p.html\"}" >/dev/null
	wd GET "/session/$session/source" >"$out/$p.dom"
	title=$(sed -n 's:^<title>\(.*\)</title>$:\1:p' "$html/$p.html" | sed 's/&mdash;/—/g')
	h1=$(grep -o '<h1[ >]' "$out/$p.dom" | wc -l)
	[ -s "$out/$p.dom" ] && grep -qF "<title>$title</title>" "$out/$p.dom" &&
		[ "$h1" = 1 ] && grep -q '<footer>' "$out/$p.dom"
	ok $? "$p.html renders: \"$title\", one heading, the footer" \
		"$(wc -c <"$out/$p.dom") bytes of DOM, $h1 <h1>; $(tail -n 3 "$out/chromedriver.log")"
done

png_size() {	# png_size FILE: "WIDTHxHEIGHT" from the PNG header
	od -An -tu1 -j16 -N8 "$1" |
		awk '{ printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}
# The page's own size, as a screen of 1200 by 1600 pixels shows it (the
# window's size would leave out what the browser's frame takes).
wd POST "/session/$session/goog/cdp/execute" '{"cmd": "Emulation.setDeviceMetricsOverride",
	"params": {"width": 1200, "height": 1600, "deviceScaleFactor": 1, "mobile": false}}' >/dev/null
for p in index kzalloc; do
	shot=$out/$p.png
	wd POST "/session/$session/url" "{\"url\": \"file://$top/$html/$p.html\"}" >/dev/null
	wd GET "/session/$session/screenshot" | base64 -d >"$shot" 2>/dev/null
	size=$(png_size "$shot" 2>/dev/null)
	bytes=$(wc -c <"$shot" 2>/dev/null || echo 0)
	[ "$(head -c 4 "$shot" 2>/dev/null | tail -c 3)" = PNG ] && [ "$size" = 1200x1600 ] && [ "$bytes" -gt 20000 ]
	ok $? "a screenshot of $p.html: $shot, $size, $bytes bytes" "$(tail -n 3 "$out/chromedriver.log")"
done
wd DELETE "/session/$session" >/dev/null

# For a run on its own: the exit status says whether anything failed.
# shellcheck disable=SC2154  # tap_failed: tap.sh counts
[ "$tap_failed" = 0 ]
