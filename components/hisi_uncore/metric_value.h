/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * metric_value.h - a metric's arithmetic on the read path: its counters'
 * values to the value in its unit (metric_defs.h says which combination
 * and scale each metric takes).  A zero denominator (no packet or TLP, no
 * time) gives NaN, n/a: 0 would be a latency or rate the hardware never
 * showed.  Inline and pure: the read path calls it per value.
 */
#ifndef HU_METRIC_VALUE_H
#define HU_METRIC_VALUE_H

#include <math.h>
#include <stdint.h>

#include "metric_defs.h"

/* counter 0 / counter 1 * scale; NaN while counter 1 is still 0 */
static inline double hu_metric_ratio(uint64_t c0, uint64_t c1, double scale)
{
	return c1 ? (double)c0 / (double)c1 * scale : NAN;
}

/*
 * counter 0 * scale per second of @counted_ns, the time the counter counted
 * (its group's enabled time, or its running time when multiplexed); NaN
 * before any time
 */
static inline double hu_metric_per_second(uint64_t c0, double scale, uint64_t counted_ns)
{
	return counted_ns ? (double)c0 * scale / ((double)counted_ns / 1e9) : NAN;
}

/* Combine counter values, counted over @counted_ns, into the metric's value. */
static inline double hu_metric_value(const struct hu_metric_def *def, double scale, uint64_t c0,
				     uint64_t c1, uint64_t counted_ns)
{
	switch (def->combine) {
	case HU_COMBINE_RATIO:
		return hu_metric_ratio(c0, c1, scale);
	case HU_COMBINE_PER_SECOND:
		return hu_metric_per_second(c0, scale, counted_ns);
	case HU_COMBINE_RAW:
		break;
	}
	return (double)c0;
}

#endif /* HU_METRIC_VALUE_H */
