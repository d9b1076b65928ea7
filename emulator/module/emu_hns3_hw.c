// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the HNS3 PMU device.
 *
 * A register file of 8 event slots (CTRL_LOW, CTRL_HIGH, INTR_STATUS,
 * INTR_MASK, COUNTER, EXT_COUNTER, QID_CTRL, QID_PARA) behind a global start
 * bit, and the rules by which NIC traffic and time move the counters. A
 * slot counts when GLOBAL_CTRL has GLOBAL_START and its CTRL_LOW has
 * EVENT_EN; what it counts is decoded from its registers alone.
 *
 * Traffic model (documented in README.md): a traffic batch names the real
 * event (hardware block pair) it passes and carries port, TC, function,
 * queue, bytes, packets, per-packet latency and interrupts. A slot programmed
 * with that event takes it when its filter matches:
 *   global      always;
 *   port        bit <port> of the CTRL_HIGH bitmap (ports 0..7 only);
 *   port-tc     port and tc & 7 equal CTRL_HIGH's;
 *   func        devfn equal to CTRL_HIGH (the bus is not programmed, so a
 *               function with the same devfn on another bus matches too);
 *   func-queue  func, and queue equal to QID_PARA's;
 *   func-intr   func, and interrupt id equal to CTRL_HIGH's.
 * By event type the counter adds bytes (bandwidth), packets (packet rate),
 * latency * packets (latency) or interrupts (interrupt rate); the ext
 * counter adds packets for latency events, and time (cycles of
 * hw_clk_freq) for the others. Queue lookups (QID_CTRL) succeed for queues
 * 0..queues-1 of any function in the PMU's bdf range.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "emu_hns3.h"

void emu_hns3_hw_init(struct emu_hns3_hw *hw, const struct emu_bdf_range *r,
		      u16 sicl, u32 identifier, u32 clk_hz,
		      unsigned int queues)
{
	memset(hw, 0, sizeof(*hw));
	raw_spin_lock_init(&hw->lock);
	hw->range = *r;
	hw->queues = queues;
	hw->clock_freq = clk_hz;
	hw->reg_bdf = FIELD_PREP(HNS3_PMU_REG_LO_M, r->min) |
		      FIELD_PREP(HNS3_PMU_REG_HI_M, r->max);
	hw->reg_version = identifier;
	hw->reg_device_id = FIELD_PREP(HNS3_PMU_REG_LO_M, sicl);
	if (emu_topo_first_function_in(r, &hw->gen_bdf))
		hw->gen_bdf = r->min;
}

/* ---- register access ----------------------------------------------------------- */

/* Decode an event-slot offset; returns idx and the offset inside the slot. */
static int emu_hns3_hw_slot(u32 off, u32 *reg)
{
	u32 idx;

	if (off < HNS3_PMU_REG_EVENT_OFFSET)
		return -1;
	idx = (off - HNS3_PMU_REG_EVENT_OFFSET) / HNS3_PMU_REG_EVENT_SIZE;
	if (idx >= HNS3_PMU_MAX_HW_EVENTS)
		return -1;
	*reg = (off - HNS3_PMU_REG_EVENT_OFFSET) % HNS3_PMU_REG_EVENT_SIZE;
	return idx;
}

/* The queue lookup the driver requests through QID_CTRL. */
static bool emu_hns3_hw_queue_exists(struct emu_hns3_hw *hw, u32 para)
{
	u8 devfn = FIELD_GET(HNS3_PMU_QID_PARA_FUNC_M, para) & 0xff;

	return FIELD_GET(HNS3_PMU_QID_PARA_QUEUE_M, para) < hw->queues &&
	       emu_topo_devfn_in(&hw->range, devfn);
}

