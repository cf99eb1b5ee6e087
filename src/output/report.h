/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every result line goes through here, to stdout: bench figures, verify and
 * abi failures, notes and verbose detail.  Errors of the tool itself (bad
 * usage, a system call the harness needs failing) go to stderr elsewhere.
 */
#ifndef VDSOTEST_REPORT_H
#define VDSOTEST_REPORT_H

#include <stdarg.h>
#include <stdbool.h>

#include "core/api.h"
#include "harness/bench.h"

/* A progress line is shown only for runs expected to take longer than this. */
#define REPORT_PROGRESS_AFTER_NS 2000000000u

/*
 * report_set_format - where notes go before report_begin(): call it as soon
 * as the format is known.  (In ktap, notes before report_begin() go to
 * stderr: nothing may precede the version line.)
 */
void report_set_format(enum output_format f);

/*
 * report_begin - start the output of a run of TEST-TYPE @t over
 * run->api_total APIs in run->format, in the parent before any test:
 *   ktap:  "KTAP version 1" and the plan "1..N";
 *   csv:   the header line;
 *   table: the header "Benchmark Time CPU Iterations" and a rule;
 *   json:  the document up to the opening of its "results" array (tool,
 *          version, kernel_release, machine, clocksource, cpu_model, options;
 *          see vdsotest(1) for the schema);
 *   text, nsec: nothing.
 * It also decides whether progress is shown: only when stderr is a terminal
 * and the run is expected to last longer than REPORT_PROGRESS_AFTER_NS.
 */
void report_begin(const struct run *run, enum test_type t);

/*
 * report_result - after one API's test ended with @st: in ktap,
 * "ok N API", "not ok N API" (STATUS_FAIL) or "ok N API # SKIP"
 * (STATUS_SKIP), N being run->api_index + 1, or, when SIGINT, SIGTERM or
 * SIGHUP (@stopped, else 0) cut the test short, "not ok N API #
 * interrupted by SIGNAL"; nothing in other formats.
 */
void report_result(const struct api *api, const struct run *run, enum status st, int stopped);

/*
 * report_end - finish the run's output: json closes the document with
 * "interrupted": "SIGNAL" or null; ktap, if the run was cut short by
 * @stopped (else 0), ends with "Bail out! interrupted by SIGNAL".
 */
void report_end(int stopped);

/*
 * report_bench - print one API's bench figures in run->format:
 *   text: "API system calls per second: N" then the libc and vdso lines with
 *         "(X.XXx speedup)" against the system call; numbers right-aligned;
 *         "±X.X%" (standard deviation in percent of the mean) after the
 *         rate when there were 2 repeats or more;
 *   nsec: "API: PATH: N.NN nsec/call", one line per path, "±X.X%" as text;
 *   table: "PATH/API  T.TT ns  C.CC ns  CALLS", vdso first;
 *   csv, json: one row, one object per path (see vdsotest(1));
 *   ktap: the text form as diagnostics ("# " first).
 * Rates and ns per call are the medians over the repeats.  Paths with
 * present[p] false are left out.  The harness overhead per call (< 0: not
 * measured) is shown by -v text ("API: overhead: N.NN ns/call") and json
 * ("overhead_ns", null when not measured).  With threads, rates are those
 * of all threads together, ns per call that of one thread; -v and json
 * show each thread's figures.
 */
void report_bench(const struct api *api, const struct run *run, const struct bench_result *res);

/*
 * report_conditions - the noise notes of one API's bench (bench_conditions),
 * "Note: API: SENTENCE" each, on stderr in every format (the json document
 * has them in its "conditions" members).
 */
void report_conditions(const struct api *api, const struct bench_conditions *c);

/*
 * report_bench_progress - the progress line "[I/N] API PATH" (and " R/REPEAT"
 * with repeats) before path @p (enum bench_path) of repeat @r (from 0) is
 * timed; I counts the API's paths over the run.  Shown only when
 * report_begin() decided so.
 */
void report_bench_progress(const struct api *api, const struct run *run, int p, unsigned r);

/*
 * report_json_string - @s on stdout as a JSON string: in quotes, with '"',
 * '\\' and control characters (and DEL) escaped (RFC 8259, section 7).
 */
void report_json_string(const char *s);

/*
 * report_csv_string - @s on stdout as a CSV field (RFC 4180): as it is, or
 * in double quotes (each '"' doubled) when it holds ',', '"', CR or LF.
 */
void report_csv_string(const char *s);

