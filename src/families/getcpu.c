// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The getcpu family.  getcpu(2): the CPU and NUMA node the caller runs on;
 * either pointer may be NULL; the third argument (tcache) is unused since
 * Linux 2.6.24 and must be ignored.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "lib/cpus.h"
#include "output/report.h"
#include "vdso/arch.h"

static long sys_getcpu(unsigned *cpu, unsigned *node, void *cache)
{
	return syscall(SYS_getcpu, cpu, node, cache);
}

/* ---- bench ---- */

static void sys_batch(const void *p, unsigned long n)
{
	unsigned cpu;

	(void)p;
	BENCH_REPEAT(n, sys_getcpu(&cpu, NULL, NULL));
}

static void libc_batch(const void *p, unsigned long n)
{
#ifdef HAVE_GETCPU
	unsigned cpu;

	(void)p;
	BENCH_REPEAT(n, getcpu(&cpu, NULL));
#else
	(void)p;
	BENCH_REPEAT(n, sched_getcpu());
#endif
}

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p; unsigned cpu;

		   BENCH_REPEAT(n, vdso_bench_getcpu(fn, &cpu));)

static int getcpu_probe(enum bench_path p, const void *arg)
{
	unsigned cpu;
	long r;

	if (p == PATH_SYSCALL)
		r = sys_getcpu(&cpu, NULL, NULL);
	else if (p == PATH_LIBC)
#ifdef HAVE_GETCPU
		r = getcpu(&cpu, NULL);
#else
		r = sched_getcpu() < 0 ? -1 : 0;
#endif
	else
		r = vdso_getcpu(*(void *const *)arg, &cpu, NULL, NULL);
	return r == 0 ? 0 : errno;
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static long empty_getcpu(unsigned *cpu, unsigned *node, void *cache)
{
	(void)cpu;
	(void)node;
	(void)cache;
	return 0;
}

static enum status getcpu_bench_paths(const struct api *api, const struct run *run,
				      struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_getcpu, sys_batch,
			  libc_batch, vdso_batch, getcpu_probe);
	return STATUS_PASS;
}

/* ---- verify ---- */

static int subject_getcpu(void *fn, unsigned *cpu, unsigned *node)
{
	if (fn)
		return vdso_getcpu(fn, cpu, node, NULL);
#ifdef HAVE_GETCPU
	return getcpu(cpu, node);
#else
	int c = sched_getcpu();
	if (c < 0)
		return -1;
	*cpu = (unsigned)c;
	/* No getcpu() in this libc (glibc < 2.29): the node from the kernel. */
	return (int)sys_getcpu(NULL, node, NULL);
#endif
}

/* Unpinned: the CPU must be one the thread may run on (then or now). */
static void check_in_mask(struct verify_ctx *ctx, void *fn, const struct cpu_mask *m)
{
	unsigned cpu = ~0u, node = ~0u;
	int r = subject_getcpu(fn, &cpu, &node);
	int err = errno;

	if (!verify_ok(ctx, r == 0)) {
		verify_fail(ctx, "%s getcpu() returned %d (%s); expected 0", fn ? "vDSO" : "libc",
			    r, strerror(err));
		return;
	}
	if (!verify_ok(ctx, cpu_allowed_now(m, cpu)))
		verify_fail(ctx, "%s getcpu() returned CPU %u, which is not in the affinity mask",
			    fn ? "vDSO" : "libc", cpu);
}

/*
 * Pinned to @cpu: both paths must say @cpu, and agree on the node.  A
 * mismatch after the kernel itself moved the thread (CPU hotplug, a cpuset
 * change) is not the vDSO's.
 */
static void check_pinned(struct verify_ctx *ctx, void *fn, unsigned cpu)
{
	const char *who = fn ? "vDSO" : "libc";
	unsigned vcpu = ~0u, vnode = ~0u, scpu = ~0u, snode = ~0u;

	int r = subject_getcpu(fn, &vcpu, &vnode);
	long sr = sys_getcpu(&scpu, &snode, NULL);
	if (!verify_ok(ctx, r == 0 && sr == 0)) {
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() returned %d, syscall %ld", cpu, who,
			    r, sr);
		return;
	}
	if (!verify_ok(ctx, (vcpu == cpu && scpu == cpu) || !cpu_still_pinned(cpu))) {
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() says CPU %u, syscall says CPU %u",
			    cpu, who, vcpu, scpu);
		return;
	}
	if (!verify_ok(ctx, vnode == snode))
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() says node %u, syscall says node %u",
			    cpu, who, vnode, snode);
}

