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

/*
 * One entry per counter pair: counter 0 with the code, counter 1 (the ext
 * counter) with bit 16 set, as the drivers pair them; same kind and
 * filters, each half naming the other.  The descriptions of counter 1 and
 * the formula of counter 0 follow from the kind, so an entry says only
 * what the pair counts.
 */
#define HIP09_EXT_CODE(c) ((c) == HIP09_CODE_ABSENT ? HIP09_CODE_ABSENT : (c) | 1u << HIP09_ROLE_BIT)
#define HIP09_PAIR(n0, n1, c0, c1, c2, k, u0, u1, modes, filters, d0, d1) \
	{ .name = n0, .partner = n1, .code = { c0, c1, c2 }, .role = HIP09_ROLE_COUNTER, \
	  .kind = k, .unit = u0, .hns3_modes = modes, .pcie_filters = filters, .desc = d0 }, \
	{ .name = n1, .partner = n0, \
	  .code = { HIP09_EXT_CODE(c0), HIP09_EXT_CODE(c1), HIP09_EXT_CODE(c2) }, \
	  .role = HIP09_ROLE_EXT_COUNTER, .kind = k, .unit = u1, .hns3_modes = modes, \
	  .pcie_filters = filters, .desc = d1 }

/* HNS3: one code in every era; time bases count the timer of hw_clk_freq. */
#define HNS3_TIMER "ticks of the HNS3 hardware timer (its frequency is the PMU's hw_clk_freq " \
	"file, presumably Hz)"
#define HNS3_RATE_PAIR(n0, n1, code, modes, k, u0, a, kind_text, rate, unit_text, what) \
	HIP09_PAIR(n0, n1, code, code, code, k, u0, HIP09_UNIT_CYCLES, modes, 0, \
		   what " Counter 0 of " a " " kind_text " pair: " rate " = " n0 " / " n1 \
		   " * hw_clk_freq. Unit: " unit_text ".", \
		   "Time base of the " kind_text " pair " n0 ": " HNS3_TIMER " while " n0 \
		   " counts. Counter 1. Unit: cycles.")
#define HNS3_BANDWIDTH(n0, n1, code, modes, what) \
	HNS3_RATE_PAIR(n0, n1, code, modes, HIP09_KIND_BANDWIDTH, HIP09_UNIT_BYTES, "a", \
		       "bandwidth", "bytes/s", "bytes", what)
#define HNS3_PACKET_RATE(n0, n1, code, modes, what) \
	HNS3_RATE_PAIR(n0, n1, code, modes, HIP09_KIND_PACKET_RATE, HIP09_UNIT_PACKETS, "a", \
		       "packet-rate", "packets/s", "packets", what)
#define HNS3_INTERRUPT_RATE(n0, n1, code, modes, what) \
	HNS3_RATE_PAIR(n0, n1, code, modes, HIP09_KIND_INTERRUPT_RATE, HIP09_UNIT_INTERRUPTS, \
		       "an", "interrupt-rate", "interrupts/s", "interrupts", what)
/* @what: which packets, "on the TX push path ..." */
#define HNS3_LATENCY(n0, n1, code, modes, what) \
	HIP09_PAIR(n0, n1, code, code, code, HIP09_KIND_LATENCY, HIP09_UNIT_CYCLES, \
		   HIP09_UNIT_PACKETS, modes, 0, \
		   "Summed latency, in " HNS3_TIMER ", of the packets " what ". Counter 0 of a " \
		   "latency pair: mean latency = " n0 " / " n1 " cycles per packet. Unit: cycles.", \
		   "Packets whose latency " n0 " sums (" what "). Counter 1 of the latency pair. " \
		   "Unit: packets.")

/* PCIe: a code per era; both halves count cycles of the core clock, not exported. */
#define PCIE_BANDWIDTH_WHERE " Counted on the root ports chosen by port (bitmap) or for the " \
	"endpoint chosen by bdf."
