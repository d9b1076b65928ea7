// SPDX-License-Identifier: BSD-3-Clause
/* metric_defs.c - the metric definitions (see metric_defs.h). */
#include "metric_defs.h"

static const struct hu_metric_def defs[] = {
	{ HIP09_FAMILY_HNS3, HIP09_KIND_BANDWIDTH, "_bandwidth", "bytes/s", HU_COMBINE_RATIO,
	  HU_SCALE_PER_CYCLE, "byte_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_PACKET_RATE, "_packet_rate", "packets/s", HU_COMBINE_RATIO,
	  HU_SCALE_PER_CYCLE, "packet_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_LATENCY, "_avg_latency", "ns", HU_COMBINE_RATIO,
	  HU_SCALE_NS_PER_CYCLE, "time / packet_num / hw_clk_freq * 1e9", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_HNS3, HIP09_KIND_INTERRUPT_RATE, "_intr_rate", "interrupts/s", HU_COMBINE_RATIO,
	  HU_SCALE_PER_CYCLE, "intr_num / time * hw_clk_freq", "hw_clk_freq is in Hz" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_LATENCY, "_avg_latency", "cycles/TLP", HU_COMBINE_RATIO,
	  HU_SCALE_ONE, "latency / cnt",
	  "cycles of the PCIe PMU's clock, whose rate the driver does not export" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_BANDWIDTH, "_bandwidth", "bytes/s", HU_COMBINE_PER_SECOND,
	  HU_SCALE_DW_BYTES, "flux * 4 / seconds enabled",
	  "flux counts 4-byte DW (as HiSilicon's perf iostat converts it); time is the perf group's enabled time" },
	{ HIP09_FAMILY_PCIE, HIP09_KIND_BANDWIDTH, "_flux_per_cycle", "DW/cycle", HU_COMBINE_RATIO,
	  HU_SCALE_ONE, "flux / time", "time counts cycles of the PCIe PMU's undocumented clock" },
};

const struct hu_metric_def *hu_metric_defs(size_t *n)
{
	*n = sizeof(defs) / sizeof(defs[0]);
	return defs;
}
