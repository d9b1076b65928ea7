// SPDX-License-Identifier: BSD-3-Clause
/*
 * stat_options.c - hisi-uncore-stat's command line, without getopt's
 * global state so that tests can parse many command lines.
 */
#include "stat_options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat_device.h"

#define MAX_INTERVAL_MS (24L * 3600 * 1000)

const char hu_stat_usage[] =
	"usage: hisi-uncore-stat [-I MS] [-n COUNT] [-x SEP | --json] [-d BDF]... [--pcie | --nic]\n"
	"                        [--list]\n"
	"  -I MS       interval in milliseconds (10 to 86400000; default 1000)\n"
	"  -n COUNT    stop after COUNT intervals (default: at SIGINT or SIGTERM)\n"
	"  -x SEP      rows of time,device,metric,value,unit separated by SEP\n"
	"  --json      one JSON object per value and line\n"
	"  -d BDF      a device (BB:DD.F, DDDD:BB:DD.F or 0xBBDF) instead of every PMU\n"
	"              instance; repeat for more devices\n"
	"  --pcie      PCIe only;  --nic  NIC only\n"
	"  --list      print the rows and what each counts, without counting\n";

/* A decimal number in [@min, @max], the whole of @s. */
static bool whole_number(const char *s, long min, long max, long *v)
{
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return false;
	errno = 0;
	*v = strtol(s, &end, 10);
	return errno == 0 && !*end && *v >= min && *v <= max;
}

/* The value of option @opt: the rest of @arg ("-I100") or the next argument. */
static const char *option_value(int argc, char **argv, int *i, const char *opt)
{
	size_t n = strlen(opt);

	if (argv[*i][n])
		return argv[*i] + n;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static bool add_device(struct hu_stat_options *o, const char *text, char *why, size_t len)
{
	if (!text) {
		snprintf(why, len, "-d needs a device: BB:DD.F, DDDD:BB:DD.F or 0xBBDF");
		return false;
	}
	if (o->ndevices == HU_STAT_MAX_DEVICES) {
		snprintf(why, len, "too many devices: at most %d -d options", HU_STAT_MAX_DEVICES);
		return false;
	}
	if (!hu_stat_parse_bdf(text, &o->domain[o->ndevices], &o->bdf[o->ndevices])) {
		snprintf(why, len, "-d %.64s: not a PCI function; write BB:DD.F, DDDD:BB:DD.F or 0xBBDF",
			 text);
		return false;
	}
	o->device_text[o->ndevices++] = text;
	return true;
}

static bool set_separator(struct hu_stat_options *o, const char *v, char *why, size_t len)
{
	if (!v || strlen(v) != 1 || v[0] == '\n' || v[0] == '"' || v[0] == '.' ||
	    (v[0] >= '0' && v[0] <= '9')) {
		snprintf(why, len, "-x needs one character that cannot occur in a number or a quote,"
			 " such as , ; or a tab");
		return false;
	}
	o->output = HU_STAT_CSV;
	o->sep = v[0];
	return true;
}

/* One option at argv[*i]; false with a reason. */
static bool parse_one(int argc, char **argv, int *i, struct hu_stat_options *o, bool *json,
		      char *why, size_t len)
{
	const char *a = argv[*i];
	long v;

	if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
		o->help = true;
	} else if (!strcmp(a, "--json")) {
		*json = true;
	} else if (!strcmp(a, "--pcie")) {
		o->nic = false;
	} else if (!strcmp(a, "--nic")) {
		o->pcie = false;
	} else if (!strcmp(a, "--list")) {
		o->list = true;
	} else if (!strncmp(a, "-I", 2)) {
		if (!whole_number(option_value(argc, argv, i, "-I"), 10, MAX_INTERVAL_MS, &v)) {
			snprintf(why, len, "-I needs milliseconds from 10 to %ld", MAX_INTERVAL_MS);
			return false;
		}
		o->interval_ms = v;
	} else if (!strncmp(a, "-n", 2)) {
		if (!whole_number(option_value(argc, argv, i, "-n"), 1, 1000000000L, &v)) {
			snprintf(why, len, "-n needs a count of intervals from 1 to 1000000000");
			return false;
		}
		o->count = (unsigned long)v;
	} else if (!strncmp(a, "-x", 2)) {
		return set_separator(o, option_value(argc, argv, i, "-x"), why, len);
	} else if (!strncmp(a, "-d", 2)) {
		return add_device(o, option_value(argc, argv, i, "-d"), why, len);
	} else {
		snprintf(why, len, "unknown argument '%.64s' (see --help)", a);
		return false;
	}
	return true;
}

bool hu_stat_parse_options(int argc, char **argv, struct hu_stat_options *o, char *why,
			   size_t len)
{
	bool json = false;

	memset(o, 0, sizeof(*o));
	o->interval_ms = 1000;
	o->output = HU_STAT_TABLE;
	o->sep = ',';
	o->pcie = o->nic = true;
	for (int i = 1; i < argc; i++)
		if (!parse_one(argc, argv, &i, o, &json, why, len))
			return false;
	if (json && o->output == HU_STAT_CSV) {
		snprintf(why, len, "-x and --json both choose the output: give one");
		return false;
	}
	if (json)
		o->output = HU_STAT_JSON;
	if (!o->pcie && !o->nic) {
		snprintf(why, len, "--pcie and --nic exclude each other: give one, or neither for both");
		return false;
	}
	return true;
}