/* latency events take port alone: bdf filters bandwidth events only */
#define PCIE_LATENCY_WHERE " Counted on the root ports chosen by port (bitmap)."
#define PCIE_BANDWIDTH(n0, n1, c0, c1, c2, what) \
	HIP09_PAIR(n0, n1, c0, c1, c2, HIP09_KIND_BANDWIDTH, HIP09_UNIT_DWORDS, \
		   HIP09_UNIT_CYCLES, 0, HIP09_PCIE_BANDWIDTH_FILTERS, \
		   what " Counter 0 of a bandwidth pair: DW per cycle = " n0 " / " n1 ". Unit: DW." \
		   PCIE_BANDWIDTH_WHERE, \
		   "Time base of the bandwidth pair " n0 ", in cycles of the PCIe core clock " \
		   "(frequency not exported). Counter 1. Unit: cycles." PCIE_BANDWIDTH_WHERE)
/* @what: which TLPs, "inbound memory writes (...)" */
#define PCIE_LATENCY(n0, n1, c0, c1, c2, what) \
	HIP09_PAIR(n0, n1, c0, c1, c2, HIP09_KIND_LATENCY, HIP09_UNIT_CYCLES, HIP09_UNIT_TLPS, \
		   0, HIP09_FIELD_BIT(HIP09_PCIE_F_PORT), \
		   "Summed delay, in cycles of the PCIe core clock (frequency not exported), of " \
		   what ". Counter 0 of a latency pair: mean latency = " n0 " / " n1 \
		   " cycles per TLP. Unit: cycles." PCIE_LATENCY_WHERE, \
		   "TLPs of " what " whose delay " n0 " sums. Counter 1 of the latency pair. " \
		   "Unit: TLPs." PCIE_LATENCY_WHERE)

