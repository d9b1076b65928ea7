// SPDX-License-Identifier: BSD-3-Clause
/*
 * Races between threads inside libpapi with hisi_uncore (issue 11).  Each
 * mode is repeated ITERATIONS times in one process, each time after a fresh
 * PAPI_library_init so that nothing is resolved or torn down yet:
 *
 *   test_races names [ITERATIONS]         8 threads resolve hisi names at once
 *   test_races shutdown [ITERATIONS]      4 threads call PAPI_shutdown at once
 *   test_races counting [ITERATIONS [LOOPS]]
 *       8 threads, each with its own EventSet on the sw_alias PMU,
 *       start/read/read/stop LOOPS times (default 1000): cpu-clock grows
 *       within each start-stop, the software dummy event stays exactly 0
 *   test_races churn [ITERATIONS [LOOPS]]
 *       8 threads create, add (one add refused), remove, clean up and
 *       destroy an EventSet LOOPS times (default 200)
 *   test_races native_reads [ITERATIONS]
 *       one thread enumerates every component's events, so PAPI's native
 *       event table grows (and moves) while 7 threads ask PAPI for the name,
 *       component and description of an event resolved before
 *   test_races all [ITERATIONS [LOOPS]]   each of the above in turn
 *
 * Threads meet at a barrier, so the calls overlap without sleeps.  A wrong
 * result exits 1 naming it; a crash kills the process, which the tiers
 * count as a failure too.  Run with the threads tier's SYSFS_PATH and
 * HISI_UNCORE_EXTRA_PMUS=sw_alias (tests/lib/fake-sysfs.sh: the kernel's
 * software PMU with events/ aliases): the counting modes open real software
 * events through the component, on any architecture.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"

#define THREADS 8
#define SHUTDOWN_THREADS 4
#define WHY_LEN 256

static pthread_barrier_t barrier;
static long loops;	/* per thread, in the counting and churn modes */

static unsigned long thread_id(void)
{
	return (unsigned long)pthread_self();
}

static int init_papi(void)
{
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "test_races: PAPI_library_init failed\n");
		return -1;
	}
	if (PAPI_thread_init(thread_id) != PAPI_OK) {
		fprintf(stderr, "test_races: PAPI_thread_init failed\n");
		return -1;
	}
	return 0;
}

/* What one thread saw: the first thing that was wrong, if any. */
struct job {
	int id;
	bool failed;
	char why[WHY_LEN];
};

static bool job_fail(struct job *job, const char *fmt, ...)
{
	va_list ap;

	if (!job->failed) {
		va_start(ap, fmt);
		vsnprintf(job->why, sizeof(job->why), fmt, ap);
		va_end(ap);
		job->failed = true;
	}
	return false;
}

/* Whether PAPI call @what returned @want; records the difference if not. */
static bool expect_ret(struct job *job, const char *what, int got, int want)
{
	if (got == want)
		return true;
	return job_fail(job, "thread %d: %s returned %s, expected %s", job->id, what,
			PAPI_strerror(got), PAPI_strerror(want));
}

