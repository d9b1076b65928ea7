// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the HNS3 PMU driver side.
 *
 * Behaviour transcribed from drivers/perf/hisilicon/hns3_pmu.c as the
 * project's fact sheet describes it (v6.0 .. v6.16; events, formats and
 * filter rules have not changed since v6.0, the group check has the v6.10
 * bound). Everything here talks to the emulated device through its register
 * offsets only.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/iopoll.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/numa.h>
#include <linux/slab.h>
#include <linux/sysfs.h>

#include "emu_hns3.h"

#define HNS3_PMU_FILTER_SUPPORT_GLOBAL		BIT(0)
#define HNS3_PMU_FILTER_SUPPORT_PORT		BIT(1)
#define HNS3_PMU_FILTER_SUPPORT_PORT_TC		BIT(2)
#define HNS3_PMU_FILTER_SUPPORT_FUNC		BIT(3)
#define HNS3_PMU_FILTER_SUPPORT_FUNC_QUEUE	BIT(4)
#define HNS3_PMU_FILTER_SUPPORT_FUNC_INTR	BIT(5)

#define HNS3_PMU_FILTER_ALL_TC			0xf
#define HNS3_PMU_FILTER_ALL_QUEUE		0xffff

#define HNS3_PMU_EXT_COUNTER			BIT(16)
#define HNS3_PMU_QID_POLL_US			1
#define HNS3_PMU_QID_TIMEOUT_US			1000

struct emu_hns3_pmu {
	struct emu_pmu emu;
	struct perf_event *hw_events[HNS3_PMU_MAX_HW_EVENTS];
	struct emu_hns3_hw hw;
	u32 identifier;
	u32 hw_clk_freq;
	u16 bdf_min;
	u16 bdf_max;
};

#define to_hns3_pmu(p)	container_of(to_emu_pmu(p), struct emu_hns3_pmu, emu)

/* One getter per format field: hns3_pmu_get_<field>(event). */
#define HNS3_PMU_FILTER_ATTR(_name, _config, _hi, _lo)			\
	static u64 hns3_pmu_get_##_name(struct perf_event *event)	\
	{								\
		return FIELD_GET(GENMASK_ULL(_hi, _lo),			\
				 event->attr._config);			\
	}

HNS3_PMU_FILTER_ATTR(subevent, config, 7, 0);
HNS3_PMU_FILTER_ATTR(event_type, config, 15, 8);
HNS3_PMU_FILTER_ATTR(ext_counter_used, config, 16, 16);
HNS3_PMU_FILTER_ATTR(port, config1, 3, 0);
HNS3_PMU_FILTER_ATTR(tc, config1, 7, 4);
HNS3_PMU_FILTER_ATTR(bdf, config1, 23, 8);
HNS3_PMU_FILTER_ATTR(queue, config1, 39, 24);
HNS3_PMU_FILTER_ATTR(intr, config1, 51, 40);
HNS3_PMU_FILTER_ATTR(global, config1, 52, 52);

/* Bits above 16 of config are ignored: the id is rebuilt from the fields. */
static u32 hns3_pmu_get_event(struct perf_event *event)
{
	return hns3_pmu_get_ext_counter_used(event) << 16 |
	       hns3_pmu_get_event_type(event) << 8 |
	       hns3_pmu_get_subevent(event);
}

static u32 hns3_pmu_get_real_event(struct perf_event *event)
{
	return hns3_pmu_get_event_type(event) << 8 |
	       hns3_pmu_get_subevent(event);
}

/* ---- the event table -------------------------------------------------------- */

struct hns3_pmu_event_attr {
	u32 event;
	u16 filter_support;
};

#define FLT_G		HNS3_PMU_FILTER_SUPPORT_GLOBAL
#define FLT_G_P_PT	(FLT_G | HNS3_PMU_FILTER_SUPPORT_PORT |		\
			 HNS3_PMU_FILTER_SUPPORT_PORT_TC)
#define FLT_G_P_PT_F	(FLT_G_P_PT | HNS3_PMU_FILTER_SUPPORT_FUNC)
#define FLT_G_P_PT_F_FQ	(FLT_G_P_PT_F | HNS3_PMU_FILTER_SUPPORT_FUNC_QUEUE)
#define FLT_G_FQ	(FLT_G | HNS3_PMU_FILTER_SUPPORT_FUNC_QUEUE)
#define FLT_G_P_F	(FLT_G | HNS3_PMU_FILTER_SUPPORT_PORT |		\
			 HNS3_PMU_FILTER_SUPPORT_FUNC)
#define FLT_G_P_F_FQ	(FLT_G_P_F | HNS3_PMU_FILTER_SUPPORT_FUNC_QUEUE)

/*
 * Every hardware event once: X(kind, sysfs stem, real event, filter modes).
 * The kind names the pair: BW <stem>_byte_num/_time, PPS <stem>_packet_num/
 * _time, DLY <stem>_time/_packet_num, INTR <stem>_intr_num/_time; the
 * second of each pair reads the ext counter (config bit 16). Order and
 * values are the driver's hns3_pmu_events_attr[].
 */
