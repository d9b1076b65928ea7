// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: the debugfs interface, /sys/kernel/debug/hip09_emu/.
 *
 *   pmus            r   one line per PMU: name, family, perf type
 *   advance         w   "N": N cycles of time on every enabled slot
 *   generator       rw  "on", "off", "key=value ..." (see emu_traffic.c)
 *   <pmu>/inject    w   one traffic batch per line (see the *_hw.c files)
 *   <pmu>/slots     r   the 8 slots: owner event, control and counters
 *   <pmu>/info      r   bdf range, root ports and port bits, clock
 *   <pmu>/global    rw  "stop", "start": the driver's pmu_disable() or
 *                       pmu_enable() on the PMU's CPU, as the perf core
 *                       brackets a rotation; reads the injects waiting
 *                       for a restart (emu_traffic.c, "bursts")
 *
 * Writes take one command per line; empty lines and "#" comments are
 * skipped. A bad command fails the write with -EINVAL (or -ERANGE, -ENODEV)
 * and leaves the counters untouched.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "hip09_emu.h"

#define EMU_CMD_MAX	4096

static struct dentry *emu_dbg_root;

/* Copy a user write into a NUL-terminated kernel buffer. */
static char *emu_dbg_copy(const char __user *ubuf, size_t len)
{
	if (!len || len >= EMU_CMD_MAX)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, len);
}

/* Run @fn on each non-empty, non-comment line of a write. */
static ssize_t emu_dbg_lines(const char __user *ubuf, size_t len,
			     int (*fn)(void *ctx, char *line), void *ctx)
{
	char *buf, *cur, *line;
	int ret = 0;

	buf = emu_dbg_copy(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	cur = buf;
	while (!ret && (line = strsep(&cur, "\n")) != NULL) {
		line = strim(line);
		if (*line && *line != '#')
			ret = fn(ctx, line);
	}
	kfree(buf);
	return ret ? ret : len;
}

/* ---- advance ---------------------------------------------------------------------- */

static int emu_dbg_advance_line(void *ctx, char *line)
{
	u64 cycles;
	int ret = kstrtou64(line, 0, &cycles);

	return ret ?: emu_advance_all(cycles);
}

static ssize_t emu_dbg_advance_write(struct file *file, const char __user *ubuf,
				     size_t len, loff_t *ppos)
{
	return emu_dbg_lines(ubuf, len, emu_dbg_advance_line, NULL);
}

static const struct file_operations emu_dbg_advance_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = emu_dbg_advance_write,
	.llseek = noop_llseek,
};

/* ---- generator -------------------------------------------------------------------- */

static int emu_dbg_generator_show(struct seq_file *s, void *unused)
{
	emu_gen_show(s);
	return 0;
}

static int emu_dbg_generator_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_dbg_generator_show, NULL);
}

static int emu_dbg_generator_line(void *ctx, char *line)
{
	return emu_gen_configure(line);
}

static ssize_t emu_dbg_generator_write(struct file *file,
				       const char __user *ubuf, size_t len,
				       loff_t *ppos)
{
	return emu_dbg_lines(ubuf, len, emu_dbg_generator_line, NULL);
}

