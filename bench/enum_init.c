// SPDX-License-Identifier: BSD-3-Clause
/*
 * enum_init.c - benchmarks 2 (start-up) and 3 (resident memory) of issue #6,
 * run on the host over a generated sysfs tree (SYSFS_PATH).
 *
 *   enum_init init on|off   time PAPI_library_init with hisi_uncore enabled,
 *                           or disabled by PAPI_disable_component_by_name();
 *                           prints "init_ns N"
 *   enum_init list COMP     PAPI_library_init, then time the listing of every
 *                           event and qualifier of component COMP with its
 *                           info (what papi_native_avail does for it);
 *                           prints "list_ns N entries N"
 *   enum_init mem on|off    PAPI_library_init (hisi_uncore enabled or
 *                           disabled), then list every native event of every
 *                           component with its info, as papi_native_avail
 *                           does; prints the heap in use (mallinfo2
 *                           uordblks + hblkhd: small and mmapped blocks) and
 *                           VmRSS before and after, and the entry counts
 *   enum_init names N       PAPI_library_init, then resolve N distinct
 *                           qualified names of hisi_pcie0_core0 (each one
 *                           new to PAPI and the component) with
 *                           PAPI_event_name_to_code, then each once more;
 *                           prints "names N first_ns_per_name X
 *                           again_ns_per_name Y heap_bytes_per_name Z"
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"

#include "bench_util.h"

static long vm_rss_kb(void)
{
	char line[256];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmRSS:", 6))
			kb = strtol(line + 6, NULL, 10);
	fclose(f);
	return kb;
}

/* Every event and qualifier of component @cidx, with its info. */
static unsigned long list_component(int cidx)
{
	PAPI_event_info_t info;
	unsigned long n = 0;
	int code = PAPI_NATIVE_MASK;

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return 0;
	do {
		int q = code;

		if (PAPI_get_event_info(code, &info) == PAPI_OK)
			n++;
		if (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK) {
			do {
				if (PAPI_get_event_info(q, &info) == PAPI_OK)
					n++;
			} while (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK);
		}
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	return n;
}

static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/* The @i-th of 65535 * 11 distinct valid names: port bitmap x thr_len. */
static void qualified_name(unsigned int i, char *buf, size_t len)
{
	snprintf(buf, len, "hisi_pcie0_core0::rx_mwr_flux:port=0x%x:thr_len=%u",
		 i % 0xffff + 1, i / 0xffff % 11);
}

/* Time PAPI_event_name_to_code over names 0..@n-1; ns per name, or 0. */
static double resolve_names(unsigned int n)
{
	char name[128];
	uint64_t t0 = bench_now_ns();
	int code;

	for (unsigned int i = 0; i < n; i++) {
		qualified_name(i, name, sizeof(name));
		if (PAPI_event_name_to_code(name, &code) != PAPI_OK) {
			fprintf(stderr, "enum_init: cannot resolve %s\n", name);
			return 0;
		}
	}
	return (double)(bench_now_ns() - t0) / n;
}

static int bench_names(unsigned int n)
{
	double first, again;
	size_t heap0;
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "enum_init: PAPI_library_init: %s\n", PAPI_strerror(ret));
		return 1;
	}
	if (n == 0 || n > 0xffffu * 11) {
		fprintf(stderr, "enum_init: names: N must be 1 to %u\n", 0xffffu * 11);
		return 1;
	}
	heap0 = heap_in_use();
	first = resolve_names(n);
	if (first == 0)
		return 1;
	again = resolve_names(n);
	if (again == 0)
		return 1;
	printf("names %u first_ns_per_name %.0f again_ns_per_name %.0f heap_bytes_per_name %zu\n",
	       n, first, again, (heap_in_use() - heap0) / n);
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t t0, t1;
	int ret;

	if (argc == 3 && !strcmp(argv[1], "init")) {
		if (!strcmp(argv[2], "off") && PAPI_disable_component_by_name("hisi_uncore") != PAPI_OK) {
			fprintf(stderr, "enum_init: cannot disable hisi_uncore\n");
			return 1;
		}
		t0 = bench_now_ns();
		ret = PAPI_library_init(PAPI_VER_CURRENT);
		t1 = bench_now_ns();
		if (ret != PAPI_VER_CURRENT) {
			fprintf(stderr, "enum_init: PAPI_library_init: %s\n", PAPI_strerror(ret));
			return 1;
		}
		printf("init_ns %llu\n", (unsigned long long)(t1 - t0));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "list")) {
		int cidx = -1;
		unsigned long n;

		ret = PAPI_library_init(PAPI_VER_CURRENT);
		if (ret != PAPI_VER_CURRENT) {
			fprintf(stderr, "enum_init: PAPI_library_init: %s\n", PAPI_strerror(ret));
			return 1;
		}
		for (int i = 0; i < PAPI_num_components(); i++) {
			const PAPI_component_info_t *ci = PAPI_get_component_info(i);

			if (ci && !strcmp(ci->name, argv[2]))
				cidx = i;
		}
		if (cidx < 0) {
			fprintf(stderr, "enum_init: no component %s\n", argv[2]);
			return 1;
		}
		t0 = bench_now_ns();
		n = list_component(cidx);
		t1 = bench_now_ns();
		printf("list_ns %llu entries %lu\n", (unsigned long long)(t1 - t0), n);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "mem")) {
		struct mallinfo2 m0 = mallinfo2(), m1, m2;
		long rss0 = vm_rss_kb(), rss1, rss2;
		unsigned long hisi = 0, all = 0;
		int cidx;

		if (!strcmp(argv[2], "off") && PAPI_disable_component_by_name("hisi_uncore") != PAPI_OK) {
			fprintf(stderr, "enum_init: cannot disable hisi_uncore\n");
			return 1;
		}
		ret = PAPI_library_init(PAPI_VER_CURRENT);
		if (ret != PAPI_VER_CURRENT) {
			fprintf(stderr, "enum_init: PAPI_library_init: %s\n", PAPI_strerror(ret));
			return 1;
		}
		m1 = mallinfo2();
		rss1 = vm_rss_kb();
		for (cidx = 0; cidx < PAPI_num_components(); cidx++) {
			const PAPI_component_info_t *ci = PAPI_get_component_info(cidx);
			unsigned long n;

			if (!ci || ci->disabled)
				continue;
			n = list_component(cidx);
			all += n;
			if (!strcmp(ci->name, "hisi_uncore"))
				hisi = n;
		}
		m2 = mallinfo2();
		rss2 = vm_rss_kb();
		printf("heap_before_init %zu\nheap_after_init %zu\nheap_after_list %zu\n",
		       m0.uordblks + m0.hblkhd, m1.uordblks + m1.hblkhd, m2.uordblks + m2.hblkhd);
		printf("rss_kb_before_init %ld\nrss_kb_after_init %ld\nrss_kb_after_list %ld\n",
		       rss0, rss1, rss2);
		printf("hisi_entries %lu\nall_entries %lu\n", hisi, all);
		PAPI_shutdown();
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "names"))
		return bench_names((unsigned int)strtoul(argv[2], NULL, 10));
	fprintf(stderr, "usage: %s init on|off | list COMPONENT | mem on|off | names N\n", argv[0]);
	return 2;
}
