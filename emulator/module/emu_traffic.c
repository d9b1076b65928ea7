// SPDX-License-Identifier: GPL-2.0
/*
 * Hip09 PMU emulator: traffic commands and the background generator.
 *
 * Deterministic traffic comes from debugfs commands (emu_debugfs.c): a PMU's
 * "inject" file takes "key=value" batches that its device turns into counts
 * (emu_pcie_hw.c, emu_hns3_hw.c), and "advance N" moves time by N cycles on
 * every enabled slot of every PMU. Nothing else moves the counters unless
 * the generator is on.
 *
 * Injected batches and "advance" are bursts: the device counts a batch at
 * once, where real traffic is spread over time. The perf core brackets
 * every rotation of another user's events with the driver's pmu_disable()
 * and pmu_enable() on the PMU's CPU: real traffic in that window loses the
 * window's share, a burst in it would be lost whole. So a burst that finds
 * the PMU stopped with slots armed waits for the restart (emu_burst()), up
 * to EMU_BURST_WAIT_MS: a stop that long is not a rotation, and the write
 * fails with -ETIMEDOUT rather than count nothing.
 *
 * The generator is for demos: every period it advances each PMU's time by
 * the cycles of its clock that elapsed, and feeds each PMU traffic at the
 * configured rates. Rates are per second; fractions carry over to the next
 * period so that long runs match the rates exactly.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "hip09_emu.h"

#define EMU_GEN_MAX_DT_NS	NSEC_PER_SEC	/* a late period counts as 1 s */
#define EMU_BURST_WAIT_MS	1000		/* longest stop a burst waits out */

struct emu_gen_cfg emu_gen = {
	.period_ms = 20,
	.tlp_rate = 1000000,
	.tlp_dw = 64,
	.tlp_lat = 500,
	.pkt_rate = 1000000,
	.pkt_bytes = 1500,
	.pkt_lat = 800,
	.intr_rate = 10000,
};

static DEFINE_MUTEX(emu_gen_lock);	/* emu_gen and the work's life */
static struct delayed_work emu_gen_work;
static u64 emu_gen_last_ns;

/* ---- "key=value" commands ----------------------------------------------------- */

/* Split @cmd in place into key=value pairs; returns their number. */
int emu_parse_kv(char *cmd, struct emu_kv *kv, unsigned int max)
{
	unsigned int n = 0;
	char *tok, *eq;

	while ((tok = strsep(&cmd, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		eq = strchr(tok, '=');
		if (!eq || eq == tok || n == max)
			return -EINVAL;
		*eq = '\0';
		kv[n].key = tok;
		kv[n].val = eq + 1;
		n++;
	}
	return n;
}

const char *emu_kv_str(const struct emu_kv *kv, unsigned int n,
		       const char *key)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return kv[i].val;
	return NULL;
}

/* An absent key leaves @val alone; a present one must be a number <= @max. */
int emu_kv_u64(const struct emu_kv *kv, unsigned int n, const char *key,
	       u64 *val, u64 max)
{
	const char *s = emu_kv_str(kv, n, key);
	u64 v;
	int ret;

	if (!s)
		return 0;
	ret = kstrtou64(s, 0, &v);
	if (ret) {
		pr_info("bad value \"%s\" for %s\n", s, key);
		return ret;
	}
	if (v > max) {
		pr_info("%s=%llu is above %llu\n", key, v, max);
		return -ERANGE;
	}
	*val = v;
	return 0;
}

int emu_kv_check(const struct emu_kv *kv, unsigned int n,
		 const char *const *known)
{
	const char *const *k;
	unsigned int i;

	for (i = 0; i < n; i++) {
		for (k = known; *k; k++)
			if (!strcmp(kv[i].key, *k))
				break;
		if (!*k) {
			pr_info("unknown key \"%s\"\n", kv[i].key);
			return -EINVAL;
		}
	}
	return 0;
}

/* ---- time ------------------------------------------------------------------------ */

int emu_advance_all(u64 cycles)
{
	struct emu_pmu *epmu;
	int ret = 0;

	mutex_lock(&emu_pmus_lock);
	list_for_each_entry(epmu, &emu_pmus, list)
		ret = epmu->ops->advance(epmu, cycles) ?: ret;
	mutex_unlock(&emu_pmus_lock);
	return ret;
}

/* ---- bursts ----------------------------------------------------------------------- */

static void emu_burst_wait_begin(struct emu_pmu *epmu)
{
	atomic_inc(&epmu->bursts_waiting);
	atomic_inc(&epmu->bursts_waited);
	pr_debug("%s: burst waits for the restart of a global stop\n",
		 epmu->name);
}

int emu_burst(struct emu_pmu *epmu, raw_spinlock_t *lock,
	      bool (*stopped_armed)(const void *hw),
	      void (*apply)(void *hw, const void *arg), void *hw,
	      const void *arg)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(EMU_BURST_WAIT_MS);
	unsigned long flags;
	bool waited = false;
	int ret = 0;

	for (;;) {
		raw_spin_lock_irqsave(lock, flags);
		if (!stopped_armed(hw)) {
			apply(hw, arg);
			raw_spin_unlock_irqrestore(lock, flags);
			break;
		}
		raw_spin_unlock_irqrestore(lock, flags);
		if (!waited)
			emu_burst_wait_begin(epmu);
		waited = true;
		if (time_after(jiffies, deadline)) {
			pr_warn("%s: stopped with slots armed for %d ms: burst refused\n",
				epmu->name, EMU_BURST_WAIT_MS);
			ret = -ETIMEDOUT;
			break;
		}
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		usleep_range(20, 100);
	}
	if (waited)
		atomic_dec(&epmu->bursts_waiting);
	if (!ret)
		emu_real_irq(epmu);
	return ret;
}

