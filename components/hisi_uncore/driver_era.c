// SPDX-License-Identifier: BSD-3-Clause
/*
 * driver_era.c - the Hip09 PMU driver eras (see driver_era.h).  Each rule
 * cites the driver function it is transcribed from
 * (drivers/perf/hisilicon/hisi_pcie_pmu.c, hns3_pmu.c).
 */
#include "driver_era.h"

#include <stddef.h>

#include "pmu_family.h"

#define HIP09_PMU_COUNTERS 8	/* HISI_PCIE_MAX_COUNTERS, HNS3_PMU_MAX_HW_EVENTS */

enum { ERA_GENERIC, ERA_HNS3, ERA_PCIE_5_19, ERA_PCIE_6_2, ERA_PCIE_6_9, ERA_PCIE_6_12 };

static const struct hu_driver_era eras[] = {
	[ERA_GENERIC] = {
		.name = "generic", .family = HU_FAMILY_GENERIC,
		.share = HU_SHARE_NONE, .same_code_across_groups = true,
		.evidence = "not a Hip09 PMU",
	},
	/*
	 * hns3_pmu v6.0+: hns3_pmu_find_related_event_idx() shares a counter
	 * between events of one group with the same real code (filters
	 * ignored); an event of another group takes its own counter.
	 */
	[ERA_HNS3] = {
		.name = "hns3_pmu v6.0+", .family = HU_FAMILY_HNS3,
		.counters = HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.same_code_across_groups = true,
		.evidence = "hns3_pmu_sicl_<id>",
	},
	/*
	 * v5.19: hisi_pcie_pmu_cmp_event() compares the real code;
	 * hisi_pcie_pmu_find_related_event() fails add() with -EINVAL for a
	 * related event of another group; only a nonzero bdf is checked.
	 */
	[ERA_PCIE_5_19] = {
		.name = "hisi_pcie v5.19-v6.1", .family = HU_FAMILY_PCIE,
		.counters = HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.zero_bdf_unchecked = true,
		.evidence = "no format/len_mode",
	},
	/* v6.2 (17d573984d4d): len_mode, control word from HISI_PCIE_INIT_SET */
	[ERA_PCIE_6_2] = {
		.name = "hisi_pcie v6.2-v6.8", .family = HU_FAMILY_PCIE,
		.counters = HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.len_mode_2_counts_payload = true, .zero_bdf_unchecked = true,
		.evidence = "format/len_mode, no events/rx_mwr_flux",
	},
	/*
	 * v6.9: hisi_pcie_pmu_get_event_ctrl_val() decides sharing (whole
	 * control word), related events of other groups get their own counter
	 * (2fbf96ed883a), bdf is checked whenever port is 0 (2f864fee0851).
	 */
	[ERA_PCIE_6_9] = {
		.name = "hisi_pcie v6.9-v6.11", .family = HU_FAMILY_PCIE,
		.counters = HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true, .len_mode_2_counts_payload = true,
		.evidence = "events/rx_mwr_flux, no bdf_min",
	},
	/* v6.12: control word from 0 ("Fix TLP headers bandwidth counting"), bdf_min/max */
	[ERA_PCIE_6_12] = {
		.name = "hisi_pcie v6.12+", .family = HU_FAMILY_PCIE,
		.counters = HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true,
		.evidence = "events/rx_mwr_flux, bdf_min, bdf_max",
	},
};

const struct hu_driver_era *hu_driver_era_pcie(const struct hu_era_evidence *ev)
{
	if (ev->has_v69_events)
		return &eras[ev->has_bdf_range ? ERA_PCIE_6_12 : ERA_PCIE_6_9];
	return &eras[ev->has_len_mode ? ERA_PCIE_6_2 : ERA_PCIE_5_19];
}

const struct hu_driver_era *hu_driver_era_hns3(const struct hu_era_evidence *ev)
{
	(void)ev;	/* one era since the driver appeared (v6.0) */
	return &eras[ERA_HNS3];
}

const struct hu_driver_era *hu_driver_era_detect(enum hu_family family,
						 const struct hu_era_evidence *ev)
{
	const struct hu_family_desc *d = hu_family_desc(family);

	return d ? d->era(ev) : &eras[ERA_GENERIC];
}
