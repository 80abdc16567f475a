# notangle -L writes the indentation of an included chunk's first line
# before the #line directive, on a line of its own; move it back onto the
# code line, so the output has no whitespace-only lines and keeps its
# indentation.
pending != "" {
	if ($0 ~ /^#line /) {
		print
		indent = pending
		pending = ""
		next
	}
	print pending
	pending = ""
}
/^[ \t]+$/ { pending = $0; next }
indent != "" { $0 = indent $0; indent = "" }
{ print }
END { if (pending != "") print pending }
