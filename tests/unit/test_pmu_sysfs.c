// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests: PMU discovery and untrusted sysfs files (pmu_sysfs.c). */
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "event_spec.h"
#include "metrics.h"
#include "pmu_family.h"
#include "pmu_sysfs.h"
#include "table_counts.h"

static void scan(struct fixture_tree *t, const char *extra, struct hu_pmu_set *set)
{
	struct hu_err e = { 0 };

	HU_ASSERT_STATUS_FATAL(hu_pmu_scan(set, t->root, extra, &e), HU_OK, &e);
}

/* Parse, resolve and encode @name (perf's stage); its status, message in @e. */
static int encode_name(const struct hu_pmu_set *set, const char *name, struct hu_err *e)
{
	struct hu_pmu *pmu;
	struct hu_attr a;

	hu_err_clear(e);
	return hu_name_to_attr(set, name, &a, &pmu, e);
}

static struct hu_pmu *loaded(struct hu_pmu_set *set, const char *name)
{
	struct hu_pmu *p = hu_pmu_find(set, name);
	struct hu_err e = { 0 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	HU_ASSERT_STATUS(hu_pmu_load_details(set, p, &e), HU_OK, &e);
	return p;
}

/* One change a test makes to the fixture PMUs' files before the scan. */
struct tree_edit {
	const char *rel;	/* below devices/; NULL ends a list of edits */
	const char *text;	/* what to write there; NULL removes it */
	size_t len;		/* bytes to write when text holds a NUL or lacks one; 0: strlen */
	bool fifo;		/* instead: replace the file by a FIFO */
};

/* Replace devices/@rel by a FIFO, which would block open() and read() for ever. */
static void put_fifo(struct fixture_tree *t, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", t->devices, rel);
	HU_ASSERT_EQ_FATAL(unlink(path), 0);
	HU_ASSERT_EQ_FATAL(mkfifo(path, 0644), 0);
}

static void apply_edit(struct fixture_tree *t, const struct tree_edit *edit)
{
	if (edit->fifo)
		put_fifo(t, edit->rel);
	else if (!edit->text)
		tree_remove(t, edit->rel);
	else
		tree_put_bytes(t, edit->rel, edit->text, edit->len ? edit->len : strlen(edit->text));
}

/* A copy of the fixture PMUs with @edits (NULL: none) made, scanned into @set. */
static void scan_edited_fixtures(struct fixture_tree *t, const struct tree_edit *edits,
				 struct hu_pmu_set *set)
{
	tree_init_fixtures(t);
	for (; edits && edits->rel; edits++)
		apply_edit(t, edits);
	scan(t, NULL, set);
}

static void free_scan(struct fixture_tree *t, struct hu_pmu_set *set)
{
	hu_pmu_set_free(set);
	tree_free(t);
}

/* Most tests here: @check what the scan finds in the fixture PMUs after @edits. */
static void check_edited_fixtures(const struct tree_edit *edits,
				  void (*check)(struct hu_pmu_set *set))
{
	struct fixture_tree t;
	struct hu_pmu_set set;

	scan_edited_fixtures(&t, edits, &set);
	check(&set);
	free_scan(&t, &set);
}

static void check_fixture_pmus(struct hu_pmu_set *set)
{
	struct hu_pmu *pcie = &set->pmu[0], *hns3 = &set->pmu[1];

	HU_ASSERT_EQ(set->n, 2);
	HU_ASSERT_STR_EQ(set->pmu[0].name, "hisi_pcie0_core0");
	HU_ASSERT_STR_EQ(set->pmu[1].name, "hns3_pmu_sicl_0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(pcie->family);
	HU_ASSERT_STR_EQ(pcie->family->name, "hisi_pcie");
	HU_ASSERT_EQ(pcie->type, 4242);
	HU_ASSERT_EQ(pcie->cpu, 0);
	CU_ASSERT_TRUE(pcie->has_bus);
	HU_ASSERT_EQ(pcie->bus, 0x3c);
	CU_ASSERT_TRUE(pcie->has_bdf_range);
	HU_ASSERT_EQ(pcie->bdf_min, 0x3c00);
	HU_ASSERT_EQ(pcie->bdf_max, 0x3c10);
	HU_ASSERT_STR_EQ(pcie->identifier, "0x30");
	CU_ASSERT_FALSE(pcie->has_hw_clk_freq);
	CU_ASSERT_PTR_NOT_NULL_FATAL(hns3->family);
	HU_ASSERT_STR_EQ(hns3->family->name, "hns3");
	HU_ASSERT_EQ(hns3->type, 4243);
	HU_ASSERT_EQ(hns3->bdf_min, 0x3500);
	HU_ASSERT_EQ(hns3->bdf_max, 0x351f);
	HU_ASSERT_EQ(hns3->hw_clk_freq, 100000000);
	CU_ASSERT_FALSE(hns3->details_loaded);
}

static void test_fixture_pmus(void)
{
	check_edited_fixtures(NULL, check_fixture_pmus);
}

static void check_fixture_details(struct hu_pmu_set *set)
{
	struct hu_pmu *p = loaded(set, "hns3_pmu_sicl_0");
	const struct hu_event *ev;
	const struct hu_format *f;

	HU_ASSERT_EQ(p->nevents, hu_tables_events(HIP09_FAMILY_HNS3));
	HU_ASSERT_EQ(p->nformats, 9);
	ev = hu_pmu_find_event(p, "BW_SSU_RPU_TIME");
	CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
	CU_ASSERT_TRUE(ev->usable);
	CU_ASSERT_TRUE(ev->has_filter_modes);
	HU_ASSERT_EQ(ev->filter_modes, 0x1f);
	HU_ASSERT_EQ(ev->term[0].value, 0x10002);
	f = hu_pmu_find_format(p, "queue");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	HU_ASSERT_EQ(f->bits.word, 1);
	HU_ASSERT_EQ(f->bits.mask, 0xffffULL << 24);
	CU_ASSERT_PTR_NULL(hu_pmu_find_format(p, "QUEUE"));	/* formats match exactly */
	p = loaded(set, "hisi_pcie0_core0");
	HU_ASSERT_EQ(p->nevents, 18);
	HU_ASSERT_EQ(p->nformats, 8);
	ev = hu_pmu_find_event(p, "rx_mrd_flux");
	CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
	CU_ASSERT_FALSE(ev->has_filter_modes);
	HU_ASSERT_EQ(ev->term[0].value, 0x804);
}

static void test_fixture_details(void)
{
	check_edited_fixtures(NULL, check_fixture_details);
}

static void test_family_names(void)
{
	const struct hu_family_desc *fam;
	unsigned int sicl, core;

	CU_ASSERT_TRUE(hu_family_of_name("hisi_pcie12_core3", &fam, &sicl, &core));
	HU_ASSERT_STR_EQ(fam->name, "hisi_pcie");
	HU_ASSERT_EQ(sicl, 12);
	HU_ASSERT_EQ(core, 3);
	CU_ASSERT_TRUE(hu_family_of_name("hns3_pmu_sicl_7", &fam, &sicl, &core));
	HU_ASSERT_STR_EQ(fam->name, "hns3");
	HU_ASSERT_EQ(sicl, 7);
	CU_ASSERT_FALSE(hu_family_of_name("hisi_pcie0_0", &fam, &sicl, &core));
	CU_ASSERT_FALSE(hu_family_of_name("hisi_pcie0_core", &fam, &sicl, &core));
	CU_ASSERT_FALSE(hu_family_of_name("hisi_pcie0_core0x", &fam, &sicl, &core));
	CU_ASSERT_FALSE(hu_family_of_name("hns3_pmu_sicl_", &fam, &sicl, &core));
	CU_ASSERT_FALSE(hu_family_of_name("hns3_pmu_sicl_99999999", &fam, &sicl, &core));
	CU_ASSERT_FALSE(hu_family_of_name("hisi_sccl1_ddrc0", &fam, &sicl, &core));
}

static void test_extra_pmus(void)
{
	struct fixture_tree t;
	struct hu_pmu_set set;
	struct hu_pmu *p;

	tree_init(&t);
	tree_put(&t, "msr/type", "11\n");
	tree_put(&t, "msr/events/tsc", "event=0x00\n");
	tree_put(&t, "msr/format/event", "config:0-63\n");
	tree_put(&t, "other/type", "12\n");
	scan(&t, NULL, &set);
	HU_ASSERT_EQ(set.n, 0);
	hu_pmu_set_free(&set);
	scan(&t, "foo,msr", &set);
	HU_ASSERT_EQ_FATAL(set.n, 1);
	p = loaded(&set, "msr");
	CU_ASSERT_PTR_NULL(p->family);
	HU_ASSERT_EQ(p->cpu, 0);	/* no cpumask: any CPU */
	HU_ASSERT_EQ(p->nevents, 1);
	hu_pmu_set_free(&set);
	tree_free(&t);
}

/* Break @file of the fixture PCIe PMU; the PMU must be skipped with a reason. */
static void expect_pmu_skipped(const char *file, const void *content, size_t len,
			       const char *reason_part)
{
	const struct tree_edit broken[] = { { file, content, len, false }, { 0 } };
	struct hu_err e = { 0 };
	struct fixture_tree t;
	struct hu_pmu_set set;

	scan_edited_fixtures(&t, broken, &set);
	HU_ASSERT_EQ(set.n, 1);
	HU_ASSERT_EQ_FATAL(set.nskipped, 1);
	HU_ASSERT_STR_EQ(set.skipped[0].name, "hisi_pcie0_core0");
	HU_ASSERT_CONTAINS(set.skipped[0].reason, reason_part);
	/* a name of the skipped PMU is refused with the reason, not as unknown */
	HU_ASSERT_STATUS(encode_name(&set, "hisi_pcie0_core0::rx_mwr_cnt", &e), HU_E_NOPMU, &e);
	HU_ASSERT_CONTAINS(e.msg, "PMU 'hisi_pcie0_core0' is unusable: ");
	HU_ASSERT_CONTAINS(e.msg, reason_part);
	free_scan(&t, &set);
}

static void test_bad_type_or_cpumask(void)
{
	char big[5000];

	memset(big, '1', sizeof(big));
	expect_pmu_skipped("hisi_pcie0_core0/type", NULL, 0, "type");
	expect_pmu_skipped("hisi_pcie0_core0/type", "", 0, "empty");
	expect_pmu_skipped("hisi_pcie0_core0/type", "abc\n", 4, "type");
	expect_pmu_skipped("hisi_pcie0_core0/type", "42\0\n", 4, "NUL");
	expect_pmu_skipped("hisi_pcie0_core0/type", "4294967296\n", 11, "type");
	expect_pmu_skipped("hisi_pcie0_core0/type", big, sizeof(big), "larger");
	expect_pmu_skipped("hisi_pcie0_core0/cpumask", NULL, 0, "cpumask");
	expect_pmu_skipped("hisi_pcie0_core0/cpumask", "-1\n", 3, "no CPU");
	expect_pmu_skipped("hisi_pcie0_core0/cpumask", "\n", 1, "cpumask");
	expect_pmu_skipped("hisi_pcie0_core0/cpumask", big, sizeof(big), "larger");
	expect_pmu_skipped("hisi_pcie0_core0/cpumask", "0-", 2, "cpumask");
}

static void check_bad_event_files(struct hu_pmu_set *set)
{
	struct hu_pmu *p = loaded(set, "hns3_pmu_sicl_0");
	const struct hu_event *ev;

	HU_ASSERT_EQ(p->nevents, hu_tables_events(HIP09_FAMILY_HNS3));	/* .scale is metadata */
	ev = hu_pmu_find_event(p, "bw_ssu_egu_time");
	CU_ASSERT_FALSE(ev->usable);
	HU_ASSERT_CONTAINS(ev->reason, "events/bw_ssu_egu_time");
	CU_ASSERT_FALSE(hu_pmu_find_event(p, "bw_ssu_rpu_time")->usable);
	CU_ASSERT_FALSE(hu_pmu_find_event(p, "bw_tpu_ssu_time")->usable);
	ev = hu_pmu_find_event(p, "bw_ssu_roce_time");
	CU_ASSERT_FALSE(ev->usable);
	HU_ASSERT_CONTAINS(ev->reason, "warp");
	CU_ASSERT_FALSE(hu_pmu_find_event(p, "bw_roce_ssu_time")->usable);
	ev = hu_pmu_find_event(p, "bw_roce_ssu_byte_num");	/* the documented '/' form */
	CU_ASSERT_TRUE(ev->usable);
	HU_ASSERT_EQ(ev->filter_modes, 0x0f);
	CU_ASSERT_TRUE(hu_pmu_find_event(p, "bw_ssu_egu_byte_num")->usable);
	ev = hu_pmu_find_event(p, "bw_rpu_rcbrx_time");
	CU_ASSERT_FALSE(ev->usable);
	HU_ASSERT_CONTAINS(ev->reason, "not a regular file");
}

static void test_bad_event_files(void)
{
	static const struct tree_edit broken[] = {
		{ .rel = "hns3_pmu_sicl_0/events/bw_ssu_egu_time", .text = "config=0xZZ\n" },
		{ .rel = "hns3_pmu_sicl_0/events/bw_ssu_rpu_time", .text = "" },
		{ .rel = "hns3_pmu_sicl_0/events/bw_tpu_ssu_time", .text = "config=0x1\0", .len = 11 },
		{ .rel = "hns3_pmu_sicl_0/filtermode/bw_ssu_roce_time",
		  .text = "filter mode supported: global warp \n" },
		{ .rel = "hns3_pmu_sicl_0/filtermode/bw_roce_ssu_time", .text = "garbage\n" },
		{ .rel = "hns3_pmu_sicl_0/filtermode/bw_roce_ssu_byte_num",
		  .text = "filter mode supported: global/port/port-tc/func/\n" },
		{ .rel = "hns3_pmu_sicl_0/events/bw_roce_ssu_byte_num.scale", .text = "1.0\n" },
		/* a FIFO is refused, not waited on */
		{ .rel = "hns3_pmu_sicl_0/events/bw_rpu_rcbrx_time", .fifo = true },
		{ 0 },
	};

	check_edited_fixtures(broken, check_bad_event_files);
}

static void check_bad_format_files(struct hu_pmu_set *set)
{
	struct hu_pmu *p = loaded(set, "hisi_pcie0_core0");
	const struct hu_format *f = hu_pmu_find_format(p, "port");
	struct hu_err e = { 0 };

	CU_ASSERT_FALSE(f->usable);
	HU_ASSERT_CONTAINS(f->reason, "config9");
	CU_ASSERT_FALSE(hu_pmu_find_format(p, "bdf")->usable);
	CU_ASSERT_TRUE(hu_pmu_find_format(p, "thr_len")->usable);
	/* a qualifier whose format file is bad says so, not "fixed by event" */
	HU_ASSERT_STATUS(encode_name(set, "hisi_pcie0_core0::rx_mwr_latency:port=1", &e), HU_E_TERM, &e);
	HU_ASSERT_CONTAINS(e.msg, "qualifier 'port' of 'hisi_pcie0_core0' is unusable");
}

static void test_bad_format_files(void)
{
	static const struct tree_edit broken[] = {
		{ .rel = "hisi_pcie0_core0/format/port", .text = "config9:0-15\n" },
		{ .rel = "hisi_pcie0_core0/format/bdf", .text = "config2:31-16\n" },
		{ 0 },
	};

	check_edited_fixtures(broken, check_bad_format_files);
}

static void check_bad_alias_term_blames_the_file(struct hu_pmu_set *set)
{
	struct hu_err e = { 0 };

	HU_ASSERT_NE(encode_name(set, "hisi_pcie0_core0::rx_mwr_flux:port=1", &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "hisi_pcie0_core0/events/rx_mwr_flux (the driver's alias)");
}

/* An alias term the formats cannot take is blamed on the alias file, not the user. */
static void test_bad_alias_term_blames_the_file(void)
{
	static const struct tree_edit broken[] = {
		{ .rel = "hisi_pcie0_core0/events/rx_mwr_flux", .text = "event=0x104,thr_len=0x1f\n" },
		{ 0 },
	};

	check_edited_fixtures(broken, check_bad_alias_term_blames_the_file);
}

static void check_bad_extras_keep_pmu(struct hu_pmu_set *set)
{
	struct hu_err e = { 0 };

	HU_ASSERT_EQ_FATAL(set->n, 2);
	CU_ASSERT_FALSE(set->pmu[0].has_bus);
	CU_ASSERT_FALSE(set->pmu[0].has_bdf_range);
	CU_ASSERT(set->pmu[0].extras_note[0] != '\0');
	CU_ASSERT_FALSE(set->pmu[1].has_bdf_range);
	CU_ASSERT_FALSE(set->pmu[1].has_hw_clk_freq);
	HU_ASSERT_CONTAINS(set->pmu[1].extras_note, "bdf_min");
	/* the metrics hw_clk_freq would give are missing, and the refusal says why */
	HU_ASSERT_STATUS(encode_name(set, "hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth", &e), HU_E_NOEVENT, &e);
	HU_ASSERT_CONTAINS(e.msg, "hw_clk_freq: 0 Hz");
}

static void test_bad_extras_keep_pmu(void)
{
	static const struct tree_edit broken[] = {
		{ .rel = "hns3_pmu_sicl_0/bdf_min", .text = "35:zz.0\n" },
		{ .rel = "hns3_pmu_sicl_0/hw_clk_freq", .text = "0\n" },
		{ .rel = "hisi_pcie0_core0/bus", .text = "0x100\n" },
		{ .rel = "hisi_pcie0_core0/bdf_min", .text = "0x3d00\n" },	/* above bdf_max */
		{ 0 },
	};

	check_edited_fixtures(broken, check_bad_extras_keep_pmu);
}

/* Absent is not malformed. */
static void check_no_events_or_formats(struct hu_pmu_set *set)
{
	struct hu_pmu *p = loaded(set, "hns3_pmu_sicl_0");

	HU_ASSERT_EQ(p->nevents, 0);
	HU_ASSERT_EQ(p->nformats, 0);
}

static void test_missing_directories(void)
{
	static const struct tree_edit removed[] = {
		{ .rel = "hns3_pmu_sicl_0/events" },
		{ .rel = "hns3_pmu_sicl_0/format" },
		{ 0 },
	};
	struct hu_pmu_set set;
	struct hu_err e = { 0 };

	HU_ASSERT_NE(hu_pmu_scan(&set, "/nonexistent-sysfs", NULL, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "/nonexistent-sysfs/bus/event_source/devices");
	check_edited_fixtures(removed, check_no_events_or_formats);
}

/* The config word @name opens; 0 if it is refused. */
static uint64_t config_of(const struct hu_pmu_set *set, const char *name)
{
	struct hu_pmu *pmu;
	struct hu_attr a;

	return hu_name_to_attr(set, name, &a, &pmu, NULL) ? 0 : a.config[0];
}

/* rx_mwr_bandwidth is made of the events of those exact names, not of a case twin. */
static void check_twin_metric(const struct hu_pmu *p)
{
	struct hu_metric *m;
	unsigned int n, found = 0;

	HU_ASSERT_EQ_FATAL(hu_metrics_build(p, &m, &n), HU_OK);
	for (unsigned int i = 0; i < n; i++) {
		if (strcmp(m[i].name, "rx_mwr_bandwidth") != 0)
			continue;
		found++;
		HU_ASSERT_STR_EQ(p->events[m[i].num].name, "rx_mwr_flux");
		HU_ASSERT_STR_EQ(p->events[m[i].den].name, "rx_mwr_time");
	}
	HU_ASSERT_EQ(found, 1);
	free(m);
}

/*
 * Two events that differ only by case: each name opens its own event, a
 * third spelling is refused naming both (perf's any-case match would guess).
 */
static void check_case_twins(struct hu_pmu_set *set)
{
	struct hu_err e = { 0 };

	HU_ASSERT_EQ(config_of(set, "hisi_pcie0_core0::rx_mwr_flux"), 0x104);
	HU_ASSERT_EQ(config_of(set, "hisi_pcie0_core0::RX_MWR_FLUX"), 0x10);
	HU_ASSERT_EQ(hu_pmu_find_event(loaded(set, "hisi_pcie0_core0"), "rx_mwr_flux")->term[0].value,
		     0x104);
	HU_ASSERT_STATUS(encode_name(set, "hisi_pcie0_core0::Rx_Mwr_Flux", &e), HU_E_NOEVENT, &e);
	HU_ASSERT_CONTAINS(e.msg, "'RX_MWR_FLUX' and 'rx_mwr_flux'");
	/* one spelling alone still matches any case */
	HU_ASSERT_EQ(config_of(set, "hisi_pcie0_core0::RX_MRD_FLUX"), 0x804);
	check_twin_metric(loaded(set, "hisi_pcie0_core0"));
}

static void test_event_case_twins(void)
{
	static const struct tree_edit twins[] = {
		{ .rel = "hisi_pcie0_core0/events/RX_MWR_FLUX", .text = "config=0x0010\n" },
		{ 0 },
	};

	check_edited_fixtures(twins, check_case_twins);
}

static void load_all_details(struct hu_pmu_set *set)
{
	for (unsigned int i = 0; i < set->n; i++)
		hu_pmu_load_details(set, &set->pmu[i], NULL);
}

static void test_no_fd_left_open(void)
{
	static const struct tree_edit broken[] = {
		{ .rel = "hisi_pcie0_core0/events/rx_mwr_cnt", .text = "bad\n" },
		{ 0 },
	};
	int before = count_open_fds();

	check_edited_fixtures(broken, load_all_details);
	HU_ASSERT_EQ(count_open_fds(), before);
}

void register_pmu_sysfs_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "fixture PMUs: basics and extras", test_fixture_pmus },
		{ "fixture PMUs: formats, events, filter modes", test_fixture_details },
		{ "family names", test_family_names },
		{ "extra PMUs get generic rules", test_extra_pmus },
		{ "bad type or cpumask skips the PMU", test_bad_type_or_cpumask },
		{ "bad event files make only that event unusable", test_bad_event_files },
		{ "bad format files make only that format unusable", test_bad_format_files },
		{ "bad extras keep the PMU", test_bad_extras_keep_pmu },
		{ "a bad alias term is blamed on the alias file", test_bad_alias_term_blames_the_file },
		{ "missing directories", test_missing_directories },
		{ "an exact event name wins, a guess between two cases is refused",
		  test_event_case_twins },
		{ "no file descriptor left open", test_no_fd_left_open },
		{ NULL, NULL },
	};

	hu_cu_add_suite("pmu_sysfs", NULL, NULL, tests);
}
