// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-stat - a live view of a Hip09 node's PCIe and NIC traffic,
 * through PAPI and the hisi_uncore component.
 *
 *   hisi-uncore-stat [-I MS] [-n COUNT] [-x SEP | --json] [-e COLUMNS]
 *                    [--pcie | --nic] [-d BDF]... [-q BDF/QUEUE]...
 *                    [--root-ports] [--nic-port N]... [--list]
 *
 * Rows are the PMU instances (every hisi_pcie<sicl>_core<core>, every
 * hns3_pmu_sicl_<id>), or the rows named: devices (-d), NIC queues (-q),
 * root ports (--root-ports), NIC ports (--nic-port).  Device, queue and
 * root port rows count with the component's device names
 * (hisi_pcie::METRIC:bdf=..., hisi_pcie::METRIC:rp=..., hns3_pmu::...), so
 * the instance that covers them, and a root port's filter bit, are found
 * the way the drivers decide.  Columns are the component's metrics: PCIe
 * inbound and outbound read and write bandwidth and the inbound read and
 * write latency; NIC receive and transmit bandwidth and packet rate.  Every
 * interval is read and the counters reset; the values cover the interval.
 * Rows that need more counters than an instance has are counted
 * multiplexed, and their values say they are scaled.  SIGINT or SIGTERM
 * ends the current interval early, prints it and exits 0.  Exit status 1
 * when counting failed (owned by another process, lost counters), 2 on bad
 * usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "papi.h"
#include "stat_device.h"
#include "stat_format.h"
#include "stat_options.h"
#include "hu_message.h"	/* hu_last_said: the component's reason */
#include "hu_text.h"	/* hu_appendf */
#include "pci_sysfs.h"	/* hu_pci_bdf_names_one */
#include "pmu_family.h"	/* hu_family_by_device_name */
#include "pmu_sysfs.h"	/* hu_sysfs_root, hu_pmu_scan: the PMUs the component skips */
#include "sysfs_parse.h"	/* hu_bdf_text */

#define MAX_ROWS 128
#define NAME_LEN 256

/* What one family's rows show. */
struct view {
	const char *title;
	const char *device_pmu;	/* the family's device name */
	const struct hu_stat_column *column;
	unsigned int ncolumns;
};

static const struct hu_stat_column pcie_columns[] = {
	{ "rx_mrd_bandwidth", "in_read" },	/* the device reads memory */
	{ "rx_mwr_bandwidth", "in_write" },	/* the device writes memory */
	{ "tx_mrd_bandwidth", "out_read" },	/* CPUs read the device */
	{ "tx_mwr_bandwidth", "out_write" },
	{ "rx_mrd_avg_latency", "in_rd_lat" },
	{ "rx_mwr_avg_latency", "in_wr_lat" },
};

static const struct hu_stat_column nic_columns[] = {
	{ "bw_ssu_rpu_bandwidth", "rx" },	/* switch unit to receive unit */
	{ "bw_tpu_ssu_bandwidth", "tx" },	/* transmit unit to switch unit */
	{ "pps_ssu_rpu_packet_rate", "rx_pkts" },
	{ "pps_tpu_ssu_packet_rate", "tx_pkts" },
};

enum { VIEW_PCIE, VIEW_NIC, NVIEWS };

static const struct view views[NVIEWS] = {
	{ "PCIe", "hisi_pcie", pcie_columns, sizeof(pcie_columns) / sizeof(pcie_columns[0]) },
	{ "NIC", "hns3_pmu", nic_columns, sizeof(nic_columns) / sizeof(nic_columns[0]) },
};

/* A row: whose counters, and where its values are in the EventSet. */
struct row_plan {
	char label[160];
	char pmu[96];		/* an instance, or the family's device name */
	char qualifiers[48];	/* "", ":bdf=0x3d00", ":rp=0x3000", ":port=1" ... */
	char unusable[HU_REASON_MAX];	/* why the component skipped the instance, or "" */
	int position[HU_STAT_MAX_COLUMNS];	/* -1: not counted */
	bool payload_said;	/* the row's "payload only" note was given */
	unsigned int refusal_said;	/* bit c: column c's "not counted" was given */
};

struct table_plan {
	struct view view;	/* the family's columns that -e chose */
	struct hu_stat_column column[HU_STAT_MAX_COLUMNS];
	struct row_plan plan[MAX_ROWS];
	struct hu_stat_row row[MAX_ROWS];
	char unit[HU_STAT_MAX_COLUMNS][PAPI_MIN_STR_LEN];
	bool payload_only[HU_STAT_MAX_COLUMNS];	/* the column counts TLP payload only */
	unsigned int nrows;
	bool scaled;		/* counted multiplexed */
};

