// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue.c - native events, their codes, names and descriptions
 * (see catalogue.h for the code layout).
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include "catalogue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_rules.h"
#include "hu_text.h"

#define CODE_INSTANCE (1 << 30)
#define CODE_PMU_SHIFT 20
#define CODE_EVENT_SHIFT 8
#define CODE_PMU_MAX (1u << 10)
#define CODE_EVENT_MAX (1u << 12)
#define CODE_QUAL_MAX 0xffu

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

/* ---- PMUs and events under the lock ------------------------------------ */

static struct hu_pmu *loaded_pmu(struct hu_catalogue *cat, unsigned int i)
{
	struct hu_pmu *pmu;

	if (i >= cat->set.n)
		return NULL;
	pmu = &cat->set.pmu[i];
	if (hu_pmu_load_details(&cat->set, pmu, NULL))
		return NULL;
	return pmu;
}

static const struct hu_event *usable_event(struct hu_catalogue *cat,
					   unsigned int pmu, unsigned int ev)
{
	struct hu_pmu *p = loaded_pmu(cat, pmu);

	if (!p || ev >= p->nevents || !p->events[ev].usable)
		return NULL;
	return &p->events[ev];
}

/* The k-th (0-based) format of @pmu a user may set on event @ev. */
static const struct hu_format *nth_qualifier(const struct hu_pmu *pmu,
					     const struct hu_event *ev,
					     unsigned int k)
{
	for (unsigned int i = 0; i < pmu->nformats; i++) {
		const struct hu_format *f = &pmu->formats[i];

		if (!f->usable || hu_event_fixes_format(ev, f))
			continue;
		if (k-- == 0)
			return f;
	}
	return NULL;
}

