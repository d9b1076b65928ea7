/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hu_error.h - status codes and error messages shared by every stage.
 *
 * Each stage returns a negative enum hu_status and fills a struct hu_err
 * with a one-line message that names what was wrong and what is allowed.
 * Only hisi_uncore.c maps these to PAPI codes (at the vector boundary).
 */
#ifndef HU_ERROR_H
#define HU_ERROR_H

#include <stddef.h>

enum hu_status {
	HU_OK = 0,
	HU_E_NOMEM = -1,	/* allocation failed */
	HU_E_SYNTAX = -2,	/* malformed event name */
	HU_E_NOPMU = -3,	/* no such PMU */
	HU_E_NOEVENT = -4,	/* no such event on that PMU */
	HU_E_TERM = -5,		/* unknown qualifier */
	HU_E_VALUE = -6,	/* qualifier value missing or out of range */
	HU_E_FILTER = -7,	/* filter combination the driver would refuse */
	HU_E_SYSFS = -8,	/* sysfs file missing, empty or garbage */
	HU_E_CONFLICT = -9,	/* more counters than the PMU has */
	HU_E_SYS = -10,		/* a system call failed; see sys_errno */
	HU_E_NOSUPP = -11,	/* operation uncore counters cannot do */
	HU_E_FOREIGN = -12,	/* a modifier of PAPI's perf_event components */
	HU_E_UNSAFE = -13,	/* refused for safety: a lock another user could turn against us */
	HU_E_ENV = -14,		/* what the component needs outside perf is missing (a lock directory) */
	HU_E_GONE = -15,	/* the PMU went away while counting: its events were revoked */
};

#define HU_MSG_MAX 512

struct hu_err {
	enum hu_status status;
	int sys_errno;		/* errno of the failing call for HU_E_SYS */
	char msg[HU_MSG_MAX];
	int at[2];		/* requests a plan conflict is about, when set_at */
	int set_at;
};

/* Record status and message in @e (may be NULL); returns @status. */
int hu_fail(struct hu_err *e, enum hu_status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* hu_fail(e, HU_E_SYS, ...) that also records @err (an errno). */
int hu_fail_sys(struct hu_err *e, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Prefix the message already in @e with "@fmt...: "; returns e->status. */
int hu_err_prefix(struct hu_err *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void hu_err_clear(struct hu_err *e);

/* What a failed perf_event_open()'s errno means for a counter. */
enum hu_errno_kind {
	HU_ERRNO_OTHER,
	HU_ERRNO_NOEVENT,	/* the PMU does not know the event or filter */
	HU_ERRNO_NOSUPP,	/* cannot be done (sampling, task, offline CPU) */
	HU_ERRNO_BUSY,		/* counters in use */
	HU_ERRNO_PERM,		/* not allowed */
	HU_ERRNO_FILES,		/* out of file descriptors */
	HU_ERRNO_NOMEM,
	HU_ERRNO_INVAL,		/* the driver refused the values or the group */
};

/* @err's kind and a hint for people ("" when none): one table, in hu_error.c. */
enum hu_errno_kind hu_errno_kind(int err);
const char *hu_errno_hint(int err);

#endif /* HU_ERROR_H */
