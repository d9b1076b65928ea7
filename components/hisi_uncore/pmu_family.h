/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmu_family.h - a Hip09 PMU family as one record: how its instances and
 * its device names are written, which table describes its events, what its
 * sysfs directory holds, which driver era a PMU of it runs, and the driver
 * rules that differ between families.  Code asks the record; it does not
 * test which family a PMU is.
 *
 * A new family: family_<name>.c with its record, its era rows and its
 * driver's rules (the hooks below, written with family_rules.h), two lines
 * in the registry (pmu_family.c), its table rows (pfmlib_events/) and an
 * emulator family (doc/HACKING.md).  A PMU holds its record (NULL: generic).
 */
#ifndef HU_PMU_FAMILY_H
#define HU_PMU_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "driver_era.h"
#include "hip09_types.h"

struct hu_attr;
struct hu_err;
struct hu_pmu;
struct hu_pci_device;
struct hu_pmu_set;
struct hu_rule_ctx;

#define HU_TOGETHER_MAX 8	/* sets of fields a counter filters by together */

/* What a PMU's sysfs directory shows about its driver's version. */
struct hu_era_evidence {
	bool has_len_mode;	/* format/len_mode */
	bool has_v69_events;	/* events/rx_mwr_flux and the other v6.9 names */
	bool has_bdf_range;	/* bdf_min, bdf_max */
};

struct hu_family_desc {
	const char *name;		/* in messages: "hisi_pcie", "hns3" */
	const char *label;		/* in headings and tables: "PCIe", "HNS3" */
	const char *device_name;	/* names that follow the device: "hisi_pcie" */
	const char *pattern;		/* every instance: "hisi_pcie*" */
	const char *instance_form;	/* an instance's name, for people: "hisi_pcie<sicl>_core<core>" */
	const char *sicl_pattern;	/* one SICL's instances ("%u": the SICL), or NULL */
	enum hip09_family table;	/* its rows in pfmlib_events */
	bool needs_hw_clk_freq;		/* its metrics count cycles of hw_clk_freq */
	bool has_filter_modes;		/* a filtermode/ directory */
	/* "hisi_pcie0_core0" -> SICL 0, core 0; false if the name is not an instance */
	bool (*parse_instance)(const char *name, unsigned int *sicl, unsigned int *core);
	/* the driver era a PMU with @ev runs */
	const struct hu_driver_era *(*era)(const struct hu_era_evidence *ev);
	/* whether the driver takes @dev as the target of a bdf filter */
	bool (*bdf_target)(const struct hu_pmu *pmu, const struct hu_pci_device *dev);
	/*
	 * Where sysfs cannot show the driver's bdf rule: does the running
	 * driver refuse @event with bdf=@bdf (asked through the kernel)?
	 * NULL: sysfs always shows it.
	 */
	bool (*driver_refuses_bdf)(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
				   const char *event, uint16_t bdf);

	/*
	 * What differs between the drivers' event_init() (family_rules.h); the
	 * checks common to all (the tables' filter rules, the tool defaults)
	 * read the tables.  Optional hooks may be NULL.
	 */
	/* before field @i gets its tool default: skip it, or refuse the name (optional) */
	int (*check_default)(const struct hu_rule_ctx *c, size_t i, bool *skip, struct hu_err *e);
	/* after the tables' filter rules: what only the driver and sysfs tell */
	int (*check_target)(struct hu_rule_ctx *c, struct hu_err *e);
	/* the message for a broken table rule of the family's; HU_OK for any other (optional) */
	int (*explain)(const struct hu_rule_ctx *c, enum hip09_rule rule, struct hu_err *e);
	/* the fields the event takes and the sets a counter filters by together */
	void (*offers)(const struct hu_rule_ctx *c, uint32_t *fields,
		       uint32_t together[HU_TOGETHER_MAX], size_t *n);
	/* the control word of eras that share counters by it (HU_SHARE_CTRL_WORD) */
	uint64_t (*ctrl_word)(const struct hu_driver_era *era, const struct hu_attr *attr);
	/* a root port's port filter bit; NULL: no root ports by name (rp=) */
	bool (*root_port_bit)(const struct hu_pmu *pmu, uint16_t root_port, unsigned int *bit);
	/* another function a bdf filter of @bdf would count too (optional) */
	bool (*bdf_twin)(const struct hu_pmu *pmu, const char *sysfs_root, unsigned int domain,
			 uint16_t bdf, uint16_t *twin);
};

/* The registry: every family, in listing order. */
unsigned int hu_family_count(void);
const struct hu_family_desc *hu_family_at(unsigned int i);

/* The family whose events are table family @table's rows, or NULL. */
const struct hu_family_desc *hu_family_by_table(enum hip09_family table);

/* The family whose device name is @name ("hisi_pcie", "hns3_pmu"), or NULL. */
const struct hu_family_desc *hu_family_by_device_name(const char *name);

/* Name-parsing helpers for the records: a prefix, then a decimal number. */
bool hu_family_take_prefix(const char **p, const char *prefix);
bool hu_family_take_uint(const char **p, unsigned int *v);

#endif /* HU_PMU_FAMILY_H */
