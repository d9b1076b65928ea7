// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: names beyond one PMU instance, through the catalogue: names
 * that follow the device (device_name.c) and aggregates (hisi_pcie*::...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalogue.h"
#include "cu_main.h"
#include "device_name.h"
#include "fixture_tree.h"
#include "pmu_family.h"

static struct fixture_tree tree;
static struct hu_catalogue cat;

/* A second PMU of each family: @from copied to @to with its own type and range. */
static int second_instance(const char *from, const char *to, const char *type,
			   const char *bdf_min, const char *bdf_max)
{
	char cmd[1400], rel[128];

	snprintf(cmd, sizeof(cmd), "cp -r '%s/%s' '%s/%s'", tree.devices, from, tree.devices, to);
	if (system(cmd) != 0)
		return 1;
	snprintf(rel, sizeof(rel), "%s/type", to);
	tree_put(&tree, rel, type);
	snprintf(rel, sizeof(rel), "%s/bdf_min", to);
	tree_put(&tree, rel, bdf_min);
	snprintf(rel, sizeof(rel), "%s/bdf_max", to);
	tree_put(&tree, rel, bdf_max);
	return 0;
}

/*
 * hisi_pcie0_core0: root ports 3c:00.0 and 3c:02.0 (the range's last),
 * endpoint 3d:00.0 behind the first; hisi_pcie0_core1:
 * root port 50:00.0, endpoint 51:00.0.  hns3_pmu_sicl_0: function 35:00.0;
 * hns3_pmu_sicl_1: functions 51:00.0-51:00.7.  35:00.0 sits on its host
 * bridge, behind no root port of either PCIe PMU.
 */
static int setup(void)
{
	tree_init_fixtures(&tree);
	if (second_instance("hisi_pcie0_core0", "hisi_pcie0_core1", "4250\n", "0x5000\n", "0x5010\n") ||
	    second_instance("hns3_pmu_sicl_0", "hns3_pmu_sicl_1", "4251\n", "51:00.0\n", "51:00.7\n"))
		return 1;
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0000:3c/0000:3c:02.0", "0x060400\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000\n");
	return tree_catalogue_init(&tree, &cat);
}

/*
 * setup()'s tree crowded with 12,000 more PCI functions on buses 0x80 and
 * up (plain entries: behind no root port, covered by no instance), as a
 * large node shows: more than a scan of 4,096 took, in directory order.
 */
#define CROWD 12000

static int setup_crowded(void)
{
	char path[512];

	if (setup())
		return 1;
	for (unsigned int i = 0; i < CROWD; i++) {
		snprintf(path, sizeof(path), "%s/bus/pci/devices/0000:%02x:%02x.%u", tree.root,
			 0x80 + i / 256, (i / 8) % 32, i % 8);
		if (mkdir(path, 0755) != 0)
			return 1;
	}
	return 0;
}

static int teardown(void)
{
	tree_catalogue_free(&tree, &cat);
	return 0;
}

static int native_of(const char *name, struct hu_native *n, struct hu_err *e)
{
	int code, ret = hu_cat_name_to_code(&cat, name, &code, e);

	return ret ? ret : hu_cat_code_to_native(&cat, code, n, e);
}

/* @device opens exactly what @instance opens, on that instance. */
static void expect_same(const char *device, const char *instance, const char *pmu)
{
	struct hu_native a, b;
	struct hu_err e = { 0 };

	HU_ASSERT_STATUS_FATAL(native_of(device, &a, &e), HU_OK, &e);
	HU_ASSERT_EQ_FATAL(native_of(instance, &b, NULL), HU_OK);
	HU_ASSERT_STR_EQ(cat.set.pmu[a.pmu].name, pmu);
	HU_ASSERT_EQ(a.pmu, b.pmu);
	HU_ASSERT_EQ(a.nattr, b.nattr);
	HU_ASSERT_EQ(memcmp(a.attr, b.attr, sizeof(a.attr)), 0);
	CU_ASSERT_PTR_EQUAL(a.metric, b.metric);
}

static void test_pcie_device_picks_its_instance(void)
{
	expect_same("hisi_pcie::rx_mwr_flux:bdf=0x3d00", "hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00",
		    "hisi_pcie0_core0");
	expect_same("hisi_pcie::rx_mwr_flux:bdf=0x5100", "hisi_pcie0_core1::rx_mwr_flux:bdf=0x5100",
		    "hisi_pcie0_core1");
	/* a root port is its own device */
	expect_same("hisi_pcie::rx_mrd_flux:bdf=20480", "hisi_pcie0_core1::rx_mrd_flux:bdf=0x5000",
		    "hisi_pcie0_core1");
	expect_same("hisi_uncore:::hisi_pcie::rx_mwr_bandwidth:bdf=0x5100",
		    "hisi_pcie0_core1::rx_mwr_bandwidth:bdf=0x5100", "hisi_pcie0_core1");
}

static void test_hns3_device_picks_its_sicl(void)
{
	expect_same("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500",
		    "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", "hns3_pmu_sicl_0");
	expect_same("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x5100:queue=3",
		    "hns3_pmu_sicl_1::bw_ssu_rpu_byte_num:bdf=0x5100:queue=3", "hns3_pmu_sicl_1");
	expect_same("hns3_pmu::bw_ssu_rpu_bandwidth:bdf=0x5100",
		    "hns3_pmu_sicl_1::bw_ssu_rpu_bandwidth:bdf=0x5100", "hns3_pmu_sicl_1");
}

/*
 * @name's code gives @name back, which gives the same code; its description
 * says it counts "on @instance".
 */
static void expect_round_trip(const char *name, const char *instance)
{
	struct hu_event_info info;
	char back[256], on[64];
	int code, again;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, name, &code, NULL), HU_OK);
	HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, back, sizeof(back), NULL), HU_OK);
	HU_ASSERT_STR_EQ(back, name);
	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, back, &again, NULL), HU_OK);
	HU_ASSERT_EQ(again, code);
	HU_ASSERT_EQ(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	snprintf(on, sizeof(on), "on %s", instance);
	HU_ASSERT_CONTAINS(info.long_descr, on);
}

