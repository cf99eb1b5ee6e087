/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The timing harness.  A family gives one batch function per path; the
 * harness calls it in a loop until a timer fires and counts the calls.  The
 * harness times itself with the clock_gettime system call, never with the
 * vDSO under test.
 */
#ifndef VDSOTEST_BENCH_H
#define VDSOTEST_BENCH_H

#include <stdint.h>

#include "core/api.h"
#include "core/bench_result.h"
#include "lib/cycles.h"
#include "lib/stats.h"

/* Make @calls calls through one path; @arg is the family's own data. */
typedef void (*bench_batch_fn)(const void *arg, unsigned long calls);

/* Make one call through path @p; return 0, or the errno of its failure. */
typedef int (*bench_probe_fn)(enum bench_path p, const void *arg);

/* The paths of one API; a NULL entry is a path that does not exist. */
struct bench_paths {
	bench_batch_fn batch[NR_PATHS];
	bench_probe_fn probe; /* checks that each path's call succeeds */
	const void *arg;
	/*
	 * The harness overhead: the vDSO path's batch function and an argument
	 * like @arg whose function is an empty one of the vDSO function's
	 * signature.  NULL: not measured.
	 */
	bench_batch_fn empty_batch;
	const void *empty_arg;
	/*
	 * The calls of one batch, between two looks at the stop flag, in the
	 * warm-up, the timed loops (one thread or many) and the overhead's
	 * loop; 0: BENCH_BATCH_CALLS.  A family whose calls are slow (getrandom
	 * with a large --size) makes it smaller, so that a batch stays short
	 * next to the duration and to the watchdog.
	 */
	unsigned long batch_calls;
	/*
	 * BENCH_PLACEMENTS copies of batch[PATH_VDSO] (BENCH_PLACED_BATCH()),
	 * or NULL: the warm-up times each and the fastest does the
	 * measurement, for the vDSO path and the harness overhead.
	 */
	const bench_batch_fn *vdso_placed;
};

/*
 * The bench state of a family whose batch and probe functions take the
 * vDSO function alone as their arg (*(void *const *)arg): the function
 * under test, and the empty one of the same signature.
 */
struct bench_fn_args {
	void *fn;    /* the bound vDSO function, or NULL */
	void *empty; /* the harness overhead's subject */
};

/*
 * bench_paths_of_fn - fill @paths for such a family (a family's
 * .bench_paths): @args = { @fn, @empty }; the system call and libc
 * batches @sys and @libc (NULL: no such path), the vDSO path (when @fn is
 * not NULL) and the overhead through @vdso_placed[0], its
 * BENCH_PLACEMENTS copies @vdso_placed, and @probe.
 */
static inline void bench_paths_of_fn(struct bench_paths *paths, struct bench_fn_args *args,
				     void *fn, void *empty, bench_batch_fn sys, bench_batch_fn libc,
				     const bench_batch_fn *vdso_placed, bench_probe_fn probe)
{
	*args = (struct bench_fn_args){ fn, empty };
	*paths = (struct bench_paths){ { sys, libc, fn ? vdso_placed[0] : NULL },
				       probe,
				       &args->fn,
				       vdso_placed[0],
				       &args->empty,
				       0,
				       vdso_placed };
}

/* A cycle counter as the timed loop reads it. */
struct bench_cycles {
	const struct cycles_info *info;
	int fd; /* from cycles_open() */
};

/*
 * Noise thresholds (vdsotest(1), NOISE; BENCH_STDEV_MAX_PCT is in
 * core/bench_result.h): below this share of its CPU the measuring thread
 * was not alone on it; above these shares an SMT sibling was busy, or the
 * hypervisor took the CPU (steal time).
 */
#define BENCH_CPU_SHARE_MIN_PCT 90.0
#define BENCH_SMT_BUSY_MAX_PCT 10.0
#define BENCH_STEAL_MAX_PCT 5.0
/*
 * Involuntary context switches per second of measured time above which
 * they get a note, if there were at least BENCH_NIVCSW_MIN (a kernel
 * thread's wake-up now and then is normal on an idle machine, and the
 * fastest slices do not see it: one switch in a 1 ms run is no news), and
 * only where they mattered: the fastest slices were disturbed too
 * (BENCH_SLICES_DISTURBED_PCT); any CPU migration known to have happened
 * gets one.
 */
#define BENCH_NIVCSW_MAX_PER_SEC 10.0
/*
 * A path's ns/call (its fastest slice) this many percent above its thread
 * CPU time per call: no slice ran undisturbed (something woke on the CPU
 * more often than every slice), and the figure is inflated too.  Idle, the
 * fastest slice is at or below the CPU time per call.
 */
#define BENCH_SLICES_DISTURBED_PCT 5.0
#define BENCH_NIVCSW_MIN 3

/* The longest time the harness overhead is measured for, per API. */
#define BENCH_OVERHEAD_MAX_NS 200000000u

