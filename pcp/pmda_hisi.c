// SPDX-License-Identifier: BSD-3-Clause
/*
 * pmda_hisi.c - the PCP agent (PMDA) "hisi": the Hip09 PCIe and HNS3 PMU
 * counters as PCP metrics (hisi.pcie.*, hisi.nic.*; pmns and help beside
 * this file).  The counting is hisi_agent.c's; this file is the PCP side:
 * the metric table, the instance domains and the fetch callback.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcp/pmapi.h>
#include <pcp/pmda.h>

#include "domain.h"
#include "hisi_agent.h"

/* One instance domain a family, numbered as the families: PMUs, root ports, NIC functions. */
#define NINDOMS HA_NFAMILIES

/* What a metric gives for an instance. */
enum value_kind {
	V_COUNTER,	/* a counter's total */
	V_LATENCY,	/* cycles over TLPs added at the last refresh */
	V_ERA,		/* the driver era the component decided from sysfs */
	V_CPU,		/* the CPU the PMU counts on */
	V_BYTES_COUNTED,	/* what a PCIe byte is on this driver */
	V_STATUS,	/* "counting", or why not */
	V_MISSING,	/* the counters the component refuses here, and why */
	V_SCALED,	/* 1 when a total holds a scaled delta */
	V_PMU,		/* the PMU instance that counts a device */
};

struct metric_def {
	enum value_kind kind;
	unsigned int counter;		/* V_COUNTER: the counter; V_LATENCY: the cycles'
					 * (the TLPs' is the next) */
};

#define BYTES PMDA_PMUNITS(1, 0, 0, PM_SPACE_BYTE, 0, 0)
#define COUNT PMDA_PMUNITS(0, 0, 1, 0, 0, PM_COUNT_ONE)
#define NONE PMDA_PMUNITS(0, 0, 0, 0, 0, 0)
/*
 * A metric of family @c (its cluster and its instance domain), item @i as
 * in pmns, giving @kind of @counter; the units last (PMDA_PMUNITS is a
 * braced list: variadic).
 */
#define ROW(c, i, kind, counter, type, sem, ...)					\
	{ (void *)&(const struct metric_def){ kind, counter },				\
	  { PMDA_PMID(c, i), type, c, sem, __VA_ARGS__ } }
#define TOTAL(c, i, counter, ...) \
	ROW(c, i, V_COUNTER, counter, PM_TYPE_U64, PM_SEM_COUNTER, __VA_ARGS__)
#define LATENCY(c, i, cycles) ROW(c, i, V_LATENCY, cycles, PM_TYPE_DOUBLE, PM_SEM_INSTANT, NONE)
/* The PCIe counters, of a PMU instance or of a root port (the same items). */
#define PCIE_COUNTERS(c)							\
	TOTAL(c, 0, HA_PCIE_IN_READ_BYTES, BYTES),				\
	TOTAL(c, 1, HA_PCIE_IN_WRITE_BYTES, BYTES),				\
	TOTAL(c, 2, HA_PCIE_OUT_READ_BYTES, BYTES),				\
	TOTAL(c, 3, HA_PCIE_OUT_WRITE_BYTES, BYTES),				\
	LATENCY(c, 4, HA_PCIE_IN_READ_CYCLES),					\
	TOTAL(c, 5, HA_PCIE_IN_READ_CYCLES, COUNT),				\
	TOTAL(c, 6, HA_PCIE_IN_READ_TLPS, COUNT),				\
	LATENCY(c, 7, HA_PCIE_IN_WRITE_CYCLES),					\
	TOTAL(c, 8, HA_PCIE_IN_WRITE_CYCLES, COUNT),				\
	TOTAL(c, 9, HA_PCIE_IN_WRITE_TLPS, COUNT)
/* The NIC counters, of a PMU instance or of a function. */
#define NIC_COUNTERS(c)								\
	TOTAL(c, 0, HA_NIC_RX_BYTES, BYTES),					\
	TOTAL(c, 1, HA_NIC_TX_BYTES, BYTES),					\
	TOTAL(c, 2, HA_NIC_RX_PACKETS, COUNT),					\
	TOTAL(c, 3, HA_NIC_TX_PACKETS, COUNT)
