// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the HiSilicon PCIe PMU driver side.
 *
 * Behaviour transcribed from drivers/perf/hisilicon/hisi_pcie_pmu.c as the
 * project's fact sheet describes it (v5.19 .. v6.12+); what differs between
 * driver versions is the data in emu_pcie_eras[]. Everything here talks to
 * the emulated device through its register offsets only.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/numa.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/topology.h>

#include "emu_pcie.h"

#define HISI_PCIE_THR_MAX_VAL		10
#define HISI_PCIE_TRIG_MAX_VAL		10
#define HISI_PCIE_MAX_PERIOD		GENMASK_ULL(63, 0)

struct emu_pcie_pmu {
	struct emu_pmu emu;
	const struct emu_pcie_era *era;
	struct perf_event *hw_events[HISI_PCIE_MAX_COUNTERS];
	struct emu_pcie_hw hw;
	u32 identifier;
	/* Minimum and maximum BDF of the root ports monitored by the PMU */
	u16 bdf_min;
	u16 bdf_max;
	int node;	/* dev_to_node(&pdev->dev) */
};

#define to_pcie_pmu(p)	container_of(to_emu_pmu(p), struct emu_pcie_pmu, emu)

/* One getter per format field: emu_pcie_get_<field>(event). */
#define EMU_PCIE_FILTER_ATTR(_name, _config, _hi, _lo)			\
	static u64 emu_pcie_get_##_name(struct perf_event *event)	\
	{								\
		return FIELD_GET(GENMASK_ULL(_hi, _lo),			\
				 event->attr._config);			\
	}

EMU_PCIE_FILTER_ATTR(event, config, 16, 0);
EMU_PCIE_FILTER_ATTR(thr_len, config1, 3, 0);
EMU_PCIE_FILTER_ATTR(thr_mode, config1, 4, 4);
EMU_PCIE_FILTER_ATTR(trig_len, config1, 8, 5);
EMU_PCIE_FILTER_ATTR(trig_mode, config1, 9, 9);
EMU_PCIE_FILTER_ATTR(len_mode, config1, 11, 10);
EMU_PCIE_FILTER_ATTR(port, config2, 15, 0);
EMU_PCIE_FILTER_ATTR(bdf, config2, 31, 16);

/*
 * Counter and ext_counter of one slot work together: for RX memory write
 * latency (real event 0x0010) the counter sums the delay cycles and the ext
 * counter counts the TLPs. Perf sees them as two events; bit 16 of config
 * picks the ext counter and bits 0-15 are the real event written to
 * EVENT_CTRL.
 */
#define EXT_COUNTER_IS_USED(idx)	((idx) & BIT(16))

static u32 emu_pcie_get_real_event(struct perf_event *event)
{
	return emu_pcie_get_event(event) & GENMASK(15, 0);
}

/* ---- register access ------------------------------------------------------ */

static u32 emu_pcie_offset(u32 offset, u32 idx)
{
	return offset + HISI_PCIE_REG_STEP * idx;
}

static u64 emu_pcie_readq(struct emu_pcie_pmu *pp, u32 reg, u32 idx)
{
	return emu_pcie_hw_readq(&pp->hw, emu_pcie_offset(reg, idx));
}

static void emu_pcie_writeq(struct emu_pcie_pmu *pp, u32 reg, u32 idx, u64 val)
{
	emu_pcie_hw_writeq(&pp->hw, emu_pcie_offset(reg, idx), val);
}

static void emu_pcie_writel(struct emu_pcie_pmu *pp, u32 reg, u32 idx, u32 val)
{
	emu_pcie_hw_writel(&pp->hw, emu_pcie_offset(reg, idx), val);
}

/* ---- sysfs ----------------------------------------------------------------- */

static ssize_t emu_pcie_event_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct perf_pmu_events_attr *pmu_attr =
		container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(buf, "config=0x%llx\n", pmu_attr->id);
}

#define EMU_PCIE_EVENT_ATTR(_name, _id)					\
	PMU_EVENT_ATTR_ID(_name, emu_pcie_event_show, _id)

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(dev_get_drvdata(dev));

	return cpumap_print_to_pagebuf(true, buf, cpumask_of(pp->emu.on_cpu));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%#x\n", pp->identifier);
}
static DEVICE_ATTR_RO(identifier);

static ssize_t bus_show(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%#04x\n", PCI_BUS_NUM(pp->bdf_min));
}
static DEVICE_ATTR_RO(bus);

static ssize_t bdf_min_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%#04x\n", pp->bdf_min);
}
static DEVICE_ATTR_RO(bdf_min);

static ssize_t bdf_max_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%#04x\n", pp->bdf_max);
}
static DEVICE_ATTR_RO(bdf_max);

