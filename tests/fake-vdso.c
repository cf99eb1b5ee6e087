// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fake vDSO for `vdsotest --vdso-lib`: the functions the kernel's vDSO
 * exports on this architecture, with its calling convention (0 or a negative
 * errno), answered through the real system calls.  Built for `make check`
 * only.
 *
 * VDSOTEST_FAKE_BUG=<name> makes it get exactly one thing wrong, so that the
 * tests can show that each check of verify and abi fires; see the table in
 * bug_names[] and tests/fakes.sh.  Unset, it is a correct vDSO.
 *
 * It also exports the test seam of src/vdso/vdso.h (struct vdso_binding),
 * which the kernel's vDSO has not: vdsotest_test_syscall(), the system
 * call verify compares with, and vdsotest_test_vsyscall_getcpu(), the
 * x86_64 vsyscall page's getcpu; correct, both are the system call, and
 * the syscall-* and vsyscall-* bugs make them wrong.  And
 * vdsotest_test_syscall5(): riscv's system calls riscv_hwprobe and
 * riscv_flush_icache answered by a model of the kernel's (at the end), so
 * that the riscv families run on any host; the hwprobe-* and flush-icache-*
 * bugs are in the fake's vDSO functions over it.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "vdso/arch.h"
#include "families/getrandom.h"

enum bug {
	BUG_NONE,
	BUG_GETTIME_ERROR,	/* clock_gettime fails with -EINVAL */
	BUG_GETTIME_NSEC_1E9,	/* tv_nsec == 1000000000 */
	BUG_GETTIME_BACKWARDS,	/* 1 ms before the real time */
	BUG_GETTIME_AHEAD,	/* 1 ms after the real time */
	BUG_GETTIME_FROZEN,	/* always the first value read */
	BUG_COARSE_LAG,		/* coarse clocks 50 ms late */
	BUG_COARSE_AHEAD,	/* coarse clocks return the fine clock + 1 ms */
	BUG_BOOTTIME_EARLY,	/* CLOCK_BOOTTIME = CLOCK_MONOTONIC - 1 s */
	BUG_GETRES_WRONG,	/* resolution off by 1 ns */
	BUG_GETRES_ERROR,	/* clock_getres fails with -EINVAL */
	BUG_GETRES_NULL_FAILS,	/* clock_getres(id, NULL) gives -EFAULT */
	BUG_GETRES_NULL_CRASH,	/* clock_getres(id, NULL) writes through NULL */
	BUG_GTOD_ERROR,		/* gettimeofday fails with -EINVAL */
	BUG_GTOD_USEC_1E6,	/* tv_usec == 1000000 */
	BUG_GTOD_BEHIND,	/* 1 s behind CLOCK_REALTIME */
	BUG_GTOD_TZ,		/* tz_minuteswest off by 60 */
	BUG_GTOD_NULL_TZ_FAILS,	/* gettimeofday(&tv, NULL) gives -EFAULT */
	BUG_GTOD_NULL_CRASH,	/* gettimeofday(NULL, NULL) writes through NULL */
	BUG_TIME_AHEAD,		/* time() one hour ahead */
	BUG_TIME_STORE,		/* time(&t) stores a value other than it returns */
	BUG_TIME_NULL_CRASH,	/* time(NULL) writes through NULL */
	BUG_TIME_HANG,		/* time() never returns */
	BUG_TIME_SLOW_START,	/* correct, but each of a process's first 24 calls of time() sleeps 0.5 s */
	BUG_GETCPU_ERROR,	/* getcpu fails with -EINVAL */
	BUG_GETCPU_OUTSIDE,	/* CPU 4095, outside any affinity mask */
	BUG_GETCPU_WRONG_CPU,	/* the other CPU of a pair (cpu ^ 1) */
	BUG_GETCPU_WRONG_NODE,	/* node + 1 */
	BUG_GETCPU_CACHE,	/* writes through the unused third argument */
	BUG_GETCPU_NULL_CRASH,	/* getcpu(NULL, ...) writes through NULL */
	BUG_EFAULT_IS_ZERO,	/* a bad pointer gives 0 instead of -EFAULT */
	BUG_EFAULT_IS_SIGABRT,	/* a bad pointer aborts instead of faulting */
	BUG_EINVAL_IS_ZERO,	/* an invalid clock id gives 0 */
	BUG_EINVAL_IS_ENOSYS,	/* an invalid clock id gives -ENOSYS */
	BUG_GETTIME_STOPS,	/* stops advancing after 8 calls (verify makes 32 rounds at least) */
	BUG_GETTIME_1NS_BACK,	/* every 16th call: 1 ns before the last value */
	BUG_COARSE_LAG_3RES,	/* coarse clocks three resolutions late */
	BUG_GETRES_COARSE_1NS,	/* clock_getres of a coarse clock says 1 ns */
	BUG_EINVAL_IS_EFAULT,	/* an invalid clock id gives -EFAULT */
	BUG_EINVAL_IS_POSITIVE,	/* an invalid clock id gives +EINVAL (22) */
	BUG_GTOD_TZ_IGNORED,	/* gettimeofday leaves tz unwritten */
	BUG_GTOD_EOVERFLOW,	/* gettimeofday fails with -EOVERFLOW (as libc's 32-bit one past 2038) */
	BUG_STACK_16K,		/* clock_gettime uses 16 KiB of stack */
	BUG_TIMENS_IGNORED,	/* time namespace offsets not added */
	BUG_CPU_OFFSET,		/* clock_gettime on CPU n is n * 100 s behind, and
				   below the last reading on a lower CPU */
	BUG_GETTIME_ENOSYS,	/* clock_gettime(CLOCK_TAI) gives -ENOSYS */
	BUG_GETRANDOM_ERROR,	/* getrandom with a state fails with -EINVAL */
	BUG_GETRANDOM_REPEAT,	/* getrandom writes the same bytes every time */
	BUG_GETRANDOM_SYSCALL,	/* getrandom with a seeded state calls the system call */
	BUG_GETRANDOM_FORK_SAME,	/* a counter in the state, kept across fork() */
	BUG_GETRANDOM_SHARED_KEY,	/* every state starts with the same key */
	BUG_GETRANDOM_OVERRUN,	/* writes the byte after its state */
	BUG_GETRANDOM_INSECURE,	/* GRND_INSECURE gives -EINVAL */
	BUG_GETRANDOM_ANY_FLAG,	/* unknown flag bits are ignored */
	BUG_GETRANDOM_LEN0,	/* a 0-byte read gives -EINVAL */
	BUG_GETRANDOM_NULL_STATE,	/* a NULL state gives -EINVAL */
	BUG_GETRANDOM_OPAQUE_LEN,	/* a wrong opaque length gives -EINVAL */
	BUG_TAI_OFFSET_1S,	/* CLOCK_TAI 1 s behind: a leap second's TAI offset change missed */
	/* getrandom requests of more than 64 bytes (the 32-byte reads are right): */
	BUG_GETRANDOM_SHORT,	/* return at most 1024 bytes */
	BUG_GETRANDOM_TAIL,	/* leave the last len % 64 bytes unwritten, return len */
	BUG_GETRANDOM_PAST_END,	/* write the byte after the buffer */
	BUG_GETRANDOM_LONG_REPEAT,	/* the same bytes each time for a state */
	BUG_GETRANDOM_LONG_OVERRUN,	/* write the byte after their state */
	BUG_GETRES_CHANGES,	/* clock_getres 1 ns more from its 8th call on */
	/* the test seam's system call (the kernel's side of verify) */
	BUG_SYSCALL_NSEC_1E9,	/* clock_gettime and clock_getres: tv_nsec + 1e9 */
	BUG_SYSCALL_SEC_NEGATIVE,	/* clock_gettime: tv_sec -1 */
	BUG_SYSCALL_USEC_1E6,	/* gettimeofday: tv_usec + 1e6 */
	BUG_SYSCALL_GETRES_CHANGES,	/* clock_getres 1 ns more from its 8th call on */
	/* the test seam's vsyscall getcpu */
	BUG_VSYSCALL_GETCPU_ERROR,	/* fails with -EINVAL */
	BUG_VSYSCALL_GETCPU_WRONG_CPU,	/* the other CPU of a pair (cpu ^ 1) */
	BUG_VSYSCALL_GETCPU_WRONG_NODE,	/* node + 1 */
	/* getrandom in a time namespace with non-zero offsets (right outside one): */
	BUG_GETRANDOM_TIMENS_SYSCALL,	/* every call with a state makes the system call */
	BUG_GETRANDOM_TIMENS_SHORT,	/* calls with a state return len / 2 */
	/* getrandom's parameter query (getrandom(NULL, 0, 0, &params, ~0UL)): */
	BUG_GETRANDOM_PARAMS_ERROR,	/* gives -EINVAL */
	BUG_GETRANDOM_PARAMS_ENOSYS,	/* gives -ENOSYS: no runtime support */
	BUG_GTOD_AHEAD,		/* 1 s ahead of CLOCK_REALTIME */
	BUG_TIME_BEHIND,	/* time() one hour behind */
	BUG_ALARM_ACCEPTED,	/* the alarm clocks answered (as their twins) where the system call rejects them */
	BUG_ALARM_CRASH,	/* the alarm clocks read through NULL (SIGSEGV) */
	BUG_AUX_GETRES_2NS,	/* clock_getres of an aux clock id: 0 and 2 ns, whatever the kernel says */
	BUG_SYSCALL_ERROR,	/* the test seam's system call fails with EIO */
	BUG_TIME_EXIT,		/* time() ends the process: _exit(3) */
	BUG_SYSCALL_GETCPU_OUTSIDE,	/* the test seam's getcpu: CPU 4095 */
	/* clock_gettime through libc's (the kernel's vDSO: fast), then wrong: */
	BUG_GETTIME_20NS_BEHIND,	/* every 16th reading 20 ns behind */
	BUG_GETTIME_50NS_BEHIND,	/* every 16th reading 50 ns behind */
	BUG_GETTIME_BIAS,	/* every reading VDSOTEST_FAKE_BIAS_NS ns ahead (< 0: behind) */
	BUG_GETTIME_EARLY,	/* every 16th reading 3/4 of the way back to one < 100 ns before it */
	BUG_CPU_SKEW,		/* clock_gettime and the test seam's on CPU n: n * 10 s behind */
	BUG_GETTIME_SPIN,	/* right, then VDSOTEST_FAKE_SPIN dependent rotations: slower */
	/* registers, guard bytes, clock ids, time namespace (issue 21): */
	BUG_CLOBBER_CALLEE_SAVED,	/* clock_gettime zeroes rbx (x86_64) or esi (i386) */
	BUG_GETTIME_STORE_PAST,	/* clock_gettime changes the 8 bytes after its timespec */
	BUG_GTOD_STORE_PAST,	/* gettimeofday changes the byte after its timeval */
	BUG_GETTIME_STORE_BEFORE,	/* clock_gettime changes the 8 bytes before its timespec */
	BUG_GTOD_STORE_BEFORE,	/* gettimeofday changes the byte before its timeval */
	BUG_GTOD_BIAS,		/* gettimeofday VDSOTEST_FAKE_BIAS_NS ns ahead (< 0: behind), in us */
	BUG_TIME_BIAS,		/* time() VDSOTEST_FAKE_BIAS_NS ns ahead (< 0: behind), in s */
	BUG_CPUTIME_ID_EINVAL,	/* clock_gettime, clock_getres: -EINVAL for a process or thread CPU-time id */
	BUG_CPUTIME_THREAD_ID_EINVAL,	/* the same for a thread's CPU-time id only */
	BUG_CLOCK_ID_ERRNO,	/* clock_gettime, clock_getres: -ENOSYS for the unused ids 24..31 (not -EINVAL) */
	BUG_TIMENS_SWAPPED,	/* in a time namespace, the MONOTONIC clocks get BOOTTIME's offset */
	BUG_AUX_GETRES_1NS,	/* clock_getres of an aux clock id: 0 and 1 ns (known kernel bug cd3557a7618b) */
	BUG_AUX_GETRES_ENODEV,	/* clock_getres of an aux clock id: -ENODEV (as a disabled aux clock) */
	BUG_COARSE_BACK_2US,	/* every 16th coarse reading 2 us behind the last (as b71f9804f66c) */
	BUG_COARSE_BACK_2MS,	/* every 16th coarse reading 2 ms behind the last (too far for it) */
	/* the edges of the checks (tests/fakes.sh, "edges"): one past the limit, the other field, errno, call */
	BUG_GETRANDOM_KNOWN_FLAGS,	/* GRND_NONBLOCK and GRND_INSECURE give -EINVAL: two failures a round */
	BUG_GETRANDOM_FLAG_ERRNO,	/* unknown flag bits give -ENOSYS, not -EINVAL */
	BUG_GTOD_USEC_EXACT_1E6,	/* tv_usec exactly 1000000 (tv_sec one less) */
	BUG_GTOD_DST,		/* tz_dsttime off by 1, tz_minuteswest right */
	BUG_GTOD_AHEAD_1MS,	/* 1 ms ahead of CLOCK_REALTIME */
	BUG_TIME_NULL_AHEAD,	/* time(NULL) one hour ahead, time(&t) right */
	BUG_TIME_NULL_BEHIND,	/* time(NULL) one hour behind, time(&t) right */
	BUG_TIME_PTR_AHEAD,	/* time(&t) one hour ahead (returned and stored), time(NULL) right */
	BUG_TIME_EXIT0,		/* time() ends the process: _exit(0) */
	BUG_TAI_AHEAD_1MS,	/* CLOCK_TAI 1 ms ahead */
	BUG_ALARM_ENOSYS,	/* the alarm clocks give -ENOSYS where the system call gives EINVAL */
	BUG_ALARM_NULL_ACCEPTED,	/* clock_getres(alarm clock, NULL) gives 0; with a timespec, rejected */
	BUG_SYSCALL_GETCPU_PINNED_CPU,	/* the test seam's getcpu, pinned to one CPU: the other of a pair */
	BUG_SYSCALL_GETCPU_PINNED_NODE,	/* the test seam's getcpu, pinned to one CPU: node + 1 */
	BUG_SYSCALL_GETCPU_PINNED_ERROR,	/* the test seam's getcpu, pinned to one CPU: fails with EIO */
	BUG_SYSCALL_NSEC_EXACT_1E9,	/* the test seam's clock_gettime: tv_nsec exactly 1e9 (tv_sec one less) */
	BUG_SYSCALL_USEC_EXACT_1E6,	/* the test seam's gettimeofday: tv_usec exactly 1e6 (tv_sec one less) */
	BUG_SYSCALL_NSEC_NEGATIVE,	/* the test seam's clock_gettime: tv_nsec - 1e9 (tv_sec one more) */
	BUG_GTOD_USEC_NEGATIVE,	/* tv_usec - 1000000 (tv_sec one more) */
	BUG_TIME_AHEAD_1S,	/* time() one second ahead */
	BUG_TIME_MINUS_ONE,	/* time() returns -1 (and stores it) */
	BUG_AUX_GETTIME_ANSWERED,	/* clock_gettime of an aux clock id: 0 and {0, 1}, whatever the kernel says */
	BUG_GETCPU_PINNED_ERROR,	/* getcpu fails with -EINVAL when pinned to one CPU */
	BUG_GETRANDOM_PAST_END_2,	/* requests of more than 64 bytes: write the second byte after the buffer */
	BUG_GETRANDOM_FLAG_SHORT,	/* GRND_INSECURE returns half the length */
	BUG_RETURN_POSITIVE,	/* clock_gettime, clock_getres, gettimeofday, getcpu, flush_icache: right, but return +22 */
	BUG_NULL_RETURN_POSITIVE,	/* clock_getres(id, NULL), gettimeofday(&tv, NULL): return +22 */
	BUG_STACK_5K,		/* clock_gettime uses 5 KiB of stack (the limit is 4 KiB) */
	BUG_REALTIME_1K_1MS,	/* every 1000th CLOCK_REALTIME reading 1 ms behind (--perturb=step's
				   count of errors against a plain run's: doc/bringup.md) */
	/* the powerpc exports (families/tbfreq.c, syscall_map.c, sync_dicache.c) */
	BUG_TBFREQ_WRONG,	/* get_tbfreq: 500000000 Hz (cpuinfo and the timebase: 512000000) */
	BUG_TBFREQ_1HZ,		/* get_tbfreq: 512000001 Hz */
	BUG_TBFREQ_1HZ_LOW,	/* get_tbfreq: 511999999 Hz */
	BUG_TBFREQ_ZERO,	/* get_tbfreq: 0 Hz */
	BUG_TBFREQ_CHANGES,	/* get_tbfreq: 1 Hz more from its 8th call on */
	BUG_TBFREQ_ABORT,	/* get_tbfreq aborts */
	BUG_TIMEBASE_FAST,	/* the test seam's timebase runs 2 % fast */
	BUG_TIMEBASE_FAST_03,	/* the test seam's timebase runs 0.3 % fast (0.1 % allowed) */
	BUG_SYSCALL_MAP_GETPID,	/* get_syscall_map: getpid's bit clear */
	BUG_SYSCALL_MAP_NI,	/* get_syscall_map: a never implemented system call's bit set */
	BUG_SYSCALL_MAP_PAST,	/* get_syscall_map: a bit set past the count */
	BUG_SYSCALL_MAP_NO_COUNT,	/* get_syscall_map stores no count */
	BUG_SYSCALL_MAP_NULL_OTHER,	/* get_syscall_map(NULL) returns another copy of the map */
	BUG_SYSCALL_MAP_CHANGES,	/* get_syscall_map: a bit flips from its 8th call on */
	BUG_SYSCALL_MAP_NULL_CRASH,	/* get_syscall_map(NULL) writes through NULL */
	BUG_SYNC_DICACHE_REVERT,	/* sync_dicache puts back the range's previous bytes (stale instructions) */
	BUG_SYNC_DICACHE_ZERO,	/* sync_dicache zeroes the immediate of x86's mov eax, imm32 */
	BUG_SYNC_DICACHE_EMPTY_ABORT,	/* sync_dicache aborts on an empty range */
	/* riscv's calls (answered by the model below on any host): */
	BUG_HWPROBE_STALE_KEY,	/* riscv_hwprobe: key 9's stored value, not the system call's (as 5d15d2ad36b0) */
	BUG_HWPROBE_CPU_STALE,	/* riscv_hwprobe with a CPU set: key 4's value ^ 1 */
	BUG_HWPROBE_UNKNOWN_KEY,	/* riscv_hwprobe leaves an unknown key as asked (not -1) */
	BUG_HWPROBE_ERROR,	/* riscv_hwprobe without a CPU set fails with -EINVAL */
	BUG_HWPROBE_WHICH_CPUS,	/* riscv_hwprobe's RISCV_HWPROBE_WHICH_CPUS form leaves no CPU */
	BUG_HWPROBE_ANY_FLAG,	/* riscv_hwprobe answers unknown flags as flags 0 */
	BUG_HWPROBE_WHICH_CPUS_ERROR,	/* riscv_hwprobe's RISCV_HWPROBE_WHICH_CPUS form fails with -EIO */
	BUG_FLUSH_ICACHE_NOOP,	/* flush_icache does nothing: the code flushed before stays (any flags) */
	BUG_FLUSH_ICACHE_ALL_NOOP,	/* flush_icache with flags 0 does nothing (the local flush works) */
	BUG_FLUSH_ICACHE_ERROR,	/* flush_icache fails with -EINVAL */
	BUG_FLUSH_ICACHE_ANY_FLAG,	/* flush_icache accepts unknown flags */
	BUG_GETTIME_SLOW,	/* right, after a spin of some microseconds: a timer's samples land in it */
	BUG_SIGRETURN_CLOBBER,	/* the trampoline (x86_64) changes the frame's saved rbx */
	BUG_SIGRETURN_MASK,	/* the trampoline (x86_64) adds signal 28 to the frame's saved mask */
	NR_BUGS
};

