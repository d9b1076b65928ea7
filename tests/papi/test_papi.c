// SPDX-License-Identifier: BSD-3-Clause
/*
 * The PAPI tier: the hisi_uncore component inside a real libpapi.
 *
 * Run with SYSFS_PATH pointing at a root that holds the fixture PMUs plus
 * sw_alias (tests/lib/fake-sysfs.sh: the kernel's software PMU with events/
 * aliases), and HISI_UNCORE_EXTRA_PMUS=sw_alias, so the listing covers the
 * Hip09 fixtures and the counting path runs for real, on any architecture,
 * on sw_alias (the fixture PMUs' types do not exist in this kernel).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cu_main.h"
#include "papi.h"
#include "papi_stderr.h"
#include "table_counts.h"

static int cidx = -1;

/* The events/ directory of the fake root's sw_alias PMU. */
#define SW_ALIAS_EVENTS "/bus/event_source/devices/sw_alias/events"

static int setup(void)
{
	setenv("HISI_UNCORE_QUIET", "1", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	cidx = PAPI_get_component_index("hisi_uncore");
	return cidx < 0;
}

static int teardown(void)
{
	PAPI_shutdown();
	return 0;
}

static void test_component_enabled(void)
{
	const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
	int has_pcie = 0, has_hns3 = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(info);
	HU_ASSERT_EQ(info->disabled, 0);
	HU_ASSERT_EQ(info->default_granularity, PAPI_GRN_SYS);
	for (int i = 0; i < PAPI_PMU_MAX && info->pmu_names[i]; i++) {
		has_pcie |= !strcmp(info->pmu_names[i], "hisi_pcie0_core0");
		has_hns3 |= !strcmp(info->pmu_names[i], "hns3_pmu_sicl_0");
	}
	CU_ASSERT_TRUE(has_pcie);
	CU_ASSERT_TRUE(has_hns3);
}

/*
 * A qualifier's symbol is its event's name with the qualifier text after
 * it, and resolves through PAPI as papi_native_avail -c and
 * papi_event_chooser use it; the count is qualifiers that resolved.
 */
static int check_qualifiers(int code, const char *event)
{
	PAPI_event_info_t info;
	int q = code, good = 0, again;

	if (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) != PAPI_OK)
		return 0;
	do {
		HU_ASSERT_EQ_FATAL(PAPI_get_event_info(q, &info), PAPI_OK);
		if (strncmp(info.symbol, event, strlen(event)) == 0 && info.symbol[strlen(event)] == ':' &&
		    PAPI_event_name_to_code(info.symbol, &again) == PAPI_OK)
			good++;
		else
			fprintf(stderr, "qualifier listed but refused: %s\n", info.symbol);
	} while (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK);
	return good;
}

/* The files of @dir under $SYSFS_PATH (-1 if unreadable): a PMU's aliases. */
static int count_files(const char *dir)
{
	const char *root = getenv("SYSFS_PATH");
	char path[4096];
	struct dirent *d;
	DIR *dp;
	int n = 0;

	snprintf(path, sizeof(path), "%s%s", root ? root : "/sys", dir);
	dp = opendir(path);
	if (!dp)
		return -1;
	while ((d = readdir(dp)))
		n += d->d_name[0] != '.';
	closedir(dp);
	return n;
}

/* The events and metrics of one HNS3 and one PCIe fixture PMU. */
static int fixture_entries(void)
{
	return (int)(hu_tables_events(HIP09_FAMILY_HNS3) + hu_tables_metrics(HIP09_FAMILY_HNS3) +
	       hu_tables_events(HIP09_FAMILY_PCIE) + hu_tables_metrics(HIP09_FAMILY_PCIE));
}

