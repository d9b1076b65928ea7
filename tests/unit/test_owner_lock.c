// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests: ownership mode's per-PMU lock (owner_lock.c), across processes. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cu_main.h"
#include "fixture_tree.h"
#include "hu_text.h"
#include "lock_holder.h"
#include "owner_lock.h"

static char dir[] = "/tmp/hu-owner-XXXXXX";

static int setup(void)
{
	return lock_dir_setup(dir);
}

static int teardown(void)
{
	return lock_dir_teardown(dir);
}

/*
 * What another process gets for @pmu: "OK", or the status and message of
 * its refusal, through a pipe.
 */
static void other_process(const char *pmu, char *out, size_t len)
{
	int fd[2];
	pid_t pid;
	ssize_t n;

	out[0] = '\0';
	if (pipe(fd) != 0)
		return;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct hu_err e = { 0 };
		int ret = hu_owner_acquire(pmu, &e);
		char msg[HU_MSG_MAX + 16];
		int m = snprintf(msg, sizeof(msg), "%d %s", ret, ret ? e.msg : "OK");

		if (write(fd[1], msg, (size_t)m) != m)
			_exit(2);
		_exit(0);
	}
	close(fd[1]);
	n = read(fd[0], out, len - 1);
	out[n > 0 ? n : 0] = '\0';
	close(fd[0]);
	waitpid(pid, NULL, 0);
}

static void test_mode_is_opt_in(void)
{
	unsetenv("HISI_UNCORE_OWNER");
	CU_ASSERT_FALSE(hu_owner_mode());
	setenv("HISI_UNCORE_OWNER", "0", 1);
	CU_ASSERT_FALSE(hu_owner_mode());
	setenv("HISI_UNCORE_OWNER", "1", 1);
	CU_ASSERT_TRUE(hu_owner_mode());
	unsetenv("HISI_UNCORE_OWNER");
}

/* One owner per PMU: another process is refused with the owner's pid; the
 * owner's own second user is counted; the last release frees the PMU. */
static void test_one_owner_per_pmu(void)
{
	char out[HU_MSG_MAX + 32], want[64];
	struct hu_err e = { 0 };

	HU_ASSERT_STATUS_FATAL(hu_owner_acquire("hisi_pcie0_core0", &e), HU_OK, &e);
	HU_ASSERT_STATUS_FATAL(hu_owner_acquire("hisi_pcie0_core0", &e), HU_OK, &e);
	other_process("hisi_pcie0_core0", out, sizeof(out));
	snprintf(want, sizeof(want), "%d hisi_pcie0_core0 is owned by pid %d (", HU_E_CONFLICT,
		 (int)getpid());
	HU_ASSERT_EQ(strncmp(out, want, strlen(want)), 0);
	HU_ASSERT_CONTAINS(out, "HISI_UNCORE_OWNER=1");
	/* another PMU is free */
	other_process("hisi_pcie0_core1", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0 OK");
	hu_owner_release("hisi_pcie0_core0");
	other_process("hisi_pcie0_core0", out, sizeof(out));
	HU_ASSERT_EQ(strncmp(out, want, strlen(want)), 0);
	hu_owner_release("hisi_pcie0_core0");
	other_process("hisi_pcie0_core0", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0 OK");
	/* a release of what is not held changes nothing */
	hu_owner_release("hisi_pcie0_core0");
}

/* The kernel drops the lock of a process that dies holding it. */
static void test_lock_dies_with_its_owner(void)
{
	char out[HU_MSG_MAX + 32];
	int fd[2];
	pid_t pid;
	char c;

	HU_ASSERT_EQ_FATAL(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct hu_err e = { 0 };

		if (hu_owner_acquire("hns3_pmu_sicl_0", &e) == HU_OK && write(fd[1], "y", 1) == 1)
			pause();
		_exit(1);
	}
	close(fd[1]);
	HU_ASSERT_EQ(read(fd[0], &c, 1), 1);
	close(fd[0]);
	other_process("hns3_pmu_sicl_0", out, sizeof(out));
	HU_ASSERT_CONTAINS(out, "is owned by pid");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	other_process("hns3_pmu_sicl_0", out, sizeof(out));
	HU_ASSERT_STR_EQ(out, "0 OK");
}

/*
 * Issue 32: the owner must be named whenever the lock is seen held, even
 * while owners come and go as fast as they can.  A holder takes and gives
 * back one PMU in a loop while checkers ask for it: every refusal names a
 * pid, never "another process" (the text of an owner not yet written).
 */
#define RACE_HOLDER_ROUNDS 400
#define RACE_CHECKERS 3
#define RACE_CHECKER_ROUNDS 300

static void race_holder(void)
{
	for (int i = 0; i < RACE_HOLDER_ROUNDS; i++) {
		struct hu_err e = { 0 };

		if (hu_owner_acquire("hisi_pcie1_core0", &e) == HU_OK)
			hu_owner_release("hisi_pcie1_core0");
	}
	_exit(0);
}

/*
 * How many refusals did not name a pid, written to @out as one int; the
 * exit status says only whether the checker itself ran to the end, so an
 * error that ends it otherwise (valgrind's exit code) is not read as a count.
 */
static void race_checker(int out)
{
	int unnamed = 0;

	for (int i = 0; i < RACE_CHECKER_ROUNDS; i++) {
		struct hu_err e = { 0 };

		if (hu_owner_acquire("hisi_pcie1_core0", &e) == HU_OK)
			hu_owner_release("hisi_pcie1_core0");
		else if (!strstr(e.msg, "is owned by pid "))
			unnamed++;
	}
	_exit(write(out, &unnamed, sizeof(unnamed)) == (ssize_t)sizeof(unnamed) ? 0 : 1);
}

/* The checkers' counts from @in (one int each) summed into *unnamed; returns how many wrote one. */
static int read_unnamed(int in, int *unnamed)
{
	int reports = 0, one;

	*unnamed = 0;
	while (read(in, &one, sizeof(one)) == (ssize_t)sizeof(one)) {
		*unnamed += one;
		reports++;
	}
	return reports;
}

static void test_owner_named_while_owners_change(void)
{
	pid_t pids[1 + RACE_CHECKERS];
	int report[2], unnamed, status;

	CU_ASSERT_FATAL(pipe(report) == 0);
	fflush(NULL);
	for (int i = 0; i <= RACE_CHECKERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			close(report[0]);
			if (i == 0)
				race_holder();
			race_checker(report[1]);
		}
		CU_ASSERT_FATAL(pids[i] > 0);
	}
	close(report[1]);
	for (int i = 0; i <= RACE_CHECKERS; i++) {
		HU_ASSERT_EQ(waitpid(pids[i], &status, 0), pids[i]);
		CU_ASSERT_TRUE(WIFEXITED(status));
		HU_ASSERT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0);
	}
	HU_ASSERT_EQ(read_unnamed(report[0], &unnamed), RACE_CHECKERS);
	close(report[0]);
	HU_ASSERT_EQ(unnamed, 0);
	if (unnamed)
		printf("\n  %d refusals named no owner\n", unnamed);
}

