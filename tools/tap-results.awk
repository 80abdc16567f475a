# tools/tap-results.awk: the top-level results of a check's TAP; run
# through tools/tap-results, which loads tools/tap.awk first.  With
# -v only=pass (or fail), the descriptions of those results only.
tap_parse($0) == "result" && tap_depth == 0 {
	r = tap_dir == "skip" ? "skip" : tap_ok ? "pass" : "fail"
	if (only == "")
		print r "\t" tap_desc
	else if (r == only)
		print tap_desc
}
