// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the escapers (src/output/escape.c): JSON strings as RFC
 * 8259 section 7 writes them, read back by the JSON reader (src/lib/json.c,
 * separate code); CSV fields as RFC 4180 quotes them; report_vis()'s
 * terminal form.  The module links alone: it calls nothing above lib/.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "output/escape.h"
#include "tap.h"

/* What escape_json() or escape_csv() (@json false) writes for @s, malloc'd. */
static char *escaped(const char *s, bool json, unsigned flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	if (json)
		escape_json(f, s, flags);
	else
		escape_csv(f, s);
	fclose(f);
	return buf;
}

static bool escapes_to(const char *s, bool json, unsigned flags, const char *want)
{
	char *got = escaped(s, json, flags);
	bool same = strcmp(got, want) == 0;

	if (!same)
		printf("# got  %s\n# want %s\n", got, want);
	free(got);
	return same;
}

static void test_json(void)
{
	char all[256];

	ok(escapes_to("plain text", true, 0, "\"plain text\""), "json: plain text in quotes");
	ok(escapes_to("a\"b\\c", true, 0, "\"a\\\"b\\\\c\""), "json: quote and backslash");
	ok(escapes_to("t\tn\n\x01\x1f\x7f", true, 0, "\"t\\u0009n\\u000a\\u0001\\u001f\\u007f\""),
	   "json: control characters and DEL as \\u00XX");
	ok(escapes_to("\xc3\xa9", true, 0, "\"\xc3\xa9\""), "json: UTF-8 passes through");
	ok(escapes_to("\xc3\xa9~", true, ESCAPE_JSON_ASCII, "\"\\u00c3\\u00a9~\""),
	   "json, ASCII only: bytes of 0x80 and above as \\u00XX");
	ok(escapes_to("", true, 0, "\"\""), "json: the empty string");

	/* every byte from 1 to 0x7f, read back by the JSON reader */
	for (int i = 1; i < 0x80; i++)
		all[i - 1] = (char)i;
	all[0x7f] = '\0';
	char *text = escaped(all, true, 0);
	struct json_error err;
	struct json *j = json_parse(text, strlen(text), &err);
	ok(j && j->type == JSON_STRING && strcmp(j->string, all) == 0,
	   "json: bytes 0x01-0x7f read back the same by the JSON reader");
	json_free(j);
	free(text);

	/* ASCII only: any bytes give printable ASCII */
	for (int i = 1; i < 256; i++)
		all[i - 1] = (char)i;
	all[255] = '\0';
	text = escaped(all, true, ESCAPE_JSON_ASCII);
	bool printable = true;
	for (const char *p = text; *p; p++)
		printable &= *p >= 0x20 && *p < 0x7f;
	j = json_parse(text, strlen(text), &err);
	ok(printable && j && j->type == JSON_STRING,
	   "json, ASCII only: bytes 0x01-0xff give printable ASCII and a JSON string");
	json_free(j);
	free(text);
}

static void test_csv(void)
{
	ok(escapes_to("No such device", false, 0, "No such device"), "csv: a plain field as it is");
	ok(escapes_to("a,b", false, 0, "\"a,b\""), "csv: a comma quotes the field");
	ok(escapes_to("say \"x\"", false, 0, "\"say \"\"x\"\"\""), "csv: quotes doubled");
	ok(escapes_to("l1\nl2", false, 0, "\"l1\nl2\"") && escapes_to("c\r", false, 0, "\"c\r\""),
	   "csv: LF and CR quote the field");
	ok(escapes_to("", false, 0, ""), "csv: the empty field");
}

static void test_vis(void)
{
	char long_s[300];

	ok(strcmp(report_vis("ok"), "ok") == 0, "vis: printable ASCII as it is");
	ok(strcmp(report_vis("a\nb\x7f\xc3"), "a\\x0ab\\x7f\\xc3") == 0,
	   "vis: control characters, DEL and non-ASCII as \\xHH");
	memset(long_s, 'x', sizeof(long_s) - 1);
	long_s[sizeof(long_s) - 1] = '\0';
	const char *v = report_vis(long_s);
	ok(strlen(v) == 123 && strcmp(v + 120, "...") == 0, "vis: cut after 120 bytes with ...");
	const char *a = report_vis("first"), *b = report_vis("second"), *c = report_vis("third");
	ok(strcmp(a, "first") == 0 && strcmp(b, "second") == 0 && strcmp(c, "third") == 0,
	   "vis: three results at once stay valid");
}

int main(void)
{
	test_json();
	test_csv();
	test_vis();
	return tap_done();
}
