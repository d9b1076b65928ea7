// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: the family registry (pmu_family.c).  Every record is whole
 * and consistent with itself, so a family added by a record works with the
 * code that asks records instead of testing families.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "catalogue.h"
#include "cu_main.h"
#include "hip09_tables.h"
#include "pmu_family.h"

/* An instance name of @d, made from its pattern: "hisi_pcie*" -> "hisi_pcie3_core1". */
static void instance_name(const struct hu_family_desc *d, char *out, size_t len)
{
	unsigned int sicl, core;

	/* the two naming schemes Hip09 drivers use: with and without a core */
	snprintf(out, len, "%.*s3_core1", (int)strcspn(d->pattern, "*"), d->pattern);
	if (d->parse_instance(out, &sicl, &core))
		return;
	snprintf(out, len, "%.*s3", (int)strcspn(d->pattern, "*"), d->pattern);
}

static void test_records_are_whole(void)
{
	CU_ASSERT_TRUE_FATAL(hu_family_count() >= 2);
	/* the catalogue lists one aggregate per family */
	CU_ASSERT_TRUE(hu_family_count() <= HU_MAX_LISTED_AGGREGATES);
	for (unsigned int i = 0; i < hu_family_count(); i++) {
		const struct hu_family_desc *d = hu_family_at(i);
		size_t nrows = 0;

		CU_ASSERT_PTR_NOT_NULL_FATAL(d);
		CU_ASSERT_PTR_EQUAL(hu_family_by_device_name(d->device_name), d);
		CU_ASSERT_PTR_EQUAL(hu_family_by_table(d->table), d);
		CU_ASSERT_TRUE(d->label && *d->label);
		CU_ASSERT_TRUE(d->name && *d->name && d->pattern && strchr(d->pattern, '*'));
		/* messages name what an instance is called: "hisi_pcie<sicl>_core<core>" */
		CU_ASSERT_TRUE(d->instance_form && strchr(d->instance_form, '<'));
		CU_ASSERT_TRUE(d->parse_instance && d->era && d->bdf_target);
		CU_ASSERT_PTR_NOT_NULL(hip09_events(d->table, &nrows));
		CU_ASSERT_TRUE(nrows > 0);
	}
	CU_ASSERT_PTR_NULL(hu_family_at(hu_family_count()));
	CU_ASSERT_PTR_NULL(hu_family_by_device_name("hisi_pcie0_core0"));
	CU_ASSERT_PTR_NULL(hu_family_by_table(HIP09_FAMILY_COUNT));
}

/* A family's instance names match its pattern and no other family's parser. */
static void test_instance_names_are_the_familys(void)
{
	for (unsigned int i = 0; i < hu_family_count(); i++) {
		const struct hu_family_desc *d = hu_family_at(i);
		unsigned int sicl = 99, core = 99;
		char name[64], one_sicl[64];

		instance_name(d, name, sizeof(name));
		CU_ASSERT_TRUE(d->parse_instance(name, &sicl, &core));
		HU_ASSERT_EQ(sicl, 3);
		HU_ASSERT_EQ(fnmatch(d->pattern, name, 0), 0);
		if (d->sicl_pattern) {
			snprintf(one_sicl, sizeof(one_sicl), d->sicl_pattern, sicl);
			HU_ASSERT_EQ(fnmatch(one_sicl, name, 0), 0);
		}
		for (unsigned int k = 0; k < hu_family_count(); k++)
			if (k != i)
				CU_ASSERT_FALSE(hu_family_at(k)->parse_instance(name, &sicl, &core));
		CU_ASSERT_FALSE(d->parse_instance(d->device_name, &sicl, &core));
	}
}

/* What the sysfs directories of the drivers' eras show, oldest first. */
static const struct hu_era_evidence evidence[] = {
	{ false, false, false }, { true, false, false }, { true, true, false },
	{ true, true, true },
};

#define NEVIDENCE (sizeof(evidence) / sizeof(evidence[0]))

/* Each family's era is its own, and counts with the Hip09 PMUs' 8 counters. */
static void test_eras_are_the_familys(void)
{
	for (unsigned int i = 0; i < hu_family_count(); i++) {
		const struct hu_family_desc *d = hu_family_at(i);

		for (size_t k = 0; k < NEVIDENCE; k++) {
			const struct hu_driver_era *era = hu_driver_era_detect(d, &evidence[k]);

			CU_ASSERT_PTR_EQUAL(era, d->era(&evidence[k]));
			/* an era's name starts with its family's: messages name both */
			HU_ASSERT_EQ(strncmp(era->name, d->name, strlen(d->name)), 0);
			HU_ASSERT_EQ(era->counters, 8);
		}
	}
	for (size_t k = 0; k < NEVIDENCE; k++) {
		const struct hu_driver_era *generic = hu_driver_era_detect(NULL, &evidence[k]);

		HU_ASSERT_STR_EQ(generic->name, "generic");
		HU_ASSERT_EQ(generic->share, HU_SHARE_NONE);
		CU_ASSERT_TRUE(generic->same_code_across_groups);
	}
}

/*
 * A family's driver rules are hooks of its record (its family file), not
 * branches of the common path: every record checks targets and says what
 * it offers, and an era that shares counters by control word has its
 * family's word to compare.
 */
static void test_rules_are_the_familys(void)
{
	for (unsigned int i = 0; i < hu_family_count(); i++) {
		const struct hu_family_desc *d = hu_family_at(i);

		CU_ASSERT_TRUE(d->check_target && d->offers);
		for (size_t k = 0; k < NEVIDENCE; k++)
			if (d->era(&evidence[k])->share == HU_SHARE_CTRL_WORD)
				CU_ASSERT_PTR_NOT_NULL(d->ctrl_word);
	}
	CU_ASSERT_PTR_NOT_NULL(hu_family_by_device_name("hisi_pcie")->root_port_bit);
	CU_ASSERT_PTR_NULL(hu_family_by_device_name("hns3_pmu")->root_port_bit);
	CU_ASSERT_PTR_NOT_NULL(hu_family_by_device_name("hns3_pmu")->bdf_twin);
}

void register_pmu_family_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "every family record is whole and found by id and device name",
		  test_records_are_whole },
		{ "a family's instance names are its own", test_instance_names_are_the_familys },
		{ "a family's eras are its own", test_eras_are_the_familys },
		{ "a family's driver rules are its record's", test_rules_are_the_familys },
		{ NULL, NULL },
	};
	hu_cu_add_suite("pmu_family", NULL, NULL, tests);
}
