/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hip09 PMU emulator: the HiSilicon PCIe PMU device (RCiEP 19e5:a12d), its
 * BAR2 register map and the emulated register file. The driver half
 * (emu_pcie.c) only uses these offsets and masks; the device half
 * (emu_pcie_hw.c) decodes them. Names follow the kernel driver's.
 */
#ifndef EMU_PCIE_H
#define EMU_PCIE_H

#include "hip09_emu.h"

/* Registers */
#define HISI_PCIE_GLOBAL_CTRL		0x00
#define HISI_PCIE_EVENT_CTRL		0x010
#define HISI_PCIE_CNT			0x090
#define HISI_PCIE_EXT_CNT		0x110
#define HISI_PCIE_INT_STAT		0x150
#define HISI_PCIE_INT_MASK		0x154
#define HISI_PCIE_REG_BDF		0xfe0
#define HISI_PCIE_REG_VERSION		0xfe4
#define HISI_PCIE_REG_INFO		0xfe8
#define HISI_PCIE_REG_STEP		8

/* GLOBAL_CTRL */
#define HISI_PCIE_GLOBAL_EN		0x01
#define HISI_PCIE_GLOBAL_NONE		0

/* EVENT_CTRL */
#define HISI_PCIE_EVENT_EN		BIT_ULL(20)
#define HISI_PCIE_RESET_CNT		BIT_ULL(22)
#define HISI_PCIE_INIT_SET		BIT_ULL(34)
#define HISI_PCIE_THR_EN		BIT_ULL(26)
#define HISI_PCIE_TARGET_EN		BIT_ULL(32)
#define HISI_PCIE_TRIG_EN		BIT_ULL(52)
#define HISI_PCIE_EVENT_M		GENMASK_ULL(15, 0)
#define HISI_PCIE_THR_MODE_M		GENMASK_ULL(27, 27)
#define HISI_PCIE_THR_M			GENMASK_ULL(31, 28)
#define HISI_PCIE_LEN_M			GENMASK_ULL(35, 34)
/*
 * The driver's TARGET_M is 17 bits wide and so overlaps TRIG_EN (bit 52);
 * port and bdf values are 16 bits, so the device decodes bits 51:36 only.
 */
#define HISI_PCIE_TARGET_M		GENMASK_ULL(52, 36)
#define HISI_PCIE_HW_TARGET_M		GENMASK_ULL(51, 36)
#define HISI_PCIE_TRIG_MODE_M		GENMASK_ULL(53, 53)
#define HISI_PCIE_TRIG_M		GENMASK_ULL(59, 56)
#define HISI_PCIE_LEN_M_DEFAULT		3ULL

/* REG_BDF and REG_INFO hold two 16-bit halves. */
#define HISI_PCIE_REG_LO_M		GENMASK(15, 0)
#define HISI_PCIE_REG_HI_M		GENMASK(31, 16)

#define HISI_PCIE_MAX_COUNTERS		EMU_MAX_SLOTS
#define HISI_PCIE_INIT_VAL		BIT_ULL(63)

/* LEN field values: what a flux event adds up. */
enum emu_pcie_len_mode {
	EMU_PCIE_LEN_RESERVED = 0,
	EMU_PCIE_LEN_PAYLOAD = 1,
	EMU_PCIE_LEN_HEADER = 2,
	EMU_PCIE_LEN_BOTH = 3,
};

enum emu_tlp_dir { EMU_TLP_RX, EMU_TLP_TX };
enum emu_tlp_type { EMU_TLP_MWR, EMU_TLP_MRD, EMU_TLP_CPL };

/* One batch of identical TLPs seen by a PCIe core. */
struct emu_pcie_tlp {
	enum emu_tlp_dir dir;
	enum emu_tlp_type type;
	u16 rp;			/* root port the TLPs pass */
	u16 req;		/* requester ID */
	u64 len_dw;		/* TLP length field, DW */
	u64 lat;		/* latency of each TLP, cycles */
	u64 count;
};

/* The device: register file of one PCIe PMU, and what it is wired to. */
struct emu_pcie_hw {
	raw_spinlock_t lock;
	u32 global_ctrl;
	u64 event_ctrl[HISI_PCIE_MAX_COUNTERS];
	u64 cnt[HISI_PCIE_MAX_COUNTERS];
	u64 ext_cnt[HISI_PCIE_MAX_COUNTERS];
	u32 int_stat[HISI_PCIE_MAX_COUNTERS];
	u32 int_mask[HISI_PCIE_MAX_COUNTERS];
	bool triggered[HISI_PCIE_MAX_COUNTERS];
	u32 reg_bdf;
	u32 reg_version;
	u32 reg_info;
	struct emu_bdf_range range;
	u16 rp[EMU_MAX_PORTS];
	unsigned int nr_rp;
	u64 gen_residue;	/* generator carries, rate * ns */
	u64 gen_clk_residue;
	u64 clock_ns;		/* hw_time=1: guest time of the last access */
	u64 clock_residue;
};

void emu_pcie_hw_init(struct emu_pcie_hw *hw, const struct emu_bdf_range *r,
		      u16 sicl, u16 core, u32 identifier);
u64 emu_pcie_hw_readq(struct emu_pcie_hw *hw, u32 off);
void emu_pcie_hw_writeq(struct emu_pcie_hw *hw, u32 off, u64 val);
u32 emu_pcie_hw_readl(struct emu_pcie_hw *hw, u32 off);
void emu_pcie_hw_writel(struct emu_pcie_hw *hw, u32 off, u32 val);

int emu_pcie_hw_port_bit(const struct emu_pcie_hw *hw, u16 rp);
/* Bursts (emu_traffic.c): they wait out a transient global stop. */
int emu_pcie_hw_inject(struct emu_pcie_hw *hw, struct emu_pmu *epmu,
		       char *cmd);
int emu_pcie_hw_advance_burst(struct emu_pcie_hw *hw, struct emu_pmu *epmu,
			      u64 cycles);
/* The generator's time: counted at once, stopped or not. */
void emu_pcie_hw_advance(struct emu_pcie_hw *hw, u64 cycles);
bool emu_pcie_hw_irq_pending(struct emu_pcie_hw *hw);
void emu_pcie_hw_generate(struct emu_pcie_hw *hw, u64 dt_ns);

extern uint emu_pcie_clk_hz;

#endif /* EMU_PCIE_H */
