// SPDX-License-Identifier: BSD-3-Clause
/*
 * read_path.c - benchmarks 1, 3 (allocations) and 4 of issue #6, run
 * inside the emulated Hip09 (emulator/vm-run).
 *
 * For each configuration the same perf groups are opened three ways in one
 * process:
 *   floor   by hand: perf_event_open, PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED
 *           | TOTAL_TIME_RUNNING, leader disabled, members attached, on the
 *           PMU's cpumask CPU, no exclude bits, the config words
 *           hisi-uncore-attr prints for the names; one read() per group;
 *   hisi    PAPI_read on a hisi_uncore EventSet of the metrics;
 *   plan    hu_plan_read() of the component's perf_group.c on the same
 *           groups, without PAPI (splits the component's overhead into its
 *           group layer and PAPI's framework plus the glue in hisi_uncore.c);
 *   hraw    PAPI_read on a hisi_uncore EventSet of both halves as raw events
 *           (the same groups without the metric arithmetic);
 *   stock   PAPI_read on a perf_event_uncore EventSet of both halves of
 *           every metric as raw events (the stock path has no metrics).
 * Each PAPI_read / read() set is timed with clock_gettime into a
 * preallocated array.  The methods run in many short batches (-b BATCHES
 * of -n CALLS each), all methods once per round, the order rotated by one
 * method each round so that every method takes every position equally.
 * A batch's figure is its median call minus the timer's cost; a ratio is
 * formed per round between two methods' batches (the batches of one round
 * ran seconds apart, so drift of the emulator's speed cancels), and the
 * target is judged on the median of those ratios with its 95% confidence
 * interval from order statistics (bench_median_ci()).  read() system calls
 * are counted with syscr of /proc/self/io.
 *
 * Every configuration runs twice: with the reader pinned to CPU 0, the CPU
 * of every emulated PMU's cpumask (no read needs a cross-CPU call), then
 * pinned to CPU 1, as most threads of a profiled program are: there the
 * kernel reads a group with one cross-CPU call per read(), which is what a
 * group read saves over one read() per event.  Start/stop and allocations
 * run in the first placement only.
 *
 * usage: read_path --attr PATH [--quick] [--icount] [-n CALLS] [-b BATCHES]
 *                  [-c CONFIG]
 *   -c: run configuration CONFIG only (1-based, in the order printed), for
 *   profiles such as valgrind --tool=callgrind in the guest.
 *   --icount: only labels the output (the guest runs under QEMU -icount, its
 *   clock counts instructions).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "papi.h"

#include "bench_util.h"
#include "perf_group.h"		/* the component's own group layer, for the split */

#define MAX_METRICS 16
#define MAX_HALVES (2 * MAX_METRICS)
#define MAX_GROUPS 8
#define MAX_BATCHES 400

/* One metric: the component name and its two raw halves. */
struct metric {
	const char *pmu;
	const char *stem;	/* metric = stem_kind, halves stem_h0, stem_h1 */
	const char *kind, *h0, *h1;
	const char *qual;	/* hisi_uncore qualifiers, e.g. ":global" */
	const char *stock_qual;	/* perf_event_uncore qualifiers */
};

struct config {
	const char *label;
	unsigned int n;
	struct metric m[MAX_METRICS];
	/* the stock path needs a counter per half: more than the PMU has.  Not
	 * even tried: a failed add leaves PAPI 7.0's perf_event_uncore holding
	 * counters that later configurations then miss. */
	bool stock_cannot_fit;
	/* hisi_uncore names each stem once over this PMU pattern (an aggregate,
	 * issue 13); the floor and stock open every instance's pair */
	const char *aggregate;
};

#define HNS3_BW(pmu, stem) { pmu, stem, "bandwidth", "byte_num", "time", ":global", "" }
#define PCIE_BW(pmu, stem) { pmu, stem, "bandwidth", "flux", "time", ":port=0x1", ":port=0x1" }
#define PCIE4(pmu) PCIE_BW(pmu, "rx_mwr"), PCIE_BW(pmu, "rx_mrd"), \
	PCIE_BW(pmu, "tx_mwr"), PCIE_BW(pmu, "rx_cpl")

