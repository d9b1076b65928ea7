/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * qualifier_list.h - what PAPI_NTV_ENUM_UMASKS lists for an entry: each
 * qualifier the event takes, with a text that resolves with it (see
 * struct hu_listed_qualifier), so that PAPI's utilities add names that
 * open.  Built on first enumeration, under the catalogue lock.
 */
#ifndef HU_QUALIFIER_LIST_H
#define HU_QUALIFIER_LIST_H

#include "catalogue.h"

/* The k-th (0-based) qualifier listed for entry @idx of @pmu, or NULL. */
const struct hu_listed_qualifier *hu_qual_listed(struct hu_catalogue *cat, unsigned int pmu,
						 unsigned int idx, unsigned int k);

/* Free what the listings hold (hu_cat_free calls it). */
void hu_qual_free(struct hu_catalogue *cat);

#endif /* HU_QUALIFIER_LIST_H */