#define HNS3_PMU_EVENTS(X) \
	X(BW, bw_ssu_egu, 0x0001, FLT_G_P_PT) \
	X(BW, bw_ssu_rpu, 0x0002, FLT_G_P_PT_F_FQ) \
	X(BW, bw_ssu_roce, 0x0003, FLT_G_P_PT_F) \
	X(BW, bw_roce_ssu, 0x0004, FLT_G_P_PT_F) \
	X(BW, bw_tpu_ssu, 0x0005, FLT_G_P_PT_F_FQ) \
	X(BW, bw_rpu_rcbrx, 0x0006, FLT_G_FQ) \
	X(BW, bw_rcbtx_txsch, 0x0008, FLT_G_FQ) \
	X(BW, bw_wr_fbd, 0x0009, FLT_G_P_F_FQ) \
	X(BW, bw_wr_ebd, 0x000a, FLT_G_FQ) \
	X(BW, bw_rd_fbd, 0x000b, FLT_G) \
	X(BW, bw_rd_ebd, 0x000c, FLT_G_P_F_FQ) \
	X(BW, bw_rd_pay_m0, 0x000d, FLT_G) \
	X(BW, bw_rd_pay_m1, 0x000e, FLT_G) \
	X(BW, bw_wr_pay_m0, 0x000f, FLT_G) \
	X(BW, bw_wr_pay_m1, 0x0010, FLT_G) \
	X(PPS, pps_igu_ssu, 0x0100, FLT_G_P_PT) \
	X(PPS, pps_ssu_egu, 0x0101, FLT_G_P_PT) \
	X(PPS, pps_ssu_rpu, 0x0102, FLT_G_P_PT_F_FQ) \
	X(PPS, pps_ssu_roce, 0x0103, FLT_G_P_PT_F) \
	X(PPS, pps_roce_ssu, 0x0104, FLT_G_P_PT_F) \
	X(PPS, pps_tpu_ssu, 0x0105, FLT_G_P_PT_F_FQ) \
	X(PPS, pps_rpu_rcbrx, 0x0106, FLT_G_FQ) \
	X(PPS, pps_rcbtx_tpu, 0x0107, FLT_G_P_PT_F_FQ) \
	X(PPS, pps_rcbtx_txsch, 0x0108, FLT_G_FQ) \
	X(PPS, pps_wr_fbd, 0x0109, FLT_G_P_F_FQ) \
	X(PPS, pps_wr_ebd, 0x010a, FLT_G_FQ) \
	X(PPS, pps_rd_fbd, 0x010b, FLT_G) \
	X(PPS, pps_rd_ebd, 0x010c, FLT_G_P_F_FQ) \
	X(PPS, pps_rd_pay_m0, 0x010d, FLT_G) \
	X(PPS, pps_rd_pay_m1, 0x010e, FLT_G) \
	X(PPS, pps_wr_pay_m0, 0x010f, FLT_G) \
	X(PPS, pps_wr_pay_m1, 0x0110, FLT_G) \
	X(PPS, pps_intr_nicroh_tx_pre, 0x0111, FLT_G) \
	X(PPS, pps_intr_nicroh_rx_pre, 0x0112, FLT_G) \
	X(DLY, dly_tx_push_to_mac, 0x0202, FLT_G) \
	X(DLY, dly_tx_normal_to_mac, 0x0204, FLT_G) \
	X(DLY, dly_ssu_tx_th_nic, 0x0206, FLT_G_P_PT) \
	X(DLY, dly_ssu_tx_th_roce, 0x0207, FLT_G_P_PT) \
	X(DLY, dly_ssu_rx_th_nic, 0x0208, FLT_G_P_PT) \
	X(DLY, dly_ssu_rx_th_roce, 0x0209, FLT_G_P_PT) \
	X(DLY, dly_rpu, 0x020e, FLT_G_FQ) \
	X(DLY, dly_tpu, 0x020f, FLT_G_P_PT_F_FQ) \
	X(DLY, dly_rpe, 0x0210, FLT_G) \
	X(DLY, dly_tpe_normal, 0x0211, FLT_G_P_F) \
	X(DLY, dly_tpe_push, 0x0212, FLT_G_P_F_FQ) \
	X(DLY, dly_wr_fbd, 0x0213, FLT_G_P_F_FQ) \
	X(DLY, dly_wr_ebd, 0x0214, FLT_G_FQ) \
	X(DLY, dly_rd_fbd, 0x0215, FLT_G) \
	X(DLY, dly_rd_ebd, 0x0216, FLT_G_P_F_FQ) \
	X(DLY, dly_rd_pay_m0, 0x0217, FLT_G) \
	X(DLY, dly_rd_pay_m1, 0x0218, FLT_G) \
	X(DLY, dly_wr_pay_m0, 0x0219, FLT_G) \
	X(DLY, dly_wr_pay_m1, 0x021a, FLT_G) \
	X(DLY, dly_msix_write, 0x021c, FLT_G) \
	X(INTR, pps_intr_msix_nic, 0x0300, FLT_G)

static ssize_t hns3_pmu_event_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *eattr =
		container_of(attr, struct dev_ext_attribute, attr);
	struct hns3_pmu_event_attr *event = eattr->var;

	return sysfs_emit(buf, "config=0x%x\n", event->event);
}

/* The mode names in the driver's order, each followed by one space. */
static ssize_t hns3_pmu_filter_mode_show(struct device *dev,
					 struct device_attribute *attr,
					 char *buf)
{
	static const char *const modes[] = {
		"global", "port", "port-tc", "func", "func-queue", "func-intr",
	};
	struct dev_ext_attribute *eattr =
		container_of(attr, struct dev_ext_attribute, attr);
	struct hns3_pmu_event_attr *event = eattr->var;
	int len, i;

	len = sysfs_emit_at(buf, 0, "filter mode supported: ");
	for (i = 0; i < ARRAY_SIZE(modes); i++)
		if (event->filter_support & BIT(i))
			len += sysfs_emit_at(buf, len, "%s ", modes[i]);
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}

