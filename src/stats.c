// SPDX-License-Identifier: GPL-2.0-or-later
/* Statistics of repeated measurements; see stats.h. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static double per_call(uint64_t ns, uint64_t calls)
{
	return calls ? (double)ns / (double)calls : 0.0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of @v[0..n), n >= 1, sorting @v in place. */
static double median(double *v, unsigned n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Sample standard deviation of @v[0..n) in percent of the mean; n >= 2. */
static double stdev_pct(const double *v, unsigned n)
{
	double mean = 0, sq = 0;

	for (unsigned i = 0; i < n; i++)
		mean += v[i];
	mean /= n;
	for (unsigned i = 0; i < n; i++)
		sq += (v[i] - mean) * (v[i] - mean);
	return mean > 0 ? 100.0 * sqrt(sq / (n - 1)) / mean : 0.0;
}

/* @v - @minus, not below 0. */
static double net(double v, double minus)
{
	return v > minus ? v - minus : 0.0;
}

void stats_compute(const struct bench_sample *s, unsigned n, double minus_ns,
		   struct bench_stats *out)
{
	double v[STATS_MAX_SAMPLES];
	uint64_t cycles = 0;

	memset(out, 0, sizeof(*out));
	if (n > STATS_MAX_SAMPLES)
		n = STATS_MAX_SAMPLES;
	if (n == 0)
		return;
	out->repeats = n;
	for (unsigned i = 0; i < n; i++) {
		out->calls += s[i].calls;
		out->duration_ns += s[i].duration_ns;
		out->cpu_ns += s[i].cpu_ns;
		out->nivcsw += s[i].nivcsw;
		if (out->migrations >= 0)
			out->migrations = s[i].migrations >= 0 ? out->migrations + s[i].migrations : -1;
		cycles += s[i].cycles;
		v[i] = net(s[i].slice_calls ? per_call(s[i].slice_ns, s[i].slice_calls) :
			   per_call(s[i].duration_ns, s[i].calls), minus_ns);
	}
	out->cpu_ns_per_call = net(per_call(out->cpu_ns, out->calls), minus_ns);
	out->wall_ns_per_call = net(per_call(out->duration_ns, out->calls), minus_ns);
	out->cpu_share_pct = out->duration_ns ?
			     100.0 * (double)out->cpu_ns / (double)out->duration_ns : 0.0;
	out->cycles_per_call = per_call(cycles, out->calls);
	if (n >= 2)
		out->stdev_pct = stdev_pct(v, n);
	out->median_ns = median(v, n);
	out->min_ns = v[0];
	out->max_ns = v[n - 1];
}

double stats_calls_per_sec(const struct bench_stats *st)
{
	return st->median_ns > 0 ? (st->threads > 1 ? st->threads : 1) * 1e9 / st->median_ns : 0.0;
}