/* The code's name is the device name as written; the description names the instance. */
static void test_device_name_round_trips(void)
{
	expect_round_trip("hisi_pcie::rx_mwr_flux:bdf=0x5100", "hisi_pcie0_core1");
}

/* A root port's traffic: its instance, with the port bit two per slot from bdf_min. */
static void test_root_port_picks_instance_and_port(void)
{
	expect_same("hisi_pcie::rx_mwr_flux:rp=0x3c00", "hisi_pcie0_core0::rx_mwr_flux:port=0x1",
		    "hisi_pcie0_core0");
	expect_same("hisi_pcie::rx_mwr_flux:rp=0x3c10", "hisi_pcie0_core0::rx_mwr_flux:port=0x10",
		    "hisi_pcie0_core0");
	expect_same("hisi_pcie::rx_mrd_avg_latency:rp=0x5000",
		    "hisi_pcie0_core1::rx_mrd_avg_latency:port=0x1", "hisi_pcie0_core1");
	expect_same("hisi_pcie::rx_mwr_flux:rp=0x3c10:len_mode=1",
		    "hisi_pcie0_core0::rx_mwr_flux:port=0x10:len_mode=1", "hisi_pcie0_core0");
}

static void test_root_port_name_round_trips(void)
{
	expect_round_trip("hisi_pcie::rx_mwr_bandwidth:rp=0x3c10", "hisi_pcie0_core0");
}

static void expect_refusal(const char *name, enum hu_status status, const char *const *says);

