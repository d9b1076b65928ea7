// SPDX-License-Identifier: BSD-3-Clause
/* hl_json.c - a recursive-descent JSON reader, bounded in depth. */
#define _POSIX_C_SOURCE 200809L	/* strndup */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hl_json.h"

struct reader {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	bool failed;
};

static struct hl_json *parse_value(struct reader *r, int depth);

__attribute__((format(printf, 2, 3)))
static void fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->failed)
		return;
	r->failed = true;
	n = snprintf(r->err, r->errlen, "at byte %zu: ", r->pos);
	if (n < 0 || (size_t)n >= r->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

static void skip_space(struct reader *r)
{
	while (r->pos < r->len && strchr(" \t\r\n", r->s[r->pos]) && r->s[r->pos])
		r->pos++;
}

static bool eat(struct reader *r, char c)
{
	skip_space(r);
	if (r->pos < r->len && r->s[r->pos] == c) {
		r->pos++;
		return true;
	}
	return false;
}

static struct hl_json *node(struct reader *r, enum hl_json_type type)
{
	struct hl_json *j = calloc(1, sizeof(*j));

	if (!j)
		fail(r, "out of memory");
	else
		j->type = type;
	return j;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* \uXXXX: ASCII as itself, anything else as '?' (names here are ASCII) */
static bool unicode_escape(struct reader *r, char *out)
{
	unsigned int v = 0;

	for (int i = 0; i < 4; i++) {
		int d = r->pos < r->len ? hex_digit(r->s[r->pos]) : -1;

		if (d < 0) {
			fail(r, "\\u needs four hex digits");
			return false;
		}
		v = v * 16 + (unsigned int)d;
		r->pos++;
	}
	*out = v && v < 0x80 ? (char)v : '?';
	return true;
}

static bool escape(struct reader *r, char *out)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *p;

	if (r->pos >= r->len) {
		fail(r, "unfinished escape");
		return false;
	}
	if (r->s[r->pos] == 'u') {
		r->pos++;
		return unicode_escape(r, out);
	}
	p = r->s[r->pos] ? strchr(from, r->s[r->pos]) : NULL;
	if (!p) {
		fail(r, "unknown escape \\%c", r->s[r->pos]);
		return false;
	}
	*out = to[p - from];
	r->pos++;
	return true;
}

/* A string after its opening quote; malloc'd, never longer than its source. */
static char *string_body(struct reader *r)
{
	char *out = malloc(r->len - r->pos + 1);
	size_t n = 0;

	if (!out) {
		fail(r, "out of memory");
		return NULL;
	}
	while (r->pos < r->len && r->s[r->pos] != '"') {
		char c = r->s[r->pos++];

		if ((unsigned char)c < 0x20) {
			fail(r, "control character in a string");
			break;
		}
		if (c == '\\' && !escape(r, &c))
			break;
		out[n++] = c;
	}
	if (!r->failed && r->pos >= r->len)
		fail(r, "unterminated string");
	if (r->failed) {
		free(out);
		return NULL;
	}
	r->pos++;
	out[n] = '\0';
	return out;
}

static struct hl_json *parse_string(struct reader *r)
{
	struct hl_json *j = node(r, HL_JSON_STRING);

	if (j && !(j->text = string_body(r))) {
		free(j);
		return NULL;
	}
	return j;
}

static bool is_number(const char *text)
{
	char *end;

	if (!strchr("-0123456789", text[0]))
		return false;
	strtod(text, &end);
	return *end == '\0';
}

/* A number, true, false or null: its text, checked by shape. */
static struct hl_json *parse_literal(struct reader *r)
{
	size_t start = r->pos;
	struct hl_json *j;

	while (r->pos < r->len && r->s[r->pos] && strchr("+-.0123456789eEaflnrstu", r->s[r->pos]))
		r->pos++;
	if (r->pos == start) {
		fail(r, "expected a value");
		return NULL;
	}
	j = node(r, HL_JSON_NUMBER);
	if (!j || !(j->text = strndup(r->s + start, r->pos - start))) {
		free(j);
		fail(r, "out of memory");
		return NULL;
	}
	if (!strcmp(j->text, "true") || !strcmp(j->text, "false"))
		j->type = HL_JSON_BOOL;
	else if (!strcmp(j->text, "null"))
		j->type = HL_JSON_NULL;
	else if (!is_number(j->text)) {
		r->pos = start;
		fail(r, "'%s' is not a JSON value", j->text);
		hl_json_free(j);
		return NULL;
	}
	return j;
}

/* Members (with keys) or elements up to @close, appended to @parent. */
static bool parse_children(struct reader *r, struct hl_json *parent, char close, int depth)
{
	struct hl_json **tail = &parent->child;

	if (eat(r, close))
		return true;
	do {
		char *key = NULL;
		struct hl_json *child;

		if (parent->type == HL_JSON_OBJECT) {
			if (!eat(r, '"')) {
				fail(r, "expected a member name");
				return false;
			}
			if (!(key = string_body(r)))
				return false;
			if (!eat(r, ':')) {
				free(key);
				fail(r, "expected ':' after a member name");
				return false;
			}
		}
		child = parse_value(r, depth + 1);
		if (!child) {
			free(key);
			return false;
		}
		child->key = key;
		*tail = child;
		tail = &child->next;
	} while (eat(r, ','));
	if (!eat(r, close)) {
		fail(r, "expected ',' or '%c'", close);
		return false;
	}
	return true;
}

static struct hl_json *parse_value(struct reader *r, int depth)
{
	struct hl_json *j;
	char open;

	if (depth > HL_JSON_MAX_DEPTH) {
		fail(r, "nested deeper than %d", HL_JSON_MAX_DEPTH);
		return NULL;
	}
	skip_space(r);
	if (eat(r, '"'))
		return parse_string(r);
	open = r->pos < r->len ? r->s[r->pos] : '\0';
	if (open != '{' && open != '[')
		return parse_literal(r);
	r->pos++;
	j = node(r, open == '{' ? HL_JSON_OBJECT : HL_JSON_ARRAY);
	if (j && !parse_children(r, j, open == '{' ? '}' : ']', depth)) {
		hl_json_free(j);
		return NULL;
	}
	return j;
}

struct hl_json *hl_json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct reader r = { .s = text, .len = len, .err = err, .errlen = errlen };
	struct hl_json *j;

	if (errlen)
		err[0] = '\0';
	j = parse_value(&r, 0);
	skip_space(&r);
	if (j && r.pos < r.len) {
		fail(&r, "text after the document");
		hl_json_free(j);
		return NULL;
	}
	return j;
}

void hl_json_free(struct hl_json *j)
{
	while (j) {
		struct hl_json *next = j->next;

		hl_json_free(j->child);
		free(j->key);
		free(j->text);
		free(j);
		j = next;
	}
}

const struct hl_json *hl_json_get(const struct hl_json *obj, const char *key)
{
	if (!obj || obj->type != HL_JSON_OBJECT)
		return NULL;
	for (const struct hl_json *c = obj->child; c; c = c->next)
		if (c->key && strcmp(c->key, key) == 0)
			return c;
	return NULL;
}
