// SPDX-License-Identifier: BSD-3-Clause
/*
 * pcp_fetch.c - the PCP agent's cost (issue #28), run inside the emulated
 * Hip09 (emulator/vm-run).
 *
 * The agent's counting (pcp/hisi_agent.c, the code pmdahisi runs at every
 * fetch of a counter) is built over every PMU the guest has, its root ports
 * and NIC functions, and opened; then, in one process:
 *   floor   one read() of each of the agent's group leaders into a buffer,
 *           nothing else: the same perf groups read by hand;
 *   agent   ha_refresh(): the same reads, every counter's scaled delta
 *           added to its 64-bit total.  The look whether the PMUs
 *           changed (ha_pmus_changed()) is timed on its own: pmdahisi
 *           looks at the names at most every 5 s and the types every 60 s,
 *           so its share is reported at one fetch a second.
 * The two run in -b rounds of -n calls each, the order swapped every round;
 * a round's figure is the ratio of the agent's batch time to the floor's,
 * and the target is judged on the median of those ratios with its 95%
 * confidence interval (bench_median_ci()).  Memory: the heap the agent
 * holds (mallinfo2) after it opened everything, per instance.
 *
 * usage: pcp_fetch [--quick] [--icount] [-n CALLS] [-b BATCHES] [--label TEXT]
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_util.h"
#include "hisi_agent.h"

#define MAX_BATCHES 400
#define MAX_GROUPS 4096
#define FETCH_TARGET 1.2

struct floor_group {
	int fd;
	void *buf;
	size_t bytes;
};

static struct floor_group floor_groups[MAX_GROUPS];
static unsigned int nfloor;

/* The agent's group leaders, for the floor to read by hand. */
static bool collect_groups(const struct hisi_agent *a)
{
	for (unsigned int i = 0; i < a->ninst; i++) {
		const struct ha_instance *in = &a->inst[i];

		for (unsigned int g = 0; in->open && g < in->plan.ngroups; g++) {
			const struct hu_group *grp = &in->plan.group[g];

			if (nfloor == MAX_GROUPS)
				return false;
			floor_groups[nfloor].fd = grp->leader_fd;
			floor_groups[nfloor].bytes = grp->buf_bytes;
			floor_groups[nfloor].buf = malloc(grp->buf_bytes);
			if (!floor_groups[nfloor].buf)
				return false;
			nfloor++;
		}
	}
	return true;
}

static void floor_read(void)
{
	for (unsigned int g = 0; g < nfloor; g++)
		if (read(floor_groups[g].fd, floor_groups[g].buf, floor_groups[g].bytes) !=
		    (ssize_t)floor_groups[g].bytes)
			fprintf(stderr, "pcp_fetch: a floor read came back short\n");
}

static uint64_t time_floor(unsigned int calls)
{
	uint64_t t0 = bench_now_ns();

	for (unsigned int c = 0; c < calls; c++)
		floor_read();
	return bench_now_ns() - t0;
}

static uint64_t time_agent(struct hisi_agent *a, unsigned int calls)
{
	uint64_t t0 = bench_now_ns();

	for (unsigned int c = 0; c < calls; c++)
		ha_refresh(a);
	return bench_now_ns() - t0;
}

/* Instances of each kind, and how many count. */
static void describe(const struct hisi_agent *a, const char *label)
{
	unsigned int n[HA_NFAMILIES] = { 0 }, counting = 0;

	for (unsigned int i = 0; i < a->ninst; i++) {
		n[a->inst[i].family]++;
		counting += a->inst[i].open;
	}
	printf("pcp fetch [%s]: %u instances (%u PCIe PMUs, %u HNS3 PMUs, %u root ports, "
	       "%u NIC functions), %u counting, %u perf groups\n",
	       label, a->ninst, n[HA_PCIE], n[HA_NIC], n[HA_PCIE_PORT], n[HA_NIC_FUNCTION],
	       counting, nfloor);
}

