// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_rules.c - tool defaults and the drivers' filter rules (see
 * hisi_rules.h).  The order of the checks is the drivers' order
 * (hns3_pmu_event_init(), hisi_pcie_pmu_event_init()), so the first error
 * reported is the one the kernel would have failed on.
 */
#include "hisi_rules.h"
#include "family_rules.h"

#include <stdio.h>
#include <string.h>

#include "hisi_meaning.h"
#include "hu_text.h"
#include "pmu_family.h"
#include "pci_sysfs.h"

#define EVENT_BITS 0x1ffffULL	/* config bits naming the event (bit 16: ext counter) */

uint32_t hu_rule_filter_fields(const struct hu_rule_ctx *c)
{
	uint32_t bits = 0;

	for (size_t i = 0; i < c->nfields; i++)
		if (!c->fields[i].defines_event)
			bits |= HIP09_FIELD_BIT(i);
	return bits;
}

static unsigned int field_index(const struct hu_rule_ctx *c, const struct hip09_field *f)
{
	return (unsigned int)(f - c->fields);
}

/* ---- which alias a raw form names ---------------------------------------- */

static const struct hu_event *match_alias(const struct hu_pmu *pmu,
					  const struct hu_attr *attr)
{
	static const struct hu_term_list none;
	struct hu_attr a;

	for (unsigned int i = 0; i < pmu->nevents; i++) {
		const struct hu_event *ev = &pmu->events[i];

		if (ev->usable && hu_encode(pmu, ev, &none, &a, NULL) == HU_OK &&
		    (a.config[0] & EVENT_BITS) == (attr->config[0] & EVENT_BITS))
			return ev;
	}
	return NULL;
}

/*
 * A raw code must be one the running driver lists: hisi_pcie accepts any
 * code and counts nothing for an unknown one, hns3_pmu fails it with ENOENT
 * only when the event is opened; bits above the event field are ignored.
 */
static int check_raw_code(const struct hu_pmu *pmu, const struct hu_attr *attr,
			  const struct hu_event *alias, struct hu_err *e)
{
	uint64_t code = attr->config[0];

	if (attr->config[3])
		return hu_fail(e, HU_E_VALUE, "%s: config3=0x%llx: the driver reads no config3",
			       pmu->name, (unsigned long long)attr->config[3]);
	if (code & ~EVENT_BITS)
		return hu_fail(e, HU_E_VALUE,
			       "%s: config=0x%llx sets bits above the event field (config:0-16), "
			       "which the driver ignores", pmu->name, (unsigned long long)code);
	if (!alias)
		return hu_fail(e, HU_E_NOEVENT,
			       "%s: event code 0x%llx is none of the %u events its driver lists in "
			       "events/ (%s): the counter would count nothing or fail to open",
			       pmu->name, (unsigned long long)code, pmu->nevents, pmu->era->name);
	return HU_OK;
}

/* ---- what the user gave ---------------------------------------------------- */

static void note_given(struct hu_rule_ctx *c, const struct hu_term_list *user)
{
	for (unsigned int i = 0; i < user->n; i++) {
		const struct hip09_field *f = hip09_find_filter(c->family->table, user->term[i].name);
		int w = hu_config_term_word(user->term[i].name);

		if (w >= 0)
			c->raw_words |= 1u << w;
		else if (f && !f->defines_event)
			c->given |= HIP09_FIELD_BIT(field_index(c, f));
	}
}

/* ---- tool defaults ------------------------------------------------------------ */

static void append_default(struct hu_rule_ctx *c, const struct hip09_field *f)
{
	char item[40];
	size_t used = strlen(c->r->defaults);

	snprintf(item, sizeof(item), "%s%s=0x%llx", used ? "," : "", f->name,
		 (unsigned long long)f->tool_default);
	hu_copy(c->r->defaults + used, sizeof(c->r->defaults) - used, item);
}

