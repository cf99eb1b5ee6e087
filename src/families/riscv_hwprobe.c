// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The riscv-hwprobe family: riscv_hwprobe(pairs, pair_count, cpusetsize,
 * cpus, flags), riscv's system call that answers questions about the
 * harts (Linux 6.4; Documentation/arch/riscv/hwprobe.rst), and the vDSO's
 * __vdso_riscv_hwprobe, which answers the common form (no CPU set, or any
 * set when all harts have the same vendor, architecture and
 * implementation ids) from values the kernel stored at boot and passes
 * every other call to the system call (arch/riscv/kernel/vdso/hwprobe.c).
 * A stored value that the system call no longer gives is the bug of
 * 5d15d2ad36b0 ("riscv: hwprobe: Fix stale vDSO data for late-initialized
 * keys at boot"): verify compares every pair of every form with the system
 * call's.
 *
 * The system call exists on riscv only: elsewhere the family is
 * unsupported, unless --vdso-lib's test seam stands in for it
 * (vdso_reference_syscall5(), vdso/vdso.h), as tests/fake-vdso.c does.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <sched.h>
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
#include "vdso/vdso.h"

/*
 * The kernel's UAPI (arch/riscv/include/uapi/asm/hwprobe.h, Linux 6.4 and
 * 6.9), defined here: the C libraries' headers of other architectures, and
 * riscv's before Linux 6.4, have none.  The system call's number is
 * __NR_arch_specific_syscall + 14 (arch/riscv/include/uapi/asm/unistd.h).
 */
struct hwprobe_pair { /* struct riscv_hwprobe */
	int64_t key;
	uint64_t value;
};
#define HWPROBE_WHICH_CPUS 1 /* RISCV_HWPROBE_WHICH_CPUS (Linux 6.9) */
#define HWPROBE_KEY_IMA_EXT_0 4
#define HWPROBE_IMA_V (1 << 2) /* RISCV_HWPROBE_IMA_V of key 4 (Linux 6.5) */
#ifdef __NR_riscv_hwprobe
#define NR_HWPROBE __NR_riscv_hwprobe
#else
#define NR_HWPROBE (244 + 14)
#endif
#if defined(__riscv)
#define HWPROBE_NATIVE true
#else
#define HWPROBE_NATIVE false
#endif

/*
 * Keys asked in every call: 0 .. HWPROBE_KEYS - 1 (Linux 6.16 knows 0 ..
 * 15: ample room), then HWPROBE_UNKNOWN_KEYS keys no kernel knows, whose
 * pairs must come back as key -1, value 0.
 */
#define HWPROBE_KEYS 64
#define HWPROBE_UNKNOWN_KEYS 2
#define HWPROBE_PAIRS (HWPROBE_KEYS + HWPROBE_UNKNOWN_KEYS)
static const int64_t unknown_keys[HWPROBE_UNKNOWN_KEYS] = { -2, INT64_C(1) << 40 };

/* The which-CPUs form's retakes after a set that differs (CPU hotplug). */
#define HWPROBE_RETAKES 8

/* The system call, or the test seam's stand-in for it; -1 with errno. */
static long sys_hwprobe(const struct vdso_binding *b, void *pairs, size_t count, size_t setsize,
			void *cpus, unsigned flags)
{
	return vdso_reference_syscall5(b, HWPROBE_NATIVE, NR_HWPROBE, (long)pairs, (long)count,
				       (long)setsize, (long)cpus, (long)flags);
}

/* Is there a system call to compare with (on riscv, or a stand-in)? */
static bool have_syscall(const struct run *run)
{
	return !run->rejected_errno || (run->vdso && run->vdso->test_syscall5);
}

static bool hwprobe_supported(const struct api *api, char *why, size_t len)
{
	(void)api;
	if (!HWPROBE_NATIVE) {
		if (why)
			snprintf(why, len,
				 "unsupported here: riscv_hwprobe is a system call of riscv");
		errno = ENOSYS;
		return false;
	}
	if (sys_hwprobe(NULL, NULL, 0, 0, NULL, 0) == 0)
		return true;
	if (why)
		snprintf(why, len,
			 "unsupported by this kernel: riscv_hwprobe(NULL, 0, 0, NULL, 0) gives %s (Linux 6.4 has it)",
			 strerror(errno));
	return false;
}

static void fill_keys(struct hwprobe_pair *p)
{
	for (int i = 0; i < HWPROBE_KEYS; i++)
		p[i] = (struct hwprobe_pair){ .key = i };
	for (int i = 0; i < HWPROBE_UNKNOWN_KEYS; i++)
		p[HWPROBE_KEYS + i] = (struct hwprobe_pair){ .key = unknown_keys[i] };
}

/* ---- bench ---- */

/* The bench's argument: the vDSO function, the binding, the pairs (key 4 asked). */
struct hwprobe_bench {
	struct bench_fn_args fn;
	const struct vdso_binding *vdso;
	struct hwprobe_pair pair;
};

static void sys_batch(const void *p, unsigned long n)
{
	const struct hwprobe_bench *s = p;
	struct hwprobe_pair pair = { .key = HWPROBE_KEY_IMA_EXT_0 };

	BENCH_REPEAT(n, sys_hwprobe(s->vdso, &pair, 1, 0, NULL, 0));
}

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p;
		   struct hwprobe_pair pair = { .key = HWPROBE_KEY_IMA_EXT_0 };
		   BENCH_REPEAT(n, ((int (*)(void *, size_t, size_t, void *,
					     unsigned))fn)(&pair, 1, 0, NULL, 0));)

