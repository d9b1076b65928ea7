// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests: event codes, enumeration and names (catalogue.c). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalogue.h"
#include "cu_main.h"
#include "fixture_tree.h"
#include "table_counts.h"

static struct fixture_tree tree;
static struct hu_catalogue cat;

/* The fixture PMUs with a root port, an endpoint and a NIC function in their ranges. */
static int setup(void)
{
	tree_init_fixtures(&tree);
	tree_fixture_pci_devices(&tree);
	return tree_catalogue_init(&tree, &cat);
}

static int teardown(void)
{
	tree_catalogue_free(&tree, &cat);
	return 0;
}

/* The fixtures' HNS3 and PCIe events and metrics, as the tables count them. */
static unsigned int fixture_entries(void)
{
	return hu_tables_events(HIP09_FAMILY_HNS3) + hu_tables_metrics(HIP09_FAMILY_HNS3) +
	       hu_tables_events(HIP09_FAMILY_PCIE) + hu_tables_metrics(HIP09_FAMILY_PCIE);
}

/*
 * What enumeration lists: each fixture PMU's entries, then the same once
 * more as its family's aggregate (one instance per family here).
 */
static unsigned int listed_entries(void)
{
	return 2 * fixture_entries();
}

/* Start-up counting reads names only, and agrees with the full listing. */
static void test_count_without_loading(void)
{
	struct hu_catalogue fresh;

	HU_ASSERT_EQ_FATAL(hu_cat_init(&fresh, tree.root, NULL, NULL), HU_OK);
	HU_ASSERT_EQ(hu_cat_count_events(&fresh), listed_entries());
	for (unsigned int i = 0; i < fresh.set.n; i++)
		CU_ASSERT_FALSE(fresh.set.pmu[i].details_loaded);
	hu_cat_free(&fresh);
}

/* The metrics of hisi_pcie0_core0 in the tree at @root, names into @names; their count. */
static unsigned int pcie_metrics(const char *root, char names[][HU_NAME_MAX], unsigned int max)
{
	struct hu_pmu_set s;
	struct hu_metric *m = NULL;
	struct hu_pmu *p;
	unsigned int n = 0;

	if (hu_pmu_scan(&s, root, NULL, NULL) != HU_OK)
		return 0;
	p = hu_pmu_find(&s, "hisi_pcie0_core0");
	if (p && hu_pmu_load_details(&s, p, NULL) == HU_OK && hu_metrics_build(p, &m, &n) == HU_OK)
		for (unsigned int i = 0; i < n && i < max; i++)
			snprintf(names[i], HU_NAME_MAX, "%s", m[i].name);
	free(m);
	hu_pmu_set_free(&s);
	return n;
}

/*
 * A hostile events/ with one counter event under names that differ only in
 * case: each metric once (fuzz_sysfs found 6 metrics written into room for
 * 5, and the same metric name twice).
 */
static void test_case_variants_give_each_metric_once(void)
{
	char before[64][HU_NAME_MAX], after[64][HU_NAME_MAX];
	struct fixture_tree t;
	unsigned int n0, n;

	tree_init_fixtures(&t);
	n0 = pcie_metrics(t.root, before, 64);
	tree_put(&t, "hisi_pcie0_core0/events/RX_MWR_FLUX", "config=0x104\n");
	tree_put(&t, "hisi_pcie0_core0/events/Rx_Mwr_Flux", "config=0x104\n");
	tree_put(&t, "hisi_pcie0_core0/events/rx_MWR_flux", "config=0x104\n");
	n = pcie_metrics(t.root, after, 64);
	CU_ASSERT(n0 > 0);
	HU_ASSERT_EQ(n, n0);
	for (unsigned int i = 0; i < n && i < 64; i++)
		for (unsigned int j = i + 1; j < n && j < 64; j++)
			HU_ASSERT_NE(strcasecmp(after[i], after[j]), 0);
	tree_free(&t);
}

static void test_enumerate_all_events(void)
{
	char name[256];
	unsigned int n = 0;
	int code;

	HU_ASSERT_EQ_FATAL(hu_cat_enum_first(&cat, &code), HU_OK);
	do {
		HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, name, sizeof(name), NULL), HU_OK);
		HU_ASSERT_CONTAINS(name, "::");
		n++;
	} while (hu_cat_enum_next_event(&cat, &code) == HU_OK);
	HU_ASSERT_EQ(n, listed_entries());
	HU_ASSERT_EQ(hu_cat_count_events(&cat), listed_entries());
}

static unsigned int count_qualifiers(const char *event, char names[][64])
{
	unsigned int n = 0;
	char buf[256];
	int code;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, event, &code, NULL), HU_OK);
	while (hu_cat_enum_next_qualifier(&cat, &code) == HU_OK) {
		HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, buf, sizeof(buf), NULL), HU_OK);
		HU_ASSERT_EQ(strncmp(buf, event, strlen(event)), 0);
		snprintf(names[n++], 64, "%s", buf + strlen(event) + 1);
	}
	return n;
}

/*
 * Qualifiers are listed with a value that works, and only those the event
 * takes: HNS3 the fields of its filter modes, PCIe latency events port alone.
 */
