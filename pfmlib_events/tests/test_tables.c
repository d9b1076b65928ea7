/* SPDX-License-Identifier: MIT */
/*
 * test_tables.c - consistency tests of the Hip09 event tables and lookup API
 *
 * Usage: test_tables [hip09-pmu-events.json]
 * With the JSON (the project's machine-readable fact sheet, given as the
 * argument or in $HIP09_EVENTS_JSON), every row is also compared with it.
 * Exit status 0 only if every test passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "cu_assert.h"

#include "hip09_tables.h"

static const char *json_path;

static const enum hip09_family families[] = { HIP09_FAMILY_HNS3, HIP09_FAMILY_PCIE };
#define NUM_FAMILIES (sizeof(families) / sizeof(families[0]))

static bool present(const struct hip09_event *ev, enum hip09_era era)
{
	return ev->code[era] != HIP09_CODE_ABSENT;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static size_t count_in_era(enum hip09_family family, enum hip09_era era)
{
	size_t n, i, count = 0;
	const struct hip09_event *ev = hip09_events(family, &n);

	for (i = 0; i < n; i++)
		count += present(&ev[i], era);
	return count;
}

/* ---- counts ------------------------------------------------------------- */

/*
 * How many events the drivers list is the reference JSON's to say (see
 * test_matches_json); here, what changed between eras: hns3_pmu's list
 * never did, hisi_pcie's grew from 10 to 18 events in v6.9 (these eras are
 * history, so their counts are fixed).
 */
static void test_counts_per_era(void)
{
	size_t n;

	hip09_events(HIP09_FAMILY_HNS3, &n);
	CU_ASSERT(n > 0 && n % 2 == 0);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_HNS3, HIP09_ERA_V5_19), n);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_HNS3, HIP09_ERA_V6_2), n);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_HNS3, HIP09_ERA_V6_9), n);
	hip09_events(HIP09_FAMILY_PCIE, &n);
	HU_ASSERT_EQ(n, 18);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_PCIE, HIP09_ERA_V5_19), 10);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_PCIE, HIP09_ERA_V6_2), 10);
	HU_ASSERT_EQ(count_in_era(HIP09_FAMILY_PCIE, HIP09_ERA_V6_9), 18);
	hip09_events(HIP09_FAMILY_COUNT, &n);
	HU_ASSERT_EQ(n, 0);
}

/* ---- names and descriptions -------------------------------------------- */

static void test_names_unique_and_lower_case(void)
{
	size_t f, n, i, j;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_event *ev = hip09_events(families[f], &n);

		for (i = 0; i < n; i++) {
			const char *c;

			CU_ASSERT_PTR_NOT_NULL_FATAL(ev[i].name);
			CU_ASSERT(ev[i].name[0] != '\0');
			for (c = ev[i].name; *c; c++)
				CU_ASSERT((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
					  *c == '_');
			for (j = i + 1; j < n; j++)
				HU_ASSERT_STR_NE(ev[i].name, ev[j].name);
		}
	}
}

static void test_descriptions_name_the_pair_and_unit(void)
{
	static const char *const unit_word[HIP09_UNIT_COUNT] = {
		[HIP09_UNIT_BYTES] = "Unit: bytes.", [HIP09_UNIT_PACKETS] = "Unit: packets.",
		[HIP09_UNIT_CYCLES] = "Unit: cycles.", [HIP09_UNIT_INTERRUPTS] = "Unit: interrupts.",
		[HIP09_UNIT_TLPS] = "Unit: TLPs.", [HIP09_UNIT_DWORDS] = "Unit: DW.",
	};
	size_t f, n, i;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_event *ev = hip09_events(families[f], &n);

		for (i = 0; i < n; i++) {
			CU_ASSERT_PTR_NOT_NULL_FATAL(ev[i].desc);
			CU_ASSERT(strlen(ev[i].desc) > 40);
			HU_ASSERT_CONTAINS(ev[i].desc, ev[i].partner);
			HU_ASSERT_CONTAINS(ev[i].desc, unit_word[ev[i].unit]);
		}
	}
}

/*
 * A PCIe description offers bdf only on events that take it: latency
 * events take port alone (hisi_pcie_pmu_valid_filter(), "bdf ... can only
 * be used in bandwidth events").
 */
static void test_pcie_descriptions_offer_their_filters(void)
{
	size_t n, i;
	const struct hip09_event *ev = hip09_events(HIP09_FAMILY_PCIE, &n);

	for (i = 0; i < n; i++) {
		bool takes_bdf = ev[i].pcie_filters & HIP09_FIELD_BIT(HIP09_PCIE_F_BDF);

		HU_ASSERT_EQ(strstr(ev[i].desc, "bdf") != NULL, takes_bdf);
		HU_ASSERT_CONTAINS(ev[i].desc, "chosen by port");
	}
}

/* ---- pairs -------------------------------------------------------------- */

