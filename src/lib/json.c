// SPDX-License-Identifier: GPL-2.0-or-later
/* A small strict JSON reader; see json.h. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"

struct parser {
	const char *s;
	size_t len, pos;
	struct json_error *err;
	bool failed;
};

__attribute__((format(printf, 2, 3))) static bool fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return false;
	p->failed = true;
	p->err->offset = p->pos;
	p->err->line = 1;
	p->err->column = 1;
	for (size_t i = 0; i < p->pos && i < p->len; i++) {
		if (p->s[i] == '\n') {
			p->err->line++;
			p->err->column = 1;
		} else {
			p->err->column++;
		}
	}
	va_start(ap, fmt);
	vsnprintf(p->err->message, sizeof(p->err->message), fmt, ap);
	va_end(ap);
	return false;
}

/* The byte at the current position, or -1 at the end. */
static int peek(const struct parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static void skip_space(struct parser *p)
{
	while (p->pos < p->len && strchr(" \t\n\r", p->s[p->pos]) && p->s[p->pos])
		p->pos++;
}

/* A description of the byte at the current position, for messages. */
static const char *what(const struct parser *p)
{
	static char buf[24];
	int c = peek(p);

	if (c < 0)
		return "the end of the text";
	if (c >= 0x21 && c < 0x7f)
		snprintf(buf, sizeof(buf), "'%c'", c);
	else
		snprintf(buf, sizeof(buf), "byte 0x%02x", (unsigned)c);
	return buf;
}

static bool parse_value(struct parser *p, struct json *out, unsigned depth);

static bool literal(struct parser *p, const char *word, enum json_type t, struct json *out)
{
	size_t n = strlen(word);

	if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0)
		return fail(p, "unexpected %s", what(p));
	p->pos += n;
	out->type = t;
	return true;
}

static bool digits(struct parser *p)
{
	size_t start = p->pos;

	while (peek(p) >= '0' && peek(p) <= '9')
		p->pos++;
	return p->pos > start || fail(p, "expected a digit, not %s", what(p));
}

static bool parse_number(struct parser *p, struct json *out)
{
	size_t start = p->pos;
	char buf[64];

	if (peek(p) == '-')
		p->pos++;
	if (peek(p) == '0') {
		p->pos++;
		if (peek(p) >= '0' && peek(p) <= '9')
			return fail(p, "a number with a leading zero");
	} else if (!digits(p)) {
		return false;
	}
	if (peek(p) == '.') {
		p->pos++;
		if (!digits(p))
			return false;
	}
	if (peek(p) == 'e' || peek(p) == 'E') {
		p->pos++;
		if (peek(p) == '+' || peek(p) == '-')
			p->pos++;
		if (!digits(p))
			return false;
	}
	if (p->pos - start >= sizeof(buf)) {
		p->pos = start;
		return fail(p, "a number of more than %zu characters", sizeof(buf) - 1);
	}
	memcpy(buf, p->s + start, p->pos - start);
	buf[p->pos - start] = '\0';
	out->type = JSON_NUMBER;
	out->number = strtod(buf, NULL);
	if (isinf(out->number)) {
		p->pos = start;
		return fail(p, "a number out of the range of a double");
	}
	return true;
}

static int hex4(struct parser *p)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		int c = peek(p), d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return fail(p, "expected a hex digit in a \\u escape, not %s", what(p)), -1;
		v = v * 16 + (unsigned)d;
		p->pos++;
	}
	return (int)v;
}

