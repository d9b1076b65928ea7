// SPDX-License-Identifier: BSD-3-Clause
/* pci_sysfs.c - PCI topology from sysfs (see pci_sysfs.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "pci_sysfs.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysfs_parse.h"

static int device_path(const char *root, unsigned int domain, uint16_t bdf,
		       char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/bus/pci/devices/%04x:%02x:%02x.%x", root, domain,
			 bdf >> 8, (bdf >> 3) & 0x1f, bdf & 0x7);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

bool hu_pci_exists(const char *sysfs_root, unsigned int domain, uint16_t bdf)
{
	char path[PATH_MAX];

	return device_path(sysfs_root, domain, bdf, path, sizeof(path)) == 0 &&
	       access(path, F_OK) == 0;
}

/* "DDDD:BB:DD.F" -> bdf; false if @s is not such a name. */
static bool parse_pci_name(const char *s, size_t len, uint16_t *bdf)
{
	unsigned int dom, bus, dev, fn;

	if (len != 12 || sscanf(s, "%4x:%2x:%2x.%1x", &dom, &bus, &dev, &fn) != 4)
		return false;
	if (dev > 0x1f || fn > 7)
		return false;
	*bdf = (uint16_t)(bus << 8 | dev << 3 | fn);
	return true;
}

/* Is the device at @dir a PCI-to-PCI bridge (class 0x0604xx)? */
static bool is_bridge(const char *dir)
{
	char path[PATH_MAX], buf[32];
	struct stat st;
	uint64_t class;
	ssize_t n;
	int fd;

	if (snprintf(path, sizeof(path), "%s/class", dir) >= (int)sizeof(path))
		return false;
	/* a FIFO would block open() and read() for ever */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return false;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	return hu_parse_u64(buf, (size_t)n, &class, NULL) == HU_OK &&
	       (class >> 8) == 0x0604;
}

int hu_pci_root_port(const char *sysfs_root, unsigned int domain, uint16_t bdf,
		     uint16_t *root_port, struct hu_err *e)
{
	char path[PATH_MAX], real[PATH_MAX], top[PATH_MAX];
	const char *host, *first, *end;

	if (device_path(sysfs_root, domain, bdf, path, sizeof(path)) ||
	    !realpath(path, real))
		return hu_fail(e, HU_E_FILTER, "no PCI device %04x:%02x:%02x.%x", domain,
			       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 0x7);
	/* .../devices/pci0000:3c/0000:3c:00.0/0000:3d:00.0 */
	host = strstr(real, "/pci");
	first = host ? strchr(host + 1, '/') : NULL;
	if (!first)
		return hu_fail(e, HU_E_FILTER, "%s is not under a PCI host bridge", real);
	first++;
	end = strchr(first, '/');
	if (!end)
		end = first + strlen(first);
	if (!parse_pci_name(first, (size_t)(end - first), root_port))
		return hu_fail(e, HU_E_FILTER, "cannot read the PCI path %s", real);
	memcpy(top, real, (size_t)(end - real));
	top[end - real] = '\0';
	if (!is_bridge(top))
		return hu_fail(e, HU_E_FILTER, "PCI device %02x:%02x.%x is not behind a root port",
			       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 0x7);
	return HU_OK;
}

unsigned int hu_pci_domain_of_pmu(const char *pmu_dir)
{
	char real[PATH_MAX];
	const char *host;
	unsigned int dom;

	if (!realpath(pmu_dir, real))
		return 0;
	host = strstr(real, "/pci");
	if (!host || sscanf(host, "/pci%4x:", &dom) != 1)
		return 0;
	return dom;
}
