// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_sysfs.c - PMU discovery and sysfs reading (see pmu_sysfs.h).
 *
 * All paths are relative to one devices directory derived from the sysfs
 * root, as perf does with SYSFS_PATH, so fixture trees stand in for /sys.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* strverscmp, O_DIRECTORY */
#endif
#include "pmu_sysfs.h"
#include "hu_text.h"
#include "name_index.h"
#include "pmu_family.h"
#include "sysfs_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Whether directory entry @name is there, whatever it is: a symlink loop,
 * a dangling link or an unreadable file is then read and its fault named,
 * never taken for an absent (optional) file.
 */
static bool file_exists(int dirfd, const char *name)
{
	struct stat st;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT;
}

static void set_reason(char *dst, const struct hu_err *e)
{
	hu_copy(dst, HU_REASON_MAX, e->msg);
}

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

/* ---- the cheap per-PMU files (read at scan) ---------------------------- */

static int read_type(int dfd, struct hu_pmu *pmu, struct hu_err *e)
{
	char buf[64];
	size_t len;
	uint64_t v;
	int ret;

	ret = hu_sysfs_read_file(dfd, "type", buf, sizeof(buf), &len, e);	/* names the file */
	if (ret)
		return ret;
	if (hu_parse_u64(buf, len, &v, e))
		return hu_err_prefix(e, "type");
	if (v > INT32_MAX)
		return hu_fail(e, HU_E_SYSFS, "type: %llu is not a PMU type",
			       (unsigned long long)v);
	pmu->type = (uint32_t)v;
	return HU_OK;
}

/* Uncore PMUs have cpumask; core and hybrid PMUs have cpus (perf's order). */
static int read_cpus(int dfd, struct hu_pmu *pmu, struct hu_err *e)
{
	const char *file = file_exists(dfd, "cpumask") ? "cpumask" : "cpus";
	char buf[SMALL_FILE_MAX];
	size_t len;
	int ret;

	if (!file_exists(dfd, file)) {
		if (pmu->family)
			return hu_fail(e, HU_E_SYSFS, "cpumask: missing");
		pmu->cpu = 0;	/* a CPU-wide PMU such as msr counts on any CPU */
		pmu->ncpus = 0;
		return HU_OK;
	}
	ret = hu_sysfs_read_file(dfd, file, buf, sizeof(buf), &len, e);	/* names the file */
	if (ret)
		return ret;
	if (hu_parse_cpulist(buf, len, &pmu->cpu, &pmu->ncpus, e))
		return hu_err_prefix(e, "%s", file);
	return HU_OK;
}

/* Extras are optional: a bad one is noted and the PMU stays usable. */
static void add_note(struct hu_pmu *pmu, const char *text)
{
	size_t used = strlen(pmu->extras_note);

	if (used)
		hu_copy(pmu->extras_note + used, sizeof(pmu->extras_note) - used, "; ");
	used = strlen(pmu->extras_note);
	hu_copy(pmu->extras_note + used, sizeof(pmu->extras_note) - used, text);
}

static void note_extra(struct hu_pmu *pmu, const struct hu_err *e)
{
	add_note(pmu, e->msg);
}

typedef int (*file_parser)(const char *text, size_t len, void *out, struct hu_err *e);

/*
 * Read file @name of @sub/ (open as @dirfd; @sub NULL: the PMU's own) and
 * @parse it into @out; a fault names the file once, as "@sub/@name: ..."
 * (never "type: type: empty").
 */