static int hwprobe_probe(enum bench_path p, const void *arg)
{
	const struct hwprobe_bench *s = arg;
	struct hwprobe_pair pair = { .key = HWPROBE_KEY_IMA_EXT_0 };
	long r = p == PATH_SYSCALL ? sys_hwprobe(s->vdso, &pair, 1, 0, NULL, 0)
				   : vdso_riscv_hwprobe(s->fn.fn, &pair, 1, 0, NULL, 0);

	return r == 0 ? 0 : errno;
}

static int empty_hwprobe(void *pairs, size_t count, size_t setsize, void *cpus, unsigned flags)
{
	(void)pairs;
	(void)count;
	(void)setsize;
	(void)cpus;
	(void)flags;
	return 0;
}

static enum status hwprobe_bench_paths(const struct api *api, const struct run *run,
				       struct bench_paths *paths, void *state)
{
	struct hwprobe_bench *s = state;

	/* (no libc path: glibc's __riscv_hwprobe() is the vDSO's or the system call) */
	bench_paths_of_fn(paths, &s->fn, api_vdso_fn(api, run), (void *)empty_hwprobe, sys_batch,
			  NULL, vdso_batch, hwprobe_probe);
	s->vdso = run->vdso;
	paths->arg = s; /* (s->fn first: the vDSO batch reads it there) */
	return STATUS_PASS;
}

/* ---- verify ---- */

struct hwprobe_verify_state {
	struct cpu_mask mask;
	int known; /* keys the system call knows, of 0 .. HWPROBE_KEYS - 1 */
	bool said;
};

/* "key 4 (0x...)" style names of the answers, for the failure lines. */
static void describe(char *buf, size_t len, long r, const struct hwprobe_pair *p)
{
	if (r != 0)
		snprintf(buf, len, "returned %ld (%s)", r, strerror(errno));
	else
		snprintf(buf, len, "key %" PRId64 " value %#" PRIx64, p->key, p->value);
}

/*
 * Compare the pairs @v (the vDSO's, return @vr) with @s (the system
 * call's, return @sr) of one form (@form: "all CPUs", "CPU 3", ...).
 */
static void compare_pairs(struct verify_ctx *ctx, const char *form, long vr, int verr, long sr,
			  int serr, const struct hwprobe_pair *v, const struct hwprobe_pair *s)
{
	char a[96], b[96];

	if (!verify_ok(ctx, "the system call's return value",
		       vr == sr && (vr == 0 || verr == serr))) {
		verify_fail(ctx,
			    "%s: vDSO riscv_hwprobe() returned %ld (%s), the system call %ld (%s)",
			    form, vr, vr ? strerror(verr) : "no error", sr,
			    sr ? strerror(serr) : "no error");
		return;
	}
	if (vr != 0)
		return;
	for (int i = 0; i < HWPROBE_PAIRS; i++) {
		int64_t asked = i < HWPROBE_KEYS ? i : unknown_keys[i - HWPROBE_KEYS];

		if (!verify_ok(ctx, "the system call's key", v[i].key == s[i].key)) {
			errno = 0;
			describe(a, sizeof(a), 0, &v[i]);
			describe(b, sizeof(b), 0, &s[i]);
			verify_fail(ctx, "%s: key %" PRId64 " asked: vDSO %s, the system call %s",
				    form, asked, a, b);
			return;
		}
		if (!verify_ok(ctx, "the system call's value", v[i].value == s[i].value)) {
			verify_fail(ctx,
				    "%s: key %" PRId64 ": vDSO value %#" PRIx64
				    ", the system call %#" PRIx64 " (a stale vDSO value?)",
				    form, asked, v[i].value, s[i].value);
			return;
		}
	}
}

