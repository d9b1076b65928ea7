/* SPDX-License-Identifier: MIT */
/*
 * hip09_types.h - types of the HiSilicon Hip09 uncore event tables
 *
 * The rows themselves are in hip09_events.h (data only, libpfm4 idiom) and
 * are reached through the lookup API in hip09_tables.h.  This header holds
 * only the types and constants, so that any file may include it without
 * getting a copy of the tables.
 *
 * Source of truth for every value: the Linux drivers
 * drivers/perf/hisilicon/hns3_pmu.c and drivers/perf/hisilicon/hisi_pcie_pmu.c
 * and their Documentation/admin-guide/perf/{hns3-pmu,hisi-pcie-pmu}.rst
 * (summarised in doc/reference/hip09-pmu-facts.md).
 */
#ifndef HIP09_TYPES_H
#define HIP09_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* The two PMU families; instances are hns3_pmu_sicl_<s> and hisi_pcie<s>_core<c>. */
enum hip09_family {
	HIP09_FAMILY_HNS3 = 0,
	HIP09_FAMILY_PCIE,
	HIP09_FAMILY_COUNT
};

/*
 * Kernel eras of the event codes.  Only the PCIe driver changed its codes:
 * v6.2 (commit 6b4bb4f38dbf) moved rx_mrd_* and tx_mrd_* to new codes and
 * v6.9 (commit 00ca69b856ba) added 8 flux/time events, reusing the old v5.19
 * codes 0x1005/0x2004 for tx_cpl/rx_cpl.  An era covers the kernels from its
 * version up to the next era.  The HNS3 driver (added in v6.0, inside the
 * v5.19 era) never changed a code, so its rows carry one code in every era.
 * Sysfs events/ stays the authority on a running kernel.
 */
enum hip09_era {
	HIP09_ERA_V5_19 = 0,
	HIP09_ERA_V6_2,
	HIP09_ERA_V6_9,
	HIP09_ERA_COUNT
};
#define HIP09_ERA_NEWEST	HIP09_ERA_V6_9
#define HIP09_CODE_ABSENT	0u	/* code[era] of an event the era lacks */

/* What one counter pair measures (counter 0 / counter 1 of a hardware slot). */
enum hip09_kind {
	HIP09_KIND_BANDWIDTH = 0,
	HIP09_KIND_PACKET_RATE,
	HIP09_KIND_LATENCY,
	HIP09_KIND_INTERRUPT_RATE,
	HIP09_KIND_COUNT
};

/* Unit of the raw count of one event. */
enum hip09_unit {
	HIP09_UNIT_BYTES = 0,
	HIP09_UNIT_PACKETS,
	HIP09_UNIT_CYCLES,	/* HNS3: ticks of the timer in hw_clk_freq; PCIe: undocumented clock */
	HIP09_UNIT_INTERRUPTS,
	HIP09_UNIT_TLPS,	/* PCIe transaction-layer packets */
	HIP09_UNIT_DWORDS,	/* 4-byte DW; inferred from the iostat divisor 256*1024 per MiB */
	HIP09_UNIT_COUNT
};

/* Config bit 16 (ext_counter_used): which register of the shared slot is read. */
enum hip09_role {
	HIP09_ROLE_COUNTER = 0,
	HIP09_ROLE_EXT_COUNTER = 1
};
#define HIP09_ROLE_BIT		16
#define HIP09_REAL_CODE_MASK	0xffffu	/* bits 0-15: the hardware event shared by a pair */

/*
 * HNS3 filter modes, with the driver's filter_support bit values
 * (HNS3_PMU_FILTER_SUPPORT_*).  Bit order is also the order of the tokens in
 * sysfs filtermode/<event>.
 */