/* Add a term for every absent field the tools give a default (hisi_rules.h). */
static int add_defaults(struct hu_rule_ctx *c, struct hu_term_list *terms,
			struct hu_err *e)
{
	for (size_t i = 0; i < c->nfields; i++) {
		const struct hip09_field *f = &c->fields[i];
		struct hu_term *t;
		bool skip = false;
		int ret = c->family->check_default ? c->family->check_default(c, i, &skip, e)
						   : HU_OK;

		if (ret)
			return ret;
		if (skip || !hip09_tool_default_applies(f, c->given) ||
		    (c->raw_words & (1u << f->word)) || !hu_pmu_find_format(c->r->pmu, f->name))
			continue;
		if (terms->n == HU_MAX_TERMS)
			return hu_fail(e, HU_E_SYNTAX, "more than %d qualifiers", HU_MAX_TERMS);
		t = &terms->term[terms->n++];
		hu_copy(t->name, sizeof(t->name), f->name);
		t->value = f->tool_default;
		t->has_value = true;
		append_default(c, f);
	}
	return HU_OK;
}

/* ---- the final values, as the driver will read them ---------------------------- */

/*
 * Whether @value of @f in a whole config word given raw is a filter the
 * user set: nonzero and not the tools' own default (tc=0xf, queue=0xffff,
 * port=0xffff filter nothing), so that the attr a name opens, written raw,
 * opens the same.
 */
static bool filters_raw(const struct hip09_field *f, uint64_t value)
{
	return value && !f->defines_event && !(f->default_unless && value == f->tool_default);
}

static void read_back_values(struct hu_rule_ctx *c)
{
	for (size_t i = 0; i < c->nfields; i++) {
		const struct hu_format *fmt = hu_pmu_find_format(c->r->pmu, c->fields[i].name);

		if (fmt && fmt->usable)
			c->v.value[i] = hu_format_gather(fmt->bits.mask,
							 c->r->attr.config[fmt->bits.word]);
		if ((c->raw_words & (1u << c->fields[i].word)) && filters_raw(&c->fields[i], c->v.value[i]))
			c->given |= HIP09_FIELD_BIT(i);
	}
	c->v.given = c->given;
}

/* The row to check against: the tables' meaning, else permissive; sysfs modes win. */
static void build_row(struct hu_rule_ctx *c)
{
	const struct hu_event *ev = c->r->ev;

	memset(&c->row, 0, sizeof(c->row));
	if (c->r->row) {
		c->row = *c->r->row;
	} else {
		c->row.pcie_filters = ~0u;
		c->row.hns3_modes = HIP09_HNS3_MODES_ALL;
	}
	if (ev && ev->has_filter_modes)
		c->row.hns3_modes = ev->filter_modes;
}

/* ---- messages ---------------------------------------------------------------- */

void hu_rule_list_fields(const struct hu_rule_ctx *c, uint32_t bits, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < c->nfields; i++)
		if ((bits & HIP09_FIELD_BIT(i)) &&
		    !hu_appendf(buf, len, "%s%s=0x%llx", buf[0] ? "," : "", c->fields[i].name,
				(unsigned long long)c->v.value[i]))
			return;
}

static int range_error(const struct hu_rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	for (size_t i = 0; i < c->nfields; i++) {
		const struct hip09_field *f = &c->fields[i];

		if ((c->given & HIP09_FIELD_BIT(i)) && f->range_rule == rule &&
		    (c->v.value[i] < f->min || c->v.value[i] > f->max))
			return hu_fail(e, HU_E_FILTER, "%s: %s=%llu is out of range (%llu to %llu): %s",
				       c->name, f->name, (unsigned long long)c->v.value[i],
				       (unsigned long long)f->min, (unsigned long long)f->max,
				       hip09_rule_info(rule)->text);
	}
	return hu_fail(e, HU_E_FILTER, "%s: %s", c->name, hip09_rule_info(rule)->text);
}

/* The family explains its own rules; the range rules are the tables'. */
static int rule_error(const struct hu_rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	int ret = c->family->explain ? c->family->explain(c, rule, e) : HU_OK;

	return ret ? ret : range_error(c, rule, e);
}

/* ---- what only sysfs can tell: the PCI topology -------------------------------- */

unsigned int hu_rule_domain(const struct hu_rule_ctx *c)
{
	return hu_pci_domain_of_pmu(c->set->root, c->r->pmu->name);
}

void hu_rule_pmu_facts(const struct hu_pmu *pmu, struct hip09_bdf_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->has_range = pmu->has_bdf_range;
	f->bdf_min = pmu->bdf_min;
	f->bdf_max = pmu->bdf_max;
	f->has_bus = pmu->has_bus;
	f->bus = pmu->bus;
}

