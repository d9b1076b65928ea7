// SPDX-License-Identifier: BSD-3-Clause
/*
 * family_pcie.c - the HiSilicon PCIe PMU, hisi_pcie<sicl>_core<core>
 * (drivers/perf/hisilicon/hisi_pcie_pmu.c): one per PCIe core, counting
 * TLPs of the root ports in [bdf_min, bdf_max] and the devices behind them.
 */
#include "pmu_family.h"

#include <stdio.h>

#include "event_spec.h"
#include "family_rules.h"
#include "hisi_meaning.h"
#include "kernel_probe.h"
#include "hu_text.h"
#include "pmu_sysfs.h"
#include "pci_sysfs.h"

static bool pcie_parse_instance(const char *name, unsigned int *sicl, unsigned int *core)
{
	const char *p = name;

	return hu_family_take_prefix(&p, "hisi_pcie") && hu_family_take_uint(&p, sicl) &&
	       hu_family_take_prefix(&p, "_core") && hu_family_take_uint(&p, core) && *p == '\0';
}

/* The driver's eras, each rule citing where it comes from. */
enum { ERA_5_19, ERA_6_2, ERA_6_9, ERA_6_12 };

static const struct hu_driver_era pcie_eras[] = {
	/*
	 * v5.19: hisi_pcie_pmu_cmp_event() compares the real code;
	 * hisi_pcie_pmu_find_related_event() fails add() with -EINVAL for a
	 * related event of another group; only a nonzero bdf is checked;
	 * hisi_pcie_pmu_config_filter() leaves LEN at INIT_SET's 1 (payload).
	 * Debian 12's 6.1.y is this era with v6.2's event codes (stable), which
	 * the component reads from sysfs.
	 */
	[ERA_5_19] = {
		.name = "hisi_pcie v5.19-v6.1",
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.zero_bdf_unchecked = true, .flux_payload_only = true,
		.evidence = "no format/len_mode",
	},
	/* v6.2 (17d573984d4d): len_mode, control word from HISI_PCIE_INIT_SET */
	[ERA_6_2] = {
		.name = "hisi_pcie v6.2-v6.8",
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_REAL_CODE,
		.len_mode_2_counts_payload = true, .zero_bdf_unchecked = true,
		.evidence = "format/len_mode, no events/rx_mwr_flux",
	},
	/*
	 * v6.9: hisi_pcie_pmu_get_event_ctrl_val() decides sharing (whole
	 * control word), related events of other groups get their own counter
	 * (2fbf96ed883a), bdf is checked whenever port is 0 (2f864fee0851).
	 */
	[ERA_6_9] = {
		.name = "hisi_pcie v6.9-v6.11",
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true, .len_mode_2_counts_payload = true,
		.evidence = "events/rx_mwr_flux, no bdf_min",
	},
	/* v6.12: control word from 0 ("Fix TLP headers bandwidth counting"), bdf_min/max */
	[ERA_6_12] = {
		.name = "hisi_pcie v6.12+",
		.counters = HU_HIP09_PMU_COUNTERS, .share = HU_SHARE_CTRL_WORD,
		.same_code_across_groups = true,
		.evidence = "events/rx_mwr_flux, bdf_min, bdf_max",
	},
};

static const struct hu_driver_era *pcie_era_of(const struct hu_era_evidence *ev)
{
	if (ev->has_v69_events)
		return &pcie_eras[ev->has_bdf_range ? ERA_6_12 : ERA_6_9];
	return &pcie_eras[ev->has_len_mode ? ERA_6_2 : ERA_5_19];
}

/*
 * hisi_pcie_pmu_valid_requester_id() (hip09_bdf_verdict()): an existing
 * device whose root port (pcie_find_root_port()) is in [bdf_min, bdf_max];
 * before v6.12, when sysfs shows no range, on the PMU's root bus (the
 * driver's range is then asked for separately, pcie_driver_refuses_bdf()).
 */
static bool pcie_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev)
{
	struct hip09_bdf_facts f;

	hu_rule_pmu_facts(pmu, &f);
	f.exists = true;
	f.has_root_port = dev->has_root_port;
	f.root_port = dev->root_port;
	return hip09_bdf_verdict(HIP09_FAMILY_PCIE, dev->bdf, &f) == HIP09_BDF_OK;
}

