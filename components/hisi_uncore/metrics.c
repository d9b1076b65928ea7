// SPDX-License-Identifier: BSD-3-Clause
/*
 * metrics.c - which metrics each PMU offers: a metric per definition
 * (metric_defs.c) of each pair the tables know (see metrics.h).
 */
#include "metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hisi_meaning.h"
#include "name_index.h"
#include "pmu_family.h"

#define PCIE_DW_BYTES 4.0	/* flux counts 4-byte DW (HiSilicon's perf iostat) */


/*
 * The length of a pair's stem, what its metrics' names start with: what
 * the tables' names of its two halves share, up to the '_' before they
 * part (rx_mrd_flux and rx_mrd_time: rx_mrd).  0 if they share none.
 */
static size_t stem_length(const struct hip09_event *row)
{
	size_t stem = 0;

	for (size_t i = 0; row->name[i] && row->name[i] == row->partner[i]; i++)
		if (row->name[i] == '_')
			stem = i;
	return stem;
}

static double scale_of(const struct hu_metric_def *d, const struct hu_pmu *pmu)
{
	double hz = (double)pmu->hw_clk_freq;

	switch (d->scale) {
	case HU_SCALE_DW_BYTES:
		return PCIE_DW_BYTES;
	case HU_SCALE_PER_CYCLE:
		return hz;
	case HU_SCALE_NS_PER_CYCLE:
		return 1e9 / hz;
	case HU_SCALE_ONE:
		break;
	}
	return 1.0;
}

/*
 * The events a PMU has, seen either through its loaded details or through
 * the bare names of its events/ directory (start-up counting).
 */
struct event_view {
	const struct hu_pmu *pmu;
	char (*names)[HU_NAME_MAX];	/* NULL: use pmu->events */
	unsigned int n;
	bool assume_clock;	/* as if hw_clk_freq were usable: what the PMU lost without it */
};

static const char *view_name(const struct event_view *v, unsigned int i)
{
	if (v->names)
		return v->names[i];
	return v->pmu->events[i].usable ? v->pmu->events[i].name : NULL;
}

static const char *view_name_at(const void *ctx, unsigned int i)
{
	return view_name(ctx, i);
}

/* The event @name names, as an event name resolves (hu_name_pick()). */
static int view_find(const struct event_view *v, const char *name)
{
	return hu_name_pick(v->n, view_name_at, v, name, NULL);
}

/* Add (or, with @out NULL, count) every metric whose counter 0 is event @i. */
static void pair_metrics(const struct event_view *v, unsigned int i, struct hu_metric *out,
			 unsigned int *n)
{
	const char *name = view_name(v, i);
	const struct hip09_event *row = name ? hu_meaning_row_by_name(v->pmu, name) : NULL;
	size_t ndefs;
	const struct hu_metric_def *defs = hu_metric_defs(&ndefs);
	enum hip09_family fam;
	int den;

	if (!row || row->role != HIP09_ROLE_COUNTER || !stem_length(row) ||
	    !hu_meaning_family(v->pmu, &fam))
		return;
	/* of events named alike but for case, the one the pair's name opens makes its metrics */
	if (view_find(v, row->name) != (int)i)
		return;
	den = view_find(v, row->partner);
	if (den < 0 || (v->pmu->family->needs_hw_clk_freq &&
			!v->pmu->has_hw_clk_freq && !v->assume_clock))
		return;
	for (size_t d = 0; d < ndefs; d++) {
		char mname[HU_NAME_MAX];
		int len;

		if (defs[d].family != fam || defs[d].kind != row->kind)
			continue;
		/* the stem as events/ spells it (the name may differ from the row's in case) */
		len = snprintf(mname, sizeof(mname), "%.*s%s", (int)stem_length(row), name,
			       defs[d].suffix);
		if (len < 0 || (size_t)len >= sizeof(mname) || view_find(v, mname) != HU_NAME_NONE)
			continue;
		if (out) {
			memcpy(out[*n].name, mname, sizeof(mname));
			out[*n].def = &defs[d];
			out[*n].num = i;
			out[*n].den = (unsigned int)den;
			out[*n].scale = scale_of(&defs[d], v->pmu);
		}
		(*n)++;
	}
}

static int build_view(const struct event_view *v, struct hu_metric **out, unsigned int *n)
{
	unsigned int count = 0;
	struct hu_metric *m;

	/* counted first: whatever events/ holds, the array has room for what is written */
	for (unsigned int i = 0; i < v->n; i++)
		pair_metrics(v, i, NULL, &count);
	m = calloc(count + 1, sizeof(*m));
	*out = NULL;
	*n = 0;
	if (!m)
		return HU_E_NOMEM;
	for (unsigned int i = 0; i < v->n; i++)
		pair_metrics(v, i, m, n);
	*out = m;
	return HU_OK;
}

int hu_metrics_build(const struct hu_pmu *pmu, struct hu_metric **out, unsigned int *n)
{
	const struct event_view v = { pmu, NULL, pmu->nevents, false };

	return build_view(&v, out, n);
}

bool hu_metric_lost_clock(const struct hu_pmu *pmu, const char *name)
{
	const struct event_view v = { pmu, NULL, pmu->nevents, true };
	struct hu_metric *m;
	unsigned int n;
	bool lost = false;

	if (!pmu->family || !pmu->family->needs_hw_clk_freq || pmu->has_hw_clk_freq ||
	    build_view(&v, &m, &n))
		return false;
	for (unsigned int i = 0; i < n && !lost; i++)
		lost = strcasecmp(m[i].name, name) == 0;
	free(m);
	return lost;
}

/* The unusable half of a pair of @pmu whose stem is @name[0 .. @len - 1], if any. */
static const struct hu_event *unusable_with_stem(const struct hu_pmu *pmu, const char *name,
						 size_t len)
{
	for (unsigned int i = 0; i < pmu->nevents; i++) {
		const struct hu_event *ev = &pmu->events[i];
		const struct hip09_event *row;

		if (ev->usable || strncasecmp(ev->name, name, len) != 0)
			continue;
		row = hu_meaning_row_by_name(pmu, ev->name);
		if (row && stem_length(row) == len)
			return ev;
	}
	return NULL;
}

const struct hu_event *hu_metric_lost_half(const struct hu_pmu *pmu, const char *name)
{
	size_t n = strlen(name), ndefs;
	const struct hu_metric_def *defs = hu_metric_defs(&ndefs);
	enum hip09_family fam;

	if (!hu_meaning_family(pmu, &fam))
		return NULL;
	for (size_t d = 0; d < ndefs; d++) {
		size_t s = strlen(defs[d].suffix);
		const struct hu_event *ev;

		if (defs[d].family != fam || n <= s || strcmp(name + n - s, defs[d].suffix) != 0)
			continue;
		ev = unusable_with_stem(pmu, name, n - s);
		if (ev)
			return ev;
	}
	return NULL;
}

unsigned int hu_metrics_count(const struct hu_pmu *pmu, char (*names)[HU_NAME_MAX],
			      unsigned int count)
{
	const struct event_view v = { pmu, names, count, false };
	unsigned int n = 0;

	for (unsigned int i = 0; i < count; i++)
		pair_metrics(&v, i, NULL, &n);
	return n;
}
