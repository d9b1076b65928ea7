// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: module parameters, instance list, CPU hotplug, the
 * load/unload ladder, the driver code both families share word for word,
 * and the devices' one register access path.
 *
 * Every instance is created by its family (emu_pcie.c, emu_hns3.c), then
 * gets a CPU through a multi-instance hotplug state, as the real drivers
 * do, and only then is registered with perf.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/nodemask.h>
#include <linux/numa.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/version.h>

#include "hip09_emu.h"

/* a family's most: the benchmarks' 80 PMUs are 40 of each */
#define EMU_MAX_INSTANCES	64

static char *pcie = "0:0";
module_param(pcie, charp, 0444);
MODULE_PARM_DESC(pcie, "PCIe PMU instances, SICL:CORE list (\"none\": no PCIe PMU) [0:0]");

static char *hns3 = "0";
module_param(hns3, charp, 0444);
MODULE_PARM_DESC(hns3, "HNS3 PMU instances, SICL id list (\"none\": no HNS3 PMU) [0]");

static char *pcie_era = "6.12";
module_param(pcie_era, charp, 0444);
MODULE_PARM_DESC(pcie_era, "PCIe driver behaviour: 5.19, 6.1.y, 6.2, 6.9 or 6.12 (newest) [6.12]");

static int pcie_node = NUMA_NO_NODE;
module_param(pcie_node, int, 0444);
MODULE_PARM_DESC(pcie_node, "NUMA node of the PCIe PMU devices (dev_to_node) [-1: none]");

static char *pcie_rp;
module_param(pcie_rp, charp, 0444);
MODULE_PARM_DESC(pcie_rp, "root port range per PCIe instance, MIN-MAX list [discovered]");

static char *hns3_bdf;
module_param(hns3_bdf, charp, 0444);
MODULE_PARM_DESC(hns3_bdf, "function range per HNS3 instance, MIN-MAX list [discovered]");

static uint pcie_identifier = 0x30;
module_param(pcie_identifier, uint, 0444);
MODULE_PARM_DESC(pcie_identifier, "PCIe PMU REG_VERSION (sysfs identifier) [0x30]");

static uint hns3_identifier = 0x30;
module_param(hns3_identifier, uint, 0444);
MODULE_PARM_DESC(hns3_identifier, "HNS3 PMU VERSION register (sysfs identifier) [0x30]");

static uint hns3_clk = 100000000;
module_param(hns3_clk, uint, 0444);
MODULE_PARM_DESC(hns3_clk, "HNS3 hw_clk_freq in Hz [100000000]");

static uint hns3_queues = 16;
module_param(hns3_queues, uint, 0444);
MODULE_PARM_DESC(hns3_queues, "hardware queues per HNS3 function (0..N-1 exist) [16]");

static bool gen;
module_param(gen, bool, 0444);
MODULE_PARM_DESC(gen, "start the background traffic generator at load [0]");

bool emu_hw_time;
module_param_named(hw_time, emu_hw_time, bool, 0444);
MODULE_PARM_DESC(hw_time, "time counters advance with guest time while enabled, as the hardware's do; \"advance\" still adds [0]");

bool emu_real_drivers;
module_param_named(real_drivers, emu_real_drivers, bool, 0444);
MODULE_PARM_DESC(real_drivers, "leave the devices to the kernel's own hisi_pcie_pmu and hns3_pmu, loaded next (emu_real.c) [0]");

LIST_HEAD(emu_pmus);
DEFINE_MUTEX(emu_pmus_lock);

static enum cpuhp_state emu_cpuhp_state;

/* ---- CPU hotplug ---------------------------------------------------------- */

/* The first CPU to come online picks the PMU's CPU, which then stays. */
static int emu_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct emu_pmu *epmu = hlist_entry_safe(node, struct emu_pmu,
						cpuhp_node);

	if (epmu->on_cpu == -1)
		epmu->on_cpu = epmu->ops->online_target(epmu, cpu);
	return 0;
}

static int emu_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct emu_pmu *epmu = hlist_entry_safe(node, struct emu_pmu,
						cpuhp_node);
	unsigned int target;

	if (epmu->on_cpu != cpu)
		return 0;

	target = epmu->ops->offline_target(epmu, cpu);
	if (target >= nr_cpu_ids) {
		pr_err("%s: There is no CPU to set\n", epmu->name);
		return 0;
	}
	perf_pmu_migrate_context(&epmu->pmu, cpu, target);
	epmu->on_cpu = target;
	return 0;
}

