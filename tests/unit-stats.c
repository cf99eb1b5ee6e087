// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the statistics of bench repeats (src/lib/stats.c): median of
 * odd and even counts, minimum, maximum, the sample standard deviation in
 * percent of the mean, totals, and the edge cases (no sample, no calls).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "lib/stats.h"
#include "tap.h"

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) + 1);
}

/* A sample of @ns_per_call ns per call: 1000 calls. */
static struct bench_sample s_(unsigned ns_per_call)
{
	return (struct bench_sample){ .calls = 1000, .duration_ns = 1000u * (uint64_t)ns_per_call,
				      .cpu_ns = 500u * (uint64_t)ns_per_call,
				      .cycles = 3000u * (uint64_t)ns_per_call };
}

static void test_odd(void)
{
	struct bench_sample s[] = { s_(30), s_(10), s_(20) };
	struct bench_stats st;

	stats_compute(s, 3, 0, &st);
	ok(st.repeats == 3, "3 repeats counted");
	ok(near(st.median_ns, 20), "median of 30, 10, 20 is 20 (got %.2f)", st.median_ns);
	ok(near(st.min_ns, 10) && near(st.max_ns, 30), "min 10, max 30 (got %.2f, %.2f)",
	   st.min_ns, st.max_ns);
	/* mean 20, sample variance (100 + 0 + 100) / 2 = 100: stdev 10 = 50 % */
	ok(near(st.stdev_pct, 50), "stdev of 10, 20, 30 is 50%% of the mean (got %.4f)",
	   st.stdev_pct);
	ok(st.calls == 3000 && st.duration_ns == 60000 && st.cpu_ns == 30000,
	   "calls, duration and CPU time are summed");
	ok(near(st.cpu_ns_per_call, 10), "CPU ns per call is the total over the total calls");
	ok(near(st.cycles_per_call, 60), "cycles per call: all cycles over all calls (got %.2f)",
	   st.cycles_per_call);
	ok(near(stats_calls_per_sec(&st), 5e7), "calls/sec is 1e9 / median (got %.1f)",
	   stats_calls_per_sec(&st));
}

static void test_even(void)
{
	struct bench_sample s[] = { s_(40), s_(10), s_(20), s_(100) };
	struct bench_stats st;

	stats_compute(s, 4, 0, &st);
	ok(near(st.median_ns, 30), "median of 4 values is the mean of the middle two (got %.2f)",
	   st.median_ns);
	ok(near(st.min_ns, 10) && near(st.max_ns, 100), "min and max of 4 values");
}

static void test_fraction(void)
{
	struct bench_sample s = { .calls = 3, .duration_ns = 7 };
	struct bench_stats st;

	stats_compute(&s, 1, 0, &st);
	ok(near(st.median_ns, 7.0 / 3), "ns per call keeps its fraction (got %.6f)", st.median_ns);
	ok(st.stdev_pct == 0, "one repeat: no standard deviation");
}

static void test_edges(void)
{
	struct bench_sample s[] = { { .duration_ns = 5 }, s_(2) };
	struct bench_stats st;

	stats_compute(s, 0, 0, &st);
	ok(st.repeats == 0 && st.median_ns == 0 && st.calls == 0, "no sample: all zero");
	ok(stats_calls_per_sec(&st) == 0, "no sample: 0 calls/sec, no division by zero");
	stats_compute(s, 1, 0, &st);
	ok(st.median_ns == 0 && st.cpu_ns_per_call == 0, "a sample without calls is 0 ns per call");
	stats_compute(s, 2, 0, &st);
	ok(near(st.min_ns, 0) && near(st.max_ns, 2) && near(st.median_ns, 1),
	   "a sample without calls still counts in the statistics");
	struct bench_sample same[] = { s_(5), s_(5), s_(5) };
	stats_compute(same, 3, 0, &st);
	ok(st.stdev_pct == 0, "equal samples: 0%% spread (got %g)", st.stdev_pct);
}