static const char *const bug_names[NR_BUGS] = {
	[BUG_NONE] = "none",
	[BUG_GETTIME_ERROR] = "gettime-error",
	[BUG_GETTIME_NSEC_1E9] = "gettime-nsec-1e9",
	[BUG_GETTIME_BACKWARDS] = "gettime-backwards",
	[BUG_GETTIME_AHEAD] = "gettime-ahead",
	[BUG_GETTIME_FROZEN] = "gettime-frozen",
	[BUG_COARSE_LAG] = "coarse-lag",
	[BUG_COARSE_AHEAD] = "coarse-ahead",
	[BUG_BOOTTIME_EARLY] = "boottime-early",
	[BUG_GETRES_WRONG] = "getres-wrong",
	[BUG_GETRES_ERROR] = "getres-error",
	[BUG_GETRES_NULL_FAILS] = "getres-null-fails",
	[BUG_GETRES_NULL_CRASH] = "getres-null-crash",
	[BUG_GTOD_ERROR] = "gtod-error",
	[BUG_GTOD_USEC_1E6] = "gtod-usec-1e6",
	[BUG_GTOD_BEHIND] = "gtod-behind",
	[BUG_GTOD_TZ] = "gtod-tz",
	[BUG_GTOD_NULL_TZ_FAILS] = "gtod-null-tz-fails",
	[BUG_GTOD_NULL_CRASH] = "gtod-null-crash",
	[BUG_TIME_AHEAD] = "time-ahead",
	[BUG_TIME_STORE] = "time-store",
	[BUG_TIME_NULL_CRASH] = "time-null-crash",
	[BUG_TIME_HANG] = "time-hang",
	[BUG_TIME_SLOW_START] = "time-slow-start",
	[BUG_GETCPU_ERROR] = "getcpu-error",
	[BUG_GETCPU_OUTSIDE] = "getcpu-outside",
	[BUG_GETCPU_WRONG_CPU] = "getcpu-wrong-cpu",
	[BUG_GETCPU_WRONG_NODE] = "getcpu-wrong-node",
	[BUG_GETCPU_CACHE] = "getcpu-cache",
	[BUG_GETCPU_NULL_CRASH] = "getcpu-null-crash",
	[BUG_EFAULT_IS_ZERO] = "efault-is-zero",
	[BUG_EFAULT_IS_SIGABRT] = "efault-is-sigabrt",
	[BUG_EINVAL_IS_ZERO] = "einval-is-zero",
	[BUG_EINVAL_IS_ENOSYS] = "einval-is-enosys",
	[BUG_GETTIME_STOPS] = "gettime-stops",
	[BUG_GETTIME_1NS_BACK] = "gettime-1ns-back",
	[BUG_COARSE_LAG_3RES] = "coarse-lag-3res",
	[BUG_GETRES_COARSE_1NS] = "getres-coarse-1ns",
	[BUG_EINVAL_IS_EFAULT] = "einval-is-efault",
	[BUG_EINVAL_IS_POSITIVE] = "einval-is-positive",
	[BUG_GTOD_TZ_IGNORED] = "gtod-tz-ignored",
	[BUG_GTOD_EOVERFLOW] = "gtod-eoverflow",
	[BUG_STACK_16K] = "stack-16k",
	[BUG_TIMENS_IGNORED] = "timens-ignored",
	[BUG_CPU_OFFSET] = "cpu-offset",
	[BUG_GETTIME_ENOSYS] = "gettime-enosys",
	[BUG_GETRANDOM_ERROR] = "getrandom-error",
	[BUG_GETRANDOM_REPEAT] = "getrandom-repeat",
	[BUG_GETRANDOM_SYSCALL] = "getrandom-syscall",
	[BUG_GETRANDOM_FORK_SAME] = "getrandom-fork-same",
	[BUG_GETRANDOM_SHARED_KEY] = "getrandom-shared-key",
	[BUG_GETRANDOM_OVERRUN] = "getrandom-overrun",
	[BUG_GETRANDOM_INSECURE] = "getrandom-insecure",
	[BUG_GETRANDOM_ANY_FLAG] = "getrandom-any-flag",
	[BUG_GETRANDOM_LEN0] = "getrandom-len0",
	[BUG_GETRANDOM_NULL_STATE] = "getrandom-null-state",
	[BUG_GETRANDOM_OPAQUE_LEN] = "getrandom-opaque-len",
	[BUG_TAI_OFFSET_1S] = "tai-offset-1s",
	[BUG_GETRANDOM_SHORT] = "getrandom-short",
	[BUG_GETRANDOM_TAIL] = "getrandom-tail",
	[BUG_GETRANDOM_PAST_END] = "getrandom-past-end",
	[BUG_GETRANDOM_LONG_REPEAT] = "getrandom-long-repeat",
	[BUG_GETRANDOM_LONG_OVERRUN] = "getrandom-long-overrun",
	[BUG_GETRES_CHANGES] = "getres-changes",
	[BUG_SYSCALL_NSEC_1E9] = "syscall-nsec-1e9",
	[BUG_SYSCALL_SEC_NEGATIVE] = "syscall-sec-negative",
	[BUG_SYSCALL_USEC_1E6] = "syscall-usec-1e6",
	[BUG_SYSCALL_GETRES_CHANGES] = "syscall-getres-changes",
	[BUG_VSYSCALL_GETCPU_ERROR] = "vsyscall-getcpu-error",
	[BUG_VSYSCALL_GETCPU_WRONG_CPU] = "vsyscall-getcpu-wrong-cpu",
	[BUG_VSYSCALL_GETCPU_WRONG_NODE] = "vsyscall-getcpu-wrong-node",
	[BUG_GETRANDOM_TIMENS_SYSCALL] = "getrandom-timens-syscall",
	[BUG_GETRANDOM_TIMENS_SHORT] = "getrandom-timens-short",
	[BUG_GETRANDOM_PARAMS_ERROR] = "getrandom-params-error",
	[BUG_GETRANDOM_PARAMS_ENOSYS] = "getrandom-params-enosys",
	[BUG_GTOD_AHEAD] = "gtod-ahead",
	[BUG_TIME_BEHIND] = "time-behind",
	[BUG_ALARM_ACCEPTED] = "alarm-accepted",
	[BUG_ALARM_CRASH] = "alarm-crash",
	[BUG_AUX_GETRES_2NS] = "aux-getres-2ns",
	[BUG_SYSCALL_ERROR] = "syscall-error",
	[BUG_TIME_EXIT] = "time-exit",
	[BUG_SYSCALL_GETCPU_OUTSIDE] = "syscall-getcpu-outside",
	[BUG_GETTIME_20NS_BEHIND] = "gettime-20ns-behind",
	[BUG_GETTIME_50NS_BEHIND] = "gettime-50ns-behind",
	[BUG_GETTIME_BIAS] = "gettime-bias",
	[BUG_GETTIME_EARLY] = "gettime-early",
	[BUG_GETTIME_SPIN] = "gettime-spin",
	[BUG_CPU_SKEW] = "cpu-skew",
	[BUG_CLOBBER_CALLEE_SAVED] = "clobber-callee-saved",
	[BUG_GETTIME_STORE_PAST] = "gettime-store-past",
	[BUG_GTOD_STORE_PAST] = "gtod-store-past",
	[BUG_GETTIME_STORE_BEFORE] = "gettime-store-before",
	[BUG_GTOD_STORE_BEFORE] = "gtod-store-before",
	[BUG_GTOD_BIAS] = "gtod-bias",
	[BUG_TIME_BIAS] = "time-bias",
	[BUG_CPUTIME_ID_EINVAL] = "cputime-id-einval",
	[BUG_CLOCK_ID_ERRNO] = "clock-id-errno",
	[BUG_CPUTIME_THREAD_ID_EINVAL] = "cputime-thread-id-einval",
	[BUG_TIMENS_SWAPPED] = "timens-swapped",
	[BUG_AUX_GETRES_1NS] = "aux-getres-1ns",
	[BUG_AUX_GETRES_ENODEV] = "aux-getres-enodev",
	[BUG_COARSE_BACK_2US] = "coarse-back-2us",
	[BUG_COARSE_BACK_2MS] = "coarse-back-2ms",
	[BUG_GETRANDOM_KNOWN_FLAGS] = "getrandom-known-flags",
	[BUG_GETRANDOM_FLAG_ERRNO] = "getrandom-flag-errno",
	[BUG_GTOD_USEC_EXACT_1E6] = "gtod-usec-exact-1e6",
	[BUG_GTOD_DST] = "gtod-dst",
	[BUG_GTOD_AHEAD_1MS] = "gtod-ahead-1ms",
	[BUG_TIME_NULL_AHEAD] = "time-null-ahead",
	[BUG_TIME_NULL_BEHIND] = "time-null-behind",
	[BUG_TIME_PTR_AHEAD] = "time-ptr-ahead",
	[BUG_TIME_EXIT0] = "time-exit0",
	[BUG_TAI_AHEAD_1MS] = "tai-ahead-1ms",
	[BUG_ALARM_ENOSYS] = "alarm-enosys",
	[BUG_ALARM_NULL_ACCEPTED] = "alarm-null-accepted",
	[BUG_SYSCALL_GETCPU_PINNED_CPU] = "syscall-getcpu-pinned-cpu",
	[BUG_SYSCALL_GETCPU_PINNED_NODE] = "syscall-getcpu-pinned-node",
	[BUG_SYSCALL_GETCPU_PINNED_ERROR] = "syscall-getcpu-pinned-error",
	[BUG_SYSCALL_NSEC_EXACT_1E9] = "syscall-nsec-exact-1e9",
	[BUG_SYSCALL_USEC_EXACT_1E6] = "syscall-usec-exact-1e6",
	[BUG_SYSCALL_NSEC_NEGATIVE] = "syscall-nsec-negative",
	[BUG_GTOD_USEC_NEGATIVE] = "gtod-usec-negative",
	[BUG_TIME_AHEAD_1S] = "time-ahead-1s",
	[BUG_TIME_MINUS_ONE] = "time-minus-one",
	[BUG_AUX_GETTIME_ANSWERED] = "aux-gettime-answered",
	[BUG_GETCPU_PINNED_ERROR] = "getcpu-pinned-error",
	[BUG_GETRANDOM_PAST_END_2] = "getrandom-past-end-2",
	[BUG_GETRANDOM_FLAG_SHORT] = "getrandom-flag-short",
	[BUG_RETURN_POSITIVE] = "return-positive",
	[BUG_NULL_RETURN_POSITIVE] = "null-return-positive",
	[BUG_STACK_5K] = "stack-5k",
	[BUG_REALTIME_1K_1MS] = "realtime-1k-1ms",
	[BUG_TBFREQ_WRONG] = "tbfreq-wrong",
	[BUG_TBFREQ_1HZ] = "tbfreq-1hz",
	[BUG_TBFREQ_1HZ_LOW] = "tbfreq-1hz-low",
	[BUG_TBFREQ_ZERO] = "tbfreq-zero",
	[BUG_TBFREQ_CHANGES] = "tbfreq-changes",
	[BUG_TBFREQ_ABORT] = "tbfreq-abort",
	[BUG_TIMEBASE_FAST] = "timebase-fast",
	[BUG_TIMEBASE_FAST_03] = "timebase-fast-0.3",
	[BUG_SYSCALL_MAP_GETPID] = "syscall-map-getpid",
	[BUG_SYSCALL_MAP_NI] = "syscall-map-ni",
	[BUG_SYSCALL_MAP_PAST] = "syscall-map-past",
	[BUG_SYSCALL_MAP_NO_COUNT] = "syscall-map-no-count",
	[BUG_SYSCALL_MAP_NULL_OTHER] = "syscall-map-null-other",
	[BUG_SYSCALL_MAP_CHANGES] = "syscall-map-changes",
	[BUG_SYSCALL_MAP_NULL_CRASH] = "syscall-map-null-crash",
	[BUG_SYNC_DICACHE_REVERT] = "sync-dicache-revert",
	[BUG_SYNC_DICACHE_ZERO] = "sync-dicache-zero",
	[BUG_SYNC_DICACHE_EMPTY_ABORT] = "sync-dicache-empty-abort",
	[BUG_HWPROBE_STALE_KEY] = "hwprobe-stale-key",
	[BUG_HWPROBE_CPU_STALE] = "hwprobe-cpu-stale",
	[BUG_HWPROBE_UNKNOWN_KEY] = "hwprobe-unknown-key",
	[BUG_HWPROBE_ERROR] = "hwprobe-error",
	[BUG_HWPROBE_WHICH_CPUS] = "hwprobe-which-cpus",
	[BUG_HWPROBE_ANY_FLAG] = "hwprobe-any-flag",
	[BUG_HWPROBE_WHICH_CPUS_ERROR] = "hwprobe-which-cpus-error",
	[BUG_FLUSH_ICACHE_NOOP] = "flush-icache-noop",
	[BUG_FLUSH_ICACHE_ALL_NOOP] = "flush-icache-all-noop",
	[BUG_FLUSH_ICACHE_ERROR] = "flush-icache-error",
	[BUG_FLUSH_ICACHE_ANY_FLAG] = "flush-icache-any-flag",
	[BUG_GETTIME_SLOW] = "gettime-slow",
	[BUG_SIGRETURN_CLOBBER] = "sigreturn-clobber",
	[BUG_SIGRETURN_MASK] = "sigreturn-mask",
};

