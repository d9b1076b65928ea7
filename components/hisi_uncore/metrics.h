/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * metrics.h - derived metrics: one value per counter pair, in real units.
 *
 * A metric reads both halves of a pair (counter 0 = bit 16 clear, counter 1
 * = bit 16 set) from one perf group, so they cover the same window, and
 * combines them since PAPI_start (or the last PAPI_reset):
 *   HNS3 (clock hw_clk_freq Hz):
 *     <stem>_bandwidth     bytes/s      = byte_num / time * hw_clk_freq
 *     <stem>_packet_rate   packets/s    = packet_num / time * hw_clk_freq
 *     <stem>_avg_latency   ns           = time / packet_num / hw_clk_freq * 1e9
 *     <stem>_intr_rate     interrupts/s = intr_num / time * hw_clk_freq
 *   PCIe:
 *     <stem>_avg_latency   cycles/TLP   = latency / cnt
 *     <stem>_bandwidth     bytes/s      = flux * 4 / seconds the group was enabled
 *     <stem>_flux_per_cycle DW/cycle    = flux / time
 * A zero denominator (no packet or TLP, no time) gives NaN, n/a: 0 would be
 * a latency or rate the hardware never showed.  Names use [a-z0-9_] and
 * never equal a sysfs event name.  Pure functions over static data; any
 * thread.
 */
#ifndef HU_METRICS_H
#define HU_METRICS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "hip09_tables.h"
#include "pmu_sysfs.h"

/* How a native event's value is made from its counters. */
enum hu_combine {
	HU_COMBINE_RAW,		/* one counter, as counted */
	HU_COMBINE_RATIO,	/* counter 0 / counter 1 * scale */
	HU_COMBINE_PER_SECOND,	/* counter 0 * scale / seconds enabled */
};

/* What a metric's ratio is multiplied by to be in its unit. */
enum hu_metric_scale {
	HU_SCALE_ONE,
	HU_SCALE_DW_BYTES,	/* PCIe flux counts 4-byte DW */
	HU_SCALE_PER_CYCLE,	/* per cycle of hw_clk_freq -> per second */
	HU_SCALE_NS_PER_CYCLE,	/* cycles of hw_clk_freq -> ns */
};

struct hu_metric_def {
	enum hip09_family family;
	enum hip09_kind kind;
	const char *suffix;	/* appended to the pair's stem */
	const char *unit;
	enum hu_combine combine;
	enum hu_metric_scale scale;
	const char *formula;	/* for descriptions and doc/metrics.md */
	const char *assumption;	/* what the formula takes for granted */
};

/* One metric of one PMU instance. */
struct hu_metric {
	char name[HU_NAME_MAX];
	const struct hu_metric_def *def;
	unsigned int num, den;	/* indices of the halves in pmu->events */
	double scale;
};

/* All metric definitions (for documentation); *n gets the count. */
const struct hu_metric_def *hu_metric_defs(size_t *n);

/*
 * The metrics @pmu offers (details must be loaded): malloc'd array in *out,
 * count in *n.  Pairs the tables do not know, HNS3 PMUs without
 * hw_clk_freq and names that would collide with an event give no metric.
 */
int hu_metrics_build(const struct hu_pmu *pmu, struct hu_metric **out, unsigned int *n);

/*
 * If @name would be a metric of @pmu but one of its halves is unusable (a
 * metric exists only while both are), that half; else NULL.
 */
const struct hu_event *hu_metric_lost_half(const struct hu_pmu *pmu, const char *name);

/*
 * Would @name be a metric of @pmu if its hw_clk_freq were usable (the
 * family's rates need it, and pmu->clock_why says what is wrong)?
 */
bool hu_metric_lost_clock(const struct hu_pmu *pmu, const char *name);

/* How many metrics the events @names (from hu_pmu_list_events) give. */
unsigned int hu_metrics_count(const struct hu_pmu *pmu, char (*names)[HU_NAME_MAX],
			      unsigned int count);

/* counter 0 / counter 1 * scale; 0 while counter 1 is still 0 (inline: read path) */
static inline double hu_metric_ratio(uint64_t c0, uint64_t c1, double scale)
{
	return c1 ? (double)c0 / (double)c1 * scale : NAN;
}

/*
 * counter 0 * scale per second of @counted_ns, the time the counter counted
 * (its group's enabled time, or its running time when multiplexed); NaN
 * before any time (inline: read path)
 */
static inline double hu_metric_per_second(uint64_t c0, double scale, uint64_t counted_ns)
{
	return counted_ns ? (double)c0 * scale / ((double)counted_ns / 1e9) : NAN;
}

/* Combine counter values, counted over @counted_ns, into the metric's value. */
double hu_metric_value(const struct hu_metric_def *def, double scale, uint64_t c0,
		       uint64_t c1, uint64_t counted_ns);

#endif /* HU_METRICS_H */
