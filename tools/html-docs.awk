# tools/html-docs.awk: the two ends of tools/html-docs, the noweb filter
# that has pandoc translate the LaTeX of the documentation chunks.
#
# mode=cut reads noweb's markup on standard input and writes
# - the markup again, each documentation chunk's text replaced by one line
#   "@text LITDOC<N>" (standard output);
# - WORK/docs.tex: the text of every documentation chunk, in order, each
#   after a paragraph "LITSEG<N>", for one pandoc run over the whole book;
# - WORK/quotes: the markup of each quoted code ([[...]]), which pandoc
#   must not see, and which stands in docs.tex as "LITQ<K>Q"; and of
#   noweb's indexes, \nowebchunks and \nowebindex, which tohtml writes;
# - WORK/segments: the .nw line where each documentation chunk starts.
# Before it writes docs.tex it rewrites what pandoc cannot know:
# - TeX programming that draws on measured data: a block starting with
#   \newif, \newcommand, \renewcommand, \def, \let or \IfFileExists, to
#   the next blank line, is dropped; a use of a macro it defined is shown
#   as "[see PDF]", or, when the block \input's a file of measurements
#   (build/data/NAME.tex, made by tools/data) that defines it, as the
#   value measured (\def\measuredKEY{VALUE}: the prose quotes the
#   measurement in both editions); between a line \ifX (X made by such
#   a \newif) and \fi, the true branch is kept; a tikzpicture becomes a
#   note that the figure is in the PDF;
# - a figure is its caption, numbered chapter.figure as in the PDF, and a
#   \ref to it shows that number (pandoc numbers sections, not figures);
# - \cite{KEY,...} shows the numbers of the bibliography, linked, and the
#   bibliography's \bibitem{KEY} becomes a numbered item with an anchor;
# - \VerbatimInput[OPTIONS]{FILE} (fancyvrb) becomes \lstinputlisting;
# - \appendix is a paragraph LITAPPENDIX, for tools/html-split.awk to
#   letter the chapters after it.
# WORK/docs.map gives, for each line of docs.tex, the .nw line it comes
# from, so that tools/html-docs can say where pandoc dropped something.
#
# mode=join reads WORK/quotes, WORK/docs.html (pandoc's translation) and
# the markup that mode=cut wrote, and puts the HTML of each chunk in
# place of its LITDOC line, and the quoted code's markup in place of
# each LITQ<K>Q, for noweb's tohtml.  It fails, naming the .nw lines,
# when a chunk's HTML is missing: a chunk that leaves an environment open
# swallows the next chunk's mark.
BEGIN {
	pdf = "[see PDF]"
	if (mode == "cut")
		cut()
	else if (mode == "join")
		join()
	else {
		print "tools/html-docs.awk: mode=cut or mode=join" >"/dev/stderr"
		exit 2
	}
	exit bad
}

# Keep a line of markup for tohtml (WORK/quotes, as the first of its
# number's lines; a quote's others follow it), and return the mark that
# stands for it in the prose.  KIND " block": a block of tohtml's own.
function stash(markup, kind) {
	print "@@quote " ++stashed kind >(work "/quotes")
	print markup >(work "/quotes")
	return "LITQ" stashed "Q"
}

function cut(    line, indocs, inquote, text, ndocs, n, i, file, lineno) {
	ndocs = 0; n = 0; inquote = 0; indocs = 0; text = ""
	while ((getline line) > 0) {
		# where each line of the prose comes from: every source line
		# ends with one @nl
		if (line ~ /^@file /) {
			file = substr(line, 7)
			lineno = 1
		} else if (line == "@nl")
			lineno++
		if (line ~ /^@begin docs /) {
			print line
			indocs = 1
			ndocs++
			print "@text LITDOC" ndocs
			print ndocs, file ":" lineno >(work "/segments")
			doc[++n] = "LITSEG" ndocs
			doc[++n] = ""
			src[n - 1] = src[n] = file ":" lineno
			continue
		}
		if (!indocs) {
			print line
			continue
		}
		if (line ~ /^@end docs /) {
			if (text != "") {
				doc[++n] = text
				src[n] = file ":" lineno
			}
			doc[++n] = ""
			src[n] = file ":" lineno
			text = ""
			indocs = 0
			print line
			continue
		}
		if (inquote) {
			print line >(work "/quotes")
			if (line == "@endquote")
				inquote = 0
			continue
		}
		if (line == "@quote") {
			text = text stash(line, "")
			inquote = 1
		} else if (line == "@nl") {
			# noweb's indexes: tohtml writes them for <nowebchunks>
			# and <nowebindex>
			if (text ~ /^\\noweb(chunks|index)$/)
				text = stash("@text <" substr(text, 2) ">", " block")
			doc[++n] = text
			src[n] = file ":" (lineno - 1)
			text = ""
		} else if (line ~ /^@text /)
			text = text substr(line, 7)
		else	# other markup in the prose (an index entry...): keep it
			text = text stash(line, "")
	}
	rewrite_docs(n)
	close(work "/quotes")
	close(work "/segments")
}

