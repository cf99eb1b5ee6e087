// SPDX-License-Identifier: GPL-2.0-or-later
/* verify in a new time namespace; see timens.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/known_bugs.h"
#include "harness/abi.h"
#include "harness/fallback.h"
#include "harness/timens.h"
#include "harness/verify.h"
#include "lib/child.h"
#include "lib/sysclock.h"
#include "lib/timens_offsets.h"
#include "lib/timespec.h"
#include "output/report.h"
#include "vdso/arch.h"

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080 /* linux/sched.h, Linux 5.6 */
#endif

/* The part of the verify made in the namespace: its lines' scope, its checks' prefix. */
#define TIMENS_PART "time namespace +1000 s"

/* Exit statuses of the namespace's processes and of its parent (child.h). */
enum { NS_PASS = CHILD_EXIT_PASS, NS_FAIL = CHILD_EXIT_FAIL, NS_NOT_MADE = CHILD_EXIT_NOT_SET_UP };

/* What the processes hand back, in a shared page. */
struct timens_result {
	struct ts64 sys, subject; /* readings in the namespace */
	bool read;		  /* they were made */
	bool sys_ok, subject_ok;  /* ...and the calls returned 0 */
	int err;		  /* NS_NOT_MADE: errno */
	char step[64];		  /* NS_NOT_MADE: what failed */
};

bool timens_part_applies(const struct api *api)
{
	return api->family->flags & FAMILY_TIMENS;
}

long timens_offset_sec(clockid_t clock_id)
{
	switch (clock_id) {
	case CLOCK_BOOTTIME:
	case CLOCK_BOOTTIME_ALARM:
		return TIMENS_BOOT_OFFSET_SEC;
	default:
		return timens_offset_applies(clock_id) ? TIMENS_OFFSET_SEC : 0;
	}
}

bool timens_offset_applies(clockid_t clock_id)
{
	switch (clock_id) {
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
	case CLOCK_BOOTTIME_ALARM:
		return true;
	default:
		return false;
	}
}

/* In the new namespace's parent: write the offsets; false, @res filled, on failure. */
static bool set_offsets(struct timens_result *res)
{
	struct timens_offsets own;
	char line[128];
	int fd;

	if (timens_offsets_read(&own) != 0) {
		res->err = errno;
		snprintf(res->step, sizeof(res->step), "reading " TIMENS_OFFSETS_PATH);
		return false;
	}
	int len = snprintf(line, sizeof(line), "monotonic %lld %lld\nboottime %lld %lld\n",
			   (long long)own.monotonic.sec + TIMENS_OFFSET_SEC,
			   (long long)own.monotonic.nsec,
			   (long long)own.boottime.sec + TIMENS_BOOT_OFFSET_SEC,
			   (long long)own.boottime.nsec);
	if (unshare(CLONE_NEWTIME) != 0) {
		res->err = errno;
		snprintf(res->step, sizeof(res->step), "unshare(CLONE_NEWTIME)");
		return false;
	}
	fd = open(TIMENS_OFFSETS_PATH, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, line, (size_t)len) != len) {
		res->err = errno;
		snprintf(res->step, sizeof(res->step), "writing " TIMENS_OFFSETS_PATH);
		if (fd >= 0)
			close(fd);
		return false;
	}
	close(fd);
	return true;
}

/* How often the readings around the namespace's are taken when the clock was set meanwhile. */
#define TIMENS_SET_TRIES 8

/* The kernel's TAI offset in seconds, CLOCK_TAI - CLOCK_REALTIME (adjtimex(2), modes 0: read only). */
static bool tai_offset_sec(long *sec)
{
	struct timex tx = { .modes = 0 };

	if (adjtimex(&tx) < 0)
		return false;
	*sec = tx.tai;
	return true;
}