static const struct file_operations emu_dbg_generator_fops = {
	.owner = THIS_MODULE,
	.open = emu_dbg_generator_open,
	.read = seq_read,
	.write = emu_dbg_generator_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* ---- pmus ------------------------------------------------------------------------- */

static int emu_dbg_pmus_show(struct seq_file *s, void *unused)
{
	struct emu_pmu *epmu;

	mutex_lock(&emu_pmus_lock);
	list_for_each_entry(epmu, &emu_pmus, list)
		seq_printf(s, "%s %s %d\n", epmu->name,
			   epmu->family == EMU_FAMILY_PCIE ? "pcie" : "hns3",
			   emu_pmu_type(epmu));
	mutex_unlock(&emu_pmus_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(emu_dbg_pmus);

/* ---- per PMU ---------------------------------------------------------------------- */

static int emu_dbg_inject_line(void *ctx, char *line)
{
	struct emu_pmu *epmu = ctx;

	return epmu->ops->inject(epmu, line);
}

static ssize_t emu_dbg_inject_write(struct file *file, const char __user *ubuf,
				    size_t len, loff_t *ppos)
{
	return emu_dbg_lines(ubuf, len, emu_dbg_inject_line,
			     file->private_data);
}

static const struct file_operations emu_dbg_inject_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = emu_dbg_inject_write,
	.llseek = noop_llseek,
};

static int emu_dbg_slots_show(struct seq_file *s, void *unused)
{
	struct emu_pmu *epmu = s->private;

	epmu->ops->show_slots(epmu, s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(emu_dbg_slots);

static int emu_dbg_info_show(struct seq_file *s, void *unused)
{
	struct emu_pmu *epmu = s->private;

	epmu->ops->show_info(epmu, s);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(emu_dbg_info);

static void emu_dbg_global_stop(void *info)
{
	struct pmu *pmu = info;

	pmu->pmu_disable(pmu);
}

static void emu_dbg_global_start(void *info)
{
	struct pmu *pmu = info;

	pmu->pmu_enable(pmu);
}

static int emu_dbg_global_line(void *ctx, char *line)
{
	struct emu_pmu *epmu = ctx;

	if (!strcmp(line, "stop"))
		return emu_on_pmu_cpu(epmu, emu_dbg_global_stop, &epmu->pmu);
	if (!strcmp(line, "start"))
		return emu_on_pmu_cpu(epmu, emu_dbg_global_start, &epmu->pmu);
	return -EINVAL;
}

static ssize_t emu_dbg_global_write(struct file *file, const char __user *ubuf,
				    size_t len, loff_t *ppos)
{
	struct seq_file *s = file->private_data;

	return emu_dbg_lines(ubuf, len, emu_dbg_global_line, s->private);
}

static int emu_dbg_global_show(struct seq_file *s, void *unused)
{
	struct emu_pmu *epmu = s->private;

	seq_printf(s, "bursts_waiting=%d\nbursts_waited=%d\n",
		   atomic_read(&epmu->bursts_waiting),
		   atomic_read(&epmu->bursts_waited));
	return 0;
}

static int emu_dbg_global_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_dbg_global_show, inode->i_private);
}

static const struct file_operations emu_dbg_global_fops = {
	.owner = THIS_MODULE,
	.open = emu_dbg_global_open,
	.read = seq_read,
	.write = emu_dbg_global_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/*
 * driver (real_drivers=1): "unbind" and "bind" as the driver core does them
 * for one device; reads "bound", "unbound" or "no driver", and whether the
 * perf core revokes the events of a PMU that goes away.
 */
static int emu_dbg_driver_line(void *ctx, char *line)
{
	struct emu_pmu *epmu = ctx;

	if (!strcmp(line, "unbind"))
		return emu_real_unbind(epmu);
	if (!strcmp(line, "bind"))
		return emu_real_bind(epmu);
	return -EINVAL;
}

static ssize_t emu_dbg_driver_write(struct file *file, const char __user *ubuf,
				    size_t len, loff_t *ppos)
{
	struct seq_file *s = file->private_data;

	return emu_dbg_lines(ubuf, len, emu_dbg_driver_line, s->private);
}

static int emu_dbg_driver_show(struct seq_file *s, void *unused)
{
	emu_real_show_driver(s->private, s);
	return 0;
}

static int emu_dbg_driver_open(struct inode *inode, struct file *file)
{
	return single_open(file, emu_dbg_driver_show, inode->i_private);
}

static const struct file_operations emu_dbg_driver_fops = {
	.owner = THIS_MODULE,
	.open = emu_dbg_driver_open,
	.read = seq_read,
	.write = emu_dbg_driver_write,
	.llseek = seq_lseek,
	.release = single_release,
};

void emu_debugfs_add_pmu(struct emu_pmu *epmu)
{
	epmu->dbg_dir = debugfs_create_dir(epmu->name, emu_dbg_root);
	debugfs_create_file("inject", 0200, epmu->dbg_dir, epmu,
			    &emu_dbg_inject_fops);
	debugfs_create_file("slots", 0444, epmu->dbg_dir, epmu,
			    &emu_dbg_slots_fops);
	debugfs_create_file("info", 0444, epmu->dbg_dir, epmu,
			    &emu_dbg_info_fops);
	debugfs_create_file("global", 0644, epmu->dbg_dir, epmu,
			    &emu_dbg_global_fops);
	if (emu_real_drivers)
		debugfs_create_file("driver", 0644, epmu->dbg_dir, epmu,
				    &emu_dbg_driver_fops);
}

void emu_debugfs_remove_pmu(struct emu_pmu *epmu)
{
	debugfs_remove_recursive(epmu->dbg_dir);
	epmu->dbg_dir = NULL;
}

int emu_debugfs_init(void)
{
	emu_dbg_root = debugfs_create_dir(EMU_NAME, NULL);
	debugfs_create_file("pmus", 0444, emu_dbg_root, NULL,
			    &emu_dbg_pmus_fops);
	debugfs_create_file("advance", 0200, emu_dbg_root, NULL,
			    &emu_dbg_advance_fops);
	debugfs_create_file("generator", 0644, emu_dbg_root, NULL,
			    &emu_dbg_generator_fops);
	return 0;
}

void emu_debugfs_exit(void)
{
	debugfs_remove_recursive(emu_dbg_root);
	emu_dbg_root = NULL;
}