# The rewrites before pandoc, over the book's whole prose (doc[1..n]).
function rewrite_docs(n,    i, s, first, block, tikz, skip, chap, fig, infig, a, k, nbib, out) {
	# a figure's number: chapter.figure, counted as LaTeX counts them
	chap = 0; fig = 0; infig = 0
	for (i = 1; i <= n; i++) {
		s = doc[i]
		if (s ~ /^\\chapter\{/) { chap++; fig = 0 }
		if (s ~ /\\begin\{figure\}/) { infig = 1; fig++ }
		if (infig)
			figat[i] = chap "." fig
		if (s ~ /\\end\{figure\}/) infig = 0
		while (infig && match(s, /\\label\{[^}]*\}/)) {
			fignum[substr(s, RSTART + 7, RLENGTH - 8)] = chap "." fig
			s = substr(s, RSTART + RLENGTH)
		}
		if (match(doc[i], /^\\bibitem\{[^}]*\}/))
			cite[substr(doc[i], 10, RLENGTH - 10)] = ++nbib
	}
	block = 0; tikz = 0; skip = 0
	for (i = 1; i <= n; i++) {
		s = doc[i]
		first = s
		sub(/^[ \t]+/, "", first)
		sub(/[ \t]+$/, "", first)
		if (block) {
			collect(s)
			if (first == "") {
				block = 0
				settle()
			}
			continue
		}
		if (first ~ /^\\(newif|newcommand|renewcommand|def\\|let\\|IfFileExists)/) {
			collect(s)
			block = 1
			continue
		}
		if (tikz) {
			if (first ~ /^\\end\{tikzpicture\}/) {
				tikz = 0
				emit("\\emph{This figure is drawn from measured data in the PDF edition, book/book.pdf.}", src[i])
			}
			continue
		}
		if (first ~ /^\\begin\{tikzpicture\}/) {
			tikz = 1
			continue
		}
		if (first ~ /^\\if[A-Za-z]+$/ && (substr(first, 4) in newif))
			continue
		if (first == "\\else") {
			skip = 1
			continue
		}
		if (first == "\\fi") {
			skip = 0
			continue
		}
		if (skip)
			continue
		if (i in figat) {
			# a figure: its caption, numbered, is a paragraph
			sub(/\\begin\{figure\}(\[[^]]*\])?/, "", s)
			sub(/\\end\{figure\}/, "", s)
			sub(/\\centering/, "", s)
			sub(/\\caption\{/, "\\par{\\textbf{Figure " figat[i] ":} ", s)
		}
		emit(rewrite(s), src[i])
	}
	close(work "/docs.tex")
	close(work "/docs.map")
}

