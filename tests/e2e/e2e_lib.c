// SPDX-License-Identifier: BSD-3-Clause
/* e2e_lib.c - see e2e_lib.h */
#define _GNU_SOURCE
#include "e2e_lib.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/TestDB.h>
#include <CUnit/TestRun.h>

void e2e_assert(bool ok, bool fatal, unsigned int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (ok) {
		CU_assertImplementation(CU_TRUE, line, "", __FILE__, "", CU_FALSE);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	CU_assertImplementation(CU_FALSE, line, msg, __FILE__, "", fatal ? CU_TRUE : CU_FALSE);
}

/* ---- runner --------------------------------------------------------------- */

static unsigned int n_pass, n_fail;

static void on_complete(const CU_pTest test, const CU_pSuite suite, const CU_pFailureRecord first)
{
	unsigned int shown = 0, total = 0;
	CU_pFailureRecord f = first;

	(void)suite;
	if (!f) {
		printf("PASS %s\n", test->pName);
		n_pass++;
		fflush(stdout);
		return;
	}
	n_fail++;
	printf("FAIL %s: ", test->pName);
	for (; f; f = f->pNext, total++)
		if (shown < 4)
			printf("%s%s (line %u)", shown++ ? "; " : "", f->strCondition, f->uiLineNumber);
	if (total > shown)
		printf("; ... %u more", total - shown);
	printf("\n");
	fflush(stdout);
}

unsigned int e2e_run(const char *suite, const struct e2e_test *tests)
{
	CU_pSuite s;

	if (CU_initialize_registry() != CUE_SUCCESS) {
		printf("FAIL %s: CUnit registry\n", suite);
		return 1;
	}
	s = CU_add_suite(suite, NULL, NULL);
	for (; s && tests->name; tests++)
		CU_add_test(s, tests->name, tests->fn);
	CU_set_test_complete_handler(on_complete);
	n_pass = n_fail = 0;
	CU_run_all_tests();
	CU_cleanup_registry();
	return n_fail;
}

/* ---- debugfs -------------------------------------------------------------- */

int e2e_write(const char *path, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int fd, n, ret = 0;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof(line) - 1)
		return -E2BIG;
	line[n++] = '\n';
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, line, (size_t)n) != n)
		ret = -errno;
	close(fd);
	return ret;
}

void inject(const char *pmu, const char *fmt, ...)
{
	char line[400], path[256];
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	snprintf(path, sizeof(path), DBG "/%s/inject", pmu);
	ret = e2e_write(path, "%s", line);
	CHECK(ret == 0, "inject '%s' into %s: %s", line, pmu, strerror(-ret));
}

void advance(unsigned long long cycles)
{
	int ret = e2e_write(DBG "/advance", "%llu", cycles);

	CHECK(ret == 0, "advance %llu: %s", cycles, strerror(-ret));
}

int used_slots(const char *pmu)
{
	char path[256], line[512];
	FILE *f;
	int n = 0;

	snprintf(path, sizeof(path), DBG "/%s/slots", pmu);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += strstr(line, " used=1 ") != NULL;
	fclose(f);
	return n;
}

/*
 * The component reads its groups with PERF_FORMAT_GROUP; a read() on any
 * member of such a group returns nr (the group size) first, so summing
 * 1/nr over every perf fd counts the groups.
 */
/* The perf_event fd number @de names, or -1 for anything else. */
static int perf_fd_of(DIR *d, const struct dirent *de)
{
	char link[64], target[128];
	int fd = atoi(de->d_name);
	ssize_t n;

	if (de->d_name[0] == '.' || fd == dirfd(d))
		return -1;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return -1;
	target[n] = '\0';
	return strcmp(target, "anon_inode:[perf_event]") ? -1 : fd;
}

/*
 * @fn with each perf fd's read() of its group (nr, times, values: as many
 * bytes as @n says, -1 if the read failed).
 */
static void each_perf_read(void (*fn)(const uint64_t *buf, ssize_t n, void *ctx), void *ctx)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		uint64_t buf[256];
		int fd = perf_fd_of(d, de);

		if (fd >= 0)
			fn(buf, read(fd, buf, sizeof(buf)), ctx);
	}
	closedir(d);
}

struct group_count {
	struct fd_groups *g;
	double groups;
};

