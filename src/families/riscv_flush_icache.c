// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The riscv-flush-icache family: __vdso_flush_icache(start, end, flags),
 * riscv's way to make instructions just written visible to instruction
 * fetch (arch/riscv/kernel/vdso/flush_icache.S: the system call
 * riscv_flush_icache, or fence.i on a kernel without CONFIG_SMP).  The
 * system call (arch/riscv/kernel/sys_riscv.c) does not look at the range;
 * flags 0 flushes for every thread of the process,
 * SYS_RISCV_FLUSH_ICACHE_LOCAL (1) for the caller only, other bits are
 * EINVAL.
 *
 * verify is functional: a function returning a number N is written into an
 * executable page, flushed through the vDSO and called: it must return N,
 * then the N written next, on every allowed CPU and across a migration
 * (written and flushed on one CPU, called on another).  A flush that does
 * nothing shows as the old number, on hardware whose instruction fetch does
 * not follow stores (qemu's TCG and x86 do: there a pass says little,
 * and the -v line says so).
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "lib/codepage.h"
#include "lib/cpus.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

/*
 * The system call's number, __NR_arch_specific_syscall + 15
 * (arch/riscv/include/uapi/asm/unistd.h), and its flag
 * SYS_RISCV_FLUSH_ICACHE_LOCAL (arch/riscv/include/asm/cacheflush.h).
 */
#ifdef __NR_riscv_flush_icache
#define NR_FLUSH_ICACHE __NR_riscv_flush_icache
#else
#define NR_FLUSH_ICACHE (244 + 15)
#endif
#define FLUSH_LOCAL 1UL
#if defined(__riscv)
#define FLUSH_NATIVE true
#else
#define FLUSH_NATIVE false
#endif

/* The system call, or the test seam's stand-in for it; -1 with errno. */
static long sys_flush(const struct vdso_binding *b, void *start, void *end, unsigned long flags)
{
	return vdso_reference_syscall5(b, FLUSH_NATIVE, NR_FLUSH_ICACHE, (long)start, (long)end,
				       (long)flags, 0, 0);
}

static bool have_syscall(const struct run *run)
{
	return !run->rejected_errno || (run->vdso && run->vdso->test_syscall5);
}

static bool flush_supported(const struct api *api, char *why, size_t len)
{
	static char byte;

	(void)api;
	if (!FLUSH_NATIVE) {
		if (why)
			snprintf(why, len,
				 "unsupported here: riscv_flush_icache is a system call of riscv");
		errno = ENOSYS;
		return false;
	}
	if (sys_flush(NULL, &byte, &byte + 1, 0) == 0)
		return true;
	if (why)
		snprintf(why, len, "unsupported by this kernel: riscv_flush_icache gives %s",
			 strerror(errno));
	return false;
}

/* ---- bench ---- */

struct flush_bench {
	struct bench_fn_args fn; /* first: the vDSO batch reads fn.fn at the argument */
	const struct vdso_binding *vdso;
};

static unsigned char bench_bytes[64];

static void sys_batch(const void *p, unsigned long n)
{
	const struct flush_bench *s = p;

	BENCH_REPEAT(n, sys_flush(s->vdso, bench_bytes, bench_bytes + 16, 0));
}

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p;
		   BENCH_REPEAT(n, ((int (*)(void *, void *,
					     unsigned long))fn)(bench_bytes, bench_bytes + 16, 0));)

static int flush_probe(enum bench_path p, const void *arg)
{
	const struct flush_bench *s = arg;
	long r = p == PATH_SYSCALL ? sys_flush(s->vdso, bench_bytes, bench_bytes + 16, 0)
				   : vdso_flush_icache(s->fn.fn, bench_bytes, bench_bytes + 16, 0);

	return r == 0 ? 0 : errno;
}

static int empty_flush(void *start, void *end, unsigned long flags)
{
	(void)start;
	(void)end;
	(void)flags;
	return 0;
}

static enum status flush_bench_paths(const struct api *api, const struct run *run,
				     struct bench_paths *paths, void *state)
{
	struct flush_bench *s = state;

	/* (no libc path: glibc's __riscv_flush_icache() is the vDSO's or the system call) */
	bench_paths_of_fn(paths, &s->fn, api_vdso_fn(api, run), (void *)empty_flush, sys_batch,
			  NULL, vdso_batch, flush_probe);
	s->vdso = run->vdso;
	return STATUS_PASS;
}

