// SPDX-License-Identifier: BSD-3-Clause
/* metrics.c - derived metrics per counter pair (see metrics.h). */
#include "metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_meaning.h"

#define PCIE_DW_BYTES 4.0	/* flux counts 4-byte DW (HiSilicon's perf iostat) */

static const struct hu_metric_def defs[] = {
	{ HIP09_FAMILY_HNS3, HIP09_KIND_BANDWIDTH, "_bandwidth", "bytes/s", HU_COMBINE_RATIO,
	  "byte_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_PACKET_RATE, "_packet_rate", "packets/s", HU_COMBINE_RATIO,
	  "packet_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_LATENCY, "_avg_latency", "ns", HU_COMBINE_RATIO,
	  "time / packet_num / hw_clk_freq * 1e9", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_INTERRUPT_RATE, "_intr_rate", "interrupts/s", HU_COMBINE_RATIO,
	  "intr_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_LATENCY, "_avg_latency", "cycles/TLP", HU_COMBINE_RATIO,
	  "latency / cnt", "cycles of the PCIe PMU's clock, whose rate the driver does not export" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_BANDWIDTH, "_bandwidth", "bytes/s", HU_COMBINE_PER_SECOND,
	  "flux * 4 / seconds enabled",
	  "flux counts 4-byte DW (as HiSilicon's perf iostat converts it); time is the perf group's enabled time" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_BANDWIDTH, "_flux_per_cycle", "DW/cycle", HU_COMBINE_RATIO,
	  "flux / time", "time counts cycles of the PCIe PMU's undocumented clock" },
};

/* Suffixes of the halves' sysfs names; the stem is what precedes them. */
static const char *const half_suffix[] = {
	"_byte_num", "_packet_num", "_intr_num", "_time", "_latency", "_cnt", "_flux",
};

const struct hu_metric_def *hu_metric_defs(size_t *n)
{
	*n = sizeof(defs) / sizeof(defs[0]);
	return defs;
}

static size_t stem_length(const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof(half_suffix) / sizeof(half_suffix[0]); i++) {
		size_t s = strlen(half_suffix[i]);

		if (n > s && strcmp(name + n - s, half_suffix[i]) == 0)
			return n - s;
	}
	return n;
}

static double scale_of(const struct hu_metric_def *d, const struct hu_pmu *pmu)
{
	double hz = (double)pmu->hw_clk_freq;

	if (d->family == HIP09_FAMILY_PCIE)
		return d->combine == HU_COMBINE_PER_SECOND ? PCIE_DW_BYTES : 1.0;
	return d->kind == HIP09_KIND_LATENCY ? 1e9 / hz : hz;
}

/* The index of @pmu's event that is @ev's partner (same bits 0-15, bit 16 set). */
static int partner_index(const struct hu_pmu *pmu, const struct hip09_event *row)
{
	const struct hu_event *p = hu_pmu_find_event(pmu, row->partner);

	return p && p->usable ? (int)(p - pmu->events) : -1;
}

static bool name_taken(const struct hu_pmu *pmu, const char *name)
{
	return hu_pmu_find_event(pmu, name) != NULL;
}

/* Add every metric of the pair whose counter 0 is event @i. */
static void add_pair_metrics(const struct hu_pmu *pmu, unsigned int i,
			     struct hu_metric *out, unsigned int *n)
{
	const struct hu_event *ev = &pmu->events[i];
	const struct hip09_event *row = ev->usable ? hu_meaning_row(pmu, ev) : NULL;
	enum hip09_family fam;
	int den;

	if (!row || row->role != HIP09_ROLE_COUNTER || !hu_meaning_family(pmu, &fam))
		return;
	den = partner_index(pmu, row);
	if (den < 0 || (fam == HIP09_FAMILY_HNS3 && !pmu->has_hw_clk_freq))
		return;
	for (size_t d = 0; d < sizeof(defs) / sizeof(defs[0]); d++) {
		struct hu_metric *m = &out[*n];
		int len;

		if (defs[d].family != fam || defs[d].kind != row->kind)
			continue;
		len = snprintf(m->name, sizeof(m->name), "%.*s%s", (int)stem_length(ev->name),
			       ev->name, defs[d].suffix);
		if (len < 0 || (size_t)len >= sizeof(m->name) || name_taken(pmu, m->name))
			continue;
		m->def = &defs[d];
		m->num = i;
		m->den = (unsigned int)den;
		m->scale = scale_of(&defs[d], pmu);
		(*n)++;
	}
}

int hu_metrics_build(const struct hu_pmu *pmu, struct hu_metric **out, unsigned int *n)
{
	/* at most two metrics per pair, one pair per two events */
	struct hu_metric *m = calloc(pmu->nevents + 1, sizeof(*m));

	*out = NULL;
	*n = 0;
	if (!m)
		return HU_E_NOMEM;
	for (unsigned int i = 0; i < pmu->nevents; i++)
		add_pair_metrics(pmu, i, m, n);
	*out = m;
	return HU_OK;
}

double hu_metric_value(const struct hu_metric_def *def, double scale, uint64_t c0,
		       uint64_t c1, uint64_t enabled_ns)
{
	switch (def->combine) {
	case HU_COMBINE_RATIO:
		return c1 ? (double)c0 / (double)c1 * scale : 0.0;
	case HU_COMBINE_PER_SECOND:
		return enabled_ns ? (double)c0 * scale / ((double)enabled_ns / 1e9) : 0.0;
	case HU_COMBINE_RAW:
		break;
	}
	return (double)c0;
}
