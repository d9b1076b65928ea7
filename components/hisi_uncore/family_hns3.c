// SPDX-License-Identifier: BSD-3-Clause
/*
 * family_hns3.c - the HiSilicon HNS3 NIC PMU, hns3_pmu_sicl_<id>
 * (drivers/perf/hisilicon/hns3_pmu.c): one per SICL, counting the NIC
 * functions in [bdf_min, bdf_max] by port, traffic class, function, queue
 * or interrupt (filtermode/), its times in cycles of hw_clk_freq.
 */
#include "pmu_family.h"

#include "family_rules.h"
#include "hisi_meaning.h"
#include "hu_text.h"
#include "pmu_sysfs.h"
#include "pci_sysfs.h"

static bool hns3_parse_instance(const char *name, unsigned int *sicl, unsigned int *core)
{
	const char *p = name;

	*core = 0;
	return hu_family_take_prefix(&p, "hns3_pmu_sicl_") && hu_family_take_uint(&p, sicl) &&
	       *p == '\0';
}

/*
 * hns3_pmu v6.0+, its one era: hns3_pmu_find_related_event_idx() shares a
 * counter between events of one group with the same real code (filters
 * ignored); an event of another group takes its own counter.
 */
static const struct hu_driver_era hns3_era = {
	.name = "hns3_pmu v6.0+",
	.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
	.same_code_across_groups = true,
	.evidence = "hns3_pmu_sicl_<id>",
};

static const struct hu_driver_era *hns3_era_of(const struct hu_era_evidence *ev)
{
	(void)ev;	/* one era since the driver appeared (v6.0) */
	return &hns3_era;
}

/*
 * hns3_pmu_valid_bdf() (hip09_bdf_verdict()) on an existing function; a
 * device name needs the range to tell which instance counts it.
 */
static bool hns3_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev)
{
	struct hip09_bdf_facts f;

	hu_rule_pmu_facts(pmu, &f);
	f.exists = true;
	return pmu->has_bdf_range && hip09_bdf_verdict(HIP09_FAMILY_HNS3, dev->bdf, &f) == HIP09_BDF_OK;
}

/* ---- the driver's rules (hns3_pmu_event_init(); family_rules.h) ---- */

/*
 * The fields of each filter mode the event supports
 * (hns3_pmu_select_filter_mode()), and of all of them together.
 */
