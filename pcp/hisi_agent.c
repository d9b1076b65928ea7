// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_agent.c - the PCP agent's counting, without PCP (hisi_agent.h).
 */
#define _POSIX_C_SOURCE 200809L	/* openat, dirfd */
#include "hisi_agent.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hu_text.h"
#include "owner_lock.h"
#include "pci_sysfs.h"
#include "pmu_sysfs.h"
#include "sysfs_file.h"
#include "sysfs_parse.h"
#include "pmu_family.h"

/* One component event an instance counts, and the counters its halves feed. */
struct ha_source {
	const char *event;
	int counter[2];		/* half 0, half 1 (a pair's count); -1: none */
	uint64_t scale;		/* per unit counted */
};

/*
 * Flux counts DW (4 bytes); a latency pair is the cycles its TLPs took and
 * how many there were (the driver counts both on one counter).
 */
static const struct ha_source pcie_sources[] = {
	{ "rx_mrd_flux", { HA_PCIE_IN_READ_BYTES, -1 }, 4 },
	{ "rx_mwr_flux", { HA_PCIE_IN_WRITE_BYTES, -1 }, 4 },
	{ "tx_mrd_flux", { HA_PCIE_OUT_READ_BYTES, -1 }, 4 },
	{ "tx_mwr_flux", { HA_PCIE_OUT_WRITE_BYTES, -1 }, 4 },
	{ "rx_mrd_avg_latency", { HA_PCIE_IN_READ_CYCLES, HA_PCIE_IN_READ_TLPS }, 1 },
	{ "rx_mwr_avg_latency", { HA_PCIE_IN_WRITE_CYCLES, HA_PCIE_IN_WRITE_TLPS }, 1 },
};

/* The global filter mode (the component's default for a name without filters). */
static const struct ha_source nic_sources[] = {
	{ "bw_ssu_rpu_byte_num", { HA_NIC_RX_BYTES, -1 }, 1 },
	{ "bw_tpu_ssu_byte_num", { HA_NIC_TX_BYTES, -1 }, 1 },
	{ "pps_ssu_rpu_packet_num", { HA_NIC_RX_PACKETS, -1 }, 1 },
	{ "pps_tpu_ssu_packet_num", { HA_NIC_TX_PACKETS, -1 }, 1 },
};

#define NSRC(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *device_name;	/* the family record's: the device names' PMU */
	const char *qualifier;		/* a device's (rp, bdf); NULL: a PMU instance */
	const struct ha_source *src;
	unsigned int nsrc;
	unsigned int ncounters;
} families[HA_NFAMILIES] = {
	[HA_PCIE] = { "hisi_pcie", NULL, pcie_sources, NSRC(pcie_sources), HA_PCIE_NCOUNTERS },
	[HA_NIC] = { "hns3_pmu", NULL, nic_sources, NSRC(nic_sources), HA_NIC_NCOUNTERS },
	[HA_PCIE_PORT] = { "hisi_pcie", "rp", pcie_sources, NSRC(pcie_sources),
			   HA_PCIE_NCOUNTERS },
	[HA_NIC_FUNCTION] = { "hns3_pmu", "bdf", nic_sources, NSRC(nic_sources),
			      HA_NIC_NCOUNTERS },
};

/* The family of PMU instance @pmu (a PMU's family, not a device's). */
static bool family_of(const struct hu_pmu *pmu, enum ha_family *f)
{
	for (unsigned int i = 0; i < HA_NFAMILIES; i++)
		if (!families[i].qualifier && pmu->family && pmu->family->device_name &&
		    strcmp(pmu->family->device_name, families[i].device_name) == 0) {
			*f = (enum ha_family)i;
			return true;
		}
	return false;
}

/*
 * The component's requests for @src on @in, or why it refuses the name.  A
 * device's name picks the PMU instance that covers the device: the same for
 * each of its sources (the pick depends on the device alone).
 */