#define HNS3_PMU_ATTR(_name, _show, _event, _filter)			\
	(&((struct dev_ext_attribute[]) {				\
		{ .attr = __ATTR(_name, 0444, _show, NULL),		\
		  .var = (void *)&(struct hns3_pmu_event_attr) {	\
			.event = _event,				\
			.filter_support = _filter,			\
		  } }							\
	})[0].attr.attr)

#define HNS3_PMU_PAIR(_show, _n0, _n1, _event, _filter)		\
	HNS3_PMU_ATTR(_n0, _show, _event, _filter),			\
	HNS3_PMU_ATTR(_n1, _show, (_event) | HNS3_PMU_EXT_COUNTER, _filter),

#define HNS3_PMU_PAIR_BW(_show, _stem, _event, _filter)		\
	HNS3_PMU_PAIR(_show, _stem##_byte_num, _stem##_time, _event, _filter)
#define HNS3_PMU_PAIR_PPS(_show, _stem, _event, _filter)		\
	HNS3_PMU_PAIR(_show, _stem##_packet_num, _stem##_time, _event, _filter)
#define HNS3_PMU_PAIR_DLY(_show, _stem, _event, _filter)		\
	HNS3_PMU_PAIR(_show, _stem##_time, _stem##_packet_num, _event, _filter)
#define HNS3_PMU_PAIR_INTR(_show, _stem, _event, _filter)		\
	HNS3_PMU_PAIR(_show, _stem##_intr_num, _stem##_time, _event, _filter)

#define HNS3_PMU_EVENT_X(_kind, _stem, _event, _filter)		\
	HNS3_PMU_PAIR_##_kind(hns3_pmu_event_show, _stem, _event, _filter)
#define HNS3_PMU_FILTER_X(_kind, _stem, _event, _filter)		\
	HNS3_PMU_PAIR_##_kind(hns3_pmu_filter_mode_show, _stem, _event,	\
			      _filter)

static struct attribute *hns3_pmu_events_attr[] = {
	HNS3_PMU_EVENTS(HNS3_PMU_EVENT_X)
	NULL
};

static struct attribute *hns3_pmu_filter_mode_attr[] = {
	HNS3_PMU_EVENTS(HNS3_PMU_FILTER_X)
	NULL
};

static const struct hns3_pmu_event_attr *hns3_pmu_attr_event(struct attribute *a)
{
	struct dev_ext_attribute *eattr =
		container_of(a, struct dev_ext_attribute, attr.attr);

	return eattr->var;
}

/* The table row of an event id (bits 0-16), as the driver looks it up. */
static const struct hns3_pmu_event_attr *hns3_pmu_get_pmu_event(u32 event)
{
	struct attribute **a;

	for (a = hns3_pmu_events_attr; *a; a++)
		if (hns3_pmu_attr_event(*a)->event == event)
			return hns3_pmu_attr_event(*a);
	return NULL;
}

int emu_hns3_event_by_name(const char *name, u16 *real_event)
{
	struct attribute **a;

	for (a = hns3_pmu_events_attr; *a; a++) {
		if (!strcmp((*a)->name, name)) {
			*real_event = hns3_pmu_attr_event(*a)->event & 0xffff;
			return 0;
		}
	}
	return -ENOENT;
}

unsigned int emu_hns3_real_events(u16 *out, unsigned int max)
{
	struct attribute **a;
	unsigned int n = 0;
	u32 event;

	for (a = hns3_pmu_events_attr; *a && n < max; a++) {
		event = hns3_pmu_attr_event(*a)->event;
		if (!(event & HNS3_PMU_EXT_COUNTER))
			out[n++] = event;
	}
	return n;
}

/* ---- other sysfs files -------------------------------------------------------- */

static struct attribute *hns3_pmu_format_attr[] = {
	EMU_FORMAT_ATTR(subevent, "config:0-7"),
	EMU_FORMAT_ATTR(event_type, "config:8-15"),
	EMU_FORMAT_ATTR(ext_counter_used, "config:16"),
	EMU_FORMAT_ATTR(port, "config1:0-3"),
	EMU_FORMAT_ATTR(tc, "config1:4-7"),
	EMU_FORMAT_ATTR(bdf, "config1:8-23"),
	EMU_FORMAT_ATTR(queue, "config1:24-39"),
	EMU_FORMAT_ATTR(intr, "config1:40-51"),
	EMU_FORMAT_ATTR(global, "config1:52"),
	NULL
};

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%d\n", hp->emu.on_cpu);
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "0x%x\n", hp->identifier);
}
static DEVICE_ATTR_RO(identifier);

static ssize_t hns3_pmu_emit_bdf(char *buf, u16 bdf)
{
	return sysfs_emit(buf, "%02x:%02x.%x\n", PCI_BUS_NUM(bdf),
			  PCI_SLOT(bdf & 0xff), PCI_FUNC(bdf & 0xff));
}

static ssize_t bdf_min_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return hns3_pmu_emit_bdf(buf, to_hns3_pmu(dev_get_drvdata(dev))->bdf_min);
}
static DEVICE_ATTR_RO(bdf_min);

static ssize_t bdf_max_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return hns3_pmu_emit_bdf(buf, to_hns3_pmu(dev_get_drvdata(dev))->bdf_max);
}
static DEVICE_ATTR_RO(bdf_max);

static ssize_t hw_clk_freq_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%u\n", hp->hw_clk_freq);
}
static DEVICE_ATTR_RO(hw_clk_freq);

static const struct attribute_group hns3_pmu_events_group = {
	.name = "events",
	.attrs = hns3_pmu_events_attr,
};

