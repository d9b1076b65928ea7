// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the host the kernel's own PMU drivers run in
 * (real_drivers=1). Each emulated instance becomes one PCI device of its
 * family (19e5:a12d, 19e5:a22b) that pci_register_driver() probes; its BAR
 * is a cookie range whose reads and writes reach the instance's register
 * file (emu_pcie_hw.c, emu_hns3_hw.c) through the family's bar_read and
 * bar_write. The device is not on the PCI bus (nothing else may bind it),
 * but sits beside the guest's real devices: pdev->bus is the guest's root
 * bus, so pci_domain_nr() and the drivers' requester look-ups are the
 * kernel's, and the device is in sysfs under that bus's host bridge
 * (/sys/devices/pci0000:00/hip09_emu-<pmu>), where 6.9 and later drivers
 * put their PMU (pmu->parent). Probe and remove run inside a devres group,
 * as the driver core runs them.
 *
 * A requested handler is recorded, and run on the PMU's CPU in hard-irq
 * context (an IPI, as the MSI would) after a burst that overflowed a
 * counter whose interrupt is unmasked (emu_real_irq()); the CPU the driver
 * points its interrupt at is the PMU's CPU, which debugfs and the bursts
 * follow.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "hip09_emu.h"
#include "emu_real.h"

/* Interrupt numbers only the shim hands out and takes back. */
#define EMU_REAL_IRQ_BASE	0x7e000
#define EMU_REAL_BAR		2

struct emu_real_dev {
	struct pci_dev pdev;
	struct emu_pmu *epmu;
	struct pci_driver *drv;
	void *bar;			/* the BAR's cookie range, never dereferenced */
	void __iomem *iomap[PCI_STD_NUM_BARS];
	void *group;			/* devres group from probe to remove */
	unsigned int irq;
	irq_handler_t handler;
	void *dev_id;
	struct list_head list;		/* emu_real_devs, RCU for the MMIO path */
};

static LIST_HEAD(emu_real_devs);
static DEFINE_MUTEX(emu_real_lock);	/* register, unregister, bind, perf look-ups */
static struct emu_real_dev *emu_real_probing;
static unsigned int emu_real_irqs;
/* the registered drivers, for a later bind: one per family */
static struct pci_driver *emu_real_drv[2];

/*
 * Since "perf: Make perf_pmu_unregister() useable" (v6.15) the perf core
 * revokes the events of a PMU that goes away, and perf_pmu_unregister()
 * returns int. Before, a PMU removed under open events leaves them
 * pointing at freed memory: unbinding is offered only where the core
 * revokes.
 */
#define EMU_PERF_REVOKES \
	__builtin_types_compatible_p(typeof(perf_pmu_unregister(NULL)), int)

static struct emu_real_dev *to_real(struct pci_dev *pdev)
{
	return container_of(pdev, struct emu_real_dev, pdev);
}

/* ---- MMIO --------------------------------------------------------------------- */

static u64 emu_real_access(const volatile void __iomem *addr,
			   unsigned int size, bool write, u64 val)
{
	unsigned long a = (unsigned long)addr, base;
	struct emu_real_dev *rd;
	u64 ret = ~0ULL;	/* what a read outside every BAR returns */
	bool found = false;

	rcu_read_lock();
	list_for_each_entry_rcu(rd, &emu_real_devs, list) {
		base = (unsigned long)rd->bar;
		if (a < base || a + size > base + rd->epmu->ops->bar_size)
			continue;
		if (write)
			rd->epmu->ops->bar_write(rd->epmu, a - base, size, val);
		else
			ret = rd->epmu->ops->bar_read(rd->epmu, a - base, size);
		found = true;
		break;
	}
	rcu_read_unlock();
	WARN_ONCE(!found, "%s access outside every emulated BAR\n",
		  write ? "write" : "read");
	return ret;
}

u32 emu_shim_readl(const volatile void __iomem *addr)
{
	return emu_real_access(addr, sizeof(u32), false, 0);
}
EXPORT_SYMBOL_GPL(emu_shim_readl);

void emu_shim_writel(u32 val, volatile void __iomem *addr)
{
	emu_real_access(addr, sizeof(u32), true, val);
}
EXPORT_SYMBOL_GPL(emu_shim_writel);

u64 emu_shim_readq(const volatile void __iomem *addr)
{
	return emu_real_access(addr, sizeof(u64), false, 0);
}
EXPORT_SYMBOL_GPL(emu_shim_readq);

void emu_shim_writeq(u64 val, volatile void __iomem *addr)
{
	emu_real_access(addr, sizeof(u64), true, val);
}
EXPORT_SYMBOL_GPL(emu_shim_writeq);

/* ---- probe and remove ------------------------------------------------------------ */

