/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * table_counts.h - what the tables (pfmlib_events/) say a fixture PMU
 * lists, so that tests derive their counts instead of writing them down:
 * a new event pair then touches the tables, the fixtures and the emulator,
 * not every test that counts.
 */
#ifndef HU_TABLE_COUNTS_H
#define HU_TABLE_COUNTS_H

#include "hip09_tables.h"

/* Events of @family in the newest driver (what the fixtures hold). */
unsigned int hu_tables_events(enum hip09_family family);

/* Metrics the component builds from those events' pairs. */
unsigned int hu_tables_metrics(enum hip09_family family);

#endif /* HU_TABLE_COUNTS_H */