/*
 * The bug named by VDSOTEST_FAKE_BUG, looked up once.  Threads may call
 * this first at the same time: each works on a local and stores the same
 * finished value atomically, so no caller ever sees a half-made one.
 */
static enum bug bug(void)
{
	static int cached = -1;
	int found = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);

	if (found < 0) {
		const char *name = getenv("VDSOTEST_FAKE_BUG");
		found = BUG_NONE;
		for (int b = 0; name && b < NR_BUGS; b++)
			if (strcmp(name, bug_names[b]) == 0)
				found = b;
		if (name && *name && found == BUG_NONE && strcmp(name, "none") != 0) {
			/* A typo in a test must not pass silently. */
			fprintf(stderr, "fake-vdso: unknown VDSOTEST_FAKE_BUG '%s'; the names:", name);
			for (int b = 0; b < NR_BUGS; b++)
				fprintf(stderr, " %s", bug_names[b]);
			fputc('\n', stderr);
			abort();
		}
		__atomic_store_n(&cached, found, __ATOMIC_RELEASE);
	}
	return (enum bug)found;
}

/* The system call's result in the vDSO convention, after the error bugs. */
static long ret(long r)
{
	int err = r < 0 ? errno : 0;

	if (err == EFAULT && bug() == BUG_EFAULT_IS_ZERO)
		return 0;
	if (err == EFAULT && bug() == BUG_EFAULT_IS_SIGABRT)
		abort();
	if (err == EINVAL && bug() == BUG_EINVAL_IS_ZERO)
		return 0;
	if (err == EINVAL && bug() == BUG_EINVAL_IS_ENOSYS)
		return -ENOSYS;
	if (err == EINVAL && bug() == BUG_EINVAL_IS_EFAULT)
		return -EFAULT;
	if (err == EINVAL && bug() == BUG_EINVAL_IS_POSITIVE)
		return EINVAL;
	return r < 0 ? -err : r;
}

#if VDSOTEST_NATIVE_EM == EM_AARCH64 || VDSOTEST_NATIVE_EM == EM_PPC || \
	VDSOTEST_NATIVE_EM == EM_PPC64 || VDSOTEST_NATIVE_EM == EM_S390
#define FAKE(name) __kernel_##name
#else
#define FAKE(name) __vdso_##name
#endif

int FAKE(clock_gettime)(clockid_t id, vdso_timespec *ts);
int FAKE(clock_getres)(clockid_t id, vdso_timespec *res);
int FAKE(gettimeofday)(vdso_timeval *tv, struct timezone *tz);
vdso_time_t FAKE(time)(vdso_time_t *t);
long FAKE(getcpu)(unsigned *cpu, unsigned *node, void *cache);
long FAKE(getrandom)(void *buf, size_t len, unsigned flags, void *state, size_t state_len);
uint64_t FAKE(get_tbfreq)(void);
const uint32_t *FAKE(get_syscall_map)(unsigned *count);
void FAKE(sync_dicache)(unsigned long start, unsigned long end);
uint64_t vdsotest_test_timebase(void);
const char *vdsotest_test_cpuinfo(void);
long vdsotest_test_syscall(long nr, long a1, long a2);
long vdsotest_test_vsyscall_getcpu(unsigned *cpu, unsigned *node, void *cache);
const char *vdsotest_test_kernel_release(void);
long vdsotest_test_syscall5(long nr, long a1, long a2, long a3, long a4, long a5);
int FAKE(riscv_hwprobe)(void *pairs, size_t count, size_t setsize, void *cpus, unsigned flags);
int FAKE(flush_icache)(void *start, void *end, unsigned long flags);

static bool pinned(void);

static bool is_coarse(clockid_t id)
{
	return id == CLOCK_REALTIME_COARSE || id == CLOCK_MONOTONIC_COARSE;
}

/*
 * The alarm-* bugs: clock @id as the fake reads it.  alarm-accepted: an
 * alarm clock as its twin (CLOCK_REALTIME, CLOCK_BOOTTIME), so the call
 * succeeds where the system call rejects the alarm clock (no wake-up RTC);
 * alarm-crash: a read through NULL, as a vDSO that looks the clock up in
 * a table it lacks.
 */