static void check_pair(enum hip09_family family, const struct hip09_event *ev)
{
	const struct hip09_event *p = hip09_find_partner(family, ev);
	int era;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT(p != ev);
	CU_ASSERT_PTR_EQUAL(hip09_find_partner(family, p), ev);
	HU_ASSERT_EQ(ev->role + p->role, 1);
	HU_ASSERT_EQ(ev->kind, p->kind);
	HU_ASSERT_EQ(ev->hns3_modes, p->hns3_modes);
	HU_ASSERT_EQ(ev->pcie_filters, p->pcie_filters);
	for (era = 0; era < HIP09_ERA_COUNT; era++) {
		HU_ASSERT_EQ(present(ev, era), present(p, era));
		if (!present(ev, era))
			continue;
		HU_ASSERT_EQ(ev->code[era] & HIP09_REAL_CODE_MASK,
			     p->code[era] & HIP09_REAL_CODE_MASK);
		HU_ASSERT_EQ((ev->code[era] >> HIP09_ROLE_BIT) & 1u, (uint32_t)ev->role);
		HU_ASSERT_EQ(ev->code[era] >> (HIP09_ROLE_BIT + 1), 0);
	}
}

static void test_pairs_complete_and_symmetric(void)
{
	size_t f, n, i;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_event *ev = hip09_events(families[f], &n);

		HU_ASSERT_EQ(n % 2, 0);
		for (i = 0; i < n; i++)
			check_pair(families[f], &ev[i]);
	}
}

/* ---- codes -------------------------------------------------------------- */

static void test_codes_unique_per_era(void)
{
	size_t f, n, i, j;
	int era;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_event *ev = hip09_events(families[f], &n);

		for (era = 0; era < HIP09_ERA_COUNT; era++)
			for (i = 0; i < n; i++)
				for (j = i + 1; j < n; j++)
					CU_ASSERT(!present(&ev[i], era) ||
						  ev[i].code[era] != ev[j].code[era]);
	}
}

static void test_hns3_codes_stable_and_typed(void)
{
	static const enum hip09_kind kind_of_type[] = {
		HIP09_KIND_BANDWIDTH, HIP09_KIND_PACKET_RATE, HIP09_KIND_LATENCY,
		HIP09_KIND_INTERRUPT_RATE
	};
	size_t n, i;
	const struct hip09_event *ev = hip09_events(HIP09_FAMILY_HNS3, &n);

	for (i = 0; i < n; i++) {
		uint32_t type = (ev[i].code[HIP09_ERA_NEWEST] >> 8) & 0xff;

		HU_ASSERT_EQ(ev[i].code[HIP09_ERA_V5_19], ev[i].code[HIP09_ERA_NEWEST]);
		HU_ASSERT_EQ(ev[i].code[HIP09_ERA_V6_2], ev[i].code[HIP09_ERA_NEWEST]);
		CU_ASSERT_FATAL(type < 4);
		HU_ASSERT_EQ(ev[i].kind, kind_of_type[type]);
	}
}

static void test_pcie_era_history(void)
{
	const struct hip09_event *rx_mrd_flux = hip09_find_event(HIP09_FAMILY_PCIE, "rx_mrd_flux");
	const struct hip09_event *tx_mrd_time = hip09_find_event(HIP09_FAMILY_PCIE, "tx_mrd_time");

	CU_ASSERT_PTR_NOT_NULL_FATAL(rx_mrd_flux);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tx_mrd_time);
	HU_ASSERT_EQ(rx_mrd_flux->code[HIP09_ERA_V5_19], 0x1005);
	HU_ASSERT_EQ(rx_mrd_flux->code[HIP09_ERA_V6_2], 0x0804);
	HU_ASSERT_EQ(tx_mrd_time->code[HIP09_ERA_V5_19], 0x12004);
	HU_ASSERT_EQ(tx_mrd_time->code[HIP09_ERA_V6_9], 0x10405);
	/* v6.9 reused the old v5.19 codes for the completion events. */
	CU_ASSERT_PTR_EQUAL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V5_19, 0x1005),
			    rx_mrd_flux);
	CU_ASSERT_PTR_EQUAL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V6_9, 0x1005),
			    hip09_find_event(HIP09_FAMILY_PCIE, "tx_cpl_flux"));
	CU_ASSERT_PTR_EQUAL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V6_9, 0x12004),
			    hip09_find_event(HIP09_FAMILY_PCIE, "rx_cpl_time"));
	CU_ASSERT_PTR_NULL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V6_2, 0x1005));
	CU_ASSERT_PTR_NULL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V6_2, 0x104));
	CU_ASSERT_PTR_NULL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_V6_9,
						    HIP09_CODE_ABSENT));
	CU_ASSERT_PTR_NULL(hip09_find_event_by_code(HIP09_FAMILY_PCIE, HIP09_ERA_COUNT, 0x10));
}

/* ---- kinds, units, name suffixes --------------------------------------- */

struct naming {
	enum hip09_family family;
	enum hip09_kind kind;
	const char *suffix[2];		/* by role */
	enum hip09_unit unit[2];	/* by role */
};

/* The drivers' pair macros (HNS3_PMU_*_EVT_PAIR) and the PCIe doc's pair names. */
static const struct naming namings[] = {
	{ HIP09_FAMILY_HNS3, HIP09_KIND_BANDWIDTH, { "_byte_num", "_time" },
	  { HIP09_UNIT_BYTES, HIP09_UNIT_CYCLES } },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_PACKET_RATE, { "_packet_num", "_time" },
	  { HIP09_UNIT_PACKETS, HIP09_UNIT_CYCLES } },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_LATENCY, { "_time", "_packet_num" },
	  { HIP09_UNIT_CYCLES, HIP09_UNIT_PACKETS } },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_INTERRUPT_RATE, { "_intr_num", "_time" },
	  { HIP09_UNIT_INTERRUPTS, HIP09_UNIT_CYCLES } },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_LATENCY, { "_latency", "_cnt" },
	  { HIP09_UNIT_CYCLES, HIP09_UNIT_TLPS } },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_BANDWIDTH, { "_flux", "_time" },
	  { HIP09_UNIT_DWORDS, HIP09_UNIT_CYCLES } },
};

