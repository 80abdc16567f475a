# The hand-out's Makefile (copied in by `make handout`).
#
#   make          build your module against the lab's User-Mode Linux kernel
#   make check    boot the guest, run the lab's check on your module, show the score
#   make boot     a shell in the guest; your module is in /job
#
# The first run builds the kernel (about 10 minutes) and caches it in
# ~/.cache/lit26; it needs the Debian packages that tools/deps installs.
LAB := $(notdir $(CURDIR))
ROOTFS := build/rootfs

.PHONY: all deps kernel module rootfs check boot clean
all: module

deps:
	@sh tools/deps build

kernel: deps
	@uml/kernel build

module: kernel
	@uml/kbuild src

rootfs: $(ROOTFS)/.stamp
$(ROOTFS)/.stamp: uml/mkrootfs
	@uml/mkrootfs $(ROOTFS)
	@mkdir -p $(ROOTFS)/lab/harness $(ROOTFS)/lab/$(LAB)
	@cp harness/*.sh $(ROOTFS)/lab/harness/
	@cp src/*.sh $(ROOTFS)/lab/$(LAB)/
	@for c in src/user/*.c; do [ -f "$$c" ] || continue; \
		cc -static -O2 -Wall -Wextra -Werror -Isrc -o $(ROOTFS)/lab/$$(basename $$c .c) $$c || exit 1; done
	@touch $@

check: module rootfs
	@set --; for ko in src/*.ko; do set -- "$$@" --file "$$ko"; done; \
	uml/run-check --time-travel --limit 60 "$$@" $(ROOTFS)/lab/$(LAB)/check.sh /job \
		>build/check.tap 2>build/report; \
	awk -f tools/score.awk -v json=build/result.json -v student=you -v lab=$(LAB) -v status=checked \
		-v seconds=0 points build/check.tap build/report

boot: module rootfs
	@mkdir -p build/scratch && cp src/*.ko build/scratch/
	@uml/boot

clean:
	rm -rf build src/*.o src/*.ko src/*.mod* src/.*.cmd src/Module.symvers src/modules.order