/* Run @body in @n threads that meet at the barrier; 0 if none failed. */
static int run_threads(unsigned int n, void *(*body)(void *))
{
	struct job job[THREADS];
	pthread_t tid[THREADS];
	int ret = 0;

	for (unsigned int i = 0; i < n; i++) {
		job[i] = (struct job){ .id = (int)i };
		pthread_create(&tid[i], NULL, body, &job[i]);
	}
	for (unsigned int i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	for (unsigned int i = 0; i < n; i++)
		if (job[i].failed) {
			fprintf(stderr, "test_races: %s\n", job[i].why);
			ret = -1;
		}
	return ret;
}

/* PAPI keeps per-thread state for names and EventSets: register first. */
static bool register_thread(struct job *job)
{
	return expect_ret(job, "PAPI_register_thread", PAPI_register_thread(), PAPI_OK);
}

/* ---- names: 8 threads resolve new hisi names at once ------------------------ */

/* Names of different PMUs and components, none resolved before. */
static const char *const names[THREADS] = {
	"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
	"hns3_pmu_sicl_0::bw_ssu_rpu_time",
	"hisi_pcie0_core0::rx_mwr_latency",
	"hisi_pcie0_core0::rx_mwr_cnt",
	"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
	"hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num",
	"hisi_pcie0_core0::rx_mwr_latency",
	"hns3_pmu_sicl_0::bw_ssu_egu_byte_num",
};
static int codes[THREADS];

static void *resolve(void *arg)
{
	struct job *job = arg;
	bool ok = register_thread(job);

	pthread_barrier_wait(&barrier);
	if (ok)
		expect_ret(job, names[job->id], PAPI_event_name_to_code(names[job->id],
								       &codes[job->id]), PAPI_OK);
	PAPI_unregister_thread();
	return NULL;
}

/* One name always gets one code. */
static int check_codes(void)
{
	for (int i = 0; i < THREADS; i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(names[i], names[j]) && codes[i] != codes[j]) {
				fprintf(stderr, "test_races: %s got codes %#x and %#x\n",
					names[i], codes[i], codes[j]);
				return -1;
			}
	return 0;
}

static int names_once(void)
{
	int ret;

	if (init_papi())
		return -1;
	ret = run_threads(THREADS, resolve);
	if (ret == 0)
		ret = check_codes();
	PAPI_shutdown();
	return ret;
}

/* ---- shutdown: 4 threads call PAPI_shutdown at once ------------------------- */

static void *shut_down(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&barrier);
	PAPI_shutdown();
	return NULL;
}

/* After the race PAPI must be uninitialised, ready for the next init. */
static int shutdown_once(void)
{
	if (init_papi())
		return -1;
	if (run_threads(SHUTDOWN_THREADS, shut_down))
		return -1;
	if (PAPI_is_initialized() != PAPI_NOT_INITED) {
		fprintf(stderr, "test_races: PAPI still initialised after PAPI_shutdown\n");
		return -1;
	}
	return 0;
}

/* ---- EventSets of the sw_alias PMU ------------------------------------------- */

/*
 * cpu-clock (an events/ alias) counts nanoseconds from start and never goes
 * back; PERF_COUNT_SW_DUMMY (software config 9, a raw term) counts nothing,
 * so anything but 0 is a value that came from somewhere else.
 */
#define CPU_CLOCK 0
#define DUMMY 1
static const char *const count_events[] = { "sw_alias::cpu-clock", "sw_alias::config=9" };

static bool make_set(struct job *job, int *set)
{
	*set = PAPI_NULL;
	if (!expect_ret(job, "PAPI_create_eventset", PAPI_create_eventset(set), PAPI_OK))
		return false;
	for (int i = 0; i < 2; i++)
		if (!expect_ret(job, count_events[i], PAPI_add_named_event(*set, count_events[i]),
				PAPI_OK))
			return false;
	return true;
}

static bool drop_set(struct job *job, int *set)
{
	return expect_ret(job, "PAPI_cleanup_eventset", PAPI_cleanup_eventset(*set), PAPI_OK) &&
	       expect_ret(job, "PAPI_destroy_eventset", PAPI_destroy_eventset(set), PAPI_OK);
}

/* ---- counting: start/read/read/stop in 8 threads ------------------------------ */

/* Two reads and the stop's values: cpu-clock monotonic and started, dummy 0. */
static bool check_counts(struct job *job, long long v[3][2], long loop)
{
	long long c0 = v[0][CPU_CLOCK], c1 = v[1][CPU_CLOCK], c2 = v[2][CPU_CLOCK];

	for (int k = 0; k < 3; k++)
		if (v[k][DUMMY] != 0)
			return job_fail(job, "thread %d loop %ld: the dummy event read %lld",
					job->id, loop, v[k][DUMMY]);
	if (c0 <= 0 || c1 < c0 || c2 < c1)
		return job_fail(job, "thread %d loop %ld: %s not monotonic: %lld %lld %lld",
				job->id, loop, count_events[CPU_CLOCK], c0, c1, c2);
	return true;
}

