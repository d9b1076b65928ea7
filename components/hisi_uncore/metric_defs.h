/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * metric_defs.h - what each derived metric is: one value per counter pair,
 * in real units, by family and kind of pair.
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
 * The stem is what the pair's two names share (the tables' partner names).
 * Which metrics a PMU offers: metrics.h; the arithmetic: metric_value.h.
 */
#ifndef HU_METRIC_DEFS_H
#define HU_METRIC_DEFS_H

#include <stddef.h>

#include "hip09_types.h"

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

/* All metric definitions; *n gets the count. */
const struct hu_metric_def *hu_metric_defs(size_t *n);

#endif /* HU_METRIC_DEFS_H */
