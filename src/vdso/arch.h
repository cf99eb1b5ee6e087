/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Per-architecture facts: the ELF machine of this build and the vDSO calling
 * convention.
 *
 * Every vDSO function is called through the vdso_*() wrappers below, which
 * turn the architecture's error convention into the system call's: -1 with
 * errno set.  Elsewhere than powerpc a vDSO function returns a negative errno
 * (kernel: lib/vdso/gettimeofday.c).  On powerpc it returns a positive errno
 * in r3 with the summary-overflow bit of CR0 set, like the sc instruction
 * (kernel: arch/powerpc/include/asm/vdso/gettimeofday.h, and the ELF ABI
 * supplement's system call convention).
 */
#ifndef VDSOTEST_ARCH_H
#define VDSOTEST_ARCH_H

#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <linux/time_types.h>
#include <sys/time.h>

#include "vdso/regcheck.h"

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif

#if defined(__x86_64__)
#define VDSOTEST_NATIVE_EM EM_X86_64
#elif defined(__i386__)
#define VDSOTEST_NATIVE_EM EM_386
#elif defined(__aarch64__)
#define VDSOTEST_NATIVE_EM EM_AARCH64
#elif defined(__arm__)
#define VDSOTEST_NATIVE_EM EM_ARM
#elif defined(__powerpc64__)
#define VDSOTEST_NATIVE_EM EM_PPC64
#elif defined(__powerpc__)
#define VDSOTEST_NATIVE_EM EM_PPC
#elif defined(__s390__)
#define VDSOTEST_NATIVE_EM EM_S390
#elif defined(__mips__)
#define VDSOTEST_NATIVE_EM EM_MIPS
#elif defined(__riscv)
#define VDSOTEST_NATIVE_EM EM_RISCV
#elif defined(__loongarch__)
#define VDSOTEST_NATIVE_EM EM_LOONGARCH
#elif defined(__sparc__) && defined(__arch64__)
#define VDSOTEST_NATIVE_EM EM_SPARCV9
#elif defined(__sparc__)
/* 32-bit programs on a sparc64 kernel (arch/sparc/vdso/vdso32); its
 * EM_SPARC and EM_SPARC32PLUS rows in vdso.c name the calls alike */
#define VDSOTEST_NATIVE_EM EM_SPARC32PLUS
#else
#define VDSOTEST_NATIVE_EM EM_NONE
#endif

/*
 * What the vDSO functions write: the kernel's own types (<linux/time_types.h>),
 * whose layout on 64-bit and 32-bit kernels is that of the clock_gettime,
 * clock_getres and gettimeofday system calls (not of libc's struct timespec,
 * which may be 64-bit on a 32-bit system).  sparc64's timeval has a 4-byte
 * tv_usec, padded: its asm/posix_types.h defines __kernel_old_timeval.
 */
typedef struct __kernel_old_timespec vdso_timespec;
typedef struct __kernel_old_timeval vdso_timeval;
/* What time() returns and stores: 8 bytes on x32, where long has 4. */
typedef __kernel_old_time_t vdso_time_t;
/*
 * What the time64 calls of 32-bit targets write (clock_gettime64,
 * clock_getres_time64, Linux 5.1): 64-bit tv_sec and tv_nsec.
 */
typedef struct __kernel_timespec vdso_timespec64;

/*
 * The checked call (regcheck.h): while vdso_check_armed, every wrapper
 * below calls vdso_checked() instead of @fn directly: @fn(@a0 .. @a4)
 * through the register trampoline (VDSO_CHECK_REGS) and with its first
 * two arguments, when they point to an object of @s0 / @s1 bytes (0: not
 * an output), moved between guard bytes (VDSO_CHECK_GUARD); @w0 / @w1
 * name the objects.  Return: the raw return register (elsewhere than
 * powerpc: a function returning int leaves the upper half of a 64-bit
 * register undefined, so the int wrappers cast first); on powerpc -1 with
 * errno when CR0.SO is set.
 */
static inline long vdso_checked(void *fn, long a0, long a1, long a2, long a3, long a4, size_t s0,
				const char *w0, size_t s1, const char *w1)
{
	const long a[5] = { a0, a1, a2, a3, a4 };
	const struct vdso_out out[2] = { { s0, w0 }, { s1, w1 } };
	bool so;
	long r = vdso_checked_call(fn, a, out, &so);

#if defined(__powerpc__)
	if (so) {
		errno = (int)r;
		return -1;
	}
#endif
	return r;
}

#if defined(__powerpc__)
/*
 * Call @fn(a0, a1, a2) the way the kernel calls back into user space on
 * powerpc: arguments in r3..r5, result in r3, errors flagged by CR0.SO
 * (bit 28 of the CR as read by mfcr).  r12 holds the entry address, as the
 * ELFv2 ABI asks for a global entry point.  On 64-bit the TOC pointer r2 is
 * saved in its slot of our frame (24(r1) in ELFv2, 40(r1) in ELFv1; the
 * "lr" clobber makes the compiler give us a frame) and restored after the
 * call: the kernel's vDSO keeps r2, a --vdso-lib function need not.
 */
#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
#define VDSO_PPC_SAVE_TOC "std 2,24(1)\n\t"
#define VDSO_PPC_LOAD_TOC "\n\tld 2,24(1)"
#elif defined(__powerpc64__)
#define VDSO_PPC_SAVE_TOC "std 2,40(1)\n\t"
#define VDSO_PPC_LOAD_TOC "\n\tld 2,40(1)"
#else /* 32-bit: r2 is the thread pointer, never touched */
#define VDSO_PPC_SAVE_TOC ""
#define VDSO_PPC_LOAD_TOC ""
#endif

/* The call of vdso_call3(): r3 as it came back, and CR0.SO into *@so. */
static inline long vdso_call3_so(void *fn, long a0, long a1, long a2, bool *so)
{
	register long r3 __asm__("r3") = a0;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register void *r12 __asm__("r12") = fn;
	unsigned long cr;

	__asm__ volatile(VDSO_PPC_SAVE_TOC "mtctr %4\n\tbctrl\n\tmfcr %3" VDSO_PPC_LOAD_TOC
			 : "+r"(r3), "+r"(r4), "+r"(r5), "=r"(cr), "+r"(r12)
			 :
			 : "r0", "r6", "r7", "r8", "r9", "r10", "r11", "ctr", "lr", "cr0", "cr1",
			   "cr5", "cr6", "cr7", "xer", "memory");
	*so = cr & (1UL << 28);
	return r3;
}

static inline long vdso_call3(void *fn, long a0, long a1, long a2)
{
	bool so;
	long r3 = vdso_call3_so(fn, a0, a1, a2, &so);

	if (so) {
		errno = (int)r3;
		return -1;
	}
	return r3;
}

static inline int vdso_clock_gettime(void *fn, clockid_t id, vdso_timespec *ts)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, id, (long)ts, 0, 0, 0, 0, NULL, sizeof(vdso_timespec),
					 "timespec");
	return (int)vdso_call3(fn, id, (long)ts, 0);
}

