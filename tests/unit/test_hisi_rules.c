// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: tool defaults, the drivers' filter rules and the PCI look-ups
 * (hisi_rules.c, pci_sysfs.c), on the fixture PMUs plus a fake PCI tree:
 *   pci0000:3c/0000:3c:00.0 root port -> 0000:3d:00.0 endpoint   (in range)
 *   pci0000:3c/0000:3c:01.0 endpoint on the root bus (no root port)
 *   pci0000:50/0000:50:00.0 root port -> 0000:51:00.0 endpoint   (out of range)
 *   pci0000:35/0000:35:00.0 NIC function (HNS3 range 35:00.0-35:03.7)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "hip09_tables.h"
#include "hisi_meaning.h"
#include "pmu_family.h"
#include "hisi_rules.h"

static struct fixture_tree tree;
static struct hu_pmu_set set;

static int setup(void)
{
	tree_init_fixtures(&tree);
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0000:3c/0000:3c:01.0", "0x020000\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000\n");
	return hu_pmu_scan(&set, tree.root, NULL, NULL) == HU_OK ? 0 : 1;
}

static int teardown(void)
{
	hu_pmu_set_free(&set);
	tree_free(&tree);
	return 0;
}

static int resolve(const char *name, struct hu_resolved *r, struct hu_err *e)
{
	hu_err_clear(e);
	return hu_resolve(&set, name, r, e);
}

static void test_hns3_defaults_and_modes(void)
{
	struct hu_resolved r;
	struct hu_err e;

	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_GLOBAL);
	HU_ASSERT_EQ(r.attr.config[1], 0x1000ffff0000f0ULL);
	HU_ASSERT_STR_EQ(r.defaults, "tc=0xf,queue=0xffff,global=0x1");
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_PORT);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1:tc=3", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_PORT_TC);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_FUNC);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::dly_rpu_time:bdf=0x3500:queue=3", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_FUNC_QUEUE);
	HU_ASSERT_CONTAINS(r.filters, "queue=0x3");
}

static void test_hns3_refusals(void)
{
	struct hu_resolved r;
	struct hu_err e;

	/* dly_rpu_* support global and func-queue only */
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::dly_rpu_time:port=2", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "the event supports global (global=1), func-queue");
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1:queue=3", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "selects port mode, which ignores queue=0x3");
	/* 35:01.0 is in range but absent; 36:00.0 out of range */
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3508", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "no such PCIe function");
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3600", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "outside hns3_pmu_sicl_0's range 35:00.0 to 35:03.7");
}

/*
 * An event whose filtermode lacks global: no global=1 default (the driver
 * would not honour it), and a bare name is refused rather than counted on
 * port 0 (the mode the driver falls to with the other defaults).
 */
static void test_hns3_event_without_global(void)
{
	struct fixture_tree t;
	struct hu_pmu_set s;
	struct hu_resolved r;
	struct hu_err e;

	tree_init_fixtures(&t);
	tree_put(&t, "hns3_pmu_sicl_0/filtermode/bw_ssu_rpu_byte_num",
		 "filter mode supported: port port-tc func\n");
	tree_pci_device(&t, "pci0000:35/0000:35:00.0", "0x020000\n");
	HU_ASSERT_EQ_FATAL(hu_pmu_scan(&s, t.root, NULL, NULL), HU_OK);
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "has no global mode");
	HU_ASSERT_CONTAINS(e.msg, "port (tc == 0xf)");
	HU_ASSERT_CONTAINS(e.msg, "choose one with port=, tc=, bdf=, queue=");
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1", &r, &e), HU_OK, &e);
	HU_ASSERT_LACKS(r.defaults, "global");
	HU_ASSERT_EQ(r.attr.config[1] >> 52 & 1, 0);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_PORT);
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.hns3_mode, HIP09_HNS3_MODE_FUNC);
	hu_pmu_set_free(&s);
	tree_free(&t);
}

/*
 * hns3_pmu_get_filter_condition() programs func modes with bdf & 0xff, not
 * the bus: a function whose device.function repeats on another bus of the
 * PMU's range would count that function's traffic too.  Refused, naming it.
 */
