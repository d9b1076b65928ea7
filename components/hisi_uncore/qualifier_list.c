// SPDX-License-Identifier: BSD-3-Clause
/*
 * qualifier_list.c - the qualifiers enumeration lists for each entry,
 * each with a text that resolves (see qualifier_list.h): candidates are
 * tried through the catalogue's own resolution, once per entry shape.
 */
#define _POSIX_C_SOURCE 200809L	/* strdup */
#include "qualifier_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue_internal.h"
#include "hisi_rules.h"
#include "hu_text.h"
#include "name_index.h"
#include "pci_sysfs.h"

/* ---- qualifiers as enumeration lists them ---------------------------------- */

#define CANDIDATES_MAX 4

void hu_qual_free(struct hu_catalogue *cat)
{
	for (unsigned int i = 0; cat->listing && i < cat->set.n; i++) {
		struct hu_pmu_listing *l = &cat->listing[i];

		for (unsigned int k = 0; l->entry && k < hu_cat_entry_count(cat, i); k++)
			free(l->entry[k].q);
		free(l->entry);
	}
	for (unsigned int i = 0; i < cat->nshapes; i++) {
		free(cat->shapes[i].key);
		free(cat->shapes[i].c);
	}
	free(cat->shapes);
	hu_name_index_free(&cat->shape_index);
	free(cat->listing);
	free(cat->pci.dev);
}

static bool is_bdf(const struct hu_format *f)
{
	return strcmp(f->name, "bdf") == 0;
}

/*
 * The first device of the PMU's domain its driver takes as a bdf target
 * and counts alone (no HNS3 function with its devfn on another bus).
 */
