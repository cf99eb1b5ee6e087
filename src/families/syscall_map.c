// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The powerpc-get-syscall-map family.  void *__kernel_get_syscall_map(
 * unsigned int *syscall_count) returns the bitmap of the system calls the
 * kernel implements, and stores their number (NR_syscalls) through
 * syscall_count unless it is NULL (arch/powerpc/kernel/vdso/datapage.S).
 * System call N is implemented when bit (0x80000000 >> (N & 31)) of the
 * 32-bit word N >> 5 is set; the kernel sets it for every entry of its
 * table that is not sys_ni_syscall (arch/powerpc/kernel/vdso.c,
 * vdso_setup_syscall_map()), the entries that return ENOSYS.
 *
 * verify: the map and count, the same with a NULL count and in every
 * round; no bit set at or past the count; and a bit set exactly for the
 * probed system calls that do not return ENOSYS: a handful that take no
 * argument and change nothing (getpid() ...), the numbers the kernel's
 * table of this architecture leaves unimplemented on every configuration
 * (SYSCALL_MAP_NI), and one past every table.  The other bits cannot be
 * checked: the kernel shows its table nowhere else, and calling an
 * arbitrary system call is not harmless.
 */
#include "config.h"

#include <errno.h>
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

/* More system calls than any kernel has (powerpc: 470 in Linux 6.18). */
#define SYSCALL_MAP_MAX 4096

/*
 * Numbers no kernel of this architecture implements: "sys_ni_syscall" in
 * every column of the kernel's table.  powerpc:
 * arch/powerpc/kernel/syscalls/syscall.tbl (break, stty, gtty, ftime,
 * prof, lock, mpx, ulimit, profil, afs_syscall, query_module, nfsservctl,
 * getpmsg, putpmsg, tuxcall); x86_64 and i386 (for tests/fake-vdso.c on
 * the build machine): arch/x86/entry/syscalls/syscall_64.tbl
 * (create_module, get_kernel_syms, query_module, nfsservctl, getpmsg,
 * putpmsg, afs_syscall, tuxcall, security, vserver: no entry point) and
 * syscall_32.tbl (break ... profil, afs_syscall).  The number past the
 * table is past every table of these architectures (SYSCALL_MAP_MAX - 1;
 * not mips, whose tables start at 4000).
 */
#if defined(__powerpc__)
static const long syscall_map_ni[] = { 17, 31,	32,  35,  44,  53,  56, 58,
				       98, 137, 166, 168, 187, 188, 225 };
#define SYSCALL_MAP_PAST (SYSCALL_MAP_MAX - 1)
#elif defined(__x86_64__) && !defined(__ILP32__)
static const long syscall_map_ni[] = { 174, 177, 178, 180, 181, 182, 183, 184, 185, 236 };
#define SYSCALL_MAP_PAST (SYSCALL_MAP_MAX - 1)
#elif defined(__i386__)
static const long syscall_map_ni[] = { 17, 31, 32, 35, 44, 53, 56, 58, 98, 137 };
#define SYSCALL_MAP_PAST (SYSCALL_MAP_MAX - 1)
#else
static const long syscall_map_ni[] = { -1 };
#endif

/* System calls without arguments that change nothing (each arch's tables have them). */
static const struct {
	long nr;
	const char *name;
} syscall_map_probes[] = {
	{ SYS_getpid, "getpid" },   { SYS_getppid, "getppid" },		{ SYS_gettid, "gettid" },
	{ SYS_getuid, "getuid" },   { SYS_geteuid, "geteuid" },		{ SYS_getgid, "getgid" },
	{ SYS_getegid, "getegid" }, { SYS_sched_yield, "sched_yield" },
};

#define CHECK_RETURNS "returns the map without error"
#define CHECK_COUNT "stores the count"
#define CHECK_NULL_COUNT "the same map with a NULL count"
#define CHECK_CONSTANT "the same map and count in every call"
#define CHECK_PAST_COUNT "no bit set at or past the count"
#define CHECK_PROBES "a bit set exactly for the system calls that do not return ENOSYS"

