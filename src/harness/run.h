/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one driver of the TEST-TYPEs: api_run()
 * runs bench, verify and abi the same way for every family, through the
 * fields of its descriptor (struct family, core/api.h) alone.
 */
#ifndef VDSOTEST_RUN_H
#define VDSOTEST_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/api.h"

/* Room enough for api_supported()'s reason. */
#define API_SUPPORTED_WHY_LEN 256

/*
 * api_supported - can @api be tested here?  The family's .supported (NULL:
 * always).  When false, errno is as the family's system call left it
 * (EINVAL; ENODEV for a disabled aux clock) and, if @why is not NULL, the
 * line to print is in @why (@len bytes, API_SUPPORTED_WHY_LEN is enough),
 * e.g. "unsupported here: the system call rejects CLOCK_BOOTTIME_ALARM with
 * EINVAL (alarm clocks need an RTC that can wake the system)".
 */
bool api_supported(const struct api *api, char *why, size_t len);

/*
 * api_run - run test @t on @api, the same way for every family, through
 * its descriptor (harness/run.c); the status says pass, fail or skip.
 */
enum status api_run(const struct api *api, enum test_type t, const struct run *run);

#endif