static const struct config configs[] = {
	{ "1 metric, 1 PMU", 1, { HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_rpu") }, false, NULL },
	{ "4 metrics, 1 PMU", 4, {
		HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_rpu"), HNS3_BW("hns3_pmu_sicl_0", "bw_tpu_ssu"),
		HNS3_BW("hns3_pmu_sicl_0", "bw_rpu_rcbrx"), HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_egu") },
	  false, NULL },
	{ "8 metrics, 1 PMU", 8, {
		HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_rpu"), HNS3_BW("hns3_pmu_sicl_0", "bw_tpu_ssu"),
		HNS3_BW("hns3_pmu_sicl_0", "bw_rpu_rcbrx"), HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_egu"),
		HNS3_BW("hns3_pmu_sicl_0", "bw_rcbtx_txsch"), HNS3_BW("hns3_pmu_sicl_0", "bw_ssu_roce"),
		HNS3_BW("hns3_pmu_sicl_0", "bw_roce_ssu"), HNS3_BW("hns3_pmu_sicl_0", "bw_rd_fbd") },
	  true, NULL },
	{ "4 metrics x 4 PMUs", 16, {
		PCIE4("hisi_pcie0_core0"), PCIE4("hisi_pcie0_core1"),
		PCIE4("hisi_pcie1_core0"), PCIE4("hisi_pcie1_core1") }, false, NULL },
	{ "1 metric over 4 PMUs (hisi_pcie*)", 4, {
		PCIE_BW("hisi_pcie0_core0", "rx_mwr"), PCIE_BW("hisi_pcie0_core1", "rx_mwr"),
		PCIE_BW("hisi_pcie1_core0", "rx_mwr"), PCIE_BW("hisi_pcie1_core1", "rx_mwr") },
	  false, "hisi_pcie*" },
};
#define NCONFIGS (sizeof(configs) / sizeof(configs[0]))
#define STARTSTOP_CONFIG 1	/* 4 metrics on one instance */

static const char *attr_tool;
static size_t ncalls = 300;		/* calls per batch */
static unsigned int nbatches = 60;
static bool quick, icount;
static unsigned int only_config;	/* -c: 1..NCONFIGS, 0 = every one */
static long long syscr_cal;
static double timer_ns;		/* median cost of an empty timed section */
static unsigned int passed, failed;

/* ---- the floor: perf groups opened by hand --------------------------------- */

struct fgroup {
	const char *pmu;
	int cpu;
	unsigned int n;
	int fd[MAX_HALVES];
	uint64_t buf[3 + MAX_HALVES];
	size_t bytes;
};

struct floor {
	unsigned int ng;
	struct fgroup g[MAX_GROUPS];
	struct perf_event_attr pa[MAX_HALVES];
	unsigned int gi[MAX_HALVES];	/* half k -> group */
	unsigned int nattr;
};

static int pmu_cpu(const char *pmu)
{
	char path[256];
	FILE *f;
	int cpu = -1;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/cpumask", pmu);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &cpu) != 1)
		cpu = -1;
	fclose(f);
	return cpu;
}

/* The attrs hisi-uncore-attr prints for the halves, in order. */
static int attrs_of(const struct config *c, struct perf_event_attr *pa)
{
	char cmd[8192], line[1024];
	size_t len = (size_t)snprintf(cmd, sizeof(cmd), "%s", attr_tool);
	unsigned int k = 0;
	FILE *p;

	for (unsigned int i = 0; i < c->n; i++) {
		const struct metric *m = &c->m[i];

		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, " %s::%s_%s%s %s::%s_%s%s",
					m->pmu, m->stem, m->h0, m->qual, m->pmu, m->stem, m->h1, m->qual);
	}
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (k < 2 * c->n && fgets(line, sizeof(line), p)) {
		unsigned long long t, c0, c1, c2;
		char *s = strstr(line, " type=");

		if (!s || sscanf(s, " type=%llu config=%llx config1=%llx config2=%llx",
				 &t, &c0, &c1, &c2) != 4)
			continue;
		memset(&pa[k], 0, sizeof(pa[k]));
		pa[k].size = sizeof(pa[k]);
		pa[k].type = (uint32_t)t;
		pa[k].config = c0;
		pa[k].config1 = c1;
		pa[k].config2 = c2;
		pa[k].read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
				    PERF_FORMAT_TOTAL_TIME_RUNNING;
		k++;
	}
	if (pclose(p) != 0 || k != 2 * c->n) {
		fprintf(stderr, "read_path: %s gave %u of %u attrs\n", attr_tool, k, 2 * c->n);
		return -1;
	}
	return 0;
}

static void floor_close(struct floor *fl)
{
	for (unsigned int g = 0; g < fl->ng; g++)
		for (unsigned int m = fl->g[g].n; m-- > 0;)
			if (fl->g[g].fd[m] >= 0)
				close(fl->g[g].fd[m]);
	fl->ng = 0;
}

static int floor_open(const struct config *c, struct floor *fl)
{
	struct perf_event_attr *pa = fl->pa;

	memset(fl, 0, sizeof(*fl));
	if (attrs_of(c, pa))
		return -1;
	fl->nattr = 2 * c->n;
	for (unsigned int k = 0; k < 2 * c->n; k++) {
		const char *pmu = c->m[k / 2].pmu;
		struct fgroup *g = NULL;

		for (unsigned int i = 0; i < fl->ng; i++)
			if (!strcmp(fl->g[i].pmu, pmu))
				g = &fl->g[i];
		if (!g) {
			g = &fl->g[fl->ng++];
			g->pmu = pmu;
			g->cpu = pmu_cpu(pmu);
		}
		fl->gi[k] = (unsigned int)(g - fl->g);
		pa[k].disabled = g->n == 0;
		g->fd[g->n] = (int)syscall(__NR_perf_event_open, &pa[k], -1, g->cpu,
					   g->n ? g->fd[0] : -1, PERF_FLAG_FD_CLOEXEC);
		if (g->fd[g->n] < 0) {
			fprintf(stderr, "read_path: floor perf_event_open(%s #%u) failed: %s\n",
				pmu, k, strerror(errno));
			floor_close(fl);
			return -1;
		}
		g->n++;
		g->bytes = (3 + g->n) * sizeof(uint64_t);
	}
	return 0;
}

static int floor_ioctl(struct floor *fl, unsigned long req)
{
	for (unsigned int g = 0; g < fl->ng; g++)
		if (ioctl(fl->g[g].fd[0], req, PERF_IOC_FLAG_GROUP) < 0)
			return -1;
	return 0;
}

static int floor_read(void *arg)
{
	struct floor *fl = arg;

	for (unsigned int g = 0; g < fl->ng; g++)
		if (read(fl->g[g].fd[0], fl->g[g].buf, fl->g[g].bytes) != (ssize_t)fl->g[g].bytes)
			return -1;
	return 0;
}

static int floor_startstop(void *arg)
{
	struct floor *fl = arg;

	return floor_ioctl(fl, PERF_EVENT_IOC_RESET) || floor_ioctl(fl, PERF_EVENT_IOC_ENABLE) ||
	       floor_ioctl(fl, PERF_EVENT_IOC_DISABLE);
}

/* ---- the component's group layer alone ------------------------------------ */

struct plan {
	struct hu_plan plan;
	struct hu_reading out[MAX_HALVES];
	bool ok;
};

static void plan_make(struct floor *fl, struct plan *p)
{
	struct hu_request req[MAX_HALVES];
	struct hu_err e = { 0 };

	memset(p, 0, sizeof(*p));
	memset(req, 0, sizeof(req));
	for (unsigned int k = 0; k < fl->nattr; k++) {
		req[k].attr.type = fl->pa[k].type;
		req[k].attr.config[0] = fl->pa[k].config;
		req[k].attr.config[1] = fl->pa[k].config1;
		req[k].attr.config[2] = fl->pa[k].config2;
		req[k].slot.key[0] = k;		/* the kernel shares slots itself */
		req[k].bundle = fl->gi[k];	/* one group per PMU instance */
		req[k].cpu = fl->g[fl->gi[k]].cpu;
		req[k].pmu_name = fl->g[fl->gi[k]].pmu;
	}
	p->ok = !hu_plan_build(&p->plan, req, fl->nattr, false, &e) && !hu_plan_open(&p->plan, &e);
	if (!p->ok)
		fprintf(stderr, "read_path: hu_plan: %s\n", e.msg);
}

static int plan_read_op(void *arg)
{
	struct plan *p = arg;
	struct hu_err e;

	return hu_plan_read(&p->plan, p->out, &e) != HU_OK;
}

/* ---- PAPI EventSets --------------------------------------------------------- */

struct pset {
	int es;
	long long values[MAX_HALVES];
	bool ok;
};

static int papi_read_op(void *arg)
{
	struct pset *p = arg;

	return PAPI_read(p->es, p->values) != PAPI_OK;
}

static int papi_startstop_op(void *arg)
{
	struct pset *p = arg;

	return PAPI_start(p->es) != PAPI_OK || PAPI_stop(p->es, p->values) != PAPI_OK;
}

static int noop(void *arg)
{
	(void)arg;
	return 0;
}

static bool pset_add(struct pset *p, const char *name)
{
	int ret = PAPI_add_named_event(p->es, name);

	if (ret != PAPI_OK) {
		fprintf(stderr, "read_path: PAPI_add_named_event(%s): %s\n", name, PAPI_strerror(ret));
		return false;
	}
	return true;
}

/* Is metric @i the first of its stem in @c (an aggregate names each stem once)? */
static bool first_of_stem(const struct config *c, unsigned int i)
{
	for (unsigned int k = 0; k < i; k++)
		if (!strcmp(c->m[k].stem, c->m[i].stem))
			return false;
	return true;
}

static void pset_make(const struct config *c, struct pset *hisi, struct pset *hraw,
		      struct pset *stock)
{
	char name[512];

	hisi->es = stock->es = hraw->es = PAPI_NULL;
	hisi->ok = PAPI_create_eventset(&hisi->es) == PAPI_OK;
	hraw->ok = PAPI_create_eventset(&hraw->es) == PAPI_OK;
	stock->ok = !c->stock_cannot_fit && PAPI_create_eventset(&stock->es) == PAPI_OK;
	for (unsigned int i = 0; i < c->n; i++) {
		const struct metric *m = &c->m[i];
		int cpu = pmu_cpu(m->pmu);
		const char *pmu = c->aggregate ? c->aggregate : m->pmu;

		if (!c->aggregate || first_of_stem(c, i)) {
			snprintf(name, sizeof(name), "hisi_uncore:::%s::%s_%s%s", pmu, m->stem, m->kind,
				 m->qual);
			hisi->ok = hisi->ok && pset_add(hisi, name);
			snprintf(name, sizeof(name), "hisi_uncore:::%s::%s_%s%s", pmu, m->stem, m->h0,
				 m->qual);
			hraw->ok = hraw->ok && pset_add(hraw, name);
			snprintf(name, sizeof(name), "hisi_uncore:::%s::%s_%s%s", pmu, m->stem, m->h1,
				 m->qual);
			hraw->ok = hraw->ok && pset_add(hraw, name);
		}
		snprintf(name, sizeof(name), "perf_event_uncore:::%s::%s_%s%s:cpu=%d",
			 m->pmu, m->stem, m->h0, m->stock_qual, cpu);
		stock->ok = stock->ok && pset_add(stock, name);
		snprintf(name, sizeof(name), "perf_event_uncore:::%s::%s_%s%s:cpu=%d",
			 m->pmu, m->stem, m->h1, m->stock_qual, cpu);
		stock->ok = stock->ok && pset_add(stock, name);
	}
}

static void pset_free(struct pset *p)
{
	long long v[MAX_HALVES];

	if (p->es == PAPI_NULL)
		return;
	PAPI_stop(p->es, v);
	PAPI_cleanup_eventset(p->es);
	PAPI_destroy_eventset(&p->es);
}

/* ---- measuring -------------------------------------------------------------- */

/* Time @n calls of @op into @t; add the read() syscalls they made to *reads. */
static int measure(int (*op)(void *), void *arg, uint64_t *t, size_t n, long long *reads)
{
	long long s0, s1;

	for (size_t i = 0; i < n / 10 + 1; i++)	/* warm caches and branch predictors */
		if (op(arg))
			return -1;
	s0 = bench_syscr();
	for (size_t i = 0; i < n; i++) {
		uint64_t t0 = bench_now_ns();

		if (op(arg))
			return -1;
		t[i] = bench_now_ns() - t0;
	}
	s1 = bench_syscr();
	*reads += s1 - s0 - syscr_cal;
	return 0;
}

enum { M_FLOOR, M_PLAN, M_HRAW, M_HISI, M_STOCK, M_N };
static const char *const method_name[M_N] = {
	"floor: read() per group", "hu_plan_read (no PAPI)", "hisi_uncore PAPI_read, raw halves",
	"hisi_uncore PAPI_read", "perf_event_uncore PAPI_read",
};

/* One method in one configuration: every call, and one figure per batch. */
struct result {
	bool ok;
	struct bench_stats st;		/* over every call of every batch */
	double reads_per_call;
	long long reads;
	double batch[MAX_BATCHES];	/* median call of each batch, net of the timer */
};

static double net(double ns)
{
	return ns > timer_ns ? ns - timer_ns : 0.0;
}

static void target(const char *name, bool met, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void target(const char *name, bool met, const char *fmt, ...)
{
	va_list ap;

	printf("target %s: %s (", name, met ? "met" : "not met");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(")\n");
}

/* "median R, 95% CI [lo, hi] over N batch pairs" */
static void print_ci(struct bench_ci ci, const char *unit)
{
	printf("median %.3f%s, ", ci.median, unit);
	if (ci.valid)
		printf("95%% CI [%.3f, %.3f] over %zu batch pairs", ci.lo, ci.hi, ci.n);
	else
		printf("no 95%% CI: %zu batch pairs, 6 needed, range [%.3f, %.3f]", ci.n, ci.lo, ci.hi);
}

static void target_ci(const char *name, enum bench_verdict v, struct bench_ci ci, const char *bound)
{
	printf("target %s: %s (", name, bench_verdict_name(v));
	print_ci(ci, "");
	printf(", bound %s)\n", bound);
}

/* Per round: a's batch over b's batch. */
static struct bench_ci ratio_ci(const struct result *a, const struct result *b)
{
	double r[MAX_BATCHES];
	size_t n = 0;

	for (unsigned int i = 0; i < nbatches; i++)
		if (b->batch[i] > 0)
			r[n++] = a->batch[i] / b->batch[i];
	return bench_median_ci(r, n);
}

/* Per round: the share of the floor's lead over stock that hisi keeps,
 * in time, (stock - hisi) / (stock - floor). */
static struct bench_ci lead_share_ci(const struct result *res)
{
	const struct result *f = &res[M_FLOOR], *h = &res[M_HISI], *s = &res[M_STOCK];
	double r[MAX_BATCHES];
	size_t n = 0;

	for (unsigned int i = 0; i < nbatches; i++)
		if (s->batch[i] > f->batch[i])
			r[n++] = (s->batch[i] - h->batch[i]) / (s->batch[i] - f->batch[i]);
	return bench_median_ci(r, n);
}

/* Start one method, time it, stop it. */
static struct pset *hraw_set;

static int run_method(int m, struct floor *fl, struct plan *pl, struct pset *hisi, struct pset *stock,
		      int (*op_floor)(void *), int (*op_papi)(void *), bool startstop,
		      uint64_t *t, size_t n, long long *reads)
{
	long long v[MAX_HALVES];
	int ret;

	if (m == M_FLOOR) {
		if (!startstop && (floor_ioctl(fl, PERF_EVENT_IOC_RESET) ||
				   floor_ioctl(fl, PERF_EVENT_IOC_ENABLE)))
			return -1;
		ret = measure(op_floor, fl, t, n, reads);
		if (!startstop)
			floor_ioctl(fl, PERF_EVENT_IOC_DISABLE);
		return ret;
	}
	if (m == M_HRAW && startstop)
		return -1;
	if (m == M_PLAN) {
		struct hu_err e;

		if (startstop || !pl->ok || hu_plan_start(&pl->plan, &e))
			return -1;
		ret = measure(plan_read_op, pl, t, n, reads);
		hu_plan_stop(&pl->plan, &e);
		return ret;
	}
	struct pset *p = m == M_HISI ? hisi : m == M_HRAW ? hraw_set : stock;

	if (!p->ok)
		return -1;
	if (!startstop && PAPI_start(p->es) != PAPI_OK)
		return -1;
	ret = measure(op_papi, p, t, n, reads);
	if (!startstop)
		PAPI_stop(p->es, v);
	return ret;
}

/* One batch of method @m in round @r: its calls into t[m], its median into the result. */
static void run_batch(int m, unsigned int r, struct floor *fl, struct plan *pl, struct pset *hisi,
		      struct pset *stock, bool startstop, struct result *res, uint64_t **t)
{
	uint64_t *bt = t[m] + (size_t)r * ncalls;

	if (run_method(m, fl, pl, hisi, stock, startstop ? floor_startstop : floor_read,
		       startstop ? papi_startstop_op : papi_read_op, startstop, bt, ncalls,
		       &res[m].reads)) {
		res[m].ok = false;
		return;
	}
	res[m].batch[r] = net(bench_stats_of(bt, ncalls).median);
}

static void run_all(struct floor *fl, struct plan *pl, struct pset *hisi, struct pset *stock,
		    bool startstop, struct result *res, uint64_t **t)
{
	for (int m = 0; m < M_N; m++) {
		res[m].ok = true;
		res[m].reads = 0;
	}
	for (unsigned int r = 0; r < nbatches; r++)
		for (int j = 0; j < M_N; j++) {
			int m = (int)((r + (unsigned int)j) % M_N);	/* rotated each round */

			if (res[m].ok)
				run_batch(m, r, fl, pl, hisi, stock, startstop, res, t);
		}
	for (int m = 0; m < M_N; m++) {
		if (!res[m].ok)
			continue;
		res[m].st = bench_stats_of(t[m], ncalls * nbatches);
		res[m].reads_per_call = (double)res[m].reads / (double)(ncalls * nbatches);
	}
}

static void print_ratio_cell(const struct result *a, const struct result *b)
{
	struct bench_ci ci;

	if (!b->ok) {
		printf(" %8s %17s", "-", "");
		return;
	}
	ci = ratio_ci(a, b);
	if (ci.valid)
		printf(" %7.3fx [%6.3f,%7.3f]", ci.median, ci.lo, ci.hi);
	else
		printf(" %7.3fx %17s", ci.median, "(no CI)");
}

static void print_table(const char *title, const struct result *res, const char *const *names,
			const char *na_reason)
{
	printf("\n%s\n", title);
	printf("  %-32s %10s %10s %10s %11s %26s %26s\n", "method", "median ns", "p99 ns",
	       "mean ns", "read()/call", "x floor [95% CI]", "x stock [95% CI]");
	for (int m = 0; m < M_N; m++) {
		if (!res[m].ok) {
			printf("  %-32s %s\n", names[m], na_reason);
			continue;
		}
		printf("  %-32s %10.0f %10.0f %10.0f %11.2f", names[m], res[m].st.median,
		       res[m].st.p99, res[m].st.mean, res[m].reads_per_call);
		print_ratio_cell(&res[m], &res[M_FLOOR]);
		print_ratio_cell(&res[m], &res[M_STOCK]);
		printf("\n");
	}
}

/* ---- allocations (benchmark 3) ---------------------------------------------- */

static void count_allocs(const char *who, struct pset *p)
{
	struct bench_allocs a[4];
	const char *what[4] = { "PAPI_start", "PAPI_read", "PAPI_reset", "PAPI_stop" };
	long long v[MAX_HALVES];
	unsigned int reps = quick ? 10 : 1000;
	bool ok = true;

	for (unsigned int i = 0; i < reps && ok; i++) {
		bench_alloc_count_start();
		ok = PAPI_start(p->es) == PAPI_OK;
		a[0] = bench_alloc_count_stop();
		bench_alloc_count_start();
		ok = ok && PAPI_read(p->es, v) == PAPI_OK;
		a[1] = bench_alloc_count_stop();
		bench_alloc_count_start();
		ok = ok && PAPI_reset(p->es) == PAPI_OK;
		a[2] = bench_alloc_count_stop();
		bench_alloc_count_start();
		ok = ok && PAPI_stop(p->es, v) == PAPI_OK;
		a[3] = bench_alloc_count_stop();
	}	/* the last repetition is reported: the first ones may warm up lazily */
	printf("  %-20s", who);
	if (!ok) {
		printf(" (EventSet failed)\n");
		return;
	}
	unsigned long long total = 0;

	for (int k = 0; k < 4; k++) {
		printf(" %s %llu/%llu", what[k], bench_allocs_total(&a[k]), a[k].free_calls);
		total += bench_allocs_total(&a[k]) + a[k].free_calls;
	}
	printf("  (allocations/frees per call)\n");
	if (!strcmp(who, "hisi_uncore"))
		target("allocations in PAPI_start/read/reset/stop (hisi_uncore)", total == 0,
		       "%llu allocations+frees per start/read/reset/stop cycle vs 0", total);
}

/* The read-path targets of one configuration. */
static void read_targets(const char *label, const struct result *res, unsigned int instances,
			 unsigned int nhalves)
{
	struct bench_ci ci;
	char tn[256];

	snprintf(tn, sizeof(tn), "read median vs floor [%s]", label);
	ci = ratio_ci(&res[M_HISI], &res[M_FLOOR]);
	target_ci(tn, bench_verdict_at_most(ci, 1.10, 1.0), ci, "<= 1.10");
	snprintf(tn, sizeof(tn), "one read() per PMU instance [%s]", label);
	target(tn, res[M_HISI].reads_per_call <= instances + 0.001,
	       "%.2f read()/PAPI_read vs %u", res[M_HISI].reads_per_call, instances);
	if (!res[M_STOCK].ok) {
		printf("info: stock path n/a for [%s]: %u single-event groups on %u counters\n",
		       label, nhalves, 8u);
		return;
	}
	/* (stock/hisi) / (stock/floor) per round: the speed-up over stock that
	 * hisi keeps of the floor's */
	snprintf(tn, sizeof(tn), "keeps >= 90%% of the floor's lead over stock [%s]", label);
	ci = ratio_ci(&res[M_FLOOR], &res[M_HISI]);
	target_ci(tn, bench_verdict_at_least(ci, 0.90, 1.0), ci, ">= 0.90");
	printf("info: [%s] floor faster than stock: ", label);
	print_ci(ratio_ci(&res[M_STOCK], &res[M_FLOOR]), "x");
	printf("; hisi_uncore faster than stock: ");
	print_ci(ratio_ci(&res[M_STOCK], &res[M_HISI]), "x");
	printf("; read()s saved %.2fx\n", res[M_STOCK].reads_per_call / res[M_HISI].reads_per_call);
	printf("info: [%s] share of the floor's time saved over stock that hisi_uncore keeps, "
	       "(stock - hisi) / (stock - floor): ", label);
	print_ci(lead_share_ci(res), "");
	printf("\n");
}

/* Benchmark 4: start+stop, batched like the reads (fewer calls). */
static void run_startstop(struct floor *fl, struct plan *pl, struct pset *hisi, struct pset *stock,
			  uint64_t **t)
{
	static struct result ss[M_N];
	static const char *const ss_names[M_N] = {
		"floor: RESET+ENABLE+DISABLE", "hu_plan_start+stop", "(raw halves)",
		"hisi_uncore PAPI_start+stop",
		"perf_event_uncore PAPI_start+stop",
	};
	size_t saved_n = ncalls;

	ncalls = ncalls / 4 > 10 ? ncalls / 4 : 10;
	run_all(fl, pl, hisi, stock, true, ss, t);
	ncalls = saved_n;
	print_table("start/stop: 4 metrics on one instance (one PAPI_start + PAPI_stop per call)",
		    ss, ss_names, "not measured");
	if (!ss[M_FLOOR].ok || !ss[M_HISI].ok) {
		failed++;
		return;
	}
	passed++;
	printf("result start+stop vs floor ioctls: ");
	print_ci(ratio_ci(&ss[M_HISI], &ss[M_FLOOR]), "x");
	printf(" (pooled medians %.0f vs %.0f ns)\n", ss[M_HISI].st.median, ss[M_FLOOR].st.median);
}

/* One configuration: tables, targets, and (with_startstop) benchmarks 3 and 4. */
static void run_config(const struct config *c, const char *where, bool with_startstop,
		       uint64_t **t)
{
	static struct result res[M_N];
	char label[160];
	struct floor fl;
	struct pset hisi, hraw, stock;
	struct plan pl;
	char title[256];
	unsigned int instances;

	if (floor_open(c, &fl)) {
		printf("\n%s: floor could not be opened\n", c->label);
		failed++;
		return;
	}
	instances = fl.ng;
	pset_make(c, &hisi, &hraw, &stock);
	hraw_set = &hraw;
	plan_make(&fl, &pl);
	run_all(&fl, &pl, &hisi, &stock, false, res, t);
	snprintf(label, sizeof(label), "%s, %s", c->label, where);
	snprintf(title, sizeof(title), "read path: %s (%d PAPI events, %u perf events, %u PMU instance%s)",
		 label, hisi.ok ? PAPI_num_events(hisi.es) : 0, 2 * c->n, instances,
		 instances > 1 ? "s" : "");
	print_table(title, res, method_name,
		    "n/a: its single-event groups need more hardware counters than the PMU has");
	if (res[M_FLOOR].ok && res[M_HISI].ok) {
		passed++;
		read_targets(label, res, instances, 2 * c->n);
	} else {
		failed++;
	}

	if (with_startstop) {
		run_startstop(&fl, &pl, &hisi, &stock, t);
		printf("\nallocations: 4 metrics on one instance, per call (allocations/frees)\n");
		if (hisi.ok)
			count_allocs("hisi_uncore", &hisi);
		if (stock.ok)
			count_allocs("perf_event_uncore", &stock);
		if (hisi.ok)
			passed++;
		else
			failed++;
	}
	pset_free(&hisi);
	pset_free(&hraw);
	pset_free(&stock);
	hu_plan_free(&pl.plan);
	floor_close(&fl);
}

/* ---- where the reader runs ------------------------------------------------------ */

struct placement {
	int cpu;
	const char *where;
	size_t calls_divisor;	/* cross-CPU reads are slow: fewer calls */
};

static const struct placement placements[] = {
	{ 0, "on CPU 0, the PMUs' CPU", 1 },
	{ 1, "on CPU 1, not the PMUs' CPU", 4 },
};
#define NPLACEMENTS (sizeof(placements) / sizeof(placements[0]))

static bool pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) == 0;
}

/* ---- main ------------------------------------------------------------------- */

static int parse_args(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--attr") && i + 1 < argc)
			attr_tool = argv[++i];
		else if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (!strcmp(argv[i], "--icount"))
			icount = true;
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			ncalls = strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-b") && i + 1 < argc)
			nbatches = (unsigned int)strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "-c") && i + 1 < argc)
			only_config = (unsigned int)strtoul(argv[++i], NULL, 10);
		else
			return -1;
	}
	if (quick) {
		ncalls = 50;
		nbatches = 6;	/* the fewest that give a 95% interval */
	}
	return attr_tool && ncalls > 0 && nbatches > 0 && nbatches <= MAX_BATCHES &&
	       only_config <= NCONFIGS ? 0 : -1;
}

