/* SPDX-License-Identifier: MIT */
/*
 * hip09_tables.c - lookups over the Hip09 HNS3 and PCIe PMU event tables
 *
 * The only file that includes the rows (hip09_events.h).  See hip09_tables.h
 * for the contract.  Everything here is a pure function of its arguments.
 */
#include "hip09_tables.h"
#include "hip09_events.h"

#define HIP09_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

_Static_assert(HIP09_ARRAY_SIZE(hip09_hns3_fields) == HIP09_HNS3_NUM_FIELDS,
	       "one HNS3 field row per enum hip09_hns3_field");
_Static_assert(HIP09_ARRAY_SIZE(hip09_pcie_fields) == HIP09_PCIE_NUM_FIELDS,
	       "one PCIe field row per enum hip09_pcie_field");
_Static_assert((int)HIP09_PCIE_NUM_FIELDS <= (int)HIP09_MAX_FIELDS,
	       "struct hip09_filter_values must hold every PCIe field");
_Static_assert(HIP09_ARRAY_SIZE(hip09_hns3_mode_order) == HIP09_HNS3_NUM_MODES,
	       "one mode-selection row per HNS3 filter mode");
_Static_assert(HIP09_ARRAY_SIZE(hip09_rules) == HIP09_RULE_COUNT,
	       "one rule row per enum hip09_rule");
_Static_assert(HIP09_ARRAY_SIZE(hip09_kind_names) == HIP09_KIND_COUNT,
	       "one name per enum hip09_kind");
_Static_assert(HIP09_ARRAY_SIZE(hip09_unit_names) == HIP09_UNIT_COUNT,
	       "one name per enum hip09_unit");

/* A family's tables and its driver's rules: the one place a family is told apart. */
struct hip09_family_tables {
	const struct hip09_event *events;
	size_t num_events;
	const struct hip09_field *fields;
	size_t num_fields;
	/* the filter rules of one event, once every field is in its range */
	enum hip09_rule (*check_filters)(const struct hip09_event *ev,
					 const struct hip09_filter_values *v);
	bool (*bdf_checked)(uint32_t hns3_modes, const struct hip09_filter_values *v);
	enum hip09_bdf_verdict (*bdf_verdict)(uint16_t bdf, const struct hip09_bdf_facts *f);
};

static enum hip09_rule check_hns3_filters(const struct hip09_event *ev,
					  const struct hip09_filter_values *v);
static enum hip09_rule check_pcie_filters(const struct hip09_event *ev,
					  const struct hip09_filter_values *v);
static bool hns3_bdf_checked(uint32_t hns3_modes, const struct hip09_filter_values *v);
static bool pcie_bdf_checked(uint32_t hns3_modes, const struct hip09_filter_values *v);
static enum hip09_bdf_verdict hns3_bdf_verdict(uint16_t bdf, const struct hip09_bdf_facts *f);
static enum hip09_bdf_verdict pcie_bdf_verdict(uint16_t bdf, const struct hip09_bdf_facts *f);

static const struct hip09_family_tables hip09_families[] = {
	[HIP09_FAMILY_HNS3] = {
		hip09_hns3_events, HIP09_ARRAY_SIZE(hip09_hns3_events),
		hip09_hns3_fields, HIP09_ARRAY_SIZE(hip09_hns3_fields),
		check_hns3_filters, hns3_bdf_checked, hns3_bdf_verdict,
	},
	[HIP09_FAMILY_PCIE] = {
		hip09_pcie_events, HIP09_ARRAY_SIZE(hip09_pcie_events),
		hip09_pcie_fields, HIP09_ARRAY_SIZE(hip09_pcie_fields),
		check_pcie_filters, pcie_bdf_checked, pcie_bdf_verdict,
	},
};
_Static_assert(HIP09_ARRAY_SIZE(hip09_families) == HIP09_FAMILY_COUNT,
	       "one table set per enum hip09_family");

static const struct hip09_family_tables *family_tables(enum hip09_family family)
{
	if ((unsigned int)family >= HIP09_FAMILY_COUNT)
		return NULL;
	return &hip09_families[family];
}

/* ASCII-only, so the result does not depend on the caller's locale. */
static int ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

static bool names_equal_nocase(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b))
			return false;
	return *a == *b;
}

static bool names_equal(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return *a == *b;
}