static clockid_t alarm_bug(clockid_t id)
{
	if (id != CLOCK_REALTIME_ALARM && id != CLOCK_BOOTTIME_ALARM)
		return id;
	if (bug() == BUG_ALARM_CRASH)
		return *(volatile clockid_t *)NULL;
	if (bug() == BUG_ALARM_ACCEPTED)
		return id == CLOCK_REALTIME_ALARM ? CLOCK_REALTIME : CLOCK_BOOTTIME;
	return id;
}

/* A clock reading of either width (vdso_timespec, vdso_timespec64), for the bugs. */
struct fake_ts {
	long long sec, nsec;
};

static void add_ns(struct fake_ts *ts, long long ns)
{
	long long t = ts->sec * 1000000000 + ts->nsec + ns;
	long long sec = t / 1000000000, nsec = t % 1000000000;

	if (nsec < 0) {		/* keep 0 <= tv_nsec < 1e9 below zero too */
		nsec += 1000000000;
		sec--;
	}
	ts->sec = sec;
	ts->nsec = nsec;
}

/*
 * cpu-offset: clock @id on CPU n reads n * 100 s behind, and never reaches
 * the last reading given on a lower CPU: a reading after one on a lower CPU
 * is behind it however long passed in between.  (A fixed offset alone is
 * not enough: under load a token hand-over between two pinned threads took
 * 8-16 ms, once 987 ms, and 14 s with vdsotest under SCHED_IDLE beside a
 * busy loop on each CPU; the cross-CPU check then saw no step back.)
 */
static void cpu_offset(clockid_t id, struct fake_ts *ts)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static long long last_ns[16];
	static int last_cpu[16] = { -1, -1, -1, -1, -1, -1, -1, -1,
				    -1, -1, -1, -1, -1, -1, -1, -1 };
	int cpu = sched_getcpu();
	long long t;

	add_ns(ts, -100000000000LL * (cpu > 0 ? cpu : 0));
	if (id < 0 || id >= 16)
		return;
	pthread_mutex_lock(&lock);
	t = (long long)ts->sec * 1000000000 + ts->nsec;
	if (last_cpu[id] >= 0 && last_cpu[id] < cpu && t >= last_ns[id]) {
		add_ns(ts, last_ns[id] - 1 - t);
		t = last_ns[id] - 1;
	}
	last_ns[id] = t;
	last_cpu[id] = cpu;
	pthread_mutex_unlock(&lock);
}

/*
 * cpu-skew: a counter that is not the same on every CPU, as TSCs out of
 * step: CPU n reads n * 10 s behind, in the vDSO and in the system call
 * alike (the test seam's), so that only a comparison across CPUs sees it.
 */
static void cpu_skew(struct fake_ts *ts)
{
	int cpu = sched_getcpu();

	add_ns(ts, -10000000000LL * (cpu > 0 ? cpu : 0));
}

/*
 * The time namespace offset of clock @id in ns, taken away to give the
 * clock as outside the namespace (/proc/self/timens_offsets, read once per
 * process: a child may be in a new namespace).
 */
static long long timens_offset_ns(clockid_t id)
{
	static long long mono, boot;
	static pid_t known;

	if (known != getpid()) {
		mono = boot = 0;
		FILE *f = fopen("/proc/self/timens_offsets", "re");
		char clock[32];
		long long sec, nsec;

		while (f && fscanf(f, "%31s %lld %lld", clock, &sec, &nsec) == 3) {
			if (strcmp(clock, "monotonic") == 0)
				mono = sec * 1000000000 + nsec;
			else if (strcmp(clock, "boottime") == 0)
				boot = sec * 1000000000 + nsec;
		}
		if (f)
			fclose(f);
		known = getpid();
	}
	switch (id) {
	case CLOCK_MONOTONIC: case CLOCK_MONOTONIC_RAW: case CLOCK_MONOTONIC_COARSE:
		return mono;
	case CLOCK_BOOTTIME: case CLOCK_BOOTTIME_ALARM:
		return boot;
	default:
		return 0;
	}
}

/* Three resolutions of clock @id, in ns. */
static long three_res_ns(clockid_t id)
{
	vdso_timespec res;

	if (syscall(SYS_clock_getres, id, &res) != 0)
		return 0;
	return 3 * (long)(res.tv_sec * 1000000000 + res.tv_nsec);
}

/* Touch @bytes of stack (up to 16 KiB) where the compiler cannot drop it. */
static __attribute__((noinline)) void use_stack(size_t bytes)
{
	volatile unsigned char buf[16384];

	/* (from the top, the end nearest the caller: the depth is @bytes) */
	for (size_t i = 0; i < bytes && i < sizeof(buf); i++)
		buf[sizeof(buf) - 1 - i] = (unsigned char)i;
}

/* *@ts, a vdso_timespec64 if @t64, else a vdso_timespec, as a struct fake_ts. */
static struct fake_ts get_ts(const void *ts, bool t64)
{
	if (t64)
		return (struct fake_ts){ ((const vdso_timespec64 *)ts)->tv_sec,
					 ((const vdso_timespec64 *)ts)->tv_nsec };
	return (struct fake_ts){ ((const vdso_timespec *)ts)->tv_sec,
				 ((const vdso_timespec *)ts)->tv_nsec };
}

/* Store @t into *@ts, a vdso_timespec64 if @t64, else a vdso_timespec. */
static void put_ts(void *ts, bool t64, struct fake_ts t)
{
	if (t64) {
		((vdso_timespec64 *)ts)->tv_sec = t.sec;
		((vdso_timespec64 *)ts)->tv_nsec = t.nsec;
	} else {
		((vdso_timespec *)ts)->tv_sec = t.sec;
		((vdso_timespec *)ts)->tv_nsec = t.nsec;
	}
}

/* VDSOTEST_FAKE_BIAS_NS (gettime-bias), read once: 0 when unset. */
static long long bias_ns(void)
{
	static long long cached;
	static int known;

	if (!__atomic_load_n(&known, __ATOMIC_ACQUIRE)) {
		const char *v = getenv("VDSOTEST_FAKE_BIAS_NS");
		__atomic_store_n(&cached, v ? strtoll(v, NULL, 10) : 0, __ATOMIC_RELAXED);
		__atomic_store_n(&known, 1, __ATOMIC_RELEASE);
	}
	return __atomic_load_n(&cached, __ATOMIC_RELAXED);
}

/*
 * VDSOTEST_FAKE_SPIN (gettime-spin), read once: turns of spin() per call,
 * a decimal number from 0 to 100000 ("3", "3.25"), in sixteenths of a
 * turn (rounded); 0 when unset or out of range.
 */
static long spin_sixteenths(void)
{
	static long cached;
	static int known;

	if (!__atomic_load_n(&known, __ATOMIC_ACQUIRE)) {
		const char *v = getenv("VDSOTEST_FAKE_SPIN");
		double t = v ? strtod(v, NULL) : 0;
		__atomic_store_n(&cached, t >= 0 && t <= 100000 ? (long)(t * 16 + 0.5) : 0,
				 __ATOMIC_RELAXED);
		__atomic_store_n(&known, 1, __ATOMIC_RELEASE);
	}
	return __atomic_load_n(&cached, __ATOMIC_RELAXED);
}

#define SPIN_BITS (sizeof(unsigned long) * CHAR_BIT)

/* @x turned left by @n bits (n below SPIN_BITS). */
static unsigned long rotl(unsigned long x, unsigned n)
{
	return n ? x << n | x >> (SPIN_BITS - n) : x;
}

/*
 * gettime-spin: @seed turned left by one bit @turns times, each turn
 * waiting for the one before (the empty asm makes the value opaque, so the
 * compiler can neither fold the chain nor run turns side by side).  A
 * rotation, not an addition of a constant: some CPUs (Intel's Golden Cove)
 * fold chains of those at register renaming, at no cost.  A fixed number
 * of cycles of extra work per call, the same in every process, without a
 * system call or a memory access whose time varies with the load: a
 * stand-in vDSO a set amount slower, for the A/B test of compare (issue
 * #23, tests/compare-ab.sh).  Returns rotl(seed, turns % SPIN_BITS).
 */
static unsigned long spin(long turns, unsigned long seed)
{
	unsigned long x = seed;

	for (long i = 0; i < turns; i++) {
		x = rotl(x, 1);
		__asm__("" : "+r"(x));
	}
	return x;
}

/*
 * The bugs of a vDSO as fast as the kernel's (libc's clock_gettime()
 * calls it): gettime-20ns-behind and -50ns-behind, every 16th reading
 * (counted per process, without a locked instruction: few ns between
 * readings) that much behind, as an unordered counter read now and then;
 * gettime-bias, every reading off by VDSOTEST_FAKE_BIAS_NS; gettime-early,
 * every 16th reading taken 3/4 of the way back to the one before it when
 * that one is less than 100 ns old (back to back: never behind it, nor
 * behind a system call's reading in between, but a step of a quarter
 * before one of 1 3/4: what only verify's short-gap rule sees).  Errors
 * are the system call's.
 */
static int fast_gettime(clockid_t id, void *ts, bool t64)
{
	static unsigned calls;
	static long long last_ns; /* (per process: another thread's is only further back) */
	unsigned n = __atomic_load_n(&calls, __ATOMIC_RELAXED) + 1;
	struct timespec now;

	__atomic_store_n(&calls, n, __ATOMIC_RELAXED);
	if (clock_gettime(id, &now) != 0)
		return -errno;
	struct fake_ts t = { now.tv_sec, now.tv_nsec };
	if (bug() == BUG_GETTIME_BIAS) {
		add_ns(&t, bias_ns());
	} else if (bug() == BUG_GETTIME_EARLY) {
		long long at = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
		long long since = at - __atomic_load_n(&last_ns, __ATOMIC_RELAXED);

		__atomic_store_n(&last_ns, at, __ATOMIC_RELAXED);
		if (n % 16 == 0 && since > 0 && since < 100)
			add_ns(&t, -(since * 3 / 4));
	} else if (n % 16 == 0) {
		add_ns(&t, bug() == BUG_GETTIME_20NS_BEHIND ? -20 : -50);
	}
	put_ts(ts, t64, t);
	return 0;
}

/*
 * gettime-spin: libc's clock_gettime() (the kernel's vDSO), then
 * VDSOTEST_FAKE_SPIN turns of spin() that the reading waits for (the
 * chain's end minus its known value, 0, is added to it).  A fraction of a
 * turn is spread over the calls: a carry of sixteenths, so that 3.25 turns
 * are 3 turns in three calls of four and 4 in the fourth.  Nothing else of
 * the fake's own: the carry's load and store are the same for every
 * VDSOTEST_FAKE_SPIN, 0 too.  (Threads share the carry without a locked
 * instruction: with -t N a fraction is not exact.)  Errors are the system
 * call's.
 */
static int spin_gettime(clockid_t id, void *ts, bool t64)
{
	static unsigned long carry;
	struct timespec now;

	if (clock_gettime(id, &now) != 0)
		return -errno;
	unsigned long sum = __atomic_load_n(&carry, __ATOMIC_RELAXED) + (unsigned long)spin_sixteenths();
	__atomic_store_n(&carry, sum & 15, __ATOMIC_RELAXED);
	long turns = (long)(sum >> 4);
	unsigned long seed = (unsigned long)now.tv_nsec;
	unsigned long end = spin(turns, seed);
	put_ts(ts, t64,
	       (struct fake_ts){ now.tv_sec, now.tv_nsec + (long long)(end - rotl(seed, (unsigned)(turns % SPIN_BITS))) });
	return 0;
}

/*
 * clock_gettime of either width: system call @nr writes *@ts (a
 * vdso_timespec64 if @t64, else a vdso_timespec), which the bug makes wrong.
 */
/*
 * A CPU-time clock id of a process or thread (clock_getcpuclockid(3)): the
 * negative ids that are not a file's (include/linux/posix-timers.h: the
 * low three bits 3 are CLOCKFD); a thread's has bit 2 set
 * (CPUCLOCK_PERTHREAD_MASK).
 */
static bool cputime_id(clockid_t id)
{
	return id < 0 && (id & 7) != 3;
}

