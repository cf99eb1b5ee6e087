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
 * The verify of one API (verify_api()): the failures printed so far, in a
 * shared page so that the time namespace part (another process) and the
 * threads of -t count in it too.  (Outside verify_api(), local_session
 * allows no failure line: maxfails 0.)
 */
static struct session {
	atomic_uint printed;
	unsigned maxfails;
	bool noted;	    /* verify_notes() has spoken (inherited by fork) */
	atomic_flag lock;   /* over the tallies (threads and processes) */
	unsigned n_tallies; /* entries of tally[] in use */
	struct tally {
		const char *part, *name; /* string literals: the same address after fork */
		uint64_t made, failed;
	} tally[VERIFY_TALLIES_MAX];
} local_session, *session = &local_session;

/* Same part and check: by address, then by text (the same literal in two files). */
static bool same_name(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

void verify_tally(const char *p, const char *name, uint64_t made, uint64_t failed)
{
	struct session *s = session;
	unsigned i;

	while (atomic_flag_test_and_set_explicit(&s->lock, memory_order_acquire))
		;
	for (i = 0; i < s->n_tallies; i++)
		if (same_name(s->tally[i].part, p) && same_name(s->tally[i].name, name))
			break;
	if (i == s->n_tallies) {
		if (i == VERIFY_TALLIES_MAX) { /* full: the last holds the rest */
			i--;
			s->tally[i].part = NULL;
			s->tally[i].name = VERIFY_OTHER_CHECK;
		} else {
			s->n_tallies++;
			s->tally[i] = (struct tally){ .part = p, .name = name };
		}
	}
	s->tally[i].made += made;
	s->tally[i].failed += failed;
	atomic_flag_clear_explicit(&s->lock, memory_order_release);
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

/* Each check the session tallied: a KTAP subtest, or with -v a line. */
static void report_tallies(const struct api *api, const struct run *run)
{
	const struct session *s = session;

	for (unsigned i = 0; i < s->n_tallies; i++) {
		const struct tally *t = &s->tally[i];
		char name[256];

		snprintf(name, sizeof(name), "%s%s%s", t->part ? t->part : "", t->part ? ": " : "",
			 t->name);
		const char *times = t->made == 1 ? "time" : "times";

		if (report_has_subtests() && t->failed)
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
	report_subtests_end(api);
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
	if (!api_vdso_fn(api, run))
		report_note("%s: vDSO version of %s not found; verifying libc's", api->name,
			    vdso_call_name(api->family->call));
	if (run->verbose)
		verify_say_path(api, run);
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
	struct session *s = child_shared_page(sizeof(*s));
	enum status st;

	if (!s) {
		fprintf(stderr, "vdsotest: %s: mmap: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	atomic_init(&s->printed, 0);
	s->maxfails = run->maxfails;
	s->noted = false;
	atomic_flag_clear(&s->lock);
	s->n_tallies = 0;
	session = s;
	if (api_vdso_fn(api, run)) { /* (a --vdso-lib function: dlsym() found it) */
		const char *unreachable = run->vdso->unreachable[api->family->call];
		if (*unreachable)
			verify_failure(api, "vDSO %s", unreachable);
		verify_tally(NULL, VERIFY_REACHABLE_CHECK, 1, *unreachable != '\0');
	}
	st = parts(api, run);
	unsigned fails = verify_failures();
	report_failures(api, TEST_VERIFY, fails);
	regcheck_skip_line(api, run);
	report_tallies(api, run);
	session = &local_session;
	child_shared_page_free(s, sizeof(*s));
	return fails ? STATUS_FAIL : st;
}

void verify_begin(struct verify_ctx *ctx, const struct api *api, const struct run *run)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->api = api;
	ctx->run = run;
	ctx->deadline_ns = now_ns() + run->duration_ns;
	ctx->clock_set_fd = clock_set_watch();
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
		verify_fail(ctx, "vDSO %s wrote outside its output: %s (%" PRIu64 " of %" PRIu64
			    " calls of the round)",
			    vdso_call_name(ctx->api->family->call), r.guard_first, r.guard_broken,
			    r.guard_calls);
}

bool verify_running(struct verify_ctx *ctx)
{
	checked_round_end(ctx);

	/*
	 * VERIFY_MIN_ROUNDS rounds, however short the duration: counted by
	 * the rounds begun, not by the checks made, since checks made before
	 * the loop (getrandom's seccomp probe) are no round, and a loaded
	 * machine can spend the whole duration on them.
	 */
	bool early = ctx->rounds++ < VERIFY_MIN_ROUNDS;

	ctx->pending = 0; /* (a check excused last round is not blamed in this one) */

	bool go = verify_failures() < ctx->run->maxfails && !interrupt_signal() &&
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

bool verify_clock_was_set(struct verify_ctx *ctx)
{
	if (ctx->clock_set_fd < 0)
		return false;
	if (verify_clock_set_wait(ctx->clock_set_fd,
				  leap_armed() ? CLOCK_SET_LEAP_WAIT_MS : CLOCK_SET_WAIT_MS,
				  look_timerfd)) {
		/* (reported once: a new timer for the next setting) */
		close(ctx->clock_set_fd);
		ctx->clock_set_fd = clock_set_watch();
		/* (once per verify: under --perturb it comes hundreds of times) */
		if (ctx->clock_sets++ == 0)
			report_note("%s: CLOCK_REALTIME was set during the run; the ordering checks it spoiled skipped (-v: how often)",
				    ctx->api->name);
		return true;
	}
	return false;
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
	if (ctx->run->verbose && ctx->clock_sets)
		say(ctx->api, "verify: CLOCK_REALTIME set %u times: the checks it spoiled skipped",
		    ctx->clock_sets);
	for (unsigned i = 0; i < ctx->n_checks; i++)
		verify_tally(part, ctx->check[i].name, ctx->check[i].made, ctx->check[i].failed);
	ctx->n_checks = 0;
	return ctx->fails ? STATUS_FAIL : STATUS_PASS;
}