static int add_source(struct hu_catalogue *cat, struct ha_instance *in,
		      const struct ha_source *src, struct hu_err *e)
{
	char name[HU_NAME_MAX + 128];
	struct hu_native n;
	int code, ret;

	if (in->qualifiers[0])
		snprintf(name, sizeof(name), "%s::%s%s", families[in->family].device_name,
			 src->event, in->qualifiers);
	else
		snprintf(name, sizeof(name), "%s::%s", in->name, src->event);
	ret = hu_cat_name_to_code(cat, name, &code, e);
	if (!ret)
		ret = hu_cat_code_to_native(cat, code, &n, e);
	if (ret)
		return ret;
	if (in->nreq + n.nattr > HA_MAX_REQUESTS)
		return hu_fail(e, HU_E_NOMEM, "%s: more requests than the agent keeps", name);
	if (!in->pmu)
		in->pmu = &cat->set.pmu[n.pmu];
	for (unsigned int h = 0; h < 2; h++)
		if (src->counter[h] >= 0) {
			in->req_of[src->counter[h]] = h < n.nattr ? (int)(in->nreq + h) : -1;
			in->scale[src->counter[h]] = src->scale;
		}
	in->nreq += hu_cat_native_requests(cat, &n, in->nreq, &in->req[in->nreq]);
	return HU_OK;
}

/* "in.write.bytes: <why>; ..." for the sources the component refused. */
static void note_missing(struct ha_instance *in, const char *event, const char *why)
{
	hu_appendf(in->missing, sizeof(in->missing), "%s%s: %s", in->missing[0] ? "; " : "",
		   event, why);
}

/*
 * @in's counters, named @name (a PMU's, or a device's PCI address with
 * @qualifiers).  False when no PMU instance covers the device: the
 * component picks none for its name.
 */
static bool setup_instance(struct hu_catalogue *cat, struct ha_instance *in, const char *name,
			   const char *qualifiers, const struct hu_pmu *pmu, enum ha_family f)
{
	char first_refusal[HU_MSG_MAX] = "";
	bool covered = true;

	memset(in, 0, sizeof(*in));
	snprintf(in->name, sizeof(in->name), "%s", name);
	snprintf(in->qualifiers, sizeof(in->qualifiers), "%s", qualifiers);
	in->pmu = pmu;
	in->family = f;
	in->parent = -1;
	in->multiplexed = families[f].qualifier != NULL;
	in->ncounters = families[f].ncounters;
	for (unsigned int c = 0; c < HA_MAX_COUNTERS; c++)
		in->req_of[c] = -1;
	for (unsigned int s = 0; s < families[f].nsrc; s++) {
		struct hu_err e = { 0 };
		int ret = add_source(cat, in, &families[f].src[s], &e);

		if (ret == HU_E_NOPMU && qualifiers[0])
			covered = false;
		else if (ret)
			note_missing(in, families[f].src[s].event, e.msg);
		if (ret && !first_refusal[0])
			snprintf(first_refusal, sizeof(first_refusal), "%s", e.msg);
	}
	/* refused whole: for the device, mostly, so every event's reason is the first's */
	if (in->nreq)
		snprintf(in->why, sizeof(in->why), "not opened yet");
	else
		hu_appendf(in->why, sizeof(in->why), "refused: %s", first_refusal);
	return covered && (in->nreq || in->missing[0]);
}

/* The instance array, grown as instances are found (init only: the PMDA keeps pointers). */
static struct ha_instance *next_instance(struct hisi_agent *a, unsigned int *room)
{
	if (a->ninst == *room) {
		unsigned int more = *room ? 2 * *room : 16;
		struct ha_instance *grown = realloc(a->inst, more * sizeof(*grown));

		if (!grown)
			return NULL;
		a->inst = grown;
		*room = more;
	}
	return &a->inst[a->ninst];
}

/* The instance of PMU @pmu, the parent of the devices it covers; -1 if none. */
static int pmu_instance(const struct hisi_agent *a, const struct hu_pmu *pmu)
{
	for (unsigned int i = 0; pmu && i < a->ninst; i++)
		if (a->inst[i].pmu == pmu && !a->inst[i].qualifiers[0])
			return (int)i;
	return -1;
}

