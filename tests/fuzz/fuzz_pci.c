// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the PCI look-ups (pci_sysfs.c) and the BDF parser and
 * formatters over a tree the input describes in fuzz_tree.h's rooted
 * layout: device directories, class files, bus/pci/devices links and PMU
 * links under host bridges, dangling, looping or pointing anywhere in the
 * tree.  Every name in bus/pci/devices and bus/event_source/devices is
 * looked up.  Invariants:
 *   - a PCI name that parses prints back, canonically, to the same device;
 *   - a device exists exactly when its canonical link resolves;
 *   - a root port found is the component after the device's last host
 *     bridge, in the device's domain, and is a bridge (class 0x0604xx);
 *   - a refusal has a printable one-line message; no descriptor leaks.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_tree.h"
#include "fuzz_util.h"
#include "pci_sysfs.h"
#include "sysfs_parse.h"

static struct fz_tree tree;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_tree_init(&tree, FZ_ROOTED);
	return 0;
}

/* The canonical texts parse back to the same values. */
static void check_texts(unsigned int domain, uint16_t bdf)
{
	char name[HU_PCI_NAME_TEXT], b[HU_BDF_TEXT];
	unsigned int dom2;
	uint16_t bdf2;

	hu_pci_name_text(domain, bdf, name);
	FZ_ASSERT(hu_parse_pci_name(name, strlen(name), &dom2, &bdf2, NULL) == HU_OK);
	FZ_ASSERT(dom2 == domain && bdf2 == bdf);
	hu_bdf_text(bdf, b);
	FZ_ASSERT(hu_parse_bdf(b, strlen(b), &bdf2, NULL) == HU_OK && bdf2 == bdf);
}

/* @real's components include "pciDDDD:" then the root port's own name. */
static void check_root_port(const char *real, unsigned int domain, uint16_t rp)
{
	char host[16], port[HU_PCI_NAME_TEXT + 2], path[PATH_MAX], class[32];
	const char *at;
	FILE *f;

	snprintf(host, sizeof(host), "/pci%04x:", domain);
	snprintf(port, sizeof(port), "/%s", hu_pci_name_text(domain, rp, port + 1));
	at = strstr(real, host);
	FZ_ASSERT(at && strstr(at, port));
	at = strstr(at, port) + strlen(port);
	snprintf(path, sizeof(path), "%.*s/class", (int)(at - real), real);
	f = fopen(path, "re");
	FZ_ASSERT(f && fgets(class, sizeof(class), f));
	fclose(f);
	FZ_ASSERT(strtoull(class, NULL, 0) >> 8 == 0x0604);
}

static void check_device(const char *name)
{
	char link[PATH_MAX], real[PATH_MAX], canon[HU_PCI_NAME_TEXT];
	struct hu_err e = { 0 };
	unsigned int domain;
	uint16_t bdf, rp;
	bool resolves;
	int ret;

	if (hu_parse_pci_name(name, strlen(name), &domain, &bdf, &e)) {
		fz_check_refusal(e.status, &e);
		return;
	}
	check_texts(domain, bdf);
	snprintf(link, sizeof(link), "%s/bus/pci/devices/%s", tree.root,
		 hu_pci_name_text(domain, bdf, canon));
	resolves = realpath(link, real) != NULL;
	FZ_ASSERT(hu_pci_exists(tree.root, domain, bdf) == resolves);
	ret = hu_pci_root_port(tree.root, domain, bdf, &rp, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		return;
	}
	FZ_ASSERT(resolves);
	check_root_port(real, domain, rp);
}

/* Every entry of @rel (under the root) through @check. */
static void each_entry(const char *rel, void (*check)(const char *))
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", tree.root, rel);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			check(de->d_name);
	closedir(d);
}

static void check_pmu(const char *name)
{
	char path[PATH_MAX], real[PATH_MAX], host[16];
	unsigned int domain = hu_pci_domain_of_pmu(tree.root, name);

	if (domain == 0)
		return;
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s", tree.root, name);
	snprintf(host, sizeof(host), "/pci%04x:", domain);
	FZ_ASSERT(realpath(path, real) && strstr(real, host));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fds = count_open_fds();

	fz_tree_build(&tree, data, size);
	each_entry("bus/pci/devices", check_device);
	each_entry("bus/event_source/devices", check_pmu);
	/* names the tree may lack, so that refusals are reached too */
	check_device("0000:35:00.0");
	check_device("0000:3d:00.0");
	fz_tree_clear(&tree);
	FZ_ASSERT(count_open_fds() == fds);
	return 0;
}
