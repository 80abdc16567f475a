# uml/probes.mk: kbuild's try-run answered inside make, from the answers
# uml/try-run kept.  uml/kbuild gives make a try-run that reads this file
# the first time a make asks a probe (every sub-make does, and reads it
# too), and then calls lit26-try-run.
#
# A module's build runs kbuild's 34 probes (cc-option, ld-option,
# as-instr...) again in each of its makes.  uml/try-run keeps their
# answers, but asking it still starts bash, a shell and md5sum per probe:
# 0.6 s of a 1.5 s build.  Here the answers are make variables, named
# after the probe's command, which $(LIT26_PROBES).mk defines (uml/kbuild
# writes it from the store); a probe not among them asks uml/try-run,
# which runs it and keeps its answer for the next build.
#
# A name is the command with the characters a make variable's name
# cannot hold spelled out: _ first (so that no two commands share a
# name), then $, #, =, : and the space.  uml/kbuild spells them the same
# way, in the same order.
lit26-empty :=
lit26-space := $(lit26-empty) $(lit26-empty)
lit26-hash := \#
lit26-probe = lit26-probe-$(subst $(lit26-space),_s,$(subst :,_c,$(subst =,_e,$(subst $(lit26-hash),_h,$(subst $$,_d,$(subst _,_u,$(1)))))))

# Read, not included: make would try to remake an included file, and
# kbuild has rules that match any name.
$(eval $(file <$(LIT26_PROBES).mk))
lit26-probes-read := 1

# escsq is kbuild's own quoting for a shell's single quotes
# (scripts/Kbuild.include).
lit26-try-run = $(if $(filter undefined,$(origin $(call lit26-probe,$(1)))),$(shell '$(LIT26_TRY_RUN)' '$(LIT26_PROBES)' '$(call escsq,$(1))' '$(call escsq,$(2))' '$(call escsq,$(3))'),$(if $(filter ok,$($(call lit26-probe,$(1)))),$(2),$(3)))
