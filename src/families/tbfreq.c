// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The powerpc-get-tbfreq family.  unsigned long long __kernel_get_tbfreq(void)
 * returns the frequency of the timebase register in Hz: the kernel's
 * tb_ticks_per_sec, read from the vDSO data page
 * (arch/powerpc/kernel/vdso/datapage.S).  The same number is the
 * "timebase" line of /proc/cpuinfo (arch/powerpc/kernel/setup-common.c,
 * show_cpuinfo_summary(): seq_printf(m, "timebase\t: %lu\n", ppc_tb_freq)),
 * and it is the rate at which the timebase register (mftb) counts, which
 * the clocksource of powerpc turns into CLOCK_MONOTONIC_RAW.
 *
 * verify: the value is not 0 and never changes, (in the first round)
 * agrees with the timebase register's
 * advance over TBFREQ_RATE_NS of CLOCK_MONOTONIC_RAW (system call reads
 * around each register read) within TBFREQ_RATE_TOL_PPM, and equals
 * /proc/cpuinfo's timebase.  No system call
 * gives the frequency: bench has the vDSO path alone, abi the stack use,
 * the registers and an error-free return.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

/* The CLOCK_MONOTONIC_RAW time over which the timebase register's rate is taken. */
#define TBFREQ_RATE_NS 50000000
/*
 * How far the vDSO's frequency may lie outside the rate measured (its
 * bounds from the system call reads around each register read): 0.1 %.
 * CLOCK_MONOTONIC_RAW of powerpc is the timebase scaled by the
 * clocksource's mult and shift, which the kernel derives from the same
 * frequency (kernel/time/clocksource.c: an error of well under 1 ppm); the
 * rest leaves room for a clocksource other than the timebase.
 */
#define TBFREQ_RATE_TOL_PPM 1000
/* Reads of (system call, register, system call) of which the narrowest is used. */
#define TBFREQ_BRACKET_TRIES 8

#define CHECK_RETURNS "returns without error"
#define CHECK_NONZERO "not zero"
#define CHECK_CONSTANT "the same in every call"
#define CHECK_CPUINFO "equals /proc/cpuinfo's timebase"
#define CHECK_RATE "the timebase register's rate against CLOCK_MONOTONIC_RAW"

/* The timebase register, or the test seam's stand-in; false where neither is. */
static bool read_timebase(const struct run *run, uint64_t *tb)
{
	if (run->vdso && run->vdso->test_timebase) {
		*tb = ((uint64_t(*)(void))run->vdso->test_timebase)();
		return true;
	}
#if defined(__powerpc64__)
	uint64_t v;

	__asm__ volatile("mfspr %0, 268" : "=r"(v)); /* TBR 268: the timebase (Power ISA) */
	*tb = v;
	return true;
#elif defined(__powerpc__)
	uint32_t hi, lo, hi2;

	do { /* TBU 269 then TBL 268, again while the upper half changed */
		__asm__ volatile("mfspr %0, 269\n\tmfspr %1, 268\n\tmfspr %2, 269"
				 : "=r"(hi), "=r"(lo), "=r"(hi2));
	} while (hi != hi2);
	*tb = (uint64_t)hi << 32 | lo;
	return true;
#else
	(void)tb;
	return false;
#endif
}

