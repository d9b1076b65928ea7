// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_rules.c - tool defaults and the drivers' filter rules (see
 * hisi_rules.h).  The order of the checks is the drivers' order
 * (hns3_pmu_event_init(), hisi_pcie_pmu_event_init()), so the first error
 * reported is the one the kernel would have failed on.
 */
#include "hisi_rules.h"

#include <stdio.h>
#include <string.h>

#include "hisi_meaning.h"
#include "hu_text.h"
#include "pmu_family.h"
#include "pci_sysfs.h"

#define EVENT_BITS 0x1ffffULL	/* config bits naming the event (bit 16: ext counter) */
#define HU_TOGETHER_MAX 8	/* sets of fields a counter filters by together */
#define PCIE_LEN_MODE_HEADERS 2

/* Everything the checks need about one name. */
struct rule_ctx {
	const struct hu_pmu_set *set;
	struct hu_resolved *r;
	enum hip09_family fam;
	const struct hip09_field *fields;
	size_t nfields;
	uint32_t given;			/* table fields the user set */
	uint32_t raw_words;		/* config words the user assigned whole (configN=) */
	struct hip09_filter_values v;	/* final field values, read back from the attr */
	struct hip09_event row;		/* the meaning, with sysfs filter modes */
	char name[2 * HU_NAME_MAX + 2];	/* "pmu::event" for messages */
};

/*
 * What differs between the drivers' event_init(), one record per table
 * family (check_default optional); the checks common to all (the tables'
 * filter rules, the tool defaults) read the tables.
 */
struct family_rules {
	/* before field @i gets its tool default: skip it, or refuse the name */
	int (*check_default)(const struct rule_ctx *c, size_t i, bool *skip, struct hu_err *e);
	/* after the tables' filter rules: what only the driver and sysfs tell */
	int (*check_target)(struct rule_ctx *c, struct hu_err *e);
	/* the fields the event takes and the sets a counter filters by together */
	void (*offers)(const struct rule_ctx *c, uint32_t *fields,
		       uint32_t together[HU_TOGETHER_MAX], size_t *n);
};

/* The record of the context's family (defined with the hooks, below). */
static const struct family_rules *rules_of(const struct rule_ctx *c);

/* Bits of the fields that are filters (not part of the event code). */
static uint32_t filter_fields(const struct rule_ctx *c)
{
	uint32_t bits = 0;

	for (size_t i = 0; i < c->nfields; i++)
		if (!c->fields[i].defines_event)
			bits |= HIP09_FIELD_BIT(i);
	return bits;
}

static unsigned int field_index(const struct rule_ctx *c, const struct hip09_field *f)
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

static void note_given(struct rule_ctx *c, const struct hu_term_list *user)
{
	for (unsigned int i = 0; i < user->n; i++) {
		const struct hip09_field *f = hip09_find_filter(c->fam, user->term[i].name);
		int w = hu_config_term_word(user->term[i].name);

		if (w >= 0)
			c->raw_words |= 1u << w;
		else if (f && !f->defines_event)
			c->given |= HIP09_FIELD_BIT(field_index(c, f));
	}
}

/* ---- tool defaults ------------------------------------------------------------ */

static void append_default(struct rule_ctx *c, const struct hip09_field *f)
{
	char item[40];
	size_t used = strlen(c->r->defaults);

	snprintf(item, sizeof(item), "%s%s=0x%llx", used ? "," : "", f->name,
		 (unsigned long long)f->tool_default);
	hu_copy(c->r->defaults + used, sizeof(c->r->defaults) - used, item);
}

static void hns3_offers(const struct rule_ctx *c, uint32_t *fields,
			uint32_t together[HU_TOGETHER_MAX], size_t *n);

/* The fields the event's HNS3 filter modes read, all modes together. */
static uint32_t hns3_mode_uses(const struct rule_ctx *c)
{
	uint32_t uses, together[HU_TOGETHER_MAX];
	size_t n;

	hns3_offers(c, &uses, together, &n);
	return uses;
}

/* "port=, tc=, ...": the fields the event's filter modes read, for messages. */
static void mode_fields(const struct rule_ctx *c, char *buf, size_t len)
{
	uint32_t uses = hns3_mode_uses(c);

	buf[0] = '\0';
	for (size_t k = 0; k < c->nfields; k++)
		if ((uses & HIP09_FIELD_BIT(k)) && k != HIP09_HNS3_F_GLOBAL)
			hu_appendf(buf, len, "%s%s=", buf[0] ? ", " : "", c->fields[k].name);
}

