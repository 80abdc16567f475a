#!/bin/sh
# The mutants suite: every lab's check is strong enough, measured.
#
# tools/mutants makes mutants of each lab's reference solution (typical
# mistakes, one place each, by the semantic patches in tests/mutants/),
# grades each like a submission and counts those the check kills.  One
# test per lab: at least 90% of its non-equivalent mutants killed.  The
# results are cached under build/mutants/, so without a change nothing is
# graded again.
#
# Then the machinery itself is shown able to fail, on the kzalloc lab:
#   - a mutant survives a deliberately weakened points table (the tests
#     that kill the kzalloc-to-kmalloc mutant made worth 0), and is
#     listed with its diff;
#   - a points table that gives nothing (only the report deduction) lets
#     every mutant that causes no kernel report survive, and the lab
#     misses the target (tools/mutants exits 1);
#   - a survivor listed in an equivalent file leaves the count; an entry
#     that names no mutant is reported as stale;
#   - a mutant that does not compile (tests/mutants/selftest/) is counted
#     as stillborn, not as killed;
#   - each mutant differs from the reference in one place, and only in
#     the student's code: the given kfree() in kzdemo_copy_out() is never
#     dropped.
# The weakened runs only re-score the kept TAP: no guest boots for them.
. tangled/harness/tap.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
target=${MUTANTS_TARGET:-90}

tools/mutants >"$t/all.out" 2>"$t/all.err"
rc=$?
if [ "$rc" = 2 ]; then
	ok 1 "tools/mutants made and graded the mutants of every lab" "$(tail -n 20 "$t/all.err")"
fi
for lab in $(tools/labs); do
	s=build/mutants/$lab/summary.tsv
	if ! [ -f "$s" ]; then
		ok 1 "$lab: at least $target% of non-equivalent mutants killed" "no $s"
		continue
	fi
	IFS='	' read -r _ n still equiv killed surv rate verdict byreport refok _ <"$s"
	[ "$verdict" = ok ] && [ "$refok" = yes ]
	ok $? "$lab: at least $target% of non-equivalent mutants killed ($killed/$((killed + surv)))" \
		"$(awk -v lab="$lab" '/^== / { on = ($2 == lab ":") } on' "$t/all.out" | head -n 60)"
done

# A second run without a change grades nothing.
tools/mutants >"$t/warm.out" 2>"$t/warm.err"
grep -q '^mutants: 0 to grade' "$t/warm.err" && cmp -s "$t/all.out" "$t/warm.out"
ok $? "a second run grades nothing and prints the same tables" "$(grep '^mutants:' "$t/warm.err" | tail -n 3)"

# The machinery can fail.  The kzalloc-to-kmalloc mutant of the kzalloc lab:
lab=kzalloc
id=$(awk -F'\t' '$2 == "zeroed-alloc" && $3 == "kzdemo_read_kzalloc" { print $1; exit }' \
	"build/mutants/$lab/results.tsv")
verdict=$(awk -F'\t' -v id="$id" '$1 == id { print $5 }' "build/mutants/$lab/results.tsv")
[ -n "$id" ] && [ "$verdict" = killed ]
ok $? "$lab: the kzalloc-to-kmalloc mutant exists and the check kills it ($id: $verdict)"

# Which tests it fails, from its kept TAP (the last column of
# results.tsv); a points table with those tests worth 0 is the weakened
# check.
run=$(awk -F'\t' -v id="$id" '$1 == id { print $7 }' "build/mutants/$lab/results.tsv")
failed=$(tools/tap-results --failed "$run/check.tap" 2>/dev/null)
awk -F'\t' -v failed="$failed" '
	BEGIN { n = split(failed, f, "\n"); for (i = 1; i <= n; i++) bad[f[i]] = 1 }
	NF == 2 && ($2 in bad) && $1 > 0 { print "0\t" $2; next }
	{ print }' "$(tools/points "$lab")" >"$t/weak.points"
