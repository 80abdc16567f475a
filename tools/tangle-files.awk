# The stream nw_tangle (tools/noweb.sh) makes, split into its files: a
# line "\001NAME" starts the text of file NAME, written at DIR NAME with
# the prefix STRIP taken off NAME.  A file that holds the same text is
# not written again, so make does not rebuild what did not change (what
# noweb's cpif does, in this one process instead of a few for each file).
# Prints the name of every file written; exits 1 when one cannot be.
function flush(f, i, r, line, same) {
	if (name == "")
		return
	f = name
	if (strip != "" && index(f, strip) == 1)
		f = substr(f, length(strip) + 1)
	f = dir f
	same = 1
	i = 0
	while ((r = (getline line < f)) > 0)
		if (++i > n || line != text[i]) {
			same = 0
			break
		}
	close(f)
	if (r < 0 || i != n)
		same = 0
	if (!same) {
		for (i = 1; i <= n; i++)
			print text[i] > f
		if (close(f) != 0) {
			print "cannot write " f > "/dev/stderr"
			failed = 1
			exit 1
		}
		print f
	}
	name = ""
}
/^\001/ {
	flush()
	name = substr($0, 2)
	n = 0
	next
}
/^#line [0-9]+ " roots"$/ { next }
{ text[++n] = $0 }
END {
	if (!failed)
		flush()
}
