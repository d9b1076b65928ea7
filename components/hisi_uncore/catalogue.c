// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue.c - native events, their codes, names and descriptions
 * (see catalogue.h for the code layout).
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include "catalogue.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_name.h"
#include "hisi_meaning.h"
#include "name_index.h"
#include "catalogue_internal.h"
#include "qualifier_list.h"
#include "hu_text.h"
#include "pmu_family.h"

#define CODE_INSTANCE (1 << 30)
#define CODE_PMU_SHIFT 20
#define CODE_EVENT_SHIFT 8
#define CODE_PMU_MAX (1u << 10)
#define CODE_EVENT_MAX (1u << 12)
#define CODE_QUAL_MAX 0xffu

/* pmu_sysfs keeps no more than the codes can number (a metric per event at most) */
_Static_assert(HU_MAX_PMUS <= CODE_PMU_MAX, "PMU index overflows its code bits");
_Static_assert(2 * HU_MAX_EVENTS_PER_PMU <= CODE_EVENT_MAX, "entry index overflows its code bits");

enum code_kind { CODE_BASE, CODE_QUALIFIER, CODE_INST };

struct decoded {
	enum code_kind kind;
	unsigned int pmu, ev, qual, inst;
};

static int make_code(unsigned int pmu, unsigned int ev, unsigned int qual)
{
	return (int)(pmu << CODE_PMU_SHIFT | ev << CODE_EVENT_SHIFT | qual);
}

static void decode(int code, struct decoded *d)
{
	unsigned int c = (unsigned int)code;

	memset(d, 0, sizeof(*d));
	if (c & CODE_INSTANCE) {
		d->kind = CODE_INST;
		d->inst = c & ~(unsigned int)CODE_INSTANCE;
		return;
	}
	d->pmu = c >> CODE_PMU_SHIFT;
	d->ev = c >> CODE_EVENT_SHIFT & (CODE_EVENT_MAX - 1);
	d->qual = c & CODE_QUAL_MAX;
	d->kind = d->qual ? CODE_QUALIFIER : CODE_BASE;
}

/* ---- aggregates enumeration lists: code PMU index set.n + k ------------- */

/* Listed aggregate of code PMU index @pmu, or NULL for a PMU's own entries. */
static const struct hu_listed_aggregate *listed_aggregate(const struct hu_catalogue *cat,
							   unsigned int pmu)
{
	return pmu >= cat->set.n && pmu - cat->set.n < cat->nagg ? &cat->agg[pmu - cat->set.n]
								 : NULL;
}

/* The PMU whose entries code PMU index @pmu lists: itself, or an aggregate's first instance. */
static unsigned int listing_pmu(const struct hu_catalogue *cat, unsigned int pmu)
{
	const struct hu_listed_aggregate *a = listed_aggregate(cat, pmu);

	return a ? a->first : pmu;
}

/* One aggregate per family with instances, if the code bits have room after the PMUs. */
static void find_listed_aggregates(struct hu_catalogue *cat)
{
	for (unsigned int f = 0; f < hu_family_count() && cat->nagg < HU_MAX_LISTED_AGGREGATES; f++) {
		const struct hu_family_desc *family = hu_family_at(f);
		struct hu_listed_aggregate *a = &cat->agg[cat->nagg];

		if (cat->set.n + cat->nagg + 1 > CODE_PMU_MAX)
			return;
		memset(a, 0, sizeof(*a));
		for (unsigned int i = 0; i < cat->set.n; i++) {
			if (cat->set.pmu[i].family != family)
				continue;
			if (a->members++ == 0)
				a->first = i;
		}
		a->pattern = family->pattern;
		/* with an instance skipped the aggregate is refused: not listed either */
		if (a->members && a->pattern && !hu_pmu_skipped_matching(&cat->set, a->pattern))
			cat->nagg++;
	}
}

/* ---- PMUs and events under the lock ------------------------------------ */

