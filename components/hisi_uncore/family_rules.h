/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * family_rules.h - what a family file needs to write its driver's rules
 * (the hooks of struct hu_family_desc): the context of one name being
 * resolved, and the helpers the common path shares with the families.
 * Only hisi_rules.c and the family_<name>.c files include it.
 */
#ifndef HU_FAMILY_RULES_H
#define HU_FAMILY_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "hisi_rules.h"
#include "hu_error.h"
#include "pmu_family.h"

/* Everything the checks need about one name. */
struct hu_rule_ctx {
	const struct hu_pmu_set *set;
	struct hu_resolved *r;
	const struct hu_family_desc *family;	/* its hooks are the driver's rules */
	const struct hip09_field *fields;
	size_t nfields;
	uint32_t given;			/* table fields the user set */
	uint32_t raw_words;		/* config words the user assigned whole (configN=) */
	struct hip09_filter_values v;	/* final field values, read back from the attr */
	struct hip09_event row;		/* the meaning, with sysfs filter modes */
	char name[2 * HU_NAME_MAX + 2];	/* "pmu::event" for messages */
};

/* Bits of the fields that are filters (not part of the event code). */
uint32_t hu_rule_filter_fields(const struct hu_rule_ctx *c);

/* "name=0xv" of each field in @bits, comma-separated. */
void hu_rule_list_fields(const struct hu_rule_ctx *c, uint32_t bits, char *buf, size_t len);

/* The PCI domain the name's PMU sits in (its sysfs device link). */
unsigned int hu_rule_domain(const struct hu_rule_ctx *c);

/*
 * What @pmu's sysfs says of the devices it reaches (bdf_min, bdf_max, bus)
 * into @f, the device facts left false: the drivers' bdf rules are the
 * tables' (hip09_bdf_verdict()), shared with the libpfm4 models.
 */
void hu_rule_pmu_facts(const struct hu_pmu *pmu, struct hip09_bdf_facts *f);

/* Refuse: "@what @bdf is outside <pmu>'s range <bdf_min> to <bdf_max>". */
int hu_rule_bdf_out_of_range(const struct hu_rule_ctx *c, const char *what, uint16_t bdf,
			     struct hu_err *e);

#endif /* HU_FAMILY_RULES_H */
