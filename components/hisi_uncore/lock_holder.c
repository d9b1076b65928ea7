// SPDX-License-Identifier: BSD-3-Clause
/*
 * lock_holder.c - who holds a flock(2): /proc/locks for the pid, the
 * holder's /proc/PID/status for its name and uid.
 */
#define _GNU_SOURCE
#include "lock_holder.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "hu_text.h"

/* The mount id and inode number /proc/self/fdinfo gives for @fd. */
static bool fd_mount(int fd, int *mnt_id, unsigned long long *ino)
{
	char path[64], line[128];
	bool have_mnt = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "mnt_id: %d", mnt_id) == 1)
			have_mnt = true;
		else
			sscanf(line, "ino: %llu", ino);
	}
	fclose(f);
	return have_mnt;
}

/* The device of mount @mnt_id's superblock, as /proc/self/mountinfo says. */
static bool mount_device(int mnt_id, unsigned int *maj, unsigned int *min)
{
	char *line = NULL;
	size_t cap = 0;
	bool found = false;
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int id;

	if (!f)
		return false;
	while (!found && getline(&line, &cap, f) > 0)
		found = sscanf(line, "%d %*d %u:%u", &id, maj, min) == 3 && id == mnt_id;
	free(line);
	fclose(f);
	return found;
}

/*
 * /proc/locks prints the superblock's device, which is not always stat's
 * st_dev (overlayfs over another filesystem, as the emulator's /tmp is;
 * btrfs subvolumes): take it from the fd's mount where /proc shows it,
 * else from fstat.
 */
static bool lock_key_of(int fd, struct hu_lock_key *k)
{
	struct stat st;
	int mnt_id;

	if (fstat(fd, &st) != 0)
		return false;
	k->maj = major(st.st_dev);
	k->min = minor(st.st_dev);
	k->ino = st.st_ino;
	if (fd_mount(fd, &mnt_id, &k->ino))
		mount_device(mnt_id, &k->maj, &k->min);
	return true;
}

pid_t hu_flock_line_holder(char *line, const struct hu_lock_key *k)
{
	char *save = NULL, *tok, *prev = NULL;
	unsigned int maj, min, field = 0;
	unsigned long long inode;
	int used = 0;

	for (tok = strtok_r(line, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		field++;
		if (field == 2 && strcmp(tok, "FLOCK") != 0)
			return 0;
		if (field == 4 && strcmp(tok, "WRITE") != 0)
			return 0;
		if (field > 4 && sscanf(tok, "%x:%x:%llu%n", &maj, &min, &inode, &used) == 3 &&
		    tok[used] == '\0') {
			char *end;
			long pid;

			if (field != 6)
				return 0;
			pid = strtol(prev, &end, 10);
			if (*end || pid <= 0 || pid > INT_MAX)
				return 0;
			return maj == k->maj && min == k->min && inode == k->ino ? (pid_t)pid : 0;
		}
		prev = tok;
	}
	return 0;
}

/* The pid holding the flock on @fd's file, as the kernel shows it; 0 if none is seen. */
static pid_t flock_holder(int fd)
{
	struct hu_lock_key k;
	char *line = NULL;
	size_t cap = 0;
	pid_t pid = 0;
	FILE *f;

	if (!lock_key_of(fd, &k))
		return 0;
	f = fopen("/proc/locks", "re");
	if (!f)
		return 0;
	while (!pid && getline(&line, &cap, f) > 0)
		pid = hu_flock_line_holder(line, &k);
	free(line);
	fclose(f);
	return pid;
}

/* Keep a process name printable and free of the message's punctuation. */
static void sanitise_name(char *s)
{
	for (; *s; s++)
		if (*s < 0x21 || *s > 0x7e || strchr("()%;,", *s))
			*s = '?';
}

/* Name and real uid of @h->pid from /proc/PID/status, where /proc shows them. */
static void describe(struct hu_lock_holder *h)
{
	char path[64], line[256];
	unsigned long uid;
	FILE *f;

	h->name[0] = '\0';
	h->uid = -1;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)h->pid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "Name:\t", 6) == 0)
			hu_copy(h->name, sizeof(h->name), line + 6);
		else if (sscanf(line, "Uid:\t%lu", &uid) == 1)
			h->uid = (long)uid;
	}
	fclose(f);
	sanitise_name(h->name);
}

bool hu_lock_holder(int fd, struct hu_lock_holder *h)
{
	h->pid = flock_holder(fd);
	if (h->pid <= 0)
		return false;
	describe(h);
	return true;
}
