// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The gettimeofday family.  gettimeofday(2): tv is CLOCK_REALTIME truncated
 * to microseconds (0 <= tv_usec < 1000000); tz is the kernel's sys_tz as
 * set by settimeofday(2); either pointer may be NULL.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

static long sys_gettimeofday(vdso_timeval *tv, struct timezone *tz)
{
	return syscall(SYS_gettimeofday, tv, tz);
}

/* The path under test (vDSO, or libc without one); @out must not be NULL. */
static int subject_call(void *fn, vdso_timeval *out, struct timezone *tz)
{
	struct timeval tv;
	int r;

	if (fn)
		return vdso_gettimeofday(fn, out, tz);
	r = gettimeofday(&tv, (void *)tz);
	out->tv_sec = tv.tv_sec;
	out->tv_usec = tv.tv_usec;
	return r;
}

/* ---- bench ---- */

static void sys_batch(const void *p, unsigned long n)
{
	vdso_timeval tv;

	(void)p;
	BENCH_REPEAT(n, sys_gettimeofday(&tv, NULL));
}

static void libc_batch(const void *p, unsigned long n)
{
	struct timeval tv;

	(void)p;
	BENCH_REPEAT(n, gettimeofday(&tv, NULL));
}

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p; vdso_timeval tv;

		   BENCH_REPEAT(n, vdso_gettimeofday(fn, &tv, NULL));)

/* One call through path @p: 0, or its errno.  libc is subject_call() without fn. */
static int gtod_probe(enum bench_path p, const void *arg)
{
	vdso_timeval tv;
	long r;

	if (p == PATH_SYSCALL)
		r = sys_gettimeofday(&tv, NULL);
	else
		r = subject_call(p == PATH_LIBC ? NULL : *(void *const *)arg, &tv, NULL);
	return r == 0 ? 0 : errno;
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static int empty_gettimeofday(vdso_timeval *tv, struct timezone *tz)
{
	(void)tv;
	(void)tz;
	return 0;
}

static enum status gtod_bench_paths(const struct api *api, const struct run *run,
				    struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_gettimeofday,
			  sys_batch, libc_batch, vdso_batch, gtod_probe);
	return STATUS_PASS;
}

/* ---- verify ---- */

static int64_t ts_usec(const vdso_timespec *ts)
{
	return (int64_t)ts->tv_sec * USEC_PER_SEC + ts->tv_nsec / NSEC_PER_USEC;
}

/* Is @ts, a system call's CLOCK_REALTIME reading, from 2038-01-19T03:14:08Z on (a 32-bit one wraps negative)? */
static bool y2038_passed(const vdso_timespec *ts)
{
	int64_t sec = ts->tv_sec; /* (a variable: with a 32-bit tv_sec, -Wtype-limits) */

	return sec < 0 || sec > INT32_MAX;
}

/* A time in microseconds whose 32-bit seconds had wrapped, taken back (ts64_unwrap32()). */
static int64_t unwrap_usec(int64_t usec)
{
	int64_t sec = usec / USEC_PER_SEC, rem = usec % USEC_PER_SEC;

	if (rem < 0)
		sec--, rem += USEC_PER_SEC;
	return ts64_unwrap32((struct ts64){ sec, rem * 1000 }).sec * USEC_PER_SEC + rem;
}

/*
 * Did libc's gettimeofday() (@fn NULL) return @r -1 with @err EOVERFLOW
 * while a system call reading on either side of it, @before or @after, was
 * past 2038?  Then a note, once, and true: the round's checks are left out.
 */
static bool libc_y2038(struct verify_ctx *ctx, void *fn, int r, int err,
		       const vdso_timespec *before, const vdso_timespec *after)
{
	static atomic_flag noted = ATOMIC_FLAG_INIT; /* (verify's threads: one note) */

	if (fn || r != -1 || err != EOVERFLOW || !(y2038_passed(before) || y2038_passed(after)))
		return false;
	if (!atomic_flag_test_and_set(&noted))
		report_note("%s: past 2038-01-19T03:14:07Z libc's 32-bit gettimeofday() returns -1 (%s); the system call's 32-bit readings wrap to %" PRId64
			    " s",
			    ctx->api->name, strerror(err),
			    (int64_t)(y2038_passed(after) ? after->tv_sec : before->tv_sec));
	return true;
}

/*
 * verify's reference system call @nr (SYS_clock_gettime of CLOCK_REALTIME
 * into @ts, or SYS_gettimeofday into @tv and @tz), through
 * vdso_reference_syscall(); its reading normalized
 * (verify_sys_normalized()).  Return: false after a failure.
 */
