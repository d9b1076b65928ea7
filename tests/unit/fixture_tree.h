/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fixture_tree.h - throw-away sysfs roots for tests: start from the
 * committed fixture PMUs or from nothing, then add or break files.
 */
#ifndef HU_FIXTURE_TREE_H
#define HU_FIXTURE_TREE_H

#include <stdbool.h>
#include <stddef.h>

struct fixture_tree {
	char top[192];		/* what tree_free() removes */
	char root[256];		/* pass as the sysfs root: top, or a directory below it */
	char devices[320];	/* root/bus/event_source/devices */
};

/* An empty root under /tmp; aborts the test program on failure. */
void tree_init(struct fixture_tree *t);

/* A root holding copies of the committed fixture PMUs. */
void tree_init_fixtures(struct fixture_tree *t);

/* The same, with the root at top/@below (e.g. "pcie-lab/sys"). */
void tree_init_fixtures_below(struct fixture_tree *t, const char *below);

/* Write @len bytes at devices/@rel, creating directories. */
void tree_put_bytes(struct fixture_tree *t, const char *rel, const void *buf, size_t len);
void tree_put(struct fixture_tree *t, const char *rel, const char *text);
void tree_remove(struct fixture_tree *t, const char *rel);

/* Under the root (not devices/): a file, and a symlink to @target. */
void tree_put_root(struct fixture_tree *t, const char *rel, const char *text);
void tree_link_root(struct fixture_tree *t, const char *rel, const char *target);

/*
 * A PCI device at <root>/devices/@path (e.g. "pci0000:3c/0000:3c:00.0")
 * with class @class, linked from <root>/bus/pci/devices/<last component>.
 */
void tree_pci_device(struct fixture_tree *t, const char *path, const char *class);

/*
 * The PCI devices in the fixture PMUs' ranges that several suites start
 * from: root port 3c:00.0 with endpoint 3d:00.0 behind it (hisi_pcie0_core0)
 * and NIC function 35:00.0 (hns3_pmu_sicl_0).
 */
void tree_fixture_pci_devices(struct fixture_tree *t);

/* Move PMU @pmu under the PCI device at <root>/devices/@path, linked back. */
void tree_pmu_under_device(struct fixture_tree *t, const char *pmu, const char *path);
void tree_free(struct fixture_tree *t);

struct hu_catalogue;

/* The end of a catalogue suite's set-up: @cat over @t's root; 0, or 1 on failure (CUnit's). */
int tree_catalogue_init(struct fixture_tree *t, struct hu_catalogue *cat);

/* A catalogue suite's teardown: @cat, then @t. */
void tree_catalogue_free(struct fixture_tree *t, struct hu_catalogue *cat);

/*
 * A suite's own ownership-lock directory: @dir (a mkdtemp template,
 * "/tmp/hu-...-XXXXXX") made and set as HISI_UNCORE_LOCK_DIR; then unset
 * and removed.  0, or 1 on failure (CUnit's set-up and teardown).
 */
int lock_dir_setup(char *dir);
int lock_dir_teardown(const char *dir);

/* Whether another process can own @pmu now (it takes and drops the lock). */
bool others_can_own(const char *pmu);

#endif /* HU_FIXTURE_TREE_H */
