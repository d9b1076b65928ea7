// SPDX-License-Identifier: BSD-3-Clause
/*
 * catalogue_aggregate.c - one name over every PMU instance a pattern
 * matches (perf's wildcard: "hisi_pcie*::EVENT"): the aggregates
 * enumeration lists, one per family, and the instance codes of patterns.
 * An aggregate over a skipped instance is refused, never summed short.
 */
#include "catalogue.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue_parts.h"
#include "hu_text.h"
#include "pmu_family.h"

/* ---- aggregates enumeration lists: code PMU index set.n + k ------------- */

/* One aggregate per family with instances, if the code bits have room after the PMUs. */
void hu_agg_find_listed(struct hu_catalogue *cat)
{
	for (unsigned int f = 0; f < hu_family_count() && cat->nagg < HU_MAX_LISTED_AGGREGATES; f++) {
		const struct hu_family_desc *family = hu_family_at(f);
		struct hu_listed_aggregate *a = &cat->agg[cat->nagg];

		if (cat->set.n + cat->nagg + 1 > HU_CODE_PMU_MAX)
			return;
		memset(a, 0, sizeof(*a));
		for (unsigned int i = 0; i < cat->set.n; i++) {
			if (cat->set.pmu[i].family != family)
				continue;
			if (a->members++ == 0)
				a->first = i;
		}
		a->pattern = family->pattern;
		/* with an instance skipped the aggregate is refused: not listed either */
		if (a->members && a->pattern && !hu_pmu_skipped_matching(&cat->set, a->pattern))
			cat->nagg++;
	}
}


/* ---- patterns ---------------------------------------------------------------- */

static bool has_term(const struct hu_spec *spec, const char *name)
{
	for (unsigned int i = 0; i < spec->terms.n; i++)
		if (strcmp(spec->terms.term[i].name, name) == 0)
			return true;
	return false;
}

/*
 * An aggregate over a skipped instance is refused; say how to count the
 * others.  PAPI gives a name to the component that lists its PMU part, so
 * an instance or a pattern the listing lacks needs the component prefix.
 */
static int refuse_skipped_match(const struct hu_catalogue *cat, const struct hu_spec *spec,
				const struct hu_skipped_pmu *skipped, struct hu_err *e)
{
	const struct hu_pmu *usable = NULL;

	for (unsigned int i = 0; i < cat->set.n && !usable; i++)
		if (fnmatch(spec->pmu, cat->set.pmu[i].name, 0) == 0)
			usable = &cat->set.pmu[i];
	if (!usable)
		return hu_fail(e, HU_E_NOPMU, "%s::%s: matches %s, which is unusable (%s), and no "
			       "usable instance", spec->pmu, spec->event, skipped->name,
			       skipped->reason);
	return hu_fail(e, HU_E_NOPMU, "%s::%s: matches %s, which is unusable (%s): the sum "
		       "would leave it out; count the others by name or by a pattern that "
		       "excludes it, with the component prefix (e.g. %s%s::%s)", spec->pmu,
		       spec->event, skipped->name, skipped->reason, HU_COMPONENT_PREFIX,
		       usable->name, spec->event);
}

/*
 * The PMUs @spec's pattern matches are of one family, the first into
 * *matched (if not NULL); HU_E_NOPMU if none, or if it matches a PMU the
 * scan skipped: the sum of the others would pass for the whole.
 */
static int check_matches(const struct hu_catalogue *cat, const struct hu_spec *spec,
			 const struct hu_pmu **matched, struct hu_err *e)
{
	const struct hu_skipped_pmu *skipped = hu_pmu_skipped_matching(&cat->set, spec->pmu);
	const struct hu_pmu *first = NULL;

	if (skipped)
		return refuse_skipped_match(cat, spec, skipped, e);

	for (unsigned int i = 0; i < cat->set.n; i++) {
		const struct hu_pmu *p = &cat->set.pmu[i];

		if (fnmatch(spec->pmu, p->name, 0) != 0)
			continue;
		if (first && p->family != first->family)
			return hu_fail(e, HU_E_SYNTAX, "'%s' matches PMUs of two families (%s, %s): "
				       "an aggregate sums one family", spec->pmu, first->name, p->name);
		first = first ? first : p;
	}
	if (!first)
		return hu_fail(e, HU_E_NOPMU, "no PMU matches '%s' under %s", spec->pmu,
			       cat->set.devices_path);
	if (matched)
		*matched = first;
	return HU_OK;
}