/* One form of the call: vDSO first, then the system call, the same arguments. */
static void one_form(struct verify_ctx *ctx, const char *form, size_t setsize, void *vset,
		     void *sset)
{
	struct hwprobe_pair v[HWPROBE_PAIRS], s[HWPROBE_PAIRS];
	void *fn = api_vdso_fn(ctx->api, ctx->run);

	fill_keys(v);
	fill_keys(s);
	long vr = vdso_riscv_hwprobe(fn, v, HWPROBE_PAIRS, setsize, vset, 0);
	int verr = errno;
	long sr = sys_hwprobe(ctx->run->vdso, s, HWPROBE_PAIRS, setsize, sset, 0);
	int serr = errno;

	compare_pairs(ctx, form, vr, verr, sr, serr, v, s);
}

/*
 * Does the vDSO's which-CPUs set @v differ from the system call's @s only
 * by CPUs of @v that are offline now?  On harts of one vendor, architecture
 * and implementation the vDSO answers that form itself from stored values
 * and cannot know which CPUs are online (riscv_vdso_get_cpus(),
 * arch/riscv/kernel/vdso/hwprobe.c, Linux 6.9); the system call keeps online
 * CPUs only.  A CPU is offline when the thread cannot be pinned to it
 * (EINVAL); the affinity mask of @m is put back.
 */
static bool offline_only(const struct cpu_mask *m, const cpu_set_t *v, const cpu_set_t *s)
{
	bool only = true;

	for (unsigned cpu = 0; only && cpu < m->ncpus; cpu++) {
		bool in_v = CPU_ISSET_S(cpu, m->size, v), in_s = CPU_ISSET_S(cpu, m->size, s);
		if (in_s && !in_v)
			only = false;
		else if (in_v && !in_s)
			only = cpu_pin(cpu) != 0 && errno == EINVAL;
	}
	sched_setaffinity(0, m->size, m->set);
	return only;
}

/*
 * The RISCV_HWPROBE_WHICH_CPUS form: for each key the system call knows,
 * the CPUs of @mask whose answer is the all-CPU one, @all; the vDSO passes
 * it to the system call: both must leave the same set.
 */
static void which_cpus(struct verify_ctx *ctx, const struct hwprobe_verify_state *st,
		       const struct hwprobe_pair *all)
{
	void *fn = api_vdso_fn(ctx->api, ctx->run);
	const struct cpu_mask *m = &st->mask;
	cpu_set_t *vset = CPU_ALLOC(m->ncpus), *sset = CPU_ALLOC(m->ncpus);

	for (int k = 0; vset && sset && k < st->known; k++) {
		struct hwprobe_pair vp = all[k], sp = all[k];

		memcpy(vset, m->set, m->size);
		memcpy(sset, m->set, m->size);
		long vr = vdso_riscv_hwprobe(fn, &vp, 1, m->size, vset, HWPROBE_WHICH_CPUS);
		int verr = errno;
		long sr = sys_hwprobe(ctx->run->vdso, &sp, 1, m->size, sset, HWPROBE_WHICH_CPUS);
		int serr = errno;

		if (!verify_ok(ctx, "which CPUs: the system call's return value",
			       vr == sr && (vr == 0 || verr == serr))) {
			verify_fail(ctx,
				    "which CPUs, key %d: vDSO riscv_hwprobe() returned %ld (%s), the system call %ld (%s)",
				    k, vr, vr ? strerror(verr) : "no error", sr,
				    sr ? strerror(serr) : "no error");
			break;
		}
		if (vr != 0)
			continue;
		/*
		 * A CPU that went offline or online between the two calls
		 * (--perturb=hotplug) changes the set: both are made again, up
		 * to HWPROBE_RETAKES times, and must agree once (a vDSO that
		 * leaves the wrong CPUs never does), but for offline CPUs
		 * (offline_only()).
		 */
		for (int t = 0; t < HWPROBE_RETAKES && vr == 0 &&
				!CPU_EQUAL_S(m->size, vset, sset) && !offline_only(m, vset, sset);
		     t++) {
			vp = all[k];
			sp = all[k];
			memcpy(vset, m->set, m->size);
			memcpy(sset, m->set, m->size);
			vr = vdso_riscv_hwprobe(fn, &vp, 1, m->size, vset, HWPROBE_WHICH_CPUS);
			sys_hwprobe(ctx->run->vdso, &sp, 1, m->size, sset, HWPROBE_WHICH_CPUS);
		}
		if (!verify_ok(ctx, "which CPUs: the system call's CPU set",
			       vr == 0 &&
				       (CPU_EQUAL_S(m->size, vset, sset) ||
					offline_only(m, vset, sset)) &&
				       vp.key == sp.key && vp.value == sp.value)) {
			verify_fail(ctx,
				    "which CPUs, key %d value %#" PRIx64
				    ": the vDSO leaves %d CPUs of the set, the system call %d",
				    k, all[k].value, CPU_COUNT_S(m->size, vset),
				    CPU_COUNT_S(m->size, sset));
			break;
		}
	}
	CPU_FREE(vset);
	CPU_FREE(sset);
}

