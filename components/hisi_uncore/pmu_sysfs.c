// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_sysfs.c - PMU discovery (see pmu_sysfs.h): the set of PMUs a scan
 * takes, those it skips and why, and the look-ups in it.  Each PMU's files:
 * pmu_files.c; its formats and events: pmu_details.c.
 *
 * All paths are relative to one devices directory derived from the sysfs
 * root, as perf does with SYSFS_PATH, so fixture trees stand in for /sys.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* strverscmp */
#endif
#include "pmu_sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hu_text.h"
#include "name_index.h"
#include "pmu_family.h"
#include "pmu_sysfs_parts.h"

/* ---- family names ------------------------------------------------------ */

bool hu_family_of_name(const char *name, const struct hu_family_desc **family,
		       unsigned int *sicl, unsigned int *core)
{
	for (unsigned int i = 0; i < hu_family_count(); i++) {
		const struct hu_family_desc *d = hu_family_at(i);

		*core = 0;
		if (d->parse_instance(name, sicl, core)) {
			*family = d;
			return true;
		}
	}
	return false;
}

const char *hu_family_name(const struct hu_family_desc *family)
{
	return family ? family->name : "generic";
}

/* Is @name one of the comma-separated names in @list? */
static bool in_comma_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (list && *list) {
		const char *end = strchr(list, ',');
		size_t len = end ? (size_t)(end - list) : strlen(list);

		if (len == n && strncmp(list, name, n) == 0)
			return true;
		list = end ? end + 1 : NULL;
	}
	return false;
}

const char *hu_sysfs_root(void)
{
	const char *root = getenv("SYSFS_PATH");

	return root && *root ? root : "/sys";
}

/* ---- the set ---------------------------------------------------------- */

static int add_skipped(struct hu_pmu_set *set, unsigned int *cap,
		       const struct hu_pmu *pmu, const struct hu_err *why)
{
	struct hu_skipped_pmu *s;

	if (hu_dir_grow((void **)&set->skipped, cap, set->nskipped + 1, sizeof(*s)))
		return HU_E_NOMEM;
	s = &set->skipped[set->nskipped++];
	hu_copy(s->name, sizeof(s->name), pmu->name);
	hu_dir_set_reason(s->reason, why);
	s->seen = *pmu;
	/* details are read on first use, never for a skipped PMU: nothing to own */
	s->seen.details_loaded = false;
	s->seen.formats = NULL;
	s->seen.events = NULL;
	s->seen.nformats = s->seen.nevents = 0;
	return HU_OK;
}

/* Decide whether directory entry @name is a PMU we take, and how. */
static bool select_pmu(const char *name, const char *extra,
		       struct hu_pmu *pmu)
{
	memset(pmu, 0, sizeof(*pmu));
	if (!hu_family_of_name(name, &pmu->family, &pmu->sicl, &pmu->core)) {
		if (!in_comma_list(extra, name))
			return false;
		pmu->family = NULL;
	}
	hu_copy(pmu->name, sizeof(pmu->name), name);
	return true;
}

static int cmp_pmu_name(const void *a, const void *b)
{
	return strverscmp(((const struct hu_pmu *)a)->name,
			  ((const struct hu_pmu *)b)->name);
}

static int cmp_skipped_name(const void *a, const void *b)
{
	return strverscmp(((const struct hu_skipped_pmu *)a)->name,
			  ((const struct hu_skipped_pmu *)b)->name);
}

/* Drop the PMUs marked in @drop (already on the skipped list), keeping the order. */
static void compact(struct hu_pmu_set *set, const bool *drop)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < set->n; i++)
		if (!drop[i])
			set->pmu[kept++] = set->pmu[i];
	set->n = kept;
}

/* The first other PMU with @i's perf type, or -1. */
static int same_type(const struct hu_pmu_set *set, unsigned int i)
{
	for (unsigned int j = 0; j < set->n; j++)
		if (j != i && set->pmu[j].type == set->pmu[i].type)
			return (int)j;
	return -1;
}

/*
 * perf types are unique: two PMUs claiming one were read across a driver
 * reload, or a file lies.  Neither can be trusted to open the counters it
 * names, so both are skipped.
 */
static int skip_shared_types(struct hu_pmu_set *set, unsigned int *skip_cap)
{
	bool *drop = calloc(set->n + 1, sizeof(*drop));
	struct hu_err why = { 0 };
	int ret = HU_OK;

	if (!drop)
		return HU_E_NOMEM;
	for (unsigned int i = 0; i < set->n && !ret; i++) {
		int other = same_type(set, i);

		if (other < 0)
			continue;
		hu_fail(&why, HU_E_SYSFS, "type %u is also the type of %s (a driver was reloaded "
			"during the scan, or a type file is wrong)", set->pmu[i].type,
			set->pmu[other].name);
		ret = add_skipped(set, skip_cap, &set->pmu[i], &why);
		drop[i] = true;
	}
	compact(set, drop);
	free(drop);
	return ret;
}

/*
 * Event codes number HU_MAX_PMUS PMUs (catalogue.h): the rest, by name, are
 * skipped and said to be, never given codes that overflow into other bits.
 */
static int skip_past_limit(struct hu_pmu_set *set, unsigned int *skip_cap)
{
	struct hu_err why = { 0 };

	hu_fail(&why, HU_E_SYSFS, "past the first %u PMUs (by name), as many as event codes "
		"can number", HU_MAX_PMUS);
	for (unsigned int i = HU_MAX_PMUS; i < set->n; i++)
		if (add_skipped(set, skip_cap, &set->pmu[i], &why))
			return HU_E_NOMEM;
	if (set->n > HU_MAX_PMUS)
		set->n = HU_MAX_PMUS;
	return HU_OK;
}

