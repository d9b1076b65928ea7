// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi-uncore-hl - derived metrics from what a profiler recorded as pairs.
 *
 *   hisi-uncore-hl [-x SEP] PATH...
 *   hisi-uncore-hl [-x SEP] --values FILE
 *
 * PAPI's high-level API, Score-P and TAU store per region the difference of
 * two reads, which is right for counts and meaningless for the component's
 * metrics.  Recorded as the two halves of a pair instead (both with the same
 * qualifiers), the metric of each region follows from the two sums and the
 * region's time, with the component's own formulas and scales (read from
 * this node's sysfs, $SYSFS_PATH).
 *
 * PATH is a papi_hl_output file or directory (every *.json in it).
 * --values reads "thread,region,event,value" lines (other profilers'
 * exports); the event real_time_nsec gives a region's time.  Prints one line
 * per thread, region and metric, or with -x a header and SEP-separated rows.
 * Exit status: 0, 1 if a file could not be read or a pair not derived,
 * 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalogue.h"
#include "hl_json.h"
#include "metric_value.h"
#include "metrics.h"

#define MAX_FILE_BYTES (256u << 20)
#define MAX_PAIR_METRICS 4

/* One recorded value of a region. */
struct value {
	const char *event;
	long long v;
};

/* One region of one thread, as recorded. */
struct region {
	const char *source, *thread, *id, *name;
	struct value *v;
	size_t n;
	long long window_ns;	/* -1: not recorded */
};

struct output {
	const char *sep;	/* NULL: human-readable lines */
	int status;
};

/* ---- deriving ------------------------------------------------------------------ */

/* Why the sums cannot give the metric of @m (n instances), or NULL. */
static const char *underivable(const struct hu_native *m, unsigned int n, long long c0,
			       long long c1, long long window_ns)
{
	for (unsigned int i = 1; i < n; i++)
		if (m[i].scale != m[0].scale)
			return "its instances count with different scales";
	if (n > 1 && m[0].metric->combine == HU_COMBINE_RATIO && m[0].metric->kind != HIP09_KIND_LATENCY)
		return "a rate over several instances needs each instance's pair";
	if (m[0].metric->combine == HU_COMBINE_PER_SECOND && window_ns < 0)
		return "the region's real_time_nsec was not recorded";
	if (c0 < 0 || c1 < 0)
		return "a recorded sum is negative";
	return NULL;
}

/*
 * @metric from the region's sums @c0, @c1: one instance as the component
 * computes it; over an aggregate only what sums of the halves still give.
 */
static int derive(struct hu_catalogue *cat, const char *metric, long long c0, long long c1,
		  long long window_ns, double *value, const char **unit, const char **why)
{
	struct hu_native *m;
	unsigned int n;
	int code;

	if (hu_cat_name_to_code(cat, metric, &code, NULL) ||
	    hu_cat_code_to_members(cat, code, &m, &n, NULL)) {
		*why = "the component does not resolve it on this node";
		return -1;
	}
	*why = n && m[0].metric ? underivable(m, n, c0, c1, window_ns) : "it is not a metric here";
	if (!*why) {
		*unit = m[0].metric->unit;
		*value = hu_metric_value(m[0].metric, m[0].scale, (uint64_t)c0, (uint64_t)c1,
					 window_ns < 0 ? 0 : (uint64_t)window_ns);
	}
	free(m);
	return *why ? -1 : 0;
}

/* n/a (NaN: nothing to divide by) is an empty CSV field and "n/a" in lines */
static void print_row(struct output *o, const struct region *r, const char *metric,
		      double value, const char *unit)
{
	char text[64] = "";

	if (!isnan(value))
		snprintf(text, sizeof(text), o->sep ? "%.6f" : "%.6g", value);
	else if (!o->sep)
		snprintf(text, sizeof(text), "n/a");
	if (o->sep)
		printf("%s%s%s%s%s%s%s%s%s%s%s%s%s\n", r->source, o->sep, r->thread, o->sep, r->id,
		       o->sep, r->name, o->sep, metric, o->sep, text, o->sep, unit);
	else
		printf("%s thread %s region %s (%s): %s = %s %s\n", r->source, r->thread, r->id,
		       r->name, metric, text, unit);
}

/* Every metric the region's pairs give. */
static void derive_region(struct hu_catalogue *cat, const struct region *r, struct output *o)
{
	char metric[MAX_PAIR_METRICS][HU_PAIR_TEXT_MAX];

	for (size_t a = 0; a < r->n; a++) {
		for (size_t b = 0; b < r->n; b++) {
			unsigned int k = a == b ? 0 :
				hu_cat_pair_metrics(cat, r->v[a].event, r->v[b].event, metric,
						    MAX_PAIR_METRICS);

			for (unsigned int i = 0; i < k; i++) {
				double value;
				const char *unit = "", *why = "";

				if (derive(cat, metric[i], r->v[a].v, r->v[b].v, r->window_ns,
					   &value, &unit, &why) == 0) {
					print_row(o, r, metric[i], value, unit);
					continue;
				}
				fprintf(stderr, "hisi-uncore-hl: %s, thread %s, region %s: %s not "
					"derived: %s\n", r->source, r->thread, r->name, metric[i], why);
				o->status = 1;
			}
		}
	}
}

/* ---- papi_hl_output JSON ----------------------------------------------------------- */

/* A whole decimal integer, nothing else. */
static bool parse_ll(const char *text, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(text, &end, 10);
	return text[0] && !*end && !errno;
}

static bool parse_count(const struct hl_json *j, long long *v)
{
	if (j && j->type == HL_JSON_OBJECT)	/* with reads: {"region_value": ...} */
		j = hl_json_get(j, "region_value");
	return j && (j->type == HL_JSON_STRING || j->type == HL_JSON_NUMBER) && parse_ll(j->text, v);
}

static bool is_region_field(const char *key)
{
	return !strcmp(key, "name") || !strcmp(key, "parent_region_id") || !strcmp(key, "cycles") ||
	       !strcmp(key, "real_time_nsec");
}

static void json_region(struct hu_catalogue *cat, const char *source, const struct hl_json *thread,
			const struct hl_json *reg, struct output *o)
{
	const struct hl_json *name = hl_json_get(reg, "name");
	struct region r = { .source = source, .thread = thread->key, .id = reg->key,
			    .name = name && name->type == HL_JSON_STRING ? name->text : "?" };
	size_t cap = 0;

	if (!parse_count(hl_json_get(reg, "real_time_nsec"), &r.window_ns))
		r.window_ns = -1;
	for (const struct hl_json *e = reg->child; e; e = e->next)
		if (e->key && !is_region_field(e->key))
			cap++;
	r.v = calloc(cap ? cap : 1, sizeof(*r.v));
	if (!r.v) {
		fprintf(stderr, "hisi-uncore-hl: out of memory\n");
		o->status = 1;
		return;
	}
	for (const struct hl_json *e = reg->child; e; e = e->next)
		if (e->key && !is_region_field(e->key) && parse_count(e, &r.v[r.n].v))
			r.v[r.n++].event = e->key;
	derive_region(cat, &r, o);
	free(r.v);
}

static void json_document(struct hu_catalogue *cat, const char *source, const struct hl_json *doc,
			  struct output *o)
{
	const struct hl_json *threads = hl_json_get(doc, "threads");

	if (!threads || threads->type != HL_JSON_OBJECT) {
		fprintf(stderr, "hisi-uncore-hl: %s: no \"threads\" object: not PAPI high-level output\n",
			source);
		o->status = 1;
		return;
	}
	for (const struct hl_json *t = threads->child; t; t = t->next) {
		const struct hl_json *regions = hl_json_get(t, "regions");

		if (!regions || regions->type != HL_JSON_OBJECT)
			continue;
		for (const struct hl_json *reg = regions->child; reg; reg = reg->next)
			if (reg->type == HL_JSON_OBJECT)
				json_region(cat, source, t, reg, o);
	}
}

/* The whole of a regular file, NUL-terminated; NULL with errno set. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;

	if (!f)
		return NULL;
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode) || (size_t)st.st_size > MAX_FILE_BYTES) {
		errno = errno ? errno : EFBIG;
		fclose(f);
		return NULL;
	}
	buf = malloc((size_t)st.st_size + 1);
	*len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
	if (buf)
		buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void json_file(struct hu_catalogue *cat, const char *path, struct output *o)
{
	char err[128];
	size_t len;
	char *text = read_file(path, &len);
	struct hl_json *doc;

	if (!text) {
		fprintf(stderr, "hisi-uncore-hl: %s: %s\n", path, strerror(errno));
		o->status = 1;
		return;
	}
	doc = hl_json_parse(text, len, err, sizeof(err));
	if (!doc) {
		fprintf(stderr, "hisi-uncore-hl: %s: not JSON: %s\n", path, err);
		o->status = 1;
	} else {
		json_document(cat, path, doc, o);
	}
	hl_json_free(doc);
	free(text);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_json(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 5 && !strcmp(d->d_name + n - 5, ".json");
}

/* A file, or every *.json of a directory in name order. */
static void json_path(struct hu_catalogue *cat, const char *path, struct output *o)
{
	struct dirent **ent;
	struct stat st;
	int n;

	if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
		json_file(cat, path, o);
		return;
	}
	n = scandir(path, &ent, is_json, by_name);
	if (n <= 0) {
		fprintf(stderr, "hisi-uncore-hl: %s: no *.json file in it\n", path);
		o->status = 1;
	}
	for (int i = 0; i < n; i++) {
		char file[4096];

		if (snprintf(file, sizeof(file), "%s/%s", path, ent[i]->d_name) < (int)sizeof(file))
			json_file(cat, file, o);
		free(ent[i]);
	}
	if (n > 0)
		free(ent);
}

