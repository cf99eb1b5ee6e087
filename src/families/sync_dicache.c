// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The powerpc-sync-dicache family.  void __kernel_sync_dicache(unsigned
 * long start, unsigned long end) makes instructions stored in
 * [start, end) visible to instruction fetch: dcbst of each data cache
 * line, sync, icbi of each instruction cache line, isync; on a CPU with a
 * coherent instruction cache (CPU_FTR_COHERENT_ICACHE: POWER5 on) only
 * sync, icbi and isync, whatever the range
 * (arch/powerpc/kernel/vdso/cacheflush.S).  It has no error return and
 * clears CR0.SO.
 *
 * verify: a small function written into an executable mapping (li r3,N;
 * blr), synced through the vDSO and called returns N; rewritten in place
 * with another N, synced and called, the new N (a stale instruction cache
 * gives the old one); called again after a move to the next allowed CPU,
 * the new N too.  Each round takes the next CPU and another place in the
 * page.  What it cannot see: a missing flush that the machine hides (a
 * coherent instruction cache; qemu's TCG, which drops its translations on
 * every store to a page of code), and lines beyond the function's.
 * bench: the vDSO path alone (no system call makes the flush on powerpc).
 * abi: no system call to compare with; the reference is the documented
 * behaviour: return, no error; a range over memory that is not there may
 * fault (the dcbst of a non-coherent CPU) or not.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "lib/codepage.h"
#include "lib/cpus.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

struct sync_state {
	struct code_page code; /* PROT_READ | PROT_WRITE | PROT_EXEC */
	struct cpu_mask mask;  /* the allowed CPUs, restored after each round */
	unsigned ncpus;
	unsigned long round;
	unsigned last; /* the last function's answer */
};

#define CHECK_RETURNS "returns without error"
#define CHECK_NEW "the new code runs after a sync"
#define CHECK_REWRITTEN "the rewritten code runs after a sync"
#define CHECK_MIGRATED "the rewritten code runs on the next CPU"

static enum status sync_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct sync_state *s = state;
	int err;

	if (!api_vdso_fn(api, run)) {
		report_note("%s: no vDSO function, and no system call or libc call flushes the instruction cache here: nothing to verify",
			    api->name);
		return STATUS_SKIP;
	}
	if (!code_page_can_write()) {
		report_note("%s: vdsotest writes no code for this machine: nothing to verify",
			    api->name);
		return STATUS_SKIP;
	}
	if ((err = code_page_open(&s->code, false)) != 0) {
		report_note("%s: no writable and executable mapping (mmap: %s): nothing to verify",
			    api->name, strerror(err));
		return STATUS_SKIP;
	}
	if (!cpu_mask_get(&s->mask)) {
		fprintf(stderr, "vdsotest: sched_getaffinity: %s\n", strerror(errno));
		return STATUS_FAIL;
	}
	s->ncpus = cpu_mask_count(&s->mask);
	if (s->ncpus < 2)
		verify_skip(NULL, CHECK_MIGRATED, "one CPU allowed");
	return STATUS_PASS;
}

/* Sync [@code, @code + @len) through the vDSO; false (reported) on an error. */
static bool sync_range(struct verify_ctx *ctx, unsigned char *code, size_t len)
{
	void *fn = api_vdso_fn(ctx->api, ctx->run);

	errno = 0;
	if (verify_ok(ctx, CHECK_RETURNS, vdso_sync_dicache(fn, code, code + len) == 0))
		return true;
	verify_fail(ctx, "vDSO sync_dicache(%p, %p) returned with CR0.SO set (an error: %s)",
		    (void *)code, (void *)(code + len), strerror(errno));
	return false;
}

static void sync_round(struct verify_ctx *ctx, void *state)
{
	struct sync_state *s = state;
	unsigned long k = s->round++;
	/* another place each round, 8-byte aligned, lines and pages apart */
	size_t off = (k * 72) % (s->code.size - CODE_PAGE_CODE_MAX) / 8 * 8;
	unsigned char *code = s->code.base + off;
	unsigned n1 = 1 + (unsigned)(k * 2 + 1) % CODE_PAGE_RETURN_MAX,
		 n2 = 1 + (unsigned)(k * 2 + 2) % CODE_PAGE_RETURN_MAX;
	int a = cpu_mask_nth(&s->mask, (unsigned)(k % s->ncpus));
	int b = cpu_mask_nth(&s->mask, (unsigned)((k + 1) % s->ncpus));
	int got;
	size_t len;

	if (a < 0 || cpu_pin((unsigned)a) != 0)
		a = -1; /* (gone: a cpuset change or hotplug) the round runs where it is */
	len = code_page_write(&s->code, off, n1);
	if (!sync_range(ctx, code, len))
		goto out;
	got = code_page_call(&s->code, off);
	if (!verify_ok(ctx, CHECK_NEW, got == (int)n1))
		verify_fail(ctx,
			    "code written at page offset %zu returned %d after sync_dicache on CPU %d; expected %u",
			    off, got, a, n1);
	code_page_write(&s->code, off, n2);
	if (!sync_range(ctx, code, len))
		goto out;
	got = code_page_call(&s->code, off);
	if (!verify_ok(ctx, CHECK_REWRITTEN, got == (int)n2)) {
		verify_fail(ctx,
			    "code rewritten at page offset %zu returned %d after sync_dicache on CPU %d; expected %u%s",
			    off, got, a, n2,
			    got == (int)n1 ? " (the old code's answer: stale instructions)" : "");
		goto out;
	}
	if (s->ncpus < 2 || a < 0 || b < 0 || b == a || cpu_pin((unsigned)b) != 0)
		goto out;
	got = code_page_call(&s->code, off);
	if (!verify_ok(ctx, CHECK_MIGRATED, got == (int)n2))
		verify_fail(ctx,
			    "code rewritten at page offset %zu and synced on CPU %d returned %d on CPU %d; expected %u%s",
			    off, a, got, b, n2,
			    got == (int)n1 ? " (the old code's answer: stale instructions)" : "");
out:
	sched_setaffinity(0, s->mask.size, s->mask.set);
}

