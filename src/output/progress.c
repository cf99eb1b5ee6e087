// SPDX-License-Identifier: GPL-2.0-or-later
/* The progress line; see progress.h. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/bench_result.h"
#include "output/progress.h"

/* Decided in the parent by progress_begin(); the test children inherit it. */
static struct {
	bool wanted; /* progress_begin() said yes */
	bool shown;  /* a progress line is on the terminal now */
} progress;

/* Whether standard output is the terminal of standard error. */
static bool stdout_on_stderr_terminal(void)
{
	struct stat o, e;

	return isatty(STDOUT_FILENO) && fstat(STDOUT_FILENO, &o) == 0 &&
	       fstat(STDERR_FILENO, &e) == 0 && o.st_rdev == e.st_rdev;
}

void progress_begin(const struct run *run, enum test_type t, bool machine)
{
	uint64_t estimate_ns = run->api_total * run->duration_ns;

	if (t == TEST_BENCH)
		estimate_ns *= NR_PATHS * ((uint64_t)run->repeat + (run->latency ? 1 : 0));
	progress.wanted = isatty(STDERR_FILENO) && t != TEST_ABI &&
			  estimate_ns > REPORT_PROGRESS_AFTER_NS &&
			  !(machine && stdout_on_stderr_terminal());
}

void report_progress(size_t i, size_t n, const struct api *api, enum test_type t)
{
	if (!progress.wanted)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", i, n, api->name, test_type_name(t));
	fflush(stderr);
	progress.shown = true;
}

void report_bench_progress(const struct api *api, const struct run *run, int p, unsigned r)
{
	if (!progress.wanted)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", run->api_index * NR_PATHS + (size_t)p + 1,
		run->api_total * NR_PATHS, api->name, bench_path_name(p));
	if (run->repeat > 1)
		fprintf(stderr, " %u/%u", r + 1, run->repeat);
	fflush(stderr);
	progress.shown = true;
}

void report_progress_clear(void)
{
	if (progress.shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		progress.shown = false;
	}
}
