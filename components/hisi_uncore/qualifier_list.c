// SPDX-License-Identifier: BSD-3-Clause
/*
 * qualifier_list.c - the qualifiers enumeration lists for each entry,
 * each with a text that resolves (see qualifier_list.h): candidates are
 * tried through the owner's resolution (the callback), once per entry
 * shape.
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include "qualifier_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_rules.h"
#include "hu_error.h"
#include "hu_text.h"

/* ---- qualifiers as enumeration lists them ---------------------------------- */

#define CANDIDATES_MAX 4

int hu_qual_init(struct hu_qual_lists *q, const struct hu_pmu_set *set,
		 hu_qual_resolve_fn resolves, void *ctx)
{
	memset(q, 0, sizeof(*q));
	q->set = set;
	q->resolves = resolves;
	q->ctx = ctx;
	q->listing = calloc(set->n + 1, sizeof(*q->listing));
	if (!q->listing)
		return hu_fail(NULL, HU_E_NOMEM, "out of memory for the qualifier lists");
	return HU_OK;
}

void hu_qual_free(struct hu_qual_lists *q)
{
	for (unsigned int i = 0; q->listing && i < q->set->n; i++) {
		struct hu_pmu_listing *l = &q->listing[i];

		for (unsigned int k = 0; l->entry && k < l->nentry; k++)
			free(l->entry[k].q);
		free(l->entry);
	}
	for (unsigned int i = 0; i < q->nshapes; i++) {
		free(q->shapes[i].key);
		free(q->shapes[i].c);
	}
	free(q->shapes);
	hu_name_index_free(&q->shape_index);
	free(q->listing);
	free(q->pci.dev);
	memset(q, 0, sizeof(*q));
}

static bool is_bdf(const struct hu_format *f)
{
	return strcmp(f->name, "bdf") == 0;
}

static const struct hu_pmu *pmu_of(const struct hu_qual_lists *q, const struct hu_qual_entry *en)
{
	return &q->set->pmu[en->pmu];
}

/* The PCI devices of @domain, scanned once while the domain stays the same. */
static const struct hu_pci_cache *pci_devices(struct hu_qual_lists *q, unsigned int domain)
{
	if (!q->pci.scanned || q->pci.domain != domain) {
		free(q->pci.dev);
		q->pci.n = hu_pci_scan(q->set->root, domain, &q->pci.dev);
		q->pci.domain = domain;
		q->pci.scanned = true;
	}
	return &q->pci;
}

/*
 * The first device of the PMU's domain its driver takes as a bdf target
 * and counts alone (no HNS3 function with its devfn on another bus).
 */
static bool bdf_example(struct hu_qual_lists *q, unsigned int pmu, uint16_t *bdf)
{
	struct hu_pmu_listing *l = &q->listing[pmu];
	const struct hu_pmu *p = &q->set->pmu[pmu];

	if (!l->bdf_example_known) {
		unsigned int domain = hu_pci_domain_of_pmu(q->set->root, p->name);
		const struct hu_pci_cache *pci = pci_devices(q, domain);

		/* an endpoint if there is one: a root port is its own target too */
		for (unsigned int pass = 0; pass < 2 && !l->has_bdf_example; pass++) {
			for (unsigned int i = 0; i < pci->n && !l->has_bdf_example; i++) {
				const struct hu_pci_device *d = &pci->dev[i];
				uint16_t twin;

				if ((pass || d->bdf != d->root_port) && hu_rules_bdf_target(p, d) &&
				    !hu_rules_bdf_twin(p, q->set->root, domain, d->bdf, &twin)) {
					l->bdf_example = d->bdf;
					l->has_bdf_example = true;
				}
			}
		}
		l->bdf_example_known = true;
	}
	*bdf = l->bdf_example;
	return l->has_bdf_example;
}

/*
 * Values worth trying for @f, best first: for bdf, a device the driver
 * takes (only that: any other number names no device, or none of this
 * PMU's); else what the component would use anyway (the value in the
 * entry's plain encoding), the field's largest value (len_mode=3: the
 * driver's own default) and 1.
 */
static unsigned int candidates(struct hu_qual_lists *q, unsigned int pmu,
			       const struct hu_format *f, const uint64_t *plain,
			       uint64_t v[CANDIDATES_MAX])
{
	unsigned int n = 0;
	uint16_t bdf;

	if (is_bdf(f)) {
		if (bdf_example(q, pmu, &bdf))
			v[n++] = bdf;
		return n;
	}
	if (plain)
		v[n++] = hu_format_gather(f->bits.mask, plain[f->bits.word]);
	v[n++] = hu_format_max(f->bits.mask);
	v[n++] = 1;
	return n;
}

/* Does "PMU::ENTRY" (with ":@text" unless empty) resolve?  Its first counter's config into @config. */
static bool resolves_with(struct hu_qual_lists *q, const struct hu_qual_entry *en,
			  const char *text, uint64_t config[HU_CONFIG_WORDS])
{
	char name[2 * HU_NAME_MAX + HU_QUALIFIER_TEXT_MAX + 4];

	snprintf(name, sizeof(name), "%s::%s%s%s", pmu_of(q, en)->name, en->name,
		 *text ? ":" : "", text);
	return q->resolves(q->ctx, name, config);
}

