// SPDX-License-Identifier: GPL-2.0
/*
 * lab-init: PID 1 of the guest (uml/mkrootfs builds it, static).
 *
 * With lit26_job=<host dir> on the kernel command line (uml/run), mount
 * that directory read-write at /job, run /job/run with sh and the
 * arguments in /job/args (one per line), its output in /job/output,
 * record its exit status in /job/status and hand it to the host through
 * /proc/exitcode.  Without it (make boot), start busybox init, which
 * gives an interactive shell on the console.
 *
 * It is C rather than a shell script because a fork costs a lot in UML:
 * a shell init spent about 0.7 s of every run starting a dozen busybox
 * processes to mount, read and write a few files.  Now the job's shell is
 * the only process started.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_ARGS 64

/* Write a string to a file, as `echo TEXT >FILE` would; 0 or -1. */
static int put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void say(const char *text)
{
	put("/dev/console", text);
}

/* Hand the status to the host and stop the guest. */
static void __attribute__((noreturn)) power_off(int rc)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d\n", rc);
	put("/job/status", buf);
	sync();
	put("/proc/exitcode", buf);
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

/* Read a whole small file into a static buffer, NUL-terminated. */
static char *slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	ssize_t n;

	buf[0] = '\0';
	if (fd < 0)
		return buf;
	while (got < size - 1 && (n = read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return buf;
}

/* /job/env: NAME=VALUE lines that the host set for this run (--env). */
static void load_env(void)
{
	static char env[4096];
	char *line, *save;

	slurp("/job/env", env, sizeof(env));
	for (line = strtok_r(env, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strchr(line, '='))
			putenv(line);
}

/* argv for sh: /job/run, then the lines of /job/args. */
static void load_args(char **argv)
{
	static char args[8192];
	char *p = slurp("/job/args", args, sizeof(args));
	int n = 0;

	argv[n++] = "sh";
	argv[n++] = "/job/run";
	while (*p && n < MAX_ARGS) {
		char *end = strchr(p, '\n');

		if (end)
			*end = '\0';
		argv[n++] = p;
		if (!end)
			break;
		p = end + 1;
	}
	argv[n] = NULL;
}

static int run_job(void)
{
	char *argv[MAX_ARGS + 1];
	int status;
	pid_t pid;

	load_args(argv);
	pid = fork();
	if (pid < 0)
		return 126;
	if (pid == 0) {
		int out = open("/job/output", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int in = open("/dev/null", O_RDONLY);

		if (out < 0 || in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(126);
		execv("/bin/sh", argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 126;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * kmemleak reports objects that were older than 5 s at the previous scan:
 * let the last ones age, then scan twice, and put what it found on the
 * console, where uml/run looks for reports.  One scan is not enough:
 * with one, the detectors chapter's leak went unreported (tests/
 * detectors.sh), although a scan costs 0.4 s of wall time here.
 */
static void scan_for_leaks(void)
{
	const char *knob = "/sys/kernel/debug/kmemleak";
	const char *want = getenv("lit26_kmemleak");
	char buf[4096];
	int in, out;
	ssize_t n;

	if (!want || strcmp(want, "1") || access(knob, W_OK))
		return;
	sleep(6);
	put(knob, "scan");
	sleep(1);
	put(knob, "scan");
	in = open(knob, O_RDONLY | O_CLOEXEC);
	out = open("/dev/console", O_WRONLY | O_CLOEXEC);
	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			break;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
}

int main(void)
{
	const char *job = getenv("lit26_job");
	char line[64];
	int rc;

	setenv("PATH", "/sbin:/bin:/usr/sbin:/usr/bin:/lab", 1);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, "size=16m");
	sethostname("lit26", 5);

	if (!job) {
		execl("/bin/busybox", "init", (char *)NULL);
		say("lab-init: cannot start busybox init\n");
		return 1;
	}
	if (mount("none", "/job", "hostfs", 0, job) || chdir("/job")) {
		say("lab-init: cannot mount the job directory\n");
		put("/proc/exitcode", "126\n");
		reboot(RB_POWER_OFF);
		return 126;
	}
	/* Results go to the kernel log too (tap.sh), in order with its reports. */
	setenv("TAP_KMSG", "/dev/kmsg", 1);
	load_env();
	rc = run_job();
	snprintf(line, sizeof(line), "lit26: the script ended with status %d\n", rc);
	put("/dev/kmsg", line);
	scan_for_leaks();
	power_off(rc);
}
