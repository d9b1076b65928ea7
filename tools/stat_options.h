/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * stat_options.h - hisi-uncore-stat's command line.
 */
#ifndef HU_STAT_OPTIONS_H
#define HU_STAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stat_format.h"

#define HU_STAT_MAX_DEVICES 32
#define HU_STAT_MAX_NIC_PORTS 16	/* the HNS3 port filter's 4 bits; the ports counted: hu_stat_nic_port_max() */

struct hu_stat_options {
	long interval_ms;	/* -I, 1000 by default */
	unsigned long count;	/* -n, 0: until SIGINT */
	enum hu_stat_output output;
	char sep;		/* -x */
	bool pcie, nic;		/* families shown (--pcie, --nic; both by default) */
	bool list;		/* --list: the rows, without counting */
	bool help;
	bool root_ports;	/* --root-ports: a PCIe row per root port */
	const char *columns;	/* -e: the columns shown, comma-separated; NULL: all */
	unsigned int ndevices;	/* -d and -q, in order */
	int64_t domain[HU_STAT_MAX_DEVICES];	/* 32 bits; -1 when not given */
	unsigned int bdf[HU_STAT_MAX_DEVICES];
	long queue[HU_STAT_MAX_DEVICES];	/* -q's queue; -1 for -d */
	const char *device_text[HU_STAT_MAX_DEVICES];	/* as the user wrote it */
	unsigned int nnic_ports;	/* --nic-port: a NIC row per instance and port */
	unsigned int nic_port[HU_STAT_MAX_NIC_PORTS];
};

/* Whether @o names rows (-d, -q, --root-ports, --nic-port) instead of every instance. */
bool hu_stat_names_rows(const struct hu_stat_options *o);

/*
 * @argv into @o.  False with a one-line reason in @why (what was wrong and
 * what is allowed) on bad usage.
 */
bool hu_stat_parse_options(int argc, char **argv, struct hu_stat_options *o, char *why,
			   size_t len);

/*
 * Are @o's device rows distinct once each domain left out is the one PCI
 * domain under @sysfs_root that has the function ("3d:00.0" is then
 * "0000:3d:00.0")?  The command line alone cannot tell; false with a
 * one-line reason naming both spellings when one is repeated.
 */
bool hu_stat_rows_distinct(const struct hu_stat_options *o, const char *sysfs_root, char *why,
			   size_t len);

/* The usage text, onto @out. */
void hu_stat_print_usage(FILE *out);

/* The highest NIC port --nic-port takes: the component's (the tables' port field). */
unsigned int hu_stat_nic_port_max(void);

#endif
