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

#include "hip09_tables.h"
#include "stat_device.h"
#include "sysfs_parse.h"	/* hu_bdf_text */

#define MAX_INTERVAL_MS (24L * 3600 * 1000)

/* The NIC port range, %u, is the component's: stated once, in the tables. */
static const char usage[] =
	"usage: hisi-uncore-stat [-I MS] [-n COUNT] [-x SEP | --json] [-e COLUMNS] [--pcie | --nic]\n"
	"                        [-d BDF]... [-q BDF/QUEUE]... [--root-ports] [--nic-port N]...\n"
	"                        [--list]\n"
	"  -I MS         interval in milliseconds (10 to 86400000; default 1000)\n"
	"  -n COUNT      stop after COUNT intervals (default: at SIGINT or SIGTERM)\n"
	"  -x SEP        rows of time,device,metric,value,unit,scaled,payload_only\n"
	"                separated by SEP\n"
	"  --json        one JSON object per value and line\n"
	"  -e COLUMNS    only these columns, comma-separated: in_read in_write out_read\n"
	"                out_write in_rd_lat in_wr_lat (PCIe), rx tx rx_pkts tx_pkts (NIC)\n"
	"  --pcie        PCIe only;  --nic  NIC only\n"
	"  Rows: every PMU instance, or only those named by:\n"
	"  -d BDF        a device (BB:DD.F, DDDD:BB:DD.F or 0xBBDF); repeat for more\n"
	"  -q BDF/QUEUE  a NIC function's queue (0 to 65535), e.g. 31:00.1/3\n"
	"  --root-ports  each PCIe root port\n"
	"  --nic-port N  NIC port (MAC) N, 0 to %u, on each NIC PMU; repeat for more\n"
	"  --list        print the rows and what each counts, without counting\n";

unsigned int hu_stat_nic_port_max(void)
{
	const struct hip09_field *port = hip09_find_filter(HIP09_FAMILY_HNS3, "port");

	/* the driver's port mode programs (1 << port) & 0xff: 0 to 7 count */
	return port && port->max < HU_STAT_MAX_NIC_PORTS ? (unsigned int)port->max : 0;
}

void hu_stat_print_usage(FILE *out)
{
	fprintf(out, usage, hu_stat_nic_port_max());
}

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

/*
 * Is row @j the row @i, the same device and queue however spelled (3d:00.0
 * and 0x3d00)?  @domain holds each row's domain: as given, or -1.
 */
static bool same_row(const struct hu_stat_options *o, const int64_t *domain, unsigned int i,
		     unsigned int j)
{
	return o->bdf[i] == o->bdf[j] && domain[i] == domain[j] && o->queue[i] == o->queue[j];
}

/* Why row @j repeats row @i; @both: the function both are, when their domains were spelled apart. */
static void say_repeat(const struct hu_stat_options *o, unsigned int i, unsigned int j,
		       const char *both, char *why, size_t len)
{
	char b[HU_BDF_TEXT], seen[64] = "";

	if (both) {
		hu_bdf_text((uint16_t)o->bdf[j], b);
		snprintf(seen, sizeof(seen), " (both are %s, the one %s in PCI sysfs)", both, b);
	}
	snprintf(why, len, "%s %.64s names the device %s %.64s named%s: give each device once",
		 o->queue[j] >= 0 ? "-q" : "-d", o->device_text[j], o->queue[i] >= 0 ? "-q" : "-d",
		 o->device_text[i], seen);
}

/*
 * Is the row just parsed (the last) one named before?  Its counters would be
 * added twice, which PAPI refuses as a conflict; said at once instead.
 */
static bool repeated_row(const struct hu_stat_options *o, char *why, size_t len)
{
	unsigned int last = o->ndevices - 1;

	for (unsigned int i = 0; i < last; i++)
		if (same_row(o, o->domain, i, last)) {
			say_repeat(o, i, last, NULL, why, len);
			return true;
		}
	return false;
}

/* A device row: @bdf_text (as -d or -q, @opt, wrote it in @text) and its queue or -1. */
static bool add_row_device(struct hu_stat_options *o, const char *opt, const char *text,
			   const char *bdf_text, long queue, char *why, size_t len)
{
	if (o->ndevices == HU_STAT_MAX_DEVICES) {
		snprintf(why, len, "too many devices: at most %d -d and -q options",
			 HU_STAT_MAX_DEVICES);
		return false;
	}
	if (!hu_stat_parse_bdf(bdf_text, &o->domain[o->ndevices], &o->bdf[o->ndevices])) {
		if (text == bdf_text)
			snprintf(why, len, "%s %.64s: not a PCI function; write BB:DD.F, DDDD:BB:DD.F "
				 "or 0xBBDF", opt, text);
		else
			snprintf(why, len, "%s %.64s: '%.32s' is not a PCI function; write BB:DD.F, "
				 "DDDD:BB:DD.F or 0xBBDF before the '/'", opt, text, bdf_text);
		return false;
	}
	o->queue[o->ndevices] = queue;
	o->device_text[o->ndevices++] = text;
	return !repeated_row(o, why, len);
}

