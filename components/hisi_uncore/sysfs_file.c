// SPDX-License-Identifier: BSD-3-Clause
/* sysfs_file.c - one small sysfs file, read defensively (see sysfs_file.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* openat, O_CLOEXEC in C11 */
#endif
#include "sysfs_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_regular(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

static int open_regular(int dirfd, const char *name, const char *label, int *fd,
			struct hu_err *e)
{
	*fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (*fd < 0 && (errno == EMFILE || errno == ENFILE))	/* the process's limit, not sysfs */
		return hu_fail_sys(e, errno, "%s: %s", label, strerror(errno));
	if (*fd < 0)
		return hu_fail(e, HU_E_SYSFS, "%s: %s", label, strerror(errno));
	if (!is_regular(*fd)) {	/* a FIFO or device would block or never end */
		close(*fd);
		return hu_fail(e, HU_E_SYSFS, "%s: not a regular file", label);
	}
	return HU_OK;
}

int hu_sysfs_read_file_as(int dirfd, const char *name, const char *label, char *buf, size_t cap,
			  size_t *len, struct hu_err *e)
{
	size_t used = 0;
	ssize_t n = 0;
	int fd, ret;

	ret = open_regular(dirfd, name, label, &fd, e);
	if (ret)
		return ret;
	while (used < cap - 1) {
		n = read(fd, buf + used, cap - 1 - used);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	if (n < 0)
		return hu_fail(e, HU_E_SYSFS, "%s: read failed", label);
	if (used == 0)
		return hu_fail(e, HU_E_SYSFS, "%s: empty", label);
	if (used == cap - 1)
		return hu_fail(e, HU_E_SYSFS, "%s: larger than %zu bytes", label, cap - 2);
	if (memchr(buf, '\0', used))
		return hu_fail(e, HU_E_SYSFS, "%s: contains a NUL byte", label);
	buf[used] = '\0';
	*len = used;
	return HU_OK;
}

int hu_sysfs_read_file(int dirfd, const char *name, char *buf, size_t cap,
		       size_t *len, struct hu_err *e)
{
	return hu_sysfs_read_file_as(dirfd, name, name, buf, cap, len, e);
}
