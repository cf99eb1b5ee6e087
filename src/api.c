// SPDX-License-Identifier: GPL-2.0-or-later
/* The API table and lookup by name. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

#define CLOCK_API(fam, suffix, id, flags, fine)				\
	{ "clock-" #fam "-" suffix, &clock_##fam##_family, id, #id, flags, fine }
#define CLOCK_APIS(fam)							\
	CLOCK_API(fam, "realtime", CLOCK_REALTIME, CLK_SETTABLE, 0),	\
	CLOCK_API(fam, "monotonic", CLOCK_MONOTONIC, 0, 0),	\
	CLOCK_API(fam, "process-cputime", CLOCK_PROCESS_CPUTIME_ID,	\
		  0, 0),			\
	CLOCK_API(fam, "thread-cputime", CLOCK_THREAD_CPUTIME_ID,	\
		  0, 0),			\
	CLOCK_API(fam, "monotonic-raw", CLOCK_MONOTONIC_RAW, 0, 0), \
	CLOCK_API(fam, "realtime-coarse", CLOCK_REALTIME_COARSE,	\
		  CLK_SETTABLE | CLK_COARSE, CLOCK_REALTIME),		\
	CLOCK_API(fam, "monotonic-coarse", CLOCK_MONOTONIC_COARSE,	\
		  CLK_COARSE, CLOCK_MONOTONIC),		\
	CLOCK_API(fam, "boottime", CLOCK_BOOTTIME, CLK_BOOTTIME, 0), \
	CLOCK_API(fam, "realtime-alarm", CLOCK_REALTIME_ALARM, CLK_SETTABLE, 0), \
	CLOCK_API(fam, "boottime-alarm", CLOCK_BOOTTIME_ALARM,		\
		  CLK_BOOTTIME, 0),			\
	CLOCK_API(fam, "tai", CLOCK_TAI, CLK_SETTABLE, 0)

const struct api api_table[] = {
	CLOCK_APIS(gettime),
	CLOCK_APIS(getres),
	{ "gettimeofday", &gettimeofday_family, -1, NULL, 0, 0 },
	{ "time", &time_family, -1, NULL, 0, 0 },
	{ "getcpu", &getcpu_family, -1, NULL, 0, 0 },
};
const size_t api_count = sizeof(api_table) / sizeof(api_table[0]);

static const char *const test_type_names[NR_TEST_TYPES] = {
	[TEST_BENCH] = "bench", [TEST_VERIFY] = "verify", [TEST_ABI] = "abi",
};

const struct api *api_find(const char *name)
{
	for (size_t i = 0; i < api_count; i++)
		if (strcmp(api_table[i].name, name) == 0)
			return &api_table[i];
	errno = ENOENT;
	return NULL;
}

/* Levenshtein distance, both strings capped at 63 characters. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strnlen(a, 63), lb = strnlen(b, 63);
	size_t row[64];

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const char *api_suggest(const char *name)
{
	const char *best = NULL;
	size_t best_d = strlen(name) / 3 + 1;

	for (size_t i = 0; i < api_count; i++) {
		size_t d = edit_distance(name, api_table[i].name);
		if (d < best_d) {
			best_d = d;
			best = api_table[i].name;
		}
	}
	return best;
}

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

void *api_vdso_fn(const struct api *api, const struct run *run)
{
	return run->vdso ? run->vdso->fn[api->family->call] : NULL;
}

enum status api_run(const struct api *api, enum test_type t, const struct run *run)
{
	const struct family *f = api->family;

	switch (t) {
	case TEST_BENCH:  return f->bench(api, run);
	case TEST_VERIFY: return f->verify(api, run);
	case TEST_ABI:    return f->abi(api, run);
	default:          return STATUS_USAGE;
	}
}
