// SPDX-License-Identifier: BSD-3-Clause
/*
 * event_spec.c - parse event names and encode them as perf does
 * (see event_spec.h).
 */
#include "event_spec.h"

#include <stdio.h>
#include <string.h>

#include "hu_text.h"

/* ---- parsing ------------------------------------------------------------ */

static int strip_component(const char **name, struct hu_err *e)
{
	const char *sep = strstr(*name, ":::");

	if (!sep)
		return HU_OK;
	if ((size_t)(sep - *name) != strlen(HU_COMPONENT_PREFIX) - 3 ||
	    strncmp(*name, HU_COMPONENT_PREFIX, strlen(HU_COMPONENT_PREFIX)) != 0)
		return hu_fail(e, HU_E_SYNTAX,
			       "component prefix '%.*s' is not hisi_uncore",
			       (int)(sep - *name), *name);
	*name = sep + 3;
	return hu_spec_no_second_prefix(*name, e);
}

int hu_spec_no_second_prefix(const char *name, struct hu_err *e)
{
	if (strncmp(name, HU_COMPONENT_PREFIX, strlen(HU_COMPONENT_PREFIX)) != 0)
		return HU_OK;
	return hu_fail(e, HU_E_SYNTAX, "component prefix given twice ('%s%s'): write it once, "
		       "before PMU::EVENT", HU_COMPONENT_PREFIX, HU_COMPONENT_PREFIX);
}

static int copy_token(char *dst, const char *src, size_t len, const char *what,
		      struct hu_err *e)
{
	if (len == 0)
		return hu_fail(e, HU_E_SYNTAX, "empty %s", what);
	if (len >= HU_NAME_MAX)	/* quote the start only: the message must keep its point */
		return hu_fail(e, HU_E_SYNTAX, "%s '%.*s...' (%zu characters) is longer than %d characters",
			       what, 32, src, len, HU_NAME_MAX - 1);
	memcpy(dst, src, len);
	dst[len] = '\0';
	return HU_OK;
}

/* One ':'-separated token after PMU:: ; the first may be the event. */
static int parse_token(const char *tok, size_t len, bool first,
		       struct hu_spec *spec, struct hu_err *e)
{
	int ret;

	if (len == 0)
		return hu_fail(e, HU_E_SYNTAX, "empty qualifier (two ':' in a row or a trailing ':')");
	if (first && !memchr(tok, '=', len)) {
		ret = copy_token(spec->event, tok, len, "event name", e);
		if (!ret && !hu_is_name(spec->event))
			ret = hu_fail(e, HU_E_SYNTAX, "event name '%s' has characters other than letters, digits, '_', '-', '.'",
				      spec->event);
		return ret;
	}
	ret = hu_parse_term(tok, len, &spec->terms, e);
	if (ret && ret != HU_E_NOMEM) {	/* the shared grammar is for files; here the term is the user's */
		ret = HU_E_VALUE;
		if (e)
			e->status = ret;
	}
	if (ret)
		return hu_err_prefix(e, "qualifier '%.*s'", (int)len, tok);
	return HU_OK;
}

int hu_spec_parse(const char *name, struct hu_spec *spec, struct hu_err *e)
{
	const char *sep, *p;
	bool first = true;
	int ret;

	memset(spec, 0, sizeof(*spec));
	ret = strip_component(&name, e);
	if (ret)
		return ret;
	sep = strstr(name, "::");
	if (!sep)
		return hu_fail(e, HU_E_SYNTAX, "'%s' is not of the form PMU::EVENT[:QUALIFIER=VALUE]...", name);
	ret = copy_token(spec->pmu, name, (size_t)(sep - name), "PMU name", e);
	if (ret)
		return ret;
	for (p = sep + 2;; first = false) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		ret = parse_token(p, len, first, spec, e);
		if (ret || !end)
			return ret;
		p = end + 1;
	}
}

bool hu_name_with_event(const char *name, const char *event, char *out, size_t len)
{
	size_t prefix = strlen(HU_COMPONENT_PREFIX);
	const char *sep = strstr(strncmp(name, HU_COMPONENT_PREFIX, prefix) ? name : name + prefix, "::");
	const char *rest;
	int n;

	if (!sep || !len)
		return false;
	rest = sep + 2 + strcspn(sep + 2, ":");
	n = snprintf(out, len, "%.*s%s%s", (int)(sep + 2 - name), name, event, rest);
	return n >= 0 && (size_t)n < len;
}

bool hu_pmu_name_is_pattern(const char *pmu)
{
	return strpbrk(pmu, "*?[") != NULL;
}

/* ---- resolving ---------------------------------------------------------- */

