// SPDX-License-Identifier: BSD-3-Clause
/*
 * owner_lock.c - the advisory per-PMU lock of ownership mode.
 *
 * The lock directory may be shared between users, so every step assumes
 * another local account has been there first (README, "Threat model"):
 * the directory is checked before use, a lock file is opened relative to
 * it, never through a symbolic link, never blocking, never anything but a
 * regular file with one link, and nothing is written, truncated or chmod-ed
 * but a file this process has just created.  The owner a refusal names
 * comes from the kernel (/proc/locks: the pid that holds the flock), not
 * from a text in the file, so it is complete the moment the lock is held
 * and nobody can forge it (lock_holder.c).
 */
#define _GNU_SOURCE
#include "owner_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hu_text.h"
#include "lock_holder.h"

#define SYSTEM_LOCK_DIR "/run/hisi-uncore"
#define USER_LOCK_DIR_FMT "/dev/shm/hisi-uncore-%u"
/* Times a refused take looks for the holder, which may let go in between. */
#define TAKE_TRIES 20

/* The locks this process holds, with how many EventSets use each. */
struct held_lock {
	char pmu[HU_NAME_MAX];
	int fd;
	unsigned int users;
	pid_t pid;		/* a forked child inherits the table, not the ownership */
};

/* An open, checked lock directory and the path it was opened by. */
struct lock_dir {
	int fd;
	char path[PATH_MAX];
};

static pthread_mutex_t owner_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct held_lock *held;
static unsigned int nheld, held_cap;

bool hu_owner_mode(void)
{
	const char *v = getenv("HISI_UNCORE_OWNER");

	return v && strcmp(v, "1") == 0;
}

/* ---- the lock directory ------------------------------------------------- */

/*
 * May this process trust directory @st?  Its owner (root or this user) is
 * the only one who may plant or swap entries in it, unless it is root's
 * and sticky, where nobody can rename or remove another user's file.
 */
static int check_dir(const char *path, const struct stat *st, struct hu_err *e)
{
	uid_t me = geteuid();

	if (!S_ISDIR(st->st_mode))
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock directory %s is not a directory",
			       path);
	if (st->st_uid != 0 && st->st_uid != me)
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock directory %s belongs to uid %u, "
			       "neither root nor this user (uid %u): refused, as its owner could plant "
			       "links in it; have it removed, or set HISI_UNCORE_LOCK_DIR to a "
			       "directory of yours", path, (unsigned int)st->st_uid, (unsigned int)me);
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) && !((st->st_mode & S_ISVTX) && st->st_uid == 0))
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock directory %s (mode %04o) is "
			       "writable by other users without being root's and sticky: refused, as "
			       "they could plant or swap lock files (allowed: writable by its owner "
			       "only, or root's with mode 1777)", path,
			       (unsigned int)(st->st_mode & 07777));
	return HU_OK;
}

/* Open directory @path without following a link in its last component, and check it. */
static int open_dir(const char *path, struct lock_dir *d, struct hu_err *e)
{
	struct stat st;
	int err, ret;

	if (!hu_copy(d->path, sizeof(d->path), path))
		return hu_fail(e, HU_E_ENV, "ownership mode: lock directory path of %zu characters is "
			       "longer than PATH_MAX (%d)", strlen(path), PATH_MAX - 1);
	d->fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d->fd < 0) {
		err = errno;
		if (err == ENOENT)
			return hu_fail(e, HU_E_ENV, "ownership mode: lock directory %s does not exist "
				       "(create it, or unset HISI_UNCORE_LOCK_DIR)", path);
		if ((err == ELOOP || err == ENOTDIR) && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock directory %s is a "
				       "symbolic link: refused (name the directory itself)", path);
		return hu_fail(e, HU_E_ENV, "ownership mode: cannot open lock directory %s: %s", path,
			       strerror(err));
	}
	if (fstat(d->fd, &st) != 0)
		ret = hu_fail(e, HU_E_ENV, "ownership mode: cannot stat lock directory %s", path);
	else
		ret = check_dir(path, &st, e);
	if (ret != HU_OK)
		close(d->fd);
	return ret;
}

/*
 * Open directory @path, made here first if @may_make and missing; only a
 * directory made here gets @mode (mkdir's 0700 keeps others out until
 * then, and the umask cannot take bits away).
 */
static int open_or_make_dir(const char *path, bool may_make, mode_t mode, struct lock_dir *d,
			    struct hu_err *e)
{
	bool made = may_make && mkdir(path, 0700) == 0;
	int ret;

	if (may_make && !made && errno != EEXIST) {
		int err = errno;

		return hu_fail(e, HU_E_ENV, "ownership mode: cannot create lock directory %s: %s "
			       "(set HISI_UNCORE_LOCK_DIR to a directory of yours)", path,
			       strerror(err));
	}
	ret = open_dir(path, d, e);
	if (ret == HU_OK && made && fchmod(d->fd, mode) != 0) {
		int err = errno;

		close(d->fd);
		return hu_fail(e, HU_E_ENV, "ownership mode: chmod %04o %s: %s", (unsigned int)mode,
			       path, strerror(err));
	}
	return ret;
}

