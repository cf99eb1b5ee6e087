// SPDX-License-Identifier: GPL-2.0-or-later
/* Mechanics of verify; see verify.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_TIMERFD_CREATE
#include <sys/timerfd.h>
#endif

#include "core/known_bugs.h"
#include "harness/fallback.h"
#include "harness/verify.h"
#include "lib/child.h"
#include "lib/interrupt.h"
#include "lib/sysclock.h"
#include "output/report.h"

/* A timer on CLOCK_REALTIME far in the future whose read fails with
 * ECANCELED once the clock is set. */
static int clock_set_watch(void)
{
#ifdef HAVE_TIMERFD_CREATE
	int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	struct itimerspec far = { .it_value = { .tv_sec = INT32_MAX } };

	if (fd < 0)
		return -1;
	if (timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &far, NULL)) {
		close(fd);
		return -1;
	}
	return fd;
#else
	return -1;
#endif
}

/* What the calling thread's lines are about, or NULL; see verify_scope(). */
static _Thread_local const char *scope;

/* The part the calling thread's checks are tallied in, or NULL; see verify_part(). */
static _Thread_local const char *part;

void verify_scope(const char *s)
{
	scope = s;
}

void verify_part(const char *p)
{
	part = p;
	scope = p;
}

/*
 * One verify_tally(): a check's counts as one writer gave them.  Each
 * call takes an entry of its own (an atomic index), writes it and marks
 * it ready; verify_api() adds up the entries of one check once every
 * writer is done.  No lock: a thread or process killed between the two
 * steps leaves an entry that is never ready, nothing that others wait on.
 */
struct tally {
	const char *part, *name; /* string literals: the same address after fork */
	uint64_t made, failed;
	uint64_t xfailed; /* of the failures, a known kernel bug's (verify_fail_known()) */
	int bug;	  /* known_bugs[] row + 1 of the xfailed, 0: none */
	const char *skip; /* verify_skip(): why the check was not made */
	atomic_bool ready;
};

/*
 * What one writer (verify_end() of a context, the phases) saw: see
 * verify_seen() and struct verify_sight; entries as the tallies'.
 */
struct sight_entry {
	struct verify_sight sight;
	atomic_bool ready;
};

/*
 * The verify of one API (verify_api()): the failures printed so far, in a
 * shared page so that the time namespace part (another process) and the
 * threads of -t count in it too.  (Outside verify_api(), local_session
 * allows no failure line: maxfails 0.)
 */
static struct session {
	atomic_uint printed;
	atomic_uint xfail_printed; /* of them, expected failures (verify_fail_known()) */
	unsigned maxfails;
	bool noted;		   /* verify_notes() has spoken (inherited by fork) */
	bool set_noted;		   /* verify_clock_was_set()'s note said */
	atomic_uint n_tallies;	   /* entries of tally[] taken */
	unsigned max_tallies;	   /* entries tally[] has room for */
	atomic_uint n_sights;	   /* entries of sight[] taken */
	unsigned max_sights;	   /* entries sight[] has room for */
	struct sight_entry *sight; /* after tally[], in the same shared page */
	struct tally tally[];
} local_session, *session = &local_session;