static void test_root_port_refusals(void)
{
	static const struct {
		const char *name;
		enum hu_status status;
		const char *says[3];
	} bad[] = {
		{ "hisi_pcie::rx_mwr_flux:rp=0x3d00", HU_E_FILTER,
		  { "rp=0x3d00: 3d:00.0 is not a root port (its root port is 3c:00.0)",
		    "bdf=0x3d00 counts the device" } },
		{ "hisi_pcie::rx_mwr_flux:rp", HU_E_VALUE,
		  { "rp needs a value: rp takes a root port's bdf, as a number" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x10000", HU_E_VALUE,
		  { "rp=0x10000 is out of range (at most 0xffff): rp takes a root port's bdf" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x3c00:rp=0x3c10", HU_E_TERM,
		  { "qualifier 'rp' given twice" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x3c00:port=0x1", HU_E_FILTER,
		  { "goes with neither bdf= nor port=" } },
		{ "hisi_pcie::rx_mwr_flux:bdf=0x3d00:rp=0x3c00", HU_E_FILTER,
		  { "goes with neither bdf= nor port=" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x3500", HU_E_NOPMU,
		  { "rp=0x3500: PCI device 35:00.0 is not behind a root port",
		    "hisi_pcie0_core1 covers 50:00.0" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x7700", HU_E_NOPMU, { "rp=0x7700: no such PCI device" } },
		{ "hisi_pcie::rx_mwr_flux:rp=0x3c04", HU_E_NOPMU, { "rp=0x3c04: no such PCI device" } },
		/* the NIC has no root ports: rp is no qualifier of hns3_pmu */
		{ "hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500:rp=0x3500", HU_E_TERM, { "rp" } },
	};
	struct hu_catalogue old;
	struct fixture_tree t;
	struct hu_err e = { 0 };
	int code;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_refusal(bad[i].name, bad[i].status, bad[i].says);

	/* before v6.12 no bdf_min numbers the root ports: refused, the bitmap named */
	tree_init_fixtures(&t);
	tree_remove(&t, "hisi_pcie0_core0/bdf_min");
	tree_remove(&t, "hisi_pcie0_core0/bdf_max");
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	HU_ASSERT_EQ_FATAL(hu_cat_init(&old, t.root, NULL, NULL), HU_OK);
	HU_ASSERT_STATUS(hu_cat_name_to_code(&old, "hisi_pcie::rx_mwr_flux:rp=0x3c00", &code, &e),
			 HU_E_FILTER, &e);
	HU_ASSERT_CONTAINS(e.msg, "hisi_pcie0_core0 exports no bdf_min (Linux 6.12 and "
				  "later do)");
	HU_ASSERT_CONTAINS(e.msg, "write hisi_pcie0_core0::rx_mwr_flux:port=<bitmap>");
	hu_cat_free(&old);
	tree_free(&t);
}

static void expect_refusal(const char *name, enum hu_status status, const char *const *says)
{
	struct hu_err e = { 0 };
	int code;

	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, name, &code, &e), status);
	for (; *says; says++) {
		if (!strstr(e.msg, *says))
			fprintf(stderr, "\n  '%s': no '%s' in: %s\n", name, *says, e.msg);
		HU_ASSERT_CONTAINS(e.msg, *says);
	}
}

/* @name is refused without @never in its message. */
static void expect_refusal_without(const char *name, const char *never)
{
	struct hu_err e = { 0 };
	int code;

	HU_ASSERT_NE(hu_cat_name_to_code(&cat, name, &code, &e), HU_OK);
	if (strstr(e.msg, never))
		fprintf(stderr, "\n  '%s': '%s' in: %s\n", name, never, e.msg);
	HU_ASSERT_LACKS(e.msg, never);
}

/* However many PCI devices the node has, a refusal names every instance's devices. */
static void test_coverage_never_cut(void)
{
	static const char *const no_device[] = {
		"bdf=0x7700: no such PCI device", "hisi_pcie0_core0 covers 3c:00.0 3c:02.0 3d:00.0",
		"hisi_pcie0_core1 covers 50:00.0 51:00.0", NULL
	};

	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x7700", HU_E_NOPMU, no_device);
}

/* Refusals say what was wrong and what each instance covers. */
static void test_device_refusals(void)
{
	static const char *const no_bdf[] = {
		"hisi_pcie::rx_mwr_flux names a device: add :bdf=0xBBDF", "or a root port: :rp=0xBBDF",
		"hisi_pcie0_core0 covers 3c:00.0 3c:02.0 3d:00.0", "hisi_pcie0_core1 covers 50:00.0 51:00.0",
		NULL
	};
	static const char *const no_device[] = {
		"bdf=0x7700: no such PCI device", "hns3_pmu_sicl_0 covers 35:00.0",
		"hns3_pmu_sicl_1 covers 51:00.0", NULL
	};
	static const char *const uncovered[] = {
		"bdf=0x3500: PCI device 35:00.0 is not behind a root port", "hisi_pcie0_core0 covers",
		NULL
	};
	static const char *const outside[] = {
		"bdf=0x5000: no instance covers this device", "hns3_pmu_sicl_0 covers 35:00.0", NULL
	};
	static const char *const bare_bdf[] = {
		"hisi_pcie::rx_mwr_flux: bdf needs a value: bdf takes a device's bdf, as a number "
		"(bdf=0x3d00 for 3d:00.0)", NULL
	};
	static const char *const too_big[] = {
		"hns3_pmu::bw_ssu_rpu_byte_num: bdf=0x10000 is out of range (at most 0xffff): bdf "
		"takes a device's bdf", NULL
	};
	static const char *const twice[] = { "qualifier 'bdf' given twice", NULL };
	static const char *const no_instance[] = { "no hisi_pcie PMU instance", NULL };
	static const char *const still_checked[] = { "queue", NULL };

	expect_refusal("hisi_pcie::rx_mwr_flux", HU_E_FILTER, no_bdf);
	expect_refusal("hisi_pcie::rx_mwr_flux:port=0x1", HU_E_FILTER, no_bdf);
	expect_refusal("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x7700", HU_E_NOPMU, no_device);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3500", HU_E_NOPMU, uncovered);
	expect_refusal("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x5000", HU_E_NOPMU, outside);
	/* a bdf given but unusable is no missing one */
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf", HU_E_VALUE, bare_bdf);
	expect_refusal("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x10000", HU_E_VALUE, too_big);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00:bdf=0x3d00", HU_E_TERM, twice);
	/* after the pick, the instance's own rules apply: queue needs func-queue */
	expect_refusal("hns3_pmu::pps_intr_msix_nic_intr_num:bdf=0x3500:queue=3", HU_E_FILTER,
		       still_checked);

	struct hu_catalogue none;
	struct fixture_tree bare;

	tree_init_fixtures(&bare);
	tree_remove(&bare, "hisi_pcie0_core0");
	HU_ASSERT_EQ_FATAL(hu_cat_init(&none, bare.root, NULL, NULL), HU_OK);
	{
		struct hu_err e = { 0 };
		int code;

		HU_ASSERT_STATUS(hu_cat_name_to_code(&none, "hisi_pcie::rx_mwr_flux:bdf=0x3d00", &code,
						     &e), HU_E_NOPMU, &e);
		HU_ASSERT_CONTAINS(e.msg, no_instance[0]);
	}
	hu_cat_free(&none);
	tree_free(&bare);
}

/*
 * A root port whose class cannot be read cannot be told a root port: the
 * refusal says so, not that no instance covers the device.
 */
static void test_unreadable_root_port_class(void)
{
	static const char *const device[] = {
		"hisi_pcie::tx_mwr_time: bdf=0x3d00: cannot tell whether PCI device 3c:00.0 (above "
		"3d:00.0) is a root port: class: not a PCI class code", NULL
	};
	static const char *const port[] = {
		"rp=0x3c00: cannot tell whether PCI device 3c:00.0 is a root port: class: not a PCI "
		"class code", NULL
	};
	static const char *const instance[] = {
		"cannot tell whether PCI device 3c:00.0 (above 3d:00.0) is a root port", NULL
	};
	static const char *const empty[] = {
		"hisi_pcie::tx_mrd_time: bdf=0x3d00: cannot tell whether PCI device 3c:00.0 (above "
		"3d:00.0) is a root port: class: empty", NULL
	};

	/* names not resolved before: a resolved name keeps its code */
	tree_put_root(&tree, "devices/pci0000:3c/0000:3c:00.0/class", "zz\n");
	expect_refusal("hisi_pcie::tx_mwr_time:bdf=0x3d00", HU_E_NOPMU, device);
	expect_refusal("hisi_pcie::tx_mwr_time:rp=0x3c00", HU_E_NOPMU, port);
	expect_refusal("hisi_pcie0_core0::tx_mwr_time:bdf=0x3d00", HU_E_FILTER, instance);
	tree_put_root(&tree, "devices/pci0000:3c/0000:3c:00.0/class", "");
	expect_refusal("hisi_pcie::tx_mrd_time:bdf=0x3d00", HU_E_NOPMU, empty);
	tree_put_root(&tree, "devices/pci0000:3c/0000:3c:00.0/class", "0x060400\n");
}

/*
 * A device whose namesake sits in another PCI domain, where no instance is:
 * 0001:3c:00.0 and 0001:3d:00.0 beside the fixtures' domain 0 devices.  A
 * bdf alone is then no one device, whichever instance would take it: the
 * rule of hisi-uncore-stat's -d (hu_pci_bdf_names_one()).
 */
static int setup_namesakes(void)
{
	tree_init_fixtures(&tree);
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0001:3c/0001:3c:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0001:3c/0001:3c:00.0/0001:3d:00.0", "0x010802\n");
	tree_pci_device(&tree, "pci0001:35/0001:35:00.0", "0x020000\n");
	tree_pci_device(&tree, "pci0002:35/0002:35:00.0", "0x020000\n");
	return tree_catalogue_init(&tree, &cat);
}

static void test_domain_namesake_refused(void)
{
	static const char *const ambiguous[] = {
		"hisi_pcie::rx_mwr_flux: bdf=0x3d00: PCI domains 0000 and 0001 both have a 3d:00.0; "
		"add :domain=N (:domain=0 for 0000:3d:00.0)", "hisi_pcie0_core0 covers 3c:00.0 3d:00.0",
		NULL
	};
	static const char *const ambiguous_rp[] = {
		"rp=0x3c00: PCI domains 0000 and 0001 both have a 3c:00.0; add :domain=N", NULL
	};
	static const char *const three[] = {
		"hns3_pmu::bw_ssu_rpu_byte_num: bdf=0x3500: 3 PCI domains have a 35:00.0 (0000, 0001, "
		"...); add :domain=N (:domain=0 for 0000:35:00.0)", NULL
	};

	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00", HU_E_NOPMU, ambiguous);
	expect_refusal("hisi_pcie::rx_mwr_flux:rp=0x3c00", HU_E_NOPMU, ambiguous_rp);
	expect_refusal("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500", HU_E_NOPMU, three);
	/* with the domain, the device of that domain */
	expect_same("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain=0",
		    "hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00", "hisi_pcie0_core0");
	expect_same("hns3_pmu::bw_ssu_rpu_byte_num:domain=0:bdf=0x3500",
		    "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", "hns3_pmu_sicl_0");
}

/*
 * Two PCI domains with the same bus numbers, as on a machine with two PCI
 * segments: hisi_pcie1_core0, a copy of hisi_pcie0_core0 (3c:00.0-3c:02.0),
 * sits in domain 1 beside its own root port 0001:3c:00.0 and endpoint
 * 0001:3d:00.0; the fixtures' 3c:00.0, 3d:00.0 and 35:00.0, and 3c:02.0,
 * are domain 0's.
 */
static int setup_domains(void)
{
	tree_init_fixtures(&tree);
	if (second_instance("hisi_pcie0_core0", "hisi_pcie1_core0", "4252\n", "0x3c00\n",
			    "0x3c10\n"))
		return 1;
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0000:3c/0000:3c:02.0", "0x060400\n");
	tree_pci_device(&tree, "pci0001:3c/0001:3c:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0001:3c/0001:3c:00.0/0001:3d:00.0", "0x010802\n");
	tree_pci_device(&tree, "pci0001:3c/0001:3c:03.0", "0x118000\n");
	tree_pmu_under_device(&tree, "hisi_pcie1_core0", "pci0001:3c/0001:3c:03.0");
	return tree_catalogue_init(&tree, &cat);
}

/* domain=N names the PCI segment: the instance of that domain, as written alone. */
static void test_domain_picks_the_segments_instance(void)
{
	expect_same("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain=1",
		    "hisi_pcie1_core0::rx_mwr_flux:bdf=0x3d00", "hisi_pcie1_core0");
	expect_same("hisi_pcie::rx_mwr_flux:domain=0:bdf=0x3d00",
		    "hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00", "hisi_pcie0_core0");
	expect_same("hisi_pcie::rx_mwr_bandwidth:rp=0x3c00:domain=1",
		    "hisi_pcie1_core0::rx_mwr_bandwidth:port=0x1", "hisi_pcie1_core0");
	expect_same("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500:domain=0",
		    "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3500", "hns3_pmu_sicl_0");
	expect_round_trip("hisi_pcie::rx_mwr_bandwidth:rp=0x3c00:domain=1", "hisi_pcie1_core0");
}

/* Without domain=, a device both segments have is no one device: refused, never a guess. */
static void test_domain_refusals(void)
{
	static const char *const ambiguous[] = {
		"bdf=0x3d00: PCI domains 0000 and 0001 both have a 3d:00.0; add :domain=N",
		"hisi_pcie0_core0 covers 3c:00.0 3c:02.0 3d:00.0",
		"hisi_pcie1_core0 (PCI domain 1) covers 3c:00.0 3d:00.0", NULL
	};
	static const char *const ambiguous_rp[] = {
		"rp=0x3c00: PCI domains 0000 and 0001 both have a 3c:00.0", NULL
	};
	static const char *const no_segment[] = {
		"hisi_pcie::rx_mwr_flux: domain=2: no hisi_pcie PMU instance in PCI domain 2",
		"hisi_pcie1_core0 (PCI domain 1) covers", NULL
	};
	static const char *const no_nic[] = { "no hns3 PMU instance in PCI domain 1", NULL };
	static const char *const no_device[] = { "bdf=0x3c10: no such PCI device", NULL };
	static const char *const bare[] = {
		"domain takes a PCI domain number (domain=1 for 0001:3d:00.0)", NULL
	};
	static const char *const twice[] = { "qualifier 'domain' given twice", NULL };

	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00", HU_E_NOPMU, ambiguous);
	expect_refusal("hisi_pcie::rx_mwr_flux:rp=0x3c00", HU_E_NOPMU, ambiguous_rp);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain=2", HU_E_NOPMU, no_segment);
	expect_refusal("hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500:domain=1", HU_E_NOPMU, no_nic);
	/* 3c:02.0 is domain 0's alone */
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3c10:domain=1", HU_E_NOPMU, no_device);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain", HU_E_VALUE, bare);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain=0x100000000", HU_E_VALUE, bare);
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x3d00:domain=1:domain=1", HU_E_TERM, twice);
}

/*
 * The suite's tree with hisi_pcie0_core1's type unusable: the component
 * skips it (its files say it covers 50:00.0 and 51:00.0).
 */
static int setup_skipped(void)
{
	tree_init_fixtures(&tree);
	if (second_instance("hisi_pcie0_core0", "hisi_pcie0_core1", "zz\n", "0x5000\n", "0x5010\n"))
		return 1;
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000\n");
	return tree_catalogue_init(&tree, &cat);
}

static void expect_members(const char *name, const char *const *instance_names, unsigned int want);

/* An aggregate over a family with a skipped instance is refused, naming it and why. */
static void test_aggregate_with_skipped_instance(void)
{
	static const char *const skipped[] = {
		"hisi_pcie*::rx_mwr_flux: matches hisi_pcie0_core1, which is unusable (type: ",
		"the sum would leave it out", "with the component prefix (e.g. "
		"hisi_uncore:::hisi_pcie0_core0::rx_mwr_flux)", NULL
	};
	static const char *const core[] = { "hisi_pcie0_core*::rx_mwr_bandwidth: matches "
					    "hisi_pcie0_core1, which is unusable", NULL };
	static const char *const one[] = { "hisi_pcie0_core0::rx_mwr_flux" };
	char name[256];
	int code;

	HU_ASSERT_EQ(cat.set.nskipped, 1);
	expect_refusal("hisi_pcie*::rx_mwr_flux", HU_E_NOPMU, skipped);
	expect_refusal("hisi_uncore:::hisi_pcie0_core*::rx_mwr_bandwidth:port=0x1", HU_E_NOPMU, core);
	/* a pattern that leaves it out counts the others */
	expect_members("hisi_uncore:::hisi_pcie0_core[0]::rx_mwr_flux", one, 1);
	/* the family's aggregate is not listed: it could not be added */
	HU_ASSERT_EQ_FATAL(hu_cat_enum_first(&cat, &code), HU_OK);
	do {
		HU_ASSERT_EQ_FATAL(hu_cat_code_to_name(&cat, code, name, sizeof(name), NULL), HU_OK);
		HU_ASSERT_LACKS(name, "hisi_pcie*::");
	} while (hu_cat_enum_next_event(&cat, &code) == HU_OK);
}

/* A device the skipped instance covers: the refusal names it and why it is unusable. */
static void test_device_on_skipped_instance(void)
{
	static const char *const skipped[] = {
		"hisi_pcie::rx_mwr_flux: bdf=0x5100: hisi_pcie0_core1 covers this device but is "
		"unusable: type: ", NULL
	};
	static const char *const port[] = {
		"rp=0x5000: hisi_pcie0_core1 covers this device but is unusable: type: ", NULL
	};
	expect_refusal("hisi_pcie::rx_mwr_flux:bdf=0x5100", HU_E_NOPMU, skipped);
	expect_refusal("hisi_pcie::rx_mwr_bandwidth:rp=0x5000", HU_E_NOPMU, port);
	expect_same("hisi_pcie::rx_mwr_flux:bdf=0x3d00", "hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00",
		    "hisi_pcie0_core0");
}

/* The members of @name, in PMU order, each as its instance name opens it. */
static void expect_members(const char *name, const char *const *instance_names, unsigned int want)
{
	struct hu_native *m = NULL, one;
	struct hu_err e = { 0 };
	unsigned int n = 0;
	int code;

	HU_ASSERT_STATUS_FATAL(hu_cat_name_to_code(&cat, name, &code, &e), HU_OK, &e);
	HU_ASSERT_STATUS_FATAL(hu_cat_code_to_members(&cat, code, &m, &n, &e), HU_OK, &e);
	HU_ASSERT_EQ(n, want);
	for (unsigned int k = 0; k < n && k < want; k++) {
		HU_ASSERT_EQ(native_of(instance_names[k], &one, NULL), HU_OK);
		HU_ASSERT_EQ(m[k].pmu, one.pmu);
		HU_ASSERT_EQ(m[k].nattr, one.nattr);
		HU_ASSERT_EQ(memcmp(m[k].attr, one.attr, sizeof(one.attr)), 0);
	}
	free(m);
}

static void test_aggregates_match_instances(void)
{
	static const char *const flux[] = { "hisi_pcie0_core0::rx_mwr_flux",
					    "hisi_pcie0_core1::rx_mwr_flux" };
	static const char *const bw[] = { "hisi_pcie0_core0::rx_mwr_bandwidth:port=0x1",
					  "hisi_pcie0_core1::rx_mwr_bandwidth:port=0x1" };
	static const char *const nic[] = { "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
					   "hns3_pmu_sicl_1::bw_ssu_rpu_byte_num" };
	static const char *const one[] = { "hisi_pcie0_core1::rx_mwr_flux" };

	expect_members("hisi_pcie*::rx_mwr_flux", flux, 2);
	expect_members("hisi_uncore:::hisi_pcie0_core*::rx_mwr_bandwidth:port=0x1", bw, 2);
	expect_members("hns3_pmu_sicl_*::bw_ssu_rpu_byte_num", nic, 2);
	expect_members("hisi_pcie?_core1::rx_mwr_flux", one, 1);
	/* a plain name has one member, itself */
	expect_members("hisi_pcie0_core1::rx_mwr_flux", one, 1);
}

static void test_aggregate_names_round_trip(void)
{
	const char *name = "hisi_pcie*::rx_mwr_avg_latency:port=0x1";
	struct hu_event_info info;
	char back[256];
	int code;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, name, &code, NULL), HU_OK);
	HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, back, sizeof(back), NULL), HU_OK);
	HU_ASSERT_STR_EQ(back, name);
	HU_ASSERT_EQ(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_CONTAINS(info.long_descr, "on hisi_pcie0_core0 and hisi_pcie0_core1");
	HU_ASSERT_CONTAINS(info.long_descr, "sums of both counters, divided");
	CU_ASSERT_TRUE(info.is_metric);
}

