// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue.c - the catalogue's codes and entries: the code layout (see
 * catalogue.h), each PMU's entries loaded on first touch, enumeration, and
 * the names of codes.  What a name opens: catalogue_resolve.c; names over
 * several instances: catalogue_aggregate.c; descriptions:
 * catalogue_describe.c.
 */
#include "catalogue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue_parts.h"
#include "hu_text.h"

#define CODE_PMU_SHIFT 20
#define CODE_EVENT_SHIFT 8

/* pmu_sysfs keeps no more than the codes can number (a metric per event at most) */
_Static_assert(HU_MAX_PMUS <= HU_CODE_PMU_MAX, "PMU index overflows its code bits");
_Static_assert(2 * HU_MAX_EVENTS_PER_PMU <= HU_CODE_EVENT_MAX, "entry index overflows its code bits");

/* ---- codes ----------------------------------------------------------------- */

int hu_code_make(unsigned int pmu, unsigned int ev, unsigned int qual)
{
	return (int)(pmu << CODE_PMU_SHIFT | ev << CODE_EVENT_SHIFT | qual);
}

void hu_code_decode(int code, struct hu_code *d)
{
	unsigned int c = (unsigned int)code;

	memset(d, 0, sizeof(*d));
	if (c & HU_CODE_INSTANCE) {
		d->kind = HU_CODE_INST;
		d->inst = c & ~(unsigned int)HU_CODE_INSTANCE;
		return;
	}
	d->pmu = c >> CODE_PMU_SHIFT;
	d->ev = c >> CODE_EVENT_SHIFT & (HU_CODE_EVENT_MAX - 1);
	d->qual = c & HU_CODE_QUAL_MAX;
	d->kind = d->qual ? HU_CODE_QUALIFIER : HU_CODE_BASE;
}


int hu_code_refuse(int code, struct hu_err *e)
{
	return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has code 0x%x", (unsigned int)code);
}


/* ---- aggregates enumeration lists: code PMU index set.n + k ------------- */

/* Listed aggregate of code PMU index @pmu, or NULL for a PMU's own entries. */
const struct hu_listed_aggregate *hu_cat_listed_aggregate(const struct hu_catalogue *cat,
							  unsigned int pmu)
{
	return pmu >= cat->set.n && pmu - cat->set.n < cat->nagg ? &cat->agg[pmu - cat->set.n]
								 : NULL;
}