/* The latency pairs, the same in every era. */
#define EMU_PCIE_LATENCY_EVENTS						\
	EMU_PCIE_EVENT_ATTR(rx_mwr_latency, 0x0010),			\
	EMU_PCIE_EVENT_ATTR(rx_mwr_cnt, 0x10010),			\
	EMU_PCIE_EVENT_ATTR(rx_mrd_latency, 0x0210),			\
	EMU_PCIE_EVENT_ATTR(rx_mrd_cnt, 0x10210),			\
	EMU_PCIE_EVENT_ATTR(tx_mrd_latency, 0x0011),			\
	EMU_PCIE_EVENT_ATTR(tx_mrd_cnt, 0x10011),

/* v5.19: the original ten events, two of them with IDs fixed in v6.2. */
static struct attribute *emu_pcie_events_5_19[] = {
	EMU_PCIE_LATENCY_EVENTS
	EMU_PCIE_EVENT_ATTR(rx_mrd_flux, 0x1005),
	EMU_PCIE_EVENT_ATTR(rx_mrd_time, 0x11005),
	EMU_PCIE_EVENT_ATTR(tx_mrd_flux, 0x2004),
	EMU_PCIE_EVENT_ATTR(tx_mrd_time, 0x12004),
	NULL
};

/* v6.2 (6b4bb4f38dbf "Fix some event id for hisi-pcie-pmu"). */
static struct attribute *emu_pcie_events_6_2[] = {
	EMU_PCIE_LATENCY_EVENTS
	EMU_PCIE_EVENT_ATTR(rx_mrd_flux, 0x0804),
	EMU_PCIE_EVENT_ATTR(rx_mrd_time, 0x10804),
	EMU_PCIE_EVENT_ATTR(tx_mrd_flux, 0x0405),
	EMU_PCIE_EVENT_ATTR(tx_mrd_time, 0x10405),
	NULL
};

/* v6.9 (00ca69b856ba "Add more events for counting TLP bandwidth"). */
static struct attribute *emu_pcie_events_6_9[] = {
	EMU_PCIE_LATENCY_EVENTS
	EMU_PCIE_EVENT_ATTR(rx_mwr_flux, 0x0104),
	EMU_PCIE_EVENT_ATTR(rx_mwr_time, 0x10104),
	EMU_PCIE_EVENT_ATTR(rx_mrd_flux, 0x0804),
	EMU_PCIE_EVENT_ATTR(rx_mrd_time, 0x10804),
	EMU_PCIE_EVENT_ATTR(rx_cpl_flux, 0x2004),
	EMU_PCIE_EVENT_ATTR(rx_cpl_time, 0x12004),
	EMU_PCIE_EVENT_ATTR(tx_mwr_flux, 0x0105),
	EMU_PCIE_EVENT_ATTR(tx_mwr_time, 0x10105),
	EMU_PCIE_EVENT_ATTR(tx_mrd_flux, 0x0405),
	EMU_PCIE_EVENT_ATTR(tx_mrd_time, 0x10405),
	EMU_PCIE_EVENT_ATTR(tx_cpl_flux, 0x1005),
	EMU_PCIE_EVENT_ATTR(tx_cpl_time, 0x11005),
	NULL
};

static const struct attribute_group emu_pcie_events_group_5_19 = {
	.name = "events",
	.attrs = emu_pcie_events_5_19,
};

static const struct attribute_group emu_pcie_events_group_6_2 = {
	.name = "events",
	.attrs = emu_pcie_events_6_2,
};

static const struct attribute_group emu_pcie_events_group_6_9 = {
	.name = "events",
	.attrs = emu_pcie_events_6_9,
};

/* The v5.19 formats; v6.2 puts len_mode between the two halves. */
#define EMU_PCIE_FORMAT_FILTERS						\
	EMU_FORMAT_ATTR(event, "config:0-16"),				\
	EMU_FORMAT_ATTR(thr_len, "config1:0-3"),			\
	EMU_FORMAT_ATTR(thr_mode, "config1:4"),				\
	EMU_FORMAT_ATTR(trig_len, "config1:5-8"),			\
	EMU_FORMAT_ATTR(trig_mode, "config1:9"),
#define EMU_PCIE_FORMAT_TARGET						\
	EMU_FORMAT_ATTR(port, "config2:0-15"),				\
	EMU_FORMAT_ATTR(bdf, "config2:16-31"),

static struct attribute *emu_pcie_format_5_19[] = {
	EMU_PCIE_FORMAT_FILTERS
	EMU_PCIE_FORMAT_TARGET
	NULL
};

/* v6.2 (17d573984d4d "Add TLP filter support") adds len_mode. */
static struct attribute *emu_pcie_format_6_2[] = {
	EMU_PCIE_FORMAT_FILTERS
	EMU_FORMAT_ATTR(len_mode, "config1:10-11"),
	EMU_PCIE_FORMAT_TARGET
	NULL
};

