// SPDX-License-Identifier: GPL-2.0-or-later
/* The escapers; see escape.h. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/escape.h"

void escape_json(FILE *out, const char *s, unsigned flags)
{
	unsigned char last = flags & ESCAPE_JSON_ASCII ? 0x7e : 0xff;

	putc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c == 0x7f || c > last)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

void escape_csv(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	putc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', out);
		putc(*s, out);
	}
	putc('"', out);
}

void report_json_string(const char *s)
{
	escape_json(stdout, s, 0);
}

void report_csv_string(const char *s)
{
	escape_csv(stdout, s);
}

const char *report_vis(const char *s)
{
	/* three buffers used in turn: a message may show three strings;
	 * each thread its own (verify's threads name vDSO symbols) */
	static _Thread_local struct {
		char buf[3][512];
		unsigned turn;
	} vis;
	char *buf = vis.buf[vis.turn++ % 3], *p = buf;

	for (size_t i = 0; s[i] && p < buf + 490; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 120) {
			p += sprintf(p, "...");
			break;
		}
		if (c < 0x20 || c >= 0x7f)
			p += sprintf(p, "\\x%02x", c);
		else
			*p++ = (char)c;
	}
	*p = '\0';
	return buf;
}
