/* SPDX-License-Identifier: BSD-3-Clause */
/* cu_main.h - run CUnit suites and print the tier's closing line. */
#ifndef HU_CU_MAIN_H
#define HU_CU_MAIN_H

#include <CUnit/Basic.h>
#include <stdbool.h>
#include <time.h>

#include "cu_assert.h"
#include "open_fds.h"

/* A suite: name plus NULL-terminated tests. */
struct hu_cu_test {
	const char *name;
	CU_TestFunc fn;
};

/*
 * Add a suite made of @tests (terminated by { NULL, NULL }), with its
 * @setup and @teardown (either may be NULL).
 */
void hu_cu_add_suite(const char *name, CU_InitializeFunc setup, CU_CleanupFunc teardown,
		     const struct hu_cu_test *tests);

/*
 * Initialise CUnit, call @register_all, run everything verbosely and print
 * "<tier>: N passed, N failed".  Returns the process exit status.
 */
int hu_cu_run(const char *tier, void (*register_all)(void));


/* Busy-wait @ms milliseconds: work for counters to count. */
void spin_ms(long ms);

/* Has spin_ms(@ms) begun at @start run its time at @now? */
bool spun_enough(const struct timespec *start, const struct timespec *now, long ms);

#endif /* HU_CU_MAIN_H */
