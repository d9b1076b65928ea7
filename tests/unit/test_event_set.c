// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: an EventSet without PAPI (event_set.c): planning, counting,
 * conflicts named by their events, and ownership across re-plans.  The
 * fixture HNS3 PMU is given the kernel's software PMU type, so its events
 * with small codes open as software events (0x1 is task-clock) and count.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* sched_setaffinity */
#endif
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "cu_main.h"
#include "event_set.h"
#include "fixture_tree.h"

#define HNS3 "hns3_pmu_sicl_0::"
#define PCIE "hisi_pcie0_core0::"

static char lock_dir[] = "/tmp/hu-set-XXXXXX";

static int setup(void)
{
	return lock_dir_setup(lock_dir);
}

static int teardown(void)
{
	return lock_dir_teardown(lock_dir);
}

/* The fixtures with the HNS3 PMU on the software PMU's type: it opens and counts. */
static void open_fixtures(struct fixture_tree *t, struct hu_catalogue *cat)
{
	char type[16];

	tree_init_fixtures(t);
	snprintf(type, sizeof(type), "%d\n", PERF_TYPE_SOFTWARE);
	tree_put(t, "hns3_pmu_sicl_0/type", type);
	CU_ASSERT_FATAL(tree_catalogue_init(t, cat) == 0);
}

static int code_of(struct hu_catalogue *cat, const char *name)
{
	struct hu_err e = { 0 };
	int code = -1;

	HU_ASSERT_STATUS(hu_cat_name_to_code(cat, name, &code, &e), HU_OK, &e);
	return code;
}

/* Run on CPU 0, where the fixture PMU counts, for @ms. */
static void spin_on_cpu0(long ms)
{
	cpu_set_t was, cpu0;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_getaffinity(0, sizeof(was), &was) != 0 ||
	    sched_setaffinity(0, sizeof(cpu0), &cpu0) != 0) {
		spin_ms(ms);
		return;
	}
	spin_ms(ms);
	sched_setaffinity(0, sizeof(was), &was);
}