static enum status hwprobe_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct hwprobe_verify_state *s = state;
	struct hwprobe_pair p[HWPROBE_PAIRS];
	char why[256];

	if (!have_syscall(run)) {
		hwprobe_supported(api, why, sizeof(why));
		report_line(api, "verify: skipped: %s", why);
		return STATUS_SKIP;
	}
	if (!api_vdso_fn(api, run)) {
		report_line(api, "verify: skipped: no vDSO function (nothing to compare)");
		return STATUS_SKIP;
	}
	if (!cpu_mask_get(&s->mask)) {
		fprintf(stderr, "vdsotest: sched_getaffinity: %s\n", strerror(errno));
		return STATUS_FAIL;
	}
	fill_keys(p);
	if (sys_hwprobe(run->vdso, p, HWPROBE_PAIRS, 0, NULL, 0) != 0) {
		report_line(api, "verify: the system call riscv_hwprobe() failed: %s",
			    strerror(errno));
		return STATUS_FAIL;
	}
	for (int k = 0; k < HWPROBE_KEYS; k++)
		if (p[k].key == k)
			s->known = k + 1;
	if (run->verbose)
		report_line(api,
			    "verify: keys 0 .. %d known to the system call; vector extension (V) %s",
			    s->known - 1,
			    s->known > HWPROBE_KEY_IMA_EXT_0 &&
					    (p[HWPROBE_KEY_IMA_EXT_0].value & HWPROBE_IMA_V)
				    ? "reported"
				    : "not reported");
	return STATUS_PASS;
}

static void hwprobe_round(struct verify_ctx *ctx, void *state)
{
	struct hwprobe_verify_state *s = state;
	const struct cpu_mask *m = &s->mask;
	struct hwprobe_pair all[HWPROBE_PAIRS];
	cpu_set_t *one = CPU_ALLOC(m->ncpus);
	char form[48];

	one_form(ctx, "all CPUs", 0, NULL, NULL);
	/* each CPU alone, pinned there: a CPU gone offline meanwhile excuses */
	for (unsigned cpu = 0; one && cpu < m->ncpus && verify_failures() < ctx->run->maxfails;
	     cpu++) {
		if (!CPU_ISSET_S(cpu, m->size, m->set) || cpu_pin(cpu) != 0)
			continue;
		struct hwprobe_pair v[HWPROBE_PAIRS], sp[HWPROBE_PAIRS];
		CPU_ZERO_S(m->size, one);
		CPU_SET_S(cpu, m->size, one);
		fill_keys(v);
		fill_keys(sp);
		long vr = vdso_riscv_hwprobe(api_vdso_fn(ctx->api, ctx->run), v, HWPROBE_PAIRS,
					     m->size, one, 0);
		int verr = errno;
		long sr = sys_hwprobe(ctx->run->vdso, sp, HWPROBE_PAIRS, m->size, one, 0);
		int serr = errno;
		if (!cpu_still_pinned(cpu))
			continue;
		snprintf(form, sizeof(form), "CPU %u alone", cpu);
		compare_pairs(ctx, form, vr, verr, sr, serr, v, sp);
	}
	sched_setaffinity(0, m->size, m->set);
	CPU_FREE(one);
	fill_keys(all);
	if (sys_hwprobe(ctx->run->vdso, all, HWPROBE_PAIRS, 0, NULL, 0) == 0)
		which_cpus(ctx, s, all);
}

