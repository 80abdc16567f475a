# tools/chunkdiff.awk: a unified diff of two chunks (without its header)
# as a fancyvrb listing for the PDF, each removed line in \litold and each
# added one in \litnew (book/book.tex).  The listing's command characters
# are \ { }, so the code's own are written as commands.
function tex(s,    out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\")
			out = out "\\textbackslash{}"
		else if (c == "{" || c == "}")
			out = out "\\" c
		else
			out = out c
	}
	return out
}
BEGIN { print "\\begin{Verbatim}[commandchars=\\\\\\{\\},fontsize=\\small,frame=leftline,framerule=1pt,xleftmargin=1em]" }
/^-/ { print "\\litold{" tex($0) "}"; next }
/^\+/ { print "\\litnew{" tex($0) "}"; next }
{ print tex($0) }
END { print "\\end{Verbatim}" }