static int fake_gettime(clockid_t id, void *ts, long nr, bool t64)
{
	if (bug() == BUG_GETTIME_20NS_BEHIND || bug() == BUG_GETTIME_50NS_BEHIND ||
	    bug() == BUG_GETTIME_BIAS || bug() == BUG_GETTIME_EARLY)
		return fast_gettime(id, ts, t64);
	if (bug() == BUG_GETTIME_SPIN)
		return spin_gettime(id, ts, t64);
	static struct fake_ts first, last;
	static bool have_first;
	static unsigned long calls;
	clockid_t read = id;
	long r;

	if (bug() == BUG_GETTIME_ERROR)
		return -EINVAL;
	if (bug() == BUG_CPUTIME_ID_EINVAL && cputime_id(id))
		return -EINVAL;
	if (bug() == BUG_CLOCK_ID_ERRNO && id >= 24 && id < 32)
		return -ENOSYS;
	if (bug() == BUG_CPUTIME_THREAD_ID_EINVAL && cputime_id(id) && (id & 4))
		return -EINVAL;
	if (bug() == BUG_GETTIME_ENOSYS && id == CLOCK_TAI)
		return -ENOSYS;
	if (bug() == BUG_ALARM_ENOSYS && (id == CLOCK_REALTIME_ALARM || id == CLOCK_BOOTTIME_ALARM))
		return -ENOSYS;
	if (bug() == BUG_AUX_GETTIME_ANSWERED && id >= 16 && id < 24) { /* CLOCK_AUX .. CLOCK_AUX + 7 */
		put_ts(ts, t64, (struct fake_ts){ 0, 1 });
		return 0;
	}
	if (bug() == BUG_STACK_16K)
		use_stack(16384);
	if (bug() == BUG_STACK_5K)
		use_stack(5120);
	if (bug() == BUG_COARSE_AHEAD && is_coarse(id))
		read = id == CLOCK_REALTIME_COARSE ? CLOCK_REALTIME : CLOCK_MONOTONIC;
	else if (bug() == BUG_BOOTTIME_EARLY && id == CLOCK_BOOTTIME)
		read = CLOCK_MONOTONIC;
	read = alarm_bug(read);
	if ((r = syscall(nr, read, ts)) != 0)
		return (int)ret(r);

	struct fake_ts t = get_ts(ts, t64);
	switch (bug()) {
	case BUG_GETTIME_NSEC_1E9:
		t.sec--;
		t.nsec += 1000000000;
		break;
	case BUG_GETTIME_BACKWARDS: add_ns(&t, -1000000); break;
	case BUG_TAI_OFFSET_1S:
		if (id == CLOCK_TAI)
			add_ns(&t, -1000000000);
		break;
	case BUG_GETTIME_AHEAD: add_ns(&t, 1000000); break;
	case BUG_TAI_AHEAD_1MS: if (id == CLOCK_TAI) add_ns(&t, 1000000); break;
	case BUG_GETTIME_FROZEN:
		if (!have_first)
			first = t;
		have_first = true;
		t = first;
		break;
	case BUG_GETTIME_STOPS:
		if (++calls == 8)
			first = t;
		if (calls >= 8)
			t = first;
		break;
	case BUG_GETTIME_1NS_BACK:
		if (++calls % 16 == 0) {
			t = last;
			add_ns(&t, -1);
		}
		last = t;
		break;
	case BUG_COARSE_BACK_2US:
	case BUG_COARSE_BACK_2MS:
		/*
		 * (behind the last reading while the clock still shows it:
		 * a few us behind the clock's value, as the kernel bug; not
		 * behind a reading of a tick ago, or of before a fork into a
		 * time namespace, 1000 s apart)
		 */
		if (is_coarse(id) && ++calls % 16 == 0 && t.sec == last.sec &&
		    t.nsec == last.nsec) {
			t = last;
			add_ns(&t, bug() == BUG_COARSE_BACK_2US ? -2000 : -2000000);
		}
		last = t;
		break;
	case BUG_REALTIME_1K_1MS:
		if (id == CLOCK_REALTIME && ++calls % 1000 == 0)
			add_ns(&t, -1000000);
		break;
	case BUG_CPU_OFFSET: cpu_offset(id, &t); break;
	case BUG_CPU_SKEW: cpu_skew(&t); break;
	case BUG_TIMENS_IGNORED: add_ns(&t, -timens_offset_ns(id)); break;
	case BUG_TIMENS_SWAPPED:
		if (timens_offset_ns(id) && id != CLOCK_BOOTTIME && id != CLOCK_BOOTTIME_ALARM)
			add_ns(&t, timens_offset_ns(CLOCK_BOOTTIME) - timens_offset_ns(id));
		break;
	case BUG_COARSE_LAG_3RES: if (is_coarse(id)) add_ns(&t, -three_res_ns(id)); break;
	case BUG_COARSE_LAG: if (is_coarse(id)) add_ns(&t, -50000000); break;
	case BUG_COARSE_AHEAD: if (is_coarse(id)) add_ns(&t, 1000000); break;
	case BUG_BOOTTIME_EARLY: if (id == CLOCK_BOOTTIME) add_ns(&t, -1000000000); break;
	default: break;
	}
	put_ts(ts, t64, t);
	return bug() == BUG_RETURN_POSITIVE ? EINVAL : 0;
}

/* clock_getres of either width, as fake_gettime(); @res may be NULL. */
static int fake_getres(clockid_t id, void *res, long nr, bool t64)
{
	static unsigned long calls;
	long r;

	if (bug() == BUG_CPUTIME_ID_EINVAL && cputime_id(id))
		return -EINVAL;
	if (bug() == BUG_CLOCK_ID_ERRNO && id >= 24 && id < 32)
		return -ENOSYS;
	if (bug() == BUG_CPUTIME_THREAD_ID_EINVAL && cputime_id(id) && (id & 4))
		return -EINVAL;
	switch (bug()) {
	case BUG_GETRES_ERROR:
		return -EINVAL;
	case BUG_GETRES_NULL_FAILS:
		if (!res)
			return -EFAULT;
		break;
	case BUG_GETRES_NULL_CRASH:
		if (!res)
			*(volatile long *)res = three_res_ns(id);
		break;
	case BUG_AUX_GETRES_ENODEV:
		if (id >= 16 && id < 24)
			return -ENODEV;
		break;
	case BUG_ALARM_ENOSYS:
		if (id == CLOCK_REALTIME_ALARM || id == CLOCK_BOOTTIME_ALARM)
			return -ENOSYS;
		break;
	case BUG_ALARM_NULL_ACCEPTED:
		if (!res && (id == CLOCK_REALTIME_ALARM || id == CLOCK_BOOTTIME_ALARM))
			return 0;
		break;
	case BUG_AUX_GETRES_2NS:
	case BUG_AUX_GETRES_1NS:
		if (id >= 16 && id < 24) { /* CLOCK_AUX .. CLOCK_AUX + 7 */
			if (res)
				put_ts(res, t64, (struct fake_ts){ 0, bug() == BUG_AUX_GETRES_2NS ? 2 : 1 });
			return 0;
		}
		break;
	default:
		break;
	}
	r = syscall(nr, alarm_bug(id), res);
	if (r == 0 && res) {
		struct fake_ts t = get_ts(res, t64);
		if (bug() == BUG_GETRES_WRONG || (bug() == BUG_GETRES_CHANGES && ++calls >= 8))
			t.nsec++;
		if (bug() == BUG_GETRES_COARSE_1NS && is_coarse(id)) {
			t.sec = 0;
			t.nsec = 1;
		}
		put_ts(res, t64, t);
	}
	if (r == 0 && (bug() == BUG_RETURN_POSITIVE || (bug() == BUG_NULL_RETURN_POSITIVE && !res)))
		return EINVAL;
	return (int)ret(r);
}

/*
 * clobber-callee-saved: on x86 the exported clock_gettime is an asm stub
 * that zeroes one callee-saved register (x86_64 rbx, i386 esi) and jumps
 * to the C function, which then saves and restores the zero as the
 * compiler's code does.  It zeroes the register only when it holds a
 * value of the register check's pattern (vdso/regcheck.c: 0x5a17 in the
 * top 16 bits), i.e. inside vdsotest's trampoline: a call from anywhere
 * else (the bench loops, the unchecked rounds) would crash at random on
 * the value the compiler kept there.
 */
#if defined(__x86_64__) && !defined(__ILP32__) || defined(__i386__)
#define CLOBBER_STUB 1
__attribute__((visibility("hidden"))) int fake_clobber(unsigned long reg);
__attribute__((visibility("hidden"))) int fake_clock_gettime(clockid_t id, vdso_timespec *ts);

int fake_clobber(unsigned long reg)
{
	return bug() == BUG_CLOBBER_CALLEE_SAVED && reg >> (sizeof(reg) * 8 - 16) == 0x5a17;
}

#define STR2(x) #x
#define STR(x) STR2(x)
/*
 * (the fake-vdso-nocfi.so build, FAKE_NO_CFI, leaves the unwind tables
 * out; fake-vdso-badcfi.so, FAKE_BAD_CFI, makes two of them wrong, with
 * BAD_CFI(): clock_gettime's and rt_sigreturn's, x86_64 only)
 */
#ifdef FAKE_NO_CFI
#define CFI(x) ""
#else
#define CFI(x) "\t" x "\n"
#endif
#ifdef FAKE_BAD_CFI
#define BAD_CFI(x) x
#else
#define BAD_CFI(x) ""
#endif
#if defined(__x86_64__)
__asm__(".text\n"
	".globl " STR(FAKE(clock_gettime)) "\n"
	".type " STR(FAKE(clock_gettime)) ", @function\n"
	STR(FAKE(clock_gettime)) ":\n"
	CFI(".cfi_startproc")
	/*
	 * fake-vdso-badcfi.so: the FDE says the return address is undefined
	 * (the outermost frame: an unwinder stops here), and the samples land
	 * here, in a spin (rcx: not an argument of clock_gettime)
	 */
	BAD_CFI("\t.cfi_undefined rip\n"
		"\tmov $200000, %ecx\n"
		"3:\tdec %ecx\n"
		"\tjnz 3b\n")
	"\tpush %rdi\n"
	CFI(".cfi_adjust_cfa_offset 8")
	"\tpush %rsi\n"
	CFI(".cfi_adjust_cfa_offset 8")
	"\tsub $8, %rsp\n" /* 16-byte aligned at the call */
	CFI(".cfi_adjust_cfa_offset 8")
	"\tmov %rbx, %rdi\n"
	"\tcall fake_clobber\n"
	"\tadd $8, %rsp\n"
	CFI(".cfi_adjust_cfa_offset -8")
	"\tpop %rsi\n"
	CFI(".cfi_adjust_cfa_offset -8")
	"\tpop %rdi\n"
	CFI(".cfi_adjust_cfa_offset -8")
	"\ttest %eax, %eax\n"
	"\tjz 1f\n"
	"\txor %ebx, %ebx\n"
	"1:\tjmp fake_clock_gettime\n"
	CFI(".cfi_endproc")
	".size " STR(FAKE(clock_gettime)) ", . - " STR(FAKE(clock_gettime)) "\n");
#else
__asm__(".text\n"
	".globl " STR(FAKE(clock_gettime)) "\n"
	".type " STR(FAKE(clock_gettime)) ", @function\n"
	STR(FAKE(clock_gettime)) ":\n"
	CFI(".cfi_startproc")
	"\tsub $8, %esp\n" /* 16-byte aligned at the call */
	CFI(".cfi_adjust_cfa_offset 8")
	"\tpush %esi\n"
	CFI(".cfi_adjust_cfa_offset 4")
	"\tcall fake_clobber\n"
	"\tadd $12, %esp\n"
	CFI(".cfi_adjust_cfa_offset -12")
	"\ttest %eax, %eax\n"
	"\tjz 1f\n"
	"\txor %esi, %esi\n"
	"1:\tjmp fake_clock_gettime\n"
	CFI(".cfi_endproc")
	".size " STR(FAKE(clock_gettime)) ", . - " STR(FAKE(clock_gettime)) "\n");
#endif
#else
#define fake_clock_gettime FAKE(clock_gettime)
#endif

int fake_clock_gettime(clockid_t id, vdso_timespec *ts)
{
	if (bug() == BUG_GETTIME_SLOW)
		for (volatile unsigned i = 0; i < 4000; i++)
			;
	int r = fake_gettime(id, ts, SYS_clock_gettime, false);

	if (ts && r == 0 && bug() == BUG_GETTIME_STORE_PAST)
		for (int i = 0; i < 8; i++)
			((volatile unsigned char *)(ts + 1))[i] ^= 0xff;
	if (ts && r == 0 && bug() == BUG_GETTIME_STORE_BEFORE)
		for (int i = 1; i <= 8; i++)
			((volatile unsigned char *)ts)[-i] ^= 0xff;
	return r;
}