static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* ---- columns -------------------------------------------------------------------- */

/* Is @heading in the comma-separated @list (NULL: every column)? */
static bool listed(const char *list, const char *heading)
{
	size_t n = strlen(heading);

	for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, heading, n) && (p[n] == ',' || p[n] == '\0'))
			return true;
	return !list;
}

/* Every name in -e is a column of some view; false (and why) otherwise. */
static bool columns_known(const char *list)
{
	for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t n = strcspn(p, ",");
		bool known = false;

		for (unsigned int v = 0; v < NVIEWS; v++)
			for (unsigned int c = 0; c < views[v].ncolumns; c++)
				known |= strlen(views[v].column[c].heading) == n &&
					 !strncmp(p, views[v].column[c].heading, n);
		if (!known) {
			fprintf(stderr, "hisi-uncore-stat: -e: no column '%.*s'; columns:",
				(int)(n > 64 ? 64 : n), p);
			for (unsigned int v = 0; v < NVIEWS; v++) {
				for (unsigned int c = 0; c < views[v].ncolumns; c++)
					fprintf(stderr, " %s", views[v].column[c].heading);
				fprintf(stderr, " (%s)%s", views[v].title, v + 1 < NVIEWS ? "," : "\n");
			}
			return false;
		}
	}
	return true;
}

/* Table @t for view @v, with the columns -e chose. */
static void init_table(struct table_plan *t, unsigned int v, const char *columns)
{
	memset(t, 0, sizeof(*t));
	t->view = views[v];
	t->view.ncolumns = 0;
	for (unsigned int c = 0; c < views[v].ncolumns; c++)
		if (listed(columns, views[v].column[c].heading))
			t->column[t->view.ncolumns++] = views[v].column[c];
	t->view.column = t->column;
}

/* ---- names ------------------------------------------------------------------ */

static void event_name(const struct row_plan *p, const struct hu_stat_column *c, char *out,
		       size_t len)
{
	snprintf(out, len, "%s::%s%s", p->pmu, c->metric, p->qualifiers);
}

/* HISI_UNCORE_QUIET=1 until quiet_end(): the component's refusals stay off stderr. */
static char *quiet_begin(void)
{
	const char *was = getenv("HISI_UNCORE_QUIET");
	char *saved = was ? strdup(was) : NULL;

	setenv("HISI_UNCORE_QUIET", "1", 1);
	return saved;
}

static void quiet_end(char *saved)
{
	if (saved)
		setenv("HISI_UNCORE_QUIET", saved, 1);
	else
		unsetenv("HISI_UNCORE_QUIET");
	free(saved);
}

/*
 * Before a PAPI call the component may refuse: its reason is kept off
 * stderr, and the last one forgotten, so that the tool says this call's
 * reason once, in its own line (refusal()).  quiet_end() after the call.
 */
static char *refusal_begin(void)
{
	hu_forget_last_said();
	return quiet_begin();
}

/*
 * The code of @name; @quietly keeps the component's refusal off stderr (the
 * tool asks about devices that may belong to one family only, and says a
 * refusal itself, with refusal()).
 */
static int resolve(const char *name, bool quietly, int *code)
{
	char *saved = quietly ? refusal_begin() : NULL;
	int ret = PAPI_event_name_to_code(name, code);

	if (quietly)
		quiet_end(saved);
	return ret;
}

/*
 * Why the last call failed: the component's own reason when it gave one
 * (quietly: printed once, here), else PAPI's text for @ret.  PAPI's texts are
 * generic: "hardware resource limits" for a PMU another process owns, or
 * for counters another user holds; never printed after the reason.
 */
static const char *refusal(int ret)
{
	const char *said = hu_last_said();

	return said[0] ? said : PAPI_strerror(ret);
}

/* ---- rows ------------------------------------------------------------------- */

static struct row_plan *new_row(struct table_plan *t)
{
	struct row_plan *p;

	if (t->nrows == MAX_ROWS) {
		fprintf(stderr, "hisi-uncore-stat: more than %d %s rows; the first %d are shown\n",
			MAX_ROWS, t->view.title, MAX_ROWS);
		return NULL;
	}
	p = &t->plan[t->nrows++];
	memset(p, 0, sizeof(*p));
	return p;
}