/* What every instance says about its counting; a device, which PMU counts it too. */
#define COUNTING_STATE(c)							\
	TEXT(c, 23, V_STATUS, PM_SEM_INSTANT),					\
	TEXT(c, 24, V_MISSING, PM_SEM_DISCRETE),				\
	NUMBER(c, 25, V_SCALED, PM_SEM_INSTANT)
#define DEVICE_STATE(c) COUNTING_STATE(c), TEXT(c, 26, V_PMU, PM_SEM_DISCRETE)
#define TEXT(c, i, kind, sem) ROW(c, i, kind, 0, PM_TYPE_STRING, sem, NONE)
#define NUMBER(c, i, kind, sem) ROW(c, i, kind, 0, PM_TYPE_U32, sem, NONE)

static pmdaMetric metrictab[] = {
	PCIE_COUNTERS(HA_PCIE),
	TEXT(HA_PCIE, 20, V_ERA, PM_SEM_DISCRETE),
	NUMBER(HA_PCIE, 21, V_CPU, PM_SEM_DISCRETE),
	TEXT(HA_PCIE, 22, V_BYTES_COUNTED, PM_SEM_DISCRETE),
	COUNTING_STATE(HA_PCIE),
	NIC_COUNTERS(HA_NIC),
	TEXT(HA_NIC, 20, V_ERA, PM_SEM_DISCRETE),
	NUMBER(HA_NIC, 21, V_CPU, PM_SEM_DISCRETE),
	COUNTING_STATE(HA_NIC),
	PCIE_COUNTERS(HA_PCIE_PORT),
	DEVICE_STATE(HA_PCIE_PORT),
	NIC_COUNTERS(HA_NIC_FUNCTION),
	DEVICE_STATE(HA_NIC_FUNCTION),
};

#define NMETRICS (sizeof(metrictab) / sizeof(metrictab[0]))

static pmdaIndom indomtab[NINDOMS] = {
	[HA_PCIE] = { HA_PCIE, 0, NULL },
	[HA_NIC] = { HA_NIC, 0, NULL },
	[HA_PCIE_PORT] = { HA_PCIE_PORT, 0, NULL },
	[HA_NIC_FUNCTION] = { HA_NIC_FUNCTION, 0, NULL },
};

/* The agent's counting, built again when the PMUs change (hisi_agent.h) */
static struct hisi_agent *agent;
static uint64_t last_look_ns;

/*
 * How often a fetch looks whether the PMUs changed (a driver loaded after
 * pmcd started the agent): the names every 5 s, the perf types too every
 * 60 s (a PMU registered again under its name while not counted); costs
 * in doc/performance.md.
 */
#define LOOK_AGAIN_NS (5 * 1000000000ULL)
#define LOOK_AT_TYPES_NS (60 * 1000000000ULL)
static uint64_t last_types_ns;

static pmInDom indom_of(unsigned int family)
{
	return indomtab[family].it_indom;
}

/*
 * The instances as PCP's instance cache: an instance keeps its identifier
 * by name across rebuilds of the agent (a PMU that goes and comes back is
 * the same instance), and one that went is inactive, not reused.
 */
static void load_indoms(void)
{
	for (unsigned int d = 0; d < NINDOMS; d++)
		pmdaCacheOp(indom_of(d), PMDA_CACHE_INACTIVE);
	for (unsigned int i = 0; i < agent->ninst; i++)
		pmdaCacheStore(indom_of(agent->inst[i].family), PMDA_CACHE_ADD, agent->inst[i].name,
			       &agent->inst[i]);
}

static void log_instances(void)
{
	pmNotifyErr(LOG_INFO, "%u instances: Hip09 PMUs, the root ports and NIC functions they cover",
		    agent->ninst);
	for (unsigned int i = 0; i < agent->ninst; i++) {
		const struct ha_instance *in = &agent->inst[i];

		if (!in->nreq)	/* refused whole: the first reason says it */
			pmNotifyErr(LOG_INFO, "%s: %s", in->name, in->why);
		else if (in->missing[0])
			pmNotifyErr(LOG_INFO, "%s: not counted: %s", in->name, in->missing);
	}
}

