// SPDX-License-Identifier: BSD-3-Clause
/*
 * mpi_node_traffic - count a node's PCIe and NIC traffic around a
 * communication phase, once per node, and sum it over the nodes.
 *
 *   mpirun -n N mpi_node_traffic [--all-ranks] [EVENT...]
 *
 * Uncore counters belong to the node: every process that adds
 * hisi_pcie*::rx_mwr_flux reads the whole node's traffic, so if every rank
 * counted, the usual sum over ranks would count each node once per rank on
 * it.  Here MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) finds the ranks of
 * each node, and only the first rank of each node counts; every other rank
 * contributes 0 to the sum.  With HISI_UNCORE_OWNER=1 the component enforces
 * that: --all-ranks lets every rank try, and all but one per node are
 * refused (PAPI_ECNFLCT, naming the owner) and contribute 0, so the sum
 * still counts each node once.
 *
 * The events default to every PCIe instance's inbound memory-write flux and
 * every HNS3 SICL's receive bytes (aggregates, README "Naming events").
 * Counts are summed with MPI_SUM; a metric (a double) is refused here:
 * reduce its pair and derive it afterwards.  Rank 0 prints one line per
 * event: "EVENT VALUE (N nodes)".
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"

#define MAX_EVENTS 16

static const char *const default_events[] = {
	"hisi_pcie*::rx_mwr_flux",
	"hns3_pmu_sicl_*::bw_ssu_rpu_byte_num",
};

/* The communication phase being measured: a few all-reduces of 1 MiB. */
static void communicate(void)
{
	static double in[1 << 17], out[1 << 17];

	for (int i = 0; i < 4; i++)
		MPI_Allreduce(in, out, 1 << 17, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

/* The e2e test adds known traffic on the emulated Hip09 (tests/e2e/mpi_traffic.h). */
#ifdef HU_PHASE_TRAFFIC
#include HU_PHASE_TRAFFIC
#else
static void phase_traffic(int rank)
{
	(void)rank;
}
#endif

/* An EventSet with @events, or PAPI_NULL with the reason printed. */
static int counting_set(int rank, const char **events, int n)
{
	int set = PAPI_NULL, ret = PAPI_create_eventset(&set);

	for (int i = 0; ret == PAPI_OK && i < n; i++) {
		PAPI_event_info_t info;
		int code;

		ret = PAPI_event_name_to_code(events[i], &code);
		if (ret == PAPI_OK)
			ret = PAPI_get_event_info(code, &info);
		if (ret == PAPI_OK && info.data_type == PAPI_DATATYPE_FP64) {
			printf("rank %d: %s is a metric: reduce its pair, derive it afterwards\n",
			       rank, events[i]);
			ret = PAPI_EINVAL;
		} else if (ret == PAPI_OK) {
			ret = PAPI_add_event(set, code);
		}
		if (ret != PAPI_OK)
			printf("rank %d: does not count %s: %s\n", rank, events[i], PAPI_strerror(ret));
	}
	if (ret == PAPI_OK)
		return set;
	if (set != PAPI_NULL) {
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	return PAPI_NULL;
}

int main(int argc, char **argv)
{
	const char *events[MAX_EVENTS];
	long long value[MAX_EVENTS] = { 0 }, sum[MAX_EVENTS];
	int rank, node_rank, nodes, n = 0, all_ranks = 0, set = PAPI_NULL;
	int is_leader, counted = 0;
	MPI_Comm node;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int i = 1; i < argc && n < MAX_EVENTS; i++) {
		if (!strcmp(argv[i], "--all-ranks"))
			all_ranks = 1;
		else
			events[n++] = argv[i];
	}
	if (n == 0)
		for (size_t i = 0; i < sizeof(default_events) / sizeof(default_events[0]); i++)
			events[n++] = default_events[i];

	/* the ranks of this node; the first of them counts for it */
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
	MPI_Comm_rank(node, &node_rank);
	is_leader = node_rank == 0;
	MPI_Allreduce(&is_leader, &nodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

	if (is_leader || all_ranks) {
		if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
			printf("rank %d: PAPI_library_init failed\n", rank);
		else
			set = counting_set(rank, events, n);
	}
	/* every rank has tried before anyone starts: an owner holds its PMUs until the end */
	MPI_Barrier(MPI_COMM_WORLD);
	if (set != PAPI_NULL && PAPI_start(set) != PAPI_OK) {
		printf("rank %d: PAPI_start failed\n", rank);
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	MPI_Barrier(MPI_COMM_WORLD);

	phase_traffic(rank);
	communicate();

	/* every rank's phase is over before any counter stops */
	MPI_Barrier(MPI_COMM_WORLD);
	if (set != PAPI_NULL) {
		int ret = PAPI_stop(set, value);

		if (ret != PAPI_OK) {	/* never a partial count: contribute nothing, say so */
			printf("rank %d: PAPI_stop: %s\n", rank, PAPI_strerror(ret));
			memset(value, 0, sizeof(value));
		} else {
			counted = 1;
		}
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	if (counted)
		printf("rank %d: counted for its node\n", rank);
	MPI_Reduce(value, sum, n, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0)
		for (int i = 0; i < n; i++)
			printf("%s %lld (%d nodes)\n", events[i], sum[i], nodes);
	MPI_Comm_free(&node);
	MPI_Finalize();
	return 0;
}
