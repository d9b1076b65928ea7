/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hip09 PMU emulator: shared declarations.
 *
 * The module registers perf PMUs that behave like the HiSilicon PCIe PMU
 * (drivers/perf/hisilicon/hisi_pcie_pmu.c) and HNS3 PMU (hns3_pmu.c). Each
 * family is split in two halves that only talk through register offsets, as
 * driver and device do on the real machine:
 *
 *   emu_pcie.c, emu_hns3.c        the "driver": sysfs, event_init, add/del,
 *                                  start/stop/read, written against the
 *                                  register map of the real device;
 *   emu_pcie_hw.c, emu_hns3_hw.c  the "device": a register file of 8 slots
 *                                  and what traffic does to it.
 *
 * emu_topo.c finds the guest's root ports and NIC functions, emu_traffic.c
 * parses traffic commands and runs the background generator, emu_debugfs.c
 * exposes both, emu_core.c owns the instances and the module parameters
 * and holds what both drivers do alike.
 */
#ifndef HIP09_EMU_H
#define HIP09_EMU_H

#include <linux/bitfield.h>
#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/cpuhotplug.h>
#include <linux/device.h>
#include <linux/list.h>
#include <linux/perf_event.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#define EMU_NAME		"hip09_emu"
#define EMU_MAX_SLOTS		8
#define EMU_MAX_PORTS		16	/* root ports one PCIe PMU can cover */

/* ---- eras of the PCIe driver ------------------------------------------- */

/*
 * What changed between PCIe driver versions, as data. See README.md, "PCIe
 * driver eras", for the table with the upstream commits.
 */
struct emu_pcie_era {
	const char *name;
	const struct attribute_group **attr_groups;
	bool has_len_mode;	/* v6.2: len_mode format, LEN field written */
	u64 ctrl_init;		/* first value of the control word (v6.12: 0) */
	bool check_zero_bdf;	/* v6.9: bdf == 0 is checked too */
	bool cmp_whole_ctrl;	/* v6.9: pairs and groups compare ctrl words,
				 * before: real event codes */
	bool related_any_group;	/* v6.9: no -EINVAL for a related event */
	int full_errno;		/* add() with no free slot */
	bool set_period_check;	/* v6.12: detect an unwritable counter */
	bool offline_first_cpu;	/* v5.19: hotplug picks the first online CPU */
	bool numa_local;	/* by v6.9: hotplug prefers the device's node */
	bool pmu_parent;	/* v6.9: the PMU's parent is its PCI device */
};

/* ---- one PMU instance --------------------------------------------------- */

enum emu_family {
	EMU_FAMILY_PCIE,
	EMU_FAMILY_HNS3,
};

struct emu_pmu;

/* What the common code (debugfs, generator, hotplug) asks of a family. */
struct emu_family_ops {
	int (*advance)(struct emu_pmu *epmu, u64 cycles);	/* may wait */
	void (*generate)(struct emu_pmu *epmu, u64 dt_ns);
	int (*inject)(struct emu_pmu *epmu, char *cmd);
	void (*show_slots)(struct emu_pmu *epmu, struct seq_file *s);
	void (*show_info)(struct emu_pmu *epmu, struct seq_file *s);
	unsigned int (*online_target)(struct emu_pmu *epmu, unsigned int cpu);
	unsigned int (*offline_target)(struct emu_pmu *epmu, unsigned int cpu);
	/* The device's BAR2 as the kernel's own drivers see it (emu_real.c) */
	u16 pci_device;			/* PCI ID 19e5:pci_device */
	u32 bar_size;
	u64 (*bar_read)(struct emu_pmu *epmu, u32 off, unsigned int size);
	void (*bar_write)(struct emu_pmu *epmu, u32 off, unsigned int size,
			  u64 val);
	/* a counter overflowed and its interrupt is not masked */
	bool (*irq_pending)(struct emu_pmu *epmu);
};

