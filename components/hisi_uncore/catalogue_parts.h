/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * catalogue_parts.h - what the catalogue's own files share (catalogue.c:
 * codes, entries, enumeration, names; catalogue_resolve.c: names to what
 * they open; catalogue_aggregate.c: names over several instances;
 * catalogue_describe.c: descriptions).  No other stage includes it: they
 * use catalogue.h.  Every function here runs under the catalogue lock.
 */
#ifndef HU_CATALOGUE_PARTS_H
#define HU_CATALOGUE_PARTS_H

#include "catalogue.h"

/* ---- codes (layout in catalogue.h) ---- */

#define HU_CODE_INSTANCE (1 << 30)
#define HU_CODE_PMU_MAX (1u << 10)
#define HU_CODE_EVENT_MAX (1u << 12)
#define HU_CODE_QUAL_MAX 0xffu

enum hu_code_kind { HU_CODE_BASE, HU_CODE_QUALIFIER, HU_CODE_INST };

struct hu_code {
	enum hu_code_kind kind;
	unsigned int pmu, ev, qual, inst;
};

int hu_code_make(unsigned int pmu, unsigned int ev, unsigned int qual);
void hu_code_decode(int code, struct hu_code *d);
int hu_code_refuse(int code, struct hu_err *e);	/* "no hisi_uncore event has code ..." */

/* ---- entries: a PMU's events (0 .. nevents-1), then its metrics ---- */

/* PMU @i with its details and metrics loaded (on first touch), or NULL. */
struct hu_pmu *hu_cat_loaded_pmu(struct hu_catalogue *cat, unsigned int i);
unsigned int hu_cat_entry_count(const struct hu_catalogue *cat, unsigned int pmu);
const struct hu_metric *hu_cat_entry_metric(const struct hu_catalogue *cat,
					    unsigned int pmu, unsigned int idx);
/* The event itself, or a metric's counter 0, whose qualifiers it takes; NULL: unusable. */
const struct hu_event *hu_cat_entry_alias(struct hu_catalogue *cat, unsigned int pmu,
					  unsigned int idx);
const char *hu_cat_entry_name(const struct hu_catalogue *cat, unsigned int pmu,
			      unsigned int idx);
/* The k-th qualifier enumeration lists for the entry, or NULL. */
const struct hu_listed_qualifier *hu_cat_entry_qualifier(struct hu_catalogue *cat,
							 unsigned int pmu, unsigned int idx,
							 unsigned int k);

/* Listed aggregate of code PMU index @pmu, or NULL for a PMU's own entries. */
const struct hu_listed_aggregate *hu_cat_listed_aggregate(const struct hu_catalogue *cat,
							  unsigned int pmu);
/* The PMU whose entries code PMU index @pmu lists: itself, or an aggregate's first instance. */
unsigned int hu_cat_listing_pmu(const struct hu_catalogue *cat, unsigned int pmu);

/* ---- names to natives (catalogue_resolve.c) ---- */

/* A parsed name to what it opens; *entry gets the entry index or -1. */
int hu_cat_spec_to_native(struct hu_catalogue *cat, const struct hu_spec *spec,
			  struct hu_native *n, int *entry, struct hu_err *e);
/* Code to native, the lock held. */
int hu_cat_native_locked(struct hu_catalogue *cat, int code, struct hu_native *n,
			 struct hu_err *e);
/* A qualified name counting on @n[0 .. count-1], under a new instance code. */
int hu_cat_add_instance(struct hu_catalogue *cat, const char *name,
			const struct hu_native *n, unsigned int count, int *code, struct hu_err *e);
/* The resolution callback qualifier_list asks (hu_qual_resolve_fn; @ctx: the catalogue). */
bool hu_cat_name_resolves(void *ctx, const char *name, uint64_t config[HU_CONFIG_WORDS]);

/* ---- aggregates (catalogue_aggregate.c) ---- */

/* One listed aggregate per family with instances, none skipped, while codes have room. */
void hu_agg_find_listed(struct hu_catalogue *cat);
/* "PATTERN::ENTRY" as a listed aggregate's code, if it is one. */
bool hu_agg_listed_code(struct hu_catalogue *cat, const struct hu_spec *spec, int *code);
/* A pattern's name (its text @key) as an instance code over every PMU it matches. */
int hu_agg_to_code(struct hu_catalogue *cat, const char *key, const struct hu_spec *spec,
		   int *code, struct hu_err *e);
/* Every instance a listed aggregate's code @d counts on; *members malloc'd. */
int hu_agg_listed_members(struct hu_catalogue *cat, const struct hu_code *d,
			  struct hu_native **members, unsigned int *n, struct hu_err *e);

/* ---- names of codes (catalogue.c) ---- */

int hu_cat_code_to_name_locked(struct hu_catalogue *cat, int code, char *buf,
			       size_t len, struct hu_err *e);

#endif /* HU_CATALOGUE_PARTS_H */
