// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: the PCP agent's counting without PCP (pcp/hisi_agent.c):
 * which counters each instance gets, the refusals it keeps, the scaled
 * deltas its totals grow by, and an instance that cannot count.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "hisi_agent.h"
#include "open_fds.h"
#include "owner_lock.h"

static char lock_dir[] = "/tmp/hu-agent-XXXXXX";

/* The agent takes ownership locks: in a directory of the suite's own. */
static int setup(void)
{
	return lock_dir_setup(lock_dir);
}

static int teardown(void)
{
	return lock_dir_teardown(lock_dir);
}

/* Another process that owns @pmu until killed; its pid (0 if it could not). */
static pid_t other_owner(const char *pmu)
{
	int ready[2];
	char c = 0;
	pid_t pid;

	if (pipe(ready) != 0)
		return 0;
	pid = fork();
	if (pid == 0) {
		c = hu_owner_acquire(pmu, NULL) == HU_OK ? 'r' : 'f';
		(void)!write(ready[1], &c, 1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	if (pid < 0 || read(ready[0], &c, 1) != 1 || c != 'r') {
		if (pid > 0) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
		}
		pid = 0;
	}
	close(ready[0]);
	return pid;
}

static const struct ha_instance *instance(const struct hisi_agent *a, const char *name)
{
	for (unsigned int i = 0; i < a->ninst; i++)
		if (strcmp(a->inst[i].name, name) == 0)
			return &a->inst[i];
	return NULL;
}

static unsigned int instances_of(const struct hisi_agent *a, enum ha_family f)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < a->ninst; i++)
		n += a->inst[i].family == f;
	return n;
}

/*
 * The root ports and NIC functions the PMUs cover, each counted on its PMU
 * with the component's device names (rp=, bdf=), multiplexed beside the
 * PMU's own groups; the endpoint below the root port is neither.
 */