static const struct attribute_group emu_pcie_format_group_5_19 = {
	.name = "format",
	.attrs = emu_pcie_format_5_19,
};

static const struct attribute_group emu_pcie_format_group_6_2 = {
	.name = "format",
	.attrs = emu_pcie_format_6_2,
};

/* v5.19 .. v6.11: the root bus only. */
static struct attribute *emu_pcie_bus_attrs_5_19[] = {
	&dev_attr_bus.attr,
	NULL
};

/* v6.12 ("Export supported Root Ports [bdf_min, bdf_max]"). */
static struct attribute *emu_pcie_bus_attrs_6_12[] = {
	&dev_attr_bus.attr,
	&dev_attr_bdf_max.attr,
	&dev_attr_bdf_min.attr,
	NULL
};

static const struct attribute_group emu_pcie_bus_group_5_19 = {
	.attrs = emu_pcie_bus_attrs_5_19,
};

static const struct attribute_group emu_pcie_bus_group_6_12 = {
	.attrs = emu_pcie_bus_attrs_6_12,
};

static struct attribute *emu_pcie_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL
};

static const struct attribute_group emu_pcie_cpumask_group = {
	.attrs = emu_pcie_cpumask_attrs,
};

static struct attribute *emu_pcie_identifier_attrs[] = {
	&dev_attr_identifier.attr,
	NULL
};

static const struct attribute_group emu_pcie_identifier_group = {
	.attrs = emu_pcie_identifier_attrs,
};

static const struct attribute_group *emu_pcie_groups_5_19[] = {
	&emu_pcie_events_group_5_19,
	&emu_pcie_format_group_5_19,
	&emu_pcie_bus_group_5_19,
	&emu_pcie_cpumask_group,
	&emu_pcie_identifier_group,
	NULL
};

static const struct attribute_group *emu_pcie_groups_6_2[] = {
	&emu_pcie_events_group_6_2,
	&emu_pcie_format_group_6_2,
	&emu_pcie_bus_group_5_19,
	&emu_pcie_cpumask_group,
	&emu_pcie_identifier_group,
	NULL
};

/*
 * Debian 12's 6.1.y (6.1.192): stable took 6.2's event IDs and 6.12's
 * set_period check but not len_mode.
 */
static const struct attribute_group *emu_pcie_groups_6_1_y[] = {
	&emu_pcie_events_group_6_2,
	&emu_pcie_format_group_5_19,
	&emu_pcie_bus_group_5_19,
	&emu_pcie_cpumask_group,
	&emu_pcie_identifier_group,
	NULL
};

static const struct attribute_group *emu_pcie_groups_6_9[] = {
	&emu_pcie_events_group_6_9,
	&emu_pcie_format_group_6_2,
	&emu_pcie_bus_group_5_19,
	&emu_pcie_cpumask_group,
	&emu_pcie_identifier_group,
	NULL
};

static const struct attribute_group *emu_pcie_groups_6_12[] = {
	&emu_pcie_events_group_6_9,
	&emu_pcie_format_group_6_2,
	&emu_pcie_bus_group_6_12,
	&emu_pcie_cpumask_group,
	&emu_pcie_identifier_group,
	NULL
};

/*
 * The driver versions the emulator reproduces, each named after the first
 * kernel with that behaviour: "5.19" (v5.19 .. v6.1), "6.2" (v6.2 .. v6.8),
 * "6.9" (v6.9 .. v6.11) and "6.12", the newest driver (v6.12+); and
 * "6.1.y", the v6.1 stable driver as Debian 12 ships it (6.1.192), which
 * vm-run --driver 6.1 runs itself as the witness.
 */
const struct emu_pcie_era emu_pcie_eras[] = {
	{
		.name = "5.19",
		.attr_groups = emu_pcie_groups_5_19,
		.ctrl_init = HISI_PCIE_INIT_SET,
		.full_errno = -EINVAL,
		.offline_first_cpu = true,
	}, {
		/*
		 * 6.1.y: 6.2's event IDs (6b4bb4f38dbf), the set_period check
		 * (hisi_pcie_pmu_set_period()), cpumask_any_but() on offline
		 * (hisi_pcie_pmu_offline_cpu()); the rest is v5.19's.
		 */
		.name = "6.1.y",
		.attr_groups = emu_pcie_groups_6_1_y,
		.ctrl_init = HISI_PCIE_INIT_SET,
		.full_errno = -EINVAL,
		.set_period_check = true,
	}, {
		.name = "6.2",
		.attr_groups = emu_pcie_groups_6_2,
		.has_len_mode = true,
		.ctrl_init = HISI_PCIE_INIT_SET,
		.full_errno = -EINVAL,
	}, {
		/*
		 * v6.9 .. v6.11 hisi_pcie_pmu_get_event_ctrl_val() still starts
		 * from HISI_PCIE_INIT_SET, so len_mode 2 ORed into it gives 3.
		 */
		.name = "6.9",
		.attr_groups = emu_pcie_groups_6_9,
		.has_len_mode = true,
		.ctrl_init = HISI_PCIE_INIT_SET,
		.check_zero_bdf = true,
		.cmp_whole_ctrl = true,
		.related_any_group = true,
		.full_errno = -EAGAIN,
		.numa_local = true,
		.pmu_parent = true,
	}, {
		/* v6.12: ctrl word from 0, bdf_min/bdf_max, set_period check. */
		.name = "6.12",
		.attr_groups = emu_pcie_groups_6_12,
		.has_len_mode = true,
		.ctrl_init = 0,
		.check_zero_bdf = true,
		.cmp_whole_ctrl = true,
		.related_any_group = true,
		.full_errno = -EAGAIN,
		.set_period_check = true,
		.numa_local = true,
		.pmu_parent = true,
	},
	{ }
};

