/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hisi_rules.h - what the Hip09 tables (pfmlib_events/) say about the PMUs
 * sysfs shows: meaning of events and qualifiers.  Sysfs stays the authority
 * for what exists and for codes; an event the tables do not know still works
 * as a raw event, it just has no description beyond its encoding.
 *
 * Pure lookups over static tables: any thread, any time.
 */
#ifndef HU_HISI_RULES_H
#define HU_HISI_RULES_H

#include <stddef.h>

#include "hip09_tables.h"
#include "pmu_sysfs.h"

/* The table row for sysfs event @ev of @pmu, or NULL (generic PMU, unknown event). */
const struct hip09_event *hu_rules_meaning(const struct hu_pmu *pmu,
					   const struct hu_event *ev);

/* The table row for format @name of @pmu, or NULL. */
const struct hip09_field *hu_rules_field(const struct hu_pmu *pmu, const char *name);

/* Event description for listings: the table's text, else the raw encoding. */
void hu_rules_describe_event(const struct hu_pmu *pmu, const struct hu_event *ev,
			     char *buf, size_t len);

/* Unit of the event's count ("bytes", ...), or "" if unknown. */
const char *hu_rules_event_unit(const struct hu_pmu *pmu, const struct hu_event *ev);

/* Qualifier description: meaning, bits and range. */
void hu_rules_describe_format(const struct hu_pmu *pmu, const struct hu_format *f,
			      char *buf, size_t len);

#endif /* HU_HISI_RULES_H */