static void test_listing(void)
{
	int code = PAPI_NATIVE_MASK, n = 0, quals = 0, described = 0;
	int aliases = count_files(SW_ALIAS_EVENTS);
	char event[PAPI_HUGE_STR_LEN];
	PAPI_event_info_t info;

	HU_ASSERT_EQ_FATAL(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx), PAPI_OK);
	do {
		HU_ASSERT_EQ(PAPI_get_event_info(code, &info), PAPI_OK);
		described += info.long_descr[0] != '\0' &&
			     (info.data_type == PAPI_DATATYPE_UINT64 || info.data_type == PAPI_DATATYPE_FP64);
		snprintf(event, sizeof(event), "%s", info.symbol);
		quals += check_qualifiers(code, event);
		n++;
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	/* the fixture PMUs' events and metrics as the tables count them, once more as
	 * their families' aggregates (one instance each), and sw_alias's aliases */
	CU_ASSERT(aliases > 0);
	HU_ASSERT_EQ(n, 2 * fixture_entries() + aliases);
	HU_ASSERT_EQ(described, n);
	/* at least global=1 on every HNS3 entry and port on every PCIe one */
	CU_ASSERT(quals >= fixture_entries());
}

static void test_name_round_trips(void)
{
	static const char *const names[] = {
		"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num",
		"hisi_pcie0_core0::rx_mwr_latency:port=0x1",
		"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1:tc=2",
		"hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth:port=1",
	};
	char back[PAPI_MAX_STR_LEN];
	char prefixed[PAPI_MAX_STR_LEN];
	int code, code2;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		HU_ASSERT_EQ(PAPI_event_name_to_code(names[i], &code), PAPI_OK);
		HU_ASSERT_EQ(PAPI_get_event_component(code), cidx);
		HU_ASSERT_EQ(PAPI_event_code_to_name(code, back), PAPI_OK);
		HU_ASSERT_STR_EQ(back, names[i]);
		snprintf(prefixed, sizeof(prefixed), "hisi_uncore:::%s", names[i]);
		HU_ASSERT_EQ(PAPI_event_name_to_code(prefixed, &code2), PAPI_OK);
		HU_ASSERT_EQ(PAPI_get_event_component(code2), cidx);
	}
}

static int add_named(const char *name)
{
	int set = PAPI_NULL, ret;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	ret = PAPI_add_named_event(set, name);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	return ret;
}

/*
 * Routed to hisi_uncore alone (the prefix), each mistake has its own code.
 * A plain name is asked of every component that knows the PMU, and PAPI
 * returns the last one's error: here perf_event_uncore's (see README).
 */
static void test_qualifier_errors(void)
{
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:tc=16"), PAPI_EATTR);
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:warp=1"), PAPI_EATTR);
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:port"), PAPI_EATTR);
	/* a malformed value is the user's bad attribute, not a system error */
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:port=0xg"), PAPI_EATTR);
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:port="), PAPI_EATTR);
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_0::no_such_event"), PAPI_ENOEVNT);
	HU_ASSERT_EQ(add_named("hisi_uncore:::hns3_pmu_sicl_7::bw_ssu_egu_byte_num"), PAPI_ENOEVNT);
	/* the fixture PMU's type does not exist in this kernel: ENOENT */
	HU_ASSERT_EQ(add_named("hns3_pmu_sicl_0::bw_ssu_egu_byte_num:global=1"), PAPI_ENOEVNT);
	HU_ASSERT_NE(add_named("hns3_pmu_sicl_0::bw_ssu_egu_byte_num:warp=1"), PAPI_OK);
}

/* Nanoseconds of CLOCK_MONOTONIC since @t0. */
static long long ns_since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) * 1000000000LL + (now.tv_nsec - t0->tv_nsec);
}

/* Whether a cpu-clock count is at most the @wall_ns around it (1% slack, see below). */
static int within_ns(long long count, long long wall_ns)
{
	return count >= 0 && count <= wall_ns + wall_ns / 100;
}

/*
 * A cpu-clock count is plausible if it covers the @spun_ms milliseconds
 * spun while it counted and is no more than the @wall_ns around them; 1%
 * slack, as perf's clock (local_clock) is not quite CLOCK_MONOTONIC.
 */
static int plausible_ns(long long count, long spun_ms, long long wall_ns)
{
	return count >= spun_ms * 990000LL && within_ns(count, wall_ns);
}