static void test_root_ports_and_functions(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *rp, *fn, *p, *n;

	tree_init_fixtures(&t);
	tree_fixture_pci_devices(&t);
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	rp = instance(&a, "0000:3c:00.0");
	fn = instance(&a, "0000:35:00.0");
	p = instance(&a, "hisi_pcie0_core0");
	n = instance(&a, "hns3_pmu_sicl_0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(rp);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fn);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	HU_ASSERT_EQ(instances_of(&a, HA_PCIE_PORT), 1);
	HU_ASSERT_EQ(instances_of(&a, HA_NIC_FUNCTION), 1);
	HU_ASSERT_EQ(rp->family, HA_PCIE_PORT);
	HU_ASSERT_EQ(fn->family, HA_NIC_FUNCTION);
	CU_ASSERT_PTR_EQUAL(rp->pmu, p->pmu);
	CU_ASSERT_PTR_EQUAL(fn->pmu, n->pmu);
	CU_ASSERT_PTR_EQUAL(&a.inst[rp->parent], p);
	CU_ASSERT_PTR_EQUAL(&a.inst[fn->parent], n);
	CU_ASSERT_TRUE(rp->multiplexed);
	CU_ASSERT_FALSE(p->multiplexed);
	HU_ASSERT_STR_EQ(rp->missing, "");
	HU_ASSERT_STR_EQ(fn->missing, "");
	for (unsigned int c = 0; c < HA_PCIE_NCOUNTERS; c++)
		CU_ASSERT(rp->req_of[c] >= 0);
	for (unsigned int c = 0; c < HA_NIC_NCOUNTERS; c++)
		CU_ASSERT(fn->req_of[c] >= 0);
	/* the port's filter, not the whole instance's (port is config2:0-15): the code is the same */
	HU_ASSERT_EQ(rp->req[rp->req_of[HA_PCIE_IN_READ_BYTES]].attr.config[0],
		     p->req[p->req_of[HA_PCIE_IN_READ_BYTES]].attr.config[0]);
	HU_ASSERT_EQ(rp->req[rp->req_of[HA_PCIE_IN_READ_BYTES]].attr.config[2], 0x1);
	HU_ASSERT_EQ(p->req[p->req_of[HA_PCIE_IN_READ_BYTES]].attr.config[2], 0xffff);
	CU_ASSERT_PTR_NULL(instance(&a, "0000:3d:00.0"));	/* an endpoint, no NIC's */
	ha_free(&a);
	tree_free(&t);
}

/*
 * A driver without bdf_min (before 6.12) cannot be given a root port: the
 * port is listed, refused with the component's reason, and never opened.
 */
static void test_root_port_refused_without_bdf_min(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *rp;

	tree_init_fixtures(&t);
	tree_fixture_pci_devices(&t);
	tree_remove(&t, "hisi_pcie0_core0/bdf_min");
	tree_remove(&t, "hisi_pcie0_core0/bdf_max");
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	rp = instance(&a, "0000:3c:00.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(rp);
	HU_ASSERT_EQ(rp->nreq, 0);
	HU_ASSERT_CONTAINS(rp->missing, "bdf_min");
	HU_ASSERT_CONTAINS(rp->why, "refused: ");
	ha_refresh(&a);
	CU_ASSERT_FALSE(rp->open);
	HU_ASSERT_CONTAINS(rp->why, "bdf_min");
	ha_free(&a);
	tree_free(&t);
}

/* The fixture PMUs (6.12's files): every counter of both families, nothing refused. */
static void test_every_counter_on_a_new_driver(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *p, *n;

	tree_init_fixtures(&t);
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	p = instance(&a, "hisi_pcie0_core0");
	n = instance(&a, "hns3_pmu_sicl_0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	HU_ASSERT_EQ(p->family, HA_PCIE);
	HU_ASSERT_EQ(n->family, HA_NIC);
	for (unsigned int c = 0; c < HA_PCIE_NCOUNTERS; c++)
		CU_ASSERT(p->req_of[c] >= 0);
	for (unsigned int c = 0; c < HA_NIC_NCOUNTERS; c++)
		CU_ASSERT(n->req_of[c] >= 0);
	HU_ASSERT_STR_EQ(p->missing, "");
	HU_ASSERT_STR_EQ(n->missing, "");
	/* flux in DWs, 4 bytes each; a latency pair's halves on one counter: one bundle */
	HU_ASSERT_EQ(p->scale[HA_PCIE_IN_READ_BYTES], 4);
	HU_ASSERT_EQ(p->scale[HA_PCIE_IN_READ_TLPS], 1);
	HU_ASSERT_EQ(p->req[p->req_of[HA_PCIE_IN_READ_CYCLES]].bundle,
		     p->req[p->req_of[HA_PCIE_IN_READ_TLPS]].bundle);
	HU_ASSERT_NE(p->req[p->req_of[HA_PCIE_IN_READ_BYTES]].bundle,
		     p->req[p->req_of[HA_PCIE_IN_WRITE_BYTES]].bundle);
	ha_free(&a);
	tree_free(&t);
}

/*
 * A driver before v6.9 (Debian 12's 6.1) has no write flux: those two
 * counters are refused with the component's reason and give no total.
 */
static void test_write_flux_refused_on_an_old_driver(void)
{
	static const char *const gone[] = { "format/len_mode", "events/rx_mwr_flux",
					     "events/rx_mwr_time", "events/tx_mwr_flux",
					     "events/tx_mwr_time", "events/rx_cpl_flux",
					     "events/rx_cpl_time", "events/tx_cpl_flux",
					     "events/tx_cpl_time" };
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *p;
	char rel[128];
	uint64_t v;

	tree_init_fixtures(&t);
	for (size_t k = 0; k < sizeof(gone) / sizeof(gone[0]); k++) {
		snprintf(rel, sizeof(rel), "hisi_pcie0_core0/%s", gone[k]);
		tree_remove(&t, rel);
	}
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	p = instance(&a, "hisi_pcie0_core0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	HU_ASSERT_EQ(p->req_of[HA_PCIE_IN_WRITE_BYTES], -1);
	HU_ASSERT_EQ(p->req_of[HA_PCIE_OUT_WRITE_BYTES], -1);
	CU_ASSERT(p->req_of[HA_PCIE_IN_READ_BYTES] >= 0);
	CU_ASSERT(p->req_of[HA_PCIE_IN_WRITE_CYCLES] >= 0);
	HU_ASSERT_CONTAINS(p->missing, "rx_mwr_flux: ");
	HU_ASSERT_CONTAINS(p->missing, "tx_mwr_flux: ");
	HU_ASSERT_CONTAINS(p->missing, "has no event");
	CU_ASSERT_FALSE(ha_total(p, HA_PCIE_IN_WRITE_BYTES, &v));
	ha_free(&a);
	tree_free(&t);
}

/* Counters that cannot open (the fixture's types are no PMU's): said, no total, no fd kept. */
static void test_an_instance_that_cannot_count_says_why(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *p;
	int fds = count_open_fds();
	uint64_t v;

	tree_init_fixtures(&t);
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	p = instance(&a, "hisi_pcie0_core0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	HU_ASSERT_STR_EQ(p->why, "not opened yet");
	ha_refresh(&a);
	ha_refresh(&a);
	HU_ASSERT_EQ(a.refreshes, 2);
	CU_ASSERT_FALSE(p->open);
	HU_ASSERT_STR_NE(p->why, "");
	HU_ASSERT_STR_NE(p->why, "not opened yet");
	CU_ASSERT_FALSE(ha_total(p, HA_PCIE_IN_READ_BYTES, &v));
	HU_ASSERT_EQ(count_open_fds(), fds);
	ha_free(&a);
	tree_free(&t);
}

/*
 * Ownership: a PMU a job in ownership mode holds is not opened, and says
 * who holds it; the agent owns what it opens, and lets go at the end.
 */
static void test_owned_pmu_not_counted_and_named(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	const struct ha_instance *p, *n;
	char want[64];
	pid_t job;

	tree_init_fixtures(&t);
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	p = instance(&a, "hisi_pcie0_core0");
	n = instance(&a, "hns3_pmu_sicl_0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	job = other_owner("hisi_pcie0_core0");
	CU_ASSERT_FATAL(job > 0);
	ha_refresh(&a);
	snprintf(want, sizeof(want), "is owned by pid %d", (int)job);
	HU_ASSERT_CONTAINS(p->why, want);
	CU_ASSERT_FALSE(p->owned);
	/* the other PMU is the agent's while it tries it (the fixture's types cannot open) */
	HU_ASSERT_LACKS(n->why, "is owned by");
	kill(job, SIGKILL);
	waitpid(job, NULL, 0);
	ha_refresh(&a);
	HU_ASSERT_LACKS(p->why, "is owned by");
	ha_free(&a);
	CU_ASSERT_TRUE(others_can_own("hisi_pcie0_core0"));
	CU_ASSERT_TRUE(others_can_own("hns3_pmu_sicl_0"));
	tree_free(&t);
}

static void test_scaled_delta(void)
{
	struct ha_prev prev = { 100, 1000, 1000 };
	struct ha_prev whole = { 150, 2000, 2000 };
	struct ha_prev half = { 150, 3000, 2000 };	/* on the PMU half the time */
	struct ha_prev never = { 100, 3000, 1000 };
	bool scaled = false;

	HU_ASSERT_EQ(ha_scaled_delta(&prev, &whole, &scaled), 50);
	CU_ASSERT_FALSE(scaled);
	HU_ASSERT_EQ(ha_scaled_delta(&prev, &never, &scaled), 0);
	CU_ASSERT_FALSE(scaled);
	HU_ASSERT_EQ(ha_scaled_delta(&prev, &half, &scaled), 100);
	CU_ASSERT_TRUE(scaled);
	/* from a fresh open: everything since */
	HU_ASSERT_EQ(ha_scaled_delta(&(struct ha_prev){ 0, 0, 0 }, &whole, &scaled), 150);
}

/*
 * A multiplexed group's turn may not come between two reads: that reading
 * is not taken, and the next that ran is scaled over both intervals.
 */
static void test_gap_carried_to_the_next_reading(void)
{
	struct ha_prev prev = { 0, 0, 0 };
	struct ha_prev gap = { 0, 1000, 0 };		/* enabled, not on the PMU */
	struct ha_prev ran = { 50, 2000, 500 };		/* on it a quarter of the time */
	bool scaled = false;

	HU_ASSERT_EQ(ha_take_reading(&prev, &gap, &scaled), 0);
	HU_ASSERT_EQ(prev.enabled_ns, 0);
	CU_ASSERT_FALSE(scaled);
	HU_ASSERT_EQ(ha_take_reading(&prev, &ran, &scaled), 200);	/* not 50 * 1000 / 500 */
	CU_ASSERT_TRUE(scaled);
	HU_ASSERT_EQ(prev.value, 50);
	HU_ASSERT_EQ(prev.enabled_ns, 2000);
	/* a pinned group is on the PMU all the time: each reading taken, not scaled */
	prev = (struct ha_prev){ 0, 0, 0 };
	scaled = false;
	HU_ASSERT_EQ(ha_take_reading(&prev, &(struct ha_prev){ 7, 100, 100 }, &scaled), 7);
	HU_ASSERT_EQ(ha_take_reading(&prev, &(struct ha_prev){ 7, 200, 200 }, &scaled), 0);
	HU_ASSERT_EQ(prev.enabled_ns, 200);
	CU_ASSERT_FALSE(scaled);
}

/*
 * A PMU that comes, goes or is registered again (a new type) is seen; the
 * agent built again keeps each namesake's totals, so no counter goes back.
 */
static void test_pmus_changed_and_totals_carried(void)
{
	struct fixture_tree t;
	struct hisi_agent a, b;
	const struct ha_instance *p;

	tree_init_fixtures(&t);
	tree_fixture_pci_devices(&t);
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	CU_ASSERT_FALSE(ha_pmus_changed(&a, true));
	tree_put(&t, "hisi_pcie0_core0/type", "4343\n");
	CU_ASSERT_FALSE(ha_pmus_changed(&a, false));	/* the names alone are the same */
	CU_ASSERT_TRUE(ha_pmus_changed(&a, true));
	a.inst[0].total[0] = 1234;
	a.inst[0].scaled = true;
	HU_ASSERT_EQ_FATAL(ha_init_after(&b, &a, NULL), HU_OK);
	p = instance(&b, a.inst[0].name);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	HU_ASSERT_EQ(p->total[0], 1234);
	CU_ASSERT_TRUE(p->scaled);
	HU_ASSERT_EQ(b.ninst, a.ninst);
	CU_ASSERT_FALSE(ha_pmus_changed(&b, true));
	ha_free(&a);
	tree_remove(&t, "hns3_pmu_sicl_0");
	CU_ASSERT_TRUE(ha_pmus_changed(&b, true));
	HU_ASSERT_EQ_FATAL(ha_init_after(&a, &b, NULL), HU_OK);
	CU_ASSERT_PTR_NULL(instance(&a, "hns3_pmu_sicl_0"));
	CU_ASSERT_PTR_NULL(instance(&a, "0000:35:00.0"));	/* its function went with it */
	CU_ASSERT_PTR_NOT_NULL(instance(&a, "0000:3c:00.0"));
	ha_free(&b);
	/* a PMU came: seen; one whose files the scan refuses stays refused, not "changed" */
	tree_put(&t, "hisi_pcie1_core0/type", "4345\n");
	CU_ASSERT_TRUE(ha_pmus_changed(&a, false));
	HU_ASSERT_EQ_FATAL(ha_init_after(&b, &a, NULL), HU_OK);
	CU_ASSERT_PTR_NULL(instance(&b, "hisi_pcie1_core0"));
	CU_ASSERT_FALSE(ha_pmus_changed(&b, true));
	ha_free(&a);
	ha_free(&b);
	tree_free(&t);
}

/*
 * Two-digit instance numbers: the scan sorts PMU names as versions
 * (hns3_pmu_sicl_2 before hns3_pmu_sicl_10), so a look-up that compares
 * them as plain strings misses some, and an unchanged tree looked changed
 * at every look (the agent built everything again every 5 s).
 */
static void test_unchanged_with_two_digit_instances(void)
{
	struct fixture_tree t;
	struct hisi_agent a;
	char rel[64], type[16];

	tree_init_fixtures(&t);
	for (unsigned int i = 1; i <= 12; i++) {
		snprintf(rel, sizeof(rel), "hns3_pmu_sicl_%u/type", i);
		snprintf(type, sizeof(type), "%u\n", 5000 + i);
		tree_put(&t, rel, type);
		snprintf(rel, sizeof(rel), "hns3_pmu_sicl_%u/cpumask", i);
		tree_put(&t, rel, "0\n");
	}
	HU_ASSERT_EQ_FATAL(ha_init(&a, t.root, NULL), HU_OK);
	HU_ASSERT_EQ(a.cat.set.n, 14);
	CU_ASSERT_FALSE(ha_pmus_changed(&a, false));
	CU_ASSERT_FALSE(ha_pmus_changed(&a, true));
	tree_put(&t, "hns3_pmu_sicl_10/type", "6000\n");
	CU_ASSERT_TRUE(ha_pmus_changed(&a, true));
	ha_free(&a);
	tree_free(&t);
}

void register_pcp_agent_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "every counter on a driver that has them", test_every_counter_on_a_new_driver },
		{ "the write flux refused on a driver before v6.9",
		  test_write_flux_refused_on_an_old_driver },
		{ "an instance that cannot count says why and keeps no fd",
		  test_an_instance_that_cannot_count_says_why },
		{ "a PMU a job owns is not counted, and names the job",
		  test_owned_pmu_not_counted_and_named },
		{ "totals grow by deltas scaled by enabled over running", test_scaled_delta },
		{ "a multiplexed group's gap is carried to its next reading",
		  test_gap_carried_to_the_next_reading },
		{ "PMUs that came, went or were registered again, totals carried",
		  test_pmus_changed_and_totals_carried },
		{ "an unchanged tree of two-digit instances is not seen as changed",
		  test_unchanged_with_two_digit_instances },
		{ "root ports and NIC functions, each on the PMU that covers it",
		  test_root_ports_and_functions },
		{ "a root port is refused by a driver without bdf_min",
		  test_root_port_refused_without_bdf_min },
		{ NULL, NULL },
	};
	hu_cu_add_suite("pcp_agent", setup, teardown, tests);
}
