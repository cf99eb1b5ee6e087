// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the statistics of bench repeats (src/stats.c): median of
 * odd and even counts, minimum, maximum, the sample standard deviation in
 * percent of the mean, totals, and the edge cases (no sample, no calls).
 */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "tap.h"

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) + 1);
}

/* A sample of @ns_per_call ns per call: 1000 calls. */
static struct bench_sample s_(unsigned ns_per_call)
{
	return (struct bench_sample){ 1000, 1000u * (uint64_t)ns_per_call, 500u * (uint64_t)ns_per_call,
				      3000u * (uint64_t)ns_per_call };
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
	struct bench_sample s = { 3, 7, 0, 0 };
	struct bench_stats st;

	stats_compute(&s, 1, 0, &st);
	ok(near(st.median_ns, 7.0 / 3), "ns per call keeps its fraction (got %.6f)", st.median_ns);
	ok(st.stdev_pct == 0, "one repeat: no standard deviation");
}

static void test_edges(void)
{
	struct bench_sample s[] = { { 0, 5, 0, 0 }, s_(2) };
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

int main(void)
{
	test_odd();
	test_even();
	test_fraction();
	test_edges();
	test_net();
	test_many();
	return tap_done();
}
