// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue_resolve.c - what a name opens: a parsed name to a native (a
 * raw event or a metric's pair, with the rules' defaults and filters), the
 * qualified names resolved once and found again by hash, codes to natives,
 * and a native's perf requests checked against sysfs before opening.
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include "catalogue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue_parts.h"
#include "device_name.h"
#include "hisi_meaning.h"
#include "hu_text.h"
#include "name_index.h"

/* ---- natives: what a code opens ----------------------------------------- */

static unsigned int pmu_index(const struct hu_catalogue *cat, const struct hu_pmu *p)
{
	return (unsigned int)(p - cat->set.pmu);
}

static const char *strip_prefix(const char *name)
{
	size_t n = strlen(HU_COMPONENT_PREFIX);

	return strncmp(name, HU_COMPONENT_PREFIX, n) == 0 ? name + n : name;
}

/* Resolve @spec with its event replaced by @event (a metric's half). */
static int resolve_half(const struct hu_catalogue *cat, const struct hu_spec *spec,
			const char *event, struct hu_resolved *r, struct hu_err *e)
{
	struct hu_spec half = *spec;

	hu_copy(half.event, sizeof(half.event), event);
	return hu_resolve_spec(&cat->set, &half, r, e);
}

static void native_from_resolved(struct hu_native *n, unsigned int slot,
				 const struct hu_resolved *r)
{
	n->attr[slot] = r->attr;
	n->hns3_mode = r->hns3_mode;
	hu_copy(n->defaults, sizeof(n->defaults), r->defaults);
	hu_copy(n->filters, sizeof(n->filters), r->filters);
}

/* A metric: both halves with the user's qualifiers, checked alike. */
static int metric_native(struct hu_catalogue *cat, const struct hu_spec *spec,
			 unsigned int pmu, const struct hu_metric *m,
			 struct hu_native *n, struct hu_err *e)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	struct hu_resolved r;
	int ret;

	ret = resolve_half(cat, spec, p->events[m->num].name, &r, e);
	if (ret)
		return hu_err_prefix(e, "%s::%s", p->name, m->name);
	native_from_resolved(n, 0, &r);
	ret = resolve_half(cat, spec, p->events[m->den].name, &r, e);
	if (ret)
		return hu_err_prefix(e, "%s::%s", p->name, m->name);
	n->attr[1] = r.attr;
	n->nattr = 2;
	n->metric = m->def;
	n->half[0] = m->num;
	n->half[1] = m->den;
	n->counted = (int)m->num;
	n->unit = m->def->unit;
	n->scale = m->scale;
	return HU_OK;
}

static const struct hu_metric *find_metric(struct hu_catalogue *cat, unsigned int pmu,
					   const char *name, unsigned int *idx)
{
	for (unsigned int i = 0; i < cat->metrics[pmu].n; i++) {
		if (strcmp(cat->metrics[pmu].m[i].name, name) == 0) {
			*idx = cat->set.pmu[pmu].nevents + i;
			return &cat->metrics[pmu].m[i];
		}
	}
	return NULL;
}

int hu_cat_metric_pair_text(const struct hu_catalogue *cat, const char *name,
			    const struct hu_native *n, char *out, size_t len)
{
	const struct hu_event *ev = cat->set.pmu[n->pmu].events;
	char half[2][HU_PAIR_TEXT_MAX / 2];

	if (!n->metric)
		return hu_fail(NULL, HU_E_NOEVENT, "not a metric");
	for (unsigned int i = 0; i < 2; i++)
		if (!hu_name_with_event(name, ev[n->half[i]].name, half[i], sizeof(half[i])))
			return hu_fail(NULL, HU_E_SYNTAX, "name too long");
	snprintf(out, len, "%s,%s", half[0], half[1]);
	return HU_OK;
}

/* The PMU and event index of the raw event @name resolves to (its first instance). */
static int raw_event_of(struct hu_catalogue *cat, const char *name, unsigned int *pmu,
			unsigned int *idx, struct hu_err *e)
{
	struct hu_native *members;
	struct hu_spec spec;
	const struct hu_event *ev;
	unsigned int n;
	int code, ret;

	ret = hu_spec_parse(name, &spec, e);
	if (!ret)
		ret = hu_cat_name_to_code(cat, name, &code, e);
	if (!ret)
		ret = hu_cat_code_to_members(cat, code, &members, &n, e);
	if (ret)
		return ret;
	*pmu = members[0].pmu;
	ret = members[0].metric ? HU_E_NOEVENT : HU_OK;
	free(members);
	ev = ret ? NULL : hu_pmu_find_event(&cat->set.pmu[*pmu], spec.event);
	if (!ev)
		return hu_fail(e, HU_E_NOEVENT, "'%s' is not a counter of a pair", name);
	*idx = (unsigned int)(ev - cat->set.pmu[*pmu].events);
	return HU_OK;
}