int FAKE(clock_getres)(clockid_t id, vdso_timespec *res)
{
	return fake_getres(id, res, SYS_clock_getres, false);
}

int FAKE(gettimeofday)(vdso_timeval *tv, struct timezone *tz)
{
	long r;

	switch (bug()) {
	case BUG_GTOD_ERROR:
		return -EINVAL;
	case BUG_GTOD_EOVERFLOW:
		return -EOVERFLOW;
	case BUG_GTOD_NULL_TZ_FAILS:
		if (!tz)
			return -EFAULT;
		break;
	case BUG_GTOD_NULL_CRASH:
		if (!tv)
			*(volatile long *)tv = 0;
		break;
	default:
		break;
	}
	r = syscall(SYS_gettimeofday, tv, bug() == BUG_GTOD_TZ_IGNORED ? NULL : tz);
	if (r != 0)
		return (int)ret(r);
	if (tv && bug() == BUG_GTOD_USEC_1E6) {
		tv->tv_sec--;
		tv->tv_usec += 1000000;
	}
	if (tv && bug() == BUG_GTOD_BEHIND)
		tv->tv_sec--;
	if (tv && bug() == BUG_GTOD_AHEAD)
		tv->tv_sec++;
	if (tz && bug() == BUG_GTOD_TZ)
		tz->tz_minuteswest += 60;
	if (tv && bug() == BUG_GTOD_STORE_PAST)
		((volatile unsigned char *)(tv + 1))[0] ^= 0xff;
	if (tv && bug() == BUG_GTOD_STORE_BEFORE)
		((volatile unsigned char *)tv)[-1] ^= 0xff;
	if (tv && bug() == BUG_GTOD_BIAS) {
		vdso_timespec now;

		if (syscall(SYS_clock_gettime, CLOCK_REALTIME, &now) != 0)
			return (int)ret(-1);
		struct fake_ts t = { now.tv_sec, now.tv_nsec };
		add_ns(&t, bias_ns());
		tv->tv_sec = t.sec;
		tv->tv_usec = t.nsec / 1000;
	}
	if (tz && bug() == BUG_GTOD_DST)
		tz->tz_dsttime += 1;
	if (tv && bug() == BUG_GTOD_USEC_NEGATIVE) {
		tv->tv_sec++;
		tv->tv_usec -= 1000000;
	}
	if (tv && bug() == BUG_GTOD_USEC_EXACT_1E6) {
		tv->tv_sec--;
		tv->tv_usec = 1000000;
	}
	if (tv && bug() == BUG_GTOD_AHEAD_1MS && (tv->tv_usec += 1000) >= 1000000) {
		tv->tv_sec++;
		tv->tv_usec -= 1000000;
	}
	if (bug() == BUG_RETURN_POSITIVE || (bug() == BUG_NULL_RETURN_POSITIVE && tv && !tz))
		return EINVAL;
	return 0;
}

vdso_time_t FAKE(time)(vdso_time_t *t)
{
	vdso_timespec ts;
	vdso_time_t now;

	if (bug() == BUG_TIME_NULL_CRASH && !t)
		*(volatile vdso_time_t *)t = 0;
	while (bug() == BUG_TIME_HANG)
		;
	static unsigned slow_calls; /* (a child's count starts where its parent's was) */
	if (bug() == BUG_TIME_SLOW_START && slow_calls < 24) {
		struct timespec half = { 0, 500000000 };
		slow_calls++;
		nanosleep(&half, NULL);
	}
	if (bug() == BUG_TIME_EXIT)
		_exit(3);
	if (bug() == BUG_TIME_EXIT0)
		_exit(0);
#ifdef SYS_time
	/*
	 * time() has no error return: a bad pointer faults on the store below,
	 * as in the kernel's vDSO, unless an error bug says otherwise.
	 */
	if (t && syscall(SYS_time, t) == -1 && bug() == BUG_EFAULT_IS_ZERO)
		return 0;
#endif
	syscall(SYS_clock_gettime, CLOCK_REALTIME_COARSE, &ts);
	now = (vdso_time_t)ts.tv_sec;
	if (bug() == BUG_TIME_AHEAD)
		now += 3600;
	if (bug() == BUG_TIME_BEHIND)
		now -= 3600;
	if ((bug() == BUG_TIME_NULL_AHEAD && !t) || (bug() == BUG_TIME_PTR_AHEAD && t))
		now += 3600;
	if (bug() == BUG_TIME_NULL_BEHIND && !t)
		now -= 3600;
	if (bug() == BUG_TIME_AHEAD_1S)
		now += 1;
	if (bug() == BUG_TIME_BIAS) {
		struct fake_ts b = { ts.tv_sec, ts.tv_nsec };
		add_ns(&b, bias_ns());
		now = (vdso_time_t)b.sec;
	}
	if (bug() == BUG_TIME_MINUS_ONE)
		now = -1;
	if (t)
		*(volatile vdso_time_t *)t = now + (bug() == BUG_TIME_STORE);
	return now;
}

long FAKE(getcpu)(unsigned *cpu, unsigned *node, void *cache)
{
	long r;

	if (bug() == BUG_GETCPU_ERROR || (bug() == BUG_GETCPU_PINNED_ERROR && pinned()))
		return -EINVAL;
	if (bug() == BUG_GETCPU_CACHE && cache)
		*(volatile unsigned *)cache = 0;
	if (bug() == BUG_GETCPU_NULL_CRASH && !cpu)
		*(volatile unsigned *)cpu = 0;
	/* Bad pointers go to the system call, which reports EFAULT. */
	r = syscall(SYS_getcpu, cpu, node, NULL);
	if (r != 0)
		return ret(r);
	if (cpu && bug() == BUG_GETCPU_OUTSIDE)
		*cpu = 4095;
	if (cpu && bug() == BUG_GETCPU_WRONG_CPU)
		*cpu ^= 1;
	if (node && bug() == BUG_GETCPU_WRONG_NODE)
		*node += 1;
	return bug() == BUG_RETURN_POSITIVE ? EINVAL : 0;
}

/* Is the calling thread pinned to one CPU (as verify pins getcpu's checks)? */
static bool pinned(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) == 1;
}

/* (fake-vdso-noseam.so, FAKE_NO_SEAM: a stand-in without this mark of one) */
#ifndef FAKE_NO_SEAM
/*
 * The test seam (src/vdso/vdso.h): the system call verify compares with,
 * syscall(@nr, @a1, @a2), then the syscall-* bugs.
 */
long vdsotest_test_syscall(long nr, long a1, long a2)
{
	static unsigned long getres_calls;
	bool gettime = nr == SYS_clock_gettime, getres = nr == SYS_clock_getres, t64 = false;

	if (bug() == BUG_SYSCALL_ERROR) {
		errno = EIO;
		return -1;
	}
	long r = syscall(nr, a1, a2);

#ifdef SYS_clock_gettime64
	if (nr == SYS_clock_gettime64 || nr == SYS_clock_getres_time64) {
		gettime = nr == SYS_clock_gettime64;
		getres = !gettime;
		t64 = true;
	}
#endif
	if (r != 0)
		return r;
	if (nr == SYS_getcpu && a1 && bug() == BUG_SYSCALL_GETCPU_OUTSIDE)
		*(unsigned *)a1 = 4095;
	if (nr == SYS_getcpu && pinned()) {
		if (a1 && bug() == BUG_SYSCALL_GETCPU_PINNED_CPU)
			*(unsigned *)a1 ^= 1;
		if (a2 && bug() == BUG_SYSCALL_GETCPU_PINNED_NODE)
			*(unsigned *)a2 += 1;
		if (bug() == BUG_SYSCALL_GETCPU_PINNED_ERROR) {
			errno = EIO;
			return -1;
		}
	}
	if (nr == SYS_gettimeofday && a1 && bug() == BUG_SYSCALL_USEC_EXACT_1E6) {
		((vdso_timeval *)a1)->tv_sec--;
		((vdso_timeval *)a1)->tv_usec = 1000000;
	}
	if (nr == SYS_gettimeofday && a1 && bug() == BUG_SYSCALL_USEC_1E6) {
		((vdso_timeval *)a1)->tv_sec--;
		((vdso_timeval *)a1)->tv_usec += 1000000;
	}
	if (!(gettime || getres) || !a2)
		return r;
	struct fake_ts t = get_ts((void *)a2, t64);
	if (bug() == BUG_SYSCALL_NSEC_1E9) {
		t.sec -= gettime;
		t.nsec += 1000000000;
	}
	if (gettime && bug() == BUG_SYSCALL_SEC_NEGATIVE)
		t.sec = -1;
	if (gettime && bug() == BUG_SYSCALL_NSEC_NEGATIVE) {
		t.sec++;
		t.nsec -= 1000000000;
	}
	if (gettime && bug() == BUG_SYSCALL_NSEC_EXACT_1E9) {
		t.sec--;
		t.nsec = 1000000000;
	}
	if (getres && bug() == BUG_SYSCALL_GETRES_CHANGES && ++getres_calls >= 8)
		t.nsec++;
	if (gettime && bug() == BUG_CPU_SKEW)
		cpu_skew(&t);
	put_ts((void *)a2, t64, t);
	return r;
}
#endif /* FAKE_NO_SEAM */

/* The test seam's vsyscall getcpu (src/vdso/vdso.h): getcpu, then the vsyscall-getcpu-* bugs. */
long vdsotest_test_vsyscall_getcpu(unsigned *cpu, unsigned *node, void *cache)
{
	(void)cache;
	if (bug() == BUG_VSYSCALL_GETCPU_ERROR)
		return -EINVAL;
	if (syscall(SYS_getcpu, cpu, node, NULL) != 0)
		return -errno;
	if (cpu && bug() == BUG_VSYSCALL_GETCPU_WRONG_CPU)
		*cpu ^= 1;
	if (node && bug() == BUG_VSYSCALL_GETCPU_WRONG_NODE)
		*node += 1;
	return 0;
}

#ifdef SYS_clock_gettime64
/* The time64 calls of 32-bit targets: every bug of their 32-bit twins. */
int FAKE(clock_gettime64)(clockid_t id, vdso_timespec64 *ts);
int FAKE(clock_getres_time64)(clockid_t id, vdso_timespec64 *res);

int FAKE(clock_gettime64)(clockid_t id, vdso_timespec64 *ts)
{
	return fake_gettime(id, ts, SYS_clock_gettime64, true);
}

int FAKE(clock_getres_time64)(clockid_t id, vdso_timespec64 *res)
{
	return fake_getres(id, res, SYS_clock_getres_time64, true);
}
#endif

/*
 * getrandom: the state this fake asks for.  Correct, it makes bytes in
 * user space from a key and a counter kept in the state (splitmix64: no
 * cryptography, only what the checks look at), the key taken from the
 * system call on first use and again in a new process (the state is mapped
 * without wipe-on-fork, so the pid stands in for it).
 */
struct fake_rng_state {
	uint64_t key;
	uint64_t counter;
	pid_t pid;
};
#define FAKE_STATE_BYTES 64

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15u;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
	return x ^ (x >> 31);
}

static void generate(struct fake_rng_state *st, unsigned char *buf, size_t len)
{
	if (bug() != BUG_GETRANDOM_FORK_SAME && bug() != BUG_GETRANDOM_SHARED_KEY &&
	    st->pid != getpid()) {
		st->pid = getpid();
		st->key = 0;
	}
	if (!st->key) {
		if (bug() == BUG_GETRANDOM_SHARED_KEY)
			st->key = 42;
		else if (syscall(SYS_getrandom, &st->key, sizeof(st->key), 0) != sizeof(st->key))
			st->key = 1;
	}
	for (size_t i = 0; i < len; i += 8) {
		uint64_t x = splitmix64(st->key ^ splitmix64(st->counter++));
		memcpy(buf + i, &x, len - i < 8 ? len - i : 8);
	}
}

