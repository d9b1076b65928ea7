/* SPDX-License-Identifier: MIT */
/*
 * hip09_events.h - HiSilicon Hip09 HNS3 PMU and PCIe PMU event tables
 *
 * Pure data in libpfm4's lib/events/ idiom: static const rows, no logic.
 * Include it from exactly one C file (hip09_tables.c); everything else reads
 * the rows through hip09_tables.h.
 *
 * Source of truth: the Linux kernel drivers and their documentation,
 *   drivers/perf/hisilicon/hns3_pmu.c      (hns3_pmu_events_attr[], HNS3_PMU_FILTER_*,
 *                                           hns3_pmu_select_filter_mode())
 *   drivers/perf/hisilicon/hisi_pcie_pmu.c (hisi_pcie_pmu_events_attr[],
 *                                           hisi_pcie_pmu_valid_filter(), event IDs of
 *                                           v5.19, v6.2 (6b4bb4f38dbf), v6.9 (00ca69b856ba))
 *   Documentation/admin-guide/perf/hns3-pmu.rst and hisi-pcie-pmu.rst
 * On a running kernel the PMU's sysfs events/ directory is the authority for
 * codes; these rows are the authority for meaning.
 *
 * Abbreviations in HNS3 event names.  The kernel documents none of them; the
 * expansions below are inferences from the names and the hns3 NIC driver, and
 * every description that uses one says so.
 *   SSU   NIC-internal switch between the MACs, the NIC queues and RoCE
 *   IGU / EGU  ingress / egress unit at the MAC
 *   RPU / TPU  receive / transmit processing unit
 *   RPE / TPE  receive / transmit processing engine
 *   RCB   ring control block (the host queues), rx and tx sides
 *   TXSCH transmit scheduler
 *   FBD / EBD  two classes of buffer descriptors (BD) in host memory
 *   pay_m0 / pay_m1  packet payload through memory port 0 / 1
 *   RoCE  RDMA over Converged Ethernet (certain)
 *   NICROH  NIC and RoH interrupt logic
 * HNS3 "time" counts ticks of the timer whose frequency is in hw_clk_freq.
 * PCIe flux counts 4-byte DW: inferred from the non-mainline perf iostat
 * tool, which converts flux to MiB by dividing by 256 * 1024.
 */
#ifndef HIP09_EVENTS_H
#define HIP09_EVENTS_H

#include <errno.h>

#include "hip09_types.h"

/* Filters the PCIe documentation allows on bandwidth (*_flux, *_time) events. */
#define HIP09_PCIE_BANDWIDTH_FILTERS (HIP09_FIELD_BIT(HIP09_PCIE_F_PORT) | \
	HIP09_FIELD_BIT(HIP09_PCIE_F_BDF) | HIP09_FIELD_BIT(HIP09_PCIE_F_THR_LEN) | \
	HIP09_FIELD_BIT(HIP09_PCIE_F_THR_MODE) | HIP09_FIELD_BIT(HIP09_PCIE_F_TRIG_LEN) | \
	HIP09_FIELD_BIT(HIP09_PCIE_F_TRIG_MODE) | HIP09_FIELD_BIT(HIP09_PCIE_F_LEN_MODE))

/* HNS3 fields that select a filter mode (every config1 field). */
#define HIP09_HNS3_FILTER_FIELDS (HIP09_FIELD_BIT(HIP09_HNS3_F_PORT) | \
	HIP09_FIELD_BIT(HIP09_HNS3_F_TC) | HIP09_FIELD_BIT(HIP09_HNS3_F_BDF) | \
	HIP09_FIELD_BIT(HIP09_HNS3_F_QUEUE) | HIP09_FIELD_BIT(HIP09_HNS3_F_INTR) | \
	HIP09_FIELD_BIT(HIP09_HNS3_F_GLOBAL))

static const char *const hip09_kind_names[] = {
	[HIP09_KIND_BANDWIDTH] = "bandwidth",
	[HIP09_KIND_PACKET_RATE] = "packet rate",
	[HIP09_KIND_LATENCY] = "latency",
	[HIP09_KIND_INTERRUPT_RATE] = "interrupt rate",
};

static const char *const hip09_unit_names[] = {
	[HIP09_UNIT_BYTES] = "bytes",
	[HIP09_UNIT_PACKETS] = "packets",
	[HIP09_UNIT_CYCLES] = "cycles",
	[HIP09_UNIT_INTERRUPTS] = "interrupts",
	[HIP09_UNIT_TLPS] = "TLPs",
	[HIP09_UNIT_DWORDS] = "DW (4-byte dwords)",
};

