// SPDX-License-Identifier: BSD-3-Clause
/*
 * perf_group.c - perf event groups for uncore PMUs (see perf_group.h).
 *
 * Uncore counters are system-wide: pid -1 on the PMU's cpumask CPU, no
 * exclude bits (the Hip09 drivers set PERF_PMU_CAP_NO_EXCLUDE and refuse
 * them), no sampling.  All events of one PMU instance share one group so
 * that both halves of a counter pair share a hardware slot (the drivers
 * share a slot only between events with the same group leader) and one
 * read() returns every value of the instance over the same window.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "perf_group.h"
#include "hu_message.h"
#include "hu_text.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>


static bool same_attr(const struct hu_attr *a, const struct hu_attr *b)
{
	return a->type == b->type && !memcmp(a->config, b->config, sizeof(a->config));
}

/* A PMU instance is its perf type and the CPU it counts on. */
static bool on_instance(uint32_t type, int cpu, const struct hu_request *r)
{
	return type == r->attr.type && cpu == r->cpu;
}

static bool same_instance(const struct hu_group *g, const struct hu_request *r)
{
	return on_instance(g->type, g->cpu, r);
}

static int find_member(const struct hu_group *grp, const struct hu_attr *a)
{
	for (unsigned int m = 0; m < grp->n; m++)
		if (same_attr(&grp->member[m].attr, a))
			return (int)m;
	return -1;
}

/*
 * How many new slots @r needs in @grp: 0 (already there, or shares a
 * slot), 1, or -1 if it must not join (same slot, other filters).
 */
static int slots_needed(const struct hu_group *grp, const struct hu_request *r)
{
	for (unsigned int m = 0; m < grp->n; m++) {
		const struct hu_slot *s = &grp->member[m].slot;

		if (same_attr(&grp->member[m].attr, &r->attr))
			return 0;
		if (memcmp(s->key, r->slot.key, sizeof(s->key)) != 0)
			continue;
		if (s->filters_must_match &&
		    memcmp(s->filters, r->slot.filters, sizeof(s->filters)) != 0)
			return -1;
		return 0;
	}
	return 1;
}

static void add_member(struct hu_group *grp, const struct hu_request *r, int need)
{
	grp->member[grp->n] = (struct hu_member){ .attr = r->attr, .slot = r->slot, .fd = -1 };
	grp->n++;
	grp->slots += (unsigned int)need;
}

/*
 * Add the requests of @bundle to @grp if all fit; false leaves @grp as it
 * was (members are only appended, so dropping the new ones undoes it).
 */
static bool place_bundle(struct hu_group *grp, const struct hu_request *req,
			 unsigned int n, unsigned int bundle, uint32_t *loc, uint32_t g)
{
	unsigned int had_members = grp->n, had_slots = grp->slots;

	for (unsigned int i = 0; i < n; i++) {
		int need, m;

		if (req[i].bundle != bundle)
			continue;
		need = slots_needed(grp, &req[i]);
		if (need < 0 ||
		    (req[i].slot.max_slots && grp->slots + (unsigned int)need > req[i].slot.max_slots)) {
			grp->n = had_members;
			grp->slots = had_slots;
			return false;
		}
		m = find_member(grp, &req[i].attr);
		if (m < 0) {
			m = (int)grp->n;
			add_member(grp, &req[i], need);
		}
		loc[i] = HU_LOC(g, m);
	}
	return true;
}

/* Requests on @r's PMU instance: no group of it has more members. */
static unsigned int requests_on_instance(const struct hu_request *req, unsigned int n,
					 const struct hu_request *r)
{
	unsigned int count = 0;

	for (unsigned int i = 0; i < n; i++)
		count += on_instance(r->attr.type, r->cpu, &req[i]);
	return count;
}