/* The 32-bit register at @off, or NULL; @idx gets its slot (or -1). */
static u32 *emu_hns3_hw_reg32(struct emu_hns3_hw *hw, u32 off, int *idx)
{
	u32 reg;

	*idx = -1;
	switch (off) {
	case HNS3_PMU_REG_GLOBAL_CTRL:
		return &hw->global_ctrl;
	case HNS3_PMU_REG_CLOCK_FREQ:
		return &hw->clock_freq;
	case HNS3_PMU_REG_BDF:
		return &hw->reg_bdf;
	case HNS3_PMU_REG_VERSION:
		return &hw->reg_version;
	case HNS3_PMU_REG_DEVICE_ID:
		return &hw->reg_device_id;
	}
	*idx = emu_hns3_hw_slot(off, &reg);
	if (*idx < 0)
		return NULL;
	switch (reg) {
	case HNS3_PMU_REG_EVENT_CTRL_LOW:
		return &hw->ctrl_low[*idx];
	case HNS3_PMU_REG_EVENT_CTRL_HIGH:
		return &hw->ctrl_high[*idx];
	case HNS3_PMU_REG_EVENT_INTR_STATUS:
		return &hw->intr_status[*idx];
	case HNS3_PMU_REG_EVENT_INTR_MASK:
		return &hw->intr_mask[*idx];
	case HNS3_PMU_REG_EVENT_QID_CTRL:
		return &hw->qid_ctrl[*idx];
	case HNS3_PMU_REG_EVENT_QID_PARA:
		return &hw->qid_para[*idx];
	}
	return NULL;
}

/* The 64-bit register (COUNTER, EXT_COUNTER) at @off, or NULL; @idx: its slot. */
static u64 *emu_hns3_hw_reg64(struct emu_hns3_hw *hw, u32 off, int *idx)
{
	u32 reg;

	*idx = emu_hns3_hw_slot(off, &reg);
	if (*idx >= 0 && reg == HNS3_PMU_REG_EVENT_COUNTER)
		return &hw->counter[*idx];
	if (*idx >= 0 && reg == HNS3_PMU_REG_EVENT_EXT_COUNTER)
		return &hw->ext_counter[*idx];
	return NULL;
}

static void *emu_hns3_hw_find_reg(void *hw, u32 off, unsigned int size, int *idx)
{
	if (size == sizeof(u64))
		return emu_hns3_hw_reg64(hw, off, idx);
	return emu_hns3_hw_reg32(hw, off, idx);
}

static void emu_hns3_hw_write_ctrl_low(struct emu_hns3_hw *hw, int idx,
				       u32 val)
{
	/* STATUS_RESET acknowledges the overflow interrupt. */
	if (val & HNS3_PMU_EVENT_STATUS_RESET)
		hw->intr_status[idx] = 0;
	hw->ctrl_low[idx] = val;
}

/*
 * A queue request completes at once: DONE, plus MISS when the queue does
 * not exist. The lookup walks the PCI bus, so it runs outside the lock.
 */
static void emu_hns3_hw_write_qid_ctrl(struct emu_hns3_hw *hw, int idx,
				       u32 val, unsigned long *flags)
{
	u32 para = hw->qid_para[idx];
	bool found;

	hw->qid_ctrl[idx] = val;
	if (!(val & HNS3_PMU_QID_CTRL_REQ_ENABLE))
		return;
	raw_spin_unlock_irqrestore(&hw->lock, *flags);
	found = emu_hns3_hw_queue_exists(hw, para);
	raw_spin_lock_irqsave(&hw->lock, *flags);
	hw->qid_ctrl[idx] = val | HNS3_PMU_QID_CTRL_DONE |
			    (found ? 0 : HNS3_PMU_QID_CTRL_MISS);
}

/*
 * CTRL_LOW and QID_CTRL through their handlers; the identity registers and
 * INTR_STATUS (cleared by CTRL_LOW's STATUS_RESET) are read-only.
 */
static void emu_hns3_hw_write(void *hw_, void *reg, unsigned int size, int idx,
			      u64 val, unsigned long *flags)
{
	struct emu_hns3_hw *hw = hw_;

	if (size == sizeof(u64))
		*(u64 *)reg = val;
	else if (idx >= 0 && reg == &hw->ctrl_low[idx])
		emu_hns3_hw_write_ctrl_low(hw, idx, val);
	else if (idx >= 0 && reg == &hw->qid_ctrl[idx])
		emu_hns3_hw_write_qid_ctrl(hw, idx, val, flags);
	else if (reg == &hw->global_ctrl ||
		 (idx >= 0 && (reg == &hw->ctrl_high[idx] ||
			       reg == &hw->intr_mask[idx] ||
			       reg == &hw->qid_para[idx])))
		*(u32 *)reg = val;
}

