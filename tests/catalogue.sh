#!/bin/sh
# The catalogue suite: every article item has one section, every probe
# does what it says, every stated fate is backed by its probes, and enough
# entries are also exercised at run time.
. tangled/harness/tap.sh
log=build/test/catalogue-build.log
tools/catalogue build >"$log" 2>&1
ok $? "make catalogue: the probes were compiled" "$(tail -n 20 "$log")"
tools/catalogue check
runtime=$(for nw in chunks/2.6.*.nw; do
	grep -o 'KUNIT_CASE(item[0-9]*_' "$nw" | sort -u
done | wc -l)
[ "$runtime" -ge 30 ]
ok $? "at least 30 catalogue entries are also checked at run time by KUnit ($runtime)"

# The check can fail: a copy of the catalogue whose 2.6.14 chapter claims
# a removed API is unchanged, and names the wrong key for another item.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/chunks" "$t/build/catalogue" "$t/book"
cp build/catalogue/results.tsv "$t/build/catalogue/"
cp book/article-index.txt "$t/book/"
sed -e 's/^\\apientry{2.6.14}{8}{TASK\\_INTERACTIVE}{removed}/\\apientry{2.6.14}{8}{TASK\\_INTERACTIVE}{unchanged}/' \
	-e 's/^\\apientry{2.6.14}{9}{alloc\\_skb\\_fclone}/\\apientry{2.6.14}{9}{kfifo}/' \
	chunks/2.6.14.nw >"$t/chunks/2.6.14.nw"
wrong=$(cd "$t" && LIT26_ARTICLE=/nonexistent "$OLDPWD/tools/catalogue" check 2>&1)
echo "$wrong" | grep -q "^not ok .* 2.6.14 item 8 (TASK_INTERACTIVE): the probes do not prove 'unchanged'"
ok $? "a fate the probes contradict is caught" "$wrong"
echo "$wrong" | grep -q "^not ok .* 2.6.14 item 9: the article's item does not mention 'kfifo'"
ok $? "an entry that does not match its article item is caught" "$wrong"

# A probe that must fail naming an identifier passes only if the first
# error the compiler reports in it names that identifier as a word.  This
# one has the identifier in its file name and in a later error, but fails
# first on a misspelt type: it is reported, with that first error.
mkdir -p "$t/odd/tangled/2.6.9/probes" "$t/odd/chunks" "$t/odd/book"
ln -s "$PWD/uml" "$t/odd/uml"
cp book/article-index.txt "$t/odd/book/"
cp chunks/2.6.9.nw "$t/odd/chunks/"
cp tangled/2.6.9/probes/06-lltx-new.c "$t/odd/tangled/2.6.9/probes/"
cat >"$t/odd/tangled/2.6.9/probes/06-NETIF_F_LLTX-old.c" <<'PROBE'
// SPDX-License-Identifier: GPL-2.0
/* probe: fails NETIF_F_LLTX */
#include <linux/netdevice.h>

static __used void probe(struct net_devce *dev)
{
	dev->features |= NETIF_F_LLTX;
}
PROBE
odd=$(cd "$t/odd" && "$OLDPWD/tools/catalogue" build >/dev/null 2>&1 &&
	LIT26_ARTICLE=/nonexistent "$OLDPWD/tools/catalogue" check 2>&1)
echo "$odd" | grep -q "^not ok .* 2.6.9 item 6 (NETIF_F_LLTX): the probes do not prove 'renamed'" &&
	echo "$odd" | grep -q "06-NETIF_F_LLTX-old.c: expected fails NETIF_F_LLTX, got fails; its first error: .*net_devce"
ok $? "a probe that fails first for another reason is caught" "$(echo "$odd" | grep -A3 '2.6.9 item 6')"