static void test_aggregate_refusals(void)
{
	static const char *const families[] = { "an aggregate sums one family", NULL };
	static const char *const bdf[] = { "a bdf names one device, on one instance",
					   "write hisi_pcie::rx_mwr_flux:bdf=... instead", NULL };
	static const char *const nic_bdf[] = { "a bdf names one device, on one instance",
					       "write hns3_pmu::bw_ssu_rpu_byte_num:bdf=... instead",
					       NULL };
	static const char *const none[] = { "no PMU matches 'hisi_pcie9*'", NULL };
	static const char *const member[] = { "hisi_pcie*::no_such_event matches hisi_pcie0_core0",
					      NULL };

	expect_refusal("*::rx_mwr_flux", HU_E_SYNTAX, families);
	expect_refusal("hisi_pcie*::rx_mwr_flux:bdf=0x3d00", HU_E_FILTER, bdf);
	expect_refusal("hns3_pmu_sicl_*::bw_ssu_rpu_byte_num:bdf=0x3500", HU_E_FILTER, nic_bdf);
	/* each suggests its own family's device name only */
	expect_refusal_without("hisi_pcie*::rx_mwr_flux:bdf=0x3d00", "hns3_pmu::");
	expect_refusal_without("hns3_pmu_sicl_*::bw_ssu_rpu_byte_num:bdf=0x3500", "hisi_pcie::");
	expect_refusal("hisi_pcie9*::rx_mwr_flux", HU_E_NOPMU, none);
	expect_refusal("hisi_pcie*::no_such_event", HU_E_NOEVENT, member);
}