/* @pmu's details and metrics, loaded on first touch. */
struct hu_pmu *hu_cat_loaded_pmu(struct hu_catalogue *cat, unsigned int i)
{
	struct hu_pmu_metrics *pm;
	struct hu_pmu *pmu;

	if (i >= cat->set.n)
		return NULL;
	pmu = &cat->set.pmu[i];
	pm = &cat->metrics[i];
	if (hu_pmu_load_details(&cat->set, pmu, NULL))
		return NULL;
	if (!pm->built && hu_metrics_build(pmu, &pm->m, &pm->n) == HU_OK)
		pm->built = true;
	return pmu;
}

/*
 * Entries of a PMU: its events (0 .. nevents-1), then its metrics.  The
 * alias of an entry is the event itself, or a metric's counter 0, whose
 * qualifiers the metric takes.
 */
unsigned int hu_cat_entry_count(const struct hu_catalogue *cat, unsigned int pmu)
{
	return cat->set.pmu[pmu].nevents + cat->metrics[pmu].n;
}

const struct hu_metric *hu_cat_entry_metric(const struct hu_catalogue *cat,
					    unsigned int pmu, unsigned int idx)
{
	unsigned int nev = cat->set.pmu[pmu].nevents;

	return idx >= nev && idx - nev < cat->metrics[pmu].n ? &cat->metrics[pmu].m[idx - nev] : NULL;
}

const struct hu_event *hu_cat_entry_alias(struct hu_catalogue *cat, unsigned int pmu,
					  unsigned int idx)
{
	struct hu_pmu *p = hu_cat_loaded_pmu(cat, pmu);
	const struct hu_metric *m;

	if (!p)
		return NULL;
	if (idx < p->nevents)
		return p->events[idx].usable ? &p->events[idx] : NULL;
	m = hu_cat_entry_metric(cat, pmu, idx);
	return m ? &p->events[m->num] : NULL;
}

const char *hu_cat_entry_name(const struct hu_catalogue *cat, unsigned int pmu,
			      unsigned int idx)
{
	const struct hu_metric *m = hu_cat_entry_metric(cat, pmu, idx);

	return m ? m->name : cat->set.pmu[pmu].events[idx].name;
}

/* First usable event at or after (pmu, ev), as a base code. */
static int first_event_from(struct hu_catalogue *cat, unsigned int pmu,
			    unsigned int ev, int *code)
{
	for (; pmu < cat->set.n + cat->nagg && pmu < CODE_PMU_MAX; pmu++, ev = 0) {
		unsigned int p = listing_pmu(cat, pmu);

		if (!hu_cat_loaded_pmu(cat, p))
			continue;
		for (; ev < hu_cat_entry_count(cat, p) && ev < CODE_EVENT_MAX; ev++) {
			if (hu_cat_entry_alias(cat, p, ev)) {
				*code = make_code(pmu, ev, 0);
				return HU_OK;
			}
		}
	}
	return HU_E_NOEVENT;
}

/* ---- lifetime ----------------------------------------------------------- */

int hu_cat_init(struct hu_catalogue *cat, const char *sysfs_root,
		const char *extra, struct hu_err *e)
{
	int ret;

	memset(cat, 0, sizeof(*cat));
	ret = hu_pmu_scan(&cat->set, sysfs_root, extra, e);
	if (ret)
		return ret;
	cat->metrics = calloc(cat->set.n + 1, sizeof(*cat->metrics));
	cat->listing = calloc(cat->set.n + 1, sizeof(*cat->listing));
	if (!cat->metrics || !cat->listing) {
		free(cat->metrics);
		free(cat->listing);
		hu_pmu_set_free(&cat->set);
		return hu_fail(e, HU_E_NOMEM, "out of memory for the event catalogue");
	}
	find_listed_aggregates(cat);
	pthread_mutex_init(&cat->lock, NULL);
	return HU_OK;
}