static const struct attribute_group hns3_pmu_filter_mode_group = {
	.name = "filtermode",
	.attrs = hns3_pmu_filter_mode_attr,
};

static const struct attribute_group hns3_pmu_format_group = {
	.name = "format",
	.attrs = hns3_pmu_format_attr,
};

static struct attribute *hns3_pmu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL
};

static const struct attribute_group hns3_pmu_cpumask_attr_group = {
	.attrs = hns3_pmu_cpumask_attrs,
};

static struct attribute *hns3_pmu_identifier_attrs[] = {
	&dev_attr_identifier.attr,
	NULL
};

static const struct attribute_group hns3_pmu_identifier_attr_group = {
	.attrs = hns3_pmu_identifier_attrs,
};

static struct attribute *hns3_pmu_bdf_range_attrs[] = {
	&dev_attr_bdf_min.attr,
	&dev_attr_bdf_max.attr,
	NULL
};

static const struct attribute_group hns3_pmu_bdf_range_attr_group = {
	.attrs = hns3_pmu_bdf_range_attrs,
};

static struct attribute *hns3_pmu_hw_clk_freq_attrs[] = {
	&dev_attr_hw_clk_freq.attr,
	NULL
};

static const struct attribute_group hns3_pmu_hw_clk_freq_attr_group = {
	.attrs = hns3_pmu_hw_clk_freq_attrs,
};

static const struct attribute_group *hns3_pmu_attr_groups[] = {
	&hns3_pmu_events_group,
	&hns3_pmu_filter_mode_group,
	&hns3_pmu_format_group,
	&hns3_pmu_cpumask_attr_group,
	&hns3_pmu_identifier_attr_group,
	&hns3_pmu_bdf_range_attr_group,
	&hns3_pmu_hw_clk_freq_attr_group,
	NULL
};

/* ---- register access --------------------------------------------------------- */

static u32 hns3_pmu_get_offset(u32 offset, u32 idx)
{
	return offset + HNS3_PMU_REG_EVENT_OFFSET +
	       HNS3_PMU_REG_EVENT_SIZE * idx;
}

static u32 hns3_pmu_readl(struct emu_hns3_pmu *hp, u32 reg, u32 idx)
{
	return emu_hns3_hw_readl(&hp->hw, hns3_pmu_get_offset(reg, idx));
}

static void hns3_pmu_writel(struct emu_hns3_pmu *hp, u32 reg, u32 idx, u32 val)
{
	emu_hns3_hw_writel(&hp->hw, hns3_pmu_get_offset(reg, idx), val);
}

static u64 hns3_pmu_readq(struct emu_hns3_pmu *hp, u32 reg, u32 idx)
{
	return emu_hns3_hw_readq(&hp->hw, hns3_pmu_get_offset(reg, idx));
}

static void hns3_pmu_writeq(struct emu_hns3_pmu *hp, u32 reg, u32 idx, u64 val)
{
	emu_hns3_hw_writeq(&hp->hw, hns3_pmu_get_offset(reg, idx), val);
}

/* ---- event_init ---------------------------------------------------------------- */

/* Pairs share a counter on the real event alone: filters are not compared. */
static bool hns3_pmu_cmp_event(struct perf_event *target,
			       struct perf_event *event)
{
	return hns3_pmu_get_real_event(target) == hns3_pmu_get_real_event(event);
}

static bool hns3_pmu_group_cmp(struct pmu *pmu, struct perf_event *target,
			       struct perf_event *event)
{
	return hns3_pmu_cmp_event(target, event);
}

static int hns3_pmu_find_related_event_idx(struct emu_hns3_pmu *hp,
					   struct perf_event *event)
{
	struct perf_event *sibling;
	int hw_event_used = 0;
	int idx;

	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++) {
		sibling = hp->hw_events[idx];
		if (!sibling)
			continue;

		hw_event_used++;

		if (!hns3_pmu_cmp_event(sibling, event))
			continue;

		/* Related events must be used in group */
		if (sibling->group_leader == event->group_leader)
			return idx;
	}

	/* No related event and all hardware events are used up */
	if (hw_event_used >= HNS3_PMU_MAX_HW_EVENTS)
		return -EBUSY;

	/* No related event and there is extra hardware events can be use */
	return -ENOENT;
}

static int hns3_pmu_get_event_idx(struct emu_hns3_pmu *hp)
{
	int idx;

	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++)
		if (!hp->hw_events[idx])
			return idx;

	return -EBUSY;
}

static bool hns3_pmu_valid_bdf(struct emu_hns3_pmu *hp, u16 bdf)
{
	if (bdf < hp->bdf_min || bdf > hp->bdf_max) {
		pr_err("%s: Invalid EP device: %#x!\n", hp->emu.name, bdf);
		return false;
	}
	if (!emu_topo_dev_exists(bdf)) {
		pr_err("%s: Nonexistent EP device: %#x!\n", hp->emu.name, bdf);
		return false;
	}
	return true;
}

/* Ask the device whether queue @queue of function @bdf exists. */
static bool hns3_pmu_valid_queue(struct emu_hns3_pmu *hp, u32 idx, u16 bdf,
				 u16 queue)
{
	u32 val, reg;
	int ret;

	val = FIELD_PREP(HNS3_PMU_QID_PARA_FUNC_M, bdf & 0xff) |
	      FIELD_PREP(HNS3_PMU_QID_PARA_QUEUE_M, queue);
	hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_QID_PARA, idx, val);
	hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_QID_CTRL, idx,
			HNS3_PMU_QID_CTRL_REQ_ENABLE);

	ret = read_poll_timeout(hns3_pmu_readl, reg,
				reg & HNS3_PMU_QID_CTRL_DONE,
				HNS3_PMU_QID_POLL_US, HNS3_PMU_QID_TIMEOUT_US,
				false, hp, HNS3_PMU_REG_EVENT_QID_CTRL, idx);
	hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_QID_CTRL, idx, 0);
	if (ret) {
		pr_err("%s: QID request timeout!\n", hp->emu.name);
		return false;
	}
	return !(reg & HNS3_PMU_QID_CTRL_MISS);
}

