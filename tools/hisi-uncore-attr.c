// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-attr - print the perf_event_attr fields an event name opens.
 *
 *   hisi-uncore-attr NAME...
 *
 * One line per name: "NAME type=<dec> config=0x.. config1=0x.. config2=0x.."
 * or "NAME error: <message>".  Exits 2 if any name failed.  Reads the
 * PMUs the hisi_uncore PAPI component reads ($SYSFS_PATH, and the generic
 * PMUs named in $HISI_UNCORE_EXTRA_PMUS) through the same code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_spec.h"
#include "pmu_sysfs.h"

static int print_one(const struct hu_pmu_set *set, const char *name)
{
	struct hu_err e = { 0 };
	struct hu_attr attr;
	struct hu_pmu *pmu;

	if (hu_name_to_attr(set, name, &attr, &pmu, &e)) {
		printf("%s error: %s\n", name, e.msg);
		return 1;
	}
	if (attr.config[3]) {
		printf("%s error: the name sets config3 (0x%llx), which this build cannot open\n",
		       name, (unsigned long long)attr.config[3]);
		return 1;
	}
	printf("%s type=%u config=0x%llx config1=0x%llx config2=0x%llx\n", name,
	       attr.type, (unsigned long long)attr.config[0],
	       (unsigned long long)attr.config[1], (unsigned long long)attr.config[2]);
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: hisi-uncore-attr NAME...\n"
		"  NAME: [hisi_uncore:::]PMU::EVENT[:QUALIFIER=VALUE]...\n"
		"  environment: SYSFS_PATH (sysfs root), HISI_UNCORE_EXTRA_PMUS (comma list)\n");
}

int main(int argc, char **argv)
{
	struct hu_pmu_set set;
	struct hu_err e = { 0 };
	int failed = 0;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (hu_pmu_scan(&set, NULL, getenv("HISI_UNCORE_EXTRA_PMUS"), &e)) {
		fprintf(stderr, "hisi-uncore-attr: %s\n", e.msg);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		failed |= print_one(&set, argv[i]);
	hu_pmu_set_free(&set);
	return failed ? 2 : 0;
}