/*
 * Build the agent again when its PMUs changed, the totals carried: at most
 * every LOOK_AGAIN_NS, at once after a PMU went away while counted.
 */
static void look_again(void)
{
	struct hu_err e = { 0 };
	struct hisi_agent *next;
	uint64_t now = hu_wall_ns();
	bool types = now - last_types_ns >= LOOK_AT_TYPES_NS;

	if (!agent->pmu_gone && now - last_look_ns < LOOK_AGAIN_NS)
		return;
	last_look_ns = now;
	if (types)
		last_types_ns = now;
	if (!ha_pmus_changed(agent, types))
		return;
	next = malloc(sizeof(*next));
	if (!next || ha_init_after(next, agent, &e)) {
		pmNotifyErr(LOG_ERR, "the PMUs changed; keeping the old view: %s",
			    next ? e.msg : "out of memory");
		free(next);
		return;
	}
	ha_free(agent);	/* its ownership locks, before the new agent takes them */
	free(agent);
	agent = next;
	load_indoms();
	pmNotifyErr(LOG_INFO, "the PMUs changed");
	log_instances();
}

/* The instance @inst of the metric's family (its cluster), from the cache. */
static struct ha_instance *instance_of(const pmdaMetric *m, unsigned int inst)
{
	void *in = NULL;

	if (pmdaCacheLookup(indom_of(pmID_cluster(m->m_desc.pmid)), (int)inst, NULL, &in) !=
	    PMDA_CACHE_ACTIVE)
		return NULL;
	return in;
}

/* Cycles per TLP of the last refresh; no value when no TLP passed. */
static int latency_value(const struct ha_instance *in, unsigned int cycles, pmAtomValue *atom)
{
	uint64_t total;

	if (!ha_total(in, cycles, &total) || !ha_total(in, cycles + 1, &total) ||
	    in->delta[cycles + 1] == 0)
		return PMDA_FETCH_NOVALUES;
	atom->d = (double)in->delta[cycles] / (double)in->delta[cycles + 1];
	return PMDA_FETCH_STATIC;
}

static int fetch_value(const struct metric_def *d, struct ha_instance *in, pmAtomValue *atom)
{
	uint64_t total;

	switch (d->kind) {
	case V_COUNTER:
		if (!ha_total(in, d->counter, &total))
			return PMDA_FETCH_NOVALUES;
		atom->ull = total;
		return PMDA_FETCH_STATIC;
	case V_LATENCY:
		return latency_value(in, d->counter, atom);
	case V_ERA:
		atom->cp = (char *)(in->pmu->era ? in->pmu->era->name : "unknown");
		return PMDA_FETCH_STATIC;
	case V_CPU:
		atom->ul = (uint32_t)in->pmu->cpu;
		return PMDA_FETCH_STATIC;
	case V_BYTES_COUNTED:
		atom->cp = (char *)(in->pmu->era && in->pmu->era->flux_payload_only ?
				    "TLP payload only" : "TLP payload and headers");
		return PMDA_FETCH_STATIC;
	case V_PMU:
		if (!in->pmu)	/* a device the component refuses picks none */
			return PMDA_FETCH_NOVALUES;
		atom->cp = (char *)in->pmu->name;
		return PMDA_FETCH_STATIC;
	case V_STATUS:
		atom->cp = in->why[0] ? in->why : (char *)"counting";
		return PMDA_FETCH_STATIC;
	case V_MISSING:
		atom->cp = in->missing;
		return PMDA_FETCH_STATIC;
	case V_SCALED:
		atom->ul = in->scaled;
		return PMDA_FETCH_STATIC;
	}
	return PM_ERR_PMID;
}

static int hisi_fetch_callback(pmdaMetric *m, unsigned int inst, pmAtomValue *atom)
{
	const struct metric_def *d = m->m_user;
	struct ha_instance *in = instance_of(m, inst);

	if (!in)
		return PM_ERR_INST;
	return fetch_value(d, in, atom);
}

