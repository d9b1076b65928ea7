// SPDX-License-Identifier: BSD-3-Clause
/* delta_recorders.c - is an event name in a delta recorder's event list? */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "delta_recorders.h"
#include "event_spec.h"

/* Score-P's separator can be changed; PAPI's cannot */
static const struct recorder_list {
	struct hu_delta_recorder r;
	const char *sep_var;	/* the variable that changes the separator, or NULL */
} recorders[] = {
	{ { "PAPI_EVENTS", "the PAPI high-level API" }, NULL },
	{ { "SCOREP_METRIC_PAPI", "Score-P" }, "SCOREP_METRIC_PAPI_SEP" },
	{ { "SCOREP_METRIC_PAPI_PER_PROCESS", "Score-P" }, "SCOREP_METRIC_PAPI_SEP" },
};

static size_t prefix_len(const char *s, size_t n)
{
	size_t p = strlen(HU_COMPONENT_PREFIX);

	return n >= p && strncmp(s, HU_COMPONENT_PREFIX, p) == 0 ? p : 0;
}

/* Does the list item s[0..n) name @name (prefix and the HL's type suffix aside)? */
static bool item_names(const char *s, size_t n, const char *name)
{
	static const char *const types[] = { "=delta", "=instant" };
	size_t skip;

	while (n && s[0] == ' ') {	/* the HL API drops spaces */
		s++;
		n--;
	}
	while (n && s[n - 1] == ' ')
		n--;

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		size_t t = strlen(types[i]);

		if (n > t && strncmp(s + n - t, types[i], t) == 0) {
			n -= t;
			break;
		}
	}
	skip = prefix_len(s, n);
	s += skip;
	n -= skip;
	name += prefix_len(name, strlen(name));
	return n == strlen(name) && strncmp(s, name, n) == 0;
}

static bool list_names(const char *list, char sep, const char *name)
{
	while (list) {
		const char *end = strchr(list, sep);
		size_t n = end ? (size_t)(end - list) : strlen(list);

		if (item_names(list, n, name))
			return true;
		list = end ? end + 1 : NULL;
	}
	return false;
}

const struct hu_delta_recorder *hu_delta_recorder_naming(const char *name)
{
	for (size_t i = 0; i < sizeof(recorders) / sizeof(recorders[0]); i++) {
		const char *list = getenv(recorders[i].r.var);
		const char *sep = recorders[i].sep_var ? getenv(recorders[i].sep_var) : NULL;

		if (list && list_names(list, sep && sep[0] ? sep[0] : ',', name))
			return &recorders[i].r;
	}
	return NULL;
}
