// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_dir.c - one PMU directory read as untrusted input: entries that are
 * there whatever they are, files read bounded and parsed once, sorted name
 * lists with a limit, and the notes a PMU keeps of what was wrong.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* O_DIRECTORY */
#endif
#include "pmu_sysfs_parts.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hu_text.h"
#include "sysfs_file.h"

/*
 * Whether directory entry @name is there, whatever it is: a symlink loop,
 * a dangling link or an unreadable file is then read and its fault named,
 * never taken for an absent (optional) file.
 */
bool hu_dir_has(int dirfd, const char *name)
{
	struct stat st;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT;
}

void hu_dir_set_reason(char *dst, const struct hu_err *e)
{
	hu_copy(dst, HU_REASON_MAX, e->msg);
}

/* Extras are optional: a bad one is noted and the PMU stays usable. */
void hu_pmu_add_note(struct hu_pmu *pmu, const char *text)
{
	size_t used = strlen(pmu->extras_note);

	if (used)
		hu_copy(pmu->extras_note + used, sizeof(pmu->extras_note) - used, "; ");
	used = strlen(pmu->extras_note);
	hu_copy(pmu->extras_note + used, sizeof(pmu->extras_note) - used, text);
}

void hu_pmu_note_error(struct hu_pmu *pmu, const struct hu_err *e)
{
	hu_pmu_add_note(pmu, e->msg);
}

/*
 * Read file @name of @sub/ (open as @dirfd; @sub NULL: the PMU's own) and
 * @parse it into @out; a fault names the file once, as "@sub/@name: ..."
 * (never "type: type: empty").
 */
int hu_dir_read_parsed(int dirfd, const char *sub, const char *name, hu_file_parser parse,
		       void *out, struct hu_err *e)
{
	char label[HU_NAME_MAX + 16], buf[SMALL_FILE_MAX];
	size_t len;
	int ret;

	snprintf(label, sizeof(label), "%s%s%s", sub ? sub : "", sub ? "/" : "", name);
	ret = hu_sysfs_read_file_as(dirfd, name, label, buf, sizeof(buf), &len, e);
	if (ret)
		return ret;
	ret = parse(buf, len, out, e);
	return ret ? hu_err_prefix(e, "%s", label) : HU_OK;
}

int hu_dir_open_pmu(const char *devices_path, const char *name,
			struct hu_err *e)
{
	char path[HU_PATH_MAX];
	int n, fd;

	n = snprintf(path, sizeof(path), "%s/%s", devices_path, name);
	if (n < 0 || (size_t)n >= sizeof(path))
		return hu_fail(e, HU_E_SYSFS, "path of %s is too long", name);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return hu_fail(e, HU_E_SYSFS, "%s: %s", path, strerror(errno));
	return fd;
}

int hu_dir_grow(void **arr, unsigned int *cap, unsigned int need, size_t elem)
{
	unsigned int ncap;
	void *p;

	if (need <= *cap)
		return HU_OK;
	ncap = *cap ? *cap * 2 : 8;
	while (ncap < need)
		ncap *= 2;
	p = realloc(*arr, (size_t)ncap * elem);
	if (!p)
		return HU_E_NOMEM;
	*arr = p;
	*cap = ncap;
	return HU_OK;
}

/* perf skips these metadata files in events/ (pmu_alias_info_file()). */
static bool is_alias_metadata(const char *name)
{
	static const char *const suffix[] = { ".unit", ".scale", ".per-pkg", ".snapshot" };
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		size_t s = strlen(suffix[i]);

		if (n > s && strcmp(name + n - s, suffix[i]) == 0)
			return true;
	}
	return false;
}

/* Names no event name can spell (a=b, rx:evil) are never offered: they could not be added. */
bool hu_dir_is_format_name(const char *name)
{
	return hu_is_name(name);
}

bool hu_dir_is_event_name(const char *name)
{
	return !is_alias_metadata(name) && hu_is_name(name);
}

bool hu_dir_unspellable_format(const char *name)
{
	return !hu_is_name(name);
}

bool hu_dir_unspellable_event(const char *name)
{
	return !is_alias_metadata(name) && !hu_is_name(name);
}

/* Past this many entries a directory is not sysfs (and would exhaust memory). */
#define LIST_MAX (1u << 20)

/* Every entry of @dir that @keep takes, unsorted, into *names. */
static int read_names(DIR *dir, const char *sub, hu_name_filter keep,
		      char (**names)[HU_NAME_MAX], unsigned int *count, struct hu_err *e)
{
	unsigned int cap = 0;
	struct dirent *de;

	while ((de = readdir(dir)) != NULL) {
		size_t len = strlen(de->d_name);

		if (de->d_name[0] == '.' || len >= HU_NAME_MAX || !keep(de->d_name))
			continue;
		if (*count >= LIST_MAX)
			return hu_fail(e, HU_E_SYSFS, "%s/: more than %u entries", sub, LIST_MAX);
		if (hu_dir_grow((void **)names, &cap, *count + 1, HU_NAME_MAX))
			return hu_fail(e, HU_E_NOMEM, "out of memory listing %s/", sub);
		/* the name only: d_name may end before HU_NAME_MAX bytes */
		memcpy((*names)[(*count)++], de->d_name, len + 1);
	}
	return HU_OK;
}

/*
 * List the entries of subdirectory @sub of @dfd that @keep takes into a
 * sorted array of names, at most @limit of them: the first by name, so the
 * same ones survive in whatever order the filesystem lists them; *total
 * gets how many there were.  A missing subdirectory is an empty list (perf:
 * absent is not malformed).
 */
int hu_dir_list_names(int dfd, const char *sub, hu_name_filter keep,
		      char (**names)[HU_NAME_MAX], unsigned int *count, unsigned int limit,
		      unsigned int *total, struct hu_err *e)
{
	DIR *dir;
	int fd, ret;

	*names = NULL;
	*count = *total = 0;
	fd = openat(dfd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? HU_OK
		       : hu_fail(e, HU_E_SYSFS, "%s/: %s", sub, strerror(errno));
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return hu_fail(e, HU_E_SYSFS, "%s/: %s", sub, strerror(errno));
	}
	ret = read_names(dir, sub, keep, names, count, e);
	closedir(dir);
	if (ret) {
		free(*names);
		*names = NULL;
		*count = 0;
		return ret;
	}
	if (*count > 1)
		qsort(*names, *count, HU_NAME_MAX,
		      (int (*)(const void *, const void *))strcmp);
	*total = *count;
	if (*count > limit)
		*count = limit;
	return HU_OK;
}

