// SPDX-License-Identifier: BSD-3-Clause
/*
 * stat_device.c - bdf forms of the command line, device names from PCI sysfs.
 */
#define _POSIX_C_SOURCE 200809L
#include "stat_device.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A hex field of exactly 1..@max digits ending at a char of @end. */
static bool hex_field(const char **p, unsigned int max, const char *end, unsigned long *v)
{
	char *stop;
	const char *s = *p;

	if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')))
		return false;
	*v = strtoul(s, &stop, 16);
	if (stop - s > (long)max || !strchr(end, *stop))
		return false;
	*p = stop;
	return true;
}

bool hu_stat_parse_bdf(const char *text, int *domain, unsigned int *bdf)
{
	unsigned long a, b, dev, fn;
	const char *p = text;

	*domain = -1;
	if (!text || !*text)
		return false;
	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		p = text + 2;
		if (!hex_field(&p, 4, "", &a))
			return false;
		*bdf = (unsigned int)a;
		return true;
	}
	if (!hex_field(&p, 4, ":", &a) || !*p++)
		return false;
	if (!hex_field(&p, 2, ":.", &b))
		return false;
	if (*p == ':') {	/* DDDD:BB:DD.F */
		p++;
		*domain = (int)a;
		a = b;
		if (!hex_field(&p, 2, ".", &b))
			return false;
	} else if (a > 0xff) {
		return false;
	}
	dev = b;
	p++;
	if (!hex_field(&p, 1, "", &fn) || dev > 0x1f || fn > 7)
		return false;
	*bdf = (unsigned int)(a << 8 | dev << 3 | fn);
	return true;
}

/* The PCI class code in @path, or -1 (missing, not a plain file, garbage). */
static long read_class(const char *path)
{
	char buf[32];
	struct stat st;
	ssize_t n;
	char *end;
	long v;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	v = strtol(buf, &end, 16);
	if (end == buf || (*end && *end != '\n') || v < 0 || v > 0xffffff)
		return -1;
	return v;
}

/* The directory entry of the function in bus/pci/devices, "DDDD:BB:DD.F". */
static bool find_function(const char *devices, int domain, unsigned int bdf, char *name,
			  size_t len)
{
	char suffix[16];
	DIR *d = opendir(devices);
	struct dirent *de;
	bool found = false;

	if (!d)
		return false;
	snprintf(suffix, sizeof(suffix), "%02x:%02x.%x", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
	while (!found && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		unsigned int dom;
		char tail[16];

		/* the first match by name order would need a sort; domains rarely repeat a bdf */
		if (n != 12 || sscanf(de->d_name, "%4x:%9s", &dom, tail) != 2 ||
		    strcmp(tail, suffix) != 0 || (domain >= 0 && dom != (unsigned int)domain))
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
	char devices[4096], path[4400], fn[64];
	const char *class_name = NULL;
	long pci_class = -1;

	snprintf(devices, sizeof(devices), "%s/bus/pci/devices", sysfs_root ? sysfs_root : "/sys");
	if (find_function(devices, domain, bdf, fn, sizeof(fn))) {
		snprintf(path, sizeof(path), "%s/%s/class", devices, fn);
		pci_class = read_class(path);
		if (pci_class >= 0)
			class_name = hu_stat_class_name((unsigned int)pci_class);
	}
	if (class_name)
		snprintf(out, len, "%02x:%02x.%x %s", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7, class_name);
	else if (pci_class >= 0)
		snprintf(out, len, "%02x:%02x.%x class %04lx", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7,
			 (unsigned long)pci_class >> 8);
	else
		snprintf(out, len, "%02x:%02x.%x", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
}