/*
 * On a started @set whose cpu-clock counts: reset zeroes, accum adds the
 * count since the reset to a value far above it (1000 s) and resets.  A
 * count since a reset is bounded by the wall time since just before it, not
 * by an earlier count: the sw_alias clock runs on while a loaded machine
 * keeps this process waiting between the calls.
 */
static void check_reset_and_accum(int set)
{
	const long long base = 1000000000000LL;
	long long v = 0, acc = base, wall;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	HU_ASSERT_EQ(PAPI_reset(set), PAPI_OK);
	HU_ASSERT_EQ(PAPI_read(set, &v), PAPI_OK);
	CU_ASSERT(within_ns(v, ns_since(&t0)));
	spin_ms(10);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	HU_ASSERT_EQ(PAPI_accum(set, &acc), PAPI_OK);
	wall = ns_since(&t0);
	CU_ASSERT(plausible_ns(acc - base, 10, wall));
	HU_ASSERT_EQ(PAPI_read(set, &v), PAPI_OK);
	CU_ASSERT(within_ns(v, ns_since(&t1)));
}

/* An events/ alias opened for real counts the nanoseconds it ran. */
static void test_counts_ns(void)
{
	long long v1 = 0, v2 = 0, wall1, wall2;
	struct timespec t0;
	int set = PAPI_NULL;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, "sw_alias::cpu-clock"), PAPI_OK);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	HU_ASSERT_EQ(PAPI_start(set), PAPI_OK);
	spin_ms(10);
	HU_ASSERT_EQ(PAPI_read(set, &v1), PAPI_OK);
	wall1 = ns_since(&t0);
	spin_ms(30);
	HU_ASSERT_EQ(PAPI_read(set, &v2), PAPI_OK);
	wall2 = ns_since(&t0);
	CU_ASSERT(plausible_ns(v1, 10, wall1));
	CU_ASSERT(plausible_ns(v2, 40, wall2));
	CU_ASSERT(v2 - v1 >= 30 * 990000LL);	/* grows with the time measured */
	check_reset_and_accum(set);
	HU_ASSERT_EQ(PAPI_stop(set, &v1), PAPI_OK);
	CU_ASSERT(v1 > 0);
	HU_ASSERT_EQ(PAPI_cleanup_eventset(set), PAPI_OK);
	HU_ASSERT_EQ(PAPI_destroy_eventset(&set), PAPI_OK);
}

/* Count 20 ms of spinning on @set into @v, whose v[0] is a cpu-clock: it must show them. */
static void count_20ms_spin(int set, long long *v)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	HU_ASSERT_EQ(PAPI_start(set), PAPI_OK);
	spin_ms(20);
	HU_ASSERT_EQ(PAPI_stop(set, v), PAPI_OK);
	CU_ASSERT(plausible_ns(v[0], 20, ns_since(&t0)));
}

/*
 * Positions stay right when they do not follow the counters: ev[0] and
 * ev[2] are one attr, opened once and read into both, and removing ev[1]
 * moves ev[2] to position 1.  (All three are in one perf group: a second
 * group needs a second PMU type, and sw_alias is the only one that opens.)
 */
static void test_positions_after_removal(void)
{
	const char *ev[3] = { "sw_alias::cpu-clock", "sw_alias::config=9", "sw_alias::event=0" };
	long long v[3];
	int set = PAPI_NULL;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	for (int i = 0; i < 3; i++)
		HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, ev[i]), PAPI_OK);
	count_20ms_spin(set, v);
	HU_ASSERT_EQ(v[1], 0);	/* PERF_COUNT_SW_DUMMY counts nothing */
	HU_ASSERT_EQ(v[2], v[0]);
	HU_ASSERT_EQ(PAPI_remove_named_event(set, ev[1]), PAPI_OK);
	count_20ms_spin(set, v);
	HU_ASSERT_EQ(v[1], v[0]);	/* ev[2], not the removed dummy, in position 1 */
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
}