static bool hns3_pmu_is_enabled_global_mode(struct perf_event *event,
					    const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_GLOBAL) &&
	       hns3_pmu_get_global(event);
}

static bool hns3_pmu_is_enabled_func_mode(struct perf_event *event,
					  const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_FUNC) &&
	       hns3_pmu_get_queue(event) == HNS3_PMU_FILTER_ALL_QUEUE &&
	       hns3_pmu_get_bdf(event);
}

static bool hns3_pmu_is_enabled_func_queue_mode(struct perf_event *event,
						const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_FUNC_QUEUE) &&
	       hns3_pmu_get_queue(event) != HNS3_PMU_FILTER_ALL_QUEUE &&
	       hns3_pmu_get_bdf(event);
}

static bool hns3_pmu_is_enabled_port_mode(struct perf_event *event,
					  const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_PORT) &&
	       hns3_pmu_get_tc(event) == HNS3_PMU_FILTER_ALL_TC;
}

/* tc defaults to 0, so an event without filters lands here: port 0, tc 0. */
static bool hns3_pmu_is_enabled_port_tc_mode(struct perf_event *event,
					     const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_PORT_TC) &&
	       hns3_pmu_get_tc(event) != HNS3_PMU_FILTER_ALL_TC;
}

/* Unreachable with the driver's table: no event supports func-intr. */
static bool hns3_pmu_is_enabled_func_intr_mode(struct perf_event *event,
					       struct emu_hns3_pmu *hp,
					       const struct hns3_pmu_event_attr *ev)
{
	return (ev->filter_support & HNS3_PMU_FILTER_SUPPORT_FUNC_INTR) &&
	       hns3_pmu_valid_bdf(hp, hns3_pmu_get_bdf(event));
}

/* Modes are tried in the driver's order; the first that applies wins. */
static int hns3_pmu_select_filter_mode(struct perf_event *event,
				       struct emu_hns3_pmu *hp)
{
	u32 event_id = hns3_pmu_get_event(event);
	struct hw_perf_event *hwc = &event->hw;
	const struct hns3_pmu_event_attr *ev;
	u16 bdf = hns3_pmu_get_bdf(event);

	ev = hns3_pmu_get_pmu_event(event_id);
	if (!ev) {
		pr_err("%s: Invalid pmu event\n", hp->emu.name);
		pr_debug("%s: reject event: %#x is not in the table\n",
			 hp->emu.name, event_id);
		return -ENOENT;
	}

	if (hns3_pmu_is_enabled_global_mode(event, ev)) {
		hwc->config_base = HNS3_PMU_HW_FILTER_GLOBAL;
		return 0;
	}

	if (hns3_pmu_is_enabled_func_mode(event, ev)) {
		if (!hns3_pmu_valid_bdf(hp, bdf)) {
			pr_debug("%s: reject bdf: func %#x\n", hp->emu.name, bdf);
			return -ENOENT;
		}
		hwc->config_base = HNS3_PMU_HW_FILTER_FUNC;
		return 0;
	}

	if (hns3_pmu_is_enabled_func_queue_mode(event, ev)) {
		u16 queue = hns3_pmu_get_queue(event);

		if (!hns3_pmu_valid_bdf(hp, bdf)) {
			pr_debug("%s: reject bdf: func-queue %#x\n",
				 hp->emu.name, bdf);
			return -ENOENT;
		}
		if (!hns3_pmu_valid_queue(hp, hwc->idx, bdf, queue)) {
			pr_err("%s: Invalid queue: %u\n", hp->emu.name, queue);
			pr_debug("%s: reject queue: %u of %#x\n", hp->emu.name,
				 queue, bdf);
			return -ENOENT;
		}
		hwc->config_base = HNS3_PMU_HW_FILTER_FUNC_QUEUE;
		return 0;
	}

	if (hns3_pmu_is_enabled_port_mode(event, ev)) {
		hwc->config_base = HNS3_PMU_HW_FILTER_PORT;
		return 0;
	}

	if (hns3_pmu_is_enabled_port_tc_mode(event, ev)) {
		hwc->config_base = HNS3_PMU_HW_FILTER_PORT_TC;
		return 0;
	}

	if (hns3_pmu_is_enabled_func_intr_mode(event, hp, ev)) {
		hwc->config_base = HNS3_PMU_HW_FILTER_FUNC_INTR;
		return 0;
	}

	pr_debug("%s: reject filter: no filter mode of %#x matches config1 %#llx\n",
		 hp->emu.name, event_id, event->attr.config1);
	return -ENOENT;
}