/* "PMU" of a listed "PMU::EVENT" whose event is @metric, else false. */
static bool instance_of(const char *name, const char *metric, char *pmu, size_t len)
{
	const char *start = strstr(name, ":::");
	const char *sep;

	start = start ? start + 3 : name;
	sep = strstr(start, "::");
	if (!sep || strcmp(sep + 2, metric) != 0 || (size_t)(sep - start) >= len)
		return false;
	memcpy(pmu, start, (size_t)(sep - start));
	pmu[sep - start] = '\0';
	/* patterns and device names count other instances' traffic again */
	return !strpbrk(pmu, "*?[") && strcmp(pmu, "hisi_pcie") != 0 && strcmp(pmu, "hns3_pmu") != 0;
}

/* An instance a view shows: listed by the component, or skipped by it (and why). */
struct instance {
	char name[96];
	const char *unusable;	/* NULL: listed */
};

static int instance_order(const void *a, const void *b)
{
	return strverscmp(((const struct instance *)a)->name, ((const struct instance *)b)->name);
}

/* The instances the component lists with the view's first metric, into @out; the count. */
static unsigned int listed_instances(int cidx, const struct table_plan *t, struct instance *out,
				     unsigned int max)
{
	int code = PAPI_NATIVE_MASK;
	char name[PAPI_HUGE_STR_LEN];
	unsigned int n = 0;

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return 0;
	do {
		if (n < max && PAPI_event_code_to_name(code, name) == PAPI_OK &&
		    instance_of(name, t->view.column[0].metric, out[n].name, sizeof(out[n].name)))
			out[n++].unusable = NULL;
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	return n;
}

/*
 * The view's family's instances the scan skipped (@skipped, the component's
 * own rules over the same sysfs), after @n in @out: a view of the others
 * alone would pass for the node's.
 */
static unsigned int skipped_instances(const struct hu_pmu_set *skipped, const struct table_plan *t,
				      struct instance *out, unsigned int n, unsigned int max)
{
	const struct hu_family_desc *family = hu_family_by_device_name(t->view.device_pmu);

	for (unsigned int i = 0; i < skipped->nskipped && n < max; i++) {
		if (skipped->skipped[i].seen.family != family)
			continue;
		snprintf(out[n].name, sizeof(out[n].name), "%s", skipped->skipped[i].name);
		out[n++].unusable = skipped->skipped[i].reason;
		fprintf(stderr, "hisi-uncore-stat: %s is unusable (%s): its row is not counted\n",
			skipped->skipped[i].name, skipped->skipped[i].reason);
	}
	return n;
}

/*
 * A row per PMU instance of the view, listed or skipped, in name order, or
 * with @nports, a row per instance and NIC port.
 */
static void instance_rows(int cidx, const struct hu_pmu_set *skipped, struct table_plan *t,
			  const unsigned int *port, unsigned int nports)
{
	struct instance in[MAX_ROWS];
	unsigned int n = listed_instances(cidx, t, in, MAX_ROWS);

	n = skipped_instances(skipped, t, in, n, MAX_ROWS);
	qsort(in, n, sizeof(*in), instance_order);
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int k = 0; k < (nports ? nports : 1); k++) {
			const struct instance *one = &in[i];
			struct row_plan *p = new_row(t);

			if (!p)
				return;
			hu_copy(p->pmu, sizeof(p->pmu), one->name);
			hu_copy(p->label, sizeof(p->label), one->name);
			hu_copy(p->unusable, sizeof(p->unusable), one->unusable ? one->unusable : "");
			if (nports) {
				snprintf(p->qualifiers, sizeof(p->qualifiers), ":port=%u", port[k]);
				hu_appendf(p->label, sizeof(p->label), " port %u", port[k]);
			}
		}
}

enum device_row { ROW_ADDED, NOT_COVERED, ROW_REFUSED };

/*
 * A row of @t for the device name @probe (pmu, qualifiers and label set),
 * if an instance of the view's family covers it; @what names it in messages.  Not being covered
 * is quiet (a device belongs to one family or two); a family that covers
 * the device but refuses to count it says why: the component's reason, in
 * one line.
 */
static enum device_row device_name_row(struct table_plan *t, const struct row_plan *probe,
				       const char *what)
{
	char name[NAME_LEN];
	struct row_plan *p;
	int code, ret;

	event_name(probe, &t->view.column[0], name, sizeof(name));
	ret = resolve(name, true, &code);
	if (ret == PAPI_ENOEVNT)
		return NOT_COVERED;
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: %s: no %s row: %s\n", what, t->view.title,
			refusal(ret));
		return ROW_REFUSED;
	}
	p = new_row(t);
	if (p)
		*p = *probe;
	return ROW_ADDED;
}

