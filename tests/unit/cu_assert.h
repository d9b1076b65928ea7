/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * cu_assert.h - CUnit assertions that say what they saw.
 *
 * CUnit's CU_ASSERT_EQUAL and CU_ASSERT_PTR_NOT_NULL(strstr(...)) print the
 * expression only, so a failure in a CI log needs a rerun to be understood.
 * These print the expression, the value got and the value wanted, and for
 * text the whole text searched.  Every operand is evaluated exactly once.
 */
#ifndef HU_CU_ASSERT_H
#define HU_CU_ASSERT_H

#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stddef.h>

/* Where an assertion is written, and what it says. */
struct hu_cu_where {
	const char *file;
	const char *func;
	unsigned int line;
	const char *got;	/* the expressions, as written */
	const char *want;
	CU_BOOL fatal;
};

#define HU_CU_WHERE_(got, want, fatal) \
	(&(const struct hu_cu_where){ __FILE__, __func__, __LINE__, got, want, fatal })

/*
 * Compared in the type == would compare them in (the type of got + want),
 * so an assertion means what CU_ASSERT_EQUAL meant.
 */
#define HU_CU_CMP_(got, want, eq, fatal) \
	_Generic((got) + (want), \
		 unsigned int: hu_cu_cmp_unsigned, \
		 unsigned long: hu_cu_cmp_unsigned, \
		 unsigned long long: hu_cu_cmp_unsigned, \
		 float: hu_cu_cmp_floating, \
		 double: hu_cu_cmp_floating, \
		 long double: hu_cu_cmp_floating, \
		 default: hu_cu_cmp_signed)((got), (want), eq, HU_CU_WHERE_(#got, #want, fatal))

#define HU_ASSERT_EQ(got, want) HU_CU_CMP_(got, want, true, CU_FALSE)
#define HU_ASSERT_EQ_FATAL(got, want) HU_CU_CMP_(got, want, true, CU_TRUE)
#define HU_ASSERT_NE(got, want) HU_CU_CMP_(got, want, false, CU_FALSE)

/*
 * A status (enum hu_status); when it is a failure other than the one wanted,
 * the message the call wrote into struct hu_err *@err too.
 */
#define HU_ASSERT_STATUS(got, want, err) \
	hu_cu_status((got), (want), (err)->msg, HU_CU_WHERE_(#got, #want, CU_FALSE))
#define HU_ASSERT_STATUS_FATAL(got, want, err) \
	hu_cu_status((got), (want), (err)->msg, HU_CU_WHERE_(#got, #want, CU_TRUE))

/* Text @text (may be NULL) holds / does not hold @part. */
#define HU_ASSERT_CONTAINS(text, part) \
	hu_cu_contains((text), (part), true, HU_CU_WHERE_(#text, #part, CU_FALSE))
#define HU_ASSERT_LACKS(text, part) \
	hu_cu_contains((text), (part), false, HU_CU_WHERE_(#text, #part, CU_FALSE))

/* Strings equal / different; NULL equals only NULL. */
#define HU_ASSERT_STR_EQ(got, want) \
	hu_cu_str((got), (want), true, HU_CU_WHERE_(#got, #want, CU_FALSE))
#define HU_ASSERT_STR_EQ_FATAL(got, want) \
	hu_cu_str((got), (want), true, HU_CU_WHERE_(#got, #want, CU_TRUE))
#define HU_ASSERT_STR_NE(got, want) \
	hu_cu_str((got), (want), false, HU_CU_WHERE_(#got, #want, CU_FALSE))

void hu_cu_cmp_signed(long long got, long long want, bool eq, const struct hu_cu_where *w);
void hu_cu_cmp_unsigned(unsigned long long got, unsigned long long want, bool eq,
			const struct hu_cu_where *w);
void hu_cu_cmp_floating(long double got, long double want, bool eq, const struct hu_cu_where *w);
void hu_cu_status(int got, int want, const char *msg, const struct hu_cu_where *w);
void hu_cu_contains(const char *text, const char *part, bool holds, const struct hu_cu_where *w);
void hu_cu_str(const char *got, const char *want, bool eq, const struct hu_cu_where *w);

/*
 * The line a failed assertion reports, into @buf:
 * "<got> <relation> <want>: got <got value>, want <want value>".
 * Values are already text; quoted strings come quoted.
 */
void hu_cu_describe(char *buf, size_t len, const struct hu_cu_where *w, const char *relation,
		    const char *got_value, const char *want_value);

/*
 * Where assertions go: CUnit (the default, @s NULL), or a recorder of the
 * assertions' own tests.  Returns the sink it replaces.
 */
typedef void (*hu_cu_sink)(bool holds, const char *text, const struct hu_cu_where *w);
hu_cu_sink hu_cu_set_sink(hu_cu_sink s);

#endif /* HU_CU_ASSERT_H */
