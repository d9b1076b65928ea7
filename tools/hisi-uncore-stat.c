// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-stat - a live view of a Hip09 node's PCIe and NIC traffic,
 * through PAPI and the hisi_uncore component.
 *
 *   hisi-uncore-stat [-I MS] [-n COUNT] [-x SEP | --json] [-d BDF]...
 *                    [--pcie | --nic] [--list]
 *
 * Rows are the PMU instances (every hisi_pcie<sicl>_core<core>, every
 * hns3_pmu_sicl_<id>), or with -d the devices named: a device row counts
 * with the component's device names (hisi_pcie::METRIC:bdf=..., and
 * hns3_pmu::... for a NIC function), so the instance that covers it is
 * found the way the drivers decide.  Columns are the component's metrics:
 * PCIe inbound and outbound read and write bandwidth and the inbound read
 * and write latency; NIC receive and transmit bandwidth and packet rate.
 * Every interval is read and the counters reset; the values cover the
 * interval.  SIGINT or SIGTERM ends the current interval early, prints it
 * and exits 0.  Exit status 1 when counting failed (owned by another
 * process, not enough counters, lost counters), 2 on bad usage.
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

static const struct view views[] = {
	{ "PCIe", "hisi_pcie", pcie_columns, sizeof(pcie_columns) / sizeof(pcie_columns[0]) },
	{ "NIC", "hns3_pmu", nic_columns, sizeof(nic_columns) / sizeof(nic_columns[0]) },
};
#define NVIEWS (sizeof(views) / sizeof(views[0]))

/* A row: whose counters, and where its values are in the EventSet. */
struct row_plan {
	char label[160];
	char pmu[96];		/* an instance, or the family's device name */
	char qualifiers[32];	/* "" or ":bdf=0x3d00" */
	int position[HU_STAT_MAX_COLUMNS];	/* -1: not counted */
};

struct table_plan {
	const struct view *view;
	struct row_plan plan[MAX_ROWS];
	struct hu_stat_row row[MAX_ROWS];
	char unit[HU_STAT_MAX_COLUMNS][PAPI_MIN_STR_LEN];
	unsigned int nrows;
};

static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* ---- names ------------------------------------------------------------------ */

static void event_name(const struct row_plan *p, const struct hu_stat_column *c, char *out,
		       size_t len)
{
	snprintf(out, len, "%s::%s%s", p->pmu, c->metric, p->qualifiers);
}

/*
 * The code of @name; @quietly keeps the component's refusal off stderr (the
 * tool asks about devices that may belong to one family only).
 */
static int resolve(const char *name, bool quietly, int *code)
{
	const char *was = getenv("HISI_UNCORE_QUIET");
	char *saved = was ? strdup(was) : NULL;
	int ret;

	if (quietly)
		setenv("HISI_UNCORE_QUIET", "1", 1);
	ret = PAPI_event_name_to_code(name, code);
	if (quietly) {
		if (saved)
			setenv("HISI_UNCORE_QUIET", saved, 1);
		else
			unsetenv("HISI_UNCORE_QUIET");
	}
	free(saved);
	return ret;
}

/* ---- rows ------------------------------------------------------------------- */

static struct row_plan *new_row(struct table_plan *t)
{
	struct row_plan *p;

