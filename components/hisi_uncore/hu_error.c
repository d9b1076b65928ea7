// SPDX-License-Identifier: BSD-3-Clause
#include "hu_error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* What each errno means for these PMUs (doc/reference/hip09-pmu-facts.md, section 6.1). */
static const struct {
	int err;
	enum hu_errno_kind kind;
	const char *hint;
} errno_facts[] = {
	{ ENOENT, HU_ERRNO_NOEVENT, "the kernel PMU does not know this event or filter" },
	{ EINVAL, HU_ERRNO_INVAL, "the driver refused the filter values or the group" },
	{ EOPNOTSUPP, HU_ERRNO_NOSUPP, "uncore PMUs cannot sample or attach to a task" },
	{ ENODEV, HU_ERRNO_NOSUPP, "the CPU in the PMU's cpumask is offline, or the PMU went away" },
	{ EBUSY, HU_ERRNO_BUSY, "all hardware counters of the PMU are in use" },
	{ EAGAIN, HU_ERRNO_BUSY, "all hardware counters of the PMU are in use" },
	{ EACCES, HU_ERRNO_PERM, "system-wide counting needs CAP_PERFMON or perf_event_paranoid <= 0" },
	{ EPERM, HU_ERRNO_PERM, "system-wide counting needs CAP_PERFMON or perf_event_paranoid <= 0" },
	{ EMFILE, HU_ERRNO_FILES, "too many open files" },
	{ ENFILE, HU_ERRNO_FILES, "too many open files" },
	{ ENOMEM, HU_ERRNO_NOMEM, "" },
};

/* The index of @err's row in errno_facts, or -1. */
static int errno_fact(int err)
{
	for (size_t i = 0; i < sizeof(errno_facts) / sizeof(errno_facts[0]); i++)
		if (errno_facts[i].err == err)
			return (int)i;
	return -1;
}

enum hu_errno_kind hu_errno_kind(int err)
{
	int i = errno_fact(err);

	return i < 0 ? HU_ERRNO_OTHER : errno_facts[i].kind;
}

const char *hu_errno_hint(int err)
{
	int i = errno_fact(err);

	return i < 0 ? "" : errno_facts[i].hint;
}

/* dst = a + ": " + b, cut at @len (messages are one line; cutting is fine) */
static void append(char *dst, size_t len, const char *a, const char *b)
{
	size_t used = 0;
	const char *parts[3] = { a, ": ", b };

	for (int i = 0; i < 3; i++) {
		size_t n = strlen(parts[i]);

		if (n > len - 1 - used)
			n = len - 1 - used;
		memcpy(dst + used, parts[i], n);
		used += n;
	}
	dst[used] = '\0';
}

/*
 * Messages quote names and files from users and sysfs: control characters
 * become \xNN so that a message stays one line and cannot drive a terminal.
 */
static void make_printable(char *msg, size_t cap)
{
	char out[HU_MSG_MAX];
	size_t o = 0;

	for (const unsigned char *p = (const unsigned char *)msg; *p && o + 5 < sizeof(out); p++) {
		if (*p < 0x20 || *p == 0x7f)
			o += (size_t)snprintf(out + o, sizeof(out) - o, "\\x%02x", *p);
		else
			out[o++] = (char)*p;
	}
	out[o] = '\0';
	memcpy(msg, out, o + 1 < cap ? o + 1 : cap);
	msg[cap - 1] = '\0';
}

int hu_fail(struct hu_err *e, enum hu_status status, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return status;
	e->status = status;
	e->set_at = 0;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	make_printable(e->msg, sizeof(e->msg));
	return status;
}

int hu_fail_sys(struct hu_err *e, int err, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return HU_E_SYS;
	e->status = HU_E_SYS;
	e->set_at = 0;
	e->sys_errno = err;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	make_printable(e->msg, sizeof(e->msg));
	return HU_E_SYS;
}

int hu_err_prefix(struct hu_err *e, const char *fmt, ...)
{
	char head[HU_MSG_MAX];
	char tail[HU_MSG_MAX];
	va_list ap;

	if (!e)
		return HU_E_SYNTAX;
	va_start(ap, fmt);
	vsnprintf(head, sizeof(head), fmt, ap);
	va_end(ap);
	memcpy(tail, e->msg, sizeof(tail));
	append(e->msg, sizeof(e->msg), head, tail);
	make_printable(e->msg, sizeof(e->msg));
	return e->status;
}

void hu_err_clear(struct hu_err *e)
{
	if (!e)
		return;
	e->status = HU_OK;
	e->sys_errno = 0;
	e->msg[0] = '\0';
}