/* $HISI_UNCORE_LOCK_DIR, else /run/hisi-uncore where it exists or root can make it,
 * else this user's /dev/shm/hisi-uncore-UID (owner_lock.h). */
static int open_lock_dir(struct lock_dir *d, struct hu_err *e)
{
	const char *env = getenv("HISI_UNCORE_LOCK_DIR");
	char user_dir[64];
	struct stat st;

	if (env && *env)
		return open_dir(env, d, e);
	/* the node's: root makes it root's and sticky, so the ranks of every
	 * user can create lock files in it and none can touch another's */
	if (geteuid() == 0 || lstat(SYSTEM_LOCK_DIR, &st) == 0)
		return open_or_make_dir(SYSTEM_LOCK_DIR, geteuid() == 0, 01777, d, e);
	/* without it, a user's processes share a private one */
	snprintf(user_dir, sizeof(user_dir), USER_LOCK_DIR_FMT, (unsigned int)geteuid());
	return open_or_make_dir(user_dir, true, 0700, d, e);
}

/* ---- the lock file ------------------------------------------------------ */

/* A lock file must be a regular file of its own, not a link planted to another. */
static int check_lock_file(int fd, const char *dir, const char *name, struct hu_err *e)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return hu_fail(e, HU_E_ENV, "ownership mode: cannot stat lock file %s/%s", dir, name);
	if (!S_ISREG(st.st_mode))
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock file %s/%s is not a regular "
			       "file (mode %06o, uid %u): refused; remove it", dir, name,
			       (unsigned int)st.st_mode, (unsigned int)st.st_uid);
	if (st.st_nlink != 1)
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock file %s/%s has %lu links (uid "
			       "%u): refused, as it may be another file linked there; remove it", dir,
			       name, (unsigned long)st.st_nlink, (unsigned int)st.st_uid);
	return HU_OK;
}

/* The error of creating (@creating) or opening a lock file, said for people. */
static int open_failed(int err, bool creating, const char *dir, const char *name,
		       struct hu_err *e)
{
	const char *hint = "";

	if (err == ELOOP)
		return hu_fail(e, HU_E_UNSAFE, "ownership mode: lock file %s/%s is a symbolic link: "
			       "refused, never followed; remove it", dir, name);
	if (err == EACCES)
		hint = creating ? " (this user cannot create files there: for users to share it, "
			"root's lock directory wants mode 1777; or set HISI_UNCORE_LOCK_DIR)"
			: " (its owner made it unreadable; remove it, or set HISI_UNCORE_LOCK_DIR)";
	return hu_fail(e, HU_E_ENV, "ownership mode: cannot %s lock file %s/%s: %s%s",
		       creating ? "create" : "open", dir, name, strerror(err), hint);
}

/*
 * Open <pmu>.lock under the directory: created new (and made readable by
 * all, so other users' processes can take it in turn: flock needs only
 * read access), or the existing one read-only.  O_NOFOLLOW and O_NONBLOCK:
 * a planted link is never followed and a planted FIFO never waited on.
 */
static int open_lock_file(const struct lock_dir *d, const char *name, struct hu_err *e)
{
	const int flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;

	for (int tries = 0; tries < TAKE_TRIES; tries++) {
		int fd = openat(d->fd, name, flags | O_CREAT | O_EXCL, 0644);

		if (fd >= 0) {
			if (fchmod(fd, 0644) != 0) {	/* ours: undo what the umask took */
				int err = errno;

				close(fd);
				return hu_fail(e, HU_E_ENV, "ownership mode: chmod %s/%s: %s", d->path,
					       name, strerror(err));
			}
			return fd;
		}
		if (errno != EEXIST)
			return open_failed(errno, true, d->path, name, e);
		fd = openat(d->fd, name, flags);
		if (fd >= 0) {
			int ret = check_lock_file(fd, d->path, name, e);

			if (ret != HU_OK)
				close(fd);
			return ret != HU_OK ? ret : fd;
		}
		if (errno != ENOENT)	/* ENOENT: removed in between; make it again */
			return open_failed(errno, false, d->path, name, e);
	}
	return hu_fail(e, HU_E_ENV, "ownership mode: lock file %s/%s keeps disappearing", d->path,
		       name);
}

/* ---- refusals ------------------------------------------------------------ */

static int refuse_held(const char *pmu, const struct hu_lock_holder *h, const char *dir,
		       const char *name, struct hu_err *e)
{
	char who[96];

	if (h->uid >= 0)
		snprintf(who, sizeof(who), "pid %d (%s, uid %ld)", (int)h->pid,
			 h->name[0] ? h->name : "?", h->uid);
	else
		snprintf(who, sizeof(who), "pid %d (%s)", (int)h->pid,
			 h->name[0] ? h->name : "not shown by /proc");
	return hu_fail(e, HU_E_CONFLICT, "%s is owned by %s on this node (ownership mode, "
		       "HISI_UNCORE_OWNER=1: one process counts each PMU; take its values from that "
		       "process, or count without HISI_UNCORE_OWNER; lock %s/%s)", pmu, who, dir, name);
}

