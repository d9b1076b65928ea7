// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the PCIe PMU device.
 *
 * A register file of 8 slots (EVENT_CTRL, CNT, EXT_CNT, INT_STAT, INT_MASK)
 * and the rules by which TLPs and time move the counters. A slot counts when
 * GLOBAL_CTRL is enabled and its EVENT_CTRL has EVENT_EN; what it counts is
 * decoded from EVENT_CTRL alone, as the hardware would.
 *
 * Traffic model (documented in README.md):
 *  - latency events (counter: total delay cycles, ext: TLP count) add
 *    lat * count and count; TLP length filters do not apply to them;
 *  - flux events (counter: data in DW, ext: time in cycles) add, per TLP,
 *    the DW selected by the LEN field: payload (len DW; a read request
 *    counts the length it asks for), header (4 DW for memory requests with
 *    64-bit addresses, 3 DW for completions) or both; LEN 0 is reserved and
 *    counts nothing. The trigger (TRIG_EN) holds the counter until the first
 *    TLP longer (mode 0) or shorter (mode 1) than 2^trig_len DW, which is
 *    counted; it re-arms when the slot is enabled. The threshold (THR_EN)
 *    counts only TLPs of at least (mode 0) or less than (mode 1)
 *    2^thr_len DW;
 *  - a TLP matches the target when TARGET_EN is set and its requester ID
 *    equals the target, or TARGET_EN is clear and its root port's bit is
 *    set in the target bitmap. A root port's bit is
 *    2 * (PCI_SLOT(port) - PCI_SLOT(bdf_min)), the rule of perf iostat for
 *    this PMU; ports on another bus than bdf_min have no bit;
 *  - time advances the ext counter of enabled flux slots; the PCIe clock is
 *    emu_pcie_clk_hz (100 MHz unless the pcie_clk parameter says otherwise).
 *    Time is "advance" (and the generator's periods), and with hw_time=1
 *    guest time as well, accrued at each register access.
 * Counters are 64-bit; a wrap past 2^64 sets the slot's INT_STAT, and with
 * the kernel's own drivers their handler runs when it is not masked
 * (emu_real_irq(); the drivers start at 2^63, so it takes 2^63 events).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "emu_pcie.h"

uint emu_pcie_clk_hz = 100000000;
module_param_named(pcie_clk, emu_pcie_clk_hz, uint, 0444);
MODULE_PARM_DESC(pcie_clk, "PCIe PMU cycle clock in Hz (time and latency) [100000000]");

#define EMU_TLP_HDR_DW_MEM	4	/* MWr/MRd with a 64-bit address */
#define EMU_TLP_HDR_DW_CPL	3

/* What each real event code counts on the device (v6.9+ event IDs). */
struct emu_pcie_hw_event {
	u16 code;
	enum emu_tlp_dir dir;
	enum emu_tlp_type type;
	bool latency;
};

static const struct emu_pcie_hw_event emu_pcie_hw_events[] = {
	{ .code = 0x0010, .dir = EMU_TLP_RX, .type = EMU_TLP_MWR, .latency = true },
	{ .code = 0x0210, .dir = EMU_TLP_RX, .type = EMU_TLP_MRD, .latency = true },
	{ .code = 0x0011, .dir = EMU_TLP_TX, .type = EMU_TLP_MRD, .latency = true },
	{ .code = 0x0104, .dir = EMU_TLP_RX, .type = EMU_TLP_MWR },
	{ .code = 0x0804, .dir = EMU_TLP_RX, .type = EMU_TLP_MRD },
	{ .code = 0x2004, .dir = EMU_TLP_RX, .type = EMU_TLP_CPL },
	{ .code = 0x0105, .dir = EMU_TLP_TX, .type = EMU_TLP_MWR },
	{ .code = 0x0405, .dir = EMU_TLP_TX, .type = EMU_TLP_MRD },
	{ .code = 0x1005, .dir = EMU_TLP_TX, .type = EMU_TLP_CPL },
};

static const struct emu_pcie_hw_event *emu_pcie_hw_find(u64 ctrl)
{
	u16 code = FIELD_GET(HISI_PCIE_EVENT_M, ctrl);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(emu_pcie_hw_events); i++)
		if (emu_pcie_hw_events[i].code == code)
			return &emu_pcie_hw_events[i];
	return NULL;
}

