// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --format=table: Google Benchmark's columns, "PATH/API  Cost [Spread]
 * Time CPU Iterations", vdso first.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "output/format.h"

static void table_begin(const struct format_ctx *ctx, const struct run *run,
			const struct run_conditions *c)
{
	bool spread = run->repeat >= 2;

	(void)c;
	/* Cost (with repeats, its spread next to it), then wall and CPU time */
	printf("%-*s %13s%s %13s %13s %12s\n", ctx->name_width, "Benchmark", "Cost",
	       spread ? "  Spread" : "", "Time", "CPU", "Iterations");
	for (int i = ctx->name_width + 4 * 13 + 4 + (spread ? 8 : 0); i > 0; i--)
		putchar('-');
	putchar('\n');
}

static void table_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
			const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	char name[128];

	(void)run;
	for (int p = NR_PATHS - 1; p >= 0; p--) {
		if (!res->present[p])
			continue;
		snprintf(name, sizeof(name), "%s/%s", bench_path_name(p), api->name);
		printf("%-*s %10.2f ns", ctx->name_width, name, s[p].median_ns);
		if (s[p].repeats >= 2)
			printf(" \u00b1%5.1f%%", s[p].stdev_pct);
		printf(" %10.2f ns %10.2f ns %12" PRIu64 "\n", s[p].wall_ns_per_call,
		       s[p].cpu_ns_per_call, s[p].calls);
	}
}

const struct format_ops format_table = {
	.name = "table",
	.machine = true,
	.lines_on_stderr = true,
	.header = true,
	.begin = table_begin,
	.bench = table_bench,
};
