/* SPDX-License-Identifier: BSD-3-Clause */
/* open_fds.h - how many file descriptors this process holds (leak checks). */
#ifndef HU_OPEN_FDS_H
#define HU_OPEN_FDS_H

/* Entries of /proc/self/fd, not counting the one reading it; -1 if unreadable. */
int count_open_fds(void);

#endif /* HU_OPEN_FDS_H */
