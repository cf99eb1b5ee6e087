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

#endif