static void test_hns3_func_alias_on_another_bus(void)
{
	struct fixture_tree t;
	struct hu_pmu_set s;
	struct hu_resolved r;
	struct hu_err e;

	tree_init_fixtures(&t);
	tree_put(&t, "hns3_pmu_sicl_0/bdf_max", "36:00.1\n");
	tree_pci_device(&t, "pci0000:35/0000:35:00.0", "0x020000\n");
	tree_pci_device(&t, "pci0000:35/0000:35:00.1", "0x020000\n");
	tree_pci_device(&t, "pci0000:36/0000:36:00.0", "0x020000\n");
	HU_ASSERT_EQ_FATAL(hu_pmu_scan(&s, t.root, NULL, NULL), HU_OK);
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", &r, &e),
			 HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "bdf 35:00.0: 36:00.0 in hns3_pmu_sicl_0's range has "
				     "the same device.function");
	HU_ASSERT_CONTAINS(e.msg, "hns3_pmu_get_filter_condition()");
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::dly_rpu_time:bdf=0x3600:queue=1", &r, &e),
			 HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "bdf 36:00.0: 35:00.0 in hns3_pmu_sicl_0's range");
	/* 35:00.1 has no twin on bus 0x36: counted */
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3501", &r, &e),
			 HU_OK, &e);
	/* port and global modes do not filter by function */
	HU_ASSERT_STATUS(hu_resolve(&s, "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1", &r, &e), HU_OK, &e);
	hu_pmu_set_free(&s);
	tree_free(&t);
}

/* The functions a test says exist, for hip09_hns3_devfn_twin(); counts the asks. */
struct fake_pci {
	const uint16_t *bdf;
	size_t n;
	unsigned int asked;
};

static bool fake_pci_exists(void *ctx, uint16_t bdf)
{
	struct fake_pci *pci = ctx;

	pci->asked++;
	for (size_t i = 0; i < pci->n; i++)
		if (pci->bdf[i] == bdf)
			return true;
	return false;
}

/*
 * The tables' twin rule alone: the same device.function on another bus of
 * [bdf_min, bdf_max] that exists, never @bdf itself nor a bus end outside
 * the range (35:00.0-37:00.7 leaves 37:01.0 out).
 */
static void test_hns3_devfn_twin_rule(void)
{
	static const uint16_t there[] = { 0x3500, 0x3501, 0x3608, 0x3700, 0x3708 };
	struct fake_pci pci = { there, sizeof(there) / sizeof(there[0]), 0 };
	uint16_t twin = 0;

	CU_ASSERT_TRUE(hip09_hns3_devfn_twin(0x3500, 0x3500, 0x3707, fake_pci_exists, &pci, &twin));
	HU_ASSERT_EQ(twin, 0x3700);
	CU_ASSERT_TRUE(hip09_hns3_devfn_twin(0x3700, 0x3500, 0x3707, fake_pci_exists, &pci, &twin));
	HU_ASSERT_EQ(twin, 0x3500);	/* the first bus in order */
	CU_ASSERT_FALSE(hip09_hns3_devfn_twin(0x3501, 0x3500, 0x3707, fake_pci_exists, &pci, &twin));
	/* 37:01.0 exists but lies past bdf_max 37:00.7: only 35:01.0 is asked */
	pci.asked = 0;
	CU_ASSERT_FALSE(hip09_hns3_devfn_twin(0x3608, 0x3500, 0x3707, fake_pci_exists, &pci, &twin));
	HU_ASSERT_EQ(pci.asked, 1);
	pci.asked = 0;
	CU_ASSERT_FALSE(hip09_hns3_devfn_twin(0x3608, 0x3600, 0x3707, fake_pci_exists, &pci, &twin));
	HU_ASSERT_EQ(pci.asked, 0);	/* 37:01.0 > bdf_max: never asked */
	/* one bus: nothing to share with */
	pci.asked = 0;
	CU_ASSERT_FALSE(hip09_hns3_devfn_twin(0x3500, 0x3500, 0x35ff, fake_pci_exists, &pci, &twin));
	HU_ASSERT_EQ(pci.asked, 0);
	/* the last bus of the bdf space ends the walk */
	CU_ASSERT_FALSE(hip09_hns3_devfn_twin(0xff00, 0xfe00, 0xffff, fake_pci_exists, &pci, &twin));
}

