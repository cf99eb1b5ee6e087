// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The time64 variants of clock_gettime and clock_getres on 32-bit targets:
 * the vDSO's clock_gettime64 / clock_getres_time64 against the
 * clock_gettime64 / clock_getres_time64 system calls (Linux 5.1, y2038
 * series), which write a struct __kernel_timespec with a 64-bit tv_sec
 * (include/uapi/linux/time_types.h).  Not every 32-bit vDSO exports both:
 * i386 on Linux 6.18 has __vdso_clock_gettime64 but no
 * __vdso_clock_getres_time64 (arch/x86/entry/vdso/vdso32/vdso32.lds.S).
 *
 * Compiled on every target; the API rows exist only where the system calls
 * do (SYS_clock_gettime64, api.c).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/abi.h"
#include "vdso/arch.h"
#include "harness/bench.h"
#include "output/report.h"
#include "harness/verify.h"

#ifdef SYS_clock_gettime64

struct clock64_arg {
	void *fn;		/* vDSO function, or NULL */
	clockid_t id;
	bool getres;
};

static long sys_gettime64(clockid_t id, vdso_timespec64 *ts)
{
	return syscall(SYS_clock_gettime64, id, ts);
}

static long sys_getres64(clockid_t id, vdso_timespec64 *ts)
{
	return syscall(SYS_clock_getres_time64, id, ts);
}

static long sys_call(const struct clock64_arg *a, vdso_timespec64 *ts)
{
	return a->getres ? sys_getres64(a->id, ts) : sys_gettime64(a->id, ts);
}

static int vdso_call(const struct clock64_arg *a, vdso_timespec64 *ts)
{
	return a->getres ? vdso_clock_getres_time64(a->fn, a->id, ts)
			 : vdso_clock_gettime64(a->fn, a->id, ts);
}

/* The libc path: only where libc's time_t has 64 bits (_TIME_BITS=64). */
static int libc_call(const struct clock64_arg *a, vdso_timespec64 *out)
{
	struct timespec ts;
	int r = a->getres ? clock_getres(a->id, &ts) : clock_gettime(a->id, &ts);

	out->tv_sec = ts.tv_sec;
	out->tv_nsec = ts.tv_nsec;
	return r;
}

static bool libc_is_time64(void)
{
	return sizeof(time_t) == 8;
}

/* EINVAL from the system call for this API's clock id: unsupported. */
static bool unsupported(const struct clock64_arg *a)
{
	vdso_timespec64 ts;

	return sys_call(a, &ts) == -1 && errno == EINVAL;
}

/*
 * The vDSO exports one of the 32-bit and the time64 call but not the other:
 * say so (a C library on this target picks whichever it finds).
 */
static void note_mismatch(const struct api *api, const struct run *run, enum vdso_call old)
{
	bool has64 = api_vdso_fn(api, run) != NULL;
	bool has32 = run->vdso && run->vdso->fn[old];

	if (has64 != has32)
		report_note("%s: the vDSO exports %s but not %s", api->name,
			    vdso_call_name(has64 ? api->family->call : old),
			    vdso_call_name(has64 ? old : api->family->call));
}

static enum vdso_call old_call(const struct api *api)
{
	return api->family->call == VDSO_CLOCK_GETTIME64 ? VDSO_CLOCK_GETTIME : VDSO_CLOCK_GETRES;
}

static struct clock64_arg arg_of(const struct api *api, const struct run *run)
{
	return (struct clock64_arg){ api_vdso_fn(api, run), api->clock_id,
				     api->family->call == VDSO_CLOCK_GETRES_TIME64 };
}

/* ---- bench ---- */

static void sys_batch(const void *p, unsigned long n)
{
	const struct clock64_arg *a = p;
	vdso_timespec64 ts;

	while (n--)
		sys_call(a, &ts);
}

static void libc_batch(const void *p, unsigned long n)
{
	const struct clock64_arg *a = p;
	vdso_timespec64 ts;

	while (n--)
		libc_call(a, &ts);
}

