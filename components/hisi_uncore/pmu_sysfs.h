/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmu_sysfs.h - discover perf PMUs and read what sysfs says about them.
 *
 * Contract: hu_pmu_scan() builds a set from <root>/bus/event_source/devices,
 * where <root> is $SYSFS_PATH or /sys, reading only the cheap files (type,
 * cpumask and the family extras).  Formats and event aliases are read on
 * first use by hu_pmu_load_details().  A set is built and loaded from one
 * thread; once loaded it is read-only and may be shared.  Every file is
 * untrusted: a bad file makes its PMU, format or event unusable with a
 * reason, never a crash or a wrong encoding.
 */
#ifndef HU_PMU_SYSFS_H
#define HU_PMU_SYSFS_H

#include <stdbool.h>
#include <stdint.h>

#include "driver_era.h"
#include "hu_error.h"
#include "sysfs_parse.h"

struct hu_family_desc;

#define HU_REASON_MAX 160
#define HU_PATH_MAX 4096
/*
 * What the event codes can number (catalogue.h): PMUs in 10 bits, and in 12
 * bits a PMU's events plus its metrics (at most one per event).  Past these
 * the first by name are kept, and the skipped list or the PMU's note says so.
 */
#define HU_MAX_PMUS 1024
#define HU_MAX_EVENTS_PER_PMU 2048
#define HU_MAX_FORMATS_PER_PMU 64

struct hu_format {
	char name[HU_NAME_MAX];
	struct hu_format_bits bits;
	bool usable;
	char reason[HU_REASON_MAX];
};

/* One events/ alias; sized to what it holds (a PMU has hundreds). */
struct hu_event {
	char name[HU_NAME_MAX];
	struct hu_term *term;		/* the alias, e.g. config=0x204 */
	unsigned int nterms;
	uint32_t filter_modes;		/* HNS3 filtermode/, else 0 */
	bool has_filter_modes;
	bool usable;
	char *reason;			/* why not usable (NULL when usable) */
};

struct hu_pmu {
	char name[HU_NAME_MAX];
	const struct hu_family_desc *family;	/* its record; NULL: generic */
	unsigned int sicl;		/* from the name (families only) */
	unsigned int core;		/* PCIe only */
	uint32_t type;
	int cpu;			/* first CPU of cpumask (or cpus) */
	unsigned int ncpus;

	/* optional extras: each valid only if its has_ flag is set */
	bool has_identifier;
	char identifier[32];
	bool has_bus;
	uint16_t bus;
	bool has_bdf_range;
	uint16_t bdf_min, bdf_max;
	char bdf_range_why[HU_REASON_MAX];	/* why bdf_min/bdf_max give no range ("": fine or both absent) */
	bool has_hw_clk_freq;
	uint64_t hw_clk_freq;
	char clock_why[HU_REASON_MAX];	/* why hw_clk_freq is unusable ("": usable, or not needed) */
	char extras_note[HU_REASON_MAX];	/* why an extra is missing, what was dropped */
	const struct hu_driver_era *era;	/* decided from sysfs at scan */

	bool details_loaded;
	struct hu_format *formats;
	unsigned int nformats;
	struct hu_event *events;		/* sorted by name */
	unsigned int nevents;
};

/*
 * A PMU that was selected but cannot be used, and why; @seen is the PMU as
 * far as it was read (its family and the extras that say which devices it
 * covers, no details), so that names of its family can say it is the one.
 */
struct hu_skipped_pmu {
	char name[HU_NAME_MAX];
	char reason[HU_REASON_MAX];
	struct hu_pmu seen;
};

struct hu_pmu_set {
	char root[HU_PATH_MAX];			/* the sysfs root */
	char devices_path[HU_PATH_MAX];		/* root/bus/event_source/devices */
	struct hu_pmu *pmu;			/* sorted by name as versions:
						 * hisi_pcie2 before hisi_pcie10 */
	unsigned int n;
	struct hu_skipped_pmu *skipped;
	unsigned int nskipped;
};

/*
 * Scan @sysfs_root (NULL: $SYSFS_PATH, else /sys).  @extra is a comma list
 * of further PMU names to take with generic rules (NULL: none).  Finding no
 * PMU is not an error: set->n is 0 and set->nskipped says what was refused.
 */
int hu_pmu_scan(struct hu_pmu_set *set, const char *sysfs_root,
		const char *extra, struct hu_err *e);

/* Read formats and events of @pmu if not yet read. */
int hu_pmu_load_details(const struct hu_pmu_set *set, struct hu_pmu *pmu,
			struct hu_err *e);

/*
 * The names in events/ (sorted, without perf's metadata files) without
 * reading the files: cheap enough for start-up.  *names is malloc'd.
 */
int hu_pmu_list_events(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
		       char (**names)[HU_NAME_MAX], unsigned int *n, struct hu_err *e);

void hu_pmu_set_free(struct hu_pmu_set *set);

/*
 * Read @pmu's type and cpumask CPU again, as they are now: a driver reload
 * registers the PMUs anew (in any order, so a name may get another type)
 * and CPU hotplug moves the counting CPU.
 */
int hu_pmu_read_live(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
		     uint32_t *type, int *cpu, struct hu_err *e);

struct hu_pmu *hu_pmu_find(const struct hu_pmu_set *set, const char *name);
/*
 * The first skipped PMU (by name) whose name fnmatch(3)-matches @pattern, or
 * NULL: a pattern over instances counts part of them if it matches one.
 */
const struct hu_skipped_pmu *hu_pmu_skipped_matching(const struct hu_pmu_set *set,
						     const char *pattern);
/* Why PMU @name was skipped at scan, or NULL if it was not. */
const char *hu_pmu_skipped_reason(const struct hu_pmu_set *set, const char *name);
/*
 * The event @name names: an exact match, else the one event equal to it
 * ignoring case (perf's rule).  *ev is NULL if there is none, or if two
 * events differ from @name only by case: that is refused (HU_E_NOEVENT,
 * naming both), a guess between them would open the wrong one.
 */
int hu_pmu_lookup_event(const struct hu_pmu *pmu, const char *name, const struct hu_event **ev,
			struct hu_err *e);
/* The same without the refusal: the event, or NULL. */
const struct hu_event *hu_pmu_find_event(const struct hu_pmu *pmu,
					 const char *name);
const struct hu_format *hu_pmu_find_format(const struct hu_pmu *pmu,
					   const char *name);

/* "hisi_pcie0_core0" -> PCIe, sicl 0, core 0; returns false if no family. */
bool hu_family_of_name(const char *name, const struct hu_family_desc **family,
		       unsigned int *sicl, unsigned int *core);

/* @family's name in messages; "generic" for NULL. */
const char *hu_family_name(const struct hu_family_desc *family);

/* The sysfs root in force: $SYSFS_PATH or "/sys". */
const char *hu_sysfs_root(void);

#endif /* HU_PMU_SYSFS_H */