static void emu_real_release(struct device *dev)
{
	struct emu_real_dev *rd = to_real(to_pci_dev(dev));

	vfree(rd->bar);
	kfree(rd);
}

static const struct pci_device_id *emu_real_match(struct pci_driver *drv,
						  struct emu_pmu *epmu)
{
	const struct pci_device_id *id;

	for (id = drv->id_table; id && id->vendor; id++)
		if (id->vendor == PCI_VENDOR_ID_HUAWEI &&
		    id->device == epmu->ops->pci_device)
			return id;
	return NULL;
}

static struct emu_real_dev *emu_real_of(struct emu_pmu *epmu)
{
	struct emu_real_dev *rd;

	list_for_each_entry(rd, &emu_real_devs, list)
		if (rd->epmu == epmu)
			return rd;
	return NULL;
}

static bool emu_real_bound(struct emu_pmu *epmu)
{
	return emu_real_of(epmu) != NULL;
}

/* A device for @epmu, not yet probed; NULL without memory or a root bus. */
static struct emu_real_dev *emu_real_new(struct pci_driver *drv,
					 struct emu_pmu *epmu)
{
	struct emu_real_dev *rd;

	rd = kzalloc(sizeof(*rd), GFP_KERNEL);
	if (!rd)
		return NULL;
	rd->bar = vzalloc(epmu->ops->bar_size);
	if (!rd->bar) {
		kfree(rd);
		return NULL;
	}
	device_initialize(&rd->pdev.dev);
	rd->pdev.dev.release = emu_real_release;
	if (emu_dev_add(&rd->pdev.dev, epmu)) {
		put_device(&rd->pdev.dev);
		return NULL;
	}
	/* the root bus whose host bridge emu_dev_add() put the device below */
	rd->pdev.bus = to_pci_host_bridge(rd->pdev.dev.parent)->bus;
	rd->pdev.vendor = PCI_VENDOR_ID_HUAWEI;
	rd->pdev.device = epmu->ops->pci_device;
	rd->pdev.dev.driver = &drv->driver;
	/* a device of a real machine has a node: the drivers' hotplug asks */
	set_dev_node(&rd->pdev.dev, epmu->node == NUMA_NO_NODE ? 0 : epmu->node);
	rd->epmu = epmu;
	rd->drv = drv;
	rd->irq = EMU_REAL_IRQ_BASE + emu_real_irqs++;
	return rd;
}

/* Out of sysfs, and freed once the last reference goes. */
static void emu_real_put(struct emu_real_dev *rd)
{
	device_del(&rd->pdev.dev);
	put_device(&rd->pdev.dev);
}

/* The driver core's probe: inside a devres group, undone on failure. */
static void emu_real_probe(struct pci_driver *drv, struct emu_pmu *epmu,
			   const struct pci_device_id *id)
{
	struct emu_real_dev *rd = emu_real_new(drv, epmu);
	int ret = -ENOMEM;

	if (!rd)
		goto out;
	rd->group = devres_open_group(&rd->pdev.dev, NULL, GFP_KERNEL);
	if (!rd->group) {
		emu_real_put(rd);
		goto out;
	}
	list_add_tail_rcu(&rd->list, &emu_real_devs);
	emu_real_probing = rd;
	ret = drv->probe(&rd->pdev, id);
	emu_real_probing = NULL;
	if (!ret) {
		devres_close_group(&rd->pdev.dev, rd->group);
		return;
	}
	devres_release_group(&rd->pdev.dev, rd->group);
	list_del_rcu(&rd->list);
	synchronize_rcu();
	emu_real_put(rd);
out:
	pr_warn("%s: %s probe failed: %d\n", epmu->name, drv->name, ret);
}

static void emu_real_remove(struct emu_real_dev *rd)
{
	rd->drv->remove(&rd->pdev);
	devres_release_group(&rd->pdev.dev, rd->group);
	list_del_rcu(&rd->list);
	synchronize_rcu();
	WRITE_ONCE(rd->epmu->on_cpu, -1);
	emu_real_put(rd);
}

/*
 * As the PCI core: every matching device is probed; a failed probe is
 * logged and does not fail the registration.
 */
int emu_shim_pci_register_driver(struct pci_driver *drv, struct module *owner)
{
	struct emu_pmu *epmu;

	unsigned int i;

	drv->driver.name = drv->name;
	drv->driver.owner = owner;
	mutex_lock(&emu_real_lock);
	for (i = 0; i < ARRAY_SIZE(emu_real_drv); i++)
		if (!emu_real_drv[i]) {
			emu_real_drv[i] = drv;
			break;
		}
	/* the instances live as long as this module, which the driver needs */
	list_for_each_entry(epmu, &emu_pmus, list) {
		const struct pci_device_id *id = emu_real_match(drv, epmu);

		if (id && !emu_real_bound(epmu))
			emu_real_probe(drv, epmu, id);
	}
	mutex_unlock(&emu_real_lock);
	return 0;
}
EXPORT_SYMBOL_GPL(emu_shim_pci_register_driver);

