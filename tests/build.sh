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

# ccache answers kbuild's compiler probes (uml/kbuild): a second build of
# a changed module at the same place runs fewer compilers than the first.
# Fails when ccache is not used, or caches nothing the probes ask.
t=$(mktemp -d)
cp tangled/kzalloc/*.c tangled/kzalloc/*.h tangled/kzalloc/Kbuild "$t/"
stats() { CCACHE_DIR=$(uml/kernel dir)/ccache ccache --print-stats | awk '$1 == "direct_cache_hit" { print $2 }'; }
echo "/* $(date +%s%N) */" >>"$t/kzalloc_demo.c"
uml/kbuild "$t" kzalloc_demo.ko >/dev/null 2>&1
before=$(stats)
echo "/* $(date +%s%N) */" >>"$t/kzalloc_demo.c"
uml/kbuild "$t" kzalloc_demo.ko >"$t/log" 2>&1 && [ -f "$t/kzalloc_demo.ko" ] &&
	[ "$(stats)" -gt "${before:-0}" ]
ok $? "a changed module's build reuses the compiler probes ccache kept (hits: ${before:-none} before, $(stats) after)" \
	"$(tail -n 5 "$t/log")"
rm -rf "$t"
