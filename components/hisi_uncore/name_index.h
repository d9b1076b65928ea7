/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * name_index.h - find an item by name in O(1): an open-addressed hash of
 * positions into an array the caller keeps (slot = position + 1, 0 empty),
 * at most half full.  The caller says how to read the name at a position.
 */
#ifndef HU_NAME_INDEX_H
#define HU_NAME_INDEX_H

#include "hu_error.h"

struct hu_name_index {
	unsigned int *slot;
	unsigned int nslots;	/* 0 or a power of two */
};

typedef const char *(*hu_name_at_fn)(const void *ctx, unsigned int position);

/*
 * The slot holding @name (its value: position + 1), or the empty slot
 * where it would go (value 0).  The index must have room: grow it first.
 */
unsigned int *hu_name_index_slot(const struct hu_name_index *x, const char *name,
				 hu_name_at_fn name_at, const void *ctx);

/* Position of @name, or -1. */
int hu_name_index_find(const struct hu_name_index *x, const char *name,
		       hu_name_at_fn name_at, const void *ctx);

/* Make room for @count names (re-hashing the positions already held). */
int hu_name_index_grow(struct hu_name_index *x, unsigned int count,
		       hu_name_at_fn name_at, const void *ctx);

void hu_name_index_free(struct hu_name_index *x);

#define HU_NAME_NONE (-1)
#define HU_NAME_AMBIGUOUS (-2)

/*
 * Which of the @n names (NULL ones skipped) @name picks, matching as perf
 * matches event aliases, ignoring case, but never guessing: an exact match
 * wins, else the one name equal to @name ignoring case.  HU_NAME_NONE if
 * none is; HU_NAME_AMBIGUOUS if two are, with their positions in @twin
 * (may be NULL).  A linear scan: for the few names of one PMU.
 */
int hu_name_pick(unsigned int n, hu_name_at_fn name_at, const void *ctx, const char *name,
		 unsigned int twin[2]);

#endif /* HU_NAME_INDEX_H */