static void hns3_offers(const struct hu_rule_ctx *c, uint32_t *fields,
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

/* The fields the event's HNS3 filter modes read, all modes together. */
static uint32_t hns3_mode_uses(const struct hu_rule_ctx *c)
{
	uint32_t uses, together[HU_TOGETHER_MAX];
	size_t n;

	hns3_offers(c, &uses, together, &n);
	return uses;
}

/* "port=, tc=, ...": the fields the event's filter modes read, for messages. */
static void mode_fields(const struct hu_rule_ctx *c, char *buf, size_t len)
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
static int hns3_check_default(const struct hu_rule_ctx *c, size_t i, bool *skip,
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
			       "is %s%s%s: choose another mode with %s", c->name,
			       fmt ? "unusable (" : "missing", fmt ? fmt->reason : "", fmt ? ")" : "",
			       fields);
	hu_meaning_modes(c->row.hns3_modes, true, modes, sizeof(modes));
	return hu_fail(e, HU_E_FILTER, "%s has no global mode (its filtermode lists %s): "
		       "choose one with %s", c->name, modes, fields);
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

/* The mode rules' messages: what the user gave, and the modes the event has. */
static int hns3_explain(const struct hu_rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	char modes[256], given[128], ignored[96];
	const struct hip09_hns3_mode_rule *m;

	if (rule != HIP09_RULE_HNS3_NO_MODE && rule != HIP09_RULE_HNS3_FIELD_IGNORED)
		return HU_OK;
	hu_meaning_modes(c->row.hns3_modes, true, modes, sizeof(modes));
	if (rule == HIP09_RULE_HNS3_NO_MODE) {
		hu_rule_list_fields(c, hu_rule_filter_fields(c), given, sizeof(given));
		return hu_fail(e, HU_E_FILTER, "%s: no filter mode matches %s; the event supports %s",
			       c->name, given, modes);
	}
	m = mode_rule(hip09_hns3_select_mode(c->row.hns3_modes, &c->v));
	hu_rule_list_fields(c, c->given & ~(m ? m->uses : 0), ignored, sizeof(ignored));
	return hu_fail(e, HU_E_FILTER, "%s: the driver selects %s mode, which ignores %s; the event supports %s",
		       c->name, m ? m->name : "no", ignored, modes);
}

/* Where hns3_pci_exists() looks: the sysfs root and the PMU's PCI domain. */
struct hns3_pci_where {
	const char *sysfs_root;
	unsigned int domain;
};

static bool hns3_pci_exists(void *ctx, uint16_t bdf)
{
	const struct hns3_pci_where *w = ctx;

	return hu_pci_exists(w->sysfs_root, w->domain, bdf);
}

/* The twin rule of the tables (hip09_hns3_devfn_twin()) over @p's range. */
static bool hns3_bdf_twin(const struct hu_pmu *p, const char *sysfs_root, unsigned int domain,
			  uint16_t bdf, uint16_t *twin)
{
	struct hns3_pci_where w = { sysfs_root, domain };

	return p->has_bdf_range &&
	       hip09_hns3_devfn_twin(bdf, p->bdf_min, p->bdf_max, hns3_pci_exists, &w, twin);
}

/* A func-mode count that would include another function's traffic is refused. */
static int check_hns3_devfn_unique(const struct hu_rule_ctx *c, uint16_t bdf, struct hu_err *e)
{
	char b[HU_BDF_TEXT], twin_text[HU_BDF_TEXT];
	uint16_t twin;

	if (!hns3_bdf_twin(c->r->pmu, c->set->root, hu_rule_domain(c), bdf, &twin))
		return HU_OK;
	return hu_fail(e, HU_E_FILTER, "%s: bdf %s: %s in %s's range has the same "
		       "device.function, and the driver filters functions by device.function "
		       "only (hns3_pmu_get_filter_condition() programs bdf & 0xff), so its "
		       "traffic would be counted too: count both with port= or global mode",
		       c->name, hu_bdf_text(bdf, b), hu_bdf_text(twin, twin_text), c->r->pmu->name);
}

/* hns3_pmu_valid_bdf() (hip09_bdf_verdict()): func modes need an existing function in range. */
static int check_hns3_bdf(struct hu_rule_ctx *c, struct hu_err *e)
{
	uint16_t bdf = (uint16_t)c->v.value[HIP09_HNS3_F_BDF];
	struct hip09_bdf_facts f;
	char b[HU_BDF_TEXT];

	if (!hip09_bdf_checked(HIP09_FAMILY_HNS3, c->row.hns3_modes, &c->v))
		return HU_OK;
	hu_rule_pmu_facts(c->r->pmu, &f);
	f.exists = hu_pci_exists(c->set->root, hu_rule_domain(c), bdf);
	switch (hip09_bdf_verdict(HIP09_FAMILY_HNS3, bdf, &f)) {
	case HIP09_BDF_OK:
		return check_hns3_devfn_unique(c, bdf, e);
	case HIP09_BDF_OUT_OF_RANGE:
		return hu_rule_bdf_out_of_range(c, "bdf", bdf, e);
	default:
		return hu_fail(e, HU_E_FILTER, "%s: bdf %s: no such PCIe function: %s", c->name,
			       hu_bdf_text(bdf, b), hip09_rule_info(HIP09_RULE_HNS3_BDF_IN_RANGE)->text);
	}
}

/* hns3_pmu_event_init(): the mode the driver selects, then its bdf check. */
static int hns3_check_target(struct hu_rule_ctx *c, struct hu_err *e)
{
	c->r->hns3_mode = hip09_hns3_select_mode(c->row.hns3_modes, &c->v);
	return check_hns3_bdf(c, e);
}

const struct hu_family_desc hu_family_hns3 = {
	.name = "hns3",
	.label = "HNS3",
	.device_name = "hns3_pmu",
	.pattern = "hns3_pmu_sicl_*",
	.instance_form = "hns3_pmu_sicl_<id>",
	.table = HIP09_FAMILY_HNS3,
	.needs_hw_clk_freq = true,
	.has_filter_modes = true,
	.parse_instance = hns3_parse_instance,
	.era = hns3_era_of,
	.bdf_target = hns3_bdf_target,
	.check_default = hns3_check_default,
	.check_target = hns3_check_target,
	.explain = hns3_explain,
	.offers = hns3_offers,
	.bdf_twin = hns3_bdf_twin,
};
