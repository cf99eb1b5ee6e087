// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdsotest: benchmark and verify the Linux vDSO against the system calls.
 * Options, dispatch and exit statuses; see vdsotest(1).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/compare.h"
#include "cli/info.h"
#include "cli/options.h"
#include "core/api.h"
#include "core/known_bugs.h"
#include "families/apis.h"
#include "families/exports.h"
#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/perturb.h"
#include "harness/run.h"
#include "lib/child.h"
#include "lib/cpus.h"
#include "lib/cycles.h"
#include "lib/guest.h"
#include "lib/interrupt.h"
#include "lib/sysclock.h"
#include "output/report.h"
#include "vdso/vdso.h"

/* Fill @b from --vdso-lib; returns 0 or an exit status. */
static int bind_library(const struct options *o, struct vdso_binding *b)
{
	const char *why;

	if (vdso_bind_library(b, o->vdso_lib, &why) != 0) {
		size_t n = strlen(o->vdso_lib);

		/* (dlerror() starts with the path: said once) */
		if (strncmp(why, o->vdso_lib, n) == 0 && strncmp(why + n, ": ", 2) == 0)
			why += n + 2;
		fprintf(stderr, "vdsotest: --vdso-lib '%s': %s\n", report_vis(o->vdso_lib),
			report_vis(why));
		return STATUS_USAGE;
	}
	return 0;
}

/* Fill @b from the kernel's vDSO (a note when there is none). */
static void bind_kernel(const struct options *o, struct vdso_binding *b)
{
	struct vdso_image img;
	const char *why;

	if (vdso_locate(&img, &why) != 0) {
		report_note("no usable vDSO: %s", why);
		vdso_bind_kernel(b, NULL);
		return;
	}
	vdso_bind_kernel(b, &img);
	if (o->debug) {
		const struct vdso_arch *a = vdso_arch_find(img.machine);
		fprintf(stderr, "vdsotest: vDSO at %p, %zu bytes, %zu symbols, %s, version %s%s\n",
			(const void *)img.base, img.size, img.nsyms,
			a ? a->name : "unknown machine", a ? a->version : "-",
			img.versym ? "" : " (image has no version data)");
	}
}

static void print_binding(const struct vdso_binding *b)
{
	char name[64];

	/* the name the call was found under (vdso_arch_lookup() order) */
	for (int c = 0; c < VDSO_NR_CALLS; c++)
		fprintf(stderr, "vdsotest: %s: %s %p\n", report_vis(b->source),
			*b->name[c] ? b->name[c] : vdso_symbol_name(c, name, sizeof(name)),
			b->fn[c]);
}

