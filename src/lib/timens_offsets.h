/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The offsets of this process's time namespace, from
 * /proc/self/timens_offsets (Linux 5.6; proc(5), time_namespaces(7)).
 * The file holds one line per clock a time namespace offsets:
 * "<clock> <sec> <nsec>", the clock by name ("monotonic", "boottime") or
 * by clock id (1, 7); the kernel writes the names, padded with spaces
 * (kernel/time/namespace.c).  The offset is sec + nsec / 1e9 seconds:
 * sec may be negative, nsec is 0..999999999.  A clock without a line has
 * offset 0.
 */
#ifndef VDSOTEST_TIMENS_OFFSETS_H
#define VDSOTEST_TIMENS_OFFSETS_H

#include "lib/timespec.h"

/* The file's path. */
#define TIMENS_OFFSETS_PATH "/proc/self/timens_offsets"

/* The offsets of the two clocks a time namespace moves. */
struct timens_offsets {
	struct ts64 monotonic; /* CLOCK_MONOTONIC (and _RAW, _COARSE) */
	struct ts64 boottime;  /* CLOCK_BOOTTIME (and _ALARM) */
};

/*
 * timens_offsets_parse - the offsets in @text, the file's contents (a
 * string).  Lines of another clock are left aside (none today); a line
 * not of three fields, or with a number that is not a whole decimal
 * integer (sec in int64_t, nsec 0..999999999), makes it fail.
 * Return: 0, @out filled (0 for a clock without a line); -1 with errno
 * EINVAL, @out filled with what came before the bad line.
 */
int timens_offsets_parse(const char *text, struct timens_offsets *out);

/*
 * timens_offsets_read - the offsets of the calling process's time
 * namespace, read from TIMENS_OFFSETS_PATH and parsed as
 * timens_offsets_parse().
 * Return: 0, @out filled; -1 with errno, @out all 0: from open(2) or
 * read(2) (ENOENT: no /proc, or a kernel without time namespaces, before
 * 5.6 or without CONFIG_TIME_NS), EFBIG for a file longer than 4 KiB, or
 * EINVAL from the parse.
 */
int timens_offsets_read(struct timens_offsets *out);

#endif