/* ---- thread,region,event,value lines ----------------------------------------------- */

/* Split a line at its first three commas (event names hold none). */
static bool split_values_line(char *line, char **field)
{
	field[0] = line;
	for (int i = 1; i < 4; i++) {
		char *c = strchr(field[i - 1], ',');

		if (!c)
			return false;
		*c = '\0';
		field[i] = c + 1;
	}
	field[3][strcspn(field[3], "\r\n")] = '\0';
	return true;
}

static void flush_region(struct hu_catalogue *cat, struct region *r, struct output *o)
{
	if (r->n || r->window_ns >= 0)
		derive_region(cat, r, o);
	for (size_t i = 0; i < r->n; i++)
		free((char *)r->v[i].event);
	free((char *)r->thread);
	free((char *)r->name);
	free(r->v);
	*r = (struct region){ .source = r->source, .id = "-", .window_ns = -1 };
}

static bool same_region(const struct region *r, char **f)
{
	return r->thread && !strcmp(r->thread, f[0]) && !strcmp(r->name, f[1]);
}

static bool add_value(struct region *r, const char *event, long long v)
{
	struct value *grown = realloc(r->v, (r->n + 1) * sizeof(*r->v));

	if (!grown)
		return false;
	r->v = grown;
	if (!(r->v[r->n].event = strdup(event)))
		return false;
	r->v[r->n++].v = v;
	return true;
}