/* ---- what both drivers do alike ------------------------------------------- */

/* Sampling and per-task counting are not supported. */
int emu_check_counting_only(struct emu_pmu *epmu, struct perf_event *event)
{
	if (is_sampling_event(event)) {
		pr_debug("%s: reject sampling\n", epmu->name);
		return -EOPNOTSUPP;
	}
	if (event->attach_state & PERF_ATTACH_TASK) {
		pr_debug("%s: reject per-task\n", epmu->name);
		return -EOPNOTSUPP;
	}
	return 0;
}

/*
 * Events that @cmp finds equal share a counter; a group may hold at most
 * EMU_MAX_SLOTS distinct ones: hisi_pcie_pmu_validate_event_group() and
 * hns3_pmu_validate_event_group() with the bound added in v6.10
 * (77fce82678ea for PCIe); the unbounded originals accept the same groups.
 */
bool emu_validate_group_distinct(struct perf_event *event,
				 bool (*cmp)(struct pmu *pmu,
					     struct perf_event *target,
					     struct perf_event *event))
{
	struct perf_event *sibling, *leader = event->group_leader;
	struct perf_event *event_group[EMU_MAX_SLOTS];
	int counters = 1;
	int num;

	event_group[0] = leader;
	if (!is_software_event(leader)) {
		if (leader->pmu != event->pmu)
			return false;
		if (leader != event && !cmp(event->pmu, leader, event))
			event_group[counters++] = event;
	}

	for_each_sibling_event(sibling, event->group_leader) {
		if (is_software_event(sibling))
			continue;
		if (sibling->pmu != event->pmu)
			return false;

		for (num = 0; num < counters; num++)
			if (cmp(event->pmu, event_group[num], sibling))
				break;
		/* Enough to fail: no counter would be left for it. */
		if (num == EMU_MAX_SLOTS)
			return false;
		if (num == counters)
			event_group[counters++] = sibling;
	}
	return true;
}

int emu_on_pmu_cpu(struct emu_pmu *epmu, smp_call_func_t fn, void *info)
{
	int ret;

	/* on_cpu changes only in the hotplug callbacks. */
	cpus_read_lock();
	ret = smp_call_function_single(epmu->on_cpu, fn, info, 1);
	cpus_read_unlock();
	return ret;
}

ssize_t emu_format_show(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	struct dev_ext_attribute *eattr =
		container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%s\n", (char *)eattr->var);
}

u64 emu_reg_access(const struct emu_regs *regs, raw_spinlock_t *lock,
		   void *hw, u32 off, unsigned int size, bool write, u64 val)
{
	unsigned long flags;
	u64 ret = 0;
	void *reg;
	int idx;

	raw_spin_lock_irqsave(lock, flags);
	/* time up to this access counts by the state before it */
	if (emu_hw_time)
		regs->elapse(hw);
	reg = regs->find(hw, off, size, &idx);
	if (reg && write)
		regs->write(hw, reg, size, idx, val, &flags);
	else if (reg)
		ret = size == sizeof(u64) ? *(u64 *)reg : *(u32 *)reg;
	raw_spin_unlock_irqrestore(lock, flags);
	return ret;
}

/* ---- instance lifetime ------------------------------------------------------ */

static void emu_pmu_destroy(struct emu_pmu *epmu)
{
	if (epmu->family == EMU_FAMILY_PCIE)
		emu_pcie_destroy(epmu);
	else
		emu_hns3_destroy(epmu);
}

int emu_pmu_type(const struct emu_pmu *epmu)
{
	const struct pmu *pmu = READ_ONCE(epmu->perf);

	return pmu ? pmu->type : -1;
}

static void emu_pmu_list_add(struct emu_pmu *epmu)
{
	mutex_lock(&emu_pmus_lock);
	list_add_tail(&epmu->list, &emu_pmus);
	mutex_unlock(&emu_pmus_lock);
	emu_debugfs_add_pmu(epmu);
}

int emu_dev_add(struct device *dev, const struct emu_pmu *epmu)
{
	struct pci_bus *bus = pci_find_bus(0, 0);
	int ret;

	if (!bus) {
		pr_err("%s: the guest has no PCI bus 0000:00\n", epmu->name);
		return -ENODEV;
	}
	dev->parent = bus->bridge;
	ret = dev_set_name(dev, "%s-%s", EMU_NAME, epmu->name);
	return ret ? ret : device_add(dev);
}

