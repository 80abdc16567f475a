# tools/score.awk: score a check's TAP output against a lab's points table.
#
#   awk -f tools/tap.awk -f tools/score.awk -v json=RESULT.json -v student=NAME \
#       -v lab=LAB -v status=STATUS -v seconds=N POINTS CHECK.tap [REPORT]
#
# POINTS has lines "POINTS<TAB>test description" (the description exactly as
# the check prints it); tests not listed are worth nothing.  A negative
# POINTS is a deduction: the test is not part of the maximum, and failing
# it costs that many points (the score never goes below 0); that is how
# "the kernel reported no bug while the check ran" is scored, so that a
# skeleton that does nothing gets nothing for not crashing.  CHECK.tap is the
# check's output, read by tools/tap.awk as every tool reads TAP: "ok N -
# description" / "not ok N - description", with the diagnostic lines
# ("#   expected: ...") under a failed test; a test marked "# SKIP" earns
# nothing.  REPORT, if
# given, holds what the harness said (kernel report, timeout, compile errors).
# Prints the feedback for the student and "Score: X/Y"; writes RESULT.json.

function jesc(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	gsub(/\t/, "\\t", s)
	gsub(/\r/, "", s)
	gsub(/\n/, "\\n", s)
	gsub(/[\001-\037]/, "?", s)
	return s
}

FILENAME == ARGV[1] {
	if ($0 ~ /^[ \t]*(#|$)/)
		next
	split($0, f, "\t")
	n++
	pts[n] = f[1] + 0
	desc[n] = f[2]
	if (pts[n] > 0)
		max += pts[n]
	next
}

FILENAME == ARGV[2] {
	kind = tap_parse($0)
	if (kind == "result" && tap_depth == 0) {
		cur = tap_desc
		result[cur] = tap_dir == "skip" ? "skip" : tap_ok ? "pass" : "fail"
	} else if (kind == "diag" && tap_depth == 0 && cur != "") {
		diag[cur] = diag[cur] tap_text "\n"
	}
	next
}

{ report = report $0 "\n" }

END {
	for (i = 1; i <= n; i++) {
		r = (desc[i] in result) ? result[desc[i]] : "not run"
		if (pts[i] < 0) {
			got = (r == "fail") ? pts[i] : 0
			score += got
			res[i] = r
			earned[i] = got
			if (r == "fail")
				printf "FAIL    %2d     %s\n", got, desc[i]
			else
				printf "%-7s  0     %s\n", r == "pass" ? "PASS" : "NOT RUN", desc[i]
			if (r == "fail" && diag[desc[i]] != "") {
				d = diag[desc[i]]
				gsub(/\n$/, "", d)
				gsub(/\n/, "\n                ", d)
				printf "                %s\n", d
			}
			continue
		}
		got = (r == "pass") ? pts[i] : 0
		score += got
		res[i] = r
		earned[i] = got
		if (r == "pass") {
			printf "PASS    %2d/%-2d  %s\n", got, pts[i], desc[i]
		} else if (r == "fail") {
			printf "FAIL    %2d/%-2d  %s\n", got, pts[i], desc[i]
			d = diag[desc[i]]
			gsub(/\n$/, "", d)
			if (d != "") {
				gsub(/\n/, "\n                ", d)
				printf "                %s\n", d
			}
		} else if (r == "skip") {
			printf "SKIP    %2d/%-2d  %s\n", got, pts[i], desc[i]
			printf "                the check skipped this test: it earns nothing\n"
		} else {
			printf "NOT RUN %2d/%-2d  %s\n", got, pts[i], desc[i]
			printf "                the check stopped before this test (see below)\n"
		}
	}
	if (score < 0)
		score = 0
	if (report != "")
		printf "\n%s", report
	printf "Score: %d/%d\n", score, max

	printf "{\"lab\": \"%s\", \"student\": \"%s\", \"status\": \"%s\", ", \
		jesc(lab), jesc(student), jesc(status) > json
	printf "\"score\": %d, \"max\": %d, \"seconds\": %d, \"tests\": [", \
		score, max, seconds > json
	for (i = 1; i <= n; i++)
		printf "%s{\"name\": \"%s\", \"result\": \"%s\", \"points\": %d, \"max\": %d}", \
			(i > 1 ? ", " : ""), jesc(desc[i]), res[i], earned[i], pts[i] > json
	printf "], \"report\": \"%s\"}\n", jesc(report) > json
	close(json)
}
