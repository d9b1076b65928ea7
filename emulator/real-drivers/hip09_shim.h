/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Forced include (-include) for the kernel's own hisi_pcie_pmu.c and
 * hns3_pmu.c, built unmodified from Debian's linux-source packages: their
 * PCI, MMIO and IRQ calls go to the emulator's devices (emu_real.c in
 * hip09_emu.ko); perf, hotplug, sysfs and every rule are the driver's.
 * Every kernel header the drivers include comes first, so the macros below
 * reach driver code only.
 */
#ifndef HIP09_SHIM_H
#define HIP09_SHIM_H

#include <linux/bitfield.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-hi-lo.h>
#include <linux/iopoll.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/smp.h>
#include <linux/version.h>

#include "emu_real.h"

#undef readl
#undef writel
#undef readq
#undef writeq
#undef readl_relaxed
#undef writel_relaxed
#undef readq_relaxed
#undef writeq_relaxed
#undef iounmap
#define readl(a)		emu_shim_readl(a)
#define writel(v, a)		emu_shim_writel(v, a)
#define readq(a)		emu_shim_readq(a)
#define writeq(v, a)		emu_shim_writeq(v, a)
#define readl_relaxed(a)	emu_shim_readl(a)
#define writel_relaxed(v, a)	emu_shim_writel(v, a)
#define readq_relaxed(a)	emu_shim_readq(a)
#define writeq_relaxed(v, a)	emu_shim_writeq(v, a)

#undef pci_register_driver
#define pci_register_driver(d)		emu_shim_pci_register_driver(d, THIS_MODULE)
#define pci_unregister_driver(d)	emu_shim_pci_unregister_driver(d)
#define pcim_enable_device(p)		emu_shim_pcim_enable_device(p)
#define pcim_iomap_regions(p, m, n)	emu_shim_pcim_iomap_regions(p, m, n)
#define pcim_iomap_table(p)		emu_shim_pcim_iomap_table(p)
#define pci_ioremap_bar(p, b)		emu_shim_pci_ioremap_bar(p, b)
#define iounmap(a)			emu_shim_iounmap(a)
#define pci_set_master(p)		emu_shim_pci_master(p, true)
#define pci_clear_master(p)		emu_shim_pci_master(p, false)
#define pci_alloc_irq_vectors(p, a, b, f) emu_shim_alloc_irq_vectors(p, a, b, f)
#define pci_free_irq_vectors(p)		emu_shim_free_irq_vectors(p)
#define pci_irq_vector(p, n)		emu_shim_irq_vector(p, n)
#define request_irq(i, h, f, n, d)	emu_shim_request_irq(i, h, f, n, d)
#define devm_request_irq(dv, i, h, f, n, d) emu_shim_devm_request_irq(dv, i, h, f, n, d)
#define free_irq(i, d)			emu_shim_free_irq(i, d)
#define irq_set_affinity(i, m)		emu_shim_irq_set_affinity(i, m)
#define perf_pmu_register(p, n, t)	emu_shim_perf_pmu_register(p, n, t)
#define perf_pmu_unregister(p)		emu_shim_perf_pmu_unregister(p)

#endif /* HIP09_SHIM_H */