static void test_pcie_defaults_and_bdf(void)
{
	struct hu_resolved r;
	struct hu_err e;

	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_latency", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.attr.config[2], 0xffff);	/* all root ports */
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00", &r, &e), HU_OK, &e);
	HU_ASSERT_EQ(r.attr.config[2], 0x3d000000ULL);
	HU_ASSERT_STR_EQ(r.defaults, "");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:bdf=0x3c08", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "not behind a root port");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:bdf=0x5100", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "bdf 51:00.0 sits behind root port 50:00.0");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:bdf=0x3e00", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "no PCI device");
}

/*
 * The look-ups read the topology below the sysfs root only: a root whose
 * own path has "/pci" or a host-bridge-like name in it changes nothing,
 * and a PMU under a host bridge of domain 1 looks in domain 1.
 */
static void check_lookups_below(const char *below, unsigned int domain)
{
	char dev[4][64];
	struct fixture_tree t;
	struct hu_pmu_set s;
	struct hu_resolved r;
	struct hu_err e;

	tree_init_fixtures_below(&t, below);
	snprintf(dev[0], sizeof(dev[0]), "pci%04x:3c/%04x:3c:00.0", domain, domain);
	snprintf(dev[1], sizeof(dev[1]), "pci%04x:3c/%04x:3c:00.0/%04x:3d:00.0", domain, domain, domain);
	snprintf(dev[2], sizeof(dev[2]), "pci%04x:50/%04x:50:00.0", domain, domain);
	snprintf(dev[3], sizeof(dev[3]), "pci%04x:50/%04x:50:00.0/%04x:51:00.0", domain, domain, domain);
	tree_pci_device(&t, dev[0], "0x060400\n");
	tree_pci_device(&t, dev[1], "0x010802\n");
	tree_pci_device(&t, dev[2], "0x060400\n");
	tree_pci_device(&t, dev[3], "0x020000\n");
	if (domain)
		tree_pmu_under_device(&t, "hisi_pcie0_core0", dev[0]);
	HU_ASSERT_EQ_FATAL(hu_pmu_scan(&s, t.root, NULL, NULL), HU_OK);
	HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mwr_flux:bdf=0x5100", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "bdf 51:00.0 sits behind root port 50:00.0");
	hu_pmu_set_free(&s);
	tree_free(&t);
}

static void test_pci_lookups_below_the_root(void)
{
	check_lookups_below("pcie-lab/sys", 0);
	check_lookups_below("pci0002:00/sys", 0);
	check_lookups_below("pcie-lab/sys", 1);
}

/*
 * A host bridge is named as the kernel writes it, "pci%04x:%02x": a name
 * with uppercase hex is no host bridge (fuzz_pci: "pciA000:3c" gave domain
 * 0xa000 to a PMU whose path holds no "/pcia000:").
 */
