# The hand-out's Makefile (copied in by `make handout`).
#
#   make          build your module against the lab's User-Mode Linux kernel
#   make check    boot the guest, run the lab's check on your module, show the score
#   make boot     a shell in the guest; your module is in /job
#   make debug    gdb on the guest kernel with your module loaded (uml/debug);
#                 GDB_SCRIPT=file runs its gdb commands and prints the transcript
#
# The first run builds the kernel (4 to 9 minutes on 2 cores) and caches it in
# ~/.cache/lit26; it needs the Debian packages that tools/deps installs.
LAB := $(notdir $(CURDIR))
ROOTFS := build/rootfs
# The seconds the whole check may take, as the grader gives it.
CHECK_LIMIT := 60

.PHONY: all deps kernel module rootfs check boot debug clean
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
	@for c in src/user/*.c harness/user/*.c; do [ -f "$$c" ] || continue; \
		cc -static -O2 -Wall -Wextra -Werror -Isrc -o $(ROOTFS)/lab/$$(basename $$c .c) $$c || exit 1; done
	@touch $@

check: module rootfs
	@set --; for ko in src/*.ko; do set -- "$$@" --file "$$ko"; done; \
	uml/run-check --time-travel --limit $(CHECK_LIMIT) "$$@" $(ROOTFS)/lab/$(LAB)/check.sh /job \
		>build/check.tap 2>build/report; \
	rc=$$?; status=checked; \
	if grep -q "^#   kmemleak's scan at the end did not finish" build/check.tap; then status=timeout; \
		echo "kmemleak's scan after the last test did not finish: the last test fails." >>build/report; \
	elif [ $$rc = 124 ]; then status=timeout; \
		echo "The check used up its $(CHECK_LIMIT)s; the tests it did not reach score nothing." >>build/report; fi; \
	awk -f tools/tap.awk -f tools/score.awk -v json=build/result.json -v student=you -v lab=$(LAB) -v status=$$status \
		-v seconds=0 points build/check.tap build/report

# Your files carry #line directives that point into the book's chapter,
# which the hand-out does not have: the debug build drops them (keeping
# the line count), so that gdb shows your own file at your own lines.
debug: kernel
	@rm -rf build/debug && mkdir -p build/debug && for f in src/*.[ch] src/Kbuild; do \
		sed 's/^#line .*//' "$$f" >"build/debug/$${f#src/}"; done
	@$(MAKE) -s -C $$(uml/kernel dir)/build ARCH=um M=$(CURDIR)/build/debug \
		KCFLAGS="-fno-schedule-insns2 -fdebug-prefix-map=$(CURDIR)/build/debug=$(CURDIR)/src" modules || \
		{ echo "make debug: your module does not build; the compiler's errors are above" >&2; exit 1; }
	@$(MAKE) --no-print-directory rootfs
	@set --; for ko in build/debug/*.ko; do \
		case $$ko in *_kunit.ko) ;; *) set -- "$$@" --load "$$ko" ;; esac; \
	done; uml/debug "$$@" $(if $(GDB_SCRIPT),--gdb-script $(GDB_SCRIPT))

boot: module rootfs
	@mkdir -p build/scratch && cp src/*.ko build/scratch/
	@uml/boot

clean:
	rm -rf build src/*.o src/*.ko src/*.mod* src/.*.cmd src/Module.symvers src/modules.order