unsigned int hu_cat_pair_metrics(struct hu_catalogue *cat, const char *c0, const char *c1,
				 char (*out)[HU_PAIR_TEXT_MAX], unsigned int max)
{
	unsigned int p0, p1, i0, i1, n = 0;
	char same[HU_PAIR_TEXT_MAX];
	const struct hu_pmu_metrics *pm;

	if (raw_event_of(cat, c0, &p0, &i0, NULL) || raw_event_of(cat, c1, &p1, &i1, NULL) ||
	    p0 != p1 || !hu_name_with_event(c1, cat->set.pmu[p0].events[i0].name, same, sizeof(same)) ||
	    strcmp(same, c0) != 0)
		return 0;	/* not two halves written alike */
	if (!hu_cat_loaded_pmu(cat, p0))
		return 0;
	pm = &cat->metrics[p0];
	for (unsigned int i = 0; i < pm->n && n < max; i++)
		if (pm->m[i].num == i0 && pm->m[i].den == i1 &&
		    hu_name_with_event(c0, pm->m[i].name, out[n], sizeof(out[n])))
			n++;
	return n;
}

/*
 * A name that is not an event: if a metric lost to an unusable half or to
 * an unusable hw_clk_freq, say which.
 */
static int lost_metric(const struct hu_pmu *pmu, const char *name, struct hu_err *e)
{
	const struct hu_event *half = hu_metric_lost_half(pmu, name);

	if (!half && hu_metric_lost_clock(pmu, name))
		return hu_fail(e, HU_E_NOEVENT, "metric '%s' of '%s' needs hw_clk_freq, which is "
			       "unusable: %s", name, pmu->name, pmu->clock_why);
	if (!half)
		return HU_E_NOEVENT;	/* @e has the resolver's "no event" */
	return hu_fail(e, HU_E_NOEVENT, "metric '%s' of '%s' is unusable: its event '%s' is: %s",
		       name, pmu->name, half->name, half->reason ? half->reason : "unusable");
}

/* Parse-free core: @spec to a native; *entry gets the entry index or -1. */
int hu_cat_spec_to_native(struct hu_catalogue *cat, const struct hu_spec *named,
			  struct hu_native *n, int *entry, struct hu_err *e)
{
	const struct hu_spec *spec;
	struct hu_spec picked;
	struct hu_pmu *pmu;
	const struct hu_metric *m;
	struct hu_resolved r;
	unsigned int idx;
	int ret;

	memset(n, 0, sizeof(*n));
	n->counted = -1;
	*entry = -1;
	/* a device name (hisi_pcie::, hns3_pmu::) counts on the instance covering the device */
	ret = hu_device_pick(&cat->set, named, &picked, e);
	if (ret)
		return ret;
	spec = &picked;
	pmu = hu_pmu_find(&cat->set, spec->pmu);
	if (pmu && hu_cat_loaded_pmu(cat, pmu_index(cat, pmu)) &&
	    (m = find_metric(cat, pmu_index(cat, pmu), spec->event, &idx)) != NULL) {
		n->pmu = pmu_index(cat, pmu);
		*entry = (int)idx;
		return metric_native(cat, spec, n->pmu, m, n, e);
	}
	ret = hu_resolve_spec(&cat->set, spec, &r, e);
	if (ret == HU_E_NOEVENT && pmu && !hu_pmu_find_event(pmu, spec->event))
		return lost_metric(pmu, spec->event, e);
	if (ret)
		return ret;
	n->pmu = pmu_index(cat, r.pmu);
	n->nattr = 1;
	n->unit = r.ev ? hu_meaning_unit(r.pmu, r.ev) : "";
	native_from_resolved(n, 0, &r);
	if (r.ev)
		n->counted = (int)(r.ev - r.pmu->events);
	if (spec->event[0] && r.ev)
		*entry = n->counted;
	return HU_OK;
}

bool hu_cat_name_resolves(void *ctx, const char *name, uint64_t config[HU_CONFIG_WORDS])
{
	struct hu_native n;
	struct hu_spec spec;
	int entry;

	if (hu_spec_parse(name, &spec, NULL) != HU_OK ||
	    hu_cat_spec_to_native(ctx, &spec, &n, &entry, NULL) != HU_OK)
		return false;
	memcpy(config, n.attr[0].config, sizeof(n.attr[0].config));
	return true;
}

/* ---- qualified names: each resolved once, found again by hash ---------- */

