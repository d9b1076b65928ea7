/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * perf_group.h - plan perf event groups, open, drive and read them.
 *
 * Contract (one EventSet = one plan, used by the thread that owns it):
 *   hu_plan_build()  once per change of the event list; allocates;
 *   hu_plan_open()   opens every group (leader first, leader disabled);
 *   hu_plan_start/stop/reset()  one ioctl per group, through the leader;
 *   hu_plan_read()   no allocation, no string work, one read() per group;
 *   hu_plan_free()   closes whatever is open and frees the plan.
 * Every failure unwinds what it opened.  Requests with identical attrs are
 * opened once and read into every slot that asked for them.
 */
#ifndef HU_PERF_GROUP_H
#define HU_PERF_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "event_spec.h"
#include "hu_error.h"

#define HU_GROUP_MAX_EVENTS 64	/* the kernel caps a group far lower per PMU */

/* One counter the caller wants, on one PMU instance. */
struct hu_request {
	struct hu_attr attr;
	int cpu;		/* the PMU's cpumask CPU */
	const char *pmu_name;	/* for messages; must outlive the plan */
};

struct hu_group {
	int cpu;
	uint32_t type;
	const char *pmu_name;
	unsigned int n;				/* members, leader first */
	struct hu_attr attr[HU_GROUP_MAX_EVENTS];
	int fd[HU_GROUP_MAX_EVENTS];
	uint64_t *buf;		/* PERF_FORMAT_GROUP read: nr, enabled, running, v[n] */
	size_t buf_bytes;
};

struct hu_plan {
	struct hu_group *group;
	unsigned int ngroups;
	uint32_t *slot;		/* request i -> group << 16 | member */
	unsigned int nreq;
	bool opened;
};

int hu_plan_build(struct hu_plan *plan, const struct hu_request *req,
		  unsigned int n, struct hu_err *e);
int hu_plan_open(struct hu_plan *plan, struct hu_err *e);
int hu_plan_start(struct hu_plan *plan, struct hu_err *e);
int hu_plan_stop(struct hu_plan *plan, struct hu_err *e);
int hu_plan_reset(struct hu_plan *plan, struct hu_err *e);

/* Store the count of request i in values[i] for every request. */
int hu_plan_read(struct hu_plan *plan, uint64_t *values, struct hu_err *e);

void hu_plan_close(struct hu_plan *plan);
void hu_plan_free(struct hu_plan *plan);

/* Open file descriptors of the plan (for tests and diagnostics). */
unsigned int hu_plan_open_fds(const struct hu_plan *plan);

#endif /* HU_PERF_GROUP_H */