void emu_pcie_hw_init(struct emu_pcie_hw *hw, const struct emu_bdf_range *r,
		      u16 sicl, u16 core, u32 identifier)
{
	memset(hw, 0, sizeof(*hw));
	raw_spin_lock_init(&hw->lock);
	hw->range = *r;
	hw->reg_bdf = FIELD_PREP(HISI_PCIE_REG_LO_M, r->min) |
		      FIELD_PREP(HISI_PCIE_REG_HI_M, r->max);
	hw->reg_info = FIELD_PREP(HISI_PCIE_REG_HI_M, sicl) |
		       FIELD_PREP(HISI_PCIE_REG_LO_M, core);
	hw->reg_version = identifier;
	if (r->min || r->max)
		hw->nr_rp = emu_topo_root_ports_in(r, hw->rp, EMU_MAX_PORTS);
}

/* ---- register access ----------------------------------------------------------- */

/* Decode a per-slot offset: @base + 8 * idx. Returns idx or -1. */
static int emu_pcie_hw_slot(u32 off, u32 base)
{
	if (off < base || (off - base) % HISI_PCIE_REG_STEP)
		return -1;
	if ((off - base) / HISI_PCIE_REG_STEP >= HISI_PCIE_MAX_COUNTERS)
		return -1;
	return (off - base) / HISI_PCIE_REG_STEP;
}

/* EVENT_CTRL write: RESET_CNT clears both counters and self-clears. */
static void emu_pcie_hw_write_ctrl(struct emu_pcie_hw *hw, int idx, u64 val)
{
	if (val & HISI_PCIE_RESET_CNT) {
		hw->cnt[idx] = 0;
		hw->ext_cnt[idx] = 0;
		val &= ~HISI_PCIE_RESET_CNT;
	}
	if (!(hw->event_ctrl[idx] & HISI_PCIE_EVENT_EN) &&
	    (val & HISI_PCIE_EVENT_EN))
		hw->triggered[idx] = false;
	hw->event_ctrl[idx] = val;
}

/* The 64-bit register at @off, or NULL; @idx gets its slot. */
static u64 *emu_pcie_hw_reg64(struct emu_pcie_hw *hw, u32 off, int *idx)
{
	*idx = emu_pcie_hw_slot(off, HISI_PCIE_EVENT_CTRL);
	if (*idx >= 0)
		return &hw->event_ctrl[*idx];
	*idx = emu_pcie_hw_slot(off, HISI_PCIE_CNT);
	if (*idx >= 0)
		return &hw->cnt[*idx];
	*idx = emu_pcie_hw_slot(off, HISI_PCIE_EXT_CNT);
	if (*idx >= 0)
		return &hw->ext_cnt[*idx];
	return NULL;
}

/* The 32-bit register at @off, or NULL; @idx gets its slot (or -1). */
static u32 *emu_pcie_hw_reg32(struct emu_pcie_hw *hw, u32 off, int *idx)
{
	*idx = -1;
	switch (off) {
	case HISI_PCIE_GLOBAL_CTRL:
		return &hw->global_ctrl;
	case HISI_PCIE_REG_BDF:
		return &hw->reg_bdf;
	case HISI_PCIE_REG_VERSION:
		return &hw->reg_version;
	case HISI_PCIE_REG_INFO:
		return &hw->reg_info;
	}
	*idx = emu_pcie_hw_slot(off, HISI_PCIE_INT_STAT);
	if (*idx >= 0)
		return &hw->int_stat[*idx];
	*idx = emu_pcie_hw_slot(off, HISI_PCIE_INT_MASK);
	if (*idx >= 0)
		return &hw->int_mask[*idx];
	return NULL;
}

static void *emu_pcie_hw_find_reg(void *hw, u32 off, unsigned int size, int *idx)
{
	if (size == sizeof(u64))
		return emu_pcie_hw_reg64(hw, off, idx);
	return emu_pcie_hw_reg32(hw, off, idx);
}

/*
 * EVENT_CTRL through emu_pcie_hw_write_ctrl; INT_STAT is write-1-to-clear;
 * the identity registers are read-only.
 */
static void emu_pcie_hw_write(void *hw_, void *reg, unsigned int size, int idx,
			      u64 val, unsigned long *flags)
{
	struct emu_pcie_hw *hw = hw_;

	if (size == sizeof(u64) && reg == &hw->event_ctrl[idx])
		emu_pcie_hw_write_ctrl(hw, idx, val);
	else if (size == sizeof(u64))
		*(u64 *)reg = val;
	else if (reg == &hw->global_ctrl ||
		 (idx >= 0 && reg == &hw->int_mask[idx]))
		*(u32 *)reg = val;
	else if (idx >= 0 && reg == &hw->int_stat[idx])
		*(u32 *)reg &= ~(u32)val;
}

