// SPDX-License-Identifier: BSD-3-Clause
/*
 * hu_probe: what PAPI makes of event names on a (hostile) sysfs tree.
 *
 *   hu_probe NAME...      (SYSFS_PATH: the tree)
 *
 * For each NAME, resolved with the hisi_uncore::: prefix and plain, one line
 *   <prefixed|plain> <NAME> <PAPI code name> <component> <lines> | <message>
 * where <component> is the index of the component that took the name (-1
 * when none did), <message> is what the components wrote on stderr and
 * <lines> its number of lines (joined by '/').  A resolved name is also
 * turned back into its code's name and description, so a wrong code shows:
 * "roundtrip-mismatch" replaces the code name.  The tests/tiers/sysfs.sh
 * tier compares these lines with each tree's expectations.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "papi_stderr.h"

static const char *code_name(int ret)
{
	static const struct {
		int code;
		const char *s;
	} codes[] = { { PAPI_OK, "PAPI_OK" }, { PAPI_ENOEVNT, "PAPI_ENOEVNT" },
		      { PAPI_EATTR, "PAPI_EATTR" }, { PAPI_ECNFLCT, "PAPI_ECNFLCT" },
		      { PAPI_EINVAL, "PAPI_EINVAL" }, { PAPI_ESYS, "PAPI_ESYS" },
		      { PAPI_ENOMEM, "PAPI_ENOMEM" }, { PAPI_ECMP, "PAPI_ECMP" },
		      { PAPI_EPERM, "PAPI_EPERM" }, { PAPI_ENOSUPP, "PAPI_ENOSUPP" } };

	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (codes[i].code == ret)
			return codes[i].s;
	return "PAPI_other";
}

/* Resolve @name with stderr captured into @msg; its lines in *lines. */
static int resolve(const char *name, int *code, char *msg, size_t len, int *lines)
{
	int ret = name_to_code_capturing_stderr(name, code, msg, len);
	size_t n = strlen(msg);

	while (n > 0 && msg[n - 1] == '\n')
		n--;
	msg[n] = '\0';
	*lines = n > 0;
	for (char *p = strchr(msg, '\n'); p; p = strchr(p, '\n')) {
		*p = '/';
		++*lines;
	}
	return ret;
}

/* The code of a resolved name must name it again and describe it. */
static int roundtrip(int code, const char *name)
{
	char back[PAPI_HUGE_STR_LEN];
	PAPI_event_info_t info;
	const char *plain = strncmp(name, "hisi_uncore:::", 14) ? name : name + 14;

	if (PAPI_event_code_to_name(code, back) != PAPI_OK ||
	    PAPI_get_event_info(code, &info) != PAPI_OK)
		return -1;
	return strcasecmp(back, plain) && strcasecmp(back, name) ? -1 : 0;
}

static void probe(const char *how, const char *name)
{
	static char msg[8192];
	int code = 0, ret, cidx = -1, lines;

	ret = resolve(name, &code, msg, sizeof(msg), &lines);
	if (ret == PAPI_OK)
		cidx = PAPI_get_event_component(code);
	printf("%s %s %s %d %d | %s\n", how, name,
	       ret == PAPI_OK && roundtrip(code, name) ? "roundtrip-mismatch" : code_name(ret),
	       cidx, lines, msg);
}

int main(int argc, char **argv)
{
	char prefixed[PAPI_HUGE_STR_LEN];

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "hu_probe: PAPI_library_init failed\n");
		return 2;
	}
	printf("hisi_uncore is component %d\n", PAPI_get_component_index("hisi_uncore"));
	for (int i = 1; i < argc; i++) {
		snprintf(prefixed, sizeof(prefixed), "hisi_uncore:::%s", argv[i]);
		probe("prefixed", prefixed);
		probe("plain", argv[i]);
	}
	PAPI_shutdown();
	return 0;
}
