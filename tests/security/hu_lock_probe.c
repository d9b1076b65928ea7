// SPDX-License-Identifier: BSD-3-Clause
/*
 * hu_lock_probe - take ownership-mode locks (owner_lock.c) the way the
 * component does, for the security tier's scenarios between users.
 *
 *   hu_lock_probe [--hold] PMU...
 *
 * Prints one line per PMU: "PMU: OK" or "PMU: <status> <message>", where
 * status is the hu_status name.  With --hold, prints "holding PID" once every
 * PMU is asked and keeps what it took until its standard input closes.
 * Exit status: 0 if every PMU was taken, 1 otherwise, 2 on bad usage.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "owner_lock.h"

static const char *status_name(int st)
{
	static const char *const names[] = {
		"HU_OK", "HU_E_NOMEM", "HU_E_SYNTAX", "HU_E_NOPMU", "HU_E_NOEVENT", "HU_E_TERM",
		"HU_E_VALUE", "HU_E_FILTER", "HU_E_SYSFS", "HU_E_CONFLICT", "HU_E_SYS",
		"HU_E_NOSUPP", "HU_E_FOREIGN", "HU_E_UNSAFE", "HU_E_ENV",
	};

	return st <= 0 && -st < (int)(sizeof(names) / sizeof(names[0])) ? names[-st] : "?";
}

static void wait_for_eof(void)
{
	char buf[64];

	while (read(0, buf, sizeof(buf)) > 0)
		;
}

int main(int argc, char **argv)
{
	int first = 1, hold = 0, all = 1;

	if (argc > 1 && strcmp(argv[1], "--hold") == 0) {
		hold = 1;
		first = 2;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: hu_lock_probe [--hold] PMU...\n");
		return 2;
	}
	for (int i = first; i < argc; i++) {
		struct hu_err e = { 0 };
		int st = hu_owner_acquire(argv[i], &e);

		printf("%s: %s%s%s\n", argv[i], status_name(st), st ? " " : "", st ? e.msg : "");
		all &= st == HU_OK;
	}
	if (hold) {
		printf("holding %d\n", (int)getpid());
		fflush(stdout);
		wait_for_eof();
	}
	for (int i = first; i < argc; i++)
		hu_owner_release(argv[i]);
	return all ? 0 : 1;
}