enum hip09_hns3_mode {
	HIP09_HNS3_MODE_NONE = 0,
	HIP09_HNS3_MODE_GLOBAL = 0x01,
	HIP09_HNS3_MODE_PORT = 0x02,
	HIP09_HNS3_MODE_PORT_TC = 0x04,
	HIP09_HNS3_MODE_FUNC = 0x08,
	HIP09_HNS3_MODE_FUNC_QUEUE = 0x10,
	HIP09_HNS3_MODE_FUNC_INTR = 0x20
};
#define HIP09_HNS3_NUM_MODES	6
#define HIP09_HNS3_MODES_ALL	0x3fu
#define HIP09_HNS3_TC_ALL	0xfu	/* tc value meaning every TC: port mode, not port-tc */
#define HIP09_HNS3_QUEUE_ALL	0xffffu	/* queue value meaning every queue: func, not func-queue */
#define HIP09_PCIE_PORT_ALL	0xffffu	/* port bitmap of every root port of a PCIe core */

/* Index of each format field in the family's field table (hip09_filter_fields()). */
enum hip09_hns3_field {
	HIP09_HNS3_F_SUBEVENT = 0,
	HIP09_HNS3_F_EVENT_TYPE,
	HIP09_HNS3_F_EXT_COUNTER_USED,
	HIP09_HNS3_F_PORT,
	HIP09_HNS3_F_TC,
	HIP09_HNS3_F_BDF,
	HIP09_HNS3_F_QUEUE,
	HIP09_HNS3_F_INTR,
	HIP09_HNS3_F_GLOBAL,
	HIP09_HNS3_NUM_FIELDS
};

enum hip09_pcie_field {
	HIP09_PCIE_F_EVENT = 0,
	HIP09_PCIE_F_THR_LEN,
	HIP09_PCIE_F_THR_MODE,
	HIP09_PCIE_F_TRIG_LEN,
	HIP09_PCIE_F_TRIG_MODE,
	HIP09_PCIE_F_LEN_MODE,
	HIP09_PCIE_F_PORT,
	HIP09_PCIE_F_BDF,
	HIP09_PCIE_NUM_FIELDS
};
#define HIP09_MAX_FIELDS	HIP09_HNS3_NUM_FIELDS
#define HIP09_FIELD_BIT(f)	(1u << (f))

/* perf_event_attr word a field lives in. */
enum hip09_config_word {
	HIP09_CONFIG = 0,
	HIP09_CONFIG1 = 1,
	HIP09_CONFIG2 = 2,
	HIP09_CONFIG_WORDS
};

/*
 * Driver rules a filter can break.  Each names the check; the table row
 * (hip09_rule_info()) says what the kernel does and gives the user message.
 */
enum hip09_rule {
	HIP09_RULE_NONE = 0,
	HIP09_RULE_FIELD_WIDTH,		/* value wider than its format field */
	HIP09_RULE_PCIE_THR_LEN_MAX,	/* thr_len > 10 */
	HIP09_RULE_PCIE_TRIG_LEN_MAX,	/* trig_len > 10 */
	HIP09_RULE_PCIE_LEN_MODE_RESERVED, /* len_mode 0 is reserved */
	HIP09_RULE_PCIE_BANDWIDTH_ONLY,	/* bdf/thr/trig/len_mode on a latency event */
	HIP09_RULE_PCIE_PORT_WINS,	/* port and bdf both given: bdf is ignored */
	HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT, /* port=0 needs a bdf behind a root port in [bdf_min,bdf_max] */
	HIP09_RULE_HNS3_NO_MODE,	/* no supported filter mode matches the values */
	HIP09_RULE_HNS3_FIELD_IGNORED,	/* a given field is unused by the mode the driver picks */
	HIP09_RULE_HNS3_BDF_IN_RANGE,	/* func modes: bdf must exist within [bdf_min,bdf_max] */
	HIP09_RULE_HNS3_QUEUE_EXISTS,	/* func-queue: the hardware queue-id probe must succeed */
	HIP09_RULE_HNS3_PORT_MAX,	/* port > 7: the hardware gets (1 << port) & 0xff */
	HIP09_RULE_HNS3_TC_RANGE,	/* tc 8-14: the hardware gets tc & 7 */
	HIP09_RULE_COUNT
};