/* How long a child may take: its paths' durations plus 10 s of grace. */
static uint64_t watchdog_ns(enum test_type t, const struct run *run)
{
	return (t == TEST_BENCH ? NR_PATHS * ((uint64_t)run->repeat + (run->latency ? 1 : 0)) : 1) *
		       run->duration_ns +
	       10000000000u;
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
 * How long past its time a child (run_isolated()) may go without a sign
 * of life (child_progress_tick()) before it is killed, and the most its
 * signs of life can add to its time.  Beside a pinned bench and two
 * verify loops on two CPUs (a load average of about 20) one API's verify
 * of 0.05 s took more than its 10 s, and in a LAVA lab at a load of 25 a
 * bench of the CPU-time clocks did (doc/lava.md): busy, not stuck.
 */
#define WATCHDOG_QUIET_NS 10000000000u
#define WATCHDOG_PROGRESS_MAX_NS 300000000000u

/*
 * The longest sleep of wait_child(): a SIGINT or SIGTERM caught is passed on
 * within this, and it is the most stopped time the watchdog can fail to see.  (sigtimedwait() is not relied on to return EINTR: musl's
 * retries it, and a signal caught just before the call would not end it.)
 */
#define WAIT_SLICE_NS 100000000u

/*
 * Wait for @pid for at most @timeout_ns, woken by SIGCHLD (blocked in
 * main(), so sigtimedwait(2) takes it), and at least every WAIT_SLICE_NS
 * to pass on SIGINT, SIGTERM or SIGHUP to the child.  Those three are in
 * sigtimedwait()'s set too, and taken as the handler would have: musl's
 * sigtimedwait() retries after EINTR, so a handler's run would not end the
 * wait (the kernel drops them when ignored).  Time vdsotest was not running
 * does not count: a sleep that ends later than asked (the process group
 * stopped by ^Z, then continued) moves the deadline by as much.  With
 * @watch_progress (a child forked after child_progress_start()), each
 * tick of the child's seen moves the deadline to WATCHDOG_QUIET_NS after
 * it, if later, up to WATCHDOG_PROGRESS_MAX_NS past @timeout_ns: a child
 * slowed by a busy machine is waited for, one stuck in a call is not.
 * Return: true with @status set, or false after killing and reaping a
 * child that took too long.
 */
static bool wait_child(pid_t pid, int *status, uint64_t timeout_ns, bool watch_progress)
{
	uint64_t deadline = now_ns() + timeout_ns, hard = deadline + WATCHDOG_PROGRESS_MAX_NS;
	unsigned long seen = child_progress_count();
	bool passed = false;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigaddset(&chld, SIGINT);
	sigaddset(&chld, SIGTERM);
	sigaddset(&chld, SIGHUP);
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR) {
			perror("vdsotest: waitpid");
			*status = STATUS_FAIL << 8; /* as if it had exited 1 */
			return true;
		}
		pass_interrupt(pid, &passed, &deadline);
		uint64_t now = now_ns();
		unsigned long ticks = child_progress_count();
		if (watch_progress && !passed && ticks != seen) {
			uint64_t quiet = now + WATCHDOG_QUIET_NS < hard ? now + WATCHDOG_QUIET_NS
									: hard;
			seen = ticks;
			if (quiet > deadline)
				deadline = quiet;
		}
		if (now >= deadline)
			break;
		uint64_t left = deadline - now < WAIT_SLICE_NS ? deadline - now : WAIT_SLICE_NS;
		struct timespec ts = { (time_t)(left / 1000000000u), (long)(left % 1000000000u) };
		int sig = sigtimedwait(&chld, NULL, &ts);
		if ((sig == SIGINT || sig == SIGTERM || sig == SIGHUP) && !interrupt_signal())
			interrupt_caught = sig;
		uint64_t slept = now_ns() - now;
		if (slept > left) { /* stopped (or not scheduled) */
			deadline += slept - left;
			hard += slept - left;
		}
	}
	kill(pid, SIGKILL);
	child_reap(pid, status);
	return false;
}

/* A child exits with its API's status as it is (child.h). */
_Static_assert(CHILD_EXIT_PASS == (int)STATUS_PASS && CHILD_EXIT_FAIL == (int)STATUS_FAIL &&
		       CHILD_EXIT_SKIP == (int)STATUS_SKIP,
	       "child exit codes are statuses");

static bool output_lost;
static int child_interrupted; /* SIGINT, SIGTERM or SIGHUP a child stopped for, or 0 */

/* The signal that stopped the run (caught here or by a child), or 0. */
static int stopped_by(void)
{
	return interrupt_signal() ? interrupt_signal() : child_interrupted;
}

/*
 * The exit status once results are written: a lost result is a failure,
 * said once (by the child that lost it, if it was one); a run stopped by
 * SIGINT, SIGTERM or SIGHUP whose results were written exits 128 + the
 * signal.  *@written: whether every result was written.
 */
static int settle(int status, bool *written)
{
	*written = false;
	if (output_lost)
		return STATUS_FAIL;
	if (!report_flush()) {
		int e = errno;
		fprintf(stderr, "vdsotest: write error on %s%s%s\n", report_output_name(),
			e ? ": " : "", e ? strerror(e) : "");
		return STATUS_FAIL;
	}
	*written = true;
	return stopped_by() ? interrupt_status(stopped_by()) : status;
}

/*
 * The exit status of vdsotest itself: settle(), then --output's file
 * replaced by the results, or left as it was if they were not all written.
 */
static int finish(int status)
{
	bool written;
	int rc = settle(status, &written);

	if (!report_close_output(written))
		return STATUS_FAIL;
	return rc;
}

/*
 * A child that wrote results (bench's machine formats) was killed by
 * SIGPIPE: the reader of standard output is gone, as it would have killed
 * vdsotest itself had it written them.  End as that would: no message, no
 * further API, the status of a process killed by SIGPIPE (141 in a shell).
 */
static void die_of_sigpipe(void)
{
	sigset_t pipe;

	report_progress_clear();
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigprocmask(SIG_UNBLOCK, &pipe, NULL);
	raise(SIGPIPE);
	_exit(128 + SIGPIPE); /* (not reached) */
}

