/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * event_value.h - the values PAPI_read returns, made from the perf group
 * buffers just read: a count as counted or scaled for multiplexing, a metric
 * in its unit, or an aggregate over PMU instances.  PAPI-free; the rules are
 * resolved when the groups are planned, so a read does no look-ups.
 */
#ifndef HU_EVENT_VALUE_H
#define HU_EVENT_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "metric_value.h"
#include "perf_group.h"

/* How one value is formed; the common kinds first. */
enum hu_value_kind {
	HU_VALUE_COUNT,		/* one counter as counted */
	HU_VALUE_RATIO,		/* a ratio metric of two counters in one group */
	HU_VALUE_PER_SECOND,	/* a per-second metric: a count over the group's time */
	HU_VALUE_TIMED,		/* the general path: multiplex scaling, raw metrics */
	HU_VALUE_AGGREGATE,	/* over several PMU instances (hisi_pcie*::...) */
};

struct hu_value_rule {
	unsigned int req;			/* first request of the event */
	unsigned int members;			/* PMU instances: > 1 for an aggregate */
	unsigned int stride;			/* requests per instance: 1, or 2 for a pair */
	const struct hu_metric_def *metric;	/* NULL: a count */
	double scale;
	enum hu_value_kind kind;
	const uint64_t *c0, *c1;		/* its counts in the group buffers */
};

/* Where the values come from: the plan's buffers and each request's metric scale. */
struct hu_value_source {
	const struct hu_plan *plan;
	const double *req_scale;	/* by the first request of each instance */
	bool multiplexed;
};

/* Fill in @v's kind and count pointers (v->req, members, stride, metric set). */
void hu_value_resolve(const struct hu_value_source *src, struct hu_value_rule *v);

/* Whether any of the @n values needs the groups' times since start. */
bool hu_values_need_times(const struct hu_value_rule *v, unsigned int n, bool multiplexed);

/* A count under multiplexing, scaled to the whole enabled time (0 if it never ran). */
uint64_t hu_scaled_count(uint64_t value, uint64_t enabled_ns, uint64_t running_ns);

/* A metric travels as the bits of a double in PAPI's long long slot. */
static inline long long hu_fp64_bits(double value)
{
	union {
		long long ll;
		double fp;
	} u = { .fp = value };

	return u.ll;
}

static inline double hu_fp64_value(long long bits)
{
	union {
		long long ll;
		double fp;
	} u = { .ll = bits };

	return u.fp;
}

/* The timed and aggregate kinds (out of line: multiplexed or many instances). */
long long hu_value_read_slow(const struct hu_value_source *src, const struct hu_value_rule *v);

/* @v's value from the buffers just read (inline: the read path). */
static inline long long hu_value_read(const struct hu_value_source *src,
				      const struct hu_value_rule *v)
{
	if (v->kind == HU_VALUE_RATIO)
		return hu_fp64_bits(hu_metric_ratio(*v->c0, *v->c1, v->scale));
	if (v->kind == HU_VALUE_COUNT)
		return (long long)*v->c0;
	if (v->kind == HU_VALUE_PER_SECOND)
		return hu_fp64_bits(hu_metric_per_second(*v->c0, v->scale,
							 hu_plan_enabled_ns(src->plan, v->req)));
	return hu_value_read_slow(src, v);
}

#endif /* HU_EVENT_VALUE_H */
