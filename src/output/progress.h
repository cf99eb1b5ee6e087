/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The progress line: on stderr, only when it is a terminal and the run is
 * long, one line that each new one (and every result line) overwrites.
 */
#ifndef VDSOTEST_PROGRESS_H
#define VDSOTEST_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/api.h"

/* A progress line is shown only for runs expected to take longer than this. */
#define REPORT_PROGRESS_AFTER_NS 2000000000u

/*
 * progress_begin - decide whether the run of TEST-TYPE @t described by
 * @run shows progress: only when stderr is a terminal, @t is not abi,
 * the run is expected to last longer than REPORT_PROGRESS_AFTER_NS, and,
 * for a @machine format (read by programs: table, json, csv, ktap),
 * standard output is not that same terminal (json ends a result line only
 * when the next begins: "\r\033[K" would wipe it).
 */
void progress_begin(const struct run *run, enum test_type t, bool machine);

/*
 * report_progress - on stderr, "[i/n] API TEST-TYPE" on one line that the
 * next result line (or report_progress_clear()) erases; only when
 * progress_begin() decided that progress is shown.
 */
void report_progress(size_t i, size_t n, const struct api *api, enum test_type t);

/*
 * report_bench_progress - the progress line "[I/N] API PATH" (and " R/REPEAT"
 * with repeats) before path @p (enum bench_path) of repeat @r (from 0) is
 * timed; I counts the API's paths over the run.  Shown only when
 * progress_begin() decided so.
 */
void report_bench_progress(const struct api *api, const struct run *run, int p, unsigned r);

/* report_progress_clear - erase the progress line, if one is shown. */
void report_progress_clear(void);

#endif