/*
 * /proc/locks lines: the exclusive flock on the file is its holder; a
 * waiter, a shared or POSIX lock, another file or garbage is not.
 */
static void test_flock_line_holder(void)
{
	static const struct hu_lock_key k = { 0x0, 0x1a, 5678 }, big = { 0x103, 0x10001, 42 };
	static const struct {
		const char *line;
		const struct hu_lock_key *key;
		pid_t want;
	} rows[] = {
		{ "1: FLOCK  ADVISORY  WRITE 4242 00:1a:5678 0 EOF\n", &k, 4242 },
		{ "17: FLOCK  ADVISORY  WRITE 4242 103:10001:42 0 EOF", &big, 4242 },
		{ "1: FLOCK  ADVISORY  WRITE 4242 00:1a:5679 0 EOF", &k, 0 },	/* another inode */
		{ "1: FLOCK  ADVISORY  WRITE 4242 00:1b:5678 0 EOF", &k, 0 },	/* another device */
		{ "1: -> FLOCK  ADVISORY  WRITE 77 00:1a:5678 0 EOF", &k, 0 },	/* a waiter */
		{ "1: FLOCK  ADVISORY  READ  4242 00:1a:5678 0 EOF", &k, 0 },	/* shared */
		{ "1: POSIX  ADVISORY  WRITE 4242 00:1a:5678 0 EOF", &k, 0 },
		{ "1: OFDLCK ADVISORY  WRITE -1 00:1a:5678 0 EOF", &k, 0 },
		{ "1: FLOCK  ADVISORY  WRITE 0 00:1a:5678 0 EOF", &k, 0 },	/* no pid in this namespace */
		{ "1: FLOCK  ADVISORY  WRITE 42x 00:1a:5678 0 EOF", &k, 0 },
		{ "1: FLOCK  ADVISORY  WRITE 99999999999 00:1a:5678 0 EOF", &k, 0 },
		{ "1: FLOCK  ADVISORY  WRITE 00:1a:5678 0 EOF", &k, 0 },	/* pid missing */
		{ "1: FLOCK  ADVISORY  WRITE 4242 00:1a:5678junk 0 EOF", &k, 0 },
		{ "1: FLOCK", &k, 0 },
		{ "", &k, 0 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char line[128];
		pid_t got;

		hu_copy(line, sizeof(line), rows[i].line);
		got = hu_flock_line_holder(line, rows[i].key);
		HU_ASSERT_EQ(got, rows[i].want);
		if (got != rows[i].want)
			printf("\n  row %zu: '%s' gave %d\n", i, rows[i].line, (int)got);
	}
}

/* A lock directory that cannot be used is a refusal naming the file, not a crash. */
static void test_unusable_lock_dir(void)
{
	struct hu_err e = { 0 };

	setenv("HISI_UNCORE_LOCK_DIR", "/proc/no/such/dir", 1);
	HU_ASSERT_STATUS(hu_owner_acquire("hisi_pcie0_core0", &e), HU_E_ENV, &e);
	HU_ASSERT_CONTAINS(e.msg, "lock directory /proc/no/such/dir does not exist");
	setenv("HISI_UNCORE_LOCK_DIR", dir, 1);
}

void register_owner_lock_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "ownership mode is opt-in (HISI_UNCORE_OWNER=1)", test_mode_is_opt_in },
		{ "one owner per PMU, counted users, released by the last", test_one_owner_per_pmu },
		{ "a lock dies with its owner", test_lock_dies_with_its_owner },
		{ "an unusable lock directory is refused with the path", test_unusable_lock_dir },
		{ "/proc/locks: the exclusive flock's holder, nothing else",
		  test_flock_line_holder },
		{ "the owner is named while owners come and go (issue 32)",
		  test_owner_named_while_owners_change },
		{ NULL, NULL },
	};
	hu_cu_add_suite("owner_lock", setup, teardown, tests);
}
