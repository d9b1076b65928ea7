// SPDX-License-Identifier: BSD-3-Clause
/*
 * Races between threads inside libpapi with hisi_uncore (issue 11), each
 * repeated ITERATIONS times in one process, each time after a fresh
 * PAPI_library_init so that nothing is resolved or torn down yet:
 *
 *   test_races names [ITERATIONS]     8 threads resolve hisi names at once
 *   test_races shutdown [ITERATIONS]  4 threads call PAPI_shutdown at once
 *
 * Threads meet at a barrier, so the calls overlap without sleeps.  A wrong
 * result exits 1; a crash kills the process, which the tier counts as a
 * failure too.  Run with the PAPI tier's SYSFS_PATH and HISI_UNCORE_EXTRA_PMUS.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"

#define NAME_THREADS 8
#define SHUTDOWN_THREADS 4

static pthread_barrier_t barrier;

static unsigned long thread_id(void)
{
	return (unsigned long)pthread_self();
}

static int init_papi(void)
{
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "test_races: PAPI_library_init failed\n");
		return -1;
	}
	if (PAPI_thread_init(thread_id) != PAPI_OK) {
		fprintf(stderr, "test_races: PAPI_thread_init failed\n");
		return -1;
	}
	return 0;
}

/* Names of different PMUs and components, none resolved before. */
static const char *const names[NAME_THREADS] = {
	"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
	"hns3_pmu_sicl_0::bw_ssu_rpu_time",
	"hisi_pcie0_core0::rx_mwr_latency",
	"hisi_pcie0_core0::rx_mwr_cnt",
	"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
	"hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num",
	"hisi_pcie0_core0::rx_mwr_latency",
	"hns3_pmu_sicl_0::bw_ssu_egu_byte_num",
};

struct name_job {
	const char *name;
	int ret, code;
};

static void *resolve(void *arg)
{
	struct name_job *job = arg;

	/* PAPI keeps per-thread state for name lookups: register first */
	if (PAPI_register_thread() != PAPI_OK) {
		job->ret = PAPI_ESYS;
		pthread_barrier_wait(&barrier);
		return NULL;
	}
	pthread_barrier_wait(&barrier);
	job->ret = PAPI_event_name_to_code(job->name, &job->code);
	PAPI_unregister_thread();
	return NULL;
}

/* Every name resolves, and one name always to the same code. */
static int check_names(const struct name_job *job)
{
	for (int i = 0; i < NAME_THREADS; i++) {
		if (job[i].ret != PAPI_OK) {
			fprintf(stderr, "test_races: %s: %s\n", job[i].name, PAPI_strerror(job[i].ret));
			return -1;
		}
		for (int j = 0; j < i; j++)
			if (!strcmp(job[i].name, job[j].name) && job[i].code != job[j].code) {
				fprintf(stderr, "test_races: %s got codes %#x and %#x\n",
					job[i].name, job[i].code, job[j].code);
				return -1;
			}
	}
	return 0;
}

static int names_once(void)
{
	struct name_job job[NAME_THREADS];
	pthread_t tid[NAME_THREADS];
	int ret;

	if (init_papi())
		return -1;
	for (int i = 0; i < NAME_THREADS; i++) {
		job[i] = (struct name_job){ .name = names[i], .ret = PAPI_EMISC };
		pthread_create(&tid[i], NULL, resolve, &job[i]);
	}
	for (int i = 0; i < NAME_THREADS; i++)
		pthread_join(tid[i], NULL);
	ret = check_names(job);
	PAPI_shutdown();
	return ret;
}

static void *shut_down(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&barrier);
	PAPI_shutdown();
	return NULL;
}

/* After the race PAPI must initialise again and know the component. */
static int shutdown_once(void)
{
	pthread_t tid[SHUTDOWN_THREADS];
	int ret = 0;

	if (init_papi())
		return -1;
	for (int i = 0; i < SHUTDOWN_THREADS; i++)
		pthread_create(&tid[i], NULL, shut_down, NULL);
	for (int i = 0; i < SHUTDOWN_THREADS; i++)
		pthread_join(tid[i], NULL);
	if (PAPI_is_initialized() != PAPI_NOT_INITED) {
		fprintf(stderr, "test_races: PAPI still initialised after PAPI_shutdown\n");
		return -1;
	}
	return ret;
}

int main(int argc, char **argv)
{
	int (*once)(void);
	unsigned threads;
	long iterations = argc > 2 ? strtol(argv[2], NULL, 10) : 50;

	setenv("HISI_UNCORE_QUIET", "1", 1);
	if (argc > 1 && !strcmp(argv[1], "names")) {
		once = names_once;
		threads = NAME_THREADS;
	} else if (argc > 1 && !strcmp(argv[1], "shutdown")) {
		once = shutdown_once;
		threads = SHUTDOWN_THREADS;
	} else {
		fprintf(stderr, "usage: test_races names|shutdown [ITERATIONS]\n");
		return 2;
	}
	pthread_barrier_init(&barrier, NULL, threads);
	for (long i = 0; i < iterations; i++)
		if (once()) {
			fprintf(stderr, "test_races %s: failed in iteration %ld\n", argv[1], i);
			return 1;
		}
	pthread_barrier_destroy(&barrier);
	printf("test_races %s: %ld iterations\n", argv[1], iterations);
	return 0;
}
