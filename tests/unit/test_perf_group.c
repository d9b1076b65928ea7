// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: planning, opening, reading and unwinding perf groups
 * (perf_group.c), on the kernel's software PMU, which every Linux has.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* syscall() */
#endif
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "perf_group.h"

static unsigned int next_bundle;

/* A software-PMU request with the generic slot rule: its own slot, no limit. */
static struct hu_request sw_request(uint64_t config)
{
	struct hu_request r = { .cpu = 0, .pmu_name = "software" };

	r.attr.type = PERF_TYPE_SOFTWARE;
	r.attr.config[0] = config;
	r.slot.key[0] = config;
	r.bundle = next_bundle++;
	return r;
}

/* The plan's open descriptors: one per member, -1 when closed. */
static unsigned int open_fds_of(const struct hu_plan *plan)
{
	unsigned int n = 0;

	for (unsigned int g = 0; g < plan->ngroups; g++)
		for (unsigned int m = 0; m < plan->group[g].n; m++)
			n += plan->group[g].member[m].fd >= 0;
	return n;
}

/*
 * A PMU whose era sets no counter limit takes every event in one group:
 * the planner has no group size of its own (it had 64 once).
 */
static void test_plan_no_size_of_its_own(void)
{
	struct hu_request req[100];
	struct hu_plan plan;
	struct hu_err e = { 0 };

	for (unsigned int i = 0; i < 100; i++)
		req[i] = sw_request(1000 + i);
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 100, false, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 1);
	HU_ASSERT_EQ(plan.group[0].n, 100);
	HU_ASSERT_EQ(plan.loc[99], HU_LOC(0, 99));
	hu_plan_free(&plan);
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
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 4, false, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 2);
	HU_ASSERT_EQ(plan.group[0].n, 2);	/* the duplicate is opened once */
	HU_ASSERT_EQ(plan.loc[0], plan.loc[2]);
	HU_ASSERT_NE(plan.loc[0], plan.loc[1]);
	hu_plan_free(&plan);
}

/* HNS3-like rule: 8 slots, events with the same code share one, filters must match. */
static struct hu_request hns3_like(uint64_t code, uint64_t filters, unsigned int bundle)
{
	struct hu_request r = { .cpu = 0, .pmu_name = "hns3_pmu_sicl_0", .bundle = bundle };

	r.attr.type = 4243;
	r.attr.config[0] = code;
	r.attr.config[1] = filters;
	r.slot.key[0] = code & 0xffff;
	r.slot.filters[0] = filters;
	r.slot.filters_must_match = true;
	r.slot.key_across_groups = true;
	r.slot.max_slots = 8;
	return r;
}

static void test_plan_slot_rules(void)
{
	struct hu_request req[20];
	struct hu_err e = { 0 };
	struct hu_plan plan;
	unsigned int n = 0;

	/* 4 pairs: 8 events, 4 slots, one group */
	for (unsigned int p = 0; p < 4; p++) {
		req[n++] = hns3_like(p + 1, 0x1, p);
		req[n++] = hns3_like(0x10000 | (p + 1), 0x1, p);
	}
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, false, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 1);
	HU_ASSERT_EQ(plan.group[0].slots, 4);
	HU_ASSERT_EQ(hu_plan_slots_on(&plan, 0), 4);
	hu_plan_free(&plan);
	/* same code, other filters: never in one group */
	req[n++] = hns3_like(1, 0x2, 4);
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, false, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 2);
	HU_ASSERT_EQ(hu_plan_slots_on(&plan, 0), 5);
	hu_plan_free(&plan);
	/* 9 distinct codes: too many without multiplexing, two groups with */
	n = 0;
	for (unsigned int c = 0; c < 9; c++)
		req[n++] = hns3_like(c + 1, 0x1, c);
	HU_ASSERT_STATUS(hu_plan_build(&plan, req, n, false, &e), HU_E_CONFLICT, &e);
	HU_ASSERT_CONTAINS(e.msg, "needs 9 hardware counters on hns3_pmu_sicl_0, which has 8");
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, true, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 2);
	hu_plan_free(&plan);
}

/*
 * PCIe before v6.9 (hisi_pcie_pmu_validate_event_group(), find_related_event()):
 * a group holds any number of events with at most 8 distinct codes, and the
 * same code in two groups never counts at once.
 */