static int init_group(struct hu_group *grp, const struct hu_request *req, unsigned int n,
		      const struct hu_request *r, struct hu_err *e)
{
	unsigned int room = requests_on_instance(req, n, r);

	memset(grp, 0, sizeof(*grp));
	grp->cpu = r->cpu;
	grp->type = r->attr.type;
	grp->pmu_name = r->pmu_name;
	grp->leader_fd = -1;
	grp->member = calloc(room, sizeof(*grp->member));
	if (!grp->member)
		return hu_fail(e, HU_E_NOMEM, "out of memory for a group of %u events", room);
	return HU_OK;
}

/* The first group of @r's instance that takes its bundle, else a new group. */
static int place_request(struct hu_plan *plan, const struct hu_request *req,
			 unsigned int n, unsigned int i, struct hu_err *e)
{
	const struct hu_request *r = &req[i];
	unsigned int g;
	int ret;

	for (g = 0; g < plan->ngroups; g++)
		if (same_instance(&plan->group[g], r) &&
		    place_bundle(&plan->group[g], req, n, r->bundle, plan->loc, g))
			return HU_OK;
	ret = init_group(&plan->group[g], req, n, r, e);
	if (ret)
		return ret;
	plan->ngroups++;
	if (!place_bundle(&plan->group[g], req, n, r->bundle, plan->loc, g))
		return hu_fail(e, HU_E_CONFLICT, "one event of %s needs more than its %u hardware counters",
			       r->pmu_name, r->slot.max_slots);
	return HU_OK;
}

unsigned int hu_plan_slots_on(const struct hu_plan *plan, unsigned int i)
{
	const struct hu_group *mine = &plan->group[HU_LOC_GROUP(plan->loc[i])];
	unsigned int slots = 0;

	for (unsigned int g = 0; g < plan->ngroups; g++)
		if (plan->group[g].type == mine->type && plan->group[g].cpu == mine->cpu)
			slots += plan->group[g].slots;
	return slots;
}

/* Without multiplexing every group of an instance must be on the PMU at once. */
static int check_capacity(const struct hu_plan *plan, const struct hu_request *req,
			  struct hu_err *e)
{
	for (unsigned int i = 0; i < plan->nreq; i++) {
		unsigned int used = hu_plan_slots_on(plan, i), max = req[i].slot.max_slots;

		if (max && used > max)
			return hu_fail(e, HU_E_CONFLICT,
				       "the EventSet needs %u hardware counters on %s, which has %u: "
				       "remove events or enable multiplexing (PAPI_set_multiplex)",
				       used, req[i].pmu_name, max);
	}
	return HU_OK;
}

/* The member of another group of @r's instance with @r's slot key, else -1. */
static int same_key_elsewhere(const struct hu_plan *plan, const struct hu_request *req,
			      unsigned int i)
{
	uint32_t mine = HU_LOC_GROUP(plan->loc[i]);

	for (unsigned int j = 0; j < plan->nreq; j++) {
		uint32_t g = HU_LOC_GROUP(plan->loc[j]);

		if (g != mine && same_instance(&plan->group[g], &req[i]) &&
		    !memcmp(req[j].slot.key, req[i].slot.key, sizeof(req[i].slot.key)))
			return (int)j;
	}
	return -1;
}

/*
 * Events that must go in different groups (same slot key, other filters)
 * but that the driver will not count in two groups at once: refuse, as
 * only multiplexing can give both a share of the time.
 */
static int check_key_across_groups(const struct hu_plan *plan, const struct hu_request *req,
				   struct hu_err *e)
{
	for (unsigned int i = 0; i < plan->nreq; i++) {
		int j;

		if (req[i].slot.key_across_groups)
			continue;
		j = same_key_elsewhere(plan, req, i);
		if (j < 0)
			continue;
		hu_fail(e, HU_E_CONFLICT,
			"%s: config=0x%llx with config1=0x%llx,config2=0x%llx and with "
			"config1=0x%llx,config2=0x%llx: this driver shares one counter per event code "
			"and fails an event whose code another group counts, so both can never count "
			"at once: measure them in separate runs, or enable multiplexing "
			"(PAPI_set_multiplex) to give each a scaled share of the time",
			req[i].pmu_name, (unsigned long long)req[i].attr.config[0],
			(unsigned long long)req[i].attr.config[1],
			(unsigned long long)req[i].attr.config[2],
			(unsigned long long)req[j].attr.config[1],
			(unsigned long long)req[j].attr.config[2]);
		e->at[0] = (int)i;
		e->at[1] = j;
		e->set_at = 1;
		return HU_E_CONFLICT;
	}
	return HU_OK;
}