static void emu_hns3_hw_advance_locked(void *hw_, const void *cycles);

/* hw_time=1: the cycles of hw_clk_freq since the last access */
static void emu_hns3_hw_elapse(void *hw_)
{
	struct emu_hns3_hw *hw = hw_;
	u64 now = ktime_get_ns(), cycles;

	if (hw->clock_ns) {
		cycles = emu_clock_units(&hw->clock_residue, hw->clock_freq, now - hw->clock_ns);
		emu_hns3_hw_advance_locked(hw, &cycles);
	}
	hw->clock_ns = now;
}

static const struct emu_regs emu_hns3_hw_regs = {
	.find = emu_hns3_hw_find_reg,
	.write = emu_hns3_hw_write,
	.elapse = emu_hns3_hw_elapse,
};

u32 emu_hns3_hw_readl(struct emu_hns3_hw *hw, u32 off)
{
	return emu_reg_access(&emu_hns3_hw_regs, &hw->lock, hw, off, 4, false, 0);
}

void emu_hns3_hw_writel(struct emu_hns3_hw *hw, u32 off, u32 val)
{
	emu_reg_access(&emu_hns3_hw_regs, &hw->lock, hw, off, 4, true, val);
}

u64 emu_hns3_hw_readq(struct emu_hns3_hw *hw, u32 off)
{
	return emu_reg_access(&emu_hns3_hw_regs, &hw->lock, hw, off, 8, false, 0);
}

void emu_hns3_hw_writeq(struct emu_hns3_hw *hw, u32 off, u64 val)
{
	emu_reg_access(&emu_hns3_hw_regs, &hw->lock, hw, off, 8, true, val);
}

/* ---- counting -------------------------------------------------------------------- */

static bool emu_hns3_hw_counting(const struct emu_hns3_hw *hw, int idx)
{
	return (hw->global_ctrl & HNS3_PMU_GLOBAL_START) &&
	       (hw->ctrl_low[idx] & HNS3_PMU_EVENT_EN);
}

static u16 emu_hns3_hw_real_event(u32 ctrl_low)
{
	return FIELD_GET(HNS3_PMU_CTRL_EVENT_TYPE_M, ctrl_low) << 8 |
	       FIELD_GET(HNS3_PMU_CTRL_SUBEVENT_M, ctrl_low);
}

static bool emu_hns3_hw_filter_match(const struct emu_hns3_hw *hw, int idx,
				     const struct emu_hns3_traffic *t)
{
	u32 high = hw->ctrl_high[idx];
	bool func = (t->bdf & 0xff) == FIELD_GET(HNS3_PMU_FILTER_FUNC_M, high);

	switch (FIELD_GET(HNS3_PMU_CTRL_FILTER_MODE_M, hw->ctrl_low[idx])) {
	case HNS3_PMU_HW_FILTER_GLOBAL:
		return true;
	case HNS3_PMU_HW_FILTER_PORT:
		return t->port < 8 &&
		       (FIELD_GET(HNS3_PMU_FILTER_PORT_M, high) & BIT(t->port));
	case HNS3_PMU_HW_FILTER_PORT_TC:
		return t->port == FIELD_GET(HNS3_PMU_FILTER_PORT_TC_PORT_M, high) &&
		       (t->tc & 7) == FIELD_GET(HNS3_PMU_FILTER_PORT_TC_TC_M, high);
	case HNS3_PMU_HW_FILTER_FUNC:
		return func;
	case HNS3_PMU_HW_FILTER_FUNC_QUEUE:
		return func && t->queue == FIELD_GET(HNS3_PMU_QID_PARA_QUEUE_M,
						     hw->qid_para[idx]);
	case HNS3_PMU_HW_FILTER_FUNC_INTR:
		return func && t->intr_id == FIELD_GET(HNS3_PMU_FILTER_INTR_M, high);
	default:
		return false;
	}
}