static void test_host_bridge_names_as_the_kernel_writes_them(void)
{
	static const struct {
		const char *path;
		unsigned int domain;
	} cases[] = {
		{ "pcia000:3c/a000:3c:00.0", 0xa000 },
		{ "pciA000:3c/a000:3c:00.0", 0 },
		{ "pci0001:3C/0001:3c:00.0", 0 },
		{ "pci00g1:3c/0001:3c:00.0", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture_tree t;

		tree_init_fixtures(&t);
		tree_pci_device(&t, cases[i].path, "0x060400\n");
		tree_pmu_under_device(&t, "hisi_pcie0_core0", cases[i].path);
		HU_ASSERT_EQ(hu_pci_domain_of_pmu(t.root, "hisi_pcie0_core0"), cases[i].domain);
		tree_free(&t);
	}
}

/* What the visitor of test_pci_device_walk() saw. */
struct walk_seen {
	unsigned int n, stop_after;
	unsigned int domain[8];
	uint16_t bdf[8];
	char name[8][16];
};

static bool record_device(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct walk_seen *w = ctx;

	if (w->n < 8) {
		w->domain[w->n] = domain;
		w->bdf[w->n] = bdf;
		snprintf(w->name[w->n], sizeof(w->name[0]), "%s", name);
	}
	return ++w->n != w->stop_after;
}

/* The seen device @domain:@bdf under @name, once. */
static unsigned int seen(const struct walk_seen *w, const char *name, unsigned int domain,
			 uint16_t bdf)
{
	unsigned int k = 0;

	for (unsigned int i = 0; i < w->n && i < 8; i++)
		k += w->domain[i] == domain && w->bdf[i] == bdf && !strcmp(w->name[i], name);
	return k;
}

/*
 * The walk of bus/pci/devices visits each entry named as a device, in any
 * domain, whatever it holds (a dangling link, a plain file), passes other
 * names over and stops when the visitor says so.
 */
static void test_pci_device_walk(void)
{
	struct walk_seen w = { 0 };
	struct fixture_tree t;

	tree_init(&t);
	CU_ASSERT_FALSE(hu_pci_each_device(t.root, record_device, &w));	/* no bus/pci/devices */
	HU_ASSERT_EQ(w.n, 0);
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	tree_pci_device(&t, "pci0001:3c/0001:3c:00.0", "");
	tree_link_root(&t, "bus/pci/devices/0000:60:00.0", "/nonexistent");
	tree_put_root(&t, "bus/pci/devices/0000:61:00.0", "x");
	tree_put_root(&t, "bus/pci/devices/garbage", "x");
	tree_put_root(&t, "bus/pci/devices/0000:zz:00.0", "x");
	CU_ASSERT_TRUE(hu_pci_each_device(t.root, record_device, &w));
	HU_ASSERT_EQ_FATAL(w.n, 4);
	HU_ASSERT_EQ(seen(&w, "0000:3c:00.0", 0, 0x3c00), 1);
	HU_ASSERT_EQ(seen(&w, "0001:3c:00.0", 1, 0x3c00), 1);
	HU_ASSERT_EQ(seen(&w, "0000:60:00.0", 0, 0x6000), 1);
	HU_ASSERT_EQ(seen(&w, "0000:61:00.0", 0, 0x6100), 1);
	w = (struct walk_seen){ .stop_after = 2 };
	CU_ASSERT_TRUE(hu_pci_each_device(t.root, record_device, &w));
	HU_ASSERT_EQ(w.n, 2);
	tree_free(&t);
}

/*
 * A bdf without its domain names one function where at most one PCI domain
 * has it: the domains counted, the lowest two named in order, whatever else
 * bus/pci/devices holds.
 */
static void test_pci_bdf_names_one(void)
{
	struct fixture_tree t;
	unsigned int lowest = 99;
	char why[96] = "";

	tree_init(&t);
	CU_ASSERT_TRUE(hu_pci_bdf_names_one(t.root, 0x3d00, &lowest, why, sizeof(why)));	/* no bus/pci/devices */
	tree_pci_device(&t, "pci0002:3c/0002:3c:00.0/0002:3d:00.0", "0x010802\n");
	CU_ASSERT_TRUE(hu_pci_bdf_names_one(t.root, 0x3d00, &lowest, why, sizeof(why)));
	tree_pci_device(&t, "pci0001:3c/0001:3c:00.0/0001:3d:00.0", "");
	CU_ASSERT_FALSE(hu_pci_bdf_names_one(t.root, 0x3d00, &lowest, why, sizeof(why)));
	HU_ASSERT_EQ(lowest, 1);
	HU_ASSERT_STR_EQ(why, "PCI domains 0001 and 0002 both have a 3d:00.0");
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802\n");
	tree_put_root(&t, "bus/pci/devices/garbage", "x");
	tree_put_root(&t, "bus/pci/devices/0003:zz:00.0", "x");
	CU_ASSERT_FALSE(hu_pci_bdf_names_one(t.root, 0x3d00, &lowest, why, sizeof(why)));
	HU_ASSERT_EQ(lowest, 0);
	HU_ASSERT_STR_EQ(why, "3 PCI domains have a 3d:00.0 (0000, 0001, ...)");
	CU_ASSERT_TRUE(hu_pci_bdf_names_one(t.root, 0x3d01, &lowest, why, sizeof(why)));
	tree_free(&t);
}

static void test_pcie_refusals(void)
{
	struct hu_resolved r;
	struct hu_err e;

	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:thr_len=11", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "thr_len=11 is out of range (0 to 10)");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:port=1:trig_len=10", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:port=1:len_mode=0", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:port=1:bdf=0x3d00", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "exclusive");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_latency:thr_len=2", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "bandwidth events");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::rx_mwr_flux:port=0", &r, &e), HU_E_FILTER, &e);
	/* a raw form is checked as the event it names */
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::config=0x10:thr_len=2", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "hisi_pcie0_core0::rx_mwr_latency");
}