/* The option that named device @d: -q names a queue of it. */
static const char *device_option(const struct hu_stat_options *o, unsigned int d)
{
	return o->queue[d] >= 0 ? "-q" : "-d";
}

/*
 * Does device @d name one function?  Without a domain, "3d:00.0" is every
 * domain's 3d:00.0: where two have one, refused (and why) rather than
 * counting one under a name that may be the other's.  The component's
 * device names keep the same rule (hu_pci_bdf_names_one()).
 */
static bool names_one_function(const struct hu_stat_options *o, unsigned int d)
{
	unsigned int lowest;
	char b[HU_BDF_TEXT], which[80], queue[24] = "";

	if (o->domain[d] >= 0 ||
	    hu_pci_bdf_names_one(hu_sysfs_root(), (uint16_t)o->bdf[d], &lowest, which, sizeof(which)))
		return true;
	hu_bdf_text((uint16_t)o->bdf[d], b);
	if (o->queue[d] >= 0)
		snprintf(queue, sizeof(queue), "/%ld", o->queue[d]);
	fprintf(stderr, "hisi-uncore-stat: %s %s: %s; name one, as in %s %04x:%s%s\n",
		device_option(o, d), o->device_text[d], which, device_option(o, d), lowest, b, queue);
	return false;
}

/* @probe names device @d (-d, or -q with a queue) in view @t: pmu and qualifiers. */
static void device_probe(const struct hu_stat_options *o, unsigned int d,
			 const struct table_plan *t, struct row_plan *probe)
{
	char *q = probe->qualifiers;
	size_t len = sizeof(probe->qualifiers);

	memset(probe, 0, sizeof(*probe));
	snprintf(probe->pmu, sizeof(probe->pmu), "%s", t->view.device_pmu);
	hu_appendf(q, len, ":bdf=%#06x", o->bdf[d]);
	/* a domain the user named: its namesake in another PCI domain is another device */
	if (o->domain[d] >= 0)
		hu_appendf(q, len, ":domain=%lld", (long long)o->domain[d]);
	if (o->queue[d] >= 0)
		hu_appendf(q, len, ":queue=%ld", o->queue[d]);
}

/* The row of device @d (-d, or -q with a queue) in @t. */
static enum device_row device_row(const struct hu_stat_options *o, unsigned int d,
				  struct table_plan *t)
{
	struct row_plan probe;
	char what[96];
	size_t n;

	device_probe(o, d, t, &probe);
	hu_stat_describe_device(hu_sysfs_root(), o->domain[d], o->bdf[d],
				probe.label, sizeof(probe.label));
	if (o->queue[d] >= 0) {
		n = strlen(probe.label);
		snprintf(probe.label + n, sizeof(probe.label) - n, " queue %ld", o->queue[d]);
	}
	snprintf(what, sizeof(what), "%s %.64s", device_option(o, d), o->device_text[d]);
	return device_name_row(t, &probe, what);
}

/* Do @rp's @n root ports span more than one PCI domain? */
static bool several_domains(const struct hu_stat_root_port *rp, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++)
		if (rp[i].domain != rp[0].domain)
			return true;
	return false;
}

/*
 * A row per root port that a PCIe instance covers; false when there is none.
 * Where PCI domains repeat bus numbers, each row names its domain, so no
 * root port is counted on another domain's instance under its namesake's name.
 */
static bool root_port_rows(struct table_plan *t)
{
	struct hu_stat_root_port rp[MAX_ROWS];
	unsigned int n = hu_stat_root_ports(hu_sysfs_root(), rp, MAX_ROWS);
	bool added = false, domains = several_domains(rp, n);
	unsigned int refused = 0;

	for (unsigned int i = 0; i < n; i++) {
		struct row_plan probe = { .label = "" };
		char b[HU_BDF_TEXT], dom[12] = "", what[48];

		hu_bdf_text((uint16_t)rp[i].bdf, b);
		if (domains)
			snprintf(dom, sizeof(dom), "%04x:", rp[i].domain);
		snprintf(probe.pmu, sizeof(probe.pmu), "%s", t->view.device_pmu);
		snprintf(probe.qualifiers, sizeof(probe.qualifiers), ":rp=%#06x", rp[i].bdf);
		if (domains)
			hu_appendf(probe.qualifiers, sizeof(probe.qualifiers), ":domain=%u",
				   rp[i].domain);
		snprintf(probe.label, sizeof(probe.label), "%s%s root port", dom, b);
		snprintf(what, sizeof(what), "root port %s%s", dom, b);
		switch (device_name_row(t, &probe, what)) {
		case ROW_ADDED:
			added = true;
			break;
		case ROW_REFUSED:
			refused++;
			break;
		case NOT_COVERED:
			break;
		}
	}
	/* root ports an instance covers but refuses are not "no root port it covers" */
	if (!added && refused)
		fprintf(stderr, "hisi-uncore-stat: --root-ports: no root port can be counted: %u of "
			"the %u in PCI sysfs refused\n", refused, n);
	else if (!added)
		fprintf(stderr, "hisi-uncore-stat: --root-ports: no root port that a PCIe PMU "
			"instance covers (%u root ports in PCI sysfs)\n", n);
	return added;
}

