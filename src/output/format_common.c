// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What several formats share: the speedup, the cycles suffix, and the
 * detail lines of -v and --latency (on ctx->lines, in every format but
 * json, which has them as members).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "output/format.h"

double format_speedup(const struct bench_result *res, int p)
{
	const struct bench_stats *s = res->stats;

	return res->present[PATH_SYSCALL] && s[p].median_ns > 0
		       ? s[PATH_SYSCALL].median_ns / s[p].median_ns
		       : 0.0;
}

double format_calls_per_sec(const struct run *run, const struct bench_stats *s)
{
	unsigned threads = s->threads > 1 ? s->threads : 1;

	if (!run->mean)
		return stats_calls_per_sec(s);
	return s->wall_ns_per_call > 0 ? threads * 1e9 / s->wall_ns_per_call : 0.0;
}

double format_speedup_of(const struct run *run, const struct bench_result *res, int p)
{
	const struct bench_stats *s = res->stats;

	if (!run->mean)
		return format_speedup(res, p);
	return res->present[PATH_SYSCALL] && s[p].wall_ns_per_call > 0
		       ? s[PATH_SYSCALL].wall_ns_per_call / s[p].wall_ns_per_call
		       : 0.0;
}

void format_tag(const struct run *run, const struct bench_result *res, bool rate)
{
	if (run->mean)
		return;
	if (res->threads > 1)
		printf(" (best slices of %u threads, %s)", res->threads,
		       rate ? "summed" : "per thread");
	else
		fputs(" (best slice)", stdout);
}

void format_cycles(const struct format_ctx *ctx, FILE *f, const struct bench_result *res, int p)
{
	if (res->cycles)
		fprintf(f, " (%.2f %s/call)", res->stats[p].cycles_per_call, ctx->cycles_unit);
}

double format_sample_ns_per_call(const struct bench_sample *s)
{
	return s->slice_calls ? (double)s->slice_ns / (double)s->slice_calls
	       : s->calls     ? (double)s->duration_ns / (double)s->calls
			      : 0.0;
}

/* One path's -v lines: calls and time, CPU share, each thread's figures. */
static void verbose_path(const struct format_ctx *ctx, const struct api *api,
			 const struct bench_result *res, int p)
{
	const struct bench_stats *s = &res->stats[p];
	const char *path = bench_path_name(p);
	FILE *f = ctx->lines;

	fprintf(f, "%s%s: %s: %" PRIu64 " calls in %" PRIu64 " ns", ctx->lead, api->name, path,
		s->calls, s->duration_ns);
	if (s->repeats >= 2)
		fprintf(f, " (%u repeats: median %.2f, min %.2f, max %.2f ns/call)", s->repeats,
			s->median_ns, s->min_ns, s->max_ns);
	fputc('\n', f);
	fprintf(f,
		"%s%s: %s: wall %.2f ns/call, CPU %.2f ns/call, %.0f%% of the CPU, "
		"%" PRIu64 " involuntary context switches\n",
		ctx->lead, api->name, path, s->wall_ns_per_call, s->cpu_ns_per_call,
		s->cpu_share_pct, s->nivcsw);
	for (unsigned t = 0; res->per_thread[p] && t < res->threads; t++) {
		const struct bench_sample *e = &res->per_thread[p][t];
		fprintf(f, "%s%s: %s: thread %u", ctx->lead, api->name, path, t);
		if (res->cpus)
			fprintf(f, " on CPU %d", res->cpus[t]);
		fprintf(f, ": %" PRIu64 " calls in %" PRIu64 " ns (%.2f ns/call)\n", e->calls,
			e->duration_ns, format_sample_ns_per_call(e));
	}
}

void format_verbose(const struct format_ctx *ctx, const struct api *api,
		    const struct bench_result *res)
{
	if (res->overhead_ns >= 0)
		fprintf(ctx->lines,
			"%s%s: overhead: %.2f ns/call (the same loop around an empty function)\n",
			ctx->lead, api->name, res->overhead_ns);
	for (int p = 0; p < NR_PATHS; p++)
		if (res->present[p])
			verbose_path(ctx, api, res, p);
}

/* One path's latency histogram: a line per decade, first to last non-empty. */
static void latency_histogram(const struct format_ctx *ctx, const struct api *api, int p,
			      const struct bench_latency *l)
{
	static const char *const range[BENCH_LATENCY_DECADES] = {
		"< 1 ns",  "1-10 ns",	"10-100 ns", "0.1-1 us",
		"1-10 us", "10-100 us", "0.1-1 ms",  ">= 1 ms",
	};
	unsigned first = BENCH_LATENCY_DECADES, last = 0;
	FILE *f = ctx->lines;

	for (unsigned k = 0; k < BENCH_LATENCY_DECADES; k++)
		if (l->decade[k]) {
			first = k < first ? k : first;
			last = k;
		}
	for (unsigned k = first; k <= last && first < BENCH_LATENCY_DECADES; k++) {
		double share = l->samples ? (double)l->decade[k] / (double)l->samples : 0;
		fprintf(f, "%s%s: %s:   %-9s %12" PRIu64 " %7.3f%% ", ctx->lead, api->name,
			bench_path_name(p), range[k], l->decade[k], 100 * share);
		for (int i = 0; i < (int)(share * 40 + 0.5) || (i == 0 && l->decade[k]); i++)
			fputc('#', f);
		fputc('\n', f);
	}
}

void format_latency(const struct format_ctx *ctx, const struct api *api,
		    const struct bench_result *res)
{
	FILE *f = ctx->lines;

	fprintf(f,
		"%s%s: latency: %.2f ns of timing taken off each call (the least of the same timing around an empty function)\n",
		ctx->lead, api->name, res->latency_overhead_ns);
	for (int p = 0; p < NR_PATHS; p++) {
		const struct bench_latency *l = &res->latency[p];
		if (!l->measured)
			continue;
		fprintf(f,
			"%s%s: %s: latency p50 %.2f ns, p90 %.2f, p99 %.2f, p99.9 %.2f, max %.2f (%" PRIu64
			" calls)\n",
			ctx->lead, api->name, bench_path_name(p), l->p50_ns, l->p90_ns, l->p99_ns,
			l->p999_ns, l->max_ns, l->samples);
		latency_histogram(ctx, api, p, l);
	}
}