static void emu_pcie_hw_advance_locked(void *hw_, const void *cycles);

/* hw_time=1: the cycles of the PCIe clock since the last access */
static void emu_pcie_hw_elapse(void *hw_)
{
	struct emu_pcie_hw *hw = hw_;
	u64 now = ktime_get_ns(), cycles;

	if (hw->clock_ns) {
		cycles = emu_clock_units(&hw->clock_residue, emu_pcie_clk_hz, now - hw->clock_ns);
		emu_pcie_hw_advance_locked(hw, &cycles);
	}
	hw->clock_ns = now;
}

static const struct emu_regs emu_pcie_hw_regs = {
	.find = emu_pcie_hw_find_reg,
	.write = emu_pcie_hw_write,
	.elapse = emu_pcie_hw_elapse,
};

u64 emu_pcie_hw_readq(struct emu_pcie_hw *hw, u32 off)
{
	return emu_reg_access(&emu_pcie_hw_regs, &hw->lock, hw, off, 8, false, 0);
}

void emu_pcie_hw_writeq(struct emu_pcie_hw *hw, u32 off, u64 val)
{
	emu_reg_access(&emu_pcie_hw_regs, &hw->lock, hw, off, 8, true, val);
}

u32 emu_pcie_hw_readl(struct emu_pcie_hw *hw, u32 off)
{
	return emu_reg_access(&emu_pcie_hw_regs, &hw->lock, hw, off, 4, false, 0);
}

void emu_pcie_hw_writel(struct emu_pcie_hw *hw, u32 off, u32 val)
{
	emu_reg_access(&emu_pcie_hw_regs, &hw->lock, hw, off, 4, true, val);
}

/* ---- counting -------------------------------------------------------------------- */

static bool emu_pcie_hw_counting(const struct emu_pcie_hw *hw, int idx)
{
	return (hw->global_ctrl & HISI_PCIE_GLOBAL_EN) &&
	       (hw->event_ctrl[idx] & HISI_PCIE_EVENT_EN);
}

int emu_pcie_hw_port_bit(const struct emu_pcie_hw *hw, u16 rp)
{
	int bit;

	if (PCI_BUS_NUM(rp) != PCI_BUS_NUM(hw->range.min) ||
	    PCI_SLOT(rp & 0xff) < PCI_SLOT(hw->range.min & 0xff))
		return -1;
	bit = 2 * (PCI_SLOT(rp & 0xff) - PCI_SLOT(hw->range.min & 0xff));
	return bit < 16 ? bit : -1;
}

static bool emu_pcie_hw_target_match(const struct emu_pcie_hw *hw, u64 ctrl,
				     const struct emu_pcie_tlp *t)
{
	u64 target = FIELD_GET(HISI_PCIE_HW_TARGET_M, ctrl);
	int bit;

	if (ctrl & HISI_PCIE_TARGET_EN)
		return target == t->req;
	bit = emu_pcie_hw_port_bit(hw, t->rp);
	return bit >= 0 && (target & BIT_ULL(bit));
}

/* Trigger: hold the counter until the first TLP past 2^trig_len DW. */
static bool emu_pcie_hw_trigger(struct emu_pcie_hw *hw, int idx, u64 ctrl,
				u64 len)
{
	u64 edge = 1ULL << FIELD_GET(HISI_PCIE_TRIG_M, ctrl);
	bool fire;

	if (!(ctrl & HISI_PCIE_TRIG_EN) || hw->triggered[idx])
		return true;
	fire = FIELD_GET(HISI_PCIE_TRIG_MODE_M, ctrl) ? len < edge : len > edge;
	hw->triggered[idx] = fire;
	return fire;
}

/* Threshold: only TLPs of >= (mode 0) or < (mode 1) 2^thr_len DW. */
static bool emu_pcie_hw_threshold(u64 ctrl, u64 len)
{
	u64 edge = 1ULL << FIELD_GET(HISI_PCIE_THR_M, ctrl);

	if (!(ctrl & HISI_PCIE_THR_EN))
		return true;
	return FIELD_GET(HISI_PCIE_THR_MODE_M, ctrl) ? len < edge : len >= edge;
}

/* DW one TLP adds to a flux counter, per the LEN field. */
static u64 emu_pcie_hw_tlp_dw(u64 ctrl, const struct emu_pcie_tlp *t)
{
	u64 hdr = t->type == EMU_TLP_CPL ? EMU_TLP_HDR_DW_CPL :
					   EMU_TLP_HDR_DW_MEM;

	switch (FIELD_GET(HISI_PCIE_LEN_M, ctrl)) {
	case EMU_PCIE_LEN_PAYLOAD:
		return t->len_dw;
	case EMU_PCIE_LEN_HEADER:
		return hdr;
	case EMU_PCIE_LEN_BOTH:
		return t->len_dw + hdr;
	default:
		return 0;
	}
}