/*
 * Every driver checks the root port against [bdf_min, bdf_max] read from
 * the PMU's REG_BDF register (hisi_pcie_pmu_valid_requester_id()); sysfs
 * shows that range only since v6.12, before only the root bus, which two
 * PMUs may share.  Without the range the driver is asked (kernel_probe.h).
 */
static bool pcie_driver_refuses(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
				const struct hu_attr *attr)
{
	return !pmu->has_bdf_range && hu_kernel_probe(set, pmu, attr) == HU_PROBE_REFUSED;
}

/* The same for a device name: @event of @pmu with bdf=@bdf alone. */
static bool pcie_driver_refuses_bdf(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
				    const char *event, uint16_t bdf)
{
	struct hu_term_list terms = { .n = 1 };
	const struct hu_event *ev;
	struct hu_attr attr;
	struct hu_err e;

	if (pmu->has_bdf_range)
		return false;
	ev = hu_pmu_find_event(pmu, event);
	hu_copy(terms.term[0].name, sizeof(terms.term[0].name), "bdf");
	terms.term[0].value = bdf;
	terms.term[0].has_value = true;
	return ev && hu_encode(pmu, ev, &terms, &attr, &e) == HU_OK &&
	       pcie_driver_refuses(set, pmu, &attr);
}

/* ---- the driver's rules (hisi_pcie_pmu_event_init(); family_rules.h) ---- */

#define PCIE_LEN_MODE_HEADERS 2

/* The filter rules' messages; the tables' range rules explain themselves. */
static int pcie_explain(const struct hu_rule_ctx *c, enum hip09_rule rule, struct hu_err *e)
{
	char extra[128];

	if (rule != HIP09_RULE_PCIE_BANDWIDTH_ONLY && rule != HIP09_RULE_PCIE_PORT_WINS &&
	    rule != HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT)
		return HU_OK;
	if (rule == HIP09_RULE_PCIE_BANDWIDTH_ONLY) {
		hu_rule_list_fields(c, c->given & ~c->row.pcie_filters, extra, sizeof(extra));
		return hu_fail(e, HU_E_FILTER, "%s: %s not allowed: %s", c->name, extra,
			       hip09_rule_info(rule)->text);
	}
	return hu_fail(e, HU_E_FILTER, "%s: %s", c->name, hip09_rule_info(rule)->text);
}

/*
 * hisi_pcie_pmu_valid_requester_id() (hip09_bdf_verdict()): a device whose
 * root port is ours.  The device and its root port come from
 * hu_pci_root_port(), whose message says which of them is missing.
 */
static int check_pcie_bdf(struct hu_rule_ctx *c, struct hu_err *e)
{
	uint16_t bdf = (uint16_t)c->v.value[HIP09_PCIE_F_BDF];
	const struct hu_pmu *p = c->r->pmu;
	char dev[HU_BDF_TEXT], port[HU_BDF_TEXT], what[64];
	struct hip09_bdf_facts f;

	if (!hip09_bdf_checked(HIP09_FAMILY_PCIE, 0, &c->v))
		return HU_OK;
	hu_rule_pmu_facts(p, &f);
	if (hu_pci_root_port(c->set->root, hu_rule_domain(c), bdf, &f.root_port, e))
		return hu_err_prefix(e, "%s: bdf=0x%04x: %s", c->name, bdf,
				     hip09_rule_info(HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT)->text);
	f.exists = f.has_root_port = true;
	switch (hip09_bdf_verdict(HIP09_FAMILY_PCIE, bdf, &f)) {
	case HIP09_BDF_OUT_OF_RANGE:
		snprintf(what, sizeof(what), "bdf %s sits behind root port", hu_bdf_text(bdf, dev));
		return hu_rule_bdf_out_of_range(c, what, f.root_port, e);
	case HIP09_BDF_OFF_BUS:	/* before v6.12 only the bus file tells where its root ports are */
		return hu_fail(e, HU_E_FILTER, "%s: bdf %s sits behind root port %s, not on %s's "
			       "root bus 0x%02x: %s", c->name, hu_bdf_text(bdf, dev),
			       hu_bdf_text(f.root_port, port), p->name, p->bus,
			       hip09_rule_info(HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT)->text);
	default:	/* hu_pci_root_port() found the device and its root port */
		break;
	}
	if (!pcie_driver_refuses(c->set, p, &c->r->attr))
		return HU_OK;
	return hu_fail(e, HU_E_FILTER, "%s: bdf %s sits behind root port %s, which %s's driver "
		       "refuses: it takes the root ports in a range it reads from the device "
		       "(hisi_pcie_pmu_valid_requester_id()), which sysfs shows only since Linux "
		       "6.12 (bdf_min, bdf_max); the driver was asked", c->name,
		       hu_bdf_text(bdf, dev), hu_bdf_text(f.root_port, port), p->name);
}

