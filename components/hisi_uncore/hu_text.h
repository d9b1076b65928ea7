/* SPDX-License-Identifier: BSD-3-Clause */
/* hu_text.h - bounded string copy used where cutting a message is fine. */
#ifndef HU_TEXT_H
#define HU_TEXT_H

#include <stddef.h>
#include <string.h>

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

#endif /* HU_TEXT_H */
