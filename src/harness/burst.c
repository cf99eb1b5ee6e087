// SPDX-License-Identifier: GPL-2.0-or-later
/* verify's back-to-back phase; see burst.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/known_bugs.h"
#include "harness/burst.h"
#include "harness/verify.h"
#include "lib/cpus.h"
#include "lib/interrupt.h"
#include "lib/sysclock.h"
#include "output/report.h"

/* Steps counted one per ns up to this; longer ones in the last bucket. */
#define STEP_BUCKETS 4096

struct burst_state {
	const struct api *api;
	const struct run *run;
	int cpu;
	const char *kind;
	uint64_t steps[STEP_BUCKETS + 1];
	uint64_t nsteps;
	int64_t step_min_ns;
};

/* The kind of @api's clock, for the messages: "coarse", "raw", "CPU-time" or "hres". */
static const char *clock_kind(const struct api *api)
{
	if (api->flags & CLK_COARSE)
		return "coarse";
	if (api->clock_id == CLOCK_MONOTONIC_RAW)
		return "raw";
	if (api->clock_id == CLOCK_PROCESS_CPUTIME_ID || api->clock_id == CLOCK_THREAD_CPUTIME_ID)
		return "CPU-time";
	return "hres";
}

bool verify_burst_applies(const struct api *api)
{
	return api->family->read_burst != NULL;
}

/*
 * The short-gap rule: reading @k of a run is early (or the one before it
 * late) when its step gap[k] = r[k] - r[k-1] is positive and
 * 2 * gap[k] + 2 < min(gap[k-1], gap[k+1], the run's median step): a
 * reading off by more than about half a step, between two steps of the
 * usual length or longer.  Each reading is truncated to the ns below (a
 * step is off by less than 1 ns either way, hence the + 2: the time
 * between the readings was then under half of each of the three).  It
 * holds on a real vDSO because a delay (an interrupt, a VM exit, a
 * seqcount retry, a cache miss) only lengthens the step it falls in; a
 * step shorter than half of both of its neighbours and of the median
 * takes two delays in a row around a normal step (measured here: 107, 18,
 * 112 ns, with a median of 17), hence the median; a speed change one way
 * (an SMT sibling going idle) leaves one neighbour short too.
 * A counter that ticks every 2 ns or slower (arm64's 24 MHz: steps of
 * 41, 42, 83, 84 ns; this machine's TSC, now and then, in multiples of
 * 40 ns) is off by up to a tick in every step: its steps of one tick
 * between two of three ticks are not early.  Each step of such a counter
 * is one of two adjacent values per number of ticks, q ns (the tick)
 * apart: a run whose steps take three consecutive ns values (v, v + 1,
 * v + 2) was read from a counter that ticks faster than every 2 ns, and
 * only such a run is judged.  Not applied to coarse clocks (a tick a
 * jiffy) nor CPU-time ones (read by the system call).
 * Return: @k (2..@n - 2) of the first reading flagged, 0 if none;
 * *@median_ns the run's median step when one is flagged.
 */
static unsigned short_gap(const int64_t *gap, unsigned n, int64_t *median_ns)
{
	int64_t sorted[BURST_READINGS];
	int64_t median = -1;

	for (unsigned k = 2; k + 1 < n; k++) {
		int64_t g = gap[k];

		if (g <= 0 || 2 * g + 2 >= gap[k - 1] || 2 * g + 2 >= gap[k + 1])
			continue;
		if (median < 0) { /* (the first candidate: rare on a good vDSO) */
			bool fine = false;
			unsigned m = n - 1;

			memcpy(sorted, gap + 1, m * sizeof(*sorted));
			for (unsigned i = 1; i < m; i++) /* (63 steps: insertion sort) */
				for (unsigned j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
					int64_t t = sorted[j];
					sorted[j] = sorted[j - 1];
					sorted[j - 1] = t;
				}
			for (unsigned i = 0, run = 1; i + 1 < m && !fine; i++) {
				if (sorted[i + 1] == sorted[i] + 1)
					run++;
				else if (sorted[i + 1] != sorted[i])
					run = 1;
				fine = run >= 3;
			}
			if (!fine)
				return 0;
			median = sorted[m / 2];
		}
		if (2 * g + 2 < median) {
			*median_ns = median;
			return k;
		}
	}
	return 0;
}

