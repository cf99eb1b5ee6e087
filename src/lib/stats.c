// SPDX-License-Identifier: GPL-2.0-or-later
/* Statistics of repeated measurements; see stats.h. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"

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
			out->migrations = s[i].migrations >= 0 ? out->migrations + s[i].migrations
							       : -1;
		cycles += s[i].cycles;
		v[i] = stats_sample_ns(&s[i], minus_ns);
	}
	out->cpu_ns_per_call = net(per_call(out->cpu_ns, out->calls), minus_ns);
	out->wall_ns_per_call = net(per_call(out->duration_ns, out->calls), minus_ns);
	out->cpu_share_pct = out->duration_ns
				     ? 100.0 * (double)out->cpu_ns / (double)out->duration_ns
				     : 0.0;
	out->cycles_per_call = per_call(cycles, out->calls);
	if (n >= 2)
		out->stdev_pct = stdev_pct(v, n);
	out->median_ns = median(v, n);
	out->min_ns = v[0];
	out->max_ns = v[n - 1];
}

double stats_sample_ns(const struct bench_sample *s, double minus_ns)
{
	return net(s->slice_calls ? per_call(s->slice_ns, s->slice_calls)
				  : per_call(s->duration_ns, s->calls),
		   minus_ns);
}

double stats_calls_per_sec(const struct bench_stats *st)
{
	return st->median_ns > 0 ? (st->threads > 1 ? st->threads : 1) * 1e9 / st->median_ns : 0.0;
}

unsigned latency_bucket(uint64_t ticks)
{
	unsigned e = 0;

	if (ticks < LATENCY_EXACT)
		return (unsigned)ticks;
	for (uint64_t v = ticks; v > 1; v >>= 1)
		e++; /* e = floor(log2(ticks)) >= 12 */
	return LATENCY_EXACT + (e - 12) * LATENCY_SUB +
	       (unsigned)((ticks >> (e - 6)) & (LATENCY_SUB - 1));
}

uint64_t latency_bucket_low(unsigned b)
{
	if (b < LATENCY_EXACT)
		return b;
	b -= LATENCY_EXACT;
	unsigned e = 12 + b / LATENCY_SUB;
	return (uint64_t)(LATENCY_SUB + b % LATENCY_SUB) << (e - 6);
}

void latency_add(struct latency_hist *h, uint64_t ticks)
{
	h->count[latency_bucket(ticks)]++;
	h->n++;
	if (ticks > h->max)
		h->max = ticks;
}

uint64_t latency_percentile(const struct latency_hist *h, double pct)
{
	uint64_t rank, seen = 0;

	if (!h->n)
		return 0;
	if (pct >= 100)
		return h->max;
	rank = (uint64_t)ceil(pct / 100.0 * (double)h->n);
	if (rank < 1)
		rank = 1;
	for (unsigned b = 0; b < LATENCY_BUCKETS; b++) {
		seen += h->count[b];
		if (seen >= rank)
			return latency_bucket_low(b);
	}
	return h->max;
}

void stats_summarize(const double *v, unsigned n, struct stats_summary *out)
{
	double sorted[STATS_MAX_SAMPLES], sum = 0, sq = 0;

	memset(out, 0, sizeof(*out));
	if (n > STATS_MAX_SAMPLES)
		n = STATS_MAX_SAMPLES;
	if (!n)
		return;
	out->n = n;
	for (unsigned i = 0; i < n; i++) {
		sum += v[i];
		sorted[i] = v[i];
	}
	out->mean = sum / n;
	for (unsigned i = 0; i < n; i++)
		sq += (v[i] - out->mean) * (v[i] - out->mean);
	out->stdev = n >= 2 ? sqrt(sq / (n - 1)) : 0;
	out->median = median(sorted, n);
}

/* The continued fraction of the incomplete beta function (modified Lentz). */
static double betacf(double x, double a, double b)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m;
		double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + aa * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + aa * d;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		double step = d * c;
		h *= step;
		if (fabs(step - 1) < 1e-12)
			break;
	}
	return h;
}

double stats_incbeta(double x, double a, double b)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x));
	/* the fraction converges fast for x < (a + 1) / (a + b + 2); else by symmetry */
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(x, a, b) / a;
	return 1 - front * betacf(1 - x, b, a) / b;
}

double stats_welch(const struct stats_summary *a, const struct stats_summary *b, double *t,
		   double *df)
{
	*t = *df = 0;
	if (a->n < 2 || b->n < 2)
		return -1;
	double va = a->stdev * a->stdev / a->n, vb = b->stdev * b->stdev / b->n;
	if (va + vb <= 0) {
		*df = a->n + b->n - 2;
		return a->mean == b->mean ? 1 : 0;
	}
	*t = (b->mean - a->mean) / sqrt(va + vb);
	*df = (va + vb) * (va + vb) / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	return stats_incbeta(*df / (*df + *t * *t), *df / 2, 0.5);
}