/* CLOCK_MONOTONIC_RAW in ns through the system call (or the test seam's); -1 on failure. */
static int64_t raw_ns(const struct run *run)
{
	vdso_timespec ts;

	if (vdso_reference_syscall(run->vdso, SYS_clock_gettime, CLOCK_MONOTONIC_RAW, (long)&ts) !=
	    0)
		return -1;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The register read @tb between the system call reads @before and @after,
 * the narrowest pair of TBFREQ_BRACKET_TRIES.  Return: false when a
 * system call failed.
 */
static bool bracket(const struct run *run, uint64_t *tb, int64_t *before, int64_t *after)
{
	int64_t best = INT64_MAX;

	for (int i = 0; i < TBFREQ_BRACKET_TRIES; i++) {
		uint64_t t = 0;
		int64_t a = raw_ns(run);
		read_timebase(run, &t);
		int64_t b = raw_ns(run);
		if (a < 0 || b < 0)
			return false;
		if (b - a < best) {
			best = b - a;
			*tb = t, *before = a, *after = b;
		}
	}
	return true;
}

/*
 * The "timebase" line of the cpuinfo text in @f ("timebase\t: 512000000").
 * Return: true with *@hz; false when there is none.
 */
static bool cpuinfo_timebase(FILE *f, uint64_t *hz)
{
	char line[256];

	while (fgets(line, sizeof(line), f)) {
		const char *p = line;
		char *end;
		if (strncmp(p, "timebase", 8) != 0)
			continue;
		for (p += 8; *p == ' ' || *p == '\t'; p++)
			;
		if (*p++ != ':')
			continue;
		errno = 0;
		unsigned long long v = strtoull(p, &end, 10);
		if (end != p && errno == 0 && (*end == '\n' || *end == '\0')) {
			*hz = v;
			return true;
		}
	}
	return false;
}

struct tbfreq_state {
	bool have_cpuinfo; /* cpuinfo_hz read */
	uint64_t cpuinfo_hz;
	char no_cpuinfo[96]; /* why not */
	uint64_t first;	     /* the first round's answer; 0: none yet */
	bool rate_done;
};

static enum status tbfreq_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct tbfreq_state *s = state;
	FILE *f;

	if (!api_vdso_fn(api, run)) {
		report_note("%s: no vDSO function, and no system call or libc call gives the timebase frequency: nothing to verify",
			    api->name);
		return STATUS_SKIP;
	}
	if (run->vdso->test_cpuinfo) {
		const char *text = ((const char *(*)(void))run->vdso->test_cpuinfo)();
		f = text ? fmemopen((void *)text, strlen(text), "r") : NULL;
	} else {
		f = fopen("/proc/cpuinfo", "re");
	}
	if (!f) {
		snprintf(s->no_cpuinfo, sizeof(s->no_cpuinfo), "/proc/cpuinfo not readable: %s",
			 strerror(errno));
		return STATUS_PASS;
	}
	s->have_cpuinfo = cpuinfo_timebase(f, &s->cpuinfo_hz);
	fclose(f);
	if (!s->have_cpuinfo)
		snprintf(s->no_cpuinfo, sizeof(s->no_cpuinfo),
			 "/proc/cpuinfo has no timebase line");
	return STATUS_PASS;
}

/* The first round's check of the rate (TBFREQ_RATE_NS long). */
static void check_rate(struct verify_ctx *ctx, uint64_t hz)
{
	const struct run *run = ctx->run;
	uint64_t tb0, tb1;
	int64_t a0, b0, a1, b1;
	struct timespec nap = { 0, TBFREQ_RATE_NS };

	if (!read_timebase(run, &tb0)) {
		verify_skip(NULL, CHECK_RATE, "no timebase register on this machine");
		return;
	}
	if (!bracket(run, &tb0, &a0, &b0) ||
	    (clock_nanosleep(CLOCK_MONOTONIC, 0, &nap, NULL), !bracket(run, &tb1, &a1, &b1))) {
		verify_skip(NULL, CHECK_RATE, "the CLOCK_MONOTONIC_RAW system call failed");
		return;
	}
	/* the register reads lie between a1 - b0 and b1 - a0 ns apart */
	double ticks = (double)(tb1 - tb0), short_ns = (double)(a1 - b0),
	       long_ns = (double)(b1 - a0);
	double hi = short_ns > 0 ? ticks * 1e9 / short_ns : 1e300, lo = ticks * 1e9 / long_ns;
	double tol = TBFREQ_RATE_TOL_PPM / 1e6;
	if (!verify_ok(ctx, CHECK_RATE,
		       (double)hz >= lo * (1 - tol) && (double)hz <= hi * (1 + tol)))
		verify_fail(ctx,
			    "vDSO timebase frequency %" PRIu64
			    " Hz, but the timebase register advanced %" PRIu64
			    " ticks in %.3f .. %.3f ms of CLOCK_MONOTONIC_RAW: %.0f .. %.0f Hz (%.2f%% off; %g%% allowed)",
			    hz, tb1 - tb0, short_ns / 1e6, long_ns / 1e6, lo, hi,
			    100.0 * ((double)hz > hi ? (double)hz / hi - 1 : 1 - (double)hz / lo),
			    100.0 * tol);
	else
		report_note_once(
			"tbfreq-rate",
			"%s: the timebase register's rate agreed with the vDSO's frequency: a pass means no error above %.3f%% (%g%% allowed, %.3f%% for the reads' uncertainty over %.0f ms)",
			ctx->api->name, 100.0 * (tol + (long_ns - short_ns) / short_ns),
			100.0 * tol, 100.0 * (long_ns - short_ns) / short_ns, TBFREQ_RATE_NS / 1e6);
}

