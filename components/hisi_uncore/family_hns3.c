// SPDX-License-Identifier: BSD-3-Clause
/*
 * family_hns3.c - the HiSilicon HNS3 NIC PMU, hns3_pmu_sicl_<id>
 * (drivers/perf/hisilicon/hns3_pmu.c): one per SICL, counting the NIC
 * functions in [bdf_min, bdf_max] by port, traffic class, function, queue
 * or interrupt (filtermode/), its times in cycles of hw_clk_freq.
 */
#include "pmu_family.h"
#include "pmu_sysfs.h"
#include "pci_sysfs.h"

static bool hns3_parse_instance(const char *name, unsigned int *sicl, unsigned int *core)
{
	const char *p = name;

	*core = 0;
	return hu_family_take_prefix(&p, "hns3_pmu_sicl_") && hu_family_take_uint(&p, sicl) &&
	       *p == '\0';
}

/*
 * hns3_pmu v6.0+, its one era: hns3_pmu_find_related_event_idx() shares a
 * counter between events of one group with the same real code (filters
 * ignored); an event of another group takes its own counter.
 */
static const struct hu_driver_era hns3_era = {
	.name = "hns3_pmu v6.0+", .family = HU_FAMILY_HNS3,
	.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
	.same_code_across_groups = true,
	.evidence = "hns3_pmu_sicl_<id>",
};

static const struct hu_driver_era *hns3_era_of(const struct hu_era_evidence *ev)
{
	(void)ev;	/* one era since the driver appeared (v6.0) */
	return &hns3_era;
}

/* hns3_pmu_valid_bdf(): a function in [bdf_min, bdf_max]. */
static bool hns3_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev)
{
	return pmu->has_bdf_range && dev->bdf >= pmu->bdf_min && dev->bdf <= pmu->bdf_max;
}

const struct hu_family_desc hu_family_hns3 = {
	.id = HU_FAMILY_HNS3,
	.name = "hns3",
	.device_name = "hns3_pmu",
	.pattern = "hns3_pmu_sicl_*",
	.table = HIP09_FAMILY_HNS3,
	.needs_hw_clk_freq = true,
	.has_filter_modes = true,
	.parse_instance = hns3_parse_instance,
	.era = hns3_era_of,
	.bdf_target = hns3_bdf_target,
};
