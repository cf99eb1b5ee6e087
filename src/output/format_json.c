// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --format=json: one document (vdsotest(1) has the schema): the tool, the
 * machine, the options, the conditions, then "results", one object per
 * API, written as each API ends (by the test children, in turn), and
 * "interrupted".
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/cycles.h"
#include "lib/interrupt.h"
#include "lib/sysinfo.h"
#include "output/escape.h"
#include "output/format.h"
#include "output/sink.h"

/* A JSON string, or null for "". */
static void json_string_or_null(const char *s)
{
	if (*s)
		report_json_string(s);
	else
		fputs("null", stdout);
}

/* @v with @decimals decimals, or null when it is unknown (below 0). */
static void json_share_or_null(double v, int decimals)
{
	if (v >= 0)
		printf("%.*f", decimals, v);
	else
		fputs("null", stdout);
}

/* ", "notes": [...]}": @n notes, each a string of an array of @len-byte rows. */
static void json_notes_end(const char *note, size_t len, unsigned n)
{
	fputs(", \"notes\": [", stdout);
	for (unsigned i = 0; i < n; i++) {
		fputs(i ? ", " : "", stdout);
		report_json_string(note + i * len);
	}
	fputs("]}", stdout);
}

/* The "cycles" member: the counter of --cycles, or null without it. */
static void json_cycles(const struct cycles_info *c)
{
	char what[256];

	if (!c) {
		fputs("null", stdout);
		return;
	}
	cycles_describe(c, what, sizeof(what));
	printf("{\"source\": \"%s\", \"frequency_hz\": ", cycles_source_name(c->source));
	if (c->freq_hz)
		printf("%" PRIu64, c->freq_hz);
	else
		fputs("null", stdout);
	fputs(", \"description\": ", stdout);
	report_json_string(what);
	putchar('}');
}

/* The "latency" member of the document: the counter of --latency, or null. */
static void json_latency_counter(const struct latency_counter *l)
{
	char what[256];

	if (!l) {
		fputs("null", stdout);
		return;
	}
	latency_counter_describe(l, what, sizeof(what));
	printf("{\"source\": \"%s\", \"frequency_hz\": %" PRIu64 ", \"description\": ",
	       l->source == CYCLES_NONE ? "syscall" : cycles_source_name(l->source), l->freq_hz);
	report_json_string(what);
	putchar('}');
}

/* The document's "conditions" member (header_conditions()). */
static void json_run_conditions(const struct run_conditions *c)
{
	printf(",\n  \"conditions\": {\"cpu\": %d, \"pinned\": %s, \"pinned_cpus\": ", c->cpu,
	       !c->pinned_known ? "null"
	       : c->pinned[0]	? "true"
				: "false");
	json_string_or_null(c->pinned);
	fputs(", \"governor\": ", stdout);
	json_string_or_null(c->governor);
	fputs(", \"boost\": ", stdout);
	fputs(c->boost < 0 ? "null" : c->boost ? "true" : "false", stdout);
	fputs(", \"boost_file\": ", stdout);
	json_string_or_null(c->boost_file);
	fputs(", \"load_average\": ", stdout);
	json_share_or_null(c->load_average, 2);
	json_notes_end(c->note[0], sizeof(c->note[0]), c->notes);
}