static void hwprobe_verify_teardown(void *state)
{
	cpu_mask_free(&((struct hwprobe_verify_state *)state)->mask);
}

/* ---- abi ---- */

/*
 * The cases: the abi_call's clock_id is the index of its row (the call
 * has no clock id; it has more arguments than struct abi_call holds).
 * ptr[0] is pairs (@count pairs of @key), ptr[1] cpus (@setsize bytes, a
 * good one all CPUs of the affinity mask).  What the system call gives,
 * by arch/riscv/kernel/sys_hwprobe.c: flags other than 0 and
 * RISCV_HWPROBE_WHICH_CPUS: EINVAL; form 0: cpus NULL and setsize 0 is
 * every online CPU, else the set is read (EFAULT) and must hold an online
 * CPU (EINVAL); each pair's key is read and key and value written back
 * (EFAULT), an unknown key as -1, 0; the WHICH_CPUS form: cpus NULL or
 * setsize 0 is EINVAL, the set read and written back (EFAULT), the pairs
 * read (EFAULT) and written only for an unknown key.
 * Form 0 with a CPU set other than a good one is not made: on harts of
 * one vendor, architecture and implementation the vDSO answers any set
 * without reading it (arch/riscv/kernel/vdso/hwprobe.c), by design.  Nor
 * pairs at UINTPTR_MAX, in either form: the vDSO's end pointer, pairs +
 * pair_count, wraps below pairs, and it returns 0 without a write where
 * the system call gives EFAULT (seen on Debian's 6.12.117 under qemu; not
 * a known kernel bug of core/known_bugs.c yet: no fix to name).
 */
struct hwprobe_case {
	enum abi_ptr pairs, cpus;
	size_t count, setsize;
	int64_t key;
	unsigned flags;
	struct abi_want want;
};

/* clang-format off */
#define FAULT { .fault = true }
#define RET(r, e) { .ret = (r), .err = (e) }
static const struct hwprobe_case cases[] = {
	{ PTR_GOOD, PTR_NULL, 1, 0, 0, 0, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 1, 0, 4, 0, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 1, 0, -1, 0, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 1, 0, INT64_C(1) << 40, 0, RET(0, 0) },
	{ PTR_NULL, PTR_NULL, 0, 0, 0, 0, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 0, 0, 0, 0, RET(0, 0) },
	{ PTR_NULL, PTR_NULL, 1, 0, 0, 0, FAULT },
	{ PTR_PROT_NONE, PTR_NULL, 1, 0, 0, 0, FAULT },
	{ PTR_PROT_READ, PTR_NULL, 1, 0, 0, 0, FAULT },
	{ PTR_STRADDLE, PTR_NULL, 1, 0, 0, 0, FAULT },
	{ PTR_GOOD, PTR_GOOD, 1, 8, 0, 0, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 1, 0, 0, 2, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_NULL, 1, 0, 0, 3, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_NULL, 1, 0, 0, 0x80000000u, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_GOOD, 1, 8, 0, HWPROBE_WHICH_CPUS, RET(0, 0) },
	{ PTR_GOOD, PTR_GOOD, 1, 8, 4, HWPROBE_WHICH_CPUS, RET(0, 0) },
	{ PTR_GOOD, PTR_GOOD, 1, 8, INT64_C(1) << 40, HWPROBE_WHICH_CPUS, RET(0, 0) },
	{ PTR_GOOD, PTR_GOOD, 0, 8, 0, HWPROBE_WHICH_CPUS, RET(0, 0) },
	{ PTR_GOOD, PTR_NULL, 1, 0, 0, HWPROBE_WHICH_CPUS, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_GOOD, 1, 0, 0, HWPROBE_WHICH_CPUS, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_NULL, 1, 8, 0, HWPROBE_WHICH_CPUS, RET(-1, EINVAL) },
	{ PTR_GOOD, PTR_MAX, 1, 8, 0, HWPROBE_WHICH_CPUS, FAULT },
	{ PTR_GOOD, PTR_PROT_NONE, 1, 8, 0, HWPROBE_WHICH_CPUS, FAULT },
	{ PTR_GOOD, PTR_PROT_READ, 1, 8, 0, HWPROBE_WHICH_CPUS, FAULT },
	{ PTR_NULL, PTR_GOOD, 1, 8, 0, HWPROBE_WHICH_CPUS, FAULT },
	{ PTR_PROT_NONE, PTR_GOOD, 1, 8, 0, HWPROBE_WHICH_CPUS, FAULT },
	/* a known key is only read: a read-only page (of zeros: key 0) is no fault */
	{ PTR_PROT_READ, PTR_GOOD, 1, 8, 0, HWPROBE_WHICH_CPUS, RET(0, 0) },
};
/* clang-format on */
#undef FAULT
#undef RET