static void emu_pmu_dev_release(struct device *dev)
{
	kfree(dev);
}

static int emu_pmu_dev_create(struct emu_pmu *epmu)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	int ret;

	if (!dev)
		return -ENOMEM;
	device_initialize(dev);
	dev->release = emu_pmu_dev_release;
	ret = emu_dev_add(dev, epmu);
	if (ret) {
		put_device(dev);
		return ret;
	}
	epmu->dev = dev;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	if (epmu->pmu_parent)
		epmu->pmu.parent = dev;
#endif
	return 0;
}

static void emu_pmu_dev_destroy(struct emu_pmu *epmu)
{
	device_del(epmu->dev);
	put_device(epmu->dev);
	epmu->dev = NULL;
}

/*
 * Device, hotplug (it picks on_cpu), perf last, undone in reverse. With
 * real_drivers the instance only is listed: the kernel's driver, loaded
 * later, probes it (emu_real.c makes its device).
 */
static int emu_pmu_start(struct emu_pmu *epmu)
{
	int ret;

	if (emu_real_drivers) {
		emu_pmu_list_add(epmu);
		return 0;
	}
	ret = emu_pmu_dev_create(epmu);
	if (ret)
		return ret;
	ret = cpuhp_state_add_instance(emu_cpuhp_state, &epmu->cpuhp_node);
	if (ret) {
		pr_err("%s: Failed to register cpu hotplug: %d\n",
		       epmu->name, ret);
		goto err_dev_destroy;
	}

	ret = perf_pmu_register(&epmu->pmu, epmu->name, -1);
	if (ret) {
		pr_err("%s: Failed to register PMU: %d\n", epmu->name, ret);
		goto err_hotplug_unregister;
	}
	epmu->registered = true;
	epmu->perf = &epmu->pmu;
	emu_pmu_list_add(epmu);
	return 0;

err_hotplug_unregister:
	cpuhp_state_remove_instance_nocalls(emu_cpuhp_state, &epmu->cpuhp_node);
err_dev_destroy:
	emu_pmu_dev_destroy(epmu);
	return ret;
}

static void emu_pmu_stop(struct emu_pmu *epmu)
{
	emu_debugfs_remove_pmu(epmu);
	mutex_lock(&emu_pmus_lock);
	list_del(&epmu->list);
	mutex_unlock(&emu_pmus_lock);
	if (!epmu->registered)
		return;
	perf_pmu_unregister(&epmu->pmu);
	cpuhp_state_remove_instance_nocalls(emu_cpuhp_state, &epmu->cpuhp_node);
	emu_pmu_dev_destroy(epmu);
}

static void emu_stop_all(void)
{
	struct emu_pmu *epmu, *tmp;

	list_for_each_entry_safe_reverse(epmu, tmp, &emu_pmus, list) {
		emu_pmu_stop(epmu);
		emu_pmu_destroy(epmu);
	}
}

static int emu_add(struct emu_pmu *epmu)
{
	int ret;

	if (IS_ERR(epmu))
		return PTR_ERR(epmu);
	ret = emu_pmu_start(epmu);
	if (ret)
		emu_pmu_destroy(epmu);
	return ret;
}

/* ---- parameters -------------------------------------------------------------- */

static bool emu_list_is_none(const char *s)
{
	return !s || !*s || !strcmp(s, "none");
}

/* After one list item: a comma and more, or the end. 0 or -EINVAL. */
int emu_parse_list_sep(const char **p)
{
	if (**p == ',')
		(*p)++;
	else if (**p)
		return -EINVAL;
	return 0;
}

/*
 * "0:0,0:1" (@width 2) or "0,1" (@width 1) -> @width ids per item, stored
 * one item after the other; returns the item count or -EINVAL.
 */
static int emu_parse_id_list(const char *s, u16 *ids, unsigned int width,
			     unsigned int max)
{
	unsigned int n = 0, k, id;
	const char *p = s;
	int used;

	if (emu_list_is_none(s))
		return 0;
	while (*p) {
		if (n == max)
			return -EINVAL;
		for (k = 0; k < width; k++) {
			if (k && *p++ != ':')
				return -EINVAL;
			if (sscanf(p, "%u%n", &id, &used) != 1 || id > U16_MAX)
				return -EINVAL;
			ids[n * width + k] = id;
			p += used;
		}
		n++;
		if (emu_parse_list_sep(&p))
			return -EINVAL;
	}
	return n;
}