static void test_net(void)
{
	struct bench_sample s[] = { s_(30), s_(10), s_(20) };
	struct bench_stats st;

	stats_compute(s, 3, 4.5, &st);
	ok(near(st.median_ns, 15.5) && near(st.min_ns, 5.5) && near(st.max_ns, 25.5),
	   "--net: 4.5 ns off every ns per call (median %.2f, min %.2f, max %.2f)",
	   st.median_ns, st.min_ns, st.max_ns);
	/* mean 15.5, stdev still 10 */
	ok(near(st.stdev_pct, 1000 / 15.5), "--net: the spread is of the net figures (got %.4f)",
	   st.stdev_pct);
	ok(near(st.cpu_ns_per_call, 5.5), "--net: CPU ns per call too (got %.2f)",
	   st.cpu_ns_per_call);
	ok(st.calls == 3000 && st.duration_ns == 60000, "--net: the raw totals are kept");
	ok(near(st.cycles_per_call, 60), "--net: cycles per call are not net");
	stats_compute(s, 3, 25, &st);
	ok(st.min_ns == 0 && near(st.median_ns, 0) && near(st.max_ns, 5),
	   "--net: below zero counts as zero");
}

/*
 * The fastest slice gives a sample's ns per call: a sample of 1000 calls in
 * 40000 ns (wall 40 ns/call, half of it on the CPU: 20 ns/call) whose
 * fastest slice made 100 calls in @slice_ns.
 */
static struct bench_sample sliced(uint64_t slice_ns, uint64_t nivcsw, int64_t migrations)
{
	return (struct bench_sample){ .calls = 1000, .duration_ns = 40000, .cpu_ns = 20000,
				      .slice_ns = slice_ns, .slice_calls = 100, .slices = 10,
				      .nivcsw = nivcsw, .migrations = migrations };
}

static void test_slices(void)
{
	struct bench_sample s[] = { sliced(1500, 3, 0), sliced(1100, 0, 1), sliced(1200, 2, 2) };
	struct bench_stats st;

	stats_compute(s, 3, 0, &st);
	/* per call: 15, 11, 12; median 12; mean 38/3, stdev sqrt(((15-38/3)^2 + ...)/2) */
	ok(near(st.median_ns, 12) && near(st.min_ns, 11) && near(st.max_ns, 15),
	   "ns per call from the fastest slices: median 12, min 11, max 15 (got %.2f %.2f %.2f)",
	   st.median_ns, st.min_ns, st.max_ns);
	double mean = 38.0 / 3, var = ((15 - mean) * (15 - mean) + (11 - mean) * (11 - mean) +
				       (12 - mean) * (12 - mean)) / 2;
	ok(near(st.stdev_pct, 100 * sqrt(var) / mean), "the spread is of the slices' figures (got %.4f)",
	   st.stdev_pct);
	ok(near(st.wall_ns_per_call, 40) && near(st.cpu_ns_per_call, 20),
	   "wall 120000 ns and CPU 60000 ns over 3000 calls: 40 and 20 ns/call (got %.2f, %.2f)",
	   st.wall_ns_per_call, st.cpu_ns_per_call);
	ok(near(st.cpu_share_pct, 50), "CPU share: 60000 of 120000 ns is 50%% (got %.2f)",
	   st.cpu_share_pct);
	ok(st.nivcsw == 5 && st.migrations == 3, "switches 3+0+2 and migrations 0+1+2 summed");
	ok(near(stats_calls_per_sec(&st), 1e9 / 12), "calls/sec from the slices' median");

	s[1].migrations = -1;
	stats_compute(s, 3, 0, &st);
	ok(st.migrations == -1, "one repeat's migrations unknown: the sum is unknown (-1)");

	stats_compute(s, 3, 2, &st);
	ok(near(st.median_ns, 10) && near(st.wall_ns_per_call, 38) && near(st.cpu_ns_per_call, 18),
	   "--net: 2 ns off the slices', the wall and the CPU figures");

	struct bench_sample none = sliced(0, 0, 0);
	none.slice_calls = 0;
	stats_compute(&none, 1, 0, &st);
	ok(near(st.median_ns, 40), "no whole slice: duration_ns / calls (got %.2f)", st.median_ns);
}