/* One event (one sysfs events/ file). */
struct hip09_event {
	const char *name;		/* sysfs events/<name>, lower case */
	const char *partner;		/* the other half of the counter pair */
	uint32_t code[HIP09_ERA_COUNT];	/* config (bits 0-16) per enum hip09_era; HIP09_CODE_ABSENT = not in that era */
	enum hip09_role role;		/* equals code bit 16 */
	enum hip09_kind kind;
	enum hip09_unit unit;		/* unit of this event's own count */
	uint32_t hns3_modes;		/* HNS3: filter_support mask (enum hip09_hns3_mode bits); PCIe: 0 */
	uint32_t pcie_filters;		/* PCIe: HIP09_FIELD_BIT(enum hip09_pcie_field) of the filters that apply; HNS3: 0 */
	const char *desc;
};

/* One sysfs format/ field. */
struct hip09_field {
	const char *name;		/* sysfs format/<name> */
	enum hip09_config_word word;
	uint8_t lo, hi;			/* bit range, inclusive */
	uint64_t min, max;		/* values the driver honours when the field is given */
	uint64_t driver_default;	/* what the driver acts on when the field is absent */
	uint64_t tool_default;		/* what our tools write when the field is absent ... */
	uint32_t default_unless;	/* ... unless one of these fields (HIP09_FIELD_BIT) is given; 0 = no tool default */
	enum hip09_rule range_rule;	/* rule broken by a value outside [min, max] */
	bool defines_event;		/* part of the event code, not a filter */
	const char *desc;
};

/*
 * HNS3 filter-mode selection, one row per mode in the order the driver tries
 * them (hns3_pmu_select_filter_mode()).  The condition each mode tests is in
 * hip09_hns3_select_mode(); the row says it in words for messages.
 */
struct hip09_hns3_mode_rule {
	enum hip09_hns3_mode mode;
	const char *name;		/* token in sysfs filtermode/ */
	uint8_t hw_mode;		/* enum hns3_pmu_hw_filter_mode written to CTRL_LOW[31:24] */
	uint32_t uses;			/* HIP09_FIELD_BIT(enum hip09_hns3_field) the mode reads */
	const char *needs;		/* the condition, for users */
};

/* One driver rule. */
struct hip09_rule_info {
	enum hip09_rule rule;
	enum hip09_family family;
	int kernel_errno;		/* positive errno perf_event_open gives; 0 = the driver silently adjusts */
	const char *text;
};

/*
 * Filter values of one event: value[] indexed by the family's field enum,
 * given = HIP09_FIELD_BIT() of the fields the user set explicitly.
 */
struct hip09_filter_values {
	uint32_t given;
	uint64_t value[HIP09_MAX_FIELDS];
};

/*
 * What sysfs says about one bdf a filter names, for the drivers' run-time
 * check of it (hip09_bdf_verdict()): the caller reads sysfs, the tables
 * decide, so the PAPI component and the libpfm4 models refuse alike.
 */
struct hip09_bdf_facts {
	bool has_range;		/* the PMU exports bdf_min and bdf_max (HNS3; PCIe v6.12+) */
	uint16_t bdf_min, bdf_max;
	bool has_bus;		/* PCIe before v6.12: the PMU's root bus (sysfs bus) */
	uint16_t bus;
	bool exists;		/* the device is in the PMU's PCI domain */
	bool has_root_port;	/* PCIe: the device is, or is behind, a root port ... */
	uint16_t root_port;	/* ... this one (pcie_find_root_port()) */
};

/* Why a bdf is not one a PMU counts. */
enum hip09_bdf_verdict {
	HIP09_BDF_OK = 0,
	HIP09_BDF_NO_DEVICE,		/* no such device in the PMU's PCI domain */
	HIP09_BDF_NO_ROOT_PORT,		/* PCIe: behind no root port */
	HIP09_BDF_OUT_OF_RANGE,		/* HNS3 the bdf, PCIe its root port, outside [bdf_min, bdf_max] */
	HIP09_BDF_OFF_BUS		/* PCIe before v6.12: its root port is not on the PMU's bus */
};

#endif /* HIP09_TYPES_H */
