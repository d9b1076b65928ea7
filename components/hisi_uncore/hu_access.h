/* SPDX-License-Identifier: BSD-3-Clause */
/* hu_access.h - may this process count system-wide uncore events? */
#ifndef HU_ACCESS_H
#define HU_ACCESS_H

#include "hu_error.h"

/*
 * HU_OK if perf_event_paranoid <= 0 or the process holds CAP_PERFMON or
 * CAP_SYS_ADMIN; otherwise an error whose message says what to change.
 * @proc_root is normally "/proc" (a parameter so tests can fake it).
 */
int hu_check_access(const char *proc_root, struct hu_err *e);

#endif /* HU_ACCESS_H */
