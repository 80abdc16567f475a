#!/bin/sh
# The HTML suite: make html builds the HTML edition (build/html/); its
# contents page lists the chapters in the order of book/chapters; every
# chunk of the chapters is on a page; every local link resolves
# (tools/html-links), and the checker does report a removed anchor and a
# removed page; every page renders in headless Chromium with its title,
# one heading and its footer; screenshots of the contents page and of a
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

# The browser: every page renders; two screenshots.
browse() {	# browse ARGS... URL: headless Chromium with an empty profile
	rm -rf "$t/profile"
	mkdir "$t/profile"
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$t/profile" "$@" 2>>"$out/chromium.err"
}
command -v chromium >/dev/null
ok $? "chromium is installed (tools/deps html)"
top=$(pwd)
for p in index $pages; do
	browse --dump-dom "file://$top/$html/$p.html" >"$out/$p.dom"
	title=$(sed -n 's:^<title>\(.*\)</title>$:\1:p' "$html/$p.html" | sed 's/&mdash;/—/g')
	h1=$(grep -o '<h1[ >]' "$out/$p.dom" | wc -l)
	[ -s "$out/$p.dom" ] && grep -qF "<title>$title</title>" "$out/$p.dom" &&
		[ "$h1" = 1 ] && grep -q '<footer>' "$out/$p.dom"
	ok $? "$p.html renders: \"$title\", one heading, the footer" \
		"$(wc -c <"$out/$p.dom") bytes of DOM, $h1 <h1>; $(tail -n 3 "$out/chromium.err")"
done

png_size() {	# png_size FILE: "WIDTHxHEIGHT" from the PNG header
	od -An -tu1 -j16 -N8 "$1" |
		awk '{ printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}
for p in index kzalloc; do
	shot=$out/$p.png
	browse --screenshot="$top/$shot" --window-size=1200,1600 "file://$top/$html/$p.html" >/dev/null
	size=$(png_size "$shot" 2>/dev/null)
	bytes=$(wc -c <"$shot" 2>/dev/null || echo 0)
	[ "$(head -c 4 "$shot" 2>/dev/null | tail -c 3)" = PNG ] && [ "$size" = 1200x1600 ] && [ "$bytes" -gt 20000 ]
	ok $? "a screenshot of $p.html: $shot, $size, $bytes bytes" "$(tail -n 3 "$out/chromium.err")"
done

# For a run on its own: the exit status says whether anything failed.
# shellcheck disable=SC2154  # tap_failed: tap.sh counts
[ "$tap_failed" = 0 ]
