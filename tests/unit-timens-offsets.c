// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the reader of /proc/self/timens_offsets
 * (src/lib/timens_offsets.c) on fixed texts: the kernel's padded lines,
 * clock ids for names, absent and unknown clocks, and malformed lines.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "lib/timens_offsets.h"

static bool is(struct ts64 t, long long sec, long long nsec)
{
	return t.sec == sec && t.nsec == nsec;
}

/* @text parses, to the offsets given. */
static void good(const char *what, const char *text, long long msec, long long mnsec,
		 long long bsec, long long bnsec)
{
	struct timens_offsets o;
	int r = timens_offsets_parse(text, &o);

	ok(r == 0 && is(o.monotonic, msec, mnsec) && is(o.boottime, bsec, bnsec),
	   "%s: monotonic %lld s %lld ns, boottime %lld s %lld ns (got %d: %lld %lld, %lld %lld)",
	   what, msec, mnsec, bsec, bnsec, r, (long long)o.monotonic.sec,
	   (long long)o.monotonic.nsec, (long long)o.boottime.sec, (long long)o.boottime.nsec);
}

/* @text is refused with EINVAL. */
static void bad(const char *what, const char *text)
{
	struct timens_offsets o;

	errno = 0;
	int r = timens_offsets_parse(text, &o);
	ok(r == -1 && errno == EINVAL, "%s: refused with EINVAL (got %d, errno %d)", what, r, errno);
}

static void test_read(void)
{
	struct timens_offsets o, p;
	char text[4096];
	FILE *f = fopen(TIMENS_OFFSETS_PATH, "re");

	if (!f) {
		errno = 0;
		ok(timens_offsets_read(&o) == -1 && errno == ENOENT && is(o.monotonic, 0, 0),
		   "no " TIMENS_OFFSETS_PATH " here: read fails with ENOENT (errno %d)", errno);
		return;
	}
	size_t n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	ok(timens_offsets_parse(text, &p) == 0, TIMENS_OFFSETS_PATH " as read by stdio parses");
	ok(timens_offsets_read(&o) == 0 && memcmp(&o, &p, sizeof(o)) == 0,
	   TIMENS_OFFSETS_PATH ": read gives what the parse of its text gives");
}

int main(void)
{
	good("the kernel's lines", "monotonic           0         0\nboottime            0         0\n",
	     0, 0, 0, 0);
	good("the kernel's lines, offsets set",
	     "monotonic        1000         5\nboottime          -86400 999999999\n",
	     1000, 5, -86400, 999999999);
	good("clock ids", "1 3 4\n7 -2 500000000\n", 3, 4, -2, 500000000);
	good("an absent clock is 0", "boottime 9 1\n", 0, 0, 9, 1);
	good("empty", "", 0, 0, 0, 0);
	good("no final newline", "monotonic 3 4", 3, 4, 0, 0);
	good("an empty line", "monotonic 3 4\n\nboottime 5 6\n", 3, 4, 5, 6);
	good("tabs", "\tmonotonic\t3\t4\t\n", 3, 4, 0, 0);
	good("another clock id is left aside", "0 5 6\n11 5 6\n17 5 6\nrealtime 5 6\n", 0, 0, 0, 0);
	good("an id's prefix is not the id (71, 1x)", "71 5 6\n1x 5 6\n", 0, 0, 0, 0);
	good("the later line wins", "1 3 4\nmonotonic 5 6\n", 5, 6, 0, 0);
	good("sec past 2^32", "boottime 8589934592 0\n", 0, 0, 8589934592LL, 0);
	bad("two fields", "monotonic 1\n");
	bad("four fields", "monotonic 1 2 3\n");
	bad("nsec 1e9", "monotonic 1 1000000000\n");
	bad("nsec -1", "boottime 1 -1\n");
	bad("a number with a suffix", "monotonic 1s 0\n");
	bad("not a number", "boottime one 0\n");
	bad("sec past int64", "monotonic 9223372036854775808 0\n");
	bad("a bad line after a good one", "monotonic 1 2\nboottime x\n");
	test_read();
	return tap_done();
}
