/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stat_options.h - hisi-uncore-stat's command line.
 */
#ifndef HU_STAT_OPTIONS_H
#define HU_STAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "stat_format.h"

#define HU_STAT_MAX_DEVICES 32

struct hu_stat_options {
	long interval_ms;	/* -I, 1000 by default */
	unsigned long count;	/* -n, 0: until SIGINT */
	enum hu_stat_output output;
	char sep;		/* -x */
	bool pcie, nic;		/* families shown (--pcie, --nic; both by default) */
	bool list;		/* --list: the rows, without counting */
	bool help;
	unsigned int ndevices;
	int domain[HU_STAT_MAX_DEVICES];	/* -d: -1 when not given */
	unsigned int bdf[HU_STAT_MAX_DEVICES];
	const char *device_text[HU_STAT_MAX_DEVICES];	/* as the user wrote it */
};

/*
 * @argv into @o.  False with a one-line reason in @why (what was wrong and
 * what is allowed) on bad usage.
 */
bool hu_stat_parse_options(int argc, char **argv, struct hu_stat_options *o, char *why,
			   size_t len);

/* The usage text. */
extern const char hu_stat_usage[];

#endif
