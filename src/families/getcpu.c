// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The getcpu family.  getcpu(2): the CPU and NUMA node the caller runs on;
 * either pointer may be NULL; the third argument (tcache) is unused since
 * Linux 2.6.24 and must be ignored.  On x86_64, verify also checks the
 * getcpu of the legacy vsyscall page where it can be called.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/verify.h"
#include "lib/child.h"
#include "lib/cpus.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

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

	if (!verify_ok(ctx, "returns 0", r == 0)) {
		verify_fail(ctx, "%s getcpu() returned %d (%s); expected 0", fn ? "vDSO" : "libc",
			    r, strerror(err));
		return;
	}
	if (!verify_ok(ctx, "CPU in the affinity mask", cpu_allowed_now(m, cpu))) {
		verify_fail(ctx, "%s getcpu() returned CPU %u, which is not in the affinity mask",
			    fn ? "vDSO" : "libc", cpu);
		return;
	}
	/* the kernel's side too (the reference system call, vdso_reference_syscall()) */
	unsigned scpu = ~0u, snode = ~0u;
	long sr = vdso_reference_syscall(ctx->run->vdso, SYS_getcpu, (long)&scpu, (long)&snode);
	if (!verify_ok(ctx, "system call's CPU in the affinity mask",
		       sr == 0 && cpu_allowed_now(m, scpu)))
		verify_fail(ctx,
			    "syscall getcpu() returned %ld (%s), CPU %u: not a CPU of the affinity mask",
			    sr, sr == 0 ? "no error" : strerror(errno), scpu);
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
	/* (the reference system call: the test seam's where --vdso-lib has one) */
	long sr = vdso_reference_syscall(ctx->run->vdso, SYS_getcpu, (long)&scpu, (long)&snode);
	if (!verify_ok(ctx, "pinned: returns 0", r == 0 && sr == 0)) {
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() returned %d, syscall %ld", cpu, who,
			    r, sr);
		return;
	}
	if (!verify_ok(ctx, "pinned: the CPU pinned to",
		       (vcpu == cpu && scpu == cpu) || !cpu_still_pinned(cpu))) {
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() says CPU %u, syscall says CPU %u",
			    cpu, who, vcpu, scpu);
		return;
	}
	if (!verify_ok(ctx, "pinned: the system call's node", vnode == snode))
		verify_fail(ctx, "pinned to CPU %u: %s getcpu() says node %u, syscall says node %u",
			    cpu, who, vnode, snode);
}

/*
 * The x86_64 vsyscall page: at 0xffffffffff600000 (VSYSCALL_ADDR,
 * arch/x86/include/uapi/asm/vsyscall.h), 1024 bytes per call: gettimeofday,
 * time, getcpu; getcpu takes getcpu(2)'s arguments and returns 0 or a
 * negative errno.  The kernel maps it as "[vsyscall]" in /proc/PID/maps
 * and emulates a call into it under vsyscall=emulate and vsyscall=xonly
 * (the default); under vsyscall=none there is no such line and a call
 * raises SIGSEGV (arch/x86/entry/vsyscall/vsyscall_64.c).  Not in an x32
 * process (a 32-bit pointer cannot hold the address).
 */
#if defined(__x86_64__) && !defined(__ILP32__)
#define VSYSCALL_GETCPU 0xffffffffff600800UL
#endif

typedef long (*vsyscall_getcpu_fn)(unsigned *cpu, unsigned *node, void *cache);

#ifdef VSYSCALL_GETCPU
/* Does /proc/self/maps have a "[vsyscall]" line?  -1: it cannot be read. */
static int maps_vsyscall(void)
{
	char line[512];
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "re");

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, "[vsyscall]") != NULL;
	fclose(f);
	return found;
}

/* child_answer()'s function: one call of the vsyscall getcpu, answered in @buf. */
static bool vsyscall_probe(void *arg, void *buf, size_t len)
{
	unsigned cpu_node[2];

	(void)arg;
	if (len != sizeof(cpu_node) ||
	    ((vsyscall_getcpu_fn)VSYSCALL_GETCPU)(&cpu_node[0], &cpu_node[1], NULL) != 0)
		return false;
	memcpy(buf, cpu_node, sizeof(cpu_node));
	return true;
}
#endif

/*
 * The vsyscall getcpu to check, or NULL, and in @how (@len bytes) whether
 * it is checked or why not: the test seam's stand-in of --vdso-lib
 * (vdso.h), else on x86_64 the vsyscall page's where /proc/self/maps shows
 * it and one call in a child (fork_test_child(): a SIGSEGV kills only the
 * child) returns 0.
 */
