// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The time family.  time(2): seconds of CLOCK_REALTIME, also stored through
 * the pointer when it is not NULL.  The kernel's time() reads the same
 * second counter as CLOCK_REALTIME_COARSE (kernel/time/time.c,
 * lib/vdso/gettimeofday.c), so a reading lies between a coarse and a later
 * fine CLOCK_REALTIME reading, in whole seconds.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

static vdso_time_t sys_time(vdso_time_t *t)
{
#ifdef SYS_time
	return syscall(SYS_time, t);
#else
	/* No time system call here (e.g. arm64, riscv); no vDSO time() either. */
	vdso_timespec ts;

	syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
#endif
}

/* The path under test: the vDSO function, or libc's when @fn is NULL. */
static vdso_time_t subject_time(void *fn, vdso_time_t *t)
{
	time_t lt = (time_t)-1; /* (a C library that fails, EOVERFLOW past 2038, stores nothing) */
	vdso_time_t r;

	if (fn)
		return vdso_time(fn, t);
	r = (vdso_time_t)time(t ? &lt : NULL);
	if (t)
		*t = (vdso_time_t)lt;
	return r;
}

/* ---- bench ---- */

static void sys_batch(const void *p, unsigned long n)
{
	(void)p;
	BENCH_REPEAT(n, sys_time(NULL));
}

static void libc_batch(const void *p, unsigned long n)
{
	(void)p;
	BENCH_REPEAT(n, time(NULL));
}

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p;

		   BENCH_REPEAT(n, vdso_bench_time(fn));)

/*
 * One call through path @p.  Only the system call can fail: time() in libc
 * and in the vDSO has no error return (time(2)).
 */
static int time_probe(enum bench_path p, const void *arg)
{
	if (p == PATH_SYSCALL)
		return sys_time(NULL) == -1 ? errno : 0;
	subject_time(p == PATH_LIBC ? NULL : *(void *const *)arg, NULL);
	return 0;
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static vdso_time_t empty_time(vdso_time_t *t)
{
	(void)t;
	return 0;
}

static enum status time_bench_paths(const struct api *api, const struct run *run,
				    struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_time, sys_batch,
			  libc_batch, vdso_batch, time_probe);
	return STATUS_PASS;
}

/* ---- verify ---- */

