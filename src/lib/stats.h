/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics of repeated bench measurements of one path: median, minimum,
 * maximum and spread of the nanoseconds per call.  The samples stay integer
 * (calls, nanoseconds); only the derived per-call figures are floating point.
 *
 * The ns per call of one sample is that of its fastest slice (bench.h,
 * BENCH_SLICE_NS): the call's own cost, which a preemption or another task
 * on the CPU cannot raise as long as one slice ran undisturbed.  The wall
 * and CPU times of the whole loop stay in the sample for the wall-time
 * figures and the CPU share.
 */
#ifndef VDSOTEST_STATS_H
#define VDSOTEST_STATS_H

#include <stdint.h>

/* The most samples stats_compute() looks at (the limit of --repeat). */
#define STATS_MAX_SAMPLES 1000u

/* What one timed loop of one path achieved. */
struct bench_sample {
	uint64_t calls;
	uint64_t duration_ns;  /* CLOCK_MONOTONIC, from the system call */
	uint64_t cpu_ns;       /* CLOCK_THREAD_CPUTIME_ID, from the system call */
	uint64_t cycles;       /* cycle counter ticks (--cycles), else 0 */
	uint64_t slice_cycles; /* those of the fastest whole slice (the one of
				   slice_ns), else 0 */
	uint64_t slice_ns;     /* the fastest whole slice: its CLOCK_MONOTONIC ns,
				   the clock reads' own cost taken off */
	uint64_t slice_calls;  /* its calls; 0: no whole slice (the ns per call
				   is then duration_ns / calls) */
	uint64_t slices;       /* whole slices timed */
	uint64_t nivcsw;       /* involuntary context switches during the loop
				   (getrusage(2) RUSAGE_THREAD ru_nivcsw) */
	int64_t migrations;    /* CPU migrations during the loop (se.nr_migrations
				   of /proc/thread-self/sched), -1 unknown */
};

/* The figures of one path over all its repeats. */
struct bench_stats {
	unsigned repeats; /* samples taken; 0 when the path was not measured */
	uint64_t calls;	  /* sums over the repeats */
	uint64_t duration_ns;
	uint64_t cpu_ns;
	double median_ns; /* ns per call (the fastest slice's of each
				   repeat): median of the repeats (the mean */
	double min_ns;	  /* of the middle two when there is an even number) */
	double max_ns;
	double stdev_pct;	 /* sample standard deviation (n - 1) of the ns per
				   call, in percent of their mean; 0 when repeats < 2 */
	double cpu_ns_per_call;	 /* cpu_ns / calls */
	double wall_ns_per_call; /* duration_ns / calls: the wall time */
	double cpu_share_pct;	 /* 100 * cpu_ns / duration_ns: the share of its
				   CPU the thread had (0 when duration_ns is 0) */
	uint64_t nivcsw;	 /* sums over the repeats */
	int64_t migrations;	 /* sum, -1 when a repeat's is unknown */
	double cycles_per_call;	 /* cycles per call of the same fastest slices as
				   the ns per call: the repeats' slice_cycles over
				   their slice_calls (without whole slices: all
				   cycles over all calls); never net */
	unsigned threads;	 /* threads that ran the path at once (0 = 1); the
				   samples hold their sums, so ns per call is
				   that of one thread */
};

/*
 * stats_compute - the figures of @n samples of one path into @out; @n is
 * 0 to STATS_MAX_SAMPLES (samples beyond it are left out).
 * A sample's ns per call is slice_ns / slice_calls, or duration_ns / calls
 * when it has no whole slice.
 * @minus_ns (>= 0) is taken off every ns per call, the CPU and wall
 * times' too, before the statistics (a result below 0 counts as 0): the harness
 * overhead with --net.  A sample with no calls counts as 0 ns per call.
 * @n == 0 gives all zeros.
 * Never fails.
 */
void stats_compute(const struct bench_sample *s, unsigned n, double minus_ns,
		   struct bench_stats *out);

/*
 * stats_sample_ns - one sample's ns per call as stats_compute() counts it:
 * slice_ns / slice_calls (else duration_ns / calls, else 0), less
 * @minus_ns, not below 0.
 */
double stats_sample_ns(const struct bench_sample *s, double minus_ns);

/*
 * stats_calls_per_sec - the calls per second of all threads together:
 * threads * 1e9 / @st->median_ns; 0 when the median is 0.
 */
double stats_calls_per_sec(const struct bench_stats *st);

/*
 * Latency histograms of single calls (bench --latency), in counter ticks:
 * exact below LATENCY_EXACT ticks, above it LATENCY_SUB buckets per power
 * of two (each 1/64 of its octave wide: a value is known to 1.6 %).
 */
#define LATENCY_EXACT 4096u
#define LATENCY_SUB 64u
#define LATENCY_BUCKETS (LATENCY_EXACT + LATENCY_SUB * (64u - 12u))

struct latency_hist {
	uint64_t count[LATENCY_BUCKETS];
	uint64_t n;   /* samples */
	uint64_t max; /* the largest sample, exactly */
};