static vsyscall_getcpu_fn vsyscall_getcpu(const struct run *run, char *how, size_t len)
{
	if (run->vdso && run->vdso->test_vsyscall_getcpu) {
		snprintf(how, len, "checked (the stand-in %s of --vdso-lib)",
			 VDSO_TEST_VSYSCALL_GETCPU);
		return (vsyscall_getcpu_fn)run->vdso->test_vsyscall_getcpu;
	}
#ifdef VSYSCALL_GETCPU
	unsigned cpu_node[2];
	const char *step;
	int maps = maps_vsyscall();

	if (maps <= 0) {
		snprintf(how, len, "not checked (%s)",
			 maps < 0 ? "/proc/self/maps unreadable: no /proc?"
				  : "no [vsyscall] line in /proc/self/maps: vsyscall=none");
		return NULL;
	}
	if (child_answer(vsyscall_probe, NULL, cpu_node, sizeof(cpu_node), &step) != 0) {
		if (errno == EIO) /* (the child died, or the call returned an error) */
			snprintf(how, len, "not checked (a call at %#lx in a child failed)",
				 VSYSCALL_GETCPU);
		else
			snprintf(how, len, "not checked (a child to call it in: %s: %s)", step,
				 strerror(errno));
		return NULL;
	}
	snprintf(how, len, "checked (%#lx, [vsyscall] in /proc/self/maps)", VSYSCALL_GETCPU);
	return (vsyscall_getcpu_fn)VSYSCALL_GETCPU;
#else
	snprintf(how, len, "not checked (not x86_64)");
	return NULL;
#endif
}

/*
 * Pinned to @cpu: the vsyscall getcpu @vs returns 0, @cpu and the node the
 * system call gives, as check_pinned().
 */
static void check_vsyscall_pinned(struct verify_ctx *ctx, vsyscall_getcpu_fn vs, unsigned cpu)
{
	unsigned vcpu = ~0u, vnode = ~0u, scpu = ~0u, snode = ~0u;
	long r = vs(&vcpu, &vnode, NULL);
	long sr = vdso_reference_syscall(ctx->run->vdso, SYS_getcpu, (long)&scpu, (long)&snode);

	if (!verify_ok(ctx, "vsyscall: returns 0", r == 0 && sr == 0)) {
		verify_fail(ctx, "pinned to CPU %u: vsyscall getcpu() returned %ld, syscall %ld",
			    cpu, r, sr);
		return;
	}
	if (!verify_ok(ctx, "vsyscall: the CPU pinned to",
		       (vcpu == cpu && scpu == cpu) || !cpu_still_pinned(cpu))) {
		verify_fail(ctx,
			    "pinned to CPU %u: vsyscall getcpu() says CPU %u, syscall says CPU %u",
			    cpu, vcpu, scpu);
		return;
	}
	if (!verify_ok(ctx, "vsyscall: the system call's node", vnode == snode))
		verify_fail(ctx,
			    "pinned to CPU %u: vsyscall getcpu() says node %u, syscall says node %u",
			    cpu, vnode, snode);
}

/*
 * A verify's state: the thread's affinity mask, taken before the rounds,
 * and the vsyscall getcpu to check (or NULL) with its verbose line.
 */
struct getcpu_verify_state {
	struct cpu_mask mask;
	vsyscall_getcpu_fn vsyscall;
	char vsyscall_how[160];
	bool said;
};

static enum status getcpu_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct getcpu_verify_state *s = state;

	(void)api;
	if (!cpu_mask_get(&s->mask)) {
		fprintf(stderr, "vdsotest: sched_getaffinity: %s\n", strerror(errno));
		return STATUS_FAIL;
	}
	s->vsyscall = vsyscall_getcpu(run, s->vsyscall_how, sizeof(s->vsyscall_how));
	return STATUS_PASS;
}

static void getcpu_round(struct verify_ctx *ctx, void *state)
{
	struct getcpu_verify_state *s = state;
	const struct cpu_mask *mask = &s->mask;
	void *fn = api_vdso_fn(ctx->api, ctx->run);
	/* (said once per API, not once per thread of -t N; after the path exercised) */
	static _Atomic(const struct api *) vsyscall_said;

	if (!s->said && ctx->run->verbose && atomic_exchange(&vsyscall_said, ctx->api) != ctx->api)
		report_line(ctx->api, "verify: vsyscall getcpu: %s", s->vsyscall_how);
	s->said = true;
	check_in_mask(ctx, fn, mask);
	/* A round pins to every CPU, however short the duration. */
	for (unsigned cpu = 0; cpu < mask->ncpus && verify_failures() < ctx->run->maxfails; cpu++) {
		if (!CPU_ISSET_S(cpu, mask->size, mask->set))
			continue;
		if (cpu_pin(cpu) != 0)
			continue; /* e.g. a cpuset took the CPU away */
		check_pinned(ctx, fn, cpu);
		if (s->vsyscall)
			check_vsyscall_pinned(ctx, s->vsyscall, cpu);
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

static void getcpu_abi_describe(const struct abi_call *c, const void *arg, char *buf, size_t len)
{
	(void)arg;
	snprintf(buf, len, "getcpu(%s, %s, %s)", abi_ptr_name(c->ptr[0]), abi_ptr_name(c->ptr[1]),
		 abi_ptr_name(c->ptr[2]));
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
