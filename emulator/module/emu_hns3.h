/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hip09 PMU emulator: the HNS3 PMU device (RCiEP 19e5:a22b), its BAR2
 * register map and the emulated register file. The driver half
 * (emu_hns3.c) only uses these offsets and masks; the device half
 * (emu_hns3_hw.c) decodes them. Names follow the kernel driver's.
 */
#ifndef EMU_HNS3_H
#define EMU_HNS3_H

#include "hip09_emu.h"

/* Registers */
#define HNS3_PMU_REG_GLOBAL_CTRL		0x0000
#define HNS3_PMU_REG_CLOCK_FREQ			0x0020
#define HNS3_PMU_REG_BDF			0x0fe0
#define HNS3_PMU_REG_VERSION			0x0fe4
#define HNS3_PMU_REG_DEVICE_ID			0x0fe8

#define HNS3_PMU_REG_EVENT_OFFSET		0x1000
#define HNS3_PMU_REG_EVENT_SIZE			0x1000
#define HNS3_PMU_REG_EVENT_CTRL_LOW		0x00
#define HNS3_PMU_REG_EVENT_CTRL_HIGH		0x04
#define HNS3_PMU_REG_EVENT_INTR_STATUS		0x08
#define HNS3_PMU_REG_EVENT_INTR_MASK		0x0c
#define HNS3_PMU_REG_EVENT_COUNTER		0x10
#define HNS3_PMU_REG_EVENT_EXT_COUNTER		0x18
#define HNS3_PMU_REG_EVENT_QID_CTRL		0x28
#define HNS3_PMU_REG_EVENT_QID_PARA		0x2c

/* GLOBAL_CTRL */
#define HNS3_PMU_GLOBAL_START			BIT(0)

/* CTRL_LOW: event_type | subevent << 4 | filter_mode << 24 | flags */
#define HNS3_PMU_CTRL_EVENT_TYPE_M		GENMASK(3, 0)
#define HNS3_PMU_CTRL_SUBEVENT_M		GENMASK(11, 4)
#define HNS3_PMU_CTRL_FILTER_MODE_M		GENMASK(26, 24)
#define HNS3_PMU_EVENT_STATUS_RESET		BIT(11)
#define HNS3_PMU_EVENT_EN			BIT(12)
#define HNS3_PMU_EVENT_OVERFLOW_RESTART		BIT(15)

/* CTRL_HIGH: the filter condition, by filter mode */
#define HNS3_PMU_FILTER_PORT_M			GENMASK(7, 0)	/* port bitmap */
#define HNS3_PMU_FILTER_PORT_TC_PORT_M		GENMASK(6, 3)
#define HNS3_PMU_FILTER_PORT_TC_TC_M		GENMASK(2, 0)
#define HNS3_PMU_FILTER_FUNC_M			GENMASK(7, 0)	/* devfn */
#define HNS3_PMU_FILTER_INTR_M			GENMASK(19, 8)

/* INTR_MASK */
#define HNS3_PMU_INTR_MASK_OVERFLOW		BIT(1)

/* QID_CTRL / QID_PARA: the hardware queue-id lookup */
#define HNS3_PMU_QID_CTRL_REQ_ENABLE		BIT(0)
#define HNS3_PMU_QID_CTRL_DONE			BIT(1)
#define HNS3_PMU_QID_CTRL_MISS			BIT(2)
#define HNS3_PMU_QID_PARA_FUNC_M		GENMASK(15, 0)
#define HNS3_PMU_QID_PARA_QUEUE_M		GENMASK(31, 16)

/* BDF and DEVICE_ID registers */
#define HNS3_PMU_REG_LO_M			GENMASK(15, 0)
#define HNS3_PMU_REG_HI_M			GENMASK(31, 16)

#define HNS3_PMU_MAX_HW_EVENTS			EMU_MAX_SLOTS