/* Only the two family names follow a device; instance names are left alone. */
/* Enumeration lists each family's aggregate once, after the PMUs. */
static void test_aggregates_listed_once(void)
{
	char name[256];
	unsigned int pcie = 0, hns3 = 0, core0 = 0, sicl0 = 0, total = 0;
	int code, again, q;

	HU_ASSERT_EQ_FATAL(hu_cat_enum_first(&cat, &code), HU_OK);
	do {
		HU_ASSERT_EQ_FATAL(hu_cat_code_to_name(&cat, code, name, sizeof(name), NULL), HU_OK);
		total++;
		core0 += strncmp(name, "hisi_pcie0_core0::", 18) == 0;
		sicl0 += strncmp(name, "hns3_pmu_sicl_0::", 17) == 0;
		pcie += strncmp(name, "hisi_pcie*::", 12) == 0;
		hns3 += strncmp(name, "hns3_pmu_sicl_*::", 17) == 0;
		HU_ASSERT_LACKS(name, "_core*");	/* one SICL's cores: not listed */
		if (!strchr(name, '*'))
			continue;
		/* the name gives the listed code back; no qualifier is listed */
		HU_ASSERT_EQ(hu_cat_name_to_code(&cat, name, &again, NULL), HU_OK);
		HU_ASSERT_EQ(again, code);
		q = code;
		HU_ASSERT_NE(hu_cat_enum_next_qualifier(&cat, &q), HU_OK);
	} while (hu_cat_enum_next_event(&cat, &code) == HU_OK);
	CU_ASSERT(core0 > 0 && sicl0 > 0);
	HU_ASSERT_EQ(pcie, core0);
	HU_ASSERT_EQ(hns3, sicl0);
	HU_ASSERT_EQ(hu_cat_count_events(&cat), total);
}