static void json_begin(const struct format_ctx *ctx, const struct run *run,
		       const struct run_conditions *c)
{
	struct sysinfo_facts f;

	sink_records_begin(true);
	sysinfo_read(&f);
	printf("{\n  \"tool\": \"%s\",\n  \"version\": ", PACKAGE_NAME);
	report_json_string(PACKAGE_VERSION);
	fputs(",\n  \"kernel_release\": ", stdout);
	json_string_or_null(f.kernel_release);
	fputs(",\n  \"machine\": ", stdout);
	json_string_or_null(f.machine);
	fputs(",\n  \"clocksource\": ", stdout);
	json_string_or_null(f.clocksource);
	fputs(",\n  \"cpu_model\": ", stdout);
	json_string_or_null(f.cpu_model);
	printf(",\n  \"emulated\": %s, \"emulated_why\": ", f.emulated ? "true" : "false");
	json_string_or_null(f.emulated_why);
	fputs(",\n  \"cmdline\": ", stdout);
	json_string_or_null(f.cmdline);
	fputs(",\n  \"vulnerabilities\": {", stdout);
	struct sysinfo_vuln v[40];
	unsigned nv = sysinfo_vulnerabilities(NULL, v, 40);
	for (unsigned i = 0; i < nv; i++) {
		fputs(i ? ", " : "", stdout);
		report_json_string(v[i].name);
		fputs(": ", stdout);
		report_json_string(v[i].text);
	}
	putchar('}');
	printf(",\n  \"options\": {\"test_type\": \"%s\", \"duration_ns\": %" PRIu64
	       ", \"repeat\": %u, \"runs\": %u, \"threads\": %u, \"net\": %s, \"size\": %zu, \"cpu\": ",
	       test_type_name(ctx->test), run->duration_ns, run->repeat, run->runs ? run->runs : 1,
	       run->threads, run->net ? "true" : "false", run->size_bytes);
	json_string_or_null(run->cpu_list ? run->cpu_list : "");
	fputs("},\n  \"cycles\": ", stdout);
	json_cycles(run->cycles);
	fputs(",\n  \"latency\": ", stdout);
	json_latency_counter(run->latency);
	json_run_conditions(c);
	fputs(",\n  \"results\": [", stdout);
}

static void json_end(const struct format_ctx *ctx, int stopped)
{
	(void)ctx;
	fputs("\n  ],\n  \"interrupted\": ", stdout);
	json_string_or_null(stopped ? interrupt_name(stopped) : "");
	puts("\n}");
}

/* The "conditions" member of a result: bench_conditions, and its notes. */
static void json_conditions(const struct bench_conditions *c)
{
	fputs(", \"conditions\": {\"smt_sibling_busy_pct\": ", stdout);
	if (c->smt_busy_pct >= 0)
		printf("%.1f, \"smt_sibling_cpu\": %d", c->smt_busy_pct, c->smt_cpu);
	else
		fputs("null, \"smt_sibling_cpu\": null", stdout);
	fputs(", \"steal_pct\": ", stdout);
	json_share_or_null(c->steal_pct, 1);
	json_notes_end(c->note[0], sizeof(c->note[0]), c->notes);
}

/* Path @p's ns per call of each repeat, "N.NN, N.NN, ...". */
static void json_samples(const struct bench_result *res, int p)
{
	for (unsigned r = 0; res->samples[p] && r < res->stats[p].repeats; r++)
		printf("%s%.3f", r ? ", " : "",
		       stats_sample_ns(&res->samples[p][r], res->net_minus_ns));
}

/* The "latency" member of a path (bench --latency). */
static void json_latency(const struct bench_latency *l)
{
	printf(", \"latency\": {\"samples\": %" PRIu64 ", \"p50_ns\": %.2f, \"p90_ns\": %.2f"
	       ", \"p99_ns\": %.2f, \"p99_9_ns\": %.2f, \"max_ns\": %.2f, \"histogram\": [",
	       l->samples, l->p50_ns, l->p90_ns, l->p99_ns, l->p999_ns, l->max_ns);
	for (unsigned k = l->first_bin; k < l->bins; k++)
		printf("%s{\"from_ns\": %.0f, \"to_ns\": %.0f, \"count\": %" PRIu64 "}",
		       k > l->first_bin ? ", " : "", k ? ldexp(1, (int)k - 1) : 0, ldexp(1, (int)k),
		       l->bin[k]);
	fputs("]}", stdout);
}

/* The "per_thread" member of path @p: each thread's CPU and figures. */
static void json_per_thread(const struct bench_result *res, int p)
{
	fputs(", \"per_thread\": [", stdout);
	for (unsigned t = 0; t < res->threads; t++) {
		const struct bench_sample *s = &res->per_thread[p][t];
		printf("%s{\"cpu\": ", t ? ", " : "");
		if (res->cpus)
			printf("%d", res->cpus[t]);
		else
			fputs("null", stdout);
		printf(", \"calls\": %" PRIu64 ", \"duration_ns\": %" PRIu64
		       ", \"cpu_ns\": %" PRIu64
		       ", \"ns_per_call\": %.2f, \"wall_ns_per_call\": %.2f}",
		       s->calls, s->duration_ns, s->cpu_ns, format_sample_ns_per_call(s),
		       s->calls ? (double)s->duration_ns / (double)s->calls : 0.0);
	}
	putchar(']');
}

