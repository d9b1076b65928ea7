// SPDX-License-Identifier: BSD-3-Clause
#define _GNU_SOURCE
#include "fixture_tree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalogue.h"
#include "owner_lock.h"

#ifndef HU_FIXTURE_ROOT
#error "HU_FIXTURE_ROOT must name tests/fixtures/sysfs"
#endif

/*
 * The fixtures' sysfs root: $HU_FIXTURE_ROOT when set (the arm64 guest copies
 * the fixtures to its tmpfs first: copying them over 9p for every test took
 * 80 s), else the source tree's.
 */
static const char *fixture_root(void)
{
	const char *root = getenv("HU_FIXTURE_ROOT");

	return root && *root ? root : HU_FIXTURE_ROOT;
}

static void die(const char *what, const char *path)
{
	fprintf(stderr, "fixture_tree: %s %s: %s\n", what, path, strerror(errno));
	exit(2);
}

static void mkdirs(const char *path)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST)
			die("mkdir", buf);
		*p = '/';
	}
	if (mkdir(buf, 0755) && errno != EEXIST)
		die("mkdir", buf);
}

static void init_below(struct fixture_tree *t, const char *below)
{
	snprintf(t->top, sizeof(t->top), "/tmp/hu-unit-XXXXXX");
	if (!mkdtemp(t->top))
		die("mkdtemp", t->top);
	snprintf(t->root, sizeof(t->root), "%s%s%s", t->top, *below ? "/" : "", below);
	snprintf(t->devices, sizeof(t->devices), "%s/bus/event_source/devices", t->root);
	mkdirs(t->devices);
}

void tree_init(struct fixture_tree *t)
{
	init_below(t, "");
}

static void run(const char *cmd)
{
	if (system(cmd) != 0) {
		fprintf(stderr, "fixture_tree: '%s' failed\n", cmd);
		exit(2);
	}
}

static void copy_fixtures(struct fixture_tree *t)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "cp -r '%s/bus/event_source/devices/.' '%s/'",
		 fixture_root(), t->devices);
	run(cmd);
}

void tree_init_fixtures(struct fixture_tree *t)
{
	tree_init(t);
	copy_fixtures(t);
}

void tree_init_fixtures_below(struct fixture_tree *t, const char *below)
{
	init_below(t, below);
	copy_fixtures(t);
}

void tree_put_bytes(struct fixture_tree *t, const char *rel, const void *buf, size_t len)
{
	char path[640], dir[640];
	char *slash;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", t->devices, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	mkdirs(dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die("open", path);
	if (write(fd, buf, len) != (ssize_t)len)
		die("write", path);
	close(fd);
}

void tree_put(struct fixture_tree *t, const char *rel, const char *text)
{
	tree_put_bytes(t, rel, text, strlen(text));
}

void tree_remove(struct fixture_tree *t, const char *rel)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s/%s'", t->devices, rel);
	run(cmd);
}

void tree_fixture_pci_devices(struct fixture_tree *t)
{
	tree_pci_device(t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	tree_pci_device(t, "pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802\n");
	tree_pci_device(t, "pci0000:35/0000:35:00.0", "0x020000\n");
}

void tree_pmu_under_device(struct fixture_tree *t, const char *pmu, const char *path)
{
	char cmd[1024], link[512], target[512];

	snprintf(cmd, sizeof(cmd), "mv '%s/%s' '%s/devices/%s/'", t->devices, pmu, t->root, path);
	run(cmd);
	snprintf(link, sizeof(link), "bus/event_source/devices/%s", pmu);
	snprintf(target, sizeof(target), "%s/devices/%s/%s", t->root, path, pmu);
	tree_link_root(t, link, target);
}

void tree_free(struct fixture_tree *t)
{
	char cmd[512];

	if (strncmp(t->top, "/tmp/hu-unit-", 13) != 0)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->top);
	run(cmd);
}

void tree_put_root(struct fixture_tree *t, const char *rel, const char *text)
{
	char path[640], dir[640];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", t->root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = '\0';
	mkdirs(dir);
	f = fopen(path, "w");
	if (!f)
		die("fopen", path);
	fputs(text, f);
	fclose(f);
}

void tree_link_root(struct fixture_tree *t, const char *rel, const char *target)
{
	char path[640], dir[640];

	snprintf(path, sizeof(path), "%s/%s", t->root, rel);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = '\0';
	mkdirs(dir);
	if (symlink(target, path) != 0)
		die("symlink", path);
}

void tree_pci_device(struct fixture_tree *t, const char *path, const char *class)
{
	char rel[512], link[512], target[512];
	const char *name = strrchr(path, '/') + 1;

	snprintf(rel, sizeof(rel), "devices/%s/class", path);
	tree_put_root(t, rel, class);
	snprintf(link, sizeof(link), "bus/pci/devices/%s", name);
	snprintf(target, sizeof(target), "%s/devices/%s", t->root, path);
	tree_link_root(t, link, target);
}

int tree_catalogue_init(struct fixture_tree *t, struct hu_catalogue *cat)
{
	return hu_cat_init(cat, t->root, NULL, NULL) == HU_OK ? 0 : 1;
}

void tree_catalogue_free(struct fixture_tree *t, struct hu_catalogue *cat)
{
	hu_cat_free(cat);
	tree_free(t);
}

int lock_dir_setup(char *dir)
{
	if (!mkdtemp(dir))
		return 1;
	return setenv("HISI_UNCORE_LOCK_DIR", dir, 1) == 0 ? 0 : 1;
}

int lock_dir_teardown(const char *dir)
{
	char cmd[128];

	unsetenv("HISI_UNCORE_LOCK_DIR");
	if (strncmp(dir, "/tmp/hu-", 8) != 0 || strchr(dir, '\''))
		return 1;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : 1;
}

bool others_can_own(const char *pmu)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(hu_owner_acquire(pmu, NULL) == HU_OK ? 0 : 1);
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}