static void test_slot_rules(void)
{
	struct hu_resolved a, b;
	struct hu_slot sa, sb;
	struct hu_err e;

	/* PCIe v6.9+: the halves of a pair share a control word, other filters do not */
	resolve("hisi_pcie0_core0::rx_mwr_flux:port=1", &a, &e);
	resolve("hisi_pcie0_core0::rx_mwr_time:port=1", &b, &e);
	hu_rules_slot(a.pmu, &a.attr, &sa);
	hu_rules_slot(b.pmu, &b.attr, &sb);
	HU_ASSERT_EQ(memcmp(sa.key, sb.key, sizeof(sa.key)), 0);
	HU_ASSERT_EQ(sa.max_slots, 8);
	resolve("hisi_pcie0_core0::rx_mwr_time:port=2", &b, &e);
	hu_rules_slot(b.pmu, &b.attr, &sb);
	HU_ASSERT_NE(memcmp(sa.key, sb.key, sizeof(sa.key)), 0);
	/* HNS3: same code shares, filters must match */
	resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1", &a, &e);
	resolve("hns3_pmu_sicl_0::bw_ssu_rpu_time:port=2", &b, &e);
	hu_rules_slot(a.pmu, &a.attr, &sa);
	hu_rules_slot(b.pmu, &b.attr, &sb);
	HU_ASSERT_EQ(memcmp(sa.key, sb.key, sizeof(sa.key)), 0);
	CU_ASSERT_TRUE(sa.filters_must_match);
	HU_ASSERT_NE(memcmp(sa.filters, sb.filters, sizeof(sa.filters)), 0);
	CU_ASSERT_TRUE(sa.key_across_groups);
}

/*
 * PCIe v6.9+ shares a counter between events with the same control word,
 * hisi_pcie_pmu_get_event_ctrl_val(): the slot key is that word, built
 * from the driver's masks (the fixture is v6.12+: the word starts from 0).
 */
static void test_pcie_slot_key_is_the_control_word(void)
{
	struct hu_resolved r;
	struct hu_slot s;
	struct hu_err e;
	const uint64_t event = 0x0804;			/* rx_mrd_flux's real code, EVENT_M [15:0] */
	const uint64_t thr = 2ULL << 28 | 1ULL << 27 | 1ULL << 26;	/* THR_M, THR_MODE_M, THR_EN */
	const uint64_t trig = 3ULL << 56 | 1ULL << 52;	/* TRIG_M, TRIG_MODE_M 0, TRIG_EN */
	const uint64_t len2 = 2ULL << 34, len3 = 3ULL << 34;	/* LEN_M; 0 means 3 */

	HU_ASSERT_STATUS_FATAL(resolve("hisi_pcie0_core0::rx_mrd_flux:port=0x1:thr_len=2:thr_mode=1:"
				       "trig_len=3:len_mode=2", &r, &e), HU_OK, &e);
	hu_rules_slot(r.pmu, &r.attr, &s);
	HU_ASSERT_EQ(s.key[0], event | thr | trig | len2 | 1ULL << 36);	/* TARGET_M: port */
	HU_ASSERT_EQ(s.key[1], 0);
	HU_ASSERT_EQ(s.key[2], 0);
	HU_ASSERT_STATUS_FATAL(resolve("hisi_pcie0_core0::rx_mrd_time:bdf=0x3d00", &r, &e), HU_OK, &e);
	hu_rules_slot(r.pmu, &r.attr, &s);
	/* TARGET_EN with the bdf in TARGET_M; the ext counter's bit 16 is not in the word */
	HU_ASSERT_EQ(s.key[0], event | len3 | 1ULL << 32 | 0x3d00ULL << 36);
}

/* HNS3 filters the driver would truncate (hns3_pmu_get_filter_condition()). */
static void test_hns3_port_tc_ranges(void)
{
	struct hu_resolved r;
	struct hu_err e;

	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=7", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=8", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "port=8 is out of range (0 to 7)");
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0:tc=7", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0:tc=0xf", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0:tc=8", &r, &e), HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "tc 8-14 would count TC tc-8");
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0:tc=14", &r, &e), HU_E_FILTER, &e);
}