/* The least net ns per call --net leaves (less shows as 0.00): else gross figures. */
#define BENCH_NET_MIN_NS 0.01

/*
 * The length of a slice: the timed loop reads CLOCK_MONOTONIC after every
 * slice of whole batches of about this many ns, and the ns per call of a
 * measurement is that of its fastest slice.  Short next to a scheduler
 * time slice (EEVDF's base slice: 0.75 ms and more; kernel/sched/fair.c,
 * sysctl_sched_base_slice) and a tick (1 to 10 ms), so that most slices
 * run undisturbed even on a shared CPU; long next to the clock read
 * inside it (a system call: 0.05 to 1 µs, taken off), so that the
 * read's variation stays below 0.05 %.
 */
#define BENCH_SLICE_NS 100000u

/*
 * The whole slices a measurement makes at least, however short the
 * duration: the timer may fire while the thread is preempted in its first
 * slice, and a measurement needs an undisturbed one.
 */
#define BENCH_MIN_SLICES 3

/*
 * BENCH_REPEAT - run @stmt @n times, 8 to a loop iteration (the rest one by
 * one): the loop's own decrement and branch, one cycle or so, spread over 8
 * calls, as in a hand-unrolled loop (make bench-accuracy).  For the
 * families' batch functions.
 */
/* clang-format off */
#define BENCH_REPEAT(n, stmt)						\
	do {								\
		unsigned long n_ = (n), it_ = n_ / 8;			\
		for (; it_; it_--) {					\
			stmt; stmt; stmt; stmt; stmt; stmt; stmt; stmt;	\
		}							\
		for (n_ %= 8; n_; n_--)					\
			stmt;						\
	} while (0)
/* clang-format on */

/*
 * The copies of a vDSO batch function that BENCH_PLACED_BATCH() makes
 * (each up to 64 bytes of padding and a 64-byte alignment: about 6 KiB of
 * text per vDSO loop).  A
 * call of 1 to 2 ns costs up to a quarter more or less depending on where
 * its loop lies in the instruction cache lines (measured here: 1.15 to
 * 1.43 ns per time() call for one and the same loop at 16 offsets mod 64
 * bytes); the harness times every copy and uses the fastest
 * (bench_paths.vdso_placed), so that the figure is the call's, not an
 * accident of the loop's address.
 */
#define BENCH_PLACEMENTS 16

