/* SPDX-License-Identifier: MIT */
/*
 * hip09_tables.h - lookup API over the Hip09 HNS3 and PCIe PMU event tables
 *
 * Contract
 *   - Pure functions over static const data (hip09_events.h): no I/O, no
 *     allocation, no global state.  Any thread may call anything at any time.
 *   - Returned pointers point into the static tables and stay valid forever.
 *   - Event names match case-insensitively (as perf matches sysfs aliases);
 *     format field names match exactly (as perf does).
 *
 * Who calls what
 *   PAPI component hisi_uncore (catalogue, event_spec, hisi rules):
 *     hip09_find_event()            meaning of a sysfs event: desc, kind, unit, pair
 *     hip09_find_event_by_code()    a sysfs alias whose name the table lacks
 *     hip09_find_partner()          the other half of a pair, for metrics and groups
 *     hip09_filter_fields(), hip09_find_filter()   qualifier help, ranges, defaults
 *     hip09_apply_tool_defaults()   fill tc/queue/global (HNS3), port (PCIe)
 *     hip09_check_filters()         the driver's rules before perf_event_open
 *     hip09_hns3_select_mode()      which HNS3 filter mode the driver will pick
 *     hip09_bdf_checked(), hip09_bdf_verdict()   the drivers' bdf checks, on sysfs facts
 *     hip09_hns3_devfn_twin()       a function the func-mode filter cannot tell apart
 *     hip09_rule_info(), hip09_kind_name(), hip09_unit_name(), hip09_hns3_mode_name()
 *   libpfm4 PMU model (pfmlib_arm_hisi_hip09_unc.c): the same functions,
 *   compiled into its own translation unit as static functions (see
 *   HIP09_TABLES_API) so that a PAPI build holding both has no duplicates.
 *
 * Typical use for "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1":
 *   const struct hip09_event *ev = hip09_find_event(HIP09_FAMILY_HNS3, "bw_ssu_rpu_byte_num");
 *   struct hip09_filter_values v = { 0 };
 *   v.value[HIP09_HNS3_F_PORT] = 1;             (index = field enum, as in
 *   v.given |= HIP09_FIELD_BIT(HIP09_HNS3_F_PORT);  hip09_find_filter() - fields)
 *   hip09_apply_tool_defaults(HIP09_FAMILY_HNS3, &v);         (tc=0xf, queue=0xffff)
 *   if (hip09_check_filters(HIP09_FAMILY_HNS3, ev, &v) != HIP09_RULE_NONE) -> report
 *       hip09_rule_info(rule)->text;
 *   for each non-event field i: hip09_field_set(&fields[i], v.value[i], config);
 *   -> config = 0x2, config1 = 0xffff0000f1 (port mode on port 1)
 */
#ifndef HIP09_TABLES_H
#define HIP09_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "hip09_types.h"

/*
 * Storage class of the API.  Empty (external linkage) for normal builds; the
 * libpfm4 model defines it as a static, unused-tolerant storage class before
 * including hip09_tables.c, because PAPI links every libpfm4 object into
 * libpapi next to its own components.
 */
#ifndef HIP09_TABLES_API
#define HIP09_TABLES_API
#endif

/* All events of a family (driver order); *n gets the row count. */
HIP09_TABLES_API const struct hip09_event *hip09_events(enum hip09_family family, size_t *n);

/* Event by sysfs name, case-insensitive; NULL if unknown. */
HIP09_TABLES_API const struct hip09_event *hip09_find_event(enum hip09_family family,
							    const char *sysfs_name);

/* Event whose code in kernel era @era is @code (bits 0-16); NULL if none. */
HIP09_TABLES_API const struct hip09_event *hip09_find_event_by_code(enum hip09_family family,
								    enum hip09_era era,
								    uint32_t code);

/* The other half of @ev's counter pair; NULL only if the tables are broken. */
HIP09_TABLES_API const struct hip09_event *hip09_find_partner(enum hip09_family family,
							      const struct hip09_event *ev);

/* All format fields of a family, indexed by enum hip09_hns3_field / hip09_pcie_field. */
HIP09_TABLES_API const struct hip09_field *hip09_filter_fields(enum hip09_family family,
							       size_t *n);

/* Format field by exact name (e.g. "tc", "thr_len"); NULL if unknown. */
HIP09_TABLES_API const struct hip09_field *hip09_find_filter(enum hip09_family family,
							     const char *name);

/* Mask of a field in its config word; value of the field in config[word]; place a value. */
HIP09_TABLES_API uint64_t hip09_field_mask(const struct hip09_field *f);
HIP09_TABLES_API uint64_t hip09_field_get(const struct hip09_field *f,
					  const uint64_t config[HIP09_CONFIG_WORDS]);