/* HNS3 format/ fields (hns3_pmu_format_attr[]), indexed by enum hip09_hns3_field. */
static const struct hip09_field hip09_hns3_fields[] = {
	[HIP09_HNS3_F_SUBEVENT] = {
		.name = "subevent", .word = HIP09_CONFIG, .lo = 0, .hi = 7,
		.max = 0xff, .range_rule = HIP09_RULE_FIELD_WIDTH, .defines_event = true,
		.desc = "Sub-event id within the event type (config[7:0])."
	},
	[HIP09_HNS3_F_EVENT_TYPE] = {
		.name = "event_type", .word = HIP09_CONFIG, .lo = 8, .hi = 15,
		.max = 0xff, .range_rule = HIP09_RULE_FIELD_WIDTH, .defines_event = true,
		.desc = "Event type: 0 bandwidth, 1 packet rate, 2 latency, 3 interrupt rate."
	},
	[HIP09_HNS3_F_EXT_COUNTER_USED] = {
		.name = "ext_counter_used", .word = HIP09_CONFIG, .lo = 16, .hi = 16,
		.max = 1, .range_rule = HIP09_RULE_FIELD_WIDTH, .defines_event = true,
		.desc = "0 reads counter 0 of the slot, 1 reads counter 1 (the ext counter)."
	},
	[HIP09_HNS3_F_PORT] = {
		.name = "port", .word = HIP09_CONFIG1, .lo = 0, .hi = 3,
		.max = 7, .range_rule = HIP09_RULE_HNS3_PORT_MAX,
		.desc = "Physical port (MAC id) for the port and port-tc modes. Only ports 0-7 "
			"reach the hardware: port mode programs (1 << port) & 0xff."
	},
	[HIP09_HNS3_F_TC] = {
		.name = "tc", .word = HIP09_CONFIG1, .lo = 4, .hi = 7,
		.max = 0xf, .tool_default = HIP09_HNS3_TC_ALL,
		.default_unless = HIP09_FIELD_BIT(HIP09_HNS3_F_TC),
		.range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Traffic class: 0xf = all TCs (port mode), 0-7 = one TC (port-tc mode). "
			"The driver reads an absent tc as 0, i.e. port-tc mode on TC 0, so tools "
			"write 0xf when tc is not given."
	},
	[HIP09_HNS3_F_BDF] = {
		.name = "bdf", .word = HIP09_CONFIG1, .lo = 8, .hi = 23,
		.max = 0xffff, .range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "PCIe function (bus << 8 | device << 3 | function, e.g. 0x3500 = 35:00.0) "
			"for the func, func-queue and func-intr modes. It must be an existing "
			"function within the PMU's [bdf_min, bdf_max]; 0 never selects a func mode."
	},
	[HIP09_HNS3_F_QUEUE] = {
		.name = "queue", .word = HIP09_CONFIG1, .lo = 24, .hi = 39,
		.max = 0xffff, .tool_default = HIP09_HNS3_QUEUE_ALL,
		.default_unless = HIP09_FIELD_BIT(HIP09_HNS3_F_QUEUE),
		.range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Queue id of the function for func-queue mode; 0xffff = all queues of the "
			"function (func mode). An absent queue reads as 0, i.e. func-queue on queue "
			"0, so tools write 0xffff when queue is not given."
	},
	[HIP09_HNS3_F_INTR] = {
		.name = "intr", .word = HIP09_CONFIG1, .lo = 40, .hi = 51,
		.max = 0xfff, .range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Interrupt id for func-intr mode (no event of the current driver supports "
			"that mode)."
	},
	[HIP09_HNS3_F_GLOBAL] = {
		.name = "global", .word = HIP09_CONFIG1, .lo = 52, .hi = 52,
		.max = 1, .tool_default = 1, .default_unless = HIP09_HNS3_FILTER_FIELDS,
		.range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "1 = global mode: all HNS3 functions of the IO die. Tools set it when no "
			"other filter is given."
	},
};

/* PCIe format/ fields (hisi_pcie_pmu_format_attr[]), indexed by enum hip09_pcie_field. */
static const struct hip09_field hip09_pcie_fields[] = {
	[HIP09_PCIE_F_EVENT] = {
		.name = "event", .word = HIP09_CONFIG, .lo = 0, .hi = 16,
		.max = 0x1ffff, .range_rule = HIP09_RULE_FIELD_WIDTH, .defines_event = true,
		.desc = "Event code; bit 16 selects counter 1 (the ext counter) of the slot. The "
			"driver accepts any code."
	},
	[HIP09_PCIE_F_THR_LEN] = {
		.name = "thr_len", .word = HIP09_CONFIG1, .lo = 0, .hi = 3,
		.max = 10, .range_rule = HIP09_RULE_PCIE_THR_LEN_MAX,
		.desc = "Threshold: count only TLPs of length >= 2^thr_len DW (thr_mode=0) or "
			"< 2^thr_len DW (thr_mode=1); 0 = no threshold. At most 10."
	},
	[HIP09_PCIE_F_THR_MODE] = {
		.name = "thr_mode", .word = HIP09_CONFIG1, .lo = 4, .hi = 4,
		.max = 1, .range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Threshold direction: 0 = length >= 2^thr_len DW, 1 = length < 2^thr_len DW."
	},
	[HIP09_PCIE_F_TRIG_LEN] = {
		.name = "trig_len", .word = HIP09_CONFIG1, .lo = 5, .hi = 8,
		.max = 10, .range_rule = HIP09_RULE_PCIE_TRIG_LEN_MAX,
		.desc = "Trigger: start counting at the first TLP longer (trig_mode=0) or shorter "
			"(trig_mode=1) than 2^trig_len DW; 0 = no trigger. At most 10."
	},
	[HIP09_PCIE_F_TRIG_MODE] = {
		.name = "trig_mode", .word = HIP09_CONFIG1, .lo = 9, .hi = 9,
		.max = 1, .range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Trigger direction: 0 = TLP longer than 2^trig_len DW, 1 = shorter."
	},
	[HIP09_PCIE_F_LEN_MODE] = {
		.name = "len_mode", .word = HIP09_CONFIG1, .lo = 10, .hi = 11,
		.min = 1, .max = 3, .driver_default = 3,
		.range_rule = HIP09_RULE_PCIE_LEN_MODE_RESERVED,
		.desc = "What flux counts: 1 = TLP payloads, 2 = TLP headers, 3 = both (default; "
			"0 is reserved and the driver turns it into 3). Since v6.2."
	},
	[HIP09_PCIE_F_PORT] = {
		.name = "port", .word = HIP09_CONFIG2, .lo = 0, .hi = 15,
		.max = 0xffff, .tool_default = HIP09_PCIE_PORT_ALL,
		.default_unless = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT) |
			HIP09_FIELD_BIT(HIP09_PCIE_F_BDF),
		.range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Bitmap of the root ports of this PCIe core (e.g. 0x1 = the first root "
			"port, 0x101 = two ports). A nonzero port wins over bdf. Tools write "
			"0xffff (all root ports) when neither port nor bdf is given."
	},
	[HIP09_PCIE_F_BDF] = {
		.name = "bdf", .word = HIP09_CONFIG2, .lo = 16, .hi = 31,
		.max = 0xffff, .range_rule = HIP09_RULE_FIELD_WIDTH,
		.desc = "Requester id of one endpoint (bus << 8 | device << 3 | function, e.g. "
			"0x3900 = 39:00.0); used when port is 0. It must sit behind a root port in "
			"the PMU's [bdf_min, bdf_max]. Bandwidth events only."
	},
};

/*
 * HNS3 filter modes in the driver's selection order: the first mode the
 * event supports whose condition holds wins (hns3_pmu_select_filter_mode()).
 */
static const struct hip09_hns3_mode_rule hip09_hns3_mode_order[] = {
	{
		.mode = HIP09_HNS3_MODE_GLOBAL, .name = "global", .hw_mode = 0,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_GLOBAL),
		.needs = "global=1"
	},
	{
		.mode = HIP09_HNS3_MODE_FUNC, .name = "func", .hw_mode = 3,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_BDF) | HIP09_FIELD_BIT(HIP09_HNS3_F_QUEUE),
		.needs = "bdf != 0 and queue == 0xffff"
	},
	{
		.mode = HIP09_HNS3_MODE_FUNC_QUEUE, .name = "func-queue", .hw_mode = 4,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_BDF) | HIP09_FIELD_BIT(HIP09_HNS3_F_QUEUE),
		.needs = "bdf != 0 and queue != 0xffff"
	},
	{
		.mode = HIP09_HNS3_MODE_PORT, .name = "port", .hw_mode = 1,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_PORT) | HIP09_FIELD_BIT(HIP09_HNS3_F_TC),
		.needs = "tc == 0xf"
	},
	{
		.mode = HIP09_HNS3_MODE_PORT_TC, .name = "port-tc", .hw_mode = 2,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_PORT) | HIP09_FIELD_BIT(HIP09_HNS3_F_TC),
		.needs = "tc != 0xf"
	},
	{
		.mode = HIP09_HNS3_MODE_FUNC_INTR, .name = "func-intr", .hw_mode = 5,
		.uses = HIP09_FIELD_BIT(HIP09_HNS3_F_BDF) | HIP09_FIELD_BIT(HIP09_HNS3_F_INTR),
		.needs = "bdf != 0 (an existing function within [bdf_min, bdf_max])"
	},
};

