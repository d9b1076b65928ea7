// SPDX-License-Identifier: BSD-3-Clause
/*
 * event_value.c - PAPI_read's values from the group buffers (event_value.h).
 */
#include "event_value.h"

void hu_value_resolve(const struct hu_value_source *src, struct hu_value_rule *v)
{
	v->c0 = hu_plan_count(src->plan, v->req);
	v->c1 = v->metric && v->metric->combine != HU_COMBINE_RAW ?
		hu_plan_count(src->plan, v->req + 1) : v->c0;
	/* multiplex scaling and raw metrics take the general path */
	if (v->members > 1)
		v->kind = HU_VALUE_AGGREGATE;
	else if (src->multiplexed)
		v->kind = HU_VALUE_TIMED;
	else if (!v->metric)
		v->kind = HU_VALUE_COUNT;
	else if (v->metric->combine == HU_COMBINE_RATIO)
		v->kind = HU_VALUE_RATIO;
	else if (v->metric->combine == HU_COMBINE_PER_SECOND)
		v->kind = HU_VALUE_PER_SECOND;
	else
		v->kind = HU_VALUE_TIMED;
}

bool hu_values_need_times(const struct hu_value_rule *v, unsigned int n, bool multiplexed)
{
	for (unsigned int i = 0; i < n; i++)
		if (v[i].metric && v[i].metric->combine == HU_COMBINE_PER_SECOND)
			return true;
	return multiplexed;
}

uint64_t hu_scaled_count(uint64_t value, uint64_t enabled_ns, uint64_t running_ns)
{
	if (running_ns >= enabled_ns)
		return value;
	if (running_ns == 0)
		return 0;
	return (uint64_t)((double)value * (double)enabled_ns / (double)running_ns);
}

/*
 * One request's value under multiplexing: a count scaled to the enabled
 * time; a metric over the time its group counted (both halves share the
 * group, so the ratio itself needs no scaling).
 */
static long long timed_value(const struct hu_value_source *src, const struct hu_value_rule *v)
{
	uint64_t enabled, running;

	hu_plan_times(src->plan, v->req, &enabled, &running);
	if (v->metric)
		return hu_fp64_bits(hu_metric_value(v->metric, v->scale, *v->c0, *v->c1, running));
	return (long long)hu_scaled_count(*v->c0, enabled, running);
}

/* An aggregate instance's count at request @r: scaled when multiplexed. */
static uint64_t member_count(const struct hu_value_source *src, unsigned int r)
{
	uint64_t enabled, running;

	if (!src->multiplexed)
		return *hu_plan_count(src->plan, r);
	hu_plan_times(src->plan, r, &enabled, &running);
	return hu_scaled_count(*hu_plan_count(src->plan, r), enabled, running);
}

/*
 * An aggregate (hisi_pcie*::...): counts sum; a latency is the instances'
 * delays (each in its own unit) over their packets or TLPs, never an average
 * of averages; a rate (bandwidth, packet or interrupt rate, DW per cycle) is
 * the sum of the instances' rates, each over its own time (a count scaled to
 * the enabled time, over the enabled time), n/a (NaN) if any instance's is.
 */
static long long aggregate_value(const struct hu_value_source *src,
				 const struct hu_value_rule *v)
{
	bool latency = v->metric && v->metric->kind == HIP09_KIND_LATENCY;
	uint64_t sum0 = 0, sum1 = 0;
	double delay = 0, rate = 0;

	for (unsigned int m = 0; m < v->members; m++) {
		unsigned int r = v->req + m * v->stride;
		uint64_t c0 = member_count(src, r);
		uint64_t c1 = v->stride > 1 ? member_count(src, r + 1) : 0;

		sum0 += c0;
		sum1 += c1;
		if (latency)
			delay += (double)c0 * src->req_scale[r];
		else if (v->metric)
			rate += hu_metric_value(v->metric, src->req_scale[r], c0, c1,
						hu_plan_enabled_ns(src->plan, r));
	}
	if (!v->metric)
		return (long long)sum0;
	if (latency)
		return hu_fp64_bits(sum1 ? delay / (double)sum1 : NAN);
	return hu_fp64_bits(rate);
}

long long hu_value_read_slow(const struct hu_value_source *src, const struct hu_value_rule *v)
{
	if (v->kind == HU_VALUE_AGGREGATE)
		return aggregate_value(src, v);
	return timed_value(src, v);
}
