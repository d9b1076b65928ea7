// SPDX-License-Identifier: BSD-3-Clause
/*
 * family_pcie.c - the HiSilicon PCIe PMU, hisi_pcie<sicl>_core<core>
 * (drivers/perf/hisilicon/hisi_pcie_pmu.c): one per PCIe core, counting
 * TLPs of the root ports in [bdf_min, bdf_max] and the devices behind them.
 */
#include "pmu_family.h"
#include "pmu_sysfs.h"
#include "pci_sysfs.h"

static bool pcie_parse_instance(const char *name, unsigned int *sicl, unsigned int *core)
{
	const char *p = name;

	return hu_family_take_prefix(&p, "hisi_pcie") && hu_family_take_uint(&p, sicl) &&
	       hu_family_take_prefix(&p, "_core") && hu_family_take_uint(&p, core) && *p == '\0';
}

/* The driver's eras, each rule citing where it comes from. */
enum { ERA_5_19, ERA_6_2, ERA_6_9, ERA_6_12 };

static const struct hu_driver_era pcie_eras[] = {
	/*
	 * v5.19: hisi_pcie_pmu_cmp_event() compares the real code;
	 * hisi_pcie_pmu_find_related_event() fails add() with -EINVAL for a
	 * related event of another group; only a nonzero bdf is checked.
	 */
	[ERA_5_19] = {
		.name = "hisi_pcie v5.19-v6.1", .family = HU_FAMILY_PCIE,
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.zero_bdf_unchecked = true,
		.evidence = "no format/len_mode",
	},
	/* v6.2 (17d573984d4d): len_mode, control word from HISI_PCIE_INIT_SET */
	[ERA_6_2] = {
		.name = "hisi_pcie v6.2-v6.8", .family = HU_FAMILY_PCIE,
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.len_mode_2_counts_payload = true, .zero_bdf_unchecked = true,
		.evidence = "format/len_mode, no events/rx_mwr_flux",
	},
	/*
	 * v6.9: hisi_pcie_pmu_get_event_ctrl_val() decides sharing (whole
	 * control word), related events of other groups get their own counter
	 * (2fbf96ed883a), bdf is checked whenever port is 0 (2f864fee0851).
	 */
	[ERA_6_9] = {
		.name = "hisi_pcie v6.9-v6.11", .family = HU_FAMILY_PCIE,
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true, .len_mode_2_counts_payload = true,
		.evidence = "events/rx_mwr_flux, no bdf_min",
	},
	/* v6.12: control word from 0 ("Fix TLP headers bandwidth counting"), bdf_min/max */
	[ERA_6_12] = {
		.name = "hisi_pcie v6.12+", .family = HU_FAMILY_PCIE,
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true,
		.evidence = "events/rx_mwr_flux, bdf_min, bdf_max",
	},
};

static const struct hu_driver_era *pcie_era_of(const struct hu_era_evidence *ev)
{
	if (ev->has_v69_events)
		return &pcie_eras[ev->has_bdf_range ? ERA_6_12 : ERA_6_9];
	return &pcie_eras[ev->has_len_mode ? ERA_6_2 : ERA_5_19];
}

/*
 * hisi_pcie_pmu_valid_requester_id(): a device whose root port
 * (pcie_find_root_port()) is in [bdf_min, bdf_max]; before v6.12, whose
 * root port is on the PMU's root bus.
 */
static bool pcie_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev)
{
	if (!dev->has_root_port)
		return false;
	if (pmu->has_bdf_range)
		return dev->root_port >= pmu->bdf_min && dev->root_port <= pmu->bdf_max;
	return !pmu->has_bus || (dev->root_port >> 8) == pmu->bus;
}

const struct hu_family_desc hu_family_pcie = {
	.id = HU_FAMILY_PCIE,
	.name = "hisi_pcie",
	.device_name = "hisi_pcie",
	.pattern = "hisi_pcie*",
	.sicl_pattern = "hisi_pcie%u_core*",
	.table = HIP09_FAMILY_PCIE,
	.has_root_ports = true,
	.parse_instance = pcie_parse_instance,
	.era = pcie_era_of,
	.bdf_target = pcie_bdf_target,
};