static void test_plan_same_code_one_group(void)
{
	struct hu_request req[12];
	struct hu_err e = { 0 };
	struct hu_plan plan;
	unsigned int n = 0;

	for (unsigned int p = 0; p < 5; p++) {
		req[n] = hns3_like(p + 1, 0x1, p);
		req[n++].slot.key_across_groups = false;
		req[n] = hns3_like(0x10000 | (p + 1), 0x1, p);
		req[n++].slot.key_across_groups = false;
	}
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, false, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 1);
	HU_ASSERT_EQ(plan.group[0].n, 10);
	HU_ASSERT_EQ(hu_plan_slots_on(&plan, 0), 5);
	hu_plan_free(&plan);
	/* the code of pair 0 again with another filter: refused, names both requests */
	req[n] = hns3_like(1, 0x100, 5);
	req[n++].slot.key_across_groups = false;
	HU_ASSERT_STATUS(hu_plan_build(&plan, req, n, false, &e), HU_E_CONFLICT, &e);
	HU_ASSERT_CONTAINS(e.msg, "never count at once");
	HU_ASSERT_EQ(e.set_at, 1);
	CU_ASSERT_TRUE((e.at[0] == 0 && e.at[1] == 10) || (e.at[0] == 10 && e.at[1] == 0));
	/* multiplexing lets the kernel rotate the two groups */
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, true, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 2);
	hu_plan_free(&plan);
}

/* A pair's halves stay in one group even when the first group is nearly full. */
static void test_plan_bundles_stay_together(void)
{
	struct hu_request req[12];
	struct hu_err e = { 0 };
	struct hu_plan plan;
	unsigned int n = 0;

	for (unsigned int c = 0; c < 7; c++)
		req[n++] = hns3_like(c + 1, 0x1, c);
	/* a bundle of two events with distinct slots needs 2 slots; 1 is left */
	req[n] = hns3_like(0x20, 0x1, 7);
	req[n++].slot.key[1] = 1;
	req[n] = hns3_like(0x20, 0x1, 7);
	req[n].attr.config[0] = 0x10020;
	req[n++].slot.key[1] = 2;
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, n, true, &e), HU_OK, &e);
	HU_ASSERT_EQ(plan.ngroups, 2);
	HU_ASSERT_EQ(plan.loc[7] >> 16, plan.loc[8] >> 16);
	HU_ASSERT_EQ(plan.loc[7] >> 16, 1);
	hu_plan_free(&plan);
}

static void test_count_read_reset(void)
{
	struct hu_request req[3] = {
		sw_request(PERF_COUNT_SW_CPU_CLOCK), sw_request(PERF_COUNT_SW_TASK_CLOCK),
		sw_request(PERF_COUNT_SW_CPU_CLOCK),
	};
	struct hu_reading v1[3], v2[3], v3[3];
	int before = count_open_fds();
	struct hu_err e = { 0 };
	struct hu_plan plan;

	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 3, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS_FATAL(hu_plan_open(&plan, &e), HU_OK, &e);
	HU_ASSERT_EQ(open_fds_of(&plan), 2);
	HU_ASSERT_EQ(count_open_fds(), before + 2);
	HU_ASSERT_STATUS(hu_plan_start(&plan, &e), HU_OK, &e);
	spin_ms(20);
	HU_ASSERT_STATUS(hu_plan_read(&plan, v1, &e), HU_OK, &e);
	spin_ms(20);
	HU_ASSERT_STATUS(hu_plan_read(&plan, v2, &e), HU_OK, &e);
	CU_ASSERT(v1[0].value > 10 * 1000 * 1000);	/* cpu-clock counts nanoseconds */
	CU_ASSERT(v2[0].value > v1[0].value);
	HU_ASSERT_EQ(v1[0].value, v1[2].value);	/* same counter in two slots */
	CU_ASSERT(v2[0].enabled_ns >= 40 * 1000 * 1000);	/* two 20 ms spins */
	HU_ASSERT_EQ(v2[0].enabled_ns, v2[0].running_ns);	/* not multiplexed */
	HU_ASSERT_STATUS(hu_plan_stop(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_read(&plan, v2, &e), HU_OK, &e);
	spin_ms(5);
	HU_ASSERT_STATUS(hu_plan_read(&plan, v3, &e), HU_OK, &e);
	HU_ASSERT_EQ(v2[0].value, v3[0].value);	/* stopped: frozen */
	HU_ASSERT_STATUS(hu_plan_reset(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_read(&plan, v3, &e), HU_OK, &e);
	HU_ASSERT_EQ(v3[0].value, 0);
	HU_ASSERT_EQ(v3[0].enabled_ns, 0);		/* times restart at reset too */
	hu_plan_free(&plan);
	HU_ASSERT_EQ(count_open_fds(), before);
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
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 3, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_open(&plan, &e), HU_E_SYS, &e);
	HU_ASSERT_NE(e.sys_errno, 0);
	HU_ASSERT_CONTAINS(e.msg, "perf_event_open(hisi_pcie0_core0");
	HU_ASSERT_EQ(open_fds_of(&plan), 0);
	HU_ASSERT_EQ(count_open_fds(), before);
	hu_plan_free(&plan);
	/* a cpumask CPU the machine does not have is named as such */
	req[2] = sw_request(0);
	req[0].cpu = req[1].cpu = req[2].cpu = 100000;
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 3, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_open(&plan, &e), HU_E_SYS, &e);
	HU_ASSERT_CONTAINS(e.msg, "does not exist on this machine");
	HU_ASSERT_EQ(count_open_fds(), before);
	hu_plan_free(&plan);
	req[0].cpu = req[1].cpu = 0;
	/* config3 on a member, not only on the leader, is refused before any open */
	req[2] = sw_request(0);
	req[2].attr.config[3] = 1;	/* (cpu 0 again) */
	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, req, 3, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_open(&plan, &e), HU_E_NOSUPP, &e);
	HU_ASSERT_CONTAINS(e.msg, "config3");
	HU_ASSERT_EQ(count_open_fds(), before);
	hu_plan_free(&plan);
}

