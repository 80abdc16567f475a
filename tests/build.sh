#!/bin/sh
# The build suite: make lab succeeds, and every module and program the
# chapters define is in the guest's /lab.
. tangled/harness/tap.sh
log=build/test/make-lab.log
make --no-print-directory lab >"$log" 2>&1
ok $? "make lab (tangle, kernel, modules with W=1 -Werror, programs, rootfs)" \
	"$(tail -n 25 "$log")"
for kbuild in tangled/*/Kbuild; do
	for obj in $(sed -n 's/^obj-m += //p' "$kbuild"); do
		ko=build/rootfs/lab/${obj%.o}.ko
		[ -f "$ko" ]
		ok $? "module ${obj%.o}.ko is in /lab"
	done
done
for c in tangled/*/user/*.c; do
	p=build/rootfs/lab/$(basename "$c" .c)
	[ -x "$p" ] && ! ldd "$p" >/dev/null 2>&1
	ok $? "program $(basename "$p") is in /lab and statically linked"
done

# kbuild's probes answer from uml/try-run's store (uml/kbuild): a build in
# a directory of its own, of a module changed so that it is compiled,
# adds no answer to a store that already holds some.  Fails when nothing
# is kept, or when an answer is keyed on the directory.
t=$(mktemp -d)
cp tangled/kzalloc/*.c tangled/kzalloc/*.h tangled/kzalloc/Kbuild "$t/"
store() { find "$(uml/kernel dir)/probes" -type f \( -name '*.ok' -o -name '*.no' \) 2>/dev/null | wc -l; }
echo "/* $(date +%s%N) */" >>"$t/kzalloc_demo.c"
before=$(store)
uml/kbuild "$t" >"$t/log" 2>&1 && [ -f "$t/kzalloc_demo.ko" ] &&
	[ "$before" -ge 20 ] && [ "$(store)" = "$before" ]
ok $? "a module's build asks kbuild's probes of uml/try-run's store, and adds nothing to it ($before answers before, $(store) after)" \
	"$(tail -n 5 "$t/log")"