HIP09_TABLES_API const struct hip09_event *hip09_events(enum hip09_family family, size_t *n)
{
	const struct hip09_family_tables *t = family_tables(family);

	*n = t ? t->num_events : 0;
	return t ? t->events : NULL;
}

HIP09_TABLES_API const struct hip09_event *hip09_find_event(enum hip09_family family,
							    const char *sysfs_name)
{
	size_t n, i;
	const struct hip09_event *ev = hip09_events(family, &n);

	if (!sysfs_name)
		return NULL;
	for (i = 0; i < n; i++)
		if (names_equal_nocase(ev[i].name, sysfs_name))
			return &ev[i];
	return NULL;
}

HIP09_TABLES_API const struct hip09_event *hip09_find_event_by_code(enum hip09_family family,
								    enum hip09_era era,
								    uint32_t code)
{
	size_t n, i;
	const struct hip09_event *ev = hip09_events(family, &n);

	if ((unsigned int)era >= HIP09_ERA_COUNT || code == HIP09_CODE_ABSENT)
		return NULL;
	for (i = 0; i < n; i++)
		if (ev[i].code[era] == code)
			return &ev[i];
	return NULL;
}

HIP09_TABLES_API const struct hip09_event *hip09_find_partner(enum hip09_family family,
							      const struct hip09_event *ev)
{
	return ev ? hip09_find_event(family, ev->partner) : NULL;
}

HIP09_TABLES_API const struct hip09_field *hip09_filter_fields(enum hip09_family family,
							       size_t *n)
{
	const struct hip09_family_tables *t = family_tables(family);

	*n = t ? t->num_fields : 0;
	return t ? t->fields : NULL;
}

HIP09_TABLES_API const struct hip09_field *hip09_find_filter(enum hip09_family family,
							     const char *name)
{
	size_t n, i;
	const struct hip09_field *f = hip09_filter_fields(family, &n);

	if (!name)
		return NULL;
	for (i = 0; i < n; i++)
		if (names_equal(f[i].name, name))
			return &f[i];
	return NULL;
}

HIP09_TABLES_API uint64_t hip09_field_mask(const struct hip09_field *f)
{
	unsigned int width = f->hi - f->lo + 1u;
	uint64_t low = width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;

	return low << f->lo;
}

HIP09_TABLES_API uint64_t hip09_field_get(const struct hip09_field *f,
					  const uint64_t config[HIP09_CONFIG_WORDS])
{
	return (config[f->word] & hip09_field_mask(f)) >> f->lo;
}

HIP09_TABLES_API void hip09_field_set(const struct hip09_field *f, uint64_t value,
				      uint64_t config[HIP09_CONFIG_WORDS])
{
	uint64_t mask = hip09_field_mask(f);

	config[f->word] = (config[f->word] & ~mask) | ((value << f->lo) & mask);
}

HIP09_TABLES_API bool hip09_tool_default_applies(const struct hip09_field *f, uint32_t given)
{
	return f->default_unless && !(given & f->default_unless);
}

HIP09_TABLES_API void hip09_apply_tool_defaults(enum hip09_family family,
						struct hip09_filter_values *v)
{
	size_t n, i;
	const struct hip09_field *f = hip09_filter_fields(family, &n);

	for (i = 0; i < n; i++)
		if (hip09_tool_default_applies(&f[i], v->given))
			v->value[i] = f[i].tool_default;
}

/* The condition hns3_pmu_select_filter_mode() tests for each mode. */
static bool hns3_mode_condition_holds(enum hip09_hns3_mode mode,
				      const struct hip09_filter_values *v)
{
	uint64_t bdf = v->value[HIP09_HNS3_F_BDF];
	uint64_t queue = v->value[HIP09_HNS3_F_QUEUE];
	uint64_t tc = v->value[HIP09_HNS3_F_TC];

	switch (mode) {
	case HIP09_HNS3_MODE_GLOBAL:
		return v->value[HIP09_HNS3_F_GLOBAL] != 0;
	case HIP09_HNS3_MODE_FUNC:
		return bdf != 0 && queue == HIP09_HNS3_QUEUE_ALL;
	case HIP09_HNS3_MODE_FUNC_QUEUE:
		return bdf != 0 && queue != HIP09_HNS3_QUEUE_ALL;
	case HIP09_HNS3_MODE_PORT:
		return tc == HIP09_HNS3_TC_ALL;
	case HIP09_HNS3_MODE_PORT_TC:
		return tc != HIP09_HNS3_TC_ALL;
	case HIP09_HNS3_MODE_FUNC_INTR:
		/* The driver checks bdf against [bdf_min, bdf_max] at run time; 0 never passes. */
		return bdf != 0;
	case HIP09_HNS3_MODE_NONE:
		break;
	}
	return false;
}

