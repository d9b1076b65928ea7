// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_agent.c - the PCP agent's counting, without PCP (hisi_agent.h).
 */
#include "hisi_agent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hu_text.h"
#include "owner_lock.h"
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

static const struct {
	const char *device_name;	/* the family record's */
	const struct ha_source *src;
	unsigned int nsrc;
	unsigned int ncounters;
} families[HA_NFAMILIES] = {
	[HA_PCIE] = { "hisi_pcie", pcie_sources, sizeof(pcie_sources) / sizeof(pcie_sources[0]),
		      HA_PCIE_NCOUNTERS },
	[HA_NIC] = { "hns3_pmu", nic_sources, sizeof(nic_sources) / sizeof(nic_sources[0]),
		     HA_NIC_NCOUNTERS },
};

static bool family_of(const struct hu_pmu *pmu, enum ha_family *f)
{
	for (unsigned int i = 0; i < HA_NFAMILIES; i++)
		if (pmu->family && pmu->family->device_name &&
		    strcmp(pmu->family->device_name, families[i].device_name) == 0) {
			*f = (enum ha_family)i;
			return true;
		}
	return false;
}

/* The component's requests for @src on @in, or why it refuses the name. */
static int add_source(struct hu_catalogue *cat, struct ha_instance *in,
		      const struct ha_source *src, struct hu_err *e)
{
	char name[HU_NAME_MAX + 64];
	struct hu_native n;
	int code, ret;

	snprintf(name, sizeof(name), "%s::%s", in->pmu->name, src->event);
	ret = hu_cat_name_to_code(cat, name, &code, e);
	if (!ret)
		ret = hu_cat_code_to_native(cat, code, &n, e);
	if (ret)
		return ret;
	if (in->nreq + n.nattr > HA_MAX_REQUESTS)
		return hu_fail(e, HU_E_NOMEM, "%s: more requests than the agent keeps", name);
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

static void setup_instance(struct hu_catalogue *cat, struct ha_instance *in,
			   const struct hu_pmu *pmu, enum ha_family f)
{
	memset(in, 0, sizeof(*in));
	in->pmu = pmu;
	in->family = f;
	in->ncounters = families[f].ncounters;
	for (unsigned int c = 0; c < HA_MAX_COUNTERS; c++)
		in->req_of[c] = -1;
	for (unsigned int s = 0; s < families[f].nsrc; s++) {
		struct hu_err e = { 0 };

		if (add_source(cat, in, &families[f].src[s], &e))
			note_missing(in, families[f].src[s].event, e.msg);
	}
	snprintf(in->why, sizeof(in->why), "not opened yet");
}

int ha_init(struct hisi_agent *a, const char *sysfs_root, struct hu_err *e)
{
	int ret;

	memset(a, 0, sizeof(*a));
	ret = hu_cat_init(&a->cat, sysfs_root, NULL, e);
	if (ret)
		return ret;
	a->inst = calloc(a->cat.set.n ? a->cat.set.n : 1, sizeof(*a->inst));
	if (!a->inst) {
		hu_cat_free(&a->cat);
		return hu_fail(e, HU_E_NOMEM, "out of memory");
	}
	for (unsigned int p = 0; p < a->cat.set.n; p++) {
		struct ha_instance *in = &a->inst[a->ninst];
		enum ha_family f;

		if (!family_of(&a->cat.set.pmu[p], &f))
			continue;
		setup_instance(&a->cat, in, &a->cat.set.pmu[p], f);
		if (in->nreq)
			a->ninst++;
	}
	return HU_OK;
}

static void close_instance(struct ha_instance *in)
{
	if (in->open)
		hu_plan_free(&in->plan);
	if (in->owned)
		hu_owner_release(in->pmu->name);
	in->open = false;
	in->owned = false;
	in->refreshed = false;
}

/*
 * Open and start @in's counters; its previous readings start again from 0.
 * The agent owns what it counts (owner_lock.h), as a job in ownership mode
 * does: whichever comes first counts, the other is refused naming it.
 */
static int open_instance(struct hisi_agent *a, struct ha_instance *in, struct hu_err *e)
{
	int ret = hu_owner_acquire(in->pmu->name, e);

	if (ret)
		return ret;
	in->owned = true;
	ret = hu_cat_refresh_requests(&a->cat, in->req, in->nreq, e);
	if (!ret)
		ret = hu_plan_build(&in->plan, in->req, in->nreq, false, e);
	if (ret) {
		close_instance(in);
		return ret;
	}
	in->open = true;
	ret = hu_plan_open(&in->plan, e);
	if (!ret)
		ret = hu_plan_start(&in->plan, e);
	if (ret) {
		close_instance(in);
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
	struct ha_prev now[HA_MAX_REQUESTS];
	int ret = hu_plan_read_groups(&in->plan, e);

	if (ret)
		return ret;
	for (unsigned int r = 0; r < in->nreq; r++)
		request_now(&in->plan, r, &now[r]);
	for (unsigned int c = 0; c < in->ncounters; c++) {
		int r = in->req_of[c];

		in->delta[c] = 0;
		if (r < 0)
			continue;
		in->delta[c] = ha_scaled_delta(&in->prev[r], &now[r], &in->scaled) * in->scale[c];
		in->total[c] += in->delta[c];
	}
	memcpy(in->prev, now, sizeof(now));
	return HU_OK;
}

static void refresh_instance(struct hisi_agent *a, struct ha_instance *in)
{
	struct hu_err e = { 0 };
	int ret = HU_OK;

	if (!in->open)
		ret = open_instance(a, in, &e);
	if (!ret)
		ret = read_instance(in, &e);
	if (ret) {
		close_instance(in);
		snprintf(in->why, sizeof(in->why), "%s", e.msg[0] ? e.msg : "not counting");
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
		close_instance(&a->inst[i]);
	free(a->inst);
	hu_cat_free(&a->cat);
	memset(a, 0, sizeof(*a));
}