/* Driver rules, indexed by enum hip09_rule.  family HIP09_FAMILY_COUNT = both. */
static const struct hip09_rule_info hip09_rules[] = {
	[HIP09_RULE_NONE] = {
		.rule = HIP09_RULE_NONE, .family = HIP09_FAMILY_COUNT,
		.text = "no rule broken"
	},
	[HIP09_RULE_FIELD_WIDTH] = {
		.rule = HIP09_RULE_FIELD_WIDTH, .family = HIP09_FAMILY_COUNT,
		.text = "value does not fit its format field (perf: value too big for format)"
	},
	[HIP09_RULE_PCIE_THR_LEN_MAX] = {
		.rule = HIP09_RULE_PCIE_THR_LEN_MAX, .family = HIP09_FAMILY_PCIE,
		.kernel_errno = EINVAL,
		.text = "thr_len must be at most 10 (HISI_PCIE_THR_MAX_VAL)"
	},
	[HIP09_RULE_PCIE_TRIG_LEN_MAX] = {
		.rule = HIP09_RULE_PCIE_TRIG_LEN_MAX, .family = HIP09_FAMILY_PCIE,
		.kernel_errno = EINVAL,
		.text = "trig_len must be at most 10 (HISI_PCIE_TRIG_MAX_VAL)"
	},
	[HIP09_RULE_PCIE_LEN_MODE_RESERVED] = {
		.rule = HIP09_RULE_PCIE_LEN_MODE_RESERVED, .family = HIP09_FAMILY_PCIE,
		.text = "len_mode 0 is reserved (the driver counts it as 3, payload and header); "
			"use 1, 2 or 3"
	},
	[HIP09_RULE_PCIE_BANDWIDTH_ONLY] = {
		.rule = HIP09_RULE_PCIE_BANDWIDTH_ONLY, .family = HIP09_FAMILY_PCIE,
		.text = "bdf, thr_*, trig_* and len_mode apply to bandwidth events (*_flux, *_time) "
			"only; latency events take port"
	},
	[HIP09_RULE_PCIE_PORT_WINS] = {
		.rule = HIP09_RULE_PCIE_PORT_WINS, .family = HIP09_FAMILY_PCIE,
		.text = "port and bdf are exclusive: with a nonzero port the driver ignores bdf"
	},
	[HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT] = {
		.rule = HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT, .family = HIP09_FAMILY_PCIE,
		.kernel_errno = EINVAL,
		.text = "with port=0, bdf must be an existing device behind a root port in the "
			"PMU's [bdf_min, bdf_max]"
	},
	[HIP09_RULE_HNS3_NO_MODE] = {
		.rule = HIP09_RULE_HNS3_NO_MODE, .family = HIP09_FAMILY_HNS3,
		.kernel_errno = ENOENT,
		.text = "no filter mode of this event matches the filters (modes are tried in the "
			"order global, func, func-queue, port, port-tc, func-intr)"
	},
	[HIP09_RULE_HNS3_FIELD_IGNORED] = {
		.rule = HIP09_RULE_HNS3_FIELD_IGNORED, .family = HIP09_FAMILY_HNS3,
		.text = "a filter was given that the selected filter mode does not use"
	},
	[HIP09_RULE_HNS3_BDF_IN_RANGE] = {
		.rule = HIP09_RULE_HNS3_BDF_IN_RANGE, .family = HIP09_FAMILY_HNS3,
		.kernel_errno = ENOENT,
		.text = "bdf must be an existing PCIe function within the PMU's [bdf_min, bdf_max]"
	},
	[HIP09_RULE_HNS3_QUEUE_EXISTS] = {
		.rule = HIP09_RULE_HNS3_QUEUE_EXISTS, .family = HIP09_FAMILY_HNS3,
		.kernel_errno = ENOENT,
		.text = "queue must be a queue of the function (the driver probes the hardware)"
	},
	/* hns3_pmu_get_filter_condition(): PORT writes BIT(port) & 0xff, PORT_TC port << 3 */
	[HIP09_RULE_HNS3_PORT_MAX] = {
		.rule = HIP09_RULE_HNS3_PORT_MAX, .family = HIP09_FAMILY_HNS3,
		.text = "port must be 0-7: the driver programs (1 << port) & 0xff, so ports 8-15 "
			"count nothing"
	},
	/* hns3_pmu_get_filter_condition(): PORT_TC writes tc & 7 */
	[HIP09_RULE_HNS3_TC_RANGE] = {
		.rule = HIP09_RULE_HNS3_TC_RANGE, .family = HIP09_FAMILY_HNS3,
		.text = "tc must be 0-7 (one TC) or 0xf (all TCs, port mode): the driver programs "
			"tc & 7, so tc 8-14 would count TC tc-8"
	},
};