/* ---- the control word -------------------------------------------------------- */

/*
 * hisi_pcie_pmu_get_event_ctrl_val(): the one function that builds
 * EVENT_CTRL for an event. The same value decides whether two events may
 * share a slot (v6.9+). It reads only the event's attr: the group check
 * also passes it a leader of another PMU.
 */
static u64 emu_pcie_get_event_ctrl_val(const struct emu_pcie_era *era,
				       struct perf_event *event)
{
	u64 port, trig_len, thr_len, len_mode;
	u64 reg = era->ctrl_init;

	reg |= FIELD_PREP(HISI_PCIE_EVENT_M, emu_pcie_get_real_event(event));

	/* A root port bitmap wins over a requester ID. */
	port = emu_pcie_get_port(event);
	if (port)
		reg |= FIELD_PREP(HISI_PCIE_TARGET_M, port);
	else
		reg |= HISI_PCIE_TARGET_EN |
		       FIELD_PREP(HISI_PCIE_TARGET_M, emu_pcie_get_bdf(event));

	trig_len = emu_pcie_get_trig_len(event);
	if (trig_len) {
		reg |= FIELD_PREP(HISI_PCIE_TRIG_M, trig_len);
		reg |= FIELD_PREP(HISI_PCIE_TRIG_MODE_M,
				  emu_pcie_get_trig_mode(event));
		reg |= HISI_PCIE_TRIG_EN;
	}

	thr_len = emu_pcie_get_thr_len(event);
	if (thr_len) {
		reg |= FIELD_PREP(HISI_PCIE_THR_M, thr_len);
		reg |= FIELD_PREP(HISI_PCIE_THR_MODE_M,
				  emu_pcie_get_thr_mode(event));
		reg |= HISI_PCIE_THR_EN;
	}

	/* len_mode 0 is reserved: the driver turns it into the default. */
	if (era->has_len_mode) {
		len_mode = emu_pcie_get_len_mode(event);
		reg |= FIELD_PREP(HISI_PCIE_LEN_M,
				  len_mode ? len_mode : HISI_PCIE_LEN_M_DEFAULT);
	}
	return reg;
}

/*
 * hisi_pcie_pmu_cmp_event(): do two events count the same thing (and so
 * may share a slot)? The era is the driver's, i.e. that of the PMU doing
 * the check, never looked up through @target, which may be a software
 * group leader.
 */
static bool emu_pcie_cmp_event(const struct emu_pcie_era *era,
			       struct perf_event *target,
			       struct perf_event *event)
{
	if (era->cmp_whole_ctrl)
		return emu_pcie_get_event_ctrl_val(era, target) ==
		       emu_pcie_get_event_ctrl_val(era, event);
	return emu_pcie_get_real_event(target) ==
	       emu_pcie_get_real_event(event);
}

static bool emu_pcie_group_cmp(struct pmu *pmu, struct perf_event *target,
			       struct perf_event *event)
{
	return emu_pcie_cmp_event(to_pcie_pmu(pmu)->era, target, event);
}

/* ---- event_init --------------------------------------------------------------- */

static bool emu_pcie_valid_requester_id(struct emu_pcie_pmu *pp, u16 bdf)
{
	u16 rp_bdf;

	if (emu_topo_root_port_of(bdf, &rp_bdf))
		return false;
	return rp_bdf >= pp->bdf_min && rp_bdf <= pp->bdf_max;
}

static bool emu_pcie_valid_filter(struct perf_event *event,
				  struct emu_pcie_pmu *pp)
{
	u64 bdf = emu_pcie_get_bdf(event);