/* One round: coarse syscall c1, a = time(NULL), b = time(&t), fine syscall c2. */
static void time_round_once(struct verify_ctx *ctx, void *state)
{
	(void)state;
	void *fn = api_vdso_fn(ctx->api, ctx->run);
	const char *who = fn ? "vDSO" : "libc";
	vdso_timespec c1, c2;
	vdso_time_t t = -1;

	/* the reference readings: vdso_reference_syscall(), the test seam's where a --vdso-lib has it */
	if (!verify_ok(ctx, "system call returns 0",
		       vdso_reference_syscall(ctx->run->vdso, SYS_clock_gettime,
					      CLOCK_REALTIME_COARSE, (long)&c1) == 0)) {
		verify_fail(ctx, "clock_gettime(CLOCK_REALTIME_COARSE) system call failed: %s",
			    strerror(errno));
		return;
	}
	errno = 0;
	int64_t a = subject_time(fn, NULL); /* (libc: errno EOVERFLOW after -1) */
	int err_a = errno;
	int64_t b = subject_time(fn, &t);
	if (!verify_ok(ctx, "system call returns 0",
		       vdso_reference_syscall(ctx->run->vdso, SYS_clock_gettime, CLOCK_REALTIME,
					      (long)&c2) == 0)) {
		verify_fail(ctx, "clock_gettime(CLOCK_REALTIME) system call failed: %s",
			    strerror(errno));
		return;
	}
	/* the kernel's side normalized too (a 32-bit tv_sec wraps negative past 2038) */
	if (!verify_sys_normalized(ctx, "CLOCK_REALTIME_COARSE", c1.tv_sec, c1.tv_nsec, false,
				   sizeof(vdso_time_t) < 8) ||
	    !verify_sys_normalized(ctx, "CLOCK_REALTIME", c2.tv_sec, c2.tv_nsec, false,
				   sizeof(vdso_time_t) < 8))
		return;

	/*
	 * A C library's 32-bit time() fails with EOVERFLOW from
	 * 2038-01-19T03:14:08Z on (time(2)), where the 32-bit system calls
	 * wrap: for libc, what it does is a note; for the vDSO, a
	 * disagreement with the system call, a failure.
	 */
	if (!fn && a == -1 && err_a == EOVERFLOW) {
		static atomic_flag noted = ATOMIC_FLAG_INIT; /* (verify's threads: one note) */
		if (!atomic_flag_test_and_set(&noted))
			report_note("%s: past 2038-01-19T03:14:07Z libc's 32-bit time() returns -1 (%s); the system call's 32-bit readings wrap to %" PRId64
				    " s",
				    ctx->api->name, strerror(err_a), (int64_t)c1.tv_sec);
		return;
	}
	if (!verify_ok(ctx, "return value equals the value stored", b == (int64_t)t)) {
		verify_fail(ctx, "%s time(&t) returned %" PRId64 " but stored %" PRId64, who, b,
			    (int64_t)t);
		return;
	}
	int64_t s1 = c1.tv_sec, s2 = c2.tv_sec;
	/* 32-bit seconds past 2038 wrap in both paths: taken back (ts64_unwrap32()) */
	if (sizeof(vdso_time_t) < 8 && (s1 < 0 || s2 < 0 || a < 0 || b < 0)) {
		static atomic_flag noted = ATOMIC_FLAG_INIT; /* (verify's threads: one note) */
		if (!atomic_flag_test_and_set(&noted))
			report_note("%s: past 2038-01-19T03:14:07Z the 32-bit time() of %s%s returns %" PRId64
				    ", the system call's 32-bit readings %" PRId64 " s",
				    ctx->api->name, fn ? "the " : "", who, a, s1 < 0 ? s1 : s2);
		s1 = ts64_unwrap32((struct ts64){ s1, 0 }).sec;
		s2 = ts64_unwrap32((struct ts64){ s2, 0 }).sec;
		a = ts64_unwrap32((struct ts64){ a, 0 }).sec;
		b = ts64_unwrap32((struct ts64){ b, 0 }).sec;
	}
	/* (the gaps in whole s: an error of the value of 1 s more is seen) */
	ctx->sight.readings += 2;
	ctx->sight.res_ns = ctx->sight.unit_ns = 1000000000;
	if (s1 <= a && a <= b && b <= s2)
		verify_seen(ctx, (a - s1) * 1000000000, (s2 - b) * 1000000000);
	if (!verify_ok(ctx, "within the system call's readings", s1 <= a && a <= b && b <= s2) &&
	    !verify_clock_was_set(ctx, false)) {
		int64_t behind = s1 - (a < b ? a : b);
		int64_t ahead = (a > b ? a : b) - s2;
		verify_fail(ctx,
			    "%s time(NULL) %" PRId64 ", time(&t) %" PRId64
			    ": not within syscall CLOCK_REALTIME_COARSE %" PRId64
			    " .. CLOCK_REALTIME %" PRId64 " read around them (%" PRId64 " s %s)",
			    who, a, b, s1, s2,
			    behind > 0	? behind
			    : ahead > 0 ? ahead
					: b - a,
			    behind > 0	? "behind"
			    : ahead > 0 ? "ahead"
					: "backwards");
	}
}

/* A round, taken again when a setting of CLOCK_REALTIME excused it. */
static void time_round(struct verify_ctx *ctx, void *state)
{
	time_round_once(ctx, state);
	verify_round_again(ctx, time_round_once, state);
}

/* ---- abi ---- */

static long time_abi_call(const struct abi_call *c)
{
	vdso_time_t *t = abi_ptr(c->ptr[0], sizeof(*t));

	return c->vdso_fn ? vdso_time(c->vdso_fn, t) : sys_time(t);
}

static void time_abi_cases(struct abi_ctx *ctx)
{
	struct abi_call c = { .ptr = { PTR_NULL }, .size = { sizeof(vdso_time_t) } };
	char what[64];

	abi_expect_success(ctx, c, "time(NULL)");
	c.ptr[0] = PTR_GOOD;
	abi_expect_success(ctx, c, "time(&buf)");
	for (int p = PTR_MAX; p < NR_ABI_PTRS; p++) {
		c.ptr[0] = p;
		snprintf(what, sizeof(what), "time(%s)", abi_ptr_name(p));
		abi_expect_fault(ctx, c, what);
	}
}

/* ---- the probes ---- */

static void time_call_once(const struct api *api, void *fn)
{
	(void)api;
	vdso_time(fn, NULL);
}

const struct family time_family = {
	.call = VDSO_TIME,
	.name = "time",
	.summary = "time(2): seconds of CLOCK_REALTIME",
	.flags = FAMILY_TIMENS, /* verify-b: the checks again in a time namespace */
	.call_once = time_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = time_bench_paths,
	.verify_round = time_round,
	.abi_call = time_abi_call,
	.abi_cases = time_abi_cases,
};
