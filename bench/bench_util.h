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
