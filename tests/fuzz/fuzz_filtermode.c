// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the HNS3 filtermode/ parser (hu_parse_filter_modes).
 * A refusal leaves the result alone and says why in one printable line; an
 * accepted file names known modes only, and the modes printed back the
 * way the driver writes them (space- or '/'-separated) parse to the same.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_util.h"
#include "hip09_types.h"
#include "hisi_meaning.h"
#include "sysfs_parse.h"

#define UNTOUCHED 0xdeadu

/* Parse "filter mode supported: @list\n" with @sep between the modes. */
static uint32_t reparse(const char *list, char sep)
{
	char text[256];
	uint32_t m = UNTOUCHED;
	int n = snprintf(text, sizeof(text), "filter mode supported: %s\n", list);

	FZ_ASSERT(n > 0 && (size_t)n < sizeof(text));
	for (char *p = text; *p; p++)
		if (*p == ' ' && p > strchr(text, ':'))
			*p = sep;
	FZ_ASSERT(hu_parse_filter_modes(text, (size_t)n, &m, NULL) == HU_OK);
	return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hu_err e = { 0 };
	uint32_t modes = UNTOUCHED;
	char list[256];
	int ret;

	ret = hu_parse_filter_modes((const char *)data, size, &modes, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		FZ_ASSERT(modes == UNTOUCHED);
		return 0;
	}
	FZ_ASSERT(modes != 0 && (modes & ~HIP09_HNS3_MODES_ALL) == 0);
	hu_meaning_modes(modes, false, list, sizeof(list));
	FZ_ASSERT(reparse(list, ' ') == modes);
	FZ_ASSERT(reparse(list, '/') == modes);
	return 0;
}