static void test_qualifiers_are_the_filters(void)
{
	char q[16][64];

	/* HNS3 aliases fix config (subevent, event_type, ext_counter_used) */
	HU_ASSERT_EQ_FATAL(count_qualifiers("hns3_pmu_sicl_0::bw_ssu_egu_time", q), 3);
	HU_ASSERT_STR_EQ(q[0], "global=1");
	HU_ASSERT_STR_EQ(q[1], "port=0");
	HU_ASSERT_STR_EQ(q[2], "tc=0xf");
	/* global and func-queue only: bdf and queue each need the other */
	HU_ASSERT_EQ_FATAL(count_qualifiers("hns3_pmu_sicl_0::bw_rpu_rcbrx_time", q), 3);
	HU_ASSERT_STR_EQ(q[0], "bdf=0x3500:queue=1");
	HU_ASSERT_STR_EQ(q[1], "global=1");
	HU_ASSERT_STR_EQ(q[2], "queue=1:bdf=0x3500");
	HU_ASSERT_EQ_FATAL(count_qualifiers("hisi_pcie0_core0::rx_mwr_latency", q), 1);
	HU_ASSERT_STR_EQ(q[0], "port=0xffff");
	HU_ASSERT_EQ_FATAL(count_qualifiers("hisi_pcie0_core0::rx_mwr_flux", q), 7);
	HU_ASSERT_STR_EQ(q[0], "bdf=0x3d00");
	HU_ASSERT_STR_EQ(q[1], "len_mode=3");
}

/* Every qualifier of every entry, as listed, resolves: by its name and by its code. */
static void test_every_listed_qualifier_resolves(void)
{
	char name[256];
	unsigned int listed = 0, bad = 0;
	int code, q, again;

	HU_ASSERT_EQ_FATAL(hu_cat_enum_first(&cat, &code), HU_OK);
	do {
		for (q = code; hu_cat_enum_next_qualifier(&cat, &q) == HU_OK; listed++) {
			struct hu_native n;

			if (hu_cat_code_to_name(&cat, q, name, sizeof(name), NULL) != HU_OK ||
			    hu_cat_name_to_code(&cat, name, &again, NULL) != HU_OK ||
			    hu_cat_code_to_native(&cat, q, &n, NULL) != HU_OK) {
				if (bad++ < 5)
					fprintf(stderr, "listed but refused: %s\n", name);
			}
		}
	} while (hu_cat_enum_next_event(&cat, &code) == HU_OK);
	CU_ASSERT(listed > 500);
	HU_ASSERT_EQ(bad, 0);
}

static void test_base_name_round_trip(void)
{
	char name[256];
	int code, again;

	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_0::pps_intr_msix_nic_time", &code, NULL), HU_OK);
	CU_ASSERT(code >= 0);
	HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, name, sizeof(name), NULL), HU_OK);
	HU_ASSERT_STR_EQ(name, "hns3_pmu_sicl_0::pps_intr_msix_nic_time");
	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, "hisi_uncore:::hns3_pmu_sicl_0::pps_intr_msix_nic_time",
					 &again, NULL), HU_OK);
	HU_ASSERT_EQ(code, again);
}

static void test_qualified_name_round_trip(void)
{
	const char *n = "hisi_pcie0_core0::rx_mwr_flux:port=0x3:thr_len=4";
	struct hu_native nat;
	char name[256];
	int code, again;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, n, &code, NULL), HU_OK);
	CU_ASSERT(code >= 0);
	HU_ASSERT_EQ(hu_cat_code_to_name(&cat, code, name, sizeof(name), NULL), HU_OK);
	HU_ASSERT_STR_EQ(name, n);
	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, n, &again, NULL), HU_OK);
	HU_ASSERT_EQ(code, again);
	HU_ASSERT_EQ(hu_cat_code_to_native(&cat, code, &nat, NULL), HU_OK);
	HU_ASSERT_EQ(nat.nattr, 1);
	CU_ASSERT_PTR_NULL(nat.metric);
	HU_ASSERT_EQ(nat.attr[0].type, 4242);
	HU_ASSERT_EQ(nat.attr[0].config[0], 0x104);
	HU_ASSERT_EQ(nat.attr[0].config[1], 0x4);
	HU_ASSERT_EQ(nat.attr[0].config[2], 0x3);
	HU_ASSERT_STR_EQ(cat.set.pmu[nat.pmu].name, "hisi_pcie0_core0");
}

