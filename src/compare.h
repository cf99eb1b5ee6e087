/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdsotest compare OLD.json NEW.json: the bench figures of two runs side by
 * side (see vdsotest(1), COMPARE).
 */
#ifndef VDSOTEST_COMPARE_H
#define VDSOTEST_COMPARE_H

#include "api.h"

/* The largest file compare reads, in bytes. */
#define COMPARE_MAX_FILE_BYTES (64u << 20)
/* The largest median ns per call (1000 s) and stdev_pct compare accepts. */
#define COMPARE_MAX_NS 1e12
#define COMPARE_MAX_PCT 1e6

/*
 * compare_run - read the JSON documents of two bench runs (-o json) at
 * @old_path and @new_path and print, in @format (text, table, csv or json),
 * for each API and path in both: old and new median ns per call, the
 * difference in percent, and whether it is within the combined spread
 * (sqrt(old_stdev_pct^2 + new_stdev_pct^2)); then the APIs and paths found
 * on one side only.
 *
 * Only once both are read is @output (--output, or NULL: standard output)
 * opened; a file that is one of the two inputs is refused.
 *
 * Return: STATUS_PASS; STATUS_FAIL if @output cannot be opened;
 * STATUS_USAGE when @output is an input; STATUS_USAGE after one line on stderr naming the file
 * and why it cannot be used: unreadable (errno's text), larger than
 * COMPARE_MAX_FILE_BYTES, malformed JSON ("line L, column C (byte B)"), or
 * not a vdsotest bench document (the JSON path of what is wrong, e.g.
 * "results[2].paths.vdso.ns_per_call.median: not a number").
 */
enum status compare_run(const char *old_path, const char *new_path, enum output_format format,
			const char *output);

#endif
