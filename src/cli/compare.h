/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdsotest compare OLD.json... [--] NEW.json...: the bench figures of runs
 * side by side, with a significance test (see vdsotest(1), COMPARE).
 */
#ifndef VDSOTEST_COMPARE_H
#define VDSOTEST_COMPARE_H

#include "core/api.h"

/* The largest file compare reads, in bytes. */
#define COMPARE_MAX_FILE_BYTES (64u << 20)
/* The largest median ns per call (1000 s) and stdev_pct compare accepts. */
#define COMPARE_MAX_NS 1e12
#define COMPARE_MAX_PCT 1e6

/* The significance level: a difference with p below it is "faster" or "slower". */
#define COMPARE_ALPHA 0.05
/*
 * ... if the means also differ by at least this many percent: the figures
 * are quantized (a cycle is about 0.4 ns at 2.6 GHz), so that repeats with
 * almost no spread made a 0.02 % difference "significant".
 */
#define COMPARE_MIN_DIFF_PCT 0.5
/*
 * The fewest values (runs) a side needs for a test; the exact test can give
 * p < COMPARE_ALPHA only from 4 a side (stats_mw_min_p()).
 */
#define COMPARE_MIN_RUNS 3u
/* compare's switches. */
struct compare_opts {
	bool verbose;	  /* -v: N, p and q under each text row */
	bool emulated_ok; /* --emulated-ok: verdicts on an emulated CPU's figures */
};
/* Notes about the comparison (sides that differ, interrupted runs). */
#define COMPARE_NOTES_MAX 16
#define COMPARE_NOTE_LEN 400

/*
 * compare_run - read the JSON documents of bench runs (-o json), @n_old
 * files for the old side and @n_new for the new one (each >= 1), and
 * print, in @format (text, table, csv or json), for each API and path on
 * both sides: per side the number of values, their mean, median and
 * sample standard deviation in percent of the mean (the values: every
 * repeat of every file of the side, ns_per_call.samples, or the file's
 * median where it has none), the difference of the means in percent,
 * Welch's two-sided t-test p (stats_welch(); none with fewer than 2 values
 * on a side), and a verdict: "faster" or "slower" when p < COMPARE_ALPHA
 * and the means differ by COMPARE_MIN_DIFF_PCT or more, else "no
 * significant change" ("failed" when a side's call failed); then
 * the APIs and paths found on one side only.  Before that, on stderr,
 * "Note: compare: ..." when the sides (or the files of one side) differ
 * in kernel, clocksource, CPU model, machine, --net, -t, --size or --cpu,
 * when a run was interrupted, or when a side has fewer than 2 values.
 *
 * Only once all are read is @output (--output, or NULL: standard output)
 * opened; a file that is one of the inputs is refused.
 *
 * Return: STATUS_PASS; STATUS_FAIL if @output cannot be opened (or memory
 * runs out); STATUS_USAGE when @output is an input; STATUS_USAGE after one
 * line on stderr naming the file and why it cannot be used: unreadable
 * (errno's text), larger than COMPARE_MAX_FILE_BYTES, malformed JSON
 * ("line L, column C (byte B)"), or not a vdsotest bench document (the
 * JSON path of what is wrong, e.g.
 * "results[2].paths.vdso.ns_per_call.median: not a number").
 */
enum status compare_run(char *const *old_files, unsigned n_old, char *const *new_files,
			unsigned n_new, enum output_format format, const char *output,
			const struct compare_opts *opts);

#endif
