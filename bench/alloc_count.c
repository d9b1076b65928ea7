// SPDX-License-Identifier: BSD-3-Clause
/*
 * alloc_count.c - an interposed allocator that counts calls.
 *
 * Linked into a benchmark executable, these definitions replace glibc's
 * malloc family for the whole process (glibc's documented "replacing
 * malloc" mechanism: the executable's symbols win, libc's own internal
 * calls included), and forward to glibc's allocator through its exported
 * __libc_* entry points, so memory from either side can be freed by the
 * other.  Counting is on between bench_alloc_count_start() and _stop().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "bench_util.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static volatile int counting;
static struct bench_allocs counts;

void bench_alloc_count_start(void)
{
	memset(&counts, 0, sizeof(counts));
	__atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

struct bench_allocs bench_alloc_count_stop(void)
{
	__atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST);
	return counts;
}

#define COUNT(field) \
	do { \
		if (counting) \
			__atomic_add_fetch(&counts.field, 1, __ATOMIC_RELAXED); \
	} while (0)

void *malloc(size_t n)
{
	COUNT(malloc_calls);
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	COUNT(calloc_calls);
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	COUNT(realloc_calls);
	return __libc_realloc(p, n);
}

void free(void *p)
{
	if (p)
		COUNT(free_calls);
	__libc_free(p);
}

void *memalign(size_t align, size_t n)
{
	COUNT(other_calls);
	return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	COUNT(other_calls);
	return __libc_memalign(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p;

	COUNT(other_calls);
	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	p = __libc_memalign(align, n);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}