static void test_system_wide_only(void)
{
	PAPI_option_t opt;
	int set = PAPI_NULL;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_assign_eventset_component(set, cidx), PAPI_OK);
	memset(&opt, 0, sizeof(opt));
	opt.domain.eventset = set;
	opt.domain.domain = PAPI_DOM_USER;
	HU_ASSERT_NE(PAPI_set_opt(PAPI_DOMAIN, &opt), PAPI_OK);
	memset(&opt, 0, sizeof(opt));
	opt.attach.eventset = set;
	opt.attach.tid = 1;
	HU_ASSERT_NE(PAPI_set_opt(PAPI_ATTACH, &opt), PAPI_OK);
	PAPI_destroy_eventset(&set);
}

/*
 * PAPI's stock perf_event_uncore sees the fixture PMUs too (our libpfm4
 * models, built into PAPI's bundled libpfm4); plain names must still
 * resolve to hisi_uncore, and the prefixed form to the component named.
 */
static void overflow_handler(int set, void *address, long long vector, void *ctx)
{
	(void)set;
	(void)address;
	(void)vector;
	(void)ctx;
}

/* Uncore counters cannot interrupt: overflow is refused, not emulated. */
static void test_overflow_refused(void)
{
	int set = PAPI_NULL, code;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, "sw_alias::cpu-clock"), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_event_name_to_code("sw_alias::cpu-clock", &code), PAPI_OK);
	HU_ASSERT_EQ(PAPI_overflow(set, code, 1000000, 0, overflow_handler), PAPI_ECMP);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
}

/*
 * PAPI_add from a thread with a small stack (96 kB; some runtimes give their
 * threads less than glibc's 8 MB): the component keeps nothing large on it.
 * aarch64's glibc allows no stack under 128 kB: the smallest allowed then.
 */
static void *add_on_small_stack(void *arg)
{
	int set = PAPI_NULL;

	*(int *)arg = PAPI_create_eventset(&set) == PAPI_OK &&
		      PAPI_add_named_event(set, "sw_alias::task-clock") == PAPI_OK &&
		      PAPI_cleanup_eventset(set) == PAPI_OK && PAPI_destroy_eventset(&set) == PAPI_OK;
	return NULL;
}

static void test_small_thread_stack(void)
{
	long least = sysconf(_SC_THREAD_STACK_MIN);
	size_t size = least > 96 * 1024 ? (size_t)least : 96 * 1024;
	pthread_attr_t attr;
	pthread_t tid;
	int ok = 0;

	pthread_attr_init(&attr);
	HU_ASSERT_EQ_FATAL(pthread_attr_setstacksize(&attr, size), 0);
	HU_ASSERT_EQ_FATAL(pthread_create(&tid, &attr, add_on_small_stack, &ok), 0);
	pthread_join(tid, NULL);
	pthread_attr_destroy(&attr);
	CU_ASSERT_TRUE(ok);
}

/* Running out of file descriptors is PAPI_ECOUNT, and nothing stays open. */
static void test_emfile_is_ecount(void)
{
	struct rlimit old, low;
	int set = PAPI_NULL, before, lowest_free;

	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, "sw_alias::config=0"), PAPI_OK);
	before = count_open_fds();
	lowest_free = dup(0);
	close(lowest_free);
	getrlimit(RLIMIT_NOFILE, &old);
	low = old;
	low.rlim_cur = (rlim_t)lowest_free;	/* room for what is open, not one more */
	HU_ASSERT_EQ_FATAL(setrlimit(RLIMIT_NOFILE, &low), 0);
	HU_ASSERT_EQ(PAPI_add_named_event(set, "sw_alias::config=1"), PAPI_ECOUNT);
	setrlimit(RLIMIT_NOFILE, &old);
	CU_ASSERT(count_open_fds() <= before);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
}

