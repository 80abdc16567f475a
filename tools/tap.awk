# tools/tap.awk: the one reading of a TAP or KTAP line, for every tool that
# reads the checks' results (tools/tapsum, tools/score.awk, tools/tap-results.awk).
# Not a program: it is loaded before one with awk -f tools/tap.awk -f ...
#
# tap_parse(LINE) classifies LINE and sets:
#   tap_kind   "result", "plan", "bail", "suite" (a "# suite: NAME" line
#              of tests/run), "diag" (any other "#" line) or "other"
#   tap_depth  the nesting level: KTAP indents each by four columns (older
#              KUnit by eight, or a tab, counted as eight)
#   tap_ok     1 for "ok", 0 for "not ok"
#   tap_desc   the description, without the number, the "-" before it and
#              the directive after it
#   tap_dir    "skip", "todo" or "" (the directive, "# SKIP ..." or
#              "# TODO ...", in any case)
#   tap_n      the plan's count, or the result's number (-1 when absent)
#   tap_text   for "suite", "bail" and "diag": the text after the marker
# A result line is "ok" or "not ok", a number if any, an optional "-",
# then the description: TAP 13 and 14 allow all of "ok 1 - a", "ok 1 a"
# and "ok a", and KUnit writes the second.

function tap_parse(line,    s, cols, c, rest, m) {
	tap_kind = "other"
	tap_ok = 0
	tap_desc = tap_dir = tap_text = ""
	tap_n = -1
	sub(/\r$/, "", line)
	cols = 0
	for (s = 1; s <= length(line); s++) {
		c = substr(line, s, 1)
		if (c == " ")
			cols++
		else if (c == "\t")
			cols += 8
		else
			break
	}
	tap_depth = int(cols / 4)
	rest = substr(line, s)
	if (rest ~ /^# suite: /) {
		tap_kind = "suite"
		tap_text = substr(rest, 10)
		return tap_kind
	}
	if (rest ~ /^Bail out!/) {
		tap_kind = "bail"
		tap_text = rest
		return tap_kind
	}
	if (rest ~ /^#/) {
		tap_kind = "diag"
		tap_text = rest
		sub(/^# ?/, "", tap_text)
		return tap_kind
	}
	if (rest ~ /^1\.\.[0-9]+/) {
		tap_kind = "plan"
		m = rest
		sub(/^1\.\./, "", m)
		sub(/[^0-9].*$/, "", m)
		tap_n = m + 0
		return tap_kind
	}
	if (rest ~ /^ok($|[ \t])/ || rest ~ /^not ok($|[ \t])/) {
		tap_kind = "result"
		tap_ok = rest ~ /^ok/
		sub(/^(not )?ok[ \t]*/, "", rest)
		if (match(rest, /^[0-9]+/)) {
			tap_n = substr(rest, 1, RLENGTH) + 0
			rest = substr(rest, RLENGTH + 1)
		}
		sub(/^[ \t]*(-[ \t]*)?/, "", rest)
		# The directive: an unescaped "#", then SKIP or TODO.
		if (match(rest, /[ \t]*#[ \t]*([Ss][Kk][Ii][Pp]|[Tt][Oo][Dd][Oo])([^A-Za-z]|$)/)) {
			m = tolower(substr(rest, RSTART, RLENGTH))
			tap_dir = (m ~ /skip/) ? "skip" : "todo"
			rest = substr(rest, 1, RSTART - 1)
		}
		tap_desc = rest
		return tap_kind
	}
	return tap_kind
}
