/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal TAP producer for the unit tests (read by automake's
 * tap-driver.sh).  ok() prints "ok N - name" or "not ok N - name" and
 * counts failures; tap_done() prints the plan and returns the exit status.
 */
#ifndef VDSOTEST_TAP_H
#define VDSOTEST_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static unsigned tap_count, tap_failed;

__attribute__((format(printf, 2, 3)))
static bool ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %u - ", cond ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!cond)
		tap_failed++;
	return cond;
}

static int tap_done(void)
{
	printf("1..%u\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
