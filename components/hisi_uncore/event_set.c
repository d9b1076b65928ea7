// SPDX-License-Identifier: BSD-3-Clause
/*
 * event_set.c - one EventSet without PAPI (event_set.h): requests, the
 * live check, the plan, ownership across re-plans, the values read.
 */
#include "event_set.h"

#include <stdlib.h>
#include <string.h>

#include "owner_lock.h"

/* What the values of @s are read from (event_value.h). */
static inline struct hu_value_source value_source(const struct hu_event_set *s)
{
	return (struct hu_value_source){ &s->plan, s->req_scale, s->multiplexed };
}

void hu_set_init(struct hu_event_set *s)
{
	memset(s, 0, sizeof(*s));
}

/* ---- ownership ----------------------------------------------------------- */

/* Is group @g the first of the plan on its PMU instance? */
static bool first_on_pmu(const struct hu_plan *plan, unsigned int g)
{
	for (unsigned int k = 0; k < g; k++)
		if (strcmp(plan->group[k].pmu_name, plan->group[g].pmu_name) == 0)
			return false;
	return true;
}

/* Give back the ownership locks of @plan's first @upto groups' PMUs. */
static void disown_plan(const struct hu_plan *plan, unsigned int upto)
{
	for (unsigned int g = 0; g < upto; g++)
		if (first_on_pmu(plan, g))
			hu_owner_release(plan->group[g].pmu_name);
}

/* Free @plan, giving back its PMUs' locks first when *owns. */
static void free_plan(struct hu_plan *plan, bool *owns)
{
	if (*owns)
		disown_plan(plan, plan->ngroups);
	*owns = false;
	hu_plan_free(plan);
}

/* The held plan's locks go (those the new plan also holds stay, counted). */
static void release_held(struct hu_event_set *s)
{
	free_plan(&s->held, &s->held_owns);
}

static void free_current(struct hu_event_set *s)
{
	free_plan(&s->plan, &s->owns);
	free(s->req_scale);
	s->req_scale = NULL;
}

/* Ownership mode (owner_lock.h): hold every PMU instance of the plan, or none. */
static int own(struct hu_event_set *s, struct hu_err *e)
{
	if (!hu_owner_mode())
		return HU_OK;
	for (unsigned int g = 0; g < s->plan.ngroups; g++) {
		if (first_on_pmu(&s->plan, g) && hu_owner_acquire(s->plan.group[g].pmu_name, e)) {
			disown_plan(&s->plan, g);
			return e->status;
		}
	}
	s->owns = true;
	return HU_OK;
}

void hu_set_clear(struct hu_event_set *s)
{
	hu_plan_close(&s->plan);	/* its counters are free for the next plan */
	if (s->owns) {
		release_held(s);
		s->held = s->plan;
		s->held_owns = true;
		memset(&s->plan, 0, sizeof(s->plan));
		s->owns = false;
	}
	free_current(s);	/* owning nothing now: frees the plan only */
	s->n = 0;
}

void hu_set_free(struct hu_event_set *s)
{
	free_current(s);
	release_held(s);
	s->n = 0;
}

/* ---- planning ------------------------------------------------------------ */

/* The event of the set that request @r belongs to. */
static unsigned int event_of_request(const struct hu_event_set *s, unsigned int count, int r)
{
	unsigned int i = 0;

	while (i + 1 < count && (int)s->ev[i + 1].req <= r)
		i++;
	return i;
}

/* Put the names of the two events a plan conflict is about before its message. */
static void name_conflict(const struct hu_event_set *s, struct hu_catalogue *cat,
			  unsigned int count, struct hu_err *e)
{
	char a[HU_PAIR_TEXT_MAX], b[HU_PAIR_TEXT_MAX];

	if (!e->set_at ||
	    hu_cat_code_to_name(cat, s->code[event_of_request(s, count, e->at[0])], a, sizeof(a),
				NULL) ||
	    hu_cat_code_to_name(cat, s->code[event_of_request(s, count, e->at[1])], b, sizeof(b),
				NULL))
		return;
	hu_err_prefix(e, "%s and %s", a, b);
}

/* Room for @need requests in *req and in s->req_scale. */
static bool reserve_requests(struct hu_event_set *s, struct hu_request **req, unsigned int *cap,
			     unsigned int need)
{
	struct hu_request *r;
	double *sc;

	if (need <= *cap)
		return true;
	r = realloc(*req, 2 * need * sizeof(*r));
	if (!r)
		return false;
	*req = r;
	sc = realloc(s->req_scale, 2 * need * sizeof(*sc));
	if (!sc)
		return false;
	s->req_scale = sc;
	*cap = 2 * need;
	return true;
}

/*
 * Event @i's requests: one or two per PMU instance it counts on, each
 * instance its own unit (group); appended to *req at *nreq.
 */
static int add_event_requests(struct hu_event_set *s, struct hu_catalogue *cat, unsigned int i,
			      struct hu_request **req, unsigned int *cap, unsigned int *nreq,
			      struct hu_err *e)
{
	struct hu_value_rule *v = &s->ev[i];
	struct hu_native *m;
	unsigned int n;

