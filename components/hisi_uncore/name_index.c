// SPDX-License-Identifier: BSD-3-Clause
/* name_index.c - O(1) look-up of names by hash (see name_index.h). */
#include "name_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static uint64_t name_hash(const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

unsigned int *hu_name_index_slot(const struct hu_name_index *x, const char *name,
				 hu_name_at_fn name_at, const void *ctx)
{
	unsigned int mask = x->nslots - 1, i = (unsigned int)name_hash(name) & mask;

	while (x->slot[i] && strcmp(name_at(ctx, x->slot[i] - 1), name) != 0)
		i = (i + 1) & mask;
	return &x->slot[i];
}

int hu_name_index_find(const struct hu_name_index *x, const char *name,
		       hu_name_at_fn name_at, const void *ctx)
{
	return x->nslots ? (int)*hu_name_index_slot(x, name, name_at, ctx) - 1 : -1;
}

int hu_name_index_grow(struct hu_name_index *x, unsigned int count,
		       hu_name_at_fn name_at, const void *ctx)
{
	struct hu_name_index bigger;

	if (2 * count <= x->nslots)
		return HU_OK;
	bigger.nslots = x->nslots ? 2 * x->nslots : 64;
	while (2 * count > bigger.nslots)
		bigger.nslots *= 2;
	bigger.slot = calloc(bigger.nslots, sizeof(*bigger.slot));
	if (!bigger.slot)
		return HU_E_NOMEM;
	for (unsigned int i = 0; i < x->nslots; i++)
		if (x->slot[i])
			*hu_name_index_slot(&bigger, name_at(ctx, x->slot[i] - 1), name_at, ctx) =
				x->slot[i];
	free(x->slot);
	*x = bigger;
	return HU_OK;
}

void hu_name_index_free(struct hu_name_index *x)
{
	free(x->slot);
	x->slot = NULL;
	x->nslots = 0;
}

int hu_name_pick(unsigned int n, hu_name_at_fn name_at, const void *ctx, const char *name,
		 unsigned int twin[2])
{
	int folded = HU_NAME_NONE;

	for (unsigned int i = 0; i < n; i++) {
		const char *s = name_at(ctx, i);

		if (!s || strcasecmp(s, name) != 0)
			continue;
		if (strcmp(s, name) == 0)
			return (int)i;
		if (folded == HU_NAME_AMBIGUOUS)
			continue;	/* an exact match may still follow */
		if (twin)
			twin[folded == HU_NAME_NONE ? 0 : 1] = i;
		folded = folded == HU_NAME_NONE ? (int)i : HU_NAME_AMBIGUOUS;
	}
	return folded;
}
