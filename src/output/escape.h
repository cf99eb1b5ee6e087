/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The escapers: one per kind of output a string goes into (JSON, CSV, a
 * terminal line).  Every module that prints a string it did not write
 * itself goes through one of these.
 */
#ifndef VDSOTEST_ESCAPE_H
#define VDSOTEST_ESCAPE_H

#include <stdio.h>

/* escape_json()'s flags. */
enum escape_json_flags {
	/* every byte of 0x80 and above as \u00XX too (any bytes give valid JSON) */
	ESCAPE_JSON_ASCII = 1 << 0,
};

/*
 * escape_json - @s on @out as a JSON string (RFC 8259, section 7): in
 * quotes, with '"' and '\\' escaped by a backslash and control characters
 * and DEL as \u00XX; bytes of 0x80 and above as they are (UTF-8 passes
 * through), or as \u00XX with ESCAPE_JSON_ASCII in @flags.
 */
void escape_json(FILE *out, const char *s, unsigned flags);

/*
 * escape_csv - @s on @out as a CSV field (RFC 4180): as it is, or in
 * double quotes (each '"' doubled) when it holds ',', '"', CR or LF.
 */
void escape_csv(FILE *out, const char *s);

/* report_json_string - escape_json(stdout, @s, 0). */
void report_json_string(const char *s);

/* report_csv_string - escape_csv(stdout, @s). */
void report_csv_string(const char *s);

/*
 * report_vis - @s as it can be shown on one line of a terminal: control
 * characters and non-ASCII bytes as \xHH, cut after 120 bytes with "...".
 * Return: one of three buffers of the calling thread, used in turn (enough
 * for a message).
 */
const char *report_vis(const char *s);

#endif
