// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: every parser of untrusted text (sysfs files, user event
 * names) on arbitrary bytes, under AddressSanitizer and UBSan.  A parser
 * may refuse anything; it may not crash, read out of bounds or leave an
 * accepted result that breaks its own invariants.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "event_spec.h"
#include "sysfs_parse.h"

static void check_format(const char *d, size_t n)
{
	struct hu_format_bits f;
	char buf[256];

	if (hu_parse_format(d, n, &f, NULL) != HU_OK)
		return;
	if (f.word >= HU_CONFIG_WORDS || f.mask == 0)
		abort();
	/* what we print must parse back to the same field */
	if (hu_format_print(&f, buf, sizeof(buf)) == 0) {
		struct hu_format_bits g;

		if (hu_parse_format(buf, strlen(buf), &g, NULL) != HU_OK ||
		    g.word != f.word || g.mask != f.mask)
			abort();
	}
	if (hu_format_gather(f.mask, hu_format_scatter(f.mask, hu_format_max(f.mask))) !=
	    hu_format_max(f.mask))
		abort();
}

static void check_others(const char *d, size_t n)
{
	struct hu_term_list terms;
	unsigned int count;
	uint16_t bdf;
	uint64_t v;
	int first;

	if (hu_parse_alias(d, n, &terms, NULL) == HU_OK && (terms.n == 0 || terms.n > HU_MAX_TERMS))
		abort();
	if (hu_parse_cpulist(d, n, &first, &count, NULL) == HU_OK && (first < 0 || count == 0))
		abort();
	hu_parse_bdf(d, n, &bdf, NULL);
	hu_parse_u64(d, n, &v, NULL);
}

static void check_name(const char *d, size_t n)
{
	char *name = malloc(n + 1);
	struct hu_spec spec;

	if (!name)
		return;
	memcpy(name, d, n);
	name[n] = '\0';
	if (hu_spec_parse(name, &spec, NULL) == HU_OK &&
	    (!spec.pmu[0] || spec.terms.n > HU_MAX_TERMS))
		abort();
	free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data;

	check_format(d, size);
	check_others(d, size);
	check_name(d, size);
	return 0;
}
