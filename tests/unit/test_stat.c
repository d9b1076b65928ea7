// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: hisi-uncore-stat's stages that need no PAPI: its command line
 * (tools/stat_options.c), its outputs (stat_format.c) and the device names
 * it reads from PCI sysfs (stat_device.c).
 */
#define _POSIX_C_SOURCE 200809L	/* mkdtemp, open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "stat_device.h"
#include "stat_format.h"
#include "stat_options.h"

/* Parse a command line given as one string split on spaces. */
static bool parse(const char *line, struct hu_stat_options *o, char *why, size_t len)
{
	static char buf[512];
	char *argv[32];
	int argc = 0;

	snprintf(buf, sizeof(buf), "hisi-uncore-stat %s", line);
	for (char *t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
		argv[argc++] = t;
	argv[argc] = NULL;
	why[0] = '\0';
	return hu_stat_parse_options(argc, argv, o, why, len);
}

static void test_options_defaults_and_forms(void)
{
	struct hu_stat_options o;
	char why[256];

	CU_ASSERT_TRUE_FATAL(parse("", &o, why, sizeof(why)));
	HU_ASSERT_EQ(o.interval_ms, 1000);
	HU_ASSERT_EQ(o.count, 0);
	HU_ASSERT_EQ(o.output, HU_STAT_TABLE);
	CU_ASSERT_TRUE(o.pcie && o.nic && !o.list);
	CU_ASSERT_TRUE_FATAL(parse("-I 250 -n3 -x; -d 3d:00.0 -d0x3100 -d 0001:3c:04.1 --pcie",
				   &o, why, sizeof(why)));
	HU_ASSERT_EQ(o.interval_ms, 250);
	HU_ASSERT_EQ(o.count, 3);
	HU_ASSERT_EQ(o.output, HU_STAT_CSV);
	HU_ASSERT_EQ(o.sep, ';');
	CU_ASSERT_TRUE(o.pcie && !o.nic);
	HU_ASSERT_EQ_FATAL(o.ndevices, 3);
	HU_ASSERT_EQ(o.bdf[0], 0x3d00);
	HU_ASSERT_EQ(o.domain[0], -1);
	HU_ASSERT_EQ(o.bdf[1], 0x3100);
	HU_ASSERT_EQ(o.bdf[2], 0x3c21);
	HU_ASSERT_EQ(o.domain[2], 1);
	HU_ASSERT_STR_EQ(o.device_text[0], "3d:00.0");
	HU_ASSERT_EQ(o.queue[0], -1);
	CU_ASSERT_FALSE(o.root_ports);
	CU_ASSERT_PTR_NULL(o.columns);
	CU_ASSERT_TRUE(hu_stat_names_rows(&o));
	CU_ASSERT_TRUE(parse("--json --nic", &o, why, sizeof(why)));
	HU_ASSERT_EQ(o.output, HU_STAT_JSON);
	CU_ASSERT_FALSE(hu_stat_names_rows(&o));
	/* rows named by queue, root port and NIC port; chosen columns */
	CU_ASSERT_TRUE_FATAL(parse("-q 31:00.1/3 -d 3d:00.0 -q0x3100/65535 --root-ports --nic-port 1 "
				   "--nic-port 7 -e in_write,rx", &o, why, sizeof(why)));
	HU_ASSERT_EQ_FATAL(o.ndevices, 3);
	HU_ASSERT_EQ(o.bdf[0], 0x3101);
	HU_ASSERT_EQ(o.queue[0], 3);
	HU_ASSERT_STR_EQ(o.device_text[0], "31:00.1/3");
	HU_ASSERT_EQ(o.queue[1], -1);
	HU_ASSERT_EQ(o.bdf[2], 0x3100);
	HU_ASSERT_EQ(o.queue[2], 65535);
	CU_ASSERT_TRUE(o.root_ports);
	HU_ASSERT_EQ_FATAL(o.nnic_ports, 2);
	HU_ASSERT_EQ(o.nic_port[0], 1);
	HU_ASSERT_EQ(o.nic_port[1], 7);
	HU_ASSERT_STR_EQ(o.columns, "in_write,rx");
	CU_ASSERT_TRUE(parse("--root-ports --pcie", &o, why, sizeof(why)));
	CU_ASSERT_TRUE(hu_stat_names_rows(&o));
	/* PCI domains are 32 bits; one function as two rows (a queue, or two domains) is no repeat */
	CU_ASSERT_TRUE_FATAL(parse("-d 10000:3d:00.0 -d ffffffff:3d:00.0 -d 3d:00.0 -d 0001:3d:00.0 "
				   "-q 3d:00.0/1", &o, why, sizeof(why)));
	HU_ASSERT_EQ(o.domain[0], 0x10000);
	HU_ASSERT_EQ(o.domain[1], 0xffffffffLL);
	HU_ASSERT_EQ(o.domain[2], -1);
}

/* Each bad command line is refused with a reason naming what is allowed. */
static void test_options_refused_with_reason(void)
{
	static const struct {
		const char *line, *reason;
	} bad[] = {
		{ "-I", "-I needs milliseconds from 10 to" },
		{ "-I 5", "-I needs milliseconds from 10 to" },
		{ "-I 1e3", "-I needs milliseconds" },
		{ "-I -100", "-I needs milliseconds" },
		{ "-I 99999999999999999999", "-I needs milliseconds" },
		{ "-n 0", "-n needs a count of intervals from 1" },
		{ "-n x", "-n needs a count" },
		{ "-x ab", "-x needs one character" },
		{ "-x 1", "-x needs one character" },
		{ "-x , --json", "-x and --json both choose the output" },
		{ "--pcie --nic", "--pcie and --nic exclude each other" },
		{ "-d", "-d needs a device" },
		{ "-d 3d:00", "-d 3d:00: not a PCI function; write BB:DD.F" },
		{ "-d 3d:20.0", "not a PCI function" },
		{ "-d 3d:00.8", "not a PCI function" },
		{ "-d 123:00.0", "not a PCI function" },
		{ "-d 0x10000", "not a PCI function" },
		{ "-d 0x", "not a PCI function" },
		{ "-d 3d:00.0x", "not a PCI function" },
		{ "-d g0:00.0", "not a PCI function" },
		{ "-q", "-q : write BDF/QUEUE" },
		{ "-q 31:00.1", "-q 31:00.1: write BDF/QUEUE, a NIC function and a queue from 0 to 65535" },
		{ "-q 31:00.1/", "write BDF/QUEUE" },
		{ "-q 31:00.1/65536", "write BDF/QUEUE" },
		{ "-q 31:00.1/-1", "write BDF/QUEUE" },
		{ "-q 31:00/3", "-q 31:00/3: '31:00' is not a PCI function; write BB:DD.F" },
		{ "--nic-port", "--nic-port needs a NIC port (MAC) number from 0 to 7" },
		{ "--nic-port 8", "--nic-port needs a NIC port (MAC) number from 0 to 7" },
		{ "--nic-port 16", "--nic-port needs a NIC port (MAC) number from 0 to 7" },
		{ "-d 3d:00.0 -d 0x3d00", "-d 0x3d00 names the device -d 3d:00.0 named: give each device once" },
		{ "-d 0001:3d:00.0 -d 0001:3d:00.0", "-d 0001:3d:00.0 names the device -d 0001:3d:00.0 named" },
		{ "-q 31:00.1/3 -q 0x3101/3", "-q 0x3101/3 names the device -q 31:00.1/3 named" },
		{ "-d 100000000:3d:00.0", "not a PCI function" },
		{ "--nic-port 1 --nic-port 1", "--nic-port 1 given twice" },
		{ "--root-ports --nic", "--root-ports names PCIe rows: it goes without --nic" },
		{ "--nic-port 0 --pcie", "--nic-port names NIC rows: it goes without --pcie" },
		{ "-e", "-e needs column names separated by commas" },
		{ "-e in_write,", "-e needs column names" },
		{ "-e ,rx", "-e needs column names" },
		{ "-e rx,,tx", "-e needs column names" },
		{ "--bogus", "unknown argument '--bogus' (see --help)" },
	};
	struct hu_stat_options o;
	char why[256];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CU_ASSERT_FALSE(parse(bad[i].line, &o, why, sizeof(why)));
		if (!strstr(why, bad[i].reason))
			printf("\n  '%s' gave '%s', want '%s'\n", bad[i].line, why, bad[i].reason);
		HU_ASSERT_CONTAINS(why, bad[i].reason);
	}
	/* one device more than the tool holds */
	{
		char *argv[2 + 2 * (HU_STAT_MAX_DEVICES + 1)];
		char dev[HU_STAT_MAX_DEVICES + 1][8];	/* each device once: 0x3000, 0x3001, ... */
		int argc = 0;

		argv[argc++] = "hisi-uncore-stat";
		for (int i = 0; i <= HU_STAT_MAX_DEVICES; i++) {
			snprintf(dev[i], sizeof(dev[i]), "%#x", 0x3000 + i);
			argv[argc++] = "-d";
			argv[argc++] = dev[i];
		}
		argv[argc] = NULL;
		CU_ASSERT_FALSE(hu_stat_parse_options(argc, argv, &o, why, sizeof(why)));
		HU_ASSERT_CONTAINS(why, "too many devices: at most 32 -d and -q options");
		CU_ASSERT_TRUE(hu_stat_parse_options(argc - 2, argv, &o, why, sizeof(why)));
		HU_ASSERT_EQ(o.ndevices, HU_STAT_MAX_DEVICES);
	}
}

