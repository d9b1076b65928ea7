// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: the values PAPI_read returns (event_value.c), from group
 * buffers laid out as a PERF_FORMAT_GROUP read gives them, with counts and
 * times computed here by hand.
 */
#include <string.h>

#include "cu_main.h"
#include "event_value.h"

#define GROUPS 3
#define MEMBERS 4

/* A plan whose groups hold buffers the tests fill in; request i is group i / 2, member i % 2. */
struct fake_plan {
	struct hu_plan plan;
	struct hu_group group[GROUPS];
	uint64_t buf[GROUPS][HU_READ_HEADER_WORDS + MEMBERS];
	uint32_t place[2 * GROUPS];
	double scale[2 * GROUPS];
};

static void fake_plan_init(struct fake_plan *f, bool multiplexed)
{
	memset(f, 0, sizeof(*f));
	for (unsigned int g = 0; g < GROUPS; g++) {
		f->group[g].buf = f->buf[g];
		f->group[g].n = 2;
		f->buf[g][0] = 2;
	}
	for (unsigned int i = 0; i < 2 * GROUPS; i++)
		f->place[i] = HU_LOC(i / 2, i % 2);
	f->plan.group = f->group;
	f->plan.ngroups = GROUPS;
	f->plan.loc = f->place;
	f->plan.nreq = 2 * GROUPS;
	f->plan.multiplexed = multiplexed;
}

/* Group @g counted @c0 and @c1, enabled @enabled ns since its base, on the PMU @running ns. */
static void fake_read(struct fake_plan *f, unsigned int g, uint64_t c0, uint64_t c1,
		      uint64_t enabled, uint64_t running)
{
	f->group[g].base_enabled = 1000;	/* times count from the last start */
	f->group[g].base_running = 500;
	f->buf[g][1] = 1000 + enabled;
	f->buf[g][2] = 500 + running;
	f->buf[g][3] = c0;
	f->buf[g][4] = c1;
}

static const struct hu_metric_def *metric_def(enum hip09_family fam, const char *suffix)
{
	size_t n;
	const struct hu_metric_def *d = hu_metric_defs(&n);

	for (size_t i = 0; i < n; i++)
		if (d[i].family == fam && strcmp(d[i].suffix, suffix) == 0)
			return &d[i];
	return NULL;
}

static long long value_of(struct fake_plan *f, struct hu_value_rule *v)
{
	const struct hu_value_source src = { &f->plan, f->scale, f->plan.multiplexed };

	hu_value_resolve(&src, v);
	return hu_value_read(&src, v);
}

static double metric_of(struct fake_plan *f, struct hu_value_rule *v)
{
	return hu_fp64_value(value_of(f, v));
}

static void test_count_as_counted(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 3, .members = 1, .stride = 1 };

	fake_plan_init(&f, false);
	fake_read(&f, 1, 7, 123456789012345ULL, 50, 50);
	HU_ASSERT_EQ(value_of(&f, &v), 123456789012345LL);
	HU_ASSERT_EQ(v.kind, HU_VALUE_COUNT);
}

static void test_ratio_metric(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 1, .stride = 2,
				   .metric = metric_def(HIP09_FAMILY_PCIE, "_avg_latency"),
				   .scale = 1.0 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(v.metric);
	fake_plan_init(&f, false);
	fake_read(&f, 0, 6000, 12, 10, 10);	/* 6000 cycles over 12 TLPs */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 500.0, 1e-9);
	HU_ASSERT_EQ(v.kind, HU_VALUE_RATIO);
	fake_read(&f, 0, 6000, 0, 10, 10);	/* no TLP yet: n/a (NaN), not 0 or inf */
	CU_ASSERT_TRUE(isnan(metric_of(&f, &v)));
}

static void test_per_second_over_enabled_time(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 2, .members = 1, .stride = 1,
				   .metric = metric_def(HIP09_FAMILY_PCIE, "_bandwidth"),
				   .scale = 4.0 };

	CU_ASSERT_PTR_NOT_NULL_FATAL(v.metric);
	fake_plan_init(&f, false);
	fake_read(&f, 1, 1500, 0, 250000000, 250000000);	/* 1500 DW in 0.25 s */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 1500 * 4 / 0.25, 1e-6);
	HU_ASSERT_EQ(v.kind, HU_VALUE_PER_SECOND);
	fake_read(&f, 1, 0, 0, 0, 0);				/* no time yet: n/a */
	CU_ASSERT_TRUE(isnan(metric_of(&f, &v)));
}

static void test_multiplexed_count_scaled(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 1, .stride = 1 };

	fake_plan_init(&f, true);
	fake_read(&f, 0, 300, 0, 90, 30);	/* on the PMU a third of the time */
	HU_ASSERT_EQ(value_of(&f, &v), 900);
	HU_ASSERT_EQ(v.kind, HU_VALUE_TIMED);
	fake_read(&f, 0, 300, 0, 90, 90);	/* the whole time: exact */
	HU_ASSERT_EQ(value_of(&f, &v), 300);
	fake_read(&f, 0, 0, 0, 90, 0);		/* never ran: no guess */
	HU_ASSERT_EQ(value_of(&f, &v), 0);
}

