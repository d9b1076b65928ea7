// SPDX-License-Identifier: BSD-3-Clause
/*
 * owner_lock.c - the advisory per-PMU lock of ownership mode.
 */
#define _GNU_SOURCE
#include "owner_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hu_text.h"
#include "sysfs_parse.h"

#define OWNER_TEXT_MAX 96

/* The locks this process holds, with how many EventSets use each. */
struct held_lock {
	char pmu[HU_NAME_MAX];
	int fd;
	unsigned int users;
	pid_t pid;		/* a forked child inherits the table, not the ownership */
};

static pthread_mutex_t owner_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct held_lock *held;
static unsigned int nheld, held_cap;

bool hu_owner_mode(void)
{
	const char *v = getenv("HISI_UNCORE_OWNER");

	return v && strcmp(v, "1") == 0;
}

/* A directory every user can make lock files in (sticky, like /tmp). */
static bool shared_dir(const char *dir)
{
	if (mkdir(dir, 0777) == 0)
		chmod(dir, 01777);	/* the umask may have taken bits away */
	return access(dir, W_OK | X_OK) == 0;
}

static const char *lock_dir(void)
{
	const char *env = getenv("HISI_UNCORE_LOCK_DIR");

	if (env && *env)
		return env;
	if (shared_dir("/run/hisi-uncore"))
		return "/run/hisi-uncore";
	shared_dir("/dev/shm/hisi-uncore");
	return "/dev/shm/hisi-uncore";
}

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

/* "pid 1234 (a.out)" of the owner, as it wrote it in the lock file. */
static void read_owner(int fd, char *buf, size_t len)
{
	ssize_t n = pread(fd, buf, len - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	if (!buf[0])
		hu_copy(buf, len, "another process");
}

static void write_owner(int fd)
{
	char comm[32] = "", text[OWNER_TEXT_MAX];
	FILE *f = fopen("/proc/self/comm", "re");
	int n;

	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	n = snprintf(text, sizeof(text), "pid %d (%s)\n", (int)getpid(), comm);
	if (ftruncate(fd, 0) == 0 && pwrite(fd, text, (size_t)n, 0) != n)
		return;	/* the lock holds without the text; refusals then say "another process" */
}

static int open_lock(const char *path, struct hu_err *e)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);

	if (fd < 0 && errno == EACCES)
		fd = open(path, O_RDONLY | O_CLOEXEC);	/* another user's file: flock still works */
	if (fd < 0) {
		int err = errno;

		return hu_fail_sys(e, err, "ownership mode (HISI_UNCORE_OWNER=1): cannot open the "
				   "lock file %s: %s", path, strerror(err));
	}
	fchmod(fd, 0666);	/* so that other users' ranks can take it in turn */
	return fd;
}

/* A new lock on @pmu, taken without waiting; its fd, or a negative status. */
static int take_lock(const char *pmu, struct hu_err *e)
{
	char path[HU_NAME_MAX + 512], owner[OWNER_TEXT_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s.lock", lock_dir(), pmu);
	fd = open_lock(path, e);
	if (fd < 0)
		return fd;
	if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
		write_owner(fd);
		return fd;
	}
	if (errno != EWOULDBLOCK) {
		int err = errno;

		close(fd);
		return hu_fail_sys(e, err, "ownership mode: flock(%s): %s", path, strerror(err));
	}
	read_owner(fd, owner, sizeof(owner));
	close(fd);
	return hu_fail(e, HU_E_CONFLICT, "%s is owned by %s on this node (ownership mode, "
		       "HISI_UNCORE_OWNER=1: one process counts each PMU; take its values from that "
		       "process, or count without HISI_UNCORE_OWNER; lock %s)", pmu, owner, path);
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
