// SPDX-License-Identifier: BSD-3-Clause
/*
 * pci_sysfs.c - PCI topology from sysfs (see pci_sysfs.h).
 *
 * The topology is read from a device's resolved path, component by
 * component: the last one of the form "pciDDDD:BB" is the host bridge, the
 * one after it the root port.  Nothing in the sysfs root's own path (say
 * ".../pcie-lab/sys", or a root whose links lead into /sys) can pass for
 * either, and no other text is searched.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "pci_sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysfs_file.h"
#include "sysfs_parse.h"

/*
 * The canonical path of @root/@rel (symlinks resolved) into @real, and in
 * *below the part of it under @root's own canonical path (all of it when
 * links lead out of the root, as in a test root that links to /sys).
 */
static bool resolve(const char *root, const char *rel, char real[PATH_MAX], char **below)
{
	char path[PATH_MAX], real_root[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/%s", root, rel);
	size_t len;

	if (n <= 0 || n >= (int)sizeof(path) || !realpath(path, real) || !realpath(root, real_root))
		return false;
	len = strlen(real_root);
	*below = strncmp(real, real_root, len) == 0 && real[len] == '/' ? real + len : real;
	return true;
}

/* "bus/pci/devices/DDDD:BB:DD.F", relative to the sysfs root. */
static void device_rel(unsigned int domain, uint16_t bdf, char buf[64])
{
	char name[HU_PCI_NAME_TEXT];

	snprintf(buf, 64, "bus/pci/devices/%s", hu_pci_name_text(domain, bdf, name));
}

bool hu_pci_exists(const char *sysfs_root, unsigned int domain, uint16_t bdf)
{
	char rel[64], real[PATH_MAX], *below;

	device_rel(domain, bdf, rel);
	return resolve(sysfs_root, rel, real, &below);
}

/* Lowercase hex digits only, as the kernel's "%x" writes them. */
static bool kernel_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

/* Is @s (@len bytes) a host bridge's name as the kernel writes it, "pci%04x:%02x"? */
static bool host_bridge_name(const char *s, size_t len, unsigned int *domain)
{
	uint64_t dom, bus;

	if (len != 10 || strncmp(s, "pci", 3) != 0 || s[7] != ':' || !kernel_hex(s + 3, 4) ||
	    !kernel_hex(s + 8, 2))
		return false;
	if (hu_parse_u64((char[]){ '0', 'x', s[3], s[4], s[5], s[6] }, 6, &dom, NULL) ||
	    hu_parse_u64((char[]){ '0', 'x', s[8], s[9] }, 4, &bus, NULL))
		return false;
	*domain = (unsigned int)dom;
	return true;
}

/*
 * The last host bridge in @path: false if none; else its domain, and in
 * *after the component that follows it ("" if none).
 */
static bool last_host_bridge(char *path, unsigned int *domain, char **after)
{
	bool found = false;

	for (char *c = path; *c;) {
		char *end;

		while (*c == '/')
			c++;
		end = strchrnul(c, '/');
		if (host_bridge_name(c, (size_t)(end - c), domain)) {
			found = true;
			*after = *end ? end + 1 : end;
		}
		c = end;
	}
	return found;
}

/* The class code of the PCI device at @dir, or why it cannot be read. */
static int read_class(const char *dir, uint32_t *pci_class, struct hu_err *e)
{
	char buf[32];
	uint64_t class;
	size_t len;
	int d = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC), ret;

	if (d < 0)
		return hu_fail(e, HU_E_SYSFS, "%s", strerror(errno));
	ret = hu_sysfs_read_file(d, "class", buf, sizeof(buf), &len, e);
	close(d);
	if (ret)
		return ret;
	if (hu_parse_u64(buf, len, &class, NULL) != HU_OK || class > 0xffffff)
		return hu_fail(e, HU_E_SYSFS, "class: not a PCI class code");
	*pci_class = (uint32_t)class;
	return HU_OK;
}

