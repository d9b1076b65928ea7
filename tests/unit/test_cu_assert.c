// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests of the tests' own assertions (cu_assert.h): a failure says
 * what it got and wanted, each operand is evaluated once, and the
 * comparison means what == means.
 */
#include <stdint.h>
#include <string.h>

#include "cu_main.h"
#include "hu_error.h"

/* What the assertion under test reported. */
static struct {
	unsigned int calls;
	bool holds;
	char text[4096];
} seen;

static void record(bool holds, const char *text, const struct hu_cu_where *w)
{
	(void)w;
	seen.calls++;
	seen.holds = holds;
	strncpy(seen.text, text, sizeof(seen.text) - 1);
}

static void watch(void)
{
	memset(&seen, 0, sizeof(seen));
	hu_cu_set_sink(record);
}

static void unwatch(void)
{
	hu_cu_set_sink(NULL);
}

static void test_failure_says_got_and_want(void)
{
	int ngroups = 2;
	uint64_t config = 0x10;
	const char *msg = "hns3_pmu_sicl_0: at most 8 counters";

	watch();
	HU_ASSERT_EQ(ngroups, 1);
	unwatch();
	HU_ASSERT_EQ(seen.calls, 1);
	HU_ASSERT_EQ(seen.holds, false);
	HU_ASSERT_STR_EQ(seen.text, "ngroups == 1: got 2, want 1");

	watch();
	HU_ASSERT_EQ(config, 0x20);
	unwatch();
	HU_ASSERT_STR_EQ(seen.text, "config == 0x20: got 16 (0x10), want 32 (0x20)");

	watch();
	HU_ASSERT_NE(ngroups, 2);
	unwatch();
	HU_ASSERT_STR_EQ(seen.text, "ngroups != 2: got 2, want anything but 2");

	watch();
	HU_ASSERT_CONTAINS(msg, "at most 4");
	unwatch();
	HU_ASSERT_STR_EQ(seen.text, "msg contains \"at most 4\": got \"hns3_pmu_sicl_0: at most 8 "
			 "counters\", want \"at most 4\"");

	watch();
	HU_ASSERT_LACKS(msg, "counters");
	unwatch();
	HU_ASSERT_EQ(seen.holds, false);
}

static void test_status_shows_message(void)
{
	struct hu_err e = { .status = HU_E_FILTER, .msg = "tc: maximum is 15" };

	watch();
	HU_ASSERT_STATUS(e.status, HU_OK, &e);
	unwatch();
	HU_ASSERT_STR_EQ(seen.text, "e.status == HU_OK: got -7, message \"tc: maximum is 15\", "
			 "want 0");
}

static void test_holds_quietly(void)
{
	watch();
	HU_ASSERT_EQ(3u, 3);
	HU_ASSERT_STR_EQ("a", "a");
	HU_ASSERT_CONTAINS("abc", "b");
	HU_ASSERT_EQ(0.5, 0.5);
	unwatch();
	HU_ASSERT_EQ(seen.calls, 4);
	HU_ASSERT_EQ(seen.holds, true);
}

static int counter;

static int next(void)
{
	return ++counter;
}

static void test_operands_once(void)
{
	counter = 0;
	watch();
	HU_ASSERT_EQ(next(), 1);
	HU_ASSERT_NE(next(), 1);
	unwatch();
	HU_ASSERT_EQ(counter, 2);
	HU_ASSERT_EQ(seen.holds, true);
}

/* -1 == UINT_MAX as == says (both unsigned); NULL strings compare, never crash. */
static void test_means_what_eq_means(void)
{
	int minus_one = -1;
	const char *none = NULL;

	watch();
	HU_ASSERT_EQ(minus_one, 0xffffffffu);
	HU_ASSERT_EQ(seen.holds, (unsigned int)minus_one == 0xffffffffu);
	HU_ASSERT_STR_EQ(none, "x");
	unwatch();
	HU_ASSERT_EQ(seen.holds, false);
	HU_ASSERT_CONTAINS(seen.text, "got (null)");
	watch();
	HU_ASSERT_CONTAINS(none, "x");
	unwatch();
	HU_ASSERT_EQ(seen.holds, false);
}

void register_cu_assert_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "a failure says what it got and wanted", test_failure_says_got_and_want },
		{ "a status failure shows the message", test_status_shows_message },
		{ "assertions that hold say nothing more", test_holds_quietly },
		{ "each operand is evaluated once", test_operands_once },
		{ "compared as == compares; NULL strings never crash", test_means_what_eq_means },
		{ NULL, NULL },
	};

	hu_cu_add_suite("cu_assert", NULL, NULL, tests);
}