/*
 * Run one API's bench or verify in a child, so that a vDSO that crashes is
 * reported as a failure instead of taking vdsotest down.  abi forks per case
 * itself.
 */
static enum status run_isolated(const struct api *api, enum test_type t, const struct run *run)
{
	int status;
	pid_t pid;

	if (t == TEST_ABI)
		return api_run(api, t, run);
	child_progress_start(); /* (failing, the watchdog waits as if no tick came) */
	/*
	 * The child says it reached its verdict here, so that a vDSO call that
	 * ends the process with _exit(0) or _exit(1) is not taken for one.
	 */
	volatile bool *handed_back = child_shared_page(sizeof(bool));
	if (!handed_back) {
		fprintf(stderr, "vdsotest: %s: mmap: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	uint64_t start = now_ns();
	pid = fork_test_child();
	if (pid < 0) {
		fprintf(stderr, "vdsotest: %s: fork: %s\n", api->name, strerror(errno));
		child_shared_page_free((void *)handed_back, sizeof(bool));
		return STATUS_FAIL;
	}
	if (pid == 0) {
		enum status st = api_run(api, t, run);
		bool written;
		int rc = settle(st, &written);
		*handed_back = true;
		_exit(rc == (int)st || rc == interrupt_status(stopped_by())
			      ? rc
			      : CHILD_EXIT_OUTPUT_LOST);
	}
	bool ended = wait_child(pid, &status, watchdog_ns(t, run), true), handed = *handed_back;
	child_shared_page_free((void *)handed_back, sizeof(bool));
	if (!ended) {
		report_progress_clear();
		report_line(api,
			    "%s: no result %.1f s after the start; killed (a call that never returns?)",
			    test_type_name(t), (double)(now_ns() - start) / 1e9);
		return STATUS_FAIL;
	}
	report_progress_clear();
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_EXIT_OUTPUT_LOST) {
		output_lost = true;
		return STATUS_FAIL;
	}
	if (WIFEXITED(status) && (WEXITSTATUS(status) == interrupt_status(SIGINT) ||
				  WEXITSTATUS(status) == interrupt_status(SIGTERM) ||
				  WEXITSTATUS(status) == interrupt_status(SIGHUP))) {
		child_interrupted = WEXITSTATUS(status) - interrupt_status(0);
		return STATUS_PASS; /* what it found is in its report */
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE)
		die_of_sigpipe();
	if (WIFSIGNALED(status)) {
		report_line(api, "%s: killed by signal %d (%s)", test_type_name(t),
			    WTERMSIG(status), strsignal(WTERMSIG(status)));
		return STATUS_FAIL;
	}
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (handed && (code == STATUS_PASS || code == STATUS_FAIL || code == STATUS_SKIP))
		return (enum status)code;
	/* e.g. a vDSO function that called _exit(): no verdict was handed back */
	report_line(api,
		    "%s: ended with exit status %d and no result (did the call end the process?)",
		    test_type_name(t), code);
	return STATUS_FAIL;
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
 * SIGALRM at its default, for the abi children's alarm(), and no interval
 * timer left running by whoever exec'd us (alarm(2) and setitimer(2) timers
 * survive execve(2)), which would kill us with SIGALRM; SIGXFSZ ignored,
 * so that a file size limit is a write error; SIGINT and SIGTERM caught
 * (unless ignored), to stop the run cleanly.
 */
static void reset_signals(void)
{
	static const struct itimerval off;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_SETMASK, &chld, NULL);
	signal(SIGCHLD, SIG_DFL);
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGXFSZ, SIG_IGN);
	interrupt_catch();
}

/*
 * The APIs that @o selects, in turn, between report_begin() and
 * report_end(), with a progress line when report_begin() wants one; after
 * SIGINT or SIGTERM, no further API.
 */
/*
 * Does the run of TEST-TYPE @t take @api: selected and, with
 * --skip-unsupported, not skipped for a clock id the system call rejects?
 * Only bench skips those; verify and abi test that the vDSO rejects the id
 * too (api_run()), so they take every API.
 */
static bool run_takes(const struct options *o, enum test_type t, const struct api *api)
{
	return options_api_selected(o, api) &&
	       (!o->skip_unsupported || t != TEST_BENCH || api_supported(api, NULL, 0));
}

/* main()'s argv, for the measuring processes of --runs (the same command line). */
static char **saved_argv;

