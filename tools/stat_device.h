/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stat_device.h - the PCI functions hisi-uncore-stat is asked about: the
 * command line's forms of a bdf, and a device's name as lspci would say it
 * ("3d:00.0 Non-Volatile memory controller"), from PCI sysfs.
 */
#ifndef HU_STAT_DEVICE_H
#define HU_STAT_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * @text as a PCI function: "BB:DD.F", "DDDD:BB:DD.F" or the component's
 * number "0xBBDF" (bus << 8 | device << 3 | function), read by the
 * component's parsers (sysfs_parse.h).  The domain, when given, goes to
 * @domain (else -1).  False on anything else.
 */
bool hu_stat_parse_bdf(const char *text, int64_t *domain, unsigned int *bdf);

/*
 * The PCI domain of @bdf as written with @domain (-1: left out): @domain
 * when given, else the one domain under @sysfs_root that has a function
 * @bdf; -1 when none has, or several do (the device is then no one function).
 */
int64_t hu_stat_device_domain(const char *sysfs_root, int64_t domain, unsigned int bdf);

/* The class name of PCI class code @class (the file's 24 bits), or NULL. */
const char *hu_stat_class_name(unsigned int pci_class);

/*
 * "BB:DD.F <class name>" for the function @bdf (of @domain, or of any domain
 * when -1) as PCI sysfs under @sysfs_root shows it; just "BB:DD.F" when the
 * function or its class cannot be read (sysfs is untrusted input).  A domain
 * given is named: "0001:3d:00.0 <class name>".
 */
void hu_stat_describe_device(const char *sysfs_root, int64_t domain, unsigned int bdf, char *out,
			     size_t len);

/* A PCIe root port: a bridge directly under its host bridge. */
struct hu_stat_root_port {
	unsigned int domain;
	unsigned int bdf;
};

/*
 * The root ports PCI sysfs under @sysfs_root shows, sorted by domain and
 * bdf, at most @max into @out; the count.  Found with the component's own
 * look-up (hu_pci_root_port(): a device that is its own root port).
 */
unsigned int hu_stat_root_ports(const char *sysfs_root, struct hu_stat_root_port *out,
				unsigned int max);

#endif
