// SPDX-License-Identifier: GPL-2.0-or-later
/* Statistics of repeated measurements; see stats.h. */
#include "config.h"

#include <math.h>
#include <stdbool.h>
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
	uint64_t cycles = 0, slice_cycles = 0, slice_calls = 0;
	bool slices = true;

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
		slice_cycles += s[i].slice_cycles;
		slice_calls += s[i].slice_calls;
		slices = slices && s[i].slice_calls;
		v[i] = stats_sample_ns(&s[i], minus_ns);
	}
	out->cpu_ns_per_call = net(per_call(out->cpu_ns, out->calls), minus_ns);
	out->wall_ns_per_call = net(per_call(out->duration_ns, out->calls), minus_ns);
	out->cpu_share_pct = out->duration_ns
				     ? 100.0 * (double)out->cpu_ns / (double)out->duration_ns
				     : 0.0;
	out->cycles_per_call = slices && slice_cycles ? per_call(slice_cycles, slice_calls)
						      : per_call(cycles, out->calls);
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

/*
 * The number of orderings of @m values of one side and @n of the other
 * (no ties) whose U (pairs with the first side's value above) is u, into
 * @count[0 .. m * n]: f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u),
 * the largest of the i + j values being of the first side or not.
 * Return: 0; -1 when memory runs out.
 */
static int mw_counts(unsigned m, unsigned n, double *count)
{
	size_t width = (size_t)m * n + 1;
	double *prev = calloc((n + 1) * width, sizeof(*prev));
	double *cur = calloc((n + 1) * width, sizeof(*cur));

	if (!prev || !cur) {
		free(prev);
		free(cur);
		return -1;
	}
	for (unsigned j = 0; j <= n; j++)
		prev[j * width] = 1; /* i = 0: one ordering, U = 0 */
	for (unsigned i = 1; i <= m; i++) {
		memset(cur, 0, (n + 1) * width * sizeof(*cur));
		cur[0] = 1; /* j = 0 */
		for (unsigned j = 1; j <= n; j++)
			for (size_t u = 0; u <= (size_t)i * j; u++)
				cur[j * width + u] = (u >= j ? prev[j * width + u - j] : 0) +
						     cur[(j - 1) * width + u];
		double *t = prev;
		prev = cur;
		cur = t;
	}
	memcpy(count, prev + (size_t)n * width, width * sizeof(*count));
	free(prev);
	free(cur);
	return 0;
}