static void count_group(const uint64_t *buf, ssize_t n, void *ctx)
{
	struct group_count *c = ctx;

	if (c->g->nfds < 64)
		c->g->nr[c->g->nfds] = n >= 8 ? (int)buf[0] : -1;
	c->g->nfds++;
	if (n >= 8 && buf[0] > 0)
		c->groups += 1.0 / (double)buf[0];
}

void perf_fd_groups(struct fd_groups *g)
{
	struct group_count c = { g, 0 };

	memset(g, 0, sizeof(*g));
	each_perf_read(count_group, &c);
	g->ngroups = (int)lround(c.groups);
}

static void take_snapshot(const uint64_t *buf, ssize_t n, void *ctx)
{
	struct fd_snapshot *s = ctx;
	int i = s->n;

	if (i == FD_SNAPSHOT_MAX)
		return;
	s->n++;
	s->raw[i] = -1;
	if (n < 24 || buf[0] == 0 || (size_t)n < (3 + buf[0]) * 8)
		return;
	s->raw[i] = 0;
	for (uint64_t m = 0; m < buf[0]; m++)
		s->raw[i] += (double)buf[3 + m];
	s->raw[i] /= (double)buf[0];	/* each member's fd reads its whole group */
	s->enabled[i] = buf[1];
	s->running[i] = buf[2];
}

void perf_fd_snapshot(struct fd_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	each_perf_read(take_snapshot, s);
}

bool perf_fd_scaled_bounds(const struct fd_snapshot *a, const struct fd_snapshot *b,
			   double *lo, double *hi)
{
	*lo = *hi = 0;
	if (a->n != b->n || a->n == 0)
		return false;
	for (int i = 0; i < a->n; i++) {
		if (a->raw[i] < 0 || b->raw[i] < 0 || a->running[i] == 0)
			return false;
		*lo += a->raw[i] * (double)a->enabled[i] / (double)b->running[i];
		*hi += b->raw[i] * (double)b->enabled[i] / (double)a->running[i];
	}
	return true;
}

static void least_enabled(const uint64_t *buf, ssize_t n, void *ctx)
{
	uint64_t *min = ctx;

	if (n >= 24 && buf[1] < *min)
		*min = buf[1];
}

/* The smallest time enabled over this process's perf groups; 0 if none. */
static uint64_t perf_fd_min_enabled(void)
{
	uint64_t min = UINT64_MAX;

	each_perf_read(least_enabled, &min);
	return min == UINT64_MAX ? 0 : min;
}

bool perf_fds_wait_enabled(void)
{
	/* the guest's perf clock can stand still within a tick (TCG) */
	for (int i = 0; i < 2000; i++) {
		if (perf_fd_min_enabled() > 0)
			return true;
		sleep_ms(1);
	}
	return false;
}

/* ---- stderr capture ------------------------------------------------------- */

static int saved_stderr = -1;
static char captured[8192];

/* The component's (hu_message.h): it says each distinct message once per process. */
void hu_message_forget(void);

void capture_begin(void)
{
	char tmpl[] = "/tmp/e2e-stderr-XXXXXX";
	int fd = mkstemp(tmpl);

	hu_message_forget();	/* each test sees its messages as a new process would */
	fflush(stderr);
	if (fd < 0)
		return;
	unlink(tmpl);
	saved_stderr = dup(2);
	dup2(fd, 2);
	close(fd);
}

const char *capture_end(void)
{
	ssize_t n;

	captured[0] = '\0';
	fflush(stderr);
	if (saved_stderr < 0)
		return captured;
	lseek(2, 0, SEEK_SET);
	n = read(2, captured, sizeof(captured) - 1);
	captured[n > 0 ? n : 0] = '\0';
	dup2(saved_stderr, 2);
	close(saved_stderr);
	saved_stderr = -1;
	return captured;
}

/* ---- small things --------------------------------------------------------- */

int read_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	buf[0] = '\0';
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

unsigned long long read_u64(const char *path)
{
	char buf[64];

	if (read_text(path, buf, sizeof(buf)))
		return 0;
	return strtoull(buf, NULL, 0);
}

double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t) && errno == EINTR)
		;
}

double as_double(long long v)
{
	double d;

	memcpy(&d, &v, sizeof(d));
	return d;
}

bool close_rel(double got, double want, double rel)
{
	if (want == 0)
		return got == 0;
	return fabs(got - want) <= rel * fabs(want);
}
