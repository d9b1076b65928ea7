/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lock_holder.h - who holds a flock(2), as the kernel says.
 *
 * An ownership-mode refusal names the process holding the lock.  A text
 * the holder writes into the file could be missing (read before it is
 * written) or forged; the kernel's own table of locks (/proc/locks) is
 * neither: it holds the holder's pid the moment the lock is taken.
 */
#ifndef HU_LOCK_HOLDER_H
#define HU_LOCK_HOLDER_H

#include <stdbool.h>
#include <sys/types.h>

struct hu_lock_holder {
	pid_t pid;
	char name[32];		/* what the process calls itself (/proc/PID/status), printable */
	long uid;		/* its real uid, -1 where /proc does not show it */
};

/*
 * The process holding an exclusive flock on @fd's file: true with *@h
 * filled, or false if none is seen (let go meanwhile, held in another PID
 * namespace, or /proc unreadable).
 */
bool hu_lock_holder(int fd, struct hu_lock_holder *h);

/* How /proc/locks names a file: its superblock's device and its inode. */
struct hu_lock_key {
	unsigned int maj, min;
	unsigned long long ino;
};

/*
 * The pid of the exclusive flock on @k that one /proc/locks @line shows
 * ("1: FLOCK  ADVISORY  WRITE 4242 00:19:1234 0 EOF"), or 0 for another
 * file, a waiter ("1: -> FLOCK ..."), another kind of lock or garbage.
 * @line is cut into tokens.
 */
pid_t hu_flock_line_holder(char *line, const struct hu_lock_key *k);

#endif /* HU_LOCK_HOLDER_H */
