// SPDX-License-Identifier: BSD-3-Clause
#define _POSIX_C_SOURCE 200809L
#include "cu_main.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void hu_cu_add_suite(const char *name, CU_InitializeFunc setup, CU_CleanupFunc teardown,
		     const struct hu_cu_test *tests)
{
	CU_pSuite s = CU_add_suite(name, setup, teardown);

	if (!s) {
		fprintf(stderr, "CUnit: cannot add suite %s\n", name);
		exit(2);
	}
	for (; tests->name; tests++)
		if (!CU_add_test(s, tests->name, tests->fn)) {
			fprintf(stderr, "CUnit: cannot add test %s\n", tests->name);
			exit(2);
		}
}

int hu_cu_run(const char *tier, void (*register_all)(void))
{
	unsigned int run, failed;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	register_all();
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	run = CU_get_number_of_tests_run();
	failed = CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	printf("\n%s: %u passed, %u failed\n", tier, run - failed, failed);
	return failed ? 1 : 0;
}

bool spun_enough(const struct timespec *start, const struct timespec *now, long ms)
{
	/* in ns: whole milliseconds of a negative tv_nsec difference truncate
	 * toward zero and ended a spin up to 1 ms early across a second */
	return (now->tv_sec - start->tv_sec) * 1000000000LL + (now->tv_nsec - start->tv_nsec) >=
	       ms * 1000000LL;
}

void spin_ms(long ms)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do
		clock_gettime(CLOCK_MONOTONIC, &now);
	while (!spun_enough(&start, &now, ms));
}