/* A \u escape (after the "\u") as UTF-8 into @buf; returns its length or 0. */
static size_t unicode_escape(struct parser *p, char *buf)
{
	size_t at = p->pos - 2;
	int u = hex4(p), lo;

	if (u < 0)
		return 0;
	if (u >= 0xdc00 && u <= 0xdfff)
		return p->pos = at, fail(p, "a lone low surrogate escape"), 0;
	if (u >= 0xd800 && u <= 0xdbff) {
		if (p->len - p->pos < 2 || memcmp(p->s + p->pos, "\\u", 2) != 0)
			return p->pos = at, fail(p, "a high surrogate escape without its low half"),
			       0;
		p->pos += 2;
		if ((lo = hex4(p)) < 0)
			return 0;
		if (lo < 0xdc00 || lo > 0xdfff)
			return p->pos = at, fail(p, "a high surrogate escape without its low half"),
			       0;
		u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (u == 0)
		return p->pos = at, fail(p, "\\u0000 in a string"), 0;
	if (u < 0x80) {
		buf[0] = (char)u;
		return 1;
	}
	if (u < 0x800) {
		buf[0] = (char)(0xc0 | u >> 6);
		buf[1] = (char)(0x80 | (u & 0x3f));
		return 2;
	}
	if (u < 0x10000) {
		buf[0] = (char)(0xe0 | u >> 12);
		buf[1] = (char)(0x80 | (u >> 6 & 0x3f));
		buf[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	}
	buf[0] = (char)(0xf0 | u >> 18);
	buf[1] = (char)(0x80 | (u >> 12 & 0x3f));
	buf[2] = (char)(0x80 | (u >> 6 & 0x3f));
	buf[3] = (char)(0x80 | (u & 0x3f));
	return 4;
}

/* A string after its opening quote; the result is malloc()ed into *@out. */
/*
 * The length of the well-formed UTF-8 sequence at @s (@n bytes left; the
 * first byte 0x80 or above), or 0: a stray continuation byte, a truncated
 * or overlong sequence, a surrogate or a code point above U+10FFFF.
 */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
	unsigned u;

	if (!len || len > n || s[0] >= 0xf5)
		return 0;
	u = s[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		u = u << 6 | (s[i] & 0x3f);
	}
	if ((len == 2 && u < 0x80) || (len == 3 && u < 0x800) || (len == 4 && u < 0x10000) ||
	    (u >= 0xd800 && u <= 0xdfff) || u > 0x10ffff)
		return 0;
	return len;
}

static bool parse_string(struct parser *p, char **out)
{
	size_t start = p->pos, n = 0;
	char *s;

	/* Unescaped, a string never grows: its raw length is enough room. */
	while (p->pos < p->len && p->s[p->pos] != '"')
		p->pos += p->s[p->pos] == '\\' && p->pos + 1 < p->len ? 2 : 1;
	if (!(s = malloc(p->pos - start + 1)))
		return fail(p, "out of memory");
	p->pos = start;
	for (;;) {
		int c = peek(p);
		if (c < 0) {
			free(s);
			return fail(p, "a string without its closing '\"'");
		}
		if (c == '"')
			break;
		if (c < 0x20) {
			free(s);
			return fail(p, "%s in a string (control characters must be escaped)",
				    what(p));
		}
		if (c >= 0x80) {
			size_t k = utf8_len((const unsigned char *)p->s + p->pos, p->len - p->pos);
			if (!k) {
				free(s);
				return fail(p, "%s in a string is not UTF-8", what(p));
			}
			memcpy(s + n, p->s + p->pos, k);
			n += k;
			p->pos += k;
			continue;
		}
		p->pos++;
		if (c != '\\') {
			s[n++] = (char)c;
			continue;
		}
		const char *esc = strchr("\"\\/bfnrtu", peek(p));
		if (peek(p) <= 0 || !esc) {
			free(s);
			return fail(p, "an unknown escape '\\%c' in a string",
				    peek(p) > 0x20 && peek(p) < 0x7f ? peek(p) : '?');
		}
		p->pos++;
		if (*esc == 'u') {
			size_t k = unicode_escape(p, s + n);
			if (!k) {
				free(s);
				return false;
			}
			n += k;
		} else {
			s[n++] = "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrtu"];
		}
	}
	p->pos++;
	s[n] = '\0';
	*out = s;
	return true;
}

/* Append a zeroed element to @j's items (and a key slot for an object). */
static struct json *grow(struct parser *p, struct json *j)
{
	struct json *items = realloc(j->items, (j->count + 1) * sizeof(*items));