/*
 * hisi_pcie_pmu_get_event_ctrl_val() before v6.12 starts from
 * HISI_PCIE_INIT_SET (LEN field 1), so len_mode=2 is programmed as 3.
 */
static int check_pcie_len_mode(const struct hu_rule_ctx *c, struct hu_err *e)
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

/* After the table's filter rules, hisi_pcie_pmu_event_init()'s own checks. */
static int pcie_check_target(struct hu_rule_ctx *c, struct hu_err *e)
{
	int ret = check_pcie_len_mode(c, e);

	return ret ? ret : check_pcie_bdf(c, e);
}

/* ---- what each family offers listings ------------------------------------------ */

/*
 * Every filter the event takes, in any pair but port with bdf
 * (hisi_pcie_pmu_config_filter(): with port set, bdf is ignored).
 */
static void pcie_offers(const struct hu_rule_ctx *c, uint32_t *fields,
			uint32_t together[HU_TOGETHER_MAX], size_t *n)
{
	*fields = c->row.pcie_filters;
	together[0] = *fields & ~HIP09_FIELD_BIT(HIP09_PCIE_F_BDF);
	together[1] = *fields & ~HIP09_FIELD_BIT(HIP09_PCIE_F_PORT);
	*n = 2;
}

#define PCIE_PORT_BITS 16

/*
 * Two port bits per PCI slot from the PMU's first root port,
 * BIT((slot - PCI_SLOT(bdf_min)) << 1), as HiSilicon's perf iostat computes
 * its masks (hisi-iostat.c, hisi_pcie_root_ports_list's scan; not mainline)
 * and as the kernel's hisi-pcie-pmu.rst examples read (00:00.0 bit 0,
 * 00:04.0 bit 8).  None without bdf_min (before v6.12).
 */
static bool pcie_root_port_bit(const struct hu_pmu *pmu, uint16_t root_port, unsigned int *bit)
{
	unsigned int slot = (root_port >> 3) & 0x1f, first = (pmu->bdf_min >> 3) & 0x1f;

	if (!pmu->has_bdf_range || root_port < pmu->bdf_min ||
	    root_port > pmu->bdf_max || (root_port >> 8) != (pmu->bdf_min >> 8) || slot < first ||
	    (slot - first) * 2 >= PCIE_PORT_BITS)
		return false;
	*bit = (slot - first) * 2;
	return true;
}


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
 * v6.12 start from HISI_PCIE_INIT_SET, so len_mode 2 comes out as 3; before
 * v6.2 (hisi_pcie_pmu_config_filter()) no LEN is written at all.
 * hu_format_scatter() is the kernel's FIELD_PREP() on these contiguous masks.
 */
static uint64_t pcie_ctrl_word(const struct hu_driver_era *era, const struct hu_attr *a)
{
	bool from_init_set = era->len_mode_2_counts_payload || era->flux_payload_only;
	uint64_t reg = from_init_set ? PCIE_CTRL_INIT_SET : 0;
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
	if (!era->flux_payload_only)
		reg |= hu_format_scatter(PCIE_CTRL_LEN_M, len_mode ? len_mode : PCIE_LEN_M_DEFAULT);
	return reg;
}

const struct hu_family_desc hu_family_pcie = {
	.name = "hisi_pcie",
	.label = "PCIe",
	.device_name = "hisi_pcie",
	.pattern = "hisi_pcie*",
	.instance_form = "hisi_pcie<sicl>_core<core>",
	.sicl_pattern = "hisi_pcie%u_core*",
	.table = HIP09_FAMILY_PCIE,
	.parse_instance = pcie_parse_instance,
	.era = pcie_era_of,
	.bdf_target = pcie_bdf_target,
	.driver_refuses_bdf = pcie_driver_refuses_bdf,
	.check_target = pcie_check_target,
	.explain = pcie_explain,
	.offers = pcie_offers,
	.ctrl_word = pcie_ctrl_word,
	.root_port_bit = pcie_root_port_bit,
};
