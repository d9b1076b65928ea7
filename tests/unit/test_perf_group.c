// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: planning, opening, reading and unwinding perf groups
 * (perf_group.c), on the kernel's software PMU, which every Linux has.
 */
#define _POSIX_C_SOURCE 200809L
#include <linux/perf_event.h>
#include <string.h>
#include <time.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "perf_group.h"

static struct hu_request sw_request(uint64_t config)
{
	struct hu_request r = { .cpu = 0, .pmu_name = "software" };

	r.attr.type = PERF_TYPE_SOFTWARE;
	r.attr.config[0] = config;
	return r;
}

static void spin_ms(long ms)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do
		clock_gettime(CLOCK_MONOTONIC, &now);
	while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

static void test_plan_groups_and_dedups(void)
{
	struct hu_request req[4] = {
		sw_request(PERF_COUNT_SW_CPU_CLOCK), sw_request(PERF_COUNT_SW_TASK_CLOCK),
		sw_request(PERF_COUNT_SW_CPU_CLOCK), sw_request(PERF_COUNT_SW_CPU_CLOCK),
	};
	struct hu_plan plan;
	struct hu_err e = { 0 };

	req[3].cpu = 1;		/* another CPU is another group */
	CU_ASSERT_EQUAL_FATAL(hu_plan_build(&plan, req, 4, &e), HU_OK);
	CU_ASSERT_EQUAL(plan.ngroups, 2);
	CU_ASSERT_EQUAL(plan.group[0].n, 2);	/* the duplicate is opened once */
	CU_ASSERT_EQUAL(plan.slot[0], plan.slot[2]);
	CU_ASSERT_NOT_EQUAL(plan.slot[0], plan.slot[1]);
	hu_plan_free(&plan);
}

static void test_count_read_reset(void)
{
	struct hu_request req[3] = {
		sw_request(PERF_COUNT_SW_CPU_CLOCK), sw_request(PERF_COUNT_SW_TASK_CLOCK),
		sw_request(PERF_COUNT_SW_CPU_CLOCK),
	};
	uint64_t v1[3], v2[3], v3[3];
	int before = count_open_fds();
	struct hu_err e = { 0 };
	struct hu_plan plan;

	CU_ASSERT_EQUAL_FATAL(hu_plan_build(&plan, req, 3, &e), HU_OK);
	CU_ASSERT_EQUAL_FATAL(hu_plan_open(&plan, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_open_fds(&plan), 2);
	CU_ASSERT_EQUAL(count_open_fds(), before + 2);
	CU_ASSERT_EQUAL(hu_plan_start(&plan, &e), HU_OK);
	spin_ms(20);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, v1, &e), HU_OK);
	spin_ms(20);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, v2, &e), HU_OK);
	CU_ASSERT(v1[0] > 10 * 1000 * 1000);	/* cpu-clock counts nanoseconds */
	CU_ASSERT(v2[0] > v1[0]);
	CU_ASSERT_EQUAL(v1[0], v1[2]);		/* same counter in two slots */
	CU_ASSERT_EQUAL(hu_plan_stop(&plan, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, v2, &e), HU_OK);
	spin_ms(5);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, v3, &e), HU_OK);
	CU_ASSERT_EQUAL(v2[0], v3[0]);		/* stopped: frozen */
	CU_ASSERT_EQUAL(hu_plan_reset(&plan, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, v3, &e), HU_OK);
	CU_ASSERT_EQUAL(v3[0], 0);
	hu_plan_free(&plan);
	CU_ASSERT_EQUAL(count_open_fds(), before);
}

static void test_open_failure_unwinds(void)
{
	struct hu_request req[3] = {
		sw_request(PERF_COUNT_SW_CPU_CLOCK), sw_request(PERF_COUNT_SW_TASK_CLOCK),
		sw_request(0),
	};
	int before = count_open_fds();
	struct hu_err e = { 0 };
	struct hu_plan plan;

	req[2].attr.type = 4242;	/* no such PMU: ENOENT */
	req[2].pmu_name = "hisi_pcie0_core0";
	CU_ASSERT_EQUAL_FATAL(hu_plan_build(&plan, req, 3, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_open(&plan, &e), HU_E_SYS);
	CU_ASSERT_NOT_EQUAL(e.sys_errno, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "perf_event_open(hisi_pcie0_core0"));
	CU_ASSERT_EQUAL(hu_plan_open_fds(&plan), 0);
	CU_ASSERT_EQUAL(count_open_fds(), before);
	hu_plan_free(&plan);
}

static void test_empty_plan(void)
{
	struct hu_err e = { 0 };
	struct hu_plan plan;
	uint64_t v;

	CU_ASSERT_EQUAL(hu_plan_build(&plan, NULL, 0, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_open(&plan, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_start(&plan, &e), HU_OK);
	CU_ASSERT_EQUAL(hu_plan_read(&plan, &v, &e), HU_OK);
	hu_plan_free(&plan);
}

void register_perf_group_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "plan: one group per PMU and CPU, duplicates once", test_plan_groups_and_dedups },
		{ "count, read, stop, reset on a real PMU", test_count_read_reset },
		{ "a failed open closes everything", test_open_failure_unwinds },
		{ "an empty plan", test_empty_plan },
		{ NULL, NULL },
	};

	hu_cu_add_suite("perf_group", tests);
}