static inline int vdso_clock_getres(void *fn, clockid_t id, vdso_timespec *res)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, id, (long)res, 0, 0, 0, 0, NULL, sizeof(vdso_timespec),
					 "timespec");
	return (int)vdso_call3(fn, id, (long)res, 0);
}

static inline int vdso_gettimeofday(void *fn, vdso_timeval *tv, struct timezone *tz)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, (long)tv, (long)tz, 0, 0, 0, sizeof(*tv), "timeval",
					 sizeof(*tz), "timezone");
	return (int)vdso_call3(fn, (long)tv, (long)tz, 0);
}

static inline vdso_time_t vdso_time(void *fn, vdso_time_t *t)
{
	if (vdso_check_armed)
		return vdso_checked(fn, (long)t, 0, 0, 0, 0, sizeof(*t), "time_t", 0, NULL);
	return vdso_call3(fn, (long)t, 0, 0);
}

static inline int vdso_getcpu(void *fn, unsigned *cpu, unsigned *node, void *cache)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, (long)cpu, (long)node, (long)cache, 0, 0, sizeof(*cpu),
					 "cpu", sizeof(*node), "node");
	return (int)vdso_call3(fn, (long)cpu, (long)node, (long)cache);
}

static inline int vdso_clock_gettime64(void *fn, clockid_t id, vdso_timespec64 *ts)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, id, (long)ts, 0, 0, 0, 0, NULL,
					 sizeof(vdso_timespec64), "__kernel_timespec");
	return (int)vdso_call3(fn, id, (long)ts, 0);
}