static bool shows(const struct hu_stat_options *o, const struct table_plan *t, unsigned int v)
{
	return t->view.ncolumns > 0 && (v == VIEW_PCIE ? o->pcie : o->nic);
}

/* The rows of device @d in every view it can have; false (and why) when none. */
static bool device_rows(const struct hu_stat_options *o, unsigned int d, struct table_plan *tables)
{
	bool added = false, refused = false, any = false;
	struct row_plan probe;
	char name[NAME_LEN];
	int code;

	if (!names_one_function(o, d))
		return false;
	for (unsigned int v = 0; v < NVIEWS; v++) {
		/* a queue is the NIC's */
		enum device_row r = shows(o, &tables[v], v) && (o->queue[d] < 0 || v == VIEW_NIC) ?
					    device_row(o, d, &tables[v]) : NOT_COVERED;

		added |= r == ROW_ADDED;
		refused |= r == ROW_REFUSED;
	}
	if (added || refused)
		return added;
	/* once more aloud: the component says which devices each instance covers */
	for (unsigned int v = 0; v < NVIEWS; v++) {
		if (!shows(o, &tables[v], v) || (o->queue[d] >= 0 && v != VIEW_NIC) || any)
			continue;
		any = true;
		device_probe(o, d, &tables[v], &probe);
		event_name(&probe, &tables[v].view.column[0], name, sizeof(name));
		resolve(name, false, &code);
		fprintf(stderr, "hisi-uncore-stat: %s %s: no usable %s PMU instance covers this device\n",
			device_option(o, d), o->device_text[d],
			o->queue[d] >= 0 || !o->pcie ? "NIC" : o->nic ? "PCIe or NIC" : "PCIe");
	}
	if (!any)
		fprintf(stderr, "hisi-uncore-stat: %s %s: none of the columns chosen counts it\n",
			device_option(o, d), o->device_text[d]);
	return false;
}

/* The rows of every view asked for; false when a named row has none. */
static bool plan_rows(const struct hu_stat_options *o, int cidx, const struct hu_pmu_set *skipped,
		      struct table_plan *tables)
{
	for (unsigned int v = 0; v < NVIEWS; v++)
		init_table(&tables[v], v, o->columns);
	if (!hu_stat_names_rows(o)) {
		for (unsigned int v = 0; v < NVIEWS; v++)
			if (shows(o, &tables[v], v))
				instance_rows(cidx, skipped, &tables[v], NULL, 0);
		return true;
	}
	if (o->root_ports && !tables[VIEW_PCIE].view.ncolumns) {
		fprintf(stderr, "hisi-uncore-stat: --root-ports: -e chose no %s column\n",
			tables[VIEW_PCIE].view.title);
		return false;
	}
	if (o->root_ports && !root_port_rows(&tables[VIEW_PCIE]))
		return false;
	if (o->nnic_ports && shows(o, &tables[VIEW_NIC], VIEW_NIC))
		instance_rows(cidx, skipped, &tables[VIEW_NIC], o->nic_port, o->nnic_ports);
	for (unsigned int d = 0; d < o->ndevices; d++)
		if (!device_rows(o, d, tables))
			return false;
	return true;
}

/* ---- the EventSet ------------------------------------------------------------- */

enum build { BUILT, NEEDS_MULTIPLEXING, NOT_BUILT };

/*
 * A PCIe bandwidth on a driver without len_mode (Linux 5.19-6.1) counts
 * TLP payload only, newer ones payload and headers: the metric's
 * description says which (the component's era, from sysfs), and a row
 * counted on the older driver says so once, so that nodes on two kernels
 * are not compared as if alike.
 */
static bool counts_payload_only(const PAPI_event_info_t *info)
{
	return strstr(info->long_descr, "TLP payload only") != NULL;
}

