# tools/noweb.sh: where noweb keeps the stages of its pipelines (markup,
# nt, elide...), for the tools that run those stages themselves; sourced.
# The place is noweb's own: the LIB= line of its notangle script.
nwlib=$(sed -n 's/^LIB=//p' "$(command -v notangle || echo /nonexistent)" 2>/dev/null)
if [ ! -x "${nwlib:-/nonexistent}/markup" ]; then
	echo "$0: noweb is missing; run: apt-get install noweb (or: make deps)" >&2
	exit 1
fi

# The folder of the calling tool, where the awk programs are.
case $0 in
*/*) nw_here=${0%/*} ;;
*) nw_here=. ;;
esac
# The awk that runs them: mawk, which Debian always installs (priority
# required), starts in two thirds of gawk's time, and a cold tangle of
# every chapter starts about 45 of them (0.55 s with gawk, 0.42 s).
nw_awk=awk
! command -v mawk >/dev/null 2>&1 || nw_awk=mawk

# nw_tangle MARKUP ROOTS OUT: tangle every root chunk named in the file
# ROOTS (one a line) from the markup stream in the file MARKUP, into the
# file OUT: each root's text after a line holding \001 and its name, for
# tools/tangle-files.awk to split, and a line holding \001 alone after
# the last of a run (nt ends its output with a newline, which is no
# file's).  ROOTS "-" means: the roots are what noroots would list from
# MARKUP, the chunks defined and never used (a use quoted in [[...]] in
# the prose is no use) whose names start with tangled/; they go to
# OUT.list, and OUT.orphans gets a message, with the line of its
# definition, for each other root but an "excerpt: ..." (one the book
# shows and nothing writes).
#
# noweb's nt tangles one root a run, so the roots are used from two
# chunks of a file " roots" appended to the stream, and two runs tangle
# them all: C files with #line directives and their tabs (the
# indentation put back by line-indent.awk, which passes the rest as it
# is), the others with tabs expanded; a run with no root is not started.
# The #line directives that name " roots" are dropped by
# tangle-files.awk.  Fails with nt's message on OUT.err ("undefined chunk
# name: <<...>>").  Leaves OUT.all, .c, .text, .kinds and .err for the
# caller to remove.
nw_tangle() {
	nw_find= nw_roots=$2
	[ "$2" != - ] || nw_find=1 nw_roots=/dev/null
	$nw_awk -v find="$nw_find" -v list="$3.list" -v orphans="$3.orphans" \
		-v kinds="$3.kinds" '
	function add(root, k) {
		k = (root ~ /\.[ch]$/) ? "c" : "text"
		body[k] = body[k] "@text \001" root "\n@nl\n@use " root "\n@nl\n"
	}
	!find && FILENAME != markup { add($0); next }
	{ print }
	!find { next }
	/^@nl$/ { line++ }
	/^@file / { nw = substr($0, 7) }
	/^@quote$/, /^@endquote$/ { next }
	/^@defn / { c = substr($0, 7); if (!(c in at)) { at[c] = line + 1; order[++n] = c } }
	/^@use / { used[substr($0, 6)] = 1 }
	END {
		if (find) {
			printf "" >list
			printf "" >orphans
		}
		for (i = 1; i <= n; i++) {
			c = order[i]
			if (c in used || c ~ /^excerpt: /)
				continue
			if (c ~ /^tangled\//) {
				print c >list
				add(c)
			} else
				printf "%s:%d: chunk <<%s>> is defined but never used\n", nw, at[c], c >orphans
		}
		print ("c" in body ? "c" : "-") " " ("text" in body ? "text" : "-") >kinds
		print "@file  roots"
		printf "@begin code 0\n@defn  c\n@nl\n%s@text \001\n@end code 0\n", body["c"]
		printf "@begin code 1\n@defn  text\n@nl\n%s@text \001\n@end code 1\n", body["text"]
	}' markup="$1" "$nw_roots" "$1" >"$3.all" || return 1
	read -r nw_c nw_text <"$3.kinds"
	# Text alone needs no indenting: its run writes OUT itself.
	nw_out=$3.text
	[ "$nw_c" != - ] || nw_out=$3
	: >"$3.c"
	: >"$nw_out"
	: >"$3.err"
	nw_status=0
	[ "$nw_c" = - ] || "$nwlib/nt" -t -L -R" c" <"$3.all" >"$3.c" 2>"$3.err" || nw_status=1
	[ "$nw_text" = - ] || "$nwlib/nt" -t8 -R" text" <"$3.all" >"$nw_out" 2>>"$3.err" || nw_status=1
	[ "$nw_status" = 0 ] || return 1
	[ "$nw_c" = - ] || $nw_awk -f "$nw_here/line-indent.awk" "$3.c" "$3.text" >"$3"
}

# nw_replaced CHAPTER.nw REPLACEMENT.nw: the markup stream of CHAPTER with
# every chunk that REPLACEMENT defines taken from REPLACEMENT instead, on
# standard output.  noweb's own elide filter drops the chapter's
# definitions; the replacement's follow in their place.
nw_replaced() {
	# elide takes glob patterns: quote the characters globs treat specially.
	nw_chapter=$1 nw_replacement=$2
	set --
	for name in $(sed -n 's/^<<\(.*\)>>=$/\1/p' "$nw_replacement" |
		sed 's/[][*?\\]/\\&/g' | tr ' ' '\001'); do
		set -- "$@" "$(printf '%s' "$name" | tr '\001' ' ')"
	done
	if [ $# = 0 ]; then
		echo "$0: $nw_replacement defines no chunk" >&2
		return 1
	fi
	"$nwlib/markup" -t "$nw_chapter" | "$nwlib/elide" "$@" &&
		"$nwlib/markup" -t "$nw_replacement"
}
