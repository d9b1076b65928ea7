// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests: the sysfs text grammars (sysfs_parse.c). */
#include <string.h>

#include "cu_main.h"
#include "hip09_types.h"
#include "sysfs_parse.h"

#define S(x) x, strlen(x)

static void test_format_words_and_ranges(void)
{
	struct hu_format_bits f;

	HU_ASSERT_EQ(hu_parse_format(S("config:0-7\n"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.word, 0);
	HU_ASSERT_EQ(f.mask, 0xffULL);
	HU_ASSERT_EQ(hu_parse_format(S("config1:52\n"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.word, 1);
	HU_ASSERT_EQ(f.mask, 1ULL << 52);
	HU_ASSERT_EQ(hu_parse_format(S("config2:16-31"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.word, 2);
	HU_ASSERT_EQ(f.mask, 0xffff0000ULL);
	HU_ASSERT_EQ(hu_parse_format(S("config3:0-63\n"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.word, 3);
	HU_ASSERT_EQ(f.mask, ~0ULL);
}

static void test_format_non_contiguous(void)
{
	struct hu_format_bits f;

	HU_ASSERT_EQ(hu_parse_format(S("config:0-7,32-35\n"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.mask, 0xf000000ffULL);
	HU_ASSERT_EQ(hu_parse_format(S("config1:0,2,4"), &f, NULL), HU_OK);
	HU_ASSERT_EQ(f.mask, 0x15ULL);
}

static void test_format_garbage(void)
{
	static const char *const bad[] = {
		"", "\n", "config", "config:", "config:7-3", "config:64", "config:0-64",
		"config4:0", "config:0-7,", "config:0-7 ", "conf:0-3", "config:a",
		"config1:0-3\nconfig2:0", "config:-3", "config:99999999999999999999999",
	};
	struct hu_format_bits f;
	struct hu_err e = { 0 };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int ret = hu_parse_format(bad[i], strlen(bad[i]), &f, &e);

		HU_ASSERT_NE(ret, HU_OK);
		CU_ASSERT(e.msg[0] != '\0');
	}
}

static void test_format_error_names_column(void)
{
	struct hu_format_bits f;
	struct hu_err e = { 0 };

	HU_ASSERT_NE(hu_parse_format(S("config:0-7x"), &f, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "column 11");
}

static void test_alias_terms(void)
{
	struct hu_term_list l;

	HU_ASSERT_EQ(hu_parse_alias(S("config=0x10204\n"), &l, NULL), HU_OK);
	HU_ASSERT_EQ(l.n, 1);
	HU_ASSERT_STR_EQ(l.term[0].name, "config");
	HU_ASSERT_EQ(l.term[0].value, 0x10204);
	HU_ASSERT_EQ(hu_parse_alias(S("event=0x3c,umask=01,edge\n"), &l, NULL), HU_OK);
	HU_ASSERT_EQ(l.n, 3);
	HU_ASSERT_EQ(l.term[1].value, 1);
	CU_ASSERT_TRUE(l.term[1].has_value);
	HU_ASSERT_STR_EQ(l.term[2].name, "edge");
	CU_ASSERT_FALSE(l.term[2].has_value);
	HU_ASSERT_EQ(l.term[2].value, 1);
	HU_ASSERT_EQ(hu_parse_alias(S("config=0XFFFFFFFFFFFFFFFF"), &l, NULL), HU_OK);
	HU_ASSERT_EQ(l.term[0].value, ~0ULL);
}

static void test_alias_garbage(void)
{
	static const char *const bad[] = {
		"", "\n", "config=", "config=0x", "config=0xZZ", "=5", "config=1,",
		"config=0x10000000000000000", "config=18446744073709551616", "a b",
		"config=1\n\n", "config=0x10,config=0x11", "event=1,umask=2,event=1",
	};
	struct hu_term_list l;
	struct hu_err e;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		HU_ASSERT_NE(hu_parse_alias(bad[i], strlen(bad[i]), &l, NULL), HU_OK);
	/* perf would apply the last one: which code the driver meant is unknown */
	hu_err_clear(&e);
	HU_ASSERT_STATUS(hu_parse_alias(S("config=0x10,config=0x11\n"), &l, &e), HU_E_SYSFS, &e);
	HU_ASSERT_CONTAINS(e.msg, "term 'config' given twice");
}

static void test_cpulist(void)
{
	unsigned int count;
	int first;

	HU_ASSERT_EQ(hu_parse_cpulist(S("0\n"), &first, &count, NULL), HU_OK);
	HU_ASSERT_EQ(first, 0);
	HU_ASSERT_EQ(count, 1);
	HU_ASSERT_EQ(hu_parse_cpulist(S("0-3,8\n"), &first, &count, NULL), HU_OK);
	HU_ASSERT_EQ(first, 0);
	HU_ASSERT_EQ(count, 5);
	HU_ASSERT_EQ(hu_parse_cpulist(S("12,4-5"), &first, &count, NULL), HU_OK);
	HU_ASSERT_EQ(first, 4);
	HU_ASSERT_EQ(count, 3);
	HU_ASSERT_NE(hu_parse_cpulist(S("-1\n"), &first, &count, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_cpulist(S(""), &first, &count, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_cpulist(S("3-1"), &first, &count, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_cpulist(S("0-"), &first, &count, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_cpulist(S("0,,1"), &first, &count, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_cpulist(S("ff"), &first, &count, NULL), HU_OK);
}

static void test_bdf_forms(void)
{
	uint16_t bdf;

	HU_ASSERT_EQ(hu_parse_bdf(S("0x3c08\n"), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0x3c08);
	HU_ASSERT_EQ(hu_parse_bdf(S("0x08\n"), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0x08);
	HU_ASSERT_EQ(hu_parse_bdf(S("35:00.0\n"), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0x3500);
	HU_ASSERT_EQ(hu_parse_bdf(S("35:01.0"), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0x3508);
	HU_ASSERT_EQ(hu_parse_bdf(S("ff:1f.7"), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0xffff);
	HU_ASSERT_NE(hu_parse_bdf(S("0x10000"), &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_bdf(S("35:20.0"), &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_bdf(S("35:00.8"), &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_bdf(S("35:00"), &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_bdf(S("100:00.0"), &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_bdf(S(""), &bdf, NULL), HU_OK);
}

static void test_pci_names(void)
{
	char text[HU_PCI_NAME_TEXT], b[HU_BDF_TEXT];
	unsigned int domain;
	uint16_t bdf;

	HU_ASSERT_EQ(hu_parse_pci_name(S("0001:3d:1f.7"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(domain, 1);
	HU_ASSERT_EQ(bdf, 0x3dff);
	HU_ASSERT_STR_EQ(hu_pci_name_text(domain, bdf, text), "0001:3d:1f.7");
	HU_ASSERT_STR_EQ(hu_bdf_text(0x3508, b), "35:01.0");
	HU_ASSERT_EQ(hu_parse_bdf(b, strlen(b), &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(bdf, 0x3508);
	/* Linux names domains %04x of 32 bits: five to eight digits above 0xffff */
	HU_ASSERT_EQ(hu_parse_pci_name(S("10000:3d:00.0"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_EQ(domain, 0x10000);
	HU_ASSERT_STR_EQ(hu_pci_name_text(domain, bdf, text), "10000:3d:00.0");
	HU_ASSERT_EQ(hu_parse_pci_name(S("ffffffff:3d:00.0"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_STR_EQ(hu_pci_name_text(domain, bdf, text), "ffffffff:3d:00.0");
	HU_ASSERT_NE(hu_parse_pci_name(S("100000000:3d:00.0"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_pci_name(S("001:3d:00.0"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_pci_name(S("pci0000:3c"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_pci_name(S("01:3d:00.0"), &domain, &bdf, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_pci_name(S("0000:3d:00.0/x"), &domain, &bdf, NULL), HU_OK);
}

static void test_u64(void)
{
	uint64_t v;

	HU_ASSERT_EQ(hu_parse_u64(S("100000000\n"), &v, NULL), HU_OK);
	HU_ASSERT_EQ(v, 100000000);
	HU_ASSERT_EQ(hu_parse_u64(S("0x3c\n"), &v, NULL), HU_OK);
	HU_ASSERT_EQ(v, 0x3c);
	HU_ASSERT_NE(hu_parse_u64(S("12abc"), &v, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_u64(S(" 12"), &v, NULL), HU_OK);
	HU_ASSERT_NE(hu_parse_u64(S("-1"), &v, NULL), HU_OK);
}

static void test_scatter_gather(void)
{
	uint64_t mask = 0xf000000ffULL;	/* config:0-7,32-35 */

	HU_ASSERT_EQ(hu_format_scatter(mask, 0xabc), 0xa000000bcULL);
	HU_ASSERT_EQ(hu_format_gather(mask, 0xa000000bcULL), 0xabc);
	HU_ASSERT_EQ(hu_format_max(mask), 0xfff);
	HU_ASSERT_EQ(hu_format_width(mask), 12);
	HU_ASSERT_EQ(hu_format_max(~0ULL), ~0ULL);
	HU_ASSERT_EQ(hu_format_scatter(1ULL << 52, 1), 1ULL << 52);
	/* value bits beyond the field are dropped by scatter (callers check max) */
	HU_ASSERT_EQ(hu_format_scatter(0x3, 0x7), 0x3);
}

static void test_format_print(void)
{
	struct hu_format_bits f = { 1, 0xf000000ffULL };
	char buf[64];

	HU_ASSERT_EQ(hu_format_print(&f, buf, sizeof(buf)), 0);
	HU_ASSERT_STR_EQ(buf, "config1:0-7,32-35");
	f = (struct hu_format_bits){ 0, 1ULL << 16 };
	HU_ASSERT_EQ(hu_format_print(&f, buf, sizeof(buf)), 0);
	HU_ASSERT_STR_EQ(buf, "config:16");
	HU_ASSERT_NE(hu_format_print(&f, buf, 6), 0);
}

static void test_filter_modes(void)
{
	static const char *const bad[] = {
		"", "filter mode supported", "filter mode supported:\n",
		"filter mode supported: global warp\n", "filter mode supported:\tglobal\n",
		"Filter mode supported: global\n", "filter mode supported: port_tc\n",
	};
	uint32_t m = 0;

	HU_ASSERT_EQ(hu_parse_filter_modes(S("filter mode supported: global port \n"), &m, NULL),
		     HU_OK);
	HU_ASSERT_EQ(m, HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT);
	HU_ASSERT_EQ(hu_parse_filter_modes(S("filter mode supported: global/port-tc/func-queue/\n"),
					   &m, NULL), HU_OK);
	HU_ASSERT_EQ(m, HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC_QUEUE);
	HU_ASSERT_EQ(hu_parse_filter_modes(S("filter mode supported:func-intr"), &m, NULL), HU_OK);
	HU_ASSERT_EQ(m, HIP09_HNS3_MODE_FUNC_INTR);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		m = 0x40;
		HU_ASSERT_EQ(hu_parse_filter_modes(S(bad[i]), &m, NULL), HU_E_SYSFS);
		HU_ASSERT_EQ(m, 0x40);	/* a refusal leaves the result alone */
	}
	/* the length bounds the text: the same bytes cut before "port" */
	HU_ASSERT_EQ(hu_parse_filter_modes("filter mode supported: global port", 29, &m, NULL),
		     HU_OK);
	HU_ASSERT_EQ(m, HIP09_HNS3_MODE_GLOBAL);
}

void register_sysfs_parse_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "format: words and ranges", test_format_words_and_ranges },
		{ "format: non-contiguous bits", test_format_non_contiguous },
		{ "format: garbage is refused", test_format_garbage },
		{ "format: error names the column", test_format_error_names_column },
		{ "alias: terms", test_alias_terms },
		{ "alias: garbage is refused", test_alias_garbage },
		{ "cpumask lists", test_cpulist },
		{ "bdf: PCIe and HNS3 forms", test_bdf_forms },
		{ "PCI device names and the one bdf text form", test_pci_names },
		{ "numbers", test_u64 },
		{ "format: scatter and gather", test_scatter_gather },
		{ "format: print", test_format_print },
		{ "filtermode: modes, separators, garbage", test_filter_modes },
		{ NULL, NULL },
	};

	hu_cu_add_suite("sysfs_parse", NULL, NULL, tests);
}
