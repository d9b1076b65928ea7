// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue_describe.c - what PAPI_get_event_info shows of a code: an
 * event's meaning, a metric's formula and assumption, a qualified name's
 * encoding, an aggregate's members, a qualifier's field.
 */
#include "catalogue.h"

#include <stdio.h>
#include <string.h>

#include "catalogue_parts.h"
#include "hisi_meaning.h"
#include "hu_text.h"
#include "pmu_family.h"

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

static void fill_base_info(struct hu_catalogue *cat, const struct hu_code *d,
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
static void describe_hu_cat_listed_aggregate(struct hu_catalogue *cat, const struct hu_code *d,
				      struct hu_event_info *info)
{
	const struct hu_listed_aggregate *a = hu_cat_listed_aggregate(cat, d->pmu);
	struct hu_code first = *d;
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
	struct hu_code d;
	int ret;

	memset(info, 0, sizeof(*info));
	ret = hu_cat_code_to_name_locked(cat, code, info->symbol, sizeof(info->symbol), e);
	if (ret)
		return ret;
	hu_code_decode(code, &d);
	if (d.kind == HU_CODE_INST) {
		describe_instance(cat, &cat->inst[d.inst], info);
		return HU_OK;
	}
	if (hu_cat_listed_aggregate(cat, d.pmu)) {
		describe_hu_cat_listed_aggregate(cat, &d, info);
		return HU_OK;
	}
	fill_base_info(cat, &d, info);
	if (d.kind == HU_CODE_QUALIFIER) {
		char q[HU_DESCR_MAX / 2];

		hu_meaning_describe_format(&cat->set.pmu[d.pmu],
					   hu_cat_entry_qualifier(cat, d.pmu, d.ev, d.qual - 1)->f,
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
