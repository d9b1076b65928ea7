// SPDX-License-Identifier: BSD-3-Clause
/*
 * test_bad_names: every row of names.tsv through PAPI, twice: with the
 * hisi_uncore::: prefix (the component's own code and its one-line message
 * must be the row's) and plain (refused; PAPI asks every component, so only
 * "not PAPI_OK" is checked).  Generated rows add 10 kB names and 1,500
 * qualifiers.  Prints PASS/FAIL per row and "badinput-names: N passed, N failed".
 *
 *   test_bad_names NAMES.TSV      (SYSFS_PATH: the fixture PMUs)
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_stderr.h"

#define NAME_MAX_LEN 40000

static unsigned int passed, failed;
static int hisi = -1;	/* the component's index */

/* "\xNN" escapes to bytes, in place. */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		unsigned int b;

		if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &b) == 1) {
			*o++ = (char)b;
			s += 3;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

static int code_of(const char *name)
{
	static const struct {
		const char *s;
		int code;
	} codes[] = { { "PAPI_ENOEVNT", PAPI_ENOEVNT }, { "PAPI_EATTR", PAPI_EATTR },
		      { "PAPI_ECNFLCT", PAPI_ECNFLCT }, { "PAPI_EINVAL", PAPI_EINVAL } };

	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (!strcmp(name, codes[i].s))
			return codes[i].code;
	return 1;
}

/* The component's (hu_message.h): rows that give one text each get their line. */
void hu_message_forget(void);

/*
 * PAPI_event_name_to_code(@name) with stderr captured into @msg, as a
 * process that has not seen the message yet gets it (the component says
 * each distinct message once per process).
 */
static int resolve(const char *name, char *msg, size_t len)
{
	int code;

	hu_message_forget();
	return name_to_code_capturing_stderr(name, &code, msg, len);
}

static void result(bool ok, const char *label, const char *fmt, const char *a, const char *b)
{
	if (ok) {
		passed++;
		printf("PASS %s\n", label);
		return;
	}
	failed++;
	printf("FAIL %s: ", label);
	printf(fmt, a, b);
	printf("\n");
}

/* @name refused as written: code @want and one hisi_uncore line holding @sub. */
static void check_refused(const char *name, int want, const char *sub, const char *label)
{
	static char msg[8192], why[256];
	size_t l;
	int ret;

	ret = resolve(name, msg, sizeof(msg));
	l = strlen(msg);
	snprintf(why, sizeof(why), "%s (want %s)", PAPI_strerror(ret), PAPI_strerror(want));
	result(ret == want && !strncmp(msg, "hisi_uncore: ", 13) && (!sub || strstr(msg, sub)) &&
	       l > 0 && msg[l - 1] == '\n' && !memchr(msg, '\n', l - 1) && !memchr(msg, 0x1b, l),
	       label, "%s; message '%.300s' should be one hisi_uncore line with the row's text", why, msg);
}

/* One name, both ways. */
static void check(const char *name, int want, const char *sub, const char *label)
{
	static char prefixed[NAME_MAX_LEN + 32], msg[8192];
	int ret;

	snprintf(prefixed, sizeof(prefixed), "hisi_uncore:::%s", name);
	check_refused(prefixed, want, sub, label);
	/* plain: PAPI's stock perf_event_uncore may take what it parses, never hisi_uncore */
	ret = resolve(name, msg, sizeof(msg));
	if (ret == PAPI_OK) {
		int code = 0;

		PAPI_event_name_to_code(name, &code);
		ret = PAPI_get_event_component(code) == hisi ? PAPI_OK : PAPI_ENOEVNT;
	}
	result(ret != PAPI_OK, label, "plain name: hisi_uncore took it%s%s", "", "");
}

static void generated(void)
{
	static char name[NAME_MAX_LEN];
	size_t n;

	/* a 10 kB event name, a 10 kB qualifier value */
	n = (size_t)snprintf(name, sizeof(name), "hns3_pmu_sicl_0::");
	memset(name + n, 'a', 10240);
	name[n + 10240] = '\0';
	check(name, PAPI_ENOEVNT, "longer than 63", "generated_10k_event");
	n = (size_t)snprintf(name, sizeof(name), "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=");
	memset(name + n, '1', 10240);
	name[n + 10240] = '\0';
	check(name, PAPI_EATTR, "qualifier", "generated_10k_value");
	/* 1,500 qualifiers */
	n = (size_t)snprintf(name, sizeof(name), "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num");
	for (int i = 0; i < 1500 && n + 16 < sizeof(name); i++)
		n += (size_t)snprintf(name + n, sizeof(name) - n, ":q%d=1", i);
	check(name, PAPI_EATTR, "qualifier", "generated_1500_qualifiers");
	/* PAPI takes one component prefix off and hands on the rest: a second is refused */
	check_refused("hisi_uncore:::hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", PAPI_ENOEVNT,
		      "component prefix given twice", "generated_prefix_twice");
	check_refused("hisi_uncore:::hisi_uncore:::hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
		      PAPI_ENOEVNT, "component prefix given twice", "generated_prefix_thrice");
}

int main(int argc, char **argv)
{
	static char line[NAME_MAX_LEN];
	unsigned int row = 0;
	FILE *f;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: test_bad_names NAMES.TSV\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	unsetenv("HISI_UNCORE_QUIET");
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("FAIL init: PAPI_library_init\n");
		return 1;
	}
	hisi = PAPI_get_component_index("hisi_uncore");
	while (fgets(line, sizeof(line), f)) {
		char *code, *sub, *name, label[64];

		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		code = strtok(line, "\t");
		sub = strtok(NULL, "\t");
		name = strtok(NULL, "");
		row++;
		snprintf(label, sizeof(label), "names_line_%u", row);
		if (!code || !sub || !name) {
			printf("FAIL %s: malformed row\n", label);
			failed++;
			continue;
		}
		unescape(name);
		check(name, code_of(code), *sub ? sub : NULL, label);
	}
	fclose(f);
	generated();
	PAPI_shutdown();
	printf("badinput-names: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
