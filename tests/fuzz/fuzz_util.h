/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_util.h - what every fuzz target checks the same way: broken
 * invariants abort with their text, refusals carry a printable one-line
 * message, no file descriptor outlives an input.
 */
#ifndef HU_FUZZ_UTIL_H
#define HU_FUZZ_UTIL_H

#include <stddef.h>

#include "hu_error.h"
#include "open_fds.h"

/* abort() naming the invariant, so the crash report says what broke. */
#define FZ_ASSERT(cond) \
	do { \
		if (!(cond)) \
			fz_fail(#cond, __FILE__, __LINE__); \
	} while (0)

_Noreturn void fz_fail(const char *what, const char *file, int line);

/* A refusal: status @ret recorded in @e with a non-empty printable line. */
void fz_check_refusal(int ret, const struct hu_err *e);

/* Is @s (of at most @cap bytes) terminated, one line, free of control characters? */
int fz_printable(const char *s, size_t cap);


/*
 * A private sysfs root holding copies of tests/fixtures/sysfs's PMUs and
 * the PCI devices the rules look bdf values up in (the unit tests' set);
 * removed at exit.  Aborts on failure.
 */
const char *fz_fixture_root(void);

#endif /* HU_FUZZ_UTIL_H */