/* What the walk over PCI sysfs for devices keeps in hand. */
struct device_walk {
	struct hisi_agent *a;
	unsigned int *room;
	bool has[HA_NFAMILIES];		/* a PMU instance of the family exists */
	const char *sysfs_root;
	bool out_of_memory;
};

/* A device of family @f (a root port, a NIC function) if a PMU instance covers it. */
static void try_device(struct device_walk *w, const char *name, unsigned int domain,
		       uint16_t bdf, enum ha_family f)
{
	struct ha_instance *in = next_instance(w->a, w->room);
	char q[48];

	if (!in) {
		w->out_of_memory = true;
		return;
	}
	snprintf(q, sizeof(q), ":%s=%#06x:domain=%u", families[f].qualifier, bdf, domain);
	if (!setup_instance(&w->a->cat, in, name, q, NULL, f))
		return;
	in->parent = pmu_instance(w->a, in->pmu);
	w->a->ninst++;
}

static bool visit_device(void *ctx, const char *name, unsigned int domain, uint16_t bdf)
{
	struct device_walk *w = ctx;
	uint16_t rp;

	if (w->has[HA_PCIE] && hu_pci_root_port(w->sysfs_root, domain, bdf, &rp, NULL) == HU_OK &&
	    rp == bdf)
		try_device(w, name, domain, bdf, HA_PCIE_PORT);
	if (w->has[HA_NIC])
		try_device(w, name, domain, bdf, HA_NIC_FUNCTION);
	return !w->out_of_memory;
}

/* Device instances in PCI sysfs order; sorted by name for the instance domains. */
static int by_family_and_name(const void *x, const void *y)
{
	const struct ha_instance *a = x, *b = y;

	if (a->family != b->family)
		return a->family < b->family ? -1 : 1;
	return strcmp(a->name, b->name);
}

int ha_init(struct hisi_agent *a, const char *sysfs_root, struct hu_err *e)
{
	struct device_walk w = { .a = a };
	unsigned int room = 0, npmus;
	int ret;

	memset(a, 0, sizeof(*a));
	ret = hu_cat_init(&a->cat, sysfs_root, NULL, e);
	if (ret)
		return ret;
	w.room = &room;
	for (unsigned int p = 0; p < a->cat.set.n; p++) {
		const struct hu_pmu *pmu = &a->cat.set.pmu[p];
		struct ha_instance *in = next_instance(a, &room);
		enum ha_family f;

		if (!in)
			goto nomem;
		if (!family_of(pmu, &f))
			continue;
		if (setup_instance(&a->cat, in, pmu->name, "", pmu, f) && in->nreq) {
			a->ninst++;
			w.has[f] = true;
		}
	}
	npmus = a->ninst;
	w.sysfs_root = a->cat.set.root;
	if (w.has[HA_PCIE] || w.has[HA_NIC])
		hu_pci_each_device(w.sysfs_root, visit_device, &w);
	if (w.out_of_memory)
		goto nomem;
	/* devices after the PMUs (parents by index, so none moves past its devices) */
	qsort(a->inst + npmus, a->ninst - npmus, sizeof(*a->inst), by_family_and_name);
	return HU_OK;
nomem:
	ha_free(a);
	return hu_fail(e, HU_E_NOMEM, "out of memory");
}

/* Close @in; a PMU's devices first, since they count under its ownership lock. */
static void close_instance(struct hisi_agent *a, struct ha_instance *in)
{
	int self = (int)(in - a->inst);

	for (unsigned int i = 0; !in->qualifiers[0] && i < a->ninst; i++)
		if (a->inst[i].parent == self && a->inst[i].open) {
			close_instance(a, &a->inst[i]);
			snprintf(a->inst[i].why, sizeof(a->inst[i].why),
				 "its PMU %s stopped counting", in->name);
		}
	if (in->open)
		hu_plan_free(&in->plan);
	if (in->owned)
		hu_owner_release(in->pmu->name);
	in->open = false;
	in->owned = false;
	in->refreshed = false;
}

/*
 * A device's groups take turns on the counters its PMU's own groups leave:
 * at most that many slots a group, so that every group can get on.
 */