/* report_format_name - "text", "nsec", "table", "json", "csv" or "ktap". */
const char *report_format_name(enum output_format f);

/*
 * report_note - "Note: <message>" on its own line: on stdout, but on stderr
 * in the table, json and csv formats; after "# " in ktap.
 */
void report_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* report_line - "<api name>: <message>" on its own line, where report_note() puts it. */
void report_line(const struct api *api, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* report_vline - report_line() with a va_list. */
void report_vline(const struct api *api, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* report_vline_scoped - "<api name>: <scope>: <message>"; @scope NULL: none. */
void report_vline_scoped(const struct api *api, const char *scope, const char *fmt,
			 va_list ap) __attribute__((format(printf, 3, 0)));

/*
 * report_unsupported - the system call rejected @api's clock id with EINVAL:
 * print "API: unsupported here: the system call rejects CLOCK_ID with EINVAL".
 * (For the alarm clocks EINVAL means no wakeup-capable RTC:
 * kernel/time/alarmtimer.c.)  For an aux clock (CLK_AUX), with errno as
 * the system call left it: EINVAL is "API: unsupported by this kernel: ..."
 * (Linux 6.17 or later with CONFIG_POSIX_AUX_CLOCKS needed), ENODEV says the
 * aux clock is not enabled (kernel/time/timekeeping.c).
 * Return: STATUS_SKIP.
 */
enum status report_unsupported(const struct api *api);

/*
 * report_no_vdso - print "Note: API: vDSO version of CALL not found" for @api's
 * call.
 */
void report_no_vdso(const struct api *api);

/*
 * report_progress - on stderr, "[i/n] API TEST-TYPE" on one line that the
 * next result line (or report_progress_clear()) erases; only when
 * report_begin() decided that progress is shown.
 */
void report_progress(size_t i, size_t n, const struct api *api, enum test_type t);

/*
 * report_buffer_stdout - standard output, unless a terminal, fully buffered
 * (64 KiB): results are written when report.c flushes them, whose failure
 * keeps its errno for report_flush().  (musl line-buffers files, and a
 * write that fails within printf(3) leaves only the error flag.)  Call it
 * before anything is written to standard output.
 */
void report_buffer_stdout(void);

/*
 * report_open_output - --output: standard output becomes a new temporary
 * file in @path's directory, which report_close_output() renames over
 * @path, so that @path is never left half-written (@path, if it exists and
 * is not a regular file, such as /dev/null or a symbolic link, is written
 * directly); @path NULL or "-": nothing to do (standard output).
 * Return: 0, or STATUS_FAIL after "vdsotest: --output 'FILE': REASON"
 * ("cannot create a temporary file in 'DIR': REASON" when that failed).
 */
int report_open_output(const char *path);

/*
 * report_close_output - after the last result: with @keep, the temporary
 * file of report_open_output() becomes FILE (renamed over it); without,
 * it is removed.  Nothing to do without --output.
 * Return: false after "vdsotest: --output 'FILE': REASON" if the rename
 * failed (the temporary file is then removed).
 */
bool report_close_output(bool keep);

/*
 * report_output_name - where results go, for messages: "'FILE'" of
 * --output, or "standard output".
 */
const char *report_output_name(void);

/*
 * report_flush - write out what standard output holds.
 * Return: false if any result could not be written (errno as fflush(3) or
 * the write that failed left it, e.g. ENOSPC, EBADF).
 */
bool report_flush(void);

/*
 * report_vis - @s as it can be shown on one line of a terminal: control
 * characters and non-ASCII bytes as \xHH, cut after 120 bytes with "...".
 * Return: one of three static buffers used in turn (enough for a message).
 */
const char *report_vis(const char *s);

/*
 * report_failures - the summary after an API's failures, in the form of the
 * original vdsotest: "API/TEST-TYPE: N failures/inconsistencies encountered".
 * Prints nothing when @fails is 0.
 */
void report_failures(const struct api *api, enum test_type t, unsigned fails);

/*
 * report_fallback - report api_falls_back()'s answer for @api's vDSO
 * function as bench stores it in @falls_back: 1 gives "Note: API: vDSO
 * CALL(CLOCK_ID) falls back to the system call" ("CALL()" for calls
 * without a clock id); -1, in @verbose mode only, "Note: API: cannot tell
 * whether the vDSO falls back: REASON", REASON being @why; 0 prints nothing.
 */
void report_fallback(const struct api *api, int falls_back, const char *why, bool verbose);

/* report_progress_clear - erase the progress line, if one is shown. */
void report_progress_clear(void);

#endif
