// SPDX-License-Identifier: BSD-3-Clause
/*
 * driver_era.c - a PMU's driver era (see driver_era.h): the family's record
 * picks among its own eras (family_<name>.c, each rule citing the driver
 * function it is transcribed from); PMUs outside the families get the
 * generic era, which sets no rule.
 */
#include "driver_era.h"

#include "pmu_family.h"

/* A PMU named in HISI_UNCORE_EXTRA_PMUS: no Hip09 rule applies. */
static const struct hu_driver_era generic_era = {
	.name = "generic",
	.share = HU_SHARE_NONE, .same_code_across_groups = true,
	.evidence = "not a Hip09 PMU",
};

const struct hu_driver_era *hu_driver_era_detect(const struct hu_family_desc *family,
						 const struct hu_era_evidence *ev)
{
	return family ? family->era(ev) : &generic_era;
}