static const struct naming *naming_of(enum hip09_family family, enum hip09_kind kind)
{
	size_t i;

	for (i = 0; i < sizeof(namings) / sizeof(namings[0]); i++)
		if (namings[i].family == family && namings[i].kind == kind)
			return &namings[i];
	return NULL;
}

static void test_kind_role_unit_and_suffix_agree(void)
{
	size_t f, n, i;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_event *ev = hip09_events(families[f], &n);

		for (i = 0; i < n; i++) {
			const struct naming *nm = naming_of(families[f], ev[i].kind);

			CU_ASSERT_PTR_NOT_NULL_FATAL(nm);
			CU_ASSERT(ends_with(ev[i].name, nm->suffix[ev[i].role]));
			HU_ASSERT_EQ(ev[i].unit, nm->unit[ev[i].role]);
		}
	}
}

/* ---- filters of events --------------------------------------------------- */

static void test_hns3_masks_valid(void)
{
	size_t n, i;
	const struct hip09_event *ev = hip09_events(HIP09_FAMILY_HNS3, &n);

	for (i = 0; i < n; i++) {
		HU_ASSERT_EQ(ev[i].hns3_modes & ~HIP09_HNS3_MODES_ALL, 0);
		CU_ASSERT(ev[i].hns3_modes & HIP09_HNS3_MODE_GLOBAL);
		/* No event of the driver supports func-intr (doc/reference/hip09-pmu-facts.md 2.5). */
		HU_ASSERT_EQ(ev[i].hns3_modes & HIP09_HNS3_MODE_FUNC_INTR, 0);
		HU_ASSERT_EQ(ev[i].pcie_filters, 0);
	}
}

static void test_pcie_filters_by_kind(void)
{
	const uint32_t port = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT);
	const uint32_t all = HIP09_FIELD_BIT(HIP09_PCIE_NUM_FIELDS) - 1u -
			     HIP09_FIELD_BIT(HIP09_PCIE_F_EVENT);
	size_t n, i;
	const struct hip09_event *ev = hip09_events(HIP09_FAMILY_PCIE, &n);

	for (i = 0; i < n; i++) {
		uint32_t expect = ev[i].kind == HIP09_KIND_LATENCY ? port : all;

		HU_ASSERT_EQ(ev[i].hns3_modes, 0);
		HU_ASSERT_EQ(ev[i].pcie_filters, expect);
	}
}

/* ---- format fields ----------------------------------------------------- */

struct expected_format {
	enum hip09_family family;
	const char *name;
	const char *format;	/* the sysfs format/<name> text */
};

static const struct expected_format formats[] = {
	{ HIP09_FAMILY_HNS3, "subevent", "config:0-7" },
	{ HIP09_FAMILY_HNS3, "event_type", "config:8-15" },
	{ HIP09_FAMILY_HNS3, "ext_counter_used", "config:16" },
	{ HIP09_FAMILY_HNS3, "port", "config1:0-3" },
	{ HIP09_FAMILY_HNS3, "tc", "config1:4-7" },
	{ HIP09_FAMILY_HNS3, "bdf", "config1:8-23" },
	{ HIP09_FAMILY_HNS3, "queue", "config1:24-39" },
	{ HIP09_FAMILY_HNS3, "intr", "config1:40-51" },
	{ HIP09_FAMILY_HNS3, "global", "config1:52" },
	{ HIP09_FAMILY_PCIE, "event", "config:0-16" },
	{ HIP09_FAMILY_PCIE, "thr_len", "config1:0-3" },
	{ HIP09_FAMILY_PCIE, "thr_mode", "config1:4" },
	{ HIP09_FAMILY_PCIE, "trig_len", "config1:5-8" },
	{ HIP09_FAMILY_PCIE, "trig_mode", "config1:9" },
	{ HIP09_FAMILY_PCIE, "len_mode", "config1:10-11" },
	{ HIP09_FAMILY_PCIE, "port", "config2:0-15" },
	{ HIP09_FAMILY_PCIE, "bdf", "config2:16-31" },
};
#define NUM_FORMATS (sizeof(formats) / sizeof(formats[0]))

static void format_text(const struct hip09_field *f, char *buf, size_t len)
{
	static const char *const word[] = { "config", "config1", "config2" };

	if (f->lo == f->hi)
		snprintf(buf, len, "%s:%u", word[f->word], (unsigned int)f->lo);
	else
		snprintf(buf, len, "%s:%u-%u", word[f->word], (unsigned int)f->lo,
			 (unsigned int)f->hi);
}

static void test_fields_match_kernel_formats(void)
{
	size_t i, n_hns3, n_pcie;
	char buf[32];

	hip09_filter_fields(HIP09_FAMILY_HNS3, &n_hns3);
	hip09_filter_fields(HIP09_FAMILY_PCIE, &n_pcie);
	HU_ASSERT_EQ(n_hns3 + n_pcie, NUM_FORMATS);
	for (i = 0; i < NUM_FORMATS; i++) {
		const struct hip09_field *f = hip09_find_filter(formats[i].family, formats[i].name);

		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		format_text(f, buf, sizeof(buf));
		HU_ASSERT_STR_EQ(buf, formats[i].format);
	}
}