/* HNS3 events in the driver's hns3_pmu_events_attr[] order; pairs share bits 0-15. */
static const struct hip09_event hip09_hns3_events[] = {
	HNS3_BANDWIDTH("bw_ssu_egu_byte_num", "bw_ssu_egu_time", 0x00001,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the EGU (egress unit, "
		"transmit side toward the MAC; inferred)."),
	HNS3_BANDWIDTH("bw_ssu_rpu_byte_num", "bw_ssu_rpu_time", 0x00002,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the RPU (receive "
		"processing unit; inferred)."),
	HNS3_BANDWIDTH("bw_ssu_roce_byte_num", "bw_ssu_roce_time", 0x00003,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC,
		"Bytes transferred from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the RoCE engine (RDMA "
		"over Converged Ethernet)."),
	HNS3_BANDWIDTH("bw_roce_ssu_byte_num", "bw_roce_ssu_time", 0x00004,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC,
		"Bytes transferred from the RoCE engine (RDMA over Converged Ethernet) to the "
		"SSU (the NIC's internal switch between MACs, NIC queues and RoCE; expansion "
		"not documented, inferred)."),
	HNS3_BANDWIDTH("bw_tpu_ssu_byte_num", "bw_tpu_ssu_time", 0x00005,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred from the TPU (transmit processing unit; inferred) to the "
		"SSU (the NIC's internal switch between MACs, NIC queues and RoCE; expansion "
		"not documented, inferred)."),
	HNS3_BANDWIDTH("bw_rpu_rcbrx_byte_num", "bw_rpu_rcbrx_time", 0x00006,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred from the RPU (receive processing unit; inferred) to the RX "
		"RCB (receive ring control block, i.e. the host receive queues; inferred)."),
	HNS3_BANDWIDTH("bw_rcbtx_txsch_byte_num", "bw_rcbtx_txsch_time", 0x00008,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred from the TX RCB (transmit ring control block, i.e. the host "
		"transmit queues; inferred) to the TX scheduler (TXSCH; inferred)."),
	HNS3_BANDWIDTH("bw_wr_fbd_byte_num", "bw_wr_fbd_time", 0x00009,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred in DMA writes of FBDs (one class of buffer descriptors, "
		"BDs, in host memory; the meaning of 'F' is not documented)."),
	HNS3_BANDWIDTH("bw_wr_ebd_byte_num", "bw_wr_ebd_time", 0x0000a,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred in DMA writes of EBDs (another class of buffer descriptors, "
		"BDs, in host memory; the meaning of 'E' is not documented)."),
	HNS3_BANDWIDTH("bw_rd_fbd_byte_num", "bw_rd_fbd_time", 0x0000b, HIP09_HNS3_MODE_GLOBAL,
		"Bytes transferred in DMA reads of FBDs (one class of buffer descriptors, BDs, "
		"in host memory; the meaning of 'F' is not documented)."),
	HNS3_BANDWIDTH("bw_rd_ebd_byte_num", "bw_rd_ebd_time", 0x0000c,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"Bytes transferred in DMA reads of EBDs (another class of buffer descriptors, "
		"BDs, in host memory; the meaning of 'E' is not documented)."),
	HNS3_BANDWIDTH("bw_rd_pay_m0_byte_num", "bw_rd_pay_m0_time", 0x0000d,
		HIP09_HNS3_MODE_GLOBAL,
		"Bytes transferred of packet payload read from host memory through memory port "
		"m0 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_BANDWIDTH("bw_rd_pay_m1_byte_num", "bw_rd_pay_m1_time", 0x0000e,
		HIP09_HNS3_MODE_GLOBAL,
		"Bytes transferred of packet payload read from host memory through memory port "
		"m1 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_BANDWIDTH("bw_wr_pay_m0_byte_num", "bw_wr_pay_m0_time", 0x0000f,
		HIP09_HNS3_MODE_GLOBAL,
		"Bytes transferred of packet payload written to host memory through memory "
		"port m0 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_BANDWIDTH("bw_wr_pay_m1_byte_num", "bw_wr_pay_m1_time", 0x00010,
		HIP09_HNS3_MODE_GLOBAL,
		"Bytes transferred of packet payload written to host memory through memory "
		"port m1 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_PACKET_RATE("pps_igu_ssu_packet_num", "pps_igu_ssu_time", 0x00100,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"Packets passed from the IGU (ingress unit, receive side from the MAC; "
		"inferred) to the SSU (the NIC's internal switch between MACs, NIC queues and "
		"RoCE; expansion not documented, inferred)."),
	HNS3_PACKET_RATE("pps_ssu_egu_packet_num", "pps_ssu_egu_time", 0x00101,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the EGU (egress unit, "
		"transmit side toward the MAC; inferred)."),
	HNS3_PACKET_RATE("pps_ssu_rpu_packet_num", "pps_ssu_rpu_time", 0x00102,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the RPU (receive "
		"processing unit; inferred)."),
	HNS3_PACKET_RATE("pps_ssu_roce_packet_num", "pps_ssu_roce_time", 0x00103,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC,
		"Packets passed from the SSU (the NIC's internal switch between MACs, NIC "
		"queues and RoCE; expansion not documented, inferred) to the RoCE engine (RDMA "
		"over Converged Ethernet)."),
	HNS3_PACKET_RATE("pps_roce_ssu_packet_num", "pps_roce_ssu_time", 0x00104,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC,
		"Packets passed from the RoCE engine (RDMA over Converged Ethernet) to the SSU "
		"(the NIC's internal switch between MACs, NIC queues and RoCE; expansion not "
		"documented, inferred)."),
	HNS3_PACKET_RATE("pps_tpu_ssu_packet_num", "pps_tpu_ssu_time", 0x00105,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed from the TPU (transmit processing unit; inferred) to the SSU "
		"(the NIC's internal switch between MACs, NIC queues and RoCE; expansion not "
		"documented, inferred)."),
	HNS3_PACKET_RATE("pps_rpu_rcbrx_packet_num", "pps_rpu_rcbrx_time", 0x00106,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed from the RPU (receive processing unit; inferred) to the RX RCB "
		"(receive ring control block, i.e. the host receive queues; inferred)."),
	HNS3_PACKET_RATE("pps_rcbtx_tpu_packet_num", "pps_rcbtx_tpu_time", 0x00107,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed from the TX RCB (transmit ring control block, i.e. the host "
		"transmit queues; inferred) to the TPU (transmit processing unit; inferred)."),
	HNS3_PACKET_RATE("pps_rcbtx_txsch_packet_num", "pps_rcbtx_txsch_time", 0x00108,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed from the TX RCB (transmit ring control block, i.e. the host "
		"transmit queues; inferred) to the TX scheduler (TXSCH; inferred)."),
	HNS3_PACKET_RATE("pps_wr_fbd_packet_num", "pps_wr_fbd_time", 0x00109,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed in DMA writes of FBDs (one class of buffer descriptors, BDs, "
		"in host memory; the meaning of 'F' is not documented)."),
	HNS3_PACKET_RATE("pps_wr_ebd_packet_num", "pps_wr_ebd_time", 0x0010a,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed in DMA writes of EBDs (another class of buffer descriptors, "
		"BDs, in host memory; the meaning of 'E' is not documented)."),
	HNS3_PACKET_RATE("pps_rd_fbd_packet_num", "pps_rd_fbd_time", 0x0010b,
		HIP09_HNS3_MODE_GLOBAL,
		"Packets passed in DMA reads of FBDs (one class of buffer descriptors, BDs, in "
		"host memory; the meaning of 'F' is not documented)."),
	HNS3_PACKET_RATE("pps_rd_ebd_packet_num", "pps_rd_ebd_time", 0x0010c,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"Packets passed in DMA reads of EBDs (another class of buffer descriptors, "
		"BDs, in host memory; the meaning of 'E' is not documented)."),
	HNS3_PACKET_RATE("pps_rd_pay_m0_packet_num", "pps_rd_pay_m0_time", 0x0010d,
		HIP09_HNS3_MODE_GLOBAL,
		"Packets passed of packet payload read from host memory through memory port m0 "
		"(m0/m1 read as the two DMA ports; inferred)."),
	HNS3_PACKET_RATE("pps_rd_pay_m1_packet_num", "pps_rd_pay_m1_time", 0x0010e,
		HIP09_HNS3_MODE_GLOBAL,
		"Packets passed of packet payload read from host memory through memory port m1 "
		"(m0/m1 read as the two DMA ports; inferred)."),
	HNS3_PACKET_RATE("pps_wr_pay_m0_packet_num", "pps_wr_pay_m0_time", 0x0010f,
		HIP09_HNS3_MODE_GLOBAL,
		"Packets passed of packet payload written to host memory through memory port "
		"m0 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_PACKET_RATE("pps_wr_pay_m1_packet_num", "pps_wr_pay_m1_time", 0x00110,
		HIP09_HNS3_MODE_GLOBAL,
		"Packets passed of packet payload written to host memory through memory port "
		"m1 (m0/m1 read as the two DMA ports; inferred)."),
	HNS3_PACKET_RATE("pps_intr_nicroh_tx_pre_packet_num", "pps_intr_nicroh_tx_pre_time",
		0x00111, HIP09_HNS3_MODE_GLOBAL,
		"Packets passed seen by the NIC/RoH transmit pre-interrupt logic (NICROH and "
		"'pre' are not documented; inferred)."),
	HNS3_PACKET_RATE("pps_intr_nicroh_rx_pre_packet_num", "pps_intr_nicroh_rx_pre_time",
		0x00112, HIP09_HNS3_MODE_GLOBAL,
		"Packets passed seen by the NIC/RoH receive pre-interrupt logic (NICROH and "
		"'pre' are not documented; inferred)."),
	HNS3_LATENCY("dly_tx_push_to_mac_time", "dly_tx_push_to_mac_packet_num", 0x00202,
		HIP09_HNS3_MODE_GLOBAL,
		"on the TX push path (descriptors pushed into the device by the driver), from "
		"the push until the packet reaches the MAC"),
	HNS3_LATENCY("dly_tx_normal_to_mac_time", "dly_tx_normal_to_mac_packet_num", 0x00204,
		HIP09_HNS3_MODE_GLOBAL,
		"on the normal TX path (doorbell, then descriptor fetch), from the doorbell "
		"until the packet reaches the MAC"),
	HNS3_LATENCY("dly_ssu_tx_th_nic_time", "dly_ssu_tx_th_nic_packet_num", 0x00206,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"of NIC (non-RoCE) transmit traffic through the SSU ('th' read as 'through'; "
		"inferred)"),
	HNS3_LATENCY("dly_ssu_tx_th_roce_time", "dly_ssu_tx_th_roce_packet_num", 0x00207,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"of RoCE transmit traffic through the SSU ('th' read as 'through'; inferred)"),
	HNS3_LATENCY("dly_ssu_rx_th_nic_time", "dly_ssu_rx_th_nic_packet_num", 0x00208,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"of NIC (non-RoCE) receive traffic through the SSU ('th' read as 'through'; "
		"inferred)"),
	HNS3_LATENCY("dly_ssu_rx_th_roce_time", "dly_ssu_rx_th_roce_packet_num", 0x00209,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC,
		"of RoCE receive traffic through the SSU ('th' read as 'through'; inferred)"),
	HNS3_LATENCY("dly_rpu_time", "dly_rpu_packet_num", 0x0020e,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"through the RPU (receive processing unit; inferred)"),
	HNS3_LATENCY("dly_tpu_time", "dly_tpu_packet_num", 0x0020f,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_PORT_TC |
			HIP09_HNS3_MODE_FUNC | HIP09_HNS3_MODE_FUNC_QUEUE,
		"through the TPU (transmit processing unit; inferred)"),
	HNS3_LATENCY("dly_rpe_time", "dly_rpe_packet_num", 0x00210, HIP09_HNS3_MODE_GLOBAL,
		"through the RPE (receive processing engine; inferred)"),
	HNS3_LATENCY("dly_tpe_normal_time", "dly_tpe_normal_packet_num", 0x00211,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC,
		"through the TPE (transmit processing engine; inferred) on the normal "
		"(doorbell) TX path"),
	HNS3_LATENCY("dly_tpe_push_time", "dly_tpe_push_packet_num", 0x00212,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"through the TPE (transmit processing engine; inferred) on the TX push path"),
	HNS3_LATENCY("dly_wr_fbd_time", "dly_wr_fbd_packet_num", 0x00213,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"in DMA writes of FBDs (one class of buffer descriptors, BDs, in host memory; "
		"the meaning of 'F' is not documented)"),
	HNS3_LATENCY("dly_wr_ebd_time", "dly_wr_ebd_packet_num", 0x00214,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_FUNC_QUEUE,
		"in DMA writes of EBDs (another class of buffer descriptors, BDs, in host "
		"memory; the meaning of 'E' is not documented)"),
	HNS3_LATENCY("dly_rd_fbd_time", "dly_rd_fbd_packet_num", 0x00215,
		HIP09_HNS3_MODE_GLOBAL,
		"in DMA reads of FBDs (one class of buffer descriptors, BDs, in host memory; "
		"the meaning of 'F' is not documented)"),
	HNS3_LATENCY("dly_rd_ebd_time", "dly_rd_ebd_packet_num", 0x00216,
		HIP09_HNS3_MODE_GLOBAL | HIP09_HNS3_MODE_PORT | HIP09_HNS3_MODE_FUNC |
			HIP09_HNS3_MODE_FUNC_QUEUE,
		"in DMA reads of EBDs (another class of buffer descriptors, BDs, in host "
		"memory; the meaning of 'E' is not documented)"),
	HNS3_LATENCY("dly_rd_pay_m0_time", "dly_rd_pay_m0_packet_num", 0x00217,
		HIP09_HNS3_MODE_GLOBAL,
		"of packet payload read from host memory through memory port m0 (m0/m1 read as "
		"the two DMA ports; inferred)"),
	HNS3_LATENCY("dly_rd_pay_m1_time", "dly_rd_pay_m1_packet_num", 0x00218,
		HIP09_HNS3_MODE_GLOBAL,
		"of packet payload read from host memory through memory port m1 (m0/m1 read as "
		"the two DMA ports; inferred)"),
	HNS3_LATENCY("dly_wr_pay_m0_time", "dly_wr_pay_m0_packet_num", 0x00219,
		HIP09_HNS3_MODE_GLOBAL,
		"of packet payload written to host memory through memory port m0 (m0/m1 read "
		"as the two DMA ports; inferred)"),
	HNS3_LATENCY("dly_wr_pay_m1_time", "dly_wr_pay_m1_packet_num", 0x0021a,
		HIP09_HNS3_MODE_GLOBAL,
		"of packet payload written to host memory through memory port m1 (m0/m1 read "
		"as the two DMA ports; inferred)"),
	HNS3_LATENCY("dly_msix_write_time", "dly_msix_write_packet_num", 0x0021c,
		HIP09_HNS3_MODE_GLOBAL,
		"of the MSI-X message writes (the PCIe memory write that delivers an interrupt "
		"to the host)"),
	HNS3_INTERRUPT_RATE("pps_intr_msix_nic_intr_num", "pps_intr_msix_nic_time", 0x00300,
		HIP09_HNS3_MODE_GLOBAL,
		"Interrupts raised as MSI-X interrupts by the NIC functions."),
};

/* PCIe events of v6.9+ in the driver order; code[] per enum hip09_era. */
static const struct hip09_event hip09_pcie_events[] = {
	PCIE_LATENCY("rx_mwr_latency", "rx_mwr_cnt", 0x00010, 0x00010, 0x00010,
		"inbound memory writes (TLPs an endpoint sends to write host memory, e.g. DMA "
		"writes)"),
	PCIE_LATENCY("rx_mrd_latency", "rx_mrd_cnt", 0x00210, 0x00210, 0x00210,
		"inbound memory reads (read requests an endpoint sends to read host memory, "
		"e.g. DMA reads)"),
	PCIE_LATENCY("tx_mrd_latency", "tx_mrd_cnt", 0x00011, 0x00011, 0x00011,
		"outbound memory reads (read requests the CPU sends to endpoint memory, e.g. "
		"MMIO reads)"),
	PCIE_BANDWIDTH("rx_mwr_flux", "rx_mwr_time", HIP09_CODE_ABSENT, HIP09_CODE_ABSENT,
		0x00104,
		"Data amount of inbound memory writes (TLPs an endpoint sends to write host "
		"memory, e.g. DMA writes), in DW (4-byte dwords; unit inferred from the iostat "
		"tool)."),
	PCIE_BANDWIDTH("rx_mrd_flux", "rx_mrd_time", 0x01005, 0x00804, 0x00804,
		"Data amount of inbound memory reads (read requests an endpoint sends to read "
		"host memory, e.g. DMA reads), in DW (4-byte dwords; unit inferred from the "
		"iostat tool)."),
	PCIE_BANDWIDTH("rx_cpl_flux", "rx_cpl_time", HIP09_CODE_ABSENT, HIP09_CODE_ABSENT,
		0x02004,
		"Data amount of inbound completions (data an endpoint returns for outbound "
		"reads), in DW (4-byte dwords; unit inferred from the iostat tool)."),
	PCIE_BANDWIDTH("tx_mwr_flux", "tx_mwr_time", HIP09_CODE_ABSENT, HIP09_CODE_ABSENT,
		0x00105,
		"Data amount of outbound memory writes (writes the CPU sends to endpoint "
		"memory, e.g. MMIO writes), in DW (4-byte dwords; unit inferred from the "
		"iostat tool)."),
	PCIE_BANDWIDTH("tx_mrd_flux", "tx_mrd_time", 0x02004, 0x00405, 0x00405,
		"Data amount of outbound memory reads (read requests the CPU sends to endpoint "
		"memory, e.g. MMIO reads), in DW (4-byte dwords; unit inferred from the iostat "
		"tool)."),
	PCIE_BANDWIDTH("tx_cpl_flux", "tx_cpl_time", HIP09_CODE_ABSENT, HIP09_CODE_ABSENT,
		0x01005,
		"Data amount of outbound completions (data the root complex returns for "
		"inbound reads), in DW (4-byte dwords; unit inferred from the iostat tool)."),
};

#endif /* HIP09_EVENTS_H */