struct emu_pmu {
	struct pmu pmu;
	/*
	 * The PMU perf knows: &pmu (the transcription), or the one the
	 * kernel's own driver registered (real_drivers=1), NULL while none is.
	 */
	struct pmu *perf;
	const struct emu_family_ops *ops;
	enum emu_family family;
	int node;		/* the device's NUMA node, NUMA_NO_NODE: none */
	int on_cpu;
	struct hlist_node cpuhp_node;
	struct list_head list;
	struct dentry *dbg_dir;
	/*
	 * The instance's PCI function in sysfs (emulated drivers; the kernel's
	 * own have emu_real.c's), and whether the PMU sits below it as the
	 * driver of its era puts it (pmu->parent, 6.9 and later).
	 */
	struct device *dev;
	bool pmu_parent;
	bool registered;
	char name[32];
	atomic_t bursts_waiting;	/* injects waiting out a global stop */
	atomic_t bursts_waited;		/* injects that ever waited */
};

#define to_emu_pmu(p)	container_of((p), struct emu_pmu, pmu)

/* A bdf range [min, max] as the devices' REG_BDF register reports it. */
struct emu_bdf_range {
	u16 min;
	u16 max;
};

/* ---- emu_core.c ---------------------------------------------------------- */

extern struct list_head emu_pmus;
extern struct mutex emu_pmus_lock;
/* real_drivers=1: the kernel's own drivers drive the devices (emu_real.c) */
extern bool emu_real_drivers;
/* hw_time=1: time counters follow guest time while enabled (emu_reg_access) */
extern bool emu_hw_time;
/*
 * The device's interrupt after a burst: with the kernel's own drivers the
 * handler they requested runs on the PMU's CPU when an overflow is pending.
 */
void emu_real_irq(struct emu_pmu *epmu);

/* @reg += @n as a counter register adds: true when it wrapped past 2^64 */
static inline bool emu_counter_add(u64 *reg, u64 n)
{
	u64 old = *reg;

	*reg += n;
	return *reg < old;
}

/* the driver core's unbind and bind of one instance, and its state (debugfs) */
int emu_real_unbind(struct emu_pmu *epmu);
int emu_real_bind(struct emu_pmu *epmu);
void emu_real_show_driver(struct emu_pmu *epmu, struct seq_file *s);

/* perf's type of @epmu's PMU, -1 while no driver has registered one */
int emu_pmu_type(const struct emu_pmu *epmu);

int emu_parse_list_sep(const char **p);

/*
 * Add @dev (initialized, with its release) to sysfs as @epmu's PCI function:
 * below the guest's root bus host bridge, named hip09_emu-<pmu>. The device
 * is on no bus, so that no driver binds it.
 */
int emu_dev_add(struct device *dev, const struct emu_pmu *epmu);

/* What both drivers do alike; each family keeps its own rules. */
int emu_check_counting_only(struct emu_pmu *epmu, struct perf_event *event);
/*
 * @cmp gets the PMU validating the group; its @target may belong to another
 * PMU (a software leader), so only the attr of @target may be read.
 */
bool emu_validate_group_distinct(struct perf_event *event,
				 bool (*cmp)(struct pmu *pmu,
					     struct perf_event *target,
					     struct perf_event *event));

ssize_t emu_format_show(struct device *dev, struct device_attribute *attr,
			char *buf);

/* A format row: (name, "config1:0-3"). */
#define EMU_FORMAT_ATTR(_name, _format)					\
	(&((struct dev_ext_attribute[]) {				\
		{ .attr = __ATTR(_name, 0444, emu_format_show, NULL),	\
		  .var = (void *)_format }				\
	})[0].attr.attr)

/*
 * A family's hw_events[] belongs to the PMU's CPU, as in the drivers: the
 * perf core calls add/del there with interrupts off (IPIs, the multiplexing
 * hrtimer). Run @fn there too to see the slots between two such calls,
 * never half through a rotation. Returns 0 or -ENXIO (CPU gone).
 */
int emu_on_pmu_cpu(struct emu_pmu *epmu, smp_call_func_t fn, void *info);

/*
 * A device model's register file (emu_pcie_hw.c, emu_hns3_hw.c), as
 * emu_reg_access() walks it: @find gives the @size-byte register at @off
 * (NULL: none) and its slot (-1: none); @write stores @val into it by the
 * register's rule, under the device lock, which it may drop and retake
 * through @flags.
 */
struct emu_regs {
	void *(*find)(void *hw, u32 off, unsigned int size, int *idx);
	void (*write)(void *hw, void *reg, unsigned int size, int idx, u64 val,
		      unsigned long *flags);
	void (*elapse)(void *hw);	/* hw_time=1: the clock up to now */
};