/* Is the short-gap rule applied to this kind of clock (short_gap())? */
static bool short_gap_applies(const char *kind)
{
	return !strcmp(kind, "hres") || !strcmp(kind, "raw");
}

/* One run of readings: each not behind the one before, none early (short_gap()). */
static void burst_round(struct verify_ctx *ctx, struct burst_state *b)
{
	const struct api *api = b->api;
	const char *who = api_vdso_fn(api, b->run) ? "vDSO" : "libc";
	struct ts64 r[BURST_READINGS];
	int64_t gap[BURST_READINGS];
	char x[TS64_STRLEN], y[TS64_STRLEN];
	unsigned back = 0, early = 0;
	int64_t median = 0;

	int ret = api->family->read_burst(api, b->run, r, BURST_READINGS);

	if (ret != 0 && errno == ENODEV && (api->flags & CLK_AUX)) {
		verify_aux_off(ctx);
		return;
	}
	if (!verify_ok(ctx, "back-to-back: returns 0", ret == 0)) {
		verify_fail(ctx, "on CPU %d: %s %s(%s) returned -1 (%s)", b->cpu, who,
			    vdso_call_name(api->family->call), api->clock_name, strerror(errno));
		return;
	}
	/* (a 32-bit API's tv_sec wraps past 2038-01-19T03:14:07Z: see ts64_unwrap32()) */
	for (unsigned i = 0; i < BURST_READINGS; i++)
		r[i] = ts64_unwrap32(r[i]);
	gap[0] = 0;
	for (unsigned i = 1; i < BURST_READINGS; i++) {
		int64_t d = ts64_sub_ns(r[i], r[i - 1]);
		gap[i] = d;
		if (d < 0 && !back)
			back = i;
		if (d < 0)
			continue;
		b->steps[d < STEP_BUCKETS ? d : STEP_BUCKETS]++;
		b->nsteps++;
		if (d < b->step_min_ns)
			b->step_min_ns = d;
	}
	ctx->sight.readings += BURST_READINGS;
	if (!verify_ok(ctx, "back-to-back: not behind the reading before it", !back) &&
	    !((api->flags & CLK_SETTABLE) && verify_clock_was_set(ctx, false))) {
		/* (a coarse clock a few us back: a known kernel bug, core/known_bugs.c) */
		struct known_symptom sym = verify_backwards_symptom(api, ts64_sub_ns(r[back - 1],
										     r[back]));
		verify_fail_known(ctx, &sym,
				  "on CPU %d: %s %s after %s %s: %" PRId64
				  " ns backwards (reading %u of %u, %s clock)",
				  b->cpu, who, ts64_format(r[back], x, sizeof(x)), who,
				  ts64_format(r[back - 1], y, sizeof(y)), sym.value, back + 1,
				  BURST_READINGS, b->kind);
		return;
	}
	if (back || !short_gap_applies(b->kind))
		return;
	early = short_gap(gap, BURST_READINGS, &median);
	if (!verify_ok(ctx, "back-to-back: no step under half of those around it", !early) &&
	    !((api->flags & CLK_SETTABLE) && verify_clock_was_set(ctx, false))) {
		int64_t a = gap[early - 1], c = gap[early + 1];

		verify_fail(ctx,
			    "on CPU %d: %s %s after %s %s: %" PRId64
			    " ns early between steps of %" PRId64 " and %" PRId64
			    " ns (reading %u of %u, %s clock, step median %" PRId64 " ns)",
			    b->cpu, who, ts64_format(r[early], x, sizeof(x)), who,
			    ts64_format(r[early - 1], y, sizeof(y)), (a < c ? a : c) - gap[early],
			    a, c, early + 1, BURST_READINGS, b->kind, median);
	}
}

