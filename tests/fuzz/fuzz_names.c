// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the catalogue's cache of qualified names (codes with
 * bit 30, found again by hash).  Each 4 input bytes make one name from the
 * fixture PMUs' events: event (2 bytes), qualifier and prefix (1), value
 * (1), so that most names are new qualified names and the table grows,
 * collides and rehashes.  A shadow list of every name cached since the
 * catalogue was made is the oracle:
 *   - a new qualified name gets the next index, a known one its old code;
 *   - with or without the hisi_uncore::: prefix, the same code;
 *   - a code's name is the name it was made from (without the prefix);
 *   - a refusal has a printable one-line message.
 * The catalogue is made anew after RESET_AFTER names, bounding memory.
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "fuzz_util.h"

#define RESET_AFTER 50000
#define CODE_QUALIFIED (1 << 30)	/* catalogue.h */
#define NAME_CAP (2 * HU_NAME_MAX + 64)

/* Qualifiers of both families; the rules refuse what a PMU lacks. */
static const char *const qualifiers[] = {
	"port", "tc", "bdf", "queue", "global", "intr",
	"thr_len", "thr_mode", "trig_len", "trig_mode", "len_mode",
};

static const char *root;
static struct hu_catalogue cat;
static char (*events)[NAME_CAP];	/* "pmu::event" of every base code */
static unsigned int nevents;
static char **shadow;			/* name of instance i since the last reset */
static unsigned int nshadow;

static void list_events(void)
{
	int code;

	FZ_ASSERT(hu_cat_enum_first(&cat, &code) == HU_OK);
	do {
		events = realloc(events, (nevents + 1) * sizeof(*events));
		FZ_ASSERT(events);
		FZ_ASSERT(hu_cat_code_to_name(&cat, code, events[nevents++], NAME_CAP, NULL) == HU_OK);
	} while (hu_cat_enum_next_event(&cat, &code) == HU_OK);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	root = fz_fixture_root();
	FZ_ASSERT(hu_cat_init(&cat, root, NULL, NULL) == HU_OK);
	list_events();
	return 0;
}

static void reset(void)
{
	for (unsigned int i = 0; i < nshadow; i++)
		free(shadow[i]);
	free(shadow);
	shadow = NULL;
	nshadow = 0;
	hu_cat_free(&cat);
	FZ_ASSERT(hu_cat_init(&cat, root, NULL, NULL) == HU_OK);
}

/* A qualified code: the shadow says which name it must be. */
static void check_instance(const char *key, int code)
{
	unsigned int idx = (unsigned int)code & ~(unsigned int)CODE_QUALIFIED;
	char back[NAME_CAP];

	if (idx == nshadow) {
		shadow = realloc(shadow, (nshadow + 1) * sizeof(*shadow));
		FZ_ASSERT(shadow && (shadow[nshadow] = strdup(key)) != NULL);
		nshadow++;
	}
	FZ_ASSERT(idx < nshadow && strcmp(shadow[idx], key) == 0);
	FZ_ASSERT(hu_cat_code_to_name(&cat, code, back, sizeof(back), NULL) == HU_OK);
	FZ_ASSERT(strcmp(back, key) == 0);
}

static void check_name(const uint8_t b[4])
{
	const char *q = qualifiers[(b[2] & 0x7f) % (sizeof(qualifiers) / sizeof(qualifiers[0]))];
	char key[NAME_CAP], prefixed[NAME_CAP + 16];
	struct hu_err e = { 0 };
	int code, again, ret;

	snprintf(key, sizeof(key), "%s:%s=%u", events[(b[0] | b[1] << 8) % nevents], q, b[3]);
	snprintf(prefixed, sizeof(prefixed), "%s%s", HU_COMPONENT_PREFIX, key);
	ret = hu_cat_name_to_code(&cat, b[2] & 0x80 ? prefixed : key, &code, &e);
	if (ret) {
		fz_check_refusal(ret, &e);
		return;
	}
	FZ_ASSERT(code & CODE_QUALIFIED);
	check_instance(key, code);
	FZ_ASSERT(hu_cat_name_to_code(&cat, key, &again, NULL) == HU_OK && again == code);
	FZ_ASSERT(hu_cat_name_to_code(&cat, prefixed, &again, NULL) == HU_OK && again == code);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 4 <= size; i += 4)
		check_name(data + i);
	if (nshadow >= RESET_AFTER)
		reset();
	return 0;
}
