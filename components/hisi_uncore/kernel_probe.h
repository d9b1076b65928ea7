/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * kernel_probe.h - ask the running kernel whether a PMU's driver takes an
 * event, where sysfs does not show the driver's rule.
 */
#ifndef HU_KERNEL_PROBE_H
#define HU_KERNEL_PROBE_H

#include "perf_attr.h"
#include "pmu_sysfs.h"

enum hu_probe {
	HU_PROBE_TAKEN,		/* event_init() took it */
	HU_PROBE_REFUSED,	/* event_init() said EINVAL */
	HU_PROBE_UNKNOWN,	/* not asked (a sysfs root other than /sys) or no answer */
};

/*
 * Open @attr on @pmu's counting CPU, disabled (no counter is taken), and
 * close it at once.  Only against the live /sys: a fixture tree's types
 * name no kernel PMU.  The type and CPU are read again first, since a
 * driver reload may have given the name another type.
 */
enum hu_probe hu_kernel_probe(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
			      const struct hu_attr *attr);

#endif /* HU_KERNEL_PROBE_H */
