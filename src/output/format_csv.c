// SPDX-License-Identifier: GPL-2.0-or-later
/* --format=csv: a header line, then one row per API and path (vdsotest(1)). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "output/escape.h"
#include "output/format.h"

static void csv_begin(const struct format_ctx *ctx, const struct run *run,
		      const struct run_conditions *c)
{
	(void)ctx, (void)run, (void)c;
	puts("api,path,repeats,calls,duration_ns,ns_per_call_median,ns_per_call_min,"
	     "ns_per_call_max,stdev_pct,calls_per_sec,speedup,cpu_ns_per_call,cycles_per_call,"
	     "error,wall_ns_per_call,cpu_share_pct");
}

static void csv_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		      const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;

	(void)ctx, (void)run;
	for (int p = 0; p < NR_PATHS; p++) {
		if (!res->present[p])
			continue;
		printf("%s,%s,%u,%" PRIu64 ",%" PRIu64 ",%.2f,%.2f,%.2f,%.2f,%.0f,", api->name,
		       bench_path_name(p), s[p].repeats, s[p].calls, s[p].duration_ns,
		       s[p].median_ns, s[p].min_ns, s[p].max_ns, s[p].stdev_pct,
		       stats_calls_per_sec(&s[p]));
		if (res->present[PATH_SYSCALL])
			printf("%.2f", format_speedup(res, p));
		printf(",%.2f,", s[p].cpu_ns_per_call);
		if (res->cycles)
			printf("%.2f", s[p].cycles_per_call);
		putchar(',');
		if (res->error[p])
			escape_csv(stdout, strerror(res->error[p]));
		printf(",%.2f,%.1f\n", s[p].wall_ns_per_call, s[p].cpu_share_pct);
	}
}

const struct format_ops format_csv = {
	.name = "csv",
	.machine = true,
	.lines_on_stderr = true,
	.begin = csv_begin,
	.bench = csv_bench,
};