/* Path @p's members after its figures: speedup, fallback, cycles, error, threads, latency. */
static void json_path_rest(const struct bench_result *res, int p)
{
	fputs(", \"speedup\": ", stdout);
	if (res->present[PATH_SYSCALL])
		printf("%.2f", format_speedup(res, p));
	else
		fputs("null", stdout);
	if (p == PATH_VDSO && res->falls_back >= 0)
		printf(", \"falls_back\": %s", res->falls_back ? "true" : "false");
	else
		fputs(", \"falls_back\": null", stdout);
	if (res->cycles)
		printf(", \"cycles_per_call\": %.2f", res->stats[p].cycles_per_call);
	printf(", \"net\": %s, \"error\": ", res->net[p] ? "true" : "false");
	if (res->error[p])
		report_json_string(strerror(res->error[p]));
	else
		fputs("null", stdout);
	if (res->per_thread[p])
		json_per_thread(res, p);
	if (res->latency[p].measured)
		json_latency(&res->latency[p]);
}

/* Path @p's member of "paths": "PATH": {...}. */
static void json_path(const struct bench_result *res, int p)
{
	const struct bench_stats *s = &res->stats[p];

	printf("\n      \"%s\": {\"repeats\": %u, \"calls\": %" PRIu64 ", \"duration_ns\": %" PRIu64
	       ", \"cpu_ns\": %" PRIu64 ", \"ns_per_call\": {\"median\": %.2f, \"min\": %.2f"
	       ", \"max\": %.2f, \"stdev_pct\": %.2f, \"samples\": [",
	       bench_path_name(p), s->repeats, s->calls, s->duration_ns, s->cpu_ns, s->median_ns,
	       s->min_ns, s->max_ns, s->stdev_pct);
	json_samples(res, p);
	fputs("], \"runs\": [", stdout);
	for (unsigned r = 0; res->run_ns[p] && r < res->runs; r++)
		printf("%s%.3f", r ? ", " : "", res->run_ns[p][r]);
	printf("], \"estimator\": \"best-slice\"}, \"wall_ns_per_call\": %.2f, \"cpu_ns_per_call\": %.2f, \"calls_per_sec\": %.0f"
	       ", \"conditions\": {\"cpu_share_pct\": %.1f, \"involuntary_switches\": %" PRIu64
	       ", \"migrations\": ",
	       s->wall_ns_per_call, s->cpu_ns_per_call, stats_calls_per_sec(s), s->cpu_share_pct,
	       s->nivcsw);
	if (s->migrations >= 0)
		printf("%" PRId64, s->migrations);
	else
		fputs("null", stdout);
	printf(", \"spread_above_threshold\": %s}",
	       s->repeats >= 2 && s->stdev_pct > BENCH_STDEV_MAX_PCT ? "true" : "false");
	json_path_rest(res, p);
	putchar('}');
}

static void json_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		       const struct bench_result *res)
{
	const char *sep = "";

	(void)ctx;
	printf("%s\n    {\"api\": \"%s\", \"overhead_ns\": ", sink_record_next() ? "," : "",
	       api->name);
	if (res->overhead_ns >= 0)
		printf("%.2f", res->overhead_ns);
	else
		fputs("null", stdout);
	fputs(", \"paths\": {", stdout);
	for (int p = 0; p < NR_PATHS; p++) {
		if (!res->present[p])
			continue;
		fputs(sep, stdout);
		json_path(res, p);
		sep = ",";
	}
	putchar('}');
	json_conditions(&res->cond);
	if (run->latency)
		printf(", \"latency_overhead_ns\": %.2f", res->latency_overhead_ns);
	putchar('}');
}

const struct format_ops format_json = {
	.name = "json",
	.machine = true,
	.lines_on_stderr = true,
	.latency_inline = true,
	.begin = json_begin,
	.bench = json_bench,
	.end = json_end,
};