static inline int vdso_clock_getres_time64(void *fn, clockid_t id, vdso_timespec64 *res)
{
	if (vdso_check_armed)
		return (int)vdso_checked(fn, id, (long)res, 0, 0, 0, 0, NULL,
					 sizeof(vdso_timespec64), "__kernel_timespec");
	return (int)vdso_call3(fn, id, (long)res, 0);
}

/* vdso_call3() with two more arguments, in r6 and r7. */
static inline long vdso_call5(void *fn, long a0, long a1, long a2, long a3, long a4)
{
	register long r3 __asm__("r3") = a0;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r6 __asm__("r6") = a3;
	register long r7 __asm__("r7") = a4;
	register void *r12 __asm__("r12") = fn;
	unsigned long cr;

	__asm__ volatile(VDSO_PPC_SAVE_TOC "mtctr %6\n\tbctrl\n\tmfcr %5" VDSO_PPC_LOAD_TOC
			 : "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7), "=r"(cr), "+r"(r12)
			 :
			 : "r0", "r8", "r9", "r10", "r11", "ctr", "lr", "cr0", "cr1", "cr5", "cr6",
			   "cr7", "xer", "memory");
	if (cr & (1UL << 28)) {
		errno = (int)r3;
		return -1;
	}
	return r3;
}

static inline long vdso_getrandom(void *fn, void *buf, size_t len, unsigned flags, void *state,
				  size_t state_len)
{
	if (vdso_check_armed)
		return vdso_checked(fn, (long)buf, (long)len, (long)flags, (long)state,
				    (long)state_len, 0, NULL, 0, NULL);
	return vdso_call5(fn, (long)buf, (long)len, (long)flags, (long)state, (long)state_len);
}
/* riscv's calls, for a --vdso-lib object only (the kernel's are riscv's): see below. */
static inline int vdso_riscv_hwprobe(void *fn, void *pairs, size_t count, size_t cpusetsize,
				     void *cpus, unsigned flags)
{
	return (int)vdso_call5(fn, (long)pairs, (long)count, (long)cpusetsize, (long)cpus,
			       (long)flags);
}

static inline int vdso_flush_icache(void *fn, void *start, void *end, unsigned long flags)
{
	return (int)vdso_call3(fn, (long)start, (long)end, (long)flags);
}
#else
/* Negative errno convention: map -4095..-1 to -1 and errno. */
static inline long vdso_errno(long ret)
{
	if (ret < 0 && ret >= -4095) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

static inline int vdso_clock_gettime(void *fn, clockid_t id, vdso_timespec *ts)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, id, (long)ts, 0, 0, 0, 0, NULL,
							 sizeof(vdso_timespec), "timespec"));
	return (int)vdso_errno(((int (*)(clockid_t, vdso_timespec *))fn)(id, ts));
}

static inline int vdso_clock_getres(void *fn, clockid_t id, vdso_timespec *res)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, id, (long)res, 0, 0, 0, 0, NULL,
							 sizeof(vdso_timespec), "timespec"));
	return (int)vdso_errno(((int (*)(clockid_t, vdso_timespec *))fn)(id, res));
}

static inline int vdso_gettimeofday(void *fn, vdso_timeval *tv, struct timezone *tz)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, (long)tv, (long)tz, 0, 0, 0,
							 sizeof(*tv), "timeval", sizeof(*tz),
							 "timezone"));
	return (int)vdso_errno(((int (*)(vdso_timeval *, struct timezone *))fn)(tv, tz));
}

/* time() has no error return in the vDSO; the value is passed through. */
static inline vdso_time_t vdso_time(void *fn, vdso_time_t *t)
{
	if (vdso_check_armed)
		return vdso_checked(fn, (long)t, 0, 0, 0, 0, sizeof(*t), "time_t", 0, NULL);
	return ((vdso_time_t(*)(vdso_time_t *))fn)(t);
}

static inline int vdso_getcpu(void *fn, unsigned *cpu, unsigned *node, void *cache)
{
	if (vdso_check_armed)
		return (int)vdso_errno(vdso_checked(fn, (long)cpu, (long)node, (long)cache, 0, 0,
						    sizeof(*cpu), "cpu", sizeof(*node), "node"));
	return (int)vdso_errno(((long (*)(unsigned *, unsigned *, void *))fn)(cpu, node, cache));
}

