/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * qualifier_list.h - what PAPI_NTV_ENUM_UMASKS lists for an entry: each
 * qualifier the event takes, with a text that resolves with it (see
 * struct hu_listed_qualifier), so that PAPI's utilities add names that
 * open.  Built on first enumeration.
 *
 * The lists are their own state: they read the PMU set, and ask their
 * owner, through one callback, whether a name resolves; they know nothing
 * else of the catalogue.  Callers serialise (the catalogue lock).
 */
#ifndef HU_QUALIFIER_LIST_H
#define HU_QUALIFIER_LIST_H

#include <stdbool.h>
#include <stdint.h>

#include "name_index.h"
#include "pci_sysfs.h"
#include "perf_attr.h"
#include "pmu_sysfs.h"

/*
 * A qualifier as enumeration lists it: a format and a text that resolves
 * with its entry, so that PAPI's utilities (papi_native_avail -c,
 * papi_event_chooser, papi_xml_event_info), which add "EVENT:text", add a
 * name that works: "port=0xffff", "bdf=0x3d00", or with the qualifier it
 * needs, "queue=0xffff:bdf=0x3500".
 */
#define HU_QUALIFIER_TEXT_MAX 48
struct hu_listed_qualifier {
	const struct hu_format *f;
	char text[HU_QUALIFIER_TEXT_MAX];
};

/*
 * One entry of a PMU (an event or a metric) as its owner describes it.
 * @alias is the event whose qualifiers it takes (a metric's counter 0),
 * NULL when it lists none; @counts holds what the entry counts (the event,
 * or a metric's two halves; counts[1] NULL for an event).
 */
struct hu_qual_entry {
	unsigned int pmu;		/* index in the PMU set */
	unsigned int idx, count;	/* the entry, and how many entries the PMU has */
	const char *name;
	const struct hu_event *alias;
	const struct hu_event *counts[2];
};

/*
 * Does @name ("PMU::ENTRY[:QUALIFIERS]") resolve?  If so, the config words
 * of its first counter into @config.
 */
typedef bool (*hu_qual_resolve_fn)(void *ctx, const char *name,
				   uint64_t config[HU_CONFIG_WORDS]);

/* How a qualifier is listed: format f = v, with format g = w if g >= 0. */
struct hu_qualifier_choice {
	int f, g;
	uint64_t v, w;
};

/* The choices of an entry, kept for the same entry on other instances. */
struct hu_shape {
	char *key;
	unsigned int n;
	struct hu_qualifier_choice *c;
};

struct hu_entry_qualifiers {
	bool built;
	unsigned int n;
	struct hu_listed_qualifier *q;
};

/* What enumeration lists of one PMU, built when first enumerated. */
struct hu_pmu_listing {
	struct hu_entry_qualifiers *entry;	/* one per entry, or NULL */
	unsigned int nentry;
	bool bdf_example_known, has_bdf_example;
	uint16_t bdf_example;			/* a bdf its driver accepts */
};

/* The PCI devices of one domain, read once for the bdf examples. */
struct hu_pci_cache {
	bool scanned;
	unsigned int domain;
	struct hu_pci_device *dev;
	unsigned int n;
};

struct hu_qual_lists {
	const struct hu_pmu_set *set;		/* outlives the lists, never moves */
	hu_qual_resolve_fn resolves;
	void *ctx;
	struct hu_pmu_listing *listing;		/* one per set->pmu */
	struct hu_pci_cache pci;
	struct hu_shape *shapes;		/* listings found, by shape key */
	unsigned int nshapes, shapes_cap;
	struct hu_name_index shape_index;
};

/* Empty lists over @set; HU_E_NOMEM when out of memory. */
int hu_qual_init(struct hu_qual_lists *q, const struct hu_pmu_set *set,
		 hu_qual_resolve_fn resolves, void *ctx);

/* The k-th (0-based) qualifier listed for @entry, or NULL. */
const struct hu_listed_qualifier *hu_qual_listed(struct hu_qual_lists *q,
						 const struct hu_qual_entry *entry, unsigned int k);

void hu_qual_free(struct hu_qual_lists *q);

#endif /* HU_QUALIFIER_LIST_H */
