// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: an event name, end to end, against the fixture PMUs
 * (tests/fixtures/sysfs plus a few PCI devices): parse, resolve, encode and
 * the drivers' rules (hu_resolve), then the catalogue's name -> code ->
 * native path that PAPI drives.  Invariants:
 *   - a refusal has a one-line printable message and its status;
 *   - an accepted name resolves the same twice, and its attr written back
 *     as a raw name (PMU::config=..:config1=..:config2=..) opens the same;
 *   - what hu_resolve accepts the catalogue accepts, opening the same attr;
 *   - a code is stable: the name again, and the code's own name, give it;
 *   - no descriptor outlives an input (the PCI look-ups open files).
 *
 * The catalogue is kept across inputs (loading the fixture PMUs' details
 * costs more than a resolve) and made anew after RESET_AFTER qualified
 * names, which bounds its name cache.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "fuzz_util.h"
#include "hisi_rules.h"

#define RESET_AFTER 4096
#define CODE_QUALIFIED (1 << 30)	/* catalogue.h: a cached qualified name */

static const char *root;
static struct hu_pmu_set set;
static struct hu_catalogue cat;
static unsigned int qualified_names;

static void load_set(void)
{
	FZ_ASSERT(hu_pmu_scan(&set, root, NULL, NULL) == HU_OK && set.n > 0);
	for (unsigned int i = 0; i < set.n; i++)
		FZ_ASSERT(hu_pmu_load_details(&set, &set.pmu[i], NULL) == HU_OK);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	root = fz_fixture_root();
	load_set();
	FZ_ASSERT(hu_cat_init(&cat, root, NULL, NULL) == HU_OK);
	return 0;
}

static void same_resolution(const struct hu_resolved *a, const struct hu_resolved *b)
{
	FZ_ASSERT(a->pmu == b->pmu && a->ev == b->ev && a->hns3_mode == b->hns3_mode);
	FZ_ASSERT(memcmp(&a->attr, &b->attr, sizeof(a->attr)) == 0);
	FZ_ASSERT(strcmp(a->defaults, b->defaults) == 0 && strcmp(a->filters, b->filters) == 0);
}

/* The attr as a raw name must open exactly the same counter. */
static void check_raw_round_trip(const struct hu_resolved *r)
{
	const uint64_t *c = r->attr.config;
	struct hu_err e = { 0 };
	struct hu_resolved again;
	char raw[256];
	int ret;

	snprintf(raw, sizeof(raw), "%s::config=0x%" PRIx64 ":config1=0x%" PRIx64 ":config2=0x%" PRIx64,
		 r->pmu->name, c[0], c[1], c[2]);
	ret = hu_resolve(&set, raw, &again, &e);
	if (ret)
		fprintf(stderr, "raw form %s refused: %s\n", raw, e.msg);
	FZ_ASSERT(ret == HU_OK);
	FZ_ASSERT(memcmp(&again.attr, &r->attr, sizeof(r->attr)) == 0);
}

/* hu_resolve's verdict; true (and *r) if accepted. */
static bool check_resolve(const char *name, struct hu_resolved *r)
{
	struct hu_err e = { 0 };
	struct hu_resolved again;
	int ret = hu_resolve(&set, name, r, &e);

	if (ret) {
		fz_check_refusal(ret, &e);
		return false;
	}
	FZ_ASSERT(r->pmu >= set.pmu && r->pmu < set.pmu + set.n);
	FZ_ASSERT(r->attr.type == r->pmu->type);
	FZ_ASSERT(fz_printable(r->defaults, sizeof(r->defaults)));
	FZ_ASSERT(fz_printable(r->filters, sizeof(r->filters)));
	FZ_ASSERT(hu_resolve(&set, name, &again, NULL) == HU_OK);
	same_resolution(r, &again);
	check_raw_round_trip(r);
	return true;
}

/* The code's own name (as PAPI lists it) gives the code back. */
static void check_code_name(int code, size_t cap)
{
	char *buf = malloc(cap);
	struct hu_event_info *info = malloc(sizeof(*info));
	struct hu_err e = { 0 };
	int again;

	FZ_ASSERT(buf && info);
	FZ_ASSERT(hu_cat_code_to_name(&cat, code, buf, cap, &e) == HU_OK);
	FZ_ASSERT(hu_cat_name_to_code(&cat, buf, &again, &e) == HU_OK && again == code);
	FZ_ASSERT(hu_cat_code_to_info(&cat, code, info, &e) == HU_OK);
	free(info);
	free(buf);
}

static void check_catalogue(const char *name, const struct hu_resolved *r)
{
	struct hu_err e = { 0 };
	struct hu_native n;
	int code, again, ret;

	ret = hu_cat_name_to_code(&cat, name, &code, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		FZ_ASSERT(r == NULL);
		return;
	}
	qualified_names += (code & CODE_QUALIFIED) != 0;
	FZ_ASSERT(hu_cat_name_to_code(&cat, name, &again, NULL) == HU_OK && again == code);
	FZ_ASSERT(hu_cat_code_to_native(&cat, code, &n, &e) == HU_OK);
	FZ_ASSERT(n.nattr == (n.metric ? 2u : 1u));
	if (r && !n.metric)
		FZ_ASSERT(memcmp(&n.attr[0], &r->attr, sizeof(r->attr)) == 0);
	check_code_name(code, strlen(name) + 2 * HU_NAME_MAX + 8);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = malloc(size + 1);
	int fds = count_open_fds();
	struct hu_resolved r;

	FZ_ASSERT(name);
	memcpy(name, data, size);
	name[size] = '\0';
	check_catalogue(name, check_resolve(name, &r) ? &r : NULL);
	free(name);
	FZ_ASSERT(count_open_fds() == fds);
	if (qualified_names >= RESET_AFTER) {
		hu_cat_free(&cat);
		FZ_ASSERT(hu_cat_init(&cat, root, NULL, NULL) == HU_OK);
		qualified_names = 0;
	}
	return 0;
}
