// SPDX-License-Identifier: BSD-3-Clause
/*
 * e2e_hl: a small client instrumented with PAPI's high-level API, as a user
 * would write it.  The events come from PAPI_EVENTS (the guest script sets
 * the two raw halves of an HNS3 pair); the output goes where
 * PAPI_OUTPUT_DIRECTORY says, written by PAPI at exit.
 *
 * Region "send" carries 7 x 1500 bytes in 12345 cycles, region "recv"
 * 3 x 100 bytes in 1000 cycles, each injected through the emulator's
 * debugfs, all from function 31:00.1 (what a device name counts).  Inside each region it prints "slots <region> <n>": the slots
 * the HNS3 PMU has in use (1 when both halves share one group), and
 * "groups <region> <n> of <m> events": the perf groups of this process.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "e2e_lib.h"
#include "papi.h"

static int region(const char *name, const char *traffic, unsigned long long cycles)
{
	int ret = PAPI_hl_region_begin(name);

	if (ret != PAPI_OK) {
		printf("FAIL hl_region_begin_%s: %s\n", name, PAPI_strerror(ret));
		return 1;
	}
	if (e2e_write(DBG "/" H "/inject", "%s", traffic) || e2e_write(DBG "/advance", "%llu", cycles)) {
		printf("FAIL hl_traffic_%s: debugfs write refused\n", name);
		return 1;
	}
	struct fd_groups g;

	perf_fd_groups(&g);
	printf("slots %s %d\n", name, used_slots(H));
	printf("groups %s %d of %d events\n", name, g.ngroups, g.nfds);
	ret = PAPI_hl_region_end(name);
	if (ret != PAPI_OK) {
		printf("FAIL hl_region_end_%s: %s\n", name, PAPI_strerror(ret));
		return 1;
	}
	return 0;
}

int main(void)
{
	int bad = 0;

	bad += region("send", "event=bw_ssu_rpu_byte_num bdf=0x3101 bytes=1500 count=7", 12345);
	bad += region("recv", "event=bw_ssu_rpu_time bdf=0x3101 bytes=100 count=3", 1000);
	return bad ? 1 : 0;	/* PAPI writes the JSON at exit */
}