static void test_both_components_know_the_pmus(void)
{
	int peu = PAPI_get_component_index("perf_event_uncore");
	const PAPI_component_info_t *info;
	int code, listed = 0;

	CU_ASSERT_FATAL(peu >= 0);
	info = PAPI_get_component_info(peu);
	CU_ASSERT_PTR_NOT_NULL_FATAL(info);
	HU_ASSERT_EQ(info->disabled, 0);
	for (int i = 0; i < PAPI_PMU_MAX && info->pmu_names[i]; i++)
		listed += !strcmp(info->pmu_names[i], "hisi_pcie0_core0") ||
			  !strcmp(info->pmu_names[i], "hns3_pmu_sicl_0");
	HU_ASSERT_EQ(listed, 2);
	HU_ASSERT_EQ(PAPI_event_name_to_code("hisi_pcie0_core0::rx_mwr_latency", &code), PAPI_OK);
	HU_ASSERT_EQ(PAPI_get_event_component(code), cidx);
	HU_ASSERT_EQ(PAPI_event_name_to_code("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1", &code), PAPI_OK);
	HU_ASSERT_EQ(PAPI_get_event_component(code), cidx);
	HU_ASSERT_EQ(PAPI_event_name_to_code("perf_event_uncore:::hisi_pcie0_core0::rx_mwr_latency", &code),
		     PAPI_OK);
	HU_ASSERT_EQ(PAPI_get_event_component(code), peu);
}

/*
 * What hisi_uncore writes to stderr while resolving @name, with
 * HISI_UNCORE_QUIET set to @quiet (NULL: unset).
 */
static int stderr_quiet_name_to_code(const char *quiet, const char *name, char *out, size_t len,
				     int *code)
{
	int ret;

	if (quiet)
		setenv("HISI_UNCORE_QUIET", quiet, 1);
	else
		unsetenv("HISI_UNCORE_QUIET");
	ret = name_to_code_capturing_stderr(name, code, out, len);
	setenv("HISI_UNCORE_QUIET", "1", 1);
	CU_ASSERT_FATAL(ret != NAME_TO_CODE_UNCAPTURED);
	return ret;
}

/* ... with messages on. */
static int stderr_of_name_to_code(const char *name, char *out, size_t len, int *code)
{
	return stderr_quiet_name_to_code(NULL, name, out, len, code);
}

/*
 * HISI_UNCORE_QUIET=0 or empty does not silence; any other value does.  A
 * message is said once per process: the same mistake again says nothing.
 */
static void test_quiet_values(void)
{
	static const char *const bad[] = {
		"hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:warp0=1",
		"hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:warp1=1",
		"hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_egu_byte_num:warp2=1",
	};
	char err[1024];
	int code;

	stderr_quiet_name_to_code("0", bad[0], err, sizeof(err), &code);
	HU_ASSERT_CONTAINS(err, "unknown qualifier 'warp0'");
	stderr_quiet_name_to_code("", bad[1], err, sizeof(err), &code);
	HU_ASSERT_CONTAINS(err, "unknown qualifier 'warp1'");
	stderr_quiet_name_to_code("yes", bad[2], err, sizeof(err), &code);
	HU_ASSERT_LACKS(err, "hisi_uncore");
	/* said once: not again; what quiet kept back is said when asked loud */
	stderr_quiet_name_to_code("0", bad[0], err, sizeof(err), &code);
	HU_ASSERT_LACKS(err, "hisi_uncore");
	stderr_quiet_name_to_code("0", bad[2], err, sizeof(err), &code);
	HU_ASSERT_CONTAINS(err, "unknown qualifier 'warp2'");
}

/*
 * perf_event_uncore's names carry libpfm4 modifiers (":cpu=0"); asked first,
 * hisi_uncore leaves them to it without a message.  A qualifier nobody
 * knows still gets hisi_uncore's message.
 */
static void test_stock_modifiers_left_quietly(void)
{
	int peu = PAPI_get_component_index("perf_event_uncore");
	char err[1024];
	int code;

	HU_ASSERT_EQ(stderr_of_name_to_code("hisi_pcie0_core0::rx_mwr_latency:cpu=0", err,
					    sizeof(err), &code), PAPI_OK);
	HU_ASSERT_EQ(PAPI_get_event_component(code), peu);
	HU_ASSERT_LACKS(err, "hisi_uncore");
	HU_ASSERT_NE(stderr_of_name_to_code("hisi_pcie0_core0::rx_mwr_latency:nosuch=1", err,
					    sizeof(err), &code), PAPI_OK);
	HU_ASSERT_CONTAINS(err, "hisi_uncore: unknown qualifier 'nosuch'");
}

