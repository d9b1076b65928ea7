/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Known traffic for examples/mpi_node_traffic.c in the e2e tier (compiled
 * in with -DHU_PHASE_TRAFFIC): during the measured phase, rank r injects
 * r + 1 inbound memory writes of 16 DW (20 DW with the header) through
 * hisi_pcie0_core0's first root port and (r + 1) x 1000 received bytes on
 * hns3_pmu_sicl_0.  Four ranks: 200 DW and 10000 bytes on the node.
 */
#include <stdio.h>

#define EMU_DBG "/sys/kernel/debug/hip09_emu/"

static void inject(int rank, const char *pmu, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), EMU_DBG "%s/inject", pmu);
	f = fopen(path, "w");
	if (f && fputs(text, f) < 0) {
		fclose(f);
		f = NULL;
	}
	if (!f || fclose(f) != 0)
		printf("FAIL mpi_phase_traffic: rank %d could not write '%s' to %s\n", rank, text, path);
}

static void phase_traffic(int rank)
{
	char text[96];

	snprintf(text, sizeof(text), "dir=rx type=mwr rp=0x3000 len=16 count=%d", rank + 1);
	inject(rank, "hisi_pcie0_core0", text);
	snprintf(text, sizeof(text), "event=bw_ssu_rpu_byte_num bytes=%d", (rank + 1) * 1000);
	inject(rank, "hns3_pmu_sicl_0", text);
}
