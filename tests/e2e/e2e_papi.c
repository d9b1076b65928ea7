// SPDX-License-Identifier: BSD-3-Clause
/*
 * e2e_papi: the hisi_uncore component inside libpapi against the emulated
 * Hip09 PMUs (emulator/vm-run), with traffic of known size injected through
 * the emulator's debugfs and time advanced by hand, so every count is exact.
 *
 *   e2e_papi SUITE...     counts metrics filters groups errors era
 *
 * Prints "PASS <name>" or "FAIL <name>: <why>" per test; exits 1 on any
 * failure.  The guest topology is vm-run's default (see emulator/README.md):
 *   hisi_pcie0_core0  root ports 30:00.0 (port bit 0) -> 31:00.0, 31:00.1
 *                                30:04.0 (port bit 8) -> 32:00.0
 *   hisi_pcie0_core1  root ports 3c:00.0, 3c:04.0 -> 3d:00.0, 3e:00.0
 *   hns3_pmu_sicl_0   functions 31:00.0 .. 32:00.0, queues 0..15
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e_lib.h"
#include "hu_message.h"	/* hu_last_said: the component's reason, even when quiet */
#include "papi.h"

#define REL 1e-9
#define MAXEV 16

static int cidx = -1;
static double hns3_clk;
/* the module's PCIe era (debugfs info): with vm-run --driver, the driver's */
static char era[16];

/* ---- EventSets -------------------------------------------------------------- */

/* PAPI_add_named_event of @name alone: its code, the component's message in @msg */
static int add_one(const char *name, char *msg, size_t len);

/* A fresh EventSet holding @names; PAPI_NULL (and a failed check) if not. */
static int eventset(const char *const *names, int n)
{
	int set = PAPI_NULL, ret;

	ret = PAPI_create_eventset(&set);
	CHECK_FATAL(ret == PAPI_OK, "PAPI_create_eventset: %s", PAPI_strerror(ret));
	for (int i = 0; i < n; i++) {
		ret = PAPI_add_named_event(set, names[i]);
		if (ret != PAPI_OK) {
			CHECK(false, "PAPI_add_named_event(%s): %s", names[i], PAPI_strerror(ret));
			PAPI_cleanup_eventset(set);
			PAPI_destroy_eventset(&set);
			return PAPI_NULL;
		}
	}
	return set;
}

static void drop(int *set)
{
	if (*set == PAPI_NULL)
		return;
	PAPI_cleanup_eventset(*set);
	PAPI_destroy_eventset(set);
}

static bool start(int set)
{
	int ret = PAPI_start(set);

	CHECK(ret == PAPI_OK, "PAPI_start: %s", PAPI_strerror(ret));
	return ret == PAPI_OK;
}

static bool read_stop(int set, long long *v)
{
	int ret = PAPI_read(set, v), ret2;

	CHECK(ret == PAPI_OK, "PAPI_read: %s", PAPI_strerror(ret));
	ret2 = PAPI_stop(set, NULL);
	CHECK(ret2 == PAPI_OK, "PAPI_stop: %s", PAPI_strerror(ret2));
	return ret == PAPI_OK;
}

/* Names the component offers whose event part ends in @suffix, on @pmu. */
static int list_names(const char *pmu, const char *suffix, char names[][PAPI_MAX_STR_LEN], int max)
{
	int code = PAPI_NATIVE_MASK, n = 0;
	size_t pl = strlen(pmu), sl = strlen(suffix);
	PAPI_event_info_t info;

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return 0;
	do {
		const char *s;
		size_t l;

		if (PAPI_get_event_info(code, &info) != PAPI_OK)
			continue;
		s = info.symbol;
		if (!strncmp(s, "hisi_uncore:::", 14))
			s += 14;
		l = strlen(s);
		if (strncmp(s, pmu, pl) || strncmp(s + pl, "::", 2) || l < sl ||
		    strcmp(s + l - sl, suffix) || n >= max)
			continue;
		snprintf(names[n++], PAPI_MAX_STR_LEN, "%.*s", PAPI_MAX_STR_LEN - 1, s);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	return n;
}

/* config of events/@name on @pmu */
static uint64_t event_config(const char *pmu, const char *name)
{
	char path[256], text[64];
	unsigned long long v = 0;

	snprintf(path, sizeof(path), DEVS "/%s/events/%s", pmu, name);
	CHECK(read_text(path, text, sizeof(text)) == 0 && sscanf(text, "config=%llx", &v) == 1,
	      "%s: '%s'", path, text);
	return v;
}

static void check_info(const char *name, int type, const char *units)
{
	PAPI_event_info_t info;
	int code, ret;

	ret = PAPI_event_name_to_code(name, &code);
	CHECK(ret == PAPI_OK, "%s: name_to_code: %s", name, PAPI_strerror(ret));
	if (ret != PAPI_OK)
		return;
	ret = PAPI_get_event_info(code, &info);
	CHECK(ret == PAPI_OK, "%s: get_event_info: %s", name, PAPI_strerror(ret));
	CHECK(info.data_type == type, "%s: data_type %d, want %d", name, info.data_type, type);
	if (units)
		CHECK(!strcmp(info.units, units), "%s: units '%s', want '%s'", name, info.units, units);
}

/* ---- 1. perf stat and PAPI: the same exact counts ------------------------------ */

/* One step of traffic: a line for @pmu's inject, or time (pmu NULL). */
struct step {
	const char *pmu;
	const char *line;
};

static void run_steps(const struct step *s)
{
	for (; s->line; s++)
		if (s->pmu)
			inject(s->pmu, "%s", s->line);
		else
			advance(strtoull(s->line, NULL, 0));
}

/* "PMU::EV:a=b:c" -> "PMU/EV,a=b,c/" */
static void perf_name(const char *papi, char *out, size_t len)
{
	const char *p = strstr(papi, "::");
	size_t o = 0;

	o += (size_t)snprintf(out, len, "%.*s/", (int)(p - papi), papi);
	for (p += 2; *p && o + 2 < len; p++)
		out[o++] = *p == ':' ? ',' : *p;
	out[o++] = '/';
	out[o] = '\0';
}

/* perf stat -a over the steps; counts into v[]; returns how many it printed. */
static int perf_stat(const char *const *ev, int n, bool group, const struct step *s, long long *v)
{
	char cmd[4096], pn[256], line[512];
	size_t o;
	FILE *p;
	int got = 0;

	o = (size_t)snprintf(cmd, sizeof(cmd), "perf stat -a -x, %s", group ? "-e '{" : "");
	for (int i = 0; i < n; i++) {
		perf_name(ev[i], pn, sizeof(pn));
		o += (size_t)snprintf(cmd + o, sizeof(cmd) - o, group ? "%s%s" : " -e '%s%s'",
				      group && i ? "," : "", pn);
		if (!group)
			cmd[o - 1] = '\'';
	}
	if (group)
		o += (size_t)snprintf(cmd + o, sizeof(cmd) - o, "}'");
	o += (size_t)snprintf(cmd + o, sizeof(cmd) - o, " -- sh -c '");
	for (; s->line; s++) {
		if (s->pmu)
			o += (size_t)snprintf(cmd + o, sizeof(cmd) - o, "echo \"%s\" > " DBG "/%s/inject; ",
					      s->line, s->pmu);
		else
			o += (size_t)snprintf(cmd + o, sizeof(cmd) - o, "echo %s > " DBG "/advance; ",
					      s->line);
	}
	snprintf(cmd + o, sizeof(cmd) - o, "' 2>&1 >/dev/null");
	p = popen(cmd, "r");
	CHECK_FATAL(p != NULL, "popen perf");
	while (fgets(line, sizeof(line), p))
		if (line[0] >= '0' && line[0] <= '9' && got < n)
			v[got++] = strtoll(line, NULL, 10);
		else if (got < n && strchr(line, ','))
			CHECK(false, "perf stat: %s", line);
	pclose(p);
	return got;
}

/* Counts of @ev over the steps, by perf stat and by PAPI; both must be @want. */
static void same_counts(const char *const *ev, int n, bool group, const struct step *s,
			const long long *want)
{
	long long pv[MAXEV] = { 0 }, v[MAXEV] = { 0 };
	int set, got;

	got = perf_stat(ev, n, group, s, pv);
	CHECK(got == n, "perf stat printed %d of %d counts", got, n);
	for (int i = 0; i < got; i++)
		CHECK(pv[i] == want[i], "perf stat %s: want %lld, got %lld", ev[i], want[i], pv[i]);

	set = eventset(ev, n);
	if (set == PAPI_NULL)
		return;
	if (start(set)) {
		run_steps(s);
		read_stop(set, v);
		for (int i = 0; i < n; i++)
			CHECK(v[i] == want[i], "PAPI %s: want %lld, got %lld", ev[i], want[i], v[i]);
	}
	drop(&set);
}

/*
 * A test that is one run of traffic and its counts: @s injected while @ev
 * (NULL-ended) count, and what each must read, @want.  The counts and the
 * filters suites are tables of these, each walked by one function; @also
 * checks more on the same events, and a row with @fn is a test of another
 * shape that runs instead, so that the table keeps the suite's order.
 */
struct count_case {
	const char *test;
	/*
	 * The era the row is for (a row of that name without one serves the
	 * other eras): Debian 12's 6.1.y driver has other events (no rx_mwr
	 * or tx_cpl flux), counts flux as TLP payload only and has no len_mode.
	 */
	const char *era;
	/*
	 * Refusals instead of counts: the row's events are added in order, and
	 * the last is refused with @refused_code, saying @refused.
	 */
	const char *refused;
	int refused_code;
	/*
	 * Each event in an EventSet of its own, over the steps again: events of
	 * one code with other filters, which a 6.1.y driver cannot count at once.
	 */
	bool one_at_a_time;
	const char *ev[8];
	bool group;		/* perf stat's events in one {group} */
	const struct step *s;	/* ended by { 0 } */
	long long want[7];
	void (*also)(const char *const *ev, int n);
	CU_TestFunc fn;
};

/*
 * The row of @cases named as the running test, this era's if it has one;
 * NULL (a failed check) if none.
 */
static const struct count_case *running_case(const struct count_case *cases, size_t n)
{
	const char *me = CU_get_current_test()->pName;
	const struct count_case *any = NULL;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(me, cases[i].test))
			continue;
		if (cases[i].era && !strcmp(cases[i].era, era))
			return &cases[i];
		if (!cases[i].era)
			any = &cases[i];
	}
	CHECK(any != NULL, "no count case named %s for era %s", me, era);
	return any;
}

static int case_events(const struct count_case *c)
{
	int n = 0;

	while (n < (int)(sizeof(c->ev) / sizeof(c->ev[0])) && c->ev[n])
		n++;
	return n;
}

/*
 * A suite's rows (NULL-ended, at most n + 1 of them) from @cases, a test
 * per name (an era's row runs under the name of the default one), each run
 * by @fn unless it has its own.
 */
static void case_rows(struct e2e_test *rows, const struct count_case *cases, size_t n, CU_TestFunc fn)
{
	size_t r = 0;

	for (size_t i = 0; i < n; i++) {
		if (cases[i].era)
			continue;
		rows[r].name = cases[i].test;
		rows[r++].fn = cases[i].fn ? cases[i].fn : fn;
	}
	rows[r] = (struct e2e_test){ NULL, NULL };
}

/* counts_mixed_instances: both families and two PCIe instances in one EventSet, one group each. */
static void one_group_per_instance(const char *const *ev, int n)
{
	struct fd_groups g;
	int set;

	set = eventset(ev, n);
	if (set == PAPI_NULL)
		return;
	perf_fd_groups(&g);
	CHECK(g.ngroups == 3, "3 PMU instances: want 3 perf groups, got %d", g.ngroups);
	drop(&set);
}

/*
 * Several EventSets in one process: two threads, each its own EventSet,
 * running at once.  The main thread injects once both have started, and
 * they stop once it has: the test waits for states, never for a time.
 */
struct thread_sync {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	int started;		/* threads past PAPI_start (or failed before it) */
	bool injected;
};

struct thread_set {
	const char *name;
	long long value;
	int ret;
	struct thread_sync *sync;
};

