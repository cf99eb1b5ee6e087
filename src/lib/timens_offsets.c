// SPDX-License-Identifier: GPL-2.0-or-later
/* The time namespace offsets of /proc/self/timens_offsets; see timens_offsets.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/timens_offsets.h"

/* The ids of the clocks (clock_gettime(2), <linux/time.h>), spelt as the file may. */
#define CLOCK_ID_MONOTONIC 1
#define CLOCK_ID_BOOTTIME 7

/* A whole decimal integer from *@p (after blanks) into @v; false if none. */
static bool parse_int(const char **p, long long *v)
{
	const char *s = *p;
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '\n')
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	if (end == s || errno == ERANGE || (*end && *end != ' ' && *end != '\t' && *end != '\n'))
		return false;
	*p = end;
	return true;
}

/* Which offset the clock field @name (@len bytes) names; NULL for another clock. */
static struct ts64 *clock_of(struct timens_offsets *o, const char *name, size_t len)
{
	long long id;
	const char *p = name;

	if (len == strlen("monotonic") && memcmp(name, "monotonic", len) == 0)
		return &o->monotonic;
	if (len == strlen("boottime") && memcmp(name, "boottime", len) == 0)
		return &o->boottime;
	if (parse_int(&p, &id) && p == name + len)
		return id == CLOCK_ID_MONOTONIC	 ? &o->monotonic
		       : id == CLOCK_ID_BOOTTIME ? &o->boottime
						 : NULL;
	return NULL;
}

int timens_offsets_parse(const char *text, struct timens_offsets *out)
{
	const char *line = text;

	memset(out, 0, sizeof(*out));
	while (*line) {
		const char *p = line, *name;
		long long sec, nsec;
		size_t len;

		while (*p == ' ' || *p == '\t')
			p++;
		name = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
		len = (size_t)(p - name);
		if (len == 0 && (*p == '\n' || !*p)) { /* an empty line */
			line = *p ? p + 1 : p;
			continue;
		}
		if (!parse_int(&p, &sec) || !parse_int(&p, &nsec) || nsec < 0 || nsec > 999999999)
			goto bad;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p && *p != '\n')
			goto bad;
		struct ts64 *t = clock_of(out, name, len);
		if (t)
			*t = (struct ts64){ sec, nsec };
		line = *p ? p + 1 : p;
	}
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

int timens_offsets_read(struct timens_offsets *out)
{
	char text[4097];
	size_t got = 0;
	ssize_t n;
	int fd, err;

	memset(out, 0, sizeof(*out));
	if ((fd = open(TIMENS_OFFSETS_PATH, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	while (got < sizeof(text) - 1 && (n = read(fd, text + got, sizeof(text) - 1 - got)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = errno;
			close(fd);
			errno = err;
			return -1;
		}
		got += (size_t)n;
	}
	close(fd);
	if (got == sizeof(text) - 1) {
		errno = EFBIG;
		return -1;
	}
	text[got] = '\0';
	if (timens_offsets_parse(text, out) != 0) {
		memset(out, 0, sizeof(*out));
		errno = EINVAL;
		return -1;
	}
	return 0;
}
