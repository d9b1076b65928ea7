/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysfs_file.h - reading one small sysfs file as untrusted input: never
 * blocking (a FIFO), never endless (a device), never past the buffer.
 */
#ifndef HU_SYSFS_FILE_H
#define HU_SYSFS_FILE_H

#include <stddef.h>

#include "hu_error.h"

#define SMALL_FILE_MAX 4096	/* sysfs show() output is at most a page */

/*
 * Read @name under @dirfd into @buf (NUL-terminated, @cap bytes) and its
 * length into *len.  Missing, non-regular, empty, @cap-sized (truncated)
 * and NUL-bearing files are HU_E_SYSFS errors naming @name; running out
 * of file descriptors is HU_E_SYS.
 */
int hu_sysfs_read_file(int dirfd, const char *name, char *buf, size_t cap,
		       size_t *len, struct hu_err *e);

/* The same, the errors naming the file @label (its path in the PMU: "events/x"). */
int hu_sysfs_read_file_as(int dirfd, const char *name, const char *label, char *buf, size_t cap,
			  size_t *len, struct hu_err *e);

#endif /* HU_SYSFS_FILE_H */
