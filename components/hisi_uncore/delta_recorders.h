/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * delta_recorders.h - tools that store the difference of two reads.
 *
 * The PAPI high-level API and Score-P take their event lists from the
 * environment and store, per region, the value at the exit minus the value
 * at the entry.  For a count that is right; for a metric (a double in
 * PAPI's long long slot) it is the difference of two bit patterns, and a
 * ratio over a region is not a difference anyway.  The component refuses a
 * metric named in such a list and says to record its pair instead
 * (doc/profilers.md, hisi-uncore-hl).
 */
#ifndef HU_DELTA_RECORDERS_H
#define HU_DELTA_RECORDERS_H

struct hu_delta_recorder {
	const char *var;	/* the environment variable of its event list */
	const char *tool;	/* who reads it, for messages */
};

/*
 * The recorder whose event list (in the environment now) names @name, or
 * NULL.  Names compare with or without the "hisi_uncore:::" prefix,
 * without the high-level API's "=delta" or "=instant" suffix, and with an
 * item's spaces skipped wherever they are (the high-level API removes them).
 */
const struct hu_delta_recorder *hu_delta_recorder_naming(const char *name);

#endif /* HU_DELTA_RECORDERS_H */
