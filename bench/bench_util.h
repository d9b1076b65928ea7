/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_util.h - timing, statistics, syscall and allocation counters shared
 * by the benchmarks (header-only; alloc_count.c provides the allocator hooks).
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int bench_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct bench_stats {
	double median, p99, mean, min;
};

/* Sorts @v in place. */
static inline struct bench_stats bench_stats_of(uint64_t *v, size_t n)
{
	struct bench_stats s = { 0, 0, 0, 0 };
	double sum = 0;
	size_t i99;

	if (n == 0)
		return s;
	qsort(v, n, sizeof(*v), bench_cmp_u64);
	for (size_t i = 0; i < n; i++)
		sum += (double)v[i];
	s.min = (double)v[0];
	s.median = n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2;
	i99 = (size_t)((double)(n - 1) * 0.99 + 0.5);
	s.p99 = (double)v[i99];
	s.mean = sum / (double)n;
	return s;
}

/* ---- medians of per-batch ratios with a 95% confidence interval ----------- */

static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Median of @v, sorted ascending. */
static inline double bench_median_sorted(const double *v, size_t n)
{
	if (n == 0)
		return 0;
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * The rank k (1-based) of the distribution-free 95% confidence interval
 * of a median from @n independent samples: [x(k), x(n+1-k)] covers the
 * population median with probability 1 - 2 P(B <= k-1), B ~ Binomial(n, 1/2),
 * which is at least 0.95 for the largest k with 2 P(B <= k-1) <= 0.05.
 * 0 when no such k exists (n < 6).
 */
static inline size_t bench_ci_rank(size_t n)
{
	double p = 1.0, cdf = 0;	/* p = C(n, i) / 2^n, built without overflow */
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		p /= 2;
	for (size_t i = 0; i < n / 2; i++) {
		cdf += p;	/* P(B <= i) */
		if (2 * cdf > 0.05)
			break;
		k = i + 1;
		p = p * (double)(n - i) / (double)(i + 1);
	}
	return k;
}

struct bench_ci {
	double median, lo, hi;	/* lo, hi: the 95% interval when valid */
	size_t n;
	int valid;
};

/* Median of @v with its 95% interval by order statistics (sorts @v). */
static inline struct bench_ci bench_median_ci(double *v, size_t n)
{
	struct bench_ci ci = { 0, 0, 0, n, 0 };
	size_t k = bench_ci_rank(n);

	if (n == 0)
		return ci;
	qsort(v, n, sizeof(*v), bench_cmp_double);
	ci.median = bench_median_sorted(v, n);
	ci.lo = k ? v[k - 1] : v[0];
	ci.hi = k ? v[n - k] : v[n - 1];
	ci.valid = k > 0;
	return ci;
}

enum bench_verdict { BENCH_MET, BENCH_NOT_MET, BENCH_INCONCLUSIVE, BENCH_SUSPECT };

static inline const char *bench_verdict_name(enum bench_verdict v)
{
	static const char *const name[] = { "met", "not met", "inconclusive", "suspect" };

	return name[v];
}

/*
 * Verdict on "the quantity is at most @bound", where no correct
 * implementation goes below @ideal (1 for a ratio to the floor): met when
 * the whole interval lies at or under the bound, not met when it lies
 * above, suspect when it lies under @ideal (the benchmark is wrong).
 */
static inline enum bench_verdict bench_verdict_at_most(struct bench_ci ci, double bound, double ideal)
{
	if (!ci.valid)
		return BENCH_INCONCLUSIVE;
	if (ci.hi < ideal)
		return BENCH_SUSPECT;
	if (ci.hi <= bound)
		return BENCH_MET;
	return ci.lo > bound ? BENCH_NOT_MET : BENCH_INCONCLUSIVE;
}

/* The same for "the quantity is at least @bound", never above @ideal. */
static inline enum bench_verdict bench_verdict_at_least(struct bench_ci ci, double bound, double ideal)
{
	if (!ci.valid)
		return BENCH_INCONCLUSIVE;
	if (ci.lo > ideal)
		return BENCH_SUSPECT;
	if (ci.lo >= bound)
		return BENCH_MET;
	return ci.hi < bound ? BENCH_NOT_MET : BENCH_INCONCLUSIVE;
}

/*
 * Read system calls of this process so far: syscr of /proc/self/io, which
 * the kernel increments in read(), pread64(), readv() and preadv().  The
 * pread() that fetches it counts one itself; callers subtract a calibrated
 * delta (bench_syscr_overhead()).
 */
static int bench_io_fd = -1;

static inline long long bench_syscr(void)
{
	char buf[512], *p;
	ssize_t n;

	if (bench_io_fd < 0)
		bench_io_fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC);
	if (bench_io_fd < 0)
		return -1;
	n = pread(bench_io_fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "syscr:");
	return p ? strtoll(p + 6, NULL, 10) : -1;
}

static inline long long bench_syscr_overhead(void)
{
	long long a = bench_syscr(), b = bench_syscr();

	return b - a;
}

/* Allocation counters (alloc_count.c): calls while counting is on. */
struct bench_allocs {
	unsigned long long malloc_calls, calloc_calls, realloc_calls, free_calls, other_calls;
};

void bench_alloc_count_start(void);
struct bench_allocs bench_alloc_count_stop(void);

static inline unsigned long long bench_allocs_total(const struct bench_allocs *a)
{
	return a->malloc_calls + a->calloc_calls + a->realloc_calls + a->other_calls;
}

#endif /* BENCH_UTIL_H */