static int alloc_buffers(struct hu_plan *plan, struct hu_err *e)
{
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		struct hu_group *grp = &plan->group[g];

		grp->buf_bytes = (HU_READ_HEADER_WORDS + grp->n) * sizeof(uint64_t);
		grp->buf = calloc(1, grp->buf_bytes);
		if (!grp->buf)
			return hu_fail(e, HU_E_NOMEM, "out of memory for read buffers");
	}
	return HU_OK;
}

/* Room was made for one group per request; keep only what is used. */
static int shrink_groups(struct hu_plan *plan, struct hu_err *e)
{
	struct hu_group *g = realloc(plan->group, plan->ngroups * sizeof(*g));

	if (!g)
		return hu_fail(e, HU_E_NOMEM, "out of memory for %u groups", plan->ngroups);
	plan->group = g;
	return HU_OK;
}

int hu_plan_build(struct hu_plan *plan, const struct hu_request *req,
		  unsigned int n, bool multiplex, struct hu_err *e)
{
	int ret = HU_OK;

	memset(plan, 0, sizeof(*plan));
	if (n == 0)
		return HU_OK;
	if (n > HU_LOC_MEMBER(UINT32_MAX))	/* group and member must fit HU_LOC() */
		return hu_fail(e, HU_E_CONFLICT, "%u events in one EventSet: at most %u",
			       n, HU_LOC_MEMBER(UINT32_MAX));
	plan->group = calloc(n, sizeof(*plan->group));
	plan->loc = calloc(n, sizeof(*plan->loc));
	if (!plan->group || !plan->loc)
		ret = hu_fail(e, HU_E_NOMEM, "out of memory for %u events", n);
	plan->nreq = n;
	for (unsigned int i = 0; !ret && i < n; i++) {
		bool placed = false;

		/* a bundle's later requests were placed with its first */
		for (unsigned int j = 0; j < i && !placed; j++)
			placed = req[j].bundle == req[i].bundle;
		if (!placed)
			ret = place_request(plan, req, n, i, e);
	}
	if (!ret && !multiplex)
		ret = check_capacity(plan, req, e);
	if (!ret && !multiplex)
		ret = check_key_across_groups(plan, req, e);
	if (!ret)
		ret = shrink_groups(plan, e);
	if (!ret)
		ret = alloc_buffers(plan, e);
	plan->track_times = true;
	plan->multiplexed = multiplex;
	for (unsigned int g = 0; !ret && g < plan->ngroups; g++)
		plan->watch_clock |= plan->group[g].n == 1;
	if (ret)
		hu_plan_free(plan);
	return ret;
}

/* ---- opening ------------------------------------------------------------ */

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
			       int group_fd, unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

static void fill_attr(struct perf_event_attr *pa, const struct hu_attr *a,
		      bool leader, bool pinned)
{
	memset(pa, 0, sizeof(*pa));
	pa->size = sizeof(*pa);
	pa->type = a->type;
	pa->config = a->config[0];
	pa->config1 = a->config[1];
	pa->config2 = a->config[2];
	pa->disabled = leader;	/* members follow the leader */
	pa->pinned = leader && pinned;
	pa->read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			  PERF_FORMAT_TOTAL_TIME_RUNNING;
}

static int open_failed(const struct hu_group *grp, unsigned int m, int err,
		       struct hu_err *e)
{
	const struct hu_attr *a = &grp->member[m].attr;
	const char *hint = hu_errno_hint(err);
	long cpus = sysconf(_SC_NPROCESSORS_CONF);

