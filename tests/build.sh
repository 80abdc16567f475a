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