/* A listed aggregate counts on every instance and says how it combines them. */
static void test_listed_aggregate_counts_every_instance(void)
{
	struct hu_event_info info;
	struct hu_native *m, n;
	unsigned int count;
	char name[256];
	int code, with_port;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hisi_pcie*::rx_mwr_latency", &code, NULL), HU_OK);
	HU_ASSERT_EQ(code & (1 << 30), 0);	/* a listed code, not a resolved name's */
	HU_ASSERT_EQ_FATAL(hu_cat_code_to_members(&cat, code, &m, &count, NULL), HU_OK);
	HU_ASSERT_EQ_FATAL(count, 2);
	HU_ASSERT_STR_EQ(cat.set.pmu[m[0].pmu].name, "hisi_pcie0_core0");
	HU_ASSERT_STR_EQ(cat.set.pmu[m[1].pmu].name, "hisi_pcie0_core1");
	free(m);
	HU_ASSERT_EQ(hu_cat_code_to_native(&cat, code, &n, NULL), HU_OK);
	HU_ASSERT_STR_EQ(cat.set.pmu[n.pmu].name, "hisi_pcie0_core0");
	HU_ASSERT_EQ_FATAL(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_STR_EQ(info.symbol, "hisi_pcie*::rx_mwr_latency");
	HU_ASSERT_CONTAINS(info.long_descr, "Summed over every hisi_pcie* instance (2 now: "
				     "hisi_pcie0_core0, ...); qualifiers as on each, but no bdf. ");
	CU_ASSERT_FALSE(info.is_metric);
	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hisi_uncore:::hns3_pmu_sicl_*::dly_rpu_avg_latency",
					       &code, NULL), HU_OK);
	HU_ASSERT_EQ_FATAL(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_CONTAINS(info.long_descr, "Both counters summed, then divided, over every "
				     "hns3_pmu_sicl_* instance (2 now");
	CU_ASSERT_TRUE(info.is_metric);
	HU_ASSERT_STR_EQ(info.units, "ns");
	/* no qualifier code exists for it */
	HU_ASSERT_NE(hu_cat_code_to_name(&cat, code + 1, name, sizeof(name), NULL), HU_OK);
	HU_ASSERT_NE(hu_cat_code_to_native(&cat, code + 1, &n, NULL), HU_OK);
	/* with a qualifier, a resolved name as before */
	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hisi_pcie*::rx_mwr_latency:port=0x1", &with_port,
					       NULL), HU_OK);
	HU_ASSERT_NE(with_port & (1 << 30), 0);
}

