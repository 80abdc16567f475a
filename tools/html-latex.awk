# tools/html-latex.awk: a noweb filter (noweave -filter) for the HTML
# edition, run before l2h.  It rewrites, in documentation chunks only, the
# LaTeX that l2h does not know into LaTeX it does, or drops it:
#
# - a block of TeX programming (a line starting \newif, \newcommand,
#   \renewcommand, \def, \let or \IfFileExists, to the next blank line) is
#   dropped; the macros it defines draw on measured data, and each use of
#   one is shown as "[see PDF]";
# - a line \ifX (X made by such a \newif) and a line \fi are dropped, and
#   so is the \else branch between them: the HTML shows the true branch;
# - a tikzpicture becomes a note that the figure is in the PDF;
# - \apientry{RELEASE}{ITEM}{KEY}{FATE} (book/book.tex) becomes its label
#   and its line of text; \input{woven/X} inlines book/woven/X.tex (a
#   longtable becomes a tabular); \VerbatimInput[...]{woven/X} becomes
#   \verbatiminput{book/woven/X}, and \chunkdiff{LABEL}{OLD}{NEW} the plain
#   diff that tools/chunkdiff wrote, book/woven/diffs/LABEL.txt;
# - a \RecustomVerbatimEnvironment line is dropped, pandoc's \textless{},
#   \textgreater{} and \textquotesingle{} are characters;
# - \nolinkurl is \texttt, \pm \cdot \equiv \textmu are characters, a space after
#   \& stays, and \centering \fussy are dropped.
#
# Code chunks and quoted code ([[...]]) pass unchanged.
BEGIN {
	indocs = 0; inquote = 0; n = 0
	block = 0; tikz = 0; skip = 0
	pdf = "[see PDF]"
}

function flush_line(    i, text, first) {
	text = ""
	for (i = 1; i <= n; i++)
		if (buf[i] ~ /^@text / && !bufq[i])
			text = text substr(buf[i], 7)
	first = text
	sub(/^[ \t]+/, "", first)
	sub(/[ \t]+$/, "", first)
	if (block) {
		collect(text)
		if (first == "")
			block = 0
		n = 0
		return
	}
	if (first ~ /^\\(newif|newcommand|renewcommand|def\\|let\\|IfFileExists)/) {
		collect(text)
		block = 1
		n = 0
		return
	}
	if (tikz) {
		if (first ~ /^\\end\{tikzpicture\}/) {
			tikz = 0
			emit_text("\\emph{This figure is drawn from measured data in the PDF edition, book/book.pdf.}")
		}
		n = 0
		return
	}
	if (first ~ /^\\begin\{tikzpicture\}/) {
		tikz = 1
		n = 0
		return
	}
	if (first ~ /^\\if[A-Za-z]+$/ && (substr(first, 4) in newif)) {
		n = 0
		return
	}
	if (first == "\\else") {
		skip = 1
		n = 0
		return
	}
	if (first == "\\fi") {
		skip = 0
		n = 0
		return
	}
	if (skip) {
		n = 0
		return
	}
	# a change of LaTeX environments for the PDF only
	if (first ~ /^\\RecustomVerbatimEnvironment/) {
		n = 0
		return
	}
	if (match(first, /^\\input\{woven\/[^}]*\}$/)) {
		inline_file("book/woven/" substr(first, 14, length(first) - 14) ".tex")
		n = 0
		return
	}
	for (i = 1; i <= n; i++) {
		if (buf[i] ~ /^@text / && !bufq[i])
			print "@text " rewrite(substr(buf[i], 7))
		else
			print buf[i]
	}
	n = 0
}