static bool count_once(struct job *job, int set, long loop)
{
	long long v[3][2];

	return expect_ret(job, "PAPI_start", PAPI_start(set), PAPI_OK) &&
	       expect_ret(job, "PAPI_read", PAPI_read(set, v[0]), PAPI_OK) &&
	       expect_ret(job, "PAPI_read", PAPI_read(set, v[1]), PAPI_OK) &&
	       expect_ret(job, "PAPI_stop", PAPI_stop(set, v[2]), PAPI_OK) &&
	       check_counts(job, v, loop);
}

static void *count_loop(void *arg)
{
	struct job *job = arg;
	int set = PAPI_NULL;
	bool ok = register_thread(job) && make_set(job, &set);

	pthread_barrier_wait(&barrier);
	for (long l = 0; ok && l < loops; l++)
		ok = count_once(job, set, l);
	if (set != PAPI_NULL)
		drop_set(job, &set);
	PAPI_unregister_thread();
	return NULL;
}

static int counting_once(void)
{
	int ret;

	if (init_papi())
		return -1;
	ret = run_threads(THREADS, count_loop);
	PAPI_shutdown();
	return ret;
}

/* ---- churn: create/add/remove/cleanup/destroy in 8 threads -------------------- */

/* A fixture PMU: it resolves, but its perf type is not in this kernel. */
#define ABSENT_TYPE_EVENT "hns3_pmu_sicl_0::bw_ssu_egu_byte_num:global=1"

static bool churn_once(struct job *job)
{
	int set = PAPI_NULL;

	return make_set(job, &set) &&
	       expect_ret(job, ABSENT_TYPE_EVENT, PAPI_add_named_event(set, ABSENT_TYPE_EVENT),
			  PAPI_ENOEVNT) &&
	       expect_ret(job, "PAPI_remove_named_event cpu-clock",
			  PAPI_remove_named_event(set, count_events[CPU_CLOCK]), PAPI_OK) &&
	       drop_set(job, &set);
}

static void *churn_loop(void *arg)
{
	struct job *job = arg;
	bool ok = register_thread(job);

	pthread_barrier_wait(&barrier);
	for (long l = 0; ok && l < loops; l++)
		ok = churn_once(job);
	PAPI_unregister_thread();
	return NULL;
}

static int churn_once_all(void)
{
	int ret;

	if (init_papi())
		return -1;
	ret = run_threads(THREADS, churn_loop);
	PAPI_shutdown();
	return ret;
}

/* ---- native_reads: the native event table grows under readers ------------------ */

/* An event resolved before the race, and what PAPI says about it then. */
static struct {
	int code, cidx;
	char name[PAPI_MAX_STR_LEN];
	char descr[PAPI_HUGE_STR_LEN];
} known;
static atomic_bool writer_done;
static atomic_long enumerated;

