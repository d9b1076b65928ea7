/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmu_sysfs_parts.h - what the PMU discovery stage's own files share
 * (pmu_sysfs.c: the set and look-ups; pmu_files.c: each PMU's files read
 * at scan; pmu_details.c: format/ and events/ on first use; pmu_dir.c:
 * one PMU directory read as untrusted input).  No other stage includes it.
 */
#ifndef HU_PMU_SYSFS_PARTS_H
#define HU_PMU_SYSFS_PARTS_H

#include <stdbool.h>
#include <stddef.h>

#include "pmu_sysfs.h"

/* ---- one PMU directory (pmu_dir.c) ---- */

/*
 * Whether directory entry @name is there, whatever it is: a symlink loop,
 * a dangling link or an unreadable file is then read and its fault named,
 * never taken for an absent (optional) file.
 */
bool hu_dir_has(int dirfd, const char *name);

void hu_dir_set_reason(char *dst, const struct hu_err *e);

typedef int (*hu_file_parser)(const char *text, size_t len, void *out, struct hu_err *e);

/*
 * Read file @name of @sub/ (open as @dirfd; @sub NULL: the PMU's own) and
 * @parse it into @out; a fault names the file once, as "@sub/@name: ...".
 */
int hu_dir_read_parsed(int dirfd, const char *sub, const char *name, hu_file_parser parse,
		       void *out, struct hu_err *e);

/* The PMU's directory under @devices_path, opened O_DIRECTORY; fd or a negative status. */
int hu_dir_open_pmu(const char *devices_path, const char *name, struct hu_err *e);

/* *arr with room for @need elements of @elem bytes (capacity *cap, doubled). */
int hu_dir_grow(void **arr, unsigned int *cap, unsigned int need, size_t elem);

/* Which entries of a directory hu_dir_list_names() takes. */
typedef bool (*hu_name_filter)(const char *name);

/* Names no event name can spell (a=b, rx:evil) are never offered: they could not be added. */
bool hu_dir_is_format_name(const char *name);
bool hu_dir_is_event_name(const char *name);
bool hu_dir_unspellable_format(const char *name);
bool hu_dir_unspellable_event(const char *name);

/*
 * The entries of subdirectory @sub of @dfd that @keep takes, sorted, at
 * most @limit of them (the first by name); *total gets how many there
 * were.  A missing subdirectory is an empty list.  *names is malloc'd.
 */
int hu_dir_list_names(int dfd, const char *sub, hu_name_filter keep,
		      char (**names)[HU_NAME_MAX], unsigned int *count, unsigned int limit,
		      unsigned int *total, struct hu_err *e);

/* What was wrong with a PMU's optional files, for its description. */
void hu_pmu_add_note(struct hu_pmu *pmu, const char *text);
void hu_pmu_note_error(struct hu_pmu *pmu, const struct hu_err *e);

/* ---- each PMU's files at scan (pmu_files.c) ---- */

/* Type, cpumask, extras, era and notes of @pmu under @devices_path. */
int hu_pmu_read_basics(const char *devices_path, struct hu_pmu *pmu, struct hu_err *e);

/* ---- formats and events (pmu_details.c) ---- */

void hu_pmu_free_details(struct hu_pmu *pmu);

#endif /* HU_PMU_SYSFS_PARTS_H */
