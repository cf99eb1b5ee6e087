// SPDX-License-Identifier: GPL-2.0-or-later
/* "Did you mean": the API name or TEST-TYPE closest to a wrong one; see suggest.h. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "cli/suggest.h"
#include "core/api.h"
#include "families/apis.h"

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

	if (best_d > 5) /* at most 4 edits, however long the name */
		best_d = 5;
	const char *best = NULL;

	for (size_t i = 0; i < n; i++) /* the same but for case and '_' */
		if (strlen(names[i]) == len && starts_with(names[i], name, len))
			return names[i];
	if (len > 63) /* nothing is that long: no guess */
		return NULL;
	for (size_t i = 0; len >= 3 && i < n; i++) { /* the end of a name: "cpu" */
		size_t l = strlen(names[i]);
		if (l > len && starts_with(names[i] + l - len, name, len))
			return names[i];
	}
	for (size_t i = 0; len >= 3 && i < n; i++) /* a part of a name */
		if (contains(names[i], name))
			return names[i];
	for (size_t i = 0; i < n; i++) /* a name and more: "benchmark" */
		if (strlen(names[i]) >= 3 && starts_with(name, names[i], strlen(names[i])))
			return names[i];
	if (last_word && strlen(last_word) >= 4) /* "clock-gettime-raw" */
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
	const char *names[NR_TEST_TYPES];

	for (int t = 0; t < NR_TEST_TYPES; t++)
		names[t] = test_type_name((enum test_type)t);
	return closest_name(name, names, NR_TEST_TYPES);
}
