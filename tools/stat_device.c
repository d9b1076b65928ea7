// SPDX-License-Identifier: BSD-3-Clause
/*
 * stat_device.c - bdf forms of the command line, device names from PCI sysfs.
 */
#define _POSIX_C_SOURCE 200809L
#include "stat_device.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pci_sysfs.h"
#include "sysfs_parse.h"

/* lspci's names for the classes a Hip09 node carries; others print their code. */
static const struct {
	unsigned int class16;
	const char *name;
} class_names[] = {
	{ 0x0000, "Non-VGA unclassified device" },
	{ 0x0100, "SCSI storage controller" },
	{ 0x0101, "IDE interface" },
	{ 0x0104, "RAID bus controller" },
	{ 0x0106, "SATA controller" },
	{ 0x0107, "Serial Attached SCSI controller" },
	{ 0x0108, "Non-Volatile memory controller" },
	{ 0x0200, "Ethernet controller" },
	{ 0x0207, "Infiniband controller" },
	{ 0x0280, "Network controller" },
	{ 0x0300, "VGA compatible controller" },
	{ 0x0302, "3D controller" },
	{ 0x0600, "Host bridge" },
	{ 0x0604, "PCI bridge" },
	{ 0x0880, "System peripheral" },
	{ 0x0b40, "Co-processor" },
	{ 0x0c03, "USB controller" },
	{ 0x0c04, "Fibre Channel" },
	{ 0x1080, "Encryption controller" },
	{ 0x1200, "Processing accelerators" },
	{ 0x00ff, "Unclassified device" },
	{ 0xff00, "Unassigned class" },
};

const char *hu_stat_class_name(unsigned int pci_class)
{
	unsigned int class16 = (pci_class >> 8) & 0xffff;

	for (size_t i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++)
		if (class_names[i].class16 == class16)
			return class_names[i].name;
	return NULL;
}

bool hu_stat_parse_bdf(const char *text, int *domain, unsigned int *bdf)
{
	unsigned int dom;
	uint16_t b;
	size_t len = text ? strlen(text) : 0;
	const char *colon = text ? strchr(text, ':') : NULL;

	*domain = -1;
	if (len == 0 || memchr(text, '\n', len))
		return false;
	/* the component's parsers: "DDDD:BB:DD.F", or "BB:DD.F" and numbers */
	if (colon && strchr(colon + 1, ':')) {
		if (hu_parse_pci_name(text, len, &dom, &b, NULL) != HU_OK)
			return false;
		*domain = (int)dom;
	} else if (hu_parse_bdf(text, len, &b, NULL) != HU_OK) {
		return false;
	}
	*bdf = b;
	return true;
}

/* The directory entry of the function in bus/pci/devices, "DDDD:BB:DD.F". */
static bool find_function(const char *devices, int domain, unsigned int bdf, char *name,
			  size_t len)
{
	DIR *d = opendir(devices);
	struct dirent *de;
	bool found = false;

	if (!d)
		return false;
	/* the first match in directory order: a bdf rarely repeats across domains */
	while (!found && (de = readdir(d))) {
		unsigned int dom;
		uint16_t b;

		if (hu_parse_pci_name(de->d_name, strlen(de->d_name), &dom, &b, NULL) != HU_OK ||
		    b != bdf || (domain >= 0 && dom != (unsigned int)domain))
			continue;
		snprintf(name, len, "%s", de->d_name);
		found = true;
	}
	closedir(d);
	return found;
}

void hu_stat_describe_device(const char *sysfs_root, int domain, unsigned int bdf, char *out,
			     size_t len)
{
	char devices[4096], path[4400], fn[64], b[HU_BDF_TEXT];
	const char *class_name = NULL;
	long pci_class = -1;

	snprintf(devices, sizeof(devices), "%s/bus/pci/devices", sysfs_root ? sysfs_root : "/sys");
	if (find_function(devices, domain, bdf, fn, sizeof(fn))) {
		uint32_t c;

		snprintf(path, sizeof(path), "%s/%s", devices, fn);
		if (hu_pci_class(path, &c)) {
			pci_class = c;
			class_name = hu_stat_class_name(c);
		}
	}
	hu_bdf_text((uint16_t)bdf, b);
	if (class_name)
		snprintf(out, len, "%s %s", b, class_name);
	else if (pci_class >= 0)
		snprintf(out, len, "%s class %04lx", b, (unsigned long)pci_class >> 8);
	else
		snprintf(out, len, "%s", b);
}

static int root_port_order(const void *a, const void *b)
{
	const struct hu_stat_root_port *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	return x->bdf < y->bdf ? -1 : x->bdf > y->bdf;
}

unsigned int hu_stat_root_ports(const char *sysfs_root, struct hu_stat_root_port *out,
				unsigned int max)
{
	char devices[4096];
	const char *root = sysfs_root ? sysfs_root : "/sys";
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;

	snprintf(devices, sizeof(devices), "%s/bus/pci/devices", root);
	d = opendir(devices);
	if (!d)
		return 0;
	while (n < max && (de = readdir(d))) {
		unsigned int dom;
		uint16_t bdf, rp;

		if (hu_parse_pci_name(de->d_name, strlen(de->d_name), &dom, &bdf, NULL) != HU_OK ||
		    hu_pci_root_port(root, dom, bdf, &rp, NULL) != HU_OK || rp != bdf)
			continue;
		out[n].domain = dom;
		out[n++].bdf = bdf;
	}
	closedir(d);
	qsort(out, n, sizeof(*out), root_port_order);
	return n;
}
