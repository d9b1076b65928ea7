/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * driver_era.h - what each version of a Hip09 PMU driver does, as data.
 *
 * The rules that differ between kernels (how counters are shared, whether
 * two groups may hold the same event code, what len_mode=2 programs, how a
 * bdf filter is checked) are fields of one row per driver era.  A PMU's era
 * is decided once, at discovery, from what its sysfs directory shows, and
 * every rule reads the row; nothing else tests kernel versions.
 */
#ifndef HU_DRIVER_ERA_H
#define HU_DRIVER_ERA_H

#include <stdbool.h>

/* How two events of one group come to share a hardware counter. */
enum hu_share_rule {
	HU_SHARE_NONE,		/* every event its own counter (generic PMUs) */
	HU_SHARE_REAL_CODE,	/* same config bits 0-15; filters ignored */
	HU_SHARE_CTRL_WORD,	/* same control word: code and every filter */
};

struct hu_driver_era {
	const char *name;		/* "hisi_pcie v6.2-v6.8": the family's name first */
	unsigned int counters;		/* hardware counters per instance */
	enum hu_share_rule share;
	/*
	 * Whether two groups may count the same real code at once.  Before
	 * v6.9 hisi_pcie's add() found the "related" event in the other group
	 * and failed with -EINVAL, so the perf core never ran both.
	 */
	bool same_code_across_groups;
	/*
	 * The control word starts from HISI_PCIE_INIT_SET (v6.2-v6.11), so
	 * len_mode=2 (headers) comes out as 3 (headers and payload).
	 */
	bool len_mode_2_counts_payload;
	/*
	 * No len_mode (v5.19-v6.1, Debian 12's 6.1.y too): hisi_pcie_pmu_config_filter()
	 * starts every control word from HISI_PCIE_INIT_SET and writes no LEN, so
	 * the LEN field stays 1 and flux counts TLP payload only.
	 */
	bool flux_payload_only;
	/* bdf is checked only when nonzero, even with a port (before v6.9) */
	bool zero_bdf_unchecked;
	const char *evidence;		/* the sysfs evidence, for messages */
};

struct hu_era_evidence;
struct hu_family_desc;

/*
 * The era of a PMU of @family from its sysfs evidence (the family's record
 * picks); a generic PMU (@family NULL) gets the era that sets no rule.
 */
const struct hu_driver_era *hu_driver_era_detect(const struct hu_family_desc *family,
						 const struct hu_era_evidence *ev);

/* Hardware counters of every Hip09 uncore PMU (HISI_PCIE_MAX_COUNTERS, HNS3_PMU_MAX_HW_EVENTS). */
#define HU_HIP09_PMU_COUNTERS 8

#endif /* HU_DRIVER_ERA_H */
