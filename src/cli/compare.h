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
 * ... if the Hodges-Lehmann shift (the median of the new-minus-old
 * differences of the runs' best-slice ns per call) is also at least this
 * many percent of the old median: the figures are quantized (a cycle is
 * about 0.4 ns at 2.6 GHz), so that runs with almost no spread made a
 * 0.02 % difference "significant".
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
 * both sides: per side the number of values and their median (the values:
 * each run's best-slice ns per call, ns_per_call.runs of bench --runs N,
 * over every file of the side, or a file's median where it has none; the
 * repeats of -r within one process are not independent and are not
 * used), the Hodges-Lehmann shift of new against old in percent of the
 * old median with its distribution-free interval (stats_hodges_lehmann(),
 * at least 1 - COMPARE_ALPHA), Mann-Whitney U's two-sided p
 * (stats_mann_whitney()) and its Benjamini-Hochberg q over the rows that
 * can reach p < COMPARE_ALPHA (stats_bh_adjust()), and a verdict:
 * "faster" or "slower" when q < COMPARE_ALPHA and the shift is
 * COMPARE_MIN_DIFF_PCT or more, else "no change" when the interval lies
 * within +-COMPARE_MIN_DIFF_PCT and "undecided" when it does not (the
 * runs could hide a change that large); "n/a (N=...)" with
 * fewer than COMPARE_MIN_RUNS values a side or too few for p <
 * COMPARE_ALPHA, "n/a (emulated)" for an emulated CPU's figures unless
 * @opts->emulated_ok, "failed" when a side's call failed; then the APIs
 * and paths found on one side only.  The text format first names both
 * sides (kernel, machine, clocksource, CPU, emulation, mitigations,
 * command line, -d, -r, runs, pinning) and what differs between them, in
 * at most 72 columns.  On stderr, "Note: compare: ..." when the sides (or
 * the files of one side) differ in kernel, clocksource, CPU model,
 * machine, command line, --net, -t, --size, --cpu, -d, -r or pinning,
 * when a run was interrupted, or when a side's CPU was emulated.
 *
 * Only once all are read is @output (--output, or NULL: standard output)
 * opened; a file that is one of the inputs is refused, as is a file given
 * twice on one side (its runs would count twice).
 *
 * Return: STATUS_PASS; STATUS_FAIL if @output cannot be opened (or memory
 * runs out); STATUS_USAGE when @output is an input or a file is given
 * twice, or the sides share no API and path; STATUS_USAGE after one
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