/*
 * The tools' global=1 selects global mode; hns3_pmu_is_enabled_global_mode()
 * honours it only on an event whose filtermode has global, and it can only
 * be written through a usable format/global.  Elsewhere it is not added,
 * and a name with no filter would fall to port mode on port 0 (tc=0xf): a
 * count of one port passed off as the whole NIC, so it is refused instead.
 */
static int hns3_check_default(const struct rule_ctx *c, size_t i, bool *skip,
			      struct hu_err *e)
{
	const struct hu_format *fmt = hu_pmu_find_format(c->r->pmu, c->fields[i].name);
	bool has_mode = c->row.hns3_modes & HIP09_HNS3_MODE_GLOBAL;
	char modes[256], fields[64];

	*skip = i == HIP09_HNS3_F_GLOBAL && (!has_mode || !fmt || !fmt->usable);
	if (!*skip || (c->given & c->fields[i].default_unless))
		return HU_OK;
	mode_fields(c, fields, sizeof(fields));
	if (has_mode)
		return hu_fail(e, HU_E_FILTER, "%s: global mode needs the PMU's format/global, which "
			       "is %s: choose another mode with %s", c->name,
			       fmt ? fmt->reason : "missing", fields);
	hu_meaning_modes(c->row.hns3_modes, true, modes, sizeof(modes));
	return hu_fail(e, HU_E_FILTER, "%s has no global mode (its filtermode lists %s): "
		       "choose one with %s", c->name, modes, fields);
}

