// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-attr - print the perf_event_attr fields an event name opens.
 *
 *   hisi-uncore-attr [--encode-only] NAME...
 *
 * One line per name: "NAME type=<dec> config=0x.. config1=0x.. config2=0x.."
 * followed, where they apply, by "defaults=<qualifiers the tools added>" and
 * "mode=<HNS3 filter mode the driver will select>"; or "NAME error: <message>".
 * Exits 2 if any name failed.  Reads the PMUs the hisi_uncore PAPI component
 * reads ($SYSFS_PATH, and the generic PMUs named in $HISI_UNCORE_EXTRA_PMUS)
 * and resolves names through the same code, driver rules included.
 * --encode-only stops after perf's encoding (no defaults, no driver rules):
 * the stage the perf differential tests compare.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_spec.h"
#include "hisi_rules.h"
#include "pmu_sysfs.h"

static int resolve(const struct hu_pmu_set *set, const char *name, bool encode_only,
		   struct hu_resolved *r, struct hu_err *e)
{
	memset(r, 0, sizeof(*r));
	if (encode_only)
		return hu_name_to_attr(set, name, &r->attr, &r->pmu, e);
	return hu_resolve(set, name, r, e);
}

static int print_one(const struct hu_pmu_set *set, const char *name, bool encode_only)
{
	struct hu_err e = { 0 };
	struct hu_resolved r;
	const struct hu_attr *a = &r.attr;

	if (resolve(set, name, encode_only, &r, &e)) {
		printf("%s error: %s\n", name, e.msg);
		return 1;
	}
	if (a->config[3]) {
		printf("%s error: the name sets config3 (0x%llx), which this build cannot open\n",
		       name, (unsigned long long)a->config[3]);
		return 1;
	}
	printf("%s type=%u config=0x%llx config1=0x%llx config2=0x%llx", name, a->type,
	       (unsigned long long)a->config[0], (unsigned long long)a->config[1],
	       (unsigned long long)a->config[2]);
	if (r.defaults[0])
		printf(" defaults=%s", r.defaults);
	if (r.hns3_mode != HIP09_HNS3_MODE_NONE)
		printf(" mode=%s", hip09_hns3_mode_name(r.hns3_mode));
	printf("\n");
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: hisi-uncore-attr [--encode-only] NAME...\n"
		"  NAME: [hisi_uncore:::]PMU::EVENT[:QUALIFIER=VALUE]...\n"
		"  environment: SYSFS_PATH (sysfs root), HISI_UNCORE_EXTRA_PMUS (comma list)\n");
}

int main(int argc, char **argv)
{
	struct hu_pmu_set set;
	struct hu_err e = { 0 };
	bool encode_only = false;
	int failed = 0, first = 1;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "--encode-only")) {
		encode_only = true;
		first = 2;
	}
	if (hu_pmu_scan(&set, NULL, getenv("HISI_UNCORE_EXTRA_PMUS"), &e)) {
		fprintf(stderr, "hisi-uncore-attr: %s\n", e.msg);
		return 2;
	}
	for (int i = first; i < argc; i++)
		failed |= print_one(&set, argv[i], encode_only);
	hu_pmu_set_free(&set);
	return failed ? 2 : 0;
}
