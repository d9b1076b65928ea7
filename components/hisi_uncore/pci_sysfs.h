/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pci_sysfs.h - the PCI topology facts the Hip09 drivers check, read from
 * <sysfs root>/bus/pci/devices the way the kernel sees them:
 *   PCIe PMU: bdf names an existing device whose root port
 *             (pcie_find_root_port()) lies in [bdf_min, bdf_max];
 *   HNS3 PMU: bdf names an existing function in [bdf_min, bdf_max].
 * The root port of a device is the bridge directly under the host bridge on
 * the device's sysfs path (or the device itself if it is that bridge).
 */
#ifndef HU_PCI_SYSFS_H
#define HU_PCI_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hu_error.h"

/* The class code (24 bits) of the PCI device whose sysfs directory is @dir. */
bool hu_pci_class(const char *dir, uint32_t *pci_class);

/* Does PCI device @domain:@bdf exist? */
bool hu_pci_exists(const char *sysfs_root, unsigned int domain, uint16_t bdf);

/* The root port above @domain:@bdf (or itself); HU_E_FILTER if none. */
int hu_pci_root_port(const char *sysfs_root, unsigned int domain, uint16_t bdf,
		     uint16_t *root_port, struct hu_err *e);

/*
 * PCI domain of the device PMU @pmu (bus/event_source/devices/@pmu under
 * @sysfs_root) hangs under: 0 if it hangs under none.
 */
unsigned int hu_pci_domain_of_pmu(const char *sysfs_root, const char *pmu);

/* One PCI device as the look-ups above see it. */
struct hu_pci_device {
	uint16_t bdf;
	uint16_t root_port;
	bool has_root_port;	/* behind (or being) a root port */
};

/*
 * A visitor of hu_pci_each_device(): the entry @name of bus/pci/devices and
 * the device it names; false stops the walk.
 */
typedef bool hu_pci_visit(void *ctx, const char *name, unsigned int domain, uint16_t bdf);

/*
 * @visit for each entry of <sysfs_root>/bus/pci/devices named as a PCI
 * device ("DDDD:BB:DD.F"; any other name is passed over), in directory
 * order, until it returns false.  Only names are read: what an entry holds
 * is the visitor's to check.  False when the directory cannot be read.
 */
bool hu_pci_each_device(const char *sysfs_root, hu_pci_visit *visit, void *ctx);

/*
 * The one rule for a bdf written without its domain, for the component's
 * device names and hisi-uncore-stat's -d and -q alike: where PCI domains
 * (segments) repeat bus numbers, it names one function only if at most one
 * domain under @sysfs_root has it.  True when it does; else false, with
 * *lowest the lowest domain that has it and @why saying which do:
 * "PCI domains 0000 and 0001 both have a 3d:00.0" or
 * "3 PCI domains have a 3d:00.0 (0000, 0001, ...)".
 */
bool hu_pci_bdf_names_one(const char *sysfs_root, uint16_t bdf, unsigned int *lowest, char *why,
			  size_t len);

/*
 * Every device of @domain under <sysfs_root>/bus/pci/devices, sorted by
 * bdf, into a malloc'd *out (free() it): all of them, a domain having at
 * most HU_PCI_DOMAIN_BDFS, so that none is ever cut in directory order.
 * Returns the count (0 when there are none, the directory cannot be read
 * or memory runs out).
 */
#define HU_PCI_DOMAIN_BDFS 65536	/* bus x device x function: every bdf of a domain */

unsigned int hu_pci_scan(const char *sysfs_root, unsigned int domain, struct hu_pci_device **out);

#endif /* HU_PCI_SYSFS_H */