static const char *instance_name(const void *ctx, unsigned int i)
{
	return ((const struct hu_catalogue *)ctx)->inst[i].name;
}

static int grow_instances(struct hu_catalogue *cat, struct hu_err *e)
{
	struct hu_instance *in;
	unsigned int cap;

	if (cat->ninst < cat->inst_cap)
		return HU_OK;
	cap = cat->inst_cap ? cat->inst_cap * 2 : 16;
	in = cap <= HU_CODE_INSTANCE ? realloc(cat->inst, cap * sizeof(*in)) : NULL;
	if (!in)
		return hu_fail(e, HU_E_NOMEM, "out of memory for event names (%u qualified names "
			       "resolved)", cat->ninst);
	cat->inst = in;
	cat->inst_cap = cap;
	return HU_OK;
}

/* A qualified name counting on @n[0 .. count-1]. */
int hu_cat_add_instance(struct hu_catalogue *cat, const char *name,
			const struct hu_native *n, unsigned int count, int *code, struct hu_err *e)
{
	struct hu_instance *in;
	int ret = grow_instances(cat, e);

	if (ret)
		return ret;
	if (hu_name_index_grow(&cat->inst_index, cat->ninst + 1, instance_name, cat))
		return hu_fail(e, HU_E_NOMEM, "out of memory for event names");
	in = &cat->inst[cat->ninst];
	in->name = strdup(name);
	in->nmore = count - 1;
	in->more = in->nmore ? malloc(in->nmore * sizeof(*in->more)) : NULL;
	if (!in->name || (in->nmore && !in->more)) {
		free(in->name);
		free(in->more);
		return hu_fail(e, HU_E_NOMEM, "out of memory for event names");
	}
	in->native = n[0];
	if (in->nmore)
		memcpy(in->more, n + 1, in->nmore * sizeof(*in->more));
	*hu_name_index_slot(&cat->inst_index, name, instance_name, cat) = cat->ninst + 1;
	*code = (int)(HU_CODE_INSTANCE | cat->ninst++);
	return HU_OK;
}

static int name_to_code_locked(struct hu_catalogue *cat, const char *name,
			       int *code, struct hu_err *e)
{
	struct hu_native n;
	const char *key = strip_prefix(name);
	struct hu_spec spec;
	int entry, ret, known;

	known = hu_name_index_find(&cat->inst_index, key, instance_name, cat);
	if (known >= 0) {
		*code = (int)(HU_CODE_INSTANCE | (unsigned int)known);
		return HU_OK;
	}
	/* the name as given: the grammar allows one prefix, not one per strip */
	ret = hu_spec_parse(name, &spec, e);
	if (!ret && hu_agg_listed_code(cat, &spec, code))
		return HU_OK;
	if (!ret && hu_pmu_name_is_pattern(spec.pmu))
		return hu_agg_to_code(cat, key, &spec, code, e);
	if (!ret)
		ret = hu_cat_spec_to_native(cat, &spec, &n, &entry, e);
	if (ret)
		return ret;
	if (spec.terms.n == 0 && entry >= 0 && (unsigned int)entry < HU_CODE_EVENT_MAX) {
		*code = hu_code_make(n.pmu, (unsigned int)entry, 0);
		return HU_OK;
	}
	return hu_cat_add_instance(cat, key, &n, 1, code, e);
}