static void print_header(void)
{
	printf("read path: %u batches of %zu calls per method (a quarter of the calls with the "
	       "reader on another CPU), one batch of each method per round, the order rotated "
	       "each round; timer overhead (empty timed section) median %.0f ns, subtracted from "
	       "each batch median\n", nbatches, ncalls, timer_ns);
	printf("ratios: per round, one method's batch median over another's; reported as the "
	       "median over the rounds with a distribution-free 95%% confidence interval "
	       "(order statistics of the per-round ratios)\n");
	if (icount)
		printf("clock: QEMU -icount, guest time counts instructions (not real time)\n");
	if (quick)
		printf("quick mode: %u batches, verdicts are not meaningful\n", nbatches);
}

int main(int argc, char **argv)
{
	uint64_t *t[M_N];
	size_t base_calls;
	int ret;

	if (parse_args(argc, argv)) {
		fprintf(stderr, "usage: %s --attr PATH [--quick] [--icount] [-n CALLS] "
			"[-b BATCHES<=%d] [-c CONFIG 1-%zu]\n", argv[0], MAX_BATCHES, NCONFIGS);
		return 2;
	}
	if (!pin_to(0)) {
		perror("read_path: sched_setaffinity(CPU 0)");
		return 1;
	}
	for (int m = 0; m < M_N; m++) {
		t[m] = calloc(ncalls * nbatches, sizeof(uint64_t));
		if (!t[m])
			return 1;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "read_path: PAPI_library_init: %s\n", PAPI_strerror(ret));
		return 1;
	}
	base_calls = ncalls;
	syscr_cal = bench_syscr_overhead();
	measure(noop, NULL, t[0], ncalls * nbatches, &(long long){ 0 });
	timer_ns = bench_stats_of(t[0], ncalls * nbatches).median;
	print_header();

	for (unsigned int p = 0; p < NPLACEMENTS; p++) {
		const struct placement *pl = &placements[p];

		if (!pin_to(pl->cpu)) {
			printf("\nread path %s: skipped (no CPU %d here)\n", pl->where, pl->cpu);
			continue;
		}
		ncalls = base_calls / pl->calls_divisor;	/* never more than t[] holds */
		if (ncalls < 10)
			ncalls = base_calls < 10 ? base_calls : 10;
		printf("\n== reader %s: %u batches of %zu calls ==\n", pl->where, nbatches, ncalls);
		for (unsigned int ci = 0; ci < NCONFIGS; ci++)
			if (!only_config || ci + 1 == only_config)
				run_config(&configs[ci], pl->where, p == 0 && ci == STARTSTOP_CONFIG, t);
	}
	PAPI_shutdown();
	printf("read_path: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