/* Hardware filter modes (enum hns3_pmu_hw_filter_mode). */
enum hns3_pmu_hw_filter_mode {
	HNS3_PMU_HW_FILTER_GLOBAL,
	HNS3_PMU_HW_FILTER_PORT,
	HNS3_PMU_HW_FILTER_PORT_TC,
	HNS3_PMU_HW_FILTER_FUNC,
	HNS3_PMU_HW_FILTER_FUNC_QUEUE,
	HNS3_PMU_HW_FILTER_FUNC_INTR,
};

/* Event types: config bits 15:8 */
enum hns3_pmu_event_type {
	HNS3_PMU_TYPE_BANDWIDTH,
	HNS3_PMU_TYPE_PACKET_RATE,
	HNS3_PMU_TYPE_LATENCY,
	HNS3_PMU_TYPE_INTERRUPT_RATE,
};

/* One batch of NIC traffic, as one hardware event's block pair sees it. */
struct emu_hns3_traffic {
	u16 event;		/* real event: type << 8 | subevent */
	u8 port;
	u8 tc;
	u16 bdf;		/* function */
	u16 queue;
	u16 intr_id;
	u64 bytes;
	u64 packets;
	u64 lat;		/* latency of each packet, cycles */
	u64 intr;		/* interrupts */
};

struct emu_hns3_hw {
	raw_spinlock_t lock;
	u32 global_ctrl;
	u32 clock_freq;
	u32 reg_bdf;
	u32 reg_version;
	u32 reg_device_id;
	u32 ctrl_low[HNS3_PMU_MAX_HW_EVENTS];
	u32 ctrl_high[HNS3_PMU_MAX_HW_EVENTS];
	u32 intr_status[HNS3_PMU_MAX_HW_EVENTS];
	u32 intr_mask[HNS3_PMU_MAX_HW_EVENTS];
	u32 qid_ctrl[HNS3_PMU_MAX_HW_EVENTS];
	u32 qid_para[HNS3_PMU_MAX_HW_EVENTS];
	u64 counter[HNS3_PMU_MAX_HW_EVENTS];
	u64 ext_counter[HNS3_PMU_MAX_HW_EVENTS];
	struct emu_bdf_range range;
	unsigned int queues;
	u16 gen_bdf;		/* function the generator's traffic uses */
	u64 gen_pkt_residue;	/* generator carries, rate * ns */
	u64 gen_intr_residue;
	u64 gen_clk_residue;
	u64 clock_ns;		/* hw_time=1: guest time of the last access */
	u64 clock_residue;
};

void emu_hns3_hw_init(struct emu_hns3_hw *hw, const struct emu_bdf_range *r,
		      u16 sicl, u32 identifier, u32 clk_hz,
		      unsigned int queues);
u32 emu_hns3_hw_readl(struct emu_hns3_hw *hw, u32 off);
void emu_hns3_hw_writel(struct emu_hns3_hw *hw, u32 off, u32 val);
u64 emu_hns3_hw_readq(struct emu_hns3_hw *hw, u32 off);
void emu_hns3_hw_writeq(struct emu_hns3_hw *hw, u32 off, u64 val);

/* Bursts (emu_traffic.c): they wait out a transient global stop. */
int emu_hns3_hw_inject(struct emu_hns3_hw *hw, struct emu_pmu *epmu,
		       char *cmd);
int emu_hns3_hw_advance_burst(struct emu_hns3_hw *hw, struct emu_pmu *epmu,
			      u64 cycles);
/* The generator's time: counted at once, stopped or not. */
void emu_hns3_hw_advance(struct emu_hns3_hw *hw, u64 cycles);
bool emu_hns3_hw_irq_pending(struct emu_hns3_hw *hw);
void emu_hns3_hw_generate(struct emu_hns3_hw *hw, u64 dt_ns);

/* From the driver's event table (emu_hns3.c). */
int emu_hns3_event_by_name(const char *name, u16 *real_event);
unsigned int emu_hns3_real_events(u16 *out, unsigned int max);

#endif /* EMU_HNS3_H */