static bool sys_reading(struct verify_ctx *ctx, vdso_timespec *ts, vdso_timeval *tv,
			struct timezone *tz)
{
	const struct vdso_binding *ref = ctx->run->vdso;

	long r = ts ? vdso_reference_syscall(ref, SYS_clock_gettime, CLOCK_REALTIME, (long)ts)
		    : vdso_reference_syscall(ref, SYS_gettimeofday, (long)tv, (long)tz);
	if (!verify_ok(ctx, "system call returns 0", r == 0)) {
		verify_fail(ctx, "clock_gettime or gettimeofday system call failed: %s",
			    strerror(errno));
		return false;
	}
	/* (a 32-bit tv_sec wraps past 2038) */
	return ts ? verify_sys_normalized(ctx, "CLOCK_REALTIME", ts->tv_sec, ts->tv_nsec, false,
					  sizeof(ts->tv_sec) < 8)
		  : verify_sys_normalized(ctx, "gettimeofday", tv->tv_sec, tv->tv_usec, true,
					  sizeof(tv->tv_sec) < 8);
}

/*
 * One round: CLOCK_REALTIME syscall r1, subject (tv, tz), r2, syscall
 * (tv, tz); then the subject (tv, NULL), r3.
 */
static void gtod_round_once(struct verify_ctx *ctx, void *state)
{
	(void)state;
	void *fn = api_vdso_fn(ctx->api, ctx->run);
	const char *who = fn ? "vDSO" : "libc";
	struct timezone tz = { -1, -1 }, stz;
	vdso_timespec r1, r2;
	vdso_timeval tv = { 0, 0 }, tv2, stv;

	if (!sys_reading(ctx, &r1, NULL, NULL))
		return;
	int r = subject_call(fn, &tv, &tz);
	int err = errno;
	if (!sys_reading(ctx, &r2, NULL, NULL) || !sys_reading(ctx, NULL, &stv, &stz))
		return;

	/*
	 * A C library's 32-bit gettimeofday() fails with EOVERFLOW from
	 * 2038-01-19T03:14:08Z on (gettimeofday(2)), where the 32-bit system
	 * calls wrap (put_old_timespec32(), kernel/time/time.c): for libc,
	 * past that moment (by a reading on either side: the clock may be put
	 * back in between), a note and the round's checks left out; before
	 * it, or for the vDSO, a failure.
	 */
	if (libc_y2038(ctx, fn, r, err, &r1, &r2))
		return;
	if (!verify_ok(ctx, "returns 0", r == 0)) {
		verify_fail(ctx, "%s gettimeofday(&tv, &tz) returned %d (%s); expected 0", who, r,
			    strerror(err));
		return;
	}
	if (!verify_ok(ctx, "timeval normalized", tv.tv_usec >= 0 && tv.tv_usec < USEC_PER_SEC)) {
		verify_fail(ctx,
			    "%s returned a timeval that is not normalized: [%" PRId64 ".%" PRId64
			    " (tv_usec out of range)]",
			    who, (int64_t)tv.tv_sec, (int64_t)tv.tv_usec);
		return;
	}
	int64_t v = (int64_t)tv.tv_sec * USEC_PER_SEC + tv.tv_usec;
	int64_t lo = ts_usec(&r1), hi = ts_usec(&r2);
	/* 32-bit seconds past 2038 wrap in both paths: taken back (ts64_unwrap32()) */
	if (sizeof(tv.tv_sec) < 8 && (tv.tv_sec < 0 || r1.tv_sec < 0 || r2.tv_sec < 0)) {
		static atomic_flag noted = ATOMIC_FLAG_INIT; /* (verify's threads: one note) */
		if (!atomic_flag_test_and_set(&noted))
			report_note("%s: past 2038-01-19T03:14:07Z the 32-bit gettimeofday() of %s%s returns %" PRId64
				    " s, the system call's 32-bit readings %" PRId64 " s",
				    ctx->api->name, fn ? "the " : "", who, (int64_t)tv.tv_sec,
				    (int64_t)(r1.tv_sec < 0 ? r1.tv_sec : r2.tv_sec));
		v = unwrap_usec(v);
		lo = unwrap_usec(lo);
		hi = unwrap_usec(hi);
	}
	/* (the gaps in whole us: an error of the value of 1 us more is seen) */
	ctx->sight.readings++;
	ctx->sight.res_ns = ctx->sight.unit_ns = 1000;
	if (lo <= v && v <= hi)
		verify_seen(ctx, (v - lo) * 1000, (hi - v) * 1000);
	if (!verify_ok(ctx, "within the system call's readings", lo <= v && v <= hi) &&
	    !verify_clock_was_set(ctx, false)) {
		verify_fail(ctx,
			    "%s [%" PRId64 ".%06" PRId64
			    "] outside syscall CLOCK_REALTIME [%" PRId64 ".%06" PRId64 ", %" PRId64
			    ".%06" PRId64 "] (%" PRId64 " us %s)",
			    who, v / USEC_PER_SEC, v % USEC_PER_SEC, lo / USEC_PER_SEC,
			    lo % USEC_PER_SEC, hi / USEC_PER_SEC, hi % USEC_PER_SEC,
			    v < lo ? lo - v : v - hi, v < lo ? "backwards" : "ahead");
		return;
	}
	/* libc need not ask the kernel for tz (glibc zeroes it, musl leaves it). */
	if (fn && !verify_ok(ctx, "timezone equals the system call's",
			     tz.tz_minuteswest == stz.tz_minuteswest &&
				     tz.tz_dsttime == stz.tz_dsttime)) {
		verify_fail(ctx,
			    "%s timezone {%d, %d} != syscall timezone {%d, %d} (tz_minuteswest, tz_dsttime)",
			    who, tz.tz_minuteswest, tz.tz_dsttime, stz.tz_minuteswest,
			    stz.tz_dsttime);
		return;
	}
	r = subject_call(fn, &tv2, NULL);
	err = errno;
	vdso_timespec r3;
	if (!sys_reading(ctx, &r3, NULL, NULL) || libc_y2038(ctx, fn, r, err, &r2, &r3))
		return;
	if (!verify_ok(ctx, "NULL timezone pointer returns 0", r == 0))
		verify_fail(ctx, "%s gettimeofday(&tv, NULL) returned %d (%s); expected 0", who, r,
			    strerror(err));
}