/* One copy: aligned to 64 bytes, then @pad nop instructions before the body. */
/* clang-format off */
#define BENCH_PLACED_ONE_(name, pad, p, n, ...)				\
	__attribute__((aligned(64), noinline))				\
	static void name##_##pad(const void *p, unsigned long n)	\
	{								\
		__asm__ volatile(".rept " #pad "\n\tnop\n\t.endr");	\
		__VA_ARGS__						\
	}
/* clang-format on */

/*
 * BENCH_PLACED_BATCH - define BENCH_PLACEMENTS batch functions
 * void name_K(const void *@p, unsigned long @n) whose body is the rest of
 * the arguments, after 0, 3, 6, ... 45 nop instructions (1 byte on x86,
 * 4 on most others: offsets of the loop 3 or 12 bytes apart), and the
 * array @name of them, for bench_paths.vdso_placed.
 */
/* clang-format off */
#define BENCH_PLACED_BATCH(name, p, n, ...)				\
	BENCH_PLACED_ONE_(name, 0, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 3, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 6, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 9, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 12, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 15, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 18, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 21, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 24, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 27, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 30, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 33, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 36, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 39, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 42, p, n, __VA_ARGS__)			\
	BENCH_PLACED_ONE_(name, 45, p, n, __VA_ARGS__)			\
	static const bench_batch_fn name[BENCH_PLACEMENTS] = {		\
		name##_0, name##_3, name##_6, name##_9,			\
		name##_12, name##_15, name##_18, name##_21,		\
		name##_24, name##_27, name##_30, name##_33,		\
		name##_36, name##_39, name##_42, name##_45,		\
	};
/* clang-format on */

/* Calls made between two looks at the stop flag, unless the family says (batch_calls). */
#define BENCH_BATCH_CALLS 256

/*
 * bench_measure - call @batch for about @duration_ns (1 .. UINT64_MAX ns),
 * checking a stop flag set by an ITIMER_REAL timer, and interrupt_signal()
 * (SIGINT, SIGTERM), once per batch of @batch_calls (>= 1) calls.  One
 * batch runs first, untimed, as warm-up.
 * SIGALRM is taken over for the duration and restored afterwards.
 * The loop is cut into slices of about BENCH_SLICE_NS (a whole number of
 * batches, sized from the fastest of 5 timed batches after the warm-up),
 * each timed; it makes at least BENCH_MIN_SLICES whole ones, so that it
 * may last longer than @duration_ns (by about 0.3 ms of the thread's CPU
 * time).
 * @out gets the calls, the elapsed CLOCK_MONOTONIC time, the calling
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID), both read with the
 * clock_gettime system call, the fastest whole slice (its ns less the
 * clock read's own cost, and its calls), the slices, and the thread's
 * involuntary context switches and CPU migrations during the loop.
 *
 * Return: 0, or -1 if the timer could not be armed (errno from setitimer(2)).
 */
int bench_measure(bench_batch_fn batch, const void *arg, unsigned long batch_calls,
		  uint64_t duration_ns, struct bench_sample *out);

/*
 * bench_measure_threads - bench_measure() on @n threads at once (2 ..
 * THREADS_MAX), thread i pinned to CPU @cpus[i] (@cpus NULL: not pinned).
 * With @placed (BENCH_PLACEMENTS copies of @batch, else NULL), each thread
 * uses the copy that is fastest on its CPU.
 * Each thread warms up and cuts its slices, then waits at a gate; the gate
 * opens once all have arrived, and only then is the ITIMER_REAL timer that
 * sets the stop flag armed: no thread measures while another is still
 * getting ready.
 * @each[i] gets thread i's sample; @total the sums of calls, of the threads'
 * elapsed times, of their CPU times, of their fastest slices' ns and calls
 * (so that slice_ns / slice_calls is the mean per call of one thread; no
 * slice when a thread has none) and of their counters.
 *
 * Return: 0; or -1 with errno (pthread_create(3), setitimer(2), or the
 * sched_setaffinity(2) of a thread, whose CPU is then in *@bad_cpu).
 */
int bench_measure_threads(bench_batch_fn batch, const bench_batch_fn *placed, const void *arg,
			  unsigned long batch_calls, uint64_t duration_ns, unsigned n,
			  const int *cpus, struct bench_sample *total, struct bench_sample *each,
			  int *bad_cpu);

/*
 * The runs of one API, each measured in a process of its own (bench
 * --runs): the records those processes wrote (bench_run() with
 * run->measure_fd), as read, in the order of the runs.
 */
struct bench_runs {
	unsigned n;    /* records */
	unsigned lost; /* runs whose process gave no usable record */
	char **record; /* record[0 .. n) */
	size_t *len;   /* their bytes */
};

/*
 * bench_run - measure every existing path of @api in the order system call,
 * libc, vDSO, run->repeat times over (interleaved: system call, libc, vDSO,
 * system call, ...; so that a drift of the machine hits every path alike),
 * and report the statistics (report_bench()).  Before that, the overhead
 * (paths->empty_batch) is timed once for run->duration_ns, at most
 * BENCH_OVERHEAD_MAX_NS; with run->net it is subtracted from every ns per call
 * unless that leaves less than BENCH_NET_MIN_NS of one of them: then all the API's figures stay
 * gross, after a note saying so (never 0 ns per call or 0 calls/sec).
 * With run->threads > 1 each path runs on that many threads at once
 * (bench_measure_threads(), pinned to run->cpus); with one thread and
 * run->cpus, the calling thread is pinned to run->cpus[0] first.  With
 * run->cycles (one thread only), the counter is read around each timed loop.
 * The noise of the run goes into res.cond (bench_conditions): a CPU share
 * below BENCH_CPU_SHARE_MIN_PCT, involuntary context switches or CPU
 * migrations, a busy SMT sibling, steal time, a spread above
 * BENCH_STDEV_MAX_PCT (CPU times from /proc/stat, siblings from sysfs).
 * With run->latency, after the repeats, each path's calls are timed one by
 * one for run->duration_ns (latency_counter_read() before and after each),
 * into res.latency[]; the least of the same timing around the empty
 * function (paths->empty_batch, else around nothing) is taken off.
 * When the vDSO path is
 * absent it prints "Note: API: vDSO version of CALL not found" first.  A path
 * whose call fails (paths->probe) is still measured, after a note saying
 * that its figure is that of the error path.  After SIGINT or SIGTERM
 * (interrupt.h) it reports the paths measured so far, the last one for the
 * time it ran, then "API: bench: interrupted by SIGNAL during the PATH path;
 * the figures are of the time measured".
 *
 * With run->measuring (a measuring process of --runs) it only
 * measures (no probe, overhead, latency or report) and writes one record
 * to that descriptor: the repeats of every path, each thread's sums, and
 * the SMT sibling and steal shares.  With run->runs_data (the records of
 * the API's runs), it measures nothing but the overhead (and --latency),
 * takes the runs' repeats as its samples, and reports per path each run's
 * figure (the median of its repeats) and, as the headline, the median of
 * those, their spread being between the runs (bench_result.runs).
 *
 * Return: STATUS_PASS; STATUS_FAIL if a call fails or a measurement could
 * not be made.
 */
enum status bench_run(const struct api *api, const struct run *run,
		      const struct bench_paths *paths);

#endif