static void sync_started(struct thread_sync *s)
{
	pthread_mutex_lock(&s->lock);
	s->started++;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

static void sync_wait_injected(struct thread_sync *s)
{
	pthread_mutex_lock(&s->lock);
	while (!s->injected)
		pthread_cond_wait(&s->changed, &s->lock);
	pthread_mutex_unlock(&s->lock);
}

static void sync_wait_started(struct thread_sync *s, int n)
{
	pthread_mutex_lock(&s->lock);
	while (s->started < n)
		pthread_cond_wait(&s->changed, &s->lock);
	pthread_mutex_unlock(&s->lock);
}

static void sync_injected(struct thread_sync *s)
{
	pthread_mutex_lock(&s->lock);
	s->injected = true;
	pthread_cond_broadcast(&s->changed);
	pthread_mutex_unlock(&s->lock);
}

static void *count_in_thread(void *arg)
{
	struct thread_set *t = arg;
	int set = PAPI_NULL;

	PAPI_register_thread();
	t->ret = PAPI_create_eventset(&set);
	if (!t->ret)
		t->ret = PAPI_add_named_event(set, t->name);
	if (!t->ret)
		t->ret = PAPI_start(set);
	sync_started(t->sync);
	if (!t->ret) {
		sync_wait_injected(t->sync);
		t->ret = PAPI_stop(set, &t->value);
	}
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	PAPI_unregister_thread();
	return NULL;
}

static void t_counts_two_eventsets(void)
{
	/* Debian 12's 6.1.y driver: rx_mrd for rx_mwr, payload only (16 DW, not 20) */
	bool v61 = !strcmp(era, "6.1.y");
	struct thread_sync sync = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, false };
	struct thread_set t[2] = { { H "::bw_ssu_rpu_byte_num:global=1", 0, 0, &sync },
				   { v61 ? P0 "::rx_mrd_flux:port=0x1" : P0 "::rx_mwr_flux:port=0x1",
				     0, 0, &sync } };
	long long want = v61 ? 160 : 200;
	pthread_t th[2];
	int created = 0;

	while (created < 2 && pthread_create(&th[created], NULL, count_in_thread, &t[created]) == 0)
		created++;
	if (created == 2) {
		sync_wait_started(&sync, 2);
		inject(H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7");
		inject(P0, "dir=rx type=%s rp=0x3000 len=16 count=10", v61 ? "mrd" : "mwr");
	}
	sync_injected(&sync);	/* a thread created alone must not wait for ever */
	for (int i = 0; i < created; i++)
		pthread_join(th[i], NULL);
	CHECK_FATAL(created == 2, "pthread_create");
	for (int i = 0; i < 2; i++)
		CHECK(t[i].ret == PAPI_OK, "%s: %s", t[i].name, PAPI_strerror(t[i].ret));
	CHECK(t[0].value == 10500, "thread EventSet %s: want 10500, got %lld", t[0].name, t[0].value);
	CHECK(t[1].value == want, "thread EventSet %s: want %lld, got %lld", t[1].name, want,
	      t[1].value);
}

/* The counts suite, in its order: perf stat and PAPI must both read @want (same_counts). */
static const struct count_case count_cases[] = {
	{ .test = "counts_hns3_global",
	  .ev = { H "::bw_ssu_rpu_byte_num:global=1" },
	  .s = (const struct step[]){ { H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" }, { 0 } },
	  .want = { 10500 } },
	{ .test = "counts_hns3_pair", .group = true,
	  .ev = { H "::bw_ssu_rpu_byte_num:global=1", H "::bw_ssu_rpu_time:global=1" },
	  .s = (const struct step[]){ { H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" },
				      { NULL, "12345" }, { 0 } },
	  .want = { 10500, 12345 } },
	{ .test = "counts_hns3_port_tc",
	  .ev = { H "::dly_ssu_tx_th_nic_time:port=1:tc=0xf", H "::dly_ssu_tx_th_nic_packet_num:port=1:tc=0xf",
		  H "::bw_ssu_egu_byte_num:port=0:tc=2" },
	  .s = (const struct step[]){
		{ H, "event=dly_ssu_tx_th_nic_time port=1 tc=3 packets=4 lat=100" },
		{ H, "event=dly_ssu_tx_th_nic_time port=2 packets=10 lat=1" },
		{ H, "event=bw_ssu_egu_byte_num port=0 tc=2 bytes=77" },
		{ H, "event=bw_ssu_egu_byte_num port=0 tc=1 bytes=1000" },
		{ 0 } },
	  .want = { 400, 4, 77 } },
	{ .test = "counts_hns3_func_queue",
	  .ev = { H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=3", H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=0xffff" },
	  .s = (const struct step[]){
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3101 queue=3 bytes=64" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3101 queue=4 bytes=1" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3100 queue=9 bytes=500" },	/* another function */
		{ 0 } },
	  .want = { 64, 65 } },
	{ .test = "counts_mixed_instances",
	  .ev = { H "::bw_ssu_rpu_byte_num:global=1", P0 "::rx_mwr_flux:port=0x1", P1 "::rx_mwr_flux:port=0x1" },
	  .s = (const struct step[]){ { H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" },
				      { P0, "dir=rx type=mwr rp=0x3000 len=16 count=10" },
				      { P1, "dir=rx type=mwr rp=0x3c00 len=8 count=5" }, { 0 } },
	  .want = { 10500, 200, 60 },
	  .also = one_group_per_instance },
	{ .test = "counts_two_eventsets_two_threads", .fn = t_counts_two_eventsets },
	{ .test = "counts_pcie_port",
	  .ev = { P0 "::rx_mwr_flux:port=0x1", P0 "::rx_mwr_flux:port=0x100" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mwr rp=0x3000 len=16 count=10" },
				      { P0, "dir=rx type=mwr rp=0x3020 len=16 count=5" }, { 0 } },
	  .want = { 200, 100 } },
	{ .test = "counts_pcie_bdf",
	  .ev = { P0 "::rx_mrd_flux:bdf=0x3200" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mrd req=0x3200 len=8 count=3" },
				      { P0, "dir=rx type=mrd req=0x3100 len=8 count=100" }, { 0 } },
	  .want = { 36 } },
	{ .test = "counts_pcie_latency_pair", .group = true,
	  .ev = { P0 "::rx_mwr_latency:port=0x1", P0 "::rx_mwr_cnt:port=0x1" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mwr rp=0x3000 lat=250 count=4" },
				      { P0, "dir=rx type=mwr rp=0x3020 lat=9 count=9" }, { 0 } },
	  .want = { 1000, 4 } },
	{ .test = "counts_pcie_len_mode",
	  .ev = { P0 "::tx_cpl_flux:port=0x1:len_mode=1", P0 "::tx_cpl_flux:port=0x1:len_mode=2",
		  P0 "::tx_cpl_flux:port=0x1:len_mode=3" },
	  .s = (const struct step[]){ { P0, "dir=tx type=cpl rp=0x3000 len=32 count=2" }, { 0 } },
	  .want = { 64, 6, 70 } },
	/* Debian 12's 6.1.y driver: rx_mrd for rx_mwr, payload only (16 DW, not 20) */
	{ .test = "counts_mixed_instances", .era = "6.1.y",
	  .ev = { H "::bw_ssu_rpu_byte_num:global=1", P0 "::rx_mrd_flux:port=0x1", P1 "::rx_mrd_flux:port=0x1" },
	  .s = (const struct step[]){ { H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=16 count=10" },
				      { P1, "dir=rx type=mrd rp=0x3c00 len=8 count=5" }, { 0 } },
	  .want = { 10500, 160, 40 },
	  .also = one_group_per_instance },
	/* one event code, two ports: the driver shares one counter by code (perf stat
	 * gets 320 and 159), so the component refuses the second, naming both */
	{ .test = "counts_pcie_port", .era = "6.1.y", .refused_code = PAPI_ECNFLCT,
	  .refused = "rx_mrd_flux:port=0x1",
	  .ev = { P0 "::rx_mrd_flux:port=0x1", P0 "::rx_mrd_flux:port=0x100" } },
	{ .test = "counts_pcie_bdf", .era = "6.1.y",
	  .ev = { P0 "::rx_mrd_flux:bdf=0x3200" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mrd req=0x3200 len=8 count=3" },
				      { P0, "dir=rx type=mrd req=0x3100 len=8 count=100" }, { 0 } },
	  .want = { 24 } },
	/* no len_mode: ours says so; PAPI_EINVAL is the stock perf_event_uncore's, whose
	 * libpfm4 model has 6.12's len_mode and whose open the 6.1 driver refuses */
	{ .test = "counts_pcie_len_mode", .era = "6.1.y", .refused_code = PAPI_EINVAL,
	  .refused = "unknown qualifier 'len_mode'", .ev = { P0 "::tx_mrd_flux:port=0x1:len_mode=1" } },
};

#define N_COUNT_CASES (sizeof(count_cases) / sizeof(count_cases[0]))

/* A row whose last event this era refuses, after the others were added. */
static void refused_case(const struct count_case *c)
{
	int n = case_events(c), set = PAPI_NULL, ret = PAPI_OK;
	char msg[1024] = "";

	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	for (int i = 0; i < n && ret == PAPI_OK; i++) {
		capture_begin();
		ret = PAPI_add_named_event(set, c->ev[i]);
		snprintf(msg, sizeof(msg), "%s", capture_end());
		CHECK(ret == PAPI_OK || i == n - 1, "era %s: %s: %s '%s', want it added", era,
		      c->ev[i], PAPI_strerror(ret), msg);
	}
	CHECK(ret == c->refused_code && strstr(msg, c->refused), "era %s: %s: %s '%s', want %s "
	      "saying '%s'", era, c->ev[n - 1], PAPI_strerror(ret), msg,
	      PAPI_strerror(c->refused_code), c->refused);
	drop(&set);
}

static void t_count_case(void)
{
	const struct count_case *c = running_case(count_cases, N_COUNT_CASES);
	int n;

	if (!c)
		return;
	if (c->refused) {
		refused_case(c);
		return;
	}
	n = case_events(c);
	same_counts(c->ev, n, c->group, c->s, c->want);
	if (c->also)
		c->also(c->ev, n);
}

/* ---- 2. metrics ------------------------------------------------------------------ */

/* The halves of a metric: <stem><c0>, <stem><c1>. */
struct kind {
	const char *family;	/* "hns3" or "pcie" */
	const char *suffix;
	const char *unit;
	const char *c0, *c1;
};

static const struct kind K_HNS3_BW = { "hns3", "_bandwidth", "bytes/s", "_byte_num", "_time" };
static const struct kind K_HNS3_PPS = { "hns3", "_packet_rate", "packets/s", "_packet_num", "_time" };
static const struct kind K_HNS3_LAT = { "hns3", "_avg_latency", "ns", "_time", "_packet_num" };
static const struct kind K_HNS3_INTR = { "hns3", "_intr_rate", "interrupts/s", "_intr_num", "_time" };
static const struct kind K_PCIE_LAT = { "pcie", "_avg_latency", "cycles/TLP", "_latency", "_cnt" };
static const struct kind K_PCIE_FPC = { "pcie", "_flux_per_cycle", "DW/cycle", "_flux", "_time" };
static const struct kind K_PCIE_BW = { "pcie", "_bandwidth", "bytes/s", "_flux", "_time" };

/*
 * Bounds of a per-second metric over a window the test timed from outside:
 * the group's enabled time lies between the inner (t1..t2) and the outer
 * (t0..t3) wall-clock windows, up to the gap between perf's clock
 * (sched_clock) and CLOCK_MONOTONIC.  In the TCG guest the TSC is marked
 * unstable and sched_clock is kept within a tick of the clocksource, so
 * allow one tick of the slowest kernel HZ (100).
 */
#define PERF_CLOCK_SLACK_S 0.010
#define RATE_WINDOW_MS 150	/* long enough that the slack is a few percent */

static void rate_bounds(double amount, double t0, double t1, double t2, double t3, double *lo,
			double *hi)
{
	*lo = amount / (t3 - t0 + PERF_CLOCK_SLACK_S);
	*hi = amount / (t2 - t1 - PERF_CLOCK_SLACK_S);
}

/* Drivers before v6.2 (and Debian 12's 6.1.y) count TLP payload only */
static bool era_payload_only(void)
{
	return !strcmp(era, "5.19") || !strcmp(era, "6.1.y");
}

/* Debian 12's 6.1.y driver: no rx_mwr, rx_cpl, tx_mwr or tx_cpl flux */
static bool era_6_1_y(void)
{
	return !strcmp(era, "6.1.y");
}

/* DW a TLP of @len DW adds to a flux counter with the default len_mode (3). */
static long long pcie_dw(const char *type, unsigned int len)
{
	if (era_payload_only())
		return len;
	return len + (!strcmp(type, "cpl") ? 3 : 4);
}

/*
 * One metric: the metric and its raw halves in one EventSet (3 events, one
 * pair, one slot), known traffic, then the value against the formula.
 * Returns false with a message in @why on a mismatch.
 */
static void one_metric(const struct kind *k, const char *metric, int i, char *why, size_t wl)
{
	char stem[PAPI_MAX_STR_LEN], ev[3][PAPI_MAX_STR_LEN], local[PAPI_MAX_STR_LEN];
	const char *names[3] = { ev[0], ev[1], ev[2] };
	const char *pmu = strcmp(k->family, "hns3") ? P0 : H;
	const char *filter = strcmp(k->family, "hns3") ? ":port=0x1" : "";
	long long v[3] = { 0 }, c0 = 0, c1 = 0;
	double want = 0, lo = 0, hi = 0, t0, t1, t2, t3, got;
	int set, slots;
	PAPI_event_info_t info;
	int code;

	why[0] = '\0';
	snprintf(stem, sizeof(stem), "%.*s", (int)(strlen(metric) - strlen(k->suffix)), metric);
	snprintf(local, sizeof(local), "%s", strstr(stem, "::") + 2);
	snprintf(ev[0], sizeof(ev[0]), "%.100s%s", metric, filter);
	snprintf(ev[1], sizeof(ev[1]), "%.100s%s%s", stem, k->c0, filter);
	snprintf(ev[2], sizeof(ev[2]), "%.100s%s%s", stem, k->c1, filter);

	if (PAPI_event_name_to_code(ev[0], &code) != PAPI_OK || PAPI_get_event_info(code, &info) != PAPI_OK) {
		snprintf(why, wl, "%s: no info", ev[0]);
		return;
	}
	if (info.data_type != PAPI_DATATYPE_FP64 || strcmp(info.units, k->unit)) {
		snprintf(why, wl, "%s: data_type %d units '%s', want FP64 '%s'", ev[0], info.data_type,
			 info.units, k->unit);
		return;
	}
	set = eventset(names, 3);
	if (set == PAPI_NULL) {
		snprintf(why, wl, "%s: cannot add", ev[0]);
		return;
	}
	t0 = now_s();
	if (!start(set)) {
		drop(&set);
		snprintf(why, wl, "%s: start failed", ev[0]);
		return;
	}
	t1 = now_s();
	if (!strcmp(k->family, "hns3")) {
		unsigned int a = 1000 + 37 * (unsigned int)i, cnt = 3 + (unsigned int)i % 5;
		unsigned long long t = 4000 + 101 * (unsigned long long)i;

		if (k == &K_HNS3_LAT) {
			unsigned int p1 = 7 + (unsigned int)i, l1 = 300 + 3 * (unsigned int)i, p2 = 5, l2 = 1001;

			inject(H, "event=%s%s packets=%u lat=%u", local, k->c0, p1, l1);
			inject(H, "event=%s%s packets=%u lat=%u", local, k->c1, p2, l2);
			advance(t);	/* time does not enter a latency pair */
			c0 = (long long)p1 * l1 + (long long)p2 * l2;
			c1 = p1 + p2;
			want = (double)c0 / (double)c1 / hns3_clk * 1e9;
		} else {
			const char *what = k == &K_HNS3_BW ? "bytes" : k == &K_HNS3_PPS ? "packets" : "intr";

			inject(H, "event=%s%s %s=%u count=%u", local, k->c0, what, a, cnt);
			advance(t);
			c0 = (long long)a * cnt;
			c1 = (long long)t;
			want = (double)c0 / (double)c1 * hns3_clk;
		}
	} else {
		char dir[8], type[8];
		unsigned int len = 5 + (unsigned int)i, cnt = 2 + (unsigned int)i % 4;

		sscanf(local, "%7[a-z]_%7[a-z]", dir, type);
		if (k == &K_PCIE_LAT) {
			inject(P0, "dir=%s type=%s rp=0x3000 lat=%u count=%u", dir, type, 250 + i, cnt);
			inject(P0, "dir=%s type=%s rp=0x3000 lat=333 count=3", dir, type);
			inject(P0, "dir=%s type=%s rp=0x3020 lat=9999 count=5", dir, type);
			c0 = (long long)(250 + i) * cnt + 999;
			c1 = cnt + 3;
			want = (double)c0 / (double)c1;
		} else {
			inject(P0, "dir=%s type=%s rp=0x3000 len=%u count=%u", dir, type, len, cnt);
			inject(P0, "dir=%s type=%s rp=0x3020 len=64 count=9", dir, type);
			c0 = pcie_dw(type, len) * cnt;
			if (k == &K_PCIE_FPC) {
				advance(777 + (unsigned long long)i);
				c1 = 777 + i;
				want = (double)c0 / (double)c1;
			} else {
				sleep_ms(RATE_WINDOW_MS);
				advance(1234);
				c1 = 1234;
			}
		}
	}
	t2 = now_s();
	if (PAPI_read(set, v) != PAPI_OK) {
		snprintf(why, wl, "%s: read failed", ev[0]);
		drop(&set);
		return;
	}
	t3 = now_s();
	slots = used_slots(pmu);
	PAPI_stop(set, NULL);
	drop(&set);

	got = as_double(v[0]);
	if (k == &K_PCIE_BW) {
		/* flux * 4 / the group's enabled time, which lies between the two walls */
		rate_bounds((double)c0 * 4, t0, t1, t2, t3, &lo, &hi);
		if (!(got >= lo && got <= hi))
			snprintf(why, wl, "%s = %.6f, want within [%.6f, %.6f] (%lld DW)", ev[0], got, lo, hi, c0);
	} else if (!close_rel(got, want, REL)) {
		snprintf(why, wl, "%s = %.12g, want %.12g", ev[0], got, want);
	}
	if (!why[0] && (v[1] != c0 || v[2] != c1))
		snprintf(why, wl, "%s halves %lld %lld, want %lld %lld", ev[0], v[1], v[2], c0, c1);
	if (!why[0] && slots != 1)
		snprintf(why, wl, "%s with its halves used %d slots, want 1", ev[0], slots);
}

static void metrics_of(const struct kind *k, int expect_n)
{
	static char names[64][PAPI_MAX_STR_LEN];
	const char *pmu = strcmp(k->family, "hns3") ? P0 : H;
	int n = list_names(pmu, k->suffix, names, 64), bad = 0;
	char why[512], first[512] = "";

	CHECK(n == expect_n, "%s *%s: %d metrics listed, want %d", pmu, k->suffix, n, expect_n);
	for (int i = 0; i < n; i++) {
		one_metric(k, names[i], i, why, sizeof(why));
		if (why[0] && !bad++)
			snprintf(first, sizeof(first), "%s", why);
	}
	CHECK(bad == 0, "%d of %d wrong, first: %s", bad, n, first);
}

static void t_metric_hns3_bandwidth(void) { metrics_of(&K_HNS3_BW, 15); }
static void t_metric_hns3_packet_rate(void) { metrics_of(&K_HNS3_PPS, 19); }
static void t_metric_hns3_avg_latency(void) { metrics_of(&K_HNS3_LAT, 20); }
static void t_metric_hns3_intr_rate(void) { metrics_of(&K_HNS3_INTR, 1); }
static void t_metric_pcie_avg_latency(void) { metrics_of(&K_PCIE_LAT, 3); }
/* flux pairs: rx and tx of mwr, mrd and cpl; on 6.1.y rx_mrd and tx_mrd */
static void t_metric_pcie_flux_per_cycle(void) { metrics_of(&K_PCIE_FPC, era_6_1_y() ? 2 : 6); }
static void t_metric_pcie_bandwidth(void) { metrics_of(&K_PCIE_BW, era_6_1_y() ? 2 : 6); }

static void t_metric_raw_halves_are_counts(void)
{
	check_info(H "::bw_ssu_rpu_byte_num", PAPI_DATATYPE_UINT64, NULL);
	check_info(H "::bw_ssu_rpu_time", PAPI_DATATYPE_UINT64, NULL);
	check_info(era_6_1_y() ? P0 "::rx_mrd_flux:port=0x1" : P0 "::rx_mwr_flux:port=0x1",
		   PAPI_DATATYPE_UINT64, NULL);
	check_info(H "::bw_ssu_rpu_bandwidth:port=1", PAPI_DATATYPE_FP64, "bytes/s");
}

/*
 * A zero denominator gives NaN, n/a, not a 0 the hardware never showed, and
 * no trap: a latency over no packets, a rate over no time even with data.
 */
static void t_metric_zero_denominator(void)
{
	const char *ev[] = { H "::dly_rpu_avg_latency",
			     era_6_1_y() ? P0 "::rx_mrd_flux_per_cycle:port=0x1" :
					   P0 "::rx_mwr_flux_per_cycle:port=0x1",
			     H "::bw_ssu_rpu_bandwidth" };
	long long v[3] = { -1, -1, -1 };
	int set = eventset(ev, 3);

	if (set == PAPI_NULL)
		return;
	if (start(set)) {
		inject(H, "event=bw_ssu_rpu_byte_num bytes=1500 count=1000");	/* no time */
		if (read_stop(set, v)) {
			CHECK(isnan(as_double(v[0])), "latency with no packets = %g, want NaN (n/a)",
			      as_double(v[0]));
			CHECK(isnan(as_double(v[1])), "flux per cycle with no time = %g, want NaN (n/a)",
			      as_double(v[1]));
			CHECK(isnan(as_double(v[2])), "1.5 MB in no time = %g bytes/s, want NaN (n/a)",
			      as_double(v[2]));
		}
	}
	drop(&set);
}

/* PAPI_reset restarts the metric's window: traffic before it is gone. */
static void t_metric_reset(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_bandwidth" };
	long long v = 0;
	int set = eventset(ev, 1);

	if (set == PAPI_NULL || !start(set))
		{ drop(&set); return; }
	inject(H, "event=bw_ssu_rpu_byte_num bytes=99999");
	advance(3);
	CHECK(PAPI_reset(set) == PAPI_OK, "PAPI_reset");
	inject(H, "event=bw_ssu_rpu_byte_num bytes=300");
	advance(700);
	read_stop(set, &v);
	CHECK(close_rel(as_double(v), 300.0 / 700 * hns3_clk, REL), "after reset %.12g, want %.12g",
	      as_double(v), 300.0 / 700 * hns3_clk);
	drop(&set);
}

/*
 * PCIe bandwidth over a restarted and a reset window: the count and the
 * enabled time both start again (PAPI_start after PAPI_stop, PAPI_reset).
 */
static void t_metric_restart_and_reset_pcie_bandwidth(void)
{
	/* 6.1.y: tx_mrd for tx_mwr (its read requests count the length asked) */
	const char *type = era_6_1_y() ? "mrd" : "mwr";
	const char *ev[] = { era_6_1_y() ? P0 "::tx_mrd_bandwidth:port=0x1" : P0 "::tx_mwr_bandwidth:port=0x1",
			     era_6_1_y() ? P0 "::tx_mrd_flux:port=0x1" : P0 "::tx_mwr_flux:port=0x1" };
	long long v[2] = { 0 };
	double t0, t1, t2, t3, lo, hi;
	int set = eventset(ev, 2);

	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(P0, "dir=tx type=%s rp=0x3000 len=1000 count=50", type);
	sleep_ms(50);
	read_stop(set, v);
	CHECK_EQ(v[1], 50 * pcie_dw(type, 1000), "first window");

	/* a new start: only what follows counts, over a new window */
	t0 = now_s();
	if (!start(set)) {
		drop(&set);
		return;
	}
	t1 = now_s();
	inject(P0, "dir=tx type=%s rp=0x3000 len=12 count=10", type);
	sleep_ms(RATE_WINDOW_MS);
	t2 = now_s();
	CHECK(PAPI_read(set, v) == PAPI_OK, "read");
	t3 = now_s();
	CHECK_EQ(v[1], 10 * pcie_dw(type, 12), "flux after restart");
	rate_bounds(4.0 * 10 * (double)pcie_dw(type, 12), t0, t1, t2, t3, &lo, &hi);
	CHECK(as_double(v[0]) >= lo && as_double(v[0]) <= hi, "bandwidth after restart %.3f, want in [%.3f, %.3f]",
	      as_double(v[0]), lo, hi);

	/* PAPI_reset: the same for a running set */
	sleep_ms(30);
	t0 = now_s();
	CHECK(PAPI_reset(set) == PAPI_OK, "reset");
	t1 = now_s();
	inject(P0, "dir=tx type=%s rp=0x3000 len=4 count=25", type);
	sleep_ms(RATE_WINDOW_MS);
	t2 = now_s();
	read_stop(set, v);
	t3 = now_s();
	CHECK_EQ(v[1], 25 * pcie_dw(type, 4), "flux after reset");
	rate_bounds(4.0 * 25 * (double)pcie_dw(type, 4), t0, t1, t2, t3, &lo, &hi);
	CHECK(as_double(v[0]) >= lo && as_double(v[0]) <= hi, "bandwidth after reset %.3f, want in [%.3f, %.3f]",
	      as_double(v[0]), lo, hi);
	drop(&set);
}

/* ---- 3. filters ------------------------------------------------------------------ */

/* Counts of @ev over @s by PAPI must be @want. */
static void papi_counts(const char *const *ev, int n, const struct step *s, const long long *want)
{
	long long v[MAXEV] = { 0 };
	int set = eventset(ev, n);

	if (set == PAPI_NULL)
		return;
	if (start(set)) {
		run_steps(s);
		if (read_stop(set, v))
			for (int i = 0; i < n; i++)
				CHECK(v[i] == want[i], "%s: want %lld, got %lld", ev[i], want[i], v[i]);
	}
	drop(&set);
}

/*
 * One traffic mix for every HNS3 mode; each batch has a distinct decimal
 * digit, so a wrong filter selects a wrong subset and a different number.
 * HNS3_MIX_RPU: its batches of bw_ssu_rpu_byte_num; HNS3_MIX: the whole mix.
 */
#define HNS3_MIX_RPU                                                                              \
	{ H, "event=bw_ssu_rpu_byte_num port=0 tc=0 bdf=0x3100 queue=0 bytes=1" },                \
	{ H, "event=bw_ssu_rpu_byte_num port=0 tc=1 bdf=0x3100 queue=3 bytes=10" },               \
	{ H, "event=bw_ssu_rpu_byte_num port=1 tc=0 bdf=0x3101 queue=3 bytes=100" },              \
	{ H, "event=bw_ssu_rpu_byte_num port=1 tc=2 bdf=0x3101 queue=5 bytes=1000" },             \
	{ H, "event=bw_ssu_rpu_byte_num port=2 tc=0 bdf=0x3101 queue=0 bytes=10000" }
#define HNS3_MIX                                                                                  \
	HNS3_MIX_RPU,                                                                             \
	{ H, "event=bw_ssu_egu_byte_num port=0 tc=0 bdf=0x3100 queue=0 bytes=100000" }	/* other event */
static const struct step hns3_mix[] = { HNS3_MIX, { 0 } };

/*
 * Aggregated metrics: a latency is the delays over the TLPs of every
 * instance, (4 x 100 + 1 x 400) / 5 = 160 cycles, not the mean of 100 and
 * 400 (250); a rate is the sum of the instances' rates, 80 DW / 1000 cycles
 * + 20 DW / 1000 cycles = 0.1, not 100 DW over both instances' 2000 cycles.
 */
static void t_aggregate_metrics_combine(void)
{
	/* 6.1.y: rx_mrd's flux (payload only: 64 and 16 DW over 1000 cycles each) */
	bool v61 = !strcmp(era, "6.1.y");
	const char *ev[] = { "hisi_pcie*::rx_mwr_avg_latency:port=0x1",
			     v61 ? "hisi_pcie*::rx_mrd_flux_per_cycle:port=0x1" :
				   "hisi_pcie*::rx_mwr_flux_per_cycle:port=0x1" };
	double want = v61 ? 0.08 : 0.1;
	long long v[2] = { 0 };
	int set = eventset(ev, 2);

	if (set == PAPI_NULL)
		return;
	if (start(set)) {
		inject(P0, "dir=rx type=mwr rp=0x3000 len=16 lat=100 count=4");
		inject(P1, "dir=rx type=mwr rp=0x3c00 len=16 lat=400 count=1");
		if (v61) {
			inject(P0, "dir=rx type=mrd rp=0x3000 len=16 count=4");
			inject(P1, "dir=rx type=mrd rp=0x3c00 len=16 count=1");
		}
		advance(1000);
		if (read_stop(set, v)) {
			CHECK(as_double(v[0]) == 160.0, "latency %.6f cycles/TLP, want 160 (not 250)",
			      as_double(v[0]));
			CHECK(close_rel(as_double(v[1]), want, 1e-12),
			      "flux per cycle %.6f DW/cycle, want %g (the instances' sum, not their "
			      "mean)", as_double(v[1]), want);
		}
	}
	drop(&set);
}

static void t_filter_pcie_trigger(void)
{
	const char *ev0[] = { P0 "::rx_mwr_flux:port=0x1:trig_len=4", P0 "::rx_mwr_flux:port=0x1" };
	const struct step s0[] = { { P0, "dir=rx type=mwr rp=0x3000 len=8 count=3" },
				   { P0, "dir=rx type=mwr rp=0x3000 len=32 count=1" },
				   { P0, "dir=rx type=mwr rp=0x3000 len=8 count=2" }, { 0 } };
	const long long want0[] = { 36 + 24, 36 + 36 + 24 };	/* from the first TLP > 16 DW */
	const char *ev1[] = { P0 "::rx_mwr_flux:port=0x1:trig_len=4:trig_mode=1", P0 "::rx_mwr_flux:port=0x1" };
	const struct step s1[] = { { P0, "dir=rx type=mwr rp=0x3000 len=32 count=2" },
				   { P0, "dir=rx type=mwr rp=0x3000 len=8 count=1" },
				   { P0, "dir=rx type=mwr rp=0x3000 len=32 count=1" }, { 0 } };
	const long long want1[] = { 12 + 36, 72 + 12 + 36 };	/* from the first TLP < 16 DW */

	/* 6.1.y: rx_mrd, payload only, each alone (one counter per event code) */
	const char *ev0_61[] = { P0 "::rx_mrd_flux:port=0x1:trig_len=4", P0 "::rx_mrd_flux:port=0x1" };
	const struct step s0_61[] = { { P0, "dir=rx type=mrd rp=0x3000 len=8 count=3" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=32 count=1" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=8 count=2" }, { 0 } };
	const long long want0_61[] = { 32 + 16, 24 + 32 + 16 };
	const char *ev1_61[] = { P0 "::rx_mrd_flux:port=0x1:trig_len=4:trig_mode=1",
				 P0 "::rx_mrd_flux:port=0x1" };
	const struct step s1_61[] = { { P0, "dir=rx type=mrd rp=0x3000 len=32 count=2" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=8 count=1" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=32 count=1" }, { 0 } };
	const long long want1_61[] = { 8 + 32, 64 + 8 + 32 };

	if (!strcmp(era, "6.1.y")) {
		for (int i = 0; i < 2; i++) {
			papi_counts(&ev0_61[i], 1, s0_61, &want0_61[i]);
			papi_counts(&ev1_61[i], 1, s1_61, &want1_61[i]);
		}
		return;
	}
	papi_counts(ev0, 2, s0, want0);
	papi_counts(ev1, 2, s1, want1);
}

/* The filters suite, in its order: PAPI must read @want (papi_counts). */
static const struct count_case filter_cases[] = {
	{ .test = "filter_pcie_port_vs_bdf",
	  .ev = { P0 "::rx_mwr_flux:port=0x1", P0 "::rx_mwr_flux:port=0x100", P0 "::rx_mwr_flux:port=0x101",
		  P0 "::rx_mwr_flux:bdf=0x3100", P0 "::rx_mwr_flux:bdf=0x3101", P0 "::rx_mwr_flux:bdf=0x3200",
		  P0 "::rx_mwr_flux" },
	  .s = (const struct step[]){
		{ P0, "dir=rx type=mwr req=0x3100 len=16 count=10" },	/* 200 via port bit 0 */
		{ P0, "dir=rx type=mwr req=0x3101 len=8 count=3" },	/* 36 via port bit 0 */
		{ P0, "dir=rx type=mwr req=0x3200 len=4 count=5" },	/* 40 via port bit 8 */
		{ P0, "dir=rx type=mrd req=0x3100 len=4 count=50" },	/* other type */
		{ P1, "dir=rx type=mwr rp=0x3c00 len=16 count=7" },	/* other core */
		{ 0 } },
	  .want = { 236, 40, 276, 200, 36, 40, 276 } },
	/*
	 * Root ports by name: hisi_pcie::...:rp= on the instance with that root
	 * port, counting its port bit (30:04.0 is P0's bit 8, 3c:04.0 P1's), so
	 * every device behind it and nothing else.
	 */
	{ .test = "root_port_names_count_their_port",
	  .ev = { "hisi_pcie::rx_mwr_flux:rp=0x3000", "hisi_pcie::rx_mwr_flux:rp=0x3020",
		  "hisi_pcie::rx_mwr_flux:rp=0x3c20", P0 "::rx_mwr_flux:port=0x100" },
	  .s = (const struct step[]){
		{ P0, "dir=rx type=mwr req=0x3100 len=16 count=10" },	/* 200 behind 30:00.0 */
		{ P0, "dir=rx type=mwr req=0x3101 len=8 count=3" },	/* 36 behind 30:00.0 */
		{ P0, "dir=rx type=mwr req=0x3200 len=4 count=5" },	/* 40 behind 30:04.0 */
		{ P1, "dir=rx type=mwr rp=0x3c20 len=8 count=3" },	/* 36 on 3c:04.0 */
		{ P1, "dir=rx type=mwr rp=0x3c00 len=8 count=9" },	/* another port */
		{ 0 } },
	  .want = { 236, 40, 36, 40 } },
	/*
	 * Names that follow the device: hisi_pcie::...:bdf= on the instance whose
	 * root ports lead to it (3d:00.0 behind 3c:00.0: P1; 31:00.0: P0),
	 * hns3_pmu::...:bdf= on the SICL holding the function; each counts only
	 * that device's traffic.
	 */
	{ .test = "device_names_count_their_device",
	  .ev = { "hisi_pcie::rx_mwr_flux:bdf=0x3d00", "hisi_pcie::rx_mwr_flux:bdf=0x3100",
		  "hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3101", "hisi_uncore:::hisi_pcie::rx_mrd_flux:bdf=0x3e00" },
	  .s = (const struct step[]){
		{ P1, "dir=rx type=mwr req=0x3d00 len=16 count=10" },	/* 200 */
		{ P1, "dir=rx type=mwr req=0x3e00 len=16 count=4" },	/* another device */
		{ P1, "dir=rx type=mrd req=0x3e00 len=8 count=2" },	/* 24 */
		{ P0, "dir=rx type=mwr req=0x3100 len=8 count=3" },	/* 36 */
		{ P0, "dir=rx type=mwr req=0x3200 len=8 count=9" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3101 bytes=1500" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3100 bytes=99" },
		{ 0 } },
	  .want = { 200, 36, 1500, 24 } },
	/*
	 * Aggregates, perf's wildcard: every PCIe instance (hisi_pcie*), one SICL's
	 * cores (hisi_pcie0_core*), every HNS3 SICL; counts sum, each instance in
	 * its own group.
	 */
	{ .test = "aggregate_counts_sum",
	  .ev = { "hisi_pcie*::rx_mwr_flux", "hisi_pcie0_core*::rx_mwr_flux:port=0x1",
		  "hns3_pmu_sicl_*::bw_ssu_rpu_byte_num", P1 "::rx_mwr_flux" },
	  .s = (const struct step[]){
		{ P0, "dir=rx type=mwr rp=0x3000 len=16 count=10" },	/* 200, port bit 0 */
		{ P0, "dir=rx type=mwr rp=0x3020 len=16 count=5" },	/* 100, port bit 8 */
		{ P1, "dir=rx type=mwr rp=0x3c00 len=8 count=3" },	/* 36, port bit 0 */
		{ P1, "dir=rx type=mrd rp=0x3c00 len=8 count=50" },	/* another event */
		{ H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" },
		{ 0 } },
	  .want = { 336, 236, 10500, 36 } },
	{ .test = "aggregate_metrics_combine", .fn = t_aggregate_metrics_combine },
	{ .test = "filter_pcie_threshold",
	  .ev = { P0 "::rx_mwr_flux:port=0x1:thr_len=4", P0 "::rx_mwr_flux:port=0x1:thr_len=4:thr_mode=1",
		  P0 "::rx_mwr_flux:port=0x1:thr_len=4:thr_mode=1:len_mode=1", P0 "::rx_mwr_flux:port=0x1" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mwr rp=0x3000 len=8 count=5" },
				      { P0, "dir=rx type=mwr rp=0x3000 len=16 count=2" },
				      { P0, "dir=rx type=mwr rp=0x3000 len=32 count=1" }, { 0 } },
	  /* >= 16 DW: 2*20 + 36; < 16 DW: 5*12 (payload only: 5*8); all: 136 */
	  .want = { 76, 60, 40, 136 } },
	{ .test = "filter_pcie_trigger", .fn = t_filter_pcie_trigger },
	{ .test = "filter_pcie_len_mode",
	  .ev = { P0 "::rx_mrd_flux:port=0x1:len_mode=1", P0 "::rx_mrd_flux:port=0x1:len_mode=2",
		  P0 "::rx_mrd_flux:port=0x1:len_mode=3", P0 "::rx_mrd_flux:port=0x1" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mrd rp=0x3000 len=10 count=3" }, { 0 } },
	  .want = { 30, 12, 42, 42 } },
	/* Neither port nor bdf: every root port of the PMU (port=0xffff). */
	{ .test = "filter_pcie_default_all_ports",
	  .ev = { P0 "::tx_mwr_flux", P1 "::tx_mwr_flux" },
	  .s = (const struct step[]){ { P0, "dir=tx type=mwr rp=0x3000 len=4 count=1" },
				      { P0, "dir=tx type=mwr rp=0x3020 len=4 count=10" },
				      { P1, "dir=tx type=mwr rp=0x3c20 len=4 count=100" }, { 0 } },
	  .want = { 88, 800 } },
	{ .test = "filter_hns3_global_port_porttc",
	  .ev = { H "::bw_ssu_rpu_byte_num:global=1", H "::bw_ssu_rpu_byte_num:port=0",
		  H "::bw_ssu_rpu_byte_num:port=1", H "::bw_ssu_rpu_byte_num:port=2",
		  H "::bw_ssu_rpu_byte_num:port=1:tc=2", H "::bw_ssu_rpu_byte_num:port=0:tc=0",
		  H "::bw_ssu_rpu_byte_num:port=0:tc=1" },
	  .s = hns3_mix,
	  .want = { 11111, 11, 1100, 10000, 1000, 1, 10 } },
	/* 31:00.0 shares its devfn with 32:00.0: not countable alone (error_hns3_func_twin) */
	{ .test = "filter_hns3_func_funcqueue",
	  .ev = { H "::bw_ssu_rpu_byte_num:bdf=0x3101", H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=3",
		  H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=0", H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=5" },
	  .s = hns3_mix,
	  .want = { 11100, 100, 10000, 1000 } },
	/* No filter: the component asks for global=1 (the driver alone would pick port 0, TC 0). */
	{ .test = "filter_hns3_default_global",
	  .ev = { H "::bw_ssu_rpu_byte_num", H "::pps_ssu_egu_packet_num" },
	  .s = (const struct step[]){
		HNS3_MIX_RPU,
		{ H, "event=pps_ssu_egu_packet_num port=0 tc=0 packets=5" },
		{ H, "event=pps_ssu_egu_packet_num port=0 tc=1 packets=70" },
		{ H, "event=pps_ssu_egu_packet_num port=3 tc=0 packets=900" },
		{ 0 } },
	  .want = { 11111, 975 } },
	/* Debian 12's 6.1.y driver: rx_mrd for rx_mwr, payload only, each filter alone */
	{ .test = "filter_pcie_port_vs_bdf", .era = "6.1.y", .one_at_a_time = true,
	  .ev = { P0 "::rx_mrd_flux:port=0x1", P0 "::rx_mrd_flux:port=0x100", P0 "::rx_mrd_flux:port=0x101",
		  P0 "::rx_mrd_flux:bdf=0x3100", P0 "::rx_mrd_flux:bdf=0x3101", P0 "::rx_mrd_flux:bdf=0x3200",
		  P0 "::rx_mrd_flux" },
	  .s = (const struct step[]){
		{ P0, "dir=rx type=mrd req=0x3100 len=16 count=10" },	/* 160 via port bit 0 */
		{ P0, "dir=rx type=mrd req=0x3101 len=8 count=3" },	/* 24 via port bit 0 */
		{ P0, "dir=rx type=mrd req=0x3200 len=4 count=5" },	/* 20 via port bit 8 */
		{ P0, "dir=rx type=mwr req=0x3100 len=4 count=50" },	/* other type */
		{ P1, "dir=rx type=mrd rp=0x3c00 len=16 count=7" },	/* other core */
		{ 0 } },
	  .want = { 184, 20, 204, 160, 24, 20, 204 } },
	/* root ports are numbered from bdf_min, which only 6.12 and later export */
	{ .test = "root_port_names_count_their_port", .era = "6.1.y", .refused_code = PAPI_EATTR,
	  .refused = "exports no bdf_min", .ev = { "hisi_pcie::rx_mrd_flux:rp=0x3000" } },
	{ .test = "device_names_count_their_device", .era = "6.1.y", .one_at_a_time = true,
	  .ev = { "hisi_pcie::rx_mrd_flux:bdf=0x3d00", "hisi_pcie::rx_mrd_flux:bdf=0x3100",
		  "hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3101", "hisi_uncore:::hisi_pcie::rx_mrd_flux:bdf=0x3e00" },
	  .s = (const struct step[]){
		{ P1, "dir=rx type=mrd req=0x3d00 len=16 count=10" },	/* 160 */
		{ P1, "dir=rx type=mwr req=0x3e00 len=16 count=4" },	/* another type */
		{ P1, "dir=rx type=mrd req=0x3e00 len=8 count=2" },	/* 16 */
		{ P0, "dir=rx type=mrd req=0x3100 len=8 count=3" },	/* 24 */
		{ P0, "dir=rx type=mrd req=0x3200 len=8 count=9" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3101 bytes=1500" },
		{ H, "event=bw_ssu_rpu_byte_num bdf=0x3100 bytes=99" },
		{ 0 } },
	  .want = { 160, 24, 1500, 16 } },
	{ .test = "aggregate_counts_sum", .era = "6.1.y", .one_at_a_time = true,
	  .ev = { "hisi_pcie*::rx_mrd_flux", "hisi_pcie0_core*::rx_mrd_flux:port=0x1",
		  "hns3_pmu_sicl_*::bw_ssu_rpu_byte_num", P1 "::rx_mrd_flux" },
	  .s = (const struct step[]){
		{ P0, "dir=rx type=mrd rp=0x3000 len=16 count=10" },	/* 160, port bit 0 */
		{ P0, "dir=rx type=mrd rp=0x3020 len=16 count=5" },	/* 80, port bit 8 */
		{ P1, "dir=rx type=mrd rp=0x3c00 len=8 count=3" },	/* 24, port bit 0 */
		{ P1, "dir=rx type=mwr rp=0x3c00 len=8 count=50" },	/* another event */
		{ H, "event=bw_ssu_rpu_byte_num bytes=1500 count=7" },
		{ 0 } },
	  .want = { 264, 184, 10500, 24 } },
	{ .test = "filter_pcie_threshold", .era = "6.1.y", .one_at_a_time = true,
	  .ev = { P0 "::rx_mrd_flux:port=0x1:thr_len=4", P0 "::rx_mrd_flux:port=0x1:thr_len=4:thr_mode=1",
		  P0 "::rx_mrd_flux:port=0x1" },
	  .s = (const struct step[]){ { P0, "dir=rx type=mrd rp=0x3000 len=8 count=5" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=16 count=2" },
				      { P0, "dir=rx type=mrd rp=0x3000 len=32 count=1" }, { 0 } },
	  /* >= 16 DW: 2*16 + 32; < 16 DW: 5*8; all: 104 */
	  .want = { 64, 40, 104 } },
	{ .test = "filter_pcie_len_mode", .era = "6.1.y", .refused_code = PAPI_EINVAL,
	  .refused = "unknown qualifier 'len_mode'", .ev = { P0 "::rx_mrd_flux:port=0x1:len_mode=1" } },
	{ .test = "filter_pcie_default_all_ports", .era = "6.1.y",
	  .ev = { P0 "::tx_mrd_flux", P1 "::tx_mrd_flux" },
	  .s = (const struct step[]){ { P0, "dir=tx type=mrd rp=0x3000 len=4 count=1" },
				      { P0, "dir=tx type=mrd rp=0x3020 len=4 count=10" },
				      { P1, "dir=tx type=mrd rp=0x3c20 len=4 count=100" }, { 0 } },
	  .want = { 44, 400 } },
};

#define N_FILTER_CASES (sizeof(filter_cases) / sizeof(filter_cases[0]))

static void t_filter_case(void)
{
	const struct count_case *c = running_case(filter_cases, N_FILTER_CASES);

	if (!c)
		return;
	if (c->refused) {
		refused_case(c);
		return;
	}
	if (!c->one_at_a_time) {
		papi_counts(c->ev, case_events(c), c->s, c->want);
		return;
	}
	for (int i = 0, n = case_events(c); i < n; i++)
		papi_counts(&c->ev[i], 1, c->s, &c->want[i]);
}

/* ---- 4. group planning --------------------------------------------------------------- */

/* What one EventSet on a PMU showed while it counted: slots in use, perf fds, counts. */
struct group_run {
	int slots;
	struct fd_groups g;
	long long v[MAXEV];
};

/*
 * @ev in one EventSet, @s injected while it counts; the slots of @pmu and
 * the perf fds are taken before the stop.  False if the set did not start.
 */
static bool run_group(const char *pmu, const char *const *ev, int n, const struct step *s,
		      struct group_run *r)
{
	int set = eventset(ev, n);
	bool started = set != PAPI_NULL && start(set);

	*r = (struct group_run){ 0 };
	if (started) {
		run_steps(s);
		/* a rate over no time is n/a: the checks want one over some */
		CHECK(perf_fds_wait_enabled(), "the groups were never enabled for any time");
		r->slots = used_slots(pmu);
		perf_fd_groups(&r->g);
		read_stop(set, r->v);
	}
	drop(&set);
	return started;
}

/* A metric's value as its formula gives it; some need the HNS3 clock, known only at run time. */
struct metric_want {
	const char *what;	/* in the failure message */
	double value;
	enum { AS_IS, TIMES_HNS3_CLK, NS_PER_HNS3_CLK } clock;
};

static double wanted(const struct metric_want *w)
{
	switch (w->clock) {
	case TIMES_HNS3_CLK: return w->value * hns3_clk;
	case NS_PER_HNS3_CLK: return w->value / hns3_clk * 1e9;
	default: return w->value;
	}
}

/* close_rel() takes a want of 0 exactly; the message says so. */
static void check_metric(const struct metric_want *w, long long v)
{
	double want = wanted(w);

	CHECK(close_rel(as_double(v), want, REL), "%s %g%s", w->what, as_double(v),
	      want == 0 ? ", want 0" : "");
}

/* Four metrics of one family on one PMU: one perf group, a slot each, and each value right. */
struct four_metrics {
	const char *pmu;
	const char *ev[4];
	const struct step *s;	/* ended by { 0 } */
	struct metric_want want[4];
};

static const struct four_metrics four_metrics_hns3 = {
	.pmu = H,
	.ev = { H "::bw_ssu_rpu_bandwidth", H "::pps_ssu_egu_packet_rate", H "::dly_rpu_avg_latency",
		H "::pps_intr_msix_nic_intr_rate" },
	.s = (const struct step[]){ { H, "event=bw_ssu_rpu_byte_num bytes=4000" },
				    { H, "event=pps_ssu_egu_packet_num packets=30" },
				    { H, "event=dly_rpu_time packets=8 lat=500" },
				    { H, "event=pps_intr_msix_nic_intr_num intr=6" },
				    { NULL, "2000" }, { 0 } },
	.want = { { "bandwidth", 4000.0 / 2000, TIMES_HNS3_CLK },
		  { "packet rate", 30.0 / 2000, TIMES_HNS3_CLK },
		  { "latency", 500.0, NS_PER_HNS3_CLK },
		  { "intr rate", 6.0 / 2000, TIMES_HNS3_CLK } },
};

static const struct four_metrics four_metrics_pcie = {
	.pmu = P0,
	.ev = { P0 "::rx_mwr_avg_latency:port=0x1", P0 "::rx_mwr_flux_per_cycle:port=0x1",
		P0 "::rx_mrd_bandwidth:port=0x1", P0 "::tx_cpl_flux_per_cycle:port=0x1" },
	.s = (const struct step[]){ { P0, "dir=rx type=mwr rp=0x3000 len=16 lat=40 count=10" },
				    { P0, "dir=tx type=cpl rp=0x3000 len=7 count=2" },
				    { NULL, "100" }, { 0 } },
	.want = { { "latency", 40.0, AS_IS },
		  { "rx_mwr flux/cycle", 200.0 / 100, AS_IS },
		  { "rx_mrd bandwidth", 0.0, AS_IS },	/* no rx mrd traffic */
		  { "tx_cpl flux/cycle", 20.0 / 100, AS_IS } },
};

/* 6.1.y: no rx_mwr or tx_cpl flux; four counters of its own events instead */
static const struct four_metrics four_metrics_pcie_61 = {
	.pmu = P0,
	.ev = { P0 "::rx_mwr_avg_latency:port=0x1", P0 "::rx_mrd_flux_per_cycle:port=0x1",
		P0 "::tx_mrd_avg_latency:port=0x1", P0 "::tx_mrd_flux_per_cycle:port=0x1" },
	.s = (const struct step[]){ { P0, "dir=rx type=mwr rp=0x3000 len=16 lat=40 count=10" },
				    { P0, "dir=rx type=mrd rp=0x3000 len=16 count=10" },
				    { P0, "dir=tx type=mrd rp=0x3000 len=7 lat=30 count=2" },
				    { NULL, "100" }, { 0 } },
	.want = { { "latency", 40.0, AS_IS },
		  { "rx_mrd flux/cycle", 160.0 / 100, AS_IS },	/* payload only */
		  { "tx_mrd latency", 30.0, AS_IS },
		  { "tx_mrd flux/cycle", 14.0 / 100, AS_IS } },
};

static void group_four_metrics(const struct four_metrics *c)
{
	struct group_run r;

	if (!run_group(c->pmu, c->ev, 4, c->s, &r))
		return;
	CHECK_EQ(r.slots, 4, "slots used by 4 metrics");
	CHECK_EQ(r.g.nfds, 8, "perf events of 4 metrics");
	CHECK_EQ(r.g.ngroups, 1, "perf groups of 4 metrics on one PMU");
	for (int i = 0; i < 4; i++)
		check_metric(&c->want[i], r.v[i]);
}

static void t_group_four_metrics_hns3(void) { group_four_metrics(&four_metrics_hns3); }
static void t_group_four_metrics_pcie(void)
{
	group_four_metrics(era_6_1_y() ? &four_metrics_pcie_61 : &four_metrics_pcie);
}

/* The two halves of a metric of one family: one slot, one group, each its count. */
static const struct pair_case {
	const char *family;	/* in the failure messages */
	const char *pmu;
	const char *ev[2];
	const struct step *s;	/* ended by { 0 } */
	long long want[2];
} pair_cases[] = {
	{ "HNS3", H, { H "::bw_ssu_rpu_byte_num", H "::bw_ssu_rpu_time" },
	  (const struct step[]){ { H, "event=bw_ssu_rpu_time bytes=640" }, { NULL, "64" }, { 0 } },
	  { 640, 64 } },
	{ "PCIe", P0, { P0 "::rx_mrd_latency:port=0x100", P0 "::rx_mrd_cnt:port=0x100" },
	  (const struct step[]){ { P0, "dir=rx type=mrd rp=0x3020 lat=70 count=3" },
				 { P0, "dir=rx type=mrd rp=0x3000 lat=70 count=30" }, { 0 } },
	  { 210, 3 } },
};

static void t_group_pair_halves_share_slot(void)
{
	for (size_t i = 0; i < sizeof(pair_cases) / sizeof(pair_cases[0]); i++) {
		const struct pair_case *c = &pair_cases[i];
		struct group_run r;

		if (!run_group(c->pmu, c->ev, 2, c->s, &r))
			continue;
		CHECK(r.slots == 1, "%s slots used by a pair: want 1, got %d", c->family, r.slots);
		CHECK(r.g.ngroups == 1, "%s groups of a pair: want 1, got %d", c->family, r.g.ngroups);
		CHECK(r.v[0] == c->want[0] && r.v[1] == c->want[1], "%s pair counts %lld %lld, want %lld %lld",
		      c->family, r.v[0], r.v[1], c->want[0], c->want[1]);
	}
}

/*
 * The HNS3 driver shares a slot by event code alone, so two filters of one
 * code must not meet in one group: two groups, two slots, each its own count.
 */
static void t_group_same_code_different_filters(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num:port=0", H "::bw_ssu_rpu_time:port=0",
			     H "::bw_ssu_rpu_byte_num:port=1", H "::bw_ssu_rpu_bandwidth:port=1" };
	const struct step s[] = { HNS3_MIX, { NULL, "500" }, { 0 } };
	struct group_run r;

	if (!run_group(H, ev, 4, s, &r))
		return;
	CHECK_EQ(r.slots, 2, "slots for port=0 and port=1 of one code");
	CHECK_EQ(r.g.ngroups, 2, "perf groups for two filters of one code");
	CHECK_EQ(r.v[0], 11, "byte_num:port=0");
	CHECK_EQ(r.v[1], 500, "time:port=0");
	CHECK_EQ(r.v[2], 1100, "byte_num:port=1");
	CHECK(close_rel(as_double(r.v[3]), 1100.0 / 500 * hns3_clk, REL), "bandwidth:port=1 %g",
	      as_double(r.v[3]));
}

static const char *const bw_stems[] = {
	"bw_ssu_egu", "bw_ssu_rpu", "bw_ssu_roce", "bw_roce_ssu", "bw_tpu_ssu", "bw_rpu_rcbrx",
	"bw_rcbtx_txsch", "bw_wr_fbd", "bw_wr_ebd", "bw_rd_fbd", "bw_rd_ebd", "bw_rd_pay_m0",
};

/* The @i-th of a family's distinct counters (each its own slot): names for the slot-filling tests. */
typedef void counter_name_fn(int i, char *out, size_t len);

/* HNS3: a distinct event code each, 12 of them. */
static void hns3_counter(int i, char *out, size_t len)
{
	snprintf(out, len, H "::%s_byte_num", bw_stems[i]);
}

/* PCIe: one event, a distinct control word each (thr_len 1..); 6.1.y: rx_mrd */
static void pcie_counter(int i, char *out, size_t len)
{
	snprintf(out, len, P0 "::%s_flux:port=0x1:thr_len=%d", era_6_1_y() ? "rx_mrd" : "rx_mwr",
		 i + 1);
}

/* An EventSet given counters 0, 1, ... of a family until one is refused or 9 are in. */
struct nine_adds {
	int set;
	int added;		/* the refused one's index, 9 if none */
	int ret;		/* PAPI_add_named_event()'s last answer */
	const char *msg;	/* and what it wrote to stderr */
	char name[9][PAPI_MAX_STR_LEN];
};

static void add_nine(struct nine_adds *a, counter_name_fn *name)
{
	a->set = PAPI_NULL;
	a->ret = PAPI_OK;
	a->msg = NULL;
	CHECK_FATAL(PAPI_create_eventset(&a->set) == PAPI_OK, "create");
	for (a->added = 0; a->added < 9; a->added++) {
		name(a->added, a->name[a->added], sizeof(a->name[a->added]));
		capture_begin();
		a->ret = PAPI_add_named_event(a->set, a->name[a->added]);
		a->msg = capture_end();
		if (a->ret != PAPI_OK)
			break;
	}
}

static void t_group_over_8_conflict(void)
{
	struct nine_adds a;

	add_nine(&a, hns3_counter);
	CHECK(a.added == 8, "the add that failed: #%d (%s), want #8", a.added + 1,
	      a.added < 9 ? a.name[a.added] : "none");
	CHECK(a.ret == PAPI_ECNFLCT, "9th distinct HNS3 counter: %s, want PAPI_ECNFLCT", PAPI_strerror(a.ret));
	CHECK(strstr(a.msg, "hisi_uncore: ") && strstr(a.msg, H) && strstr(a.msg, "8"),
	      "message '%s' should name the PMU and its 8 counters", a.msg);
	CHECK(PAPI_num_events(a.set) == 8, "events left in the set: %d, want 8", PAPI_num_events(a.set));
	drop(&a.set);

	/*
	 * the same on PCIe: 9 distinct control words; a 6.1.y driver shares
	 * one counter by event code, so there the second is refused
	 */
	add_nine(&a, pcie_counter);
	CHECK(a.added == (era_6_1_y() ? 1 : 8) && a.ret == PAPI_ECNFLCT,
	      "PCIe: add #%d gave %s, want #%d PAPI_ECNFLCT", a.added + 1, PAPI_strerror(a.ret),
	      era_6_1_y() ? 2 : 9);
	CHECK(strstr(a.msg, P0) != NULL, "PCIe message '%s' should name the PMU", a.msg);
	drop(&a.set);
}

/*
 * Counters 0..@n-1 of @name on @pmu in a multiplexed EventSet: accepted,
 * opened as 2 groups, the kernel rotates them (perf's mux timer) while
 * rounds of traffic come every 25 ms; each round gives every event
 * @per_round.  PAPI's values are the raw counts scaled by time enabled /
 * time running (bounded by the perf fds read just before and after).  How near
 * a scaled count comes to the injected total depends on which group the
 * bursts met, a matter of timing (on a loaded host a group can run 30% of
 * the time and meet 10% of the bursts), so that is checked loosely only.
 */
static void multiplexed(const char *pmu, counter_name_fn *name, int n, void (*round)(void),
			long long per_round, int ngroups)
{
	char names[MAXEV][PAPI_MAX_STR_LEN];
	long long v[MAXEV] = { 0 }, total;
	const int rounds = 40;
	struct fd_groups g = { 0 };
	struct fd_snapshot before, after;
	int set = PAPI_NULL, ret, maxslots = 0, scaled = 0;
	double sum = 0, lo, hi;
	const char *note;

	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	CHECK_FATAL(PAPI_assign_eventset_component(set, cidx) == PAPI_OK, "assign component");
	ret = PAPI_set_multiplex(set);
	CHECK_FATAL(ret == PAPI_OK, "PAPI_set_multiplex: %s", PAPI_strerror(ret));
	for (int i = 0; i < n; i++) {
		name(i, names[i], sizeof(names[i]));
		ret = PAPI_add_named_event(set, names[i]);
		CHECK(ret == PAPI_OK, "multiplexed add %s: %s", names[i], PAPI_strerror(ret));
	}
	if (PAPI_num_events(set) != n || !start(set)) {
		drop(&set);
		return;
	}
	perf_fd_groups(&g);
	for (int r = 0; r < rounds; r++) {
		int s;

		round();
		sleep_ms(25);
		s = used_slots(pmu);
		if (s > maxslots)
			maxslots = s;
	}
	capture_begin();
	perf_fd_snapshot(&before);
	ret = PAPI_read(set, v);
	perf_fd_snapshot(&after);
	CHECK(ret == PAPI_OK, "PAPI_read: %s", PAPI_strerror(ret));
	ret = PAPI_stop(set, NULL);
	CHECK(ret == PAPI_OK, "PAPI_stop: %s", PAPI_strerror(ret));
	note = capture_end();
	drop(&set);
	/* scaled, and said to be */
	CHECK(strstr(note, "multiplexed counts are scaled") && strstr(note, pmu) && strstr(note, " ran "),
	      "PAPI_stop should say which groups ran part of the time: '%s'", note);
	total = rounds * per_round;
	for (int i = 0; i < n; i++) {
		CHECK(v[i] > total / 3 && v[i] < total * 3, "%s = %lld, want within a factor 3 of %lld",
		      names[i], v[i], total);
		sum += (double)v[i];
		scaled += v[i] % per_round != 0;
	}
	CHECK_EQ(g.nfds, n, "perf events");
	CHECK_EQ(g.ngroups, ngroups, "perf groups");
	CHECK(maxslots <= 8 && maxslots > 0, "slots in use peaked at %d", maxslots);
	/*
	 * The fds read just before and just after PAPI_read bound what it
	 * scaled, however the groups took turns in between (a loaded host
	 * stretches that moment); each count is rounded to an integer.
	 */
	CHECK(perf_fd_scaled_bounds(&before, &after, &lo, &hi) && lo > 0 && sum >= lo - n &&
	      sum <= hi + n, "sum of PAPI's scaled counts %.0f, the fds' raw counts scaled "
	      "between %.0f and %.0f", sum, lo, hi);
	CHECK(scaled > 0, "no count shows scaling (all multiples of %lld)", per_round);
}

static void hns3_round(void)
{
	for (int i = 0; i < 12; i++)
		inject(H, "event=%s_byte_num bytes=1000", bw_stems[i]);
}

/* One 1024-DW TLP: >= 2^thr_len DW for every thr_len, 1028 DW with its header. */
static void pcie_round(void)
{
	inject(P0, "dir=rx type=%s rp=0x3000 len=1024", era_6_1_y() ? "mrd" : "mwr");
}

static void t_group_multiplex_scales_hns3(void) { multiplexed(H, hns3_counter, 12, hns3_round, 1000, 2); }

/*
 * 6.1.y: one counter per event code, so two control words already take
 * turns, each in a group of its own (ten would each meet about 4 of the 40
 * bursts, too few to scale near the total)
 */
static void t_group_multiplex_scales_pcie(void)
{
	multiplexed(P0, pcie_counter, era_6_1_y() ? 2 : 10, pcie_round, pcie_dw("mwr", 1024), 2);
}

/* ---- 5. rejections -------------------------------------------------------------- */

/* Add @name alone; its PAPI code, and stderr into @msg. */
static int add_one(const char *name, char *msg, size_t len)
{
	int set = PAPI_NULL, ret;

	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	capture_begin();
	ret = PAPI_add_named_event(set, name);
	snprintf(msg, len, "%s", capture_end());
	drop(&set);
	return ret;
}

static void rejected(const char *name, int code, const char *text)
{
	char msg[2048];
	int ret = add_one(name, msg, sizeof(msg));
	size_t l = strlen(msg);

	while (l && msg[l - 1] == '\n')
		msg[--l] = '\0';
	if (getenv("E2E_VERBOSE"))
		printf("  %s -> %s: %s\n", name, PAPI_strerror(ret), msg);
	CHECK(ret == code, "%s: %s, want %s", name, PAPI_strerror(ret), PAPI_strerror(code));
	CHECK(!strncmp(msg, "hisi_uncore: ", 13) && strstr(msg, text) && !strchr(msg, '\n'),
	      "%s: message '%s' should be one 'hisi_uncore: ' line containing '%s'", name, msg, text);
}

/*
 * Every validation error of the component: the name, the PAPI code and a
 * piece of the one-line message.  Routed with the hisi_uncore::: prefix so
 * the code is the component's own (see README, "PAPI's lookup").
 */
static const struct {
	const char *test, *name;
	int code;
	const char *text;
} rejections[] = {
	/* names and qualifiers (event_spec) */
	{ "error_unknown_pmu", "hns3_pmu_sicl_7::bw_ssu_egu_byte_num", PAPI_ENOEVNT,
	  "no PMU named 'hns3_pmu_sicl_7'" },
	{ "error_unknown_event", H "::no_such_event", PAPI_ENOEVNT, "has no event 'no_such_event'" },
	{ "error_unknown_qualifier", H "::bw_ssu_egu_byte_num:warp=1", PAPI_EATTR, "unknown qualifier 'warp'" },
	{ "error_qualifier_twice", H "::bw_ssu_egu_byte_num:port=1:port=2", PAPI_EATTR, "given twice" },
	{ "error_bare_multibit_qualifier", H "::bw_ssu_egu_byte_num:port", PAPI_EATTR,
	  "no value assigned for qualifier 'port'" },
	{ "error_value_too_big_tc16", H "::bw_ssu_egu_byte_num:tc=16", PAPI_EATTR,
	  "value 0x10 too big for qualifier 'tc'" },
	{ "error_qualifier_fixed_by_event", P0 "::rx_mwr_flux:event=0x10", PAPI_EATTR, "fixed by event" },
	/* PCIe driver rules */
	{ "error_pcie_thr_len_11", P0 "::rx_mwr_flux:port=0x1:thr_len=11", PAPI_EATTR,
	  "thr_len must be at most 10" },
	{ "error_pcie_trig_len_11", P0 "::rx_mwr_flux:port=0x1:trig_len=11", PAPI_EATTR,
	  "trig_len must be at most 10" },
	{ "error_pcie_len_mode_0", P0 "::rx_mwr_flux:port=0x1:len_mode=0", PAPI_EATTR, "len_mode 0 is reserved" },
	{ "error_pcie_bdf_on_latency", P0 "::rx_mrd_latency:bdf=0x3101", PAPI_EATTR, "not allowed" },
	{ "error_pcie_port_and_bdf", P0 "::rx_mwr_flux:port=0x1:bdf=0x3100", PAPI_EATTR,
	  "port and bdf are exclusive" },
	/* the message must name the bdf the user gave, 3d:00.0 (its root port is 3c:00.0) */
	{ "error_pcie_bdf_other_core", P0 "::rx_mwr_flux:bdf=0x3d00", PAPI_EATTR, "3d:00.0" },
	{ "error_pcie_bdf_nonexistent", P0 "::rx_mwr_flux:bdf=0x3300", PAPI_EATTR, "33:00.0" },
	/* HNS3 driver rules */
	{ "error_hns3_no_mode", H "::dly_rpu_time:port=2", PAPI_EATTR, "no filter mode matches" },
	{ "error_hns3_field_ignored", H "::bw_ssu_rpu_byte_num:global=1:port=1", PAPI_EATTR,
	  "the driver selects global mode, which ignores port" },
	{ "error_hns3_bdf_out_of_range", H "::bw_ssu_rpu_byte_num:bdf=0x3d00", PAPI_EATTR,
	  "outside " H "'s range" },
	{ "error_hns3_bdf_nonexistent", H "::bw_ssu_rpu_byte_num:bdf=0x3108", PAPI_EATTR,
	  "no such PCIe function" },
	/* passes every check of ours; only the kernel knows queue 20 is missing: ENOENT */
	{ "error_hns3_queue_20_enoent", H "::bw_ssu_rpu_byte_num:bdf=0x3101:queue=20", PAPI_ENOEVNT,
	  "No such file or directory" },
	/* the driver programs bdf & 0xff: 31:00.0 would count 32:00.0's traffic too */
	{ "error_hns3_func_twin", H "::bw_ssu_rpu_byte_num:bdf=0x3100", PAPI_EATTR,
	  "bdf 31:00.0: 32:00.0 in " H "'s range has the same device.function" },
	{ "error_hns3_func_queue_twin", H "::dly_rpu_time:bdf=0x3200:queue=1", PAPI_EATTR,
	  "bdf 32:00.0: 31:00.0 in " H "'s range has the same device.function" },
	/* a root port by name: a root port it must be, and it sets port= itself */
	{ "error_rp_not_a_root_port", "hisi_pcie::rx_mwr_flux:rp=0x3100", PAPI_EATTR,
	  "31:00.0 is not a root port (its root port is 30:00.0)" },
	{ "error_rp_with_port", "hisi_pcie::rx_mwr_flux:rp=0x3000:port=0x1", PAPI_EATTR,
	  "goes with neither bdf= nor port=" },
	{ "error_rp_uncovered", "hisi_pcie::rx_mwr_flux:rp=0x0008", PAPI_ENOEVNT, "covers" },
	{ "error_device_func_twin", "hns3_pmu::bw_ssu_rpu_bandwidth:bdf=0x3100", PAPI_EATTR,
	  "programs bdf & 0xff" },
	/* metrics take their pair's rules */
	{ "error_metric_pcie_thr_len", P0 "::rx_mwr_bandwidth:port=0x1:thr_len=11", PAPI_EATTR,
	  "thr_len must be at most 10" },
	{ "error_metric_hns3_no_mode", H "::dly_rpu_avg_latency:port=2", PAPI_EATTR, "no filter mode matches" },
	/* names that follow the device: what is wrong, and what each instance covers */
	{ "error_device_without_bdf", "hisi_pcie::rx_mwr_flux", PAPI_EATTR,
	  "names a device: add :bdf=0xBBDF" },
	{ "error_device_uncovered", "hisi_pcie::rx_mwr_flux:bdf=0x0000", PAPI_ENOEVNT,
	  "bdf=0x0000: PCI device 00:00.0 is not behind a root port; " P0 " covers 30:00.0" },
	{ "error_aggregate_two_families", "*::rx_mwr_flux", PAPI_ENOEVNT, "an aggregate sums one family" },
	{ "error_aggregate_with_bdf", "hisi_pcie*::rx_mwr_flux:bdf=0x3d00", PAPI_EATTR,
	  "a bdf names one device, on one instance" },
	{ "error_aggregate_no_match", "hisi_pcie7*::rx_mwr_flux", PAPI_ENOEVNT, "no PMU matches 'hisi_pcie7*'" },
	{ "error_aggregate_member_refuses", "hisi_pcie*::rx_mwr_flux:port=0x1:thr_len=11", PAPI_EATTR,
	  "hisi_pcie*::rx_mwr_flux matches " P0 },
	{ "error_device_nonexistent", "hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x7700", PAPI_ENOEVNT,
	  "bdf=0x7700: no such PCI device; " H " covers 31:00.0 31:00.1" },
};

/* One row of rejections[], found by the running test's name. */
/* @in with every "rx_mwr_" made "rx_mrd_", into @out */
static void rx_mrd_for_rx_mwr(const char *in, char *out, size_t len)
{
	const char *p;
	size_t o = 0;

	while ((p = strstr(in, "rx_mwr_")) && o + (size_t)(p - in) + 7 < len) {
		o += (size_t)snprintf(out + o, len - o, "%.*srx_mrd_", (int)(p - in), in);
		in = p + 7;
	}
	snprintf(out + o, len - o, "%s", in);
}

/*
 * Debian 12's 6.1.y driver has no rx_mwr flux: its rows use rx_mrd's, whose
 * rules are the same; len_mode it has not at all, an unknown qualifier.
 */
static void t_rejection(void)
{
	const char *me = CU_get_current_test()->pName;

	for (size_t i = 0; i < sizeof(rejections) / sizeof(rejections[0]); i++)
		if (!strcmp(me, rejections[i].test)) {
			char name[256], ev[200], text[256];

			snprintf(ev, sizeof(ev), "%s", rejections[i].name);
			snprintf(text, sizeof(text), "%s", rejections[i].text);
			if (era_6_1_y()) {
				rx_mrd_for_rx_mwr(rejections[i].name, ev, sizeof(ev));
				rx_mrd_for_rx_mwr(rejections[i].text, text, sizeof(text));
			}
			if (era_6_1_y() && strstr(ev, "len_mode"))
				snprintf(text, sizeof(text), "unknown qualifier 'len_mode'");
			snprintf(name, sizeof(name), "hisi_uncore:::%s", ev);
			rejected(name, rejections[i].code, text);
			return;
		}
	CHECK(false, "no rejection row named %s", me);
}

/* ---- 5b. the driver agrees: raw perf_event_open ------------------------------------- */

static int pmu_type(const char *pmu)
{
	char path[256];

	snprintf(path, sizeof(path), DEVS "/%s/type", pmu);
	return (int)read_u64(path);
}

static int pmu_cpu(const char *pmu)
{
	char path[256];

	snprintf(path, sizeof(path), DEVS "/%s/cpumask", pmu);
	return (int)read_u64(path);
}

/* errno of perf_event_open (0 if it opened; the fd is closed again). */
static int open_errno(const char *pmu, uint64_t config, uint64_t config1, uint64_t config2)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)pmu_type(pmu);
	a.config = config;
	a.config1 = config1;
	a.config2 = config2;
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, pmu_cpu(pmu), -1, 0);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

static void t_driver_agrees(void)
{
	const uint64_t hns3_global = 1ull << 52;

	CHECK_EQ(open_errno(P0, 0x104, 11, 1), EINVAL, "driver: thr_len=11");
	CHECK_EQ(open_errno(P0, 0x104, 11u << 5, 1), EINVAL, "driver: trig_len=11");
	CHECK_EQ(open_errno(P0, 0x104, 0, 0x3d00u << 16), EINVAL, "driver: bdf of the other core");
	CHECK_EQ(open_errno(P0, 0x104, 0, 0x3300u << 16), EINVAL, "driver: bdf of no device");
	CHECK_EQ(open_errno(P0, 0x104, 0, 0x3100u << 16), 0, "driver: bdf below a root port");
	/*
	 * port with bdf is accepted, and the port wins: why the component
	 * refuses it; Debian 12's 6.1.y driver refuses it itself
	 */
	CHECK_EQ(open_errno(P0, 0x104, 0, 0x3d000001), era_6_1_y() ? EINVAL : 0,
		 "driver: port and bdf");
	/* dly_rpu_time (0x20e) on port 2: no mode -> ENOENT */
	CHECK_EQ(open_errno(H, 0x20e, 0xf2, 0), ENOENT, "driver: HNS3 no filter mode");
	/* queue 20 of 31:00.0 */
	CHECK_EQ(open_errno(H, 0x2, (20ull << 24) | (0x3100ull << 8), 0), ENOENT, "driver: queue 20");
	CHECK_EQ(open_errno(H, 0x2, (15ull << 24) | (0x3100ull << 8), 0), 0, "driver: queue 15");
	CHECK_EQ(open_errno(H, 0x2, (0xffffull << 24) | (0x3d00ull << 8), 0), ENOENT,
		 "driver: function outside the PMU");
	CHECK_EQ(open_errno(H, 0x2, hns3_global, 0), 0, "driver: global");
	/* what the component refuses because the driver would count something else */
	CHECK_EQ(open_errno(P0, 0x104, 0, 1), 0, "driver: len_mode=0 (counted as 3)");
	CHECK_EQ(open_errno(P0, 0x10, 0, 0x3101u << 16), 0, "driver: bdf on a latency event");
	CHECK_EQ(open_errno(H, 0x2, hns3_global | 0xf1, 0), 0, "driver: global with port (port ignored)");
}

/* ---- 6. PCIe driver eras ------------------------------------------------------------ */

/* v6.9 added the flux events and the control-word rule (era names as the emulator's) */
static bool era_since_6_9(void)
{
	return !strcmp(era, "6.9") || !strcmp(era, "6.12");
}

/*
 * No len_mode (v5.19-v6.1, and Debian 12's 6.1.y with v6.2's codes): the
 * control word keeps INIT_SET's LEN=1, so flux counts payload only.
 */


/* What the emulated device counts for a real event code (v6.9+ meaning). */
static const char *device_meaning(unsigned int code)
{
	switch (code & 0xffff) {
	case 0x0104: return "rx mwr";
	case 0x0804: return "rx mrd";
	case 0x2004: return "rx cpl";
	case 0x0105: return "tx mwr";
	case 0x0405: return "tx mrd";
	case 0x1005: return "tx cpl";
	default: return "?";
	}
}

/* One batch of each flux traffic kind, distinct sizes; DW it gives a counter. */
static const struct {
	const char *kind;
	unsigned int len, count, lat;
} era_mix[] = {
	{ "rx mwr", 3, 1, 10 }, { "rx mrd", 5, 2, 20 }, { "rx cpl", 7, 3, 0 },
	{ "tx mwr", 11, 4, 0 }, { "tx mrd", 13, 5, 30 }, { "tx cpl", 17, 6, 0 },
};

static long long era_expected(const char *kind)
{
	/* without len_mode INIT_SET's LEN=1, payload only; later eras default to 3 */
	bool payload_only = era_payload_only();

	for (size_t i = 0; i < sizeof(era_mix) / sizeof(era_mix[0]); i++)
		if (!strcmp(era_mix[i].kind, kind))
			return (long long)era_mix[i].count *
			       (payload_only ? era_mix[i].len : pcie_dw(kind + 3, era_mix[i].len));
	return -1;
}

/* What era_inject() gives P0's @event, by the code sysfs lists for it. */
static long long era_counted(const char *event)
{
	return era_expected(device_meaning((unsigned int)event_config(P0, event)));
}

static void era_inject(void)
{
	for (size_t i = 0; i < sizeof(era_mix) / sizeof(era_mix[0]); i++)
		inject(P0, "dir=%.2s type=%s rp=0x3000 len=%u lat=%u count=%u", era_mix[i].kind,
		       era_mix[i].kind + 3, era_mix[i].len, era_mix[i].lat, era_mix[i].count);
}

/* Every flux event sysfs lists counts what its sysfs code counts. */
static void t_era_flux_codes(void)
{
	static const char *const flux[] = { "rx_mwr_flux", "rx_mrd_flux", "rx_cpl_flux",
					    "tx_mwr_flux", "tx_mrd_flux", "tx_cpl_flux" };
	char names[6][PAPI_MAX_STR_LEN], path[256], text[64];
	const char *ev[6];
	unsigned int code[6];
	long long v[6] = { 0 }, pv[6] = { 0 };
	int n = 0, set, got;
	static char lines[6][128];
	struct step s[7];

	for (size_t i = 0; i < 6; i++) {
		snprintf(path, sizeof(path), DEVS "/" P0 "/events/%s", flux[i]);
		if (read_text(path, text, sizeof(text)))
			continue;
		CHECK(sscanf(text, "config=%x", &code[n]) == 1, "%s: '%s'", path, text);
		snprintf(names[n], sizeof(names[n]), P0 "::%s:port=0x1", flux[i]);
		ev[n] = names[n];
		n++;
	}
	CHECK(n == (era_since_6_9() ? 6 : 2), "era %s: %d flux events in sysfs", era, n);
	set = eventset(ev, n);
	if (set == PAPI_NULL || !start(set))
		{ drop(&set); return; }
	era_inject();
	read_stop(set, v);
	drop(&set);
	for (int i = 0; i < n; i++) {
		long long want = era_expected(device_meaning(code[i]));

		CHECK(v[i] == want, "era %s: %s (sysfs config=%#x counts %s): want %lld, got %lld", era,
		      ev[i], code[i], device_meaning(code[i]), want, v[i]);
	}
	/* and perf stat, naming the same events, agrees */
	for (size_t i = 0; i < 6; i++) {
		snprintf(lines[i], sizeof(lines[i]), "dir=%.2s type=%s rp=0x3000 len=%u lat=%u count=%u",
			 era_mix[i].kind, era_mix[i].kind + 3, era_mix[i].len, era_mix[i].lat,
			 era_mix[i].count);
		s[i].pmu = P0;
		s[i].line = lines[i];
	}
	s[6].pmu = NULL;
	s[6].line = NULL;
	got = perf_stat(ev, n, false, s, pv);
	CHECK(got == n, "perf stat printed %d of %d", got, n);
	for (int i = 0; i < got; i++)
		CHECK(pv[i] == v[i], "era %s: perf stat %s = %lld, PAPI %lld", era, ev[i], pv[i], v[i]);
}

/* The era's metrics use its codes for both halves. */
static void t_era_metrics(void)
{
	const char *ev[] = { P0 "::rx_mrd_flux_per_cycle:port=0x1", P0 "::tx_mrd_flux_per_cycle:port=0x1",
			     P0 "::rx_mrd_time:port=0x1", P0 "::rx_mrd_avg_latency:port=0x1" };
	long long rx = era_counted("rx_mrd_flux"), tx = era_counted("tx_mrd_flux");
	long long v[4] = { 0 };
	int set = eventset(ev, 4);

	if (set == PAPI_NULL || !start(set))
		{ drop(&set); return; }
	era_inject();
	inject(P0, "dir=rx type=mrd rp=0x3020 lat=91 count=1");	/* port bit 8: not counted */
	advance(640);
	read_stop(set, v);
	drop(&set);
	CHECK(close_rel(as_double(v[0]), (double)rx / 640, REL), "era %s: rx_mrd_flux_per_cycle %g, want %g",
	      era, as_double(v[0]), (double)rx / 640);
	CHECK(close_rel(as_double(v[1]), (double)tx / 640, REL), "era %s: tx_mrd_flux_per_cycle %g, want %g",
	      era, as_double(v[1]), (double)tx / 640);
	CHECK_EQ(v[2], 640, "rx_mrd_time");
	CHECK(close_rel(as_double(v[3]), 20.0, REL), "era %s: rx_mrd_avg_latency %g, want 20", era,
	      as_double(v[3]));
}

/*
 * Five pairs: 10 events but 5 slots, one group in every era: before v6.9
 * the driver's group check counts distinct event codes (at most 8), since
 * v6.9 distinct control words.  Every metric counts right.
 */
static void t_era_five_pairs(void)
{
	const char *ev[] = { P0 "::rx_mwr_avg_latency:port=0x1", P0 "::rx_mrd_avg_latency:port=0x1",
			     P0 "::tx_mrd_avg_latency:port=0x1", P0 "::rx_mrd_flux_per_cycle:port=0x1",
			     P0 "::tx_mrd_flux_per_cycle:port=0x1" };
	long long v[5] = { 0 };
	struct fd_groups g;
	int set = eventset(ev, 5), slots;
	long long rx = era_counted("rx_mrd_flux"), tx = era_counted("tx_mrd_flux");

	if (set == PAPI_NULL || !start(set))
		{ drop(&set); return; }
	era_inject();
	advance(100);
	slots = used_slots(P0);
	perf_fd_groups(&g);
	read_stop(set, v);
	drop(&set);
	CHECK_EQ(slots, 5, "slots of five pairs");
	CHECK_EQ(g.nfds, 10, "perf events of five pairs");
	CHECK_EQ(g.ngroups, 1, "perf groups of five pairs");
	CHECK(as_double(v[0]) == 10 && as_double(v[1]) == 20 && as_double(v[2]) == 30,
	      "latencies %g %g %g, want 10 20 30", as_double(v[0]), as_double(v[1]), as_double(v[2]));
	CHECK(close_rel(as_double(v[3]), (double)rx / 100, REL) &&
	      close_rel(as_double(v[4]), (double)tx / 100, REL),
	      "flux per cycle %g %g", as_double(v[3]), as_double(v[4]));
}

/* ---- 7. counts you can trust: other users of the counters --------------------------- */

/*
 * Another user of a PMU: a child process that opens @n raw events (one
 * pinned group, or flexible events one per group, as perf stat and most
 * agents do), enables them, says so through a pipe and holds them until
 * released.  A separate process, as another tool or MPI rank would be.
 */
struct holder {
	pid_t pid;
	int release_fd;
};

static void holder_child(const char *pmu, const uint64_t (*cfg)[3], int n, bool pinned_group,
			 int ready_fd, int release_fd)
{
	int fd0 = -1;
	char c;

	for (int i = 0; i < n; i++) {
		struct perf_event_attr a;
		int fd;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = (uint32_t)pmu_type(pmu);
		a.config = cfg[i][0];
		a.config1 = cfg[i][1];
		a.config2 = cfg[i][2];
		a.pinned = pinned_group && i == 0;
		fd = (int)syscall(SYS_perf_event_open, &a, -1, pmu_cpu(pmu),
				  pinned_group ? fd0 : -1, 0);
		if (fd < 0) {
			c = 'f';
			(void)!write(ready_fd, &c, 1);
			_exit(1);
		}
		if (i == 0)
			fd0 = fd;
	}
	c = 'r';
	(void)!write(ready_fd, &c, 1);
	while (read(release_fd, &c, 1) > 0)
		;
	_exit(0);
}

static bool hold(struct holder *h, const char *pmu, const uint64_t (*cfg)[3], int n,
		 bool pinned_group)
{
	int ready[2], release[2];
	char c = 0;

	CHECK_FATAL(pipe(ready) == 0 && pipe(release) == 0, "pipe: %s", strerror(errno));
	fflush(NULL);
	h->pid = fork();
	CHECK_FATAL(h->pid >= 0, "fork: %s", strerror(errno));
	if (h->pid == 0) {
		close(ready[0]);
		close(release[1]);
		holder_child(pmu, cfg, n, pinned_group, ready[1], release[0]);
	}
	close(ready[1]);
	close(release[0]);
	h->release_fd = release[1];
	(void)!read(ready[0], &c, 1);	/* the state we need: its events are on the PMU */
	close(ready[0]);
	CHECK(c == 'r', "the other user could not open its %d events on %s", n, pmu);
	return c == 'r';
}

static void release(struct holder *h)
{
	close(h->release_fd);
	waitpid(h->pid, NULL, 0);
}

/* @n HNS3 events in global mode, distinct codes, none of rpu/egu byte_num. */
static void hns3_other_codes(uint64_t (*cfg)[3], int n)
{
	char name[64];

	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s_byte_num", bw_stems[i + 2]);
		cfg[i][0] = event_config(H, name);
		cfg[i][1] = 1ull << 52;	/* global=1 */
		cfg[i][2] = 0;
	}
}

/* rpu and egu bytes on H in global mode; the set holds them in that order. */
static void check_rpu_egu(int set, bool want_ok)
{
	long long v[2] = { 0 };
	const char *msg;
	int ret;

	capture_begin();
	ret = PAPI_start(set);
	msg = capture_end();
	if (!want_ok) {
		CHECK(ret == PAPI_ECNFLCT, "PAPI_start with the counters taken: %s, want PAPI_ECNFLCT",
		      PAPI_strerror(ret));
		CHECK(strstr(msg, "could not be scheduled") && strstr(msg, H),
		      "message '%s' should say the counters of " H " are taken", msg);
		if (ret == PAPI_OK)
			PAPI_stop(set, NULL);
		return;
	}
	CHECK(ret == PAPI_OK, "PAPI_start: %s (%s)", PAPI_strerror(ret), msg);
	if (ret != PAPI_OK)
		return;
	inject(H, "event=bw_ssu_rpu_byte_num bytes=1500 count=4");
	inject(H, "event=bw_ssu_egu_byte_num bytes=500 count=4");
	read_stop(set, v);
	CHECK(v[0] == 6000 && v[1] == 2000, "rpu/egu bytes %lld / %lld, want 6000 / 2000", v[0], v[1]);
}

/*
 * perf stat -a style: 7 flexible events hold 7 of the 8 HNS3 counters.  The
 * component's pinned group goes first (perf schedules pinned groups before
 * flexible ones), so its counts are exact; the other user is multiplexed.
 */
static void t_trust_flexible_user_yields(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num", H "::bw_ssu_egu_byte_num" };
	uint64_t cfg[7][3];
	struct holder h;
	int set;

	hns3_other_codes(cfg, 7);
	if (!hold(&h, H, (const uint64_t (*)[3])cfg, 7, false))
		return;
	set = eventset(ev, 2);
	if (set != PAPI_NULL)
		check_rpu_egu(set, true);
	drop(&set);
	release(&h);
}

/*
 * The same with the real perf tool: guest.sh runs `perf stat -a` on 7 HNS3
 * events in the background and waits until they hold 7 slots.
 */
static void t_trust_perf_stat_holds(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num", H "::bw_ssu_egu_byte_num" };
	int set;

	CHECK_FATAL(used_slots(H) == 7, "setup: %d HNS3 slots in use, want perf stat's 7", used_slots(H));
	set = eventset(ev, 2);
	if (set != PAPI_NULL)
		check_rpu_egu(set, true);
	drop(&set);
}

/*
 * Another pinned user holds 7 counters: a set needing 2 is refused at
 * PAPI_start (never a partial count), one needing 1 counts exactly, and once
 * the other user is gone the set of 2 counts.
 */
static void t_trust_pinned_user_refuses(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num", H "::bw_ssu_egu_byte_num" };
	uint64_t cfg[7][3];
	long long v = 0;
	struct holder h;
	int set, one;

	hns3_other_codes(cfg, 7);
	set = eventset(ev, 2);
	one = eventset(ev, 1);
	if (set == PAPI_NULL || one == PAPI_NULL || !hold(&h, H, (const uint64_t (*)[3])cfg, 7, true)) {
		drop(&set);
		drop(&one);
		return;
	}
	check_rpu_egu(set, false);
	if (start(one)) {
		inject(H, "event=bw_ssu_rpu_byte_num bytes=700 count=3");
		read_stop(one, &v);
		CHECK_EQ(v, 2100, "the one counter left");
	}
	release(&h);
	check_rpu_egu(set, true);
	drop(&set);
	drop(&one);
}

/* All 8 HNS3 counters pinned by another user: the driver refuses the open (EBUSY). */
static void t_trust_all_taken_refused_at_add(void)
{
	uint64_t cfg[8][3];
	struct holder h;
	char msg[1024];
	int ret;

	hns3_other_codes(cfg, 8);
	if (!hold(&h, H, (const uint64_t (*)[3])cfg, 8, true))
		return;
	ret = add_one("hisi_uncore:::" H "::bw_ssu_rpu_byte_num", msg, sizeof(msg));
	CHECK(ret == PAPI_ECNFLCT && strstr(msg, "in use"),
	      "add with every counter taken: %s '%s', want PAPI_ECNFLCT naming counters in use",
	      PAPI_strerror(ret), msg);
	release(&h);
}

/*
 * Eight control words of one event, port 1 (thr_len 1..8): all 8 counters.
 * A 6.1.y driver shares one counter by event code, so there they hold
 * rx_mrd_flux's code (0x0804), which the tests' rx_mrd_flux then cannot
 * take in a group of its own (a related event in another group).
 */
static void pcie_eight_control_words(uint64_t (*cfg)[3])
{
	for (int i = 0; i < 8; i++) {
		cfg[i][0] = era_6_1_y() ? 0x804 : 0x104;
		cfg[i][1] = (uint64_t)(i + 1);
		cfg[i][2] = 0x1;
	}
}

/*
 * Multiplexed, with every PCIe counter pinned by another user: the group
 * never runs, and PAPI_read says so instead of scaling nothing to 0.
 */
static void t_trust_multiplexed_never_ran(void)
{
	uint64_t cfg[8][3];
	long long v = 0;
	struct holder h;
	const char *msg;
	int set = PAPI_NULL, ret;

	pcie_eight_control_words(cfg);
	if (!hold(&h, P0, (const uint64_t (*)[3])cfg, 8, true))
		return;
	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	CHECK_FATAL(PAPI_assign_eventset_component(set, cidx) == PAPI_OK, "assign");
	CHECK_FATAL(PAPI_set_multiplex(set) == PAPI_OK, "multiplex");
	CHECK_FATAL(PAPI_add_named_event(set, P0 "::rx_mrd_flux:port=0x1") == PAPI_OK, "add");
	if (start(set)) {
		inject(P0, "dir=rx type=mrd rp=0x3000 len=8 count=10");
		sleep_ms(20);	/* let enabled time pass; whatever passes, the group never runs */
		capture_begin();
		ret = PAPI_read(set, &v);
		msg = capture_end();
		CHECK(ret == PAPI_ECNFLCT && strstr(msg, "has not been on the PMU"),
		      "read of a group that never ran: %s (%lld) '%s', want PAPI_ECNFLCT",
		      PAPI_strerror(ret), v, msg);
		/* the final read fails too, but the set is stopped (papi-patches/) */
		capture_begin();
		ret = PAPI_stop(set, &v);
		capture_end();
		CHECK(ret == PAPI_ECNFLCT, "PAPI_stop: %s, want PAPI_ECNFLCT", PAPI_strerror(ret));
		ret = PAPI_cleanup_eventset(set);
		CHECK(ret == PAPI_OK, "cleanup after the failed stop: %s", PAPI_strerror(ret));
	}
	drop(&set);
	release(&h);
}

/* PCIe flux on port 0 with @n other counters held (flexible): exact. */
static void t_trust_pcie_flexible_user_yields(void)
{
	const char *ev[] = { P0 "::rx_mrd_flux:port=0x1" };
	uint64_t cfg[8][3];
	long long v = 0;
	struct holder h;
	int set;

	pcie_eight_control_words(cfg);
	if (!hold(&h, P0, (const uint64_t (*)[3])cfg, 8, false))
		return;
	set = eventset(ev, 1);
	if (set != PAPI_NULL && start(set)) {
		inject(P0, "dir=rx type=mrd rp=0x3000 len=8 count=50");
		read_stop(set, &v);
		CHECK_EQ(v, 50 * pcie_dw("mrd", 8), "rx_mrd_flux with all 8 counters wanted by another user");
	}
	drop(&set);
	release(&h);
}

/*
 * Two ranks, each with 5 HNS3 pairs (5 counters): the first counts exactly,
 * the second is refused at PAPI_start, never given partial counts.  The
 * first rank is this program run as "rank" in a child process.
 */
static void five_pairs(char names[10][PAPI_MAX_STR_LEN], const char *names_p[10])
{
	for (int i = 0; i < 5; i++) {
		snprintf(names[2 * i], PAPI_MAX_STR_LEN, H "::%s_byte_num", bw_stems[i]);
		snprintf(names[2 * i + 1], PAPI_MAX_STR_LEN, H "::%s_time", bw_stems[i]);
		names_p[2 * i] = names[2 * i];
		names_p[2 * i + 1] = names[2 * i + 1];
	}
}

/* The other rank: plain PAPI calls (no CUnit in this process). */
static int rank_main(void)
{
	char names[10][PAPI_MAX_STR_LEN], line[64];
	const char *names_p[10];
	long long v[10];
	int set = PAPI_NULL, ok;

	five_pairs(names, names_p);
	ok = PAPI_create_eventset(&set) == PAPI_OK;
	for (int i = 0; ok && i < 10; i++)
		ok = PAPI_add_named_event(set, names_p[i]) == PAPI_OK;
	if (!ok || PAPI_start(set) != PAPI_OK) {
		printf("rank: not started\n");
		return 1;
	}
	printf("started\n");
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin) || PAPI_read(set, v) != PAPI_OK) {
		printf("rank: no read\n");
		return 1;
	}
	printf("rank: %lld %lld\n", v[0], v[2]);
	fflush(stdout);
	return 0;
}

/* Another process that adds @name alone: "added", or "refused: <PAPI error>". */
static int adder_main(const char *name)
{
	int set = PAPI_NULL, ret;

	if (PAPI_create_eventset(&set) != PAPI_OK)
		return 1;
	ret = PAPI_add_named_event(set, name);
	printf(ret == PAPI_OK ? "added\n" : "refused: %s\n", PAPI_strerror(ret));
	return 0;
}

/*
 * e2e_papi hold PMU: another user's pinned group on PMU, for the guest's
 * checks of hisi-uncore-stat: 7 of H's 8 counters (the events of
 * hns3_other_codes()), or all 8 of a PCIe PMU's (pcie_eight_control_words();
 * on 6.1.y one, which every other group's rx_mrd needs).
 * Writes 'r' to stdout once its events are on the PMU ('f' if they cannot
 * be), holds them until stdin closes.  Outside a CUnit suite: no CHECK.
 */
static int hold_main(const char *pmu)
{
	uint64_t cfg[8][3];
	int n = strcmp(pmu, H) == 0 ? 7 : 8;

	if (n == 8)
		pcie_eight_control_words(cfg);
	for (int i = 0; n == 7 && i < n; i++) {
		char path[256], text[64];
		unsigned long long v;

		snprintf(path, sizeof(path), DEVS "/%s/events/%s_byte_num", pmu, bw_stems[i + 2]);
		if (read_text(path, text, sizeof(text)) != 0 || sscanf(text, "config=%llx", &v) != 1) {
			(void)!write(1, "f", 1);
			return 1;
		}
		cfg[i][0] = v;
		cfg[i][1] = 1ull << 52;	/* global=1 */
		cfg[i][2] = 0;
	}
	fflush(NULL);
	holder_child(pmu, (const uint64_t (*)[3])cfg, n, true, 1, 0);
	return 0;
}

/* Run adder_main(@name) in a new process; its stdout and stderr into @out. */
static void run_adder(const char *name, char *out, size_t len)
{
	int fd[2];
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	out[0] = '\0';
	CHECK_FATAL(pipe(fd) == 0, "pipe");
	fflush(NULL);
	pid = fork();
	CHECK_FATAL(pid >= 0, "fork");
	if (pid == 0) {
		dup2(fd[1], 1);
		dup2(fd[1], 2);
		close(fd[0]);
		execl("/proc/self/exe", "e2e_papi", "adder", name, (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	while (got + 1 < len && (n = read(fd[0], out + got, len - 1 - got)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fd[0]);
	waitpid(pid, NULL, 0);
}

/*
 * Ownership mode (HISI_UNCORE_OWNER=1): the process whose EventSet opened a
 * PMU owns it until its last EventSet on it is cleaned up; another process
 * of the mode is refused with PAPI_ECNFLCT naming the owner; one outside the
 * mode is not locked out; another PMU stays free.
 */
static void t_trust_owner_mode(void)
{
	char dir[] = "/tmp/hu-owner-XXXXXX", out[2048], owner[96], cmd[64];
	const char *held[] = { H "::bw_ssu_rpu_byte_num" }, *again[] = { H "::bw_ssu_rpu_time" };
	int set, set2;

	CHECK_FATAL(mkdtemp(dir), "mkdtemp");
	setenv("HISI_UNCORE_LOCK_DIR", dir, 1);
	setenv("HISI_UNCORE_OWNER", "1", 1);
	snprintf(owner, sizeof(owner), H " is owned by pid %d (", (int)getpid());
	set = eventset(held, 1);
	set2 = eventset(again, 1);
	CHECK(set != PAPI_NULL && set2 != PAPI_NULL, "the owner's two EventSets on " H);
	run_adder(H "::bw_ssu_egu_byte_num", out, sizeof(out));
	CHECK(strstr(out, "refused: " ) && strstr(out, PAPI_strerror(PAPI_ECNFLCT)) &&
	      strstr(out, owner), "another process in the mode: '%s'", out);
	run_adder(era_6_1_y() ? P0 "::rx_mrd_flux" : P0 "::rx_mwr_flux", out, sizeof(out));
	CHECK(!strcmp(out, "added\n"), "another PMU: '%s'", out);
	unsetenv("HISI_UNCORE_OWNER");
	run_adder(H "::bw_ssu_egu_byte_num", out, sizeof(out));
	CHECK(!strcmp(out, "added\n"), "a process outside the mode: '%s'", out);
	setenv("HISI_UNCORE_OWNER", "1", 1);
	drop(&set2);
	run_adder(H "::bw_ssu_egu_byte_num", out, sizeof(out));
	CHECK(strstr(out, owner) != NULL, "still owned after one of two EventSets: '%s'", out);
	drop(&set);
	run_adder(H "::bw_ssu_egu_byte_num", out, sizeof(out));
	CHECK(!strcmp(out, "added\n"), "after PAPI_cleanup_eventset: '%s'", out);
	unsetenv("HISI_UNCORE_OWNER");
	unsetenv("HISI_UNCORE_LOCK_DIR");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "%s", cmd);
}

static void t_trust_two_ranks(void)
{
	char names[10][PAPI_MAX_STR_LEN], line[128] = "";
	const char *names_p[10];
	int to[2], from[2], set;
	FILE *in;
	pid_t pid;

	five_pairs(names, names_p);
	CHECK_FATAL(pipe(to) == 0 && pipe(from) == 0, "pipe");
	fflush(NULL);
	pid = fork();
	CHECK_FATAL(pid >= 0, "fork");
	if (pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[1]);
		close(from[0]);
		execl("/proc/self/exe", "e2e_papi", "rank", (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	in = fdopen(from[0], "r");
	CHECK(fgets(line, sizeof(line), in) && !strcmp(line, "started\n"), "rank 0 said '%s'", line);
	set = eventset(names_p, 10);
	if (set != PAPI_NULL) {
		const char *msg;
		int ret;

		capture_begin();
		ret = PAPI_start(set);
		msg = capture_end();
		CHECK(ret == PAPI_ECNFLCT && strstr(msg, "could not be scheduled"),
		      "rank 1 start: %s '%s', want PAPI_ECNFLCT", PAPI_strerror(ret), msg);
		if (ret == PAPI_OK)
			PAPI_stop(set, NULL);
	}
	drop(&set);
	inject(H, "event=%s_byte_num bytes=1000 count=3", bw_stems[0]);
	inject(H, "event=%s_byte_num bytes=100 count=7", bw_stems[1]);
	(void)!write(to[1], "go\n", 3);
	close(to[1]);
	CHECK(fgets(line, sizeof(line), in) && !strcmp(line, "rank: 3000 700\n"),
	      "rank 0 read '%s', want 'rank: 3000 700'", line);
	fclose(in);
	waitpid(pid, NULL, 0);
}

/*
 * The same event code with two filters on one PCIe PMU.  Since v6.9 both
 * count in one group; before, the driver shares one counter per code and
 * fails the code in another group, so the set is refused (naming both
 * events) unless multiplexed.
 */
static void t_era_same_code_two_filters(void)
{
	const char *ev[] = { P0 "::rx_mrd_flux:port=0x1", P0 "::rx_mrd_flux:port=0x100" };
	long long v[2] = { 0 }, want = 20 * 10 * (era_payload_only() ? 8 : pcie_dw("mrd", 8));
	int set = PAPI_NULL, ret;
	const char *msg;

	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	CHECK_FATAL(PAPI_add_named_event(set, ev[0]) == PAPI_OK, "add %s", ev[0]);
	capture_begin();
	ret = PAPI_add_named_event(set, ev[1]);
	msg = capture_end();
	if (!era_since_6_9()) {
		CHECK(ret == PAPI_ECNFLCT && strstr(msg, "port=0x1 and") && strstr(msg, "port=0x100") &&
		      strstr(msg, "never count at once"),
		      "era %s: second add %s '%s', want PAPI_ECNFLCT naming both", era,
		      PAPI_strerror(ret), msg);
		drop(&set);
		return;
	}
	CHECK(ret == PAPI_OK, "era %s: second add: %s (%s)", era, PAPI_strerror(ret), msg);
	if (ret == PAPI_OK && start(set)) {
		for (int r = 0; r < 20; r++) {
			inject(P0, "dir=rx type=mrd rp=0x3000 len=8 count=10");
			inject(P0, "dir=rx type=mrd rp=0x3020 len=8 count=10");
		}
		read_stop(set, v);
		CHECK(v[0] == want && v[1] == want, "era %s: %lld / %lld, want %lld each", era, v[0],
		      v[1], want);
	}
	drop(&set);
}

/*
 * Another process counts the same code with another filter, pinned.  Before
 * v6.9 hisi_pcie's add() fails the second group holding that code, so the
 * EventSet is refused at PAPI_start; since v6.9 both count exactly.
 */
static void t_era_same_code_other_user(void)
{
	const char *ev[] = { P0 "::rx_mrd_flux:port=0x1" };
	const uint64_t other[1][3] = { { event_config(P0, "rx_mrd_flux"), 0, 0x100 } };
	long long v = 0;
	struct holder h;
	const char *msg;
	int set, ret;

	if (!hold(&h, P0, other, 1, true))
		return;
	set = eventset(ev, 1);
	if (set == PAPI_NULL) {
		release(&h);
		return;
	}
	capture_begin();
	ret = PAPI_start(set);
	msg = capture_end();
	if (era_since_6_9()) {
		CHECK(ret == PAPI_OK, "era %s: start: %s '%s'", era, PAPI_strerror(ret), msg);
		if (ret == PAPI_OK) {
			inject(P0, "dir=rx type=mrd rp=0x3000 len=8 count=10");
			read_stop(set, &v);
			CHECK_EQ(v, 10 * pcie_dw("mrd", 8), "count beside the other user");
		}
	} else {
		CHECK(ret == PAPI_ECNFLCT && strstr(msg, "could not be scheduled"),
		      "era %s: start with the code taken by another group: %s '%s', want PAPI_ECNFLCT",
		      era, PAPI_strerror(ret), msg);
		if (ret == PAPI_OK)
			PAPI_stop(set, NULL);
	}
	release(&h);
	drop(&set);
}

/* len_mode=2 means headers only from v6.12; before, it is refused with the reason. */
static void t_era_len_mode_2(void)
{
	char msg[1024];
	int ret = add_one("hisi_uncore:::" P0 "::rx_mrd_flux:port=0x1:len_mode=2", msg, sizeof(msg));

	if (!strcmp(era, "6.12"))
		CHECK(ret == PAPI_OK, "era %s: len_mode=2: %s '%s'", era, PAPI_strerror(ret), msg);
	else if (era_payload_only())
		CHECK(ret == PAPI_EATTR && strstr(msg, "len_mode"), "era %s: len_mode=2: %s '%s'",
		      era, PAPI_strerror(ret), msg);
	else
		CHECK(ret == PAPI_EATTR && strstr(msg, "use len_mode=3"),
		      "era %s: len_mode=2: %s '%s', want PAPI_EATTR", era, PAPI_strerror(ret), msg);
}

/* What a flux event and its metrics say they count: payload only without len_mode. */
static void t_era_flux_description(void)
{
	static const char *const names[] = { "hisi_uncore:::" P0 "::rx_mrd_flux",
					     "hisi_uncore:::" P0 "::rx_mrd_bandwidth",
					     "hisi_uncore:::" P0 "::rx_mrd_flux_per_cycle" };
	const char *want = era_payload_only() ? "TLP payload only: this driver has no len_mode"
					      : "TLP payload, headers or both, as len_mode chooses";
	PAPI_event_info_t info;
	int code;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (PAPI_event_name_to_code(names[i], &code) != PAPI_OK ||
		    PAPI_get_event_info(code, &info) != PAPI_OK) {
			CHECK(false, "era %s: %s not found", era, names[i]);
			continue;
		}
		CHECK(strstr(info.long_descr, want) != NULL, "era %s: %s says '%s', want '%s'", era,
		      names[i], info.long_descr, want);
	}
}

/*
 * Two PCIe PMUs on one root bus (guest.sh test_shared_bus: 30:00.0 is
 * core 0's root port, 30:04.0 core 1's).  Before v6.12 sysfs shows only
 * the bus, which both share; the driver checks the root port against the
 * range it reads from the device, so the component asks it.
 */
static void t_shared_bus_instance_refused(void)
{
	char msg[2048];
	int ret = add_one("hisi_uncore:::" P0 "::rx_mrd_flux:bdf=0x3200", msg, sizeof(msg));
	const char *want = !strcmp(era, "6.12") ? "outside " P0 "'s range" : "the driver was asked";

	CHECK(ret == PAPI_EATTR && strstr(msg, want) && strstr(msg, "30:04.0"),
	      "era %s: core 0 with a device behind core 1's root port: %s '%s', want PAPI_EATTR "
	      "saying '%s'", era, PAPI_strerror(ret), msg, want);
}

/* A device name picks the instance whose driver takes the device, and counts. */
static void t_shared_bus_device_name_counts(void)
{
	const char *ev[] = { "hisi_uncore:::hisi_pcie::rx_mrd_flux:bdf=0x3200",
			     "hisi_uncore:::" P1 "::rx_mrd_flux:bdf=0x3200" };
	long long v[2] = { 0 }, want = 5 * pcie_dw("mrd", 8);

	for (int i = 0; i < 2; i++) {
		int set = eventset(&ev[i], 1);

		if (set == PAPI_NULL || !start(set)) {
			drop(&set);
			continue;
		}
		inject(P1, "dir=rx type=mrd req=0x3200 len=8 lat=40 count=5");
		inject(P0, "dir=rx type=mrd req=0x3100 len=8 lat=40 count=7");	/* not ours */
		advance(100);
		read_stop(set, &v[i]);
		drop(&set);
		CHECK(v[i] == want, "era %s: %s = %lld, want %lld", era, ev[i], v[i], want);
	}
}

/*
 * The PMUs registered again in another order (driver reload) after the name
 * was resolved: the component must not open the PMU that now has the type.
 */
static void t_reload_moves_types(void)
{
	const char *name = P0 "::rx_mwr_cnt:port=0x1";
	char cmd[1024], msg[1024];
	int code, before = pmu_type(P0), ret, set = PAPI_NULL;
	const char *reload = getenv("HIP09_EMU_MODULE");

	CHECK_FATAL(reload, "HIP09_EMU_MODULE (set by vm-run)");
	CHECK_FATAL(PAPI_event_name_to_code(name, &code) == PAPI_OK, "resolve %s", name);
	snprintf(cmd, sizeof(cmd), "bash %s reload pcie=0:1,0:0", reload);
	CHECK_FATAL(system(cmd) == 0, "%s", cmd);
	CHECK_FATAL(pmu_type(P0) != before, "setup: the reload kept %s's type %d", P0, before);
	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	capture_begin();
	ret = PAPI_add_event(set, code);
	snprintf(msg, sizeof(msg), "%s", capture_end());
	CHECK(ret == PAPI_ENOEVNT && strstr(msg, "registered again"),
	      "add after the reload: %s '%s', want PAPI_ENOEVNT saying it was registered again",
	      PAPI_strerror(ret), msg);
	drop(&set);
}

/* ---- 8b. a PMU that goes away: its driver unbound while counting ------------------- */

/*
 * The driver core's unbind and bind of one instance, through the emulator
 * (debugfs <pmu>/driver, vm-run --driver): the kernel's own driver removes
 * its PMU, and a perf core that revokes (Linux 6.15+) stops its events.
 */
static bool driver_op(const char *pmu, const char *op)
{
	char path[256];
	int ret;

	snprintf(path, sizeof(path), DBG "/%s/driver", pmu);
	ret = e2e_write(path, "%s", op);
	CHECK(ret == 0, "%s %s: %s", op, pmu, strerror(-ret));
	return ret == 0;
}

/* Before anything is opened: the checks need a perf core that revokes. */
static void need_revoking_kernel(const char *pmu)
{
	char path[256], state[64] = "";

	snprintf(path, sizeof(path), DBG "/%s/driver", pmu);
	read_text(path, state, sizeof(state));
	CHECK_FATAL(strstr(state, "revokes=1"), "%s: '%s', want a kernel that revokes the events "
		    "of a PMU that goes away (vm-run --driver newest)", path, state);
}

/*
 * PAPI_read of an EventSet whose PMU went away is refused, naming it, and
 * PAPI_stop says so too but stops the EventSet, which can then be cleaned
 * up; with the PMU back, the events count again. 20 ms pass after the
 * unbind: a PMU gone for less than the component's slack (1 ms + 1/64 of
 * the time since the last read) is caught at the next read.
 */
static void revoked_mid_count(const char *pmu, const char *const *ev, int n, const char *traffic,
			      long long want)
{
	long long v[2] = { 0 };
	char msg[1024];
	int set, ret, state = 0;

	need_revoking_kernel(pmu);
	set = eventset(ev, n);
	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(pmu, "%s", traffic);
	advance(100);
	ret = PAPI_read(set, v);
	CHECK(ret == PAPI_OK && v[0] == want, "%s before the unbind: %s %lld, want %lld", ev[0],
	      PAPI_strerror(ret), v[0], want);
	if (!driver_op(pmu, "unbind")) {
		PAPI_stop(set, NULL);
		drop(&set);
		return;
	}
	sleep_ms(20);
	inject(pmu, "%s", traffic);	/* the device counts on; no driver reads it */
	capture_begin();
	ret = PAPI_read(set, v);
	snprintf(msg, sizeof(msg), "%s", capture_end());
	CHECK(ret == PAPI_ENOEVNT && strstr(msg, pmu) && strstr(msg, "went away"),
	      "PAPI_read after %s's driver was unbound: %s (%lld) '%s', want PAPI_ENOEVNT saying "
	      "the PMU went away", pmu, PAPI_strerror(ret), v[0], msg);
	capture_begin();
	ret = PAPI_stop(set, v);
	snprintf(msg, sizeof(msg), "%s", capture_end());
	CHECK(ret == PAPI_ENOEVNT && strstr(msg, "went away"),
	      "PAPI_stop: %s '%s', want PAPI_ENOEVNT saying the PMU went away", PAPI_strerror(ret),
	      msg);
	CHECK(PAPI_state(set, &state) == PAPI_OK && (state & PAPI_STOPPED),
	      "the EventSet is not stopped after PAPI_stop (state %#x)", state);
	CHECK_EQ(PAPI_cleanup_eventset(set), PAPI_OK, "PAPI_cleanup_eventset");
	drop(&set);
	if (!driver_op(pmu, "bind"))
		return;
	set = eventset(ev, n);
	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(pmu, "%s", traffic);
	advance(100);
	read_stop(set, v);
	drop(&set);
	CHECK(v[0] == want, "%s with the PMU bound again: %lld, want %lld", ev[0], v[0], want);
}

/* A group of one event: only its time shows the PMU went away. */
static void t_revoked_single_event_group(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num" };

	revoked_mid_count(H, ev, 1, "event=bw_ssu_rpu_byte_num bytes=1500 count=7", 7 * 1500);
}

/* A pair: the revoke breaks the group up as well. */
static void t_revoked_pair_group(void)
{
	const char *ev[] = { P0 "::rx_mwr_flux:port=0x1", P0 "::rx_mwr_time:port=0x1" };

	revoked_mid_count(P0, ev, 2, "dir=rx type=mwr rp=0x3000 len=16 count=10",
			  10 * pcie_dw("mwr", 16));
}

/* A stopped EventSet whose PMU went away is refused at start, naming it. */
static void t_revoked_start_refused(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num" };
	char msg[1024];
	long long v = 0;
	int set, ret;

	need_revoking_kernel(H);
	set = eventset(ev, 1);
	if (set == PAPI_NULL || !start(set) || !read_stop(set, &v) || !driver_op(H, "unbind")) {
		drop(&set);
		return;
	}
	capture_begin();
	ret = PAPI_start(set);
	snprintf(msg, sizeof(msg), "%s", capture_end());
	CHECK(ret == PAPI_ENOEVNT && strstr(msg, H) && strstr(msg, "went away"),
	      "PAPI_start after the unbind: %s '%s', want PAPI_ENOEVNT saying the PMU went away",
	      PAPI_strerror(ret), msg);
	if (ret == PAPI_OK)
		PAPI_stop(set, NULL);
	drop(&set);
	driver_op(H, "bind");
}

/* ---- 8c. time counters that follow the clock (hw_time=1, vm-run --hw-time) -------- */

/*
 * With hw_time=1 a time counter counts guest time while enabled, as the
 * hardware's: over a 300 ms sleep it counts at least 300 ms of its clock
 * and no more than the time from before the start to after the read, and
 * the pair's metric of injected traffic is a real rate over that time
 * (per second, or with @per_cycle per cycle of the clock).
 */
static void hw_time_counts(const char *pmu, const char *const *ev, const char *traffic,
			   long long count, double clk_hz, bool per_cycle)
{
	long long v[3] = { 0 };
	double t0 = now_s(), t1, counted, rate, want;
	int set = eventset(ev, 3);

	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(pmu, "%s", traffic);
	sleep_ms(300);
	read_stop(set, v);
	t1 = now_s();
	drop(&set);
	counted = (double)v[1] / clk_hz;
	CHECK(counted >= 0.3 && counted <= t1 - t0, "%s: %lld cycles = %.4f s of its clock, want "
	      "between the 0.3 s slept and the %.4f s from start to read", ev[1], v[1], counted,
	      t1 - t0);
	rate = as_double(v[2]);
	want = per_cycle ? (double)count / (double)v[1] : (double)count / counted;
	CHECK(v[0] == count && close_rel(rate, want, 1e-6),
	      "%s = %lld, %s = %.6g, want %lld and %.6g", ev[0], v[0], ev[2], rate, count, want);
}

static void t_hw_time_hns3(void)
{
	const char *ev[] = { H "::bw_ssu_rpu_byte_num", H "::bw_ssu_rpu_time",
			     H "::bw_ssu_rpu_bandwidth" };

	hw_time_counts(H, ev, "event=bw_ssu_rpu_byte_num bytes=1500 count=1000", 1500 * 1000,
		       hns3_clk, false);
}

/* PCIe: the flux pair's time counts cycles of the PCIe clock (pcie_clk, 100 MHz) */
static void t_hw_time_pcie(void)
{
	const char *ev[] = { P0 "::rx_mwr_flux:port=0x1", P0 "::rx_mwr_time:port=0x1",
			     P0 "::rx_mwr_flux_per_cycle:port=0x1" };

	hw_time_counts(P0, ev, "dir=rx type=mwr rp=0x3000 len=16 count=10",
		       10 * pcie_dw("mwr", 16), 100e6, true);
}

/* ---- 8d. the overflow interrupt, through the kernel's own handler (vm-run --driver) -- */

/* cnt= of the enabled slots of @pmu's debugfs view, in one line (space-separated) */
static void enabled_counts(const char *pmu, char *out, size_t len)
{
	char path[256], line[512];
	const char *c;
	size_t o = 0;
	FILE *f;

	out[0] = '\0';
	snprintf(path, sizeof(path), DBG "/%s/slots", pmu);
	f = fopen(path, "r");
	CHECK_FATAL(f != NULL, "open %s", path);
	while (fgets(line, sizeof(line), f))
		if (strstr(line, " used=1 ") && (c = strstr(line, " cnt=")) && o + 24 < len)
			o += (size_t)snprintf(out + o, len - o, "%s%.*s", o ? " " : "",
					      (int)strcspn(c + 5, " \n"), c + 5);
	fclose(f);
}

/*
 * A counter the driver started at 2^63 wraps after 2^63 more: the device
 * raises its interrupt, and the driver's handler (hisi_pcie_pmu_irq())
 * takes the count and starts the counter at 2^63 again; the count goes on
 * exactly across the wrap.
 */
static void t_overflow_pcie_rearmed_and_exact(void)
{
	/* a batch adds at most lat * count, each below 2^32: two make 2^64 - 2^32 */
	const char *ev[] = { P0 "::rx_mrd_latency:port=0x1" };
	const char *big = "dir=rx type=mrd rp=0x3000 lat=0x80000000 count=0xffffffff";
	unsigned long long want = 2 * 0x80000000ULL * 0xffffffffULL + 5;
	char cnt[256];
	long long v = 0;
	int set = eventset(ev, 1);

	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(P0, "%s", big);	/* 2^63 + 2^63 - 2^31: not yet */
	enabled_counts(P0, cnt, sizeof(cnt));
	CHECK(!strcmp(cnt, "0xffffffff80000000"), "before the wrap the counter reads %s, want "
	      "0xffffffff80000000", cnt);
	inject(P0, "%s", big);	/* wraps */
	enabled_counts(P0, cnt, sizeof(cnt));
	CHECK(!strcmp(cnt, "0x8000000000000000"), "after the wrap the counter reads %s, want "
	      "0x8000000000000000 (the handler started it again)", cnt);
	inject(P0, "dir=rx type=mrd rp=0x3000 lat=5 count=1");
	read_stop(set, &v);
	drop(&set);
	CHECK((unsigned long long)v == want, "count across the wrap %#llx, want %#llx",
	      (unsigned long long)v, want);
}

/* ---- 9. CPU hotplug: the PMU's CPU goes offline mid-measurement --------------------- */

static int set_cpu_online(int cpu, int on)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	return e2e_write(path, "%d", on);
}

/* The CPU number in environment variable @name, else @fallback. */
static int env_cpu(const char *name, int fallback)
{
	const char *v = getenv(name);

	return v && *v ? atoi(v) : fallback;
}

/*
 * guest.sh puts the PCIe PMUs on CPU E2E_HOTPLUG_FROM (CPU 1 of node 1 on a
 * two-node guest, or CPU 0 where it can go offline, as on arm64; see
 * emulator/tests/hotplug-plan.sh). Offlining it mid-measurement moves them
 * to E2E_HOTPLUG_TO (the driver migrates the perf context): the open
 * EventSet counts on, exactly, a restart works, and a new EventSet opens on
 * the PMU's new CPU.
 */
static void t_hotplug_offline_mid_count(void)
{
	const char *ev[] = { P0 "::rx_mwr_flux:port=0x1", P0 "::rx_mwr_latency:port=0x1",
			     P0 "::rx_mwr_cnt:port=0x1" };
	int from = env_cpu("E2E_HOTPLUG_FROM", 1), to = env_cpu("E2E_HOTPLUG_TO", 0);
	long long v[3] = { 0 };
	int set, fresh, ret;

	CHECK_FATAL(pmu_cpu(P0) == from, "setup: %s on CPU %d, want %d (guest.sh's hotplug plan)",
		    P0, pmu_cpu(P0), from);
	set = eventset(ev, 3);
	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(P0, "dir=rx type=mwr rp=0x3000 len=16 lat=100 count=10");
	ret = set_cpu_online(from, 0);
	CHECK(ret == 0, "offline CPU %d: %s", from, strerror(-ret));
	CHECK_EQ(pmu_cpu(P0), to, "cpumask after the PMU's CPU went offline");
	inject(P0, "dir=rx type=mwr rp=0x3000 len=16 lat=100 count=5");
	ret = PAPI_read(set, v);
	CHECK(ret == PAPI_OK, "read across the migration: %s", PAPI_strerror(ret));
	CHECK(v[0] == 15 * pcie_dw("mwr", 16) && v[1] == 1500 && v[2] == 15,
	      "across the migration: flux %lld latency %lld cnt %lld, want %lld 1500 15", v[0], v[1],
	      v[2], 15 * pcie_dw("mwr", 16));
	PAPI_stop(set, NULL);
	/* the same EventSet again, now on the new CPU */
	if (start(set)) {
		inject(P0, "dir=rx type=mwr rp=0x3000 len=16 lat=7 count=3");
		read_stop(set, v);
		CHECK(v[1] == 21 && v[2] == 3, "restart after the migration: %lld %lld, want 21 3", v[1],
		      v[2]);
	}
	/* a new EventSet opens where the PMU is now */
	fresh = eventset(ev, 1);
	if (fresh != PAPI_NULL && start(fresh)) {
		inject(P0, "dir=rx type=mwr rp=0x3000 len=16 count=2");
		read_stop(fresh, v);
		CHECK_EQ(v[0], 2 * pcie_dw("mwr", 16), "new EventSet after the migration");
	}
	drop(&fresh);
	drop(&set);
	ret = set_cpu_online(from, 1);
	CHECK(ret == 0, "online CPU %d: %s", from, strerror(-ret));
	CHECK_EQ(pmu_cpu(P0), to, "cpumask after the CPU came back (the driver keeps its CPU)");
}

/* ---- main ---------------------------------------------------------------------------- */

/* ---- listing: what PAPI's utilities add is what opens ----------------------------- */

/* Add (which opens the counters) @symbol alone; PAPI_OK or the code. */
static int add_alone(const char *symbol)
{
	int es = PAPI_NULL, ret;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return PAPI_ENOMEM;
	ret = PAPI_add_named_event(es, symbol);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return ret;
}

/*
 * As papi_native_avail -c, papi_event_chooser and papi_xml_event_info do:
 * every event and every listed qualifier symbol, added on its own, opens
 * on the emulated Hip09 (the qualifier values are ones that work here).
 */
static void t_listing_every_qualifier_adds(void)
{
	int code = PAPI_NATIVE_MASK, q, ret, quals = 0, bdf = 0, bad = 0;
	PAPI_event_info_t info;

	CHECK_FATAL(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK, "no first event");
	do {
		q = code;
		if (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) != PAPI_OK)
			continue;
		do {
			CHECK_FATAL(PAPI_get_event_info(q, &info) == PAPI_OK, "info of 0x%x", q);
			ret = add_alone(info.symbol);
			CHECK(ret == PAPI_OK || bad >= 3, "%s listed but not added: %s", info.symbol,
			      PAPI_strerror(ret));
			bad += ret != PAPI_OK;
			quals++;
			bdf += strstr(info.symbol, ":bdf=0x") != NULL;
		} while (PAPI_enum_cmp_event(&q, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	CHECK_EQ(bad, 0, "listed qualifiers refused at add");
	CHECK(quals > 500, "only %d qualifiers listed", quals);
	/* the guest has devices behind the PCIe root ports and NIC functions */
	CHECK(bdf > 50, "only %d qualifiers with a bdf of a real device", bdf);
}

/*
 * Each family's aggregate is listed once (hisi_pcie*::EVENT,
 * hns3_pmu_sicl_*::EVENT): every one, added by its symbol, opens on every
 * instance, and PAPI finds it again by that symbol.
 */
static void t_listing_aggregates_add(void)
{
	int code = PAPI_NATIVE_MASK, again, ret, pcie = 0, hns3 = 0, bad = 0;
	PAPI_event_info_t info;

	CHECK_FATAL(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK, "no first event");
	do {
		CHECK_FATAL(PAPI_get_event_info(code, &info) == PAPI_OK, "info of 0x%x", code);
		if (!strstr(info.symbol, "*::"))
			continue;
		pcie += strncmp(info.symbol, "hisi_pcie*::", 12) == 0;
		hns3 += strncmp(info.symbol, "hns3_pmu_sicl_*::", 17) == 0;
		ret = add_alone(info.symbol);
		CHECK(ret == PAPI_OK || bad >= 3, "%s listed but not added: %s", info.symbol,
		      PAPI_strerror(ret));
		bad += ret != PAPI_OK;
		CHECK(PAPI_event_name_to_code(info.symbol, &again) == PAPI_OK && again == code,
		      "%s: its name gives 0x%x, listed as 0x%x", info.symbol, again, code);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	CHECK_EQ(bad, 0, "listed aggregates refused at add");
	/* 6.1.y's PCIe driver has far fewer events: 17 aggregates, not 20 and more */
	CHECK(pcie > (era_6_1_y() ? 10 : 20) && hns3 > 100, "only %d hisi_pcie* and %d "
	      "hns3_pmu_sicl_* entries", pcie, hns3);
}

/* The table-driven suites' rows (filled in main). */
/* ---- #27 (5): a family with an unusable instance (SYSFS_PATH: guest.sh test_skipped) ---- */

/*
 * Run with SYSFS_PATH naming a copy of sysfs in which P1's type is
 * unusable: the component skips P1.  An aggregate over the family would sum
 * P0 alone and pass for the node's total: refused, naming P1 and why, on
 * stderr and, under HISI_UNCORE_QUIET=1, in the reason a tool reads
 * (hu_last_said()) though nothing is printed.
 */
static void t_skipped_aggregate_refused(void)
{
	static const char name[] = "hisi_pcie*::rx_mwr_flux";
	static const char said[] = "hisi_pcie*::rx_mwr_flux: matches " P1 ", which is unusable (type: ";
	const char *msg;
	int code = 0, set = PAPI_NULL, ret;

	CHECK_FATAL(PAPI_create_eventset(&set) == PAPI_OK, "create");
	for (int quiet = 0; quiet < 2; quiet++) {
		const char *how = quiet ? "HISI_UNCORE_QUIET=1: " : "";

		if (quiet)
			setenv("HISI_UNCORE_QUIET", "1", 1);
		hu_forget_last_said();
		capture_begin();
		ret = PAPI_event_name_to_code(name, &code);
		msg = capture_end();
		CHECK(ret != PAPI_OK, "%sPAPI_event_name_to_code(%s): PAPI_OK (code %#x), want a refusal",
		      how, name, (unsigned int)code);
		CHECK(strstr(hu_last_said(), said) && strstr(hu_last_said(), "the sum would leave it out"),
		      "%sthe component's reason '%s' should name " P1 " and why", how, hu_last_said());
		if (quiet)
			CHECK(!strstr(msg, "hisi_uncore: "), "quiet, yet said '%s'", msg);
		else
			CHECK(strstr(msg, said) != NULL, "said '%s', want '%s...'", msg, said);
		ret = PAPI_add_named_event(set, name);
		CHECK(ret != PAPI_OK, "%sPAPI_add_named_event(%s): PAPI_OK, want a refusal", how, name);
	}
	unsetenv("HISI_UNCORE_QUIET");
	drop(&set);
}

/*
 * A pattern that leaves P1 out counts P0's injected traffic, exactly.  With
 * the component's prefix: PAPI routes an unprefixed PMU part to a component
 * only if it is one of the names the component lists (its PMUs, device
 * names and family patterns), and hisi_pcie0_core[0] is none of them.
 */
static void t_skipped_pattern_excluding_counts(void)
{
	const char *ev[] = { "hisi_uncore:::hisi_pcie0_core[0]::rx_mwr_flux" };
	long long v = -1;
	int set = eventset(ev, 1);

	if (set == PAPI_NULL || !start(set)) {
		drop(&set);
		return;
	}
	inject(P0, "dir=rx type=mwr rp=0x3000 len=16 count=10");	/* 200 DW */
	inject(P0, "dir=rx type=mwr rp=0x3020 len=16 count=5");	/* 100, another port */
	inject(P1, "dir=rx type=mwr rp=0x3c00 len=8 count=3");	/* P1's: not in the pattern */
	if (read_stop(set, &v))
		CHECK_EQ(v, 300, "hisi_pcie0_core[0]::rx_mwr_flux with P1 unusable");
	drop(&set);
}

static const struct e2e_test skipped_tests[] = {
	{ "skipped_aggregate_refused_naming_it", t_skipped_aggregate_refused },
	{ "skipped_pattern_excluding_it_counts", t_skipped_pattern_excluding_counts },
	{ NULL, NULL },
};

static struct e2e_test counts_tests[N_COUNT_CASES + 1], filters_tests[N_FILTER_CASES + 1];

static const struct e2e_test listing_tests[] = {
	{ "listing_every_qualifier_adds", t_listing_every_qualifier_adds },
	{ "listing_aggregates_add", t_listing_aggregates_add },
	{ NULL, NULL },
};

static const struct e2e_test metrics_tests[] = {
	{ "metric_raw_halves_are_counts", t_metric_raw_halves_are_counts },
	{ "metric_hns3_bandwidth", t_metric_hns3_bandwidth },
	{ "metric_hns3_packet_rate", t_metric_hns3_packet_rate },
	{ "metric_hns3_avg_latency", t_metric_hns3_avg_latency },
	{ "metric_hns3_intr_rate", t_metric_hns3_intr_rate },
	{ "metric_pcie_avg_latency", t_metric_pcie_avg_latency },
	{ "metric_pcie_flux_per_cycle", t_metric_pcie_flux_per_cycle },
	{ "metric_pcie_bandwidth", t_metric_pcie_bandwidth },
	{ "metric_zero_denominator", t_metric_zero_denominator },
	{ "metric_reset", t_metric_reset },
	{ "metric_restart_and_reset_pcie_bandwidth", t_metric_restart_and_reset_pcie_bandwidth },
	{ NULL, NULL },
};

static const struct e2e_test groups_tests[] = {
	{ "group_four_metrics_hns3", t_group_four_metrics_hns3 },
	{ "group_four_metrics_pcie", t_group_four_metrics_pcie },
	{ "group_pair_halves_share_slot", t_group_pair_halves_share_slot },
	{ "group_same_code_different_filters", t_group_same_code_different_filters },
	{ "group_over_8_conflict", t_group_over_8_conflict },
	{ "group_multiplex_scales_hns3", t_group_multiplex_scales_hns3 },
	{ "group_multiplex_scales_pcie", t_group_multiplex_scales_pcie },
	{ NULL, NULL },
};

static const struct e2e_test driver_tests[] = {
	{ "error_driver_agrees", t_driver_agrees },
	{ NULL, NULL },
};

static const struct e2e_test shared_bus_tests[] = {
	{ "era_shared_bus_instance_refused", t_shared_bus_instance_refused },
	{ "era_shared_bus_device_name_counts", t_shared_bus_device_name_counts },
	{ NULL, NULL },
};

static const struct e2e_test era_tests[] = {
	{ "era_flux_codes_from_sysfs", t_era_flux_codes },
	{ "era_metrics", t_era_metrics },
	{ "era_five_pairs", t_era_five_pairs },
	{ "era_same_code_two_filters", t_era_same_code_two_filters },
	{ "era_same_code_other_user", t_era_same_code_other_user },
	{ "era_len_mode_2", t_era_len_mode_2 },
	{ "era_flux_description", t_era_flux_description },
	{ NULL, NULL },
};

static const struct e2e_test trust_tests[] = {
	{ "trust_flexible_user_yields", t_trust_flexible_user_yields },
	{ "trust_pcie_flexible_user_yields", t_trust_pcie_flexible_user_yields },
	{ "trust_pinned_user_refuses", t_trust_pinned_user_refuses },
	{ "trust_all_taken_refused_at_add", t_trust_all_taken_refused_at_add },
	{ "trust_multiplexed_never_ran", t_trust_multiplexed_never_ran },
	{ "trust_two_ranks", t_trust_two_ranks },
	{ "trust_owner_mode", t_trust_owner_mode },
	{ NULL, NULL },
};

static const struct e2e_test perf_holder_tests[] = {
	{ "trust_perf_stat_holds_7", t_trust_perf_stat_holds },
	{ NULL, NULL },
};

static const struct e2e_test hotplug_tests[] = {
	{ "hotplug_offline_mid_count", t_hotplug_offline_mid_count },
	{ NULL, NULL },
};

static const struct e2e_test revoked_tests[] = {
	{ "revoked_single_event_group", t_revoked_single_event_group },
	{ "revoked_pair_group", t_revoked_pair_group },
	{ "revoked_start_refused", t_revoked_start_refused },
	{ NULL, NULL },
};

static const struct e2e_test hw_time_tests[] = {
	{ "hw_time_hns3", t_hw_time_hns3 },
	{ "hw_time_pcie", t_hw_time_pcie },
	{ NULL, NULL },
};

static const struct e2e_test overflow_tests[] = {
	{ "overflow_pcie_rearmed_and_exact", t_overflow_pcie_rearmed_and_exact },
	{ NULL, NULL },
};

static const struct e2e_test reload_tests[] = {
	{ "reload_moves_types", t_reload_moves_types },
	{ NULL, NULL },
};

static const struct {
	const char *name;
	const struct e2e_test *tests;
} suites[] = {
	{ "counts", counts_tests }, { "metrics", metrics_tests }, { "filters", filters_tests },
	{ "groups", groups_tests }, { "errors", NULL }, { "era", era_tests },
	{ "trust", trust_tests }, { "reload", reload_tests }, { "hotplug", hotplug_tests },
	{ "perf_holder", perf_holder_tests }, { "listing", listing_tests },
	{ "skipped", skipped_tests }, { "shared_bus", shared_bus_tests },
	{ "revoked", revoked_tests }, { "hw_time", hw_time_tests }, { "overflow", overflow_tests },
};

/* Test names get the era as a prefix in the era suite: era6.2_metrics. */
static struct e2e_test era_named[16];
static char era_names[16][64];

int main(int argc, char **argv)
{
	unsigned int failed = 0;
	const PAPI_component_info_t *ci;
	char info[4096], *p;
	int ret;

	if (argc < 2) {
		fprintf(stderr, "usage: %s SUITE... (counts metrics filters groups errors era trust "
			"reload hotplug perf_holder skipped shared_bus revoked hw_time overflow; hold PMU)\n", argv[0]);
		return 2;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		printf("FAIL papi_init: PAPI_library_init: %s\n", PAPI_strerror(ret));
		return 1;
	}
	/* threads get EventSets of their own (counts_two_eventsets_two_threads) */
	ret = PAPI_thread_init(pthread_self);
	if (ret != PAPI_OK) {
		printf("FAIL papi_init: PAPI_thread_init: %s\n", PAPI_strerror(ret));
		return 1;
	}
	cidx = PAPI_get_component_index("hisi_uncore");
	ci = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
	if (!ci || ci->disabled) {
		printf("FAIL papi_init: hisi_uncore %s\n", ci ? ci->disabled_reason : "missing");
		return 1;
	}
	/* before the helpers: hold's events are the era's (pcie_eight_control_words()) */
	read_text(DBG "/" P0 "/info", info, sizeof(info));
	p = strstr(info, "era=");
	snprintf(era, sizeof(era), "%s", p ? p + 4 : "?");
	era[strcspn(era, "\n")] = '\0';
	if (!strcmp(argv[1], "rank"))
		return rank_main();
	if (!strcmp(argv[1], "adder") && argc == 3)
		return adder_main(argv[2]);
	if (!strcmp(argv[1], "hold") && argc == 3)
		return hold_main(argv[2]);
	case_rows(counts_tests, count_cases, N_COUNT_CASES, t_count_case);
	case_rows(filters_tests, filter_cases, N_FILTER_CASES, t_filter_case);
	signal(SIGPIPE, SIG_IGN);	/* a child that died must fail a check, not this program */
	hns3_clk = (double)read_u64(DEVS "/" H "/hw_clk_freq");

	for (int a = 1; a < argc; a++) {
		const struct e2e_test *t = NULL;

		for (size_t i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
			if (!strcmp(argv[a], suites[i].name))
				t = suites[i].tests;
		if (!strcmp(argv[a], "errors")) {
			static struct e2e_test rows[sizeof(rejections) / sizeof(rejections[0]) + 1];

			for (size_t i = 0; i < sizeof(rejections) / sizeof(rejections[0]); i++) {
				rows[i].name = rejections[i].test;
				rows[i].fn = t_rejection;
			}
			failed += e2e_run("errors", rows);
			failed += e2e_run("driver", driver_tests);
			continue;
		}
		if (!t) {
			printf("FAIL usage: no suite '%s'\n", argv[a]);
			failed++;
			continue;
		}
		if (t == era_tests || t == shared_bus_tests) {
			int i;

			for (i = 0; t[i].name; i++) {
				snprintf(era_names[i], sizeof(era_names[i]), "era%s_%s", era, t[i].name + 4);
				era_named[i].name = era_names[i];
				era_named[i].fn = t[i].fn;
			}
			era_named[i].name = NULL;
			t = era_named;
		}
		failed += e2e_run(argv[a], t);
	}
	PAPI_shutdown();
	return failed ? 1 : 0;
}