int main(int argc, char **argv)
{
	unsigned int batches = 60, calls = 200, pmus = 0;
	double ratio[MAX_BATCHES];
	const char *label = "";
	struct hisi_agent a;
	struct hu_err e = { 0 };
	struct mallinfo2 before, after;
	struct bench_ci ci;
	uint64_t t0, look_ns, types_ns;
	int failed = 0;
	bool looked_changed = false;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			batches = 7;
			calls = 20;
		} else if (strcmp(argv[i], "--icount") == 0) {
			/* only a label: the guest's clock counts instructions */
		} else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
			calls = (unsigned int)atoi(argv[++i]);
		} else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) {
			batches = (unsigned int)atoi(argv[++i]);
		} else if (strcmp(argv[i], "--label") == 0 && i + 1 < argc) {
			label = argv[++i];
		} else {
			fprintf(stderr, "usage: %s [--quick] [--icount] [-n CALLS] [-b BATCHES<=%d] "
				"[--label TEXT]\n", argv[0], MAX_BATCHES);
			return 2;
		}
	}
	if (batches < 1 || batches > MAX_BATCHES || calls < 1) {
		fprintf(stderr, "pcp_fetch: -b 1-%d, -n at least 1\n", MAX_BATCHES);
		return 2;
	}
	before = mallinfo2();
	if (ha_init(&a, NULL, &e)) {
		printf("pcp_fetch: the agent cannot start: %s\npcp_fetch: 0 passed, 1 failed\n", e.msg);
		return 1;
	}
	ha_refresh(&a);
	after = mallinfo2();
	if (!collect_groups(&a)) {
		printf("pcp_fetch: more than %d groups\npcp_fetch: 0 passed, 1 failed\n", MAX_GROUPS);
		return 1;
	}
	for (unsigned int i = 0; i < a.ninst; i++) {
		pmus += !a.inst[i].qualifiers[0];
		if (a.inst[i].nreq && !a.inst[i].open)
			printf("pcp fetch: %s is not counting: %s\n", a.inst[i].name, a.inst[i].why);
	}
	describe(&a, label);
	for (unsigned int b = 0; b < batches; b++) {
		uint64_t f, g;

		if (b % 2) {
			g = time_agent(&a, calls);
			f = time_floor(calls);
		} else {
			f = time_floor(calls);
			g = time_agent(&a, calls);
		}
		ratio[b] = f ? (double)g / (double)f : 0;
	}
	/* the PMUs do not change here: a look that says they did would time a short cut */
	t0 = bench_now_ns();
	for (unsigned int c = 0; c < calls; c++)
		looked_changed |= ha_pmus_changed(&a, false);
	look_ns = (bench_now_ns() - t0) / calls;
	t0 = bench_now_ns();
	for (unsigned int c = 0; c < calls; c++)
		looked_changed |= ha_pmus_changed(&a, true);
	types_ns = (bench_now_ns() - t0) / calls;
	if (looked_changed) {
		printf("pcp fetch: the look says the PMUs changed, and they did not\n");
		failed = 1;
	}
	t0 = bench_now_ns();
	(void)time_floor(calls);
	t0 = (bench_now_ns() - t0) / calls;
	ci = bench_median_ci(ratio, batches);
	printf("pcp fetch [%s]: a hand read of every group %.1f us; the agent's fetch / hand reads "
	       "median %.3f [%.3f, %.3f]\n", label, (double)t0 / 1e3, ci.median, ci.lo, ci.hi);
	printf("pcp fetch [%s]: the look whether the PMUs changed: names %.1f us, with types %.1f us "
	       "(names every 5 s, types every 60 s: %.2f%% of a fetch a second's hand reads)\n",
	       label, (double)look_ns / 1e3, (double)types_ns / 1e3,
	       t0 ? 100.0 * ((double)look_ns / 5.0 + (double)types_ns / 60.0) / (double)t0 : 0.0);
	printf("pcp fetch [%s]: agent heap %zu bytes, %zu per instance (%u instances)\n", label,
	       after.uordblks - before.uordblks,
	       a.ninst ? (after.uordblks - before.uordblks) / a.ninst : 0, a.ninst);
	printf("target agent fetch of every counter vs reading the same perf groups by hand "
	       "[%u PMUs, %u instances, %s]: %s %.3f [%.3f, %.3f] (<= %.1f)\n", pmus, a.ninst, label,
	       bench_verdict_name(bench_verdict_at_most(ci, FETCH_TARGET, 1.0)), ci.median, ci.lo,
	       ci.hi, FETCH_TARGET);
	if (!nfloor)
		failed = 1;
	ha_free(&a);
	printf("pcp_fetch: %d passed, %d failed\n", !failed, failed);
	return failed;
}
