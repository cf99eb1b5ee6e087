// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdsotest: benchmark and verify the Linux vDSO against the system calls.
 * Options, dispatch and exit statuses; see vdsotest(1).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "abi.h"
#include "api.h"
#include "bench.h"
#include "interrupt.h"
#include "options.h"
#include "report.h"
#include "vdso.h"

/* Fill @b from --vdso-lib or the kernel's vDSO; returns 0 or an exit status. */
static int bind_vdso(const struct options *o, struct vdso_binding *b)
{
	struct vdso_image img;
	const char *why;

	if (o->vdso_lib) {
		if (vdso_bind_library(b, o->vdso_lib, &why) != 0) {
			fprintf(stderr, "vdsotest: --vdso-lib '%s': %s\n", report_vis(o->vdso_lib),
				report_vis(why));
			return STATUS_USAGE;
		}
		return 0;
	}
	if (vdso_locate(&img, &why) != 0) {
		report_note("no usable vDSO: %s", why);
		vdso_bind_kernel(b, NULL);
		return 0;
	}
	vdso_bind_kernel(b, &img);
	if (o->debug) {
		const struct vdso_arch *a = vdso_arch_find(img.machine);
		fprintf(stderr, "vdsotest: vDSO at %p, %zu bytes, %zu symbols, %s, version %s%s\n",
			(const void *)img.base, img.size, img.nsyms, a ? a->name : "unknown machine",
			a ? a->version : "-", img.versym ? "" : " (image has no version data)");
	}
	return 0;
}

static void print_binding(const struct vdso_binding *b)
{
	char name[64];

	for (int c = 0; c < VDSO_NR_CALLS; c++)
		fprintf(stderr, "vdsotest: %s: %s %p\n", report_vis(b->source),
			vdso_symbol_name(c, name, sizeof(name)), b->fn[c]);
}

/* How long a child may take: its paths' durations plus 10 s of grace. */
static uint64_t watchdog_ns(enum test_type t, const struct run *run)
{
	return (t == TEST_BENCH ? NR_PATHS : 1) * run->duration_ns + 10000000000u;
}

/* After SIGINT or SIGTERM, how long a child may take to report and exit. */
#define INTERRUPT_GRACE_NS 5000000000u

/*
 * Pass SIGINT or SIGTERM, once caught, on to the child @pid (a terminal's
 * SIGINT reached it already, with the whole process group; kill(1) of
 * vdsotest's pid did not), and give it INTERRUPT_GRACE_NS more at most.
 */
static void pass_interrupt(pid_t pid, bool *passed, uint64_t *deadline)
{
	uint64_t grace = now_ns() + INTERRUPT_GRACE_NS;

	if (*passed || !interrupt_signal())
		return;
	kill(pid, interrupt_signal());
	*passed = true;
	if (grace < *deadline)
		*deadline = grace;
}

/*
 * Wait for @pid for at most @timeout_ns, woken by SIGCHLD (blocked in
 * main(), so sigtimedwait(2) takes it) or by SIGINT or SIGTERM (passed on
 * to the child).  Return: true with @status set, or false after killing
 * and reaping a child that took too long.
 */
static bool wait_child(pid_t pid, int *status, uint64_t timeout_ns)
{
	uint64_t deadline = now_ns() + timeout_ns;
	bool passed = false;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR) {
			perror("vdsotest: waitpid");
			*status = STATUS_FAIL << 8;	/* as if it had exited 1 */
			return true;
		}
		pass_interrupt(pid, &passed, &deadline);
		uint64_t now = now_ns();
		if (now >= deadline)
			break;
		uint64_t left = deadline - now;
		struct timespec ts = { (time_t)(left / 1000000000u), (long)(left % 1000000000u) };
		sigtimedwait(&chld, NULL, &ts);
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return false;
}

/* A child's exit status saying that its results could not be written. */
#define CHILD_WRITE_ERROR 3

static bool output_lost;
static int child_interrupted;	/* SIGINT or SIGTERM a child stopped for, or 0 */

/* The signal that stopped the run (caught here or by a child), or 0. */
static int stopped_by(void)
{
	return interrupt_signal() ? interrupt_signal() : child_interrupted;
}

/*
 * The exit status once results are written: a lost result is a failure,
 * said once (by the child that lost it, if it was one); a run stopped by
 * SIGINT or SIGTERM whose results were written exits 128 + the signal.
 */
static int finish(int status)
{
	if (stopped_by() && !output_lost && report_flush())
		return interrupt_status(stopped_by());
	if (output_lost)
		return STATUS_FAIL;
	if (report_flush())
		return status;
	fprintf(stderr, "vdsotest: write error on standard output%s%s\n",
		errno ? ": " : "", errno ? strerror(errno) : "");
	return STATUS_FAIL;
}

/*
 * Run one API's bench or verify in a child, so that a vDSO that crashes is
 * reported as a failure instead of taking vdsotest down.  abi forks per case
 * itself.
 */