/* A counter of slot @idx counts @n; a wrap past 2^64 sets its INT_STAT. */
static void emu_pcie_hw_add(struct emu_pcie_hw *hw, int idx, u64 *reg, u64 n)
{
	if (emu_counter_add(reg, n))
		hw->int_stat[idx] = 1;
}

static void emu_pcie_hw_count_slot(struct emu_pcie_hw *hw, int idx,
				   const struct emu_pcie_tlp *t)
{
	u64 ctrl = hw->event_ctrl[idx];
	const struct emu_pcie_hw_event *ev = emu_pcie_hw_find(ctrl);

	if (!ev || ev->dir != t->dir || ev->type != t->type ||
	    !emu_pcie_hw_target_match(hw, ctrl, t))
		return;

	if (ev->latency) {
		emu_pcie_hw_add(hw, idx, &hw->cnt[idx], t->lat * t->count);
		emu_pcie_hw_add(hw, idx, &hw->ext_cnt[idx], t->count);
		return;
	}
	if (!emu_pcie_hw_trigger(hw, idx, ctrl, t->len_dw) ||
	    !emu_pcie_hw_threshold(ctrl, t->len_dw))
		return;
	emu_pcie_hw_add(hw, idx, &hw->cnt[idx], emu_pcie_hw_tlp_dw(ctrl, t) * t->count);
}

/* @hw_: struct emu_pcie_hw, @t_: struct emu_pcie_tlp (emu_burst()) */
static void emu_pcie_hw_tlp_locked(void *hw_, const void *t_)
{
	struct emu_pcie_hw *hw = hw_;
	int idx;

	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++)
		if (emu_pcie_hw_counting(hw, idx))
			emu_pcie_hw_count_slot(hw, idx, t_);
}

static void emu_pcie_hw_tlp(struct emu_pcie_hw *hw,
			    const struct emu_pcie_tlp *t)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&hw->lock, flags);
	emu_pcie_hw_tlp_locked(hw, t);
	raw_spin_unlock_irqrestore(&hw->lock, flags);
}

static void emu_pcie_hw_advance_locked(void *hw_, const void *cycles)
{
	struct emu_pcie_hw *hw = hw_;
	const struct emu_pcie_hw_event *ev;
	int idx;

	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++) {
		if (!emu_pcie_hw_counting(hw, idx))
			continue;
		ev = emu_pcie_hw_find(hw->event_ctrl[idx]);
		if (ev && !ev->latency)
			emu_pcie_hw_add(hw, idx, &hw->ext_cnt[idx], *(const u64 *)cycles);
	}
}

void emu_pcie_hw_advance(struct emu_pcie_hw *hw, u64 cycles)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&hw->lock, flags);
	emu_pcie_hw_advance_locked(hw, &cycles);
	raw_spin_unlock_irqrestore(&hw->lock, flags);
}

/* pmu_disable() without pmu_enable() yet, slots armed: a rotation. */
static bool emu_pcie_hw_stopped_armed(const void *hw_)
{
	const struct emu_pcie_hw *hw = hw_;
	int idx;

	if (hw->global_ctrl & HISI_PCIE_GLOBAL_EN)
		return false;
	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++)
		if (hw->event_ctrl[idx] & HISI_PCIE_EVENT_EN)
			return true;
	return false;
}

int emu_pcie_hw_advance_burst(struct emu_pcie_hw *hw, struct emu_pmu *epmu,
			      u64 cycles)
{
	return emu_burst(epmu, &hw->lock, emu_pcie_hw_stopped_armed,
			 emu_pcie_hw_advance_locked, hw, &cycles);
}

/* ---- traffic commands ---------------------------------------------------------- */

static bool emu_pcie_hw_has_rp(const struct emu_pcie_hw *hw, u16 rp)
{
	unsigned int i;

	for (i = 0; i < hw->nr_rp; i++)
		if (hw->rp[i] == rp)
			return true;
	return false;
}

static int emu_pcie_hw_parse_kind(const struct emu_kv *kv, unsigned int n,
				  struct emu_pcie_tlp *t)
{
	static const char *const types[] = { "mwr", "mrd", "cpl" };
	const char *dir = emu_kv_str(kv, n, "dir");
	const char *type = emu_kv_str(kv, n, "type");
	int i;