/* Whether @pmid's value comes from the counters' last read (a metadata metric's does not). */
static bool needs_a_read(pmID pmid)
{
	for (unsigned int i = 0; i < NMETRICS; i++) {
		const struct metric_def *d = metrictab[i].m_user;

		if (metrictab[i].m_desc.pmid == pmid)
			return d->kind == V_COUNTER || d->kind == V_LATENCY || d->kind == V_STATUS ||
			       d->kind == V_SCALED;
	}
	return false;
}

/*
 * A fetch of any counter, latency or status reads every instance once,
 * then answers from the totals; one of metadata alone (era, CPU, what is
 * missing) reads nothing, so it neither costs reads nor shortens the
 * interval the latencies are over.
 */
static int hisi_fetch(int n, pmID *pmids, pmResult **resp, pmdaExt *ext)
{
	bool read = false;

	for (int i = 0; i < n && !read; i++)
		read = needs_a_read(pmids[i]);
	look_again();
	if (read)
		ha_refresh(agent);
	return pmdaFetch(n, pmids, resp, ext);
}

/* The instances as they are now, for pminfo, pmval's -i and the like. */
static int hisi_instance(pmInDom indom, int inst, char *name, pmInResult **result, pmdaExt *ext)
{
	look_again();
	return pmdaInstance(indom, inst, name, result, ext);
}

static pmLongOptions longopts[] = {
	PMDA_OPTIONS_HEADER("Options"),
	PMOPT_DEBUG,
	PMDAOPT_DOMAIN,
	PMDAOPT_LOGFILE,
	PMDAOPT_USERNAME,
	PMOPT_HELP,
	PMDA_OPTIONS_TEXT("\nExactly one of the following options may appear:"),
	PMDAOPT_INET,
	PMDAOPT_PIPE,
	PMDAOPT_UNIX,
	PMDAOPT_IPV6,
	PMDA_OPTIONS_END
};

static pmdaOptions opts = {
	.short_options = "D:d:i:l:pu:U:6:?",
	.long_options = longopts,
};

int main(int argc, char **argv)
{
	struct hu_err e = { 0 };
	pmdaInterface dispatch;
	char helppath[MAXPATHLEN];

	pmSetProgname(argv[0]);
	pmsprintf(helppath, sizeof(helppath), "%s%c" "hisi" "%c" "help",
		  pmGetConfig("PCP_PMDAS_DIR"), pmPathSeparator(), pmPathSeparator());
	if (getenv("HISI_PMDA_HELP"))	/* an agent run from its build or install tree */
		pmsprintf(helppath, sizeof(helppath), "%s", getenv("HISI_PMDA_HELP"));
	pmdaDaemon(&dispatch, PMDA_INTERFACE_7, pmGetProgname(), HISI, "hisi.log", helppath);
	pmdaGetOptions(argc, argv, &opts, &dispatch);
	if (opts.errors) {
		pmdaUsageMessage(&opts);
		exit(1);
	}
	pmdaOpenLog(&dispatch);
	/* root unless told (-U): perf_event_open() on an uncore PMU needs CAP_PERFMON */
	if (opts.username)
		pmSetProcessIdentity(opts.username);
	agent = calloc(1, sizeof(*agent));
	if (!agent || ha_init(agent, NULL, &e)) {
		pmNotifyErr(LOG_ERR, "cannot start: %s", agent ? e.msg : "out of memory");
		exit(1);
	}
	last_look_ns = last_types_ns = hu_wall_ns();
	dispatch.version.seven.fetch = hisi_fetch;
	dispatch.version.seven.instance = hisi_instance;
	pmdaSetFetchCallBack(&dispatch, hisi_fetch_callback);
	pmdaInit(&dispatch, indomtab, NINDOMS, metrictab, (int)NMETRICS);
	load_indoms();	/* after pmdaInit: it gives the indoms their domain */
	log_instances();
	pmdaConnect(&dispatch);
	pmdaMain(&dispatch);
	ha_free(agent);
	free(agent);
	exit(0);
}