/* A counter of slot @idx counts @n; a wrap past 2^64 sets INTR_STATUS. */
static void emu_hns3_hw_add(struct emu_hns3_hw *hw, int idx, u64 *reg, u64 n)
{
	if (emu_counter_add(reg, n))
		hw->intr_status[idx] = 1;
}

static void emu_hns3_hw_count_slot(struct emu_hns3_hw *hw, int idx,
				   const struct emu_hns3_traffic *t)
{
	u32 low = hw->ctrl_low[idx];

	if (emu_hns3_hw_real_event(low) != t->event ||
	    !emu_hns3_hw_filter_match(hw, idx, t))
		return;

	switch (FIELD_GET(HNS3_PMU_CTRL_EVENT_TYPE_M, low)) {
	case HNS3_PMU_TYPE_BANDWIDTH:
		emu_hns3_hw_add(hw, idx, &hw->counter[idx], t->bytes);
		break;
	case HNS3_PMU_TYPE_PACKET_RATE:
		emu_hns3_hw_add(hw, idx, &hw->counter[idx], t->packets);
		break;
	case HNS3_PMU_TYPE_LATENCY:
		emu_hns3_hw_add(hw, idx, &hw->counter[idx], t->lat * t->packets);
		emu_hns3_hw_add(hw, idx, &hw->ext_counter[idx], t->packets);
		break;
	case HNS3_PMU_TYPE_INTERRUPT_RATE:
		emu_hns3_hw_add(hw, idx, &hw->counter[idx], t->intr);
		break;
	}
}

/* @hw_: struct emu_hns3_hw, @t_: struct emu_hns3_traffic (emu_burst()) */
static void emu_hns3_hw_traffic_locked(void *hw_, const void *t_)
{
	struct emu_hns3_hw *hw = hw_;
	int idx;

	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++)
		if (emu_hns3_hw_counting(hw, idx))
			emu_hns3_hw_count_slot(hw, idx, t_);
}

static void emu_hns3_hw_traffic(struct emu_hns3_hw *hw,
				const struct emu_hns3_traffic *t)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&hw->lock, flags);
	emu_hns3_hw_traffic_locked(hw, t);
	raw_spin_unlock_irqrestore(&hw->lock, flags);
}

/* Time: the ext counter of every enabled non-latency slot. */
static void emu_hns3_hw_advance_locked(void *hw_, const void *cycles)
{
	struct emu_hns3_hw *hw = hw_;
	int idx;

	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++) {
		if (!emu_hns3_hw_counting(hw, idx))
			continue;
		if (FIELD_GET(HNS3_PMU_CTRL_EVENT_TYPE_M, hw->ctrl_low[idx]) !=
		    HNS3_PMU_TYPE_LATENCY)
			emu_hns3_hw_add(hw, idx, &hw->ext_counter[idx], *(const u64 *)cycles);
	}
}

void emu_hns3_hw_advance(struct emu_hns3_hw *hw, u64 cycles)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&hw->lock, flags);
	emu_hns3_hw_advance_locked(hw, &cycles);
	raw_spin_unlock_irqrestore(&hw->lock, flags);
}

/* pmu_disable() without pmu_enable() yet, slots armed: a rotation. */
static bool emu_hns3_hw_stopped_armed(const void *hw_)
{
	const struct emu_hns3_hw *hw = hw_;
	int idx;

	if (hw->global_ctrl & HNS3_PMU_GLOBAL_START)
		return false;
	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++)
		if (hw->ctrl_low[idx] & HNS3_PMU_EVENT_EN)
			return true;
	return false;
}

int emu_hns3_hw_advance_burst(struct emu_hns3_hw *hw, struct emu_pmu *epmu,
			      u64 cycles)
{
	return emu_burst(epmu, &hw->lock, emu_hns3_hw_stopped_armed,
			 emu_hns3_hw_advance_locked, hw, &cycles);
}

/* ---- traffic commands ---------------------------------------------------------- */