/* HNS3 events in the driver's hns3_pmu_events_attr[] order; pairs share bits 0-15. */
static const struct hip09_event hip09_hns3_events[] = {
	{
		.name = "bw_ssu_egu_byte_num",
		.partner = "bw_ssu_egu_time",
		.code = { 0x00001, 0x00001, 0x00001 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the EGU (egress unit, "
			"transmit side toward the MAC; inferred). Counter 0 of a bandwidth pair: "
			"bytes/s = bw_ssu_egu_byte_num / bw_ssu_egu_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_ssu_egu_time",
		.partner = "bw_ssu_egu_byte_num",
		.code = { 0x10001, 0x10001, 0x10001 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Time base of the bandwidth pair bw_ssu_egu_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_ssu_egu_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_ssu_rpu_byte_num",
		.partner = "bw_ssu_rpu_time",
		.code = { 0x00002, 0x00002, 0x00002 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the RPU (receive "
			"processing unit; inferred). Counter 0 of a bandwidth pair: bytes/s = "
			"bw_ssu_rpu_byte_num / bw_ssu_rpu_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_ssu_rpu_time",
		.partner = "bw_ssu_rpu_byte_num",
		.code = { 0x10002, 0x10002, 0x10002 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_ssu_rpu_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_ssu_rpu_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_ssu_roce_byte_num",
		.partner = "bw_ssu_roce_time",
		.code = { 0x00003, 0x00003, 0x00003 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the RoCE engine (RDMA "
			"over Converged Ethernet). Counter 0 of a bandwidth pair: bytes/s = "
			"bw_ssu_roce_byte_num / bw_ssu_roce_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_ssu_roce_time",
		.partner = "bw_ssu_roce_byte_num",
		.code = { 0x10003, 0x10003, 0x10003 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Time base of the bandwidth pair bw_ssu_roce_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_ssu_roce_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_roce_ssu_byte_num",
		.partner = "bw_roce_ssu_time",
		.code = { 0x00004, 0x00004, 0x00004 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Bytes transferred from the RoCE engine (RDMA over Converged Ethernet) to the "
			"SSU (the NIC's internal switch between MACs, NIC queues and RoCE; expansion "
			"not documented, inferred). Counter 0 of a bandwidth pair: bytes/s = "
			"bw_roce_ssu_byte_num / bw_roce_ssu_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_roce_ssu_time",
		.partner = "bw_roce_ssu_byte_num",
		.code = { 0x10004, 0x10004, 0x10004 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Time base of the bandwidth pair bw_roce_ssu_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_roce_ssu_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_tpu_ssu_byte_num",
		.partner = "bw_tpu_ssu_time",
		.code = { 0x00005, 0x00005, 0x00005 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred from the TPU (transmit processing unit; inferred) to the SSU "
			"(the NIC's internal switch between MACs, NIC queues and RoCE; expansion not "
			"documented, inferred). Counter 0 of a bandwidth pair: bytes/s = "
			"bw_tpu_ssu_byte_num / bw_tpu_ssu_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_tpu_ssu_time",
		.partner = "bw_tpu_ssu_byte_num",
		.code = { 0x10005, 0x10005, 0x10005 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_tpu_ssu_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_tpu_ssu_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rpu_rcbrx_byte_num",
		.partner = "bw_rpu_rcbrx_time",
		.code = { 0x00006, 0x00006, 0x00006 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred from the RPU (receive processing unit; inferred) to the RX "
			"RCB (receive ring control block, i.e. the host receive queues; inferred). "
			"Counter 0 of a bandwidth pair: bytes/s = bw_rpu_rcbrx_byte_num / "
			"bw_rpu_rcbrx_time * hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_rpu_rcbrx_time",
		.partner = "bw_rpu_rcbrx_byte_num",
		.code = { 0x10006, 0x10006, 0x10006 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_rpu_rcbrx_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_rpu_rcbrx_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rcbtx_txsch_byte_num",
		.partner = "bw_rcbtx_txsch_time",
		.code = { 0x00008, 0x00008, 0x00008 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred from the TX RCB (transmit ring control block, i.e. the host "
			"transmit queues; inferred) to the TX scheduler (TXSCH; inferred). Counter 0 of "
			"a bandwidth pair: bytes/s = bw_rcbtx_txsch_byte_num / bw_rcbtx_txsch_time * "
			"hw_clk_freq. Unit: bytes."
	},
	{
		.name = "bw_rcbtx_txsch_time",
		.partner = "bw_rcbtx_txsch_byte_num",
		.code = { 0x10008, 0x10008, 0x10008 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_rcbtx_txsch_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_rcbtx_txsch_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_wr_fbd_byte_num",
		.partner = "bw_wr_fbd_time",
		.code = { 0x00009, 0x00009, 0x00009 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred in DMA writes of FBDs (one class of buffer descriptors, BDs, "
			"in host memory; the meaning of 'F' is not documented). Counter 0 of a "
			"bandwidth pair: bytes/s = bw_wr_fbd_byte_num / bw_wr_fbd_time * hw_clk_freq. "
			"Unit: bytes."
	},
	{
		.name = "bw_wr_fbd_time",
		.partner = "bw_wr_fbd_byte_num",
		.code = { 0x10009, 0x10009, 0x10009 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_wr_fbd_byte_num: ticks of the HNS3 hardware "
			"timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) while "
			"bw_wr_fbd_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_wr_ebd_byte_num",
		.partner = "bw_wr_ebd_time",
		.code = { 0x0000a, 0x0000a, 0x0000a },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred in DMA writes of EBDs (another class of buffer descriptors, "
			"BDs, in host memory; the meaning of 'E' is not documented). Counter 0 of a "
			"bandwidth pair: bytes/s = bw_wr_ebd_byte_num / bw_wr_ebd_time * hw_clk_freq. "
			"Unit: bytes."
	},
	{
		.name = "bw_wr_ebd_time",
		.partner = "bw_wr_ebd_byte_num",
		.code = { 0x1000a, 0x1000a, 0x1000a },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_wr_ebd_byte_num: ticks of the HNS3 hardware "
			"timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) while "
			"bw_wr_ebd_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rd_fbd_byte_num",
		.partner = "bw_rd_fbd_time",
		.code = { 0x0000b, 0x0000b, 0x0000b },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Bytes transferred in DMA reads of FBDs (one class of buffer descriptors, BDs, "
			"in host memory; the meaning of 'F' is not documented). Counter 0 of a "
			"bandwidth pair: bytes/s = bw_rd_fbd_byte_num / bw_rd_fbd_time * hw_clk_freq. "
			"Unit: bytes."
	},
	{
		.name = "bw_rd_fbd_time",
		.partner = "bw_rd_fbd_byte_num",
		.code = { 0x1000b, 0x1000b, 0x1000b },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the bandwidth pair bw_rd_fbd_byte_num: ticks of the HNS3 hardware "
			"timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) while "
			"bw_rd_fbd_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rd_ebd_byte_num",
		.partner = "bw_rd_ebd_time",
		.code = { 0x0000c, 0x0000c, 0x0000c },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Bytes transferred in DMA reads of EBDs (another class of buffer descriptors, "
			"BDs, in host memory; the meaning of 'E' is not documented). Counter 0 of a "
			"bandwidth pair: bytes/s = bw_rd_ebd_byte_num / bw_rd_ebd_time * hw_clk_freq. "
			"Unit: bytes."
	},
	{
		.name = "bw_rd_ebd_time",
		.partner = "bw_rd_ebd_byte_num",
		.code = { 0x1000c, 0x1000c, 0x1000c },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the bandwidth pair bw_rd_ebd_byte_num: ticks of the HNS3 hardware "
			"timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) while "
			"bw_rd_ebd_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rd_pay_m0_byte_num",
		.partner = "bw_rd_pay_m0_time",
		.code = { 0x0000d, 0x0000d, 0x0000d },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Bytes transferred of packet payload read from host memory through memory port "
			"m0 (m0/m1 read as the two DMA ports; inferred). Counter 0 of a bandwidth pair: "
			"bytes/s = bw_rd_pay_m0_byte_num / bw_rd_pay_m0_time * hw_clk_freq. Unit: "
			"bytes."
	},
	{
		.name = "bw_rd_pay_m0_time",
		.partner = "bw_rd_pay_m0_byte_num",
		.code = { 0x1000d, 0x1000d, 0x1000d },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the bandwidth pair bw_rd_pay_m0_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_rd_pay_m0_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_rd_pay_m1_byte_num",
		.partner = "bw_rd_pay_m1_time",
		.code = { 0x0000e, 0x0000e, 0x0000e },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Bytes transferred of packet payload read from host memory through memory port "
			"m1 (m0/m1 read as the two DMA ports; inferred). Counter 0 of a bandwidth pair: "
			"bytes/s = bw_rd_pay_m1_byte_num / bw_rd_pay_m1_time * hw_clk_freq. Unit: "
			"bytes."
	},
	{
		.name = "bw_rd_pay_m1_time",
		.partner = "bw_rd_pay_m1_byte_num",
		.code = { 0x1000e, 0x1000e, 0x1000e },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the bandwidth pair bw_rd_pay_m1_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_rd_pay_m1_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_wr_pay_m0_byte_num",
		.partner = "bw_wr_pay_m0_time",
		.code = { 0x0000f, 0x0000f, 0x0000f },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Bytes transferred of packet payload written to host memory through memory port "
			"m0 (m0/m1 read as the two DMA ports; inferred). Counter 0 of a bandwidth pair: "
			"bytes/s = bw_wr_pay_m0_byte_num / bw_wr_pay_m0_time * hw_clk_freq. Unit: "
			"bytes."
	},
	{
		.name = "bw_wr_pay_m0_time",
		.partner = "bw_wr_pay_m0_byte_num",
		.code = { 0x1000f, 0x1000f, 0x1000f },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the bandwidth pair bw_wr_pay_m0_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_wr_pay_m0_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "bw_wr_pay_m1_byte_num",
		.partner = "bw_wr_pay_m1_time",
		.code = { 0x00010, 0x00010, 0x00010 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_BYTES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Bytes transferred of packet payload written to host memory through memory port "
			"m1 (m0/m1 read as the two DMA ports; inferred). Counter 0 of a bandwidth pair: "
			"bytes/s = bw_wr_pay_m1_byte_num / bw_wr_pay_m1_time * hw_clk_freq. Unit: "
			"bytes."
	},
	{
		.name = "bw_wr_pay_m1_time",
		.partner = "bw_wr_pay_m1_byte_num",
		.code = { 0x10010, 0x10010, 0x10010 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the bandwidth pair bw_wr_pay_m1_byte_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while bw_wr_pay_m1_byte_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_igu_ssu_packet_num",
		.partner = "pps_igu_ssu_time",
		.code = { 0x00100, 0x00100, 0x00100 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets passed from the IGU (ingress unit, receive side from the MAC; "
			"inferred) to the SSU (the NIC's internal switch between MACs, NIC queues and "
			"RoCE; expansion not documented, inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_igu_ssu_packet_num / pps_igu_ssu_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_igu_ssu_time",
		.partner = "pps_igu_ssu_packet_num",
		.code = { 0x10100, 0x10100, 0x10100 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Time base of the packet-rate pair pps_igu_ssu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_igu_ssu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_ssu_egu_packet_num",
		.partner = "pps_ssu_egu_time",
		.code = { 0x00101, 0x00101, 0x00101 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the EGU (egress unit, "
			"transmit side toward the MAC; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_ssu_egu_packet_num / pps_ssu_egu_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_ssu_egu_time",
		.partner = "pps_ssu_egu_packet_num",
		.code = { 0x10101, 0x10101, 0x10101 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Time base of the packet-rate pair pps_ssu_egu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_ssu_egu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_ssu_rpu_packet_num",
		.partner = "pps_ssu_rpu_time",
		.code = { 0x00102, 0x00102, 0x00102 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the RPU (receive "
			"processing unit; inferred). Counter 0 of a packet-rate pair: packets/s = "
			"pps_ssu_rpu_packet_num / pps_ssu_rpu_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_ssu_rpu_time",
		.partner = "pps_ssu_rpu_packet_num",
		.code = { 0x10102, 0x10102, 0x10102 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_ssu_rpu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_ssu_rpu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_ssu_roce_packet_num",
		.partner = "pps_ssu_roce_time",
		.code = { 0x00103, 0x00103, 0x00103 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
			"queues and RoCE; expansion not documented, inferred) to the RoCE engine (RDMA "
			"over Converged Ethernet). Counter 0 of a packet-rate pair: packets/s = "
			"pps_ssu_roce_packet_num / pps_ssu_roce_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_ssu_roce_time",
		.partner = "pps_ssu_roce_packet_num",
		.code = { 0x10103, 0x10103, 0x10103 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Time base of the packet-rate pair pps_ssu_roce_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_ssu_roce_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_roce_ssu_packet_num",
		.partner = "pps_roce_ssu_time",
		.code = { 0x00104, 0x00104, 0x00104 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Packets passed from the RoCE engine (RDMA over Converged Ethernet) to the SSU "
			"(the NIC's internal switch between MACs, NIC queues and RoCE; expansion not "
			"documented, inferred). Counter 0 of a packet-rate pair: packets/s = "
			"pps_roce_ssu_packet_num / pps_roce_ssu_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_roce_ssu_time",
		.partner = "pps_roce_ssu_packet_num",
		.code = { 0x10104, 0x10104, 0x10104 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC,
		.desc = "Time base of the packet-rate pair pps_roce_ssu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_roce_ssu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_tpu_ssu_packet_num",
		.partner = "pps_tpu_ssu_time",
		.code = { 0x00105, 0x00105, 0x00105 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed from the TPU (transmit processing unit; inferred) to the SSU "
			"(the NIC's internal switch between MACs, NIC queues and RoCE; expansion not "
			"documented, inferred). Counter 0 of a packet-rate pair: packets/s = "
			"pps_tpu_ssu_packet_num / pps_tpu_ssu_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_tpu_ssu_time",
		.partner = "pps_tpu_ssu_packet_num",
		.code = { 0x10105, 0x10105, 0x10105 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_tpu_ssu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_tpu_ssu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rpu_rcbrx_packet_num",
		.partner = "pps_rpu_rcbrx_time",
		.code = { 0x00106, 0x00106, 0x00106 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed from the RPU (receive processing unit; inferred) to the RX RCB "
			"(receive ring control block, i.e. the host receive queues; inferred). Counter "
			"0 of a packet-rate pair: packets/s = pps_rpu_rcbrx_packet_num / "
			"pps_rpu_rcbrx_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_rpu_rcbrx_time",
		.partner = "pps_rpu_rcbrx_packet_num",
		.code = { 0x10106, 0x10106, 0x10106 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_rpu_rcbrx_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rpu_rcbrx_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rcbtx_tpu_packet_num",
		.partner = "pps_rcbtx_tpu_time",
		.code = { 0x00107, 0x00107, 0x00107 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed from the TX RCB (transmit ring control block, i.e. the host "
			"transmit queues; inferred) to the TPU (transmit processing unit; inferred). "
			"Counter 0 of a packet-rate pair: packets/s = pps_rcbtx_tpu_packet_num / "
			"pps_rcbtx_tpu_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_rcbtx_tpu_time",
		.partner = "pps_rcbtx_tpu_packet_num",
		.code = { 0x10107, 0x10107, 0x10107 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_rcbtx_tpu_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rcbtx_tpu_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rcbtx_txsch_packet_num",
		.partner = "pps_rcbtx_txsch_time",
		.code = { 0x00108, 0x00108, 0x00108 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed from the TX RCB (transmit ring control block, i.e. the host "
			"transmit queues; inferred) to the TX scheduler (TXSCH; inferred). Counter 0 of "
			"a packet-rate pair: packets/s = pps_rcbtx_txsch_packet_num / "
			"pps_rcbtx_txsch_time * hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_rcbtx_txsch_time",
		.partner = "pps_rcbtx_txsch_packet_num",
		.code = { 0x10108, 0x10108, 0x10108 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_rcbtx_txsch_packet_num: ticks of the "
			"HNS3 hardware timer (its frequency is the PMU's hw_clk_freq file, presumably "
			"Hz) while pps_rcbtx_txsch_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_wr_fbd_packet_num",
		.partner = "pps_wr_fbd_time",
		.code = { 0x00109, 0x00109, 0x00109 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed in DMA writes of FBDs (one class of buffer descriptors, BDs, in "
			"host memory; the meaning of 'F' is not documented). Counter 0 of a packet-rate "
			"pair: packets/s = pps_wr_fbd_packet_num / pps_wr_fbd_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_wr_fbd_time",
		.partner = "pps_wr_fbd_packet_num",
		.code = { 0x10109, 0x10109, 0x10109 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_wr_fbd_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_wr_fbd_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_wr_ebd_packet_num",
		.partner = "pps_wr_ebd_time",
		.code = { 0x0010a, 0x0010a, 0x0010a },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed in DMA writes of EBDs (another class of buffer descriptors, "
			"BDs, in host memory; the meaning of 'E' is not documented). Counter 0 of a "
			"packet-rate pair: packets/s = pps_wr_ebd_packet_num / pps_wr_ebd_time * "
			"hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_wr_ebd_time",
		.partner = "pps_wr_ebd_packet_num",
		.code = { 0x1010a, 0x1010a, 0x1010a },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_wr_ebd_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_wr_ebd_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rd_fbd_packet_num",
		.partner = "pps_rd_fbd_time",
		.code = { 0x0010b, 0x0010b, 0x0010b },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed in DMA reads of FBDs (one class of buffer descriptors, BDs, in "
			"host memory; the meaning of 'F' is not documented). Counter 0 of a packet-rate "
			"pair: packets/s = pps_rd_fbd_packet_num / pps_rd_fbd_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_rd_fbd_time",
		.partner = "pps_rd_fbd_packet_num",
		.code = { 0x1010b, 0x1010b, 0x1010b },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_rd_fbd_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rd_fbd_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rd_ebd_packet_num",
		.partner = "pps_rd_ebd_time",
		.code = { 0x0010c, 0x0010c, 0x0010c },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets passed in DMA reads of EBDs (another class of buffer descriptors, BDs, "
			"in host memory; the meaning of 'E' is not documented). Counter 0 of a "
			"packet-rate pair: packets/s = pps_rd_ebd_packet_num / pps_rd_ebd_time * "
			"hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_rd_ebd_time",
		.partner = "pps_rd_ebd_packet_num",
		.code = { 0x1010c, 0x1010c, 0x1010c },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Time base of the packet-rate pair pps_rd_ebd_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rd_ebd_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rd_pay_m0_packet_num",
		.partner = "pps_rd_pay_m0_time",
		.code = { 0x0010d, 0x0010d, 0x0010d },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed of packet payload read from host memory through memory port m0 "
			"(m0/m1 read as the two DMA ports; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_rd_pay_m0_packet_num / pps_rd_pay_m0_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_rd_pay_m0_time",
		.partner = "pps_rd_pay_m0_packet_num",
		.code = { 0x1010d, 0x1010d, 0x1010d },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_rd_pay_m0_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rd_pay_m0_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_rd_pay_m1_packet_num",
		.partner = "pps_rd_pay_m1_time",
		.code = { 0x0010e, 0x0010e, 0x0010e },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed of packet payload read from host memory through memory port m1 "
			"(m0/m1 read as the two DMA ports; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_rd_pay_m1_packet_num / pps_rd_pay_m1_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_rd_pay_m1_time",
		.partner = "pps_rd_pay_m1_packet_num",
		.code = { 0x1010e, 0x1010e, 0x1010e },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_rd_pay_m1_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_rd_pay_m1_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_wr_pay_m0_packet_num",
		.partner = "pps_wr_pay_m0_time",
		.code = { 0x0010f, 0x0010f, 0x0010f },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed of packet payload written to host memory through memory port m0 "
			"(m0/m1 read as the two DMA ports; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_wr_pay_m0_packet_num / pps_wr_pay_m0_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_wr_pay_m0_time",
		.partner = "pps_wr_pay_m0_packet_num",
		.code = { 0x1010f, 0x1010f, 0x1010f },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_wr_pay_m0_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_wr_pay_m0_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_wr_pay_m1_packet_num",
		.partner = "pps_wr_pay_m1_time",
		.code = { 0x00110, 0x00110, 0x00110 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed of packet payload written to host memory through memory port m1 "
			"(m0/m1 read as the two DMA ports; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_wr_pay_m1_packet_num / pps_wr_pay_m1_time * hw_clk_freq. Unit: "
			"packets."
	},
	{
		.name = "pps_wr_pay_m1_time",
		.partner = "pps_wr_pay_m1_packet_num",
		.code = { 0x10110, 0x10110, 0x10110 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_wr_pay_m1_packet_num: ticks of the HNS3 "
			"hardware timer (its frequency is the PMU's hw_clk_freq file, presumably Hz) "
			"while pps_wr_pay_m1_packet_num counts. Counter 1. Unit: cycles."
	},
	{
		.name = "pps_intr_nicroh_tx_pre_packet_num",
		.partner = "pps_intr_nicroh_tx_pre_time",
		.code = { 0x00111, 0x00111, 0x00111 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed seen by the NIC/RoH transmit pre-interrupt logic (NICROH and "
			"'pre' are not documented; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_intr_nicroh_tx_pre_packet_num / pps_intr_nicroh_tx_pre_time * "
			"hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_intr_nicroh_tx_pre_time",
		.partner = "pps_intr_nicroh_tx_pre_packet_num",
		.code = { 0x10111, 0x10111, 0x10111 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_intr_nicroh_tx_pre_packet_num: ticks of "
			"the HNS3 hardware timer (its frequency is the PMU's hw_clk_freq file, "
			"presumably Hz) while pps_intr_nicroh_tx_pre_packet_num counts. Counter 1. "
			"Unit: cycles."
	},
	{
		.name = "pps_intr_nicroh_rx_pre_packet_num",
		.partner = "pps_intr_nicroh_rx_pre_time",
		.code = { 0x00112, 0x00112, 0x00112 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets passed seen by the NIC/RoH receive pre-interrupt logic (NICROH and "
			"'pre' are not documented; inferred). Counter 0 of a packet-rate pair: "
			"packets/s = pps_intr_nicroh_rx_pre_packet_num / pps_intr_nicroh_rx_pre_time * "
			"hw_clk_freq. Unit: packets."
	},
	{
		.name = "pps_intr_nicroh_rx_pre_time",
		.partner = "pps_intr_nicroh_rx_pre_packet_num",
		.code = { 0x10112, 0x10112, 0x10112 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_PACKET_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the packet-rate pair pps_intr_nicroh_rx_pre_packet_num: ticks of "
			"the HNS3 hardware timer (its frequency is the PMU's hw_clk_freq file, "
			"presumably Hz) while pps_intr_nicroh_rx_pre_packet_num counts. Counter 1. "
			"Unit: cycles."
	},
	{
		.name = "dly_tx_push_to_mac_time",
		.partner = "dly_tx_push_to_mac_packet_num",
		.code = { 0x00202, 0x00202, 0x00202 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets on the TX push path "
			"(descriptors pushed into the device by the driver), from the push until the "
			"packet reaches the MAC. Counter 0 of a latency pair: mean latency = "
			"dly_tx_push_to_mac_time / dly_tx_push_to_mac_packet_num cycles per packet. "
			"Unit: cycles."
	},
	{
		.name = "dly_tx_push_to_mac_packet_num",
		.partner = "dly_tx_push_to_mac_time",
		.code = { 0x10202, 0x10202, 0x10202 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_tx_push_to_mac_time sums (on the TX push path "
			"(descriptors pushed into the device by the driver), from the push until the "
			"packet reaches the MAC). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_tx_normal_to_mac_time",
		.partner = "dly_tx_normal_to_mac_packet_num",
		.code = { 0x00204, 0x00204, 0x00204 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets on the normal TX path "
			"(doorbell, then descriptor fetch), from the doorbell until the packet reaches "
			"the MAC. Counter 0 of a latency pair: mean latency = dly_tx_normal_to_mac_time "
			"/ dly_tx_normal_to_mac_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_tx_normal_to_mac_packet_num",
		.partner = "dly_tx_normal_to_mac_time",
		.code = { 0x10204, 0x10204, 0x10204 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_tx_normal_to_mac_time sums (on the normal TX path "
			"(doorbell, then descriptor fetch), from the doorbell until the packet reaches "
			"the MAC). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_ssu_tx_th_nic_time",
		.partner = "dly_ssu_tx_th_nic_packet_num",
		.code = { 0x00206, 0x00206, 0x00206 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of NIC (non-RoCE) "
			"transmit traffic through the SSU ('th' read as 'through'; inferred). Counter 0 "
			"of a latency pair: mean latency = dly_ssu_tx_th_nic_time / "
			"dly_ssu_tx_th_nic_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_ssu_tx_th_nic_packet_num",
		.partner = "dly_ssu_tx_th_nic_time",
		.code = { 0x10206, 0x10206, 0x10206 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets whose latency dly_ssu_tx_th_nic_time sums (of NIC (non-RoCE) transmit "
			"traffic through the SSU ('th' read as 'through'; inferred)). Counter 1 of the "
			"latency pair. Unit: packets."
	},
	{
		.name = "dly_ssu_tx_th_roce_time",
		.partner = "dly_ssu_tx_th_roce_packet_num",
		.code = { 0x00207, 0x00207, 0x00207 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of RoCE transmit "
			"traffic through the SSU ('th' read as 'through'; inferred). Counter 0 of a "
			"latency pair: mean latency = dly_ssu_tx_th_roce_time / "
			"dly_ssu_tx_th_roce_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_ssu_tx_th_roce_packet_num",
		.partner = "dly_ssu_tx_th_roce_time",
		.code = { 0x10207, 0x10207, 0x10207 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets whose latency dly_ssu_tx_th_roce_time sums (of RoCE transmit traffic "
			"through the SSU ('th' read as 'through'; inferred)). Counter 1 of the latency "
			"pair. Unit: packets."
	},
	{
		.name = "dly_ssu_rx_th_nic_time",
		.partner = "dly_ssu_rx_th_nic_packet_num",
		.code = { 0x00208, 0x00208, 0x00208 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of NIC (non-RoCE) "
			"receive traffic through the SSU ('th' read as 'through'; inferred). Counter 0 "
			"of a latency pair: mean latency = dly_ssu_rx_th_nic_time / "
			"dly_ssu_rx_th_nic_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_ssu_rx_th_nic_packet_num",
		.partner = "dly_ssu_rx_th_nic_time",
		.code = { 0x10208, 0x10208, 0x10208 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets whose latency dly_ssu_rx_th_nic_time sums (of NIC (non-RoCE) receive "
			"traffic through the SSU ('th' read as 'through'; inferred)). Counter 1 of the "
			"latency pair. Unit: packets."
	},
	{
		.name = "dly_ssu_rx_th_roce_time",
		.partner = "dly_ssu_rx_th_roce_packet_num",
		.code = { 0x00209, 0x00209, 0x00209 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of RoCE receive traffic "
			"through the SSU ('th' read as 'through'; inferred). Counter 0 of a latency "
			"pair: mean latency = dly_ssu_rx_th_roce_time / dly_ssu_rx_th_roce_packet_num "
			"cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_ssu_rx_th_roce_packet_num",
		.partner = "dly_ssu_rx_th_roce_time",
		.code = { 0x10209, 0x10209, 0x10209 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC,
		.desc = "Packets whose latency dly_ssu_rx_th_roce_time sums (of RoCE receive traffic "
			"through the SSU ('th' read as 'through'; inferred)). Counter 1 of the latency "
			"pair. Unit: packets."
	},
	{
		.name = "dly_rpu_time",
		.partner = "dly_rpu_packet_num",
		.code = { 0x0020e, 0x0020e, 0x0020e },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets through the RPU "
			"(receive processing unit; inferred). Counter 0 of a latency pair: mean latency "
			"= dly_rpu_time / dly_rpu_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rpu_packet_num",
		.partner = "dly_rpu_time",
		.code = { 0x1020e, 0x1020e, 0x1020e },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_rpu_time sums (through the RPU (receive processing "
			"unit; inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_tpu_time",
		.partner = "dly_tpu_packet_num",
		.code = { 0x0020f, 0x0020f, 0x0020f },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets through the TPU "
			"(transmit processing unit; inferred). Counter 0 of a latency pair: mean "
			"latency = dly_tpu_time / dly_tpu_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_tpu_packet_num",
		.partner = "dly_tpu_time",
		.code = { 0x1020f, 0x1020f, 0x1020f },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_PORT_TC | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_tpu_time sums (through the TPU (transmit processing "
			"unit; inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_rpe_time",
		.partner = "dly_rpe_packet_num",
		.code = { 0x00210, 0x00210, 0x00210 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets through the RPE "
			"(receive processing engine; inferred). Counter 0 of a latency pair: mean "
			"latency = dly_rpe_time / dly_rpe_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rpe_packet_num",
		.partner = "dly_rpe_time",
		.code = { 0x10210, 0x10210, 0x10210 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_rpe_time sums (through the RPE (receive processing "
			"engine; inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_tpe_normal_time",
		.partner = "dly_tpe_normal_packet_num",
		.code = { 0x00211, 0x00211, 0x00211 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets through the TPE "
			"(transmit processing engine; inferred) on the normal (doorbell) TX path. "
			"Counter 0 of a latency pair: mean latency = dly_tpe_normal_time / "
			"dly_tpe_normal_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_tpe_normal_packet_num",
		.partner = "dly_tpe_normal_time",
		.code = { 0x10211, 0x10211, 0x10211 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC,
		.desc = "Packets whose latency dly_tpe_normal_time sums (through the TPE (transmit "
			"processing engine; inferred) on the normal (doorbell) TX path). Counter 1 of "
			"the latency pair. Unit: packets."
	},
	{
		.name = "dly_tpe_push_time",
		.partner = "dly_tpe_push_packet_num",
		.code = { 0x00212, 0x00212, 0x00212 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets through the TPE "
			"(transmit processing engine; inferred) on the TX push path. Counter 0 of a "
			"latency pair: mean latency = dly_tpe_push_time / dly_tpe_push_packet_num "
			"cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_tpe_push_packet_num",
		.partner = "dly_tpe_push_time",
		.code = { 0x10212, 0x10212, 0x10212 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_tpe_push_time sums (through the TPE (transmit "
			"processing engine; inferred) on the TX push path). Counter 1 of the latency "
			"pair. Unit: packets."
	},
	{
		.name = "dly_wr_fbd_time",
		.partner = "dly_wr_fbd_packet_num",
		.code = { 0x00213, 0x00213, 0x00213 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets in DMA writes of FBDs "
			"(one class of buffer descriptors, BDs, in host memory; the meaning of 'F' is "
			"not documented). Counter 0 of a latency pair: mean latency = dly_wr_fbd_time / "
			"dly_wr_fbd_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_wr_fbd_packet_num",
		.partner = "dly_wr_fbd_time",
		.code = { 0x10213, 0x10213, 0x10213 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_wr_fbd_time sums (in DMA writes of FBDs (one class "
			"of buffer descriptors, BDs, in host memory; the meaning of 'F' is not "
			"documented)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_wr_ebd_time",
		.partner = "dly_wr_ebd_packet_num",
		.code = { 0x00214, 0x00214, 0x00214 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets in DMA writes of EBDs "
			"(another class of buffer descriptors, BDs, in host memory; the meaning of 'E' "
			"is not documented). Counter 0 of a latency pair: mean latency = "
			"dly_wr_ebd_time / dly_wr_ebd_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_wr_ebd_packet_num",
		.partner = "dly_wr_ebd_time",
		.code = { 0x10214, 0x10214, 0x10214 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_wr_ebd_time sums (in DMA writes of EBDs (another "
			"class of buffer descriptors, BDs, in host memory; the meaning of 'E' is not "
			"documented)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_rd_fbd_time",
		.partner = "dly_rd_fbd_packet_num",
		.code = { 0x00215, 0x00215, 0x00215 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets in DMA reads of FBDs "
			"(one class of buffer descriptors, BDs, in host memory; the meaning of 'F' is "
			"not documented). Counter 0 of a latency pair: mean latency = dly_rd_fbd_time / "
			"dly_rd_fbd_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rd_fbd_packet_num",
		.partner = "dly_rd_fbd_time",
		.code = { 0x10215, 0x10215, 0x10215 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_rd_fbd_time sums (in DMA reads of FBDs (one class of "
			"buffer descriptors, BDs, in host memory; the meaning of 'F' is not "
			"documented)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_rd_ebd_time",
		.partner = "dly_rd_ebd_packet_num",
		.code = { 0x00216, 0x00216, 0x00216 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets in DMA reads of EBDs "
			"(another class of buffer descriptors, BDs, in host memory; the meaning of 'E' "
			"is not documented). Counter 0 of a latency pair: mean latency = "
			"dly_rd_ebd_time / dly_rd_ebd_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rd_ebd_packet_num",
		.partner = "dly_rd_ebd_time",
		.code = { 0x10216, 0x10216, 0x10216 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		.desc = "Packets whose latency dly_rd_ebd_time sums (in DMA reads of EBDs (another "
			"class of buffer descriptors, BDs, in host memory; the meaning of 'E' is not "
			"documented)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_rd_pay_m0_time",
		.partner = "dly_rd_pay_m0_packet_num",
		.code = { 0x00217, 0x00217, 0x00217 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of packet payload read "
			"from host memory through memory port m0 (m0/m1 read as the two DMA ports; "
			"inferred). Counter 0 of a latency pair: mean latency = dly_rd_pay_m0_time / "
			"dly_rd_pay_m0_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rd_pay_m0_packet_num",
		.partner = "dly_rd_pay_m0_time",
		.code = { 0x10217, 0x10217, 0x10217 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_rd_pay_m0_time sums (of packet payload read from "
			"host memory through memory port m0 (m0/m1 read as the two DMA ports; "
			"inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_rd_pay_m1_time",
		.partner = "dly_rd_pay_m1_packet_num",
		.code = { 0x00218, 0x00218, 0x00218 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of packet payload read "
			"from host memory through memory port m1 (m0/m1 read as the two DMA ports; "
			"inferred). Counter 0 of a latency pair: mean latency = dly_rd_pay_m1_time / "
			"dly_rd_pay_m1_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_rd_pay_m1_packet_num",
		.partner = "dly_rd_pay_m1_time",
		.code = { 0x10218, 0x10218, 0x10218 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_rd_pay_m1_time sums (of packet payload read from "
			"host memory through memory port m1 (m0/m1 read as the two DMA ports; "
			"inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_wr_pay_m0_time",
		.partner = "dly_wr_pay_m0_packet_num",
		.code = { 0x00219, 0x00219, 0x00219 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of packet payload "
			"written to host memory through memory port m0 (m0/m1 read as the two DMA "
			"ports; inferred). Counter 0 of a latency pair: mean latency = "
			"dly_wr_pay_m0_time / dly_wr_pay_m0_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_wr_pay_m0_packet_num",
		.partner = "dly_wr_pay_m0_time",
		.code = { 0x10219, 0x10219, 0x10219 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_wr_pay_m0_time sums (of packet payload written to "
			"host memory through memory port m0 (m0/m1 read as the two DMA ports; "
			"inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_wr_pay_m1_time",
		.partner = "dly_wr_pay_m1_packet_num",
		.code = { 0x0021a, 0x0021a, 0x0021a },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of packet payload "
			"written to host memory through memory port m1 (m0/m1 read as the two DMA "
			"ports; inferred). Counter 0 of a latency pair: mean latency = "
			"dly_wr_pay_m1_time / dly_wr_pay_m1_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_wr_pay_m1_packet_num",
		.partner = "dly_wr_pay_m1_time",
		.code = { 0x1021a, 0x1021a, 0x1021a },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_wr_pay_m1_time sums (of packet payload written to "
			"host memory through memory port m1 (m0/m1 read as the two DMA ports; "
			"inferred)). Counter 1 of the latency pair. Unit: packets."
	},
	{
		.name = "dly_msix_write_time",
		.partner = "dly_msix_write_packet_num",
		.code = { 0x0021c, 0x0021c, 0x0021c },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Summed latency, in ticks of the HNS3 hardware timer (its frequency is the "
			"PMU's hw_clk_freq file, presumably Hz), of the packets of the MSI-X message "
			"writes (the PCIe memory write that delivers an interrupt to the host). Counter "
			"0 of a latency pair: mean latency = dly_msix_write_time / "
			"dly_msix_write_packet_num cycles per packet. Unit: cycles."
	},
	{
		.name = "dly_msix_write_packet_num",
		.partner = "dly_msix_write_time",
		.code = { 0x1021c, 0x1021c, 0x1021c },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_PACKETS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Packets whose latency dly_msix_write_time sums (of the MSI-X message writes "
			"(the PCIe memory write that delivers an interrupt to the host)). Counter 1 of "
			"the latency pair. Unit: packets."
	},
	{
		.name = "pps_intr_msix_nic_intr_num",
		.partner = "pps_intr_msix_nic_time",
		.code = { 0x00300, 0x00300, 0x00300 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_INTERRUPT_RATE,
		.unit = HIP09_UNIT_INTERRUPTS,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Interrupts raised as MSI-X interrupts by the NIC functions. Counter 0 of an "
			"interrupt-rate pair: interrupts/s = pps_intr_msix_nic_intr_num / "
			"pps_intr_msix_nic_time * hw_clk_freq. Unit: interrupts."
	},
	{
		.name = "pps_intr_msix_nic_time",
		.partner = "pps_intr_msix_nic_intr_num",
		.code = { 0x10300, 0x10300, 0x10300 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_INTERRUPT_RATE,
		.unit = HIP09_UNIT_CYCLES,
		.hns3_modes = HIP09_HNS3_MODE_GLOBAL,
		.desc = "Time base of the interrupt-rate pair pps_intr_msix_nic_intr_num: ticks of the "
			"HNS3 hardware timer (its frequency is the PMU's hw_clk_freq file, presumably "
			"Hz) while pps_intr_msix_nic_intr_num counts. Counter 1. Unit: cycles."
	},
};

/* PCIe events of v6.9+ in the driver order; code[] per enum hip09_era. */
static const struct hip09_event hip09_pcie_events[] = {
	{
		.name = "rx_mwr_latency",
		.partner = "rx_mwr_cnt",
		.code = { 0x00010, 0x00010, 0x00010 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "Summed delay, in cycles of the PCIe core clock (frequency not exported), of "
			"inbound memory writes (TLPs an endpoint sends to write host memory, e.g. DMA "
			"writes). Counter 0 of a latency pair: mean latency = rx_mwr_latency / "
			"rx_mwr_cnt cycles per TLP. Unit: cycles. Counted on the root ports chosen by "
			"port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_mwr_cnt",
		.partner = "rx_mwr_latency",
		.code = { 0x10010, 0x10010, 0x10010 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_TLPS,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "TLPs of inbound memory writes (TLPs an endpoint sends to write host memory, "
			"e.g. DMA writes) whose delay rx_mwr_latency sums. Counter 1 of the latency "
			"pair. Unit: TLPs. Counted on the root ports chosen by port (bitmap) or for the "
			"endpoint chosen by bdf."
	},
	{
		.name = "rx_mrd_latency",
		.partner = "rx_mrd_cnt",
		.code = { 0x00210, 0x00210, 0x00210 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "Summed delay, in cycles of the PCIe core clock (frequency not exported), of "
			"inbound memory reads (read requests an endpoint sends to read host memory, "
			"e.g. DMA reads). Counter 0 of a latency pair: mean latency = rx_mrd_latency / "
			"rx_mrd_cnt cycles per TLP. Unit: cycles. Counted on the root ports chosen by "
			"port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_mrd_cnt",
		.partner = "rx_mrd_latency",
		.code = { 0x10210, 0x10210, 0x10210 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_TLPS,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "TLPs of inbound memory reads (read requests an endpoint sends to read host "
			"memory, e.g. DMA reads) whose delay rx_mrd_latency sums. Counter 1 of the "
			"latency pair. Unit: TLPs. Counted on the root ports chosen by port (bitmap) or "
			"for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mrd_latency",
		.partner = "tx_mrd_cnt",
		.code = { 0x00011, 0x00011, 0x00011 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "Summed delay, in cycles of the PCIe core clock (frequency not exported), of "
			"outbound memory reads (read requests the CPU sends to endpoint memory, e.g. "
			"MMIO reads). Counter 0 of a latency pair: mean latency = tx_mrd_latency / "
			"tx_mrd_cnt cycles per TLP. Unit: cycles. Counted on the root ports chosen by "
			"port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mrd_cnt",
		.partner = "tx_mrd_latency",
		.code = { 0x10011, 0x10011, 0x10011 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_LATENCY,
		.unit = HIP09_UNIT_TLPS,
		.pcie_filters = HIP09_FIELD_BIT(HIP09_PCIE_F_PORT),
		.desc = "TLPs of outbound memory reads (read requests the CPU sends to endpoint memory, "
			"e.g. MMIO reads) whose delay tx_mrd_latency sums. Counter 1 of the latency "
			"pair. Unit: TLPs. Counted on the root ports chosen by port (bitmap) or for the "
			"endpoint chosen by bdf."
	},
	{
		.name = "rx_mwr_flux",
		.partner = "rx_mwr_time",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x00104 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of inbound memory writes (TLPs an endpoint sends to write host "
			"memory, e.g. DMA writes), in DW (4-byte dwords; unit inferred from the iostat "
			"tool). len_mode chooses payload, header or both. Counter 0 of a bandwidth "
			"pair: DW per cycle = rx_mwr_flux / rx_mwr_time. Unit: DW. Counted on the root "
			"ports chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_mwr_time",
		.partner = "rx_mwr_flux",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x10104 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair rx_mwr_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_mrd_flux",
		.partner = "rx_mrd_time",
		.code = { 0x01005, 0x00804, 0x00804 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of inbound memory reads (read requests an endpoint sends to read "
			"host memory, e.g. DMA reads), in DW (4-byte dwords; unit inferred from the "
			"iostat tool). len_mode chooses payload, header or both. Counter 0 of a "
			"bandwidth pair: DW per cycle = rx_mrd_flux / rx_mrd_time. Unit: DW. Counted on "
			"the root ports chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_mrd_time",
		.partner = "rx_mrd_flux",
		.code = { 0x11005, 0x10804, 0x10804 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair rx_mrd_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_cpl_flux",
		.partner = "rx_cpl_time",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x02004 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of inbound completions (data an endpoint returns for outbound "
			"reads), in DW (4-byte dwords; unit inferred from the iostat tool). len_mode "
			"chooses payload, header or both. Counter 0 of a bandwidth pair: DW per cycle = "
			"rx_cpl_flux / rx_cpl_time. Unit: DW. Counted on the root ports chosen by port "
			"(bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "rx_cpl_time",
		.partner = "rx_cpl_flux",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x12004 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair rx_cpl_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mwr_flux",
		.partner = "tx_mwr_time",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x00105 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of outbound memory writes (writes the CPU sends to endpoint "
			"memory, e.g. MMIO writes), in DW (4-byte dwords; unit inferred from the iostat "
			"tool). len_mode chooses payload, header or both. Counter 0 of a bandwidth "
			"pair: DW per cycle = tx_mwr_flux / tx_mwr_time. Unit: DW. Counted on the root "
			"ports chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mwr_time",
		.partner = "tx_mwr_flux",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x10105 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair tx_mwr_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mrd_flux",
		.partner = "tx_mrd_time",
		.code = { 0x02004, 0x00405, 0x00405 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of outbound memory reads (read requests the CPU sends to endpoint "
			"memory, e.g. MMIO reads), in DW (4-byte dwords; unit inferred from the iostat "
			"tool). len_mode chooses payload, header or both. Counter 0 of a bandwidth "
			"pair: DW per cycle = tx_mrd_flux / tx_mrd_time. Unit: DW. Counted on the root "
			"ports chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_mrd_time",
		.partner = "tx_mrd_flux",
		.code = { 0x12004, 0x10405, 0x10405 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair tx_mrd_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_cpl_flux",
		.partner = "tx_cpl_time",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x01005 },
		.role = HIP09_ROLE_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_DWORDS,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Data amount of outbound completions (data the root complex returns for inbound "
			"reads), in DW (4-byte dwords; unit inferred from the iostat tool). len_mode "
			"chooses payload, header or both. Counter 0 of a bandwidth pair: DW per cycle = "
			"tx_cpl_flux / tx_cpl_time. Unit: DW. Counted on the root ports chosen by port "
			"(bitmap) or for the endpoint chosen by bdf."
	},
	{
		.name = "tx_cpl_time",
		.partner = "tx_cpl_flux",
		.code = { HIP09_CODE_ABSENT, HIP09_CODE_ABSENT, 0x11005 },
		.role = HIP09_ROLE_EXT_COUNTER,
		.kind = HIP09_KIND_BANDWIDTH,
		.unit = HIP09_UNIT_CYCLES,
		.pcie_filters = HIP09_PCIE_BANDWIDTH_FILTERS,
		.desc = "Time base of the bandwidth pair tx_cpl_flux, in cycles of the PCIe core clock "
			"(frequency not exported). Counter 1. Unit: cycles. Counted on the root ports "
			"chosen by port (bitmap) or for the endpoint chosen by bdf."
	},
};

#endif /* HIP09_EVENTS_H */