struct syscall_map_state {
	const uint32_t *map; /* the first round's */
	unsigned count;
	uint32_t copy[SYSCALL_MAP_MAX / 32];
};

static bool map_bit(const uint32_t *map, unsigned long nr)
{
	return map[nr >> 5] & (0x80000000u >> (nr & 31));
}

/* Is system call @nr implemented: does syscall(nr) give anything but ENOSYS? */
static bool implemented(long nr, long *ret, int *err)
{
	errno = 0;
	*ret = syscall(nr, 0, 0, 0, 0, 0, 0);
	*err = errno;
	return !(*ret == -1 && *err == ENOSYS);
}

/* Bit @nr of the map against what syscall(@nr) does. */
static void check_probe(struct verify_ctx *ctx, const uint32_t *map, unsigned count, long nr,
			const char *name)
{
	long ret;
	int err;
	bool impl = implemented(nr, &ret, &err);
	bool bit = (unsigned long)nr < count && map_bit(map, nr);
	char what[64];

	if (name)
		snprintf(what, sizeof(what), "%ld (%s)", nr, name);
	else
		snprintf(what, sizeof(what), "%ld", nr);
	if (verify_ok(ctx, CHECK_PROBES, bit == impl))
		return;
	if (impl)
		verify_fail(ctx,
			    "system call %s returns %ld (%s), not ENOSYS, but its bit in the vDSO's map is %s",
			    what, ret, ret == -1 ? strerror(err) : "no error",
			    (unsigned long)nr < count ? "clear" : "past the count");
	else
		verify_fail(ctx,
			    "system call %s returns -1 (ENOSYS: not implemented), but its bit in the vDSO's map is set",
			    what);
}

static enum status syscall_map_verify_setup(const struct api *api, const struct run *run,
					    void *state)
{
	(void)state;
	if (!api_vdso_fn(api, run)) {
		report_note("%s: no vDSO function, and no system call or libc call gives the map: nothing to verify",
			    api->name);
		return STATUS_SKIP;
	}
	return STATUS_PASS;
}

static void syscall_map_round(struct verify_ctx *ctx, void *state)
{
	struct syscall_map_state *s = state;
	void *fn = api_vdso_fn(ctx->api, ctx->run);
	unsigned count = UINT32_MAX;

	errno = 0;
	const uint32_t *map = vdso_get_syscall_map(fn, &count);
	if (!verify_ok(ctx, CHECK_RETURNS, map != NULL)) {
		verify_fail(ctx, "vDSO get_syscall_map(&count) returned NULL%s%s",
			    errno ? " with CR0.SO set: " : "", errno ? strerror(errno) : "");
		return;
	}
	if (!verify_ok(ctx, CHECK_COUNT, count > 0 && count < SYSCALL_MAP_MAX)) {
		verify_fail(ctx, "vDSO get_syscall_map(&count) stored count %u%s", count,
			    count == UINT32_MAX ? " (left unwritten)" : ": not 1 .. 4095");
		return;
	}
	const uint32_t *map2 = vdso_get_syscall_map(fn, NULL);
	if (!verify_ok(ctx, CHECK_NULL_COUNT, map2 == map))
		verify_fail(ctx,
			    "vDSO get_syscall_map(NULL) returned %p, get_syscall_map(&count) %p",
			    (const void *)map2, (const void *)map);
	size_t words = (count + 31) / 32;
	if (!s->map) {
		s->map = map;
		s->count = count;
		memcpy(s->copy, map, words * sizeof(uint32_t));
	} else if (!verify_ok(ctx, CHECK_CONSTANT,
			      map == s->map && count == s->count &&
				      memcmp(s->copy, map, words * sizeof(uint32_t)) == 0)) {
		verify_fail(ctx,
			    "vDSO get_syscall_map() changed during the run: map %p, count %u; first %p, count %u%s",
			    (const void *)map, count, (const void *)s->map, s->count,
			    map == s->map && count == s->count ? " (and the bits)" : "");
		return;
	}
	for (unsigned nr = count; nr < words * 32; nr++)
		if (!verify_ok(ctx, CHECK_PAST_COUNT, !map_bit(map, nr))) {
			verify_fail(ctx, "bit %u of the vDSO's map is set, at or past its count %u",
				    nr, count);
			break;
		}
	for (size_t i = 0; i < sizeof(syscall_map_probes) / sizeof(syscall_map_probes[0]); i++)
		check_probe(ctx, map, count, syscall_map_probes[i].nr, syscall_map_probes[i].name);
	for (size_t i = 0; i < sizeof(syscall_map_ni) / sizeof(syscall_map_ni[0]); i++)
		if (syscall_map_ni[i] >= 0)
			check_probe(ctx, map, count, syscall_map_ni[i], "never implemented here");
#ifdef SYSCALL_MAP_PAST
	check_probe(ctx, map, count, SYSCALL_MAP_PAST, "past every table");
#else
	verify_skip(NULL, "a number past the table returns ENOSYS",
		    "no number known to lie past this architecture's tables");
#endif
}

