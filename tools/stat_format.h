/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stat_format.h - how hisi-uncore-stat prints an interval: a table for
 * people, "time SEP device SEP metric SEP value SEP unit SEP scaled SEP
 * payload_only" rows (-x SEP), or one JSON object per value and line
 * (--json).  Scaled values (multiplexed counters) say so in each form, and
 * so does a PCIe bandwidth that counts TLP payload only (a driver without
 * len_mode) in CSV and JSON (the table's note is on standard error).
 */
#ifndef HU_STAT_FORMAT_H
#define HU_STAT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define HU_STAT_MAX_COLUMNS 8

enum hu_stat_output { HU_STAT_TABLE, HU_STAT_CSV, HU_STAT_JSON };

/* One metric a view shows per row: what PAPI calls it, the table's heading. */
struct hu_stat_column {
	const char *metric;
	const char *heading;
};

/* One device or PMU instance, with the value of each of its view's columns. */
struct hu_stat_row {
	const char *label;	/* "hisi_pcie0_core0", "3d:00.0 Non-Volatile memory controller" */
	double value[HU_STAT_MAX_COLUMNS];
	bool counted[HU_STAT_MAX_COLUMNS];	/* false: refused at start, printed as n/a */
	const char *unusable;	/* why no column can be counted (a skipped PMU), or NULL */
};

/* The rows of one family, under one set of columns. */
struct hu_stat_table {
	const char *title;	/* "PCIe", "NIC" */
	const struct hu_stat_column *column;
	const char *unit[HU_STAT_MAX_COLUMNS];	/* from PAPI's event info */
	unsigned int ncolumns;
	const struct hu_stat_row *row;
	unsigned int nrows;
	bool scaled;	/* multiplexed: counts scaled by time enabled / time running */
	bool payload_only[HU_STAT_MAX_COLUMNS];	/* counts TLP payload, not headers */
};

/* The line a CSV output starts with. */
void hu_stat_csv_header(FILE *f, char sep);

/*
 * Interval @number, ending @at seconds after the start and lasting
 * @seconds, of @table in @output; @sep for CSV.
 */
void hu_stat_print(FILE *f, enum hu_stat_output output, char sep, unsigned long number,
		   double at, double seconds, const struct hu_stat_table *table);

/* @v for a person: rates scaled by k, M, G, T ("256.00M"), others "%.1f". */
void hu_stat_human_value(double v, const char *unit, char *out, size_t len);

/* @s as a JSON string, quotes included, control characters escaped. */
void hu_stat_json_string(FILE *f, const char *s);

#endif
