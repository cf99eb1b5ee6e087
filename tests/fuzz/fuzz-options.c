// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target for the command-line parser (src/cli/options.c): the input is
 * split at NUL bytes into argv[1..] (at most 32 arguments), argv[0] being
 * "vdsotest", and handed to options_parse().  It must return one of its
 * documented statuses, and after OPTIONS_RUN the options must lie in their
 * documented ranges; anything else aborts (a crash libFuzzer reports).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "cli/options.h"

#define MAX_ARGS 32

static FILE *sink(void)
{
	static FILE *f;

	if (!f && !(f = fopen("/dev/null", "w")))
		abort();
	return f;
}

/* The contract of options_parse() (options.h) on what it returned. */
static void check(const struct options *o, int rc)
{
	if (rc != OPTIONS_RUN && rc != 0 && rc != STATUS_USAGE)
		abort();
	if (rc != OPTIONS_RUN)
		return;
	if (o->duration_ns < 1000 || o->duration_ns > 604800000000000u ||
	    o->maxfails < 1 || o->maxfails > MAXFAILS_MAX ||
	    o->threads < 1 || o->threads > THREADS_MAX ||
	    (o->vdso_lib && !*o->vdso_lib))
		abort();
	if (o->command == CMD_RUN && (unsigned)o->test >= NR_TEST_TYPES)
		abort();
	/* compare: at least one file a side, each a real argument */
	if (o->command == CMD_COMPARE &&
	    (o->compare_n_old < 1 || o->compare_n_new < 1 || !o->compare_old_files ||
	     !o->compare_new_files || !o->compare_old_files[o->compare_n_old - 1] ||
	     !o->compare_new_files[o->compare_n_new - 1] || o->compare_old != o->compare_old_files[0]))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char name[] = "vdsotest";
	char *argv[MAX_ARGS + 2] = { name };
	int argc = 1;
	struct options o;
	char *buf = malloc(size + 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (char *p = buf; p < buf + size + 1 && argc <= MAX_ARGS; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	check(&o, options_parse(&o, argc, argv, sink(), sink()));
	free(buf);
	return 0;
}
