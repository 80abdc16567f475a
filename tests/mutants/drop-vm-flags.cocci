// drop-vm-flags: a change to a mapping's flags left out (vm_flags_clear,
// vm_flags_set, vm_flags_mod): VM_MAYWRITE stays, so mprotect() can make
// a read-only mapping writable later.
@site@
position p;
identifier f =~ "^(vm_flags_clear|vm_flags_set|vm_flags_mod)$";
@@
f@p(...);

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
@@
- f@p(...);
