/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hisi_meaning.h - what the Hip09 tables (pfmlib_events/) say about the PMUs
 * sysfs shows: meaning of events and qualifiers.  Sysfs stays the authority
 * for what exists and for codes; an event the tables do not know still works
 * as a raw event, it just has no description beyond its encoding.
 *
 * Pure lookups over static tables: any thread, any time.
 */
#ifndef HU_HISI_MEANING_H
#define HU_HISI_MEANING_H

#include <stddef.h>

#include "hip09_tables.h"
#include "pmu_sysfs.h"

/* The tables' family of @pmu; false for generic PMUs. */
bool hu_meaning_family(const struct hu_pmu *pmu, enum hip09_family *fam);

/* The table row for sysfs event @ev of @pmu, or NULL (generic PMU, unknown event). */
const struct hip09_event *hu_meaning_row(const struct hu_pmu *pmu,
					   const struct hu_event *ev);

/* The table row for an event name of @pmu, or NULL. */
const struct hip09_event *hu_meaning_row_by_name(const struct hu_pmu *pmu, const char *name);

/* The table row for format @name of @pmu, or NULL. */
const struct hip09_field *hu_meaning_field(const struct hu_pmu *pmu, const char *name);

/* Event description for listings: the table's text, else the raw encoding. */
void hu_meaning_describe_event(const struct hu_pmu *pmu, const struct hu_event *ev,
			     char *buf, size_t len);

/*
 * For a PCIe flux event @ev, append " LEAD <what its count holds on @pmu's
 * driver>." to @buf; nothing for any other event.
 */
void hu_meaning_add_flux_content(const struct hu_pmu *pmu, const struct hu_event *ev,
				 const char *lead, char *buf, size_t len);

/* Unit of the event's count ("bytes", ...), or "" if unknown. */
const char *hu_meaning_unit(const struct hu_pmu *pmu, const struct hu_event *ev);

/*
 * The HNS3 filter modes in @modes, in the driver's order: "global port"
 * (as sysfs filtermode/ says them) or, @with_needs, "global (global=1),
 * port (tc == 0xf)" (with what each mode needs, for error messages).
 */
void hu_meaning_modes(uint32_t modes, bool with_needs, char *buf, size_t len);

/* Qualifier description: meaning, bits and range. */
void hu_meaning_describe_format(const struct hu_pmu *pmu, const struct hu_format *f,
			      char *buf, size_t len);

#endif /* HU_HISI_MEANING_H */