static int hns3_pmu_event_init(struct perf_event *event)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int idx, ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;

	ret = emu_check_counting_only(&hp->emu, event);
	if (ret)
		return ret;

	event->cpu = hp->emu.on_cpu;

	/* A provisional slot for the queue lookup; add() picks the real one. */
	idx = hns3_pmu_get_event_idx(hp);
	if (idx < 0) {
		pr_err("%s: Up to %u events are supported!\n", hp->emu.name,
		       HNS3_PMU_MAX_HW_EVENTS);
		pr_debug("%s: reject busy: all %u counters in use\n",
			 hp->emu.name, HNS3_PMU_MAX_HW_EVENTS);
		return -EBUSY;
	}
	hwc->idx = idx;

	ret = hns3_pmu_select_filter_mode(event, hp);
	if (ret) {
		pr_err("%s: Invalid filter, ret = %d.\n", hp->emu.name, ret);
		return ret;
	}

	/* At most 8 distinct real events (v6.10 bounded loop). */
	if (!emu_validate_group_distinct(event, hns3_pmu_group_cmp)) {
		pr_err("%s: Invalid event group.\n", hp->emu.name);
		pr_debug("%s: reject group: more than %u real events or another PMU\n",
			 hp->emu.name, HNS3_PMU_MAX_HW_EVENTS);
		return -EINVAL;
	}

	if (hns3_pmu_get_ext_counter_used(event))
		hwc->event_base = HNS3_PMU_REG_EVENT_EXT_COUNTER;
	else
		hwc->event_base = HNS3_PMU_REG_EVENT_COUNTER;

	return 0;
}

/* ---- counting ------------------------------------------------------------------ */

static u32 hns3_pmu_get_filter_condition(struct perf_event *event)
{
	u16 intr_id = hns3_pmu_get_intr(event);
	u8 port_id = hns3_pmu_get_port(event);
	u16 bdf = hns3_pmu_get_bdf(event);
	u8 tc_id = hns3_pmu_get_tc(event);

	switch (event->hw.config_base) {
	case HNS3_PMU_HW_FILTER_PORT:
		return FIELD_PREP(HNS3_PMU_FILTER_PORT_M, BIT(port_id) & 0xff);
	case HNS3_PMU_HW_FILTER_PORT_TC:
		return FIELD_PREP(HNS3_PMU_FILTER_PORT_TC_PORT_M, port_id) |
		       FIELD_PREP(HNS3_PMU_FILTER_PORT_TC_TC_M, tc_id & 7);
	case HNS3_PMU_HW_FILTER_FUNC:
	case HNS3_PMU_HW_FILTER_FUNC_QUEUE:
		/* Only devfn: the bus number is not programmed. */
		return FIELD_PREP(HNS3_PMU_FILTER_FUNC_M, bdf & 0xff);
	case HNS3_PMU_HW_FILTER_FUNC_INTR:
		return FIELD_PREP(HNS3_PMU_FILTER_INTR_M, intr_id) |
		       FIELD_PREP(HNS3_PMU_FILTER_FUNC_M, bdf & 0xff);
	default:
		return 0;
	}
}

static void hns3_pmu_config_filter(struct perf_event *event)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	u32 idx = event->hw.idx;
	u32 val;

	val = FIELD_PREP(HNS3_PMU_CTRL_EVENT_TYPE_M,
			 hns3_pmu_get_event_type(event)) |
	      FIELD_PREP(HNS3_PMU_CTRL_SUBEVENT_M, hns3_pmu_get_subevent(event)) |
	      FIELD_PREP(HNS3_PMU_CTRL_FILTER_MODE_M, event->hw.config_base) |
	      HNS3_PMU_EVENT_OVERFLOW_RESTART;
	hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_CTRL_LOW, idx, val);
	hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_CTRL_HIGH, idx,
			hns3_pmu_get_filter_condition(event));

	if (event->hw.config_base == HNS3_PMU_HW_FILTER_FUNC_QUEUE) {
		val = FIELD_PREP(HNS3_PMU_QID_PARA_FUNC_M,
				 hns3_pmu_get_bdf(event) & 0xff) |
		      FIELD_PREP(HNS3_PMU_QID_PARA_QUEUE_M,
				 hns3_pmu_get_queue(event));
		hns3_pmu_writel(hp, HNS3_PMU_REG_EVENT_QID_PARA, idx, val);
	}
}

/* Both registers of the slot restart from zero. */
static void hns3_pmu_init_counter(struct perf_event *event)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	u32 idx = event->hw.idx;

	local64_set(&event->hw.prev_count, 0);
	hns3_pmu_writeq(hp, HNS3_PMU_REG_EVENT_COUNTER, idx, 0);
	hns3_pmu_writeq(hp, HNS3_PMU_REG_EVENT_EXT_COUNTER, idx, 0);
}

static void hns3_pmu_update_reg(struct emu_hns3_pmu *hp, u32 reg, u32 idx,
				u32 clear, u32 set)
{
	u32 val = hns3_pmu_readl(hp, reg, idx);

	hns3_pmu_writel(hp, reg, idx, (val & ~clear) | set);
}

static void hns3_pmu_read(struct perf_event *event)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 new_cnt, prev_cnt;

	do {
		prev_cnt = local64_read(&hwc->prev_count);
		new_cnt = hns3_pmu_readq(hp, hwc->event_base, hwc->idx);
	} while (local64_cmpxchg(&hwc->prev_count, prev_cnt, new_cnt) !=
		 prev_cnt);

	local64_add(new_cnt - prev_cnt, &event->count);
}

/*
 * Starting the second half of a pair reprograms the shared slot with its
 * own filters and zeroes both registers (quirk).
 */
static void hns3_pmu_start(struct perf_event *event, int flags)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;

	WARN_ON_ONCE(!(hwc->state & PERF_HES_UPTODATE));
	hwc->state = 0;

	hns3_pmu_config_filter(event);
	hns3_pmu_init_counter(event);
	hns3_pmu_update_reg(hp, HNS3_PMU_REG_EVENT_INTR_MASK, hwc->idx,
			    HNS3_PMU_INTR_MASK_OVERFLOW, 0);
	hns3_pmu_update_reg(hp, HNS3_PMU_REG_EVENT_CTRL_LOW, hwc->idx,
			    0, HNS3_PMU_EVENT_EN);

	perf_event_update_userpage(event);
}