/* The median of the steps counted (a step of STEP_BUCKETS ns or more counts as that). */
static int64_t step_median(const struct burst_state *b)
{
	uint64_t seen = 0;

	for (unsigned d = 0; d <= STEP_BUCKETS; d++) {
		seen += b->steps[d];
		if (seen * 2 >= b->nsteps)
			return d;
	}
	return STEP_BUCKETS;
}

/*
 * The error of one reading larger than which the phase sees it, at the
 * median step S of @b: a reading behind by more than S is behind the one
 * before it; with the short-gap rule (a counter finer than 2 ns: the
 * steps at the median take three consecutive values) one early by E,
 * between steps of S, makes a step of at most S - E + 1 between steps of
 * at least S - 1 and is flagged once 2 (S - E + 1) + 2 < S - 1: E larger
 * than (S + 5) / 2.
 */
static int64_t step_error(const struct burst_state *b, int64_t median)
{
	if (!short_gap_applies(b->kind) || median < 1 || median + 1 >= STEP_BUCKETS ||
	    !b->steps[median - 1] || !b->steps[median] || !b->steps[median + 1])
		return median;
	return (median + 5) / 2 < median ? (median + 5) / 2 : median;
}

enum status verify_burst(const struct api *api, const struct run *run, uint64_t duration_ns)
{
	static struct burst_state b; /* (a verify runs one phase at a time) */
	struct cpu_mask mask;
	struct verify_ctx ctx;
	struct run phase = *run;
	unsigned ncpus, ran = 0;

	if (!verify_burst_applies(api))
		return STATUS_SKIP;
	if (!cpu_mask_get(&mask)) {
		fprintf(stderr, "vdsotest: %s: back-to-back: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	memset(&b, 0, sizeof(b));
	b.api = api;
	b.run = run;
	b.kind = clock_kind(api);
	b.step_min_ns = INT64_MAX;
	ncpus = cpu_mask_count(&mask);
	phase.duration_ns = duration_ns;
	verify_scope("back-to-back"); /* (verify_end()'s verbose line) */
	verify_begin(&ctx, api, &phase);
	uint64_t start = now_ns(), per_cpu = duration_ns / (ncpus ? ncpus : 1);
	for (unsigned i = 0;
	     i < ncpus && !ctx.stop && !interrupt_signal() && verify_failures() < run->maxfails;
	     i++) {
		b.cpu = cpu_mask_nth(&mask, i);
		if (b.cpu < 0 || cpu_pin((unsigned)b.cpu) != 0)
			continue; /* (gone offline meanwhile: the others still run) */
		ran++;
		/*
		 * One run on each CPU, then more until its share of the time
		 * is over: pinned to a CPU others keep busy, a thread may
		 * wait long for its turn (here, once, most of a second).
		 */
		ctx.rounds = 0;
		ctx.deadline_ns = start + per_cpu * (i + 1);
		if (verify_running(&ctx))
			burst_round(&ctx, &b);
		ctx.rounds = VERIFY_MIN_ROUNDS;
		while (verify_running(&ctx))
			burst_round(&ctx, &b);
	}
	if (sched_setaffinity(0, mask.size, mask.set) != 0)
		fprintf(stderr,
			"vdsotest: %s: back-to-back: cannot restore the affinity mask: %s\n",
			api->name, strerror(errno));
	cpu_mask_free(&mask);
	if (b.nsteps) {
		ctx.sight.step_readings = ctx.sight.readings;
		ctx.sight.step_min_ns = b.step_min_ns;
		ctx.sight.step_median_ns = step_median(&b);
		ctx.sight.step_error_ns = step_error(&b, ctx.sight.step_median_ns);
		ctx.sight.step_cpus = ran;
		ctx.sight.kind = b.kind;
	}
	enum status st = verify_end(&ctx);
	verify_scope(NULL);
	return st;
}
