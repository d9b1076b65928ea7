/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * metrics.h - the metrics each PMU instance offers: one per definition
 * (metric_defs.h) of each counter pair the tables know and the PMU has,
 * named <stem><suffix>; names use [a-z0-9_] and never equal a sysfs event
 * name.  Pure functions over static data; any thread.
 */
#ifndef HU_METRICS_H
#define HU_METRICS_H

#include <stdbool.h>

#include "metric_defs.h"
#include "pmu_sysfs.h"

/* One metric of one PMU instance. */
struct hu_metric {
	char name[HU_NAME_MAX];
	const struct hu_metric_def *def;
	unsigned int num, den;	/* indices of the halves in pmu->events */
	double scale;
};

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

#endif /* HU_METRICS_H */