static bool add_device(struct hu_stat_options *o, const char *text, char *why, size_t len)
{
	if (!text) {
		snprintf(why, len, "-d needs a device: BB:DD.F, DDDD:BB:DD.F or 0xBBDF");
		return false;
	}
	return add_row_device(o, "-d", text, text, -1, why, len);
}

/* -q BDF/QUEUE: a device row for one queue of a NIC function. */
static bool add_queue(struct hu_stat_options *o, const char *text, char *why, size_t len)
{
	const char *slash = text ? strrchr(text, '/') : NULL;
	char bdf[64];
	long queue;

	if (!slash || (size_t)(slash - text) >= sizeof(bdf) ||
	    !whole_number(slash + 1, 0, 65535, &queue)) {
		snprintf(why, len, "-q %.64s: write BDF/QUEUE, a NIC function and a queue from 0 to "
			 "65535, e.g. 31:00.1/3", text ? text : "");
		return false;
	}
	memcpy(bdf, text, (size_t)(slash - text));
	bdf[slash - text] = '\0';
	return add_row_device(o, "-q", text, bdf, queue, why, len);
}

static bool add_nic_port(struct hu_stat_options *o, const char *text, char *why, size_t len)
{
	long port;

	if (!whole_number(text, 0, (long)hu_stat_nic_port_max(), &port)) {
		snprintf(why, len, "--nic-port needs a NIC port (MAC) number from 0 to %u",
			 hu_stat_nic_port_max());
		return false;
	}
	for (unsigned int i = 0; i < o->nnic_ports; i++)
		if (o->nic_port[i] == (unsigned int)port) {
			snprintf(why, len, "--nic-port %ld given twice", port);
			return false;
		}
	o->nic_port[o->nnic_ports++] = (unsigned int)port;
	return true;
}

static bool set_columns(struct hu_stat_options *o, const char *v, char *why, size_t len)
{
	if (!v || !*v || *v == ',' || v[strlen(v) - 1] == ',' || strstr(v, ",,")) {
		snprintf(why, len, "-e needs column names separated by commas, e.g. in_write,rx (see "
			 "--help)");
		return false;
	}
	o->columns = v;
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
	} else if (!strcmp(a, "--root-ports")) {
		o->root_ports = true;
	} else if (!strcmp(a, "--nic-port")) {
		return add_nic_port(o, option_value(argc, argv, i, "--nic-port"), why, len);
	} else if (!strncmp(a, "-d", 2)) {
		return add_device(o, option_value(argc, argv, i, "-d"), why, len);
	} else if (!strncmp(a, "-q", 2)) {
		return add_queue(o, option_value(argc, argv, i, "-q"), why, len);
	} else if (!strncmp(a, "-e", 2)) {
		return set_columns(o, option_value(argc, argv, i, "-e"), why, len);
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
	if ((o->root_ports && !o->pcie) || (o->nnic_ports && !o->nic)) {
		snprintf(why, len, "%s names %s rows: it goes without %s", o->root_ports && !o->pcie ?
			 "--root-ports" : "--nic-port", o->root_ports && !o->pcie ? "PCIe" : "NIC",
			 o->root_ports && !o->pcie ? "--nic" : "--pcie");
		return false;
	}
	return true;
}

bool hu_stat_names_rows(const struct hu_stat_options *o)
{
	return o->ndevices || o->root_ports || o->nnic_ports;
}

bool hu_stat_rows_distinct(const struct hu_stat_options *o, const char *sysfs_root, char *why,
			   size_t len)
{
	int64_t domain[HU_STAT_MAX_DEVICES];

	for (unsigned int j = 0; j < o->ndevices; j++)
		domain[j] = hu_stat_device_domain(sysfs_root, o->domain[j], o->bdf[j]);
	for (unsigned int j = 1; j < o->ndevices; j++)
		for (unsigned int i = 0; i < j; i++) {
			char both[24];

			if (!same_row(o, domain, i, j))
				continue;
			snprintf(both, sizeof(both), "%04x:", (unsigned int)domain[j]);
			hu_bdf_text((uint16_t)o->bdf[j], both + strlen(both));
			say_repeat(o, i, j, o->domain[i] != o->domain[j] ? both : NULL, why, len);
			return false;
		}
	return true;
}