# Remember the macros (\NAME) and conditionals (\ifNAME) a block defines,
# and the values of those a file of measurements it reads defines.
function collect(text,    s, name, file, line) {
	s = text
	while (match(s, /\\input\{(\.\.\/)?build\/data\/[^}]*\.tex\}/)) {
		file = substr(s, RSTART + 7, RLENGTH - 8)
		sub(/^\.\.\//, "", file)
		while ((getline line < file) > 0)
			if (match(line, /^\\def\\[A-Za-z]+\{.*\}$/)) {
				name = substr(line, 6)
				sub(/\{.*/, "", name)
				defined[name] = 1
				blockval[name] = substr(line, 6 + length(name) + 1)
				sub(/\}$/, "", blockval[name])
			}
		close(file)
		s = substr(s, RSTART + RLENGTH)
	}
	s = text
	while (match(s, /\\(newcommand\{?|renewcommand\{?|def|let)\\[A-Za-z]+/)) {
		name = substr(s, RSTART, RLENGTH)
		sub(/.*\\/, "", name)
		defined[name] = 1
		blockdef[name] = 1
		s = substr(s, RSTART + RLENGTH)
	}
	s = text
	while (match(s, /\\newif\\if[A-Za-z]+/)) {
		newif[substr(s, RSTART + 9, RLENGTH - 9)] = 1
		s = substr(s, RSTART + RLENGTH)
	}
}

# At the end of a block: what it defines has the values measured, if it
# read them, until another block defines it again (a chapter whose data
# are missing shows "[see PDF]", not the last chapter's values).
function settle(    name) {
	for (name in blockdef)
		delete measured[name]
	for (name in blockval)
		measured[name] = blockval[name]
	split("", blockdef)
	split("", blockval)
}

# A line for pandoc, and (WORK/docs.map) the .nw line it comes from.
function emit(s, where) {
	print s >(work "/docs.tex")
	print ++emitted, where >(work "/docs.map")
}

function rewrite(s,    out, name, rest, a, i, k, m) {
	# a figure's \ref, a \cite, a \bibitem
	out = ""
	while (match(s, /\\ref\{[^}]*\}/)) {
		name = substr(s, RSTART + 5, RLENGTH - 6)
		out = out substr(s, 1, RSTART - 1) \
			((name in fignum) ? "\\hyperref[" name "]{" fignum[name] "}" : substr(s, RSTART, RLENGTH))
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	out = ""
	while (match(s, /\\cite\{[^}]*\}/)) {
		k = split(substr(s, RSTART + 6, RLENGTH - 7), a, /, */)
		m = ""
		for (i = 1; i <= k; i++) {
			if (!(a[i] in cite)) {
				print "tools/html-docs.awk: \\cite{" a[i] "}: no \\bibitem{" a[i] "}" >"/dev/stderr"
				bad = 1
			}
			m = m (i > 1 ? ", " : "") "\\hyperref[cite:" a[i] "]{" cite[a[i]] "}"
		}
		out = out substr(s, 1, RSTART - 1) "[" m "]"
		s = substr(s, RSTART + RLENGTH)
	}
	s = out s
	if (match(s, /^\\bibitem\{[^}]*\}/))
		s = "\\item \\label{cite:" substr(s, 10, RLENGTH - 10) "}" substr(s, RLENGTH + 1)
	# \appendix: the chapters after it are lettered
	sub(/^\\appendix$/, "LITAPPENDIX", s)
	sub(/^\\begin\{thebibliography\}\{[^}]*\}/, "\\begin{enumerate}", s)
	sub(/^\\end\{thebibliography\}/, "\\end{enumerate}", s)
	if (match(s, /\\VerbatimInput(\[[^]]*\])?\{/))
		s = substr(s, 1, RSTART - 1) "\\lstinputlisting[language=diff]{" substr(s, RSTART + RLENGTH)
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
		if (name in measured) {
			# a value; an empty group after it only ends its name
			out = out substr(s, 1, RSTART - 1) measured[name]
			sub(/^\{\}/, "", rest)
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

function join(    line, k, seg, nseg, part, q, j, where) {
	while ((getline line <(work "/segments")) > 0) {
		split(line, part, " ")
		where[part[1]] = part[2]
	}
	close(work "/segments")
	while ((getline line <(work "/quotes")) > 0) {
		if (line ~ /^@@quote /) {
			k = substr(line, 9) + 0
			if (line ~ / block$/)
				ownblock[k] = 1
			continue
		}
		quote[k] = quote[k] line "\n"
	}
	close(work "/quotes")
	seg = 0
	while ((getline line <(work "/docs.html")) > 0) {
		if (match(line, /^<p>LITSEG[0-9]+<\/p>$/)) {
			seg = substr(line, 10, RLENGTH - 13) + 0
			html[seg] = ""
			continue
		}
		if (seg)
			html[seg] = html[seg] line "\n"
	}
	close(work "/docs.html")
	while ((getline line) > 0) {
		if (line !~ /^@text LITDOC[0-9]+$/) {
			print line
			continue
		}
		k = substr(line, 13) + 0
		if (!(k in html)) {
			print where[k] ": pandoc lost the start of this documentation chunk: an environment" \
				" the chunk before it opens is not closed there (" where[k - 1] ")" >"/dev/stderr"
			bad = 1
			continue
		}
		nseg = split(html[k], part, "\n")
		for (j = 1; j < nseg; j++) {
			line = part[j]
			# a block of tohtml's own stands outside pandoc's paragraph
			if (match(line, /^<p>LITQ[0-9]+Q<\/p>$/) && (substr(line, 8, RLENGTH - 12) in ownblock))
				line = substr(line, 4, RLENGTH - 7)
			while (match(line, /LITQ[0-9]+Q/)) {
				q = substr(line, RSTART + 4, RLENGTH - 5) + 0
				if (RSTART > 1)
					print "@text " substr(line, 1, RSTART - 1)
				printf "%s", quote[q]
				line = substr(line, RSTART + RLENGTH)
			}
			if (line != "")
				print "@text " line
			print "@nl"
		}
	}
}
