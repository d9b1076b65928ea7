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
	.era = hu_driver_era_pcie,
	.bdf_target = pcie_bdf_target,
};
