// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_details.c - a PMU's format/ and events/ (with filtermode/), read on
 * first use: each format's bits, checked for overlaps; each event's terms
 * and filter modes, an unreadable one kept as unusable with its reason.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* O_DIRECTORY */
#endif
#include "pmu_sysfs_parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hu_text.h"
#include "pmu_family.h"

static int parse_format(const char *text, size_t len, void *out, struct hu_err *e)
{
	return hu_parse_format(text, len, out, e);
}

static int parse_alias(const char *text, size_t len, void *out, struct hu_err *e)
{
	return hu_parse_alias(text, len, out, e);
}

static int parse_filter_modes(const char *text, size_t len, void *out, struct hu_err *e)
{
	return hu_parse_filter_modes(text, len, out, e);
}

/* ---- details: format/ and events/ -------------------------------------- */

static int open_subfile_dir(int dfd, const char *sub)
{
	return openat(dfd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/*
 * The names of @sub/ that @keep takes (at most @limit, the first by name),
 * room for as many entries of @size bytes in *arr, and @sub opened in
 * *dir; *n 0 and nothing held when @sub is empty or absent.
 */
static int open_listing(int dfd, const struct hu_pmu *pmu, const char *sub, hu_name_filter keep,
			unsigned int limit, size_t size, char (**names)[HU_NAME_MAX],
			unsigned int *n, void **arr, int *dir, struct hu_err *e)
{
	unsigned int total;
	int ret = hu_dir_list_names(dfd, sub, keep, names, n, limit, &total, e);

	*arr = NULL;
	*dir = -1;
	if (ret || *n == 0)
		return ret;
	*arr = calloc(*n, size);
	*dir = open_subfile_dir(dfd, sub);
	if (*arr && *dir >= 0)
		return HU_OK;
	free(*names);
	free(*arr);
	*arr = NULL;
	if (*dir >= 0)
		close(*dir);
	*n = 0;
	return hu_fail(e, HU_E_SYSFS, "cannot read %s/ of %s", sub, pmu->name);
}

static void load_format(int fdir, struct hu_format *f)
{
	struct hu_err e = { 0 };

	f->usable = !hu_dir_read_parsed(fdir, "format", f->name, parse_format, &f->bits, &e);
	if (!f->usable)
		hu_dir_set_reason(f->reason, &e);
}

/* The first two usable formats of @pmu, after @i and @j, whose bits overlap. */
static bool find_overlap(const struct hu_pmu *pmu, unsigned int *i, unsigned int *j)
{
	for (*i = 0; *i < pmu->nformats; ++*i)
		for (*j = *i + 1; *j < pmu->nformats; ++*j) {
			const struct hu_format *a = &pmu->formats[*i], *b = &pmu->formats[*j];

			if (a->usable && b->usable && a->bits.word == b->bits.word &&
			    (a->bits.mask & b->bits.mask))
				return true;
		}
	return false;
}

/*
 * A family's driver reads each filter from bits of its own: formats that
 * share bits misdescribe it, and a value given for one would set the other
 * (port=0x100 read back as a bdf nobody gave).  Such a PMU is refused.  A
 * generic PMU's formats may overlap by design (Intel's ldlat and frontend
 * share config1), as perf allows.
 */
static int check_overlaps(const struct hu_pmu *pmu, struct hu_err *e)
{
	char a[96], b[96];
	unsigned int i, j;

	if (!pmu->family || !find_overlap(pmu, &i, &j))
		return HU_OK;
	if (hu_format_print(&pmu->formats[i].bits, a, sizeof(a)))
		a[0] = '\0';
	if (hu_format_print(&pmu->formats[j].bits, b, sizeof(b)))
		b[0] = '\0';
	return hu_fail(e, HU_E_SYSFS, "format/%s (%s) and format/%s (%s) share bits: a value of "
		       "one would set the other", pmu->formats[i].name, a, pmu->formats[j].name, b);
}

static int load_formats(int dfd, struct hu_pmu *pmu, struct hu_err *e)
{
	char (*names)[HU_NAME_MAX];
	unsigned int n;
	void *formats;
	int fdir, ret;

	ret = open_listing(dfd, pmu, "format", hu_dir_is_format_name, HU_MAX_FORMATS_PER_PMU,
			   sizeof(*pmu->formats), &names, &n, &formats, &fdir, e);
	if (ret || n == 0)
		return ret;
	pmu->formats = formats;
	for (unsigned int i = 0; i < n; i++) {
		memcpy(pmu->formats[i].name, names[i], HU_NAME_MAX);
		load_format(fdir, &pmu->formats[i]);
	}
	pmu->nformats = n;
	close(fdir);
	free(names);
	return check_overlaps(pmu, e);
}

static void mark_unusable(struct hu_event *ev, const struct hu_err *e)
{
	ev->usable = false;
	free(ev->reason);
	ev->reason = strdup(e->msg);
}

static void load_filter_modes(int mdir, struct hu_event *ev)
{
	struct hu_err e = { 0 };

	if (mdir < 0 || !hu_dir_has(mdir, ev->name))
		return;
	if (hu_dir_read_parsed(mdir, "filtermode", ev->name, parse_filter_modes, &ev->filter_modes, &e)) {
		mark_unusable(ev, &e);
		return;
	}
	ev->has_filter_modes = true;
}

/* Keep exactly the terms parsed (the parser's list holds HU_MAX_TERMS). */
static int keep_terms(struct hu_event *ev, const struct hu_term_list *l, struct hu_err *e)
{
	ev->term = malloc(l->n * sizeof(*ev->term));
	if (!ev->term)
		return hu_fail(e, HU_E_NOMEM, "out of memory");
	memcpy(ev->term, l->term, l->n * sizeof(*ev->term));
	ev->nterms = l->n;
	return HU_OK;
}

static void load_event(int edir, int mdir, struct hu_event *ev)
{
	struct hu_err e = { 0 };
	struct hu_term_list terms;

	ev->usable = !hu_dir_read_parsed(edir, "events", ev->name, parse_alias, &terms, &e) &&
		     !keep_terms(ev, &terms, &e);
	if (!ev->usable) {
		mark_unusable(ev, &e);
		return;
	}
	load_filter_modes(mdir, ev);
}

/*
 * HNS3 filtermode/, whose files say which filter modes each event supports
 * (-1 if the family has none or the driver predates it).  A filtermode/
 * that is there but cannot be opened is said in @why: its events are then
 * unusable, since the modes the driver allows are unknown.
 */
static int open_filter_modes(int dfd, const struct hu_pmu *pmu, struct hu_err *why)
{
	int mdir;

	if (!pmu->family || !pmu->family->has_filter_modes || !hu_dir_has(dfd, "filtermode"))
		return -1;
	mdir = open_subfile_dir(dfd, "filtermode");
	if (mdir < 0)
		hu_fail(why, HU_E_SYSFS, "filtermode/: %s", strerror(errno));
	return mdir;
}

/* Fill pmu->events from events/, without perf's metadata files. */
static int load_events(int dfd, struct hu_pmu *pmu, struct hu_err *e)
{
	char (*names)[HU_NAME_MAX];
	struct hu_err no_modes = { 0 };
	unsigned int n;
	void *events;
	int edir, mdir, ret;

	ret = open_listing(dfd, pmu, "events", hu_dir_is_event_name, HU_MAX_EVENTS_PER_PMU,
			   sizeof(*pmu->events), &names, &n, &events, &edir, e);
	if (ret || n == 0)
		return ret;
	pmu->events = events;
	mdir = open_filter_modes(dfd, pmu, &no_modes);
	for (unsigned int i = 0; i < n; i++) {
		memcpy(pmu->events[i].name, names[i], HU_NAME_MAX);
		load_event(edir, mdir, &pmu->events[i]);
		if (no_modes.msg[0] && pmu->events[i].usable)
			mark_unusable(&pmu->events[i], &no_modes);
	}
	pmu->nevents = n;
	if (mdir >= 0)
		close(mdir);
	close(edir);
	free(names);
	return HU_OK;
}

void hu_pmu_free_details(struct hu_pmu *pmu)
{
	for (unsigned int i = 0; i < pmu->nevents; i++) {
		free(pmu->events[i].term);
		free(pmu->events[i].reason);
	}
	free(pmu->formats);
	free(pmu->events);
	pmu->formats = NULL;
	pmu->events = NULL;
	pmu->nformats = pmu->nevents = 0;
	pmu->details_loaded = false;
}

/* format/ or events/ unreadable: the PMU is unusable, as a skipped one is. */
static int unusable_details(struct hu_pmu *pmu, int ret, struct hu_err *e)
{
	hu_pmu_free_details(pmu);
	if (ret == HU_E_NOMEM)
		return ret;
	hu_err_prefix(e, "PMU '%s' is unusable", pmu->name);
	if (e)
		e->status = HU_E_NOPMU;
	return HU_E_NOPMU;
}

int hu_pmu_load_details(const struct hu_pmu_set *set, struct hu_pmu *pmu,
			struct hu_err *e)
{
	int dfd, ret;

	if (pmu->details_loaded)
		return HU_OK;
	dfd = hu_dir_open_pmu(set->devices_path, pmu->name, e);
	if (dfd < 0)
		return dfd;
	ret = load_formats(dfd, pmu, e);
	if (!ret)
		ret = load_events(dfd, pmu, e);
	close(dfd);
	if (ret)
		return unusable_details(pmu, ret, e);
	pmu->details_loaded = true;
	return HU_OK;
}

int hu_pmu_list_events(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
		       char (**names)[HU_NAME_MAX], unsigned int *n, struct hu_err *e)
{
	unsigned int total;
	int dfd, ret;

	dfd = hu_dir_open_pmu(set->devices_path, pmu->name, e);
	if (dfd < 0)
		return dfd;
	ret = hu_dir_list_names(dfd, "events", hu_dir_is_event_name, names, n, HU_MAX_EVENTS_PER_PMU, &total, e);
	close(dfd);
	return ret;
}

