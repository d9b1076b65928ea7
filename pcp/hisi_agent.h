/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hisi_agent.h - the PCP agent's counting, without PCP.  For each Hip09 PMU
 * instance the counters its metrics need, named as PAPI users name them
 * (hisi_pcie0_core0::rx_mrd_flux) and opened through the component's core
 * library, so the agent takes the same rules and refusals as the component.
 * One plan per instance, its groups pinned: a count is whole, or the
 * instance says why it is not counting.  The agent takes each PMU's
 * ownership lock (owner_lock.h) while it counts it: a job in ownership
 * mode is refused naming the agent, and a PMU such a job holds is not
 * counted until the job lets go.  Each refresh reads every plan and
 * adds the deltas to 64-bit totals that only grow, across reopening.
 *
 * Why the core library and not PAPI: a daemon that only reads wants no
 * EventSet state, no PAPI thread model and no second copy of the names;
 * libhucore.a is the component minus its PAPI vector, so both count alike.
 */
#ifndef HISI_AGENT_H
#define HISI_AGENT_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue.h"
#include "perf_group.h"

/*
 * What an instance is: a PMU instance (every root port or function it
 * covers), or one root port or NIC function counted on the PMU instance
 * that covers it (the component's device names, hisi_pcie::EVENT:rp= and
 * hns3_pmu::EVENT:bdf=).  Those need more counters than a PMU has beside
 * its own instance's, so they are multiplexed: scaled, and said to be.
 */
enum ha_family { HA_PCIE, HA_NIC, HA_PCIE_PORT, HA_NIC_FUNCTION, HA_NFAMILIES };

/* The counters of a PCIe instance: bytes, and the latency pairs' halves. */
enum ha_pcie_counter {
	HA_PCIE_IN_READ_BYTES, HA_PCIE_IN_WRITE_BYTES,
	HA_PCIE_OUT_READ_BYTES, HA_PCIE_OUT_WRITE_BYTES,
	HA_PCIE_IN_READ_CYCLES, HA_PCIE_IN_READ_TLPS,
	HA_PCIE_IN_WRITE_CYCLES, HA_PCIE_IN_WRITE_TLPS,
	HA_PCIE_NCOUNTERS
};

/* The counters of an HNS3 instance, in its global filter mode. */
enum ha_nic_counter {
	HA_NIC_RX_BYTES, HA_NIC_TX_BYTES, HA_NIC_RX_PACKETS, HA_NIC_TX_PACKETS,
	HA_NIC_NCOUNTERS
};

#define HA_MAX_COUNTERS 8
#define HA_MAX_SOURCES 6
#define HA_MAX_REQUESTS (2 * HA_MAX_SOURCES)
#define HA_TEXT_MAX 1024

/* What a counter's value was at the previous read of the open plan. */
struct ha_prev {
	uint64_t value, enabled_ns, running_ns;
};

struct ha_instance {
	char name[HU_NAME_MAX];		/* the PMU's, or the device's PCI address */
	const struct hu_pmu *pmu;	/* that counts it, in the agent's catalogue
					 * (NULL: a device the component refuses) */
	enum ha_family family;
	int parent;		/* a device's: its PMU's instance (-1: none, or a PMU) */
	char qualifiers[48];	/* a device's, after the event: ":rp=0x3000:domain=0" */
	unsigned int ncounters;
	/* the component's perf requests, and which request feeds each counter (-1: none) */
	struct hu_request req[HA_MAX_REQUESTS];
	unsigned int nreq;
	int req_of[HA_MAX_COUNTERS];
	uint64_t scale[HA_MAX_COUNTERS];	/* per unit counted: 4 bytes a DW */
	/* the counters the component refused here, and why ("" if none) */
	char missing[HA_TEXT_MAX];
	/* counting */
	struct hu_plan plan;
	bool open;
	bool owned;		/* the agent holds the PMU's ownership lock */
	char why[HA_TEXT_MAX];	/* why it is not counting now ("": it is) */
	struct ha_prev prev[HA_MAX_REQUESTS];
	uint64_t total[HA_MAX_COUNTERS];
	uint64_t delta[HA_MAX_COUNTERS];	/* added at the last refresh */
	bool refreshed;		/* the last refresh read it */
	bool scaled;		/* a total holds a scaled delta */
	bool multiplexed;	/* its groups take turns on the counters its PMU's leave */
};

struct hisi_agent {
	struct hu_catalogue cat;
	struct ha_instance *inst;
	unsigned int ninst;
	uint64_t refreshes;
	bool pmu_gone;		/* a PMU went away while counted: look again */
};

/*
 * The Hip09 PMUs under @sysfs_root (NULL: $SYSFS_PATH, else /sys), then
 * the root ports and NIC functions (PCI sysfs) a PMU instance covers, and
 * the counters each can give; nothing is opened yet.  A PMU with no
 * counter the agent knows is left out; a device no PMU covers too, but a
 * device the component refuses is kept, saying why (hisi.*.missing).
 */
int ha_init(struct hisi_agent *a, const char *sysfs_root, struct hu_err *e);

/*
 * Read every instance, opening those that are not open (first refresh,
 * or counters another user held); an instance whose read fails is closed
 * and says why until it counts again.
 */
void ha_refresh(struct hisi_agent *a);

void ha_free(struct hisi_agent *a);

/*
 * Whether the Hip09 PMUs under @a's sysfs root are other than those @a
 * counts: one came (a driver loaded after the agent started), went, or was
 * registered again (a counted PMU went away; with @types, its perf type
 * changed: one small file per PMU more than the directory's names).
 */
bool ha_pmus_changed(struct hisi_agent *a, bool types);

/*
 * @next, built as ha_init() does over @a's sysfs root, with each instance's
 * totals carried from its namesake in @a (same family and name), so that a
 * counter never goes back when its PMU comes back.  @a is left as it was:
 * the caller frees it (its ownership locks) before @next first refreshes.
 */
int ha_init_after(struct hisi_agent *next, const struct hisi_agent *a, struct hu_err *e);

/* Counter @c of @in: its total, if it is counted and was read at the last refresh. */
bool ha_total(const struct ha_instance *in, unsigned int c, uint64_t *total);

/*
 * The delta a counter adds for a read of @now after @prev: the count's
 * delta, scaled by the group's time enabled over time running in between
 * when it was not on the PMU all that time (*scaled set then).
 */
uint64_t ha_scaled_delta(const struct ha_prev *prev, const struct ha_prev *now, bool *scaled);

/*
 * The delta of reading @now after *@prev (ha_scaled_delta()), which @now
 * then replaces; a group that was not on the PMU in between (multiplexed:
 * its turn did not come) has nothing to scale, so *@prev stays and the
 * next reading that ran is scaled over the whole time: no 0 for the gap.
 */
uint64_t ha_take_reading(struct ha_prev *prev, const struct ha_prev *now, bool *scaled);

#endif /* HISI_AGENT_H */
