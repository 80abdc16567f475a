# tools/noweb.sh: where noweb keeps the stages of its pipelines (markup,
# nt, elide...), for the tools that run those stages themselves; sourced.
# The place is noweb's own: the LIB= line of its notangle script.
nwlib=$(sed -n 's/^LIB=//p' "$(command -v notangle || echo /nonexistent)" 2>/dev/null)
if [ ! -x "${nwlib:-/nonexistent}/markup" ]; then
	echo "$0: noweb is missing; run: apt-get install noweb (or: make deps)" >&2
	exit 1
fi

# nw_tangle MARKUP ROOTS OUT: tangle every root chunk named in the file
# ROOTS (one a line) from the markup stream in the file MARKUP, into the
# file OUT: each root's text after a line holding \001 and its name, for
# tools/tangle-files.awk to split, and a line holding \001 alone after
# the last of a run (nt ends its output with a newline, which is no
# file's).  noweb's nt tangles one root a run, so the roots are used from
# two chunks of a file " roots" appended to the stream, and two runs
# tangle them all: C files with #line directives and their tabs (the
# indentation put back by line-indent.awk, which passes the rest as it
# is), the others with tabs expanded.  The #line directives that name
# " roots" are dropped by tangle-files.awk.  Fails with nt's message on
# OUT.err ("undefined chunk name: <<...>>").  Leaves OUT.all, .c, .text
# and .err for the caller to remove.
nw_tangle() {
	if [ ! -s "$2" ]; then
		: >"$3"
		return 0
	fi
	awk 'FNR == NR {
		k = ($0 ~ /\.[ch]$/) ? "c" : "text"
		body[k] = body[k] "@text \001" $0 "\n@nl\n@use " $0 "\n@nl\n"
		next
	}
	{ print }
	END {
		print "@file  roots"
		printf "@begin code 0\n@defn  c\n@nl\n%s@text \001\n@end code 0\n", body["c"]
		printf "@begin code 1\n@defn  text\n@nl\n%s@text \001\n@end code 1\n", body["text"]
	}' "$2" "$1" >"$3.all" || return 1
	nw_status=0
	"$nwlib/nt" -t -L -R" c" <"$3.all" >"$3.c" 2>"$3.err" || nw_status=1
	"$nwlib/nt" -t8 -R" text" <"$3.all" >"$3.text" 2>>"$3.err" || nw_status=1
	[ "$nw_status" = 0 ] && awk -f "$(dirname "$0")/line-indent.awk" "$3.c" "$3.text" >"$3"
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