static int build_devices_path(struct hu_pmu_set *set, const char *root,
			      struct hu_err *e)
{
	int n;

	n = snprintf(set->devices_path, sizeof(set->devices_path),
		     "%s/bus/event_source/devices", root);
	if (n < 0 || (size_t)n >= sizeof(set->devices_path) ||
	    !hu_copy(set->root, sizeof(set->root), root))
		return hu_fail(e, HU_E_SYSFS, "sysfs root path is too long");
	return HU_OK;
}

static int scan_entry(struct hu_pmu_set *set, unsigned int *cap,
		      unsigned int *skip_cap, const char *name,
		      const char *extra)
{
	struct hu_err why = { 0 };
	struct hu_pmu pmu;

	if (strlen(name) >= HU_NAME_MAX || !select_pmu(name, extra, &pmu))
		return HU_OK;
	if (hu_pmu_read_basics(set->devices_path, &pmu, &why))
		return add_skipped(set, skip_cap, &pmu, &why);
	if (hu_dir_grow((void **)&set->pmu, cap, set->n + 1, sizeof(pmu)))
		return HU_E_NOMEM;
	set->pmu[set->n++] = pmu;
	return HU_OK;
}

int hu_pmu_scan(struct hu_pmu_set *set, const char *sysfs_root,
		const char *extra, struct hu_err *e)
{
	unsigned int cap = 0, skip_cap = 0;
	struct dirent *de;
	DIR *dir;
	int ret;

	memset(set, 0, sizeof(*set));
	ret = build_devices_path(set, sysfs_root ? sysfs_root : hu_sysfs_root(), e);
	if (ret)
		return ret;
	dir = opendir(set->devices_path);
	if (!dir)
		return hu_fail(e, HU_E_SYSFS, "cannot list %s: %s",
			       set->devices_path, strerror(errno));
	ret = HU_OK;
	while (!ret && (de = readdir(dir)) != NULL) {
		if (de->d_name[0] != '.')
			ret = scan_entry(set, &cap, &skip_cap, de->d_name, extra);
	}
	closedir(dir);
	if (ret) {
		hu_pmu_set_free(set);
		return hu_fail(e, HU_E_NOMEM, "out of memory while scanning PMUs");
	}
	if (set->n > 1)
		qsort(set->pmu, set->n, sizeof(*set->pmu), cmp_pmu_name);
	ret = skip_shared_types(set, &skip_cap);
	if (!ret)
		ret = skip_past_limit(set, &skip_cap);
	if (ret) {
		hu_pmu_set_free(set);
		return hu_fail(e, HU_E_NOMEM, "out of memory while scanning PMUs");
	}
	if (set->nskipped > 1)	/* readdir's order differs between filesystems */
		qsort(set->skipped, set->nskipped, sizeof(*set->skipped), cmp_skipped_name);
	return HU_OK;
}

void hu_pmu_set_free(struct hu_pmu_set *set)
{
	for (unsigned int i = 0; i < set->n; i++)
		hu_pmu_free_details(&set->pmu[i]);
	free(set->pmu);
	free(set->skipped);
	set->pmu = NULL;
	set->skipped = NULL;
	set->n = set->nskipped = 0;
}

/* ---- lookups ------------------------------------------------------------ */

/* A binary search in the scan's order (cmp_pmu_name): a fetch path looks every PMU up. */
struct hu_pmu *hu_pmu_find(const struct hu_pmu_set *set, const char *name)
{
	unsigned int lo = 0, hi = set->n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		int c = strverscmp(name, set->pmu[mid].name);

		if (c == 0)
			return &set->pmu[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const struct hu_skipped_pmu *hu_pmu_skipped_matching(const struct hu_pmu_set *set,
						     const char *pattern)
{
	for (unsigned int i = 0; i < set->nskipped; i++)
		if (fnmatch(pattern, set->skipped[i].name, 0) == 0)
			return &set->skipped[i];
	return NULL;
}

const char *hu_pmu_skipped_reason(const struct hu_pmu_set *set, const char *name)
{
	for (unsigned int i = 0; i < set->nskipped; i++)
		if (strcmp(set->skipped[i].name, name) == 0)
			return set->skipped[i].reason;
	return NULL;
}

static const char *event_name_at(const void *ctx, unsigned int i)
{
	return ((const struct hu_pmu *)ctx)->events[i].name;
}

/* Alias names match case-insensitively, as in perf, but an exact one wins. */
int hu_pmu_lookup_event(const struct hu_pmu *pmu, const char *name, const struct hu_event **ev,
			struct hu_err *e)
{
	unsigned int twin[2];
	int i = hu_name_pick(pmu->nevents, event_name_at, pmu, name, twin);

	*ev = i >= 0 ? &pmu->events[i] : NULL;
	if (i != HU_NAME_AMBIGUOUS)
		return HU_OK;
	return hu_fail(e, HU_E_NOEVENT, "PMU '%s' has events '%s' and '%s', which differ only by case, "
		       "and '%s' is neither: write one of them exactly", pmu->name,
		       pmu->events[twin[0]].name, pmu->events[twin[1]].name, name);
}

const struct hu_event *hu_pmu_find_event(const struct hu_pmu *pmu,
					 const char *name)
{
	const struct hu_event *ev;

	hu_pmu_lookup_event(pmu, name, &ev, NULL);
	return ev;
}

/* Format names match exactly, as in perf. */
const struct hu_format *hu_pmu_find_format(const struct hu_pmu *pmu,
					   const char *name)
{
	for (unsigned int i = 0; i < pmu->nformats; i++)
		if (strcmp(pmu->formats[i].name, name) == 0)
			return &pmu->formats[i];
	return NULL;
}
