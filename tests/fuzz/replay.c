// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Replay a fuzz target's corpus without libFuzzer (make check, any
 * compiler): every file of the directories given as arguments, or else of
 * $srcdir/tests/corpus/FUZZ_CORPUS, goes through LLVMFuzzerTestOneInput()
 * once.  A crash or an abort() ends the test (a sanitizer build also
 * catches out-of-bounds reads).  Output: TAP, one line per file.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "tap.h"

/* Read all of @path into a malloc'ed buffer; NULL on error. */
static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			unsigned char *bigger = realloc(buf, cap = cap ? 2 * cap : 4096);
			if (!bigger) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = bigger;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replay every regular file of @dir, in name order. */
static void replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;

	if (!ok(d != NULL, "corpus %s opened", dir))
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char **more = realloc(names, (n + 1) * sizeof(*names));
		if (!more || !(more[n] = strdup(e->d_name)))
			abort();
		names = more;
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	ok(n > 0, "corpus %s has %zu inputs", dir, n);
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		size_t size = 0;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unsigned char *data = slurp(path, &size);
		if (ok(data != NULL, "%s: read", names[i])) {
			LLVMFuzzerTestOneInput(data, size);
			ok(true, "%s: %zu bytes replayed", names[i], size);
		}
		free(data);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			replay_dir(argv[i]);
	} else {
		const char *srcdir = getenv("srcdir");
		char dir[4096];

		snprintf(dir, sizeof(dir), "%s/tests/corpus/%s", srcdir ? srcdir : ".", FUZZ_CORPUS);
		replay_dir(dir);
	}
	return tap_done();
}