/* Disables the slot before the last read; stops a shared pair (quirk). */
static void hns3_pmu_stop(struct perf_event *event, int flags)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	hns3_pmu_update_reg(hp, HNS3_PMU_REG_EVENT_CTRL_LOW, hwc->idx,
			    HNS3_PMU_EVENT_EN, 0);
	hns3_pmu_update_reg(hp, HNS3_PMU_REG_EVENT_INTR_MASK, hwc->idx,
			    0, HNS3_PMU_INTR_MASK_OVERFLOW);

	WARN_ON_ONCE(hwc->state & PERF_HES_STOPPED);
	hwc->state |= PERF_HES_STOPPED;

	if (hwc->state & PERF_HES_UPTODATE)
		return;

	/* Read hardware counter after hardware event stopped. */
	hns3_pmu_read(event);
	hwc->state |= PERF_HES_UPTODATE;
}

static int hns3_pmu_add(struct perf_event *event, int flags)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int idx;

	hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;

	/* Check all working events to find a related event. */
	idx = hns3_pmu_find_related_event_idx(hp, event);
	if (idx < 0 && idx != -ENOENT)
		return idx;

	/* Current event shares an enabled hardware event with related event */
	if (idx >= 0 && idx < HNS3_PMU_MAX_HW_EVENTS) {
		hwc->idx = idx;
		goto start_count;
	}

	idx = hns3_pmu_get_event_idx(hp);
	if (idx < 0)
		return idx;

	hwc->idx = idx;
	hp->hw_events[idx] = event;

start_count:
	if (flags & PERF_EF_START)
		hns3_pmu_start(event, PERF_EF_RELOAD);

	return 0;
}

/* Frees the slot even when the other half of a pair still uses it (quirk). */
static void hns3_pmu_del(struct perf_event *event, int flags)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(event->pmu);

	hns3_pmu_stop(event, PERF_EF_UPDATE);
	hp->hw_events[event->hw.idx] = NULL;
	perf_event_update_userpage(event);
}

static void hns3_pmu_enable(struct pmu *pmu)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(pmu);
	u32 val;

	val = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_GLOBAL_CTRL);
	emu_hns3_hw_writel(&hp->hw, HNS3_PMU_REG_GLOBAL_CTRL,
			   val | HNS3_PMU_GLOBAL_START);
}

static void hns3_pmu_disable(struct pmu *pmu)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(pmu);
	u32 val;

	val = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_GLOBAL_CTRL);
	emu_hns3_hw_writel(&hp->hw, HNS3_PMU_REG_GLOBAL_CTRL,
			   val & ~HNS3_PMU_GLOBAL_START);
}

/* ---- family operations ------------------------------------------------------------ */

static int emu_hns3_advance(struct emu_pmu *epmu, u64 cycles)
{
	return emu_hns3_hw_advance_burst(&to_hns3_pmu(&epmu->pmu)->hw, epmu,
					 cycles);
}

static void emu_hns3_generate(struct emu_pmu *epmu, u64 dt_ns)
{
	emu_hns3_hw_generate(&to_hns3_pmu(&epmu->pmu)->hw, dt_ns);
}

static int emu_hns3_inject(struct emu_pmu *epmu, char *cmd)
{
	return emu_hns3_hw_inject(&to_hns3_pmu(&epmu->pmu)->hw, epmu, cmd);
}

/* What the slots view shows, taken at one instant on the PMU's CPU. */
struct emu_hns3_slots {
	struct emu_hns3_pmu *hp;
	u32 global_ctrl;
	struct {
		bool used;
		u64 config, config1;
		u32 ctrl_low, ctrl_high, qid_para;
		u64 cnt, ext;
	} slot[HNS3_PMU_MAX_HW_EVENTS];
};

static void emu_hns3_read_slots(void *info)
{
	struct emu_hns3_slots *v = info;
	struct emu_hns3_pmu *hp = v->hp;
	struct emu_hns3_hw *hw = &hp->hw;
	struct perf_event *ev;
	int idx;

	raw_spin_lock(&hw->lock);
	v->global_ctrl = hw->global_ctrl;
	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++) {
		ev = hp->hw_events[idx];
		/* the kernel's own driver keeps its events to itself */
		v->slot[idx].used = emu_real_drivers ?
			!!(hw->ctrl_low[idx] & HNS3_PMU_EVENT_EN) : !!ev;
		if (ev) {
			v->slot[idx].config = ev->attr.config;
			v->slot[idx].config1 = ev->attr.config1;
		}
		v->slot[idx].ctrl_low = hw->ctrl_low[idx];
		v->slot[idx].ctrl_high = hw->ctrl_high[idx];
		v->slot[idx].qid_para = hw->qid_para[idx];
		v->slot[idx].cnt = hw->counter[idx];
		v->slot[idx].ext = hw->ext_counter[idx];
	}
	raw_spin_unlock(&hw->lock);
}

static void emu_hns3_show_slots(struct emu_pmu *epmu, struct seq_file *s)
{
	struct emu_hns3_slots v = { .hp = to_hns3_pmu(&epmu->pmu) };
	int idx;

	if (emu_on_pmu_cpu(epmu, emu_hns3_read_slots, &v))
		return;
	seq_printf(s, "global_ctrl=%#x\n", v.global_ctrl);
	for (idx = 0; idx < HNS3_PMU_MAX_HW_EVENTS; idx++)
		seq_printf(s, "slot=%d used=%d config=%#llx config1=%#llx ctrl_low=%#x ctrl_high=%#x qid_para=%#x cnt=%#llx ext=%#llx\n",
			   idx, v.slot[idx].used, v.slot[idx].config,
			   v.slot[idx].config1, v.slot[idx].ctrl_low,
			   v.slot[idx].ctrl_high, v.slot[idx].qid_para,
			   v.slot[idx].cnt, v.slot[idx].ext);
}

