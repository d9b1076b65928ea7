// SPDX-License-Identifier: BSD-3-Clause
/*
 * hu_access.c - the kernel lets a process open system-wide (pid -1) events
 * of an uncore PMU if perf_event_paranoid <= 0, or if it has CAP_PERFMON
 * (kernel 5.8+) or CAP_SYS_ADMIN.  Checking up front turns a later EACCES
 * at PAPI_add_event into a component disabled with a reason.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "hu_access.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sysfs_parse.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON 38
#endif

static int read_paranoid(const char *proc_root, int *level, struct hu_err *e)
{
	char path[256], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/sys/kernel/perf_event_paranoid", proc_root);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return hu_fail(e, HU_E_NOSUPP, "%s is missing: this kernel has no perf events", path);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return hu_fail(e, HU_E_NOSUPP, "cannot read %s", path);
	buf[n] = '\0';
	*level = atoi(buf);
	return HU_OK;
}

static bool has_capability(unsigned int cap)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0 } };

	if (syscall(SYS_capget, &hdr, data) != 0)
		return false;
	return data[cap / 32].effective >> (cap % 32) & 1;
}

int hu_check_access(const char *proc_root, struct hu_err *e)
{
	int level, ret;

	ret = read_paranoid(proc_root, &level, e);
	if (ret)
		return ret;
	if (level <= 0 || has_capability(CAP_PERFMON) || has_capability(CAP_SYS_ADMIN))
		return HU_OK;
	return hu_fail(e, HU_E_NOSUPP,
		       "insufficient permissions for system-wide uncore counting: perf_event_paranoid is %d; "
		       "run as root, grant CAP_PERFMON (setcap cap_perfmon+ep PROGRAM), or set "
		       "/proc/sys/kernel/perf_event_paranoid to 0 or less", level);
}
