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
 * And the excuse of a setting (verify_running() drains the watch, the
 * pipe, at each round's start; verify_clock_was_set(), verify_round_again()).
 * And the tallies of named checks (verify_ok(), verify_fail(),
 * verify_tally()) as verify_api() reports them in KTAP: each check once,
 * in the order first made, a failure blamed on the failing check before
 * it, an excused one on none, one without a check on "other failures",
 * the tallies of a forked process and of a part ("time namespace ...")
 * added in.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "core/api.h"
#include "harness/verify.h"
#include "output/report.h"

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

/* CLOCK_REALTIME - CLOCK_MONOTONIC as the seam of verify_ctx reads it: set by the test. */
static int64_t offset_lo, offset_hi;
static bool offset_readable = true;

static bool fake_rt_offset(int64_t *lo_ns, int64_t *hi_ns)
{
	*lo_ns = offset_lo;
	*hi_ns = offset_hi;
	return offset_readable;
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

/* A retaken round (verify_round_again()): is a failure of it excused by the first take's cancel? */
static unsigned retakes;
static bool retake_excused;

static void retake_round(struct verify_ctx *ctx, void *state)
{
	(void)state;
	retakes++;
	retake_excused = verify_clock_was_set(ctx, false) || verify_clock_was_set(ctx, true);
}

/* A verify part with known checks (see the file's comment). */
static enum status known_checks(const struct api *api, const struct run *run)
{
	struct verify_ctx ctx;
	pid_t pid;

	memset(&ctx, 0, sizeof(ctx));
	ctx.api = api;
	ctx.run = run;
	ctx.clock_set_fd = -1;
	for (int i = 0; i < 5; i++) {
		verify_running(&ctx);
		verify_ok(&ctx, "first", true);
		if (!verify_ok(&ctx, "second", i != 3))
			verify_fail(&ctx, "second failed");
		verify_ok(&ctx, "excused", i != 1); /* (no verify_fail: excused) */
	}
	verify_running(&ctx);
	verify_fail(&ctx, "a failure of no check");
	verify_end(&ctx);
	if ((pid = fork()) == 0) { /* a process of the session: the time namespace's */
		memset(&ctx, 0, sizeof(ctx));
		ctx.api = api;
		ctx.run = run;
		ctx.clock_set_fd = -1;
		verify_ok(&ctx, "first", true);
		verify_end(&ctx); /* (the main part's "first") */
		verify_part("time namespace +1000 s");
		memset(&ctx, 0, sizeof(ctx));
		ctx.api = api;
		ctx.run = run;
		ctx.clock_set_fd = -1;
		verify_ok(&ctx, "first", true);
		verify_end(&ctx);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	verify_tally(NULL, "second", 10, 0);
	return STATUS_PASS;
}

/* The checks @ctx made so far (its table; verify_end() sums them into ctx->checks). */
static uint64_t checks_made(const struct verify_ctx *ctx)
{
	uint64_t n = 0;

	for (unsigned i = 0; i < ctx->n_checks; i++)
		n += ctx->check[i].made;
	return n;
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

	/*
	 * The excuse is exact (verify_clock_was_set()): a cancel drained at
	 * a round's start excuses only a check against an earlier round; one
	 * left from before excuses no later failure; one that comes during
	 * the round excuses it, counted once per round; a retake is judged
	 * afresh.
	 */
	{
		static const struct api set_api = { .name = "unit-set", .flags = CLK_SETTABLE };
		struct run set_run = { .maxfails = 0, .duration_ns = 1 };
		struct verify_ctx c;
		memset(&c, 0, sizeof(c));
		c.api = &set_api;
		c.run = &set_run;
		c.clock_set_fd = watch[0];
		c.clock_set_look = look_pipe;
		c.deadline_ns = UINT64_MAX;
		verify_sight_init(&c.sight);
		put("c"); /* a setting before the round */
		verify_running(&c);
		ok(!verify_clock_was_set(&c, false),
		   "a cancel from before the round does not excuse a check within it");
		ok(verify_clock_was_set(&c, true),
		   "... but does excuse the check against the previous round");
		verify_running(&c);
		ok(!verify_clock_was_set(&c, true) && !verify_clock_was_set(&c, false),
		   "a stale cancel, drained: the next round's failures are not excused");
		verify_running(&c);
		put("c"); /* a setting during the round */
		bool during = verify_clock_was_set(&c, false), again = verify_clock_was_set(&c, false);
		ok(during && again && c.sight.excused == 2,
		   "a cancel during the round excuses it, counted once per round (%llu rounds)",
		   (unsigned long long)c.sight.excused);
		retakes = 0;
		verify_round_again(&c, retake_round, NULL);
		ok(retakes == 1 && !retake_excused, "an excused round is taken again, judged afresh");
		verify_running(&c);
		verify_round_again(&c, retake_round, NULL);
		ok(retakes == 1, "a round not excused is not taken again");

		/*
		 * A cancel that comes while a failure waits excuses it only if
		 * CLOCK_REALTIME - CLOCK_MONOTONIC went back since the round began
		 * (--perturb=step steps the clock every 10 to 100 ms: a step made
		 * in the wait, after the readings, hid 44 % of the errors).
		 */
		c.read_rt_offset = fake_rt_offset;
		offset_lo = 1000, offset_hi = 1010;
		verify_running(&c); /* (read: the round's start) */
		put("c");
		unsigned looked = looks;
		ok(!verify_clock_was_set(&c, false) && looks == looked,
		   "offset unmoved: a cancel that came after the readings excuses nothing, and is not waited for");
		offset_lo = 2000, offset_hi = 2010; /* (the step forward of that cancel) */
		verify_running(&c);		    /* (drained: read again) */
		offset_lo = 3000, offset_hi = 3010;
		put("c");
		ok(!verify_clock_was_set(&c, false), "offset gone forward: no excuse (no reading goes back for it)");
		verify_running(&c);
		offset_lo = 2995, offset_hi = 3005;
		put("c");
		ok(!verify_clock_was_set(&c, false), "offset overlapping its reading at the round's start: no excuse");
		verify_running(&c);
		offset_lo = 1000, offset_hi = 1010;
		put("c");
		ok(verify_clock_was_set(&c, false), "offset gone back and a cancel: excused");
		verify_running(&c);
		offset_readable = false;
		verify_running(&c);
		put("c");
		ok(verify_clock_was_set(&c, false), "offset unreadable: the cancel alone excuses, as before");
		offset_readable = true;
	}

	/* (no session: verify_fail() prints nothing, the verdict is the return) */
	static const struct api unit_api = { .name = "unit" };
	struct verify_ctx ctx = { .api = &unit_api };
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
		uint64_t before = checks_made(&ctx);
		bool good = verify_sys_normalized(&ctx, "CLOCK_X", cases[i].sec, cases[i].frac,
						  cases[i].usec, cases[i].wrap);
		ok(good == cases[i].good && checks_made(&ctx) > before,
		   "verify_sys_normalized(%lld, %lld, %s%s): %s", (long long)cases[i].sec,
		   (long long)cases[i].frac, cases[i].usec ? "tv_usec" : "tv_nsec",
		   cases[i].wrap ? ", may wrap" : "", cases[i].good ? "normalized" : "not");
	}
	/* the tallies, as KTAP subtests on standard output, caught in a file */
	static const struct api api = { .name = "fake-api" };
	struct run run = { .maxfails = 100 };
	char tmpl[] = "/tmp/unit-verify.XXXXXX", text[2048];
	int fd = mkstemp(tmpl), saved = dup(STDOUT_FILENO);
	if (fd < 0 || saved < 0)
		return 99;
	unlink(tmpl);
	report_set_format(FORMAT_KTAP);
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	enum status st = verify_api(&api, &run, known_checks);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);
	text[n > 0 ? n : 0] = '\0';
	const char *subtests = strstr(text, "    KTAP version 1\n");
	const char *want = "    KTAP version 1\n"
			   "    # Subtest: fake-api\n"
			   "    1..5\n"
			   "    ok 1 first # checked 6 times\n"
			   "    not ok 2 second # failed 1 of 15 times\n"
			   "    ok 3 excused # checked 5 times\n"
			   "    not ok 4 other failures # failed 1 of 1 time\n"
			   "    ok 5 time namespace +1000 s: first # checked 1 time\n";
	ok(st == STATUS_FAIL && subtests && strcmp(subtests, want) == 0,
	   "tallies: each check once in order, failures blamed on their check, other failures, a child's and a part's added");
	if (!subtests || strcmp(subtests, want) != 0)
		printf("# got:\n%s", text);
	return tap_done();
}