/* First usable event at or after (pmu, ev), as a base code. */
static int first_event_from(struct hu_catalogue *cat, unsigned int pmu,
			    unsigned int ev, int *code)
{
	for (; pmu < cat->set.n && pmu < CODE_PMU_MAX; pmu++, ev = 0) {
		const struct hu_pmu *p = loaded_pmu(cat, pmu);

		for (; p && ev < p->nevents && ev < CODE_EVENT_MAX; ev++) {
			if (p->events[ev].usable) {
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
	pthread_mutex_init(&cat->lock, NULL);
	return HU_OK;
}

void hu_cat_free(struct hu_catalogue *cat)
{
	for (unsigned int i = 0; i < cat->ninst; i++)
		free(cat->inst[i].name);
	free(cat->inst);
	hu_pmu_set_free(&cat->set);
	pthread_mutex_destroy(&cat->lock);
	memset(cat, 0, sizeof(*cat));
}

unsigned int hu_cat_count_events(struct hu_catalogue *cat)
{
	unsigned int n = 0;

	pthread_mutex_lock(&cat->lock);
	for (unsigned int i = 0; i < cat->set.n; i++) {
		const struct hu_pmu *p = loaded_pmu(cat, i);

		for (unsigned int j = 0; p && j < p->nevents; j++)
			n += p->events[j].usable;
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
	if (d.kind == CODE_INST || d.qual >= CODE_QUAL_MAX)
		return HU_E_NOEVENT;
	pthread_mutex_lock(&cat->lock);
	ev = usable_event(cat, d.pmu, d.ev);
	if (ev && nth_qualifier(&cat->set.pmu[d.pmu], ev, d.qual)) {
		*code = make_code(d.pmu, d.ev, d.qual + 1);
		ret = HU_OK;
	}
	pthread_mutex_unlock(&cat->lock);
	return ret;
}

/* ---- names -------------------------------------------------------------- */

static unsigned int pmu_index(const struct hu_catalogue *cat, const struct hu_pmu *p)
{
	return (unsigned int)(p - cat->set.pmu);
}

static unsigned int event_index(const struct hu_pmu *p, const struct hu_event *ev)
{
	return (unsigned int)(ev - p->events);
}

static const char *strip_prefix(const char *name)
{
	size_t n = strlen(HU_COMPONENT_PREFIX);

	return strncmp(name, HU_COMPONENT_PREFIX, n) == 0 ? name + n : name;
}

static int find_or_add_instance(struct hu_catalogue *cat, const char *name,
				unsigned int pmu, const struct hu_attr *attr,
				int *code, struct hu_err *e)
{
	struct hu_instance *in;

	for (unsigned int i = 0; i < cat->ninst; i++) {
		if (strcmp(cat->inst[i].name, name) == 0) {
			*code = (int)(CODE_INSTANCE | i);
			return HU_OK;
		}
	}
	if (cat->ninst == cat->inst_cap) {
		unsigned int cap = cat->inst_cap ? cat->inst_cap * 2 : 16;

		in = cap < CODE_INSTANCE ? realloc(cat->inst, cap * sizeof(*in)) : NULL;
		if (!in)
			return hu_fail(e, HU_E_NOMEM, "out of memory for event names");
		cat->inst = in;
		cat->inst_cap = cap;
	}
	in = &cat->inst[cat->ninst];
	in->name = strdup(name);
	if (!in->name)
		return hu_fail(e, HU_E_NOMEM, "out of memory for event names");
	in->pmu = pmu;
	in->attr = *attr;
	*code = (int)(CODE_INSTANCE | cat->ninst++);
	return HU_OK;
}

static int name_to_code_locked(struct hu_catalogue *cat, const char *name,
			       int *code, struct hu_err *e)
{
	const struct hu_event *ev;
	struct hu_pmu *pmu;
	struct hu_attr attr;
	struct hu_spec spec;
	int ret;

	ret = hu_spec_parse(name, &spec, e);
	if (!ret)
		ret = hu_spec_resolve(&cat->set, &spec, &pmu, &ev, e);
	if (!ret)
		ret = hu_encode(pmu, ev, &spec.terms, &attr, e);
	if (ret)
		return ret;
	if (ev && spec.terms.n == 0 && event_index(pmu, ev) < CODE_EVENT_MAX) {
		*code = make_code(pmu_index(cat, pmu), event_index(pmu, ev), 0);
		return HU_OK;
	}
	return find_or_add_instance(cat, strip_prefix(name), pmu_index(cat, pmu),
				    &attr, code, e);
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

/* Fill @buf with the name of base or qualifier code @d. */
static int format_name(struct hu_catalogue *cat, const struct decoded *d,
		       char *buf, size_t len, struct hu_err *e)
{
	const struct hu_event *ev = usable_event(cat, d->pmu, d->ev);
	const struct hu_format *f = NULL;
	int n;

	if (!ev)
		return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has this code");
	if (d->kind == CODE_QUALIFIER) {
		f = nth_qualifier(&cat->set.pmu[d->pmu], ev, d->qual - 1);
		if (!f)
			return hu_fail(e, HU_E_NOEVENT, "no such qualifier");
	}
	n = f ? snprintf(buf, len, "%s::%s:%s=0", cat->set.pmu[d->pmu].name, ev->name, f->name)
	      : snprintf(buf, len, "%s::%s", cat->set.pmu[d->pmu].name, ev->name);
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

/* ---- descriptions ------------------------------------------------------- */

static void fill_base_info(const struct hu_pmu *pmu, const struct hu_event *ev,
			   struct hu_event_info *info)
{
	hu_rules_describe_event(pmu, ev, info->long_descr, sizeof(info->long_descr));
	hu_copy(info->short_descr, sizeof(info->short_descr), info->long_descr);
	hu_copy(info->units, sizeof(info->units), hu_rules_event_unit(pmu, ev));
}

static int info_locked(struct hu_catalogue *cat, int code,
		       struct hu_event_info *info, struct hu_err *e)
{
	const struct hu_event *ev;
	const struct hu_pmu *pmu;
	struct decoded d;
	int ret;

	memset(info, 0, sizeof(*info));
	ret = code_to_name_locked(cat, code, info->symbol, sizeof(info->symbol), e);
	if (ret)
		return ret;
	decode(code, &d);
	if (d.kind == CODE_INST) {
		snprintf(info->long_descr, sizeof(info->long_descr),
			 "%s with qualifiers: type=%u config=0x%llx config1=0x%llx config2=0x%llx",
			 cat->inst[d.inst].name, cat->inst[d.inst].attr.type,
			 (unsigned long long)cat->inst[d.inst].attr.config[0],
			 (unsigned long long)cat->inst[d.inst].attr.config[1],
			 (unsigned long long)cat->inst[d.inst].attr.config[2]);
		hu_copy(info->short_descr, sizeof(info->short_descr), info->long_descr);
		return HU_OK;
	}
	pmu = &cat->set.pmu[d.pmu];
	ev = usable_event(cat, d.pmu, d.ev);
	fill_base_info(pmu, ev, info);
	if (d.kind == CODE_QUALIFIER) {
		char q[HU_DESCR_MAX / 2];
		size_t used = strlen(info->long_descr);

		hu_rules_describe_format(pmu, nth_qualifier(pmu, ev, d.qual - 1), q, sizeof(q));
		/* papi_native_avail shows the text after "masks:" as the qualifier's */
		snprintf(info->long_descr + used, sizeof(info->long_descr) - used,
			 ", masks:%s", q);
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

/* ---- what to open ------------------------------------------------------- */

static int request_locked(struct hu_catalogue *cat, int code,
			  struct hu_request *req, struct hu_err *e)
{
	static const struct hu_term_list none;
	const struct hu_event *ev;
	const struct hu_pmu *pmu;
	struct decoded d;

	decode(code, &d);
	if (d.kind == CODE_INST) {
		if (d.inst >= cat->ninst)
			return bad_code(code, e);
		pmu = &cat->set.pmu[cat->inst[d.inst].pmu];
		req->attr = cat->inst[d.inst].attr;
	} else {
		ev = usable_event(cat, d.pmu, d.ev);
		if (!ev || d.kind != CODE_BASE)
			return bad_code(code, e);
		pmu = &cat->set.pmu[d.pmu];
		if (hu_encode(pmu, ev, &none, &req->attr, e))
			return e ? e->status : HU_E_NOEVENT;
	}
	req->cpu = pmu->cpu;
	req->pmu_name = pmu->name;
	return HU_OK;
}

int hu_cat_code_to_request(struct hu_catalogue *cat, int code,
			   struct hu_request *req, struct hu_err *e)
{
	int ret;

	pthread_mutex_lock(&cat->lock);
	ret = request_locked(cat, code, req, e);
	pthread_mutex_unlock(&cat->lock);
	return ret;
}