static void test_name_errors(void)
{
	struct hu_err e = { 0 };
	int code;

	HU_ASSERT_STATUS(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_4::bw_ssu_egu_time", &code, &e), HU_E_NOPMU, &e);
	HU_ASSERT_STATUS(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_0::bw_nothing", &code, &e), HU_E_NOEVENT, &e);
	HU_ASSERT_STATUS(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_0::bw_ssu_egu_time:warp=1", &code, &e), HU_E_TERM, &e);
	HU_ASSERT_STATUS(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_0::bw_ssu_egu_time:tc=99", &code, &e), HU_E_VALUE, &e);
	HU_ASSERT_NE(hu_cat_code_to_name(&cat, 0x3fffffff, (char[8]){ 0 }, 8, NULL), HU_OK);
	HU_ASSERT_NE(hu_cat_code_to_name(&cat, (1 << 30) | 5000, (char[8]){ 0 }, 8, NULL), HU_OK);
}

/*
 * The grammar allows one hisi_uncore::: prefix: a second one is refused,
 * not stripped too (the cached name then kept one, and its own code name
 * gave another code).  Found by fuzz_resolve.
 */
static void test_one_prefix_only(void)
{
	static const char *const names[] = {
		"hisi_uncore:::hisi_uncore:::hns3_pmu_sicl_0::pps_intr_msix_nic_time",
		"hisi_uncore:::hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0x2:tc=4",
	};
	struct hu_err e;
	int code;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		hu_err_clear(&e);
		HU_ASSERT_NE(hu_cat_name_to_code(&cat, names[i], &code, &e), HU_OK);
		HU_ASSERT_NE(e.msg[0], '\0');
	}
}

static void test_info_texts(void)
{
	struct hu_event_info info;
	int code;

	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hisi_pcie0_core0::tx_cpl_time", &code, NULL), HU_OK);
	HU_ASSERT_EQ(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_STR_EQ(info.symbol, "hisi_pcie0_core0::tx_cpl_time");
	/* the tables' text and unit, not the raw encoding */
	HU_ASSERT_CONTAINS(info.long_descr, "tx_cpl_flux");
	HU_ASSERT_LACKS(info.long_descr, "config=0x");
	HU_ASSERT_STR_EQ(info.units, "cycles");
	HU_ASSERT_EQ_FATAL(hu_cat_enum_next_qualifier(&cat, &code), HU_OK);
	HU_ASSERT_EQ(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_CONTAINS(info.long_descr, ", masks:");
	HU_ASSERT_CONTAINS(info.long_descr, "(config2:16-31, 0 to 0xffff)");
	HU_ASSERT_STR_EQ(info.symbol, "hisi_pcie0_core0::tx_cpl_time:bdf=0x3d00");
	/* HNS3: the running driver's filter modes come from sysfs filtermode/ */
	HU_ASSERT_EQ_FATAL(hu_cat_name_to_code(&cat, "hns3_pmu_sicl_0::bw_rpu_rcbrx_time", &code, NULL), HU_OK);
	HU_ASSERT_EQ(hu_cat_code_to_info(&cat, code, &info, NULL), HU_OK);
	HU_ASSERT_CONTAINS(info.long_descr, "Filter modes: global func-queue.");
}

/*
 * Thousands of distinct qualified names (the hash grows many times): each
 * gets its own code, the same code again, and its own name back; a name
 * that differs only in spelling is a name of its own.
 */
static void test_many_qualified_names(void)
{
	enum { N = 5000 };
	static int codes[N];
	char name[128], back[128];
	bool ok = true;
	int code;

	for (unsigned int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "hisi_pcie0_core0::rx_mwr_flux:port=%u:thr_len=%u",
			 i % 0xffff + 1, i % 7);
		ok &= hu_cat_name_to_code(&cat, name, &codes[i], NULL) == HU_OK;
		ok &= i == 0 || codes[i] != codes[i - 1];
	}
	for (unsigned int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "hisi_pcie0_core0::rx_mwr_flux:port=%u:thr_len=%u",
			 i % 0xffff + 1, i % 7);
		ok &= hu_cat_name_to_code(&cat, name, &code, NULL) == HU_OK && code == codes[i];
		ok &= hu_cat_code_to_name(&cat, code, back, sizeof(back), NULL) == HU_OK &&
		      strcmp(back, name) == 0;
	}
	CU_ASSERT_TRUE(ok);
	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, "hisi_uncore:::hisi_pcie0_core0::rx_mwr_flux:port=1:thr_len=0",
					 &code, NULL), HU_OK);
	HU_ASSERT_EQ(code, codes[0]);
	HU_ASSERT_EQ(hu_cat_name_to_code(&cat, "hisi_pcie0_core0::rx_mwr_flux:port=0x1:thr_len=0",
					 &code, NULL), HU_OK);
	HU_ASSERT_NE(code, codes[0]);
}

void register_catalogue_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "count at start-up without reading event files", test_count_without_loading },
		{ "enumerate every event of the fixtures", test_enumerate_all_events },
		{ "events named alike but for case give each metric once",
		  test_case_variants_give_each_metric_once },
		{ "qualifiers are the filters each event takes, with working values",
		  test_qualifiers_are_the_filters },
		{ "every listed qualifier resolves", test_every_listed_qualifier_resolves },
		{ "base names round-trip", test_base_name_round_trip },
		{ "qualified names round-trip", test_qualified_name_round_trip },
		{ "5,000 qualified names: one code each, found again", test_many_qualified_names },
		{ "bad names give specific errors", test_name_errors },
		{ "one hisi_uncore::: prefix only", test_one_prefix_only },
		{ "descriptions", test_info_texts },
		{ NULL, NULL },
	};
	hu_cu_add_suite("catalogue", setup, teardown, tests);
}
