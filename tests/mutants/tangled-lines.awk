# tests/mutants/tangled-lines.awk: where each line of a tangled C file
# comes from, for tools/mutants: "LINE<TAB>FILE<TAB>CHAPTER-LINE" for every
# line that follows a #line directive (notangle -L writes one at the start
# of every chunk and after every chunk it includes).
#   awk -f tests/mutants/tangled-lines.awk TANGLED.c
/^#line [0-9]+ "/ {
	base = $2
	file = $3
	gsub(/"/, "", file)
	next_line = FNR + 1
	next
}
file != "" { print FNR "\t" file "\t" (base + FNR - next_line) }
