// SPDX-License-Identifier: GPL-2.0
/*
 * tapsum: summarise TAP and KTAP results, suite by suite.
 *
 *   tapsum [FILE...]      (standard input when no file is given)
 *
 * Input is what the test suites print: plain TAP from shell checks and
 * user-space programs, and KTAP from KUnit (nested, indented subtests,
 * "# Subtest:" headers).  A line "# suite: NAME" starts a new suite.
 *
 * Only leaf results count.  A result line that closes a block of deeper
 * (indented) results is a summary of them and is not counted again,
 * unless it says "not ok" while every result inside passed: then the
 * failure happened outside the cases (a suite's init) and counts once.
 * A plan "1..N" that is not met counts the missing results as failed,
 * and "Bail out!" counts as a failure: a run that dies half way through
 * must not look green.
 *
 * Output: one line per suite, the failed tests under it, and last the
 * line "N passed, N failed", after a line "N skipped" when some were.
 * Exit status 1 when anything failed or nothing ran at all.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16
#define MAX_FAILS 64

struct level {
	long planned;		/* -1 when no plan was seen */
	long results;		/* result lines seen at this depth */
	long failed;		/* of which failed (leaves and summaries) */
};

struct suite {
	char name[128];
	long passed, failed, skipped;
	int nfails;
	char fails[MAX_FAILS][160];
	struct level lv[MAX_DEPTH];
	int depth;		/* deepest level opened so far */
};

static struct suite cur;
static long total_passed, total_failed, total_skipped;
static int suites_seen;

static void reset_levels(void)
{
	for (int i = 0; i < MAX_DEPTH; i++) {
		cur.lv[i].planned = -1;
		cur.lv[i].results = 0;
		cur.lv[i].failed = 0;
	}
	cur.depth = 0;
}

static void note_failure(const char *what)
{
	cur.failed++;
	if (cur.nfails < MAX_FAILS) {
		char *slot = cur.fails[cur.nfails++];
		size_t len = strnlen(what, sizeof(cur.fails[0]) - 1);

		memcpy(slot, what, len);	/* long descriptions are cut */
		slot[len] = '\0';
	}
}

/* A plan that promised more results than arrived at depth d. */
static void close_level(int d)
{
	struct level *l = &cur.lv[d];

	if (l->planned > l->results) {
		char msg[160];

		snprintf(msg, sizeof(msg), "%ld of %ld planned results missing",
			 l->planned - l->results, l->planned);
		note_failure(msg);
	}
	l->planned = -1;
	l->results = 0;
	l->failed = 0;
}

static void finish_suite(void)
{
	for (int d = cur.depth; d >= 0; d--)
		close_level(d);
	if (cur.passed || cur.failed || cur.skipped || cur.name[0]) {
		printf("suite %s: %ld passed, %ld failed", cur.name[0] ? cur.name : "(unnamed)",
		       cur.passed, cur.failed);
		if (cur.skipped)
			printf(", %ld skipped", cur.skipped);
		putchar('\n');
		for (int i = 0; i < cur.nfails; i++)
			printf("    not ok: %s\n", cur.fails[i]);
		suites_seen++;
	}
	total_passed += cur.passed;
	total_failed += cur.failed;
	total_skipped += cur.skipped;
	memset(&cur, 0, sizeof(cur));
	reset_levels();
}

/* KTAP indents each nesting level by four spaces (older KUnit by eight, or a tab). */
static int depth_of(const char *line, const char **rest)
{
	int cols = 0;

	for (; *line == ' ' || *line == '\t'; line++)
		cols += *line == '\t' ? 8 : 1;
	*rest = line;
	cols /= 4;
	return cols < MAX_DEPTH ? cols : MAX_DEPTH - 1;
}

static void result_line(int d, int ok, const char *desc)
{
	int skip = strstr(desc, "# SKIP") || strstr(desc, "# skip");
	int deeper = 0, deeper_failed = 0;

	/* Results below this one belong to it: it is their summary. */
	for (int i = d + 1; i <= cur.depth; i++) {
		deeper += cur.lv[i].results > 0;
		deeper_failed += cur.lv[i].failed > 0;
		close_level(i);
	}
	if (cur.depth > d)
		cur.depth = d;
	cur.lv[d].results++;
	if (!ok)
		cur.lv[d].failed++;

	if (deeper) {
		if (!ok && !deeper_failed)
			note_failure(desc);
		return;
	}
	if (skip)
		cur.skipped++;
	else if (ok)
		cur.passed++;
	else
		note_failure(desc);
}

static void parse_line(char *line)
{
	const char *s;
	int d = depth_of(line, &s);
	long n;
	int used;

	line[strcspn(line, "\r\n")] = '\0';
	if (!strncmp(s, "# suite: ", 9)) {
		finish_suite();
		snprintf(cur.name, sizeof(cur.name), "%s", s + 9);
		return;
	}
	if (!strncmp(s, "Bail out!", 9)) {
		note_failure(s);
		return;
	}
	if (d > cur.depth)
		cur.depth = d;
	if (sscanf(s, "1..%ld%n", &n, &used) == 1) {
		/* A second stream in the same suite: settle the first one's plan. */
		if (cur.lv[d].planned >= 0)
			close_level(d);
		cur.lv[d].planned = n;
		return;
	}
	if (!strncmp(s, "ok ", 3) || !strncmp(s, "not ok ", 7)) {
		int ok = s[0] == 'o';
		const char *desc = s + (ok ? 3 : 7);

		while (isdigit((unsigned char)*desc))
			desc++;
		while (*desc == ' ' || *desc == '-')
			desc++;
		result_line(d, ok, desc);
	}
}

static void read_stream(FILE *f)
{
	char line[4096];

	while (fgets(line, sizeof(line), f))
		parse_line(line);
}

int main(int argc, char **argv)
{
	reset_levels();
	if (argc < 2) {
		read_stream(stdin);
	} else {
		for (int i = 1; i < argc; i++) {
			FILE *f = fopen(argv[i], "r");

			if (!f) {
				perror(argv[i]);
				return 2;
			}
			read_stream(f);
			fclose(f);
		}
	}
	finish_suite();
	/* The last line is always exactly "N passed, N failed": CI reads it. */
	if (total_skipped)
		printf("%ld skipped\n", total_skipped);
	printf("%ld passed, %ld failed\n", total_passed, total_failed);
	return total_failed || total_passed + total_skipped == 0;
}