	/* a cpumask naming a CPU this machine lacks (hostile sysfs, or another root) */
	if ((err == EINVAL || err == ENODEV) && cpus > 0 && grp->cpu >= cpus)
		hint = "the CPU in the PMU's cpumask does not exist on this machine";

	return hu_fail_sys(e, err,
		"perf_event_open(%s config=0x%llx config1=0x%llx config2=0x%llx, cpu %d) failed: %s%s%s",
		grp->pmu_name, (unsigned long long)a->config[0],
		(unsigned long long)a->config[1], (unsigned long long)a->config[2],
		grp->cpu, strerror(err), *hint ? ": " : "", hint);
}

static void close_group(struct hu_group *grp)
{
	/* members first, the leader last */
	for (unsigned int m = grp->n; m-- > 0;) {
		if (grp->member[m].fd >= 0)
			close(grp->member[m].fd);
		grp->member[m].fd = -1;
	}
	grp->leader_fd = -1;
}

static int open_group(struct hu_group *grp, bool pinned, struct hu_err *e)
{
	struct perf_event_attr pa;

	for (unsigned int m = 0; m < grp->n; m++)
		if (grp->member[m].attr.config[3])	/* the perf_event_attr we build has no config3 */
			return hu_fail(e, HU_E_NOSUPP, "%s: config3 is not supported", grp->pmu_name);
	for (unsigned int m = 0; m < grp->n; m++) {
		struct hu_member *mb = &grp->member[m];

		fill_attr(&pa, &mb->attr, m == 0, pinned);
		mb->fd = sys_perf_event_open(&pa, -1, grp->cpu, grp->leader_fd, PERF_FLAG_FD_CLOEXEC);
		hu_debug(HU_DEBUG_OPENS, "perf_event_open(%s type %u config %#llx config1 %#llx "
			 "config2 %#llx%s, cpu %d, group %d) = %d", grp->pmu_name, pa.type,
			 (unsigned long long)pa.config, (unsigned long long)pa.config1,
			 (unsigned long long)pa.config2, pa.pinned ? " pinned" : "", grp->cpu,
			 grp->leader_fd, mb->fd);
		if (mb->fd < 0) {
			int err = errno;

			close_group(grp);
			return open_failed(grp, m, err, e);
		}
		if (m == 0)
			grp->leader_fd = mb->fd;
	}
	return HU_OK;
}

int hu_plan_open(struct hu_plan *plan, struct hu_err *e)
{
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		int ret = open_group(&plan->group[g], !plan->multiplexed, e);

		if (ret) {
			while (g-- > 0)
				close_group(&plan->group[g]);
			return ret;
		}
	}
	plan->opened = true;
	return HU_OK;
}

/* ---- a PMU that went away --------------------------------------------------- */

uint64_t hu_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * Every ioctl of a revoked event fails with ENODEV (_perf_ioctl(), Linux
 * 6.15+); PERF_EVENT_IOC_ID changes nothing on one that is not. poll()
 * cannot tell: since 7.x a pinned event in error state (its counters
 * taken) polls POLLERR as well.
 */
bool hu_fd_revoked(int fd)
{
	uint64_t id;

	return ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0 && errno == ENODEV;
}

static bool group_revoked(const struct hu_group *grp)
{
	return hu_fd_revoked(grp->leader_fd);
}

static int fail_gone(const struct hu_group *grp, struct hu_err *e)
{
	return hu_fail(e, HU_E_GONE,
		       "%s: the PMU went away while counting (its driver was unbound or its "
		       "device removed, and the kernel revoked its events): its counters "
		       "stopped then, so no count is returned; add the events again once "
		       "the PMU is back", grp->pmu_name);
}

/* ---- driving ------------------------------------------------------------ */

static int group_ioctl(struct hu_plan *plan, unsigned long req, const char *what,
		       struct hu_err *e)
{
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		struct hu_group *grp = &plan->group[g];

