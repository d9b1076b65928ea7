// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the guest's PCI topology.
 *
 * The real PMUs learn their bdf ranges from a device register; here the
 * emulator fills that register from the machine it runs on, so that the
 * drivers' lookups (pci_get_domain_bus_and_slot, pcie_find_root_port) find
 * real devices:
 *
 *  - a PCIe PMU covers root ports (bdf_min..bdf_max are root port BDFs);
 *  - an HNS3 PMU covers NIC functions (network-class endpoint functions).
 *
 * Discovered devices are grouped by bus number. With at least as many bus
 * groups as instances, each instance gets a contiguous run of whole groups
 * (one PCIe core per root bus, as on Hip09); otherwise the devices are split
 * into contiguous runs of equal size. An instance left without devices gets
 * the empty range 0..0.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/sort.h>

#include "hip09_emu.h"

#define EMU_TOPO_MAX	256
#define EMU_DOMAIN	0	/* the PMUs' PCI domain */

static bool emu_topo_is_nic(struct pci_dev *pdev)
{
	return (pdev->class >> 16) == PCI_BASE_CLASS_NETWORK &&
	       pdev->hdr_type == PCI_HEADER_TYPE_NORMAL;
}

static bool emu_topo_is_root_port(struct pci_dev *pdev)
{
	return pci_is_pcie(pdev) && pci_pcie_type(pdev) == PCI_EXP_TYPE_ROOT_PORT;
}

static int emu_topo_cmp_u16(const void *a, const void *b)
{
	return *(const u16 *)a - *(const u16 *)b;
}

/* BDFs of domain 0 root ports (or NIC functions), sorted. */
static unsigned int emu_topo_collect(bool root_ports, u16 *bdf,
				     unsigned int max)
{
	struct pci_dev *pdev = NULL;
	unsigned int n = 0;

	for_each_pci_dev(pdev) {
		if (pci_domain_nr(pdev->bus) != EMU_DOMAIN)
			continue;
		if (root_ports ? !emu_topo_is_root_port(pdev) :
				 !emu_topo_is_nic(pdev))
			continue;
		if (n < max)
			bdf[n++] = pci_dev_id(pdev);
	}
	sort(bdf, n, sizeof(*bdf), emu_topo_cmp_u16, NULL);
	return n;
}

/* Index of the first device of each bus group, plus a final n. */
static unsigned int emu_topo_groups(const u16 *bdf, unsigned int n,
				    unsigned int *start)
{
	unsigned int i, g = 0;

	for (i = 0; i < n; i++)
		if (!i || PCI_BUS_NUM(bdf[i]) != PCI_BUS_NUM(bdf[i - 1]))
			start[g++] = i;
	start[g] = n;
	return g;
}

static void emu_topo_set(struct emu_bdf_range *r, const u16 *bdf,
			 unsigned int first, unsigned int end)
{
	if (first >= end) {
		r->min = 0;
		r->max = 0;
		return;
	}
	r->min = bdf[first];
	r->max = bdf[end - 1];
}

int emu_topo_split(bool root_ports, unsigned int n, struct emu_bdf_range *out)
{
	static u16 bdf[EMU_TOPO_MAX];
	static unsigned int start[EMU_TOPO_MAX + 1];
	unsigned int count, groups, i;

	count = emu_topo_collect(root_ports, bdf, EMU_TOPO_MAX);
	groups = emu_topo_groups(bdf, count, start);
	if (!count)
		pr_warn("no %s found: PMUs cover nothing\n",
			root_ports ? "root ports" : "NIC functions");

	for (i = 0; i < n; i++) {
		if (groups >= n)
			emu_topo_set(&out[i], bdf, start[i * groups / n],
				     start[(i + 1) * groups / n]);
		else
			emu_topo_set(&out[i], bdf, i * count / n,
				     (i + 1) * count / n);
	}
	return 0;
}

/* "0x3000-0x3020,0x3c00-0x3c00": exactly n ranges. */
int emu_topo_parse_ranges(const char *s, unsigned int n,
			  struct emu_bdf_range *out)
{
	unsigned int i = 0, min, max;
	const char *p = s;
	int used;

	while (*p) {
		if (i == n || sscanf(p, "%i-%i%n", &min, &max, &used) != 2 ||
		    min > U16_MAX || max > U16_MAX || min > max)
			return -EINVAL;
		out[i].min = min;
		out[i].max = max;
		i++;
		p += used;
		if (emu_parse_list_sep(&p))
			return -EINVAL;
	}
	return i == n ? 0 : -EINVAL;
}

bool emu_topo_dev_exists(u16 bdf)
{
	struct pci_dev *pdev;

	pdev = pci_get_domain_bus_and_slot(EMU_DOMAIN, PCI_BUS_NUM(bdf),
					   bdf & 0xff);
	pci_dev_put(pdev);
	return pdev;
}

/* The root port above device @bdf, as hisi_pcie_pmu finds it. */
int emu_topo_root_port_of(u16 bdf, u16 *rp_bdf)
{
	struct pci_dev *pdev, *rp;

	pdev = pci_get_domain_bus_and_slot(EMU_DOMAIN, PCI_BUS_NUM(bdf),
					   bdf & 0xff);
	if (!pdev)
		return -ENODEV;
	rp = pcie_find_root_port(pdev);
	if (rp)
		*rp_bdf = pci_dev_id(rp);
	pci_dev_put(pdev);
	return rp ? 0 : -ENODEV;
}

unsigned int emu_topo_root_ports_in(const struct emu_bdf_range *r, u16 *out,
				    unsigned int max)
{
	struct pci_dev *pdev = NULL;
	unsigned int n = 0;

	for_each_pci_dev(pdev) {
		u16 id = pci_dev_id(pdev);

		if (pci_domain_nr(pdev->bus) != EMU_DOMAIN ||
		    !emu_topo_is_root_port(pdev) || id < r->min || id > r->max)
			continue;
		if (n < max)
			out[n++] = id;
	}
	sort(out, n, sizeof(*out), emu_topo_cmp_u16, NULL);
	return n;
}

/* First function on the secondary bus of root port @rp_bdf. */
int emu_topo_first_function_below(u16 rp_bdf, u16 *ep_bdf)
{
	struct pci_dev *rp;
	struct pci_dev *pdev;
	int ret = -ENODEV;

	rp = pci_get_domain_bus_and_slot(EMU_DOMAIN, PCI_BUS_NUM(rp_bdf),
					 rp_bdf & 0xff);
	if (!rp)
		return -ENODEV;
	if (rp->subordinate) {
		list_for_each_entry(pdev, &rp->subordinate->devices, bus_list) {
			*ep_bdf = pci_dev_id(pdev);
			ret = 0;
			break;
		}
	}
	pci_dev_put(rp);
	return ret;
}

int emu_topo_first_function_in(const struct emu_bdf_range *r, u16 *bdf)
{
	unsigned int id;

	for (id = r->min; id <= r->max; id++) {
		if (emu_topo_dev_exists(id)) {
			*bdf = id;
			return 0;
		}
	}
	return -ENODEV;
}

/* Does some function of range @r have this devfn (on any of its buses)? */
bool emu_topo_devfn_in(const struct emu_bdf_range *r, u8 devfn)
{
	unsigned int bus;

	for (bus = PCI_BUS_NUM(r->min); bus <= PCI_BUS_NUM(r->max); bus++) {
		u16 id = PCI_DEVID(bus, devfn);

		if (id >= r->min && id <= r->max && emu_topo_dev_exists(id))
			return true;
	}
	return false;
}