	if (emu_pcie_get_thr_len(event) > HISI_PCIE_THR_MAX_VAL) {
		pr_debug("%s: reject thr_len: %llu > %d\n", pp->emu.name,
			 emu_pcie_get_thr_len(event), HISI_PCIE_THR_MAX_VAL);
		return false;
	}
	if (emu_pcie_get_trig_len(event) > HISI_PCIE_TRIG_MAX_VAL) {
		pr_debug("%s: reject trig_len: %llu > %d\n", pp->emu.name,
			 emu_pcie_get_trig_len(event), HISI_PCIE_TRIG_MAX_VAL);
		return false;
	}

	/*
	 * v6.9 ("Check the target filter properly"): without a port, bdf is
	 * the target even when it is 0. Before, only a nonzero bdf was
	 * checked, whether or not a port was given.
	 */
	if (pp->era->check_zero_bdf) {
		if (emu_pcie_get_port(event))
			return true;
	} else if (!bdf) {
		return true;
	}
	if (!emu_pcie_valid_requester_id(pp, bdf)) {
		pr_debug("%s: reject bdf: %#llx is not below a root port in [%#x, %#x]\n",
			 pp->emu.name, bdf, pp->bdf_min, pp->bdf_max);
		return false;
	}
	return true;
}

/*
 * hisi_pcie_pmu_validate_event_group(): events that hisi_pcie_pmu_cmp_event()
 * finds equal share a counter, so a group may hold any number of events
 * with at most 8 distinct ones: real codes in v5.19-v6.8, control words
 * since v6.9. Before v6.10 the loop had no bound and ended with
 * "return counters <= HISI_PCIE_MAX_COUNTERS"; counters only grows, so
 * the bounded loop of v6.10 (77fce82678ea) gives the same answer.
 */
static bool emu_pcie_validate_event_group(struct perf_event *event)
{
	return emu_validate_group_distinct(event, emu_pcie_group_cmp);
}

static int emu_pcie_event_init(struct perf_event *event)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;

	if (EXT_COUNTER_IS_USED(emu_pcie_get_event(event)))
		hwc->event_base = HISI_PCIE_EXT_CNT;
	else
		hwc->event_base = HISI_PCIE_CNT;

	ret = emu_check_counting_only(&pp->emu, event);
	if (ret)
		return ret;

	if (!emu_pcie_valid_filter(event, pp))
		return -EINVAL;

	if (!emu_pcie_validate_event_group(event)) {
		pr_debug("%s: reject group: more than %d counters or another PMU\n",
			 pp->emu.name, HISI_PCIE_MAX_COUNTERS);
		return -EINVAL;
	}

	event->cpu = pp->emu.on_cpu;
	return 0;
}

/* ---- counting ------------------------------------------------------------------ */

static u64 emu_pcie_read_counter(struct perf_event *event)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);

	return emu_pcie_readq(pp, event->hw.event_base, event->hw.idx);
}

/*
 * The slot to use: one whose event counts the same thing in the same group
 * (shared), else the first free one. Before v6.9, a related event in
 * another group made add() fail, and a full PMU gave -EINVAL.
 */
static int emu_pcie_get_event_idx(struct emu_pcie_pmu *pp,
				  struct perf_event *event)
{
	struct perf_event *sibling;
	int idx, first_free = -1;

	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++) {
		sibling = pp->hw_events[idx];
		if (!sibling) {
			if (first_free < 0)
				first_free = idx;
			continue;
		}
		if (!emu_pcie_cmp_event(pp->era, sibling, event))
			continue;
		if (sibling->group_leader == event->group_leader)
			return idx;
		if (!pp->era->related_any_group) {
			pr_debug("%s: add: related event in another group\n",
				 pp->emu.name);
			return -EINVAL;
		}
	}
	if (first_free < 0)
		pr_debug("%s: add: no free counter\n", pp->emu.name);
	return first_free >= 0 ? first_free : pp->era->full_errno;
}

static void emu_pcie_event_update(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 new_cnt, prev_cnt, delta;

	do {
		prev_cnt = local64_read(&hwc->prev_count);
		new_cnt = emu_pcie_read_counter(event);
	} while (local64_cmpxchg(&hwc->prev_count, prev_cnt,
				 new_cnt) != prev_cnt);

	delta = (new_cnt - prev_cnt) & HISI_PCIE_MAX_PERIOD;
	local64_add(delta, &event->count);
}

static void emu_pcie_read(struct perf_event *event)
{
	emu_pcie_event_update(event);
}

/*
 * Both registers of the slot restart from 2^63. Since v6.12 a counter that
 * did not take the write (an unsupported event) is detected and its value
 * kept as the reference.
 */