static void sync_verify_teardown(void *state)
{
	struct sync_state *s = state;

	code_page_close(&s->code);
	cpu_mask_free(&s->mask);
}

/* ---- bench: one 64-byte range (a cache line or two) of data ---- */

static unsigned char bench_range[128] __attribute__((aligned(64)));

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p;

		   BENCH_REPEAT(n, vdso_sync_dicache(fn, bench_range, bench_range + 64));)

static int sync_probe(enum bench_path p, const void *arg)
{
	(void)p; /* the vDSO path alone */
	errno = 0;
	return vdso_sync_dicache(*(void *const *)arg, bench_range, bench_range + 64) ? errno : 0;
}

static void empty_sync(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
}

static enum status sync_bench_paths(const struct api *api, const struct run *run,
				    struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_sync, NULL, NULL,
			  vdso_batch, sync_probe);
	return STATUS_PASS;
}

/* ---- abi ---- */

/* abi_call.clock_id: the range from the object @p of size[0] bytes */
enum { RANGE_FORWARD, RANGE_EMPTY, RANGE_REVERSED };

static long sync_abi_call(const struct abi_call *c)
{
	uintptr_t p = (uintptr_t)abi_ptr(c->ptr[0], c->size[0]);
	uintptr_t start = p, end = p + c->size[0];

	if (c->clock_id == RANGE_EMPTY)
		end = p;
	else if (c->clock_id == RANGE_REVERSED)
		start = end, end = p;
	if (!c->vdso_fn)
		return 0; /* no system call: the documented return, no error */
	errno = 0;
	return vdso_sync_dicache(c->vdso_fn, (const void *)start, (const void *)end);
}

static void sync_abi_cases(struct abi_ctx *ctx)
{
	struct abi_call c = { .ptr = { PTR_GOOD }, .size = { 64 } };
	char what[96];

	c.clock_id = RANGE_FORWARD;
	abi_expect_result(ctx, c, 0, 0, "sync_dicache(buf, buf + 64)");
	c.clock_id = RANGE_EMPTY;
	abi_expect_result(ctx, c, 0, 0, "sync_dicache(buf, buf)");
	c.size[0] = 1;
	c.clock_id = RANGE_FORWARD;
	abi_expect_result(ctx, c, 0, 0, "sync_dicache(buf, buf + 1)");
	/* ranges over nothing: returned, or a fault of the dcbst; never another error */
	c.size[0] = 64;
	c.clock_id = RANGE_REVERSED;
	abi_expect_result_or_fault(ctx, c, 0, 0, "sync_dicache(buf + 64, buf)");
	c.clock_id = RANGE_FORWARD;
	for (int p = PTR_NULL; p < NR_ABI_PTRS; p++) {
		if (p == PTR_MAX || p == PTR_STRADDLE)
			continue; /* (UINTPTR_MAX + 64 wraps: the reversed case) */
		c.ptr[0] = p;
		snprintf(what, sizeof(what), "sync_dicache(%s, +64)", abi_ptr_name(p));
		abi_expect_result_or_fault(ctx, c, 0, 0, what);
	}
}

static void sync_call_once(const struct api *api, void *fn)
{
	(void)api;
	vdso_sync_dicache(fn, bench_range, bench_range + 64);
}

const struct family sync_dicache_family = {
	.call = VDSO_SYNC_DICACHE,
	.name = "sync_dicache",
	.summary = "powerpc's __kernel_sync_dicache(): instruction cache made coherent with stores",
	.call_once = sync_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = sync_bench_paths,
	.verify_state_size = sizeof(struct sync_state),
	.verify_setup = sync_verify_setup,
	.verify_round = sync_round,
	.verify_teardown = sync_verify_teardown,
	.abi_call = sync_abi_call,
	.abi_cases = sync_abi_cases,
};