	if (t->nrows == MAX_ROWS) {
		fprintf(stderr, "hisi-uncore-stat: more than %d %s rows; the first %d are shown\n",
			MAX_ROWS, t->view->title, MAX_ROWS);
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

/* A row per PMU instance the component lists with the view's first metric. */
static void instance_rows(int cidx, struct table_plan *t)
{
	int code = PAPI_NATIVE_MASK;
	char name[PAPI_HUGE_STR_LEN], pmu[96];

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return;
	do {
		struct row_plan *p;

		if (PAPI_event_code_to_name(code, name) != PAPI_OK ||
		    !instance_of(name, t->view->column[0].metric, pmu, sizeof(pmu)))
			continue;
		p = new_row(t);
		if (!p)
			return;
		snprintf(p->pmu, sizeof(p->pmu), "%s", pmu);
		snprintf(p->label, sizeof(p->label), "%s", pmu);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
}

enum device_row { ROW_ADDED, NOT_COVERED, ROW_REFUSED };

/*
 * A row for device @d if an instance of the view's family covers it.  Not
 * being covered is quiet (a device belongs to one family or two); a family
 * that covers the device but refuses to count it says why.
 */
static enum device_row device_row(const struct hu_stat_options *o, unsigned int d,
				  struct table_plan *t)
{
	struct row_plan probe = { .label = "" }, *p;
	char name[NAME_LEN];
	const char *root = getenv("SYSFS_PATH");
	int code, ret;

	snprintf(probe.pmu, sizeof(probe.pmu), "%s", t->view->device_pmu);
	snprintf(probe.qualifiers, sizeof(probe.qualifiers), ":bdf=%#06x", o->bdf[d]);
	event_name(&probe, &t->view->column[0], name, sizeof(name));
	ret = resolve(name, true, &code);
	if (ret == PAPI_ENOEVNT)
		return NOT_COVERED;
	if (ret != PAPI_OK) {
		resolve(name, false, &code);	/* the component's reason, aloud */
		fprintf(stderr, "hisi-uncore-stat: -d %s: no %s row: %s\n", o->device_text[d],
			t->view->title, PAPI_strerror(ret));
		return ROW_REFUSED;
	}
	p = new_row(t);
	if (!p)
		return ROW_ADDED;
	*p = probe;
	hu_stat_describe_device(root && *root ? root : "/sys", o->domain[d], o->bdf[d], p->label,
				sizeof(p->label));
	return ROW_ADDED;
}

static bool shows(const struct hu_stat_options *o, unsigned int v)
{
	return v == 0 ? o->pcie : o->nic;
}

/* The rows of every view asked for; false when a -d device has none. */
static bool plan_rows(const struct hu_stat_options *o, int cidx, struct table_plan *tables)
{
	for (unsigned int v = 0; v < NVIEWS; v++) {
		memset(&tables[v], 0, sizeof(tables[v]));
		tables[v].view = &views[v];
		if (shows(o, v) && o->ndevices == 0)
			instance_rows(cidx, &tables[v]);
	}
	for (unsigned int d = 0; d < o->ndevices; d++) {
		bool added = false, refused = false;

		for (unsigned int v = 0; v < NVIEWS; v++) {
			enum device_row r = shows(o, v) ? device_row(o, d, &tables[v]) : NOT_COVERED;

			added |= r == ROW_ADDED;
			refused |= r == ROW_REFUSED;
		}
		if (added)
			continue;
		if (!refused) {
			char name[NAME_LEN];
			int code;
			const struct view *v = o->pcie ? &views[0] : &views[1];

			/* once more aloud: the component says which devices each instance covers */
			snprintf(name, sizeof(name), "%s::%s:bdf=%#06x", v->device_pmu,
				 v->column[0].metric, o->bdf[d]);
			resolve(name, false, &code);
			fprintf(stderr, "hisi-uncore-stat: -d %s: no %s PMU instance covers this device\n",
				o->device_text[d], o->pcie && o->nic ? "PCIe or NIC" : v->title);
		}
		return false;
	}
	return true;
}

/* ---- the EventSet ------------------------------------------------------------- */

/* Column @c of row @r into @set; false when counting cannot go on. */
static bool add_cell(int set, struct table_plan *t, unsigned int r, unsigned int c, bool list,
		     int *next)
{
	struct row_plan *p = &t->plan[r];
	char name[NAME_LEN];
	PAPI_event_info_t info;
	int code, ret;

	p->position[c] = -1;
	event_name(p, &t->view->column[c], name, sizeof(name));
	ret = resolve(name, false, &code);
	if (ret == PAPI_OK)
		ret = PAPI_get_event_info(code, &info);
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: %s: %s not counted (%s), shown as n/a\n", p->label,
			t->view->column[c].metric, PAPI_strerror(ret));
		return true;
	}
	if (!t->unit[c][0])
		snprintf(t->unit[c], sizeof(t->unit[c]), "%s", info.units);
	if (list) {
		printf("%s\t%s\t%s\t%s\n", t->view->title, p->label, name, info.units);
		return true;
	}
	ret = PAPI_add_event(set, code);
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: cannot count %s: %s%s\n", name, PAPI_strerror(ret),
			ret == PAPI_ECNFLCT ? " (fewer devices per PMU instance at once, or see the"
					      " component's reason above)" : "");
		return false;
	}
	p->position[c] = (*next)++;
	t->row[r].counted[c] = true;
	t->row[r].label = p->label;
	return true;
}