int hu_rule_bdf_out_of_range(const struct hu_rule_ctx *c, const char *what, uint16_t bdf,
			     struct hu_err *e)
{
	const struct hu_pmu *p = c->r->pmu;
	char b[HU_BDF_TEXT], lo[HU_BDF_TEXT], hi[HU_BDF_TEXT];

	return hu_fail(e, HU_E_FILTER, "%s: %s %s is outside %s's range %s to %s",
		       c->name, what, hu_bdf_text(bdf, b), p->name, hu_bdf_text(p->bdf_min, lo),
		       hu_bdf_text(p->bdf_max, hi));
}

/* The filters the counter will run with: given, defaulted or nonzero. */
static void note_final_filters(struct hu_rule_ctx *c)
{
	uint32_t shown = 0;

	for (size_t i = 0; i < c->nfields; i++)
		if (!c->fields[i].defines_event &&
		    (c->v.value[i] || (c->given & HIP09_FIELD_BIT(i))) &&
		    hu_pmu_find_format(c->r->pmu, c->fields[i].name))
			shown |= HIP09_FIELD_BIT(i);
	hu_rule_list_fields(c, shown, c->r->filters, sizeof(c->r->filters));
}

static int check_rules(struct hu_rule_ctx *c, struct hu_err *e)
{
	enum hip09_rule rule;

	read_back_values(c);
	note_final_filters(c);
	rule = hip09_check_filters(c->family->table, &c->row, &c->v);
	if (rule != HIP09_RULE_NONE)
		return rule_error(c, rule, e);
	return c->family->check_target(c, e);
}

/* ---- the whole path ------------------------------------------------------------- */

static int resolve_family(const struct hu_pmu_set *set, const struct hu_spec *spec,
			  struct hu_rule_ctx *c, struct hu_err *e)
{
	struct hu_term_list terms = spec->terms;
	int ret;

	c->set = set;
	c->fields = hip09_filter_fields(c->family->table, &c->nfields);
	/* a raw form still means a sysfs event: find it to know its rules */
	if (!c->r->ev) {
		ret = hu_encode(c->r->pmu, NULL, &spec->terms, &c->r->attr, e);
		if (ret)
			return ret;
		c->r->ev = match_alias(c->r->pmu, &c->r->attr);
		ret = check_raw_code(c->r->pmu, &c->r->attr, c->r->ev, e);
		if (ret)
			return ret;
	}
	snprintf(c->name, sizeof(c->name), "%s::%s", c->r->pmu->name,
		 c->r->ev ? c->r->ev->name : "(raw event)");
	c->r->row = c->r->ev ? hu_meaning_row(c->r->pmu, c->r->ev) : NULL;
	build_row(c);
	note_given(c, &spec->terms);
	ret = add_defaults(c, &terms, e);
	if (!ret)
		ret = hu_encode(c->r->pmu, spec->event[0] ? c->r->ev : NULL, &terms, &c->r->attr, e);
	if (!ret)
		ret = check_rules(c, e);
	return ret;
}

int hu_resolve_spec(const struct hu_pmu_set *set, const struct hu_spec *spec,
		    struct hu_resolved *r, struct hu_err *e)
{
	struct hu_rule_ctx c = { 0 };
	int ret;

	memset(r, 0, sizeof(*r));
	c.r = r;
	ret = hu_spec_lookup(set, spec, &r->pmu, &r->ev, e);
	if (ret)
		return ret;
	c.family = r->pmu->family;
	if (!c.family)
		return hu_encode(r->pmu, r->ev, &spec->terms, &r->attr, e);
	return resolve_family(set, spec, &c, e);
}

int hu_resolve(const struct hu_pmu_set *set, const char *name,
	       struct hu_resolved *r, struct hu_err *e)
{
	struct hu_spec spec;
	int ret = hu_spec_parse(name, &spec, e);

	return ret ? ret : hu_resolve_spec(set, &spec, r, e);
}

/* ---- what listings may offer ----------------------------------------------------- */

/*
 * The filter fields event @ev of @pmu can take, and the sets of them one
 * counter can filter by together (@together).  False for PMUs outside the
 * families.
 */