/* The stand-in's binding for the abi children (set before the cases; fork keeps it). */
static const struct vdso_binding *abi_binding;

static long hwprobe_abi_call(const struct abi_call *c)
{
	const struct hwprobe_case *k = &cases[c->clock_id];
	struct hwprobe_pair *pairs = abi_ptr(c->ptr[0], c->size[0]);
	unsigned char *cpus = abi_ptr(c->ptr[1], c->size[1]);

	if (c->ptr[0] == PTR_GOOD)
		for (size_t i = 0; i < k->count; i++)
			pairs[i] = (struct hwprobe_pair){ .key = k->key };
	if (c->ptr[1] == PTR_GOOD) {
		cpu_set_t set;
		CPU_ZERO(&set);
		if (sched_getaffinity(0, sizeof(set), &set) != 0)
			abi_call_not_set_up();
		memcpy(cpus, &set, c->size[1]);
	}
	if (c->vdso_fn)
		return vdso_riscv_hwprobe(c->vdso_fn, pairs, k->count, k->setsize, cpus, k->flags);
	return sys_hwprobe(abi_binding, pairs, k->count, k->setsize, cpus, k->flags);
}

static void hwprobe_abi_cases(struct abi_ctx *ctx)
{
	char what[160];

	if (!have_syscall(ctx->run)) {
		char why[256];
		hwprobe_supported(ctx->api, why, sizeof(why));
		report_line(ctx->api, "abi: no case made: %s", why);
		return;
	}
	abi_binding = ctx->run->vdso;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct hwprobe_case *k = &cases[i];
		struct abi_call c = { .clock_id = (long)i,
				      .ptr = { k->pairs, k->cpus, PTR_NULL },
				      .size = { k->count ? k->count * sizeof(struct hwprobe_pair)
							 : sizeof(struct hwprobe_pair),
						k->setsize ? k->setsize : 8, 0 } };
		char pairs[48], cpus[48];

		if (k->pairs == PTR_GOOD)
			snprintf(pairs, sizeof(pairs), "&{key %" PRId64 "}", k->key);
		else
			snprintf(pairs, sizeof(pairs), "%s", abi_ptr_name(k->pairs));
		snprintf(cpus, sizeof(cpus), "%s",
			 k->cpus == PTR_GOOD ? "&set" : abi_ptr_name(k->cpus));
		snprintf(what, sizeof(what), "riscv_hwprobe(%s, %zu, %zu, %s, %#x)", pairs,
			 k->count, k->setsize, cpus, k->flags);
		if (k->want.fault)
			abi_expect_fault(ctx, c, what);
		else
			abi_expect_result(ctx, c, k->want.ret, k->want.err, what);
	}
}

/* ---- the probes ---- */

static void hwprobe_call_once(const struct api *api, void *fn)
{
	struct hwprobe_pair pair = { .key = HWPROBE_KEY_IMA_EXT_0 };

	(void)api;
	vdso_riscv_hwprobe(fn, &pair, 1, 0, NULL, 0);
}

const struct family riscv_hwprobe_family = {
	.call = VDSO_RISCV_HWPROBE,
	.name = "riscv_hwprobe",
	.summary = "riscv_hwprobe(2): riscv's answers about the harts (keys and values)",
	.supported = hwprobe_supported,
	.call_once = hwprobe_call_once,
	.bench_state_size = sizeof(struct hwprobe_bench),
	.bench_paths = hwprobe_bench_paths,
	.verify_state_size = sizeof(struct hwprobe_verify_state),
	.verify_setup = hwprobe_verify_setup,
	.verify_round = hwprobe_round,
	.verify_teardown = hwprobe_verify_teardown,
	.abi_call = hwprobe_abi_call,
	.abi_cases = hwprobe_abi_cases,
};