/* ---- verify ---- */

struct flush_verify_state {
	struct cpu_mask mask;
	struct code_page code; /* the function written, at its start */
	unsigned next;	       /* the number the next function written returns */
	bool said;
};

static enum status flush_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct flush_verify_state *s = state;
	char why[256];
	int err;

	if (!have_syscall(run)) {
		flush_supported(api, why, sizeof(why));
		report_line(api, "verify: skipped: %s", why);
		return STATUS_SKIP;
	}
	if (!api_vdso_fn(api, run)) {
		report_line(api, "verify: skipped: no vDSO function (nothing to flush through)");
		return STATUS_SKIP;
	}
	if (!code_page_can_write()) {
		report_line(api, "verify: skipped: no code writer for this architecture");
		return STATUS_SKIP;
	}
	if (!cpu_mask_get(&s->mask)) {
		fprintf(stderr, "vdsotest: sched_getaffinity: %s\n", strerror(errno));
		return STATUS_FAIL;
	}
	/* (a policy against writable code: switched by mprotect() instead) */
	if ((err = code_page_open(&s->code, true)) != 0) {
		fprintf(stderr, "vdsotest: %s: mmap: %s\n", api->name, strerror(err));
		return STATUS_FAIL;
	}
	s->next = 1;
	return STATUS_PASS;
}

/*
 * Write the function returning the next number, and flush it through the
 * vDSO with @flags; return the number, or 0 after a failure (said).
 */
static unsigned write_and_flush(struct verify_ctx *ctx, struct flush_verify_state *s,
				unsigned long flags, const char *where)
{
	unsigned n = s->next;
	size_t len;

	s->next = s->next % 2000 + 1;
	len = code_page_write(&s->code, 0, n);
	if (!len) {
		verify_fail(ctx, "%s: writing the code: mprotect: %s", where, strerror(errno));
		return 0;
	}
	unsigned char *p = s->code.base;
	int r = vdso_flush_icache(api_vdso_fn(ctx->api, ctx->run), p, p + len, flags);
	if (!verify_ok(ctx, "the flush returns 0", r == 0)) {
		verify_fail(ctx, "%s: vDSO flush_icache(start, end, %lu) returned %d (%s)", where,
			    flags, r, strerror(errno));
		return 0;
	}
	return n;
}

static void flush_round(struct verify_ctx *ctx, void *state)
{
	struct flush_verify_state *s = state;
	const struct cpu_mask *m = &s->mask;
	int first = -1, prev = -1;
	char where[64];

	if (!s->said && ctx->run->verbose)
		report_line(ctx->api,
			    "verify: code in a %s page; a pass shows only where instruction fetch does not follow stores by itself (not x86, not qemu's TCG)",
			    s->code.rwx ? "read-write-execute" : "mprotect()-switched");
	s->said = true;
	/* on each CPU: written, flushed for this thread (SYS_RISCV_FLUSH_ICACHE_LOCAL), called */
	for (unsigned cpu = 0; cpu < m->ncpus && verify_failures() < ctx->run->maxfails; cpu++) {
		if (!CPU_ISSET_S(cpu, m->size, m->set) || cpu_pin(cpu) != 0)
			continue;
		if (first < 0)
			first = (int)cpu;
		prev = (int)cpu;
		snprintf(where, sizeof(where), "CPU %u", cpu);
		unsigned n = write_and_flush(ctx, s, FLUSH_LOCAL, where);
		if (!n)
			continue;
		int got = code_page_call(&s->code, 0);
		if (!verify_ok(ctx, "the new code runs", got == (int)n || !cpu_still_pinned(cpu)))
			verify_fail(ctx,
				    "CPU %u: the function written returns %d, not %u: the old code ran after vDSO flush_icache(start, end, SYS_RISCV_FLUSH_ICACHE_LOCAL)",
				    cpu, got, n);
	}
	/* across a migration: written and flushed for every thread on the last CPU, called on the first */
	if (first >= 0 && prev != first && cpu_pin((unsigned)prev) == 0) {
		snprintf(where, sizeof(where), "CPU %d, then CPU %d", prev, first);
		unsigned n = write_and_flush(ctx, s, 0, where);
		if (n && cpu_pin((unsigned)first) == 0) {
			int got = code_page_call(&s->code, 0);
			if (!verify_ok(ctx, "after a migration: the new code runs",
				       got == (int)n || !cpu_still_pinned((unsigned)first)))
				verify_fail(ctx,
					    "written and flushed (vDSO flush_icache(start, end, 0)) on CPU %d, called on CPU %d: returns %d, not %u",
					    prev, first, got, n);
		}
	}
	sched_setaffinity(0, m->size, m->set);
}