# The kept answers are kbuild's own: run again with kbuild's try-run
# (LIT26_PROBES=kbuild), kbuild finds every command of the build the same
# and redoes nothing, so no .cmd file changes.  Fails when an answer is
# wrong (a flag added or missing changes a command) or a probe's command
# lost its quoting on the way.
sums() { (cd "$t" && cat ./*.ko ./.*.cmd | sha256sum); }
first=$(sums)
LIT26_PROBES=kbuild uml/kbuild "$t" >"$t/log" 2>&1 && [ "$(sums)" = "$first" ]
ok $? "the probe answers uml/try-run kept are those kbuild's own probes give (kbuild rebuilt nothing)" \
	"$(tail -n 5 "$t/log"; ls -la "$t")"

# uml/kernel dir keeps its last answer in build/kernel-dir: in a copy of
# uml/ (with a build/ of its own), the memo is written, a change to the
# configuration fragment gives another directory at once, and the change
# undone gives the first again.  Fails when the memo is given while it is
# older than what it depends on.
mkdir "$t/copy" "$t/copy/build"
cp -r uml "$t/copy/"
real=$(uml/kernel dir)
first=$("$t/copy/uml/kernel" dir)
memo=$(cat "$t/copy/build/kernel-dir" 2>/dev/null | tail -n 1)
cp "$t/copy/uml/config.fragment" "$t/fragment"
echo "CONFIG_LIT26_MEMO_TEST=y" >>"$t/copy/uml/config.fragment"
changed=$("$t/copy/uml/kernel" dir)
cp "$t/fragment" "$t/copy/uml/config.fragment"
again=$("$t/copy/uml/kernel" dir)
[ "$first" = "$real" ] && [ "$memo" = "$real" ] && [ "$changed" != "$real" ] && [ "$again" = "$real" ]
ok $? "uml/kernel dir answers from its memo, and not once the configuration changed" \
	"real $real; copy $first; memo $memo; changed $changed; again $again"

# kbuild's probes are answered inside make (uml/probes.mk), from the
# store's answers: a build by the copy of uml/, whose try-run notes each
# question, asks it nothing.  Fails when the names uml/kbuild writes for
# the answers are not those uml/probes.mk looks up (then every probe
# asks uml/try-run, as before it, at 20 ms each).
mv "$t/copy/uml/try-run" "$t/copy/uml/try-run.real"
printf '#!/bin/sh\necho "$2" >>"%s"\nexec "$(dirname "$0")/try-run.real" "$@"\n' "$t/asked" \
	>"$t/copy/uml/try-run"
chmod +x "$t/copy/uml/try-run"
echo "/* $(date +%s%N) */" >>"$t/kzalloc_demo.c"
"$t/copy/uml/kbuild" "$t" >"$t/log" 2>&1 && [ -f "$t/kzalloc_demo.ko" ] && [ ! -s "$t/asked" ]
ok $? "a module's build answers kbuild's probes inside make, and asks uml/try-run nothing" \
	"$(tail -n 5 "$t/log"; grep -c . "$t/asked" 2>/dev/null) questions: $(head -c 300 "$t/asked" 2>/dev/null)"

# What --changed relies on: a chapter's modules depend on no file of
# another chapter's directory, and on no symbol another module exports.
# Fails when a chapter's code includes a file from outside its directory
# or exports a symbol.
shared=$(grep -n -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*/|EXPORT_SYMBOL' \
	tangled/*/*.c tangled/*/*.h 2>/dev/null)
[ -z "$shared" ]
ok $? "no chapter's module includes another directory's file or exports a symbol" "$shared"

# make lab builds only the chapters that changed (uml/kbuild --changed):
# in a tree of two chapters, the first build makes both; a second, with
# nothing changed, makes nothing; after an edit of a header of the
# first, only the first's modules are built again; a module deleted is
# built again alone.  Each edit is new text, never a build the module
# cache has (its tar would bring back every module of the tree).  Fails
# when a header, a missing module or the stamp is overlooked, or when a
# chapter that did not change is built again.
tree=$t/tree
mkdir -p "$tree/a" "$tree/b"
cp tangled/kzalloc/*.c tangled/kzalloc/*.h tangled/kzalloc/Kbuild "$tree/a/"
cp tangled/kfifo/*.c tangled/kfifo/Kbuild "$tree/b/"
printf 'obj-m += a/\nobj-m += b/\n' >"$tree/Kbuild"
echo "/* $(date +%s%N) */" >>"$tree/b/kfifo_demo.c"
mtimes() { (cd "$tree" && stat -c '%n %Y.%y' a/*.ko b/*.ko .kbuild-stamp 2>/dev/null); }
uml/kbuild --changed "$tree" >"$t/log" 2>&1 && [ -f "$tree/a/kzalloc_demo.ko" ] &&
	[ -f "$tree/a/kzalloc_kunit.ko" ] && [ -f "$tree/b/kfifo_demo.ko" ] && [ -f "$tree/.kbuild-stamp" ]
ok $? "uml/kbuild --changed builds every chapter of a tree it has not built" "$(tail -n 5 "$t/log")"
first=$(mtimes)
uml/kbuild --changed "$tree" >"$t/log" 2>&1 && [ "$(mtimes)" = "$first" ]
ok $? "with nothing changed, it builds nothing" "$(tail -n 5 "$t/log"; echo "$first"; mtimes)"
sleep 0.01
echo "/* $(date +%s%N) */" >>"$tree/a/kzalloc_demo.h"
b=$(stat -c %y "$tree/b/kfifo_demo.ko")
a=$(stat -c %y "$tree/a/kzalloc_demo.ko")
uml/kbuild --changed "$tree" >"$t/log" 2>&1 &&
	[ "$(stat -c %y "$tree/a/kzalloc_demo.ko")" != "$a" ] && [ "$(stat -c %y "$tree/b/kfifo_demo.ko")" = "$b" ]
ok $? "after an edit of a chapter's header, that chapter's modules alone are built again" \
	"$(tail -n 5 "$t/log"; echo "a: $a, b: $b"; mtimes)"
a=$(stat -c %y "$tree/a/kzalloc_demo.ko")
rm "$tree/b/kfifo_demo.ko"
uml/kbuild --changed "$tree" >"$t/log" 2>&1 && [ -f "$tree/b/kfifo_demo.ko" ] &&
	[ "$(stat -c %y "$tree/a/kzalloc_demo.ko")" = "$a" ]
ok $? "a deleted module is built again, and no other" "$(tail -n 5 "$t/log"; mtimes)"

# The module cache keeps LIT26_MODULE_CACHE_MB at most, the builds used
# longest ago going first: three old builds of 1 MiB beside a limit of
# 2 MiB, a new build leaves the newest old one and itself; then a hit
# makes its build the most recent again.  Fails when the cache is not
# pruned, when the build just stored is, or when a hit does not count as
# a use.
mkdir "$t/cache" "$t/one"
cp tangled/kzalloc/*.c tangled/kzalloc/*.h tangled/kzalloc/Kbuild "$t/one/"
echo "/* $(date +%s%N) */" >>"$t/one/kzalloc_demo.c"
for i in 1 2 3; do
	head -c 1048576 /dev/zero >"$t/cache/old$i.tar"
	touch -d "2026-01-0$i" "$t/cache/old$i.tar"
done
LIT26_MODULE_CACHE=$t/cache LIT26_MODULE_CACHE_MB=2 uml/kbuild "$t/one" >"$t/log" 2>&1
kept=$(cd "$t/cache" && ls | tr '\n' ' ')
new=$(cd "$t/cache" && ls | grep -v '^old')
[ ! -f "$t/cache/old1.tar" ] && [ ! -f "$t/cache/old2.tar" ] && [ -f "$t/cache/old3.tar" ] && [ -n "$new" ]
ok $? "the module cache drops the builds used longest ago to fit its limit, and keeps the new one" \
	"kept: $kept; $(tail -n 3 "$t/log")"
touch -d 2026-01-01 "$t/cache/$new"
rm "$t/one"/*.ko
LIT26_MODULE_CACHE=$t/cache LIT26_MODULE_CACHE_MB=2 uml/kbuild "$t/one" >"$t/log" 2>&1 &&
	[ -f "$t/one/kzalloc_demo.ko" ] && [ "$t/cache/$new" -nt "$t/cache/old3.tar" ]
ok $? "a build taken from the cache counts as used" "$(ls -la "$t/cache"; tail -n 3 "$t/log")"
rm -rf "$t"