static bool close_to(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static void test_latency(void)
{
	static struct latency_hist h;

	ok(latency_bucket(0) == 0 && latency_bucket(4095) == 4095 && latency_bucket(4096) == 4096 &&
	   latency_bucket(4160) == 4097 && latency_bucket(8191) == 4096 + 63 &&
	   latency_bucket(8192) == 4096 + 64 && latency_bucket(UINT64_MAX) == LATENCY_BUCKETS - 1,
	   "latency buckets: exact below 4096, 64 per octave above (4160 -> 4097, 8192 -> 4160)");
	ok(latency_bucket_low(4097) == 4160 && latency_bucket_low(4096 + 63) == 8128 &&
	   latency_bucket_low(4096 + 64) == 8192 && latency_bucket_low(17) == 17,
	   "a bucket's low edge: 4097 -> 4160, 4159 -> 8128, 4160 -> 8192");
	ok(latency_percentile(&h, 50) == 0, "no sample: percentile 0");
	for (uint64_t v = 100; v >= 1; v--)
		latency_add(&h, v);
	ok(h.n == 100 && latency_percentile(&h, 50) == 50 && latency_percentile(&h, 90) == 90 &&
	   latency_percentile(&h, 99) == 99 && latency_percentile(&h, 99.9) == 100 &&
	   latency_percentile(&h, 100) == 100,
	   "1..100: nearest-rank p50 50, p90 90, p99 99, p99.9 100 (rank ceil(99.9)), max 100");
	memset(&h, 0, sizeof(h));
	for (int i = 0; i < 10; i++)
		latency_add(&h, 5);
	latency_add(&h, 1000000);
	/* 11 samples: p90 rank ceil(9.9) = 10 -> 5; p99 rank 11 -> the bucket of
	 * 1000000: 2^19 octave, (1000000 >> 13) & 63 = 58, low (64 + 58) << 13 */
	ok(latency_percentile(&h, 50) == 5 && latency_percentile(&h, 90) == 5 &&
	   latency_percentile(&h, 99) == 999424 && latency_percentile(&h, 100) == 1000000 &&
	   h.max == 1000000,
	   "ten 5s and one 1000000: p90 5, p99 999424 (its bucket, within 1.6%%), max exact");
}

static void test_summary_welch(void)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 7, 3, 5, 6, 4 };
	struct stats_summary sa, sb;
	double t, df, p;

	stats_summarize(a, 5, &sa);
	stats_summarize(b, 5, &sb);
	ok(sa.n == 5 && near(sa.mean, 3) && near(sa.median, 3) && near(sa.stdev, sqrt(2.5)),
	   "1..5: mean 3, median 3, sample stdev sqrt(2.5)");
	ok(b[0] == 7 && near(sb.median, 5), "the median of 7, 3, 5, 6, 4 is 5; the values stay unsorted");
	/* t = 2 / sqrt(2.5/5 + 2.5/5) = 2, df = 1 / (0.25/4 + 0.25/4) = 8;
	 * P(|T_8| > 2) = 0.0805162 (numerical integration of Student's density) */
	p = stats_welch(&sa, &sb, &t, &df);
	ok(near(t, 2) && near(df, 8) && close_to(p, 0.0805162, 1e-6),
	   "Welch: t 2, df 8, p 0.0805162 (got t %.6f, df %.6f, p %.7f)", t, df, p);
	const double c[] = { 10, 11, 12, 13 }, d[] = { 14, 15.5, 17, 18.5, 20 };
	struct stats_summary sc, sd;
	stats_summarize(c, 4, &sc);
	stats_summarize(d, 5, &sd);
	p = stats_welch(&sc, &sd, &t, &df);
	/* t 5.5 / sqrt(5/12/... ) = 4.4296300, df 6.3502126, p 0.0038586 */
	ok(close_to(t, 4.4296300, 1e-6) && close_to(df, 6.3502126, 1e-6) &&
	   close_to(p, 0.0038586, 1e-6),
	   "Welch, unequal sizes and spreads: t 4.42963, df 6.35021, p 0.0038586 (got %.7f %.7f %.7f)",
	   t, df, p);
	p = stats_welch(&sd, &sc, &t, &df);
	ok(close_to(t, -4.4296300, 1e-6) && close_to(p, 0.0038586, 1e-6),
	   "Welch the other way round: t negative, the same p");
	const double e[] = { 2, 2, 2 }, f[] = { 3, 3, 3 };
	struct stats_summary se, sf;
	stats_summarize(e, 3, &se);
	stats_summarize(f, 3, &sf);
	ok(stats_welch(&se, &se, &t, &df) == 1 && stats_welch(&se, &sf, &t, &df) == 0,
	   "no spread: p 1 for equal means, 0 for different ones");
	stats_summarize(e, 1, &se);
	ok(stats_welch(&se, &sf, &t, &df) == -1, "one value on a side: no test (-1)");
	ok(close_to(stats_incbeta(0.3, 1, 1), 0.3, 1e-10) &&
	   close_to(stats_incbeta(0.5, 3.5, 3.5), 0.5, 1e-10) &&
	   close_to(stats_incbeta(0.7, 2.5, 1), pow(0.7, 2.5), 1e-10) &&
	   stats_incbeta(0, 2, 3) == 0 && stats_incbeta(1, 2, 3) == 1,
	   "incomplete beta: I_x(1,1) = x, I_0.5(a,a) = 0.5, I_x(a,1) = x^a, the ends 0 and 1");
}