/* No usable PMU of that name: say why if sysfs showed it but it was refused. */
static int no_pmu(const struct hu_pmu_set *set, const char *name, struct hu_err *e)
{
	const char *why = hu_pmu_skipped_reason(set, name);

	if (why)
		return hu_fail(e, HU_E_NOPMU, "PMU '%s' is unusable: %s", name, why);
	return hu_fail(e, HU_E_NOPMU, "no PMU named '%s' under %s", name, set->devices_path);
}

int hu_spec_lookup(const struct hu_pmu_set *set, const struct hu_spec *spec,
		    struct hu_pmu **pmu, const struct hu_event **ev,
		    struct hu_err *e)
{
	int ret;

	*pmu = hu_pmu_find(set, spec->pmu);
	*ev = NULL;
	if (!*pmu)
		return no_pmu(set, spec->pmu, e);
	ret = hu_pmu_load_details(set, *pmu, e);
	if (ret)
		return ret;
	if (!spec->event[0])
		return HU_OK;
	ret = hu_pmu_lookup_event(*pmu, spec->event, ev, e);
	if (ret)
		return ret;
	if (!*ev)	/* a metric missing for want of an extra file says so */
		return hu_fail(e, HU_E_NOEVENT, "PMU '%s' has no event '%s' (see its events/ directory)%s%s",
			       spec->pmu, spec->event, (*pmu)->extras_note[0] ? "; sysfs: " : "",
			       (*pmu)->extras_note);
	if (!(*ev)->usable)
		return hu_fail(e, HU_E_NOEVENT, "event '%s' of '%s' is unusable: %s",
			       (*ev)->name, spec->pmu, (*ev)->reason);
	return HU_OK;
}

/* ---- encoding ----------------------------------------------------------- */

int hu_config_term_word(const char *name)
{
	static const char *const words[HU_CONFIG_WORDS] = {
		"config", "config1", "config2", "config3",
	};

	for (int i = 0; i < HU_CONFIG_WORDS; i++)
		if (strcmp(name, words[i]) == 0)
			return i;
	return -1;
}

static bool is_sampling_term(const char *name)
{
	return !strcmp(name, "period") || !strcmp(name, "freq") ||
	       !strcmp(name, "sample_period") || !strcmp(name, "sample_freq");
}

/*
 * Modifiers that libpfm4 adds to every event PAPI's perf_event components
 * list (":cpu=0", ":u", ...).  A plain name carrying one is meant for
 * perf_event_uncore, which PAPI asks after hisi_uncore.
 */
static bool is_libpfm4_modifier(const char *name)
{
	static const char *const modifiers[] = {
		"u", "k", "h", "mg", "mh", "cpu", "pinned", "excl", "precise", "hw_smpl",
	};

	for (size_t i = 0; i < sizeof(modifiers) / sizeof(modifiers[0]); i++)
		if (!strcmp(name, modifiers[i]))
			return true;
	return false;
}

/* The valid terms for the unknown-term message (perf's help line). */
static void list_terms(const struct hu_pmu *pmu, char *buf, size_t len)
{
	static const char *const raw[] = { "config", "config1", "config2" };

	buf[0] = '\0';
	for (unsigned int i = 0; i < pmu->nformats; i++)
		if (!hu_appendf(buf, len, "%s%s", buf[0] ? "," : "", pmu->formats[i].name))
			return;
	for (unsigned int i = 0; i < sizeof(raw) / sizeof(raw[0]); i++)
		if (!hu_appendf(buf, len, "%s%s", buf[0] ? "," : "", raw[i]))
			return;
}

static int unknown_term(const struct hu_pmu *pmu, const char *name,
			struct hu_err *e)
{
	char valid[HU_MSG_MAX / 2];

	if (is_sampling_term(name))
		return hu_fail(e, HU_E_TERM,
			       "'%s' asks for sampling; uncore PMU '%s' only counts", name, pmu->name);
	list_terms(pmu, valid, sizeof(valid));
	if (is_libpfm4_modifier(name))
		return hu_fail(e, HU_E_FOREIGN,
			       "'%s' is a modifier of PAPI's perf_event components, not a qualifier "
			       "of hisi_uncore's PMU '%s' (valid: %s)", name, pmu->name, valid);
	return hu_fail(e, HU_E_TERM, "unknown qualifier '%s' for PMU '%s' (valid: %s)",
		       name, pmu->name, valid);
}

static int apply_format_term(const struct hu_pmu *pmu, const struct hu_term *t,
			     struct hu_attr *attr, struct hu_err *e)
{
	const struct hu_format *f = hu_pmu_find_format(pmu, t->name);
	char bits[96];

