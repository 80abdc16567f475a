#!/bin/sh
# The sources suite: every claim about 2.6 names its source (tools/sources
# over every chapter), and the check fails on each way to leave one out.
. tangled/harness/tap.sh

# The chapters' own results, counted as this suite's first tests.
all=$(tools/sources chunks/*.nw)
printf '%s\n' "$all" | grep -v '^1\.\.'
tap_count=$(printf '%s\n' "$all" | grep -c -E '^(not )?ok ')

# The check can fail.  A chapter of its own, run through tools/sources
# with the real lists of trees and identifiers; each case must be caught
# with a message that names its line.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
caught() {	# caught DESCRIPTION PATTERN: the last run printed PATTERN
	printf '%s\n' "$out" | grep -q -- "$2"
	ok $? "$1" "$out"
}
cat >"$t/case.nw" <<'EOF'
\chapter{Cases}
\section{An entry with no sources}
\apientry{2.6.14}{8}{TASK\_INTERACTIVE}{removed}
Prose only.

<<excerpt: 2.6.14: an excerpt with no sources>>=
int x;
@

\section{An entry cited by the release notes}
\apientry{2.6.14}{9}{alloc\_skb\_fclone}{internal}
\sources{article:2.6.14/9}

<<excerpt: 2.6.14: an excerpt cited by the release notes only>>=
int y;
@

<<tangled/2.6.14/probes/08-case.c>>=
/* probe: fails NEVER_CITED_IDENT */
@

\sources{dduval/kernel-rhel4:include/linux/sched.h:1, nobody/tree:a.c:1}
\sources{linux-6.12:MAINTAINERS:99999999, article:2.6.14/99, seed:other:1}
\sources{a citation with spaces}
EOF
out=$(tools/sources "$t/case.nw")
caught "a catalogue section without sources is named by its line" \
	"^#   $t/case.nw:3: .apientry{2.6.14}{8}"
caught "an excerpt without sources is named by its line" \
	"^#   $t/case.nw:6: <<excerpt: 2.6.14: an excerpt with no sources>>"
caught "an excerpt cited by the release notes alone is not sourced" \
	"^#   $t/case.nw:14: <<excerpt: 2.6.14: an excerpt cited by the release notes only>>"
caught "a tree that is not a 2.6-era tree is refused" \
	"nobody/tree:a.c:1: nobody/tree is not a 2.6-era tree"
caught "a line past the end of a 6.12 file is refused" \
	"linux-6.12:MAINTAINERS:99999999: the file has"
caught "an item that is not in the release notes is refused" \
	"article:2.6.14/99: no such item"
caught "an unknown seed is refused" "seed:other:1: unknown seed"
caught "free text is not a citation" '"a citation with spaces" is not a citation'
caught "a probe identifier with no 2.6 source is named" \
	"not ok .* probe identifier NEVER_CITED_IDENT has a 2.6 source"

# An identifier listed but used by no probe is stale.
cp book/identifiers-2.6 "$t/idents"
echo "STALE_IDENT dduval/kernel-rhel4:include/linux/sched.h:1" >>"$t/idents"
out=$(LIT26_IDENTS="$t/idents" tools/sources chunks/*.nw)
caught "an identifier that no probe names is stale" "STALE_IDENT is named by no probe"

# The section passes once it has its sources: the check is not always red.
sed -e 's/^Prose only\.$/\\sources{dduval\/kernel-rhel4:include\/linux\/sched.h:1}/' \
	"$t/case.nw" >"$t/fixed.nw"
out=$(tools/sources "$t/fixed.nw")
caught "a section with a \\sources line passes" \
	"^ok [0-9]* - $t/fixed.nw: every catalogue section has a .sources line"