static bool bdf_example(struct hu_catalogue *cat, unsigned int pmu, uint16_t *bdf)
{
	struct hu_pmu_listing *l = &cat->listing[pmu];
	const struct hu_pmu *p = &cat->set.pmu[pmu];

	if (!l->bdf_example_known) {
		unsigned int domain = hu_pci_domain_of_pmu(cat->set.root, p->name);

		if (!cat->pci.scanned || cat->pci.domain != domain) {
			free(cat->pci.dev);
			cat->pci.n = hu_pci_scan(cat->set.root, domain, &cat->pci.dev);
			cat->pci.domain = domain;
			cat->pci.scanned = true;
		}
		/* an endpoint if there is one: a root port is its own target too */
		for (unsigned int pass = 0; pass < 2 && !l->has_bdf_example; pass++) {
			for (unsigned int i = 0; i < cat->pci.n && !l->has_bdf_example; i++) {
				const struct hu_pci_device *d = &cat->pci.dev[i];
				uint16_t twin;

				if ((pass || d->bdf != d->root_port) && hu_rules_bdf_target(p, d) &&
				    !hu_rules_bdf_twin(p, cat->set.root, domain, d->bdf, &twin)) {
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
static unsigned int candidates(struct hu_catalogue *cat, unsigned int pmu,
			       const struct hu_format *f, const struct hu_native *plain,
			       uint64_t v[CANDIDATES_MAX])
{
	unsigned int n = 0;
	uint16_t bdf;

	if (is_bdf(f)) {
		if (bdf_example(cat, pmu, &bdf))
			v[n++] = bdf;
		return n;
	}
	if (plain)
		v[n++] = hu_format_gather(f->bits.mask, plain->attr[0].config[f->bits.word]);
	v[n++] = hu_format_max(f->bits.mask);
	v[n++] = 1;
	return n;
}

/* Does "PMU::ENTRY" (with ":@text" unless empty) resolve?  Its native into @n. */
static bool native_of(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
		      const char *text, struct hu_native *n)
{
	char name[2 * HU_NAME_MAX + HU_QUALIFIER_TEXT_MAX + 4];
	struct hu_spec spec;
	int entry;

	snprintf(name, sizeof(name), "%s::%s%s%s", cat->set.pmu[pmu].name,
		 hu_cat_entry_name(cat, pmu, idx), *text ? ":" : "", text);
	return hu_spec_parse(name, &spec, NULL) == HU_OK &&
	       hu_cat_spec_to_native(cat, &spec, n, &entry, NULL) == HU_OK;
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

static bool choice_resolves(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
			    const struct hu_qualifier_choice *c)
{
	char text[HU_QUALIFIER_TEXT_MAX];
	struct hu_native n;

	choice_text(&cat->set.pmu[pmu], c, text);
	return native_of(cat, pmu, idx, text, &n);
}

/* A value for format c->f alone that resolves with the entry. */
static bool find_alone(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
		       const struct hu_native *plain, struct hu_qualifier_choice *c)
{
	uint64_t v[CANDIDATES_MAX];
	unsigned int nv = candidates(cat, pmu, &cat->set.pmu[pmu].formats[c->f], plain, v);

	c->g = -1;
	for (unsigned int i = 0; i < nv; i++) {
		c->v = v[i];
		if (choice_resolves(cat, pmu, idx, c))
			return true;
	}
	return false;
}

/* Values for c->f with c->g, a qualifier the rules say it goes with. */
static bool find_with(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
		      const struct hu_native *plain, struct hu_qualifier_choice *c)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	uint64_t v[CANDIDATES_MAX], w[CANDIDATES_MAX];
	unsigned int nv = candidates(cat, pmu, &p->formats[c->f], plain, v);
	unsigned int nw = candidates(cat, pmu, &p->formats[c->g], plain, w);

	for (unsigned int j = 0; j < nw; j++) {
		for (unsigned int i = 0; i < nv; i++) {
			c->v = v[i];
			c->w = w[j];
			if (choice_resolves(cat, pmu, idx, c))
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
static bool find_choice(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
			const struct hu_event *alias, const struct hu_native *plain,
			struct hu_qualifier_choice *c)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];

	if (find_alone(cat, pmu, idx, plain, c))
		return true;
	for (c->g = 0; c->g < (int)p->nformats; c->g++) {
		const struct hu_format *g = &p->formats[c->g];

		if (c->g != c->f && offered(p, alias, g) &&
		    hu_rules_qualifiers_combine(p, alias, p->formats[c->f].name, g->name) &&
		    find_with(cat, pmu, idx, plain, c))
			return true;
	}
	return false;
}

/* The full search: try every offered format of the entry. */
static void search_choices(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
			   const struct hu_event *alias, struct hu_qualifier_choice *out,
			   unsigned int *n)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	struct hu_native plain;
	/* the plain name may be refused (an HNS3 event without global mode) */
	bool plain_ok = native_of(cat, pmu, idx, "", &plain);

	*n = 0;
	for (unsigned int i = 0; i < p->nformats; i++) {
		out[*n].f = (int)i;
		if (offered(p, alias, &p->formats[i]) &&
		    find_choice(cat, pmu, idx, alias, plain_ok ? &plain : NULL, &out[*n]))
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
 * driver era, entry, its aliases (both halves of a metric), formats.
 */
static void shape_key(const struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
		      char *key, size_t len)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	const struct hu_metric *m = hu_cat_entry_metric(cat, pmu, idx);
	uint64_t h = 0xcbf29ce484222325ULL;
	char f[HU_NAME_MAX + 64];

	for (unsigned int i = 0; i < p->nformats; i++) {
		snprintf(f, sizeof(f), "%s:%u:%llx:%d;", p->formats[i].name, p->formats[i].bits.word,
			 (unsigned long long)p->formats[i].bits.mask, p->formats[i].usable);
		for (const char *c = f; *c; c++)
			h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
	}
	snprintf(key, len, "%s|%s|%s|%016llx", hu_family_name(p->family), p->era ? p->era->name : "",
		 hu_cat_entry_name(cat, pmu, idx), (unsigned long long)h);
	if (m) {
		append_terms(key, len, &p->events[m->num]);
		append_terms(key, len, &p->events[m->den]);
	} else {
		append_terms(key, len, &p->events[idx]);
	}
}

static const char *shape_name(const void *ctx, unsigned int i)
{
	return ((const struct hu_catalogue *)ctx)->shapes[i].key;
}

static void remember_shape(struct hu_catalogue *cat, const char *key,
			   const struct hu_qualifier_choice *c, unsigned int n)
{
	struct hu_shape *sh;

	if (cat->nshapes == cat->shapes_cap) {
		unsigned int cap = cat->shapes_cap ? 2 * cat->shapes_cap : 64;

		sh = realloc(cat->shapes, cap * sizeof(*sh));
		if (!sh)
			return;
		cat->shapes = sh;
		cat->shapes_cap = cap;
	}
	if (hu_name_index_grow(&cat->shape_index, cat->nshapes + 1, shape_name, cat))
		return;
	sh = &cat->shapes[cat->nshapes];
	sh->key = strdup(key);
	sh->c = malloc((n ? n : 1) * sizeof(*c));
	if (!sh->key || !sh->c) {
		free(sh->key);
		free(sh->c);
		return;
	}
	memcpy(sh->c, c, n * sizeof(*c));
	sh->n = n;
	*hu_name_index_slot(&cat->shape_index, key, shape_name, cat) = ++cat->nshapes;
}

static bool choice_uses_bdf(const struct hu_pmu *p, const struct hu_qualifier_choice *c)
{
	return is_bdf(&p->formats[c->f]) || (c->g >= 0 && is_bdf(&p->formats[c->g]));
}

/*
 * A shape found on another instance: the same choices hold, but for bdf,
 * whose value is this PMU's own device and is tried.
 */
static void apply_shape(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
			const struct hu_shape *sh, struct hu_qualifier_choice *out, unsigned int *n)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	uint16_t bdf;

	*n = 0;
	for (unsigned int i = 0; i < sh->n; i++) {
		struct hu_qualifier_choice c = sh->c[i];

		if (choice_uses_bdf(p, &c)) {
			if (!bdf_example(cat, pmu, &bdf))
				continue;
			if (is_bdf(&p->formats[c.f]))
				c.v = bdf;
			else
				c.w = bdf;
			if (!choice_resolves(cat, pmu, idx, &c))
				continue;
		}
		out[(*n)++] = c;
	}
}

static void build_entry_qualifiers(struct hu_catalogue *cat, unsigned int pmu, unsigned int idx,
				   struct hu_entry_qualifiers *eq)
{
	const struct hu_pmu *p = &cat->set.pmu[pmu];
	const struct hu_event *alias = hu_cat_entry_alias(cat, pmu, idx);
	struct hu_qualifier_choice c[HU_MAX_FORMATS_PER_PMU];
	char key[1024];
	unsigned int n;
	int known;

	eq->built = true;
	if (!alias)
		return;
	shape_key(cat, pmu, idx, key, sizeof(key));
	known = hu_name_index_find(&cat->shape_index, key, shape_name, cat);
	if (known >= 0) {
		apply_shape(cat, pmu, idx, &cat->shapes[known], c, &n);
	} else {
		search_choices(cat, pmu, idx, alias, c, &n);
		remember_shape(cat, key, c, n);
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

/* The k-th (0-based) qualifier listed for entry @idx of @pmu, or NULL. */
const struct hu_listed_qualifier *hu_qual_listed(struct hu_catalogue *cat, unsigned int pmu,
						  unsigned int idx, unsigned int k)
{
	struct hu_pmu_listing *l;

	if (!hu_cat_loaded_pmu(cat, pmu) || idx >= hu_cat_entry_count(cat, pmu))
		return NULL;
	l = &cat->listing[pmu];
	if (!l->entry)
		l->entry = calloc(hu_cat_entry_count(cat, pmu), sizeof(*l->entry));
	if (!l->entry)
		return NULL;
	if (!l->entry[idx].built)
		build_entry_qualifiers(cat, pmu, idx, &l->entry[idx]);
	return k < l->entry[idx].n ? &l->entry[idx].q[k] : NULL;
}
