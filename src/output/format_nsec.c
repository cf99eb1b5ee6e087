// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --format=nsec: "API: PATH: N.NN nsec/call (best slice)", one line per
 * path; with --mean the original vdsotest's line and figure, untagged.
 */
#include "config.h"

#include <stdio.h>

#include "output/format.h"

static void nsec_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		       const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;

	for (int p = 0; p < NR_PATHS; p++) {
		if (!res->present[p])
			continue;
		printf("%s: %s: %.2f nsec/call", api->name, bench_path_name(p),
		       run->mean ? s[p].wall_ns_per_call : s[p].median_ns);
		format_tag(run, res, false);
		if (s[p].repeats >= 2 && !run->mean)
			printf(" \u00b1%.1f%%", s[p].stdev_pct);
		format_cycles(ctx, stdout, res, p);
		putchar('\n');
	}
}

const struct format_ops format_nsec = {
	.name = "nsec",
	.header = true,
	.bench = nsec_bench,
};
