// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the sysfs readers (pmu_sysfs.c) over a tree the input
 * describes (fuzz_tree.h): scan, details, the cheap event listing, the
 * live re-read, then every usable event through encoding and the drivers'
 * rules.  Anything may be refused; what is accepted keeps the invariants
 * the later stages rely on, and no descriptor outlives an input.
 */
#define _GNU_SOURCE		/* strverscmp */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fuzz_tree.h"
#include "fuzz_util.h"
#include "hisi_rules.h"
#include "metrics.h"
#include "pmu_family.h"
#include "pmu_sysfs.h"

/* PMUs taken with generic rules besides the Hip09 families */
#define EXTRA_PMUS "msr,uncore_x"

static struct fz_tree tree;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_tree_init(&tree, FZ_PMUS);
	return 0;
}

static void check_extras(const struct hu_pmu *p)
{
	FZ_ASSERT(p->era != NULL);
	FZ_ASSERT(p->type <= INT32_MAX);
	FZ_ASSERT(p->cpu >= 0);
	FZ_ASSERT(!p->has_bus || p->bus <= 0xff);
	FZ_ASSERT(!p->has_bdf_range || p->bdf_min <= p->bdf_max);
	FZ_ASSERT(!p->has_hw_clk_freq || p->hw_clk_freq > 0);
	FZ_ASSERT(!p->has_identifier ||
		  strnlen(p->identifier, sizeof(p->identifier)) < sizeof(p->identifier));
	FZ_ASSERT(fz_printable(p->extras_note, sizeof(p->extras_note)));
}

/* What the scan keeps: selected names, in version order, sane basics. */
static void check_set(const struct hu_pmu_set *set)
{
	for (unsigned int i = 0; i < set->n; i++) {
		const struct hu_pmu *p = &set->pmu[i];
		const struct hu_family_desc *fam;
		unsigned int sicl, core;

		FZ_ASSERT(p->name[0] && strnlen(p->name, HU_NAME_MAX) < HU_NAME_MAX);
		FZ_ASSERT(hu_family_of_name(p->name, &fam, &sicl, &core) ? fam == p->family
									  : p->family == NULL);
		FZ_ASSERT(i == 0 || strverscmp(set->pmu[i - 1].name, p->name) <= 0);
		FZ_ASSERT(!p->details_loaded);
		check_extras(p);
	}
	for (unsigned int i = 0; i < set->nskipped; i++)
		FZ_ASSERT(fz_printable(set->skipped[i].reason, HU_REASON_MAX) &&
			  set->skipped[i].reason[0]);
}

static void check_formats(const struct hu_pmu *p)
{
	FZ_ASSERT(p->nformats <= HU_MAX_FORMATS_PER_PMU);
	for (unsigned int i = 0; i < p->nformats; i++) {
		const struct hu_format *f = &p->formats[i];

		FZ_ASSERT(f->name[0] && (i == 0 || strcmp(p->formats[i - 1].name, f->name) < 0));
		FZ_ASSERT(hu_pmu_find_format(p, f->name) == f);
		if (f->usable)
			FZ_ASSERT(f->bits.word < HU_CONFIG_WORDS && f->bits.mask != 0);
		else
			FZ_ASSERT(f->reason[0] && fz_printable(f->reason, HU_REASON_MAX));
	}
}

static void check_event(const struct hu_pmu *p, const struct hu_event *ev)
{
	const struct hu_event *found = hu_pmu_find_event(p, ev->name);

	FZ_ASSERT(ev->name[0] && found && strcasecmp(found->name, ev->name) == 0);
	if (ev->usable) {
		FZ_ASSERT(ev->nterms >= 1 && ev->nterms <= HU_MAX_TERMS && ev->term);
		FZ_ASSERT(ev->reason == NULL);
	} else {
		FZ_ASSERT(ev->reason && ev->reason[0] && fz_printable(ev->reason, HU_MSG_MAX));
	}
	if (ev->has_filter_modes)
		FZ_ASSERT(p->family && p->family->has_filter_modes && ev->usable && ev->filter_modes != 0 &&
			  (ev->filter_modes & ~0x3fu) == 0);
}

/* The cheap listing sees the same names as the full load (same tree). */
static void check_listing(const struct hu_pmu_set *set, const struct hu_pmu *p)
{
	char (*names)[HU_NAME_MAX];
	struct hu_err e = { 0 };
	unsigned int n;
	int ret = hu_pmu_list_events(set, p, &names, &n, &e);

	if (ret) {
		fz_check_refusal(ret, &e);
		return;
	}
	FZ_ASSERT(n == p->nevents);
	for (unsigned int i = 0; i < n; i++)
		FZ_ASSERT(strcmp(names[i], p->events[i].name) == 0);
	free(names);
}

/* A usable event alone: perf's encoding, then the drivers' rules. */
static void check_resolve(const struct hu_pmu_set *set, const struct hu_pmu *p,
			  const struct hu_event *ev)
{
	struct hu_resolved r;
	struct hu_spec spec;
	struct hu_err e = { 0 };
	struct hu_slot slot;
	int ret;

	memset(&spec, 0, sizeof(spec));
	memcpy(spec.pmu, p->name, sizeof(spec.pmu));
	memcpy(spec.event, ev->name, sizeof(spec.event));
	ret = hu_resolve_spec(set, &spec, &r, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		return;
	}
	FZ_ASSERT(r.pmu == p && r.attr.type == p->type);
	FZ_ASSERT(fz_printable(r.defaults, sizeof(r.defaults)));
	FZ_ASSERT(fz_printable(r.filters, sizeof(r.filters)));
	hu_rules_slot(p, &r.attr, &slot);
}

static void check_metrics(const struct hu_pmu *p)
{
	struct hu_metric *m;
	unsigned int n;

	if (hu_metrics_build(p, &m, &n) != HU_OK)
		return;
	for (unsigned int i = 0; i < n; i++)
		FZ_ASSERT(m[i].num < p->nevents && m[i].den < p->nevents &&
			  p->events[m[i].num].usable && p->events[m[i].den].usable);
	free(m);
}

static void check_details(const struct hu_pmu_set *set, struct hu_pmu *p)
{
	struct hu_err e = { 0 };
	uint32_t type;
	int ret, cpu;

	ret = hu_pmu_load_details(set, p, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		return;
	}
	FZ_ASSERT(p->details_loaded && p->nevents <= HU_MAX_EVENTS_PER_PMU);
	check_formats(p);
	for (unsigned int i = 0; i < p->nevents; i++) {
		FZ_ASSERT(i == 0 || strcmp(p->events[i - 1].name, p->events[i].name) < 0);
		check_event(p, &p->events[i]);
	}
	check_listing(set, p);
	check_metrics(p);
	for (unsigned int i = 0; i < p->nevents; i++)
		if (p->events[i].usable)
			check_resolve(set, p, &p->events[i]);
	/* nothing changed since the scan */
	ret = hu_pmu_read_live(set, p, &type, &cpu, &e);
	FZ_ASSERT(ret == HU_OK && type == p->type && cpu == p->cpu);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hu_pmu_set set;
	struct hu_err e = { 0 };
	int fds = count_open_fds();	/* libFuzzer's own may change between inputs */
	int ret;

	fz_tree_build(&tree, data, size);
	ret = hu_pmu_scan(&set, tree.root, EXTRA_PMUS, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
	} else {
		check_set(&set);
		for (unsigned int i = 0; i < set.n; i++)
			check_details(&set, &set.pmu[i]);
		hu_pmu_set_free(&set);
	}
	fz_tree_clear(&tree);
	FZ_ASSERT(count_open_fds() == fds);
	return 0;
}