/* What @spec counts on each PMU its pattern matches, into @out (set.n entries). */
static int match_instances(struct hu_catalogue *cat, const struct hu_spec *spec,
			   struct hu_native *out, unsigned int *n, struct hu_err *e)
{
	int ret = check_matches(cat, spec, NULL, e);

	*n = 0;
	for (unsigned int i = 0; !ret && i < cat->set.n; i++) {
		struct hu_spec one = *spec;
		int entry;

		if (fnmatch(spec->pmu, cat->set.pmu[i].name, 0) != 0)
			continue;
		hu_copy(one.pmu, sizeof(one.pmu), cat->set.pmu[i].name);
		ret = hu_cat_spec_to_native(cat, &one, &out[(*n)++], &entry, e);
		if (ret)
			hu_err_prefix(e, "%s::%s matches %s", spec->pmu, spec->event,
				      cat->set.pmu[i].name);
	}
	return ret;
}

/* match_instances() into a malloc'd *members (free() it); nothing on failure. */
static int members_of(struct hu_catalogue *cat, const struct hu_spec *spec,
		      struct hu_native **members, unsigned int *n, struct hu_err *e)
{
	int ret;

	*n = 0;
	*members = malloc((cat->set.n ? cat->set.n : 1) * sizeof(**members));
	if (!*members)
		return hu_fail(e, HU_E_NOMEM, "out of memory for an aggregate of %u PMUs", cat->set.n);
	ret = match_instances(cat, spec, *members, n, e);
	if (ret) {
		free(*members);
		*members = NULL;
		*n = 0;
	}
	return ret;
}

/* A bdf in an aggregate: the device name of the family it sums counts that device. */
static int refuse_bdf(const struct hu_spec *spec, const struct hu_pmu *member, struct hu_err *e)
{
	const char *device_name = member->family ? member->family->device_name : NULL;

	if (!device_name)
		return hu_fail(e, HU_E_FILTER, "%s::%s: a bdf names one device, on one instance: "
			       "name the instance", spec->pmu, spec->event);
	return hu_fail(e, HU_E_FILTER, "%s::%s: a bdf names one device, on one instance: write "
		       "%s::%s:bdf=... instead", spec->pmu, spec->event, device_name, spec->event);
}

int hu_agg_to_code(struct hu_catalogue *cat, const char *key, const struct hu_spec *spec,
			     int *code, struct hu_err *e)
{
	const struct hu_pmu *member;
	struct hu_native *members;
	unsigned int n;
	int ret = check_matches(cat, spec, &member, e);

	if (ret)
		return ret;
	if (has_term(spec, "bdf"))
		return refuse_bdf(spec, member, e);
	ret = members_of(cat, spec, &members, &n, e);
	if (ret)
		return ret;
	ret = hu_cat_add_instance(cat, key, members, n, code, e);
	free(members);
	return ret;
}

/*
 * The listed code of "PATTERN::ENTRY" when PATTERN is a listed aggregate's
 * and ENTRY one of its first instance's, with no qualifiers: the name and
 * its listing give one code both ways.
 */
bool hu_agg_listed_code(struct hu_catalogue *cat, const struct hu_spec *spec, int *code)
{
	for (unsigned int k = 0; k < cat->nagg; k++) {
		struct hu_spec one = *spec;
		struct hu_native n;
		int entry;

		if (spec->terms.n || strcmp(spec->pmu, cat->agg[k].pattern) != 0)
			continue;
		hu_copy(one.pmu, sizeof(one.pmu), cat->set.pmu[cat->agg[k].first].name);
		if (hu_cat_spec_to_native(cat, &one, &n, &entry, NULL) != HU_OK || entry < 0 ||
		    (unsigned int)entry >= HU_CODE_EVENT_MAX)
			return false;
		*code = hu_code_make(cat->set.n + k, (unsigned int)entry, 0);
		return true;
	}
	return false;
}

/* Every instance a listed aggregate's code counts on, as its name would. */
int hu_agg_listed_members(struct hu_catalogue *cat, const struct hu_code *d,
			  struct hu_native **members, unsigned int *n, struct hu_err *e)
{
	const struct hu_listed_aggregate *a = hu_cat_listed_aggregate(cat, d->pmu);
	struct hu_spec spec;

	if (!hu_cat_entry_alias(cat, a->first, d->ev))
		return hu_fail(e, HU_E_NOEVENT, "no hisi_uncore event has this code");
	memset(&spec, 0, sizeof(spec));
	hu_copy(spec.pmu, sizeof(spec.pmu), a->pattern);
	hu_copy(spec.event, sizeof(spec.event), hu_cat_entry_name(cat, a->first, d->ev));
	return members_of(cat, &spec, members, n, e);
}