static int emu_hns3_hw_parse_event(const struct emu_kv *kv, unsigned int n,
				   u16 *event)
{
	const char *name = emu_kv_str(kv, n, "event");
	u64 v;
	int ret;

	if (!name)
		return -EINVAL;
	if (!emu_hns3_event_by_name(name, event))
		return 0;
	ret = emu_kv_u64(kv, n, "event", &v, U16_MAX);
	if (ret)
		return ret;
	*event = v;
	return 0;
}

/*
 * "event=bw_ssu_rpu_byte_num port=0 tc=0 bdf=0x3100 queue=0 bytes=1500
 *  packets=1 lat=0 intr=0 intr_id=0 count=1": bytes, packets and intr are
 * totals of one batch, lat is per packet, count repeats the batch.
 */
int emu_hns3_hw_inject(struct emu_hns3_hw *hw, struct emu_pmu *epmu,
		       char *cmd)
{
	static const char *const known[] = {
		"event", "port", "tc", "bdf", "queue", "intr_id", "bytes",
		"packets", "lat", "intr", "count", NULL
	};
	struct emu_hns3_traffic t = { };
	struct emu_kv kv[EMU_MAX_KV];
	u64 port = 0, tc = 0, bdf = 0, queue = 0, intr_id = 0, count = 1;
	int n, ret;

	n = emu_parse_kv(cmd, kv, EMU_MAX_KV);
	if (n < 0)
		return n;
	ret = emu_kv_check(kv, n, known);
	ret = ret ?: emu_hns3_hw_parse_event(kv, n, &t.event);
	ret = ret ?: emu_kv_u64(kv, n, "port", &port, 15);
	ret = ret ?: emu_kv_u64(kv, n, "tc", &tc, 7);
	ret = ret ?: emu_kv_u64(kv, n, "bdf", &bdf, U16_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "queue", &queue, U16_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "intr_id", &intr_id, 0xfff);
	ret = ret ?: emu_kv_u64(kv, n, "bytes", &t.bytes, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "packets", &t.packets, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "lat", &t.lat, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "intr", &t.intr, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "count", &count, U32_MAX);
	if (ret)
		return ret;

	t.port = port;
	t.tc = tc;
	t.bdf = bdf;
	t.queue = queue;
	t.intr_id = intr_id;
	t.bytes *= count;
	t.packets *= count;
	t.intr *= count;
	return emu_burst(epmu, &hw->lock, emu_hns3_hw_stopped_armed,
			 emu_hns3_hw_traffic_locked, hw, &t);
}

/*
 * Generator: every real event of the driver's table sees the same traffic
 * on port 0, TC 0, queue 0 of the first function of the PMU's range.
 */
void emu_hns3_hw_generate(struct emu_hns3_hw *hw, u64 dt_ns)
{
	struct emu_hns3_traffic t = {
		.lat = emu_gen.pkt_lat,
		.bdf = hw->gen_bdf,
	};
	u16 events[64];
	unsigned int i, n;

	if (!emu_hw_time)	/* else the clock runs by itself */
		emu_hns3_hw_advance(hw, emu_gen_units(&hw->gen_clk_residue,
						      hw->clock_freq, dt_ns));
	t.packets = emu_gen_units(&hw->gen_pkt_residue, emu_gen.pkt_rate, dt_ns);
	t.bytes = t.packets * emu_gen.pkt_bytes;
	t.intr = emu_gen_units(&hw->gen_intr_residue, emu_gen.intr_rate, dt_ns);

	n = emu_hns3_real_events(events, ARRAY_SIZE(events));
	for (i = 0; i < n; i++) {
		t.event = events[i];
		emu_hns3_hw_traffic(hw, &t);
	}
}

/* An overflowed slot whose overflow interrupt is not masked. */
bool emu_hns3_hw_irq_pending(struct emu_hns3_hw *hw)
{
	unsigned long flags;
	bool pending = false;
	int idx;

	raw_spin_lock_irqsave(&hw->lock, flags);
	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++)
		pending |= hw->intr_status[idx] &&
			   !(hw->intr_mask[idx] & HNS3_PMU_INTR_MASK_OVERFLOW);
	raw_spin_unlock_irqrestore(&hw->lock, flags);
	return pending;
}