static void emu_pcie_set_period(struct perf_event *event)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;
	u64 orig_cnt, cnt;

	orig_cnt = emu_pcie_read_counter(event);

	local64_set(&hwc->prev_count, HISI_PCIE_INIT_VAL);
	emu_pcie_writeq(pp, HISI_PCIE_CNT, idx, HISI_PCIE_INIT_VAL);
	emu_pcie_writeq(pp, HISI_PCIE_EXT_CNT, idx, HISI_PCIE_INIT_VAL);

	cnt = emu_pcie_read_counter(event);
	if (pp->era->set_period_check && orig_cnt == cnt)
		local64_set(&hwc->prev_count, cnt);
}

static void emu_pcie_enable_counter(struct emu_pcie_pmu *pp, int idx)
{
	u64 val = emu_pcie_readq(pp, HISI_PCIE_EVENT_CTRL, idx);

	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, idx, val | HISI_PCIE_EVENT_EN);
}

static void emu_pcie_disable_counter(struct emu_pcie_pmu *pp, int idx)
{
	u64 val = emu_pcie_readq(pp, HISI_PCIE_EVENT_CTRL, idx);

	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, idx, val & ~HISI_PCIE_EVENT_EN);
}

static void emu_pcie_reset_counter(struct emu_pcie_pmu *pp, int idx)
{
	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, idx, HISI_PCIE_RESET_CNT);
	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, idx, HISI_PCIE_INIT_SET);
}

static void emu_pcie_start(struct perf_event *event, int flags)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;

	WARN_ON_ONCE(!(hwc->state & PERF_HES_UPTODATE));
	hwc->state = 0;

	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, idx,
			emu_pcie_get_event_ctrl_val(pp->era, event));
	emu_pcie_enable_counter(pp, idx);
	emu_pcie_writel(pp, HISI_PCIE_INT_MASK, idx, 0);
	emu_pcie_set_period(event);

	if (flags & PERF_EF_RELOAD)
		emu_pcie_writeq(pp, hwc->event_base, idx,
				local64_read(&hwc->prev_count));

	perf_event_update_userpage(event);
}

/* Stopping one half of a shared pair stops the slot for both (quirk). */
static void emu_pcie_stop(struct perf_event *event, int flags)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	emu_pcie_event_update(event);
	emu_pcie_writel(pp, HISI_PCIE_INT_MASK, hwc->idx, 1);
	emu_pcie_disable_counter(pp, hwc->idx);
	emu_pcie_writeq(pp, HISI_PCIE_EVENT_CTRL, hwc->idx, HISI_PCIE_INIT_SET);
	WARN_ON_ONCE(hwc->state & PERF_HES_STOPPED);
	hwc->state |= PERF_HES_STOPPED;

	if (hwc->state & PERF_HES_UPTODATE)
		return;

	hwc->state |= PERF_HES_UPTODATE;
}

static int emu_pcie_add(struct perf_event *event, int flags)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	int idx;

	hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;

	idx = emu_pcie_get_event_idx(pp, event);
	if (idx < 0)
		return idx;

	hwc->idx = idx;

	/* A new slot starts from zero, without the last user's counts. */
	if (!pp->hw_events[idx]) {
		emu_pcie_reset_counter(pp, idx);
		pp->hw_events[idx] = event;
	}

	if (flags & PERF_EF_START)
		emu_pcie_start(event, PERF_EF_RELOAD);

	return 0;
}

/* Frees the slot even when the other half of a pair still uses it (quirk). */
static void emu_pcie_del(struct perf_event *event, int flags)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(event->pmu);

	emu_pcie_stop(event, PERF_EF_UPDATE);
	pp->hw_events[event->hw.idx] = NULL;
	perf_event_update_userpage(event);
}

static void emu_pcie_pmu_enable(struct pmu *pmu)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(pmu);
	int num;

	for (num = 0; num < HISI_PCIE_MAX_COUNTERS; num++)
		if (pp->hw_events[num])
			break;
	if (num == HISI_PCIE_MAX_COUNTERS)
		return;

	emu_pcie_hw_writel(&pp->hw, HISI_PCIE_GLOBAL_CTRL, HISI_PCIE_GLOBAL_EN);
}

static void emu_pcie_pmu_disable(struct pmu *pmu)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(pmu);

	emu_pcie_hw_writel(&pp->hw, HISI_PCIE_GLOBAL_CTRL, HISI_PCIE_GLOBAL_NONE);
}

/* ---- family operations ------------------------------------------------------------ */

static int emu_pcie_advance(struct emu_pmu *epmu, u64 cycles)
{
	return emu_pcie_hw_advance_burst(&to_pcie_pmu(&epmu->pmu)->hw, epmu,
					 cycles);
}

static void emu_pcie_generate(struct emu_pmu *epmu, u64 dt_ns)
{
	emu_pcie_hw_generate(&to_pcie_pmu(&epmu->pmu)->hw, dt_ns);
}

static int emu_pcie_inject(struct emu_pmu *epmu, char *cmd)
{
	return emu_pcie_hw_inject(&to_pcie_pmu(&epmu->pmu)->hw, epmu, cmd);
}