static void test_many(void)
{
	static struct bench_sample s[STATS_MAX_SAMPLES + 5];
	struct bench_stats st;

	for (unsigned i = 0; i < STATS_MAX_SAMPLES + 5; i++)
		s[i] = s_(i < STATS_MAX_SAMPLES ? 7 : 1000);
	stats_compute(s, STATS_MAX_SAMPLES + 5, 0, &st);
	ok(st.repeats == STATS_MAX_SAMPLES && near(st.max_ns, 7),
	   "samples beyond STATS_MAX_SAMPLES are left out");
}

/*
 * Mann-Whitney U, Hodges-Lehmann and Benjamini-Hochberg against figures
 * computed by hand: the exact U distribution of 4 + 4 values is the
 * Gaussian binomial coefficient [8 choose 4]'s (1 1 2 3 5 5 7 7 8 ... of
 * 70), of 5 + 5 values 1 1 2 3 5 ... of 252.
 */
static void test_rank(void)
{
	const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	const double a4[] = { 1, 3, 5, 7 }, b4[] = { 2, 4, 6, 8 };
	const double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 11, 12, 13, 14, 15 };
	double u, p, est, lo, hi, conf;

	p = stats_mann_whitney(a3, 3, b3, 3, &u);
	ok(u == 0 && near(p, 0.1), "3 + 3 separated: U 0, exact p 2/20 (got U %g, p %g)", u, p);
	ok(near(stats_mw_min_p(3, 3), 0.1) && near(stats_mw_min_p(5, 5), 2.0 / 252),
	   "the least p: 0.1 with 3 + 3 values, 2/252 with 5 + 5");
	p = stats_mann_whitney(a4, 4, b4, 4, &u);
	ok(u == 6 && near(p, 2 * 24.0 / 70), "4 + 4 interleaved: U 6, p 2 * 24/70 (got U %g, p %g)",
	   u, p);
	p = stats_mann_whitney(b5, 5, a5, 5, &u);
	ok(u == 25 && near(p, 2.0 / 252), "5 + 5, the upper tail: U 25, p 2/252 (got U %g, p %g)", u,
	   p);
	ok(stats_hodges_lehmann(a5, 5, b5, 5, 0.95, &est, &lo, &hi, &conf) == 0 && near(est, 10) &&
		   near(lo, 7) && near(hi, 13) && near(conf, 1 - 2 * 4.0 / 252),
	   "Hodges-Lehmann of 5 + 5: shift 10, interval [7, 13] (3rd and 23rd of 25 differences) "
	   "at 96.8%% (got %g [%g, %g] %g)",
	   est, lo, hi, conf);
	ok(stats_hodges_lehmann(a3, 3, b3, 3, 0.95, &est, &lo, &hi, &conf) == 0 && near(lo, 1) &&
		   near(hi, 5) && near(conf, 0.9),
	   "3 + 3 values cannot give 95%%: the whole range of the differences, at 90%% (got [%g, %g] "
	   "%g)",
	   lo, hi, conf);

	double big_a[60], big_b[60];
	for (int i = 0; i < 60; i++) {
		big_a[i] = i;
		big_b[i] = i;
	}
	p = stats_mann_whitney(big_a, 60, big_b, 60, &u);
	ok(u == 1800 && near(p, 1), "60 + 60 equal values (normal approximation): U 1800, p 1 (got %g)",
	   p);
	for (int i = 0; i < 60; i++)
		big_b[i] = 100 + i;
	p = stats_mann_whitney(big_a, 60, big_b, 60, &u);
	ok(u == 0 && p < 1e-15, "60 + 60 separated: p below 1e-15 (got %g)", p);

	double q[] = { 0.01, 0.04, 0.03, NAN, 0.5 };
	stats_bh_adjust(q, 5);
	ok(near(q[0], 0.04) && near(q[1], 0.04 * 4 / 3) && near(q[2], 0.04 * 4 / 3) && isnan(q[3]) &&
		   near(q[4], 0.5),
	   "Benjamini-Hochberg of 0.01, 0.04, 0.03, -, 0.5: 0.04, 0.0533, 0.0533, -, 0.5 (got %g %g "
	   "%g %g)",
	   q[0], q[1], q[2], q[4]);
}

int main(void)
{
	test_odd();
	test_even();
	test_fraction();
	test_edges();
	test_net();
	test_slices();
	test_latency();
	test_summary_welch();
	test_many();
	test_rank();
	return tap_done();
}