static void check_field_row(const struct hip09_field *f, const struct hip09_field *all, size_t n)
{
	uint64_t width_max = hip09_field_mask(f) >> f->lo;
	size_t j;

	CU_ASSERT(f->lo <= f->hi && f->hi < 64);
	CU_ASSERT(f->word < HIP09_CONFIG_WORDS);
	CU_ASSERT(f->min <= f->max && f->max <= width_max);
	CU_ASSERT(f->driver_default <= width_max);
	CU_ASSERT(f->tool_default <= f->max);
	CU_ASSERT(!f->default_unless || (f->default_unless & HIP09_FIELD_BIT(f - all)));
	HU_ASSERT_NE(f->range_rule, HIP09_RULE_NONE);
	CU_ASSERT(f->desc && strlen(f->desc) > 20);
	for (j = 0; j < n; j++)
		if (&all[j] != f && all[j].word == f->word)
			HU_ASSERT_EQ(hip09_field_mask(&all[j]) & hip09_field_mask(f), 0);
}

static void test_field_rows_sane_and_disjoint(void)
{
	size_t f, n, i;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_field *fl = hip09_filter_fields(families[f], &n);

		for (i = 0; i < n; i++)
			check_field_row(&fl[i], fl, n);
	}
	CU_ASSERT_PTR_NULL(hip09_find_filter(HIP09_FAMILY_HNS3, "TC"));
	CU_ASSERT_PTR_NULL(hip09_find_filter(HIP09_FAMILY_HNS3, "thr_len"));
	CU_ASSERT_PTR_NULL(hip09_find_filter(HIP09_FAMILY_PCIE, NULL));
}

static void test_field_set_get_round_trip(void)
{
	size_t f, n, i;

	for (f = 0; f < NUM_FAMILIES; f++) {
		const struct hip09_field *fl = hip09_filter_fields(families[f], &n);

		for (i = 0; i < n; i++) {
			uint64_t config[HIP09_CONFIG_WORDS] = { ~0ull, ~0ull, ~0ull };
			uint64_t before = config[fl[i].word];

			hip09_field_set(&fl[i], 0, config);
			HU_ASSERT_EQ(config[fl[i].word], before & ~hip09_field_mask(&fl[i]));
			hip09_field_set(&fl[i], fl[i].max, config);
			HU_ASSERT_EQ(hip09_field_get(&fl[i], config), fl[i].max);
		}
	}
	{
		uint64_t config[HIP09_CONFIG_WORDS] = { 0 };

		hip09_field_set(hip09_find_filter(HIP09_FAMILY_PCIE, "bdf"), 0x3900, config);
		hip09_field_set(hip09_find_filter(HIP09_FAMILY_HNS3, "global"), 1, config);
		HU_ASSERT_EQ(config[2], 0x39000000ull);
		HU_ASSERT_EQ(config[1], 1ull << 52);
	}
}

/* ---- filter-mode selection and driver rules ---------------------------- */

static struct hip09_filter_values hns3_values(uint64_t global, uint64_t port, uint64_t tc,
					       uint64_t bdf, uint64_t queue, uint64_t intr)
{
	struct hip09_filter_values v = { 0 };

	v.value[HIP09_HNS3_F_GLOBAL] = global;
	v.value[HIP09_HNS3_F_PORT] = port;
	v.value[HIP09_HNS3_F_TC] = tc;
	v.value[HIP09_HNS3_F_BDF] = bdf;
	v.value[HIP09_HNS3_F_QUEUE] = queue;
	v.value[HIP09_HNS3_F_INTR] = intr;
	return v;
}

struct mode_case {
	uint32_t modes;
	uint64_t global, port, tc, bdf, queue, intr;
	enum hip09_hns3_mode expect;
};

#define ALL HIP09_HNS3_MODES_ALL
#define M(x) HIP09_HNS3_MODE_##x
static const struct mode_case mode_cases[] = {
	/* global: needs global=1 and wins over every other field */
	{ ALL, 1, 3, 2, 0x3500, 7, 1, M(GLOBAL) },
	{ M(GLOBAL), 0, 0, 0xf, 0, 0xffff, 0, M(NONE) },
	{ ALL & ~M(GLOBAL), 1, 0, 0xf, 0, 0xffff, 0, M(PORT) },
	/* func: bdf != 0 and queue == 0xffff; tried before port and port-tc */
	{ ALL, 0, 0, 0xf, 0x3500, 0xffff, 0, M(FUNC) },
	{ ALL, 0, 2, 3, 0x3500, 0xffff, 0, M(FUNC) },
	/* func-queue: bdf != 0 and queue != 0xffff; tried before port */
	{ ALL, 0, 0, 0xf, 0x3500, 3, 0, M(FUNC_QUEUE) },
	{ ALL, 0, 0, 0xf, 0x3500, 0, 0, M(FUNC_QUEUE) },
	{ M(GLOBAL) | M(FUNC) | M(PORT), 0, 0, 0xf, 0x3500, 3, 0, M(PORT) },
	{ M(GLOBAL) | M(FUNC_QUEUE) | M(PORT), 0, 0, 0xf, 0x3500, 0xffff, 0, M(PORT) },
	{ M(GLOBAL) | M(FUNC_QUEUE), 0, 0, 0xf, 0, 3, 0, M(NONE) },
	/* port: tc == 0xf */
	{ ALL, 0, 1, 0xf, 0, 0xffff, 0, M(PORT) },
	{ M(GLOBAL) | M(PORT), 0, 1, 2, 0, 0xffff, 0, M(NONE) },
	/* port-tc: tc != 0xf, including the driver's zero default */
	{ ALL, 0, 1, 2, 0, 0xffff, 0, M(PORT_TC) },
	{ ALL, 0, 0, 0, 0, 0, 0, M(PORT_TC) },
	{ M(GLOBAL) | M(PORT_TC), 0, 1, 0xf, 0, 0xffff, 0, M(NONE) },
	/* func-intr: last; bdf != 0 */
	{ M(FUNC_INTR), 0, 0, 0xf, 0x3500, 0xffff, 4, M(FUNC_INTR) },
	{ M(FUNC_INTR), 0, 0, 0xf, 0, 0xffff, 4, M(NONE) },
	{ M(PORT_TC) | M(FUNC_INTR), 0, 0, 1, 0x3500, 0xffff, 4, M(PORT_TC) },
	{ 0, 1, 0, 0xf, 0x3500, 0xffff, 0, M(NONE) },
};
#undef M
#undef ALL

