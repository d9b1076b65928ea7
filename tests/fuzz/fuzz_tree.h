/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_tree.h - turn a fuzz input into a small sysfs tree, and back to
 * nothing.  Shared by the targets that read sysfs files.
 *
 * Input grammar (text, so that seeds are readable and the dictionary's
 * tokens compose):
 *   @@NAME        the PMU directory later entries go into (created empty);
 *                 before any, hns3_pmu_sicl_0
 *   @REL          a file REL of the current PMU ("type", "format/port"),
 *                 holding the bytes up to the next line starting with '@'
 *                 (its own final newline included)
 *   @REL/         a directory instead, @REL| a FIFO
 * REL has one or two components; a component is 1 to 100 bytes other
 * than NUL, '/', '>' and newline, never "." or "..".  An entry that is not
 * valid, already exists or exceeds the limits is skipped, so every input
 * is some tree.
 *
 * The rooted layout (FZ_ROOTED, for the PCI look-ups) takes REL from the
 * sysfs root itself, with up to FZ_ROOTED_DEPTH components, ignores @@
 * lines and adds
 *   @REL>TARGET   a symbolic link to <root>/TARGET (TARGET like REL; it
 *                 may dangle or loop, never leave the root)
 *
 * The tree lives in one private directory per process (on tmpfs when
 * there is one); fz_tree_clear() removes exactly what the last build made,
 * so disk use is bounded by one input.
 */
#ifndef HU_FUZZ_TREE_H
#define HU_FUZZ_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FZ_MAX_ENTRIES 48	/* @ lines taken from one input */
#define FZ_MAX_PMUS 4		/* @@ lines taken from one input */
#define FZ_MAX_FILE 8192	/* bytes written per file: twice sysfs's page */
#define FZ_REL_MAX 640		/* PMU/sub/name, or a rooted path */
#define FZ_ROOTED_DEPTH 6	/* components of a rooted REL */

enum fz_layout {
	FZ_PMUS,		/* entries in PMU directories under bus/event_source/devices */
	FZ_ROOTED,		/* entries anywhere below the root, symlinks too */
};

struct fz_made {
	char rel[FZ_REL_MAX];	/* relative to the devices directory */
	bool is_dir;
};

struct fz_tree {
	char root[128];		/* the sysfs root to scan */
	char devices[192];	/* root/bus/event_source/devices */
	enum fz_layout layout;
	int basefd;		/* what REL is relative to: devices, or the root */
	struct fz_made made[FZ_ROOTED_DEPTH * FZ_MAX_ENTRIES + FZ_MAX_PMUS + 1];	/* + the default PMU */
	unsigned int nmade;
};

/* Create the private root; aborts the fuzzer on failure. */
void fz_tree_init(struct fz_tree *t, enum fz_layout layout);

/* Build the tree @data describes under the devices directory. */
void fz_tree_build(struct fz_tree *t, const uint8_t *data, size_t size);

/* Remove what the last build made; aborts if anything is left. */
void fz_tree_clear(struct fz_tree *t);

#endif /* HU_FUZZ_TREE_H */