	if (!items)
		return fail(p, "out of memory"), NULL;
	j->items = items;
	if (j->type == JSON_OBJECT) {
		char **keys = realloc(j->keys, (j->count + 1) * sizeof(*keys));
		if (!keys)
			return fail(p, "out of memory"), NULL;
		j->keys = keys;
		j->keys[j->count] = NULL;
	}
	memset(&j->items[j->count], 0, sizeof(*items));
	return &j->items[j->count++];
}

static bool parse_array(struct parser *p, struct json *out, unsigned depth)
{
	out->type = JSON_ARRAY;
	skip_space(p);
	if (peek(p) == ']')
		return p->pos++, true;
	for (;;) {
		struct json *item = grow(p, out);
		if (!item || !parse_value(p, item, depth + 1))
			return false;
		skip_space(p);
		if (peek(p) == ']')
			return p->pos++, true;
		if (peek(p) != ',')
			return fail(p, "expected ',' or ']' in an array, not %s", what(p));
		p->pos++;
	}
}

static bool parse_member(struct parser *p, struct json *obj, unsigned depth)
{
	size_t at;
	char *key;

	skip_space(p);
	at = p->pos;
	if (peek(p) != '"')
		return fail(p, "expected a '\"' to start a member name, not %s", what(p));
	p->pos++;
	if (!parse_string(p, &key))
		return false;
	if (json_get(obj, key)) {
		p->pos = at;
		free(key);
		return fail(p, "a duplicate member name");
	}
	struct json *v = grow(p, obj);
	if (!v) {
		free(key);
		return false;
	}
	obj->keys[obj->count - 1] = key;
	skip_space(p);
	if (peek(p) != ':')
		return fail(p, "expected ':' after a member name, not %s", what(p));
	p->pos++;
	return parse_value(p, v, depth + 1);
}

static bool parse_object(struct parser *p, struct json *out, unsigned depth)
{
	out->type = JSON_OBJECT;
	skip_space(p);
	if (peek(p) == '}')
		return p->pos++, true;
	for (;;) {
		if (!parse_member(p, out, depth))
			return false;
		skip_space(p);
		if (peek(p) == '}')
			return p->pos++, true;
		if (peek(p) != ',')
			return fail(p, "expected ',' or '}' in an object, not %s", what(p));
		p->pos++;
	}
}

static bool parse_value(struct parser *p, struct json *out, unsigned depth)
{
	int c;

	skip_space(p);
	c = peek(p);
	if ((c == '[' || c == '{') && depth >= JSON_MAX_DEPTH)
		return fail(p, "nested deeper than %d", JSON_MAX_DEPTH);
	switch (c) {
	case '{':
		p->pos++;
		return parse_object(p, out, depth);
	case '[':
		p->pos++;
		return parse_array(p, out, depth);
	case '"':
		p->pos++;
		out->type = JSON_STRING;
		return parse_string(p, &out->string);
	case 't':
		return literal(p, "true", JSON_TRUE, out);
	case 'f':
		return literal(p, "false", JSON_FALSE, out);
	case 'n':
		return literal(p, "null", JSON_NULL, out);
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return parse_number(p, out);
		return fail(p, "expected a value, not %s", what(p));
	}
}

static void free_members(struct json *j)
{
	for (size_t i = 0; i < j->count; i++) {
		free_members(&j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->string);
}

void json_free(struct json *j)
{
	if (j) {
		free_members(j);
		free(j);
	}
}

struct json *json_parse(const char *text, size_t len, struct json_error *err)
{
	struct parser p = { text, len, 0, err, false };
	struct json *j = calloc(1, sizeof(*j));

	memset(err, 0, sizeof(*err));
	if (!j) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		return NULL;
	}
	if (parse_value(&p, j, 0)) {
		skip_space(&p);
		if (p.pos < p.len)
			fail(&p, "%s after the value", what(&p));
	}
	if (p.failed) {
		json_free(j);
		return NULL;
	}
	return j;
}

const struct json *json_get(const struct json *j, const char *key)
{
	if (!j || j->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < j->count; i++)
		if (j->keys[i] && strcmp(j->keys[i], key) == 0)
			return &j->items[i];
	return NULL;
}

const char *json_type_name(enum json_type t)
{
	static const char *const names[] = {
		"null", "false", "true", "number", "string", "array", "object",
	};
	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] : "?";
}
