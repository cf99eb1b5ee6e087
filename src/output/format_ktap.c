// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --format=ktap: the kernel's KTAP version 1 (Documentation/dev-tools/
 * ktap.rst): the version line, the plan "1..N", "ok N API" or "not ok N
 * API" per API; everything else is a diagnostic line ("# " first).
 */
#include "config.h"

#include <stdio.h>

#include "lib/interrupt.h"
#include "output/format.h"

static void ktap_begin(const struct format_ctx *ctx, const struct run *run,
		       const struct run_conditions *c)
{
	(void)ctx, (void)c;
	printf("KTAP version 1\n1..%zu", run->api_total);
	/* (no API to run: --skip-unsupported left out every one selected) */
	puts(run->api_total ? "" : " # SKIP every API selected is unsupported here");
}

static void ktap_result(const struct format_ctx *ctx, const struct run *run, const struct api *api,
			enum status st, int stopped)
{
	size_t n = run->api_index + 1;

	if (stopped) {
		printf("not ok %zu %s # interrupted by %s\n", n, api->name,
		       interrupt_name(stopped));
	} else if (st == STATUS_SKIP) {
		/* the directive's reason: the skip's last line, '#' kept out (ktap.rst) */
		printf("ok %zu %s # SKIP", n, api->name);
		if (ctx->skip_reason && *ctx->skip_reason) {
			putchar(' ');
			for (const char *c = ctx->skip_reason; *c; c++)
				putchar(*c == '#' || *c == '\n' ? '?' : *c);
		}
		putchar('\n');
	} else if (st == STATUS_PASS && ctx->xfail_reason && *ctx->xfail_reason) {
		/* kselftest's expected failure (ksft_test_result_xfail()) */
		printf("ok %zu %s # XFAIL ", n, api->name);
		for (const char *c = ctx->xfail_reason; *c; c++)
			putchar(*c == '#' || *c == '\n' ? '?' : *c);
		putchar('\n');
	} else {
		printf("%sok %zu %s\n", st == STATUS_FAIL ? "not " : "", n, api->name);
	}
}

static void ktap_end(const struct format_ctx *ctx, int stopped)
{
	(void)ctx;
	if (stopped)
		printf("Bail out! interrupted by %s\n", interrupt_name(stopped));
}

const struct format_ops format_ktap = {
	.name = "ktap",
	.machine = true,
	.begin_first = true,
	.lead = "# ", /* notes and lines are diagnostics */
	.begin = ktap_begin,
	.bench = format_text_bench, /* with ctx->lead "# " */
	.result = ktap_result,
	.end = ktap_end,
};