static void test_empty_plan(void)
{
	struct hu_err e = { 0 };
	struct hu_plan plan;
	struct hu_reading v;

	HU_ASSERT_STATUS(hu_plan_build(&plan, NULL, 0, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_open(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_start(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_read(&plan, &v, &e), HU_OK, &e);
	hu_plan_free(&plan);
}

/*
 * The counting tests' busy-wait: 5.9995 s to 6.009 s is 9.5 ms, not yet 10
 * (in whole milliseconds it read 1000 - 990 = 10 and ended the spin early,
 * so a 10 ms spin could count 9.5 ms: the rare papi-tier failure of
 * "sw_alias::cpu-clock counts real nanoseconds").
 */
static void test_spin_across_second(void)
{
	const struct timespec start = { .tv_sec = 5, .tv_nsec = 999500000 };
	const struct timespec early = { .tv_sec = 6, .tv_nsec = 9000000 };
	const struct timespec done = { .tv_sec = 6, .tv_nsec = 9500000 };

	CU_ASSERT_FALSE(spun_enough(&start, &early, 10));
	CU_ASSERT_TRUE(spun_enough(&start, &done, 10));
	CU_ASSERT_TRUE(spun_enough(&start, &start, 0));
}

/*
 * A group enabled for less time than passed since the last read (here:
 * stopped) is asked whether its PMU went away; it did not, so the read is
 * taken as it is, with the counts of the stop.
 */
static void test_read_behind_the_clock_not_revoked(void)
{
	struct hu_request req = sw_request(PERF_COUNT_SW_CPU_CLOCK);
	struct hu_reading v1, v2;
	struct hu_err e = { 0 };
	struct hu_plan plan;

	HU_ASSERT_STATUS_FATAL(hu_plan_build(&plan, &req, 1, false, &e), HU_OK, &e);
	HU_ASSERT_STATUS_FATAL(hu_plan_open(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS_FATAL(hu_plan_start(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_stop(&plan, &e), HU_OK, &e);
	HU_ASSERT_STATUS(hu_plan_read(&plan, &v1, &e), HU_OK, &e);
	spin_ms(10);	/* 10 ms pass, none of them enabled */
	CU_ASSERT_TRUE(hu_group_fell_behind(&plan.group[0], hu_wall_ns() - plan.read_wall_ns));
	HU_ASSERT_STATUS(hu_plan_read(&plan, &v2, &e), HU_OK, &e);
	HU_ASSERT_EQ(v1.value, v2.value);
	hu_plan_free(&plan);
}

/*
 * Only a revoked perf event counts as one whose PMU went away: not a live
 * perf event, and not a descriptor that polls POLLERR (as a pinned event
 * in error state does since Linux 7.x; here a pipe without a reader). The
 * revoked case itself is the e2e-real tier's revoked_* checks (a driver
 * unbound under a 7.x perf core).
 */
static void test_only_revoked_fd_is_revoked(void)
{
	struct perf_event_attr a = { .size = sizeof(a), .type = PERF_TYPE_SOFTWARE,
				     .config = PERF_COUNT_SW_CPU_CLOCK, .disabled = 1 };
	int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0), p[2];

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_FALSE(hu_fd_revoked(fd));
	close(fd);
	HU_ASSERT_EQ_FATAL(pipe(p), 0);
	close(p[0]);
	CU_ASSERT_FALSE(hu_fd_revoked(p[1]));
	close(p[1]);
}

void register_perf_group_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "plan: one group per PMU and CPU, duplicates once", test_plan_groups_and_dedups },
		{ "plan: slot sharing, filter conflicts, capacity", test_plan_slot_rules },
		{ "plan: no group size of its own, 100 events in one group", test_plan_no_size_of_its_own },
		{ "plan: a bundle's requests share a group", test_plan_bundles_stay_together },
		{ "plan: same code, one group (PCIe before v6.9)", test_plan_same_code_one_group },
		{ "count, read, stop, reset on a real PMU", test_count_read_reset },
		{ "a failed open closes everything", test_open_failure_unwinds },
		{ "an empty plan", test_empty_plan },
		{ "spin_ms waits its whole time across a second boundary", test_spin_across_second },
		{ "a read behind the clock, not revoked, is taken as it is",
		  test_read_behind_the_clock_not_revoked },
		{ "only a revoked perf event is one whose PMU went away", test_only_revoked_fd_is_revoked },
		{ NULL, NULL },
	};

	hu_cu_add_suite("perf_group", NULL, NULL, tests);
}