static void values_file(struct hu_catalogue *cat, const char *path, struct output *o)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct region r = { .source = path, .id = "-", .window_ns = -1 };
	char *line = NULL, *field[4];
	size_t cap = 0;
	unsigned long lineno = 0;

	if (!f) {
		fprintf(stderr, "hisi-uncore-hl: %s: %s\n", path, strerror(errno));
		o->status = 1;
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		long long v;

		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (!split_values_line(line, field) || !parse_ll(field[3], &v)) {
			fprintf(stderr, "hisi-uncore-hl: %s:%lu: not thread,region,event,value\n",
				path, lineno);
			o->status = 1;
			continue;
		}
		if (!same_region(&r, field)) {
			flush_region(cat, &r, o);
			r.thread = strdup(field[0]);
			r.name = strdup(field[1]);
		}
		if (!strcmp(field[2], "real_time_nsec"))
			r.window_ns = v;
		else if (!r.thread || !r.name || !add_value(&r, field[2], v))
			o->status = 1;
	}
	flush_region(cat, &r, o);
	free(line);
	if (f != stdin)
		fclose(f);
}

/* ---- main ------------------------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr, "usage: hisi-uncore-hl [-x SEP] PAPI_HL_OUTPUT...\n"
			"       hisi-uncore-hl [-x SEP] --values FILE   (thread,region,event,value lines)\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct output o = { 0 };
	const char *values = NULL;
	struct hu_catalogue cat;
	struct hu_err e = { 0 };
	int i = 1;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-x") && i + 1 < argc)
			o.sep = argv[++i];
		else if (!strcmp(argv[i], "--values") && i + 1 < argc)
			values = argv[++i];
		else
			return usage();
	}
	if ((values && i < argc) || (!values && i == argc))
		return usage();
	if (hu_cat_init(&cat, NULL, NULL, &e)) {
		fprintf(stderr, "hisi-uncore-hl: %s\n", e.msg);
		return 1;
	}
	if (o.sep)
		printf("source%sthread%sregion_id%sregion%smetric%svalue%sunit\n", o.sep, o.sep, o.sep,
		       o.sep, o.sep, o.sep);
	if (values)
		values_file(&cat, values, &o);
	for (; i < argc; i++)
		json_path(&cat, argv[i], &o);
	hu_cat_free(&cat);
	return o.status;
}
