// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests: event names and their encoding (event_spec.c). */
#include <stdio.h>
#include <string.h>

#include "cu_main.h"
#include "event_spec.h"
#include "fixture_tree.h"

static struct fixture_tree tree;
static struct hu_pmu_set set;

static int setup(void)
{
	tree_init_fixtures(&tree);
	/* a PMU with a non-contiguous field, as perf's tests use */
	tree_put(&tree, "hns3_pmu_sicl_9/type", "77\n");
	tree_put(&tree, "hns3_pmu_sicl_9/cpumask", "1\n");
	tree_put(&tree, "hns3_pmu_sicl_9/format/split", "config:0-7,32-35\n");
	tree_put(&tree, "hns3_pmu_sicl_9/format/flag", "config2:63\n");
	tree_put(&tree, "hns3_pmu_sicl_9/events/two_terms", "split=0x3,flag\n");
	return hu_pmu_scan(&set, tree.root, NULL, NULL) == HU_OK ? 0 : 1;
}

static int teardown(void)
{
	hu_pmu_set_free(&set);
	tree_free(&tree);
	return 0;
}

static int encode(const char *name, struct hu_attr *a, struct hu_err *e)
{
	struct hu_pmu *pmu;

	hu_err_clear(e);
	return hu_name_to_attr(&set, name, a, &pmu, e);
}

static void test_parse_forms(void)
{
	struct hu_spec s;

	HU_ASSERT_EQ(hu_spec_parse("hisi_pcie0_core0::rx_mwr_latency", &s, NULL), HU_OK);
	HU_ASSERT_STR_EQ(s.pmu, "hisi_pcie0_core0");
	HU_ASSERT_STR_EQ(s.event, "rx_mwr_latency");
	HU_ASSERT_EQ(s.terms.n, 0);
	HU_ASSERT_EQ(hu_spec_parse("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_time:port=0x3:tc=15:global",
				   &s, NULL), HU_OK);
	HU_ASSERT_STR_EQ(s.pmu, "hns3_pmu_sicl_0");
	HU_ASSERT_EQ(s.terms.n, 3);
	HU_ASSERT_EQ(s.terms.term[0].value, 3);
	HU_ASSERT_EQ(s.terms.term[1].value, 15);
	CU_ASSERT_FALSE(s.terms.term[2].has_value);
	HU_ASSERT_EQ(hu_spec_parse("hisi_pcie0_core0::config=0x10010:port=1", &s, NULL), HU_OK);
	HU_ASSERT_STR_EQ(s.event, "");
	HU_ASSERT_EQ(s.terms.n, 2);
}

static void test_parse_errors(void)
{
	static const char *const bad[] = {
		"rx_mwr_latency", "::rx_mwr_latency", "hisi_pcie0_core0::",
		"hisi_pcie0_core0::rx_mwr_latency:", "hisi_pcie0_core0::rx_mwr_latency::port=1",
		"hisi_pcie0_core0::rx_mwr_latency:port=", "hisi_pcie0_core0::rx_mwr_latency:port=0xg",
		"perf_event:::hisi_pcie0_core0::rx_mwr_latency", "hisi_pcie0_core0::rx$mwr",
		"hisi_pcie0_core0::rx_mwr_latency:port=1=2",
	};
	struct hu_err e = { 0 };
	struct hu_spec s;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		hu_err_clear(&e);
		HU_ASSERT_NE(hu_spec_parse(bad[i], &s, &e), HU_OK);
		CU_ASSERT(e.msg[0] != '\0');
	}
	hu_spec_parse("perf_event:::x::y", &s, &e);
	HU_ASSERT_CONTAINS(e.msg, "perf_event");
	hu_err_clear(&e);
	HU_ASSERT_STATUS(hu_spec_parse("hisi_uncore:::hisi_uncore:::hisi_pcie0_core0::rx_mwr_latency", &s, &e),
			 HU_E_SYNTAX, &e);
	HU_ASSERT_CONTAINS(e.msg, "component prefix given twice");
}

/* Control characters in a name come back escaped: one line, no terminal codes. */
static void test_messages_escape_control_characters(void)
{
	struct hu_err e = { 0 };
	struct hu_spec s;

	HU_ASSERT_NE(hu_spec_parse("hisi_pcie0_core0::rx\x1b[2J\nmwr", &s, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "rx\\x1b[2J\\x0amwr");
	CU_ASSERT_PTR_NULL(strchr(e.msg, 0x1b));
	CU_ASSERT_PTR_NULL(strchr(e.msg, '\n'));
}

/* A malformed value is the user's bad value (PAPI_EATTR), not a system error. */
static void test_value_syntax_is_value_error(void)
{
	static const char *const bad[] = { "port=", "port==1", "port=0x", "port=0xg", "port=1e3",
					   "port= 1", "port=-1", "port=1 " };
	char name[128];
	struct hu_err e = { 0 };
	struct hu_spec s;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(name, sizeof(name), "hisi_pcie0_core0::rx_mwr_latency:%s", bad[i]);
		hu_err_clear(&e);
		HU_ASSERT_STATUS(hu_spec_parse(name, &s, &e), HU_E_VALUE, &e);
		HU_ASSERT_CONTAINS(e.msg, "qualifier '");
	}
}