		if (ioctl(grp->leader_fd, req, PERF_IOC_FLAG_GROUP) < 0) {
			int err = errno;

			if (err == ENODEV) {	/* only a revoked event says so (hu_fd_revoked) */
				/* off for good already; the read before a stop said why */
				if (req == PERF_EVENT_IOC_DISABLE)
					continue;
				return fail_gone(grp, e);
			}
			return hu_fail_sys(e, err, "%s of the %s group failed: %s",
					   what, grp->pmu_name, strerror(err));
		}
	}
	return HU_OK;
}

/*
 * IOC_RESET zeroes the counts but not the enabled and running times, so the
 * times at each start or reset are kept and subtracted at read.
 */
static void set_baseline(struct hu_group *grp)
{
	grp->base_enabled = grp->buf[1];
	grp->base_running = grp->buf[2];
	grp->baseline_pending = false;
}

/*
 * Before an enable, a pinned group left in error state by an earlier run
 * reads as end of file: its baseline is taken right after the enable.
 */
static int take_baselines(struct hu_plan *plan, bool before_enable, struct hu_err *e)
{
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		struct hu_group *grp = &plan->group[g];
		ssize_t n = read(grp->leader_fd, grp->buf, grp->buf_bytes);

		if (n == 0 && before_enable && !plan->multiplexed) {
			grp->baseline_pending = true;
			continue;
		}
		if (!hu_group_read_complete(grp, n, plan->multiplexed)) {
			int ret = hu_group_read_slow(grp, n, plan->multiplexed, e);

			if (ret)
				return ret;
		}
		set_baseline(grp);
	}
	return HU_OK;
}

void hu_plan_track_times(struct hu_plan *plan, bool on)
{
	plan->track_times = on;
	for (unsigned int g = 0; !on && g < plan->ngroups; g++)
		plan->group[g].base_enabled = plan->group[g].base_running = 0;
}

/*
 * A pinned group the PMU could not take is in error state as soon as it is
 * enabled: say so at start rather than at the first read.
 */
static int check_scheduled(struct hu_plan *plan, struct hu_err *e)
{
	int ret = plan->multiplexed ? HU_OK : hu_plan_read_groups(plan, e);

	if (ret) {
		struct hu_err ignored;

		group_ioctl(plan, PERF_EVENT_IOC_DISABLE, "disable", &ignored);
		return ret;
	}
	for (unsigned int g = 0; g < plan->ngroups; g++)
		if (plan->group[g].baseline_pending)
			set_baseline(&plan->group[g]);
	return HU_OK;
}

int hu_plan_start(struct hu_plan *plan, struct hu_err *e)
{
	int ret = group_ioctl(plan, PERF_EVENT_IOC_RESET, "reset", e);

	plan->read_wall_ns = 0;	/* disabled until now: no time to compare */
	if (!ret && plan->track_times)
		ret = take_baselines(plan, true, e);
	if (!ret)
		ret = group_ioctl(plan, PERF_EVENT_IOC_ENABLE, "enable", e);
	return ret ? ret : check_scheduled(plan, e);
}

int hu_plan_stop(struct hu_plan *plan, struct hu_err *e)
{
	return group_ioctl(plan, PERF_EVENT_IOC_DISABLE, "disable", e);
}

int hu_plan_reset(struct hu_plan *plan, struct hu_err *e)
{
	int ret = group_ioctl(plan, PERF_EVENT_IOC_RESET, "reset", e);

	return ret || !plan->track_times ? ret : take_baselines(plan, false, e);
}

/* ---- reading -------------------------------------------------------------- */

#define HU_SHARED_HINT "another user of the PMU (perf, a monitoring agent, another " \
	"process or EventSet) holds its counters"