HIP09_TABLES_API void hip09_field_set(const struct hip09_field *f, uint64_t value,
				      uint64_t config[HIP09_CONFIG_WORDS]);

/*
 * Fill the fields the user did not give with the tools' defaults: HNS3
 * tc=0xf and queue=0xffff always, global=1 when no filter is given; PCIe
 * port=0xffff (all root ports) when neither port nor bdf is given.  Fields
 * set this way are not marked in v->given.
 */
HIP09_TABLES_API void hip09_apply_tool_defaults(enum hip09_family family,
						struct hip09_filter_values *v);

/* Whether the tools give @f its default when the fields @given (HIP09_FIELD_BIT) are set. */
HIP09_TABLES_API bool hip09_tool_default_applies(const struct hip09_field *f, uint32_t given);

/*
 * The HNS3 filter mode the driver picks for an event supporting @modes
 * (enum hip09_hns3_mode bits) with filter values @v: the first mode in
 * driver order (global, func, func-queue, port, port-tc, func-intr) that is
 * supported and whose condition holds; HIP09_HNS3_MODE_NONE if none.  It
 * sees the values as the kernel will (apply the tool defaults first) and
 * cannot run the driver's run-time checks (bdf range, queue probe).
 */
HIP09_TABLES_API enum hip09_hns3_mode hip09_hns3_select_mode(uint32_t modes,
							     const struct hip09_filter_values *v);

/*
 * First driver rule the filter values of @ev break, or HIP09_RULE_NONE.
 * Checks, in order: each given field's range; PCIe: filters that do not
 * apply to the event, port together with bdf, port=0 without bdf; HNS3: no
 * selectable mode, given fields the selected mode ignores.  Call after
 * hip09_apply_tool_defaults().  Run-time rules (bdf range, queue existence)
 * are left to the caller with sysfs at hand.
 */
HIP09_TABLES_API enum hip09_rule hip09_check_filters(enum hip09_family family,
						     const struct hip09_event *ev,
						     const struct hip09_filter_values *v);

/*
 * Whether the driver checks the bdf of @v at event_init(): PCIe when port is
 * 0 (hisi_pcie_pmu_valid_filter()), HNS3 in the func and func-queue modes
 * (hns3_pmu_select_filter_mode() runs hns3_pmu_valid_bdf() for them), the
 * mode picked from @hns3_modes.  Call after hip09_apply_tool_defaults().
 */
HIP09_TABLES_API bool hip09_bdf_checked(enum hip09_family family, uint32_t hns3_modes,
					const struct hip09_filter_values *v);

/*
 * Whether @bdf is a device the PMU counts, given what sysfs says (@f):
 * HNS3 hns3_pmu_valid_bdf(), an existing function in [bdf_min, bdf_max]
 * (the range when exported); PCIe hisi_pcie_pmu_valid_requester_id(), an
 * existing device whose root port is in [bdf_min, bdf_max], before v6.12
 * (no range) on the PMU's root bus when sysfs says which.
 */
HIP09_TABLES_API enum hip09_bdf_verdict hip09_bdf_verdict(enum hip09_family family, uint16_t bdf,
							  const struct hip09_bdf_facts *f);

/* Whether function @bdf exists, as the caller's sysfs says (@ctx its own). */
typedef bool (*hip09_bdf_exists_fn)(void *ctx, uint16_t bdf);

/*
 * Whether a func-mode count of @bdf would also count another function:
 * hns3_pmu_get_filter_condition() programs bdf & 0xff, not the bus, so any
 * function @exists says is there in [@bdf_min, @bdf_max] with @bdf's
 * device.function on another bus is counted with it.  The first one, in bus
 * order, goes to *twin.  Call after hip09_bdf_verdict() said HIP09_BDF_OK.
 */
HIP09_TABLES_API bool hip09_hns3_devfn_twin(uint16_t bdf, uint16_t bdf_min, uint16_t bdf_max,
					    hip09_bdf_exists_fn exists, void *ctx, uint16_t *twin);

/* Rows of the HNS3 mode-selection order; *n gets HIP09_HNS3_NUM_MODES. */
HIP09_TABLES_API const struct hip09_hns3_mode_rule *hip09_hns3_mode_rules(size_t *n);

/* Names for messages and listings; "unknown" for values out of range. */
HIP09_TABLES_API const char *hip09_kind_name(enum hip09_kind kind);
HIP09_TABLES_API const char *hip09_unit_name(enum hip09_unit unit);
HIP09_TABLES_API const char *hip09_hns3_mode_name(enum hip09_hns3_mode mode);
HIP09_TABLES_API const struct hip09_rule_info *hip09_rule_info(enum hip09_rule rule);

#endif /* HIP09_TABLES_H */