bool hu_pci_class(const char *dir, uint32_t *pci_class)
{
	return read_class(dir, pci_class, NULL) == HU_OK;
}

/*
 * Is @port, at @dir, the root port of @bdf: a PCI-to-PCI bridge (class
 * 0x0604xx)?  A class that cannot be read is said to be, not taken for "no".
 */
static int check_root_port(const char *dir, uint16_t port, uint16_t bdf, struct hu_err *e)
{
	char b[HU_BDF_TEXT], p[HU_BDF_TEXT], above[32] = "";
	struct hu_err why = { 0 };
	uint32_t class;

	if (port != bdf)
		snprintf(above, sizeof(above), " (above %s)", hu_bdf_text(bdf, b));
	if (read_class(dir, &class, &why))
		return hu_fail(e, HU_E_FILTER, "cannot tell whether PCI device %s%s is a root port: %s",
			       hu_bdf_text(port, p), above, why.msg);
	if ((class >> 8) != 0x0604)
		return hu_fail(e, HU_E_FILTER, "PCI device %s is not behind a root port",
			       hu_bdf_text(bdf, b));
	return HU_OK;
}

static int no_device(unsigned int domain, uint16_t bdf, struct hu_err *e)
{
	char name[HU_PCI_NAME_TEXT];

	return hu_fail(e, HU_E_FILTER, "no PCI device %s", hu_pci_name_text(domain, bdf, name));
}

/*
 * From the device's canonical path @real, searched from @below: its root
 * port, checked to be a bridge.
 */
static int root_port_of_path(char *real, char *below, unsigned int domain, uint16_t bdf,
			     uint16_t *root_port, struct hu_err *e)
{
	unsigned int host_domain, port_domain;
	char b[HU_BDF_TEXT];
	char *first, *end;

	if (!last_host_bridge(below, &host_domain, &first))
		return hu_fail(e, HU_E_FILTER, "PCI device %s is not under a PCI host bridge (%s)",
			       hu_bdf_text(bdf, b), real);
	end = strchrnul(first, '/');
	if (hu_parse_pci_name(first, (size_t)(end - first), &port_domain, root_port, NULL) ||
	    port_domain != domain || host_domain != domain)
		return hu_fail(e, HU_E_FILTER, "cannot read the PCI path %s", real);
	*end = '\0';
	return check_root_port(real, *root_port, bdf, e);
}

int hu_pci_root_port(const char *sysfs_root, unsigned int domain, uint16_t bdf,
		     uint16_t *root_port, struct hu_err *e)
{
	char rel[64], real[PATH_MAX], *below;

	device_rel(domain, bdf, rel);
	if (!resolve(sysfs_root, rel, real, &below))
		return no_device(domain, bdf, e);
	return root_port_of_path(real, below, domain, bdf, root_port, e);
}

unsigned int hu_pci_domain_of_pmu(const char *sysfs_root, const char *pmu)
{
	char rel[HU_NAME_MAX + 32], real[PATH_MAX], *below, *after;
	unsigned int domain;

	snprintf(rel, sizeof(rel), "bus/event_source/devices/%s", pmu);
	if (!resolve(sysfs_root, rel, real, &below) || !last_host_bridge(below, &domain, &after))
		return 0;
	return domain;
}

static int cmp_device(const void *a, const void *b)
{
	const struct hu_pci_device *x = a, *y = b;

	return (int)x->bdf - (int)y->bdf;
}

bool hu_pci_each_device(const char *sysfs_root, hu_pci_visit *visit, void *ctx)
{
	char path[PATH_MAX];
	struct dirent *d;
	DIR *dir;

	if (snprintf(path, sizeof(path), "%s/bus/pci/devices", sysfs_root) >= (int)sizeof(path) ||
	    !(dir = opendir(path)))
		return false;
	while ((d = readdir(dir)) != NULL) {
		unsigned int domain;
		uint16_t bdf;

		if (hu_parse_pci_name(d->d_name, strlen(d->d_name), &domain, &bdf, NULL) == HU_OK &&
		    !visit(ctx, d->d_name, domain, bdf))
			break;
	}
	closedir(dir);
	return true;
}

