// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the JSON reader (src/lib/json.c): every kind of value, escapes,
 * and malformed input refused with the right place (line, column, byte
 * offset) and reason.
 */
#include "config.h"

#include <string.h>

#include "lib/json.h"
#include "tap.h"

static struct json *parse(const char *text, struct json_error *err)
{
	return json_parse(text, strlen(text), err);
}

static void test_values(void)
{
	struct json_error err;
	struct json *j = parse(" {\"a\": [1, -2.5e1, 0, true, false, null], \"b\": {\"c\": \"x\"},\n"
			       "\"d\": 0.125, \"e\": [], \"f\": {}}\n", &err);

	if (!ok(j != NULL, "a document with every kind of value parses (%s)", j ? "" : err.message))
		return;
	const struct json *a = json_get(j, "a");
	ok(j->type == JSON_OBJECT && j->count == 5, "an object of 5 members");
	ok(a && a->type == JSON_ARRAY && a->count == 6, "an array of 6 elements");
	ok(a && a->items[0].number == 1 && a->items[1].number == -25 && a->items[2].number == 0,
	   "numbers: 1, -2.5e1, 0");
	ok(a && a->items[3].type == JSON_TRUE && a->items[4].type == JSON_FALSE &&
	   a->items[5].type == JSON_NULL, "true, false, null");
	const struct json *c = json_get(json_get(j, "b"), "c");
	ok(c && c->type == JSON_STRING && strcmp(c->string, "x") == 0, "a nested string member");
	ok(json_get(j, "d") && json_get(j, "d")->number == 0.125, "a fraction");
	ok(json_get(j, "e")->count == 0 && json_get(j, "f")->count == 0 &&
	   json_get(j, "f")->type == JSON_OBJECT, "empty array and object");
	ok(!json_get(j, "zz") && !json_get(a, "a"), "json_get: a missing member, a non-object");
	json_free(j);

	j = parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u0041\\u00e9\\u20ac\\ud83d\\ude00\"", &err);
	ok(j && j->type == JSON_STRING &&
	   strcmp(j->string, "q\" b\\ s/ \b\f\n\r\t A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == 0,
	   "string escapes, \\u to UTF-8, a surrogate pair");
	json_free(j);
	j = parse("  42  ", &err);
	ok(j && j->type == JSON_NUMBER && j->number == 42, "a bare number with blanks around");
	json_free(j);
	ok(strcmp(json_type_name(JSON_OBJECT), "object") == 0, "json_type_name");
}

/* @text must fail at @line:@column with a message containing @msg. */
static void bad(const char *text, size_t line, size_t column, const char *msg)
{
	struct json_error err;
	struct json *j = parse(text, &err);

	ok(!j && err.line == line && err.column == column && strstr(err.message, msg),
	   "refused at %zu:%zu with '%s' (got %s, %zu:%zu '%s')", line, column, msg,
	   j ? "a tree" : "NULL", err.line, err.column, err.message);
	json_free(j);
}

static void test_malformed(void)
{
	bad("", 1, 1, "expected a value, not the end");
	bad("{", 1, 2, "expected a '\"'");
	bad("{\"a\": 1,}", 1, 9, "expected a '\"'");
	bad("[1, 2,]", 1, 7, "expected a value, not ']'");
	bad("[1 2]", 1, 4, "expected ',' or ']'");
	bad("{\"a\" 1}", 1, 6, "expected ':'");
	bad("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'");
	bad("{\"a\": 1,\n \"a\": 2}", 2, 2, "duplicate member");
	bad("[01]", 1, 3, "leading zero");
	bad("[+1]", 1, 2, "expected a value, not '+'");
	bad("[1.]", 1, 4, "expected a digit");
	bad("[.5]", 1, 2, "expected a value");
	bad("[1e]", 1, 4, "expected a digit");
	bad("[-]", 1, 3, "expected a digit");
	bad("[1e999]", 1, 2, "out of the range");
	bad("[tru]", 1, 2, "unexpected 't'");
	bad("[nul", 1, 2, "unexpected 'n'");
	bad("\"abc", 1, 5, "without its closing");
	bad("\"a\tb\"", 1, 3, "control characters");
	bad("[\"ab\x80\"]", 1, 5, "byte 0x80 in a string is not UTF-8");
	bad("\n\"\xc0\xaf\"", 2, 2, "byte 0xc0 in a string is not UTF-8");	/* overlong */
	bad("\"\xed\xa0\x80\"", 1, 2, "not UTF-8");	/* a surrogate */
	bad("\"\xf4\x90\x80\x80\"", 1, 2, "not UTF-8");	/* above U+10FFFF */
	bad("\"\xe2\x82\"", 1, 2, "not UTF-8");	/* truncated */
	bad("\"a\\x\"", 1, 4, "unknown escape '\\x'");
	bad("\"\\u12g4\"", 1, 6, "hex digit");
	bad("\"\\ud800\"", 1, 2, "without its low half");
	bad("\"\\udc00\"", 1, 2, "lone low surrogate");
	bad("\"\\u0000\"", 1, 2, "\\u0000");
	bad("{} x", 1, 4, "'x' after the value");
	bad("[1]\n\n  ]", 3, 3, "']' after the value");
	bad("// c\n1", 1, 1, "expected a value, not '/'");
	bad("[1,\n2,\n3", 3, 2, "expected ',' or ']' in an array, not the end");

	struct json_error err;
	const char nul[] = "[1,\0 2]";
	ok(!json_parse(nul, sizeof(nul) - 1, &err) && err.offset == 3 &&
	   strstr(err.message, "byte 0x00"), "a NUL byte is refused at its offset (%zu: %s)",
	   err.offset, err.message);

	char deep[80];
	memset(deep, '[', JSON_MAX_DEPTH);
	memset(deep + JSON_MAX_DEPTH, ']', JSON_MAX_DEPTH);
	deep[2 * JSON_MAX_DEPTH] = '\0';
	struct json *j = parse(deep, &err);
	ok(j != NULL, "%d nested arrays parse", JSON_MAX_DEPTH);
	json_free(j);
	memset(deep, '[', JSON_MAX_DEPTH + 1);
	deep[JSON_MAX_DEPTH + 1] = '\0';
	bad(deep, 1, JSON_MAX_DEPTH + 1, "nested deeper");
}

int main(void)
{
	test_values();
	test_malformed();
	return tap_done();
}