/* Every event and qualifier of component @cidx: each gets a native entry. */
static long enumerate_component(int cidx)
{
	int code = PAPI_NATIVE_MASK;
	long n = 0;

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return 0;
	do {
		int q = code;

		n++;
		while (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK)
			n++;
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	return n;
}

static void enumerate_all(void)
{
	long n = 0;

	for (int cidx = 0; cidx < PAPI_num_components(); cidx++)
		n += enumerate_component(cidx);
	atomic_store(&enumerated, n);
}

/* Name, component and description of the known event, as before the race. */
static bool read_known(struct job *job)
{
	char name[PAPI_MAX_STR_LEN];
	PAPI_event_info_t info;
	int cidx;

	if (!expect_ret(job, "PAPI_event_code_to_name", PAPI_event_code_to_name(known.code, name),
			PAPI_OK) ||
	    !expect_ret(job, "PAPI_get_event_info", PAPI_get_event_info(known.code, &info), PAPI_OK))
		return false;
	cidx = PAPI_get_event_component(known.code);
	if (strcmp(name, known.name) || strcmp(info.long_descr, known.descr) || cidx != known.cidx)
		return job_fail(job, "thread %d: event %#x is now '%s' of component %d ('%.40s'),"
				" was '%s' of component %d", job->id, known.code, name, cidx,
				info.long_descr, known.name, known.cidx);
	return true;
}

static void *grow_or_read(void *arg)
{
	struct job *job = arg;
	bool ok = register_thread(job);

	pthread_barrier_wait(&barrier);
	if (job->id == 0) {
		enumerate_all();
		atomic_store(&writer_done, true);
	} else {
		while (ok && !atomic_load(&writer_done))
			ok = read_known(job);
	}
	PAPI_unregister_thread();
	return NULL;
}

static int learn_known(void)
{
	PAPI_event_info_t info;

	if (PAPI_event_name_to_code(count_events[CPU_CLOCK], &known.code) != PAPI_OK ||
	    PAPI_event_code_to_name(known.code, known.name) != PAPI_OK ||
	    PAPI_get_event_info(known.code, &info) != PAPI_OK) {
		fprintf(stderr, "test_races: %s does not resolve\n", count_events[CPU_CLOCK]);
		return -1;
	}
	snprintf(known.descr, sizeof(known.descr), "%s", info.long_descr);
	known.cidx = PAPI_get_event_component(known.code);
	return 0;
}

static int native_reads_once(void)
{
	int ret;

	if (init_papi())
		return -1;
	atomic_store(&writer_done, false);
	ret = learn_known();
	if (ret == 0)
		ret = run_threads(THREADS, grow_or_read);
	PAPI_shutdown();
	return ret;
}

/* ---- modes ----------------------------------------------------------------------- */

struct mode {
	const char *name;
	int (*once)(void);
	unsigned int threads;
	long loops;	/* default LOOPS */
};

static const struct mode modes[] = {
	{ "names", names_once, THREADS, 0 },
	{ "shutdown", shutdown_once, SHUTDOWN_THREADS, 0 },
	{ "counting", counting_once, THREADS, 1000 },
	{ "churn", churn_once_all, THREADS, 200 },
	{ "native_reads", native_reads_once, THREADS, 0 },
};
#define NMODES (sizeof(modes) / sizeof(modes[0]))

static int run_mode(const struct mode *m, long iterations, long want_loops)
{
	int ret = 0;

	loops = want_loops > 0 ? want_loops : m->loops;
	pthread_barrier_init(&barrier, NULL, m->threads);
	for (long i = 0; i < iterations && ret == 0; i++)
		if (m->once()) {
			fprintf(stderr, "test_races %s: failed in iteration %ld\n", m->name, i);
			ret = 1;
		}
	pthread_barrier_destroy(&barrier);
	if (ret == 0 && m->loops)
		printf("test_races %s: %ld iterations of %u threads x %ld loops\n", m->name,
		       iterations, m->threads, loops);
	else if (ret == 0)
		printf("test_races %s: %ld iterations\n", m->name, iterations);
	return ret;
}

static void usage(void)
{
	fprintf(stderr, "usage: test_races names|shutdown|counting|churn|native_reads|all"
		" [ITERATIONS [LOOPS]]\n");
}

int main(int argc, char **argv)
{
	long iterations = argc > 2 ? strtol(argv[2], NULL, 10) : 50;
	long want_loops = argc > 3 ? strtol(argv[3], NULL, 10) : 0;
	bool all = argc > 1 && !strcmp(argv[1], "all");
	int ret = 0, matched = 0;

	setenv("HISI_UNCORE_QUIET", "1", 1);
	for (size_t i = 0; argc > 1 && i < NMODES && ret == 0; i++)
		if (all || !strcmp(argv[1], modes[i].name)) {
			matched++;
			ret = run_mode(&modes[i], iterations, want_loops);
		}
	if (!matched) {
		usage();
		return 2;
	}
	if (ret == 0 && atomic_load(&enumerated))
		printf("test_races native_reads: each enumeration added %ld native events\n",
		       atomic_load(&enumerated));
	return ret;
}
