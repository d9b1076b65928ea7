/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * event_spec.h - event names to perf_event_attr configs.
 *
 * Grammar:  [hisi_uncore:::]PMU::EVENT[:TERM[=VALUE]]...
 *           [hisi_uncore:::]PMU::TERM=VALUE[:TERM[=VALUE]]...   (raw form)
 * EVENT is an events/ alias of PMU (case-insensitive); TERM is a format/
 * name of PMU or config, config1, config2, config3; VALUE is decimal or
 * 0x-hex.  A bare TERM means 1 and is allowed only for 1-bit fields.
 *
 * Encoding follows perf (tools/perf/util/pmu.c): configN= terms assign a
 * whole word first, then format terms are ORed in, the alias's own terms
 * before the user's, each value's bits scattered low-first into the
 * field's bits.  Pure functions: no I/O besides hu_spec_lookup(), which
 * may load the PMU's details.
 */
#ifndef HU_EVENT_SPEC_H
#define HU_EVENT_SPEC_H

#include <stdint.h>

#include "hu_error.h"
#include "perf_attr.h"
#include "pmu_sysfs.h"
#include "sysfs_parse.h"

#define HU_COMPONENT_PREFIX "hisi_uncore:::"

struct hu_spec {
	char pmu[HU_NAME_MAX];
	char event[HU_NAME_MAX];	/* "" in the raw form */
	struct hu_term_list terms;	/* the user's terms, in order */
};

/* Split @name into PMU, event and terms. */
int hu_spec_parse(const char *name, struct hu_spec *spec, struct hu_err *e);

/*
 * Refuse @name, from which one "hisi_uncore:::" is gone (PAPI takes it off
 * before a component sees the name), if it starts with another.
 */
int hu_spec_no_second_prefix(const char *name, struct hu_err *e);

/*
 * @name ("[hisi_uncore:::]PMU::EVENT[:QUALIFIERS]") with its event replaced
 * by @event, everything else as written, into @out.  False if @name has no
 * "::" or the result does not fit.
 */
bool hu_name_with_event(const char *name, const char *event, char *out, size_t len);

/* Does a PMU name hold a pattern (*, ?, [...]: an aggregate, perf's wildcard)? */
bool hu_pmu_name_is_pattern(const char *pmu);

/* Find the PMU and alias @spec names; *ev is NULL in the raw form. */
int hu_spec_lookup(const struct hu_pmu_set *set, const struct hu_spec *spec,
		    struct hu_pmu **pmu, const struct hu_event **ev,
		    struct hu_err *e);

/* Encode alias @ev (may be NULL) plus @user terms for @pmu into @attr. */
int hu_encode(const struct hu_pmu *pmu, const struct hu_event *ev,
	      const struct hu_term_list *user, struct hu_attr *attr,
	      struct hu_err *e);

/* parse + resolve + encode: the whole path from a name to an attr. */
int hu_name_to_attr(const struct hu_pmu_set *set, const char *name,
		    struct hu_attr *attr, struct hu_pmu **pmu, struct hu_err *e);

/* Does alias @ev set format @f itself (so it is no user qualifier)? */
bool hu_event_fixes_format(const struct hu_event *ev, const struct hu_format *f);

/* Index of configN for a term name "config".."config3", or -1. */
int hu_config_term_word(const char *name);

#endif /* HU_EVENT_SPEC_H */