static void choice_text(const struct hu_pmu *p, const struct hu_qualifier_choice *c,
			char text[HU_QUALIFIER_TEXT_MAX])
{
	int n = snprintf(text, HU_QUALIFIER_TEXT_MAX, c->v > 9 ? "%s=0x%llx" : "%s=%llu",
			 p->formats[c->f].name, (unsigned long long)c->v);

	if (c->g >= 0 && n > 0 && n < HU_QUALIFIER_TEXT_MAX)
		snprintf(text + n, HU_QUALIFIER_TEXT_MAX - (size_t)n,
			 c->w > 9 ? ":%s=0x%llx" : ":%s=%llu", p->formats[c->g].name,
			 (unsigned long long)c->w);
}

static bool choice_resolves(struct hu_qual_lists *q, const struct hu_qual_entry *en,
			    const struct hu_qualifier_choice *c)
{
	char text[HU_QUALIFIER_TEXT_MAX];
	uint64_t config[HU_CONFIG_WORDS];

	choice_text(pmu_of(q, en), c, text);
	return resolves_with(q, en, text, config);
}

/* A value for format c->f alone that resolves with the entry. */
static bool find_alone(struct hu_qual_lists *q, const struct hu_qual_entry *en,
		       const uint64_t *plain, struct hu_qualifier_choice *c)
{
	uint64_t v[CANDIDATES_MAX];
	unsigned int nv = candidates(q, en->pmu, &pmu_of(q, en)->formats[c->f], plain, v);

	c->g = -1;
	for (unsigned int i = 0; i < nv; i++) {
		c->v = v[i];
		if (choice_resolves(q, en, c))
			return true;
	}
	return false;
}

/* Values for c->f with c->g, a qualifier the rules say it goes with. */
static bool find_with(struct hu_qual_lists *q, const struct hu_qual_entry *en,
		      const uint64_t *plain, struct hu_qualifier_choice *c)
{
	const struct hu_pmu *p = pmu_of(q, en);
	uint64_t v[CANDIDATES_MAX], w[CANDIDATES_MAX];
	unsigned int nv = candidates(q, en->pmu, &p->formats[c->f], plain, v);
	unsigned int nw = candidates(q, en->pmu, &p->formats[c->g], plain, w);

	for (unsigned int j = 0; j < nw; j++) {
		for (unsigned int i = 0; i < nv; i++) {
			c->v = v[i];
			c->w = w[j];
			if (choice_resolves(q, en, c))
				return true;
		}
	}
	return false;
}

/* Formats a user may set on the entry: usable, not fixed by its alias, taken by its rules. */
static bool offered(const struct hu_pmu *p, const struct hu_event *alias, const struct hu_format *f)
{
	return f->usable && !hu_event_fixes_format(alias, f) &&
	       hu_rules_takes_qualifier(p, alias, f->name);
}

/* How to list format c->f: alone, else with a companion. */
static bool find_choice(struct hu_qual_lists *q, const struct hu_qual_entry *en,
			const uint64_t *plain, struct hu_qualifier_choice *c)
{
	const struct hu_pmu *p = pmu_of(q, en);

	if (find_alone(q, en, plain, c))
		return true;
	for (c->g = 0; c->g < (int)p->nformats; c->g++) {
		const struct hu_format *g = &p->formats[c->g];

		if (c->g != c->f && offered(p, en->alias, g) &&
		    hu_rules_qualifiers_combine(p, en->alias, p->formats[c->f].name, g->name) &&
		    find_with(q, en, plain, c))
			return true;
	}
	return false;
}

/* The full search: try every offered format of the entry. */
static void search_choices(struct hu_qual_lists *q, const struct hu_qual_entry *en,
			   struct hu_qualifier_choice *out, unsigned int *n)
{
	const struct hu_pmu *p = pmu_of(q, en);
	uint64_t plain[HU_CONFIG_WORDS];
	/* the plain name may be refused (an HNS3 event without global mode) */
	bool plain_ok = resolves_with(q, en, "", plain);

	*n = 0;
	for (unsigned int i = 0; i < p->nformats; i++) {
		out[*n].f = (int)i;
		if (offered(p, en->alias, &p->formats[i]) &&
		    find_choice(q, en, plain_ok ? plain : NULL, &out[*n]))
			(*n)++;
	}
}

/* ---- shapes: entries alike on every instance of a family are searched once ---- */

static void append_terms(char *key, size_t len, const struct hu_event *ev)
{
	hu_appendf(key, len, "|%s:%x:%d", ev->name, ev->filter_modes, ev->has_filter_modes);
	for (unsigned int i = 0; i < ev->nterms; i++)
		hu_appendf(key, len, ",%s=%llx", ev->term[i].name,
			   (unsigned long long)ev->term[i].value);
}

/*
 * Everything the listing of an entry depends on but PCI devices: family,
 * driver era, entry, what it counts (both halves of a metric), formats.
 */