long FAKE(getrandom)(void *buf, size_t len, unsigned flags, void *state, size_t state_len)
{
	struct vgetrandom_opaque_params *p = state;
	enum bug b = bug();

	if (state_len == ~(size_t)0 && !buf && !len && !flags) {
		if (b == BUG_GETRANDOM_PARAMS_ERROR)
			return -EINVAL;
		if (b == BUG_GETRANDOM_PARAMS_ENOSYS)
			return -ENOSYS;
		memset(p, 0, sizeof(*p));
		p->size_of_opaque_state = FAKE_STATE_BYTES;
		p->mmap_prot = PROT_READ | PROT_WRITE;
		p->mmap_flags = MAP_PRIVATE | MAP_ANONYMOUS;
		return 0;
	}
	if (b == BUG_GETRANDOM_ANY_FLAG)
		flags &= GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE;
	if (b == BUG_GETRANDOM_KNOWN_FLAGS && (flags & (GRND_NONBLOCK | GRND_INSECURE)))
		return -EINVAL;
	if (b == BUG_GETRANDOM_FLAG_SHORT && (flags & GRND_INSECURE) && state && buf &&
	    state_len == FAKE_STATE_BYTES) {
		generate(state, buf, len / 2);
		return (long)(len / 2);
	}
	if (b == BUG_GETRANDOM_FLAG_ERRNO && (flags & ~(unsigned)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE)))
		return -ENOSYS;
	if ((b == BUG_GETRANDOM_INSECURE && (flags & GRND_INSECURE)) ||
	    (b == BUG_GETRANDOM_LEN0 && !len) || (b == BUG_GETRANDOM_NULL_STATE && !state) ||
	    (b == BUG_GETRANDOM_OPAQUE_LEN && state_len != FAKE_STATE_BYTES))
		return -EINVAL;
	/* Fall back, as the kernel does: no state, a wrong length, unknown flags. */
	if (!state || state_len != FAKE_STATE_BYTES ||
	    (flags & ~(unsigned)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE)))
		return ret(syscall(SYS_getrandom, buf, len, flags));
	if (b == BUG_GETRANDOM_ERROR)
		return -EINVAL;
	if (b == BUG_GETRANDOM_OVERRUN)
		((volatile unsigned char *)state)[FAKE_STATE_BYTES] ^= 1;
	if (b == BUG_GETRANDOM_REPEAT && buf) {
		memset(buf, 0x5a, len);
		return (long)len;
	}
	if (b == BUG_GETRANDOM_SYSCALL || !buf)
		return ret(syscall(SYS_getrandom, buf, len, flags));
	/* In a time namespace: the bugs of a vDSO that reads its page's data there. */
	bool in_timens = timens_offset_ns(CLOCK_MONOTONIC) || timens_offset_ns(CLOCK_BOOTTIME);
	if (b == BUG_GETRANDOM_TIMENS_SYSCALL && in_timens)
		return ret(syscall(SYS_getrandom, buf, len, flags));
	if (b == BUG_GETRANDOM_TIMENS_SHORT && in_timens) {
		generate(state, buf, len / 2);
		return (long)(len / 2);
	}
	if (len <= 64 || ((b < BUG_GETRANDOM_SHORT || b > BUG_GETRANDOM_LONG_OVERRUN) &&
			  b != BUG_GETRANDOM_PAST_END_2)) {
		generate(state, buf, len);
		return (long)len;
	}
	/* The bugs of long requests. */
	struct fake_rng_state *st = state;
	uint64_t counter = st->counter;
	size_t written = len;
	if (b == BUG_GETRANDOM_SHORT && len > 1024)
		written = 1024;
	if (b == BUG_GETRANDOM_TAIL)
		written = len - len % 64;
	generate(st, buf, written);
	/*
	 * The tail left zero starts right after a non-zero byte, so that the
	 * check names exactly the bytes not written (a last written byte
	 * that was 0 by chance, 1 run in 256, made it one byte longer).
	 */
	if (b == BUG_GETRANDOM_TAIL && written > 0)
		((unsigned char *)buf)[written - 1] |= 1;
	if (b == BUG_GETRANDOM_PAST_END)
		((volatile unsigned char *)buf)[len] ^= 1;
	if (b == BUG_GETRANDOM_PAST_END_2)
		((volatile unsigned char *)buf)[len + 1] ^= 1;
	if (b == BUG_GETRANDOM_LONG_REPEAT)
		st->counter = counter;
	if (b == BUG_GETRANDOM_LONG_OVERRUN)
		((volatile unsigned char *)state)[FAKE_STATE_BYTES] ^= 1;
	return b == BUG_GETRANDOM_TAIL ? (long)len : (long)written;
}

/*
 * The test seam (src/vdso/vdso.h): the kernel release known kernel bugs
 * are judged against, VDSOTEST_FAKE_KERNEL_RELEASE ("RELEASE" or
 * "RELEASE;VERSION"); unset, "99.0.0": a kernel after every fix, so that
 * no fake's answer is an expected failure by accident.
 */
const char *vdsotest_test_kernel_release(void)
{
	const char *r = getenv("VDSOTEST_FAKE_KERNEL_RELEASE");

	return r && *r ? r : "99.0.0";
}

/*
 * Two more exported functions for `vdsotest info --vdso-image` of this
 * object (tests/cli.sh): one that no vDSO has ("not tested: unknown to
 * vdsotest"), and another name of the fake gettimeofday at its address
 * (tested by gettimeofday through that name, as x86_64's gettimeofday
 * beside __vdso_gettimeofday).  vdsotest never calls either.
 */
#define FAKE_STR2(x) #x
#define FAKE_STR(x) FAKE_STR2(x)
int vdsotest_fake_unknown(void);
int vdsotest_fake_unknown(void)
{
	return 0;
}
int vdsotest_fake_gettimeofday_alias(vdso_timeval *tv, struct timezone *tz)
	__attribute__((alias(FAKE_STR(FAKE(gettimeofday)))));

/*
 * The powerpc exports, for the checks of families/tbfreq.c,
 * syscall_map.c and sync_dicache.c on the build machine.  The timebase:
 * FAKE_TB_HZ, the frequency of a POWER9's, counted by the test seam's
 * vdsotest_test_timebase() from CLOCK_MONOTONIC_RAW and said by its
 * /proc/cpuinfo text.
 */
#define FAKE_TB_HZ 512000000ULL

uint64_t FAKE(get_tbfreq)(void)
{
	static unsigned calls;

	switch (bug()) {
	case BUG_TBFREQ_WRONG:
		return 500000000;
	case BUG_TBFREQ_1HZ:
		return FAKE_TB_HZ + 1;
	case BUG_TBFREQ_1HZ_LOW:
		return FAKE_TB_HZ - 1;
	case BUG_TBFREQ_ZERO:
		return 0;
	case BUG_TBFREQ_CHANGES:
		return FAKE_TB_HZ + (__atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) >= 8);
	case BUG_TBFREQ_ABORT:
		abort();
	default:
		return FAKE_TB_HZ;
	}
}

uint64_t vdsotest_test_timebase(void)
{
	struct timespec ts;
	uint64_t ticks;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	/* ns * 0.512 */
	ticks = ((uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec) * 64 / 125;
	if (bug() == BUG_TIMEBASE_FAST)
		ticks += ticks / 50;
	if (bug() == BUG_TIMEBASE_FAST_03)
		ticks += ticks / 1000 * 3;
	return ticks;
}

const char *vdsotest_test_cpuinfo(void)
{
	return "processor\t: 0\ncpu\t\t: POWER9 (fake)\nclock\t\t: 2200.000000MHz\n\n"
	       "timebase\t: 512000000\nplatform\t: fake-vdso\n";
}

/*
 * The syscall map (arch/powerpc/kernel/vdso/datapage.S): FAKE_NR_SYSCALLS
 * system calls, of which the fake says it has only those that take no
 * argument and change nothing (all of them implemented by the build
 * machine's kernel); system call N is bit 0x80000000 >> (N & 31) of word
 * N >> 5.
 */
#define FAKE_NR_SYSCALLS 1000

static void map_set(uint32_t *map, long nr, bool on)
{
	if (on)
		map[nr >> 5] |= 0x80000000u >> (nr & 31);
	else
		map[nr >> 5] &= ~(0x80000000u >> (nr & 31));
}

const uint32_t *FAKE(get_syscall_map)(unsigned *count)
{
	static uint32_t map[(FAKE_NR_SYSCALLS + 31) / 32], other[(FAKE_NR_SYSCALLS + 31) / 32];
	static const long have[] = { SYS_getpid, SYS_getppid, SYS_gettid, SYS_getuid,
				     SYS_geteuid, SYS_getgid, SYS_getegid, SYS_sched_yield };
	static unsigned calls;

	memset(map, 0, sizeof(map));
	for (size_t i = 0; i < sizeof(have) / sizeof(have[0]); i++)
		map_set(map, have[i], true);
	if (bug() == BUG_SYSCALL_MAP_GETPID)
		map_set(map, SYS_getpid, false);
#if defined(__x86_64__)
	if (bug() == BUG_SYSCALL_MAP_NI)
		map_set(map, 174, true); /* create_module */
#else
	if (bug() == BUG_SYSCALL_MAP_NI)
		map_set(map, 17, true); /* break */
#endif
	if (bug() == BUG_SYSCALL_MAP_PAST)
		map_set(map, FAKE_NR_SYSCALLS + 10, true);
	if (bug() == BUG_SYSCALL_MAP_CHANGES && __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) >= 8)
		map_set(map, 900, true);
	if (!count) {
		if (bug() == BUG_SYSCALL_MAP_NULL_CRASH)
			*(volatile unsigned *)count = FAKE_NR_SYSCALLS;
		if (bug() == BUG_SYSCALL_MAP_NULL_OTHER) {
			memcpy(other, map, sizeof(map));
			return other;
		}
		return map;
	}
	if (bug() != BUG_SYSCALL_MAP_NO_COUNT)
		*count = FAKE_NR_SYSCALLS;
	return map;
}

/*
 * sync_dicache: nothing to do on the build machine (x86: instruction
 * fetch sees stores).  sync-dicache-revert plays an instruction cache
 * that kept the old code: a range synced again puts back the bytes it
 * had at its previous sync.
 */
void FAKE(sync_dicache)(unsigned long start, unsigned long end)
{
	static unsigned char last[16];
	static unsigned long last_start;
	unsigned char *p = (unsigned char *)start;
	size_t len = end - start < sizeof(last) ? end - start : sizeof(last);

	if (start == end && bug() == BUG_SYNC_DICACHE_EMPTY_ABORT)
		abort();
	if (start < end && bug() == BUG_SYNC_DICACHE_ZERO && p[0] == 0xb8)
		memset(p + 1, 0, 4);
	if (start < end && bug() == BUG_SYNC_DICACHE_REVERT) {
		unsigned char now[sizeof(last)];
		memcpy(now, p, len);
		if (start == last_start)
			memcpy(p, last, len);
		memcpy(last, now, len);
		last_start = start;
	}
}

/*
 * riscv's calls, on any host: a model of the system calls riscv_hwprobe
 * and riscv_flush_icache (arch/riscv/kernel/sys_hwprobe.c, sys_riscv.c),
 * which the test seam's vdsotest_test_syscall5() answers under riscv's
 * numbers (__NR_arch_specific_syscall + 14 and + 15), and the vDSO's
 * functions over it (arch/riscv/kernel/vdso/hwprobe.c, flush_icache.S).
 * The model's harts are alike: keys 0 .. 9 known, the same value on every
 * CPU; its online CPUs are 0 .. fake_ncpus() - 1.
 */
#define FAKE_NR_HWPROBE (244 + 14)
#define FAKE_NR_FLUSH_ICACHE (244 + 15)
#define FAKE_HWPROBE_KEYS 10
#define FAKE_SET_BYTES 128 /* the model's cpumask_size() */

struct fake_pair {
	int64_t key;
	uint64_t value;
};

static uint64_t fake_key_value(int64_t key)
{
	return 0x1000 + (uint64_t)key * 0x11;
}

/* The kernel's copy_from_user()/copy_to_user(): false where @src cannot be read or @dst written. */
static bool fake_copy(void *dst, const void *src, size_t n)
{
	int p[2];
	bool ok;

	if (n == 0)
		return true;
	if (pipe(p) != 0)
		return false;
	/* (a bad buffer gives EFAULT or a short count through a pipe, never a signal) */
	ok = write(p[1], src, n) == (ssize_t)n && read(p[0], dst, n) == (ssize_t)n;
	close(p[0]);
	close(p[1]);
	return ok;
}

static long fake_errno(int e)
{
	errno = e;
	return -1;
}

/*
 * The model's CPU count: one past the highest CPU of
 * /sys/devices/system/cpu/online, else sysconf(_SC_NPROCESSORS_CONF)
 * (not that first: musl answers it from the affinity mask, and verify
 * pins itself to one CPU at a time).
 */
