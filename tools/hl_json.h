/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hl_json.h - a small JSON reader for PAPI's high-level output.
 *
 * Reads a whole document into a tree: objects keep their members in order,
 * numbers keep their text.  Input is untrusted: depth is bounded, strings
 * are checked for escapes and control characters, and any error gives NULL
 * with a message naming the offset.
 */
#ifndef HL_JSON_H
#define HL_JSON_H

#include <stddef.h>

enum hl_json_type {
	HL_JSON_NULL,
	HL_JSON_BOOL,
	HL_JSON_NUMBER,
	HL_JSON_STRING,
	HL_JSON_ARRAY,
	HL_JSON_OBJECT,
};

struct hl_json {
	enum hl_json_type type;
	char *key;		/* the member's name inside an object, else NULL */
	char *text;		/* a string's value, a number's or a bool's text */
	struct hl_json *child;	/* first member or element */
	struct hl_json *next;	/* next sibling */
};

#define HL_JSON_MAX_DEPTH 64

/* Parse @len bytes of @text; NULL on error with the reason in @err. */
struct hl_json *hl_json_parse(const char *text, size_t len, char *err, size_t errlen);
void hl_json_free(struct hl_json *j);

/* Member @key of object @obj, or NULL. */
const struct hl_json *hl_json_get(const struct hl_json *obj, const char *key);

#endif /* HL_JSON_H */