static int refuse_unseen(const char *pmu, const char *dir, const char *name, struct hu_err *e)
{
	return hu_fail(e, HU_E_CONFLICT, "%s is owned by a process this one cannot see (another "
		       "PID namespace, or /proc/locks unreadable) on this node (ownership mode, "
		       "HISI_UNCORE_OWNER=1: one process counts each PMU; lock %s/%s)", pmu, dir, name);
}

/*
 * Take the lock on @fd without waiting; the fd, or a refusal naming the
 * holder.  A holder that let go before it was looked up is no refusal:
 * the lock is tried again.
 */
static int take_or_name_holder(int fd, const char *pmu, const struct lock_dir *d,
			       const char *name, struct hu_err *e)
{
	struct hu_lock_holder h;

	for (int tries = 0; tries < TAKE_TRIES; tries++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK) {
			int err = errno;

			close(fd);
			return hu_fail(e, HU_E_ENV, "ownership mode: flock(%s/%s): %s", d->path, name,
				       strerror(err));
		}
		if (hu_lock_holder(fd, &h)) {
			close(fd);
			return refuse_held(pmu, &h, d->path, name, e);
		}
	}
	close(fd);
	return refuse_unseen(pmu, d->path, name, e);
}

/* A new lock on @pmu, taken without waiting; its fd, or a negative status. */
static int take_lock(const char *pmu, struct hu_err *e)
{
	char name[HU_NAME_MAX + sizeof(".lock")];
	struct lock_dir d;
	int fd;

	if ((size_t)snprintf(name, sizeof(name), "%s.lock", pmu) >= sizeof(name) ||
	    strchr(pmu, '/') || !pmu[0] || pmu[0] == '.')
		return hu_fail(e, HU_E_NOPMU, "ownership mode: '%s' cannot name a lock file", pmu);
	fd = open_lock_dir(&d, e);
	if (fd != HU_OK)
		return fd;
	fd = open_lock_file(&d, name, e);
	if (fd >= 0)
		fd = take_or_name_holder(fd, pmu, &d, name, e);
	close(d.fd);
	return fd;
}

/* ---- the locks this process holds --------------------------------------- */

static void forget(struct held_lock *h)
{
	*h = held[--nheld];
}

/*
 * This process's lock on @pmu, or NULL.  An entry a forked child inherited
 * is dropped there: its fd shares the parent's lock, which stays the
 * parent's (closing the child's copy does not release it).
 */
static struct held_lock *find_held(const char *pmu)
{
	for (unsigned int i = 0; i < nheld; i++) {
		if (strcmp(held[i].pmu, pmu) != 0)
			continue;
		if (held[i].pid == getpid())
			return &held[i];
		close(held[i].fd);
		forget(&held[i]);
		return NULL;
	}
	return NULL;
}

/*
 * fork() shares each lock's open file with the child, and flock() belongs
 * to the open file: a child that kept the copies would keep every PMU
 * locked after its parent let go.  The child closes them at once (its
 * parent's locks stay its parent's); the table is never copied half-made.
 */
static void fork_prepare(void)
{
	pthread_mutex_lock(&owner_mutex);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&owner_mutex);
}

static void fork_child(void)
{
	for (unsigned int i = 0; i < nheld; i++)
		close(held[i].fd);
	nheld = 0;
	pthread_mutex_unlock(&owner_mutex);
}

static void register_fork_handlers(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static int remember(const char *pmu, int fd, struct hu_err *e)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, register_fork_handlers);
	if (nheld == held_cap) {
		unsigned int cap = held_cap ? 2 * held_cap : 8;
		struct held_lock *h = realloc(held, cap * sizeof(*h));

		if (!h) {
			close(fd);
			return hu_fail(e, HU_E_NOMEM, "out of memory for ownership locks");
		}
		held = h;
		held_cap = cap;
	}
	hu_copy(held[nheld].pmu, sizeof(held[nheld].pmu), pmu);
	held[nheld].fd = fd;
	held[nheld].pid = getpid();
	held[nheld++].users = 1;
	return HU_OK;
}

int hu_owner_acquire(const char *pmu, struct hu_err *e)
{
	struct held_lock *h;
	int ret = HU_OK, fd;

	pthread_mutex_lock(&owner_mutex);
	h = find_held(pmu);
	if (h) {
		h->users++;
	} else {
		fd = take_lock(pmu, e);
		ret = fd < 0 ? fd : remember(pmu, fd, e);
	}
	pthread_mutex_unlock(&owner_mutex);
	return ret;
}

void hu_owner_release(const char *pmu)
{
	struct held_lock *h;

	pthread_mutex_lock(&owner_mutex);
	h = find_held(pmu);
	if (h && --h->users == 0) {
		close(h->fd);	/* drops the flock */
		forget(h);
	}
	pthread_mutex_unlock(&owner_mutex);
}