/* The PMU whose entries code PMU index @pmu lists: itself, or an aggregate's first instance. */
unsigned int hu_cat_listing_pmu(const struct hu_catalogue *cat, unsigned int pmu)
{
	const struct hu_listed_aggregate *a = hu_cat_listed_aggregate(cat, pmu);

	return a ? a->first : pmu;
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

const struct hu_listed_qualifier *hu_cat_entry_qualifier(struct hu_catalogue *cat,
							 unsigned int pmu, unsigned int idx,
							 unsigned int k)
{
	const struct hu_metric *m;
	struct hu_qual_entry en;

	if (!hu_cat_loaded_pmu(cat, pmu) || idx >= hu_cat_entry_count(cat, pmu))
		return NULL;
	m = hu_cat_entry_metric(cat, pmu, idx);
	en.pmu = pmu;
	en.idx = idx;
	en.count = hu_cat_entry_count(cat, pmu);
	en.name = hu_cat_entry_name(cat, pmu, idx);
	en.alias = hu_cat_entry_alias(cat, pmu, idx);
	en.counts[0] = &cat->set.pmu[pmu].events[m ? m->num : idx];
	en.counts[1] = m ? &cat->set.pmu[pmu].events[m->den] : NULL;
	return hu_qual_listed(&cat->qual, &en, k);
}

/* First usable event at or after (pmu, ev), as a base code. */
static int first_event_from(struct hu_catalogue *cat, unsigned int pmu,
			    unsigned int ev, int *code)
{
	for (; pmu < cat->set.n + cat->nagg && pmu < HU_CODE_PMU_MAX; pmu++, ev = 0) {
		unsigned int p = hu_cat_listing_pmu(cat, pmu);

		if (!hu_cat_loaded_pmu(cat, p))
			continue;
		for (; ev < hu_cat_entry_count(cat, p) && ev < HU_CODE_EVENT_MAX; ev++) {
			if (hu_cat_entry_alias(cat, p, ev)) {
				*code = hu_code_make(pmu, ev, 0);
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
	if (!cat->metrics || hu_qual_init(&cat->qual, &cat->set, hu_cat_name_resolves, cat)) {
		free(cat->metrics);
		hu_pmu_set_free(&cat->set);
		return hu_fail(e, HU_E_NOMEM, "out of memory for the event catalogue");
	}
	hu_agg_find_listed(cat);
	pthread_mutex_init(&cat->lock, NULL);
	return HU_OK;
}

void hu_cat_free(struct hu_catalogue *cat)
{
	hu_qual_free(&cat->qual);
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
		unsigned int i = hu_cat_listing_pmu(cat, k);

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
	struct hu_code d;
	int ret;

	hu_code_decode(*code, &d);
	if (d.kind == HU_CODE_INST)
		return HU_E_NOEVENT;
	pthread_mutex_lock(&cat->lock);
	ret = first_event_from(cat, d.pmu, d.ev + 1, code);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

int hu_cat_enum_next_qualifier(struct hu_catalogue *cat, int *code)
{
	const struct hu_event *ev;
	struct hu_code d;
	int ret = HU_E_NOEVENT;

	hu_code_decode(*code, &d);
	/* an aggregate takes its instances' qualifiers but bdf; its description says so */
	if (d.kind == HU_CODE_INST || d.qual >= HU_CODE_QUAL_MAX || hu_cat_listed_aggregate(cat, d.pmu))
		return HU_E_NOEVENT;
	pthread_mutex_lock(&cat->lock);
	ev = hu_cat_entry_alias(cat, d.pmu, d.ev);
	if (ev && hu_cat_entry_qualifier(cat, d.pmu, d.ev, d.qual)) {
		*code = hu_code_make(d.pmu, d.ev, d.qual + 1);
		ret = HU_OK;
	}
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

/* ---- names ------------------------------------------------------------------ */

/* Fill @buf with the name of base or qualifier code @d. */
static int format_name(struct hu_catalogue *cat, const struct hu_code *d,
		       char *buf, size_t len, struct hu_err *e)
{
	const struct hu_listed_aggregate *a = hu_cat_listed_aggregate(cat, d->pmu);
	const struct hu_event *alias = hu_cat_entry_alias(cat, hu_cat_listing_pmu(cat, d->pmu), d->ev);
	const struct hu_listed_qualifier *q = NULL;
	int n;

	if (!alias || (a && d->kind == HU_CODE_QUALIFIER))
		return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has this code");
	if (a) {
		n = snprintf(buf, len, "%s::%s", a->pattern, hu_cat_entry_name(cat, a->first, d->ev));
		if (n < 0 || (size_t)n >= len)
			return hu_fail(e, HU_E_VALUE, "name buffer of %zu bytes is too small", len);
		return HU_OK;
	}
	if (d->kind == HU_CODE_QUALIFIER) {
		q = hu_cat_entry_qualifier(cat, d->pmu, d->ev, d->qual - 1);
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

int hu_cat_code_to_name_locked(struct hu_catalogue *cat, int code, char *buf,
			       size_t len, struct hu_err *e)
{
	struct hu_code d;

	hu_code_decode(code, &d);
	if (d.kind != HU_CODE_INST)
		return format_name(cat, &d, buf, len, e);
	if (d.inst >= cat->ninst)
		return hu_code_refuse(code, e);
	if (!hu_copy(buf, len, cat->inst[d.inst].name))
		return hu_fail(e, HU_E_VALUE, "name buffer of %zu bytes is too small", len);
	return HU_OK;
}

int hu_cat_code_to_name(struct hu_catalogue *cat, int code, char *buf,
			size_t len, struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = hu_cat_code_to_name_locked(cat, code, buf, len, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