static void flush_verify_teardown(void *state)
{
	struct flush_verify_state *s = state;

	code_page_close(&s->code);
	cpu_mask_free(&s->mask);
}

/* ---- abi ---- */

/*
 * The cases (clock_id: the row's index): the range is not looked at, by
 * the system call (arch/riscv/kernel/sys_riscv.c) nor by the vDSO (its
 * system call, or fence.i): any range is 0; flags beyond
 * SYS_RISCV_FLUSH_ICACHE_LOCAL are EINVAL.
 */
struct flush_case {
	uintptr_t start, end; /* 1: the good buffer, 2: its end */
	unsigned long flags;
	long ret;
	int err;
	const char *what;
};

/* clang-format off */
static const struct flush_case cases[] = {
	{ 1, 2, 0, 0, 0, "flush_icache(&buf, &buf + 16, 0)" },
	{ 1, 2, FLUSH_LOCAL, 0, 0, "flush_icache(&buf, &buf + 16, SYS_RISCV_FLUSH_ICACHE_LOCAL)" },
	{ 0, 0, 0, 0, 0, "flush_icache(NULL, NULL, 0)" },
	{ 2, 1, 0, 0, 0, "flush_icache(&buf + 16, &buf, 0) (end before start)" },
	{ 0, UINTPTR_MAX, 0, 0, 0, "flush_icache(NULL, UINTPTR_MAX, 0)" },
	{ UINTPTR_MAX, 0, FLUSH_LOCAL, 0, 0, "flush_icache(UINTPTR_MAX, NULL, SYS_RISCV_FLUSH_ICACHE_LOCAL)" },
	{ 1, 2, 2, -1, EINVAL, "flush_icache(&buf, &buf + 16, 2)" },
	{ 1, 2, 3, -1, EINVAL, "flush_icache(&buf, &buf + 16, 3)" },
	{ 1, 2, ~0UL, -1, EINVAL, "flush_icache(&buf, &buf + 16, ~0UL)" },
};
/* clang-format on */

static const struct vdso_binding *abi_binding;

static long flush_abi_call(const struct abi_call *c)
{
	const struct flush_case *k = &cases[c->clock_id];
	unsigned char *buf = abi_ptr(c->ptr[0], c->size[0]);
	void *start = k->start == 1 ? buf : k->start == 2 ? buf + 16 : (void *)k->start;
	void *end = k->end == 1 ? buf : k->end == 2 ? buf + 16 : (void *)k->end;

	if (c->vdso_fn)
		return vdso_flush_icache(c->vdso_fn, start, end, k->flags);
	return sys_flush(abi_binding, start, end, k->flags);
}

static void flush_abi_cases(struct abi_ctx *ctx)
{
	if (!have_syscall(ctx->run)) {
		char why[256];
		flush_supported(ctx->api, why, sizeof(why));
		report_line(ctx->api, "abi: no case made: %s", why);
		return;
	}
	abi_binding = ctx->run->vdso;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct abi_call c = { .clock_id = (long)i,
				      .ptr = { PTR_GOOD, PTR_NULL, PTR_NULL },
				      .size = { 16, 0, 0 } };
		abi_expect_result(ctx, c, cases[i].ret, cases[i].err, cases[i].what);
	}
}

/* ---- the probes ---- */

static void flush_call_once(const struct api *api, void *fn)
{
	(void)api;
	vdso_flush_icache(fn, bench_bytes, bench_bytes + 16, 0);
}

const struct family riscv_flush_icache_family = {
	.call = VDSO_FLUSH_ICACHE,
	.name = "riscv_flush_icache",
	.summary = "riscv_flush_icache(2): instructions just written made visible to fetch",
	.supported = flush_supported,
	.call_once = flush_call_once,
	.bench_state_size = sizeof(struct flush_bench),
	.bench_paths = flush_bench_paths,
	.verify_state_size = sizeof(struct flush_verify_state),
	.verify_setup = flush_verify_setup,
	.verify_round = flush_round,
	.verify_teardown = flush_verify_teardown,
	.abi_call = flush_abi_call,
	.abi_cases = flush_abi_cases,
};