static const struct hip09_hns3_mode_rule *hns3_selected_rule(uint32_t modes,
							     const struct hip09_filter_values *v)
{
	size_t i;

	for (i = 0; i < HIP09_ARRAY_SIZE(hip09_hns3_mode_order); i++) {
		const struct hip09_hns3_mode_rule *r = &hip09_hns3_mode_order[i];

		if ((modes & r->mode) && hns3_mode_condition_holds(r->mode, v))
			return r;
	}
	return NULL;
}

HIP09_TABLES_API enum hip09_hns3_mode hip09_hns3_select_mode(uint32_t modes,
							     const struct hip09_filter_values *v)
{
	const struct hip09_hns3_mode_rule *r = hns3_selected_rule(modes, v);

	return r ? r->mode : HIP09_HNS3_MODE_NONE;
}

static enum hip09_rule check_field_ranges(enum hip09_family family,
					  const struct hip09_filter_values *v)
{
	size_t n, i;
	const struct hip09_field *f = hip09_filter_fields(family, &n);

	for (i = 0; i < n; i++) {
		if (!(v->given & HIP09_FIELD_BIT(i)))
			continue;
		if (v->value[i] < f[i].min || v->value[i] > f[i].max)
			return f[i].range_rule;
	}
	return HIP09_RULE_NONE;
}

static enum hip09_rule check_pcie_filters(const struct hip09_event *ev,
					  const struct hip09_filter_values *v)
{
	uint32_t filters = v->given & ~HIP09_FIELD_BIT(HIP09_PCIE_F_EVENT);
	uint64_t port = v->value[HIP09_PCIE_F_PORT];

	if (filters & ~ev->pcie_filters)
		return HIP09_RULE_PCIE_BANDWIDTH_ONLY;
	if (port != 0 && (v->given & HIP09_FIELD_BIT(HIP09_PCIE_F_BDF)))
		return HIP09_RULE_PCIE_PORT_WINS;
	/* bdf 0 is device 0000:00:00.0, never an endpoint behind a Hip09 root port. */
	if (port == 0 && v->value[HIP09_PCIE_F_BDF] == 0)
		return HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT;
	return HIP09_RULE_NONE;
}

static enum hip09_rule check_hns3_filters(const struct hip09_event *ev,
					  const struct hip09_filter_values *v)
{
	const struct hip09_hns3_mode_rule *r = hns3_selected_rule(ev->hns3_modes, v);

	uint64_t tc = v->value[HIP09_HNS3_F_TC];

	if ((v->given & HIP09_FIELD_BIT(HIP09_HNS3_F_TC)) && tc > 7 && tc != HIP09_HNS3_TC_ALL)
		return HIP09_RULE_HNS3_TC_RANGE;
	if (!r)
		return HIP09_RULE_HNS3_NO_MODE;
	if (v->given & HIP09_HNS3_FILTER_FIELDS & ~r->uses)
		return HIP09_RULE_HNS3_FIELD_IGNORED;
	return HIP09_RULE_NONE;
}

HIP09_TABLES_API enum hip09_rule hip09_check_filters(enum hip09_family family,
						     const struct hip09_event *ev,
						     const struct hip09_filter_values *v)
{
	const struct hip09_family_tables *t = family_tables(family);
	enum hip09_rule rule = check_field_ranges(family, v);

	if (rule != HIP09_RULE_NONE || !t)
		return rule;
	return t->check_filters(ev, v);
}

static bool hns3_bdf_checked(uint32_t hns3_modes, const struct hip09_filter_values *v)
{
	enum hip09_hns3_mode mode = hip09_hns3_select_mode(hns3_modes, v);

	return mode == HIP09_HNS3_MODE_FUNC || mode == HIP09_HNS3_MODE_FUNC_QUEUE;
}

static bool pcie_bdf_checked(uint32_t hns3_modes, const struct hip09_filter_values *v)
{
	(void)hns3_modes;
	return v->value[HIP09_PCIE_F_PORT] == 0;
}