/* The standard normal distribution's upper tail beyond @z. */
static double normal_upper(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* U of @a against @b, and the tie term sum(t^3 - t) of both pooled, into *@ties. */
static double mw_u(const double *a, unsigned na, const double *b, unsigned nb, double *ties)
{
	double u = 0, *all = malloc(((size_t)na + nb) * sizeof(*all));

	for (unsigned i = 0; i < na; i++)
		for (unsigned j = 0; j < nb; j++)
			u += a[i] > b[j] ? 1 : a[i] == b[j] ? 0.5 : 0;
	*ties = 0;
	if (all) {
		memcpy(all, a, na * sizeof(*a));
		memcpy(all + na, b, nb * sizeof(*b));
		qsort(all, (size_t)na + nb, sizeof(*all), cmp_double);
		for (size_t i = 0, k; i < (size_t)na + nb; i = k) {
			for (k = i + 1; k < (size_t)na + nb && all[k] == all[i]; k++)
				;
			double t = (double)(k - i);
			*ties += t * t * t - t;
		}
		free(all);
	}
	return u;
}

/* P(U <= k) of sides @na, @nb under no shift, exact when small, else normal. */
static double mw_lower_tail(unsigned na, unsigned nb, double k, const double *count, double total)
{
	if (k < 0)
		return 0;
	if (count) {
		double s = 0;
		for (size_t u = 0; u <= (size_t)na * nb && (double)u <= k; u++)
			s += count[u];
		return s / total;
	}
	double mean = (double)na * nb / 2, sd = sqrt((double)na * nb * (na + nb + 1) / 12.0);
	return normal_upper((mean - k - 0.5) / sd);
}

double stats_mann_whitney(const double *a, unsigned na, const double *b, unsigned nb, double *u)
{
	double ties, mn = (double)na * nb, p;

	if (!na || !nb)
		return -1;
	double U = mw_u(a, na, b, nb, &ties);
	if (u)
		*u = U;
	if (na <= STATS_MW_EXACT_MAX && nb <= STATS_MW_EXACT_MAX) {
		double *count = malloc(((size_t)na * nb + 1) * sizeof(*count)), total = 0;
		if (!count || mw_counts(na, nb, count) != 0) {
			free(count);
			return -1;
		}
		for (size_t k = 0; k <= (size_t)na * nb; k++)
			total += count[k];
		/* the tail of the side U lies on; a tie's half rounded outwards */
		double lo = U <= mn / 2 ? floor(U) : mn - ceil(U);
		p = 2 * mw_lower_tail(na, nb, lo, count, total);
		free(count);
	} else {
		double n = (double)na + nb;
		double var = mn / 12 * ((n + 1) - ties / (n * (n - 1)));
		double z = var > 0 ? (fabs(U - mn / 2) - 0.5) / sqrt(var) : 0;
		p = z > 0 ? 2 * normal_upper(z) : 1;
	}
	return p < 1 ? p : 1;
}

double stats_mw_min_p(unsigned na, unsigned nb)
{
	/* 2 / C(na + nb, na), by lgamma: exact enough for a threshold */
	double lc = lgamma((double)na + nb + 1) - lgamma((double)na + 1) - lgamma((double)nb + 1);
	double p = 2 * exp(-lc);
	return p < 1 ? p : 1;
}

int stats_hodges_lehmann(const double *a, unsigned na, const double *b, unsigned nb, double conf,
			 double *est, double *lo, double *hi, double *achieved)
{
	size_t m = (size_t)na * nb, k = 1;
	double *d, *count = NULL, total = 0, alpha2 = (1 - conf) / 2;

	if (!na || !nb || !(d = malloc(m * sizeof(*d))))
		return -1;
	for (unsigned i = 0; i < na; i++)
		for (unsigned j = 0; j < nb; j++)
			d[(size_t)i * nb + j] = b[j] - a[i];
	qsort(d, m, sizeof(*d), cmp_double);
	*est = m % 2 ? d[m / 2] : (d[m / 2 - 1] + d[m / 2]) / 2;
	if (na <= STATS_MW_EXACT_MAX && nb <= STATS_MW_EXACT_MAX) {
		if (!(count = malloc((m + 1) * sizeof(*count))) || mw_counts(na, nb, count) != 0) {
			free(count);
			free(d);
			return -1;
		}
		for (size_t u = 0; u <= m; u++)
			total += count[u];
	}
	/* the largest k with P(U <= k - 1) <= alpha / 2, k <= (m + 1) / 2 */
	while (k + 1 <= (m + 1) / 2 && mw_lower_tail(na, nb, (double)k, count, total) <= alpha2)
		k++;
	*lo = d[k - 1];
	*hi = d[m - k];
	*achieved = 1 - 2 * mw_lower_tail(na, nb, (double)k - 1, count, total);
	free(count);
	free(d);
	return 0;
}

void stats_bh_adjust(double *p, unsigned n)
{
	unsigned *idx = malloc(n * sizeof(*idx)), m = 0;

	if (!idx)
		return;
	for (unsigned i = 0; i < n; i++)
		if (!isnan(p[i]))
			idx[m++] = i;
	/* sort the tested rows by p (insertion: a compare has few rows) */
	for (unsigned i = 1; i < m; i++)
		for (unsigned j = i; j > 0 && p[idx[j - 1]] > p[idx[j]]; j--) {
			unsigned t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	double least = 1;
	for (unsigned r = m; r > 0; r--) {
		double q = p[idx[r - 1]] * m / r;
		if (q < least)
			least = q;
		p[idx[r - 1]] = least;
	}
	free(idx);
}