/* A multiplexed rate is the count over the time it counted, not over the enabled time. */
static void test_multiplexed_rate_over_running_time(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 1, .stride = 1,
				   .metric = metric_def(HIP09_FAMILY_PCIE, "_bandwidth"),
				   .scale = 4.0 };

	fake_plan_init(&f, true);
	fake_read(&f, 0, 1000, 0, 400000000, 100000000);	/* 1000 DW in 0.1 s on the PMU */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 1000 * 4 / 0.1, 1e-6);
	/* the ratio of a pair needs no scaling: both halves share the group's time */
	v = (struct hu_value_rule){ .req = 2, .members = 1, .stride = 2,
				    .metric = metric_def(HIP09_FAMILY_HNS3, "_avg_latency"),
				    .scale = 1e9 / 500e6 };
	fake_read(&f, 1, 8000, 4, 100, 25);	/* 2000 cycles per packet at 500 MHz */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 4000.0, 1e-9);
}

static void test_aggregate_counts_sum(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 3, .stride = 2 };

	fake_plan_init(&f, false);
	fake_read(&f, 0, 10, 99, 5, 5);
	fake_read(&f, 1, 20, 99, 5, 5);
	fake_read(&f, 2, 30, 99, 5, 5);
	HU_ASSERT_EQ(value_of(&f, &v), 60);
	HU_ASSERT_EQ(v.kind, HU_VALUE_AGGREGATE);
}

/* Latency over instances: sum of delays over sum of TLPs, never an average of averages. */
static void test_aggregate_latency_weighted(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 2, .stride = 2,
				   .metric = metric_def(HIP09_FAMILY_PCIE, "_avg_latency"),
				   .scale = 1.0 };

	fake_plan_init(&f, false);
	f.scale[0] = f.scale[2] = 1.0;
	fake_read(&f, 0, 100 * 90, 90, 5, 5);	/* 90 TLPs of 100 cycles */
	fake_read(&f, 1, 1000 * 10, 10, 5, 5);	/* 10 TLPs of 1000 cycles */
	/* (9000 + 10000) / 100 = 190; the average of averages would be 550 */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 190.0, 1e-9);
}

/* Rates over instances: each instance's rate over its own time, summed; scales per instance. */
static void test_aggregate_rates_sum(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 2, .stride = 2,
				   .metric = metric_def(HIP09_FAMILY_HNS3, "_bandwidth"),
				   .scale = 100e6 };

	fake_plan_init(&f, false);
	f.scale[0] = 100e6;			/* hw_clk_freq of instance 0 */
	f.scale[2] = 200e6;			/* instance 1 runs another clock */
	fake_read(&f, 0, 5000, 1000, 10, 10);	/* 5 bytes per cycle at 100 MHz */
	fake_read(&f, 1, 1000, 1000, 10, 10);	/* 1 byte per cycle at 200 MHz */
	CU_ASSERT_DOUBLE_EQUAL(metric_of(&f, &v), 5 * 100e6 + 1 * 200e6, 1e-3);
}

/* Multiplexed aggregate: each instance's counts scaled to its enabled time. */
static void test_aggregate_multiplexed_scaled(void)
{
	struct fake_plan f;
	struct hu_value_rule v = { .req = 0, .members = 2, .stride = 2 };

	fake_plan_init(&f, true);
	fake_read(&f, 0, 100, 0, 60, 20);	/* a third: 300 */
	fake_read(&f, 1, 100, 0, 60, 60);	/* the whole time: 100 */
	HU_ASSERT_EQ(value_of(&f, &v), 400);
}

static void test_need_times(void)
{
	struct hu_value_rule v[2] = {
		{ .metric = NULL },
		{ .metric = metric_def(HIP09_FAMILY_PCIE, "_avg_latency") },
	};

	CU_ASSERT_FALSE(hu_values_need_times(v, 2, false));
	CU_ASSERT_TRUE(hu_values_need_times(v, 2, true));	/* scaling needs them */
	v[0].metric = metric_def(HIP09_FAMILY_PCIE, "_bandwidth");
	CU_ASSERT_TRUE(hu_values_need_times(v, 2, false));
	HU_ASSERT_EQ(hu_scaled_count(7, 10, 0), 0);
	HU_ASSERT_EQ(hu_scaled_count(7, 10, 20), 7);		/* running never exceeds enabled */
}

void register_event_value_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "a count as counted", test_count_as_counted },
		{ "a ratio metric; 0 while its denominator is 0", test_ratio_metric },
		{ "a rate over the enabled time since start", test_per_second_over_enabled_time },
		{ "multiplexed: counts scaled to the enabled time", test_multiplexed_count_scaled },
		{ "multiplexed: rates over the time counted, ratios unscaled", test_multiplexed_rate_over_running_time },
		{ "aggregate: counts sum", test_aggregate_counts_sum },
		{ "aggregate: latency is delays over TLPs, not an average of averages", test_aggregate_latency_weighted },
		{ "aggregate: rates sum, each with its instance's clock", test_aggregate_rates_sum },
		{ "aggregate: multiplexed instances scaled each", test_aggregate_multiplexed_scaled },
		{ "which values need the group times", test_need_times },
		{ NULL, NULL },
	};

	hu_cu_add_suite("event_value", NULL, NULL, tests);
}