	if (!dir || !type)
		return -EINVAL;
	if (!strcmp(dir, "rx"))
		t->dir = EMU_TLP_RX;
	else if (!strcmp(dir, "tx"))
		t->dir = EMU_TLP_TX;
	else
		return -EINVAL;
	i = match_string(types, ARRAY_SIZE(types), type);
	if (i < 0)
		return -EINVAL;
	t->type = i;
	return 0;
}

/* Root port and requester: each defaults from the other. */
static int emu_pcie_hw_parse_route(struct emu_pcie_hw *hw,
				   const struct emu_kv *kv, unsigned int n,
				   struct emu_pcie_tlp *t)
{
	bool has_rp = emu_kv_str(kv, n, "rp"), has_req = emu_kv_str(kv, n, "req");
	u64 v;
	int ret;

	if (!has_rp && !has_req)
		return -EINVAL;
	if (has_req) {
		ret = emu_kv_u64(kv, n, "req", &v, U16_MAX);
		if (ret)
			return ret;
		t->req = v;
	}
	if (has_rp) {
		ret = emu_kv_u64(kv, n, "rp", &v, U16_MAX);
		if (ret)
			return ret;
		t->rp = v;
	} else if (emu_topo_root_port_of(t->req, &t->rp)) {
		return -ENODEV;
	}
	if (!has_req && emu_topo_first_function_below(t->rp, &t->req))
		t->req = t->rp;
	return emu_pcie_hw_has_rp(hw, t->rp) ? 0 : -EINVAL;
}

/* "dir=rx type=mwr rp=0x3000 req=0x3100 len=16 lat=200 count=10" */
int emu_pcie_hw_inject(struct emu_pcie_hw *hw, struct emu_pmu *epmu,
		       char *cmd)
{
	static const char *const known[] = {
		"dir", "type", "rp", "req", "len", "lat", "count", NULL
	};
	struct emu_pcie_tlp t = { .len_dw = 1, .count = 1 };
	struct emu_kv kv[EMU_MAX_KV];
	int n, ret;

	n = emu_parse_kv(cmd, kv, EMU_MAX_KV);
	if (n < 0)
		return n;
	ret = emu_kv_check(kv, n, known);
	if (!ret)
		ret = emu_pcie_hw_parse_kind(kv, n, &t);
	if (!ret)
		ret = emu_pcie_hw_parse_route(hw, kv, n, &t);
	if (!ret)
		ret = emu_kv_u64(kv, n, "len", &t.len_dw, 1024);
	if (!ret)
		ret = emu_kv_u64(kv, n, "lat", &t.lat, U32_MAX);
	if (!ret)
		ret = emu_kv_u64(kv, n, "count", &t.count, U32_MAX);
	if (ret)
		return ret;
	return emu_burst(epmu, &hw->lock, emu_pcie_hw_stopped_armed,
			 emu_pcie_hw_tlp_locked, hw, &t);
}

/* Generator: each root port sees every TLP kind at the configured rate. */
void emu_pcie_hw_generate(struct emu_pcie_hw *hw, u64 dt_ns)
{
	struct emu_pcie_tlp t = {
		.len_dw = emu_gen.tlp_dw,
		.lat = emu_gen.tlp_lat,
	};
	unsigned int i;

	if (!emu_hw_time)	/* else the clock runs by itself */
		emu_pcie_hw_advance(hw, emu_gen_units(&hw->gen_clk_residue,
						      emu_pcie_clk_hz, dt_ns));
	t.count = emu_gen_units(&hw->gen_residue, emu_gen.tlp_rate, dt_ns);
	for (i = 0; t.count && i < hw->nr_rp; i++) {
		t.rp = hw->rp[i];
		if (emu_topo_first_function_below(t.rp, &t.req))
			t.req = t.rp;
		for (t.dir = EMU_TLP_RX; t.dir <= EMU_TLP_TX; t.dir++)
			for (t.type = EMU_TLP_MWR; t.type <= EMU_TLP_CPL; t.type++)
				emu_pcie_hw_tlp(hw, &t);
	}
}

/* An overflowed slot whose interrupt is not masked (INT_MASK 0). */
bool emu_pcie_hw_irq_pending(struct emu_pcie_hw *hw)
{
	unsigned long flags;
	bool pending = false;
	int idx;

	raw_spin_lock_irqsave(&hw->lock, flags);
	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++)
		pending |= hw->int_stat[idx] && !hw->int_mask[idx];
	raw_spin_unlock_irqrestore(&hw->lock, flags);
	return pending;
}