void emu_shim_pci_unregister_driver(struct pci_driver *drv)
{
	struct emu_real_dev *rd, *tmp;
	unsigned int i;

	mutex_lock(&emu_real_lock);
	list_for_each_entry_safe_reverse(rd, tmp, &emu_real_devs, list)
		if (rd->drv == drv)
			emu_real_remove(rd);
	for (i = 0; i < ARRAY_SIZE(emu_real_drv); i++)
		if (emu_real_drv[i] == drv)
			emu_real_drv[i] = NULL;
	mutex_unlock(&emu_real_lock);
}
EXPORT_SYMBOL_GPL(emu_shim_pci_unregister_driver);

/*
 * The driver core's unbind of one instance (echo BDF > .../unbind): the
 * driver's remove, then its devres. Refused where the perf core would
 * leave open events dangling (EMU_PERF_REVOKES).
 */
int emu_real_unbind(struct emu_pmu *epmu)
{
	struct emu_real_dev *rd;
	int ret = -ENODEV;

	if (!EMU_PERF_REVOKES)
		return -EOPNOTSUPP;
	mutex_lock(&emu_real_lock);
	rd = emu_real_of(epmu);
	if (rd) {
		emu_real_remove(rd);
		ret = 0;
	}
	mutex_unlock(&emu_real_lock);
	return ret;
}

/* The driver core's bind: probe the instance with its family's driver. */
int emu_real_bind(struct emu_pmu *epmu)
{
	const struct pci_device_id *id;
	unsigned int i;
	int ret = -ENODEV;

	mutex_lock(&emu_real_lock);
	if (emu_real_bound(epmu))
		ret = -EBUSY;
	for (i = 0; ret == -ENODEV && i < ARRAY_SIZE(emu_real_drv); i++) {
		id = emu_real_drv[i] ? emu_real_match(emu_real_drv[i], epmu) : NULL;
		if (id) {
			emu_real_probe(emu_real_drv[i], epmu, id);
			ret = emu_real_bound(epmu) ? 0 : -EIO;
		}
	}
	mutex_unlock(&emu_real_lock);
	return ret;
}

/* "bound", "unbound" (a driver is registered) or "no driver"; revokes=0|1 */
void emu_real_show_driver(struct emu_pmu *epmu, struct seq_file *s)
{
	const char *state = "no driver";
	unsigned int i;

	mutex_lock(&emu_real_lock);
	for (i = 0; i < ARRAY_SIZE(emu_real_drv); i++)
		if (emu_real_drv[i] && emu_real_match(emu_real_drv[i], epmu))
			state = emu_real_bound(epmu) ? "bound" : "unbound";
	mutex_unlock(&emu_real_lock);
	seq_printf(s, "%s revokes=%d\n", state, EMU_PERF_REVOKES ? 1 : 0);
}

/* ---- PCI resources ------------------------------------------------------------- */

int emu_shim_pcim_enable_device(struct pci_dev *pdev)
{
	return 0;
}
EXPORT_SYMBOL_GPL(emu_shim_pcim_enable_device);

/* The device has one memory BAR, BAR2, as the drivers expect. */
int emu_shim_pcim_iomap_regions(struct pci_dev *pdev, int mask,
				const char *name)
{
	struct emu_real_dev *rd = to_real(pdev);

	if (mask & ~BIT(EMU_REAL_BAR))
		return -EINVAL;
	rd->iomap[EMU_REAL_BAR] = (void __iomem *)rd->bar;
	return 0;
}
EXPORT_SYMBOL_GPL(emu_shim_pcim_iomap_regions);

void __iomem *const *emu_shim_pcim_iomap_table(struct pci_dev *pdev)
{
	return to_real(pdev)->iomap;
}
EXPORT_SYMBOL_GPL(emu_shim_pcim_iomap_table);

void __iomem *emu_shim_pci_ioremap_bar(struct pci_dev *pdev, int bar)
{
	return bar == EMU_REAL_BAR ? (void __iomem *)to_real(pdev)->bar : NULL;
}
EXPORT_SYMBOL_GPL(emu_shim_pci_ioremap_bar);

void emu_shim_iounmap(volatile void __iomem *addr)
{
}
EXPORT_SYMBOL_GPL(emu_shim_iounmap);

void emu_shim_pci_master(struct pci_dev *pdev, bool on)
{
}
EXPORT_SYMBOL_GPL(emu_shim_pci_master);

