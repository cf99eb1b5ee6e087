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

#include "api.h"

enum bench_path { PATH_SYSCALL, PATH_LIBC, PATH_VDSO, NR_PATHS };

/* Make @calls calls through one path; @arg is the family's own data. */
typedef void (*bench_batch_fn)(const void *arg, unsigned long calls);

/* Make one call through path @p; return 0, or the errno of its failure. */
typedef int (*bench_probe_fn)(enum bench_path p, const void *arg);

/* The paths of one API; a NULL entry is a path that does not exist. */
struct bench_paths {
	bench_batch_fn batch[NR_PATHS];
	bench_probe_fn probe;	/* checks that each path's call succeeds */
	const void *arg;
};

/* What one path achieved. */
struct bench_sample {
	uint64_t calls;
	uint64_t duration_ns;	/* CLOCK_MONOTONIC, from the system call */
};

/* Calls made between two looks at the stop flag. */
#define BENCH_BATCH_CALLS 256

/*
 * bench_measure - call @batch for about @duration_ns (1 .. UINT64_MAX ns),
 * checking a stop flag set by an ITIMER_REAL timer, and interrupt_signal()
 * (SIGINT, SIGTERM), once per BENCH_BATCH_CALLS calls.  One batch runs first, untimed, as warm-up.
 * SIGALRM is taken over for the duration and restored afterwards.
 *
 * Return: 0, or -1 if the timer could not be armed (errno from setitimer(2)).
 */
int bench_measure(bench_batch_fn batch, const void *arg, uint64_t duration_ns,
		  struct bench_sample *out);

/*
 * bench_run - measure every existing path of @api in the order system call,
 * libc, vDSO, and report the figures (report_bench()).  When the vDSO path is
 * absent it prints "Note: vDSO version of CALL not found" first.  A path
 * whose call fails (paths->probe) is still measured, after a note saying
 * that its figure is that of the error path.  After SIGINT or SIGTERM
 * (interrupt.h) it reports the paths measured so far, the last one for the
 * time it ran, then "API: bench: interrupted by SIGNAL during the PATH path;
 * the figures are of the time measured".
 *
 * Return: STATUS_PASS; STATUS_FAIL if a call fails or a measurement could
 * not be made.
 */
enum status bench_run(const struct api *api, const struct run *run,
		      const struct bench_paths *paths);

/* bench_path_name - "syscall", "libc" or "vdso", as printed in nsec reports. */
const char *bench_path_name(enum bench_path p);

/*
 * now_ns - CLOCK_MONOTONIC in nanoseconds, read with the clock_gettime system
 * call (not the vDSO).  Aborts if the system call fails.
 */
uint64_t now_ns(void);

#endif
