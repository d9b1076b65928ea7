/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * catalogue_internal.h - the catalogue's entries, for the stages built on
 * it (qualifier_list.c).  Callers hold the catalogue lock.
 *
 * An entry of a PMU is one of its events (0 .. nevents-1) or, after them,
 * one of its metrics; the alias of an entry is the event itself, or a
 * metric's counter 0, whose qualifiers the metric takes.
 */
#ifndef HU_CATALOGUE_INTERNAL_H
#define HU_CATALOGUE_INTERNAL_H

#include "catalogue.h"

/* PMU @i with its details and metrics loaded (on first touch), or NULL. */
struct hu_pmu *hu_cat_loaded_pmu(struct hu_catalogue *cat, unsigned int i);

unsigned int hu_cat_entry_count(const struct hu_catalogue *cat, unsigned int pmu);
const struct hu_metric *hu_cat_entry_metric(const struct hu_catalogue *cat,
					    unsigned int pmu, unsigned int idx);
const struct hu_event *hu_cat_entry_alias(struct hu_catalogue *cat, unsigned int pmu,
					  unsigned int idx);
const char *hu_cat_entry_name(const struct hu_catalogue *cat, unsigned int pmu,
			      unsigned int idx);

/* A parsed name to what it opens; *entry gets the entry index or -1. */
int hu_cat_spec_to_native(struct hu_catalogue *cat, const struct hu_spec *spec,
			  struct hu_native *n, int *entry, struct hu_err *e);

#endif /* HU_CATALOGUE_INTERNAL_H */
