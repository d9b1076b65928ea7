/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hu_text.h - bounded string building where cutting a message is fine, and
 * the size of a name, which every stage shares.
 */
#ifndef HU_TEXT_H
#define HU_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define HU_NAME_MAX 64		/* PMU, event, format and term names */

/* Copy @src into @dst of @cap bytes, always terminated; returns true if whole. */
static inline int hu_copy(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	int whole = n < cap;

	if (!whole)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return whole;
}

/*
 * Append printf output to the string in @buf (of @len bytes), cutting at
 * its end; returns true if the whole output fitted.
 */
__attribute__((format(printf, 3, 4)))
static inline int hu_appendf(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;
	int n;

	if (used + 1 >= len)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < len - used;
}

#endif /* HU_TEXT_H */