static void tbfreq_round(struct verify_ctx *ctx, void *state)
{
	struct tbfreq_state *s = state;
	void *fn = api_vdso_fn(ctx->api, ctx->run);

	errno = 0;
	uint64_t hz = vdso_get_tbfreq(fn);
	if (!verify_ok(ctx, CHECK_RETURNS, !(hz == UINT64_MAX && errno))) {
		verify_fail(ctx, "vDSO get_tbfreq() returned with CR0.SO set (an error: %s)",
			    strerror(errno));
		return;
	}
	if (!verify_ok(ctx, CHECK_NONZERO, hz != 0)) {
		verify_fail(ctx, "vDSO get_tbfreq() returned 0 Hz");
		return;
	}
	if (!s->first)
		s->first = hz;
	if (!verify_ok(ctx, CHECK_CONSTANT, hz == s->first))
		verify_fail(ctx, "vDSO get_tbfreq() returned %" PRIu64 " Hz, first %" PRIu64 " Hz",
			    hz, s->first);
	if (!s->rate_done) {
		s->rate_done = true;
		check_rate(ctx, hz);
		if (!s->have_cpuinfo) {
			verify_skip(NULL, CHECK_CPUINFO, "no timebase in /proc/cpuinfo");
			report_note_once("tbfreq-cpuinfo", "%s: check \"%s\" not made: %s",
					 ctx->api->name, CHECK_CPUINFO, s->no_cpuinfo);
		}
	}
	if (s->have_cpuinfo) {
		if (!verify_ok(ctx, CHECK_CPUINFO, hz == s->cpuinfo_hz))
			verify_fail(ctx,
				    "vDSO get_tbfreq() returned %" PRIu64
				    " Hz, /proc/cpuinfo says timebase %" PRIu64 " Hz",
				    hz, s->cpuinfo_hz);
	}
}

/* ---- bench ---- */

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p;

		   BENCH_REPEAT(n, vdso_get_tbfreq(fn));)

static int tbfreq_probe(enum bench_path p, const void *arg)
{
	(void)p; /* the vDSO path alone */
	errno = 0;
	uint64_t hz = vdso_get_tbfreq(*(void *const *)arg);
	return hz == UINT64_MAX && errno ? errno : hz ? 0 : EINVAL;
}

static uint64_t empty_tbfreq(void)
{
	return 0;
}

static enum status tbfreq_bench_paths(const struct api *api, const struct run *run,
				      struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_tbfreq, NULL, NULL,
			  vdso_batch, tbfreq_probe);
	return STATUS_PASS;
}

/* ---- abi ---- */

/*
 * No arguments and no error return: both paths give 0, the vDSO's -1
 * when CR0.SO came back set.  (The reference, c->vdso_fn NULL, is that
 * documented behaviour: no system call exists.)
 */
static long tbfreq_abi_call(const struct abi_call *c)
{
	if (!c->vdso_fn)
		return 0;
	errno = 0;
	uint64_t hz = vdso_get_tbfreq(c->vdso_fn);
	return hz == UINT64_MAX && errno ? -1 : 0;
}

static void tbfreq_abi_cases(struct abi_ctx *ctx)
{
	struct abi_call c = { .ptr = { PTR_NULL } };

	abi_expect_result(ctx, c, 0, 0, "get_tbfreq()");
}

static void tbfreq_call_once(const struct api *api, void *fn)
{
	(void)api;
	vdso_get_tbfreq(fn);
}

const struct family tbfreq_family = {
	.call = VDSO_GET_TBFREQ,
	.name = "tbfreq",
	.summary = "powerpc's __kernel_get_tbfreq(): the timebase frequency in Hz",
	.call_once = tbfreq_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = tbfreq_bench_paths,
	.verify_state_size = sizeof(struct tbfreq_state),
	.verify_setup = tbfreq_verify_setup,
	.verify_round = tbfreq_round,
	.abi_call = tbfreq_abi_call,
	.abi_cases = tbfreq_abi_cases,
};