static void test_hns3_select_mode_cases(void)
{
	size_t i;

	for (i = 0; i < sizeof(mode_cases) / sizeof(mode_cases[0]); i++) {
		const struct mode_case *c = &mode_cases[i];
		struct hip09_filter_values v = hns3_values(c->global, c->port, c->tc, c->bdf,
							   c->queue, c->intr);
		enum hip09_hns3_mode got = hip09_hns3_select_mode(c->modes, &v);

		if (got != c->expect)
			fprintf(stderr, "\nmode case %zu: expected %s, got %s\n", i,
				hip09_hns3_mode_name(c->expect), hip09_hns3_mode_name(got));
		HU_ASSERT_EQ(got, c->expect);
	}
}

static void test_hns3_mode_order_rows(void)
{
	static const char *const order[] = {
		"global", "func", "func-queue", "port", "port-tc", "func-intr"
	};
	static const uint8_t hw_mode[] = { 0, 3, 4, 1, 2, 5 };
	size_t n, i;
	uint32_t seen = 0;
	const struct hip09_hns3_mode_rule *r = hip09_hns3_mode_rules(&n);

	HU_ASSERT_EQ_FATAL(n, 6);
	for (i = 0; i < n; i++) {
		HU_ASSERT_STR_EQ(r[i].name, order[i]);
		HU_ASSERT_EQ(r[i].hw_mode, hw_mode[i]);
		HU_ASSERT_STR_EQ(hip09_hns3_mode_name(r[i].mode), order[i]);
		CU_ASSERT(r[i].uses != 0 && r[i].needs && r[i].needs[0]);
		seen |= r[i].mode;
	}
	HU_ASSERT_EQ(seen, HIP09_HNS3_MODES_ALL);
	HU_ASSERT_STR_EQ(hip09_hns3_mode_name(HIP09_HNS3_MODE_NONE), "unknown");
}

static struct hip09_filter_values given(enum hip09_family family, const int *fields,
					const uint64_t *values, size_t n)
{
	struct hip09_filter_values v = { 0 };
	size_t i;

	for (i = 0; i < n; i++) {
		v.value[fields[i]] = values[i];
		v.given |= HIP09_FIELD_BIT(fields[i]);
	}
	hip09_apply_tool_defaults(family, &v);
	return v;
}

static void test_tool_defaults(void)
{
	struct hip09_filter_values v = given(HIP09_FAMILY_HNS3, NULL, NULL, 0);
	const int port[] = { HIP09_HNS3_F_PORT };
	const int tc[] = { HIP09_HNS3_F_TC };
	const int pcie_bdf[] = { HIP09_PCIE_F_BDF };
	const int pcie_thr[] = { HIP09_PCIE_F_THR_LEN };
	const uint64_t one[] = { 1 };

	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_GLOBAL], 1);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_TC], 0xf);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_QUEUE], 0xffff);
	HU_ASSERT_EQ(v.given, 0);
	v = given(HIP09_FAMILY_HNS3, port, one, 1);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_GLOBAL], 0);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_TC], 0xf);
	v = given(HIP09_FAMILY_HNS3, tc, one, 1);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_TC], 1);
	HU_ASSERT_EQ(v.value[HIP09_HNS3_F_GLOBAL], 0);
	v = given(HIP09_FAMILY_PCIE, NULL, NULL, 0);
	HU_ASSERT_EQ(v.value[HIP09_PCIE_F_PORT], 0xffff);
	HU_ASSERT_EQ(v.value[HIP09_PCIE_F_LEN_MODE], 0);
	v = given(HIP09_FAMILY_PCIE, pcie_thr, one, 1);
	HU_ASSERT_EQ(v.value[HIP09_PCIE_F_PORT], 0xffff);
	v = given(HIP09_FAMILY_PCIE, pcie_bdf, one, 1);
	HU_ASSERT_EQ(v.value[HIP09_PCIE_F_PORT], 0);
}

struct rule_case {
	enum hip09_family family;
	const char *event;
	int n;
	int field[3];
	uint64_t value[3];
	enum hip09_rule expect;
};