static inline int vdso_clock_gettime64(void *fn, clockid_t id, vdso_timespec64 *ts)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, id, (long)ts, 0, 0, 0, 0, NULL,
							 sizeof(vdso_timespec64),
							 "__kernel_timespec"));
	return (int)vdso_errno(((int (*)(clockid_t, vdso_timespec64 *))fn)(id, ts));
}

static inline int vdso_clock_getres_time64(void *fn, clockid_t id, vdso_timespec64 *res)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, id, (long)res, 0, 0, 0, 0, NULL,
							 sizeof(vdso_timespec64),
							 "__kernel_timespec"));
	return (int)vdso_errno(((int (*)(clockid_t, vdso_timespec64 *))fn)(id, res));
}

/* ssize_t (buffer, length, flags, opaque state, opaque length): lib/vdso/getrandom.c. */
static inline long vdso_getrandom(void *fn, void *buf, size_t len, unsigned flags, void *state,
				  size_t state_len)
{
	if (vdso_check_armed)
		return vdso_errno(vdso_checked(fn, (long)buf, (long)len, (long)flags, (long)state,
					       (long)state_len, 0, NULL, 0, NULL));
	return vdso_errno(((long (*)(void *, size_t, unsigned, void *,
				     size_t))fn)(buf, len, flags, state, state_len));
}
/*
 * riscv_hwprobe(pairs, pair_count, cpusetsize, cpus, flags): int, 0 or a
 * negative errno (arch/riscv/kernel/vdso/hwprobe.c; the system call's
 * arguments, arch/riscv/kernel/sys_hwprobe.c).  @pairs: struct riscv_hwprobe.
 */
static inline int vdso_riscv_hwprobe(void *fn, void *pairs, size_t count, size_t cpusetsize,
				     void *cpus, unsigned flags)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, (long)pairs, (long)count,
							 (long)cpusetsize, (long)cpus, (long)flags,
							 0, NULL, 0, NULL));
	return (int)vdso_errno(((int (*)(void *, size_t, size_t, void *,
					 unsigned))fn)(pairs, count, cpusetsize, cpus, flags));
}

/*
 * flush_icache(start, end, flags): int, 0 or a negative errno
 * (arch/riscv/kernel/vdso/flush_icache.S: the system call
 * riscv_flush_icache, or fence.i on a kernel without CONFIG_SMP).
 */
static inline int vdso_flush_icache(void *fn, void *start, void *end, unsigned long flags)
{
	if (vdso_check_armed)
		return (int)vdso_errno((int)vdso_checked(fn, (long)start, (long)end, (long)flags, 0,
							 0, 0, NULL, 0, NULL));
	return (int)vdso_errno(((int (*)(void *, void *, unsigned long))fn)(start, end, flags));
}
#endif

/*
 * The powerpc exports (vdso_call_on_machine()).  Their kernel side:
 * arch/powerpc/kernel/vdso/datapage.S and cacheflush.S.  None has an
 * error return; each clears CR0.SO (crclr cr0*4+so), so that on powerpc
 * a set SO comes back as -1 with errno = r3, a failure the checks see.
 *
 * vdso_get_tbfreq - unsigned long long __kernel_get_tbfreq(void): the
 * timebase frequency in Hz (r3; on 32-bit r3:r4, high word first).
 * Return: the frequency; on powerpc (uint64_t)-1 with errno when CR0.SO
 * came back set.  Elsewhere (a --vdso-lib object) a C function returning
 * uint64_t.
 */
#if defined(__powerpc__) && !defined(__powerpc64__)
static inline uint64_t vdso_get_tbfreq(void *fn)
{
	register long r3 __asm__("r3") = 0;
	register long r4 __asm__("r4") = 0;
	register long r5 __asm__("r5") = 0;
	register void *r12 __asm__("r12") = fn;
	unsigned long cr;

	__asm__ volatile("mtctr %4\n\tbctrl\n\tmfcr %3"
			 : "+r"(r3), "+r"(r4), "+r"(r5), "=r"(cr), "+r"(r12)
			 :
			 : "r0", "r6", "r7", "r8", "r9", "r10", "r11", "ctr", "lr", "cr0", "cr1",
			   "cr5", "cr6", "cr7", "xer", "memory");
	if (cr & (1UL << 28)) {
		errno = (int)r3;
		return (uint64_t)-1;
	}
	return (uint64_t)(unsigned long)r3 << 32 | (unsigned long)r4;
}
#elif defined(__powerpc__)
static inline uint64_t vdso_get_tbfreq(void *fn)
{
	if (vdso_check_armed)
		return (uint64_t)vdso_checked(fn, 0, 0, 0, 0, 0, 0, NULL, 0, NULL);
	return (uint64_t)vdso_call3(fn, 0, 0, 0);
}
#else
static inline uint64_t vdso_get_tbfreq(void *fn)
{
	/* (a 32-bit uint64_t comes back in two registers: not through the check) */
	if (vdso_check_armed && sizeof(long) == 8)
		return (uint64_t)vdso_checked(fn, 0, 0, 0, 0, 0, 0, NULL, 0, NULL);
	return ((uint64_t(*)(void))fn)();
}
#endif

