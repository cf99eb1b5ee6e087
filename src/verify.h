/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mechanics of verify: the deadline, counting checks, reporting failures
 * (bounded by --maxfails) and noticing when CLOCK_REALTIME is set.
 * What is correct is the families' business.
 */
#ifndef VDSOTEST_VERIFY_H
#define VDSOTEST_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "api.h"
#include "arch.h"
#include "timespec.h"

struct verify_ctx {
	const struct api *api;
	const struct run *run;
	uint64_t deadline_ns;	/* now_ns() at which to stop */
	uint64_t checks;	/* checks made */
	unsigned fails;		/* checks failed */
	int clock_set_fd;	/* timerfd cancelled when CLOCK_REALTIME is set; -1 */
};

/*
 * verify_begin - start verifying @api for run->duration_ns.  Watches for
 * CLOCK_REALTIME being set (timerfd_create(2), TFD_TIMER_CANCEL_ON_SET)
 * where the kernel supports it.
 */
void verify_begin(struct verify_ctx *ctx, const struct api *api, const struct run *run);

/*
 * verify_running - true until the deadline passes (but always for the first
 * round), --maxfails failures have been seen, or SIGINT or SIGTERM has been
 * caught (interrupt.h).
 */
bool verify_running(const struct verify_ctx *ctx);

/* verify_ok - count one check; return @ok, so: if (!verify_ok(..)) verify_fail(..). */
static inline bool verify_ok(struct verify_ctx *ctx, bool ok)
{
	ctx->checks++;
	return ok;
}

/*
 * verify_fail - report "API: message" and count a failure; silent once
 * --maxfails failures have been reported.
 */
void verify_fail(struct verify_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * verify_clock_was_set - has CLOCK_REALTIME been set (settimeofday,
 * clock_settime, a leap second step...) since verify_begin() or the last
 * call that returned true?  False where this cannot be known.  When true,
 * prints "Note: API: CLOCK_REALTIME was set during the run; ..." so that
 * the caller can skip the ordering check it was about to fail.
 */
bool verify_clock_was_set(struct verify_ctx *ctx);

/*
 * verify_end - release what verify_begin() took; in verbose mode print the
 * number of checks and failures: "API: verify: N checks, M failures".
 * After SIGINT or SIGTERM, in any mode:
 * "API: verify: interrupted by SIGINT after N checks, M failures".
 * Return: STATUS_PASS or STATUS_FAIL.
 */
enum status verify_end(struct verify_ctx *ctx);

/* ts64_from - copy what the clock_gettime/clock_getres calls wrote. */
static inline struct ts64 ts64_from(const vdso_timespec *ts)
{
	return (struct ts64){ ts->tv_sec, ts->tv_nsec };
}

#endif
