// SPDX-License-Identifier: BSD-3-Clause
/* fuzz_util.c - shared checks and the fixture root (see fuzz_util.h). */
#define _GNU_SOURCE
#include "fuzz_util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HU_FIXTURE_ROOT
#error "HU_FIXTURE_ROOT must name tests/fixtures/sysfs"
#endif

void fz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
	abort();
}

int fz_printable(const char *s, size_t cap)
{
	size_t n = strnlen(s, cap);

	if (n == cap)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] == 0x7f)
			return 0;
	return 1;
}

void fz_check_refusal(int ret, const struct hu_err *e)
{
	FZ_ASSERT(ret < 0);
	FZ_ASSERT(e->status == ret);
	FZ_ASSERT(e->msg[0] != '\0');
	FZ_ASSERT(fz_printable(e->msg, sizeof(e->msg)));
}

/* ---- the fixture root --------------------------------------------------------- */

static char fixture_root[PATH_MAX];

static void run(const char *cmd)
{
	if (system(cmd) != 0) {
		fprintf(stderr, "fuzz_util: '%s' failed\n", cmd);
		abort();
	}
}

static void remove_fixture_root(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fixture_root);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz_util: could not remove %s\n", fixture_root);
}

/* devices/@path with its class, linked from bus/pci/devices as in sysfs. */
static void pci_device(const char *path, const char *class)
{
	char cmd[3 * PATH_MAX];
	const char *name = strrchr(path, '/') + 1;

	snprintf(cmd, sizeof(cmd),
		 "mkdir -p '%1$s/devices/%2$s' '%1$s/bus/pci/devices' && "
		 "echo %3$s >'%1$s/devices/%2$s/class' && "
		 "ln -s '%1$s/devices/%2$s' '%1$s/bus/pci/devices/%4$s'",
		 fixture_root, path, class, name);
	run(cmd);
}

const char *fz_fixture_root(void)
{
	char cmd[3 * PATH_MAX];
	const char *tmp = getenv("TMPDIR");

	if (fixture_root[0])
		return fixture_root;
	snprintf(fixture_root, sizeof(fixture_root), "%s/hu-fuzz-fixture-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(fixture_root)) {
		perror("mkdtemp");
		abort();
	}
	atexit(remove_fixture_root);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%1$s/bus/event_source' && "
		 "cp -r '%2$s/bus/event_source/devices' '%1$s/bus/event_source/'",
		 fixture_root, HU_FIXTURE_ROOT);
	run(cmd);
	pci_device("pci0000:3c/0000:3c:00.0", "0x060400");
	pci_device("pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802");
	pci_device("pci0000:3c/0000:3c:01.0", "0x020000");
	pci_device("pci0000:50/0000:50:00.0", "0x060400");
	pci_device("pci0000:50/0000:50:00.0/0000:51:00.0", "0x020000");
	pci_device("pci0000:35/0000:35:00.0", "0x020000");
	return fixture_root;
}
