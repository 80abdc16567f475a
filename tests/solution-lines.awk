# tests/solution-lines.awk: the code lines of a chapter, each marked "in" (a
# line of a chunk a lab's skeleton replaces, or of a chunk such a chunk
# uses) or "out" (given to the student), for tests/labs.sh.
#   awk [-v numbers=1] -f tests/solution-lines.awk CHUNK-NAMES CHAPTER.nw CHAPTER.nw
FNR == 1 { pass++ }
pass == 1 { want["<<" $0 ">>="] = 1; next }
pass == 2 {
	if ($0 ~ /^<<.*>>=$/) { cur = $0; next }
	if ($0 ~ /^@( |$)/) { cur = ""; next }
	s = $0
	while (cur != "" && match(s, /<<[^>]*>>/)) {
		uses[cur] = uses[cur] SUBSEP substr(s, RSTART, RLENGTH) "="
		s = substr(s, RSTART + RLENGTH)
	}
	next
}
!closed {
	closed = 1
	do {
		grew = 0
		for (c in want) {
			n = split(uses[c], u, SUBSEP)
			for (i = 2; i <= n; i++)
				if (!(u[i] in want)) { want[u[i]] = 1; grew = 1 }
		}
	} while (grew)
}
/^<<.*>>=$/ { on = $0 in want; code = 1; next }
/^@( |$)/ { on = 0; code = 0; next }
# -v numbers=1: only the chapter's line number of each "in" line
# (tools/mutants mutates only those).
numbers { if (code && on) print FNR; next }
code && !/<<.*>>/ { print (on ? "in" : "out") "\t" $0 }
