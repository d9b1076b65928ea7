/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * perf_group.h - plan perf event groups, open, drive and read them.
 *
 * Contract (one EventSet = one plan, used by the thread that owns it):
 *   hu_plan_build()  once per change of the event list; allocates;
 *   hu_plan_open()   opens every group (leader first, leader disabled);
 *   hu_plan_start/stop/reset()  one ioctl per group, through the leader;
 *   hu_plan_read_groups()  no allocation, no string work, one read() per
 *                    group; each request's count is then at hu_plan_count();
 *   hu_plan_free()   closes whatever is open and frees the plan.
 * Every failure unwinds what it opened.  Requests with identical attrs are
 * opened once and read into every request that asked for them.
 */
#ifndef HU_PERF_GROUP_H
#define HU_PERF_GROUP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

#include "hu_error.h"
#include "perf_attr.h"

/*
 * Which hardware slot an event occupies, by the driver's counting rule
 * (driver_era.h).  Two events of one group share a slot iff their keys are
 * equal (and, with filters_must_match, their filters too: a driver that
 * shares by event code alone would count both with whichever filter
 * started last, so such events must not share a group).
 */
struct hu_slot {
	uint64_t key[3];
	uint64_t filters[2];		/* config1, config2 */
	bool filters_must_match;
	/*
	 * false: another group of the instance holding the same key can never
	 * count at the same time (hisi_pcie before v6.9 fails add() for it).
	 */
	bool key_across_groups;
	unsigned int max_slots;		/* hardware counters of the PMU; 0 = no limit */
};

/* One counter the caller wants, on one PMU instance. */
struct hu_request {
	struct hu_attr attr;
	struct hu_slot slot;
	unsigned int bundle;	/* requests of one bundle (a pair) share one group */
	int cpu;		/* the PMU's cpumask CPU */
	const char *pmu_name;	/* for messages; must outlive the plan */
};

/* What one read gives per request. */
struct hu_reading {
	uint64_t value;		/* as counted since start or reset */
	uint64_t enabled_ns;	/* time the group was enabled, same window */
	uint64_t running_ns;	/* time it was on the PMU (< enabled: multiplexed) */
};

/* One perf event of a group: requests with identical attrs share it. */
struct hu_member {
	struct hu_attr attr;
	struct hu_slot slot;
	int fd;
};

struct hu_group {
	int cpu;
	uint32_t type;
	const char *pmu_name;
	unsigned int n;				/* members, leader first */
	unsigned int slots;			/* hardware slots the members use */
	/*
	 * Room for the requests of the group's instance, which bound its
	 * members; the hardware bounds its slots (hu_slot.max_slots).
	 */
	struct hu_member *member;
	int leader_fd;				/* member[0].fd, for the read path */
	uint64_t *buf;		/* PERF_FORMAT_GROUP read: nr, enabled, running, v[n] */
	size_t buf_bytes;
	uint64_t base_enabled, base_running;	/* at the last start or reset */
	uint64_t read_enabled;			/* time enabled at the last read */
	bool baseline_pending;			/* taken after the enable (error state before) */
};

/* Where request i reads its count: group and member packed in plan->loc[i]. */
#define HU_LOC(g, m) ((uint32_t)(g) << 16 | (uint32_t)(m))
#define HU_LOC_GROUP(l) ((l) >> 16)
#define HU_LOC_MEMBER(l) ((l) & 0xffff)
#define HU_READ_HEADER_WORDS 3	/* nr, time_enabled, time_running */

struct hu_plan {
	struct hu_group *group;
	unsigned int ngroups;
	uint32_t *loc;		/* request i -> HU_LOC(group, member) */
	unsigned int nreq;
	bool opened;
	bool track_times;	/* keep enabled/running times since start (default) */
	/*
	 * Without multiplexing every group leader is pinned: a group the PMU
	 * cannot hold (counters taken by another user) goes into error state
	 * and reads fail, instead of counting part of the time.
	 */
	bool multiplexed;
	/*
	 * A group of one event: only its time shows that its PMU went away
	 * (a larger group shows it at once: the revoke breaks it up, and a
	 * read gives fewer members), so only then the reads take the clock.
	 */
	bool watch_clock;
	uint64_t read_wall_ns;	/* CLOCK_MONOTONIC at the last read; 0 after a start */
};

/*
 * Place the requests into as few groups per PMU instance as the slot rules
 * allow.  Without @multiplex, needing more slots than a PMU has, or two
 * groups of an instance whose events the driver cannot count at once, is
 * HU_E_CONFLICT (e->at names the requests); with it, the kernel rotates
 * the groups.
 */
int hu_plan_build(struct hu_plan *plan, const struct hu_request *req,
		  unsigned int n, bool multiplex, struct hu_err *e);
int hu_plan_open(struct hu_plan *plan, struct hu_err *e);
int hu_plan_start(struct hu_plan *plan, struct hu_err *e);
int hu_plan_stop(struct hu_plan *plan, struct hu_err *e);
int hu_plan_reset(struct hu_plan *plan, struct hu_err *e);

/*
 * Whether a group read() of @n bytes gave the whole group, counted all the
 * time it was enabled (pinned groups never rotate; a gap means the counts
 * are partial).
 */
static inline bool hu_group_read_complete(const struct hu_group *grp, ssize_t n,
					  bool multiplexed)
{
	return n == (ssize_t)grp->buf_bytes && grp->buf[0] == grp->n &&
	       (multiplexed || grp->buf[1] == grp->buf[2]);
}

