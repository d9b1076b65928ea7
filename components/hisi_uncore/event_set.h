/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * event_set.h - one EventSet of the component, without PAPI: the perf
 * requests of its events, the live sysfs check before opening, the plan of
 * perf groups, the ownership of its PMUs (owner_lock.h), and the values a
 * read gives.  hisi_uncore.c only translates PAPI's calls into these.
 *
 * Ownership across re-plans: PAPI plans the whole EventSet again on every
 * add and remove.  The locks of the plan being replaced are held until the
 * new plan holds its own, so no other process can take a PMU in between;
 * a plan that fails keeps them (PAPI then plans the previous events again).
 */
#ifndef HU_EVENT_SET_H
#define HU_EVENT_SET_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue.h"
#include "event_value.h"
#include "hu_error.h"
#include "perf_group.h"

#define HU_SET_MAX 512	/* events per EventSet (sizes the set) */

struct hu_event_set {
	unsigned int n;				/* events planned */
	bool multiplexed;
	int code[HU_SET_MAX];			/* the catalogue's codes */
	struct hu_value_rule ev[HU_SET_MAX];
	struct hu_plan plan;
	double *req_scale;			/* metric scale by first request of an instance */
	bool owns;				/* holds its PMUs' ownership locks */
	struct hu_plan held;			/* the last owning plan, closed, while a new one is made */
	bool held_owns;
	long long values[HU_SET_MAX];		/* what the last hu_set_read() gave */
	/*
	 * Why the set has no groups although it has events: its re-plan for
	 * multiplexing failed.  Counting is refused with this until the next
	 * hu_set_plan(); status HU_OK when the set is whole.
	 */
	struct hu_err lost;
};

/* An empty set (all zero). */
void hu_set_init(struct hu_event_set *s);

/*
 * No events: the plan is closed; an owning plan's locks stay held until
 * the next plan owns its PMUs, or hu_set_plan() of no events.
 */
void hu_set_clear(struct hu_event_set *s);

/*
 * Plan and open the set's groups for the @count events @code (at most
 * HU_SET_MAX): each event's requests (one or two per PMU instance it
 * counts on), checked against sysfs as it is now, placed into groups, and
 * in ownership mode every PMU of the plan owned, or none.  A plan conflict
 * names the two events it is about.
 */
int hu_set_plan(struct hu_event_set *s, struct hu_catalogue *cat, const int *code,
		unsigned int count, struct hu_err *e);

/*
 * Kernel multiplexing from now on: the groups of an over-full set take
 * turns.  The set is planned again; if that fails it keeps its events but
 * no groups, and start, stop, reset and read are refused with the reason.
 */
int hu_set_multiplex(struct hu_event_set *s, struct hu_catalogue *cat, struct hu_err *e);

int hu_set_start(struct hu_event_set *s, struct hu_err *e);
int hu_set_stop(struct hu_event_set *s, struct hu_err *e);
int hu_set_reset(struct hu_event_set *s, struct hu_err *e);

/* Read every group and make s->values[0 .. s->n - 1]: counts, scaled counts, metrics. */
int hu_set_read(struct hu_event_set *s, struct hu_err *e);

/* Multiplexed groups that did not run the whole time, into @buf; false if none. */
bool hu_set_scaling_note(const struct hu_event_set *s, char *buf, size_t len);

/* Close and free everything, giving back every lock (held or owned). */
void hu_set_free(struct hu_event_set *s);

#endif /* HU_EVENT_SET_H */