/*
 * #27 (11): a name our libpfm4 models refuse is refused by perf_event_uncore
 * at name-to-code, each time it is asked, with or without its prefix, as
 * libpfm4's error in PAPI's terms and with libpfm4's message (said when PAPI
 * says its errors: PAPI_VERBOSE).  PAPI 7.0 kept the refused name in its
 * event table, so the second look-up found it there and said PAPI_OK, and
 * only PAPI_add failed.
 */
static void test_stock_refuses_what_libpfm4_refuses(void)
{
	static const struct {
		const char *name, *why;	/* why: pfm_strerror() of libpfm4's refusal */
	} refused[] = {
		{ "hns3_pmu_sicl_0::bw_ssu_egu_byte_num:port=1:port=1", "attribute value already set" },
		{ "hns3_pmu_sicl_0::bw_ssu_egu_byte_num:port=+1", "invalid event attribute value" },
		/* the drivers' bdf checks, on the fixtures (bdf_min/bdf_max) and /sys's PCI devices */
		{ "hisi_pcie0_core0::rx_mwr_flux:bdf=0xffff", "invalid event attribute value" },
		{ "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:bdf=0x3600", "invalid event attribute value" },
	};
	static const char *const prefixes[] = { "perf_event_uncore:::", "" };
	char name[256], err[1024];
	int code;

	setenv("PAPI_VERBOSE", "1", 1);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		for (size_t p = 0; p < 2; p++) {
			snprintf(name, sizeof(name), "%s%s", prefixes[p], refused[i].name);
			for (int again = 0; again < 2; again++) {
				HU_ASSERT_EQ(stderr_of_name_to_code(name, err, sizeof(err), &code),
					     PAPI_EATTR);
				HU_ASSERT_CONTAINS(err, refused[i].name);
				HU_ASSERT_CONTAINS(err, refused[i].why);
			}
		}
	}
	unsetenv("PAPI_VERBOSE");
}

/* Ownership mode on, with its locks in a new directory @dir; sw_alias's lock file into @lock. */
static bool owner_mode_on(char *dir, char *lock, size_t len)
{
	if (!mkdtemp(dir))
		return false;
	setenv("HISI_UNCORE_OWNER", "1", 1);
	setenv("HISI_UNCORE_LOCK_DIR", dir, 1);
	snprintf(lock, len, "%s/sw_alias.lock", dir);
	return true;
}

/* The EventSet gone, ownership mode off, @dir removed. */
static void owner_mode_off(int *set, const char *dir)
{
	char cmd[300];

	PAPI_cleanup_eventset(*set);
	PAPI_destroy_eventset(set);
	unsetenv("HISI_UNCORE_OWNER");
	unsetenv("HISI_UNCORE_LOCK_DIR");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	HU_ASSERT_EQ(system(cmd), 0);
}

/*
 * Ownership mode: a PMU an EventSet holds stays owned while events are
 * added and removed (PAPI has the component plan the whole set again each
 * time), so another process never gets its lock in between.  The e2e MPI
 * test saw a rank take a PMU while another rank's EventSet re-planned.
 */
