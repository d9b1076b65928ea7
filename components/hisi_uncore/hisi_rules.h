/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hisi_rules.h - from a name to the attr the driver will accept, and mean.
 *
 * hu_resolve() is the whole name path: parse and encode (event_spec, exact
 * perf semantics), then for the Hip09 families
 *   - complete the filters with the tools' defaults, so that the counter
 *     counts what the user asked for instead of what the driver silently
 *     picks (HNS3: global=1 when no filter, tc=0xf with port, queue=0xffff
 *     with bdf; PCIe: port=0xffff, all root ports, when neither port nor bdf),
 *   - check every rule the driver applies, in the driver's order, plus the
 *     cases where the driver would silently count something else (PCIe port
 *     and bdf together, HNS3 filters the selected mode ignores),
 *   - look bdf up in sysfs (bus/pci/devices) the way the drivers do.
 * The rules come from pfmlib_events/; the filter modes an HNS3 event
 * supports come from its sysfs filtermode/ file (the running driver).
 *
 * May load PMU details: same threading contract as pmu_sysfs.
 */
#ifndef HU_HISI_RULES_H
#define HU_HISI_RULES_H

#include <stdint.h>

#include "event_spec.h"
#include "hip09_tables.h"
#include "hu_error.h"
#include "pci_sysfs.h"
#include "perf_group.h"
#include "pmu_sysfs.h"

#define HU_DEFAULTS_MAX 96

struct hu_resolved {
	struct hu_pmu *pmu;
	const struct hu_event *ev;	/* the sysfs alias named or matched (may be NULL) */
	const struct hip09_event *row;	/* its meaning in the tables (may be NULL) */
	struct hu_attr attr;		/* what will be opened */
	enum hip09_hns3_mode hns3_mode;	/* HNS3: the mode the driver will select */
	char defaults[HU_DEFAULTS_MAX];	/* qualifiers the tools added, "tc=0xf,queue=0xffff" */
	char filters[2 * HU_DEFAULTS_MAX];	/* final filter values, "port=0x1,tc=0xf,..." */
};

/* Name to checked attr; HU_E_FILTER names the broken rule and what is allowed. */
int hu_resolve(const struct hu_pmu_set *set, const char *name,
	       struct hu_resolved *r, struct hu_err *e);

/* The same for an already parsed name (the catalogue keeps names parsed). */
int hu_resolve_spec(const struct hu_pmu_set *set, const struct hu_spec *spec,
		    struct hu_resolved *r, struct hu_err *e);

/*
 * The hardware slot @attr takes on @pmu by its driver era's counting rule
 * (driver_era.h): HNS3 and PCIe before v6.9 share a slot between events
 * with the same code (bits 0-15), ignoring filters; PCIe since v6.9
 * between events with the same control word (code, target, trigger,
 * threshold, length mode).  Generic PMUs: no known limit.
 */
void hu_rules_slot(const struct hu_pmu *pmu, const struct hu_attr *attr,
		   struct hu_slot *slot);

/*
 * Whether event @ev of @pmu can take qualifier @field at all: PCIe, the
 * filters its row allows (others are bandwidth-only); HNS3, a field one of
 * the event's filter modes reads.  True for fields and PMUs the tables do
 * not know (resolving decides).
 */
bool hu_rules_takes_qualifier(const struct hu_pmu *pmu, const struct hu_event *ev,
			      const char *field);

/*
 * Whether qualifiers @a and @b of event @ev can be given together: HNS3,
 * when one of the event's filter modes reads both; PCIe, any two filters
 * the event takes except port with bdf.  True where the tables are silent.
 */
bool hu_rules_qualifiers_combine(const struct hu_pmu *pmu, const struct hu_event *ev,
				 const char *a, const char *b);

/*
 * Whether the driver of @pmu accepts @dev as the target of a bdf filter:
 * HNS3, a function in [bdf_min, bdf_max]; PCIe, a device whose root port
 * is one of the PMU's (bdf range, or root bus before v6.12).
 */
bool hu_rules_bdf_target(const struct hu_pmu *pmu, const struct hu_pci_device *dev);

/*
 * Whether the running driver of @pmu refuses @event with bdf=@bdf where
 * sysfs cannot tell (PCIe before v6.12: asked through the kernel); false
 * when it takes it or cannot be asked.
 */
bool hu_rules_driver_refuses_bdf(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
				 const char *event, uint16_t bdf);

/*
 * The port filter bit of root port @root_port on @pmu (PCIe: its family
 * file says how).  False when the family has no root ports, @pmu exports
 * no bdf_min (before v6.12) or @root_port is not in its range.
 */
bool hu_rules_root_port_bit(const struct hu_pmu *pmu, uint16_t root_port, unsigned int *bit);

/*
 * Whether another existing function of @pmu's range (*twin) is counted
 * with @bdf by a bdf filter, because the driver filters by part of the
 * bdf only (HNS3: device.function).  False for other families.
 */
bool hu_rules_bdf_twin(const struct hu_pmu *pmu, const char *sysfs_root, unsigned int domain,
		       uint16_t bdf, uint16_t *twin);

#endif /* HU_HISI_RULES_H */
