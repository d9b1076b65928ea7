// SPDX-License-Identifier: BSD-3-Clause
/*
 * kernel_probe.c - ask the running kernel whether a PMU's driver takes an
 * event (see kernel_probe.h).
 */
#define _GNU_SOURCE
#include "kernel_probe.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LIVE_SYSFS_ROOT "/sys"

enum hu_probe hu_kernel_probe(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
			      const struct hu_attr *attr)
{
	struct perf_event_attr pa;
	struct hu_err e;
	uint32_t type;
	int cpu, fd;

	if (strcmp(set->root, LIVE_SYSFS_ROOT) || attr->config[3] ||
	    hu_pmu_read_live(set, pmu, &type, &cpu, &e) || cpu < 0)
		return HU_PROBE_UNKNOWN;
	memset(&pa, 0, sizeof(pa));
	pa.size = sizeof(pa);
	pa.type = type;
	pa.config = attr->config[0];
	pa.config1 = attr->config[1];
	pa.config2 = attr->config[2];
	pa.disabled = 1;
	fd = (int)syscall(__NR_perf_event_open, &pa, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0) {
		close(fd);
		return HU_PROBE_TAKEN;
	}
	return errno == EINVAL ? HU_PROBE_REFUSED : HU_PROBE_UNKNOWN;
}
