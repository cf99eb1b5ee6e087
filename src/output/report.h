/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every result line goes through here, to stdout: bench figures, verify and
 * abi failures, notes and verbose detail.  Errors of the tool itself (bad
 * usage, a system call the harness needs failing) go to stderr elsewhere.
 *
 * The output layer (src/output/): report.c, these entry points, picks the
 * run's formatter (format.h: one file per format, format_*.c); sink.c is
 * where results are written (standard output or --output, sink.h);
 * escape.c the escapers (escape.h); progress.c the progress line
 * (progress.h); header.c the machine context of a bench run.  It calls
 * only core/, vdso/ and lib/ code.
 */
#ifndef VDSOTEST_REPORT_H
#define VDSOTEST_REPORT_H

#include <stdarg.h>
#include <stdbool.h>

#include "core/api.h"
#include "core/bench_result.h"
#include "output/escape.h"
#include "output/progress.h"
#include "output/sink.h"

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
 * It also decides whether progress is shown (progress_begin()).
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
 * report_xfail - the next report_result() of a pass is an expected failure
 * (a known kernel bug, core/known_bugs.h): in ktap "ok N API # XFAIL
 * @reason" ("ID: SUBJECT", '#' printed as '?'); nothing in other formats.
 */
void report_xfail(const char *reason);

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
 * has them in its "conditions" members); without @verbose (-v) a note with
 * a long form (short_len) shows only its short sentence.
 */
void report_conditions(const struct api *api, const struct bench_conditions *c, bool verbose);

/*
 * The named checks and cases of one API's test as KTAP subtests (ktap.rst,
 * "Nested tests"): report_subtest() per check or case, then
 * report_subtests_end() before the API's result line prints them, indented
 * by 4 spaces, as one document: "KTAP version 1", "# Subtest: API", the
 * plan "1..N", the N result lines.  (They are held until the end because
 * KTAP's plan comes before the results and the count is known only then.)
 * In the other formats there are no subtests: both print nothing.
 */

/* report_has_subtests - does the run's format show report_subtest()'s (ktap)? */
bool report_has_subtests(void);

/*
 * report_subtest - one check or case of @api's test: "ok N NAME" ("not ok"
 * for STATUS_FAIL), then " # SKIP " for STATUS_SKIP, or " # " when @fmt
 * gives a diagnostic, and @fmt's text; then @diag (NULL: none) as a
 * diagnostic line under it ("# " first).  N counts from 1 per API; a '#'
 * in @name is printed as '?' (a KTAP test name cannot hold one).
 */
void report_subtest(const struct api *api, enum status st, const char *name, const char *diag,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * report_subtest_diag - a diagnostic line "    # API: message" among
 * @api's held subtests (after those reported so far), in KTAP only.
 */
void report_subtest_diag(const struct api *api, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* report_subtests_end - print @api's subtests held since the last call, if any. */
void report_subtests_end(const struct api *api);

/* report_format_name - "text", "nsec", "table", "json", "csv" or "ktap". */
const char *report_format_name(enum output_format f);

/*
 * report_note - "Note: <message>" on its own line: on stdout, but on stderr
 * in the table, json and csv formats; after "# " in ktap.
 */
void report_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * report_note_once - report_note(), but only the first time in this run
 * that a note of @key (a short string, REPORT_ONCE_KEY_LEN bytes make room
 * for any the callers build) is asked for, in any process of the run: the
 * test children forked after report_set_format() share the record (a
 * MAP_SHARED page, without a lock; when mmap fails, once per process).
 * For facts of the machine that several APIs meet alike (the vDSO lacks
 * a width of a call, the kernel's aux clock_getres discrepancy).
 * Return: true if the note was printed now.
 */
#define REPORT_ONCE_KEY_LEN 48
bool report_note_once(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* report_line - "<api name>: <message>" on its own line, where report_note() puts it. */
void report_line(const struct api *api, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* report_vline - report_line() with a va_list. */
void report_vline(const struct api *api, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* report_vline_scoped - "<api name>: <scope>: <message>"; @scope NULL: none. */
void report_vline_scoped(const struct api *api, const char *scope, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/*
 * report_set_api_names - the APIs whose names the table format's first
 * column must hold ("syscall/" and the longest of @n names of @apis): call
 * it before report_begin() (without it, the column is as wide as
 * "syscall/" and the name).  The output layer keeps the pointer.
 */
void report_set_api_names(const struct api *apis, size_t n);

/*
 * report_no_vdso - print "Note: API: vDSO version of CALL not found" for @api's
 * call.
 */
void report_no_vdso(const struct api *api);

/*
 * report_failures - the summary after an API's failures, in the form of the
 * original vdsotest: "API/TEST-TYPE: N failures/inconsistencies encountered".
 * Prints nothing when @fails is 0.
 */
/*
 * report_verdict - the last line of a run of several APIs with -v:
 * "WHAT TEST-TYPE: N passed, N xfail, N failed, N skipped", WHAT the API
 * operand (e.g. "all"), where report_line() puts its lines; xfail: the
 * APIs that passed only because their failures were known kernel bugs
 * (core/known_bugs.h), not counted as passed.
 */
void report_verdict(const char *what, enum test_type t, unsigned passed, unsigned xfailed,
		    unsigned failed, unsigned skipped);

void report_failures(const struct api *api, enum test_type t, unsigned fails);

/*
 * report_fallback - report api_falls_back()'s answer for @api's vDSO
 * function as bench stores it in @falls_back: 1 gives "Note: API: vDSO
 * CALL(CLOCK_ID) falls back to the system call" ("CALL()" for calls
 * without a clock id); -1, in @verbose mode only, "Note: API: cannot tell
 * whether the vDSO falls back: REASON", REASON being @why; 0 prints nothing.
 */
void report_fallback(const struct api *api, int falls_back, const char *why, bool verbose);

#endif