/* Raw codes the running driver does not list are refused before any open. */
static void test_raw_codes(void)
{
	struct hu_resolved r;
	struct hu_err e;

	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::config=0x10010:port=1", &r, &e), HU_OK, &e);
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::config=0xffffffffffffffff", &r, &e), HU_E_VALUE, &e);
	HU_ASSERT_CONTAINS(e.msg, "bits above the event field");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::event=0x1ffff", &r, &e), HU_E_NOEVENT, &e);
	HU_ASSERT_CONTAINS(e.msg, "event code 0x1ffff is none of the 18 events");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::thr_len=1", &r, &e), HU_E_NOEVENT, &e);
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::config=0xffff", &r, &e), HU_E_NOEVENT, &e);
	HU_ASSERT_CONTAINS(e.msg, "hns3_pmu v6.0+");
	HU_ASSERT_STATUS(resolve("hisi_pcie0_core0::config=0x10010:config3=1:port=1", &r, &e), HU_E_VALUE, &e);
	HU_ASSERT_CONTAINS(e.msg, "reads no config3");
}

/*
 * The attr a name opens, written back as a raw name (as hisi-uncore-attr
 * prints it), opens the same counter: the tools' own defaults in a raw
 * word (tc=0xf, queue=0xffff, port=0xffff) filter nothing and are no
 * filter the selected mode would ignore.  Found by fuzz_resolve.
 */
static void test_raw_form_of_own_attr(void)
{
	static const char *const names[] = {
		"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", "hns3_pmu_sicl_0::bw_ssu_rpu_time:port=1",
		"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", "hisi_pcie0_core0::rx_mwr_flux",
	};
	struct hu_resolved r, raw;
	struct hu_err e;
	char name[160];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		HU_ASSERT_STATUS_FATAL(resolve(names[i], &r, &e), HU_OK, &e);
		snprintf(name, sizeof(name), "%s::config=0x%llx:config1=0x%llx:config2=0x%llx",
			 r.pmu->name, (unsigned long long)r.attr.config[0],
			 (unsigned long long)r.attr.config[1], (unsigned long long)r.attr.config[2]);
		HU_ASSERT_STATUS(resolve(name, &raw, &e), HU_OK, &e);
		HU_ASSERT_EQ(memcmp(&raw.attr, &r.attr, sizeof(r.attr)), 0);
		HU_ASSERT_EQ(raw.hns3_mode, r.hns3_mode);
	}
	/* a raw word's real filters still count: global mode ignores port=2 */
	HU_ASSERT_STATUS(resolve("hns3_pmu_sicl_0::config=0x2:config1=0x1000ffff0000f2", &r, &e),
			 HU_E_FILTER, &e);
}

/*
 * A PCIe PMU as each driver era shows it: v6.9-v6.11 without bdf_min and
 * bdf_max, v6.2-v6.8 also without the v6.9 events, v5.19 also without
 * len_mode (driver_era.c).
 */
