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

/*
 * The PAPI high-level API removes every space of a list item before it
 * names the event (_internal_hl_remove_spaces()), so items are compared
 * with their spaces skipped wherever they are.  Score-P's items are
 * compared the same way: at worst a name its list spells with a space
 * (which no PMU has) is refused too.
 */

/* Length of the start of s[0..n) that spells @want, spaces skipped; 0 if none. */
static size_t spells_at_start(const char *s, size_t n, const char *want)
{
	size_t i = 0;

	for (; *want; want++, i++) {
		while (i < n && s[i] == ' ')
			i++;
		if (i == n || s[i] != *want)
			return 0;
	}
	return i;
}

/* Length of s[0..n) without its end spelling @want, spaces skipped; n if none. */
static size_t without_end(const char *s, size_t n, const char *want)
{
	size_t i = n, k = strlen(want);

	for (; k; k--, i--) {
		while (i && s[i - 1] == ' ')
			i--;
		if (!i || s[i - 1] != want[k - 1])
			return n;
	}
	return i;
}

/* Does the list item s[0..n) name @name (prefix and the HL's type suffix aside)? */
static bool item_names(const char *s, size_t n, const char *name)
{
	static const char *const types[] = { "=delta", "=instant" };
	size_t skip;

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		size_t left = without_end(s, n, types[i]);

		if (left != n) {
			n = left;
			break;
		}
	}
	skip = spells_at_start(s, n, HU_COMPONENT_PREFIX);
	s += skip;
	n -= skip;
	name += spells_at_start(name, strlen(name), HU_COMPONENT_PREFIX);
	skip = spells_at_start(s, n, name);
	if (!skip)
		return false;
	while (skip < n && s[skip] == ' ')
		skip++;
	return skip == n;
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