/* A round, taken again when a setting of CLOCK_REALTIME excused it. */
static void gtod_round(struct verify_ctx *ctx, void *state)
{
	gtod_round_once(ctx, state);
	verify_round_again(ctx, gtod_round_once, state);
}

/* ---- abi ---- */

static long gtod_abi_call(const struct abi_call *c)
{
	vdso_timeval *tv = abi_ptr(c->ptr[0], sizeof(*tv));
	struct timezone *tz = abi_ptr(c->ptr[1], sizeof(*tz));

	return c->vdso_fn ? vdso_gettimeofday(c->vdso_fn, tv, tz) : sys_gettimeofday(tv, tz);
}

/*
 * What gettimeofday(tv, tz) gives, by the system call (kernel/time/time.c,
 * SYSCALL_DEFINE2(gettimeofday)): tv is written when not NULL, then tz when
 * not NULL, and a write that faults gives -EFAULT; NULL for either is no
 * error.  So -1/EFAULT when either pointer is bad, else 0.
 */
static struct abi_want gtod_abi_rule(const struct abi_call *c, const void *arg)
{
	(void)arg;
	if (abi_ptr_bad(c->ptr[0]) || abi_ptr_bad(c->ptr[1]))
		return (struct abi_want){ .fault = true };
	return (struct abi_want){ .ret = 0 };
}

static void gtod_abi_describe(const struct abi_call *c, const void *arg, char *buf, size_t len)
{
	(void)arg;
	snprintf(buf, len, "gettimeofday(%s, %s)", abi_ptr_name(c->ptr[0]),
		 abi_ptr_name(c->ptr[1]));
}

/* Every combination of pointer kinds for tv and tz: 6 x 6 cases. */
static void gtod_abi_cases(struct abi_ctx *ctx)
{
	static const unsigned kinds[] = { ABI_PTRS_ALL, ABI_PTRS_ALL };
	struct abi_call c = { .size = { sizeof(vdso_timeval), sizeof(struct timezone) } };

	abi_combinations(ctx, c, 2, kinds, gtod_abi_rule, gtod_abi_describe, NULL);
}

/* ---- the probes ---- */

static void gtod_call_once(const struct api *api, void *fn)
{
	vdso_timeval tv;
	struct timezone tz;

	(void)api;
	vdso_gettimeofday(fn, &tv, &tz);
}

const struct family gettimeofday_family = {
	.call = VDSO_GETTIMEOFDAY,
	.name = "gettimeofday",
	.summary = "gettimeofday(2): CLOCK_REALTIME in microseconds, and the time zone",
	.flags = FAMILY_TIMENS, /* verify-b: the checks again in a time namespace */
	.call_once = gtod_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = gtod_bench_paths,
	.verify_round = gtod_round,
	.abi_call = gtod_abi_call,
	.abi_cases = gtod_abi_cases,
};
