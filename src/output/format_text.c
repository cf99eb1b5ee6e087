// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --format=text, the default: the line form of the original vdsotest,
 * "API vdso calls per second: N (best slice) (X.XXx speedup)", the figure
 * named; with --mean its figure too, the mean over the run, untagged.
 */
#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "output/format.h"

void format_text_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		       const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;
	static const char *const label[NR_PATHS] = {
		[PATH_SYSCALL] = "system calls per second:",
		[PATH_LIBC] = "libc calls per second:  ",
		[PATH_VDSO] = "vdso calls per second:  ",
	};
	uint64_t rate[NR_PATHS];
	int width = 1;

	for (int p = 0; p < NR_PATHS; p++) {
		rate[p] = (uint64_t)(format_calls_per_sec(run, &s[p]) + 0.5);
		int w = snprintf(NULL, 0, "%" PRIu64, rate[p]);
		if (present[p] && w > width)
			width = w;
	}
	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s%s %s %*" PRIu64, ctx->lead, api->name, label[p], width, rate[p]);
		format_tag(run, res, true);
		if (s[p].repeats >= 2 && !run->mean)
			printf(" \u00b1%.1f%%", s[p].stdev_pct);
		if (p != PATH_SYSCALL && present[PATH_SYSCALL] && rate[PATH_SYSCALL])
			printf(" (%.2fx speedup)", format_speedup_of(run, res, p));
		format_cycles(ctx, stdout, res, p);
		putchar('\n');
	}
}

const struct format_ops format_text = {
	.name = "text",
	.header = true,
	.bench = format_text_bench,
};
