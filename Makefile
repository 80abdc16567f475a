# The one entry point.  `make help` lists the targets.
#
#   chunks/*.nw --tangle--> tangled/ --kbuild/cc--> build/rootfs/lab/ --uml/run--> checks
#              --weave---> book/woven/ --latexmk--> book/book.pdf
#
# tangled/, build/ and book/woven/ are generated; the UML kernel is cached
# outside the clone by uml/kernel.

SHELL := /bin/sh
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:

B := build
ROOTFS := $(B)/rootfs
# The guest's /lab.  (LAB, on the command line, names a lab: make grade LAB=x.)
LABDIR := $(ROOTFS)/lab
NW := $(wildcard chunks/*.nw)

# Evaluated when used, so that `make deps` works before the kernel source
# package is installed.
KCACHE = $(shell uml/kernel dir)
KDIR = $(KCACHE)/build

USER_CFLAGS := -static -O2 -g -Wall -Wextra -Werror -std=gnu11

# Files that exist only after `make tangle` (the sub-make sees them).
PROGRAMS = $(patsubst %.c,$(LABDIR)/%,$(notdir $(wildcard tangled/*/user/*.c)))
SCRIPTS = $(patsubst tangled/%,$(LABDIR)/%,$(wildcard tangled/*/*.sh))
vpath %.c $(wildcard tangled/*/user)

.PHONY: all help deps tangle kernel modules programs rootfs lab boot debug demo \
	catalogue legacy diffs appendix pdf weave html test check mutants bench handout grade grade-class clean distclean

all: deps
	@$(MAKE) --no-print-directory lab
	@$(MAKE) --no-print-directory data
	@$(MAKE) --no-print-directory pdf
	@$(MAKE) --no-print-directory demo

help:
	@echo "make            deps, tangle, kernel, modules, programs, rootfs, data, pdf, demo"
	@echo "make deps       install the Debian packages that are missing (root), or print the command"
	@echo "make tangle     write tangled/ from chunks/*.nw"
	@echo "make kernel     build (or reuse) the cached UML kernel"
	@echo "make modules    build the tangled kernel modules against it (W=1, -Werror)"
	@echo "make programs   build the static user-space programs"
	@echo "make rootfs     make the guest root file system in $(ROOTFS)"
	@echo "make lab        all of the above that the guest needs, copied to /lab"
	@echo "make boot       boot UML with a shell; /lab has the modules; poweroff returns"
	@echo "make debug CH=x gdb on the guest kernel, chapter x's modules loaded; GDB_SCRIPT=f: batch"
	@echo "make demo       boot UML and run the featured demos"
	@echo "make catalogue  compile the catalogue's probes: is each 2.6 API's fate in 6.12 what the book says?"
	@echo "make legacy     convert the legacy chapter's 2.6.10 driver with its semantic patches"
	@echo "make diffs      the before/after diffs the chapters show (chunkdiff lines)"
	@echo "make appendix   the lab appendix's body from exercises/ (pandoc)"
	@echo "make pdf        weave and typeset book/book.pdf"
	@echo "make html       the HTML edition of the book, build/html/index.html"
	@echo "make test       every check; the last line is 'N passed, N failed'"
	@echo "make check CH=x one chapter: its check, KUnit suite, facts and wrong variants"
	@echo "make handout LAB=x                 the student's tarball for lab x (build/handout/x.tar.gz)"
	@echo "make grade LAB=x SUBMISSION=dir    grade one submission: Score: X/Y and feedback"
	@echo "make grade-class LAB=x SUBMISSIONS=dir  grade a folder of submissions in parallel"
	@echo "make mutants [LAB=x]  mutation testing of the labs' references: killed, survived, kill rate"
	@echo "make bench      boot, tangle, touch-to-check and warm test times; the data again"
	@echo "make data       measure in UML what the figures draw, if stale (make pdf: if missing)"
	@echo "make clean      remove generated files (the kernel cache stays)"

deps:
	@tools/deps

tangle:
	@tools/tangle $(NW)
	@for d in tangled/*/; do d=$${d%/}; [ -f "$$d/Kbuild" ] && echo "obj-m += $${d##*/}/"; done \
		| cpif tangled/Kbuild

kernel:
	@uml/kernel build

modules: tangle kernel
	@$(MAKE) --no-print-directory lab-modules

# The kernel's make shares this make's job slots (the "+": make's jobserver).
.PHONY: lab-modules
lab-modules:
	@echo "modules: building against $(KDIR)"
	+@uml/kbuild --changed tangled

rootfs: $(ROOTFS)/.stamp
$(ROOTFS)/.stamp: uml/mkrootfs uml/wireless-tools $(wildcard uml/guest/*)
	@uml/mkrootfs $(ROOTFS)
	@touch $@

programs: tangle $(ROOTFS)/.stamp
	@$(MAKE) --no-print-directory lab-files

# The modules and the user programs side by side, a job a core.
lab: tangle kernel $(ROOTFS)/.stamp
	@$(MAKE) --no-print-directory -j$(shell nproc) lab-modules lab-files
	@mkdir -p $(LABDIR)
	@rsync -c tangled/*/*.ko $(LABDIR)/
	@echo "lab: $$(ls $(LABDIR) | wc -l) files in $(LABDIR)"

.PHONY: lab-files
lab-files: $(PROGRAMS) $(SCRIPTS)

$(LABDIR)/%: %.c
	@mkdir -p $(LABDIR)
	@echo "  CC [user] $@"
	@$(CC) $(USER_CFLAGS) -I$(dir $<).. -o $@ $<

$(LABDIR)/%.sh: tangled/%.sh
	@mkdir -p $(dir $@)
	@cp $< $@

boot: lab
	@uml/boot

# gdb attached to the guest kernel, the chapter's modules loaded, at the
# chapter's lines (uml/debug; chunks/debugging.nw).  The chapter is
# checked before anything is built.
debug:
	@tools/debug --check "$(CH)" "$(GDB_SCRIPT)"
	@$(MAKE) --no-print-directory lab || \
		{ echo "make debug: the modules do not build; the compiler's errors are above" >&2; exit 1; }
	@tools/debug "$(CH)" "$(GDB_SCRIPT)"

demo: lab
	@tools/demo

.PHONY: data
data: lab
	@tools/data

weave: tangle
	@tools/weave $(NW)

catalogue: tangle kernel
	@tools/catalogue build

# The legacy chapter prints the diff its semantic patches make (spatch);
# a sub-make, so that the prerequisites are the files tangle wrote.
LEGACY_DIFF = book/woven/legacy.diff
legacy: tangle
	@$(MAKE) --no-print-directory $(LEGACY_DIFF)

$(LEGACY_DIFF): $(wildcard tangled/legacy/acq.h tangled/legacy/2.6.10/*.c tangled/legacy/cocci/*)
	@tangled/legacy/cocci/apply.sh tangled/legacy $(B)/legacy
	@mkdir -p $(dir $@)
	@cp $(B)/legacy/acq.diff $@

# The before/after diffs the chapters show (\chunkdiff lines).
diffs: tangle
	@tools/chunkdiff $(NW)

# The lab appendix (chunks/labs.nw) reads the labs' tasks and points.
appendix: lab
	@tools/labs-appendix

pdf: weave diffs appendix
	@$(MAKE) --no-print-directory $(LEGACY_DIFF)
	@tools/catalogue tables
	@tools/pdf

# The same chapters as HTML pages; needs no kernel (tangle for the legacy
# chapter's diff only).
html: tangle diffs appendix
	@$(MAKE) --no-print-directory $(LEGACY_DIFF)
	@tools/catalogue tables
	@tools/html

test: deps
	@tests/run

# One chapter's suites, after rebuilding what changed: the daily loop.
check: lab
	@[ -n "$(CH)" ] || { echo "usage: make check CH=<chapter>; the chapters: $$(tr '\n' ' ' <book/chapters)"; exit 2; }
	@tests/run --chapter $(CH)

handout: lab
	@tools/handout $(LAB)

grade: lab
	@tools/grade "$(LAB)" "$(SUBMISSION)"

grade-class: lab
	@tools/grade-class "$(LAB)" "$(SUBMISSIONS)"

# How strong each lab's check is: mutation testing of the reference
# solutions (make mutants, or LAB=x for one lab).
mutants: lab
	@tools/mutants $(LAB)

bench: lab
	@tools/bench

clean:
	rm -rf tangled/*/ tangled/Kbuild tangled/.[!.]* $(B) book/woven book/book.pdf \
		book/*.aux book/*.log book/*.toc book/*.out book/*.fls book/*.fdb_latexmk book/*.idx

distclean: clean
	rm -rf "$(KCACHE)"
