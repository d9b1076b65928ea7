// SPDX-License-Identifier: BSD-3-Clause
/* cu_assert.c - the CUnit assertions of cu_assert.h: what a failure saw. */
#include "cu_assert.h"

#include <stdio.h>
#include <string.h>

/* Long enough for a whole long description searched, quoted. */
#define HU_CU_TEXT_MAX 4096

void hu_cu_describe(char *buf, size_t len, const struct hu_cu_where *w, const char *relation,
		    const char *got_value, const char *want_value)
{
	snprintf(buf, len, "%s %s %s: got %s, want %s", w->got, relation, w->want, got_value,
		 want_value);
}

static void to_cunit(bool holds, const char *text, const struct hu_cu_where *w)
{
	/* CUnit copies the text; a fatal failure does not return */
	CU_assertImplementation(holds ? CU_TRUE : CU_FALSE, w->line, text, w->file, w->func,
				w->fatal);
}

static hu_cu_sink sink = to_cunit;

hu_cu_sink hu_cu_set_sink(hu_cu_sink s)
{
	hu_cu_sink was = sink;

	sink = s ? s : to_cunit;
	return was;
}

/* Record the assertion: its expression when it holds, what it saw when not. */
static void report(bool holds, const struct hu_cu_where *w, const char *relation,
		   const char *got_value, const char *want_value)
{
	char text[HU_CU_TEXT_MAX];

	if (holds)
		snprintf(text, sizeof(text), "%s %s %s", w->got, relation, w->want);
	else
		hu_cu_describe(text, sizeof(text), w, relation, got_value, want_value);
	sink(holds, text, w);
}

/* An == or != assertion on two values already written as text. */
static void report_relation(bool same, bool eq, const struct hu_cu_where *w, const char *got,
			    const char *want)
{
	char wt[HU_CU_TEXT_MAX / 3 + 16];

	snprintf(wt, sizeof(wt), "%s%s", eq ? "" : "anything but ", want);
	report(same == eq, w, eq ? "==" : "!=", got, wt);
}

void hu_cu_cmp_signed(long long got, long long want, bool eq, const struct hu_cu_where *w)
{
	char g[32], v[32];

	snprintf(g, sizeof(g), "%lld", got);
	snprintf(v, sizeof(v), "%lld", want);
	report_relation(got == want, eq, w, g, v);
}

void hu_cu_cmp_unsigned(unsigned long long got, unsigned long long want, bool eq,
			const struct hu_cu_where *w)
{
	char g[40], v[40];

	snprintf(g, sizeof(g), "%llu (%#llx)", got, got);
	snprintf(v, sizeof(v), "%llu (%#llx)", want, want);
	report_relation(got == want, eq, w, g, v);
}

void hu_cu_cmp_floating(long double got, long double want, bool eq, const struct hu_cu_where *w)
{
	char g[48], v[48];

	snprintf(g, sizeof(g), "%.17Lg", got);
	snprintf(v, sizeof(v), "%.17Lg", want);
	report_relation(got == want, eq, w, g, v);
}

void hu_cu_status(int got, int want, const char *msg, const struct hu_cu_where *w)
{
	char g[HU_CU_TEXT_MAX / 2], v[16];

	/* only a failing call (a negative status) wrote a message: read no other */
	if (got < 0 && got != want && msg && *msg)
		snprintf(g, sizeof(g), "%d, message \"%s\"", got, msg);
	else
		snprintf(g, sizeof(g), "%d", got);
	snprintf(v, sizeof(v), "%d", want);
	report(got == want, w, "==", g, v);
}

/* @s quoted, or (null). */
static void quoted(char *buf, size_t len, const char *s)
{
	if (s)
		snprintf(buf, len, "\"%s\"", s);
	else
		snprintf(buf, len, "(null)");
}

void hu_cu_contains(const char *text, const char *part, bool holds, const struct hu_cu_where *w)
{
	char g[HU_CU_TEXT_MAX / 2], v[HU_CU_TEXT_MAX / 4];
	bool found = text && part && strstr(text, part);

	quoted(g, sizeof(g), text);
	quoted(v, sizeof(v), part);
	report(text && part && found == holds, w, holds ? "contains" : "lacks", g, v);
}

void hu_cu_str(const char *got, const char *want, bool eq, const struct hu_cu_where *w)
{
	char g[HU_CU_TEXT_MAX / 3], v[HU_CU_TEXT_MAX / 3];
	bool same = got && want ? strcmp(got, want) == 0 : got == want;

	quoted(g, sizeof(g), got);
	quoted(v, sizeof(v), want);
	report_relation(same, eq, w, g, v);
}