/* ---- bench ---- */

BENCH_PLACED_BATCH(vdso_batch, p, n, void *fn = *(void *const *)p; unsigned count;

		   BENCH_REPEAT(n, vdso_get_syscall_map(fn, &count));)

static int syscall_map_probe(enum bench_path p, const void *arg)
{
	unsigned count;

	(void)p; /* the vDSO path alone */
	errno = 0;
	return vdso_get_syscall_map(*(void *const *)arg, &count) ? 0 : errno ? errno : EINVAL;
}

static const uint32_t *empty_syscall_map(unsigned *count)
{
	(void)count;
	return NULL;
}

static enum status syscall_map_bench_paths(const struct api *api, const struct run *run,
					   struct bench_paths *paths, void *state)
{
	bench_paths_of_fn(paths, state, api_vdso_fn(api, run), (void *)empty_syscall_map, NULL,
			  NULL, vdso_batch, syscall_map_probe);
	return STATUS_PASS;
}

/* ---- abi ---- */

/*
 * get_syscall_map(count): 0 when the map came back, -1 with errno when
 * not (CR0.SO).  The reference (c->vdso_fn NULL) is the documented
 * behaviour, as a system call would give it: a NULL count is skipped
 * (datapage.S: "beqlr"), a bad one is EFAULT.
 */
static long syscall_map_abi_call(const struct abi_call *c)
{
	unsigned *count = abi_ptr(c->ptr[0], sizeof(*count));

	if (!c->vdso_fn) {
		if (abi_ptr_bad(c->ptr[0])) {
			errno = EFAULT;
			return -1;
		}
		return 0;
	}
	errno = 0;
	return vdso_get_syscall_map(c->vdso_fn, count) ? 0 : -1;
}

static void syscall_map_abi_cases(struct abi_ctx *ctx)
{
	struct abi_call c = { .ptr = { PTR_NULL }, .size = { sizeof(unsigned) } };
	char what[64];

	for (int p = 0; p < NR_ABI_PTRS; p++) {
		if (p == PTR_STRADDLE) /* (4 bytes, aligned: never across a page) */
			continue;
		c.ptr[0] = p;
		snprintf(what, sizeof(what), "get_syscall_map(%s)",
			 p == PTR_GOOD ? "&count" : abi_ptr_name(p));
		if (abi_ptr_bad(p))
			abi_expect_fault(ctx, c, what);
		else
			abi_expect_result(ctx, c, 0, 0, what);
	}
}

static void syscall_map_call_once(const struct api *api, void *fn)
{
	unsigned count;

	(void)api;
	vdso_get_syscall_map(fn, &count);
}

const struct family syscall_map_family = {
	.call = VDSO_GET_SYSCALL_MAP,
	.name = "syscall_map",
	.summary = "powerpc's __kernel_get_syscall_map(): the bitmap of the system calls",
	.call_once = syscall_map_call_once,
	.bench_state_size = sizeof(struct bench_fn_args),
	.bench_paths = syscall_map_bench_paths,
	.verify_state_size = sizeof(struct syscall_map_state),
	.verify_setup = syscall_map_verify_setup,
	.verify_round = syscall_map_round,
	.abi_call = syscall_map_abi_call,
	.abi_cases = syscall_map_abi_cases,
};
