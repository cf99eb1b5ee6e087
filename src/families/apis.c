// SPDX-License-Identifier: GPL-2.0-or-later
/* The API table and lookup by name. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/api.h"
#include "harness/verify.h"

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

/* The time64 calls of 32-bit targets, under their own names. */
#define CLOCK64_API(prefix, fam, suffix, id, flags, fine)			\
	{ prefix suffix, &fam, id, #id, flags, fine }
#define CLOCK64_APIS(prefix, fam)						\
	CLOCK64_API(prefix, fam, "realtime", CLOCK_REALTIME, CLK_SETTABLE, 0),	\
	CLOCK64_API(prefix, fam, "monotonic", CLOCK_MONOTONIC, 0, 0),		\
	CLOCK64_API(prefix, fam, "process-cputime", CLOCK_PROCESS_CPUTIME_ID, 0, 0), \
	CLOCK64_API(prefix, fam, "thread-cputime", CLOCK_THREAD_CPUTIME_ID, 0, 0), \
	CLOCK64_API(prefix, fam, "monotonic-raw", CLOCK_MONOTONIC_RAW, 0, 0),	\
	CLOCK64_API(prefix, fam, "realtime-coarse", CLOCK_REALTIME_COARSE,	\
		    CLK_SETTABLE | CLK_COARSE, CLOCK_REALTIME),			\
	CLOCK64_API(prefix, fam, "monotonic-coarse", CLOCK_MONOTONIC_COARSE,	\
		    CLK_COARSE, CLOCK_MONOTONIC),				\
	CLOCK64_API(prefix, fam, "boottime", CLOCK_BOOTTIME, CLK_BOOTTIME, 0),	\
	CLOCK64_API(prefix, fam, "realtime-alarm", CLOCK_REALTIME_ALARM, CLK_SETTABLE, 0), \
	CLOCK64_API(prefix, fam, "boottime-alarm", CLOCK_BOOTTIME_ALARM, CLK_BOOTTIME, 0), \
	CLOCK64_API(prefix, fam, "tai", CLOCK_TAI, CLK_SETTABLE, 0)

/* The aux clocks, CLOCK_AUX + 0 .. 7. */
#define AUX_API(fam, n)							\
	{ "clock-" #fam "-aux" #n, &clock_##fam##_family, CLOCK_AUX + n,	\
	  "CLOCK_AUX+" #n, CLK_AUX, 0 }
#define AUX_APIS(fam)							\
	AUX_API(fam, 0), AUX_API(fam, 1), AUX_API(fam, 2), AUX_API(fam, 3),	\
	AUX_API(fam, 4), AUX_API(fam, 5), AUX_API(fam, 6), AUX_API(fam, 7)

const struct api api_table[] = {
	CLOCK_APIS(gettime),
	CLOCK_APIS(getres),
	AUX_APIS(gettime),
	AUX_APIS(getres),
	{ "gettimeofday", &gettimeofday_family, -1, NULL, 0, 0 },
	{ "time", &time_family, -1, NULL, 0, 0 },
	{ "getcpu", &getcpu_family, -1, NULL, 0, 0 },
	{ "getrandom", &getrandom_family, -1, NULL, 0, 0 },
#ifdef SYS_clock_gettime64	/* 32-bit targets (Linux 5.1 y2038 system calls) */
	CLOCK64_APIS("clock-gettime64-", clock_gettime64_family),
	CLOCK64_APIS("clock-getres-time64-", clock_getres_time64_family),
#endif
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

/* Lower case, '_' as '-': how a name is compared for a suggestion. */
static char fold(char c)
{
	return c == '_' ? '-' : (char)tolower((unsigned char)c);
}

/* Levenshtein distance after fold(), both strings capped at 63 characters. */
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
			size_t best = diag + (fold(a[i - 1]) != fold(b[j - 1]));
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

/* Does @hay contain @needle (after fold())? */
static bool contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++) {
		size_t k = 0;
		while (k < n && hay[k] && fold(hay[k]) == fold(needle[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

/* Starts @hay with the @len first characters of @prefix (after fold())? */
static bool starts_with(const char *hay, const char *prefix, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (!hay[k] || fold(hay[k]) != fold(prefix[k]))
			return false;
	return true;
}

/*
 * closest_name - for a "did you mean" hint, among @names[0..n-1]: the
 * name equal to @name but for case and '_' versus '-' (which never count);
 * else, for @name of 3 characters or more, the first name that ends in
 * @name, else the first that contains it; else the first name that
 * @name begins with ("benchmark": bench); else the first
 * with @name's part up to its last '-' as prefix and containing its last
 * word ("clock-gettime-raw": clock-gettime-monotonic-raw); else the nearest
 * by edit distance, if within max(1, min(4, a third of @name's length)).
 * Names longer than 63 characters get no suggestion.
 * Return: one of @names, or NULL.
 */
static const char *closest_name(const char *name, const char *const *names, size_t n)
{
	const char *last_word = strrchr(name, '-');
	size_t len = strlen(name), best_d = len / 3 > 1 ? len / 3 + 1 : 2;

	if (best_d > 5)			/* at most 4 edits, however long the name */
		best_d = 5;
	const char *best = NULL;

	for (size_t i = 0; i < n; i++)		/* the same but for case and '_' */
		if (strlen(names[i]) == len && starts_with(names[i], name, len))
			return names[i];
	if (len > 63)			/* nothing is that long: no guess */
		return NULL;
	for (size_t i = 0; len >= 3 && i < n; i++) {	/* the end of a name: "cpu" */
		size_t l = strlen(names[i]);
		if (l > len && starts_with(names[i] + l - len, name, len))
			return names[i];
	}
	for (size_t i = 0; len >= 3 && i < n; i++)	/* a part of a name */
		if (contains(names[i], name))
			return names[i];
	for (size_t i = 0; i < n; i++)	/* a name and more: "benchmark" */
		if (strlen(names[i]) >= 3 && starts_with(name, names[i], strlen(names[i])))
			return names[i];
	if (last_word && strlen(last_word) >= 4)	/* "clock-gettime-raw" */
		for (size_t i = 0; i < n; i++)
			if (starts_with(names[i], name, (size_t)(last_word - name) + 1) &&
			    contains(names[i], last_word))
				return names[i];
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(name, names[i]);
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	return best;
}

const char *api_suggest(const char *name)
{
	static const char *names[128];
	static size_t n;

	if (!n) {
		for (size_t i = 0; i < api_count && n < 124; i++)
			names[n++] = api_table[i].name;
		names[n++] = "all";
		names[n++] = "list-apis";
		names[n++] = "list-test-types";
		names[n++] = "info";
	}
	return closest_name(name, names, n);
}

const char *test_type_suggest(const char *name)
{
	return closest_name(name, (const char *const *)test_type_names, NR_TEST_TYPES);
}

bool api_unsupported_by_kernel(const struct api *api)
{
	struct timespec ts;

	return (api->flags & CLK_AUX) &&
	       syscall(SYS_clock_getres, api->clock_id, &ts) == -1 && errno == EINVAL;
}

bool api_unsupported(const struct api *api)
{
	struct timespec ts;
	bool getres = api->family == &clock_getres_family;

#ifdef SYS_clock_gettime64
	getres = getres || api->family == &clock_getres_time64_family;
#endif

	if (api->clock_id < 0)
		return false;
	long r = syscall(getres ? SYS_clock_getres : SYS_clock_gettime, api->clock_id, &ts);
	return r == -1 && (errno == EINVAL || ((api->flags & CLK_AUX) && errno == ENODEV));
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
	case TEST_VERIFY: return verify_api(api, run);
	case TEST_ABI:    return f->abi(api, run);
	default:          return STATUS_USAGE;
	}
}