static void say_payload_only(struct row_plan *p, const PAPI_event_info_t *info)
{
	if (p->payload_said || !counts_payload_only(info))
		return;
	p->payload_said = true;
	fprintf(stderr, "hisi-uncore-stat: %s: bandwidth counts TLP payload only: its driver has "
		"no len_mode (Linux 5.19 to 6.1), where newer drivers count headers too\n", p->label);
}

/*
 * Column @c of row @r into @set.  Without multiplexing a conflict (more
 * counters than an instance has) is quiet: the caller counts multiplexed.
 */
static enum build add_cell(int set, struct table_plan *t, unsigned int r, unsigned int c,
			   bool list, bool multiplexed, int *next)
{
	struct row_plan *p = &t->plan[r];
	char name[NAME_LEN], *saved;
	PAPI_event_info_t info;
	int code, ret;

	p->position[c] = -1;
	if (p->unusable[0]) {	/* said once, at planning; listed once per row */
		if (list && c == 0)
			printf("%s\t%s\tunusable: %s\n", t->view.title, p->label, p->unusable);
		return BUILT;
	}
	event_name(p, &t->view.column[c], name, sizeof(name));
	ret = resolve(name, true, &code);
	if (ret == PAPI_OK)
		ret = PAPI_get_event_info(code, &info);
	if (ret != PAPI_OK) {	/* once, not again when the plan is rebuilt multiplexed */
		if (!(p->refusal_said & 1u << c))
			fprintf(stderr, "hisi-uncore-stat: %s: %s not counted (%s), shown as n/a\n",
				p->label, t->view.column[c].metric, refusal(ret));
		p->refusal_said |= 1u << c;
		return BUILT;
	}
	if (!t->unit[c][0])
		snprintf(t->unit[c], sizeof(t->unit[c]), "%s", info.units);
	/* one driver drives every instance of a family: one answer per column */
	t->payload_only[c] = t->payload_only[c] || counts_payload_only(&info);
	say_payload_only(p, &info);
	if (list) {
		printf("%s\t%s\t%s\t%s\n", t->view.title, p->label, name, info.units);
		return BUILT;
	}
	saved = refusal_begin();
	ret = PAPI_add_event(set, code);
	quiet_end(saved);
	if (ret == PAPI_ECNFLCT && !multiplexed)
		return NEEDS_MULTIPLEXING;
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: cannot count %s: %s\n", name, refusal(ret));
		return NOT_BUILT;
	}
	p->position[c] = (*next)++;
	t->row[r].counted[c] = true;
	return BUILT;
}

static enum build build_eventset(int set, struct table_plan *tables, bool list,
				 bool multiplexed, int *nevents)
{
	*nevents = 0;
	for (unsigned int v = 0; v < NVIEWS; v++) {
		tables[v].scaled = multiplexed;
		for (unsigned int r = 0; r < tables[v].nrows; r++) {
			tables[v].row[r].label = tables[v].plan[r].label;
			tables[v].row[r].unusable = tables[v].plan[r].unusable[0] ?
							    tables[v].plan[r].unusable : NULL;
			memset(tables[v].row[r].counted, 0, sizeof(tables[v].row[r].counted));
			for (unsigned int c = 0; c < tables[v].view.ncolumns; c++) {
				enum build b = add_cell(set, &tables[v], r, c, list, multiplexed,
							nevents);

				if (b != BUILT)
					return b;
			}
		}
	}
	return BUILT;
}

/* The EventSet's values into the rows' cells. */
static void fill_cells(const long long *values, struct table_plan *tables)
{
	for (unsigned int v = 0; v < NVIEWS; v++)
		for (unsigned int r = 0; r < tables[v].nrows; r++)
			for (unsigned int c = 0; c < tables[v].view.ncolumns; c++) {
				int pos = tables[v].plan[r].position[c];

				if (pos >= 0)	/* every column is a metric: a double's bits */
					memcpy(&tables[v].row[r].value[c], &values[pos], sizeof(double));
			}
}

/* ---- the interval loop -------------------------------------------------------- */

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sleep until @deadline or a stop signal (unblocked only while waiting: no lost wake-up). */
static void wait_until(double deadline, const sigset_t *waiting_mask)
{
	for (;;) {
		double left = deadline - now_seconds();
		struct timespec ts;

		if (left <= 0 || stop_requested)
			return;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		if (ppoll(NULL, 0, &ts, waiting_mask) < 0 && errno != EINTR)
			return;
	}
}