static void shape_key(const struct hu_qual_lists *q, const struct hu_qual_entry *en,
		      char *key, size_t len)
{
	const struct hu_pmu *p = pmu_of(q, en);
	uint64_t h = 0xcbf29ce484222325ULL;
	char f[HU_NAME_MAX + 64];

	for (unsigned int i = 0; i < p->nformats; i++) {
		snprintf(f, sizeof(f), "%s:%u:%llx:%d;", p->formats[i].name, p->formats[i].bits.word,
			 (unsigned long long)p->formats[i].bits.mask, p->formats[i].usable);
		for (const char *c = f; *c; c++)
			h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
	}
	snprintf(key, len, "%s|%s|%s|%016llx", hu_family_name(p->family), p->era ? p->era->name : "",
		 en->name, (unsigned long long)h);
	for (unsigned int i = 0; i < 2 && en->counts[i]; i++)
		append_terms(key, len, en->counts[i]);
}

static const char *shape_name(const void *ctx, unsigned int i)
{
	return ((const struct hu_qual_lists *)ctx)->shapes[i].key;
}

static void remember_shape(struct hu_qual_lists *q, const char *key,
			   const struct hu_qualifier_choice *c, unsigned int n)
{
	struct hu_shape *sh;

	if (q->nshapes == q->shapes_cap) {
		unsigned int cap = q->shapes_cap ? 2 * q->shapes_cap : 64;

		sh = realloc(q->shapes, cap * sizeof(*sh));
		if (!sh)
			return;
		q->shapes = sh;
		q->shapes_cap = cap;
	}
	if (hu_name_index_grow(&q->shape_index, q->nshapes + 1, shape_name, q))
		return;
	sh = &q->shapes[q->nshapes];
	sh->key = strdup(key);
	sh->c = malloc((n ? n : 1) * sizeof(*c));
	if (!sh->key || !sh->c) {
		free(sh->key);
		free(sh->c);
		return;
	}
	memcpy(sh->c, c, n * sizeof(*c));
	sh->n = n;
	*hu_name_index_slot(&q->shape_index, key, shape_name, q) = ++q->nshapes;
}

static bool choice_uses_bdf(const struct hu_pmu *p, const struct hu_qualifier_choice *c)
{
	return is_bdf(&p->formats[c->f]) || (c->g >= 0 && is_bdf(&p->formats[c->g]));
}

/*
 * A shape found on another instance: the same choices hold, but for bdf,
 * whose value is this PMU's own device and is tried.
 */
static void apply_shape(struct hu_qual_lists *q, const struct hu_qual_entry *en,
			const struct hu_shape *sh, struct hu_qualifier_choice *out, unsigned int *n)
{
	const struct hu_pmu *p = pmu_of(q, en);
	uint16_t bdf;

	*n = 0;
	for (unsigned int i = 0; i < sh->n; i++) {
		struct hu_qualifier_choice c = sh->c[i];

		if (choice_uses_bdf(p, &c)) {
			if (!bdf_example(q, en->pmu, &bdf))
				continue;
			if (is_bdf(&p->formats[c.f]))
				c.v = bdf;
			else
				c.w = bdf;
			if (!choice_resolves(q, en, &c))
				continue;
		}
		out[(*n)++] = c;
	}
}

static void build_entry_qualifiers(struct hu_qual_lists *q, const struct hu_qual_entry *en,
				   struct hu_entry_qualifiers *eq)
{
	const struct hu_pmu *p = pmu_of(q, en);
	struct hu_qualifier_choice c[HU_MAX_FORMATS_PER_PMU];
	char key[1024];
	unsigned int n;
	int known;

	eq->built = true;
	if (!en->alias)
		return;
	shape_key(q, en, key, sizeof(key));
	known = hu_name_index_find(&q->shape_index, key, shape_name, q);
	if (known >= 0) {
		apply_shape(q, en, &q->shapes[known], c, &n);
	} else {
		search_choices(q, en, c, &n);
		remember_shape(q, key, c, n);
	}
	eq->q = calloc(n ? n : 1, sizeof(*eq->q));
	if (!eq->q)
		return;
	for (unsigned int i = 0; i < n; i++) {
		eq->q[i].f = &p->formats[c[i].f];
		choice_text(p, &c[i], eq->q[i].text);
	}
	eq->n = n;
}

const struct hu_listed_qualifier *hu_qual_listed(struct hu_qual_lists *q,
						 const struct hu_qual_entry *en, unsigned int k)
{
	struct hu_pmu_listing *l;

	if (en->pmu >= q->set->n || en->idx >= en->count)
		return NULL;
	l = &q->listing[en->pmu];
	if (!l->entry) {
		l->entry = calloc(en->count, sizeof(*l->entry));
		l->nentry = l->entry ? en->count : 0;
	}
	if (!l->entry || en->idx >= l->nentry)
		return NULL;
	if (!l->entry[en->idx].built)
		build_entry_qualifiers(q, en, &l->entry[en->idx]);
	return k < l->entry[en->idx].n ? &l->entry[en->idx].q[k] : NULL;
}