static void fit_beside_parent(struct ha_instance *in, const struct ha_instance *parent)
{
	unsigned int used = 0;

	for (unsigned int g = 0; g < parent->plan.ngroups; g++)
		used += parent->plan.group[g].slots;
	for (unsigned int r = 0; r < in->nreq; r++) {
		unsigned int max = in->req[r].slot.max_slots;

		if (max)
			in->req[r].slot.max_slots = max > used ? max - used : 1;
	}
}

/*
 * The ownership lock of @in's counters: a PMU's own, taken here (the agent
 * owns what it counts, as a job in ownership mode does: whichever comes
 * first counts, the other is refused naming it); a device counts under its
 * PMU's, so only while its PMU's instance is counting.
 */
static int take_ownership(struct hisi_agent *a, struct ha_instance *in, struct hu_err *e)
{
	const struct ha_instance *parent;

	if (!in->qualifiers[0]) {
		int ret = hu_owner_acquire(in->pmu->name, e);

		in->owned = ret == HU_OK;
		return ret;
	}
	if (in->parent < 0)
		return hu_fail(e, HU_E_NOPMU, "no PMU instance of the agent counts it");
	parent = &a->inst[in->parent];
	if (!parent->open)
		return hu_fail(e, HU_E_CONFLICT, "its PMU %s is not counting: %s", parent->name,
			       parent->why);
	return HU_OK;
}

/* Open and start @in's counters; its previous readings start again from 0. */
static int open_instance(struct hisi_agent *a, struct ha_instance *in, struct hu_err *e)
{
	int ret = take_ownership(a, in, e);

	if (ret)
		return ret;
	ret = hu_cat_refresh_requests(&a->cat, in->req, in->nreq, e);
	if (!ret && in->parent >= 0)
		fit_beside_parent(in, &a->inst[in->parent]);
	if (!ret)
		ret = hu_plan_build(&in->plan, in->req, in->nreq, in->multiplexed, e);
	if (ret) {
		close_instance(a, in);
		return ret;
	}
	in->open = true;
	ret = hu_plan_open(&in->plan, e);
	if (!ret)
		ret = hu_plan_start(&in->plan, e);
	if (ret) {
		close_instance(a, in);
		return ret;
	}
	memset(in->prev, 0, sizeof(in->prev));
	return HU_OK;
}

uint64_t ha_scaled_delta(const struct ha_prev *prev, const struct ha_prev *now, bool *scaled)
{
	uint64_t d = now->value - prev->value;
	uint64_t de = now->enabled_ns - prev->enabled_ns;
	uint64_t dr = now->running_ns - prev->running_ns;

	if (dr >= de || d == 0)
		return d;
	*scaled = true;
	if (dr == 0)	/* counted with no time on the PMU: cannot be; take it as it is */
		return d;
	return (uint64_t)((double)d * (double)de / (double)dr + 0.5);
}

uint64_t ha_take_reading(struct ha_prev *prev, const struct ha_prev *now, bool *scaled)
{
	uint64_t d;

	if (now->running_ns == prev->running_ns && now->value == prev->value)
		return 0;
	d = ha_scaled_delta(prev, now, scaled);
	*prev = *now;
	return d;
}

static void request_now(const struct hu_plan *plan, unsigned int r, struct ha_prev *now)
{
	const struct hu_group *g = &plan->group[HU_LOC_GROUP(plan->loc[r])];

	now->value = hu_plan_value(plan, r);
	now->enabled_ns = g->buf[1];
	now->running_ns = g->buf[2];
}

/* One read of an open instance into its totals. */
static int read_instance(struct ha_instance *in, struct hu_err *e)
{
	uint64_t d[HA_MAX_REQUESTS];
	int ret = hu_plan_read_groups(&in->plan, e);

	if (ret)
		return ret;
	for (unsigned int r = 0; r < in->nreq; r++) {
		struct ha_prev now;

		request_now(&in->plan, r, &now);
		d[r] = ha_take_reading(&in->prev[r], &now, &in->scaled);
	}
	for (unsigned int c = 0; c < in->ncounters; c++) {
		int r = in->req_of[c];

		in->delta[c] = r < 0 ? 0 : d[r] * in->scale[c];
		in->total[c] += in->delta[c];
	}
	return HU_OK;
}