static bool build_eventset(int set, struct table_plan *tables, bool list, int *nevents)
{
	*nevents = 0;
	for (unsigned int v = 0; v < NVIEWS; v++)
		for (unsigned int r = 0; r < tables[v].nrows; r++) {
			tables[v].row[r].label = tables[v].plan[r].label;
			for (unsigned int c = 0; c < tables[v].view->ncolumns; c++)
				if (!add_cell(set, &tables[v], r, c, list, nevents))
					return false;
		}
	return true;
}

/* The EventSet's values into the rows' cells. */
static void fill_cells(const long long *values, struct table_plan *tables)
{
	for (unsigned int v = 0; v < NVIEWS; v++)
		for (unsigned int r = 0; r < tables[v].nrows; r++)
			for (unsigned int c = 0; c < tables[v].view->ncolumns; c++) {
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
			.title = tables[v].view->title,
			.column = tables[v].view->column,
			.ncolumns = tables[v].view->ncolumns,
			.row = tables[v].row,
			.nrows = tables[v].nrows,
		};

		for (unsigned int c = 0; c < t.ncolumns; c++)
			t.unit[c] = tables[v].unit[c];
		hu_stat_print(stdout, o->output, o->sep, n, at, seconds, &t);
	}
	fflush(stdout);
}

static int count_intervals(const struct hu_stat_options *o, int set, int nevents,
			   struct table_plan *tables)
{
	long long *values = calloc((size_t)nevents, sizeof(*values));
	sigset_t stop_signals, waiting_mask;
	double start, last, deadline;
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
	ret = PAPI_start(set);
	if (ret != PAPI_OK) {
		fprintf(stderr, "hisi-uncore-stat: cannot start counting: %s\n", PAPI_strerror(ret));
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
		ret = PAPI_read(set, values);
		if (ret == PAPI_OK)
			ret = PAPI_reset(set);
		at = now_seconds();
		if (ret != PAPI_OK) {
			fprintf(stderr, "hisi-uncore-stat: interval %lu not counted: %s\n", n,
				PAPI_strerror(ret));
			break;
		}
		fill_cells(values, tables);
		print_interval(o, n, at - start, at - last, tables);
		last = at;
		if (stop_requested)
			break;
	}
	PAPI_stop(set, values);
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

static int run(const struct hu_stat_options *o, struct table_plan *tables)
{
	int cidx, set = PAPI_NULL, nevents, status = 1;
	struct sigaction sa = { .sa_handler = on_stop_signal };

	if (setup_papi(&cidx) != 0)
		return 1;
	if (!plan_rows(o, cidx, tables))
		goto out;
	if (tables[0].nrows + tables[1].nrows == 0) {
		fprintf(stderr, "hisi-uncore-stat: no %s PMU instance on this node\n",
			o->pcie && o->nic ? "PCIe or NIC" : o->pcie ? "PCIe" : "NIC");
		goto out;
	}
	if (PAPI_create_eventset(&set) != PAPI_OK)
		goto out;
	if (build_eventset(set, tables, o->list, &nevents)) {
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
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
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
		fputs(hu_stat_usage, stdout);
		return 0;
	}
	return run(&o, tables);
}
