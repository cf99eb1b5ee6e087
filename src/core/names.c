// SPDX-License-Identifier: GPL-2.0-or-later
/* The names of the TEST-TYPEs; see api.h. */
#include "config.h"

#include <string.h>

#include "core/api.h"

static const char *const test_type_names[NR_TEST_TYPES] = {
	[TEST_BENCH] = "bench",
	[TEST_VERIFY] = "verify",
	[TEST_ABI] = "abi",
};

int test_type_find(const char *name)
{
	for (int t = 0; t < NR_TEST_TYPES; t++)
		if (strcmp(test_type_names[t], name) == 0)
			return t;
	return -1;
}

const char *test_type_name(enum test_type t)
{
	return (unsigned)t < NR_TEST_TYPES ? test_type_names[t] : "?";
}
