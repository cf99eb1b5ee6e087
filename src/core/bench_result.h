/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One API's bench figures as the harness hands them to the output layer
 * (harness/bench.c fills them, output/ prints them): types only, and the
 * names of the paths.
 */
#ifndef VDSOTEST_BENCH_RESULT_H
#define VDSOTEST_BENCH_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/stats.h"

/* The ways one API is called: the system call, libc's wrapper, the vDSO. */
enum bench_path { PATH_SYSCALL, PATH_LIBC, PATH_VDSO, NR_PATHS };

/*
 * Noise threshold (vdsotest(1), NOISE): above this spread over the repeats
 * (standard deviation in percent of the mean) the median is not to be
 * trusted to a few percent.
 */
#define BENCH_STDEV_MAX_PCT 5.0

#define BENCH_NOTES_MAX 6
#define BENCH_NOTE_LEN 400

/* What disturbed one API's bench, found by bench_run() (vdsotest(1), NOISE). */
struct bench_conditions {
	double smt_busy_pct; /* the busiest SMT sibling of the CPUs measured
				   on (not one of them): its busy share of the
				   API's bench, in percent; -1: none or unknown */
	int smt_cpu;	     /* that sibling, or -1 */
	double steal_pct;    /* the largest steal-time share of the CPUs
				   measured on, in percent; -1 unknown */
	unsigned notes;	     /* note[0 .. notes): one sentence per condition
				   found, without "Note: API: " */
	char note[BENCH_NOTES_MAX][BENCH_NOTE_LEN];
	/* note[i]'s first short_len[i] bytes are its one short sentence, what
	   standard error shows without -v; 0: the note is that short already */
	unsigned short short_len[BENCH_NOTES_MAX];
};

/* The octaves of a latency histogram as reports show it: [0, 1) ns, [1, 2), [2, 4), ... */
#define BENCH_LATENCY_BINS 48
/* The text histogram's rows: [0, 1) ns, then decades up to 1 ms, then the rest. */
#define BENCH_LATENCY_DECADES 8

/* One path's single-call latencies (bench --latency), in ns, the timing's own cost taken off. */
struct bench_latency {
	bool measured;
	uint64_t samples; /* calls timed */
	double p50_ns, p90_ns, p99_ns, p999_ns, max_ns;
	unsigned first_bin, bins;		/* bin[first_bin .. bins): from the first
					   to the last non-empty octave */
	uint64_t bin[BENCH_LATENCY_BINS];	/* bin 0: [0, 1) ns; bin k: [2^(k-1), 2^k) */
	uint64_t decade[BENCH_LATENCY_DECADES]; /* [0, 1) ns, [1, 10), [10, 100),
					   ... [10^5, 10^6), 10^6 and more */
};

/* One API's figures, as bench_run() hands them to report_bench(). */
struct bench_result {
	struct bench_stats stats[NR_PATHS];
	const struct bench_sample *samples[NR_PATHS]; /* each repeat's sample
					   (stats[p].repeats of them), or NULL */
	double net_minus_ns;	/* what --net took off each ns per call (0: none) */
	bool present[NR_PATHS]; /* the path exists (was measured) */
	double overhead_ns;	/* the harness overhead per call; < 0: unknown */
	unsigned threads;	/* threads per path (run->threads) */
	const int *cpus;	/* the CPU of each thread, or NULL: not pinned */
	struct bench_sample *per_thread[NR_PATHS]; /* threads > 1: each
					   thread's sums over the repeats, else NULL */
	bool cycles;				   /* stats[].cycles_per_call were measured */
	bool net[NR_PATHS];			   /* --net: the overhead was subtracted (not
					   when it is not smaller than every ns
					   per call of the API: gross figures) */
	int error[NR_PATHS];			   /* 0, or the errno of the path's call
					   (paths->probe): its figure is that of the
					   error path, no measurement of the call */
	int falls_back;				   /* the vDSO path: 1 falls back to the system
					   call, 0 completes in user space, -1 unknown
					   or no vDSO path (api_falls_back()) */
	struct bench_conditions cond;
	struct bench_latency latency[NR_PATHS]; /* --latency */
	double latency_overhead_ns;		/* the timing's own cost, subtracted: the
					   least of the same timing around the
					   empty function */
	unsigned runs;				/* independent runs (bench --runs) whose
					   figures run_ns[] holds; 1 without */
	const double *run_ns[NR_PATHS];		/* each run's ns per call (the median
					   of its repeats' best slices), or NULL */
	unsigned runs_lost;			/* runs asked for whose process gave no
					   record */
};

/* bench_path_name - "syscall", "libc" or "vdso", as printed in nsec reports; "?" out of range. */
const char *bench_path_name(enum bench_path p);

#endif