static bool usable_fields(const struct hu_pmu *pmu, const struct hu_event *ev,
			  struct hu_rule_ctx *c, uint32_t *fields, uint32_t together[HU_TOGETHER_MAX],
			  size_t *ntogether)
{
	struct hu_resolved *r = c->r;

	*ntogether = 0;
	c->family = pmu->family;
	if (!c->family)
		return false;
	r->pmu = (struct hu_pmu *)pmu;
	r->ev = ev;
	r->row = hu_meaning_row(pmu, ev);
	c->fields = hip09_filter_fields(c->family->table, &c->nfields);
	build_row(c);
	c->family->offers(c, fields, together, ntogether);
	return true;
}

static int field_bit(const struct hu_rule_ctx *c, const char *name, uint32_t *bit)
{
	const struct hip09_field *f = hip09_find_filter(c->family->table, name);

	if (!f)
		return -1;
	*bit = HIP09_FIELD_BIT(field_index(c, f));
	return 0;
}

bool hu_rules_takes_qualifier(const struct hu_pmu *pmu, const struct hu_event *ev,
			      const char *field)
{
	struct hu_resolved r = { 0 };
	struct hu_rule_ctx c = { .r = &r };
	uint32_t fields, together[HU_TOGETHER_MAX], bit;
	size_t nt;

	if (!usable_fields(pmu, ev, &c, &fields, together, &nt) || field_bit(&c, field, &bit))
		return true;
	return (fields & bit) != 0;
}

bool hu_rules_qualifiers_combine(const struct hu_pmu *pmu, const struct hu_event *ev,
				 const char *a, const char *b)
{
	struct hu_resolved r = { 0 };
	struct hu_rule_ctx c = { .r = &r };
	uint32_t fields, together[HU_TOGETHER_MAX], ba, bb;
	size_t nt;

	if (!usable_fields(pmu, ev, &c, &fields, together, &nt) || field_bit(&c, a, &ba) ||
	    field_bit(&c, b, &bb))
		return true;
	for (size_t k = 0; k < nt; k++)
		if ((together[k] & (ba | bb)) == (ba | bb))
			return true;
	return false;
}

bool hu_rules_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev)
{
	return pmu->family && pmu->family->bdf_target(pmu, dev);
}

bool hu_rules_driver_refuses_bdf(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
				 const char *event, uint16_t bdf)
{
	return pmu->family && pmu->family->driver_refuses_bdf &&
	       pmu->family->driver_refuses_bdf(set, pmu, event, bdf);
}

bool hu_rules_root_port_bit(const struct hu_pmu *pmu, uint16_t root_port, unsigned int *bit)
{
	const struct hu_family_desc *d = pmu->family;

	return d && d->root_port_bit && d->root_port_bit(pmu, root_port, bit);
}

bool hu_rules_bdf_twin(const struct hu_pmu *pmu, const char *sysfs_root, unsigned int domain,
		       uint16_t bdf, uint16_t *twin)
{
	const struct hu_family_desc *d = pmu->family;

	return d && d->bdf_twin && d->bdf_twin(pmu, sysfs_root, domain, bdf, twin);
}

/* ---- hardware slots ------------------------------------------------------------ */

void hu_rules_slot(const struct hu_pmu *pmu, const struct hu_attr *attr,
		   struct hu_slot *slot)
{
	const struct hu_driver_era *era = pmu->era;

	memset(slot, 0, sizeof(*slot));
	memcpy(slot->key, attr->config, sizeof(slot->key));	/* every event its own slot */
	slot->max_slots = era->counters;
	slot->key_across_groups = era->same_code_across_groups;
	switch (era->share) {
	case HU_SHARE_REAL_CODE:
		slot->key[0] = attr->config[0] & HIP09_REAL_CODE_MASK;
		slot->key[1] = slot->key[2] = 0;
		slot->filters[0] = attr->config[1];
		slot->filters[1] = attr->config[2];
		slot->filters_must_match = true;
		break;
	case HU_SHARE_CTRL_WORD:
		slot->key[0] = pmu->family->ctrl_word(era, attr);
		slot->key[1] = slot->key[2] = 0;
		break;
	case HU_SHARE_NONE:
		break;
	}
}