int hu_cat_name_to_code(struct hu_catalogue *cat, const char *name, int *code,
			struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = name_to_code_locked(cat, name, code, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

int hu_cat_native_locked(struct hu_catalogue *cat, int code, struct hu_native *n,
			 struct hu_err *e)
{
	struct hu_spec spec;
	struct hu_code d;
	int entry;

	hu_code_decode(code, &d);
	if (d.kind == HU_CODE_INST) {
		if (d.inst >= cat->ninst)
			return hu_code_refuse(code, e);
		*n = cat->inst[d.inst].native;
		return HU_OK;
	}
	if (hu_cat_listed_aggregate(cat, d.pmu)) {
		if (d.kind == HU_CODE_QUALIFIER)
			return hu_code_refuse(code, e);
		d.pmu = hu_cat_listing_pmu(cat, d.pmu);	/* the first member; the others: members */
	}
	if (!hu_cat_entry_alias(cat, d.pmu, d.ev))
		return hu_code_refuse(code, e);
	if (d.kind == HU_CODE_QUALIFIER) {
		/* a qualifier code added as such (papi_event_chooser): the name it lists */
		char name[2 * HU_NAME_MAX + HU_QUALIFIER_TEXT_MAX + 4];
		const struct hu_listed_qualifier *q = hu_cat_entry_qualifier(cat, d.pmu, d.ev, d.qual - 1);
		int ret;

		if (!q)
			return hu_code_refuse(code, e);
		snprintf(name, sizeof(name), "%s::%s:%s", cat->set.pmu[d.pmu].name,
			 hu_cat_entry_name(cat, d.pmu, d.ev), q->text);
		ret = hu_spec_parse(name, &spec, e);
		return ret ? ret : hu_cat_spec_to_native(cat, &spec, n, &entry, e);
	}
	memset(&spec, 0, sizeof(spec));
	hu_copy(spec.pmu, sizeof(spec.pmu), cat->set.pmu[d.pmu].name);
	hu_copy(spec.event, sizeof(spec.event), hu_cat_entry_name(cat, d.pmu, d.ev));
	return hu_cat_spec_to_native(cat, &spec, n, &entry, e);
}

int hu_cat_code_to_native(struct hu_catalogue *cat, int code,
			  struct hu_native *n, struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = hu_cat_native_locked(cat, code, n, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

int hu_cat_code_to_members(struct hu_catalogue *cat, int code, struct hu_native **members,
			   unsigned int *n, struct hu_err *e)
{
	const struct hu_instance *in = NULL;
	struct hu_code d;
	int ret;

	*members = NULL;
	*n = 0;
	pthread_mutex_lock(&cat->lock);
	hu_code_decode(code, &d);
	if (d.kind == HU_CODE_BASE && hu_cat_listed_aggregate(cat, d.pmu)) {
		ret = hu_agg_listed_members(cat, &d, members, n, e);
		pthread_mutex_unlock(&cat->lock);
		return ret;
	}
	if (d.kind == HU_CODE_INST && d.inst < cat->ninst)
		in = &cat->inst[d.inst];
	*members = malloc((in ? 1 + in->nmore : 1) * sizeof(**members));
	if (!*members)
		ret = hu_fail(e, HU_E_NOMEM, "out of memory");
	else
		ret = hu_cat_native_locked(cat, code, *members, e);
	if (!ret && in && in->nmore)
		memcpy(*members + 1, in->more, in->nmore * sizeof(**members));
	if (!ret)
		*n = in ? 1 + in->nmore : 1;
	pthread_mutex_unlock(&cat->lock);
	if (ret) {
		free(*members);
		*members = NULL;
	}
	return ret;
}

unsigned int hu_cat_native_requests(struct hu_catalogue *cat, const struct hu_native *n,
				    unsigned int bundle, struct hu_request *req)
{
	const struct hu_pmu *pmu = &cat->set.pmu[n->pmu];

	for (unsigned int i = 0; i < n->nattr; i++) {
		req[i].attr = n->attr[i];
		hu_rules_slot(pmu, &n->attr[i], &req[i].slot);
		req[i].bundle = bundle;
		req[i].cpu = pmu->cpu;
		req[i].pmu_name = pmu->name;
	}
	return n->nattr;
}

/* Whether an earlier request than @i is on the same PMU (already refreshed). */
static bool seen_pmu(const struct hu_request *req, unsigned int i)
{
	for (unsigned int j = 0; j < i; j++)
		if (req[j].pmu_name == req[i].pmu_name)
			return true;
	return false;
}

static int refresh_pmu(struct hu_catalogue *cat, struct hu_request *req, unsigned int n,
		       unsigned int i, struct hu_err *e)
{
	const struct hu_pmu *pmu = hu_pmu_find(&cat->set, req[i].pmu_name);
	uint32_t type;
	int cpu, ret;

	if (!pmu)
		return hu_fail(e, HU_E_NOPMU, "%s: not in the catalogue", req[i].pmu_name);
	ret = hu_pmu_read_live(&cat->set, pmu, &type, &cpu, e);
	if (ret)
		return ret;
	if (type != pmu->type)
		return hu_fail(e, HU_E_NOPMU,
			       "%s was registered again since PAPI_library_init (perf type %u, now %u): "
			       "its driver was reloaded, and the names resolved before may now mean "
			       "other counters: call PAPI_shutdown() and PAPI_library_init() again",
			       pmu->name, pmu->type, type);
	for (unsigned int j = i; j < n; j++)
		if (req[j].pmu_name == req[i].pmu_name)
			req[j].cpu = cpu;
	return HU_OK;
}

int hu_cat_refresh_requests(struct hu_catalogue *cat, struct hu_request *req,
			    unsigned int n, struct hu_err *e)
{
	for (unsigned int i = 0; i < n; i++) {
		int ret = seen_pmu(req, i) ? HU_OK : refresh_pmu(cat, req, n, i, e);

		if (ret)
			return ret;
	}
	return HU_OK;
}