/* Wait for @pid; its exit status, or NS_FAIL if it died of a signal. */
static int wait_status(pid_t pid, const struct api *api)
{
	int status;

	if (wait_test_child(pid, &status) != 0)
		return NS_FAIL;
	/* (a namespace that could not be made is no check: its note says so) */
	if (WIFSIGNALED(status) || !WIFEXITED(status) || WEXITSTATUS(status) != NS_NOT_MADE)
		verify_tally(TIMENS_PART, "no process killed by a signal", 1, WIFSIGNALED(status));
	if (WIFSIGNALED(status)) {
		verify_failure(api, TIMENS_PART ": verify: killed by signal %d (%s)",
			       WTERMSIG(status), strsignal(WTERMSIG(status)));
		return NS_FAIL;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : NS_FAIL;
}

/*
 * Both readings in the namespace lie in [before, after] + the offset.
 * (A call that failed is not looked at: the checks in the namespace say so.)
 * @quiet: only the answer, nothing tallied or printed.
 */
static bool check_offset(const struct api *api, const struct run *run,
			 const struct timens_result *res, struct ts64 before, struct ts64 after,
			 bool quiet)
{
	const long off_sec = timens_offset_sec(api->clock_id);
	const int64_t off = off_sec * NSEC_PER_SEC;
	bool ok = true;
	/*
	 * (past 2038-01-19T03:14:07Z a 32-bit build's system call, and a
	 * 32-bit API, give a wrapped tv_sec, the time64 API not: all taken
	 * back to the 64-bit time, as the clock family's checks do)
	 */
	const struct ts64 sys = ts64_unwrap32(res->sys), subject = ts64_unwrap32(res->subject);
	before = ts64_unwrap32(before);
	after = ts64_unwrap32(after);
	const struct ts64 *r[2] = { &sys, &subject };
	const bool made[2] = { res->sys_ok, res->subject_ok };
	const char *who[2] = { "syscall", api_vdso_fn(api, run) ? "vDSO" : "libc" };
	char a[TS64_STRLEN], b[TS64_STRLEN], c[TS64_STRLEN];

	for (int i = 0; i < 2; i++) {
		if (!made[i])
			continue;
		int64_t lo = ts64_sub_ns(*r[i], before) - off, hi = ts64_sub_ns(*r[i], after) - off;
		if (quiet) {
			ok &= lo >= 0 && hi <= 0;
			continue;
		}
		const char *check = off_sec == TIMENS_BOOT_OFFSET_SEC ? "readings offset by +1037 s"
				    : off_sec			      ? "readings offset by +1000 s"
					      : "readings without an offset as ours";
		if (lo >= 0 && hi <= 0) {
			verify_tally(TIMENS_PART, check, 1, 0);
			continue;
		}
		/*
		 * A coarse clock a few us behind the reading before: known
		 * kernel bug b71f9804f66c (core/known_bugs.c), which the
		 * system call shows as well; an expected failure (tallied,
		 * no line) on a kernel in its range.
		 */
		struct known_symptom sym = verify_backwards_symptom(api, -lo);
		sym.check = check;
		struct known_match m;
		verify_tally(TIMENS_PART, check, 1, 1);
		if (lo < 0 && !run->fail_known_bugs &&
		    known_bug_match(&sym, known_bugs_kernel(run->vdso), &m)) {
			verify_tally_xfail(TIMENS_PART, check, 1, (int)(m.bug - known_bugs));
			known_bugs_record((size_t)(m.bug - known_bugs));
			continue;
		}
		ok = false;
		verify_failure(api,
			       TIMENS_PART
			       ": %s %s not within our syscall readings %s .. %s + %ld s (%" PRId64
			       " ns %s)",
			       who[i], ts64_format(*r[i], a, sizeof(a)),
			       ts64_format(before, b, sizeof(b)), ts64_format(after, c, sizeof(c)),
			       off_sec, lo < 0 ? -lo : hi, lo < 0 ? "behind" : "ahead");
	}
	return ok;
}

/* A process in the namespace: read the clock both ways. */
static void read_in_namespace(const struct api *api, const struct run *run,
			      struct timens_result *res)
{
	res->sys_ok = sysclock_read(api->clock_id, &res->sys);
	res->subject_ok = api_clock_now(api, run, &res->subject) == 0;
	res->read = true;
	_exit(NS_PASS);
}

/* A process in the namespace: the checks. */
static void check_in_namespace(const struct api *api, const struct run *run, verify_part_fn checks)
{
	struct run short_run = *run;

	/* (at most 1 s: the run's watchdog allows 10 s beyond --duration) */
	short_run.duration_ns = run->duration_ns / 10;
	if (short_run.duration_ns > NSEC_PER_SEC)
		short_run.duration_ns = NSEC_PER_SEC;
	if (!short_run.duration_ns)
		short_run.duration_ns = 1;
	verify_part(TIMENS_PART);
	_exit(checks(api, &short_run) == STATUS_FAIL ? NS_FAIL : NS_PASS);
}

/* Fork a process into the new namespace; false, @res filled, on failure. */
static bool fork_in_namespace(pid_t *pid, struct timens_result *res)
{
	if ((*pid = fork_test_child()) >= 0)
		return true;
	res->err = errno;
	snprintf(res->step, sizeof(res->step), "fork");
	return false;
}

/*
 * In the namespace's parent: a first process there reads the clock,
 * compared here with our readings around it.  Return: whether they agree
 * (ends the parent, NS_NOT_MADE with @res filled, when it cannot start).
 */
static bool offset_seen(const struct api *api, const struct run *run, struct timens_result *res)
{
	for (int tries = 1;; tries++) {
		struct ts64 before, after;
		long tai_before = 0, tai_after = 0;
		bool ok, tai = api->clock_id == CLOCK_TAI && tai_offset_sec(&tai_before);
		int set_fd = api->flags & CLK_SETTABLE ? verify_clock_set_watch() : -1;
		pid_t pid;

		res->read = false;
		if (!sysclock_read(api->clock_id, &before)) {
			res->err = errno;
			snprintf(res->step, sizeof(res->step), "clock_gettime");
			_exit(NS_NOT_MADE);
		}
		if (!fork_in_namespace(&pid, res))
			_exit(NS_NOT_MADE);
		if (pid == 0)
			read_in_namespace(api, run, res);
		ok = wait_status(pid, api) == NS_PASS && res->read;
		if (ok && sysclock_read(api->clock_id, &after)) {
			/*
			 * A clock that may be set, set meanwhile (the
			 * timerfd; for CLOCK_TAI also a change of the
			 * TAI offset, which it does not tell of): the
			 * readings are taken again, TIMENS_SET_TRIES
			 * times at most, as verify takes a round again.
			 */
			if (tries < TIMENS_SET_TRIES &&
			    !check_offset(api, run, res, before, after, true) &&
			    (verify_clock_set_seen(set_fd) ||
			     (tai && tai_offset_sec(&tai_after) && tai_after != tai_before))) {
				if (set_fd >= 0)
					close(set_fd);
				continue;
			}
			ok = check_offset(api, run, res, before, after, false);
		}
		if (set_fd >= 0)
			close(set_fd);
		return ok;
	}
}

/*
 * The parent of the namespace (itself still in ours): make it; for a
 * family that reads a clock, offset_seen(); then a process there runs the
 * checks (unless --maxfails is reached).
 */
static void make_namespace(const struct api *api, const struct run *run, verify_part_fn checks,
			   struct timens_result *res)
{
	bool ok;
	pid_t pid;

	if (!set_offsets(res))
		_exit(NS_NOT_MADE);
	/* (getrandom reads no clock, a CPU-time clock is another process's
	 * there: the checks alone) */
	ok = !api->family->read_clock || api->clock_id == CLOCK_PROCESS_CPUTIME_ID ||
	     api->clock_id == CLOCK_THREAD_CPUTIME_ID || offset_seen(api, run, res);
	if (verify_failures() < run->maxfails) {
		if (!fork_in_namespace(&pid, res))
			_exit(NS_NOT_MADE);
		if (pid == 0)
			check_in_namespace(api, run, checks);
		ok &= wait_status(pid, api) == NS_PASS;
	}
	_exit(ok ? NS_PASS : NS_FAIL);
}

enum status timens_verify(const struct api *api, const struct run *run, verify_part_fn checks)
{
	struct timens_result *res;
	enum status st = STATUS_PASS;
	pid_t pid;

	if (verify_failures() >= run->maxfails) /* --maxfails reached already */
		return STATUS_PASS;
	if (!(res = child_shared_page(sizeof(*res)))) {
		report_note("%s: time namespace not tested: mmap: %s", api->name, strerror(errno));
		return STATUS_PASS;
	}
	memset(res, 0, sizeof(*res));
	if ((pid = fork_test_child()) < 0) {
		report_note("%s: time namespace not tested: fork: %s", api->name, strerror(errno));
		child_shared_page_free(res, sizeof(*res));
		return STATUS_PASS;
	}
	if (pid == 0)
		make_namespace(api, run, checks, res);
	int ns = wait_status(pid, api);
	if (ns == NS_NOT_MADE) {
		/* a fact of the machine (a refused unshare): once per run, for the first API */
		char key[REPORT_ONCE_KEY_LEN];
		snprintf(key, sizeof(key), "timens %.30s %d", res->step, res->err);
		report_note_once(key, "%s: time namespace not tested: %s: %s", api->name, res->step,
				 strerror(res->err));
	} else if (ns != NS_PASS)
		st = STATUS_FAIL;
	child_shared_page_free(res, sizeof(*res));
	return st;
}