/* ---- interrupts ------------------------------------------------------------------ */

int emu_shim_alloc_irq_vectors(struct pci_dev *pdev, unsigned int min,
			       unsigned int max, unsigned int flags)
{
	return min <= 1 && max >= 1 ? 1 : -ENOSPC;
}
EXPORT_SYMBOL_GPL(emu_shim_alloc_irq_vectors);

void emu_shim_free_irq_vectors(struct pci_dev *pdev)
{
}
EXPORT_SYMBOL_GPL(emu_shim_free_irq_vectors);

int emu_shim_irq_vector(struct pci_dev *pdev, unsigned int nr)
{
	return nr == 0 ? to_real(pdev)->irq : -EINVAL;
}
EXPORT_SYMBOL_GPL(emu_shim_irq_vector);

static struct emu_real_dev *emu_real_by_irq(unsigned int irq)
{
	struct emu_real_dev *rd, *found = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(rd, &emu_real_devs, list)
		if (rd->irq == irq)
			found = rd;
	rcu_read_unlock();
	return found;
}

int emu_shim_request_irq(unsigned int irq, irq_handler_t handler,
			 unsigned long flags, const char *name, void *dev_id)
{
	struct emu_real_dev *rd = emu_real_by_irq(irq);

	if (!rd)
		return -EINVAL;
	if (rd->handler)
		return -EBUSY;
	rd->dev_id = dev_id;
	rd->handler = handler;
	return 0;
}
EXPORT_SYMBOL_GPL(emu_shim_request_irq);

static void emu_real_devm_free_irq(void *data)
{
	struct emu_real_dev *rd = data;

	rd->handler = NULL;
}

int emu_shim_devm_request_irq(struct device *dev, unsigned int irq,
			      irq_handler_t handler, unsigned long flags,
			      const char *name, void *dev_id)
{
	int ret = emu_shim_request_irq(irq, handler, flags, name, dev_id);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, emu_real_devm_free_irq,
					emu_real_by_irq(irq));
}
EXPORT_SYMBOL_GPL(emu_shim_devm_request_irq);

const void *emu_shim_free_irq(unsigned int irq, void *dev_id)
{
	struct emu_real_dev *rd = emu_real_by_irq(irq);

	if (rd)
		rd->handler = NULL;
	return NULL;
}
EXPORT_SYMBOL_GPL(emu_shim_free_irq);

static void emu_real_irq_call(void *info)
{
	struct emu_real_dev *rd = info;
	irq_handler_t handler = READ_ONCE(rd->handler);

	if (handler)
		handler(rd->irq, rd->dev_id);
}

/*
 * The overflow interrupt: the driver's handler on the PMU's CPU, with
 * interrupts off, while an unmasked overflow is pending. Called after a
 * burst (process context); the device stays bound meanwhile.
 */
void emu_real_irq(struct emu_pmu *epmu)
{
	struct emu_real_dev *rd;

	if (!emu_real_drivers || !epmu->ops->irq_pending(epmu))
		return;
	mutex_lock(&emu_real_lock);
	rd = emu_real_of(epmu);
	if (rd && rd->handler && emu_on_pmu_cpu(epmu, emu_real_irq_call, rd))
		pr_warn("%s: the overflow interrupt found no CPU\n", epmu->name);
	mutex_unlock(&emu_real_lock);
}

/* The drivers point the interrupt at the PMU's CPU whenever it changes. */
int emu_shim_irq_set_affinity(unsigned int irq, const struct cpumask *mask)
{
	struct emu_real_dev *rd = emu_real_by_irq(irq);

	if (!rd)
		return -EINVAL;
	WRITE_ONCE(rd->epmu->on_cpu, cpumask_first(mask));
	return 0;
}
EXPORT_SYMBOL_GPL(emu_shim_irq_set_affinity);

/* ---- perf ----------------------------------------------------------------------- */

/* Called from the probe only, under emu_real_lock. */
int emu_shim_perf_pmu_register(struct pmu *pmu, const char *name, int type)
{
	int ret = perf_pmu_register(pmu, name, type);

	if (!ret && emu_real_probing)
		WRITE_ONCE(emu_real_probing->epmu->perf, pmu);
	return ret;
}
EXPORT_SYMBOL_GPL(emu_shim_perf_pmu_register);

void emu_shim_perf_pmu_unregister(struct pmu *pmu)
{
	struct emu_real_dev *rd;

	list_for_each_entry(rd, &emu_real_devs, list)
		if (READ_ONCE(rd->epmu->perf) == pmu)
			WRITE_ONCE(rd->epmu->perf, NULL);
	perf_pmu_unregister(pmu);
}
EXPORT_SYMBOL_GPL(emu_shim_perf_pmu_unregister);
