// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-attr - print the perf_event_attr fields an event name opens.
 *
 *   hisi-uncore-attr [--encode-only] NAME...
 *
 * One line per name (two for a metric, "NAME half=counter ..." and
 * "NAME half=ext_counter ..."): "NAME type=<dec> config=0x.. config1=0x.. config2=0x.."
 * followed, where they apply, by "defaults=<qualifiers the tools added>" and
 * "mode=<HNS3 filter mode the driver will select>"; a device name or an
 * aggregate prints the lines of each instance it counts on, ending in
 * "pmu=<instance>"; or "NAME error: <message>".
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

#include "catalogue.h"
#include "event_spec.h"
#include "hisi_rules.h"
#include "pmu_sysfs.h"

static void print_attr(const char *name, const char *half, const struct hu_attr *a,
		       const char *defaults, enum hip09_hns3_mode mode, const char *pmu)
{
	printf("%s%s type=%u config=0x%llx config1=0x%llx config2=0x%llx", name, half, a->type,
	       (unsigned long long)a->config[0], (unsigned long long)a->config[1],
	       (unsigned long long)a->config[2]);
	if (defaults[0])
		printf(" defaults=%s", defaults);
	if (mode != HIP09_HNS3_MODE_NONE)
		printf(" mode=%s", hip09_hns3_mode_name(mode));
	if (pmu)
		printf(" pmu=%s", pmu);
	printf("\n");
}

/* perf's encoding alone (the stage the perf differential tests compare). */
static int print_encoded(const struct hu_pmu_set *set, const char *name)
{
	struct hu_err e = { 0 };
	struct hu_pmu *pmu;
	struct hu_attr a;

	if (hu_name_to_attr(set, name, &a, &pmu, &e)) {
		printf("%s error: %s\n", name, e.msg);
		return 1;
	}
	print_attr(name, "", &a, "", HIP09_HNS3_MODE_NONE, NULL);
	return 0;
}

/*
 * Through the component's own catalogue: events and metrics, defaults and
 * driver rules, as PAPI_add would open them (a metric: both halves).
 */
/* @named: the PMU the name itself gives (a device name or a pattern: not @n's) */
static int print_native(const struct hu_catalogue *cat, const char *name, const char *named,
			const struct hu_native *n)
{
	const char *pmu = cat->set.pmu[n->pmu].name;

	for (unsigned int i = 0; i < n->nattr; i++) {
		if (n->attr[i].config[3]) {
			printf("%s error: the name sets config3 (0x%llx), which this build cannot open\n",
			       name, (unsigned long long)n->attr[i].config[3]);
			return 1;
		}
		print_attr(name, n->nattr == 1 ? "" : i == 0 ? " half=counter" : " half=ext_counter",
			   &n->attr[i], n->defaults, n->hns3_mode, strcmp(named, pmu) ? pmu : NULL);
	}
	return 0;
}

/*
 * Through the component's own catalogue: events and metrics, defaults and
 * driver rules, as PAPI_add would open them (a metric: both halves; an
 * aggregate or a device name: each instance, with pmu=).
 */
static int print_resolved(struct hu_catalogue *cat, const char *name)
{
	struct hu_err e = { 0 };
	struct hu_native *m;
	struct hu_spec spec;
	unsigned int n;
	int code, bad = 0;

	if (hu_cat_name_to_code(cat, name, &code, &e) ||
	    hu_cat_code_to_members(cat, code, &m, &n, &e)) {
		printf("%s error: %s\n", name, e.msg);
		return 1;
	}
	hu_spec_parse(name, &spec, NULL);	/* it just resolved: the parse succeeds */
	for (unsigned int k = 0; k < n && !bad; k++)
		bad = print_native(cat, name, spec.pmu, &m[k]);
	free(m);
	return bad;
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
	struct hu_catalogue cat;
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
	if (hu_cat_init(&cat, NULL, getenv("HISI_UNCORE_EXTRA_PMUS"), &e)) {
		fprintf(stderr, "hisi-uncore-attr: %s\n", e.msg);
		return 2;
	}
	for (int i = first; i < argc; i++)
		failed |= encode_only ? print_encoded(&cat.set, argv[i]) : print_resolved(&cat, argv[i]);
	hu_cat_free(&cat);
	return failed ? 2 : 0;
}