/* Add a term for every absent field the tools give a default (hisi_rules.h). */
static int add_defaults(struct rule_ctx *c, struct hu_term_list *terms,
			struct hu_err *e)
{
	for (size_t i = 0; i < c->nfields; i++) {
		const struct hip09_field *f = &c->fields[i];
		struct hu_term *t;
		bool skip = false;
		int (*check_default)(const struct rule_ctx *, size_t, bool *, struct hu_err *) =
			rules_of(c)->check_default;
		int ret = check_default ? check_default(c, i, &skip, e) : HU_OK;

		if (ret)
			return ret;
		if (skip || !f->default_unless || (c->given & f->default_unless) ||
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

static void read_back_values(struct rule_ctx *c)
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
static void build_row(struct rule_ctx *c)
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

/* "name=0xv" of each field in @bits, comma-separated. */
static void list_fields(const struct rule_ctx *c, uint32_t bits, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < c->nfields; i++)
		if ((bits & HIP09_FIELD_BIT(i)) &&
		    !hu_appendf(buf, len, "%s%s=0x%llx", buf[0] ? "," : "", c->fields[i].name,
				(unsigned long long)c->v.value[i]))
			return;
}

static int range_error(const struct rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
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

static const struct hip09_hns3_mode_rule *mode_rule(enum hip09_hns3_mode mode)
{
	size_t n;
	const struct hip09_hns3_mode_rule *m = hip09_hns3_mode_rules(&n);

	for (size_t i = 0; i < n; i++)
		if (m[i].mode == mode)
			return &m[i];
	return NULL;
}

static int hns3_mode_error(const struct rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	char modes[256], given[128], ignored[96];
	const struct hip09_hns3_mode_rule *m;

	hu_meaning_modes(c->row.hns3_modes, true, modes, sizeof(modes));
	if (rule == HIP09_RULE_HNS3_NO_MODE) {
		list_fields(c, filter_fields(c), given, sizeof(given));
		return hu_fail(e, HU_E_FILTER, "%s: no filter mode matches %s; the event supports %s",
			       c->name, given, modes);
	}
	m = mode_rule(hip09_hns3_select_mode(c->row.hns3_modes, &c->v));
	list_fields(c, c->given & ~(m ? m->uses : 0), ignored, sizeof(ignored));
	return hu_fail(e, HU_E_FILTER, "%s: the driver selects %s mode, which ignores %s; the event supports %s",
		       c->name, m ? m->name : "no", ignored, modes);
}

static int pcie_error(const struct rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	char extra[128];

	if (rule == HIP09_RULE_PCIE_BANDWIDTH_ONLY) {
		list_fields(c, c->given & ~c->row.pcie_filters, extra, sizeof(extra));
		return hu_fail(e, HU_E_FILTER, "%s: %s not allowed: %s", c->name, extra,
			       hip09_rule_info(rule)->text);
	}
	return hu_fail(e, HU_E_FILTER, "%s: %s", c->name, hip09_rule_info(rule)->text);
}

static int rule_error(const struct rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	switch (rule) {
	case HIP09_RULE_HNS3_NO_MODE:
	case HIP09_RULE_HNS3_FIELD_IGNORED:
		return hns3_mode_error(c, rule, e);
	case HIP09_RULE_PCIE_BANDWIDTH_ONLY:
	case HIP09_RULE_PCIE_PORT_WINS:
	case HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT:
		return pcie_error(c, rule, e);
	default:
		return range_error(c, rule, e);
	}
}

/* ---- what only sysfs can tell: the PCI topology -------------------------------- */

static unsigned int pmu_domain(const struct rule_ctx *c)
{
	return hu_pci_domain_of_pmu(c->set->root, c->r->pmu->name);
}

static int bdf_out_of_range(const struct rule_ctx *c, const char *what, uint16_t bdf,
			    struct hu_err *e)
{
	const struct hu_pmu *p = c->r->pmu;
	char b[HU_BDF_TEXT], lo[HU_BDF_TEXT], hi[HU_BDF_TEXT];

	return hu_fail(e, HU_E_FILTER, "%s: %s %s is outside %s's range %s to %s",
		       c->name, what, hu_bdf_text(bdf, b), p->name, hu_bdf_text(p->bdf_min, lo),
		       hu_bdf_text(p->bdf_max, hi));
}

/* hisi_pcie_pmu_valid_requester_id(): a device whose root port is ours. */
static int check_pcie_bdf(struct rule_ctx *c, struct hu_err *e)
{
	uint16_t bdf = (uint16_t)c->v.value[HIP09_PCIE_F_BDF], rp;
	const struct hu_pmu *p = c->r->pmu;

	if (c->v.value[HIP09_PCIE_F_PORT] != 0)
		return HU_OK;
	if (hu_pci_root_port(c->set->root, pmu_domain(c), bdf, &rp, e))
		return hu_err_prefix(e, "%s: bdf=0x%04x: %s", c->name, bdf,
				     hip09_rule_info(HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT)->text);
	if (p->has_bdf_range && (rp < p->bdf_min || rp > p->bdf_max)) {
		char dev[HU_BDF_TEXT], what[64];

		snprintf(what, sizeof(what), "bdf %s sits behind root port", hu_bdf_text(bdf, dev));
		return bdf_out_of_range(c, what, rp, e);
	}
	/* before v6.12 only the bus file tells where the PMU's root ports are */
	if (!p->has_bdf_range && p->has_bus && (rp >> 8) != p->bus) {
		char dev[HU_BDF_TEXT], port[HU_BDF_TEXT];

		return hu_fail(e, HU_E_FILTER, "%s: bdf %s sits behind root port %s, not on %s's "
			       "root bus 0x%02x: %s", c->name, hu_bdf_text(bdf, dev),
			       hu_bdf_text(rp, port), p->name, p->bus,
			       hip09_rule_info(HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT)->text);
	}
	return HU_OK;
}

/*
 * hisi_pcie_pmu_get_event_ctrl_val() before v6.12 starts from
 * HISI_PCIE_INIT_SET (LEN field 1), so len_mode=2 is programmed as 3.
 */
static int check_pcie_len_mode(const struct rule_ctx *c, struct hu_err *e)
{
	if (c->v.value[HIP09_PCIE_F_LEN_MODE] != PCIE_LEN_MODE_HEADERS ||
	    !c->r->pmu->era->len_mode_2_counts_payload)
		return HU_OK;
	return hu_fail(e, HU_E_FILTER,
		       "%s: len_mode=2 (headers only) counts headers and payload on this driver "
		       "(%s; fixed in v6.12 by \"Fix TLP headers bandwidth counting\"): use len_mode=3 "
		       "for headers and payload, or len_mode=1 for payload", c->name,
		       c->r->pmu->era->name);
}

bool hu_rules_hns3_twin(const struct hu_pmu *p, const char *sysfs_root, unsigned int domain,
			uint16_t bdf, uint16_t *twin)
{
	if (p->family != HU_FAMILY_HNS3 || !p->has_bdf_range)
		return false;
	for (unsigned int bus = p->bdf_min >> 8; bus <= (unsigned int)(p->bdf_max >> 8); bus++) {
		uint16_t t = (uint16_t)(bus << 8 | (bdf & 0xff));

		if (t != bdf && t >= p->bdf_min && t <= p->bdf_max &&
		    hu_pci_exists(sysfs_root, domain, t)) {
			*twin = t;
			return true;
		}
	}
	return false;
}

/* A func-mode count that would include another function's traffic is refused. */
static int check_hns3_devfn_unique(const struct rule_ctx *c, uint16_t bdf, struct hu_err *e)
{
	char b[HU_BDF_TEXT], twin_text[HU_BDF_TEXT];
	uint16_t twin;

	if (!hu_rules_hns3_twin(c->r->pmu, c->set->root, pmu_domain(c), bdf, &twin))
		return HU_OK;
	return hu_fail(e, HU_E_FILTER, "%s: bdf %s: %s in %s's range has the same "
		       "device.function, and the driver filters functions by device.function "
		       "only (hns3_pmu_get_filter_condition() programs bdf & 0xff), so its "
		       "traffic would be counted too: count both with port= or global mode",
		       c->name, hu_bdf_text(bdf, b), hu_bdf_text(twin, twin_text), c->r->pmu->name);
}

/* hns3_pmu_valid_bdf(): func modes need an existing function in range. */
static int check_hns3_bdf(struct rule_ctx *c, struct hu_err *e)
{
	uint16_t bdf = (uint16_t)c->v.value[HIP09_HNS3_F_BDF];
	const struct hu_pmu *p = c->r->pmu;

	if (c->r->hns3_mode != HIP09_HNS3_MODE_FUNC && c->r->hns3_mode != HIP09_HNS3_MODE_FUNC_QUEUE)
		return HU_OK;
	if (p->has_bdf_range && (bdf < p->bdf_min || bdf > p->bdf_max))
		return bdf_out_of_range(c, "bdf", bdf, e);
	if (!hu_pci_exists(c->set->root, pmu_domain(c), bdf)) {
		char b[HU_BDF_TEXT];

		return hu_fail(e, HU_E_FILTER, "%s: bdf %s: no such PCIe function: %s", c->name,
			       hu_bdf_text(bdf, b), hip09_rule_info(HIP09_RULE_HNS3_BDF_IN_RANGE)->text);
	}
	return check_hns3_devfn_unique(c, bdf, e);
}

/* After the table's filter rules, hisi_pcie_pmu_event_init()'s own checks. */
static int pcie_check_target(struct rule_ctx *c, struct hu_err *e)
{
	int ret = check_pcie_len_mode(c, e);

	return ret ? ret : check_pcie_bdf(c, e);
}

/* hns3_pmu_event_init(): the mode the driver selects, then its bdf check. */
static int hns3_check_target(struct rule_ctx *c, struct hu_err *e)
{
	c->r->hns3_mode = hip09_hns3_select_mode(c->row.hns3_modes, &c->v);
	return check_hns3_bdf(c, e);
}

/* The filters the counter will run with: given, defaulted or nonzero. */
static void note_final_filters(struct rule_ctx *c)
{
	uint32_t shown = 0;

	for (size_t i = 0; i < c->nfields; i++)
		if (!c->fields[i].defines_event &&
		    (c->v.value[i] || (c->given & HIP09_FIELD_BIT(i))) &&
		    hu_pmu_find_format(c->r->pmu, c->fields[i].name))
			shown |= HIP09_FIELD_BIT(i);
	list_fields(c, shown, c->r->filters, sizeof(c->r->filters));
}

static int check_rules(struct rule_ctx *c, struct hu_err *e)
{
	enum hip09_rule rule;

	read_back_values(c);
	note_final_filters(c);
	rule = hip09_check_filters(c->fam, &c->row, &c->v);
	if (rule != HIP09_RULE_NONE)
		return rule_error(c, rule, e);
	return rules_of(c)->check_target(c, e);
}

/* ---- what each family offers listings ------------------------------------------ */

/*
 * Every filter the event takes, in any pair but port with bdf
 * (hisi_pcie_pmu_config_filter(): with port set, bdf is ignored).
 */
static void pcie_offers(const struct rule_ctx *c, uint32_t *fields,
			uint32_t together[HU_TOGETHER_MAX], size_t *n)
{
	*fields = c->row.pcie_filters;
	together[0] = *fields & ~HIP09_FIELD_BIT(HIP09_PCIE_F_BDF);
	together[1] = *fields & ~HIP09_FIELD_BIT(HIP09_PCIE_F_PORT);
	*n = 2;
}

/*
 * The fields of each filter mode the event supports
 * (hns3_pmu_select_filter_mode()), and of all of them together.
 */
static void hns3_offers(const struct rule_ctx *c, uint32_t *fields,
			uint32_t together[HU_TOGETHER_MAX], size_t *n)
{
	size_t nmodes;
	const struct hip09_hns3_mode_rule *m = hip09_hns3_mode_rules(&nmodes);

	*fields = 0;
	*n = 0;
	for (size_t k = 0; k < nmodes; k++) {
		if (!(c->row.hns3_modes & m[k].mode))
			continue;
		*fields |= m[k].uses;
		if (*n < HU_TOGETHER_MAX)
			together[(*n)++] = m[k].uses;
	}
}

/* ---- the families' rules --------------------------------------------------------- */

static const struct family_rules family_rules[HIP09_FAMILY_COUNT] = {
	[HIP09_FAMILY_PCIE] = {
		.check_target = pcie_check_target,
		.offers = pcie_offers,
	},
	[HIP09_FAMILY_HNS3] = {
		.check_default = hns3_check_default,
		.check_target = hns3_check_target,
		.offers = hns3_offers,
	},
};

static const struct family_rules *rules_of(const struct rule_ctx *c)
{
	return &family_rules[c->fam];
}

/* ---- the whole path ------------------------------------------------------------- */

static int resolve_family(const struct hu_pmu_set *set, const struct hu_spec *spec,
			  struct rule_ctx *c, struct hu_err *e)
{
	struct hu_term_list terms = spec->terms;
	int ret;

	c->set = set;
	c->fields = hip09_filter_fields(c->fam, &c->nfields);
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
	struct rule_ctx c = { 0 };
	int ret;

	memset(r, 0, sizeof(*r));
	c.r = r;
	ret = hu_spec_lookup(set, spec, &r->pmu, &r->ev, e);
	if (ret)
		return ret;
	if (!hu_meaning_family(r->pmu, &c.fam))
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
			  struct rule_ctx *c, uint32_t *fields, uint32_t together[HU_TOGETHER_MAX],
			  size_t *ntogether)
{
	struct hu_resolved *r = c->r;

	*ntogether = 0;
	if (!hu_meaning_family(pmu, &c->fam))
		return false;
	r->pmu = (struct hu_pmu *)pmu;
	r->ev = ev;
	r->row = hu_meaning_row(pmu, ev);
	c->fields = hip09_filter_fields(c->fam, &c->nfields);
	build_row(c);
	rules_of(c)->offers(c, fields, together, ntogether);
	return true;
}

static int field_bit(const struct rule_ctx *c, const char *name, uint32_t *bit)
{
	const struct hip09_field *f = hip09_find_filter(c->fam, name);

	if (!f)
		return -1;
	*bit = HIP09_FIELD_BIT(field_index(c, f));
	return 0;
}

bool hu_rules_takes_qualifier(const struct hu_pmu *pmu, const struct hu_event *ev,
			      const char *field)
{
	struct hu_resolved r = { 0 };
	struct rule_ctx c = { .r = &r };
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
	struct rule_ctx c = { .r = &r };
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
	const struct hu_family_desc *d = hu_family_desc(pmu->family);

	return d && d->bdf_target(pmu, dev);
}

#define PCIE_PORT_BITS 16

bool hu_rules_pcie_port_bit(const struct hu_pmu *pmu, uint16_t root_port, unsigned int *bit)
{
	unsigned int slot = (root_port >> 3) & 0x1f, first = (pmu->bdf_min >> 3) & 0x1f;

	if (pmu->family != HU_FAMILY_PCIE || !pmu->has_bdf_range || root_port < pmu->bdf_min ||
	    root_port > pmu->bdf_max || (root_port >> 8) != (pmu->bdf_min >> 8) || slot < first ||
	    (slot - first) * 2 >= PCIE_PORT_BITS)
		return false;
	*bit = (slot - first) * 2;
	return true;
}

/* ---- hardware slots ------------------------------------------------------------ */

/* HISI_PCIE_EVENT_CTRL's fields (hisi_pcie_pmu.c) */
#define PCIE_CTRL_EVENT_M	0x000000000000ffffULL	/* [15:0] */
#define PCIE_CTRL_THR_EN	(1ULL << 26)
#define PCIE_CTRL_THR_MODE_M	0x0000000008000000ULL	/* [27] */
#define PCIE_CTRL_THR_M		0x00000000f0000000ULL	/* [31:28] */
#define PCIE_CTRL_TARGET_EN	(1ULL << 32)		/* bdf (requester id) mode */
#define PCIE_CTRL_LEN_M		0x0000000c00000000ULL	/* [35:34] */
#define PCIE_CTRL_INIT_SET	(1ULL << 34)		/* LEN_M = 1 */
#define PCIE_CTRL_TARGET_M	0x001ffff000000000ULL	/* [52:36] */
#define PCIE_CTRL_TRIG_EN	(1ULL << 52)
#define PCIE_CTRL_TRIG_MODE_M	0x0020000000000000ULL	/* [53] */
#define PCIE_CTRL_TRIG_M	0x0f00000000000000ULL	/* [59:56] */
#define PCIE_LEN_M_DEFAULT	3

static uint64_t pcie_field(const struct hu_attr *a, enum hip09_pcie_field f)
{
	size_t n;

	return hip09_field_get(&hip09_filter_fields(HIP09_FAMILY_PCIE, &n)[f], a->config);
}

/*
 * hisi_pcie_pmu_get_event_ctrl_val(), line for line: the word two events
 * must share to share a counter (hisi_pcie_pmu_cmp_event()).  Eras before
 * v6.12 start from HISI_PCIE_INIT_SET, so len_mode 2 comes out as 3.
 * hu_format_scatter() is the kernel's FIELD_PREP() on these contiguous masks.
 */
static uint64_t pcie_ctrl_word(const struct hu_driver_era *era, const struct hu_attr *a)
{
	uint64_t reg = era->len_mode_2_counts_payload ? PCIE_CTRL_INIT_SET : 0;
	uint64_t port = pcie_field(a, HIP09_PCIE_F_PORT);
	uint64_t trig_len = pcie_field(a, HIP09_PCIE_F_TRIG_LEN);
	uint64_t thr_len = pcie_field(a, HIP09_PCIE_F_THR_LEN);
	uint64_t len_mode = pcie_field(a, HIP09_PCIE_F_LEN_MODE);

	reg |= hu_format_scatter(PCIE_CTRL_EVENT_M, a->config[0] & HIP09_REAL_CODE_MASK);
	if (port)
		reg |= hu_format_scatter(PCIE_CTRL_TARGET_M, port);
	else
		reg |= PCIE_CTRL_TARGET_EN |
		       hu_format_scatter(PCIE_CTRL_TARGET_M, pcie_field(a, HIP09_PCIE_F_BDF));
	if (trig_len) {
		reg |= hu_format_scatter(PCIE_CTRL_TRIG_M, trig_len);
		reg |= hu_format_scatter(PCIE_CTRL_TRIG_MODE_M,
					 pcie_field(a, HIP09_PCIE_F_TRIG_MODE));
		reg |= PCIE_CTRL_TRIG_EN;
	}
	if (thr_len) {
		reg |= hu_format_scatter(PCIE_CTRL_THR_M, thr_len);
		reg |= hu_format_scatter(PCIE_CTRL_THR_MODE_M,
					 pcie_field(a, HIP09_PCIE_F_THR_MODE));
		reg |= PCIE_CTRL_THR_EN;
	}
	reg |= hu_format_scatter(PCIE_CTRL_LEN_M, len_mode ? len_mode : PCIE_LEN_M_DEFAULT);
	return reg;
}

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
		slot->key[0] = pcie_ctrl_word(era, attr);
		slot->key[1] = slot->key[2] = 0;
		break;
	case HU_SHARE_NONE:
		break;
	}
}