static void test_device_family_names(void)
{
	const struct hu_family_desc *pcie = hu_family_by_device_name("hisi_pcie");
	const struct hu_family_desc *hns3 = hu_family_by_device_name("hns3_pmu");

	CU_ASSERT_TRUE(pcie && pcie->table == HIP09_FAMILY_PCIE);
	CU_ASSERT_TRUE(hns3 && hns3->table == HIP09_FAMILY_HNS3);
	CU_ASSERT_PTR_NULL(hu_family_by_device_name("hisi_pcie0_core0"));
	CU_ASSERT_PTR_NULL(hu_family_by_device_name("hns3_pmu_sicl_0"));
	CU_ASSERT_PTR_NULL(hu_family_by_device_name("hns3"));
	CU_ASSERT_PTR_NULL(hu_family_by_device_name(""));
}

/* The metrics the pair @c0, @c1 gives, comma-joined, into @out. */
static unsigned int pair_metrics(const char *c0, const char *c1, char *out, size_t len)
{
	char m[4][HU_PAIR_TEXT_MAX];
	unsigned int n = hu_cat_pair_metrics(&cat, c0, c1, m, 4);

	out[0] = '\0';
	for (unsigned int i = 0; i < n; i++)
		snprintf(out + strlen(out), len - strlen(out), "%s%s", i ? "," : "", m[i]);
	return n;
}

static void test_pairs_give_their_metrics(void)
{
	char out[4 * HU_PAIR_TEXT_MAX];

	HU_ASSERT_EQ(pair_metrics("hns3_pmu_sicl_1::bw_ssu_rpu_byte_num:port=1",
				  "hns3_pmu_sicl_1::bw_ssu_rpu_time:port=1", out, sizeof(out)), 1);
	HU_ASSERT_STR_EQ(out, "hns3_pmu_sicl_1::bw_ssu_rpu_bandwidth:port=1");
	HU_ASSERT_EQ(pair_metrics("hisi_pcie::rx_mwr_flux:bdf=0x3d00",
				  "hisi_pcie::rx_mwr_time:bdf=0x3d00", out, sizeof(out)), 2);
	HU_ASSERT_STR_EQ(out, "hisi_pcie::rx_mwr_bandwidth:bdf=0x3d00,"
			 "hisi_pcie::rx_mwr_flux_per_cycle:bdf=0x3d00");
	HU_ASSERT_EQ(pair_metrics("hisi_uncore:::hisi_pcie*::rx_mwr_latency",
				  "hisi_uncore:::hisi_pcie*::rx_mwr_cnt", out, sizeof(out)), 1);
	HU_ASSERT_STR_EQ(out, "hisi_uncore:::hisi_pcie*::rx_mwr_avg_latency");
}

