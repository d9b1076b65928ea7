// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: what stands between the component and the profilers that
 * store differences: the JSON reader of hisi-uncore-hl (tools/hl_json.c),
 * the recognition of metrics in their event lists (delta_recorders.c) and
 * the name rewriting both use (hu_name_with_event).
 */
#define _POSIX_C_SOURCE 200809L	/* setenv */
#include <stdlib.h>
#include <string.h>

#include "cu_main.h"
#include "delta_recorders.h"
#include "event_spec.h"
#include "hl_json.h"

static struct hl_json *parse(const char *text, char *err, size_t errlen)
{
	return hl_json_parse(text, strlen(text), err, errlen);
}

static void test_json_reads_papi_hl_output(void)
{
	const char *doc = "{\"papi_version\":\"7.0.0.0\",\"threads\":{\"0\":{\"regions\":{\"1\":"
			  "{\"name\":\"send\",\"parent_region_id\":\"-1\",\"real_time_nsec\":\"12\","
			  "\"a::b:c=1\":{\"region_value\":\"10500\",\"read_1\":\"7\"},"
			  "\"e\\u0041\\n\":[1,-2.5e3,true,null]}}}}}";
	char err[128];
	struct hl_json *j = parse(doc, err, sizeof(err));
	const struct hl_json *r, *v;

	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	r = hl_json_get(hl_json_get(hl_json_get(hl_json_get(j, "threads"), "0"), "regions"), "1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	HU_ASSERT_STR_EQ(hl_json_get(r, "name")->text, "send");
	v = hl_json_get(hl_json_get(r, "a::b:c=1"), "region_value");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	HU_ASSERT_STR_EQ(v->text, "10500");
	v = hl_json_get(r, "eA\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	HU_ASSERT_EQ(v->type, HL_JSON_ARRAY);
	HU_ASSERT_STR_EQ(v->child->next->text, "-2.5e3");
	HU_ASSERT_EQ(v->child->next->next->type, HL_JSON_BOOL);
	HU_ASSERT_EQ(v->child->next->next->next->type, HL_JSON_NULL);
	CU_ASSERT_PTR_NULL(hl_json_get(r, "missing"));
	CU_ASSERT_PTR_NULL(hl_json_get(v, "x"));	/* not an object */
	hl_json_free(j);
}

static void test_json_refuses_what_is_not_json(void)
{
	static const char *const bad[] = {
		"", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "[1,]", "[1 2]", "{\"a\":1}x",
		"\"abc", "\"a\\q\"", "\"\\u12\"", "\"a\x01\"", "{a:1}", "tru", "nul", "1x", "--1",
		"+1", ".5", "{\"a\":{\"b\":[}}",
	};
	char deep[2 * HL_JSON_MAX_DEPTH + 8], err[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hl_json *j = parse(bad[i], err, sizeof(err));

		CU_ASSERT_PTR_NULL(j);
		HU_ASSERT_CONTAINS(err, "at byte ");
		hl_json_free(j);
	}
	memset(deep, '[', HL_JSON_MAX_DEPTH + 2);
	memset(deep + HL_JSON_MAX_DEPTH + 2, ']', HL_JSON_MAX_DEPTH + 2);
	deep[2 * HL_JSON_MAX_DEPTH + 4] = '\0';
	CU_ASSERT_PTR_NULL(parse(deep, err, sizeof(err)));
	HU_ASSERT_CONTAINS(err, "nested deeper");
	/* a NUL inside the given length ends nothing early: it is garbage */
	CU_ASSERT_PTR_NULL(hl_json_parse("[1]\0[2]", 7, err, sizeof(err)));
}

static void test_name_with_event(void)
{
	char out[64];

	CU_ASSERT_TRUE(hu_name_with_event("hisi_uncore:::p::ev:port=1:len_mode=2", "x", out, sizeof(out)));
	HU_ASSERT_STR_EQ(out, "hisi_uncore:::p::x:port=1:len_mode=2");
	CU_ASSERT_TRUE(hu_name_with_event("p::ev", "other", out, sizeof(out)));
	HU_ASSERT_STR_EQ(out, "p::other");
	CU_ASSERT_FALSE(hu_name_with_event("p:ev", "x", out, sizeof(out)));
	CU_ASSERT_FALSE(hu_name_with_event("p::ev", "a_name_much_too_long_for_the_buffer_of_sixty_four_bytes_given",
					   out, 16));
}

static void test_delta_recorders_name_metrics(void)
{
	const struct hu_delta_recorder *r;

	unsetenv("SCOREP_METRIC_PAPI");
	unsetenv("SCOREP_METRIC_PAPI_PER_PROCESS");
	unsetenv("SCOREP_METRIC_PAPI_SEP");
	setenv("PAPI_EVENTS", "PAPI_TOT_CYC, hisi_uncore:::p::m:port=1=delta ,p::n=instant", 1);
	r = hu_delta_recorder_naming("p::m:port=1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	HU_ASSERT_STR_EQ(r->var, "PAPI_EVENTS");
	CU_ASSERT_PTR_NOT_NULL(hu_delta_recorder_naming("hisi_uncore:::p::n"));
	CU_ASSERT_PTR_NULL(hu_delta_recorder_naming("p::m"));	/* other qualifiers */
	CU_ASSERT_PTR_NULL(hu_delta_recorder_naming("p::m:port=1=delta"));
	/* the HL API removes every space of an item, not only those at its ends */
	setenv("PAPI_EVENTS", "p::rx_band width, hisi_uncore ::: p :: m = delta", 1);
	CU_ASSERT_PTR_NOT_NULL(hu_delta_recorder_naming("p::rx_bandwidth"));
	CU_ASSERT_PTR_NOT_NULL(hu_delta_recorder_naming("p::m"));
	CU_ASSERT_PTR_NULL(hu_delta_recorder_naming("p::rx_band"));
	unsetenv("PAPI_EVENTS");
	CU_ASSERT_PTR_NULL(hu_delta_recorder_naming("p::m:port=1"));
	setenv("SCOREP_METRIC_PAPI_SEP", ";", 1);
	setenv("SCOREP_METRIC_PAPI_PER_PROCESS", "a::b,c;p::m", 1);
	r = hu_delta_recorder_naming("p::m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	HU_ASSERT_STR_EQ(r->tool, "Score-P");
	CU_ASSERT_PTR_NULL(hu_delta_recorder_naming("a::b"));	/* "a::b,c" is one item */
	unsetenv("SCOREP_METRIC_PAPI_SEP");
	unsetenv("SCOREP_METRIC_PAPI_PER_PROCESS");
}

void register_profiler_output_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "the JSON reader reads PAPI high-level output", test_json_reads_papi_hl_output },
		{ "the JSON reader refuses what is not JSON, with the offset",
		  test_json_refuses_what_is_not_json },
		{ "a name with another event, the rest as written", test_name_with_event },
		{ "a metric in a delta recorder's event list is found", test_delta_recorders_name_metrics },
		{ NULL, NULL },
	};
	hu_cu_add_suite("profiler_output", NULL, NULL, tests);
}