HIP09_TABLES_API bool hip09_bdf_checked(enum hip09_family family, uint32_t hns3_modes,
					const struct hip09_filter_values *v)
{
	const struct hip09_family_tables *t = family_tables(family);

	return t && t->bdf_checked(hns3_modes, v);
}

/* hns3_pmu_valid_bdf(): the range first, then the device */
static enum hip09_bdf_verdict hns3_bdf_verdict(uint16_t bdf, const struct hip09_bdf_facts *f)
{
	if (f->has_range && (bdf < f->bdf_min || bdf > f->bdf_max))
		return HIP09_BDF_OUT_OF_RANGE;
	return f->exists ? HIP09_BDF_OK : HIP09_BDF_NO_DEVICE;
}

static enum hip09_bdf_verdict pcie_bdf_verdict(uint16_t bdf, const struct hip09_bdf_facts *f)
{
	(void)bdf;
	if (!f->exists)
		return HIP09_BDF_NO_DEVICE;
	if (!f->has_root_port)
		return HIP09_BDF_NO_ROOT_PORT;
	if (f->has_range)
		return f->root_port >= f->bdf_min && f->root_port <= f->bdf_max ?
		       HIP09_BDF_OK : HIP09_BDF_OUT_OF_RANGE;
	/*
	 * Before v6.12 sysfs shows only the PMU's root bus, not the range the
	 * driver reads from REG_BDF: only the bus can be compared here (the
	 * component asks the running driver besides, kernel_probe.h).
	 */
	if (f->has_bus && (f->root_port >> 8) != f->bus)
		return HIP09_BDF_OFF_BUS;
	return HIP09_BDF_OK;
}

HIP09_TABLES_API enum hip09_bdf_verdict hip09_bdf_verdict(enum hip09_family family, uint16_t bdf,
							  const struct hip09_bdf_facts *f)
{
	const struct hip09_family_tables *t = family_tables(family);

	return t ? t->bdf_verdict(bdf, f) : HIP09_BDF_NO_DEVICE;
}

/*
 * hns3_pmu_get_filter_condition() writes only bdf & 0xff (device.function)
 * into the func-mode filter: the hardware matches that on every bus of the
 * PMU, so each bus of [bdf_min, bdf_max] is asked for the same devfn.
 */
HIP09_TABLES_API bool hip09_hns3_devfn_twin(uint16_t bdf, uint16_t bdf_min, uint16_t bdf_max,
					    hip09_bdf_exists_fn exists, void *ctx, uint16_t *twin)
{
	unsigned int bus;

	for (bus = bdf_min >> 8u; bus <= (unsigned int)(bdf_max >> 8u); bus++) {
		uint16_t t = (uint16_t)(bus << 8u | (bdf & 0xffu));

		if (t != bdf && t >= bdf_min && t <= bdf_max && exists(ctx, t)) {
			*twin = t;
			return true;
		}
	}
	return false;
}

HIP09_TABLES_API const struct hip09_hns3_mode_rule *hip09_hns3_mode_rules(size_t *n)
{
	*n = HIP09_ARRAY_SIZE(hip09_hns3_mode_order);
	return hip09_hns3_mode_order;
}

HIP09_TABLES_API const char *hip09_kind_name(enum hip09_kind kind)
{
	if ((unsigned int)kind >= HIP09_ARRAY_SIZE(hip09_kind_names))
		return "unknown";
	return hip09_kind_names[kind];
}

HIP09_TABLES_API const char *hip09_unit_name(enum hip09_unit unit)
{
	if ((unsigned int)unit >= HIP09_ARRAY_SIZE(hip09_unit_names))
		return "unknown";
	return hip09_unit_names[unit];
}

HIP09_TABLES_API const char *hip09_hns3_mode_name(enum hip09_hns3_mode mode)
{
	size_t i;

	for (i = 0; i < HIP09_ARRAY_SIZE(hip09_hns3_mode_order); i++)
		if (hip09_hns3_mode_order[i].mode == mode)
			return hip09_hns3_mode_order[i].name;
	return "unknown";
}

HIP09_TABLES_API const struct hip09_rule_info *hip09_rule_info(enum hip09_rule rule)
{
	if ((unsigned int)rule >= HIP09_ARRAY_SIZE(hip09_rules))
		return NULL;
	return &hip09_rules[rule];
}