	if (hu_cat_code_to_members(cat, s->code[i], &m, &n, e))
		return -1;
	if (!reserve_requests(s, req, cap, *nreq + 2 * n)) {
		free(m);
		return hu_fail(e, HU_E_NOMEM, "out of memory for %u perf events", *nreq + 2 * n);
	}
	v->req = *nreq;
	v->members = n;
	v->stride = m[0].nattr;
	v->metric = m[0].metric;
	v->scale = m[0].scale;
	for (unsigned int k = 0; k < n; k++) {
		s->req_scale[*nreq] = m[k].scale;
		*nreq += hu_cat_native_requests(cat, &m[k], *nreq, &(*req)[*nreq]);
	}
	free(m);
	return 0;
}

/* Plan and open the perf groups for s->code[0 .. count-1], using *req. */
static int plan_and_open(struct hu_event_set *s, struct hu_catalogue *cat, unsigned int count,
			 struct hu_request **req, struct hu_err *e)
{
	unsigned int nreq = 0, cap = 0;

	for (unsigned int i = 0; i < count; i++)
		if (add_event_requests(s, cat, i, req, &cap, &nreq, e))
			return e->status;
	if (hu_cat_refresh_requests(cat, *req, nreq, e))
		return e->status;
	if (hu_plan_build(&s->plan, *req, nreq, s->multiplexed, e)) {
		name_conflict(s, cat, count, e);
		return e->status;
	}
	const struct hu_value_source src = value_source(s);

	for (unsigned int i = 0; i < count; i++)
		hu_value_resolve(&src, &s->ev[i]);
	hu_plan_track_times(&s->plan, hu_values_need_times(s->ev, count, s->multiplexed));
	if (own(s, e) || hu_plan_open(&s->plan, e)) {
		free_current(s);
		return e->status;
	}
	s->n = count;
	return HU_OK;
}

/* Plan s->code[0 .. count-1]; the held locks go once the new plan is open. */
static int replan(struct hu_event_set *s, struct hu_catalogue *cat, unsigned int count,
		  struct hu_err *e)
{
	/* on the heap: one or two requests per event and instance, more than a small stack */
	struct hu_request *req = NULL;
	int ret = count ? plan_and_open(s, cat, count, &req, e) : HU_OK;

	free(req);
	/* a failed plan keeps the held locks: PAPI plans the previous events again */
	if (ret == HU_OK)
		release_held(s);
	return ret;
}

int hu_set_plan(struct hu_event_set *s, struct hu_catalogue *cat, const int *code,
		unsigned int count, struct hu_err *e)
{
	hu_set_clear(s);
	hu_err_clear(&s->lost);
	if (count > HU_SET_MAX)
		return hu_fail(e, HU_E_NOSUPP, "%u events in one EventSet, at most %d", count,
			       HU_SET_MAX);
	memcpy(s->code, code, count * sizeof(*code));
	return replan(s, cat, count, e);
}

int hu_set_multiplex(struct hu_event_set *s, struct hu_catalogue *cat, struct hu_err *e)
{
	unsigned int count = s->n;

	s->multiplexed = true;
	if (count == 0)
		return HU_OK;
	hu_set_clear(s);
	if (replan(s, cat, count, e) == HU_OK)
		return HU_OK;
	hu_err_prefix(e, "the EventSet could not be planned again for multiplexing, so it has "
		      "no perf groups (add or remove an event to plan it again)");
	s->lost = *e;
	return e->status;
}

/* ---- counting ------------------------------------------------------------ */

/* A set that lost its groups says why, as the failed re-plan did. */
static int refuse_lost(const struct hu_event_set *s, struct hu_err *e)
{
	if (e)
		*e = s->lost;
	return s->lost.status;
}

int hu_set_start(struct hu_event_set *s, struct hu_err *e)
{
	if (s->lost.status)
		return refuse_lost(s, e);
	return hu_plan_start(&s->plan, e);
}

int hu_set_stop(struct hu_event_set *s, struct hu_err *e)
{
	if (s->lost.status)
		return refuse_lost(s, e);
	return hu_plan_stop(&s->plan, e);
}

int hu_set_reset(struct hu_event_set *s, struct hu_err *e)
{
	if (s->lost.status)
		return refuse_lost(s, e);
	return hu_plan_reset(&s->plan, e);
}

int hu_set_read(struct hu_event_set *s, struct hu_err *e)
{
	const struct hu_value_source src = value_source(s);

	if (s->lost.status != HU_OK)
		return refuse_lost(s, e);
	if (hu_plan_read_groups(&s->plan, e))
		return e->status;
	if (s->multiplexed && hu_plan_check_running(&s->plan, e))
		return e->status;
	for (unsigned int i = 0, n = s->n; i < n; i++)
		s->values[i] = hu_value_read(&src, &s->ev[i]);
	return HU_OK;
}

bool hu_set_scaling_note(const struct hu_event_set *s, char *buf, size_t len)
{
	return s->multiplexed && hu_plan_scaling_note(&s->plan, buf, len);
}
