/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small, strict JSON reader (RFC 8259) for vdsotest's own documents, as
 * read back by "vdsotest compare".  The whole text becomes a tree; any
 * deviation from the grammar is an error with its place.
 *
 * Strict: no comments, no trailing commas, no leading zeros or '+', no bare
 * control characters in strings, no text after the value, no duplicate
 * keys in an object, no "\u0000" and no lone surrogate escapes, and strings
 * must be well-formed UTF-8 (no overlong forms, surrogates or code points
 * above U+10FFFF).
 * Nesting is limited to JSON_MAX_DEPTH arrays and objects.
 */
#ifndef VDSOTEST_JSON_H
#define VDSOTEST_JSON_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 32

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
};

struct json {
	enum json_type type;
	double number;	    /* JSON_NUMBER (strtod(3) of the text) */
	char *string;	    /* JSON_STRING: unescaped, NUL-terminated */
	size_t count;	    /* JSON_ARRAY, JSON_OBJECT: elements or members */
	struct json *items; /* their values, in document order */
	char **keys;	    /* JSON_OBJECT: the member names */
};

/* Where and why json_parse() failed. */
struct json_error {
	size_t offset;	  /* byte offset of the error, from 0 */
	size_t line;	  /* from 1 */
	size_t column;	  /* from 1, in bytes */
	char message[96]; /* e.g. "expected ',' or '}' in an object" */
};

/*
 * json_parse - parse the @len bytes at @text (no NUL needed; a NUL byte is
 * an error) as one JSON value.
 * Return: the tree (free with json_free()); or NULL with @err filled (also
 * for running out of memory: message "out of memory").
 */
struct json *json_parse(const char *text, size_t len, struct json_error *err);

/* json_free - free a tree from json_parse(); NULL is allowed. */
void json_free(struct json *j);

/* json_get - the value of member @key of object @j; NULL if @j is no object or lacks it. */
const struct json *json_get(const struct json *j, const char *key);

/* json_type_name - "null", "false", "true", "number", "string", "array" or "object". */
const char *json_type_name(enum json_type t);

#endif