static enum status run_isolated(const struct api *api, enum test_type t,
				const struct run *run)
{
	int status;
	pid_t pid;

	if (t == TEST_ABI)
		return api_run(api, t, run);
	pid = fork_test_child();
	if (pid < 0) {
		fprintf(stderr, "vdsotest: %s: fork: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	if (pid == 0) {
		enum status st = api_run(api, t, run);
		int rc = finish(st);
		_exit(rc == (int)st || rc == interrupt_status(stopped_by()) ? rc : CHILD_WRITE_ERROR);
	}
	if (!wait_child(pid, &status, watchdog_ns(t, run))) {
		report_progress_clear();
		report_line(api, "%s: no result %.1f s after the start; killed (a call that never returns?)",
			    test_type_name(t), (double)watchdog_ns(t, run) / 1e9);
		return STATUS_FAIL;
	}
	report_progress_clear();
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_WRITE_ERROR) {
		output_lost = true;
		return STATUS_FAIL;
	}
	if (WIFEXITED(status) && (WEXITSTATUS(status) == interrupt_status(SIGINT) ||
				  WEXITSTATUS(status) == interrupt_status(SIGTERM))) {
		child_interrupted = WEXITSTATUS(status) - interrupt_status(0);
		return STATUS_PASS;	/* what it found is in its report */
	}
	if (WIFSIGNALED(status)) {
		report_line(api, "%s: killed by signal %d (%s)", test_type_name(t),
			    WTERMSIG(status), strsignal(WTERMSIG(status)));
		return STATUS_FAIL;
	}
	return WIFEXITED(status) ? (enum status)WEXITSTATUS(status) : STATUS_FAIL;
}

/* Fold one API's status into the run's: fail beats pass beats skip. */
static enum status worst(enum status total, enum status one, bool first)
{
	if (first)
		return one;
	if (total == STATUS_FAIL || one == STATUS_FAIL)
		return STATUS_FAIL;
	if (total == STATUS_PASS || one == STATUS_PASS)
		return STATUS_PASS;
	return one;
}

/*
 * Standard input, output and error, if closed, become /dev/null, so that no
 * file vdsotest opens takes their place.  Return: false if standard output
 * was closed (an error once there is something to write).
 */
static bool std_fds_ok(void)
{
	bool out_open = fcntl(STDOUT_FILENO, F_GETFD) >= 0;

	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 &&
		    open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY) != fd)
			return false;
	return out_open;
}

/*
 * Whatever the caller left us: SIGCHLD at its default (SIG_IGN would have
 * the kernel reap our test children) and blocked, for wait_child(); every
 * other signal unblocked (a blocked SIGALRM would stop bench's timer);
 * SIGALRM at its default, for the abi children's alarm(); SIGXFSZ ignored,
 * so that a file size limit is a write error; SIGINT and SIGTERM caught
 * (unless ignored), to stop the run cleanly.
 */
static void reset_signals(void)
{
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_SETMASK, &chld, NULL);
	signal(SIGCHLD, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGXFSZ, SIG_IGN);
	interrupt_catch();
}

/*
 * Every API in turn, with a progress line when stderr is a terminal; after
 * SIGINT or SIGTERM, no further API.
 */
static enum status run_all(enum test_type t, const struct run *run)
{
	bool progress = isatty(STDERR_FILENO);
	enum status total = STATUS_SKIP;
	size_t i;

	for (i = 0; i < api_count && !output_lost && !stopped_by(); i++) {
		if (progress)
			report_progress(i + 1, api_count, &api_table[i], t);
		total = worst(total, run_isolated(&api_table[i], t, run), i == 0);
	}
	report_progress_clear();
	if (stopped_by())
		report_note("interrupted by %s: %zu of %zu APIs run", interrupt_name(stopped_by()),
			    i, api_count);
	return total;
}

int main(int argc, char **argv)
{
	struct vdso_binding binding;
	struct options o;

	reset_signals();
	bool stdout_open = std_fds_ok();
	int rc = options_parse(&o, argc, argv, stdout, stderr);
	if (rc == STATUS_USAGE)
		return rc;
	if (!stdout_open) {
		fputs("vdsotest: standard output is closed\n", stderr);
		return STATUS_FAIL;
	}
	if (rc != OPTIONS_RUN)
		return finish(rc);
	if (o.command == CMD_LIST_APIS) {
		for (size_t i = 0; i < api_count; i++)
			puts(api_table[i].name);
		return finish(0);
	}
	if (o.command == CMD_LIST_TEST_TYPES) {
		for (int t = 0; t < NR_TEST_TYPES; t++)
			puts(test_type_name(t));
		return finish(0);
	}
	if ((rc = bind_vdso(&o, &binding)) != 0)
		return rc;
	if (o.debug)
		print_binding(&binding);

	struct run run = {
		.duration_ns = o.duration_ns, .maxfails = o.maxfails, .threads = o.threads,
		.verbose = o.verbose, .format = o.format,
		.vdso = &binding,
	};
	return finish(o.api ? run_isolated(o.api, o.test, &run) : run_all(o.test, &run));
}