static void emu_hns3_show_info(struct emu_pmu *epmu, struct seq_file *s)
{
	struct emu_hns3_pmu *hp = to_hns3_pmu(&epmu->pmu);

	seq_printf(s, "name=%s\nfamily=hns3\ntype=%d\ncpu=%d\n",
		   epmu->name, emu_pmu_type(epmu), epmu->on_cpu);
	seq_printf(s, "bdf_min=%#06x\nbdf_max=%#06x\nclock_hz=%u\nqueues=%u\n",
		   hp->bdf_min, hp->bdf_max, hp->hw_clk_freq, hp->hw.queues);
	seq_printf(s, "generator_function=%#06x\n", hp->hw.gen_bdf);
}

/* hns3_pmu_online_cpu(): the first CPU to come online. */
static unsigned int emu_hns3_online_target(struct emu_pmu *epmu,
					   unsigned int cpu)
{
	return cpu;
}

/* hns3_pmu_offline_cpu(): any other online CPU. */
static unsigned int emu_hns3_offline_target(struct emu_pmu *epmu,
					    unsigned int cpu)
{
	return cpumask_any_but(cpu_online_mask, cpu);
}

static bool emu_hns3_irq_pending(struct emu_pmu *epmu)
{
	return emu_hns3_hw_irq_pending(&to_hns3_pmu(&epmu->pmu)->hw);
}

static u64 emu_hns3_bar_read(struct emu_pmu *epmu, u32 off, unsigned int size)
{
	struct emu_hns3_hw *hw = &to_hns3_pmu(&epmu->pmu)->hw;

	return size == sizeof(u64) ? emu_hns3_hw_readq(hw, off) :
				     emu_hns3_hw_readl(hw, off);
}

static void emu_hns3_bar_write(struct emu_pmu *epmu, u32 off,
			       unsigned int size, u64 val)
{
	struct emu_hns3_hw *hw = &to_hns3_pmu(&epmu->pmu)->hw;

	if (size == sizeof(u64))
		emu_hns3_hw_writeq(hw, off, val);
	else
		emu_hns3_hw_writel(hw, off, val);
}

static const struct emu_family_ops emu_hns3_ops = {
	.advance = emu_hns3_advance,
	.generate = emu_hns3_generate,
	.inject = emu_hns3_inject,
	.show_slots = emu_hns3_show_slots,
	.show_info = emu_hns3_show_info,
	.online_target = emu_hns3_online_target,
	.offline_target = emu_hns3_offline_target,
	.pci_device = 0xa22b,		/* hns3_pmu_ids[] */
	/* the global registers, then one page per counter */
	.bar_size = HNS3_PMU_REG_EVENT_OFFSET +
		    EMU_MAX_SLOTS * HNS3_PMU_REG_EVENT_SIZE,
	.bar_read = emu_hns3_bar_read,
	.bar_write = emu_hns3_bar_write,
	.irq_pending = emu_hns3_irq_pending,
};

/* ---- probe ------------------------------------------------------------------------- */

/* Like the driver's probe: identity and bdf range come from the device. */
struct emu_pmu *emu_hns3_create(u16 sicl, const struct emu_bdf_range *funcs,
				u32 identifier, u32 clk_hz,
				unsigned int queues)
{
	struct emu_hns3_pmu *hp;
	u32 val;

	hp = kzalloc(sizeof(*hp), GFP_KERNEL);
	if (!hp)
		return ERR_PTR(-ENOMEM);

	emu_hns3_hw_init(&hp->hw, funcs, sicl, identifier, clk_hz, queues);

	hp->hw_clk_freq = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_CLOCK_FREQ);
	val = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_BDF);
	hp->bdf_min = FIELD_GET(HNS3_PMU_REG_LO_M, val);
	hp->bdf_max = FIELD_GET(HNS3_PMU_REG_HI_M, val);
	hp->identifier = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_VERSION);
	val = emu_hns3_hw_readl(&hp->hw, HNS3_PMU_REG_DEVICE_ID);
	snprintf(hp->emu.name, sizeof(hp->emu.name), "hns3_pmu_sicl_%u",
		 (u32)FIELD_GET(HNS3_PMU_REG_LO_M, val));

	hp->emu.pmu_parent = true;	/* hns3_pmu_alloc_pmu(), since 6.9 */
	hp->emu.family = EMU_FAMILY_HNS3;
	hp->emu.ops = &emu_hns3_ops;
	hp->emu.on_cpu = -1;
	hp->emu.node = NUMA_NO_NODE;
	hp->emu.pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.event_init	= hns3_pmu_event_init,
		.pmu_enable	= hns3_pmu_enable,
		.pmu_disable	= hns3_pmu_disable,
		.add		= hns3_pmu_add,
		.del		= hns3_pmu_del,
		.start		= hns3_pmu_start,
		.stop		= hns3_pmu_stop,
		.read		= hns3_pmu_read,
		.task_ctx_nr	= perf_invalid_context,
		.attr_groups	= hns3_pmu_attr_groups,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
	};
	return &hp->emu;
}

void emu_hns3_destroy(struct emu_pmu *epmu)
{
	kfree(to_hns3_pmu(&epmu->pmu));
}