/* What the slots view shows, taken at one instant on the PMU's CPU. */
struct emu_pcie_slots {
	struct emu_pcie_pmu *pp;
	u32 global_ctrl;
	struct {
		bool used;
		u64 config, config1, config2;
		u64 ctrl, cnt, ext;
	} slot[HISI_PCIE_MAX_COUNTERS];
};

static void emu_pcie_read_slots(void *info)
{
	struct emu_pcie_slots *v = info;
	struct emu_pcie_pmu *pp = v->pp;
	struct emu_pcie_hw *hw = &pp->hw;
	struct perf_event *ev;
	int idx;

	raw_spin_lock(&hw->lock);
	v->global_ctrl = hw->global_ctrl;
	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++) {
		ev = pp->hw_events[idx];
		/* the kernel's own driver keeps its events to itself */
		v->slot[idx].used = emu_real_drivers ?
			!!(hw->event_ctrl[idx] & HISI_PCIE_EVENT_EN) : !!ev;
		if (ev) {
			v->slot[idx].config = ev->attr.config;
			v->slot[idx].config1 = ev->attr.config1;
			v->slot[idx].config2 = ev->attr.config2;
		}
		v->slot[idx].ctrl = hw->event_ctrl[idx];
		v->slot[idx].cnt = hw->cnt[idx];
		v->slot[idx].ext = hw->ext_cnt[idx];
	}
	raw_spin_unlock(&hw->lock);
}

static void emu_pcie_show_slots(struct emu_pmu *epmu, struct seq_file *s)
{
	struct emu_pcie_slots v = { .pp = to_pcie_pmu(&epmu->pmu) };
	int idx;

	if (emu_on_pmu_cpu(epmu, emu_pcie_read_slots, &v))
		return;
	seq_printf(s, "global_ctrl=%#x\n", v.global_ctrl);
	for (idx = 0; idx < HISI_PCIE_MAX_COUNTERS; idx++)
		seq_printf(s, "slot=%d used=%d config=%#llx config1=%#llx config2=%#llx ctrl=%#llx cnt=%#llx ext=%#llx\n",
			   idx, v.slot[idx].used, v.slot[idx].config,
			   v.slot[idx].config1, v.slot[idx].config2,
			   v.slot[idx].ctrl, v.slot[idx].cnt, v.slot[idx].ext);
}

static void emu_pcie_show_info(struct emu_pmu *epmu, struct seq_file *s)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(&epmu->pmu);
	unsigned int i;

	seq_printf(s, "name=%s\nfamily=pcie\nera=%s\ntype=%d\ncpu=%d\n",
		   epmu->name, pp->era->name, emu_pmu_type(epmu), epmu->on_cpu);
	seq_printf(s, "node=%d\nbdf_min=%#06x\nbdf_max=%#06x\nclock_hz=%u\n",
		   pp->node, pp->bdf_min, pp->bdf_max, emu_pcie_clk_hz);
	for (i = 0; i < pp->hw.nr_rp; i++) {
		u16 rp = pp->hw.rp[i], ep;

		if (emu_topo_first_function_below(rp, &ep))
			ep = rp;
		seq_printf(s, "root_port=%02x:%02x.%x port_bit=%d first_function=%02x:%02x.%x\n",
			   PCI_BUS_NUM(rp), PCI_SLOT(rp & 0xff),
			   PCI_FUNC(rp & 0xff), emu_pcie_hw_port_bit(&pp->hw, rp),
			   PCI_BUS_NUM(ep), PCI_SLOT(ep & 0xff),
			   PCI_FUNC(ep & 0xff));
	}
}

/*
 * The CPUs of the device's node. A device without one is NUMA_NO_NODE,
 * which arm64's cpumask_of_node() maps to all CPUs (x86's would index
 * out of bounds).
 */
static const struct cpumask *emu_pcie_node_cpus(struct emu_pcie_pmu *pp)
{
	return pp->node == NUMA_NO_NODE ? cpu_all_mask :
					  cpumask_of_node(pp->node);
}

/*
 * hisi_pcie_pmu_online_cpu(): the first CPU to come online; v6.9+ the
 * first online CPU of the device's node (cpumask_local_spread(0,
 * dev_to_node(dev))). That change came between v6.5 and v6.9; era 6.2
 * keeps the older choice.
 */
static unsigned int emu_pcie_online_target(struct emu_pmu *epmu,
					   unsigned int cpu)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(&epmu->pmu);

	if (pp->era->numa_local)
		return cpumask_local_spread(0, pp->node);
	return cpu;
}