/*
 * One device named with its domain and without it is a repeat where PCI
 * sysfs has that bdf in one domain only (3d:00.0 is then 0000:3d:00.0): a
 * one-line refusal naming both spellings.  Where two domains have it, the
 * domainless spelling names neither (refused later, naming the domains).
 */
static void test_options_repeat_across_domain_spellings(void)
{
	static const struct {
		const char *line, *reason;	/* reason NULL: no repeat */
	} cases[] = {
		{ "-d 3d:00.0 -d 0000:3d:00.0", "-d 0000:3d:00.0 names the device -d 3d:00.0 named "
		  "(both are 0000:3d:00.0, the one 3d:00.0 in PCI sysfs): give each device once" },
		{ "-d 0000:3d:00.0 -d 0x3d00", "-d 0x3d00 names the device -d 0000:3d:00.0 named "
		  "(both are 0000:3d:00.0, the one 3d:00.0 in PCI sysfs): give each device once" },
		{ "-d 0x3d00 -d 3c:00.0 -d 0000:3d:00.0", "-d 0000:3d:00.0 names the device -d 0x3d00 "
		  "named" },
		{ "-q 35:00.0/3 -q 0000:35:00.0/3", "-q 0000:35:00.0/3 names the device -q 35:00.0/3 "
		  "named (both are 0000:35:00.0, the one 35:00.0 in PCI sysfs)" },
		{ "-d 35:00.0 -q 0000:35:00.0/3", NULL },	/* a queue is another row */
		{ "-q 35:00.0/3 -q 0000:35:00.0/4", NULL },
		{ "-d 3d:00.0 -d 0001:3d:00.0", NULL },	/* domain 1 has no 3d:00.0 */
		{ "-d 3e:00.0 -d 0000:3e:00.0", NULL },	/* no 3e:00.0 at all: refused later */
		{ "-d 3c:00.0 -d 3d:00.0", NULL },
	};
	struct hu_stat_options o;
	struct fixture_tree t;
	char why[256];

	tree_init(&t);
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802\n");
	tree_pci_device(&t, "pci0000:35/0000:35:00.0", "0x020000\n");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool distinct;

		CU_ASSERT_TRUE_FATAL(parse(cases[i].line, &o, why, sizeof(why)));
		why[0] = '\0';
		distinct = hu_stat_rows_distinct(&o, t.root, why, sizeof(why));
		if (distinct != !cases[i].reason ||
		    (cases[i].reason && !strstr(why, cases[i].reason)))
			printf("\n  '%s' gave %d '%s', want '%s'\n", cases[i].line, distinct, why,
			       cases[i].reason ? cases[i].reason : "(distinct)");
		HU_ASSERT_EQ(distinct, !cases[i].reason);
		if (cases[i].reason)
			HU_ASSERT_CONTAINS(why, cases[i].reason);
	}
	/* a second domain with a 3d:00.0: the domainless one names neither */
	tree_pci_device(&t, "pci0001:3c/0001:3c:00.0/0001:3d:00.0", "0x010802\n");
	CU_ASSERT_TRUE_FATAL(parse("-d 3d:00.0 -d 0000:3d:00.0 -d 0001:3d:00.0", &o, why,
				   sizeof(why)));
	CU_ASSERT_TRUE(hu_stat_rows_distinct(&o, t.root, why, sizeof(why)));
	/* a bdf only domain 1 has: its domainless spelling is domain 1's device */
	tree_pci_device(&t, "pci0001:50/0001:50:00.0", "0x060400\n");
	CU_ASSERT_TRUE_FATAL(parse("-d 0001:50:00.0 -d 50:00.0", &o, why, sizeof(why)));
	CU_ASSERT_FALSE(hu_stat_rows_distinct(&o, t.root, why, sizeof(why)));
	HU_ASSERT_CONTAINS(why, "-d 50:00.0 names the device -d 0001:50:00.0 named "
				       "(both are 0001:50:00.0, the one 50:00.0 in PCI sysfs)");
	tree_free(&t);
}