static void test_plan_count_read(void)
{
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code[2];
	int fds = count_open_fds();

	open_fixtures(&t, &cat);
	code[0] = code_of(&cat, HNS3 "bw_ssu_egu_byte_num");	/* task-clock */
	code[1] = code_of(&cat, HNS3 "bw_ssu_rpu_byte_num");	/* page-faults */
	hu_set_init(&s);
	HU_ASSERT_STATUS_FATAL(hu_set_plan(&s, &cat, code, 2, &e), HU_OK, &e);
	HU_ASSERT_EQ(s.n, 2);
	HU_ASSERT_EQ(s.plan.ngroups, 1);	/* one group per PMU instance */
	HU_ASSERT_STATUS(hu_set_start(&s, &e), HU_OK, &e);
	spin_on_cpu0(5);
	HU_ASSERT_STATUS(hu_set_stop(&s, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_set_read(&s, &e), HU_OK, &e);
	CU_ASSERT_TRUE(s.values[0] > 0);
	HU_ASSERT_STATUS(hu_set_reset(&s, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_set_read(&s, &e), HU_OK, &e);
	HU_ASSERT_EQ(s.values[0], 0);
	hu_set_free(&s);
	HU_ASSERT_EQ(count_open_fds(), fds);
	tree_catalogue_free(&t, &cat);
}

/* More events than the PMU has counters: the refusal says how many. */
static void test_more_events_than_counters(void)
{
	static const char *const ev[] = {
		"bw_ssu_egu_byte_num", "bw_ssu_rpu_byte_num", "bw_ssu_roce_byte_num",
		"bw_roce_ssu_byte_num", "bw_tpu_ssu_byte_num", "bw_rpu_rcbrx_byte_num",
		"bw_rcbtx_txsch_byte_num", "bw_wr_fbd_byte_num", "bw_wr_ebd_byte_num",
	};
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code[9];
	char name[128];

	open_fixtures(&t, &cat);
	for (unsigned int i = 0; i < 9; i++) {
		snprintf(name, sizeof(name), HNS3 "%s", ev[i]);
		code[i] = code_of(&cat, name);
	}
	hu_set_init(&s);
	HU_ASSERT_STATUS(hu_set_plan(&s, &cat, code, 9, &e), HU_E_CONFLICT, &e);
	HU_ASSERT_CONTAINS(e.msg, "needs 9 hardware counters on hns3_pmu_sicl_0, which has 8");
	HU_ASSERT_EQ(s.n, 0);
	hu_set_free(&s);
	tree_catalogue_free(&t, &cat);
}

/* Two events the driver never counts at once (PCIe before v6.9): both named. */
static void test_conflict_names_both_events(void)
{
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code[2];

	/* the PCIe PMU as v6.2-v6.8 shows it (driver_era.c's evidence) */
	tree_init_fixtures(&t);
	tree_remove(&t, "hisi_pcie0_core0/bdf_min");
	tree_remove(&t, "hisi_pcie0_core0/bdf_max");
	tree_remove(&t, "hisi_pcie0_core0/events/rx_mwr_flux");
	CU_ASSERT_FATAL(tree_catalogue_init(&t, &cat) == 0);
	code[0] = code_of(&cat, PCIE "rx_mrd_flux:port=0x1");
	code[1] = code_of(&cat, PCIE "rx_mrd_flux:port=0x2");
	hu_set_init(&s);
	HU_ASSERT_STATUS(hu_set_plan(&s, &cat, code, 2, &e), HU_E_CONFLICT, &e);
	HU_ASSERT_CONTAINS(e.msg, PCIE "rx_mrd_flux:port=0x1 and " PCIE "rx_mrd_flux:port=0x2");
	hu_set_free(&s);
	tree_catalogue_free(&t, &cat);
}

static void test_too_many_events(void)
{
	static int code[HU_SET_MAX + 1];
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };

	open_fixtures(&t, &cat);
	hu_set_init(&s);
	HU_ASSERT_STATUS(hu_set_plan(&s, &cat, code, HU_SET_MAX + 1, &e), HU_E_NOSUPP, &e);
	HU_ASSERT_CONTAINS(e.msg, "513 events in one EventSet, at most 512");
	hu_set_free(&s);
	tree_catalogue_free(&t, &cat);
}

/* Ownership: a failed open gives its locks back and keeps no descriptor. */
static void test_failed_open_gives_locks_back(void)
{
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code, fds;

	open_fixtures(&t, &cat);
	code = code_of(&cat, PCIE "rx_mwr_latency");	/* type 4242: no such PMU here */
	fds = count_open_fds();
	setenv("HISI_UNCORE_OWNER", "1", 1);
	hu_set_init(&s);
	HU_ASSERT_NE(hu_set_plan(&s, &cat, &code, 1, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "perf_event_open(hisi_pcie0_core0");
	CU_ASSERT_TRUE(others_can_own("hisi_pcie0_core0"));
	HU_ASSERT_EQ(count_open_fds(), fds);
	hu_set_free(&s);
	unsetenv("HISI_UNCORE_OWNER");
	tree_catalogue_free(&t, &cat);
}

/*
 * Ownership across re-plans: a plan that fails keeps the locks of the
 * plan it was to replace; no events at all give them back.
 */
static void test_replan_keeps_locks(void)
{
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code[2];

	open_fixtures(&t, &cat);
	code[0] = code_of(&cat, HNS3 "bw_ssu_egu_byte_num");
	code[1] = code_of(&cat, PCIE "rx_mwr_latency");
	setenv("HISI_UNCORE_OWNER", "1", 1);
	hu_set_init(&s);
	HU_ASSERT_STATUS_FATAL(hu_set_plan(&s, &cat, code, 1, &e), HU_OK, &e);
	CU_ASSERT_FALSE(others_can_own("hns3_pmu_sicl_0"));
	HU_ASSERT_NE(hu_set_plan(&s, &cat, code, 2, &e), HU_OK);	/* the PCIe one cannot open */
	CU_ASSERT_FALSE(others_can_own("hns3_pmu_sicl_0"));	/* held for the plan before */
	CU_ASSERT_TRUE(others_can_own("hisi_pcie0_core0"));
	HU_ASSERT_STATUS(hu_set_plan(&s, &cat, code, 1, &e), HU_OK, &e);
	CU_ASSERT_FALSE(others_can_own("hns3_pmu_sicl_0"));
	HU_ASSERT_STATUS(hu_set_plan(&s, &cat, code, 0, &e), HU_OK, &e);
	CU_ASSERT_TRUE(others_can_own("hns3_pmu_sicl_0"));
	hu_set_free(&s);
	unsetenv("HISI_UNCORE_OWNER");
	tree_catalogue_free(&t, &cat);
}

/*
 * A set whose re-plan for multiplexing failed has no groups: starting or
 * reading it is refused with the reason, never counts of nothing.
 */
static void test_failed_multiplex_replan_refuses(void)
{
	struct fixture_tree t;
	struct hu_catalogue cat;
	struct hu_event_set s;
	struct hu_err e = { 0 };
	int code;

	open_fixtures(&t, &cat);
	code = code_of(&cat, HNS3 "bw_ssu_egu_byte_num");
	hu_set_init(&s);
	HU_ASSERT_STATUS_FATAL(hu_set_plan(&s, &cat, &code, 1, &e), HU_OK, &e);
	tree_put(&t, "hns3_pmu_sicl_0/type", "4243\n");	/* the driver was reloaded */
	HU_ASSERT_NE(hu_set_multiplex(&s, &cat, &e), HU_OK);
	HU_ASSERT_NE(hu_set_start(&s, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "multiplex");
	HU_ASSERT_NE(hu_set_read(&s, &e), HU_OK);
	HU_ASSERT_CONTAINS(e.msg, "multiplex");
	hu_set_free(&s);
	tree_catalogue_free(&t, &cat);
}

void register_event_set_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "plan, start, read, stop, reset on a PMU that counts", test_plan_count_read },
		{ "more events than the PMU has counters", test_more_events_than_counters },
		{ "a conflict between two events names both", test_conflict_names_both_events },
		{ "more events than a set holds are refused", test_too_many_events },
		{ "a failed open gives its locks back", test_failed_open_gives_locks_back },
		{ "a failed re-plan keeps the locks of the plan before", test_replan_keeps_locks },
		{ "a failed re-plan for multiplexing refuses start and read",
		  test_failed_multiplex_replan_refuses },
		{ NULL, NULL },
	};

	hu_cu_add_suite("event_set", setup, teardown, tests);
}