static void print_interval(const struct hu_stat_options *o, unsigned long n, double at,
			   double seconds, struct table_plan *tables)
{
	if (o->output == HU_STAT_TABLE)
		printf("\n# interval %lu: %.3f s, ending %.3f s after the start\n", n, seconds, at);
	for (unsigned int v = 0; v < NVIEWS; v++) {
		struct hu_stat_table t = {
			.title = tables[v].view.title,
			.column = tables[v].view.column,
			.ncolumns = tables[v].view.ncolumns,
			.row = tables[v].row,
			.nrows = tables[v].nrows,
			.scaled = tables[v].scaled,
		};

		for (unsigned int c = 0; c < t.ncolumns; c++) {
			t.unit[c] = tables[v].unit[c];
			t.payload_only[c] = tables[v].payload_only[c];
		}
		hu_stat_print(stdout, o->output, o->sep, n, at, seconds, &t);
	}
	fflush(stdout);
}

/* PAPI_start(@set); a refusal is the caller's to say (refusal()). */
static int start_counting(int set)
{
	char *saved = refusal_begin();
	int ret = PAPI_start(set);

	quiet_end(saved);
	return ret;
}

/* An interval's values into @values, and the counters reset for the next; a refusal alike. */
static int read_interval(int set, long long *values)
{
	char *saved = refusal_begin();
	int ret = PAPI_read(set, values);

	if (ret == PAPI_OK)
		ret = PAPI_reset(set);
	quiet_end(saved);
	return ret;
}

static int count_intervals(const struct hu_stat_options *o, int set, int nevents,
			   struct table_plan *tables)
{
	long long *values = calloc((size_t)nevents, sizeof(*values));
	sigset_t stop_signals, waiting_mask;
	double start, last, deadline;
	char *saved;
	int ret;

	if (!values)
		return 1;
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigprocmask(SIG_BLOCK, &stop_signals, &waiting_mask);
	sigdelset(&waiting_mask, SIGINT);
	sigdelset(&waiting_mask, SIGTERM);
	/* taken before the counters start: an interval's seconds are never shorter
	 * than the time the counters were enabled, which PCIe bandwidth divides by */
	start = last = deadline = now_seconds();
	ret = start_counting(set);
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: cannot start counting: %s\n", refusal(ret));
		free(values);
		return 1;
	}
	/* the e2e tier waits for this line before it makes traffic */
	fprintf(stderr, "hisi-uncore-stat: counting %d metrics every %ld ms (Ctrl-C stops)\n",
		nevents, o->interval_ms);
	if (o->output == HU_STAT_CSV)
		hu_stat_csv_header(stdout, o->sep);
	for (unsigned long n = 1; ret == PAPI_OK && (o->count == 0 || n <= o->count); n++) {
		double at;

		deadline += (double)o->interval_ms / 1000.0;
		wait_until(deadline, &waiting_mask);
		ret = read_interval(set, values);
		at = now_seconds();
		if (ret != PAPI_OK) {
			fprintf(stderr, "hisi-uncore-stat: interval %lu not counted: %s\n", n,
				refusal(ret));
			break;
		}
		fill_cells(values, tables);
		print_interval(o, n, at - start, at - last, tables);
		last = at;
		if (stop_requested)
			break;
	}
	/* its values are not shown; after a failed read it fails alike, said above */
	saved = quiet_begin();
	PAPI_stop(set, values);
	quiet_end(saved);
	free(values);
	return ret == PAPI_OK ? 0 : 1;
}

/* ---- main ----------------------------------------------------------------------- */

static int setup_papi(int *cidx)
{
	const PAPI_component_info_t *info;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "hisi-uncore-stat: PAPI_library_init failed\n");
		return -1;
	}
	*cidx = PAPI_get_component_index("hisi_uncore");
	info = *cidx >= 0 ? PAPI_get_component_info(*cidx) : NULL;
	if (!info) {
		fprintf(stderr, "hisi-uncore-stat: this PAPI has no hisi_uncore component\n");
		return -1;
	}
	if (info->disabled) {
		fprintf(stderr, "hisi-uncore-stat: hisi_uncore is disabled: %s\n",
			info->disabled_reason);
		return -1;
	}
	return 0;
}

/* A fresh EventSet, multiplexed if asked; PAPI_NULL on failure. */
static int new_eventset(int cidx, bool multiplexed)
{
	int set = PAPI_NULL, ret;
	char *saved;

	if (PAPI_create_eventset(&set) != PAPI_OK)
		return PAPI_NULL;
	if (!multiplexed)
		return set;
	saved = refusal_begin();
	ret = PAPI_multiplex_init();
	if (ret == PAPI_OK)
		ret = PAPI_assign_eventset_component(set, cidx);
	if (ret == PAPI_OK)
		ret = PAPI_set_multiplex(set);
	quiet_end(saved);
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: cannot multiplex: %s\n", refusal(ret));
		PAPI_destroy_eventset(&set);
		return PAPI_NULL;
	}
	return set;
}

