# tools/noweb.sh: where noweb keeps the stages of its pipelines (markup,
# nt, elide...), for the tools that run those stages themselves; sourced.
# The place is noweb's own: the LIB= line of its notangle script.
nwlib=$(sed -n 's/^LIB=//p' "$(command -v notangle || echo /nonexistent)" 2>/dev/null)
if [ ! -x "${nwlib:-/nonexistent}/markup" ]; then
	echo "$0: noweb is missing; run: apt-get install noweb (or: make deps)" >&2
	exit 1
fi
