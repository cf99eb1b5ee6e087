/* SPDX-License-Identifier: GPL-2.0-or-later */
/* "Did you mean" hints for a wrong API name or TEST-TYPE on the command line. */
#ifndef VDSOTEST_SUGGEST_H
#define VDSOTEST_SUGGEST_H

/*
 * api_suggest - for a "did you mean" hint, the API name, "all" or list
 * command closest to @name (see closest_name() in suggest.c); NULL if none is.
 */
const char *api_suggest(const char *name);

/* test_type_suggest - the same among the TEST-TYPEs. */
const char *test_type_suggest(const char *name);

#endif