/*
 * A read() that was interrupted, failed, came back short, or whose group
 * was enabled for less time than passed (hu_group_fell_behind): retries on
 * EINTR, refuses a group whose PMU went away (HU_E_GONE), otherwise says
 * why, or takes the read as it is.  Out of line: the hot path below only
 * calls it when something is wrong.
 */
int hu_group_read_slow(struct hu_group *grp, ssize_t n, bool multiplexed, struct hu_err *e);

/*
 * Since Linux 6.15 the events of a PMU that goes away (driver unbound,
 * device removed) are revoked: they stop, leave their group, and read()
 * keeps giving the counts of that moment.  A group of several events
 * then reads fewer members; a group of one only shows it in its time
 * enabled, which stops too: one enabled for clearly less time than passed
 * since the last read is asked (hu_fd_revoked) whether it was revoked.
 * The slack covers a clock that ticks coarsely (a guest's) and the two
 * clocks' rates; a PMU that went away within it is caught at the next
 * read.
 */
#define HU_TIME_SLACK_NS 1000000ULL

/* Whether perf event @fd was revoked: its PMU went away (Linux 6.15+). */
bool hu_fd_revoked(int fd);

/* CLOCK_MONOTONIC in ns (out of line: it needs POSIX, which callers may not ask for) */
uint64_t hu_wall_ns(void);

/* @wall_ns passed since the last read (0: no last read to compare with). */
static inline bool hu_group_fell_behind(const struct hu_group *grp, uint64_t wall_ns)
{
	return grp->buf[1] - grp->read_enabled + HU_TIME_SLACK_NS + wall_ns / 64 < wall_ns;
}

/*
 * The hot path: one read() per group into its buffer; then take each
 * request's count with hu_plan_value() or hu_plan_count() (and, if needed,
 * its times with hu_plan_times()) straight from the buffers.  Inline, so a
 * PAPI_read costs the caller's loop plus the system calls.
 */
static inline int hu_plan_read_groups(struct hu_plan *plan, struct hu_err *e)
{
	uint64_t now = plan->watch_clock ? hu_wall_ns() : 0;
	uint64_t wall = now && plan->read_wall_ns ? now - plan->read_wall_ns : 0;

	for (unsigned int g = 0; g < plan->ngroups; g++) {
		struct hu_group *grp = &plan->group[g];
		ssize_t n = read(grp->leader_fd, grp->buf, grp->buf_bytes);

		if (!hu_group_read_complete(grp, n, plan->multiplexed) ||
		    (grp->n == 1 && hu_group_fell_behind(grp, wall))) {
			int ret = hu_group_read_slow(grp, n, plan->multiplexed, e);

			if (ret)
				return ret;
		}
		grp->read_enabled = grp->buf[1];
	}
	plan->read_wall_ns = now;
	return HU_OK;
}

/*
 * Where request i's count lands at each read: a pointer into its group's
 * buffer, stable from hu_plan_build() to hu_plan_free().
 */
static inline const uint64_t *hu_plan_count(const struct hu_plan *plan, unsigned int i)
{
	uint32_t l = plan->loc[i];

	return &plan->group[HU_LOC_GROUP(l)].buf[HU_READ_HEADER_WORDS + HU_LOC_MEMBER(l)];
}

static inline uint64_t hu_plan_value(const struct hu_plan *plan, unsigned int i)
{
	return *hu_plan_count(plan, i);
}

/* Enabled time of request i's group since the last start or reset (track_times). */
static inline uint64_t hu_plan_enabled_ns(const struct hu_plan *plan, unsigned int i)
{
	const struct hu_group *g = &plan->group[HU_LOC_GROUP(plan->loc[i])];

	return g->buf[1] - g->base_enabled;
}

/* Times of request i's group since the last start or reset (track_times). */
static inline void hu_plan_times(const struct hu_plan *plan, unsigned int i,
				 uint64_t *enabled_ns, uint64_t *running_ns)
{
	const struct hu_group *g = &plan->group[HU_LOC_GROUP(plan->loc[i])];

	*enabled_ns = hu_plan_enabled_ns(plan, i);
	*running_ns = g->buf[2] - g->base_running;
}

/*
 * Whether start and reset record the times (one extra read per group);
 * needed only for per-second metrics and multiplex scaling.
 */
void hu_plan_track_times(struct hu_plan *plan, bool on);

/*
 * Multiplexed plans: HU_E_CONFLICT if a group has been enabled but never on
 * the PMU since start, so that no count is a guess from nothing.
 */
int hu_plan_check_running(const struct hu_plan *plan, struct hu_err *e);

/*
 * For multiplexed plans, after a read: "PMU ran 49.8%, PMU ran 50.2%" for
 * each group that ran less than it was enabled (since start) into @buf;
 * false if every group ran the whole time (nothing was scaled).
 */
bool hu_plan_scaling_note(const struct hu_plan *plan, char *buf, size_t len);

/* hu_plan_read_groups() and every request's count and times into out[]. */
int hu_plan_read(struct hu_plan *plan, struct hu_reading *out, struct hu_err *e);

/* Slots used on the PMU instance of request @i (all its groups). */
unsigned int hu_plan_slots_on(const struct hu_plan *plan, unsigned int i);

void hu_plan_close(struct hu_plan *plan);
void hu_plan_free(struct hu_plan *plan);

#endif /* HU_PERF_GROUP_H */
