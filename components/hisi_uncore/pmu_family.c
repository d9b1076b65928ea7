// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_family.c - the registry of PMU families (see pmu_family.h).
 */
#include "pmu_family.h"

#include <stddef.h>
#include <string.h>

/* Each family's record, in its own file. */
extern const struct hu_family_desc hu_family_pcie;	/* family_pcie.c */
extern const struct hu_family_desc hu_family_hns3;	/* family_hns3.c */

static const struct hu_family_desc *const families[] = {
	&hu_family_pcie,
	&hu_family_hns3,
};

#define NFAMILIES (sizeof(families) / sizeof(families[0]))

unsigned int hu_family_count(void)
{
	return NFAMILIES;
}

const struct hu_family_desc *hu_family_at(unsigned int i)
{
	return i < NFAMILIES ? families[i] : NULL;
}

const struct hu_family_desc *hu_family_by_table(enum hip09_family table)
{
	for (size_t i = 0; i < NFAMILIES; i++)
		if (families[i]->table == table)
			return families[i];
	return NULL;
}

const struct hu_family_desc *hu_family_by_device_name(const char *name)
{
	for (size_t i = 0; i < NFAMILIES; i++)
		if (strcmp(families[i]->device_name, name) == 0)
			return families[i];
	return NULL;
}

bool hu_family_take_prefix(const char **p, const char *prefix)
{
	size_t n = strlen(prefix);

	if (strncmp(*p, prefix, n) != 0)
		return false;
	*p += n;
	return true;
}

/* An unsigned decimal at *p, at most 0xffff (no sign, no leading garbage). */
bool hu_family_take_uint(const char **p, unsigned int *v)
{
	unsigned long acc = 0;
	const char *s = *p;

	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		acc = acc * 10 + (unsigned long)(*s - '0');
		if (acc > 0xffff)
			return false;
		s++;
	}
	*v = (unsigned int)acc;
	*p = s;
	return true;
}
