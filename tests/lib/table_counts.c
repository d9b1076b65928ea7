// SPDX-License-Identifier: BSD-3-Clause
/* table_counts.c - counts of events and metrics, from the tables. */
#include "table_counts.h"
#include "metrics.h"

unsigned int hu_tables_events(enum hip09_family family)
{
	size_t n;
	const struct hip09_event *ev = hip09_events(family, &n);
	unsigned int count = 0;

	for (size_t i = 0; i < n; i++)
		count += ev[i].code[HIP09_ERA_NEWEST] != HIP09_CODE_ABSENT;
	return count;
}

/* Each pair (its counter-0 row) gives one metric per definition of its kind. */
unsigned int hu_tables_metrics(enum hip09_family family)
{
	size_t n, ndefs;
	const struct hip09_event *ev = hip09_events(family, &n);
	const struct hu_metric_def *def = hu_metric_defs(&ndefs);
	unsigned int count = 0;

	for (size_t i = 0; i < n; i++) {
		if (ev[i].code[HIP09_ERA_NEWEST] == HIP09_CODE_ABSENT || ev[i].role != HIP09_ROLE_COUNTER)
			continue;
		for (size_t d = 0; d < ndefs; d++)
			count += def[d].family == family && def[d].kind == ev[i].kind;
	}
	return count;
}