/* Same part and check: by address, then by text (the same literal in two files). */
static bool same_name(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* Take an entry of the session's tally[] and fill it; false when none is left. */
static bool tally_add(const struct tally *t)
{
	struct session *s = session;
	unsigned i = atomic_fetch_add(&s->n_tallies, 1);

	if (i >= s->max_tallies)
		return false;
	s->tally[i].part = t->part;
	s->tally[i].name = t->name;
	s->tally[i].made = t->made;
	s->tally[i].failed = t->failed;
	s->tally[i].xfailed = t->xfailed;
	s->tally[i].bug = t->bug;
	s->tally[i].skip = t->skip;
	atomic_store_explicit(&s->tally[i].ready, true, memory_order_release);
	return true;
}

void verify_tally(const char *p, const char *name, uint64_t made, uint64_t failed)
{
	struct tally t = { .part = p, .name = name, .made = made, .failed = failed };

	tally_add(&t);
}

void verify_tally_xfail(const char *p, const char *name, uint64_t xfailed, int bug)
{
	struct tally t = { .part = p, .name = name, .xfailed = xfailed, .bug = bug + 1 };

	tally_add(&t);
}

void verify_skip(const char *p, const char *name, const char *why)
{
	struct tally t = { .part = p, .name = name, .skip = why };

	tally_add(&t);
}

void verify_sight_add(const struct verify_sight *v)
{
	struct session *s = session;
	unsigned i = atomic_fetch_add(&s->n_sights, 1);

	if (i >= s->max_sights)
		return;
	s->sight[i].sight = *v;
	atomic_store_explicit(&s->sight[i].ready, true, memory_order_release);
}

void verify_sight_init(struct verify_sight *v)
{
	memset(v, 0, sizeof(*v));
	v->res_ns = -1;
	v->behind_min_ns = v->ahead_min_ns = INT64_MAX;
	v->step_min_ns = v->step_median_ns = v->step_error_ns = INT64_MAX;
	v->cross_gap_min_ns = INT64_MAX;
}

/* The smaller of two minimums (INT64_MAX: none). */
static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

void verify_sight_merge(struct verify_sight *into, const struct verify_sight *v)
{
	if (v->res_ns >= 0)
		into->res_ns = v->res_ns;
	if (v->unit_ns > 0)
		into->unit_ns = v->unit_ns;
	into->behind_min_ns = min64(into->behind_min_ns, v->behind_min_ns);
	into->ahead_min_ns = min64(into->ahead_min_ns, v->ahead_min_ns);
	into->bracketed += v->bracketed;
	into->readings += v->readings;
	if (v->step_readings) { /* (one back-to-back phase per verify) */
		into->step_readings += v->step_readings;
		into->step_min_ns = min64(into->step_min_ns, v->step_min_ns);
		into->step_median_ns = v->step_median_ns;
		into->step_error_ns = v->step_error_ns;
		into->step_cpus = v->step_cpus;
		into->kind = v->kind;
	}
	if (v->cross_compared) {
		into->cross_compared += v->cross_compared;
		into->cross_gap_min_ns = min64(into->cross_gap_min_ns, v->cross_gap_min_ns);
		into->cross_cpus = v->cross_cpus;
	}
	into->excused += v->excused;
	into->aux_steps += v->aux_steps;
	into->tai_sets += v->tai_sets;
}

/* The figures of every ready entry of the session, merged. */
static void session_sight(struct verify_sight *v)
{
	const struct session *s = session;
	unsigned n = atomic_load(&s->n_sights);

	verify_sight_init(v);
	for (unsigned i = 0; i < n && i < s->max_sights; i++)
		if (atomic_load_explicit(&s->sight[i].ready, memory_order_acquire))
			verify_sight_merge(v, &s->sight[i].sight);
}

unsigned verify_check_find(struct verify_ctx *ctx, const char *name)
{
	unsigned i;

	for (i = 0; i < ctx->n_checks; i++)
		if (ctx->check[i].name == name)
			return i;
	for (i = 0; i < ctx->n_checks; i++)
		if (same_name(ctx->check[i].name, name))
			return i;
	if (ctx->n_checks == VERIFY_CHECKS_MAX) /* full: the last holds the rest */
		return VERIFY_CHECKS_MAX - 1;
	ctx->check[ctx->n_checks].name = ctx->n_checks == VERIFY_CHECKS_MAX - 1 ? VERIFY_OTHER_CHECK
										: name;
	return ctx->n_checks++;
}

/*
 * The session's entries added up per check (part and name), in the order
 * first tallied, into @out (room for VERIFY_TALLIES_MAX; the checks past
 * that added to the last, VERIFY_OTHER_CHECK).  Return: their number.
 */
static unsigned session_tallies(struct tally *out)
{
	const struct session *s = session;
	unsigned n = atomic_load(&s->n_tallies), k = 0;

	if (n > s->max_tallies)
		n = s->max_tallies;
	for (unsigned i = 0; i < n; i++) {
		const struct tally *t = &s->tally[i];
		unsigned j;

		if (!atomic_load_explicit(&t->ready, memory_order_acquire))
			continue;
		for (j = 0; j < k; j++)
			if (same_name(out[j].part, t->part) && same_name(out[j].name, t->name))
				break;
		if (j == k && k == VERIFY_TALLIES_MAX) { /* full: the last holds the rest */
			j = k - 1;
			out[j].part = NULL;
			out[j].name = VERIFY_OTHER_CHECK;
			out[j].skip = NULL;
		} else if (j == k) {
			out[k++] = (struct tally){ .part = t->part,
						   .name = t->name,
						   .skip = t->skip };
		}
		out[j].made += t->made;
		out[j].failed += t->failed;
		out[j].xfailed += t->xfailed;
		if (t->bug)
			out[j].bug = t->bug;
		if (t->made) /* (made somewhere: not skipped) */
			out[j].skip = NULL;
	}
	return k;
}

/* Each check the session tallied: a KTAP subtest, or with -v a line. */
static void report_tallies(const struct api *api, const struct run *run)
{
	static struct tally all[VERIFY_TALLIES_MAX]; /* (one verify at a time per process) */
	unsigned n = session_tallies(all);

	for (unsigned i = 0; i < n; i++) {
		const struct tally *t = &all[i];
		char name[256];

		snprintf(name, sizeof(name), "%s%s%s", t->part ? t->part : "", t->part ? ": " : "",
			 t->name);
		const char *times = t->made == 1 ? "time" : "times";
		char subject[160];
		const struct known_bug *bug = t->bug ? &known_bugs[t->bug - 1] : NULL;
		bool xfail = t->failed && t->failed == t->xfailed && bug && !run->fail_known_bugs;

		if (report_has_subtests() && xfail)
			report_subtest(api, STATUS_PASS, name, NULL,
				       "XFAIL %s: %s (failed %" PRIu64 " of %" PRIu64 " %s)",
				       bug->id, known_bug_subject(bug, subject, sizeof(subject)),
				       t->failed, t->made, times);
		else if (run->verbose && !report_has_subtests() && xfail)
			report_line(api,
				    "verify: check \"%s\" %" PRIu64 " %s, %" PRIu64
				    " failed: XFAIL (known kernel bug %s)",
				    name, t->made, times, t->failed, bug->id);
		else if (report_has_subtests() && t->skip && !t->made)
			report_subtest(api, STATUS_SKIP, name, NULL, "%s", t->skip);
		else if (t->skip && !t->made)
			continue; /* (said by a note) */
		else if (report_has_subtests() && t->failed)
			report_subtest(api, STATUS_FAIL, name, NULL,
				       "failed %" PRIu64 " of %" PRIu64 " %s", t->failed, t->made,
				       times);
		else if (report_has_subtests())
			report_subtest(api, STATUS_PASS, name, NULL, "checked %" PRIu64 " %s",
				       t->made, times);
		else if (run->verbose && t->failed)
			report_line(api,
				    "verify: check \"%s\" %" PRIu64 " %s, %" PRIu64 " failed: FAIL",
				    name, t->made, times, t->failed);
		else if (run->verbose)
			report_line(api, "verify: check \"%s\" %" PRIu64 " %s: OK", name, t->made,
				    times);
	}
}

/* A line of report_sight(): in KTAP a diagnostic among the subtests, else a line. */
static __attribute__((format(printf, 2, 3))) void sight_line(const struct api *api, const char *fmt,
							     ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (report_has_subtests())
		report_subtest_diag(api, "%s", text);
	else
		report_line(api, "%s", text);
}

/*
 * What the verify could see (the session's struct verify_sight): in KTAP
 * as diagnostics after the subtests, with -v as lines; nothing when no
 * check of a clock reading was made.
 */
static void report_sight(const struct api *api, const struct run *run)
{
	struct verify_sight v;
	char res[48] = "", bracket[160] = "", steps[160] = "", cross[128] = "";

	if (!run->verbose && !report_has_subtests())
		return;
	session_sight(&v);
	if (v.excused)
		sight_line(api, "verify: excused %" PRIu64 " rounds: CLOCK_REALTIME set",
			   v.excused);
	if (v.tai_sets)
		sight_line(api,
			   "verify: excused %" PRIu64
			   " rounds: the TAI offset changed (adjtimex ADJ_TAI, seen before and after the readings)",
			   v.tai_sets);
	if (v.aux_steps)
		sight_line(api,
			   "verify: excused %" PRIu64
			   " rounds: the aux clock stepped between rounds (seen in the system call's readings)",
			   v.aux_steps);
	if (!v.bracketed && !v.step_readings)
		return;
	/* (gettimeofday and time: their gaps are whole us or s, said in that unit) */
	int64_t u = v.unit_ns > 0 ? v.unit_ns : 1;
	int64_t worst = v.ahead_min_ns > v.behind_min_ns ? v.ahead_min_ns : v.behind_min_ns;
	const char *un = u == 1000000000 ? "s" : u == 1000 ? "us" : "ns";
	if (u != 1 && u != 1000 && u != 1000000000)
		u = 1, un = "ns";
	if (v.res_ns >= 0)
		snprintf(res, sizeof(res), "resolution %" PRId64 " %s; ", v.res_ns / u, un);
	if (v.bracketed)
		snprintf(bracket, sizeof(bracket),
			 "%" PRIu64 " readings within the system call's: closest %" PRId64
			 " %s after the one before, %" PRId64 " %s before the one after",
			 v.bracketed, v.behind_min_ns / u, un, v.ahead_min_ns / u, un);
	if (v.step_readings)
		snprintf(steps, sizeof(steps),
			 "%sback-to-back (%s clock): %" PRIu64
			 " readings on %u CPUs, step median %" PRId64 " ns, smallest %" PRId64
			 " ns",
			 v.bracketed ? "; " : "", v.kind ? v.kind : "a", v.step_readings,
			 v.step_cpus, v.step_median_ns, v.step_min_ns);
	if (v.cross_compared)
		snprintf(cross, sizeof(cross),
			 "; cross-CPU: %" PRIu64 " readings on %u CPUs compared, closest %" PRId64
			 " ns after the other CPU's",
			 v.cross_compared, v.cross_cpus, v.cross_gap_min_ns);
	sight_line(api, "verify: %s%s%s%s", res, bracket, steps, cross);
	/*
	 * No gap at all (gettimeofday and time, a coarse clock: readings
	 * within the system call's in their unit): exact at the API's own
	 * resolution, said so rather than "no error larger than 0 us".
	 */
	if (v.bracketed && worst / u == 0 && (!v.step_readings || v.step_error_ns == 0)) {
		char of[96];
		if (u != 1)
			snprintf(of, sizeof(of), "the API's resolution of 1 %s", un);
		else if (v.res_ns > 1)
			snprintf(of, sizeof(of),
				 "the clock's resolution of a tick (%" PRId64 " ns)", v.res_ns);
		else
			snprintf(of, sizeof(of), "the clock's resolution");
		sight_line(api,
			   "verify: a pass means the check was exact at %s: an error of 1 %s or more, ahead or behind, would be seen%s",
			   of, un,
			   v.step_readings ? " (in every reading, and in a single one back-to-back)"
					   : "");
	} else if (v.bracketed && v.step_readings)
		sight_line(api,
			   "verify: a pass means no error larger than %" PRId64 " ns (%" PRId64
			   " ns ahead, %" PRId64
			   " ns behind) in every reading, nor larger than %" PRId64
			   " ns in a single reading (back-to-back)",
			   v.ahead_min_ns > v.behind_min_ns ? v.ahead_min_ns : v.behind_min_ns,
			   v.ahead_min_ns, v.behind_min_ns, v.step_error_ns);
	else if (v.bracketed)
		sight_line(api,
			   "verify: a pass means no error larger than %" PRId64 " %s (%" PRId64
			   " %s ahead, %" PRId64 " %s behind) in every reading",
			   worst / u, un, v.ahead_min_ns / u, un, v.behind_min_ns / u, un);
}

/* "API: [SCOPE: ]message" for verify's own verbose lines. */
static __attribute__((format(printf, 2, 3))) void say(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vline_scoped(api, scope, fmt, ap);
	va_end(ap);
}

/* Verbose: which path the calls under test take. */
static void verify_say_path(const struct api *api, const struct run *run)
{
	char why[FALLBACK_REASON_LEN];

	switch (api_falls_back(api, run, why, sizeof(why))) {
	case FALLBACK_SYSCALL:
		say(api, "verify: path exercised: system call (the vDSO function falls back)");
		break;
	case FALLBACK_NONE:
		say(api, "verify: path exercised: vDSO (completes in user space)");
		break;
	case FALLBACK_NO_VDSO:
		say(api, "verify: path exercised: libc (no vDSO function)");
		break;
	default:
		say(api, "verify: path exercised: unknown (%s)", why);
		break;
	}
}

void verify_notes(const struct api *api, const struct run *run)
{
	if (session->noted)
		return;
	session->noted = true;
	const char *elsewhere = vdso_call_elsewhere(api->family->call, VDSOTEST_NATIVE_EM);
	if (!api_vdso_fn(api, run) && elsewhere)
		report_note("%s: %s: verifying libc's", api->name, elsewhere);
	else if (!api_vdso_fn(api, run))
		report_note("%s: vDSO version of %s not found; verifying libc's", api->name,
			    vdso_call_name(api->family->call));
	if (run->verbose) {
		verify_say_path(api, run);
	} else if (api_vdso_fn(api, run) && !run->rejected_errno && !run->vdso->test_syscall) {
		char why[FALLBACK_REASON_LEN];

		/*
		 * (a pass would otherwise be silent about never seeing the
		 * vDSO's own code; not said of a --vdso-lib test library,
		 * whose every call is a system call)
		 */
		if (api_falls_back(api, run, why, sizeof(why)) == FALLBACK_SYSCALL)
			report_note("%s: the vDSO function falls back to the system call: "
				    "verify compared the system call with itself",
				    api->name);
	}
}

unsigned verify_failures(void)
{
	return atomic_load(&session->printed);
}

/* Take one of the --maxfails places for a failure line; false when none is left. */
static bool reserve_failure(void)
{
	unsigned n = atomic_load(&session->printed);

	do {
		if (n >= session->maxfails)
			return false;
	} while (!atomic_compare_exchange_weak(&session->printed, &n, n + 1));
	return true;
}

/* Where there is no register trampoline: a KTAP SKIP subtest, or a -v line, saying so. */
static void regcheck_skip_line(const struct api *api, const struct run *run)
{
	const char *why;

	if (!api_vdso_fn(api, run) || vdso_regcheck_available(&why))
		return;
	if (report_has_subtests()) {
		report_subtest(api, STATUS_SKIP, VERIFY_REGS_CHECK, NULL, "%s", why);
	} else if (run->verbose) {
		report_line(api, "verify: check \"%s\" not made: %s", VERIFY_REGS_CHECK, why);
	}
}

enum status verify_api(const struct api *api, const struct run *run, verify_part_fn parts)
{
	/* a context's checks per thread, the ring's, the namespace's, the phases' */
	unsigned max_tallies = (run->threads + 8) * VERIFY_CHECKS_MAX;
	unsigned max_sights = run->threads + 8;
	size_t size = sizeof(struct session) + max_tallies * sizeof(struct tally) +
		      max_sights * sizeof(struct sight_entry);
	struct session *s = child_shared_page(size);
	enum status st;

	if (!s) {
		fprintf(stderr, "vdsotest: %s: mmap: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	atomic_init(&s->printed, 0);
	atomic_init(&s->xfail_printed, 0);
	s->maxfails = run->maxfails;
	s->noted = false;
	s->set_noted = false;
	atomic_init(&s->n_tallies, 0);
	s->max_tallies = max_tallies;
	atomic_init(&s->n_sights, 0);
	s->max_sights = max_sights;
	s->sight = (struct sight_entry *)(s->tally + max_tallies);
	session = s;
	if (api_vdso_fn(api, run)) { /* (a --vdso-lib function: dlsym() found it) */
		const char *unreachable = run->vdso->unreachable[api->family->call];
		if (*unreachable)
			verify_failure(api, "vDSO %s", unreachable);
		verify_tally(NULL, VERIFY_REACHABLE_CHECK, 1, *unreachable != '\0');
	}
	st = parts(api, run);
	unsigned xfails = atomic_load(&s->xfail_printed);
	unsigned fails = verify_failures() - xfails;
	report_failures(api, TEST_VERIFY, fails);
	regcheck_skip_line(api, run);
	if (xfails)
		report_line(api,
			    "verify: %u expected failure%s: known kernel bugs of this kernel (%s; the first line of each check shown)",
			    xfails, xfails == 1 ? "" : "s",
			    run->fail_known_bugs ? "failing: --fail-known-bugs" : "XFAIL");
	if (st != STATUS_SKIP || fails) /* (a skipped API has no subtests: tests/ktap.sh) */
		report_tallies(api, run);
	report_sight(api, run);
	report_subtests_end(api);
	session = &local_session;
	child_shared_page_free(s, size);
	if (fails || (xfails && run->fail_known_bugs))
		return STATUS_FAIL;
	return st;
}

static enum clock_set_look look_timerfd(int fd);

/*
 * How wide a reading of CLOCK_REALTIME - CLOCK_MONOTONIC may be, and how
 * many tries it gets: three system calls take about 1 us, some 3 us in a
 * qemu TCG guest; one preempted between them reads wider, and the
 * narrowest of the tries is kept.  Wider than this, it tells nothing
 * (verify_clock_was_set() then waits for the cancel as before).
 */
#define VERIFY_RT_OFFSET_MAX_NS 20000
#define VERIFY_RT_OFFSET_TRIES 5

/*
 * CLOCK_REALTIME - CLOCK_MONOTONIC by the system calls: monotonic, realtime,
 * monotonic; the offset lies between realtime less the second and realtime
 * less the first.  The narrowest of the tries, into [*@lo_ns, *@hi_ns];
 * false when none was narrow enough or a call failed (a 32-bit reading
 * past 2038).  Only a setting of CLOCK_REALTIME (or a leap second) moves
 * it: the two clocks run at the same rate (clock_gettime(2)).
 */
static bool read_rt_offset(int64_t *lo_ns, int64_t *hi_ns)
{
	bool got = false;

	for (int i = 0; i < VERIFY_RT_OFFSET_TRIES; i++) {
		uint64_t m1 = sysclock_ns(CLOCK_MONOTONIC), r = sysclock_ns(CLOCK_REALTIME),
			 m2 = sysclock_ns(CLOCK_MONOTONIC);
		if (!m1 || !r || !m2 || m2 < m1)
			return false;
		if (m2 - m1 > VERIFY_RT_OFFSET_MAX_NS ||
		    (got && (int64_t)(m2 - m1) >= *hi_ns - *lo_ns))
			continue;
		*lo_ns = (int64_t)r - (int64_t)m2;
		*hi_ns = (int64_t)r - (int64_t)m1;
		got = true;
	}
	return got;
}

/* ctx->rt_offset_*: read now (where settings are watched). */
static void reread_rt_offset(struct verify_ctx *ctx)
{
	if (!ctx->read_rt_offset || ctx->clock_set_fd < 0)
		return;
	ctx->rt_offset_known = ctx->read_rt_offset(&ctx->rt_offset_lo_ns, &ctx->rt_offset_hi_ns);
	ctx->rt_offset_read = true;
}

/*
 * Has CLOCK_REALTIME - CLOCK_MONOTONIC gone back since the round began (now
 * wholly below its reading then)?  True also when it cannot tell.  Only a
 * setting back can break a check: one forward makes no reading go back,
 * nor one ahead of a reading after it.
 */
static bool rt_offset_went_back(struct verify_ctx *ctx)
{
	int64_t lo, hi;

	if (!ctx->read_rt_offset || !ctx->rt_offset_known || !ctx->read_rt_offset(&lo, &hi))
		return true;
	return hi < ctx->rt_offset_lo_ns;
}

void verify_begin(struct verify_ctx *ctx, const struct api *api, const struct run *run)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->api = api;
	ctx->run = run;
	ctx->deadline_ns = now_ns() + run->duration_ns;
	/* (only where a setting can excuse: the watch is read every round) */
	ctx->clock_set_fd = api->flags & CLK_SETTABLE ? clock_set_watch() : -1;
	ctx->clock_set_look = look_timerfd;
	ctx->read_rt_offset = read_rt_offset;
	verify_sight_init(&ctx->sight);
	verify_notes(api, run);
}

/*
 * The checks around the vDSO calls of the round that ends (vdso/regcheck.h):
 * guard bytes every round, the callee-saved registers every
 * VERIFY_REGCHECK_EVERY-th round.
 */
static void checked_round_end(struct verify_ctx *ctx)
{
	struct vdso_check_record r;

	if (!vdso_check_armed)
		return;
	vdso_check_armed = 0;
	vdso_check_take(&r);
	if (r.reg_calls && !verify_ok(ctx, VERIFY_REGS_CHECK, r.reg_changed == 0))
		verify_fail(ctx,
			    "vDSO %s changed callee-saved register %s (%" PRIu64 " of %" PRIu64
			    " calls of the round)",
			    vdso_call_name(ctx->api->family->call), r.reg_first, r.reg_changed,
			    r.reg_calls);
	if (r.guard_calls && !verify_ok(ctx, VERIFY_GUARD_CHECK, r.guard_broken == 0))
		verify_fail(ctx,
			    "vDSO %s wrote outside its output: %s (%" PRIu64 " of %" PRIu64
			    " calls of the round)",
			    vdso_call_name(ctx->api->family->call), r.guard_first, r.guard_broken,
			    r.guard_calls);
}

bool verify_running(struct verify_ctx *ctx)
{
	checked_round_end(ctx);
	child_progress_tick(); /* (the watchdog's sign of life) */

	/*
	 * VERIFY_MIN_ROUNDS rounds, however short the duration: counted by
	 * the rounds begun, not by the checks made, since checks made before
	 * the loop (getrandom's seccomp probe) are no round, and a loaded
	 * machine can spend the whole duration on them.
	 */
	bool early = ctx->rounds++ < VERIFY_MIN_ROUNDS;

	ctx->pending = 0; /* (a check excused last round is not blamed in this one) */
	/*
	 * A cancel pending now came before this round's readings: it can
	 * excuse only a comparison with an earlier round's (drained here,
	 * without waiting, so that it cannot excuse a later failure).
	 */
	ctx->set_before_round = ctx->clock_set_fd >= 0 &&
				verify_clock_set_wait(ctx->clock_set_fd, 0, ctx->clock_set_look);
	ctx->set_in_round = false;
	ctx->excused_round = false;
	/* (after the drain: a later setting shows as a move, or in the watch) */
	if (ctx->set_before_round || !ctx->rt_offset_read)
		reread_rt_offset(ctx);

	bool go = !ctx->stop && verify_failures() < ctx->run->maxfails && !interrupt_signal() &&
		  (early || now_ns() < ctx->deadline_ns);

	if (go)
		vdso_check_armed = VDSO_CHECK_GUARD |
				   (ctx->rounds % VERIFY_REGCHECK_EVERY == 1 ? VDSO_CHECK_REGS : 0);
	return go;
}

void verify_fail(struct verify_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	struct verify_check *c =
		&ctx->check[ctx->pending ? ctx->pending - 1
					 : verify_check_find(ctx, VERIFY_OTHER_CHECK)];

	if (!ctx->pending)
		c->made++; /* (made by the caller, not through verify_ok()) */
	c->failed++;
	ctx->pending = 0;
	if (!reserve_failure())
		return;
	ctx->fails++;
	va_start(ap, fmt);
	report_vline_scoped(ctx->api, scope, fmt, ap);
	va_end(ap);
}

/* "API: [SCOPE: ]message": a failure line of verify_fail_known(). */
static __attribute__((format(printf, 2, 3))) void verify_fail_line(const struct api *api,
								   const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vline_scoped(api, scope, fmt, ap);
	va_end(ap);
}

struct known_symptom verify_backwards_symptom(const struct api *api, int64_t back_ns)
{
	return (struct known_symptom){ .call = vdso_call_name(api->family->call),
				       .clock_id = api->clock_id,
				       .clock_flags = api->flags,
				       .value_known = true,
				       .value = back_ns };
}

void verify_fail_known(struct verify_ctx *ctx, const struct known_symptom *sym, const char *fmt,
		       ...)
{
	struct known_symptom s = *sym;
	const struct kernel_version *k = known_bugs_kernel(ctx->run->vdso);
	struct known_match m;
	char msg[600], bug[300] = "";
	va_list ap;

	struct verify_check *c =
		&ctx->check[ctx->pending ? ctx->pending - 1
					 : verify_check_find(ctx, VERIFY_OTHER_CHECK)];
	if (!s.check)
		s.check = c->name;
	bool xfail = known_bug_match(&s, k, &m);
	if (!ctx->pending)
		c->made++;
	c->failed++;
	ctx->pending = 0;
	if (xfail) {
		c->xfailed++;
		c->bug = (int)(m.bug - known_bugs) + 1;
		known_bugs_record((size_t)(m.bug - known_bugs));
	}
	/* an expected failure: its first line per check and context, the rest tallied */
	if (xfail && !ctx->run->fail_known_bugs && c->xfailed > 1)
		return;
	if (!reserve_failure())
		return;
	if (xfail && !ctx->run->fail_known_bugs) {
		ctx->xfails++;
		atomic_fetch_add(&session->xfail_printed, 1);
	} else {
		ctx->fails++;
	}
	if (xfail)
		snprintf(bug, sizeof(bug), "; %s; this kernel is %s",
			 known_bug_describe(m.bug, msg, sizeof(msg)), k->text);
	else if (m.why[0])
		snprintf(bug, sizeof(bug), "; %s", m.why);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	verify_fail_line(ctx->api, "%s%s", msg, bug);
}

bool verify_sys_normalized(struct verify_ctx *ctx, const char *what, int64_t sec, int64_t frac,
			   bool usec, bool sec_may_wrap)
{
	int64_t max = usec ? 999999 : 999999999;

	if (!verify_ok(ctx, "system call reading normalized", frac >= 0 && frac <= max)) {
		verify_fail(ctx, "syscall %s %s %" PRId64 " out of range [0, %" PRId64 "]", what,
			    usec ? "tv_usec" : "tv_nsec", frac, max);
		return false;
	}
	if (!verify_ok(ctx, "system call reading not negative", sec >= 0 || sec_may_wrap)) {
		verify_fail(ctx, "syscall %s tv_sec %" PRId64 " is negative", what, sec);
		return false;
	}
	return true;
}

bool verify_failure(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	if (!reserve_failure())
		return false;
	va_start(ap, fmt);
	report_vline_scoped(api, scope, fmt, ap);
	va_end(ap);
	return true;
}

/*
 * How long a failure that may be a setting of CLOCK_REALTIME waits for the
 * timerfd's cancel.  The kernel cancels after publishing the new time: at
 * once for clock_settime() (clock_was_set(), kernel/time/hrtimer.c), though
 * another CPU may read the new time first; but a leap second's step is
 * published by the tick and signalled through a work queue
 * (update_wall_time() -> clock_was_set_delayed(), kernel/time/timekeeping.c),
 * which under emulation (qemu TCG) was seen to run more than 20 ms later:
 * while a leap second is armed (STA_INS or STA_DEL, adjtimex(2); they stay
 * set across the leap until cleared) the wait is longer.  It ends as soon
 * as the cancel comes (timerfd_clock_was_set() wakes pollers,
 * fs/timerfd.c), so only a real failure waits this long.
 */
#define CLOCK_SET_WAIT_MS 100
#define CLOCK_SET_LEAP_WAIT_MS 2000

/* Is a leap second armed (adjtimex(2) modes 0: read only)? */
static bool leap_armed(void)
{
	struct timex tx = { .modes = 0 };

	return adjtimex(&tx) >= 0 && (tx.status & (STA_INS | STA_DEL));
}

/* The timerfd's answer: -1 with ECANCELED once CLOCK_REALTIME was set (timerfd_create(2)). */
static enum clock_set_look look_timerfd(int fd)
{
	uint64_t expirations;

	if (read(fd, &expirations, sizeof(expirations)) >= 0)
		return CLOCK_SET_NOT_YET; /* (the timer itself expired: past 2038 on 32-bit) */
	if (errno == ECANCELED)
		return CLOCK_SET_YES;
	return errno == EAGAIN || errno == EINTR ? CLOCK_SET_NOT_YET : CLOCK_SET_UNKNOWN;
}

bool verify_clock_set_wait(int fd, int timeout_ms, enum clock_set_look (*look)(int fd))
{
	uint64_t end = now_ns() + (uint64_t)(timeout_ms > 0 ? timeout_ms : 0) * 1000000u;

	for (;;) {
		enum clock_set_look l = look(fd);
		if (l != CLOCK_SET_NOT_YET)
			return l == CLOCK_SET_YES;
		int wait_ms = -1;
		if (timeout_ms >= 0) {
			uint64_t t = now_ns();
			if (t >= end)
				return false;
			wait_ms = (int)((end - t + 999999) / 1000000);
		}
		struct pollfd p = { fd, POLLIN, 0 };
		if (poll(&p, 1, wait_ms) < 0 && (errno != EINTR || interrupt_signal()))
			return look(fd) == CLOCK_SET_YES;
	}
}

int verify_clock_set_watch(void)
{
	return clock_set_watch();
}

bool verify_clock_set_seen(int fd)
{
	return fd >= 0 &&
	       verify_clock_set_wait(fd, leap_armed() ? CLOCK_SET_LEAP_WAIT_MS : CLOCK_SET_WAIT_MS,
				     look_timerfd);
}

bool verify_clock_was_set(struct verify_ctx *ctx, bool across_rounds)
{
	bool set;

	if (ctx->clock_set_fd < 0)
		return false;
	bool known = ctx->set_in_round || (across_rounds && ctx->set_before_round);
	if (!known && !rt_offset_went_back(ctx))
		return false;
	set = known ||
	      verify_clock_set_wait(ctx->clock_set_fd,
				    leap_armed() ? CLOCK_SET_LEAP_WAIT_MS : CLOCK_SET_WAIT_MS,
				    ctx->clock_set_look);
	if (!set)
		return false;
	/*
	 * (a cancel read now came during this round: it was drained at the
	 * round's start; the timerfd reports the next setting by itself)
	 */
	ctx->set_in_round |= !(across_rounds && ctx->set_before_round);
	ctx->rt_offset_read = false; /* (read again at the next round) */
	if (!ctx->excused_round) {
		ctx->excused_round = true;
		ctx->sight.excused++;
		/* (once per verify, whatever part: under --perturb it comes hundreds of times) */
		if (ctx->clock_sets++ == 0 && !session->set_noted) {
			session->set_noted = true;
			report_note("%s: CLOCK_REALTIME was set during the run; the rounds it spoiled are taken again (-v: how often)",
				    ctx->api->name);
		}
	}
	return true;
}

void verify_round_again(struct verify_ctx *ctx, void (*round)(struct verify_ctx *ctx, void *state),
			void *state)
{
	if (!ctx->excused_round || ctx->retaking)
		return;
	ctx->retaking = true;
	ctx->set_in_round = ctx->set_before_round = false;
	reread_rt_offset(ctx); /* (the retake's readings begin now) */
	ctx->pending = 0;
	round(ctx, state);
	ctx->retaking = false;
}

void verify_aux_stepped(struct verify_ctx *ctx)
{
	if (!ctx->excused_round) {
		ctx->excused_round = true;
		ctx->sight.aux_steps++;
	}
}

void verify_aux_off(struct verify_ctx *ctx)
{
	char key[REPORT_ONCE_KEY_LEN];

	snprintf(key, sizeof(key), "aux off %s", ctx->api->name);
	report_note_once(
		key,
		"%s: %s was switched off during the run (the system call gives ENODEV); verify of it ended there",
		ctx->api->name, ctx->api->clock_name);
	verify_stop(ctx);
}

void verify_tai_set(struct verify_ctx *ctx)
{
	if (!ctx->excused_round) {
		ctx->excused_round = true;
		ctx->sight.tai_sets++;
	}
}

/*
 * -v: the checks of @ctx by kind: of the path under test, of the system
 * call's readings (the checks whose name begins "system call": the
 * kernel's side, sanity checks), and the readings of the path under test
 * compared where the family counts them (struct verify_sight readings).
 */
static void say_kinds(const struct verify_ctx *ctx)
{
	uint64_t sys = 0;
	char readings[64] = "";

	for (unsigned i = 0; i < ctx->n_checks; i++)
		if (strncmp(ctx->check[i].name, "system call", 11) == 0)
			sys += ctx->check[i].made;
	if (ctx->sight.readings)
		snprintf(readings, sizeof(readings), "; %" PRIu64 " readings of it compared",
			 ctx->sight.readings);
	say(ctx->api,
	    "verify: checks by kind: %" PRIu64 " of the path under test, %" PRIu64
	    " of the system call's readings%s",
	    ctx->checks - sys, sys, readings);
}

enum status verify_end(struct verify_ctx *ctx)
{
	checked_round_end(ctx);
	if (ctx->clock_set_fd >= 0)
		close(ctx->clock_set_fd);
	ctx->clock_set_fd = -1;
	ctx->checks = 0;
	for (unsigned i = 0; i < ctx->n_checks; i++)
		ctx->checks += ctx->check[i].made;
	if (interrupt_signal())
		say(ctx->api, "verify: interrupted by %s after %" PRIu64 " checks, %u failures",
		    interrupt_name(interrupt_signal()), ctx->checks, ctx->fails);
	else if (ctx->run->verbose)
		say(ctx->api, "verify: %" PRIu64 " checks, %u failures", ctx->checks, ctx->fails);
	if (ctx->run->verbose && !interrupt_signal() && ctx->checks)
		say_kinds(ctx);
	for (unsigned i = 0; i < ctx->n_checks; i++) {
		verify_tally(part, ctx->check[i].name, ctx->check[i].made, ctx->check[i].failed);
		if (ctx->check[i].xfailed)
			verify_tally_xfail(part, ctx->check[i].name, ctx->check[i].xfailed,
					   ctx->check[i].bug - 1);
	}
	if (!part) /* (the main part's figures: a namespace's are alike) */
		verify_sight_add(&ctx->sight);
	ctx->n_checks = 0;
	return ctx->fails ? STATUS_FAIL : STATUS_PASS;
}