/*
 * hisi_pcie_pmu_offline_cpu(): v5.19 takes the first online CPU, even the
 * one going down; later any other online CPU; v6.9+ first another online
 * CPU of the device's node (cpumask_any_and_but() since v6.10, the same
 * choice as the cpumask_and()/cpumask_andnot() of v6.9; the 6.1 guest
 * kernel lacks that helper), else any other online CPU.
 */
static unsigned int emu_pcie_offline_target(struct emu_pmu *epmu,
					    unsigned int cpu)
{
	struct emu_pcie_pmu *pp = to_pcie_pmu(&epmu->pmu);
	unsigned int target;

	if (pp->era->offline_first_cpu)
		return cpumask_first(cpu_online_mask);
	if (pp->era->numa_local) {
		for_each_cpu_and(target, emu_pcie_node_cpus(pp),
				 cpu_online_mask)
			if (target != cpu)
				return target;
	}
	return cpumask_any_but(cpu_online_mask, cpu);
}

static bool emu_pcie_irq_pending(struct emu_pmu *epmu)
{
	return emu_pcie_hw_irq_pending(&to_pcie_pmu(&epmu->pmu)->hw);
}

static u64 emu_pcie_bar_read(struct emu_pmu *epmu, u32 off, unsigned int size)
{
	struct emu_pcie_hw *hw = &to_pcie_pmu(&epmu->pmu)->hw;

	return size == sizeof(u64) ? emu_pcie_hw_readq(hw, off) :
				     emu_pcie_hw_readl(hw, off);
}

static void emu_pcie_bar_write(struct emu_pmu *epmu, u32 off,
			       unsigned int size, u64 val)
{
	struct emu_pcie_hw *hw = &to_pcie_pmu(&epmu->pmu)->hw;

	if (size == sizeof(u64))
		emu_pcie_hw_writeq(hw, off, val);
	else
		emu_pcie_hw_writel(hw, off, val);
}

static const struct emu_family_ops emu_pcie_ops = {
	.advance = emu_pcie_advance,
	.generate = emu_pcie_generate,
	.inject = emu_pcie_inject,
	.show_slots = emu_pcie_show_slots,
	.show_info = emu_pcie_show_info,
	.online_target = emu_pcie_online_target,
	.offline_target = emu_pcie_offline_target,
	.pci_device = 0xa12d,		/* hisi_pcie_pmu_ids[] */
	.bar_size = SZ_4K,		/* up to REG_INFO, 0xfe8 */
	.bar_read = emu_pcie_bar_read,
	.bar_write = emu_pcie_bar_write,
	.irq_pending = emu_pcie_irq_pending,
};

/* ---- probe ------------------------------------------------------------------------- */

/* Like the driver's probe: identity and bdf range come from the device. */
struct emu_pmu *emu_pcie_create(u16 sicl, u16 core,
				const struct emu_bdf_range *rp,
				const struct emu_pcie_era *era, u32 identifier,
				int node)
{
	struct emu_pcie_pmu *pp;
	u32 val;

	pp = kzalloc(sizeof(*pp), GFP_KERNEL);
	if (!pp)
		return ERR_PTR(-ENOMEM);

	emu_pcie_hw_init(&pp->hw, rp, sicl, core, identifier);

	val = emu_pcie_hw_readl(&pp->hw, HISI_PCIE_REG_BDF);
	pp->bdf_min = FIELD_GET(HISI_PCIE_REG_LO_M, val);
	pp->bdf_max = FIELD_GET(HISI_PCIE_REG_HI_M, val);
	val = emu_pcie_hw_readl(&pp->hw, HISI_PCIE_REG_INFO);
	snprintf(pp->emu.name, sizeof(pp->emu.name), "hisi_pcie%u_core%u",
		 (u32)FIELD_GET(HISI_PCIE_REG_HI_M, val),
		 (u32)FIELD_GET(HISI_PCIE_REG_LO_M, val));
	pp->identifier = emu_pcie_hw_readl(&pp->hw, HISI_PCIE_REG_VERSION);
	pp->era = era;
	pp->node = node;
	pp->emu.node = node;

	pp->emu.pmu_parent = era->pmu_parent;
	pp->emu.family = EMU_FAMILY_PCIE;
	pp->emu.ops = &emu_pcie_ops;
	pp->emu.on_cpu = -1;
	pp->emu.pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.event_init	= emu_pcie_event_init,
		.pmu_enable	= emu_pcie_pmu_enable,
		.pmu_disable	= emu_pcie_pmu_disable,
		.add		= emu_pcie_add,
		.del		= emu_pcie_del,
		.start		= emu_pcie_start,
		.stop		= emu_pcie_stop,
		.read		= emu_pcie_read,
		.task_ctx_nr	= perf_invalid_context,
		.attr_groups	= era->attr_groups,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
	};
	return &pp->emu;
}

void emu_pcie_destroy(struct emu_pmu *epmu)
{
	kfree(to_pcie_pmu(&epmu->pmu));
}