MUTANTS_OUT=$t/weak MUTANTS_POINTS=$t/weak.points tools/mutants "$lab" >"$t/weak.out" 2>"$t/weak.err"
verdict=$(awk -F'\t' -v id="$id" '$1 == id { print $5 }' "$t/weak/$lab/results.tsv" 2>/dev/null)
[ -n "$failed" ] && [ "$verdict" = survived ] && grep -q "^$id " "$t/weak.out"
ok $? "a weakened points table ($(echo "$failed" | grep -c .) tests of $lab worth 0): the kzalloc-to-kmalloc mutant survives, listed with its diff" \
	"verdict: $verdict; the tests it fails: $failed"

# Nothing but the deduction: every mutant without a kernel report survives.
grep 'the kernel reported no bug' "$(tools/points "$lab")" >"$t/none.points"
MUTANTS_OUT=$t/none MUTANTS_POINTS=$t/none.points tools/mutants "$lab" >"$t/none.out" 2>"$t/none.err"
rc=$?
IFS='	' read -r _ n still equiv killed surv rate verdict byreport _ <"$t/none/$lab/summary.tsv"
[ "$rc" = 1 ] && [ "$verdict" = below ] && [ "$killed" = "$byreport" ] && [ "$surv" -gt 0 ] &&
	grep -q "^$lab: BELOW TARGET" "$t/none.out"
ok $? "a points table that gives nothing: only the mutants the kernel reports are killed, and $lab misses the target (exit $rc, $killed/$((killed + surv)))"

# An equivalent list takes the survivor out of the count; a stale entry
# is reported.
printf '# a test of tests/mutants.sh\n%s\tsurvives only because its tests are worth 0 here\nno-such-op:nowhere:00000000\tstale\n' \
	"$id" >"$t/equivalent"
MUTANTS_OUT=$t/eq MUTANTS_POINTS=$t/weak.points MUTANTS_EQUIVALENT=$t/equivalent \
	tools/mutants "$lab" >"$t/eq.out" 2>"$t/eq.err"
verdict=$(awk -F'\t' -v id="$id" '$1 == id { print $5 }' "$t/eq/$lab/results.tsv" 2>/dev/null)
IFS='	' read -r _ n still equiv killed surv rate _ <"$t/eq/$lab/summary.tsv"
[ "$verdict" = equivalent ] && [ "$equiv" -ge 1 ] && ! grep -q "^$id " "$t/eq.out"
ok $? "a survivor listed as equivalent leaves the count ($id: $verdict)"
grep -q 'lists no-such-op:nowhere:00000000, which is not a mutant' "$t/eq.out"
ok $? "an equivalent entry that names no mutant is reported as stale"

# A mutant that does not compile is stillborn, not killed.
MUTANTS_OUT=$t/still MUTANTS_OPS=tests/mutants/selftest tools/mutants "$lab" >"$t/still.out" 2>"$t/still.err"
IFS='	' read -r _ n still equiv killed surv rate _ <"$t/still/$lab/summary.tsv"
[ "$n" -ge 1 ] && [ "$still" = "$n" ] && [ "$killed" = 0 ] && [ "$surv" = 0 ]
ok $? "a mutant that does not compile is counted as stillborn, not killed ($still of $n)" \
	"$(cat "$t/still.out" "$t/still.err" | tail -n 20)"

# One place per mutant, in the student's code only.
tools/mutants --list >"$t/list.out" 2>"$t/list.err"
bad=$(awk '
	/^[a-z-]+:[^ ]+  \(/ { if (id != "" && hunks != 1) print id " " hunks; id = $1; hunks = 0; next }
	/^@@ / { hunks++ }
	END { if (id != "" && hunks != 1) print id " " hunks }' "$t/list.out")
n=$(grep -c -E '^[a-z-]+:[^ ]+  \(' "$t/list.out")
[ "$n" -gt 0 ] && [ -z "$bad" ]
ok $? "each of the $n mutants differs from its reference in one place" "mutant, places: $bad"
grep -q '^drop-free:kzdemo_kcalloc_write:' "$t/list.out" && ! grep -q '^drop-free:kzdemo_copy_out:' "$t/list.out"
ok $? "only the student's code is mutated: the kfree() the kzalloc lab gives (kzdemo_copy_out) is not dropped, the student's is"