static void test_ownership_survives_replanning(void)
{
	char dir[] = "/tmp/hu-own-XXXXXX", lock[256];
	int set = PAPI_NULL, done[2], status = -1, replans = 0;
	pid_t pid;

	CU_ASSERT_TRUE_FATAL(owner_mode_on(dir, lock, sizeof(lock)));
	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, "sw_alias::cpu-clock"), PAPI_OK);
	HU_ASSERT_EQ_FATAL(pipe(done), 0);
	pid = fork();
	if (pid == 0) {
		/* another process: try the lock until told to stop; taking it is the failure */
		int fd, taken = 0, tries = 0;
		char c;

		/* not the parent's copy of its lock: a process of its own */
		for (int i = 3; i < 1024; i++)
			if (i != done[0])
				close(i);
		fd = open(lock, O_RDONLY);
		fcntl(done[0], F_SETFL, O_NONBLOCK);
		while (fd >= 0 && read(done[0], &c, 1) < 0) {
			tries++;
			if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
				taken++;
				flock(fd, LOCK_UN);
			}
		}
		_exit(fd < 0 || tries == 0 ? 2 : taken ? 1 : 0);
	}
	close(done[0]);
	for (int i = 0; i < 300 && pid > 0; i++) {
		int a = PAPI_add_named_event(set, "sw_alias::task-clock");
		int r = a == PAPI_OK ? PAPI_remove_named_event(set, "sw_alias::task-clock") : a;

		if (r != PAPI_OK && replans == i)
			printf("\n  re-plan %d: %s\n", i, PAPI_strerror(r));
		replans += r == PAPI_OK;
	}
	HU_ASSERT_EQ(write(done[1], "x", 1), 1);
	close(done[1]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	if (replans != 300 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		printf("\n  %d of 300 re-plans; the other process exited %d\n", replans, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	HU_ASSERT_EQ(replans, 300);
	CU_ASSERT_TRUE(WIFEXITED(status));
	HU_ASSERT_EQ(WEXITSTATUS(status), 0);	/* 1: the other process took the lock */
	owner_mode_off(&set, dir);
}

/*
 * Ownership mode: a child forked while its parent owns a PMU does not keep
 * the lock (flock belongs to the open file, which fork shares): once the
 * parent cleans its EventSet up, the PMU is free although the child lives.
 */
static void test_forked_child_keeps_no_lock(void)
{
	char dir[] = "/tmp/hu-own-XXXXXX", lock[256];
	int set = PAPI_NULL, go[2], ready[2], fd, status = -1;
	char r;
	pid_t pid;

	CU_ASSERT_TRUE_FATAL(owner_mode_on(dir, lock, sizeof(lock)));
	HU_ASSERT_EQ_FATAL(PAPI_create_eventset(&set), PAPI_OK);
	HU_ASSERT_EQ_FATAL(PAPI_add_named_event(set, "sw_alias::cpu-clock"), PAPI_OK);
	HU_ASSERT_EQ_FATAL(pipe(go), 0);
	HU_ASSERT_EQ_FATAL(pipe(ready), 0);
	pid = fork();
	if (pid == 0) {
		char c;

		/* fork() has returned here: whatever the component does at fork is done */
		close(go[1]);
		close(ready[0]);
		if (write(ready[1], "r", 1) != 1)
			_exit(2);
		_exit(read(go[0], &c, 1) == 1 ? 0 : 1);	/* lives on, with what it inherited */
	}
	close(go[0]);
	close(ready[1]);
	HU_ASSERT_EQ(read(ready[0], &r, 1), 1);
	close(ready[0]);
	PAPI_cleanup_eventset(set);
	fd = open(lock, O_RDONLY);
	CU_ASSERT(fd >= 0);
	HU_ASSERT_EQ(fd >= 0 ? flock(fd, LOCK_EX | LOCK_NB) : -1, 0);
	if (fd >= 0)
		close(fd);
	HU_ASSERT_EQ(write(go[1], "x", 1), 1);
	close(go[1]);
	if (pid > 0)
		waitpid(pid, &status, 0);
	CU_ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	owner_mode_off(&set, dir);
}

/*
 * A metric that PAPI_EVENTS lists for the high-level API is refused with
 * the pair to record instead; the same metric resolves without it, and a
 * raw event in the list still resolves.
 */
static void test_metric_refused_for_the_hl_api(void)
{
	const char *metric = "hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth:port=1";
	char err[2048];
	int code;

	setenv("PAPI_EVENTS", "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num,"
	       "hisi_uncore:::hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth:port=1", 1);
	/* PAPI hands on the component's refusal as "no such event" */
	HU_ASSERT_EQ(stderr_of_name_to_code(metric, err, sizeof(err), &code), PAPI_ENOEVNT);
	HU_ASSERT_CONTAINS(err, "PAPI_EVENTS lists it for the PAPI high-level API");
	HU_ASSERT_CONTAINS(err, "list its pair instead, hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1,"
				  "hns3_pmu_sicl_0::bw_ssu_rpu_time:port=1, and derive");
	HU_ASSERT_EQ(stderr_of_name_to_code("hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", err, sizeof(err),
					    &code), PAPI_OK);
	/* the HL API removes every space of an item: it counts this one as the metric */
	setenv("PAPI_EVENTS", " hns3_pmu_sicl_0 :: bw_ssu_rpu_band width =delta", 1);
	HU_ASSERT_EQ(stderr_of_name_to_code("hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth", err, sizeof(err),
					    &code), PAPI_ENOEVNT);
	HU_ASSERT_CONTAINS(err, "PAPI_EVENTS lists it for the PAPI high-level API");
	unsetenv("PAPI_EVENTS");
	HU_ASSERT_EQ(stderr_of_name_to_code(metric, err, sizeof(err), &code), PAPI_OK);
	HU_ASSERT_STR_EQ(err, "");
}

/* @head, then 'x' up to @len bytes: an event name too long for anything */
static char *long_name(const char *head, size_t len)
{
	char *name = malloc(len + 1);
	size_t n = strlen(head);

	CU_ASSERT_PTR_NOT_NULL_FATAL(name);
	memcpy(name, head, n);
	memset(name + n, 'x', len - n);
	name[len] = '\0';
	return name;
}

/*
 * 8-10 kB names are refused, not copied into a BUFSIZ stack buffer (issue
 * 11: perf_event_uncore's allocate_native_event overflowed it): plain ones
 * reach every component, prefixed ones hisi_uncore alone.
 */
static void test_long_names_refused(void)
{
	static const char *const heads[] = {
		"", "hns3_pmu_sicl_0::", "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:",
		"hisi_pcie0_core0::rx_mwr_latency:port=", "hisi_uncore:::hns3_pmu_sicl_0::",
		"hisi_uncore:::hisi_pcie0_core0::rx_mwr_latency:",
	};
	static const size_t lens[] = { 8191, 8192, 9 * 1024, 10 * 1024 };

	for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			char *name = long_name(heads[h], lens[l]);
			int code = 0, ret = PAPI_event_name_to_code(name, &code);

			/* refused by whichever component PAPI asked last (perf_event: PAPI_ECMP) */
			CU_ASSERT(ret < PAPI_OK);
			free(name);
		}
}

static void register_all(void)
{
	static const struct hu_cu_test tests[] = {
		{ "component enabled with the fixture PMUs", test_component_enabled },
		{ "papi listing: every event and qualifier", test_listing },
		{ "names round-trip with and without prefix", test_name_round_trips },
		{ "bad names and qualifiers give PAPI codes", test_qualifier_errors },
		{ "sw_alias::cpu-clock counts real nanoseconds", test_counts_ns },
		{ "positions survive shuffle and removal", test_positions_after_removal },
		{ "uncore is system-wide only", test_system_wide_only },
		{ "overflow is refused with PAPI_ECMP", test_overflow_refused },
		{ "out of file descriptors is PAPI_ECOUNT", test_emfile_is_ecount },
		{ "PAPI_add on a 96 kB (or the least allowed) thread stack", test_small_thread_stack },
		{ "HISI_UNCORE_QUIET=0 or empty keeps the messages; each is said once",
		  test_quiet_values },
		{ "plain names go to hisi_uncore when both components know the PMU",
		  test_both_components_know_the_pmus },
		{ "libpfm4 modifiers are left to perf_event_uncore without a message",
		  test_stock_modifiers_left_quietly },
		{ "what libpfm4 refuses perf_event_uncore refuses at name-to-code, every time",
		  test_stock_refuses_what_libpfm4_refuses },
		{ "8-10 kB event names are refused, not overflowed", test_long_names_refused },
		{ "ownership mode: a PMU stays owned while its EventSet is planned again",
		  test_ownership_survives_replanning },
		{ "ownership mode: a forked child keeps no lock", test_forked_child_keeps_no_lock },
		{ "a metric in PAPI_EVENTS is refused with the pair to record",
		  test_metric_refused_for_the_hl_api },
		{ NULL, NULL },
	};
	hu_cu_add_suite("papi", setup, teardown, tests);
}

int main(void)
{
	return hu_cu_run("papi", register_all);
}