#define H HIP09_FAMILY_HNS3
#define P HIP09_FAMILY_PCIE
#define HF(x) HIP09_HNS3_F_##x
#define PF(x) HIP09_PCIE_F_##x
#define R(x) HIP09_RULE_##x
static const struct rule_case rule_cases[] = {
	/* HNS3: defaults give global mode to every event */
	{ H, "bw_rd_fbd_byte_num", 0, { 0 }, { 0 }, R(NONE) },
	{ H, "dly_tpu_time", 0, { 0 }, { 0 }, R(NONE) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(PORT) }, { 1 }, R(NONE) },
	{ H, "bw_ssu_rpu_byte_num", 2, { HF(PORT), HF(TC) }, { 1, 3 }, R(NONE) },
	{ H, "bw_ssu_rpu_time", 1, { HF(BDF) }, { 0x3500 }, R(NONE) },
	{ H, "bw_ssu_rpu_time", 2, { HF(BDF), HF(QUEUE) }, { 0x3500, 3 }, R(NONE) },
	{ H, "bw_rd_fbd_byte_num", 1, { HF(PORT) }, { 1 }, R(HNS3_NO_MODE) },
	{ H, "dly_tpe_normal_time", 2, { HF(PORT), HF(TC) }, { 2, 1 }, R(HNS3_NO_MODE) },
	{ H, "bw_ssu_egu_time", 1, { HF(BDF) }, { 0x3500 }, R(HNS3_FIELD_IGNORED) },
	{ H, "bw_ssu_rpu_byte_num", 2, { HF(GLOBAL), HF(PORT) }, { 1, 1 },
	  R(HNS3_FIELD_IGNORED) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(QUEUE) }, { 3 }, R(HNS3_FIELD_IGNORED) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(INTR) }, { 3 }, R(HNS3_FIELD_IGNORED) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(PORT) }, { 16 }, R(HNS3_PORT_MAX) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(PORT) }, { 8 }, R(HNS3_PORT_MAX) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(PORT) }, { 7 }, R(NONE) },
	{ H, "bw_ssu_rpu_byte_num", 2, { HF(PORT), HF(TC) }, { 1, 8 }, R(HNS3_TC_RANGE) },
	{ H, "bw_ssu_rpu_byte_num", 2, { HF(PORT), HF(TC) }, { 1, 14 }, R(HNS3_TC_RANGE) },
	{ H, "bw_ssu_rpu_byte_num", 2, { HF(PORT), HF(TC) }, { 1, 15 }, R(NONE) },
	{ H, "bw_ssu_rpu_byte_num", 1, { HF(GLOBAL) }, { 2 }, R(FIELD_WIDTH) },
	/* PCIe */
	{ P, "rx_mwr_latency", 0, { 0 }, { 0 }, R(NONE) },
	{ P, "rx_mwr_cnt", 1, { PF(PORT) }, { 0x101 }, R(NONE) },
	{ P, "rx_mwr_flux", 1, { PF(BDF) }, { 0x3900 }, R(NONE) },
	{ P, "rx_mwr_flux", 3, { PF(BDF), PF(THR_LEN), PF(LEN_MODE) }, { 0x3900, 10, 2 },
	  R(NONE) },
	{ P, "tx_cpl_time", 2, { PF(TRIG_LEN), PF(TRIG_MODE) }, { 10, 1 }, R(NONE) },
	{ P, "rx_mwr_flux", 1, { PF(THR_LEN) }, { 11 }, R(PCIE_THR_LEN_MAX) },
	{ P, "rx_mwr_flux", 1, { PF(TRIG_LEN) }, { 11 }, R(PCIE_TRIG_LEN_MAX) },
	{ P, "rx_mwr_flux", 1, { PF(LEN_MODE) }, { 0 }, R(PCIE_LEN_MODE_RESERVED) },
	{ P, "rx_mwr_flux", 1, { PF(THR_MODE) }, { 2 }, R(FIELD_WIDTH) },
	{ P, "rx_mwr_latency", 1, { PF(BDF) }, { 0x3900 }, R(PCIE_BANDWIDTH_ONLY) },
	{ P, "tx_mrd_cnt", 1, { PF(LEN_MODE) }, { 1 }, R(PCIE_BANDWIDTH_ONLY) },
	{ P, "rx_mrd_flux", 2, { PF(PORT), PF(BDF) }, { 1, 0x3900 }, R(PCIE_PORT_WINS) },
	{ P, "rx_mrd_flux", 2, { PF(PORT), PF(BDF) }, { 0, 0x3900 }, R(NONE) },
	{ P, "rx_mrd_latency", 1, { PF(PORT) }, { 0 }, R(PCIE_BDF_BEHIND_ROOT_PORT) },
};
#undef H
#undef P
#undef HF
#undef PF
#undef R

static void test_check_filters_cases(void)
{
	size_t i;

	for (i = 0; i < sizeof(rule_cases) / sizeof(rule_cases[0]); i++) {
		const struct rule_case *c = &rule_cases[i];
		const struct hip09_event *ev = hip09_find_event(c->family, c->event);
		struct hip09_filter_values v;
		enum hip09_rule got;

		CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
		v = given(c->family, c->field, c->value, (size_t)c->n);
		got = hip09_check_filters(c->family, ev, &v);
		if (got != c->expect)
			fprintf(stderr, "\nrule case %zu (%s): expected %d, got %d\n", i, c->event,
				c->expect, got);
		HU_ASSERT_EQ(got, c->expect);
	}
}