int hu_group_read_slow(struct hu_group *grp, ssize_t n, bool multiplexed, struct hu_err *e)
{
	while (n < 0 && errno == EINTR)
		n = read(grp->leader_fd, grp->buf, grp->buf_bytes);
	if (group_revoked(grp))
		return fail_gone(grp, e);
	/* complete, and enabled for less time than passed: stopped, or a coarse clock */
	if (hu_group_read_complete(grp, n, multiplexed))
		return HU_OK;
	if (n < 0) {
		int err = errno;

		return hu_fail_sys(e, err, "reading the %s group failed: %s",
				   grp->pmu_name, strerror(err));
	}
	/* end of file: the pinned group could not be put on the PMU (error state) */
	if (n == 0)
		return hu_fail(e, HU_E_CONFLICT,
			       "%s: the counters could not be scheduled, %s; "
			       "no partial count is returned: retry when they are free, or enable "
			       "multiplexing (PAPI_set_multiplex) for scaled counts",
			       grp->pmu_name, HU_SHARED_HINT);
	if (n == (ssize_t)grp->buf_bytes && grp->buf[0] == grp->n)
		return hu_fail(e, HU_E_CONFLICT,
			       "%s: the counters ran %.1f%% of the time they were enabled, %s; "
			       "the counts would be partial",
			       grp->pmu_name,
			       grp->buf[1] ? 100.0 * (double)grp->buf[2] / (double)grp->buf[1] : 0.0,
			       HU_SHARED_HINT);
	/* the revoke breaks the group up one event at a time, the leader maybe last */
	if (n == (ssize_t)grp->buf_bytes && grp->buf[0] < grp->n)
		return hu_fail(e, HU_E_GONE, "%s: the group reads %llu of its %u events: the PMU "
			       "went away while counting (its driver unbound or its device "
			       "removed); no count is returned", grp->pmu_name,
			       (unsigned long long)grp->buf[0], grp->n);
	return hu_fail(e, HU_E_SYS, "reading the %s group returned %zd of %zu bytes",
		       grp->pmu_name, n, grp->buf_bytes);
}

int hu_plan_check_running(const struct hu_plan *plan, struct hu_err *e)
{
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		const struct hu_group *grp = &plan->group[g];

		if (grp->buf[2] == grp->base_running && grp->buf[1] != grp->base_enabled)
			return hu_fail(e, HU_E_CONFLICT,
				       "%s: a multiplexed group has not been on the PMU yet since "
				       "start (%s, or the window is shorter than the rotation "
				       "interval, perf_event_mux_interval_ms): no count to scale",
				       grp->pmu_name, HU_SHARED_HINT);
	}
	return HU_OK;
}

bool hu_plan_scaling_note(const struct hu_plan *plan, char *buf, size_t len)
{
	bool any = false;

	buf[0] = '\0';
	for (unsigned int g = 0; plan->multiplexed && g < plan->ngroups; g++) {
		const struct hu_group *grp = &plan->group[g];
		uint64_t enabled = grp->buf[1] - grp->base_enabled;
		uint64_t running = grp->buf[2] - grp->base_running;

		if (running >= enabled)
			continue;
		hu_appendf(buf, len, "%s%s group %u ran %.1f%%", any ? ", " : "", grp->pmu_name, g,
			   100.0 * (double)running / (double)enabled);
		any = true;
	}
	return any;
}

int hu_plan_read(struct hu_plan *plan, struct hu_reading *out, struct hu_err *e)
{
	int ret = hu_plan_read_groups(plan, e);

	if (ret)
		return ret;
	for (unsigned int i = 0; i < plan->nreq; i++) {
		out[i].value = hu_plan_value(plan, i);
		hu_plan_times(plan, i, &out[i].enabled_ns, &out[i].running_ns);
	}
	return HU_OK;
}

/* ---- teardown ------------------------------------------------------------- */

void hu_plan_close(struct hu_plan *plan)
{
	for (unsigned int g = 0; g < plan->ngroups; g++)
		close_group(&plan->group[g]);
	plan->opened = false;
}

void hu_plan_free(struct hu_plan *plan)
{
	hu_plan_close(plan);
	for (unsigned int g = 0; g < plan->ngroups; g++) {
		free(plan->group[g].member);
		free(plan->group[g].buf);
	}
	free(plan->group);
	free(plan->loc);
	memset(plan, 0, sizeof(*plan));
}
