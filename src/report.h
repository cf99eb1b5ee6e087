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

#include "api.h"
#include "bench.h"

/*
 * report_bench - print one API's bench figures in run->format:
 *   text: "API system calls per second: N" then the libc and vdso lines with
 *         "(X.XXx speedup)" against the system call; numbers right-aligned;
 *   nsec: "API: PATH: N.NN nsec/call", one line per path.
 * Paths with present[p] false are left out.
 */
void report_bench(const struct api *api, const struct run *run,
		  const struct bench_sample samples[NR_PATHS],
		  const bool present[NR_PATHS]);

/* report_note - "Note: <message>" on its own line. */
void report_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* report_line - "<api name>: <message>" on its own line. */
void report_line(const struct api *api, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* report_vline - report_line() with a va_list. */
void report_vline(const struct api *api, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

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
 * report_no_vdso - print "Note: vDSO version of CALL not found" for @api's
 * call.
 */
void report_no_vdso(const struct api *api);

/*
 * report_progress - on stderr, "[i/n] API TEST-TYPE" on one line that the
 * next result line (or report_progress_clear()) erases.  Only call it when
 * stderr is a terminal.
 */
void report_progress(size_t i, size_t n, const struct api *api, enum test_type t);

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

/* report_progress_clear - erase the progress line, if one is shown. */
void report_progress_clear(void);

#endif
