// SPDX-License-Identifier: BSD-3-Clause
/*
 * stat_device.c - bdf forms of the command line, device names from PCI sysfs.
 */
#define _POSIX_C_SOURCE 200809L
#include "stat_device.h"

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

bool hu_stat_parse_bdf(const char *text, int64_t *domain, unsigned int *bdf)
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
		*domain = dom;
	} else if (hu_parse_bdf(text, len, &b, NULL) != HU_OK) {
		return false;
	}
	*bdf = b;
	return true;
}

/* What find_function() looks for, and the entry it finds. */
struct function_search {
	int64_t domain;		/* -1: any */
	unsigned int bdf;
	char *name;
	size_t len;
	bool found;
};

/* Is this the entry searched for?  The first match stops the walk. */
static bool match_function(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct function_search *s = ctx;

	if (bdf != s->bdf || (s->domain >= 0 && domain != (unsigned int)s->domain))
		return true;
	snprintf(s->name, s->len, "%s", name);
	s->found = true;
	return false;
}

/* The directory entry of the function in bus/pci/devices, "DDDD:BB:DD.F". */
static bool find_function(const char *sysfs_root, int64_t domain, unsigned int bdf, char *name,
			  size_t len)
{
	struct function_search s = { domain, bdf, name, len, false };

	/* the first match: the tool asks for a domain where domains repeat a bdf */
	hu_pci_each_device(sysfs_root, match_function, &s);
	return s.found;
}

/* What only_domain() counts: the domains that have a function bdf. */
struct domain_search {
	unsigned int bdf;
	unsigned int domain;	/* the last one found */
	unsigned int n;
};

static bool count_domain(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct domain_search *s = ctx;

	(void)name;
	if (bdf == s->bdf) {
		s->domain = domain;
		s->n++;
	}
	return s->n < 2;	/* two are enough to name neither */
}

int64_t hu_stat_device_domain(const char *sysfs_root, int64_t domain, unsigned int bdf)
{
	struct domain_search s = { bdf, 0, 0 };

	if (domain >= 0)
		return domain;
	hu_pci_each_device(sysfs_root ? sysfs_root : "/sys", count_domain, &s);
	return s.n == 1 ? (int64_t)s.domain : -1;
}

void hu_stat_describe_device(const char *sysfs_root, int64_t domain, unsigned int bdf, char *out,
			     size_t len)
{
	const char *root = sysfs_root ? sysfs_root : "/sys";
	char path[4400], fn[64], b[HU_BDF_TEXT], dev[12] = "";
	const char *class_name = NULL;
	long pci_class = -1;

	if (find_function(root, domain, bdf, fn, sizeof(fn))) {
		uint32_t c;

		snprintf(path, sizeof(path), "%s/bus/pci/devices/%s", root, fn);
		if (hu_pci_class(path, &c)) {
			pci_class = c;
			class_name = hu_stat_class_name(c);
		}
	}
	/* the domain as the user named it: "0001:3d:00.0" is not 0000's 3d:00.0 */
	if (domain >= 0)
		snprintf(dev, sizeof(dev), "%04x:", (unsigned int)domain);
	hu_bdf_text((uint16_t)bdf, b);
	if (class_name)
		snprintf(out, len, "%s%s %s", dev, b, class_name);
	else if (pci_class >= 0)
		snprintf(out, len, "%s%s class %04lx", dev, b, (unsigned long)pci_class >> 8);
	else
		snprintf(out, len, "%s%s", dev, b);
}

static int root_port_order(const void *a, const void *b)
{
	const struct hu_stat_root_port *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	return x->bdf < y->bdf ? -1 : x->bdf > y->bdf;
}

/* What hu_stat_root_ports() gathers: at most max root ports. */
struct root_port_list {
	const char *sysfs_root;
	struct hu_stat_root_port *out;
	unsigned int n, max;
};

/* Keep the device if it is its own root port; false once the list is full. */
static bool keep_root_port(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct root_port_list *l = ctx;
	uint16_t rp;

	(void)name;
	if (l->n == l->max)
		return false;
	if (hu_pci_root_port(l->sysfs_root, domain, bdf, &rp, NULL) == HU_OK && rp == bdf)
		l->out[l->n++] = (struct hu_stat_root_port){ .domain = domain, .bdf = bdf };
	return true;
}

unsigned int hu_stat_root_ports(const char *sysfs_root, struct hu_stat_root_port *out,
				unsigned int max)
{
	struct root_port_list l = { sysfs_root ? sysfs_root : "/sys", out, 0, max };

	hu_pci_each_device(l.sysfs_root, keep_root_port, &l);
	qsort(out, l.n, sizeof(*out), root_port_order);
	return l.n;
}