static int read_parsed(int dirfd, const char *sub, const char *name, file_parser parse,
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

static int parse_u64(const char *text, size_t len, void *out, struct hu_err *e)
{
	return hu_parse_u64(text, len, out, e);
}

static int parse_bdf(const char *text, size_t len, void *out, struct hu_err *e)
{
	return hu_parse_bdf(text, len, out, e);
}

/* Free text (the identifier): any bytes but NUL, without its newline. */
static int parse_text(const char *text, size_t len, void *out, struct hu_err *e)
{
	char *dst = out;

	(void)e;
	if (text[len - 1] == '\n')
		len--;
	memcpy(dst, text, len);
	dst[len] = '\0';
	return HU_OK;
}

/* An optional extra @file parsed into @out: false if absent, or broken (@e says how). */
static bool read_extra(int dfd, const char *file, file_parser parse, void *out, struct hu_err *e)
{
	return file_exists(dfd, file) && read_parsed(dfd, NULL, file, parse, out, e) == HU_OK;
}

/* A broken extra: noted, and kept in @why for the messages of what needs it. */
static void extra_broken(struct hu_pmu *pmu, const struct hu_err *e, char why[HU_REASON_MAX])
{
	note_extra(pmu, e);
	if (why)
		set_reason(why, e);
}

static void read_identifier(int dfd, struct hu_pmu *pmu)
{
	struct hu_err e = { 0 };
	char text[SMALL_FILE_MAX];

	if (read_extra(dfd, "identifier", parse_text, text, &e)) {
		hu_copy(pmu->identifier, sizeof(pmu->identifier), text);
		pmu->has_identifier = true;
	} else if (e.msg[0]) {
		extra_broken(pmu, &e, NULL);
	}
}

static void read_bus(int dfd, struct hu_pmu *pmu)
{
	struct hu_err e = { 0 };
	uint64_t v = 0;

	if (read_extra(dfd, "bus", parse_u64, &v, &e) && v <= 0xff) {
		pmu->bus = (uint16_t)v;
		pmu->has_bus = true;
		return;
	}
	if (v > 0xff)
		hu_fail(&e, HU_E_SYSFS, "bus: %llu is not a bus number", (unsigned long long)v);
	if (e.msg[0])
		extra_broken(pmu, &e, NULL);
}

/*
 * bdf_min and bdf_max (v6.12 on): drivers export both or neither, so one
 * alone is as broken as a garbage or reversed one.  What needs the range
 * (device names, rp=) names the file and its fault from bdf_range_why.
 */
static void read_bdf_range(int dfd, struct hu_pmu *pmu)
{
	bool has_min = file_exists(dfd, "bdf_min"), has_max = file_exists(dfd, "bdf_max");
	char lo_text[HU_BDF_TEXT], hi_text[HU_BDF_TEXT];
	struct hu_err e = { 0 };
	uint16_t lo = 0, hi = 0;

	if (!has_min && !has_max)
		return;		/* a driver before v6.12 */
	if (has_min != has_max)
		hu_fail(&e, HU_E_SYSFS, "%s: missing (%s is there)", has_min ? "bdf_max" : "bdf_min",
			has_min ? "bdf_min" : "bdf_max");
	else if (read_extra(dfd, "bdf_min", parse_bdf, &lo, &e) &&
		 read_extra(dfd, "bdf_max", parse_bdf, &hi, &e) && lo > hi)
		hu_fail(&e, HU_E_SYSFS, "bdf_min %s is above bdf_max %s", hu_bdf_text(lo, lo_text),
			hu_bdf_text(hi, hi_text));
	if (e.msg[0]) {
		extra_broken(pmu, &e, pmu->bdf_range_why);
		return;
	}
	pmu->bdf_min = lo;
	pmu->bdf_max = hi;
	pmu->has_bdf_range = true;
}

/* What a counter clock can be: a rate below or above is no clock, and would scale metrics wildly. */
#define CLOCK_MIN_HZ 1000ULL
#define CLOCK_MAX_HZ 10000000000ULL

static void read_clock(int dfd, struct hu_pmu *pmu)
{
	bool needed = pmu->family && pmu->family->needs_hw_clk_freq;
	struct hu_err e = { 0 };
	uint64_t v = 0;

	if (read_extra(dfd, "hw_clk_freq", parse_u64, &v, &e) && v >= CLOCK_MIN_HZ &&
	    v <= CLOCK_MAX_HZ) {
		pmu->hw_clk_freq = v;
		pmu->has_hw_clk_freq = true;
		return;
	}
	if (!e.msg[0] && file_exists(dfd, "hw_clk_freq"))
		hu_fail(&e, HU_E_SYSFS, "hw_clk_freq: %llu Hz is no clock rate (allowed: %llu to "
			"%llu Hz)", (unsigned long long)v, CLOCK_MIN_HZ, CLOCK_MAX_HZ);
	else if (!e.msg[0] && needed)
		hu_fail(&e, HU_E_SYSFS, "hw_clk_freq: missing (the rate metrics need it)");
	if (e.msg[0])
		extra_broken(pmu, &e, pmu->clock_why);
}

static void read_extras(int dfd, struct hu_pmu *pmu)
{
	read_identifier(dfd, pmu);
	read_bus(dfd, pmu);
	read_bdf_range(dfd, pmu);
	read_clock(dfd, pmu);
}

/* The driver era from the files its version has (driver_era.c). */
static void detect_era(int dfd, struct hu_pmu *pmu)
{
	struct hu_era_evidence ev = {
		.has_len_mode = file_exists(dfd, "format/len_mode"),
		.has_v69_events = file_exists(dfd, "events/rx_mwr_flux"),
		.has_bdf_range = file_exists(dfd, "bdf_min") && file_exists(dfd, "bdf_max"),
	};

	pmu->era = hu_driver_era_detect(pmu->family, &ev);
}

static int open_pmu_dir(const char *devices_path, const char *name,
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

static int grow(void **arr, unsigned int *cap, unsigned int need, size_t elem)
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

/* Which entries of a directory list_names() takes. */
typedef bool (*name_filter)(const char *name);

/* Names no event name can spell (a=b, rx:evil) are never offered: they could not be added. */
static bool is_format_name(const char *name)
{
	return hu_is_name(name);
}

static bool is_event_name(const char *name)
{
	return !is_alias_metadata(name) && hu_is_name(name);
}

static bool unspellable_format(const char *name)
{
	return !hu_is_name(name);
}

static bool unspellable_event(const char *name)
{
	return !is_alias_metadata(name) && !hu_is_name(name);
}

/* Past this many entries a directory is not sysfs (and would exhaust memory). */
#define LIST_MAX (1u << 20)

/* Every entry of @dir that @keep takes, unsorted, into *names. */
static int read_names(DIR *dir, const char *sub, name_filter keep,
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
		if (grow((void **)names, &cap, *count + 1, HU_NAME_MAX))
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
static int list_names(int dfd, const char *sub, name_filter keep,
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

/*
 * A directory with more entries than the component numbers keeps the first
 * @limit by name; the PMU's note says so (it shows in the component's
 * description and in the refusal of a dropped name).
 */
static void note_over_limit(int dfd, struct hu_pmu *pmu, const char *sub, name_filter keep,
			    unsigned int limit, const char *what)
{
	char (*names)[HU_NAME_MAX];
	char note[HU_REASON_MAX];
	unsigned int n, total;

	if (list_names(dfd, sub, keep, &names, &n, limit, &total, NULL))
		return;
	free(names);
	if (total <= limit)
		return;
	snprintf(note, sizeof(note), "%s/: %u %s, only the first %u by name are used", sub,
		 total, what, limit);
	add_note(pmu, note);
}

/*
 * Entries of @sub that @odd takes, names no @what can spell, are skipped;
 * the PMU's note says how many and the first two by name (shown once, in
 * the component's description, as skipped PMUs are).
 */
static void note_unspellable(int dfd, struct hu_pmu *pmu, const char *sub, name_filter odd,
			     const char *what, const char *a_what)
{
	char (*names)[HU_NAME_MAX];
	struct hu_err why = { 0 };
	unsigned int n, total;

	if (list_names(dfd, sub, odd, &names, &n, 2, &total, NULL))
		return;
	if (total)	/* hu_fail() makes the names printable */
		hu_fail(&why, HU_E_SYSFS, "%s/: %u name%s no %s can spell, skipped ('%.24s'%s%.24s%s%s; "
			"%s is letters, digits, '_', '-', '.')", sub, total, total == 1 ? "" : "s",
			what, names[0], n > 1 ? ", '" : "", n > 1 ? names[1] : "",
			n > 1 ? "'" : "", total > 2 ? ", ..." : "", a_what);
	free(names);
	if (total)
		note_extra(pmu, &why);
}

static int read_basics(const char *devices_path, struct hu_pmu *pmu,
		       struct hu_err *e)
{
	int dfd, ret;

	dfd = open_pmu_dir(devices_path, pmu->name, e);
	if (dfd < 0)
		return dfd;
	ret = read_type(dfd, pmu, e);
	if (!ret)
		ret = read_cpus(dfd, pmu, e);
	/* a PMU skipped for its type or cpumask still says which devices it covers */
	read_extras(dfd, pmu);
	if (!ret) {
		detect_era(dfd, pmu);
		note_over_limit(dfd, pmu, "events", is_event_name, HU_MAX_EVENTS_PER_PMU, "events");
		note_over_limit(dfd, pmu, "format", is_format_name, HU_MAX_FORMATS_PER_PMU, "formats");
		note_unspellable(dfd, pmu, "events", unspellable_event, "event name", "an event name");
		note_unspellable(dfd, pmu, "format", unspellable_format, "qualifier", "a qualifier");
	}
	close(dfd);
	return ret;
}

int hu_pmu_read_live(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
		     uint32_t *type, int *cpu, struct hu_err *e)
{
	struct hu_pmu now = { .family = pmu->family };
	char path[HU_PATH_MAX + HU_NAME_MAX + 1];
	int dfd, ret;

	snprintf(path, sizeof(path), "%s/%s", set->devices_path, pmu->name);
	dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 && (errno == ENOENT || errno == ENOTDIR))
		return hu_fail(e, HU_E_NOPMU, "%s is no longer registered (its driver was unloaded)",
			       pmu->name);
	if (dfd < 0)
		return hu_fail_sys(e, errno, "%s: %s", path, strerror(errno));
	ret = read_type(dfd, &now, e);
	if (!ret)
		ret = read_cpus(dfd, &now, e);
	close(dfd);
	if (ret)
		return hu_err_prefix(e, "%s", pmu->name);
	*type = now.type;
	*cpu = now.cpu;
	return HU_OK;
}

/* ---- the set ---------------------------------------------------------- */

static int add_skipped(struct hu_pmu_set *set, unsigned int *cap,
		       const struct hu_pmu *pmu, const struct hu_err *why)
{
	struct hu_skipped_pmu *s;

	if (grow((void **)&set->skipped, cap, set->nskipped + 1, sizeof(*s)))
		return HU_E_NOMEM;
	s = &set->skipped[set->nskipped++];
	hu_copy(s->name, sizeof(s->name), pmu->name);
	set_reason(s->reason, why);
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
	if (read_basics(set->devices_path, &pmu, &why))
		return add_skipped(set, skip_cap, &pmu, &why);
	if (grow((void **)&set->pmu, cap, set->n + 1, sizeof(pmu)))
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

/* ---- details: format/ and events/ -------------------------------------- */

static int open_subfile_dir(int dfd, const char *sub)
{
	return openat(dfd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

static void load_format(int fdir, struct hu_format *f)
{
	struct hu_err e = { 0 };

	f->usable = !read_parsed(fdir, "format", f->name, parse_format, &f->bits, &e);
	if (!f->usable)
		set_reason(f->reason, &e);
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
	unsigned int n, total;
	int fdir, ret;

	ret = list_names(dfd, "format", is_format_name, &names, &n, HU_MAX_FORMATS_PER_PMU, &total, e);
	if (ret || n == 0)
		return ret;
	pmu->formats = calloc(n, sizeof(*pmu->formats));
	fdir = open_subfile_dir(dfd, "format");
	if (!pmu->formats || fdir < 0) {
		free(names);
		if (fdir >= 0)
			close(fdir);
		return hu_fail(e, HU_E_SYSFS, "cannot read format/ of %s", pmu->name);
	}
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

	if (mdir < 0 || !file_exists(mdir, ev->name))
		return;
	if (read_parsed(mdir, "filtermode", ev->name, parse_filter_modes, &ev->filter_modes, &e)) {
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

	ev->usable = !read_parsed(edir, "events", ev->name, parse_alias, &terms, &e) &&
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

	if (!pmu->family || !pmu->family->has_filter_modes || !file_exists(dfd, "filtermode"))
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
	unsigned int n, total;
	int edir, mdir, ret;

	ret = list_names(dfd, "events", is_event_name, &names, &n, HU_MAX_EVENTS_PER_PMU, &total, e);
	if (ret || n == 0)
		return ret;
	pmu->events = calloc(n, sizeof(*pmu->events));
	edir = open_subfile_dir(dfd, "events");
	if (!pmu->events || edir < 0) {
		free(names);
		if (edir >= 0)
			close(edir);
		return hu_fail(e, HU_E_SYSFS, "cannot read events/ of %s", pmu->name);
	}
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

static void free_details(struct hu_pmu *pmu)
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
	free_details(pmu);
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
	dfd = open_pmu_dir(set->devices_path, pmu->name, e);
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

	dfd = open_pmu_dir(set->devices_path, pmu->name, e);
	if (dfd < 0)
		return dfd;
	ret = list_names(dfd, "events", is_event_name, names, n, HU_MAX_EVENTS_PER_PMU, &total, e);
	close(dfd);
	return ret;
}

void hu_pmu_set_free(struct hu_pmu_set *set)
{
	for (unsigned int i = 0; i < set->n; i++)
		free_details(&set->pmu[i]);
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
