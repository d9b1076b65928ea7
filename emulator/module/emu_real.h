/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hip09 PMU emulator: what the kernel's own PMU drivers (hisi_pcie_pmu.c,
 * hns3_pmu.c, built unmodified from Debian's sources) call instead of the
 * PCI, MMIO and IRQ layers when they run against the emulated devices
 * (module parameter real_drivers=1). emulator/real-drivers/hip09_shim.h
 * routes the drivers' calls here; everything else they do is the kernel's
 * own code.
 */
#ifndef EMU_REAL_H
#define EMU_REAL_H

#include <linux/interrupt.h>
#include <linux/pci.h>
#include <linux/perf_event.h>

/* MMIO: a BAR cookie names one emulated register file */
u32 emu_shim_readl(const volatile void __iomem *addr);
void emu_shim_writel(u32 val, volatile void __iomem *addr);
u64 emu_shim_readq(const volatile void __iomem *addr);
void emu_shim_writeq(u64 val, volatile void __iomem *addr);

/* PCI: one device per emulated instance, probed on driver registration */
int emu_shim_pci_register_driver(struct pci_driver *drv, struct module *owner);
void emu_shim_pci_unregister_driver(struct pci_driver *drv);
int emu_shim_pcim_enable_device(struct pci_dev *pdev);
int emu_shim_pcim_iomap_regions(struct pci_dev *pdev, int mask,
				const char *name);
void __iomem *const *emu_shim_pcim_iomap_table(struct pci_dev *pdev);
void __iomem *emu_shim_pci_ioremap_bar(struct pci_dev *pdev, int bar);
void emu_shim_iounmap(volatile void __iomem *addr);
void emu_shim_pci_master(struct pci_dev *pdev, bool on);

/* IRQ: recorded, and the PMU's CPU followed through its affinity */
int emu_shim_alloc_irq_vectors(struct pci_dev *pdev, unsigned int min,
			       unsigned int max, unsigned int flags);
void emu_shim_free_irq_vectors(struct pci_dev *pdev);
int emu_shim_irq_vector(struct pci_dev *pdev, unsigned int nr);
int emu_shim_request_irq(unsigned int irq, irq_handler_t handler,
			 unsigned long flags, const char *name, void *dev_id);
int emu_shim_devm_request_irq(struct device *dev, unsigned int irq,
			      irq_handler_t handler, unsigned long flags,
			      const char *name, void *dev_id);
const void *emu_shim_free_irq(unsigned int irq, void *dev_id);
int emu_shim_irq_set_affinity(unsigned int irq, const struct cpumask *mask);

/* perf: the registered PMU is the instance's (debugfs shows its type) */
int emu_shim_perf_pmu_register(struct pmu *pmu, const char *name, int type);
void emu_shim_perf_pmu_unregister(struct pmu *pmu);

#endif /* EMU_REAL_H */