static void test_pairs_written_apart_give_nothing(void)
{
	char out[4 * HU_PAIR_TEXT_MAX];

	/* reversed, other qualifiers, other PMUs, the same event twice, not a pair, a metric */
	HU_ASSERT_EQ(pair_metrics("hisi_pcie0_core0::rx_mwr_time", "hisi_pcie0_core0::rx_mwr_flux",
				  out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("hns3_pmu_sicl_1::bw_ssu_rpu_byte_num:port=1",
				  "hns3_pmu_sicl_1::bw_ssu_rpu_time:port=2", out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("hisi_pcie0_core0::rx_mwr_flux", "hisi_pcie0_core1::rx_mwr_time",
				  out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("hisi_pcie0_core0::rx_mwr_flux", "hisi_pcie0_core0::rx_mwr_flux",
				  out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("hisi_pcie0_core0::rx_mwr_flux", "hisi_pcie0_core0::rx_mrd_time",
				  out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("hisi_pcie0_core0::rx_mwr_bandwidth",
				  "hisi_pcie0_core0::rx_mwr_time", out, sizeof(out)), 0);
	HU_ASSERT_EQ(pair_metrics("nope", "hisi_pcie0_core0::rx_mwr_time", out, sizeof(out)), 0);
}

static void test_metric_names_its_pair(void)
{
	const char *name = "hns3_pmu::bw_ssu_rpu_bandwidth:bdf=0x3500";
	char pair[HU_PAIR_TEXT_MAX];
	struct hu_native n;

	HU_ASSERT_EQ_FATAL(native_of(name, &n, NULL), HU_OK);
	HU_ASSERT_EQ_FATAL(hu_cat_metric_pair_text(&cat, name, &n, pair, sizeof(pair)), HU_OK);
	HU_ASSERT_STR_EQ(pair, "hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3500,"
			 "hns3_pmu::bw_ssu_rpu_time:bdf=0x3500");
	HU_ASSERT_EQ_FATAL(native_of("hisi_pcie0_core0::rx_mwr_flux", &n, NULL), HU_OK);
	HU_ASSERT_NE(hu_cat_metric_pair_text(&cat, "hisi_pcie0_core0::rx_mwr_flux", &n, pair,
					     sizeof(pair)), HU_OK);
}

/*
 * The suite's tree as a v5.19-v6.1 driver shows it (Debian 12's 6.1.y): no
 * len_mode, no v6.9 events, no bdf_min/bdf_max (the bus file places the
 * instances).  Its flux counts TLP payload only.
 */
static int setup_payload_only(void)
{
	static const char *const gone[] = {
		"format/len_mode", "events/rx_mwr_flux", "events/rx_mwr_time", "events/rx_cpl_flux",
		"events/rx_cpl_time", "events/tx_mwr_flux", "events/tx_mwr_time", "events/tx_cpl_flux",
		"events/tx_cpl_time", "bdf_min", "bdf_max",
	};
	char rel[128];

	tree_init_fixtures(&tree);
	if (second_instance("hisi_pcie0_core0", "hisi_pcie0_core1", "4250\n", "0x5000\n", "0x5010\n"))
		return 1;
	tree_put(&tree, "hisi_pcie0_core1/bus", "0x50\n");
	for (unsigned int i = 0; i < 2; i++)
		for (size_t k = 0; k < sizeof(gone) / sizeof(gone[0]); k++) {
			snprintf(rel, sizeof(rel), "hisi_pcie0_core%u/%s", i, gone[k]);
			tree_remove(&tree, rel);
		}
	tree_fixture_pci_devices(&tree);
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(&tree, "pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000\n");
	return tree_catalogue_init(&tree, &cat);
}

/*
 * Every name of a flux count says what it holds, qualified, by device and
 * summed as much as plain: hisi-uncore-stat's -d rows (a device name)
 * marked their bandwidth payload_only 0 on Debian 12's 6.1 driver.
 */
static void test_payload_only_said_by_every_name(void)
{
	static const char *const names[] = {
		"hisi_pcie0_core0::rx_mrd_flux", "hisi_pcie0_core0::rx_mrd_flux:port=0x1",
		"hisi_pcie0_core0::rx_mrd_bandwidth:port=0x1", "hisi_pcie::rx_mrd_bandwidth:bdf=0x3d00",
		"hisi_pcie::tx_mrd_flux:bdf=0x5100", "hisi_pcie*::rx_mrd_bandwidth",
		"hisi_pcie*::rx_mrd_bandwidth:port=0x1",
	};
	struct hu_event_info info;
	int code;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, names[i], &code, NULL), HU_OK);
		HU_ASSERT_EQ_FATAL(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
		HU_ASSERT_CONTAINS(info.long_descr, "TLP payload only");
		if (!strstr(info.long_descr, "TLP payload only"))
			fprintf(stderr, "%s says: %s\n", names[i], info.long_descr);
	}
	/* a latency counts cycles and TLPs, no flux */
	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hisi_pcie0_core0::rx_mrd_avg_latency:port=0x1",
					       &code, NULL), HU_OK);
	HU_ASSERT_EQ_FATAL(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_LACKS(info.long_descr, "TLP payload");
}

void register_device_name_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "hisi_pcie::EVENT:bdf= counts on the instance of the device's root port",
		  test_pcie_device_picks_its_instance },
		{ "hns3_pmu::EVENT:bdf= counts on the SICL holding the function",
		  test_hns3_device_picks_its_sicl },
		{ "a device name round-trips and names its instance", test_device_name_round_trips },
		{ "refusals name the problem and each instance's devices", test_device_refusals },
		{ "hisi_pcie::EVENT:rp= counts a root port on its instance",
		  test_root_port_picks_instance_and_port },
		{ "a root port name round-trips", test_root_port_name_round_trips },
		{ "root port refusals", test_root_port_refusals },
		{ "a root port whose class cannot be read is said to be", test_unreadable_root_port_class },
		{ "device family names", test_device_family_names },
		{ "aggregates count on each instance the pattern matches",
		  test_aggregates_match_instances },
		{ "an aggregate name round-trips and names its instances",
		  test_aggregate_names_round_trip },
		{ "aggregate refusals", test_aggregate_refusals },
		{ "each family's aggregate is listed once", test_aggregates_listed_once },
		{ "a listed aggregate counts on every instance and says how",
		  test_listed_aggregate_counts_every_instance },
		{ "the halves of a pair give its metrics, on instances, devices and aggregates",
		  test_pairs_give_their_metrics },
		{ "names that are not a pair's halves written alike give no metric",
		  test_pairs_written_apart_give_nothing },
		{ "a metric names its pair as the user wrote it", test_metric_names_its_pair },
		{ NULL, NULL },
	};
	static const struct hu_cu_test domain_tests[] = {
		{ "domain= picks the instance of that PCI domain",
		  test_domain_picks_the_segments_instance },
		{ "a device two domains have is refused without domain=", test_domain_refusals },
		{ NULL, NULL },
	};
	hu_cu_add_suite("device_name", setup, teardown, tests);
	static const struct hu_cu_test namesake_tests[] = {
		{ "a device with a namesake in a domain no instance has is refused without domain=",
		  test_domain_namesake_refused },
		{ NULL, NULL },
	};
	static const struct hu_cu_test skipped_tests[] = {
		{ "an aggregate over a skipped instance is refused, naming it and why",
		  test_aggregate_with_skipped_instance },
		{ "a device a skipped instance covers: that instance and why",
		  test_device_on_skipped_instance },
		{ NULL, NULL },
	};
	static const struct hu_cu_test crowded_tests[] = {
		{ "more than 4,096 PCI devices: the coverage is never cut", test_coverage_never_cut },
		{ NULL, NULL },
	};
	hu_cu_add_suite("device_name_domains", setup_domains, teardown, domain_tests);
	hu_cu_add_suite("device_name_crowded", setup_crowded, teardown, crowded_tests);
	hu_cu_add_suite("device_name_skipped", setup_skipped, teardown, skipped_tests);
	static const struct hu_cu_test payload_only_tests[] = {
		{ "a payload-only driver's flux says so under every name",
		  test_payload_only_said_by_every_name },
		{ NULL, NULL },
	};
	hu_cu_add_suite("device_name_namesakes", setup_namesakes, teardown, namesake_tests);
	hu_cu_add_suite("device_name_payload_only", setup_payload_only, teardown, payload_only_tests);
}
