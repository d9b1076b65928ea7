// SPDX-License-Identifier: BSD-3-Clause
/*
 * stat_format.c - hisi-uncore-stat's three outputs.
 */
#include "stat_format.h"

#include <math.h>
#include <string.h>

#define LABEL_MIN 24
#define CELL 11

void hu_stat_human_value(double v, const char *unit, char *out, size_t len)
{
	static const char prefix[] = " kMGTP";
	size_t ulen = unit ? strlen(unit) : 0;
	unsigned int p = 0;

	/* NaN: a latency over no packet or TLP, a rate over no time */
	if (!isfinite(v)) {
		snprintf(out, len, "%s", isnan(v) ? "n/a" : "inf");
		return;
	}
	if (ulen < 2 || strcmp(unit + ulen - 2, "/s") != 0) {
		snprintf(out, len, "%.1f", v);
		return;
	}
	while (fabs(v) >= 1000.0 && p + 1 < sizeof(prefix) - 1) {
		v /= 1000.0;
		p++;
	}
	if (p == 0)
		snprintf(out, len, "%.2f", v);
	else
		snprintf(out, len, "%.2f%c", v, prefix[p]);
}

void hu_stat_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

void hu_stat_csv_header(FILE *f, char sep)
{
	fprintf(f, "time%cdevice%cmetric%cvalue%cunit%cscaled%cpayload_only\n", sep, sep, sep, sep,
		sep, sep);
}

/* A CSV field: as is, or quoted when it holds the separator, a quote or a line end. */
static void csv_field(FILE *f, const char *s, char sep)
{
	if (!strchr(s, sep) && !strpbrk(s, "\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* Is cell @c of row @r printed in CSV and JSON: counted, or in a row that cannot be? */
static bool shown(const struct hu_stat_row *r, unsigned int c)
{
	return r->counted[c] || r->unusable;
}

static void print_csv(FILE *f, char sep, double at, const struct hu_stat_table *t)
{
	for (unsigned int r = 0; r < t->nrows; r++)
		for (unsigned int c = 0; c < t->ncolumns; c++) {
			if (!shown(&t->row[r], c))
				continue;
			fprintf(f, "%.6f%c", at, sep);
			csv_field(f, t->row[r].label, sep);
			fprintf(f, "%c%s%c", sep, t->column[c].metric, sep);
			/*
			 * an unusable row's value is empty (the reason went to
			 * stderr), and so is n/a (NaN: nothing to divide by)
			 */
			if (!t->row[r].unusable && !isnan(t->row[r].value[c]))
				fprintf(f, "%.3f", t->row[r].value[c]);
			fputc(sep, f);
			csv_field(f, t->unit[c] ? t->unit[c] : "", sep);
			fprintf(f, "%c%d%c%d\n", sep, t->scaled, sep, t->payload_only[c]);
		}
}

static void print_json(FILE *f, unsigned long number, double at, double seconds,
		       const struct hu_stat_table *t)
{
	for (unsigned int r = 0; r < t->nrows; r++)
		for (unsigned int c = 0; c < t->ncolumns; c++) {
			if (!shown(&t->row[r], c))
				continue;
			fprintf(f, "{\"interval\":%lu,\"time\":%.6f,\"seconds\":%.6f,\"device\":", number,
				at, seconds);
			hu_stat_json_string(f, t->row[r].label);
			fprintf(f, ",\"metric\":\"%s\",\"value\":", t->column[c].metric);
			if (!t->row[r].unusable && isfinite(t->row[r].value[c]))
				fprintf(f, "%.3f", t->row[r].value[c]);
			else
				fputs("null", f);
			fputs(",\"unit\":", f);
			hu_stat_json_string(f, t->unit[c] ? t->unit[c] : "");
			fprintf(f, ",\"scaled\":%s,\"payload_only\":%s", t->scaled ? "true" : "false",
				t->payload_only[c] ? "true" : "false");
			if (t->row[r].unusable) {
				fputs(",\"unusable\":", f);
				hu_stat_json_string(f, t->row[r].unusable);
			}
			fputs("}\n", f);
		}
}

static int label_width(const struct hu_stat_table *t)
{
	size_t w = strlen(t->title) > LABEL_MIN ? strlen(t->title) : LABEL_MIN;

	for (unsigned int r = 0; r < t->nrows; r++)
		if (strlen(t->row[r].label) > w)
			w = strlen(t->row[r].label);
	return (int)w;
}

static void print_table(FILE *f, const struct hu_stat_table *t)
{
	int w = label_width(t);
	char cell[32];

	if (t->scaled)
		fprintf(f, "%s: multiplexed, values scaled by time enabled / time running\n",
			t->title);
	fprintf(f, "%-*s", w, t->title);
	for (unsigned int c = 0; c < t->ncolumns; c++)
		fprintf(f, " %*s", CELL, t->column[c].heading);
	fprintf(f, "\n%-*s", w, "");
	for (unsigned int c = 0; c < t->ncolumns; c++)
		fprintf(f, " %*s", CELL, t->unit[c] ? t->unit[c] : "");
	fputc('\n', f);
	for (unsigned int r = 0; r < t->nrows; r++) {
		fprintf(f, "%-*s", w, t->row[r].label);
		for (unsigned int c = 0; c < t->ncolumns; c++) {
			if (t->row[r].counted[c])
				hu_stat_human_value(t->row[r].value[c], t->unit[c], cell, sizeof(cell));
			else
				snprintf(cell, sizeof(cell), "n/a");
			fprintf(f, " %*s", CELL, cell);
		}
		if (t->row[r].unusable)
			fprintf(f, "  unusable: %s", t->row[r].unusable);
		fputc('\n', f);
	}
}

void hu_stat_print(FILE *f, enum hu_stat_output output, char sep, unsigned long number,
		   double at, double seconds, const struct hu_stat_table *table)
{
	if (table->nrows == 0)
		return;
	switch (output) {
	case HU_STAT_CSV:
		print_csv(f, sep, at, table);
		break;
	case HU_STAT_JSON:
		print_json(f, number, at, seconds, table);
		break;
	case HU_STAT_TABLE:
		print_table(f, table);
		break;
	}
}
