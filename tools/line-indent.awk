# notangle -L keeps every line of a chunk in the column it has in the .nw
# file, and writes the indentation of a chunk reference on a line of its
# own, before the #line directive of the chunk it includes.  Put that
# indentation in front of every line of the included chunk instead
# (nested references add up), so that the output is indented as the code
# reads in the book and has no whitespace-only lines.
#
# An included chunk ends with a #line directive back to the line after
# its reference; a #line that names no such place continues the same
# chunk (one defined in several pieces, or included at column 0).
function place(line) {	# "#line N "FILE"" -> N and FILE, in cur and file
	cur = line
	sub(/^#line /, "", cur)
	file = cur
	sub(/ .*/, "", cur)
	sub(/^[0-9]+ /, "", file)
	cur += 0
}
BEGIN { depth = 0; indent = ""; cur = 0; file = "" }
pending != "" {
	if ($0 ~ /^#line /) {
		depth++
		saved[depth] = indent
		back[depth] = (cur + 1) " " file
		indent = indent pending
		pending = ""
		print
		place($0)
		next
	}
	print pending
	pending = ""
	cur++
}
/^[ \t]+$/ { pending = $0; next }
/^#line / {
	for (d = depth; d > 0; d--)
		if (back[d] == substr($0, 7))
			break
	if (d > 0) {
		indent = saved[d]
		depth = d - 1
	}
	print
	place($0)
	next
}
{
	print ($0 == "" ? "" : indent $0)
	cur++
}
END { if (pending != "") print pending }