static void refresh_instance(struct hisi_agent *a, struct ha_instance *in)
{
	struct hu_err e = { 0 };
	int ret = HU_OK;

	if (!in->nreq)	/* refused whole: its why stays the component's */
		return;
	if (!in->open)
		ret = open_instance(a, in, &e);
	if (!ret)
		ret = read_instance(in, &e);
	if (ret) {
		close_instance(a, in);
		snprintf(in->why, sizeof(in->why), "%s", e.msg[0] ? e.msg : "not counting");
		a->pmu_gone |= ret == HU_E_GONE;
		return;
	}
	in->why[0] = '\0';
	in->refreshed = true;
}

void ha_refresh(struct hisi_agent *a)
{
	for (unsigned int i = 0; i < a->ninst; i++)
		refresh_instance(a, &a->inst[i]);
	a->refreshes++;
}

bool ha_total(const struct ha_instance *in, unsigned int c, uint64_t *total)
{
	if (c >= in->ncounters || in->req_of[c] < 0 || !in->refreshed)
		return false;
	*total = in->total[c];
	return true;
}

void ha_free(struct hisi_agent *a)
{
	for (unsigned int i = 0; i < a->ninst; i++)
		close_instance(a, &a->inst[i]);
	free(a->inst);
	hu_cat_free(&a->cat);
	memset(a, 0, sizeof(*a));
}

/* The perf type of PMU @name (an entry of @devfd) now; false if unreadable. */
static bool type_now(int devfd, const char *name, uint64_t *type)
{
	char buf[32];
	size_t len;
	int fd = openat(devfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok = fd >= 0 && hu_sysfs_read_file(fd, "type", buf, sizeof(buf), &len, NULL) == HU_OK &&
		  hu_parse_u64(buf, len, type, NULL) == HU_OK;

	if (fd >= 0)
		close(fd);
	return ok;
}

/*
 * Cheap, for a fetch path: the names in the PMU directory (and, @types,
 * the type of each Hip09 PMU there, one small file each) against the set
 * the agent was built over; a PMU the scan skipped (its files refused)
 * stays so.
 */
bool ha_pmus_changed(struct hisi_agent *a, bool types)
{
	const struct hu_pmu_set *set = &a->cat.set;
	unsigned int seen = 0;
	bool changed = a->pmu_gone;
	struct dirent *de;
	DIR *dir;

	if (changed)
		return true;
	dir = opendir(set->devices_path);
	if (!dir)
		return false;	/* unreadable now: keep what counts */
	while (!changed && (de = readdir(dir))) {
		const struct hu_family_desc *family;
		const struct hu_pmu *pmu;
		unsigned int sicl, core;
		uint64_t type;

		if (!hu_family_of_name(de->d_name, &family, &sicl, &core) ||
		    hu_pmu_skipped_reason(set, de->d_name))
			continue;
		pmu = hu_pmu_find(set, de->d_name);
		changed = !pmu || (types && (!type_now(dirfd(dir), de->d_name, &type) ||
					     type != pmu->type));
		seen++;
	}
	closedir(dir);
	return changed || seen != set->n;
}

int ha_init_after(struct hisi_agent *next, const struct hisi_agent *a, struct hu_err *e)
{
	int ret = ha_init(next, a->cat.set.root, e);

	if (ret)
		return ret;
	next->refreshes = a->refreshes;
	for (unsigned int i = 0; i < next->ninst; i++) {
		struct ha_instance *in = &next->inst[i];

		for (unsigned int j = 0; j < a->ninst; j++) {
			const struct ha_instance *was = &a->inst[j];

			if (was->family != in->family || strcmp(was->name, in->name) != 0)
				continue;
			memcpy(in->total, was->total, sizeof(in->total));
			in->scaled = was->scaled;
			break;
		}
	}
	return HU_OK;
}