/* latency_add - count one sample of @ticks in @h (any value). */
void latency_add(struct latency_hist *h, uint64_t ticks);

/* latency_bucket - the bucket of @ticks (0 .. LATENCY_BUCKETS - 1). */
unsigned latency_bucket(uint64_t ticks);

/* latency_bucket_low - the least value that falls in bucket @b. */
uint64_t latency_bucket_low(unsigned b);

/*
 * latency_percentile - the nearest-rank percentile @pct (0 < pct <= 100) of
 * @h's samples: the ceil(pct / 100 * n)-th smallest, as the low edge of its
 * bucket (exact below LATENCY_EXACT); 100 gives the exact maximum.  0 when
 * there is no sample.
 */
uint64_t latency_percentile(const struct latency_hist *h, double pct);

/*
 * Over a set of values (bench --runs: one per run; compare: a side's
 * runs): mean, median and sample standard deviation; and Welch's t-test
 * of two such sets (compare now uses rank statistics instead, below).
 */
struct stats_summary {
	unsigned n;
	double mean, median, stdev; /* stdev: sample (n - 1); 0 when n < 2 */
};

/* stats_summarize - the summary of @v[0 .. n) (n <= STATS_MAX_SAMPLES; @v unchanged). */
void stats_summarize(const double *v, unsigned n, struct stats_summary *out);

/*
 * stats_welch - Welch's unequal-variances t-test of the means of @a and
 * @b (each n >= 2): t = (mean_b - mean_a) / sqrt(s_a^2/n_a + s_b^2/n_b),
 * the Welch-Satterthwaite degrees of freedom into *@df, and the two-sided
 * p-value from Student's t distribution (regularized incomplete beta
 * function: p = I_{df/(df+t^2)}(df/2, 1/2)).
 * Return: p (0 .. 1); 1 when both sides have no spread and equal means,
 * 0 when neither has spread but the means differ; -1 when a side has
 * fewer than 2 values.
 */
double stats_welch(const struct stats_summary *a, const struct stats_summary *b, double *t,
		   double *df);

/*
 * stats_incbeta - the regularized incomplete beta function I_x(a, b),
 * 0 <= x <= 1, a, b > 0, by its continued fraction (Numerical Recipes'
 * method, written anew); accurate to about 1e-10.
 */
double stats_incbeta(double x, double a, double b);

/*
 * Rank statistics of two independent samples (vdsotest compare: one value
 * per run, each made in a process of its own).  Sources: the Mann-Whitney
 * U test and the Hodges-Lehmann estimate with its distribution-free
 * interval as in Hollander, Wolfe and Chicken, "Nonparametric Statistical
 * Methods" (3rd ed., sections 4.1-4.3); the Benjamini-Hochberg step-up
 * procedure (J. R. Stat. Soc. B 57, 1995).
 */

/* The largest side (values) for which the U distribution is counted exactly. */
#define STATS_MW_EXACT_MAX 50u

/*
 * stats_mann_whitney - the two-sided p of the Mann-Whitney U test of
 * @a[0 .. na) against @b[0 .. nb) (na, nb >= 1, at most STATS_MAX_SAMPLES):
 * U = the pairs with a > b, ties counting 1/2, into *@u (may be NULL).
 * Exact (the count of the orderings of both samples) when both sides have
 * at most STATS_MW_EXACT_MAX values, with ties taken as the nearer integer
 * U away from the centre (conservative); else the normal approximation
 * with the tie correction of the variance and a continuity correction.
 * Return: p, 0 .. 1; -1 when a side is empty or memory runs out.
 */
double stats_mann_whitney(const double *a, unsigned na, const double *b, unsigned nb, double *u);

/*
 * stats_mw_min_p - the least two-sided p the exact test can give with
 * sides of @na and @nb values: 2 / C(na + nb, na), at most 1.
 */
double stats_mw_min_p(unsigned na, unsigned nb);

/*
 * stats_hodges_lehmann - the shift of @b against @a: the median of the
 * na * nb differences b[j] - a[i] into *@est, and the distribution-free
 * interval [*@lo, *@hi] of those differences' order statistics k and
 * na * nb + 1 - k, with k the largest for which P(U <= k - 1) <= (1 -
 * @conf) / 2 under no shift (exact as stats_mann_whitney(), else normal);
 * its confidence, 1 - 2 P(U <= k - 1), into *@achieved: at least @conf
 * (0 < conf < 1) when the sides are large enough, else the most they
 * give (k = 1: the whole range of the differences).
 * Return: 0; -1 when a side is empty or memory runs out.
 */
int stats_hodges_lehmann(const double *a, unsigned na, const double *b, unsigned nb, double conf,
			 double *est, double *lo, double *hi, double *achieved);

/*
 * stats_bh_adjust - Benjamini-Hochberg adjusted p-values (q) of @p[0 .. n)
 * in place: q_(i) = min over j >= i of p_(j) * m / j, at most 1, with the
 * p-values sorted and m the count of them; entries that are NaN (no test)
 * are left as they are and not counted in m.  A row with q < alpha is a
 * discovery at a false discovery rate of alpha.
 */
void stats_bh_adjust(double *p, unsigned n);

#endif