void hu_cat_free(struct hu_catalogue *cat)
{
	hu_qual_free(cat);
	for (unsigned int i = 0; i < cat->ninst; i++) {
		free(cat->inst[i].name);
		free(cat->inst[i].more);
	}
	for (unsigned int i = 0; i < cat->set.n; i++)
		free(cat->metrics[i].m);
	free(cat->metrics);
	free(cat->inst);
	hu_name_index_free(&cat->inst_index);
	hu_pmu_set_free(&cat->set);
	pthread_mutex_destroy(&cat->lock);
	memset(cat, 0, sizeof(*cat));
}

/* Entries of a PMU whose details are not loaded: from the names alone. */
static unsigned int count_by_names(struct hu_catalogue *cat, unsigned int i)
{
	char (*names)[HU_NAME_MAX];
	unsigned int n, total;

	if (hu_pmu_list_events(&cat->set, &cat->set.pmu[i], &names, &n, NULL))
		return 0;
	total = n + hu_metrics_count(&cat->set.pmu[i], names, n);
	free(names);
	return total;
}

unsigned int hu_cat_count_events(struct hu_catalogue *cat)
{
	unsigned int n = 0;

	pthread_mutex_lock(&cat->lock);
	for (unsigned int k = 0; k < cat->set.n + cat->nagg; k++) {
		unsigned int i = listing_pmu(cat, k);

		if (!cat->set.pmu[i].details_loaded) {
			n += count_by_names(cat, i);
			continue;
		}
		for (unsigned int j = 0; j < hu_cat_entry_count(cat, i); j++)
			n += hu_cat_entry_alias(cat, i, j) != NULL;
	}
	pthread_mutex_unlock(&cat->lock);
	return n;
}

/* ---- enumeration -------------------------------------------------------- */

int hu_cat_enum_first(struct hu_catalogue *cat, int *code)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = first_event_from(cat, 0, 0, code);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