/* The environment variable that makes vdsotest a measuring process: "API-INDEX FD". */
#define MEASURE_ENV "VDSOTEST_MEASURE_RUN"

/*
 * Read what @fd carries until its end into *@buf (malloc()ed, *@len
 * bytes), waiting at most until @deadline (now_ns()); false when it took
 * longer or memory ran out.
 */
static bool read_record(int fd, uint64_t deadline, char **buf, size_t *len)
{
	size_t cap = 0;

	*buf = NULL;
	*len = 0;
	for (;;) {
		uint64_t now = now_ns();
		struct pollfd pfd = { fd, POLLIN, 0 };
		if (now >= deadline)
			return false;
		uint64_t left_ms = (deadline - now) / 1000000u + 1;
		int r = poll(&pfd, 1, left_ms > 100 ? 100 : (int)left_ms);
		if (r < 0 && errno != EINTR)
			return false;
		if (interrupt_signal())
			return false;
		if (r <= 0)
			continue;
		if (*len == cap) {
			size_t want = cap ? 2 * cap : 65536;
			char *b = realloc(*buf, want);
			if (!b)
				return false;
			*buf = b;
			cap = want;
		}
		ssize_t got = read(fd, *buf + *len, cap - *len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got == 0;
		*len += (size_t)got;
	}
}

/*
 * One run of API @k measured in a new process (vdsotest itself, executed
 * anew with the same command line and MEASURE_ENV): its record into
 * @rs, or one more lost run of @rs.
 */
static void measure_one_run(const struct run *run, size_t k, struct bench_runs *rs)
{
	int fds[2], status;
	char *rec = NULL;
	size_t len = 0;
	uint64_t limit = watchdog_ns(TEST_BENCH, run);

	if (pipe(fds) != 0) {
		rs->lost++;
		return;
	}
	pid_t pid = fork_test_child();
	if (pid == 0) {
		char env[64];
		int null = open("/dev/null", O_WRONLY);
		close(fds[0]);
		snprintf(env, sizeof(env), "%zu %d", k, fds[1]);
		setenv(MEASURE_ENV, env, 1);
		if (null >= 0) { /* (the reporting pass says what is to be said) */
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execv("/proc/self/exe", saved_argv);
		execvp(saved_argv[0], saved_argv);
		_exit(CHILD_EXIT_FAIL);
	}
	close(fds[1]);
	bool got = pid > 0 && read_record(fds[0], now_ns() + limit, &rec, &len);
	close(fds[0]);
	if (pid > 0 && (!wait_child(pid, &status, got ? limit : 0, false) || !WIFEXITED(status) ||
			WEXITSTATUS(status) != STATUS_PASS))
		got = false;
	if (!got && interrupt_signal()) { /* (cut short by the signal: not a lost run) */
		free(rec);
		return;
	}
	char **r = got ? realloc(rs->record, (rs->n + 1) * sizeof(*r)) : NULL;
	size_t *l = r ? realloc(rs->len, (rs->n + 1) * sizeof(*l)) : NULL;
	if (r)
		rs->record = r;
	if (l)
		rs->len = l;
	if (!got || !r || !l) {
		free(rec);
		rs->lost++;
		return;
	}
	rs->record[rs->n] = rec;
	rs->len[rs->n++] = len;
}

/*
 * bench --runs N: N runs of every API taken, each API of each run in a
 * process of its own; the APIs in table order in even runs and the other
 * way round in odd ones, so that a drift of the machine falls on every API
 * alike.  @rs has one entry per API of the table.  Return: the run under
 * way when SIGINT, SIGTERM or SIGHUP stopped it (1..N), else 0.
 */
static unsigned measure_runs(const struct options *o, const struct run *run, struct bench_runs *rs)
{
	size_t done = 0, total = run->api_total * o->runs;
	unsigned r;

	for (r = 0; r < o->runs && !stopped_by(); r++)
		for (size_t i = 0; i < api_count && !stopped_by(); i++) {
			size_t k = r % 2 ? api_count - 1 - i : i;
			if (!run_takes(o, TEST_BENCH, &api_table[k]))
				continue;
			report_progress(++done, total, &api_table[k], TEST_BENCH);
			measure_one_run(run, k, &rs[k]);
		}
	report_progress_clear();
	return stopped_by() ? r : 0;
}

static void free_runs(struct bench_runs *rs)
{
	for (size_t k = 0; rs && k < api_count; k++) {
		for (unsigned i = 0; i < rs[k].n; i++)
			free(rs[k].record[i]);
		free(rs[k].record);
		free(rs[k].len);
	}
	free(rs);
}

/*
 * run_isolated(), or for an API of another architecture's vDSO (named
 * whole: "all" and patterns leave it out) a SKIP with the one line every
 * TEST-TYPE and format says for it (export_not_here()); a --vdso-lib
 * object that exports its function is tested as ever.
 */
static enum status run_here(const struct api *api, enum test_type t, const struct run *run)
{
	char why[EXPORT_WHY_LEN + 64];

	if (!api_vdso_fn(api, run) && export_api_elsewhere(api, why, sizeof(why))) {
		report_line(api, "%s", why);
		return STATUS_SKIP;
	}
	return run_isolated(api, t, run);
}

static enum status run_all(const struct options *o, enum test_type t, struct run *run)
{
	enum status total = STATUS_SKIP;
	unsigned count[4] = { 0, 0, 0, 0 }; /* passed, failed, skipped, xfail */
	size_t i = 0;

	run->api_total = 0;
	for (size_t k = 0; k < api_count; k++)
		run->api_total += run_takes(o, t, &api_table[k]);
	report_begin(run, t);
	if (run->cycles) {
		char what[256];
		cycles_describe(run->cycles, what, sizeof(what));
		report_note("cycles: %s", what);
	}
	if (run->latency) {
		char what[256];
		latency_counter_describe(run->latency, what, sizeof(what));
		report_note("latency: each call timed alone with %s", what);
	}
	struct bench_runs *rs = NULL;
	unsigned cut_in_run = 0; /* --runs: the run a signal stopped */
	int cut_by = 0;
	size_t cut_apis = 0;
	if (t == TEST_BENCH && o->runs > 1) {
		if (!(rs = calloc(api_count, sizeof(*rs)))) {
			perror("vdsotest: --runs");
			report_end(0);
			return STATUS_FAIL;
		}
		cut_in_run = measure_runs(o, run, rs);
		if (cut_in_run) {
			/*
			 * The runs finished are reported (a second signal stops
			 * that); an API none of whose runs ended is left out.
			 */
			cut_by = stopped_by();
			interrupt_caught = 0;
			child_interrupted = 0;
		}
	}
	for (size_t k = 0; k < api_count && !output_lost && !stopped_by(); k++) {
		const struct api *api = &api_table[k];
		if (!run_takes(o, t, api))
			continue;
		if (cut_in_run && !rs[k].n && !rs[k].lost) {
			cut_apis++;
			continue;
		}
		run->api_index = i++;
		run->runs_data = rs ? &rs[k] : NULL;
		if (t != TEST_BENCH)
			report_progress(i, run->api_total, api, t);
		known_bugs_seen(true); /* (what an API before saw) */
		enum status st = run_here(api, t, run);
		uint32_t bugs = known_bugs_seen(true);
		if (st == STATUS_PASS && bugs) {
			char list[400];
			report_xfail(known_bugs_list(bugs, false, list, sizeof(list)));
		}
		/* (--runs cut short: its figures are of finished runs, reported
		 * whole even when a second signal came meanwhile) */
		report_result(api, run, st, cut_in_run ? 0 : stopped_by());
		total = worst(total, st, i == 1);
		/* (a pass with known kernel bugs is an expected failure, not a pass) */
		count[st == STATUS_PASS ? (bugs ? 3 : 0) : st == STATUS_SKIP ? 2 : 1]++;
	}
	report_progress_clear();
	if (o->skip_unsupported && run->api_total < o->napis)
		report_note("%zu unsupported API%s left out (--skip-unsupported; vdsotest -v list-apis names them)",
			    o->napis - run->api_total, o->napis - run->api_total == 1 ? "" : "s");
	if (cut_in_run && cut_apis == run->api_total) {
		child_interrupted = cut_by; /* (the exit status: 128 + the signal) */
		report_note("interrupted by %s in run %u of %u: no run finished, nothing to report",
			    interrupt_name(cut_by), cut_in_run, o->runs);
	} else if (cut_in_run && stopped_by()) {
		report_note("interrupted by %s in run %u of %u, and by %s while reporting the runs finished: %zu of %zu APIs reported",
			    interrupt_name(cut_by), cut_in_run, o->runs,
			    interrupt_name(stopped_by()), i, run->api_total - cut_apis);
	} else if (cut_in_run) {
		char left[80] = "";
		if (cut_apis)
			snprintf(left, sizeof(left), "; %zu API%s without one left out", cut_apis,
				 cut_apis == 1 ? "" : "s");
		child_interrupted = cut_by; /* (the exit status: 128 + the signal) */
		report_note("interrupted by %s in run %u of %u: the figures are of the runs finished%s",
			    interrupt_name(cut_by), cut_in_run, o->runs, left);
	} else if (stopped_by() && run->api_total > 1)
		report_note("interrupted by %s: %zu of %zu APIs run", interrupt_name(stopped_by()),
			    i, run->api_total);
	else if (o->verbose && run->api_total > 1 && !output_lost)
		report_verdict(o->apis, t, count[0], count[3], count[1], count[2]);
	report_end(stopped_by());
	uint32_t bugs = known_bugs_seen(false);
	if (bugs) { /* (one line per run, on stderr: every format) */
		char list[600];
		fprintf(stderr,
			"vdsotest: known kernel bugs seen: %s; %s (vdsotest info: the bugs of this kernel)\n",
			known_bugs_list(bugs, false, list, sizeof(list)),
			run->fail_known_bugs
				? "failed (--fail-known-bugs)"
				: "expected failures (XFAIL; --fail-known-bugs fails them)");
	}
	free_runs(rs);
	return total;
}

/*
 * -t and --cpu: the CPU of each bench thread into *@cpus (NULL: no pinning,
 * one thread and no --cpu).  Return: 0, or an exit status after a message.
 */
static int choose_cpus(const struct options *o, int **cpus)
{
	struct cpu_mask allowed, list = { 0 };
	const struct cpu_mask *from = &allowed;
	const char *why, *where = "the affinity mask";
	int rc = 0, bad_cpu;

	*cpus = NULL;
	if (o->threads <= 1 && !o->cpu_list)
		return 0;
	if (!cpu_mask_get(&allowed)) {
		perror("vdsotest: sched_getaffinity");
		return STATUS_FAIL;
	}
	if (o->cpu_list) {
		if (!cpu_list_parse(o->cpu_list, &list, &why)) { /* (checked by options_parse()) */
			fprintf(stderr, "vdsotest: --cpu=%s: %s\n", report_vis(o->cpu_list), why);
			rc = STATUS_USAGE;
			goto out;
		}
		if ((bad_cpu = cpu_mask_subset(&list, &allowed)) >= 0) {
			fprintf(stderr, "vdsotest: --cpu=%s: CPU %d is not in the affinity mask\n",
				report_vis(o->cpu_list), bad_cpu);
			rc = STATUS_USAGE;
			goto out;
		}
		from = &list;
		where = "the --cpu list";
	}
	/* (abi ignores -t: each of its cases runs in a child of its own) */
	if (o->test != TEST_ABI && o->threads > cpu_mask_count(from)) {
		unsigned have = cpu_mask_count(from);
		fprintf(stderr, "vdsotest: --threads=%u: only %u CPU%s in %s\n", o->threads, have,
			have == 1 ? "" : "s", where);
		rc = STATUS_USAGE;
		goto out;
	}
	if (o->test == TEST_BENCH) {
		if (!(*cpus = calloc(o->threads, sizeof(**cpus)))) {
			perror("vdsotest: --threads");
			rc = STATUS_FAIL;
			goto out;
		}
		/* (--cpu: in the list's order) */
		for (unsigned i = 0; i < o->threads; i++)
			(*cpus)[i] = o->cpu_list ? cpu_list_nth(o->cpu_list, i)
						 : cpu_mask_nth(from, i);
	}
out:
	cpu_mask_free(&allowed);
	cpu_mask_free(&list);
	return rc;
}

/*
 * --perturb: refused (exit 2) unless this process may change the clock
 * (perturb_permitted()) and the machine may be disturbed: a virtual
 * machine or the bring-up initramfs (guest_detect(); VDSOTEST_ASSUME_HOST
 * set: never), or any machine with --allow-host-perturb.  Return: 0 or an exit status after a message.
 */
static int perturb_check(const struct options *o)
{
	char why[160];

	if (!perturb_permitted(why, sizeof(why))) {
		fprintf(stderr,
			"vdsotest: --perturb refused: %s (it changes the system clock: CAP_SYS_TIME in the initial user namespace needed, as root on the machine itself has)\n",
			why);
		return STATUS_USAGE;
	}
	/* (VDSOTEST_ASSUME_HOST: the tests' way to see a refusal; it only refuses more) */
	if (!o->allow_host_perturb &&
	    (getenv("VDSOTEST_ASSUME_HOST") || !guest_detect("", why, sizeof(why)))) {
		fprintf(stderr,
			"vdsotest: --perturb refused: this machine shows no hypervisor and is not the bring-up initramfs, and --perturb changes its system clock for every program on it; add --allow-host-perturb if it may be disturbed\n");
		return STATUS_USAGE;
	}
	return 0;
}

/*
 * Runs the commands other than a run of tests (compare, list-apis, info,
 * list-test-types); returns the exit status.
 */
static int other_command(const struct options *o)
{
	int rc;

	/*
	 * (compare opens --output once it has read its inputs; a signal ends
	 * it at once, not after a read from a FIFO or pipe that may never end)
	 */
	if (o->command == CMD_COMPARE) {
		struct compare_opts copts = { o->verbose, o->emulated_ok };
		interrupt_release();
		return finish(compare_run(o->compare_old_files, o->compare_n_old,
					  o->compare_new_files, o->compare_n_new, o->format,
					  o->output, &copts));
	}
	if (o->command == CMD_LIST_APIS) {
		/*
		 * Marks for people (a terminal, or -v); bare names for scripts.
		 * The mark is the start of the family's reason, up to its ':'
		 * ("unsupported here", "unsupported by this kernel").
		 */
		bool mark = o->verbose || isatty(STDOUT_FILENO);
		for (size_t i = 0; i < api_count; i++) {
			char why[API_SUPPORTED_WHY_LEN];
			/* (-v: also those this architecture's vDSO cannot have) */
			if (!export_api_here(&api_table[i])) {
				if (o->verbose)
					printf("%s\t(not on this architecture)\n",
					       api_table[i].name);
				continue;
			}
			if (mark && !api_supported(&api_table[i], why, sizeof(why)))
				printf("%s\t(%.*s)\n", api_table[i].name, (int)strcspn(why, ":"),
				       why);
			else
				printf("%s\n", api_table[i].name);
		}
		return finish(0);
	}
	if (o->command == CMD_INFO) {
		struct info_request req = {
			.image_path = o->vdso_image,
			.dump_path = o->dump,
			.format = o->format,
			.clocksource_dir = "/sys/devices/system/clocksource/clocksource0",
		};
		rc = info_run(&req, stdout);
		return rc == STATUS_PASS ? finish(rc) : rc;
	}
	/* CMD_LIST_TEST_TYPES */
	for (int t = 0; t < NR_TEST_TYPES; t++)
		puts(test_type_name(t));
	return finish(0);
}

/* --dry-run of a run: with --perturb, says what the disturber would do. */
static void dry_run(const struct options *o, struct vdso_binding *binding,
		    struct perturb_config *perturb)
{
	if (!o->perturb)
		return;
	if (!o->vdso_lib)
		bind_kernel(o, binding);
	struct run dry = { .duration_ns = o->duration_ns,
			   .maxfails = o->maxfails,
			   .threads = o->threads,
			   .vdso = binding };
	perturb->run = &dry;
	perturb_describe(perturb, stdout);
}

/*
 * Runs the selected tests on @cpus with the vDSO of @binding (bound here
 * unless --vdso-lib bound it), under the disturber of @perturb when
 * --perturb asks for it; output goes to --output, opened here. Returns the
 * exit status.
 */
static int run_tests(const struct options *o, int *cpus, struct vdso_binding *binding,
		     struct perturb_config *perturb)
{
	int rc;

	if ((rc = report_open_output(o->output)) != 0)
		return rc;
	if (!o->vdso_lib)
		bind_kernel(o, binding);
	if (o->debug)
		print_binding(binding);
	struct cycles_info cycles;
	if (o->cycles)
		cycles_probe(&cycles);
	struct latency_counter latency;
	if (o->latency)
		latency_counter_probe(&latency);
	struct run run = {
		.duration_ns = o->duration_ns,
		.maxfails = o->maxfails,
		.threads = o->threads,
		.size_bytes = o->size_bytes,
		.verbose = o->verbose,
		.format = o->format,
		.vdso = binding,
		.repeat = o->repeat,
		.net = o->net,
		.cpus = cpus,
		.cycles = o->cycles ? &cycles : NULL,
		.cpu_list = o->cpu_list,
		.latency = o->latency ? &latency : NULL,
		.fail_known_bugs = o->fail_known_bugs,
		.runs = o->runs,
		.mean = o->mean,
		.header = o->header >= 0 ? o->header
					 : o->format == FORMAT_NSEC || o->format == FORMAT_TABLE,
	};
	struct perturb disturber = { -1, -1 };
	known_bugs_record_begin(); /* (before any child: the disturber, the tests) */
	perturb->run = &run;
	if (o->perturb && perturb_start(&disturber, perturb) != 0) {
		report_close_output(false);
		return STATUS_FAIL;
	}
	enum status st = run_all(o, o->test, &run);
	if (o->perturb && perturb_stop(&disturber) != 0)
		st = STATUS_FAIL;
	return finish(st);
}

/*
 * A run of tests (CMD_RUN): everything that can refuse it comes before
 * --output is opened. Returns the exit status.
 */
static int run_command(const struct options *o)
{
	struct vdso_binding binding;
	int *cpus, rc;

	if ((rc = choose_cpus(o, &cpus)) != 0)
		return rc;
	if (o->vdso_lib && (rc = bind_library(o, &binding)) != 0)
		goto out;
	struct perturb_config perturb = { .kinds = o->perturb,
					  .threads = o->threads,
					  .verbose = o->verbose,
					  .apis = api_table,
					  .n_apis = api_count };
	if (o->perturb && (rc = perturb_check(o)) != 0)
		goto out;
	/* (the list commands print no results: they stay on standard output) */
	if (o->dry_run)
		dry_run(o, &binding, &perturb);
	else
		rc = run_tests(o, cpus, &binding, &perturb);
out:
	free(cpus);
	return rc;
}

/*
 * A measuring process of bench --runs (MEASURE_ENV set to @spec, "API-INDEX
 * FD"): one run of that API measured, its record written to FD
 * (bench_run()), nothing reported.  Returns the exit status.
 */
static int measure_command(const struct options *o, const char *spec)
{
	struct vdso_binding binding;
	struct cycles_info cycles;
	size_t k;
	int fd, *cpus, rc;

	if (sscanf(spec, "%zu %d", &k, &fd) != 2 || k >= api_count || o->command != CMD_RUN ||
	    o->test != TEST_BENCH)
		return STATUS_USAGE;
	unsetenv(MEASURE_ENV);
	if ((rc = choose_cpus(o, &cpus)) != 0)
		return rc;
	if (o->vdso_lib ? bind_library(o, &binding) != 0 : (bind_kernel(o, &binding), false)) {
		free(cpus);
		return STATUS_USAGE;
	}
	if (o->cycles)
		cycles_probe(&cycles);
	struct run run = {
		.duration_ns = o->duration_ns,
		.maxfails = o->maxfails,
		.threads = o->threads,
		.size_bytes = o->size_bytes,
		.format = o->format,
		.vdso = &binding,
		.repeat = o->repeat,
		.net = o->net,
		.cpus = cpus,
		.cycles = o->cycles ? &cycles : NULL,
		.cpu_list = o->cpu_list,
		.api_total = 1,
		.runs = 1,
		.measuring = true,
		.measure_fd = fd,
	};
	enum status st = api_run(&api_table[k], TEST_BENCH, &run);
	free(cpus);
	return st;
}

int main(int argc, char **argv)
{
	struct options o;

	saved_argv = argv;
	reset_signals();
	bool stdout_open = std_fds_ok();
	report_buffer_stdout();
	int rc = options_parse(&o, argc, argv, stdout, stderr);
	if (rc == STATUS_USAGE)
		return rc;
	/* (with --output, standard output has nothing to carry) */
	if (!stdout_open && !o.output) {
		fputs("vdsotest: standard output is closed\n", stderr);
		return STATUS_FAIL;
	}
	if (rc != OPTIONS_RUN)
		return finish(rc);
	if (o.dry_run && o.command != CMD_RUN)
		return 0;
	report_set_format(o.format);
	report_set_api_names(api_table, api_count);
	if (o.command != CMD_RUN)
		return other_command(&o);
	if (getenv(MEASURE_ENV))
		return measure_command(&o, getenv(MEASURE_ENV));
	return run_command(&o);
}