# Remember the macros (\NAME) and conditionals (\ifNAME) a block defines.
function collect(text,    s, name) {
	s = text
	while (match(s, /\\(newcommand\{?|renewcommand\{?|def|let)\\[A-Za-z]+/)) {
		name = substr(s, RSTART, RLENGTH)
		sub(/.*\\/, "", name)
		defined[name] = 1
		s = substr(s, RSTART + RLENGTH)
	}
	s = text
	while (match(s, /\\newif\\if[A-Za-z]+/)) {
		name = substr(s, RSTART + 9, RLENGTH - 9)
		newif[name] = 1
		s = substr(s, RSTART + RLENGTH)
	}
}

function emit_text(s) {
	print "@text " s
}

function inline_file(path,    line, status) {
	while ((status = (getline line < path)) > 0) {
		gsub(/longtable/, "tabular", line)
		gsub(/\\endhead/, "", line)
		print "@text " rewrite(line)
		print "@nl"
	}
	if (status < 0) {
		print "tools/html-latex.awk: cannot read " path > "/dev/stderr"
		exit 1
	}
	close(path)
}

function rewrite(s,    out, name, rest, args, i, a, n) {
	# \apientry{RELEASE}{ITEM}{KEY}{FATE}
	while (match(s, /\\apientry\{[^}]*\}\{[^}]*\}\{[^}]*\}\{[^}]*\}/)) {
		split(substr(s, RSTART + 10, RLENGTH - 11), a, /\}\{/)
		s = substr(s, 1, RSTART - 1) "\\label{api:" a[1] ":" a[2] "}Linux " a[1] \
			", item " a[2] " of its release notes; fate in 6.12: \\textbf{" a[4] "}" \
			substr(s, RSTART + RLENGTH)
	}
	# \sources{CITATION, ...} (book/book.tex): the citations in typewriter
	if (match(s, /\\sources\{[^}]*\}/)) {
		n = split(substr(s, RSTART + 9, RLENGTH - 10), a, /, */)
		out = ""
		for (i = 1; i <= n; i++)
			out = out (i > 1 ? "; " : " ") "\\texttt{" a[i] "}"
		s = substr(s, 1, RSTART - 1) "\\emph{Sources:}" out substr(s, RSTART + RLENGTH)
	}
	# \chunkdiff{LABEL}{OLD}{NEW} (tools/chunkdiff): the plain diff
	while (match(s, /\\chunkdiff\{[^}]*\}\{[^}]*\}\{[^}]*\}/)) {
		split(substr(s, RSTART + 11, RLENGTH - 12), a, /\}\{/)
		s = substr(s, 1, RSTART - 1) "From \\emph{" a[2] "} to \\emph{" a[3] \
			"}: the lines removed begin with -, the lines added with +." \
			"\\verbatiminput{book/woven/diffs/" a[1] ".txt}" substr(s, RSTART + RLENGTH)
	}
	if (match(s, /\\VerbatimInput(\[[^]]*\])?\{woven\//))
		s = substr(s, 1, RSTART - 1) "\\verbatiminput{book/woven/" substr(s, RSTART + RLENGTH)
	gsub(/\\nolinkurl\{/, "\\texttt{", s)
	# pandoc's (tools/labs-appendix) escapes for < > '
	gsub(/\\textless\{\}/, "<", s)
	gsub(/\\textgreater\{\}/, ">", s)
	gsub(/\\textquotesingle\{\}/, "'", s)
	gsub(/\\pm/, "±", s)
	gsub(/\\cdot/, "·", s)
	gsub(/\\equiv/, "≡", s)
	gsub(/\\textmu ?/, "µ", s)
	gsub(/\\(centering|fussy)/, "", s)
	gsub(/\\& /, "\\\\\\&~", s)	# l2h drops the space after \&
	# a use of a macro defined in a dropped block, with its arguments
	out = ""
	while (match(s, /\\[A-Za-z]+/)) {
		name = substr(s, RSTART + 1, RLENGTH - 1)
		rest = substr(s, RSTART + RLENGTH)
		if (!(name in defined)) {
			out = out substr(s, 1, RSTART + RLENGTH - 1)
			s = rest
			continue
		}
		out = out substr(s, 1, RSTART - 1) pdf
		while (match(rest, /^\{[^{}]*\}/))
			rest = substr(rest, RLENGTH + 1)
		s = rest
	}
	return out s
}

/^@begin docs / { indocs = 1; print; next }
/^@end docs / { flush_line(); indocs = 0; print; next }
!indocs { print; next }
/^@nl$/ { flush_line(); print; next }
/^@quote$/ { inquote = 1 }
/^@endquote$/ { inquote = 0 }
{
	n++
	buf[n] = $0
	bufq[n] = inquote && $0 ~ /^@text /
}