int hu_cat_enum_next_event(struct hu_catalogue *cat, int *code)
{
	struct decoded d;
	int ret;

	decode(*code, &d);
	if (d.kind == CODE_INST)
		return HU_E_NOEVENT;
	pthread_mutex_lock(&cat->lock);
	ret = first_event_from(cat, d.pmu, d.ev + 1, code);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

int hu_cat_enum_next_qualifier(struct hu_catalogue *cat, int *code)
{
	const struct hu_event *ev;
	struct decoded d;
	int ret = HU_E_NOEVENT;

	decode(*code, &d);
	/* an aggregate takes its instances' qualifiers but bdf; its description says so */
	if (d.kind == CODE_INST || d.qual >= CODE_QUAL_MAX || listed_aggregate(cat, d.pmu))
		return HU_E_NOEVENT;
	pthread_mutex_lock(&cat->lock);
	ev = hu_cat_entry_alias(cat, d.pmu, d.ev);
	if (ev && hu_qual_listed(cat, d.pmu, d.ev, d.qual)) {
		*code = make_code(d.pmu, d.ev, d.qual + 1);
		ret = HU_OK;
	}
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

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
	in = cap <= CODE_INSTANCE ? realloc(cat->inst, cap * sizeof(*in)) : NULL;
	if (!in)
		return hu_fail(e, HU_E_NOMEM, "out of memory for event names (%u qualified names "
			       "resolved)", cat->ninst);
	cat->inst = in;
	cat->inst_cap = cap;
	return HU_OK;
}

/* A qualified name counting on @n[0 .. count-1]. */
static int add_instance(struct hu_catalogue *cat, const char *name,
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
	*code = (int)(CODE_INSTANCE | cat->ninst++);
	return HU_OK;
}

/* ---- aggregates: one name over every PMU instance a pattern matches ---------- */

static bool has_term(const struct hu_spec *spec, const char *name)
{
	for (unsigned int i = 0; i < spec->terms.n; i++)
		if (strcmp(spec->terms.term[i].name, name) == 0)
			return true;
	return false;
}

/*
 * The PMUs @spec's pattern matches are of one family, the first into
 * *matched (if not NULL); HU_E_NOPMU if none, or if it matches a PMU the
 * scan skipped: the sum of the others would pass for the whole.
 */
/*
 * An aggregate over a skipped instance is refused; say how to count the
 * others.  PAPI gives a name to the component that lists its PMU part, so
 * an instance or a pattern the listing lacks needs the component prefix.
 */
static int refuse_skipped_match(const struct hu_catalogue *cat, const struct hu_spec *spec,
				const struct hu_skipped_pmu *skipped, struct hu_err *e)
{
	const struct hu_pmu *usable = NULL;

	for (unsigned int i = 0; i < cat->set.n && !usable; i++)
		if (fnmatch(spec->pmu, cat->set.pmu[i].name, 0) == 0)
			usable = &cat->set.pmu[i];
	if (!usable)
		return hu_fail(e, HU_E_NOPMU, "%s::%s: matches %s, which is unusable (%s), and no "
			       "usable instance", spec->pmu, spec->event, skipped->name,
			       skipped->reason);
	return hu_fail(e, HU_E_NOPMU, "%s::%s: matches %s, which is unusable (%s): the sum "
		       "would leave it out; count the others by name or by a pattern that "
		       "excludes it, with the component prefix (e.g. %s%s::%s)", spec->pmu,
		       spec->event, skipped->name, skipped->reason, HU_COMPONENT_PREFIX,
		       usable->name, spec->event);
}

static int check_matches(const struct hu_catalogue *cat, const struct hu_spec *spec,
			 const struct hu_pmu **matched, struct hu_err *e)
{
	const struct hu_skipped_pmu *skipped = hu_pmu_skipped_matching(&cat->set, spec->pmu);
	const struct hu_pmu *first = NULL;

	if (skipped)
		return refuse_skipped_match(cat, spec, skipped, e);

	for (unsigned int i = 0; i < cat->set.n; i++) {
		const struct hu_pmu *p = &cat->set.pmu[i];

		if (fnmatch(spec->pmu, p->name, 0) != 0)
			continue;
		if (first && p->family != first->family)
			return hu_fail(e, HU_E_SYNTAX, "'%s' matches PMUs of two families (%s, %s): "
				       "an aggregate sums one family", spec->pmu, first->name, p->name);
		first = first ? first : p;
	}
	if (!first)
		return hu_fail(e, HU_E_NOPMU, "no PMU matches '%s' under %s", spec->pmu,
			       cat->set.devices_path);
	if (matched)
		*matched = first;
	return HU_OK;
}

/* What @spec counts on each PMU its pattern matches, into @out (set.n entries). */
static int match_instances(struct hu_catalogue *cat, const struct hu_spec *spec,
			   struct hu_native *out, unsigned int *n, struct hu_err *e)
{
	int ret = check_matches(cat, spec, NULL, e);

	*n = 0;
	for (unsigned int i = 0; !ret && i < cat->set.n; i++) {
		struct hu_spec one = *spec;
		int entry;

		if (fnmatch(spec->pmu, cat->set.pmu[i].name, 0) != 0)
			continue;
		hu_copy(one.pmu, sizeof(one.pmu), cat->set.pmu[i].name);
		ret = hu_cat_spec_to_native(cat, &one, &out[(*n)++], &entry, e);
		if (ret)
			hu_err_prefix(e, "%s::%s matches %s", spec->pmu, spec->event,
				      cat->set.pmu[i].name);
	}
	return ret;
}

/* match_instances() into a malloc'd *members (free() it); nothing on failure. */
static int members_of(struct hu_catalogue *cat, const struct hu_spec *spec,
		      struct hu_native **members, unsigned int *n, struct hu_err *e)
{
	int ret;

	*n = 0;
	*members = malloc((cat->set.n ? cat->set.n : 1) * sizeof(**members));
	if (!*members)
		return hu_fail(e, HU_E_NOMEM, "out of memory for an aggregate of %u PMUs", cat->set.n);
	ret = match_instances(cat, spec, *members, n, e);
	if (ret) {
		free(*members);
		*members = NULL;
		*n = 0;
	}
	return ret;
}

/* A bdf in an aggregate: the device name of the family it sums counts that device. */
static int refuse_bdf(const struct hu_spec *spec, const struct hu_pmu *member, struct hu_err *e)
{
	const char *device_name = member->family ? member->family->device_name : NULL;

	if (!device_name)
		return hu_fail(e, HU_E_FILTER, "%s::%s: a bdf names one device, on one instance: "
			       "name the instance", spec->pmu, spec->event);
	return hu_fail(e, HU_E_FILTER, "%s::%s: a bdf names one device, on one instance: write "
		       "%s::%s:bdf=... instead", spec->pmu, spec->event, device_name, spec->event);
}

static int aggregate_to_code(struct hu_catalogue *cat, const char *key, const struct hu_spec *spec,
			     int *code, struct hu_err *e)
{
	const struct hu_pmu *member;
	struct hu_native *members;
	unsigned int n;
	int ret = check_matches(cat, spec, &member, e);

	if (ret)
		return ret;
	if (has_term(spec, "bdf"))
		return refuse_bdf(spec, member, e);
	ret = members_of(cat, spec, &members, &n, e);
	if (ret)
		return ret;
	ret = add_instance(cat, key, members, n, code, e);
	free(members);
	return ret;
}

/*
 * The listed code of "PATTERN::ENTRY" when PATTERN is a listed aggregate's
 * and ENTRY one of its first instance's, with no qualifiers: the name and
 * its listing give one code both ways.
 */
static bool listed_aggregate_code(struct hu_catalogue *cat, const struct hu_spec *spec, int *code)
{
	for (unsigned int k = 0; k < cat->nagg; k++) {
		struct hu_spec one = *spec;
		struct hu_native n;
		int entry;

		if (spec->terms.n || strcmp(spec->pmu, cat->agg[k].pattern) != 0)
			continue;
		hu_copy(one.pmu, sizeof(one.pmu), cat->set.pmu[cat->agg[k].first].name);
		if (hu_cat_spec_to_native(cat, &one, &n, &entry, NULL) != HU_OK || entry < 0 ||
		    (unsigned int)entry >= CODE_EVENT_MAX)
			return false;
		*code = make_code(cat->set.n + k, (unsigned int)entry, 0);
		return true;
	}
	return false;
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
		*code = (int)(CODE_INSTANCE | (unsigned int)known);
		return HU_OK;
	}
	/* the name as given: the grammar allows one prefix, not one per strip */
	ret = hu_spec_parse(name, &spec, e);
	if (!ret && listed_aggregate_code(cat, &spec, code))
		return HU_OK;
	if (!ret && hu_pmu_name_is_pattern(spec.pmu))
		return aggregate_to_code(cat, key, &spec, code, e);
	if (!ret)
		ret = hu_cat_spec_to_native(cat, &spec, &n, &entry, e);
	if (ret)
		return ret;
	if (spec.terms.n == 0 && entry >= 0 && (unsigned int)entry < CODE_EVENT_MAX) {
		*code = make_code(n.pmu, (unsigned int)entry, 0);
		return HU_OK;
	}
	return add_instance(cat, key, &n, 1, code, e);
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

static int bad_code(int code, struct hu_err *e)
{
	return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has code 0x%x", (unsigned int)code);
}

static int native_locked(struct hu_catalogue *cat, int code, struct hu_native *n,
			 struct hu_err *e)
{
	struct hu_spec spec;
	struct decoded d;
	int entry;

	decode(code, &d);
	if (d.kind == CODE_INST) {
		if (d.inst >= cat->ninst)
			return bad_code(code, e);
		*n = cat->inst[d.inst].native;
		return HU_OK;
	}
	if (listed_aggregate(cat, d.pmu)) {
		if (d.kind == CODE_QUALIFIER)
			return bad_code(code, e);
		d.pmu = listing_pmu(cat, d.pmu);	/* the first member; the others: members */
	}
	if (!hu_cat_entry_alias(cat, d.pmu, d.ev))
		return bad_code(code, e);
	if (d.kind == CODE_QUALIFIER) {
		/* a qualifier code added as such (papi_event_chooser): the name it lists */
		char name[2 * HU_NAME_MAX + HU_QUALIFIER_TEXT_MAX + 4];
		const struct hu_listed_qualifier *q = hu_qual_listed(cat, d.pmu, d.ev, d.qual - 1);
		int ret;

		if (!q)
			return bad_code(code, e);
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
	ret = native_locked(cat, code, n, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

/* Every instance a listed aggregate's code counts on, as its name would. */
static int listed_members(struct hu_catalogue *cat, const struct decoded *d,
			  struct hu_native **members, unsigned int *n, struct hu_err *e)
{
	const struct hu_listed_aggregate *a = listed_aggregate(cat, d->pmu);
	struct hu_spec spec;

	if (!hu_cat_entry_alias(cat, a->first, d->ev))
		return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has this code");
	memset(&spec, 0, sizeof(spec));
	hu_copy(spec.pmu, sizeof(spec.pmu), a->pattern);
	hu_copy(spec.event, sizeof(spec.event), hu_cat_entry_name(cat, a->first, d->ev));
	return members_of(cat, &spec, members, n, e);
}

int hu_cat_code_to_members(struct hu_catalogue *cat, int code, struct hu_native **members,
			   unsigned int *n, struct hu_err *e)
{
	const struct hu_instance *in = NULL;
	struct decoded d;
	int ret;

	*members = NULL;
	*n = 0;
	pthread_mutex_lock(&cat->lock);
	decode(code, &d);
	if (d.kind == CODE_BASE && listed_aggregate(cat, d.pmu)) {
		ret = listed_members(cat, &d, members, n, e);
		pthread_mutex_unlock(&cat->lock);
		return ret;
	}
	if (d.kind == CODE_INST && d.inst < cat->ninst)
		in = &cat->inst[d.inst];
	*members = malloc((in ? 1 + in->nmore : 1) * sizeof(**members));
	if (!*members)
		ret = hu_fail(e, HU_E_NOMEM, "out of memory");
	else
		ret = native_locked(cat, code, *members, e);
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

/* ---- names ------------------------------------------------------------------ */

/* Fill @buf with the name of base or qualifier code @d. */
static int format_name(struct hu_catalogue *cat, const struct decoded *d,
		       char *buf, size_t len, struct hu_err *e)
{
	const struct hu_listed_aggregate *a = listed_aggregate(cat, d->pmu);
	const struct hu_event *alias = hu_cat_entry_alias(cat, listing_pmu(cat, d->pmu), d->ev);
	const struct hu_listed_qualifier *q = NULL;
	int n;

	if (!alias || (a && d->kind == CODE_QUALIFIER))
		return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has this code");
	if (a) {
		n = snprintf(buf, len, "%s::%s", a->pattern, hu_cat_entry_name(cat, a->first, d->ev));
		if (n < 0 || (size_t)n >= len)
			return hu_fail(e, HU_E_VALUE, "name buffer of %zu bytes is too small", len);
		return HU_OK;
	}
	if (d->kind == CODE_QUALIFIER) {
		q = hu_qual_listed(cat, d->pmu, d->ev, d->qual - 1);
		if (!q)
			return hu_fail(e, HU_E_NOEVENT, "no such qualifier");
	}
	n = q ? snprintf(buf, len, "%s::%s:%s", cat->set.pmu[d->pmu].name,
			 hu_cat_entry_name(cat, d->pmu, d->ev), q->text)
	      : snprintf(buf, len, "%s::%s", cat->set.pmu[d->pmu].name,
			 hu_cat_entry_name(cat, d->pmu, d->ev));
	if (n < 0 || (size_t)n >= len)
		return hu_fail(e, HU_E_VALUE, "name buffer of %zu bytes is too small", len);
	return HU_OK;
}

static int code_to_name_locked(struct hu_catalogue *cat, int code, char *buf,
			       size_t len, struct hu_err *e)
{
	struct decoded d;

	decode(code, &d);
	if (d.kind != CODE_INST)
		return format_name(cat, &d, buf, len, e);
	if (d.inst >= cat->ninst)
		return bad_code(code, e);
	if (!hu_copy(buf, len, cat->inst[d.inst].name))
		return hu_fail(e, HU_E_VALUE, "name buffer of %zu bytes is too small", len);
	return HU_OK;
}

int hu_cat_code_to_name(struct hu_catalogue *cat, int code, char *buf,
			size_t len, struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = code_to_name_locked(cat, code, buf, len, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

/* ---- descriptions ------------------------------------------------------------- */

static void describe_metric(const struct hu_pmu *pmu, const struct hu_metric *m,
			    struct hu_event_info *info)
{
	const struct hu_metric_def *d = m->def;

	snprintf(info->long_descr, sizeof(info->long_descr),
		 "%s %s from the pair %s / %s, in %s: %s", hip09_kind_name(d->kind),
		 d->combine == HU_COMBINE_RATIO ? "ratio" : "rate",
		 pmu->events[m->num].name, pmu->events[m->den].name, d->unit, d->formula);
	if (pmu->has_hw_clk_freq && pmu->family->needs_hw_clk_freq)
		hu_appendf(info->long_descr, sizeof(info->long_descr), " (hw_clk_freq %llu)",
		       (unsigned long long)pmu->hw_clk_freq);
	hu_appendf(info->long_descr, sizeof(info->long_descr),
	       ". Assumes %s. Since start or reset; a zero denominator gives NaN (n/a), not 0.",
	       d->assumption);
	hu_meaning_add_flux_content(pmu, &pmu->events[m->num], "Flux counts",
				    info->long_descr, sizeof(info->long_descr));
	hu_copy(info->units, sizeof(info->units), d->unit);
	info->is_metric = true;
}

static void fill_base_info(struct hu_catalogue *cat, const struct decoded *d,
			   struct hu_event_info *info)
{
	const struct hu_pmu *pmu = &cat->set.pmu[d->pmu];
	const struct hu_metric *m = hu_cat_entry_metric(cat, d->pmu, d->ev);

	if (m) {
		describe_metric(pmu, m, info);
	} else {
		const struct hu_event *ev = &pmu->events[d->ev];

		hu_meaning_describe_event(pmu, ev, info->long_descr, sizeof(info->long_descr));
		hu_copy(info->units, sizeof(info->units), hu_meaning_unit(pmu, ev));
	}
	hu_copy(info->short_descr, sizeof(info->short_descr), info->long_descr);
}

/* A qualified name: what it will open, with the mode and defaults chosen. */
static void describe_instance(const struct hu_catalogue *cat, const struct hu_instance *in,
			      struct hu_event_info *info)
{
	const struct hu_native *n = &in->native;
	char *buf = info->long_descr;
	size_t len = sizeof(info->long_descr);

	snprintf(buf, len, "%s on %s", in->name, cat->set.pmu[n->pmu].name);
	for (unsigned int i = 0; i < in->nmore; i++)
		hu_appendf(buf, len, "%s%s", i + 1 < in->nmore ? ", " : " and ",
			   cat->set.pmu[in->more[i].pmu].name);
	if (in->nmore)
		hu_appendf(buf, len, " (%s)", n->metric && n->metric->kind == HIP09_KIND_LATENCY ?
			   "the instances' sums of both counters, divided" :
			   n->metric ? "the sum of the instances' values" : "summed");
	hu_copy(info->units, sizeof(info->units), n->unit);
	if (n->metric) {
		hu_appendf(buf, len, ": %s %s", hip09_kind_name(n->metric->kind), n->metric->formula);
		info->is_metric = true;
	}
	if (n->counted >= 0)	/* payload only or not: the driver's, as for the plain name */
		hu_meaning_add_flux_content(&cat->set.pmu[n->pmu],
					    &cat->set.pmu[n->pmu].events[n->counted],
					    n->metric ? "Flux counts" : "Counts", buf, len);
	if (n->hns3_mode != HIP09_HNS3_MODE_NONE)
		hu_appendf(buf, len, "; filter mode %s", hip09_hns3_mode_name(n->hns3_mode));
	if (n->filters[0])
		hu_appendf(buf, len, "; filters %s", n->filters);
	if (n->defaults[0])
		hu_appendf(buf, len, " (defaults added: %s)", n->defaults);
	for (unsigned int i = 0; i < n->nattr; i++)
		hu_appendf(buf, len, "; opens type=%u config=0x%llx config1=0x%llx config2=0x%llx",
		       n->attr[i].type, (unsigned long long)n->attr[i].config[0],
		       (unsigned long long)n->attr[i].config[1],
		       (unsigned long long)n->attr[i].config[2]);
	hu_copy(info->short_descr, sizeof(info->short_descr), buf);
}

/* An aggregate as listed: how it combines its instances, then its first instance's text. */
static void describe_listed_aggregate(struct hu_catalogue *cat, const struct decoded *d,
				      struct hu_event_info *info)
{
	const struct hu_listed_aggregate *a = listed_aggregate(cat, d->pmu);
	struct decoded first = *d;
	const struct hu_metric *m;
	char text[HU_DESCR_MAX];

	first.pmu = a->first;
	fill_base_info(cat, &first, info);
	m = hu_cat_entry_metric(cat, a->first, d->ev);
	text[0] = '\0';
	hu_appendf(text, sizeof(text), "%s every %s instance (%u now: %s%s); qualifiers as on "
		   "each, but no bdf. ",
		   !m ? "Summed over" : m->def->kind == HIP09_KIND_LATENCY ?
		   "Both counters summed, then divided, over" : "The sum of the values of",
		   a->pattern, a->members, cat->set.pmu[a->first].name, a->members > 1 ? ", ..." : "");
	hu_appendf(text, sizeof(text), "%s", info->long_descr);
	hu_copy(info->long_descr, sizeof(info->long_descr), text);
	hu_copy(info->short_descr, sizeof(info->short_descr), text);
}

static int info_locked(struct hu_catalogue *cat, int code,
		       struct hu_event_info *info, struct hu_err *e)
{
	struct decoded d;
	int ret;

	memset(info, 0, sizeof(*info));
	ret = code_to_name_locked(cat, code, info->symbol, sizeof(info->symbol), e);
	if (ret)
		return ret;
	decode(code, &d);
	if (d.kind == CODE_INST) {
		describe_instance(cat, &cat->inst[d.inst], info);
		return HU_OK;
	}
	if (listed_aggregate(cat, d.pmu)) {
		describe_listed_aggregate(cat, &d, info);
		return HU_OK;
	}
	fill_base_info(cat, &d, info);
	if (d.kind == CODE_QUALIFIER) {
		char q[HU_DESCR_MAX / 2];

		hu_meaning_describe_format(&cat->set.pmu[d.pmu],
					   hu_qual_listed(cat, d.pmu, d.ev, d.qual - 1)->f,
					   q, sizeof(q));
		/* papi_native_avail shows the text after "masks:" as the qualifier's */
		hu_appendf(info->long_descr, sizeof(info->long_descr), ", masks:%s", q);
	}
	return HU_OK;
}

int hu_cat_code_to_info(struct hu_catalogue *cat, int code,
			struct hu_event_info *info, struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = info_locked(cat, code, info, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}
