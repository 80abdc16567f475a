#!/bin/sh
# The lint suite: every tangled kernel file builds from scratch with W=1
# and no warning, and passes checkpatch.pl from the 6.12 source.
. tangled/harness/tap.sh
k=$(uml/kernel dir)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

for dir in tangled/*/; do
	ch=$(basename "$dir")
	[ -f "$dir/Kbuild" ] || continue
	cp -r "$dir" "$t/$ch"
	find "$t/$ch" -name '*.o' -o -name '*.ko' -o -name '.*.cmd' | xargs rm -f
	log=$(uml/kbuild "$t/$ch" 2>&1)
	status=$?
	warnings=$(echo "$log" | grep -E 'warning:|error:')
	[ $status = 0 ] && [ -z "$warnings" ]
	ok $? "$ch: a fresh W=1 build has no warnings" "$warnings"
done

# checkpatch reads the code as written: without the #line directives.
for f in tangled/*/*.c tangled/*/*.h; do
	case $f in *.mod.c) continue ;; esac
	[ -f "$f" ] || continue
	mkdir -p "$t/cp/$(dirname "$f")"
	grep -v '^#line ' "$f" >"$t/cp/$f"
	report=$(cd "$t/cp" && perl "$k/src/scripts/checkpatch.pl" --no-tree -q --show-types -f "$f" 2>&1)
	ok $? "$f is checkpatch-clean" "$report"
done
