/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * owner_lock.h - one owner per PMU instance per node (opt-in).
 *
 * Uncore counters count the whole node: two ranks of one job that count the
 * same PMU each read the full count, and a sum over ranks counts it twice.
 * With HISI_UNCORE_OWNER=1 the component takes an advisory lock per PMU
 * instance, flock(2) on <dir>/<pmu>.lock, where <dir> is
 * $HISI_UNCORE_LOCK_DIR (which must exist), else /run/hisi-uncore where it
 * exists or root can make it (root's, mode 1777: one owner per node across
 * users), else this user's /dev/shm/hisi-uncore-UID (mode 0700: one owner
 * among this user's processes).  A directory is used only if it is root's
 * or this user's and nobody else can write it, or it is root's and sticky.
 * A process holds the lock from the EventSet that opens the PMU to the last
 * EventSet of that process on it (PAPI_cleanup_eventset); the kernel drops
 * it at exit or crash.  Another process asking for the PMU gets
 * HU_E_CONFLICT naming the holder as the kernel knows it (/proc/locks: its
 * pid; /proc/PID/status: its name and uid).  A lock file that is a link, a
 * FIFO or anything but a regular file of one link is HU_E_UNSAFE; a lock
 * directory that is missing or unusable is HU_E_ENV.  Without the variable
 * nothing is locked: independent users share the PMUs as the kernel allows.
 */
#ifndef HU_OWNER_LOCK_H
#define HU_OWNER_LOCK_H

#include <stdbool.h>

#include "hu_error.h"

/* Is ownership mode on (HISI_UNCORE_OWNER set to 1)? */
bool hu_owner_mode(void);

/* Hold @pmu for this process (counted: once per call). */
int hu_owner_acquire(const char *pmu, struct hu_err *e);

/* Undo one hu_owner_acquire(@pmu); the lock goes with the last one. */
void hu_owner_release(const char *pmu);

#endif /* HU_OWNER_LOCK_H */