static void test_encode_named(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_cnt:bdf=0x3c08", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.type, 4242);
	HU_ASSERT_EQ(a.config[0], 0x10010);
	HU_ASSERT_EQ(a.config[2], 0x3c080000);
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::bw_ssu_egu_byte_num:global", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[1], 1ULL << 52);
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::Dly_Tpu_Time:bdf=0x3500:queue=0xffff", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[0], 0x20f);
	HU_ASSERT_EQ(a.config[1], 0xffff350000ULL);
}

static void test_encode_raw_and_alias_terms(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::subevent=2:event_type=2:ext_counter_used", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[0], 0x10202);
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::config=0x1ffff:config2=0xffffffff", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[0], 0x1ffff);
	HU_ASSERT_EQ(a.config[2], 0xffffffffULL);
	/* config= assigns first; format terms are ORed afterwards (perf's order) */
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::event=0x10:config=0x100000", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[0], 0x100010);
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_9::two_terms", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.type, 77);
	HU_ASSERT_EQ(a.config[0], 0x3);
	HU_ASSERT_EQ(a.config[2], 1ULL << 63);
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_9::split=0xabc", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[0], 0xa000000bcULL);
}

static void test_value_too_big(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::bw_ssu_egu_byte_num:tc=16", &a, &e), HU_E_VALUE, &e);
	HU_ASSERT_CONTAINS(e.msg, "maximum is 15");
	HU_ASSERT_CONTAINS(e.msg, "'tc'");
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_9::split=0x1000", &a, &e), HU_E_VALUE, &e);
	HU_ASSERT_CONTAINS(e.msg, "maximum is 4095");
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:port=0xffff", &a, &e), HU_OK, &e);
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:port=0x10000", &a, &e), HU_E_VALUE, &e);
}

static void test_unknown_and_bare_terms(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:nosuch=1", &a, &e), HU_E_TERM, &e);
	HU_ASSERT_CONTAINS(e.msg, "unknown qualifier 'nosuch'");
	HU_ASSERT_CONTAINS(e.msg, "thr_len");	/* lists what is valid */
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:port", &a, &e), HU_E_VALUE, &e);
	HU_ASSERT_CONTAINS(e.msg, "no value assigned");
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:thr_mode", &a, &e), HU_OK, &e);
	HU_ASSERT_EQ(a.config[1], 0x10);
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:period=1000", &a, &e), HU_E_TERM, &e);
	/* libpfm4's modifiers belong to PAPI's perf_event components */
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:cpu=0", &a, &e), HU_E_FOREIGN, &e);
	HU_ASSERT_CONTAINS(e.msg, "'cpu' is a modifier of PAPI's perf_event components");
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:global=1:u", &a, &e), HU_E_FOREIGN, &e);
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:cpus=0", &a, &e), HU_E_TERM, &e);
}

static void test_conflicting_terms(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:port=1:port=2", &a, &e), HU_E_TERM, &e);
	HU_ASSERT_CONTAINS(e.msg, "twice");
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:event=0x11", &a, &e), HU_E_TERM, &e);
	HU_ASSERT_CONTAINS(e.msg, "fixed by event");
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_latency:config1=1", &a, &e), HU_E_TERM, &e);
	HU_ASSERT_STATUS(encode("hns3_pmu_sicl_0::bw_ssu_egu_byte_num:subevent=3", &a, &e), HU_E_TERM, &e);
}

static void test_unknown_pmu_and_event(void)
{
	struct hu_attr a;
	struct hu_err e;

	HU_ASSERT_STATUS(encode("hisi_pcie9_core0::rx_mwr_latency", &a, &e), HU_E_NOPMU, &e);
	HU_ASSERT_CONTAINS(e.msg, "hisi_pcie9_core0");
	HU_ASSERT_STATUS(encode("hisi_pcie0_core0::rx_mwr_lat", &a, &e), HU_E_NOEVENT, &e);
	HU_ASSERT_CONTAINS(e.msg, "rx_mwr_lat");
}

void register_event_spec_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "parse: name forms", test_parse_forms },
		{ "parse: malformed names", test_parse_errors },
		{ "parse: a malformed value is a value error", test_value_syntax_is_value_error },
		{ "messages escape control characters", test_messages_escape_control_characters },
		{ "encode: named events with qualifiers", test_encode_named },
		{ "encode: raw terms and multi-term aliases", test_encode_raw_and_alias_terms },
		{ "encode: value too big names the maximum", test_value_too_big },
		{ "encode: unknown and bare terms", test_unknown_and_bare_terms },
		{ "encode: repeated and fixed terms", test_conflicting_terms },
		{ "encode: unknown PMU and event", test_unknown_pmu_and_event },
		{ NULL, NULL },
	};
	hu_cu_add_suite("event_spec", setup, teardown, tests);
}