	if (!f)
		return unknown_term(pmu, t->name, e);
	if (!f->usable)
		return hu_fail(e, HU_E_TERM, "qualifier '%s' of '%s' is unusable: %s", t->name,
			       pmu->name, f->reason);
	if (hu_format_print(&f->bits, bits, sizeof(bits)))
		bits[0] = '\0';
	if (!t->has_value && hu_format_width(f->bits.mask) > 1)
		return hu_fail(e, HU_E_VALUE, "no value assigned for qualifier '%s' (%s, 0..0x%llx)",
			       t->name, bits, (unsigned long long)hu_format_max(f->bits.mask));
	if (t->value > hu_format_max(f->bits.mask))
		return hu_fail(e, HU_E_VALUE, "value 0x%llx too big for qualifier '%s' (%s), maximum is %llu (0x%llx)",
			       (unsigned long long)t->value, t->name, bits,
			       (unsigned long long)hu_format_max(f->bits.mask),
			       (unsigned long long)hu_format_max(f->bits.mask));
	attr->config[f->bits.word] |= hu_format_scatter(f->bits.mask, t->value);
	return HU_OK;
}

static int assign_config_terms(const struct hu_term *t, unsigned int n,
			       struct hu_attr *attr, struct hu_err *e)
{
	for (unsigned int i = 0; i < n; i++) {
		int w = hu_config_term_word(t[i].name);

		if (w < 0)
			continue;
		if (!t[i].has_value)
			return hu_fail(e, HU_E_VALUE, "no value assigned for term '%s'", t[i].name);
		attr->config[w] = t[i].value;
	}
	return HU_OK;
}

static int or_format_terms(const struct hu_pmu *pmu, const struct hu_term *t,
			   unsigned int n, struct hu_attr *attr, struct hu_err *e)
{
	for (unsigned int i = 0; i < n; i++) {
		int ret;

		if (hu_config_term_word(t[i].name) >= 0)
			continue;
		ret = apply_format_term(pmu, &t[i], attr, e);
		if (ret)
			return ret;
	}
	return HU_OK;
}

bool hu_event_fixes_format(const struct hu_event *ev, const struct hu_format *f)
{
	for (unsigned int i = 0; ev && i < ev->nterms; i++) {
		const char *n = ev->term[i].name;

		if (!strcmp(n, f->name) || hu_config_term_word(n) == (int)f->bits.word)
			return true;
	}
	return false;
}

/* A user term may neither repeat nor override what the alias fixes. */
static int check_user_terms(const struct hu_pmu *pmu, const struct hu_event *ev,
			    const struct hu_term_list *user, struct hu_err *e)
{
	for (unsigned int i = 0; i < user->n; i++) {
		const char *n = user->term[i].name;
		const struct hu_format *f;

		for (unsigned int j = 0; j < i; j++)
			if (!strcmp(user->term[j].name, n))
				return hu_fail(e, HU_E_TERM, "qualifier '%s' given twice", n);
		if (!ev)
			continue;
		if (hu_config_term_word(n) >= 0)
			return hu_fail(e, HU_E_TERM, "'%s' cannot be combined with the named event '%s'",
				       n, ev->name);
		f = hu_pmu_find_format(pmu, n);
		/* an unusable format has no bits to compare: apply_format_term says why */
		if (f && f->usable && hu_event_fixes_format(ev, f))
			return hu_fail(e, HU_E_TERM, "qualifier '%s' is fixed by event '%s'",
				       n, ev->name);
	}
	return HU_OK;
}

int hu_encode(const struct hu_pmu *pmu, const struct hu_event *ev,
	      const struct hu_term_list *user, struct hu_attr *attr,
	      struct hu_err *e)
{
	const struct hu_term *alias = ev ? ev->term : NULL;
	unsigned int nalias = ev ? ev->nterms : 0;
	int ret;

	memset(attr, 0, sizeof(*attr));
	attr->type = pmu->type;
	if (!ev && user->n == 0)
		return hu_fail(e, HU_E_SYNTAX, "no event and no terms for PMU '%s'", pmu->name);
	ret = check_user_terms(pmu, ev, user, e);
	if (!ret)
		ret = assign_config_terms(alias, nalias, attr, e);
	if (!ret)
		ret = assign_config_terms(user->term, user->n, attr, e);
	if (!ret) {
		ret = or_format_terms(pmu, alias, nalias, attr, e);
		if (ret)	/* the driver's alias file is at fault, not the user */
			return hu_err_prefix(e, "%s/events/%s (the driver's alias)", pmu->name, ev->name);
	}
	if (!ret)
		ret = or_format_terms(pmu, user->term, user->n, attr, e);
	return ret;
}

int hu_name_to_attr(const struct hu_pmu_set *set, const char *name,
		    struct hu_attr *attr, struct hu_pmu **pmu, struct hu_err *e)
{
	const struct hu_event *ev;
	struct hu_spec spec;
	int ret;

	ret = hu_spec_parse(name, &spec, e);
	if (!ret)
		ret = hu_spec_lookup(set, &spec, pmu, &ev, e);
	if (!ret)
		ret = hu_encode(*pmu, ev, &spec.terms, attr, e);
	return ret;
}