/*
 * Every register access of a device, under its @lock: returns the register
 * at @off (0 where there is none), or with @write stores @val by its rule.
 */
u64 emu_reg_access(const struct emu_regs *regs, raw_spinlock_t *lock,
		   void *hw, u32 off, unsigned int size, bool write, u64 val);

/* ---- emu_topo.c ---------------------------------------------------------- */

int emu_topo_split(bool root_ports, unsigned int n, struct emu_bdf_range *out);
int emu_topo_parse_ranges(const char *s, unsigned int n,
			  struct emu_bdf_range *out);
bool emu_topo_dev_exists(u16 bdf);
int emu_topo_root_port_of(u16 bdf, u16 *rp_bdf);
unsigned int emu_topo_root_ports_in(const struct emu_bdf_range *r, u16 *out,
				    unsigned int max);
int emu_topo_first_function_below(u16 rp_bdf, u16 *ep_bdf);
int emu_topo_first_function_in(const struct emu_bdf_range *r, u16 *bdf);
bool emu_topo_devfn_in(const struct emu_bdf_range *r, u8 devfn);

/* ---- emu_pcie.c / emu_pcie_hw.c ----------------------------------------- */

extern const struct emu_pcie_era emu_pcie_eras[];

struct emu_pmu *emu_pcie_create(u16 sicl, u16 core,
				const struct emu_bdf_range *rp,
				const struct emu_pcie_era *era, u32 identifier,
				int node);
void emu_pcie_destroy(struct emu_pmu *epmu);

/* ---- emu_hns3.c / emu_hns3_hw.c ----------------------------------------- */

struct emu_pmu *emu_hns3_create(u16 sicl, const struct emu_bdf_range *funcs,
				u32 identifier, u32 clk_hz,
				unsigned int queues);
void emu_hns3_destroy(struct emu_pmu *epmu);

/* ---- emu_traffic.c ------------------------------------------------------- */

/* Background generator rates; written through debugfs "generator". */
struct emu_gen_cfg {
	bool on;
	unsigned int period_ms;
	u64 tlp_rate;		/* TLPs/s per root port, each TLP kind */
	u64 tlp_dw;		/* TLP length in DW */
	u64 tlp_lat;		/* latency per TLP in cycles */
	u64 pkt_rate;		/* packets/s per HNS3 event */
	u64 pkt_bytes;		/* bytes per packet */
	u64 pkt_lat;		/* latency per packet in cycles */
	u64 intr_rate;		/* interrupts/s per HNS3 interrupt event */
};

/* One parsed "key=value" of a traffic command. */
struct emu_kv {
	const char *key;
	const char *val;
};

#define EMU_MAX_KV	16

int emu_parse_kv(char *cmd, struct emu_kv *kv, unsigned int max);
int emu_kv_u64(const struct emu_kv *kv, unsigned int n, const char *key,
	       u64 *val, u64 max);
const char *emu_kv_str(const struct emu_kv *kv, unsigned int n,
		       const char *key);
int emu_kv_check(const struct emu_kv *kv, unsigned int n,
		 const char *const *known);

u64 emu_gen_units(u64 *residue, u64 rate, u64 dt_ns);
u64 emu_clock_units(u64 *residue, u64 rate, u64 dt_ns);

int emu_traffic_init(bool gen_on);
void emu_traffic_exit(void);
int emu_advance_all(u64 cycles);
/*
 * Run @apply(@hw, @arg) under @lock when !@stopped_armed(@hw); see
 * emu_traffic.c, "bursts". Returns 0, -ETIMEDOUT or -EINTR (not applied).
 */
int emu_burst(struct emu_pmu *epmu, raw_spinlock_t *lock,
	      bool (*stopped_armed)(const void *hw),
	      void (*apply)(void *hw, const void *arg), void *hw,
	      const void *arg);
int emu_gen_configure(char *cmd);
void emu_gen_show(struct seq_file *s);
extern struct emu_gen_cfg emu_gen;

/* ---- emu_debugfs.c ------------------------------------------------------- */

int emu_debugfs_init(void);
void emu_debugfs_exit(void);
void emu_debugfs_add_pmu(struct emu_pmu *epmu);
void emu_debugfs_remove_pmu(struct emu_pmu *epmu);

#endif /* HIP09_EMU_H */
