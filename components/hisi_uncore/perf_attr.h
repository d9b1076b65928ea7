/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * perf_attr.h - what an event name decides of a perf_event_attr: the PMU's
 * type and the config words.  A leaf header: the name path (event_spec.h)
 * makes these and the group path (perf_group.h) opens them, and neither
 * needs the other's header.
 */
#ifndef HU_PERF_ATTR_H
#define HU_PERF_ATTR_H

#include <stdint.h>

#define HU_CONFIG_WORDS 4	/* config, config1, config2, config3 */

struct hu_attr {
	uint32_t type;
	uint64_t config[HU_CONFIG_WORDS];
};

#endif /* HU_PERF_ATTR_H */