static char *printed(enum hu_stat_output out, char sep, const struct hu_stat_table *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	hu_stat_print(f, out, sep, 2, 2.5, 1.25, t);
	fclose(f);
	return text;
}

/* Does @t printed in @out (@sep) hold @want? */
static bool printed_has(enum hu_stat_output out, char sep, const struct hu_stat_table *t,
			const char *want)
{
	char *s = printed(out, sep, t);
	bool has = s && strstr(s, want);

	free(s);
	return has;
}

static void test_outputs(void)
{
	static const struct hu_stat_column col[] = { { "rx_mwr_bandwidth", "in_write" },
						     { "rx_mwr_avg_latency", "in_wr_lat" } };
	struct hu_stat_row row[2] = {
		{ .label = "hisi_pcie0_core0", .value = { 256e6, 500 }, .counted = { true, true } },
		{ .label = "3d:00.0 \"x\",\ty", .value = { 1500, 0 }, .counted = { true, false } },
	};
	struct hu_stat_table t = { .title = "PCIe", .column = col, .ncolumns = 2, .row = row,
				   .nrows = 2, .unit = { "bytes/s", "cycles/TLP" } };
	char *s;

	s = printed(HU_STAT_CSV, ',', &t);
	HU_ASSERT_STR_EQ(s, "2.500000,hisi_pcie0_core0,rx_mwr_bandwidth,256000000.000,bytes/s,0,0\n"
			 "2.500000,hisi_pcie0_core0,rx_mwr_avg_latency,500.000,cycles/TLP,0,0\n"
			 "2.500000,\"3d:00.0 \"\"x\"\",\ty\",rx_mwr_bandwidth,1500.000,bytes/s,0,0\n");
	free(s);
	s = printed(HU_STAT_JSON, ',', &t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HU_ASSERT_CONTAINS(s, "{\"interval\":2,\"time\":2.500000,\"seconds\":1.250000,"
				     "\"device\":\"hisi_pcie0_core0\",\"metric\":\"rx_mwr_avg_"
				     "latency\",\"value\":500.000,\"unit\":\"cycles/TLP\","
				     "\"scaled\":false,\"payload_only\":false}\n");
	HU_ASSERT_CONTAINS(s, "\"device\":\"3d:00.0 \\\"x\\\",\\u0009y\"");
	HU_ASSERT_LACKS(s, "\"3d:00.0 \\\"x\\\",\\u0009y\",\"metric\":\"rx_mwr_avg");
	free(s);
	s = printed(HU_STAT_TABLE, ',', &t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HU_ASSERT_CONTAINS(s, "PCIe                        in_write   in_wr_lat\n");
	HU_ASSERT_CONTAINS(s, "bytes/s  cycles/TLP\n");
	HU_ASSERT_CONTAINS(s, "hisi_pcie0_core0             256.00M       500.0\n");
	HU_ASSERT_CONTAINS(s, "1.50k         n/a\n");
	HU_ASSERT_LACKS(s, "scaled");
	free(s);
	/* multiplexed values say so in every form */
	t.scaled = true;
	CU_ASSERT_TRUE(printed_has(HU_STAT_CSV, ';', &t, "2.500000;hisi_pcie0_core0;rx_mwr_avg_"
				   "latency;500.000;cycles/TLP;1;0\n"));
	CU_ASSERT_TRUE(printed_has(HU_STAT_JSON, ',', &t, "\"unit\":\"cycles/TLP\",\"scaled\":true,"
				   "\"payload_only\":false}\n"));
	/* a bandwidth of a driver without len_mode (TLP payload only) says so per value */
	t.payload_only[0] = true;
	CU_ASSERT_TRUE(printed_has(HU_STAT_CSV, ',', &t, "2.500000,hisi_pcie0_core0,rx_mwr_bandwidth,"
				   "256000000.000,bytes/s,1,1\n2.500000,hisi_pcie0_core0,rx_mwr_"
				   "avg_latency,500.000,cycles/TLP,1,0\n"));
	CU_ASSERT_TRUE(printed_has(HU_STAT_JSON, ',', &t, "\"metric\":\"rx_mwr_bandwidth\",\"value\":"
				   "256000000.000,\"unit\":\"bytes/s\",\"scaled\":true,"
				   "\"payload_only\":true}\n"));
	t.payload_only[0] = false;
	CU_ASSERT_TRUE(printed_has(HU_STAT_TABLE, ',', &t, "PCIe: multiplexed, values scaled by time "
				   "enabled / time running\nPCIe   "));
}

/*
 * n/a, the component's NaN (a latency over no packet or TLP, a rate over no
 * time), is "n/a" for people, an empty CSV field and JSON null: never 0.
 */
static void test_not_available_value(void)
{
	static const struct hu_stat_column col[] = { { "bw_ssu_rpu_bandwidth", "rx" } };
	struct hu_stat_row row[1] = {
		{ .label = "31:00.1 queue 0", .value = { NAN }, .counted = { true } },
	};
	struct hu_stat_table t = { .title = "NIC", .column = col, .ncolumns = 1, .row = row,
				   .nrows = 1, .unit = { "bytes/s" } };

	CU_ASSERT_TRUE(printed_has(HU_STAT_TABLE, ',', &t, "31:00.1 queue 0                  n/a\n"));
	CU_ASSERT_TRUE(printed_has(HU_STAT_CSV, ',', &t, "2.500000,31:00.1 queue 0,"
				   "bw_ssu_rpu_bandwidth,,bytes/s,0,0\n"));
	CU_ASSERT_TRUE(printed_has(HU_STAT_JSON, ',', &t, "\"value\":null,"));
	CU_ASSERT_FALSE(printed_has(HU_STAT_TABLE, ',', &t, "0.00"));
}

/* A row the component cannot count at all: shown in every form, with why. */
static void test_unusable_row(void)
{
	static const struct hu_stat_column col[] = { { "rx_mwr_bandwidth", "in_write" },
						     { "rx_mwr_avg_latency", "in_wr_lat" } };
	struct hu_stat_row row[2] = {
		{ .label = "hisi_pcie0_core0", .value = { 256e6, 500 }, .counted = { true, true } },
		{ .label = "hisi_pcie0_core1", .unusable = "type: \"zz\"" },
	};
	struct hu_stat_table t = { .title = "PCIe", .column = col, .ncolumns = 2, .row = row,
				   .nrows = 2, .unit = { "bytes/s", "cycles/TLP" } };
	char *s;

	s = printed(HU_STAT_TABLE, ',', &t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HU_ASSERT_CONTAINS(s, "hisi_pcie0_core1                 n/a         n/a  "
				     "unusable: type: \"zz\"\n");
	free(s);
	s = printed(HU_STAT_CSV, ',', &t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HU_ASSERT_CONTAINS(s, "2.500000,hisi_pcie0_core1,rx_mwr_bandwidth,,bytes/s,0,0\n"
				     "2.500000,hisi_pcie0_core1,rx_mwr_avg_latency,,cycles/TLP,0,0\n");
	free(s);
	s = printed(HU_STAT_JSON, ',', &t);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	HU_ASSERT_CONTAINS(s, "\"device\":\"hisi_pcie0_core1\",\"metric\":\"rx_mwr_"
				     "bandwidth\",\"value\":null,\"unit\":\"bytes/s\","
				     "\"scaled\":false,\"payload_only\":false,"
				     "\"unusable\":\"type: \\\"zz\\\"\"}\n");
	free(s);
}

static void test_human_values(void)
{
	char out[32];

	hu_stat_human_value(999.0, "bytes/s", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "999.00");
	hu_stat_human_value(12.5e9, "packets/s", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "12.50G");
	hu_stat_human_value(3e21, "bytes/s", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "3000000.00P");
	hu_stat_human_value(8000.0, "ns", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "8000.0");
	/* NaN is the component's n/a: a latency over no packet, a rate over no time */
	hu_stat_human_value(0.0 / 0.0, "ns", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "n/a");
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

/* Device names from a PCI sysfs tree, whatever its files hold. */
static void test_device_names(void)
{
	char root[] = "/tmp/hu-stat-XXXXXX", d[256], out[128], path[300];

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
	snprintf(d, sizeof(d), "%s/bus", root);
	mkdir(d, 0755);
	snprintf(d, sizeof(d), "%s/bus/pci", root);
	mkdir(d, 0755);
	snprintf(d, sizeof(d), "%s/bus/pci/devices", root);
	mkdir(d, 0755);
	/* a missing devices/ directory */
	hu_stat_describe_device("/nonexistent", -1, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "3d:00.0");
	snprintf(d, sizeof(d), "%s/bus/pci/devices/0000:3d:00.0", root);
	mkdir(d, 0755);
	write_file(d, "class", "0x010802\n");
	hu_stat_describe_device(root, -1, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "3d:00.0 Non-Volatile memory controller");
	hu_stat_describe_device(root, 1, 0x3d00, out, sizeof(out));	/* another domain */
	HU_ASSERT_STR_EQ(out, "0001:3d:00.0");
	hu_stat_describe_device(root, 0, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0000:3d:00.0 Non-Volatile memory controller");
	write_file(d, "class", "0x123456\n");
	hu_stat_describe_device(root, 0, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0000:3d:00.0 class 1234");
	write_file(d, "class", "garbage");
	hu_stat_describe_device(root, 0, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0000:3d:00.0");
	write_file(d, "class", "");
	hu_stat_describe_device(root, 0, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0000:3d:00.0");
	snprintf(path, sizeof(path), "%s/class", d);
	unlink(path);
	mkdir(path, 0755);	/* a directory where the file should be */
	hu_stat_describe_device(root, 0, 0x3d00, out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0000:3d:00.0");
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	HU_ASSERT_EQ(system(path), 0);
	HU_ASSERT_STR_EQ(hu_stat_class_name(0x020000), "Ethernet controller");
	CU_ASSERT_PTR_NULL(hu_stat_class_name(0x123456));
}

/* Root ports: the bridges directly under a host bridge, in order, whatever else is there. */
static void test_root_ports(void)
{
	struct hu_stat_root_port rp[8];
	struct fixture_tree t;
	unsigned int n;

	tree_init(&t);
	HU_ASSERT_EQ(hu_stat_root_ports(t.root, rp, 8), 0);	/* no bus/pci/devices */
	tree_pci_device(&t, "pci0000:50/0000:50:00.0", "0x060400\n");
	tree_pci_device(&t, "pci0000:3c/0000:3c:02.0", "0x060400\n");
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0", "0x060400\n");
	tree_pci_device(&t, "pci0000:3c/0000:3c:00.0/0000:3d:00.0", "0x010802\n");
	tree_pci_device(&t, "pci0001:3c/0001:3c:00.0", "0x060400\n");
	tree_put_root(&t, "bus/pci/devices/garbage", "x");
	n = hu_stat_root_ports(t.root, rp, 8);
	HU_ASSERT_EQ_FATAL(n, 4);
	HU_ASSERT_EQ(rp[0].domain, 0);
	HU_ASSERT_EQ(rp[0].bdf, 0x3c00);
	HU_ASSERT_EQ(rp[1].domain, 0);
	HU_ASSERT_EQ(rp[1].bdf, 0x3c10);
	HU_ASSERT_EQ(rp[2].domain, 0);
	HU_ASSERT_EQ(rp[2].bdf, 0x5000);
	HU_ASSERT_EQ(rp[3].domain, 1);
	HU_ASSERT_EQ(rp[3].bdf, 0x3c00);
	HU_ASSERT_EQ(hu_stat_root_ports(t.root, rp, 2), 2);	/* at most @max */
	tree_free(&t);
}

void register_stat_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "hisi-uncore-stat: defaults and the forms of each option",
		  test_options_defaults_and_forms },
		{ "hisi-uncore-stat: a bad command line is refused with what is allowed",
		  test_options_refused_with_reason },
		{ "hisi-uncore-stat: one device spelled with and without its PCI domain",
		  test_options_repeat_across_domain_spellings },
		{ "hisi-uncore-stat: CSV, JSON lines and the table", test_outputs },
		{ "hisi-uncore-stat: a row that cannot be counted, in every form",
		  test_unusable_row },
		{ "hisi-uncore-stat: values for people", test_human_values },
		{ "hisi-uncore-stat: n/a, never 0, where there is nothing to divide by",
		  test_not_available_value },
		{ "hisi-uncore-stat: device names from PCI sysfs, however broken",
		  test_device_names },
		{ "hisi-uncore-stat: the root ports PCI sysfs shows", test_root_ports },
		{ NULL, NULL },
	};
	hu_cu_add_suite("stat", NULL, NULL, tests);
}
