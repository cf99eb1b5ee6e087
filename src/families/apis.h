/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The API table (families/apis.c): one row per API, each pointing at its
 * family's descriptor and giving its clock id and flags.  The command
 * line (src/cli/) reads it; the harness and output never do (they are
 * handed an API, or the table, from above).
 */
#ifndef VDSOTEST_APIS_H
#define VDSOTEST_APIS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/api.h"

extern const struct api api_table[];
extern const size_t api_count;

/* api_find - the row named @name, or NULL (errno = ENOENT). */
const struct api *api_find(const char *name);

/*
 * api_unsupported_by_kernel - true for an aux clock API whose clock id its
 * system call rejects with EINVAL (api_supported(): a kernel before 6.17 or
 * without CONFIG_POSIX_AUX_CLOCKS); false for every other API.
 */
bool api_unsupported_by_kernel(const struct api *api);

/*
 * api_unsupported - !api_supported() (harness/run.h: the family's
 * .supported): true when the system call of @api (clock_getres or
 * clock_gettime) rejects its clock id with EINVAL (alarm clocks without a
 * wake-up RTC, aux clocks before Linux 6.17), or with ENODEV for a disabled
 * aux clock; errno then stays as the call left it.  False for the APIs
 * without a clock id.
 */
bool api_unsupported(const struct api *api);

#endif