static void test_rule_rows(void)
{
	int r;

	for (r = 0; r < HIP09_RULE_COUNT; r++) {
		const struct hip09_rule_info *info = hip09_rule_info(r);

		CU_ASSERT_PTR_NOT_NULL_FATAL(info);
		HU_ASSERT_EQ((int)info->rule, r);
		CU_ASSERT(info->text && strlen(info->text) > 10);
		CU_ASSERT(info->kernel_errno >= 0);
	}
	CU_ASSERT_PTR_NULL(hip09_rule_info(HIP09_RULE_COUNT));
	HU_ASSERT_EQ(hip09_rule_info(HIP09_RULE_PCIE_THR_LEN_MAX)->kernel_errno, EINVAL);
	HU_ASSERT_EQ(hip09_rule_info(HIP09_RULE_HNS3_NO_MODE)->kernel_errno, ENOENT);
}

static void test_lookups_and_names(void)
{
	const struct hip09_event *ev = hip09_find_event(HIP09_FAMILY_HNS3, "BW_SSU_RPU_Byte_Num");

	CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
	HU_ASSERT_STR_EQ(ev->name, "bw_ssu_rpu_byte_num");
	CU_ASSERT_PTR_NULL(hip09_find_event(HIP09_FAMILY_HNS3, "bw_ssu_rpu_byte_nu"));
	CU_ASSERT_PTR_NULL(hip09_find_event(HIP09_FAMILY_HNS3, "bw_ssu_rpu_byte_numx"));
	CU_ASSERT_PTR_NULL(hip09_find_event(HIP09_FAMILY_PCIE, "bw_ssu_rpu_byte_num"));
	CU_ASSERT_PTR_NULL(hip09_find_event(HIP09_FAMILY_HNS3, NULL));
	CU_ASSERT_PTR_NULL(hip09_find_event(HIP09_FAMILY_COUNT, "rx_mwr_cnt"));
	CU_ASSERT_PTR_EQUAL(hip09_find_event_by_code(HIP09_FAMILY_HNS3, HIP09_ERA_NEWEST, 0x1020f),
			    hip09_find_event(HIP09_FAMILY_HNS3, "dly_tpu_packet_num"));
	HU_ASSERT_STR_EQ(hip09_kind_name(HIP09_KIND_PACKET_RATE), "packet rate");
	HU_ASSERT_STR_EQ(hip09_kind_name(HIP09_KIND_COUNT), "unknown");
	HU_ASSERT_STR_EQ(hip09_unit_name(HIP09_UNIT_DWORDS), "DW (4-byte dwords)");
	HU_ASSERT_STR_EQ(hip09_unit_name(HIP09_UNIT_COUNT), "unknown");
}

/* ---- optional comparison with hip09-pmu-events.json --------------------- */

static char *read_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *buf = NULL;
	long len;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (len = ftell(fp)) > 0 && fseek(fp, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)len + 1);
		if (buf && fread(buf, 1, (size_t)len, fp) == (size_t)len)
			buf[len] = '\0';
		else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(fp);
	return buf;
}

/* Value of "key": inside the object starting at obj (up to its closing brace). */
static const char *json_member(const char *obj, const char *key)
{
	char pattern[64];
	const char *end = strchr(obj, '}');
	const char *p;

	snprintf(pattern, sizeof(pattern), "\"%s\":", key);
	p = strstr(obj, pattern);
	if (!p || (end && p > end))
		return NULL;
	p += strlen(pattern);
	while (*p == ' ')
		p++;
	return p;
}

static bool json_string_is(const char *p, const char *s)
{
	size_t n = strlen(s);

	return p && p[0] == '"' && strncmp(p + 1, s, n) == 0 && p[n + 1] == '"';
}

/* The JSON spells kinds with '_' where our names have ' ' ("packet_rate"). */
static bool json_kind_is(const char *p, const char *kind_name)
{
	size_t i;

	if (!p || *p++ != '"')
		return false;
	for (i = 0; kind_name[i]; i++)
		if (p[i] != (kind_name[i] == ' ' ? '_' : kind_name[i]))
			return false;
	return p[i] == '"';
}

static unsigned long json_number(const char *p)
{
	return p ? strtoul(p, NULL, 10) : ~0ul;
}

/* Checks every event object of one family section against the table; returns the count. */
static size_t check_json_events(enum hip09_family family, const char *section, const char *stop)
{
	const char *p = strstr(section, "\"events\": [");
	size_t seen = 0;

	while (p && (p = strstr(p, "{\n")) && (!stop || p < stop)) {
		const char *name = json_member(p, "name");
		char buf[64];
		const struct hip09_event *ev;
		size_t len;

		CU_ASSERT_PTR_NOT_NULL_FATAL(name);
		len = strcspn(name + 1, "\"");
		CU_ASSERT_FATAL(len < sizeof(buf));
		memcpy(buf, name + 1, len);
		buf[len] = '\0';
		ev = hip09_find_event(family, buf);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
		HU_ASSERT_EQ(json_number(json_member(p, "config")), ev->code[HIP09_ERA_NEWEST]);
		HU_ASSERT_EQ(json_number(json_member(p, "ext")), (unsigned long)ev->role);
		if (family == HIP09_FAMILY_HNS3) {
			HU_ASSERT_EQ(json_number(json_member(p, "filter_mask")), ev->hns3_modes);
			CU_ASSERT(json_string_is(json_member(p, "pair"), ev->partner));
			CU_ASSERT(json_kind_is(json_member(p, "kind"), hip09_kind_name(ev->kind)));
		}
		seen++;
		p++;
	}
	return seen;
}

