/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmu_family.h - a Hip09 PMU family as one record: how its instances and
 * its device names are written, which table describes its events, what its
 * sysfs directory holds, which driver era a PMU of it runs, and the driver
 * rules that differ between families.  Code asks the record; it does not
 * test which family a PMU is.
 *
 * A new family: family_<name>.c with its record and its era rows, an enum
 * hu_family value (driver_era.h), two lines in the registry (pmu_family.c),
 * its table rows (pfmlib_events/), its rules record (hisi_rules.c) and an
 * emulator family (doc/HACKING.md).
 */
#ifndef HU_PMU_FAMILY_H
#define HU_PMU_FAMILY_H

#include <stdbool.h>

#include "driver_era.h"
#include "hip09_types.h"

struct hu_pmu;
struct hu_pci_device;

/* What a PMU's sysfs directory shows about its driver's version. */
struct hu_era_evidence {
	bool has_len_mode;	/* format/len_mode */
	bool has_v69_events;	/* events/rx_mwr_flux and the other v6.9 names */
	bool has_bdf_range;	/* bdf_min, bdf_max */
};

struct hu_family_desc {
	enum hu_family id;
	const char *name;		/* in messages: "hisi_pcie", "hns3" */
	const char *device_name;	/* names that follow the device: "hisi_pcie" */
	const char *pattern;		/* every instance: "hisi_pcie*" */
	const char *sicl_pattern;	/* one SICL's instances ("%u": the SICL), or NULL */
	enum hip09_family table;	/* its rows in pfmlib_events */
	bool needs_hw_clk_freq;		/* its metrics count cycles of hw_clk_freq */
	bool has_filter_modes;		/* a filtermode/ directory */
	bool has_root_ports;		/* root ports by name (rp=) */
	/* "hisi_pcie0_core0" -> SICL 0, core 0; false if the name is not an instance */
	bool (*parse_instance)(const char *name, unsigned int *sicl, unsigned int *core);
	/* the driver era a PMU with @ev runs */
	const struct hu_driver_era *(*era)(const struct hu_era_evidence *ev);
	/* whether the driver takes @dev as the target of a bdf filter */
	bool (*bdf_target)(const struct hu_pmu *pmu, const struct hu_pci_device *dev);
};

/* The registry: every family, in listing order. */
unsigned int hu_family_count(void);
const struct hu_family_desc *hu_family_at(unsigned int i);

/* The record of @id; NULL for generic PMUs (HISI_UNCORE_EXTRA_PMUS). */
const struct hu_family_desc *hu_family_desc(enum hu_family id);

/* The family whose device name is @name ("hisi_pcie", "hns3_pmu"), or NULL. */
const struct hu_family_desc *hu_family_by_device_name(const char *name);

/* Name-parsing helpers for the records: a prefix, then a decimal number. */
bool hu_family_take_prefix(const char **p, const char *prefix);
bool hu_family_take_uint(const char **p, unsigned int *v);

#endif /* HU_PMU_FAMILY_H */