/* Whole units of @rate per second in @dt_ns, the rest carried in @residue. */
u64 emu_gen_units(u64 *residue, u64 rate, u64 dt_ns)
{
	u64 total = rate * dt_ns + *residue;
	u64 rem;
	u64 units = div64_u64_rem(total, NSEC_PER_SEC, &rem);

	*residue = rem;
	return units;
}

/* emu_gen_units() for any @dt_ns: whole seconds apart, so rate * dt cannot overflow */
u64 emu_clock_units(u64 *residue, u64 rate, u64 dt_ns)
{
	u64 secs = div64_u64_rem(dt_ns, NSEC_PER_SEC, &dt_ns);

	return secs * rate + emu_gen_units(residue, rate, dt_ns);
}

/* ---- the generator --------------------------------------------------------------- */

static void emu_gen_tick(struct work_struct *work)
{
	struct emu_pmu *epmu;
	u64 now = ktime_get_ns();
	u64 dt = min_t(u64, now - emu_gen_last_ns, EMU_GEN_MAX_DT_NS);

	emu_gen_last_ns = now;
	mutex_lock(&emu_pmus_lock);
	list_for_each_entry(epmu, &emu_pmus, list)
		epmu->ops->generate(epmu, dt);
	mutex_unlock(&emu_pmus_lock);

	if (READ_ONCE(emu_gen.on))
		schedule_delayed_work(&emu_gen_work,
				      msecs_to_jiffies(emu_gen.period_ms));
}

static void emu_gen_start(void)
{
	emu_gen_last_ns = ktime_get_ns();
	WRITE_ONCE(emu_gen.on, true);
	schedule_delayed_work(&emu_gen_work, msecs_to_jiffies(emu_gen.period_ms));
}

static void emu_gen_stop(void)
{
	WRITE_ONCE(emu_gen.on, false);
	cancel_delayed_work_sync(&emu_gen_work);
}

/* "on", "off" and key=value settings, in any order. */
int emu_gen_configure(char *cmd)
{
	static const char *const known[] = {
		"period_ms", "tlp_rate", "tlp_dw", "tlp_lat", "pkt_rate",
		"pkt_bytes", "pkt_lat", "intr_rate", NULL
	};
	struct emu_kv kv[EMU_MAX_KV];
	struct emu_gen_cfg cfg;
	int want = -1, n = 0, ret = 0;
	u64 period;
	char *tok;

	while ((tok = strsep(&cmd, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		if (!strcmp(tok, "on") || !strcmp(tok, "off")) {
			want = !strcmp(tok, "on");
			continue;
		}
		if (n == EMU_MAX_KV || !strchr(tok, '=') || *tok == '=')
			return -EINVAL;
		kv[n].val = strchr(tok, '=') + 1;
		*strchr(tok, '=') = '\0';
		kv[n++].key = tok;
	}

	mutex_lock(&emu_gen_lock);
	cfg = emu_gen;
	period = cfg.period_ms;
	ret = emu_kv_check(kv, n, known);
	ret = ret ?: emu_kv_u64(kv, n, "period_ms", &period, 10000);
	ret = ret ?: emu_kv_u64(kv, n, "tlp_rate", &cfg.tlp_rate, NSEC_PER_SEC);
	ret = ret ?: emu_kv_u64(kv, n, "tlp_dw", &cfg.tlp_dw, 1024);
	ret = ret ?: emu_kv_u64(kv, n, "tlp_lat", &cfg.tlp_lat, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "pkt_rate", &cfg.pkt_rate, NSEC_PER_SEC);
	ret = ret ?: emu_kv_u64(kv, n, "pkt_bytes", &cfg.pkt_bytes, 65536);
	ret = ret ?: emu_kv_u64(kv, n, "pkt_lat", &cfg.pkt_lat, U32_MAX);
	ret = ret ?: emu_kv_u64(kv, n, "intr_rate", &cfg.intr_rate, NSEC_PER_SEC);
	if (!ret && !period)
		ret = -EINVAL;
	if (ret)
		goto out;

	cfg.period_ms = period;
	cfg.on = emu_gen.on;
	emu_gen = cfg;
	if (want == 1 && !emu_gen.on)
		emu_gen_start();
	else if (want == 0 && emu_gen.on)
		emu_gen_stop();
out:
	mutex_unlock(&emu_gen_lock);
	return ret;
}

void emu_gen_show(struct seq_file *s)
{
	mutex_lock(&emu_gen_lock);
	seq_printf(s, "%s\nperiod_ms=%u\n", emu_gen.on ? "on" : "off",
		   emu_gen.period_ms);
	seq_printf(s, "tlp_rate=%llu\ntlp_dw=%llu\ntlp_lat=%llu\n",
		   emu_gen.tlp_rate, emu_gen.tlp_dw, emu_gen.tlp_lat);
	seq_printf(s, "pkt_rate=%llu\npkt_bytes=%llu\npkt_lat=%llu\nintr_rate=%llu\n",
		   emu_gen.pkt_rate, emu_gen.pkt_bytes, emu_gen.pkt_lat,
		   emu_gen.intr_rate);
	mutex_unlock(&emu_gen_lock);
}

int emu_traffic_init(bool gen_on)
{
	INIT_DELAYED_WORK(&emu_gen_work, emu_gen_tick);
	if (gen_on) {
		mutex_lock(&emu_gen_lock);
		emu_gen_start();
		mutex_unlock(&emu_gen_lock);
	}
	return 0;
}

void emu_traffic_exit(void)
{
	mutex_lock(&emu_gen_lock);
	emu_gen_stop();
	mutex_unlock(&emu_gen_lock);
}