/* A verify's state: the thread's affinity mask, taken before the rounds. */
struct getcpu_verify_state {
	struct cpu_mask mask;
};

static enum status getcpu_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct getcpu_verify_state *s = state;

	(void)api, (void)run;
	if (!cpu_mask_get(&s->mask)) {
		fprintf(stderr, "vdsotest: sched_getaffinity: %s\n", strerror(errno));
		return STATUS_FAIL;
	}
	return STATUS_PASS;
}

static void getcpu_round(struct verify_ctx *ctx, void *state)
{
	const struct cpu_mask *mask = &((struct getcpu_verify_state *)state)->mask;
	void *fn = api_vdso_fn(ctx->api, ctx->run);

	check_in_mask(ctx, fn, mask);
	/* A round pins to every CPU, however short the duration. */
	for (unsigned cpu = 0; cpu < mask->ncpus && verify_failures() < ctx->run->maxfails; cpu++) {
		if (!CPU_ISSET_S(cpu, mask->size, mask->set))
			continue;
		if (cpu_pin(cpu) != 0)
			continue; /* e.g. a cpuset took the CPU away */
		check_pinned(ctx, fn, cpu);
	}
	sched_setaffinity(0, mask->size, mask->set);
}

static void getcpu_verify_teardown(void *state)
{
	cpu_mask_free(&((struct getcpu_verify_state *)state)->mask);
}

/* ---- abi ---- */

static long getcpu_abi_call(const struct abi_call *c)
{
	unsigned *cpu = abi_ptr(c->ptr[0], sizeof(*cpu));
	unsigned *node = abi_ptr(c->ptr[1], sizeof(*node));
	void *cache = abi_ptr(c->ptr[2], 16);

	return c->vdso_fn ? vdso_getcpu(c->vdso_fn, cpu, node, cache)
			  : sys_getcpu(cpu, node, cache);
}

/*
 * What getcpu(cpu, node, cache) gives, by the system call (kernel/sys.c,
 * SYSCALL_DEFINE3(getcpu)): cpu and node are each written when not NULL,
 * and a write that faults gives -EFAULT; the third argument is not looked
 * at (unused since Linux 2.6.24, getcpu(2) NOTES), so any pointer there,
 * however bad, is no error.  So -1/EFAULT when cpu or node is bad, else 0.
 */
static struct abi_want getcpu_abi_rule(const struct abi_call *c, const void *arg)
{
	(void)arg;
	if (abi_ptr_bad(c->ptr[0]) || abi_ptr_bad(c->ptr[1]))
		return (struct abi_want){ .fault = true };
	return (struct abi_want){ .ret = 0 };
}

static void getcpu_abi_describe(const struct abi_call *c, const void *arg, char *buf,
				size_t len)
{
	(void)arg;
	snprintf(buf, len, "getcpu(%s, %s, %s)", abi_ptr_name(c->ptr[0]),
		 abi_ptr_name(c->ptr[1]), abi_ptr_name(c->ptr[2]));
}

/*
 * Every combination of pointer kinds for cpu, node and cache: 5 x 5 x 6
 * cases (an aligned unsigned cannot straddle a page boundary: no
 * PTR_STRADDLE for cpu and node).
 */
static void getcpu_abi_cases(struct abi_ctx *ctx)
{
	static const unsigned kinds[] = { ABI_PTRS_ALIGNED, ABI_PTRS_ALIGNED, ABI_PTRS_ALL };
	struct abi_call c = { .size = { sizeof(unsigned), sizeof(unsigned), 16 } };

	abi_combinations(ctx, c, 3, kinds, getcpu_abi_rule, getcpu_abi_describe, NULL);
}

/* ---- the probes ---- */

static void getcpu_call_once(const struct api *api, void *fn)
{
	unsigned cpu, node;

	(void)api;
	vdso_getcpu(fn, &cpu, &node, NULL);
}

const struct family getcpu_family = {
	.call = VDSO_GETCPU,
	.name = "getcpu",
	.summary = "getcpu(2): the CPU and NUMA node the caller runs on",
	.call_once = getcpu_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = getcpu_bench_paths,
	.verify_state_size = sizeof(struct getcpu_verify_state),
	.verify_setup = getcpu_verify_setup,
	.verify_round = getcpu_round,
	.verify_teardown = getcpu_verify_teardown,
	.abi_call = getcpu_abi_call,
	.abi_cases = getcpu_abi_cases,
};