/* What bdf_domains() gathers: the lowest @max domains of @bdf, and the count. */
struct domain_list {
	uint16_t bdf;
	unsigned int *domains;
	unsigned int n, max;
};

/* Count @domain if the entry is the function; keep it if among the lowest, in order. */
static bool note_domain(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct domain_list *l = ctx;
	unsigned int i = l->n < l->max ? l->n : l->max;

	(void)name;
	if (bdf != l->bdf)
		return true;
	/* an insertion step: directory order is no order, and the highest kept falls off */
	for (; i > 0 && l->domains[i - 1] > domain; i--)
		if (i < l->max)
			l->domains[i] = l->domains[i - 1];
	if (i < l->max)
		l->domains[i] = domain;
	l->n++;
	return true;
}

/* How many PCI domains have a function @bdf; the lowest @max of them, in order, into @domains. */
static unsigned int bdf_domains(const char *sysfs_root, uint16_t bdf, unsigned int *domains,
				unsigned int max)
{
	struct domain_list l = { bdf, domains, 0, max };

	hu_pci_each_device(sysfs_root, note_domain, &l);
	return l.n;
}

bool hu_pci_bdf_names_one(const char *sysfs_root, uint16_t bdf, unsigned int *lowest, char *why,
			  size_t len)
{
	unsigned int dom[2], n = bdf_domains(sysfs_root, bdf, dom, 2);
	char b[HU_BDF_TEXT];

	if (n < 2)
		return true;
	*lowest = dom[0];
	hu_bdf_text(bdf, b);
	/* two are named before the function; of more, how many, and the lowest two after it */
	if (n == 2)
		snprintf(why, len, "PCI domains %04x and %04x both have a %s", dom[0], dom[1], b);
	else
		snprintf(why, len, "%u PCI domains have a %s (%04x, %04x, ...)", n, b, dom[0], dom[1]);
	return false;
}

/* What hu_pci_scan() gathers: the devices of one domain. */
struct pci_scan {
	const char *sysfs_root;
	unsigned int domain;
	struct hu_pci_device *dev;
	unsigned int n, cap;
	bool no_memory;
};

/* Room for one more device; false once a domain is full or memory runs out. */
static bool scan_room(struct pci_scan *s)
{
	struct hu_pci_device *d;
	unsigned int cap;

	if (s->n < s->cap)
		return true;
	if (s->n == HU_PCI_DOMAIN_BDFS)	/* more names than bdfs: not a PCI tree */
		return false;
	cap = s->cap ? 2 * s->cap : 64;
	d = realloc(s->dev, cap * sizeof(*d));
	if (!d) {
		s->no_memory = true;
		return false;
	}
	s->dev = d;
	s->cap = cap;
	return true;
}

/* Append the device, if it is one of the scan's domain; false once the scan is full. */
static bool scan_entry(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct pci_scan *s = ctx;
	struct hu_pci_device *dev;

	(void)name;
	if (domain != s->domain)
		return true;
	if (!scan_room(s))
		return false;
	dev = &s->dev[s->n++];
	dev->bdf = bdf;
	dev->has_root_port = hu_pci_root_port(s->sysfs_root, domain, bdf, &dev->root_port,
					      NULL) == HU_OK;
	return true;
}

unsigned int hu_pci_scan(const char *sysfs_root, unsigned int domain, struct hu_pci_device **out)
{
	struct pci_scan s = { .sysfs_root = sysfs_root, .domain = domain };

	*out = NULL;
	if (!hu_pci_each_device(sysfs_root, scan_entry, &s) || s.n == 0 || s.no_memory) {
		free(s.dev);
		return 0;
	}
	qsort(s.dev, s.n, sizeof(*s.dev), cmp_device);
	*out = s.dev;
	return s.n;
}