static void drop_eventset(int *set)
{
	if (*set == PAPI_NULL)
		return;
	PAPI_cleanup_eventset(*set);
	PAPI_destroy_eventset(set);
}

/*
 * The EventSet of every row into *set: exact if the rows fit the
 * instances' counters, else multiplexed (and said so).
 */
static enum build eventset_for_rows(const struct hu_stat_options *o, int cidx,
				    struct table_plan *tables, int *set, int *nevents)
{
	enum build b;

	*set = new_eventset(cidx, false);
	if (*set == PAPI_NULL)
		return NOT_BUILT;
	b = build_eventset(*set, tables, o->list, false, nevents);
	if (b != NEEDS_MULTIPLEXING)
		return b;
	drop_eventset(set);
	*set = new_eventset(cidx, true);
	if (*set == PAPI_NULL)
		return NOT_BUILT;
	b = build_eventset(*set, tables, o->list, true, nevents);
	if (b == BUILT)
		fprintf(stderr, "hisi-uncore-stat: these rows need more counters than a PMU instance "
			"has: counting multiplexed, values scaled by time enabled / time running\n");
	return b;
}

/* Does a row of @tables stand for an instance the component skipped? */
static bool has_unusable_row(const struct table_plan *tables)
{
	for (unsigned int v = 0; v < NVIEWS; v++)
		for (unsigned int r = 0; r < tables[v].nrows; r++)
			if (tables[v].plan[r].unusable[0])
				return true;
	return false;
}

/*
 * The rows of @o, with the instances the component skips: its own scan of
 * the same sysfs (the same rules, from libhucore), as PAPI says nothing of them.
 */
static bool plan_rows_with_skipped(const struct hu_stat_options *o, int cidx,
				   struct table_plan *tables)
{
	struct hu_pmu_set scan;
	bool planned;

	if (hu_pmu_scan(&scan, NULL, NULL, NULL) != HU_OK)
		memset(&scan, 0, sizeof(scan));
	planned = plan_rows(o, cidx, &scan, tables);
	hu_pmu_set_free(&scan);
	return planned;
}

static int run(const struct hu_stat_options *o, struct table_plan *tables)
{
	int cidx, set = PAPI_NULL, nevents, status = 1;
	struct sigaction sa = { .sa_handler = on_stop_signal };

	if (!columns_known(o->columns))
		return 2;
	if (setup_papi(&cidx) != 0)
		return 1;
	if (!plan_rows_with_skipped(o, cidx, tables))
		goto out;
	if (tables[VIEW_PCIE].nrows + tables[VIEW_NIC].nrows == 0) {
		fprintf(stderr, "hisi-uncore-stat: no %s PMU instance on this node\n",
			o->pcie && o->nic ? "PCIe or NIC" : o->pcie ? "PCIe" : "NIC");
		goto out;
	}
	if (eventset_for_rows(o, cidx, tables, &set, &nevents) == BUILT) {
		if (o->list) {
			status = 0;
		} else if (nevents == 0) {
			fprintf(stderr, "hisi-uncore-stat: none of the metrics can be counted\n");
		} else {
			sigemptyset(&sa.sa_mask);
			sigaction(SIGINT, &sa, NULL);
			sigaction(SIGTERM, &sa, NULL);
			status = count_intervals(o, set, nevents, tables);
		}
	}
	drop_eventset(&set);
	/* a view with an instance left out is no view of the node: said, and in the status */
	if (has_unusable_row(tables))
		status = 1;
out:
	PAPI_shutdown();
	return status;
}

int main(int argc, char **argv)
{
	static struct table_plan tables[NVIEWS];
	struct hu_stat_options o;
	char why[256];

	if (!hu_stat_parse_options(argc, argv, &o, why, sizeof(why))) {
		fprintf(stderr, "hisi-uncore-stat: %s\n", why);
		return 2;
	}
	if (o.help) {
		hu_stat_print_usage(stdout);
		return 0;
	}
	/* 3d:00.0 and 0000:3d:00.0 are one device where one PCI domain has a 3d:00.0 */
	if (!hu_stat_rows_distinct(&o, hu_sysfs_root(), why, sizeof(why))) {
		fprintf(stderr, "hisi-uncore-stat: %s\n", why);
		return 2;
	}
	return run(&o, tables);
}
