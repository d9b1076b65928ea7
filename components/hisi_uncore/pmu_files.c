// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmu_files.c - the cheap files of each PMU, read at scan: type and
 * cpumask (needed), the extras (identifier, bus, bdf_min/bdf_max,
 * hw_clk_freq: optional, a bad one noted), the driver era from the files
 * its version has, and the same type and cpumask read live before opening.
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
#include "sysfs_file.h"

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
	const char *file = hu_dir_has(dfd, "cpumask") ? "cpumask" : "cpus";
	char buf[SMALL_FILE_MAX];
	size_t len;
	int ret;

	if (!hu_dir_has(dfd, file)) {
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
static bool read_extra(int dfd, const char *file, hu_file_parser parse, void *out, struct hu_err *e)
{
	return hu_dir_has(dfd, file) && hu_dir_read_parsed(dfd, NULL, file, parse, out, e) == HU_OK;
}

/* A broken extra: noted, and kept in @why for the messages of what needs it. */
static void extra_broken(struct hu_pmu *pmu, const struct hu_err *e, char why[HU_REASON_MAX])
{
	hu_pmu_note_error(pmu, e);
	if (why)
		hu_dir_set_reason(why, e);
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
	bool has_min = hu_dir_has(dfd, "bdf_min"), has_max = hu_dir_has(dfd, "bdf_max");
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
	if (!e.msg[0] && hu_dir_has(dfd, "hw_clk_freq"))
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
		.has_len_mode = hu_dir_has(dfd, "format/len_mode"),
		.has_v69_events = hu_dir_has(dfd, "events/rx_mwr_flux"),
		.has_bdf_range = hu_dir_has(dfd, "bdf_min") && hu_dir_has(dfd, "bdf_max"),
	};

	pmu->era = hu_driver_era_detect(pmu->family, &ev);
}

/*
 * A directory with more entries than the component numbers keeps the first
 * @limit by name; the PMU's note says so (it shows in the component's
 * description and in the refusal of a dropped name).
 */
static void note_over_limit(int dfd, struct hu_pmu *pmu, const char *sub, hu_name_filter keep,
			    unsigned int limit, const char *what)
{
	char (*names)[HU_NAME_MAX];
	char note[HU_REASON_MAX];
	unsigned int n, total;

	if (hu_dir_list_names(dfd, sub, keep, &names, &n, limit, &total, NULL))
		return;
	free(names);
	if (total <= limit)
		return;
	snprintf(note, sizeof(note), "%s/: %u %s, only the first %u by name are used", sub,
		 total, what, limit);
	hu_pmu_add_note(pmu, note);
}

/*
 * Entries of @sub that @odd takes, names no @what can spell, are skipped;
 * the PMU's note says how many and the first two by name (shown once, in
 * the component's description, as skipped PMUs are).
 */
static void note_unspellable(int dfd, struct hu_pmu *pmu, const char *sub, hu_name_filter odd,
			     const char *what, const char *a_what)
{
	char (*names)[HU_NAME_MAX];
	struct hu_err why = { 0 };
	unsigned int n, total;

	if (hu_dir_list_names(dfd, sub, odd, &names, &n, 2, &total, NULL))
		return;
	if (total)	/* hu_fail() makes the names printable */
		hu_fail(&why, HU_E_SYSFS, "%s/: %u name%s no %s can spell, skipped ('%.24s'%s%.24s%s%s; "
			"%s is letters, digits, '_', '-', '.')", sub, total, total == 1 ? "" : "s",
			what, names[0], n > 1 ? ", '" : "", n > 1 ? names[1] : "",
			n > 1 ? "'" : "", total > 2 ? ", ..." : "", a_what);
	free(names);
	if (total)
		hu_pmu_note_error(pmu, &why);
}

int hu_pmu_read_basics(const char *devices_path, struct hu_pmu *pmu,
		       struct hu_err *e)
{
	int dfd, ret;

	dfd = hu_dir_open_pmu(devices_path, pmu->name, e);
	if (dfd < 0)
		return dfd;
	ret = read_type(dfd, pmu, e);
	if (!ret)
		ret = read_cpus(dfd, pmu, e);
	/* a PMU skipped for its type or cpumask still says which devices it covers */
	read_extras(dfd, pmu);
	if (!ret) {
		detect_era(dfd, pmu);
		note_over_limit(dfd, pmu, "events", hu_dir_is_event_name, HU_MAX_EVENTS_PER_PMU, "events");
		note_over_limit(dfd, pmu, "format", hu_dir_is_format_name, HU_MAX_FORMATS_PER_PMU, "formats");
		note_unspellable(dfd, pmu, "events", hu_dir_unspellable_event, "event name", "an event name");
		note_unspellable(dfd, pmu, "format", hu_dir_unspellable_format, "qualifier", "a qualifier");
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