static long fake_ncpus(void)
{
	char buf[256];
	long n = -1;
	FILE *f = fopen("/sys/devices/system/cpu/online", "re");

	if (f) {
		if (fgets(buf, sizeof(buf), f))
			for (char *p = buf; *p;) {
				if (*p < '0' || *p > '9') { /* (the ',' and '-' of "0-3,8") */
					p++;
					continue;
				}
				long v = strtol(p, &p, 10);
				if (v + 1 > n)
					n = v + 1;
			}
		fclose(f);
	}
	return n > 0 ? n : sysconf(_SC_NPROCESSORS_CONF);
}

/* @set of the model's online CPUs only; true when one is left. */
static bool fake_online(unsigned char *set)
{
	long n = fake_ncpus();
	bool any = false;

	for (long cpu = 0; cpu < FAKE_SET_BYTES * 8; cpu++) {
		if (cpu >= n)
			set[cpu / 8] &= (unsigned char)~(1u << (cpu % 8));
		any |= (set[cpu / 8] >> (cpu % 8)) & 1;
	}
	return any;
}

/* The system call riscv_hwprobe of the model: syscall(2)'s convention. */
static long fake_sys_hwprobe(struct fake_pair *pairs, size_t count, size_t setsize, void *cpus,
			     unsigned flags)
{
	unsigned char set[FAKE_SET_BYTES] = { 0 };
	size_t n = setsize < sizeof(set) ? setsize : sizeof(set);

	if (flags & 1) { /* RISCV_HWPROBE_WHICH_CPUS */
		bool clear_all = false;
		if (flags != 1 || !setsize || !cpus)
			return fake_errno(EINVAL);
		if (!fake_copy(set, cpus, n))
			return fake_errno(EFAULT);
		bool empty = true;
		for (size_t i = 0; i < n; i++)
			empty &= set[i] == 0;
		if (empty)
			memset(set, 0xff, sizeof(set));
		fake_online(set);
		for (size_t i = 0; i < count; i++) {
			struct fake_pair pair;
			if (!fake_copy(&pair, &pairs[i], sizeof(pair)))
				return fake_errno(EFAULT);
			if (pair.key < 0 || pair.key >= FAKE_HWPROBE_KEYS) {
				clear_all = true;
				pair = (struct fake_pair){ .key = -1 };
				if (!fake_copy(&pairs[i], &pair, sizeof(pair)))
					return fake_errno(EFAULT);
			}
			if (!clear_all && pair.value != fake_key_value(pair.key))
				memset(set, 0, sizeof(set)); /* (alike harts: all or none) */
		}
		if (clear_all)
			memset(set, 0, sizeof(set));
		return fake_copy(cpus, set, n) ? 0 : fake_errno(EFAULT);
	}
	if (flags)
		return fake_errno(EINVAL);
	if (setsize || cpus) {
		if (!fake_copy(set, cpus, n))
			return fake_errno(EFAULT);
		if (!fake_online(set))
			return fake_errno(EINVAL);
	}
	for (size_t i = 0; i < count; i++) {
		struct fake_pair pair;
		if (!fake_copy(&pair.key, &pairs[i].key, sizeof(pair.key)))
			return fake_errno(EFAULT);
		pair.value = fake_key_value(pair.key);
		if (pair.key < 0 || pair.key >= FAKE_HWPROBE_KEYS)
			pair = (struct fake_pair){ .key = -1 };
		if (!fake_copy(&pairs[i].key, &pair.key, sizeof(pair.key)) ||
		    !fake_copy(&pairs[i].value, &pair.value, sizeof(pair.value)))
			return fake_errno(EFAULT);
	}
	return 0;
}

static long fake_sys_flush_icache(unsigned long flags)
{
	return flags & ~1UL ? fake_errno(EINVAL) : 0; /* (the range is not looked at) */
}

/* The test seam: riscv's two system calls of the model; others as syscall(2). */
long vdsotest_test_syscall5(long nr, long a1, long a2, long a3, long a4, long a5)
{
	if (nr == FAKE_NR_HWPROBE)
		return fake_sys_hwprobe((struct fake_pair *)a1, (size_t)a2, (size_t)a3, (void *)a4,
					(unsigned)a5);
	if (nr == FAKE_NR_FLUSH_ICACHE)
		return fake_sys_flush_icache((unsigned long)a3);
#if defined(__riscv)
	return syscall(nr, a1, a2, a3, a4, a5);
#else
	return fake_errno(ENOSYS); /* (riscv's numbers are other calls here) */
#endif
}

/*
 * The vDSO's riscv_hwprobe over the model: flags other than 0 go to the
 * system call; else every pair is answered from the stored values, with
 * or without a CPU set (alike harts), the set not read.
 */
int FAKE(riscv_hwprobe)(void *pairs, size_t count, size_t setsize, void *cpus, unsigned flags)
{
	enum bug b = bug();
	struct fake_pair *p = pairs;

	if (flags == 1 && b == BUG_HWPROBE_WHICH_CPUS_ERROR)
		return -EIO;
	if (flags != 0 && !(b == BUG_HWPROBE_ANY_FLAG && flags == 2)) {
		long r = ret(fake_sys_hwprobe(pairs, count, setsize, cpus, flags));
		if (r == 0 && flags == 1 && b == BUG_HWPROBE_WHICH_CPUS)
			memset(cpus, 0, setsize < FAKE_SET_BYTES ? setsize : FAKE_SET_BYTES);
		return (int)r;
	}
	if (b == BUG_HWPROBE_ERROR && !cpus)
		return -EINVAL;
	for (size_t i = 0; i < count; i++) {
		if (p[i].key < 0 || p[i].key >= FAKE_HWPROBE_KEYS) {
			if (b != BUG_HWPROBE_UNKNOWN_KEY)
				p[i].key = -1;
			p[i].value = 0;
			continue;
		}
		p[i].value = fake_key_value(p[i].key);
		if (b == BUG_HWPROBE_STALE_KEY && p[i].key == 9)
			p[i].value = 0; /* (probed late at boot: stored before it was known) */
		if (b == BUG_HWPROBE_CPU_STALE && cpus && p[i].key == 4)
			p[i].value ^= 1;
	}
	return 0;
}

/*
 * The vDSO's flush_icache over the model.  The flush-icache-*noop bugs
 * show what a flush that does nothing shows where instruction fetch does
 * not follow stores (not on this host, whose fetch does): the code flushed
 * before at the same place runs, so the fake puts it back.
 */
int FAKE(flush_icache)(void *start, void *end, unsigned long flags)
{
	static unsigned char last[64];
	static unsigned char *last_start;
	static size_t last_len;
	enum bug b = bug();
	size_t len = (size_t)((unsigned char *)end - (unsigned char *)start);

	if (b == BUG_FLUSH_ICACHE_ERROR)
		return -EINVAL;
	if (b == BUG_RETURN_POSITIVE)
		return EINVAL; /* (the flush made: only the value is wrong) */
	if (!(b == BUG_FLUSH_ICACHE_ANY_FLAG && flags == 2) && fake_sys_flush_icache(flags) != 0)
		return (int)ret(-1);
	if (start >= end || len > sizeof(last))
		return 0;
	bool noop = b == BUG_FLUSH_ICACHE_NOOP || (b == BUG_FLUSH_ICACHE_ALL_NOOP && flags == 0);
	if (noop && start == last_start && len == last_len && memcmp(start, last, len) != 0) {
		long page = sysconf(_SC_PAGESIZE);
		void *p = (void *)((uintptr_t)start & ~(uintptr_t)(page - 1));
		mprotect(p, (size_t)page, PROT_READ | PROT_WRITE | PROT_EXEC);
		memcpy(start, last, len);
		return 0;
	}
	memcpy(last, start, len);
	last_start = start;
	last_len = len;
	return 0;
}

/*
 * The signal trampoline (x86_64): the kernel's vDSO has none there (its
 * kernel takes the C library's SA_RESTORER), so vdsotest's sigreturn
 * passes this one as SA_RESTORER.  Entered by the handler's return, with
 * the stack pointer at the frame's ucontext (arch/x86/include/asm/sigframe.h:
 * struct rt_sigframe, pretcode popped); it makes rt_sigreturn (15).  The
 * sigreturn-* bugs change the frame first: the saved rbx (on every other
 * return), or the saved signal mask (signal 28 added).
 */
#if defined(__x86_64__) && !defined(__ILP32__)
#include <stddef.h>
#include <ucontext.h>

_Static_assert(offsetof(ucontext_t, uc_mcontext.gregs[REG_RBX]) == 128, "saved rbx at 128");
_Static_assert(offsetof(ucontext_t, uc_sigmask) == 296, "saved mask at 296");

__attribute__((visibility("hidden"))) int fake_sigreturn_bug; /* 1 clobber, 2 mask */
/* sigreturn-clobber: every other return (vdsotest's rounds return twice:
 * the second handler's return restores the interrupted registers) */
__attribute__((visibility("hidden"))) int fake_sigreturn_odd;

__attribute__((constructor)) static void fake_sigreturn_init(void)
{
	fake_sigreturn_bug = bug() == BUG_SIGRETURN_CLOBBER ? 1 : bug() == BUG_SIGRETURN_MASK ? 2 : 0;
}

__asm__(".text\n"
	".globl __vdso_rt_sigreturn\n"
	".type __vdso_rt_sigreturn, @function\n"
	"__vdso_rt_sigreturn:\n"
	/* fake-vdso-badcfi.so: an FDE that leaves the first byte out (info) */
	BAD_CFI("\tnop\n")
	CFI(".cfi_startproc")
	"\tcmpl $1, fake_sigreturn_bug(%rip)\n"
	"\tjne 1f\n"
	"\txorl $1, fake_sigreturn_odd(%rip)\n"
	"\tjz 1f\n"
	"\tmovq $0x5a5a, 128(%rsp)\n"
	"1:\tcmpl $2, fake_sigreturn_bug(%rip)\n"
	"\tjne 2f\n"
	"\torq $0x8000000, 296(%rsp)\n"
	"2:\tmov $15, %eax\n"
	"\tsyscall\n"
	"\thlt\n"
	CFI(".cfi_endproc")
	".size __vdso_rt_sigreturn, . - __vdso_rt_sigreturn\n");
#endif

#if defined(FAKE_NO_CFI) && !defined(FAKE_NO_ANCHOR) && defined(__x86_64__) && \
	!defined(__ILP32__)
/*
 * fake-vdso-nocfi.so (fake-vdso-notables.so has none): one function with unwind information, so that the
 * object has an .eh_frame_hdr search table, which omits every exported
 * function (info's check, src/vdso/unwind_tables.h).  Its CIE and FDE are
 * written out: with -g and no unwind tables the compiler sends .cfi_*
 * directives to .debug_frame.  (LSB Core "Exception Frames"; x86_64: the
 * return address is column 16, at CFA - 8, CFA = rsp + 8.)
 */
__asm__(".text\n"
	".type fake_cfi_anchor, @function\n"
	"fake_cfi_anchor:\n"
	"\tret\n"
	".size fake_cfi_anchor, . - fake_cfi_anchor\n"
	".section .eh_frame,\"a\",@progbits\n"
	".Lanchor_cie:\n"
	"\t.long .Lanchor_cie_end - .Lanchor_cie - 4\n"
	"\t.long 0\n"			/* CIE id */
	"\t.byte 1\n"			/* version */
	"\t.string \"zR\"\n"
	"\t.uleb128 1\n"		/* code alignment */
	"\t.sleb128 -8\n"		/* data alignment */
	"\t.byte 16\n"			/* return address column */
	"\t.uleb128 1\n"		/* augmentation data: */
	"\t.byte 0x1b\n"		/* FDE pointers pcrel sdata4 */
	"\t.byte 0x0c, 7, 8\n"		/* DW_CFA_def_cfa rsp, 8 */
	"\t.byte 0x90, 1\n"		/* DW_CFA_offset r16, CFA - 8 */
	"\t.balign 8, 0\n"
	".Lanchor_cie_end:\n"
	"\t.long .Lanchor_fde_end - .Lanchor_fde - 4\n"
	".Lanchor_fde:\n"
	"\t.long .Lanchor_fde - .Lanchor_cie\n"	/* back to the CIE */
	"\t.long fake_cfi_anchor - .\n"		/* pc_begin */
	"\t.long 1\n"				/* pc_range */
	"\t.uleb128 0\n"
	"\t.balign 8, 0\n"
	".Lanchor_fde_end:\n"
	".previous\n");
#endif
