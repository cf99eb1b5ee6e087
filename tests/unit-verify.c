// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for verify_clock_set_wait() (src/harness/verify.c): a setting of
 * CLOCK_REALTIME whose timerfd cancel comes after the first look (a leap
 * second's, which the kernel signals from a work queue) is still seen; a
 * watch that never answers is not taken for a setting.  A pipe stands in
 * for the timerfd (no clock is set): a byte 'c' is the cancel, 'e' the
 * timer's own expiry, 'x' an error.
 *
 * And verify_sys_normalized() at the edges of its ranges (its messages are
 * checked end to end by tests/fakes.sh's syscall-* rows).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

#include "tap.h"
#include "core/api.h"
#include "harness/verify.h"

static int watch[2] = { -1, -1 }, go[2] = { -1, -1 };
static unsigned looks;
static bool release_on_look;	/* the first look that finds no answer lets the writer go */

static enum clock_set_look look_pipe(int fd)
{
	char c = 0;

	looks++;
	if (read(fd, &c, 1) == 1 && c != 'e')
		return c == 'c' ? CLOCK_SET_YES : CLOCK_SET_UNKNOWN;
	if (c != 'e' && errno != EAGAIN)
		return CLOCK_SET_UNKNOWN;
	if (release_on_look) {
		release_on_look = false;
		if (write(go[1], "g", 1) != 1)
			return CLOCK_SET_UNKNOWN;
	}
	return CLOCK_SET_NOT_YET;
}

/* The late cancel: written once the waiter has looked and found nothing. */
static void *late_writer(void *arg)
{
	char c;

	(void)arg;
	if (read(go[0], &c, 1) == 1 && write(watch[1], "c", 1) != 1)
		return NULL;
	return NULL;
}

static void put(const char *bytes)
{
	for (; *bytes; bytes++)
		if (write(watch[1], bytes, 1) != 1)
			return;
}

int main(void)
{
	pthread_t t;

	if (pipe(watch) != 0 || pipe(go) != 0 || fcntl(watch[0], F_SETFL, O_NONBLOCK) != 0)
		return 99;

	looks = 0;
	bool set = verify_clock_set_wait(watch[0], 0, look_pipe);
	ok(!set && looks == 1, "nothing on the watch, no wait: not set, one look (%u)", looks);
	ok(!verify_clock_set_wait(watch[0], 30, look_pipe),
	   "nothing on the watch within 30 ms: not set");
	put("c");
	ok(verify_clock_set_wait(watch[0], 0, look_pipe), "a cancel already there: set");
	put("x");
	ok(!verify_clock_set_wait(watch[0], -1, look_pipe),
	   "a watch that fails ends the wait: not set");

	/* the cancel arrives after the first look found nothing: waited for */
	looks = 0;
	release_on_look = true;
	if (pthread_create(&t, NULL, late_writer, NULL) != 0)
		return 99;
	set = verify_clock_set_wait(watch[0], -1, look_pipe);
	pthread_join(t, NULL);
	ok(set && looks >= 2, "a cancel that comes after the first look: set (%u looks)", looks);

	/* the timer's own expiry (past 2038) is no setting; a later cancel still counts */
	looks = 0;
	put("e");
	release_on_look = true;
	if (pthread_create(&t, NULL, late_writer, NULL) != 0)
		return 99;
	set = verify_clock_set_wait(watch[0], -1, look_pipe);
	pthread_join(t, NULL);
	ok(set && looks >= 2, "an expiry, then a late cancel: set (%u looks)", looks);
	put("e");
	ok(!verify_clock_set_wait(watch[0], 30, look_pipe),
	   "an expiry alone within 30 ms: not set");

	/* (no session: verify_fail() prints nothing, the verdict is the return) */
	static const struct api api = { .name = "unit" };
	struct verify_ctx ctx = { .api = &api };
	static const struct {
		int64_t sec, frac;
		bool usec, wrap, good;
	} cases[] = {
		{ 0, 0, false, false, true },
		{ 5, 999999999, false, false, true },
		{ 5, 1000000000, false, false, false },
		{ 5, -1, false, false, false },
		{ 5, 999999, true, false, true },
		{ 5, 1000000, true, false, false },
		{ 5, -1, true, false, false },
		{ -1, 0, false, false, false },
		{ -1, 0, false, true, true },	 /* a 32-bit tv_sec past 2038 */
		{ -1, 1000000000, false, true, false },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t before = ctx.checks;
		bool good = verify_sys_normalized(&ctx, "CLOCK_X", cases[i].sec, cases[i].frac,
						  cases[i].usec, cases[i].wrap);
		ok(good == cases[i].good && ctx.checks > before,
		   "verify_sys_normalized(%lld, %lld, %s%s): %s", (long long)cases[i].sec,
		   (long long)cases[i].frac, cases[i].usec ? "tv_usec" : "tv_nsec",
		   cases[i].wrap ? ", may wrap" : "", cases[i].good ? "normalized" : "not");
	}
	return tap_done();
}
