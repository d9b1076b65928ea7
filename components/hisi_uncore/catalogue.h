/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * catalogue.h - the native events the component offers, and their codes.
 *
 * A code is a non-negative int that says what it names without a lookup:
 *   bit 30 clear:  PMU index << 20 | event index << 8 | qualifier
 *                  (qualifier 0: the event itself; k: its k-th qualifier,
 *                  for PAPI_NTV_ENUM_UMASKS)
 *   bit 30 set:    index of a qualified name seen by hu_cat_name_to_code()
 * so enumeration is stateless and needs no allocation.
 *
 * Thread safety: every function takes the catalogue lock; PMU details are
 * loaded on first touch under it.  A catalogue stays where hu_cat_init()
 * put it (its qualifier lists point at its PMU set).
 */
#ifndef HU_CATALOGUE_H
#define HU_CATALOGUE_H

#include <pthread.h>
#include <stdint.h>

#include "event_spec.h"
#include "hisi_rules.h"
#include "hu_error.h"
#include "metrics.h"
#include "name_index.h"
#include "perf_group.h"
#include "pmu_sysfs.h"
#include "qualifier_list.h"

#define HU_DESCR_MAX 1024

/*
 * What one native event opens and how its value is made: one counter for a
 * raw event, both halves of a pair for a metric (same filters, one group).
 */
struct hu_native {
	unsigned int pmu;
	unsigned int nattr;			/* 1 or 2 */
	struct hu_attr attr[2];
	const struct hu_metric_def *metric;	/* NULL for a raw event */
	unsigned int half[2];			/* a metric's halves in the PMU's events */
	int counted;				/* the event whose count the value holds (a
						 * metric's numerator) in the PMU's events; -1: none */
	const char *unit;			/* of the value: count or metric unit */
	double scale;
	enum hip09_hns3_mode hns3_mode;
	char defaults[HU_DEFAULTS_MAX];
	char filters[2 * HU_DEFAULTS_MAX];
};

struct hu_instance {
	char *name;		/* as the user wrote it, without hisi_uncore::: */
	struct hu_native native;	/* the first (or only) PMU instance it counts on */
	struct hu_native *more;		/* an aggregate's other instances (hisi_pcie*::...) */
	unsigned int nmore;
};

/* Metrics of one PMU, built when its details are first loaded. */
struct hu_pmu_metrics {
	bool built;
	struct hu_metric *m;
	unsigned int n;
};

/*
 * A family's aggregate as enumeration lists it, once ("hisi_pcie*::EVENT"):
 * the entries of its first instance, under PMU index set.n + k in codes.
 */
struct hu_listed_aggregate {
	const char *pattern;
	unsigned int first;	/* the instance whose entries are listed */
	unsigned int members;
};

#define HU_MAX_LISTED_AGGREGATES 8	/* at least the families (pmu_family.c) */

struct hu_catalogue {
	struct hu_pmu_set set;
	struct hu_listed_aggregate agg[HU_MAX_LISTED_AGGREGATES];
	unsigned int nagg;
	struct hu_pmu_metrics *metrics;		/* one per set.pmu */
	struct hu_qual_lists qual;		/* what enumeration lists as qualifiers */
	pthread_mutex_t lock;
	struct hu_instance *inst;
	unsigned int ninst, inst_cap;
	struct hu_name_index inst_index;	/* inst by name */
};

/* What PAPI_event_info_t needs, without PAPI types. */
struct hu_event_info {
	char symbol[HU_DESCR_MAX];
	char short_descr[64];
	char long_descr[HU_DESCR_MAX];
	char units[64];
	bool is_metric;		/* a double, not a count */
};

int hu_cat_init(struct hu_catalogue *cat, const char *sysfs_root,
		const char *extra, struct hu_err *e);
void hu_cat_free(struct hu_catalogue *cat);

/*
 * Number of events and metrics, for PAPI's num_native_events: exact for
 * PMUs whose details are loaded; for the others from the names in events/
 * alone (no file is read, so start-up stays cheap; an event whose file
 * turns out to be unreadable is counted but not listed).
 */
unsigned int hu_cat_count_events(struct hu_catalogue *cat);

int hu_cat_enum_first(struct hu_catalogue *cat, int *code);
int hu_cat_enum_next_event(struct hu_catalogue *cat, int *code);
int hu_cat_enum_next_qualifier(struct hu_catalogue *cat, int *code);

int hu_cat_name_to_code(struct hu_catalogue *cat, const char *name, int *code,
			struct hu_err *e);
int hu_cat_code_to_name(struct hu_catalogue *cat, int code, char *buf,
			size_t len, struct hu_err *e);
int hu_cat_code_to_info(struct hu_catalogue *cat, int code,
			struct hu_event_info *info, struct hu_err *e);
int hu_cat_code_to_native(struct hu_catalogue *cat, int code,
			  struct hu_native *n, struct hu_err *e);

/*
 * Every PMU instance @code counts on, in PMU order: one for a PMU's event,
 * one per matched instance for an aggregate ("hisi_pcie*::EVENT", perf's
 * wildcard: fnmatch() on the PMU names).  *members is malloc'd: free() it.
 */
int hu_cat_code_to_members(struct hu_catalogue *cat, int code, struct hu_native **members,
			   unsigned int *n, struct hu_err *e);

/* A name as the user wrote it, with room for a pair's two */
#define HU_PAIR_TEXT_MAX 1024

/*
 * The metrics whose halves are @c0 and @c1 (counter 0 and counter 1 of a
 * pair, names written alike but for the event) into @out, as @c0 is written
 * with the metric's name for its event; returns how many (0: not a pair).
 */
unsigned int hu_cat_pair_metrics(struct hu_catalogue *cat, const char *c0, const char *c1,
				 char (*out)[HU_PAIR_TEXT_MAX], unsigned int max);

/*
 * "PMU::C0[:QUALIFIERS],PMU::C1[:QUALIFIERS]" into @out: the pair behind
 * the metric @n that @name (as the user wrote it) resolved to, written as
 * the user would list it to record both halves.
 */
int hu_cat_metric_pair_text(const struct hu_catalogue *cat, const char *name,
			    const struct hu_native *n, char *out, size_t len);

/*
 * The perf requests of @n (n->nattr of them) into @req, all in @bundle so
 * a metric's halves share a group.  Returns the count.
 */
unsigned int hu_cat_native_requests(struct hu_catalogue *cat, const struct hu_native *n,
				    unsigned int bundle, struct hu_request *req);

/*
 * Check each PMU of @req against sysfs as it is now, just before opening:
 * a PMU whose type changed (driver reloaded) is refused with the reason;
 * the CPU comes from the current cpumask (CPU hotplug moves it).
 */
int hu_cat_refresh_requests(struct hu_catalogue *cat, struct hu_request *req,
			    unsigned int n, struct hu_err *e);

#endif /* HU_CATALOGUE_H */