static const struct emu_pcie_era *emu_find_era(const char *name)
{
	const struct emu_pcie_era *era;

	for (era = emu_pcie_eras; era->name; era++)
		if (!strcmp(era->name, name))
			return era;
	return NULL;
}

/* Ranges come from the parameter when given, else from the topology. */
static int emu_ranges(const char *param, bool root_ports, unsigned int n,
		      struct emu_bdf_range *r)
{
	int ret;

	if (!n)
		return 0;
	if (param && *param)
		ret = emu_topo_parse_ranges(param, n, r);
	else
		ret = emu_topo_split(root_ports, n, r);
	if (ret)
		pr_err("bad or missing %s ranges for %d %s PMUs: %d\n",
		       root_ports ? "root port" : "function", n,
		       root_ports ? "PCIe" : "HNS3", ret);
	return ret;
}

static int emu_create_pcie(void)
{
	u16 ids[EMU_MAX_INSTANCES][2];
	struct emu_bdf_range r[EMU_MAX_INSTANCES];
	const struct emu_pcie_era *era;
	int i, n, ret;

	era = emu_find_era(pcie_era);
	if (!era) {
		pr_err("unknown pcie_era \"%s\" (5.19, 6.1.y, 6.2, 6.9 or 6.12)\n",
		       pcie_era);
		return -EINVAL;
	}
	if (pcie_node != NUMA_NO_NODE &&
	    (pcie_node < 0 || pcie_node >= MAX_NUMNODES ||
	     !node_online(pcie_node))) {
		pr_err("pcie_node=%d is not an online NUMA node\n", pcie_node);
		return -EINVAL;
	}
	n = emu_parse_id_list(pcie, &ids[0][0], 2, EMU_MAX_INSTANCES);
	if (n < 0) {
		pr_err("bad pcie=\"%s\" (want SICL:CORE,...)\n", pcie);
		return n;
	}
	ret = emu_ranges(pcie_rp, true, n, r);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		ret = emu_add(emu_pcie_create(ids[i][0], ids[i][1], &r[i], era,
					      pcie_identifier, pcie_node));
		if (ret)
			return ret;
	}
	return 0;
}

static int emu_create_hns3(void)
{
	u16 ids[EMU_MAX_INSTANCES];
	struct emu_bdf_range r[EMU_MAX_INSTANCES];
	int i, n, ret;

	n = emu_parse_id_list(hns3, ids, 1, EMU_MAX_INSTANCES);
	if (n < 0) {
		pr_err("bad hns3=\"%s\" (want SICL,...)\n", hns3);
		return n;
	}
	ret = emu_ranges(hns3_bdf, false, n, r);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		ret = emu_add(emu_hns3_create(ids[i], &r[i], hns3_identifier,
					      hns3_clk, hns3_queues));
		if (ret)
			return ret;
	}
	return 0;
}

static int __init emu_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/hip09_emu:online",
				      emu_cpu_online, emu_cpu_offline);
	if (ret < 0) {
		pr_err("Failed to setup cpu hotplug state: %d\n", ret);
		return ret;
	}
	emu_cpuhp_state = ret;

	ret = emu_debugfs_init();
	if (ret)
		goto err_remove_state;

	ret = emu_create_pcie();
	if (ret)
		goto err_stop_pmus;
	ret = emu_create_hns3();
	if (ret)
		goto err_stop_pmus;

	ret = emu_traffic_init(gen);
	if (ret)
		goto err_stop_pmus;
	return 0;

err_stop_pmus:
	emu_stop_all();
	emu_debugfs_exit();
err_remove_state:
	cpuhp_remove_multi_state(emu_cpuhp_state);
	return ret;
}

static void __exit emu_exit(void)
{
	emu_traffic_exit();
	emu_stop_all();
	emu_debugfs_exit();
	cpuhp_remove_multi_state(emu_cpuhp_state);
}

module_init(emu_init);
module_exit(emu_exit);

MODULE_DESCRIPTION("Emulated HiSilicon Hip09 PCIe and HNS3 PMUs");
MODULE_LICENSE("GPL");