static void scan_era(struct fixture_tree *t, struct hu_pmu_set *s, int era)
{
	static const char *const v69_events[] = { "rx_mwr_flux", "rx_mwr_time", "rx_cpl_flux",
						  "rx_cpl_time", "tx_mwr_flux", "tx_mwr_time",
						  "tx_cpl_flux", "tx_cpl_time" };
	char rel[128];

	tree_init_fixtures(t);
	tree_pci_device(t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	tree_pci_device(t, "pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802\n");
	tree_pci_device(t, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(t, "pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000\n");
	if (era < 612) {
		tree_remove(t, "hisi_pcie0_core0/bdf_min");
		tree_remove(t, "hisi_pcie0_core0/bdf_max");
	}
	for (size_t i = 0; era < 609 && i < sizeof(v69_events) / sizeof(v69_events[0]); i++) {
		snprintf(rel, sizeof(rel), "hisi_pcie0_core0/events/%s", v69_events[i]);
		tree_remove(t, rel);
	}
	if (era < 602)
		tree_remove(t, "hisi_pcie0_core0/format/len_mode");
	HU_ASSERT_EQ_FATAL(hu_pmu_scan(s, t->root, NULL, NULL), HU_OK);
}

/* The flux event and its metric say what the driver's flux holds. */
static void check_flux_description(const struct hu_pmu *p, const char *want)
{
	char buf[1024];

	for (unsigned int i = 0; i < p->nevents; i++) {
		if (strcmp(p->events[i].name, "rx_mrd_flux"))
			continue;
		hu_meaning_describe_event(p, &p->events[i], buf, sizeof(buf));
		HU_ASSERT_CONTAINS(buf, want);
		return;
	}
	CU_FAIL("no rx_mrd_flux");
}

static void test_eras(void)
{
	static const struct {
		int era;
		const char *name;
		bool across_groups, len2_refused;
		uint64_t len_field;	/* the control word's LEN with no len_mode given */
		const char *flux;	/* what a flux description says it counts */
	} rows[] = {
		{ 612, "hisi_pcie v6.12+", true, false, 3, "as len_mode chooses" },
		{ 609, "hisi_pcie v6.9-v6.11", true, true, 3, "as len_mode chooses" },
		{ 602, "hisi_pcie v6.2-v6.8", false, true, 3, "as len_mode chooses" },
		{ 519, "hisi_pcie v5.19-v6.1", false, false, 1, "TLP payload only" },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct fixture_tree t;
		struct hu_pmu_set s;
		struct hu_resolved a, b;
		struct hu_slot sa, sb;
		struct hu_err e;
		const struct hu_pmu *p;

		scan_era(&t, &s, rows[i].era);
		p = hu_pmu_find(&s, "hisi_pcie0_core0");
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		HU_ASSERT_STR_EQ(p->era->name, rows[i].name);
		HU_ASSERT_STR_EQ(hu_pmu_find(&s, "hns3_pmu_sicl_0")->era->name, "hns3_pmu v6.0+");
		/* same code, other port: one slot key before v6.9 (filters ignored), two since */
		HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mrd_latency:port=1", &a, &e), HU_OK, &e);
		HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mrd_cnt:port=0x100", &b, &e), HU_OK, &e);
		hu_rules_slot(a.pmu, &a.attr, &sa);
		hu_rules_slot(b.pmu, &b.attr, &sb);
		HU_ASSERT_EQ(sa.key_across_groups, rows[i].across_groups);
		HU_ASSERT_EQ(memcmp(sa.key, sb.key, sizeof(sa.key)) == 0, !rows[i].across_groups);
		HU_ASSERT_EQ(sa.filters_must_match, !rows[i].across_groups);
		if (rows[i].era >= 602)
			HU_ASSERT_EQ(hu_resolve(&s, "hisi_pcie0_core0::rx_mrd_flux:port=1:len_mode=2",
						&a, &e), rows[i].len2_refused ? HU_E_FILTER : HU_OK);
		if (rows[i].len2_refused)
			HU_ASSERT_CONTAINS(e.msg, "use len_mode=3");
		/* a device behind another PMU's root port: by bdf range, or by bus before v6.12 */
		HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mrd_flux:bdf=0x5100", &a, &e),
				 HU_E_FILTER, &e);
		HU_ASSERT_CONTAINS(e.msg, rows[i].era >= 612 ? "outside hisi_pcie0_core0's range"
								     : "not on hisi_pcie0_core0's root bus 0x3c");
		HU_ASSERT_STATUS(hu_resolve(&s, "hisi_pcie0_core0::rx_mrd_flux:bdf=0x3d00", &a, &e), HU_OK, &e);
		/* hisi_pcie_pmu_config_filter() (v5.19-v6.1) writes no LEN: INIT_SET's 1, payload */
		HU_ASSERT_EQ((p->family->ctrl_word(p->era, &a.attr) >> 34) & 3, rows[i].len_field);
		check_flux_description(p, rows[i].flux);
		hu_pmu_set_free(&s);
		tree_free(&t);
	}
}

/* What listings may offer: which qualifiers an event takes, which go together. */
static void test_qualifiers_offered(void)
{
	const struct hu_pmu *pcie = hu_pmu_find(&set, "hisi_pcie0_core0");
	const struct hu_pmu *hns3 = hu_pmu_find(&set, "hns3_pmu_sicl_0");
	const struct hu_event *flux, *lat, *bw;

	CU_ASSERT_PTR_NOT_NULL_FATAL(pcie);
	CU_ASSERT_PTR_NOT_NULL_FATAL(hns3);
	flux = hu_pmu_find_event(pcie, "rx_mrd_flux");
	lat = hu_pmu_find_event(pcie, "rx_mrd_latency");
	bw = hu_pmu_find_event(hns3, "bw_ssu_rpu_byte_num");
	CU_ASSERT_PTR_NOT_NULL_FATAL(flux);
	CU_ASSERT_PTR_NOT_NULL_FATAL(lat);
	CU_ASSERT_PTR_NOT_NULL_FATAL(bw);
	/* PCIe: latency events take port only; port wins over bdf */
	CU_ASSERT_TRUE(hu_rules_takes_qualifier(pcie, flux, "len_mode"));
	CU_ASSERT_FALSE(hu_rules_takes_qualifier(pcie, lat, "len_mode"));
	CU_ASSERT_FALSE(hu_rules_takes_qualifier(pcie, lat, "bdf"));
	CU_ASSERT_TRUE(hu_rules_takes_qualifier(pcie, lat, "port"));
	CU_ASSERT_FALSE(hu_rules_qualifiers_combine(pcie, flux, "port", "bdf"));
	CU_ASSERT_FALSE(hu_rules_qualifiers_combine(pcie, flux, "bdf", "port"));
	CU_ASSERT_TRUE(hu_rules_qualifiers_combine(pcie, flux, "port", "len_mode"));
	CU_ASSERT_TRUE(hu_rules_qualifiers_combine(pcie, flux, "bdf", "thr_len"));
	CU_ASSERT_TRUE(hu_rules_qualifiers_combine(pcie, flux, "thr_len", "trig_len"));
	CU_ASSERT_FALSE(hu_rules_qualifiers_combine(pcie, lat, "bdf", "len_mode"));
	/* HNS3: fields one filter mode reads together */
	CU_ASSERT_TRUE(hu_rules_qualifiers_combine(hns3, bw, "port", "tc"));
	CU_ASSERT_TRUE(hu_rules_qualifiers_combine(hns3, bw, "bdf", "queue"));
	CU_ASSERT_FALSE(hu_rules_qualifiers_combine(hns3, bw, "port", "bdf"));
	CU_ASSERT_FALSE(hu_rules_qualifiers_combine(hns3, bw, "tc", "queue"));
}

void register_hisi_rules_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "HNS3: defaults and the mode the driver selects", test_hns3_defaults_and_modes },
		{ "HNS3: refusals name the modes and the bdf range", test_hns3_refusals },
		{ "HNS3: an event without global mode gets no global default", test_hns3_event_without_global },
		{ "host bridges are named as the kernel writes them",
		  test_host_bridge_names_as_the_kernel_writes_them },
		{ "HNS3: a function whose devfn repeats on another bus is refused",
		  test_hns3_func_alias_on_another_bus },
		{ "HNS3: the tables' twin rule, over any existence test", test_hns3_devfn_twin_rule },
		{ "PCIe: all ports by default; bdf behind a root port", test_pcie_defaults_and_bdf },
		{ "PCIe: the driver's rules", test_pcie_refusals },
		{ "PCI look-ups below any sysfs root, in the PMU's domain", test_pci_lookups_below_the_root },
		{ "the walk of bus/pci/devices: device names only, until told to stop",
		  test_pci_device_walk },
		{ "a bdf without its domain names one function where one PCI domain has it",
		  test_pci_bdf_names_one },
		{ "slot rules of both families", test_slot_rules },
		{ "PCIe: the slot key is the driver's control word", test_pcie_slot_key_is_the_control_word },
		{ "HNS3: port 0-7, tc 0-7 or 0xf", test_hns3_port_tc_ranges },
		{ "raw codes the driver does not list", test_raw_codes },
		{ "which qualifiers an event takes and which go together", test_qualifiers_offered },
		{ "the raw form of an attr opens the same", test_raw_form_of_own_attr },
		{ "PCIe driver eras from sysfs, and their rules", test_eras },
		{ NULL, NULL },
	};
	hu_cu_add_suite("hisi_rules", setup, teardown, tests);
}
