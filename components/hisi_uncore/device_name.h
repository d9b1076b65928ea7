/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * device_name.h - names that follow the device, not the PMU instance.
 *
 *   hisi_pcie::EVENT:bdf=0xBBDF[:...]   the PCIe PMU instance whose root
 *                                        ports lead to device BB:DD.F
 *   hisi_pcie::EVENT:rp=0xBBDF[:...]    the PCIe PMU instance with root
 *                                        port BB:DD.F, counting its port
 *                                        (port=<its bit>)
 *   hns3_pmu::EVENT:bdf=0xBBDF[:...]    the HNS3 PMU (SICL) whose function
 *                                        range holds BB:DD.F
 *
 * Each takes :domain=N, the PCI domain (segment) of the device: only an
 * instance in that domain is picked (bus numbers repeat across segments).
 * Without it, a bdf that two domains have is refused
 * (hu_pci_bdf_names_one(), hisi-uncore-stat's rule for -d too).
 *
 * The bdf stays in the name as the instance's own bdf qualifier, so the
 * counter counts that device's traffic: its TLPs as requester (PCIe), its
 * function (HNS3).  It is written as a number (0x3d00 for 3d:00.0), the
 * form PAPI's ':' qualifiers and PAPI_EVENTS' ',' leave whole.  Which
 * instance covers a device is the drivers' own test of a bdf filter
 * (hu_rules_bdf_target()), so a picked instance never refuses the bdf.
 */
#ifndef HU_DEVICE_NAME_H
#define HU_DEVICE_NAME_H

#include "event_spec.h"
#include "hu_error.h"
#include "pmu_sysfs.h"

/* The device names of the families @set has instances of, at most @max. */
unsigned int hu_device_names(const struct hu_pmu_set *set, const char **out, unsigned int max);

/*
 * The aggregate patterns PAPI should route here (it compares PMU names
 * whole): "hisi_pcie*" and "hisi_pcie<sicl>_core*" for each SICL,
 * "hns3_pmu_sicl_*", for the families @set has; at most @max into @out.
 */
unsigned int hu_pattern_names(const struct hu_pmu_set *set, char (*out)[HU_NAME_MAX],
			      unsigned int max);

/*
 * @spec with its device name replaced by the instance that covers the
 * device of its bdf qualifier (or the root port of its rp qualifier, which
 * becomes that port's port=), into @out (a copy of @spec when it names an
 * instance).  HU_E_FILTER when there is no bdf qualifier, a bad rp, or an rp
 * on a PMU without bdf_min; HU_E_VALUE or HU_E_TERM for a bad domain;
 * HU_E_NOPMU when no instance (or more than one) covers the device, or
 * two PCI domains have it and no domain is given: the message lists what
 * each instance covers.
 */
int hu_device_pick(const struct hu_pmu_set *set, const struct hu_spec *spec,
		   struct hu_spec *out, struct hu_err *e);

#endif /* HU_DEVICE_NAME_H */