/*
 * vdso_get_syscall_map - void *__kernel_get_syscall_map(unsigned int
 * *syscall_count): the bitmap of the system calls, and their number
 * stored through @count unless it is NULL.  Return: the map; NULL with
 * errno when CR0.SO came back set (powerpc).
 */
static inline const uint32_t *vdso_get_syscall_map(void *fn, unsigned *count)
{
#if defined(__powerpc__)
	long r = vdso_check_armed ? vdso_checked(fn, (long)count, 0, 0, 0, 0, sizeof(*count),
						 "syscall_count", 0, NULL)
				  : vdso_call3(fn, (long)count, 0, 0);
	return r == -1 ? NULL : (const uint32_t *)r;
#else
	if (vdso_check_armed)
		return (const uint32_t *)vdso_checked(fn, (long)count, 0, 0, 0, 0, sizeof(*count),
						      "syscall_count", 0, NULL);
	return ((const uint32_t *(*)(unsigned *))fn)(count);
#endif
}

/*
 * vdso_sync_dicache - void __kernel_sync_dicache(unsigned long start,
 * unsigned long end): store the data cache lines of [start, end) and
 * invalidate their instruction cache lines.  Return: 0; -1 with errno
 * when CR0.SO came back set (powerpc).  Elsewhere the function's value is
 * not looked at (void).
 */
static inline int vdso_sync_dicache(void *fn, const void *start, const void *end)
{
#if defined(__powerpc__)
	/* (void: r3 is whatever the function left, start on an empty range) */
	const long a[5] = { (long)start, (long)end };
	const struct vdso_out out[2] = { { 0, NULL }, { 0, NULL } };
	bool so;
	long r = vdso_check_armed ? vdso_checked_call(fn, a, out, &so)
				  : vdso_call3_so(fn, (long)start, (long)end, 0, &so);

	if (so) {
		errno = (int)r;
		return -1;
	}
	return 0;
#else
	if (vdso_check_armed)
		vdso_checked(fn, (long)start, (long)end, 0, 0, 0, 0, NULL, 0, NULL);
	else
		((void (*)(unsigned long, unsigned long))fn)((unsigned long)start,
							     (unsigned long)end);
	return 0;
#endif
}

/*
 * The bench loops' calls: the vDSO function called with its result not
 * looked at, so that the figure is the call's and not that of the errno
 * conversion (3 instructions, ~0.3 ns of a 2.4 ns clock_getres here).
 * powerpc needs its asm call anyway.  Valid arguments only.
 */
#if defined(__powerpc__)
static inline void vdso_bench_clock(void *fn, clockid_t id, vdso_timespec *ts)
{
	vdso_call3(fn, id, (long)ts, 0);
}

static inline void vdso_bench_getcpu(void *fn, unsigned *cpu)
{
	vdso_call3(fn, (long)cpu, 0, 0);
}

static inline void vdso_bench_time(void *fn)
{
	vdso_call3(fn, 0, 0, 0);
}
#else
static inline void vdso_bench_clock(void *fn, clockid_t id, vdso_timespec *ts)
{
	((int (*)(clockid_t, vdso_timespec *))fn)(id, ts);
}

static inline void vdso_bench_getcpu(void *fn, unsigned *cpu)
{
	((long (*)(unsigned *, unsigned *, void *))fn)(cpu, NULL, NULL);
}

static inline void vdso_bench_time(void *fn)
{
	((vdso_time_t(*)(vdso_time_t *))fn)(NULL);
}
#endif

#endif