static void vdso_batch(const void *p, unsigned long n)
{
	const struct clock64_arg *a = p;
	vdso_timespec64 ts;

	if (a->getres)
		while (n--)
			vdso_clock_getres_time64(a->fn, a->id, &ts);
	else
		while (n--)
			vdso_clock_gettime64(a->fn, a->id, &ts);
}

static int clock64_probe(enum bench_path p, const void *arg)
{
	const struct clock64_arg *a = arg;
	vdso_timespec64 ts;
	long r;

	if (p == PATH_SYSCALL)
		r = sys_call(a, &ts);
	else if (p == PATH_LIBC)
		r = libc_call(a, &ts);
	else
		r = vdso_call(a, &ts);
	return r == 0 ? 0 : errno;
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static int empty_clock64_fn(clockid_t id, vdso_timespec64 *ts)
{
	(void)id, (void)ts;
	return 0;
}

static enum status clock64_bench(const struct api *api, const struct run *run)
{
	struct clock64_arg arg = arg_of(api, run);
	struct clock64_arg empty = arg;
	struct bench_paths paths = { { sys_batch, libc_is_time64() ? libc_batch : NULL,
				       arg.fn ? vdso_batch : NULL }, clock64_probe, &arg,
				     vdso_batch, &empty, 0, NULL };

	empty.fn = (void *)empty_clock64_fn;

	if (unsupported(&arg))
		return report_unsupported(api);
	note_mismatch(api, run, old_call(api));
	return bench_run(api, run, &paths);
}

/* ---- verify ---- */

static const char *who(const struct clock64_arg *a)
{
	return a->fn ? "vDSO" : "libc";
}

static int subject(const struct clock64_arg *a, vdso_timespec64 *ts)
{
	return a->fn ? vdso_call(a, ts) : libc_call(a, ts);
}

static bool sys_read(struct verify_ctx *ctx, const struct clock64_arg *a, struct ts64 *out)
{
	vdso_timespec64 ts;

	if (sys_call(a, &ts) != 0) {
		verify_fail(ctx, "%s(%s) system call failed: %s",
			    vdso_call_name(ctx->api->family->call), ctx->api->clock_name,
			    strerror(errno));
		return false;
	}
	*out = ts64_from_time64(&ts);
	return true;
}

/*
 * One round: the subject's reading is normalized and, for clock_gettime64,
 * between two system call readings (unless CLOCK_REALTIME was set
 * meanwhile); for clock_getres_time64, equal to the system call's.
 */
static void clock64_round(struct verify_ctx *ctx, const struct clock64_arg *a)
{
	const struct api *api = ctx->api;
	const char *name = vdso_call_name(api->family->call);
	char b1[TS64_STRLEN], b2[TS64_STRLEN];
	vdso_timespec64 vts = { -1, -1 };
	struct ts64 s1, s2, v;

	if (!sys_read(ctx, a, &s1))
		return;
	int r = subject(a, &vts);
	int err = errno;
	if (!sys_read(ctx, a, &s2))
		return;
	v = ts64_from_time64(&vts);
	if (!verify_ok(ctx, r == 0)) {
		verify_fail(ctx, "%s %s(%s) returned %d (%s); the system call returned 0",
			    who(a), name, api->clock_name, r, strerror(err));
		return;
	}
	if (!verify_ok(ctx, ts64_normalized(v))) {
		verify_fail(ctx, "%s returned a __kernel_timespec that is not normalized: [%s]",
			    who(a), ts64_format(v, b1, sizeof(b1)));
		return;
	}
	if (a->getres) {
		if (!verify_ok(ctx, ts64_cmp(v, s1) == 0))
			verify_fail(ctx, "%s resolution [%s] != syscall [%s] (%" PRId64 " ns apart)",
				    who(a), ts64_format(v, b1, sizeof(b1)),
				    ts64_format(s1, b2, sizeof(b2)),
				    ts64_cmp(v, s1) < 0 ? ts64_sub_ns(s1, v) : ts64_sub_ns(v, s1));
		return;
	}
	if (verify_ok(ctx, (ts64_cmp(s1, v) <= 0 && ts64_cmp(v, s2) <= 0) ||
			   ((api->flags & CLK_SETTABLE) && verify_clock_was_set(ctx))))
		return;
	if (ts64_cmp(v, s1) < 0)
		verify_fail(ctx, "%s %s after syscall %s: %" PRId64 " ns backwards", who(a),
			    ts64_format(v, b1, sizeof(b1)), ts64_format(s1, b2, sizeof(b2)),
			    ts64_sub_ns(s1, v));
	else
		verify_fail(ctx, "%s %s before syscall %s: %" PRId64 " ns ahead", who(a),
			    ts64_format(v, b1, sizeof(b1)), ts64_format(s2, b2, sizeof(b2)),
			    ts64_sub_ns(v, s2));
}

static enum status clock64_verify(const struct api *api, const struct run *run)
{
	struct clock64_arg arg = arg_of(api, run);
	struct verify_ctx ctx;

	if (unsupported(&arg))
		return report_unsupported(api);
	note_mismatch(api, run, old_call(api));
	if (!arg.fn && !libc_is_time64()) {
		report_note("%s: vDSO version of %s not found, and libc's time_t has 32 bits; nothing to verify",
			    api->name, vdso_call_name(api->family->call));
		return STATUS_SKIP;
	}
	verify_begin(&ctx, api, run);	/* (its note: "not found; verifying libc's") */
	while (verify_running(&ctx))
		clock64_round(&ctx, &arg);
	return verify_end(&ctx);
}

/* ---- abi ---- */

static long gettime64_abi_call(const struct abi_call *c)
{
	vdso_timespec64 *ts = abi_ptr(c->ptr[0], sizeof(*ts));

	return c->vdso_fn ? vdso_clock_gettime64(c->vdso_fn, (clockid_t)c->clock_id, ts)
			  : sys_gettime64((clockid_t)c->clock_id, ts);
}

static long getres64_abi_call(const struct abi_call *c)
{
	vdso_timespec64 *ts = abi_ptr(c->ptr[0], sizeof(*ts));

	return c->vdso_fn ? vdso_clock_getres_time64(c->vdso_fn, (clockid_t)c->clock_id, ts)
			  : sys_getres64((clockid_t)c->clock_id, ts);
}

/* The cases of clock_gettime and clock_getres, with a __kernel_timespec. */
static enum status clock64_abi(const struct api *api, const struct run *run)
{
	struct clock64_arg arg = arg_of(api, run);
	const char *fn = vdso_call_name(api->family->call);
	struct abi_ctx ctx;
	char what[128];
	enum status st;

	if (unsupported(&arg))
		return report_unsupported(api);
	note_mismatch(api, run, old_call(api));
	if ((st = abi_begin_checked(&ctx, api, run, arg.getres ? getres64_abi_call
								 : gettime64_abi_call)) != STATUS_PASS)
		return st;
	struct abi_call c = { .clock_id = api->clock_id, .size = { sizeof(vdso_timespec64) } };
	snprintf(what, sizeof(what), "%s(%s, &buf)", fn, api->clock_name);
	abi_expect_result(&ctx, c, 0, 0, what);
	for (int p = PTR_NULL; p < NR_ABI_PTRS; p++) {
		c.ptr[0] = p;
		snprintf(what, sizeof(what), "%s(%s, %s)", fn, api->clock_name, abi_ptr_name(p));
		if (p == PTR_NULL && arg.getres)
			abi_expect_result(&ctx, c, 0, 0, what);
		else
			abi_expect_fault(&ctx, c, what);
	}
	for (size_t i = 0; i < abi_invalid_clock_id_count; i++) {
		c.clock_id = abi_invalid_clock_ids[i];
		for (int p = PTR_GOOD; p <= PTR_NULL; p++) {
			c.ptr[0] = p;
			snprintf(what, sizeof(what), "%s(%ld, %s)", fn, c.clock_id, abi_ptr_name(p));
			abi_expect_result(&ctx, c, -1, EINVAL, what);
		}
	}
	return abi_end(&ctx);
}

const struct family clock_gettime64_family = {
	VDSO_CLOCK_GETTIME64, clock64_bench, clock64_verify, clock64_abi,
};

const struct family clock_getres_time64_family = {
	VDSO_CLOCK_GETRES_TIME64, clock64_bench, clock64_verify, clock64_abi,
};

#endif
