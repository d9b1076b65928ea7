/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * e2e_lib.h - helpers of the end-to-end tests, run inside the emulated
 * Hip09 guest (emulator/vm-run): debugfs traffic, the slots view, the
 * perf fds of this process, stderr capture, and a CUnit runner that prints
 * one "PASS <name>" or "FAIL <name>: <why>" line per test.
 */
#ifndef HU_E2E_LIB_H
#define HU_E2E_LIB_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <CUnit/CUnit.h>

#define DBG "/sys/kernel/debug/hip09_emu"
#define DEVS "/sys/bus/event_source/devices"
#define P0 "hisi_pcie0_core0"
#define P1 "hisi_pcie0_core1"
#define H "hns3_pmu_sicl_0"

/*
 * CHECK(cond, fmt, ...): a CUnit assertion whose failure message says what
 * was wanted and what came (the runner prints the first few).
 */
void e2e_assert(bool ok, bool fatal, unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define CHECK(cond, ...) e2e_assert((cond), false, __LINE__, __VA_ARGS__)
#define CHECK_FATAL(cond, ...) e2e_assert((cond), true, __LINE__, __VA_ARGS__)
#define CHECK_EQ(got, want, what)                                                          \
	do {                                                                               \
		long long g_ = (long long)(got), w_ = (long long)(want);                   \
		CHECK(g_ == w_, "%s: want %lld, got %lld", (what), w_, g_);                \
	} while (0)

/* A test: name (printed) and function. */
struct e2e_test {
	const char *name;
	CU_TestFunc fn;
};

/* Run @tests in order; prints PASS/FAIL per test; returns failures. */
unsigned int e2e_run(const char *suite, const struct e2e_test *tests);

/* Write one line to a debugfs file; 0 or -errno. */
int e2e_write(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One traffic batch (a line of <pmu>/inject); fails the test if refused. */
void inject(const char *pmu, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* N cycles of time on every enabled slot. */
void advance(unsigned long long cycles);
/* "used=1" lines of <pmu>/slots. */
int used_slots(const char *pmu);

/* perf fds of this process and the number of perf groups they form. */
struct fd_groups {
	int nfds;
	int ngroups;
	int nr[64];	/* group size seen from each fd */
};
void perf_fd_groups(struct fd_groups *g);

/*
 * Each perf fd of this process, its group as read at one moment (with
 * PERF_FORMAT_GROUP and both times; raw: the member's share of the group's
 * counts, as each member's fd reads the whole group).
 */
#define FD_SNAPSHOT_MAX 64
struct fd_snapshot {
	int n;
	double raw[FD_SNAPSHOT_MAX];
	uint64_t enabled[FD_SNAPSHOT_MAX], running[FD_SNAPSHOT_MAX];
};
void perf_fd_snapshot(struct fd_snapshot *s);

/*
 * What a reader between snapshots @a and @b scales the counts to (each
 * raw count by time enabled / time running), summed over the groups, is
 * within [*lo, *hi]: counts and times only grow, so each group's ratio
 * enabled / running then is at least @a's enabled over @b's running and at
 * most @b's enabled over @a's running, however the groups took turns in
 * between.  False if the snapshots do not match or a group had not run.
 */
bool perf_fd_scaled_bounds(const struct fd_snapshot *a, const struct fd_snapshot *b,
			   double *lo, double *hi);

/*
 * Until every perf group of this process has been enabled for some time
 * (a rate over none is n/a): false if that never came, within 2 s.
 */
bool perf_fds_wait_enabled(void);

/* Capture what is written to fd 2 between begin and end (NUL-terminated). */
void capture_begin(void);
const char *capture_end(void);

/* Read a small sysfs/debugfs file into @buf (trailing newline dropped). */
int read_text(const char *path, char *buf, size_t len);
unsigned long long read_u64(const char *path);

double now_s(void);
void sleep_ms(long ms);
double as_double(long long v);
bool close_rel(double got, double want, double rel);

#endif /* HU_E2E_LIB_H */
