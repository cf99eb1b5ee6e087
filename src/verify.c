// SPDX-License-Identifier: GPL-2.0-or-later
/* Mechanics of verify; see verify.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_TIMERFD_CREATE
#include <sys/timerfd.h>
#endif

#include "bench.h"
#include "interrupt.h"
#include "report.h"
#include "verify.h"

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

void verify_begin(struct verify_ctx *ctx, const struct api *api, const struct run *run)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->api = api;
	ctx->run = run;
	ctx->deadline_ns = now_ns() + run->duration_ns;
	ctx->clock_set_fd = clock_set_watch();
}

bool verify_running(const struct verify_ctx *ctx)
{
	/* At least one round, however short the duration. */
	return ctx->fails < ctx->run->maxfails && !interrupt_signal() &&
	       (ctx->checks == 0 || now_ns() < ctx->deadline_ns);
}

void verify_fail(struct verify_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	if (ctx->fails++ >= ctx->run->maxfails)
		return;
	va_start(ap, fmt);
	report_vline(ctx->api, fmt, ap);
	va_end(ap);
}

bool verify_clock_was_set(struct verify_ctx *ctx)
{
	uint64_t expirations;

	if (ctx->clock_set_fd < 0)
		return false;
	/*
	 * clock_was_set() cancels the timer after the new time is published
	 * (later still for a leap second: clock_was_set_delayed()), so give a
	 * failure that may be a setting 20 ms to show up.
	 */
	bool set = read(ctx->clock_set_fd, &expirations, sizeof(expirations)) < 0 &&
		   errno == ECANCELED;	/* reported once: keep the answer */
	if (!set) {
		nanosleep(&(struct timespec){ .tv_nsec = 20000000 }, NULL);
		set = read(ctx->clock_set_fd, &expirations, sizeof(expirations)) < 0 &&
		      errno == ECANCELED;
	}
	if (set) {
		close(ctx->clock_set_fd);
		ctx->clock_set_fd = clock_set_watch();
		report_note("%s: CLOCK_REALTIME was set during the run; one ordering check skipped",
			    ctx->api->name);
		return true;
	}
	return false;
}

enum status verify_end(struct verify_ctx *ctx)
{
	if (ctx->clock_set_fd >= 0)
		close(ctx->clock_set_fd);
	ctx->clock_set_fd = -1;
	if (interrupt_signal())
		report_line(ctx->api, "verify: interrupted by %s after %" PRIu64 " checks, %u failures",
			    interrupt_name(interrupt_signal()), ctx->checks, ctx->fails);
	else if (ctx->run->verbose)
		report_line(ctx->api, "verify: %" PRIu64 " checks, %u failures",
			    ctx->checks, ctx->fails);
	return ctx->fails ? STATUS_FAIL : STATUS_PASS;
}