/* "events_v5_19_original": [ [ "name", code ], ... ] */
static size_t check_json_v5_19(const char *text)
{
	static const char key[] = "\"events_v5_19_original\"";
	const char *p = strstr(text, key);
	size_t seen = 0;

	/* The list is the file's last member: every later string is an event name. */
	if (p)
		p += sizeof(key) - 1;
	while (p && (p = strchr(p, '"'))) {
		char buf[64];
		size_t len = strcspn(p + 1, "\"");
		const struct hip09_event *ev;

		if (len >= sizeof(buf) || seen >= 64)
			break;
		memcpy(buf, p + 1, len);
		buf[len] = '\0';
		ev = hip09_find_event(HIP09_FAMILY_PCIE, buf);
		CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
		p += len + 2;
		HU_ASSERT_EQ(strtoul(p + strspn(p, ", \n"), NULL, 10), ev->code[HIP09_ERA_V5_19]);
		seen++;
	}
	return seen;
}

/*
 * Every event of the reference JSON (the drivers' lists, transcribed) is a
 * row with its code, and there are as many rows as the JSON lists: the
 * JSON is the one statement of how many events each driver has.
 */
static void test_matches_json(void)
{
	char *text;
	const char *pcie;
	size_t hns3_rows, pcie_rows;

	if (!json_path) {
		CU_FAIL("no reference JSON: give tests/fixtures/hip09-pmu-events.json");
		return;
	}
	text = read_file(json_path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	pcie = strstr(text, "\"pcie\": {");
	CU_ASSERT_PTR_NOT_NULL_FATAL(pcie);
	hip09_events(HIP09_FAMILY_HNS3, &hns3_rows);
	hip09_events(HIP09_FAMILY_PCIE, &pcie_rows);
	HU_ASSERT_EQ(check_json_events(HIP09_FAMILY_HNS3, text, pcie), hns3_rows);
	HU_ASSERT_EQ(check_json_events(HIP09_FAMILY_PCIE, pcie,
				       strstr(pcie, "\"events_v5_19_original\"")), pcie_rows);
	HU_ASSERT_EQ(check_json_v5_19(text), count_in_era(HIP09_FAMILY_PCIE, HIP09_ERA_V5_19));
	free(text);
}

/* ---- runner ------------------------------------------------------------ */

static const CU_TestInfo table_tests[] = {
	{ "counts per era", test_counts_per_era },
	{ "names unique and lower case", test_names_unique_and_lower_case },
	{ "descriptions name pair and unit", test_descriptions_name_the_pair_and_unit },
	{ "PCIe descriptions offer the filters the event takes",
	  test_pcie_descriptions_offer_their_filters },
	{ "pairs complete and symmetric", test_pairs_complete_and_symmetric },
	{ "codes unique per era", test_codes_unique_per_era },
	{ "HNS3 codes stable, type matches kind", test_hns3_codes_stable_and_typed },
	{ "PCIe era history", test_pcie_era_history },
	{ "kind, role, unit, suffix agree", test_kind_role_unit_and_suffix_agree },
	{ "HNS3 filter masks", test_hns3_masks_valid },
	{ "PCIe filters by kind", test_pcie_filters_by_kind },
	{ "fields match kernel formats", test_fields_match_kernel_formats },
	{ "field rows sane and disjoint", test_field_rows_sane_and_disjoint },
	{ "field set/get round trip", test_field_set_get_round_trip },
	{ "lookups and names", test_lookups_and_names },
	{ "rule rows", test_rule_rows },
	CU_TEST_INFO_NULL,
};

static const CU_TestInfo rule_tests[] = {
	{ "HNS3 mode selection", test_hns3_select_mode_cases },
	{ "HNS3 mode order rows", test_hns3_mode_order_rows },
	{ "tool defaults", test_tool_defaults },
	{ "filter rules", test_check_filters_cases },
	CU_TEST_INFO_NULL,
};

static const CU_TestInfo json_tests[] = {
	{ "table equals JSON fact sheet", test_matches_json },
	CU_TEST_INFO_NULL,
};

int main(int argc, char **argv)
{
	CU_SuiteInfo suites[] = {
		{ "tables", NULL, NULL, NULL, NULL, (CU_TestInfo *)table_tests },
		{ "rules", NULL, NULL, NULL, NULL, (CU_TestInfo *)rule_tests },
		{ "json", NULL, NULL, NULL, NULL, (CU_TestInfo *)json_tests },
		CU_SUITE_INFO_NULL,
	};
	unsigned int failed;

	json_path = argc > 1 ? argv[1] : getenv("HIP09_EVENTS_JSON");
	if (json_path && !*json_path)
		json_path = NULL;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	if (CU_register_suites(suites) != CUE_SUCCESS) {
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_tests_failed();
	/* the closing line the project's tier runner reads */
	printf("\ntables: %u passed, %u failed\n", CU_get_number_of_tests_run() - failed, failed);
	failed += CU_get_number_of_failures();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
