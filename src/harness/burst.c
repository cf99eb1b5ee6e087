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

/* One run of readings: each not behind the one before. */
static void burst_round(struct verify_ctx *ctx, struct burst_state *b)
{
	const struct api *api = b->api;
	const char *who = api_vdso_fn(api, b->run) ? "vDSO" : "libc";
	struct ts64 r[BURST_READINGS];
	char x[TS64_STRLEN], y[TS64_STRLEN];
	unsigned back = 0;

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
	for (unsigned i = 1; i < BURST_READINGS; i++) {
		int64_t d = ts64_sub_ns(r[i], r[i - 1]);
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
		struct known_symptom sym = { .call = vdso_call_name(api->family->call),
					     .clock_id = api->clock_id,
					     .clock_flags = api->flags,
					     .value_known = true,
					     .value = ts64_sub_ns(r[back - 1], r[back]) };
		verify_fail_known(ctx, &sym,
				  "on CPU %d: %s %s after %s %s: %" PRId64
				  " ns backwards (reading %u of %u, %s clock)",
				  b->cpu, who, ts64_format(r[back], x, sizeof(x)), who,
				  ts64_format(r[back - 1], y, sizeof(y)), sym.value, back + 1,
				  BURST_READINGS, b->kind);
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
		ctx.sight.step_cpus = ran;
		ctx.sight.kind = b.kind;
	}
	enum status st = verify_end(&ctx);
	verify_scope(NULL);
	return st;
}
