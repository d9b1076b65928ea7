// SPDX-License-Identifier: BSD-3-Clause
/*
 * device_name.c - pick the PMU instance that covers a named device.
 */
#include "device_name.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hisi_rules.h"
#include "hu_text.h"
#include "pci_sysfs.h"
#include "pmu_family.h"

#define SHOWN_PER_INSTANCE 4	/* devices named per instance in a refusal */

/* Has @set an instance of @family, usable or skipped (its names then say why)? */
static bool has_family(const struct hu_pmu_set *set, const struct hu_family_desc *family)
{
	for (unsigned int i = 0; i < set->n; i++)
		if (set->pmu[i].family == family)
			return true;
	for (unsigned int i = 0; i < set->nskipped; i++)
		if (set->skipped[i].seen.family == family)
			return true;
	return false;
}

unsigned int hu_device_names(const struct hu_pmu_set *set, const char **out, unsigned int max)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < hu_family_count() && n < max; i++)
		if (has_family(set, hu_family_at(i)))
			out[n++] = hu_family_at(i)->device_name;
	return n;
}

static bool listed(char (*out)[HU_NAME_MAX], unsigned int n, const char *name)
{
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(out[i], name))
			return true;
	return false;
}

/* @name into @out unless it is there; false when @out is full. */
static bool add_pattern(char (*out)[HU_NAME_MAX], unsigned int *n, unsigned int max,
			const char *name)
{
	if (listed(out, *n, name))
		return true;
	if (*n == max)
		return false;
	snprintf(out[(*n)++], HU_NAME_MAX, "%s", name);
	return true;
}

/* @p's patterns into @out: every instance of its family, then of its SICL; false when full. */
static bool add_patterns_of(const struct hu_pmu *p, char (*out)[HU_NAME_MAX], unsigned int *n,
			    unsigned int max)
{
	const struct hu_family_desc *d = p->family;
	char name[HU_NAME_MAX];

	if (!d)
		return true;
	if (!add_pattern(out, n, max, d->pattern))
		return false;
	if (!d->sicl_pattern)
		return true;
	snprintf(name, sizeof(name), d->sicl_pattern, p->sicl);
	return add_pattern(out, n, max, name);
}

unsigned int hu_pattern_names(const struct hu_pmu_set *set, char (*out)[HU_NAME_MAX],
			      unsigned int max)
{
	unsigned int n = 0;
	bool room = true;

	for (unsigned int i = 0; room && i < set->n; i++)
		room = add_patterns_of(&set->pmu[i], out, &n, max);
	/* a skipped instance's patterns too: the refusal of its aggregate is ours to say */
	for (unsigned int i = 0; room && i < set->nskipped; i++)
		room = add_patterns_of(&set->skipped[i].seen, out, &n, max);
	return n;
}

/*
 * How often @spec has qualifier @name; *value gets the last one's value (it
 * counts, as in the encoding), *bare whether one came without a value.
 */
static unsigned int spec_term(const struct hu_spec *spec, const char *name, uint64_t *value,
			      bool *bare)
{
	unsigned int n = 0;

	*bare = false;
	for (unsigned int i = 0; i < spec->terms.n; i++) {
		const struct hu_term *t = &spec->terms.term[i];

		if (strcmp(t->name, name) != 0)
			continue;
		n++;
		*bare |= !t->has_value;
		*value = t->value;
	}
	return n;
}

/* A qualifier of the device names' own: what it takes, for messages, and its largest value. */
struct device_term {
	const char *name;
	const char *takes;
	uint64_t max;
};

static const struct device_term bdf_term = {
	"bdf", "a device's bdf, as a number (bdf=0x3d00 for 3d:00.0)", UINT16_MAX
};
static const struct device_term rp_term = {
	"rp", "a root port's bdf, as a number (rp=0x3000 for 30:00.0)", UINT16_MAX
};
static const struct device_term domain_term = {
	"domain", "a PCI domain number (domain=1 for 0001:3d:00.0)", UINT32_MAX
};

/*
 * Qualifier @t of @spec: *given whether it is there, *value its value.  Given
 * twice, without a value or above its range, it is refused saying which
 * (these qualifiers are the device name's, not the instance's, so its own
 * rules never see them).
 */
static int device_term(const struct hu_spec *spec, const struct device_term *t, bool *given,
		       uint64_t *value, struct hu_err *e)
{
	bool bare;
	unsigned int n = spec_term(spec, t->name, value, &bare);

	*given = n > 0;
	if (n > 1)
		return hu_fail(e, HU_E_TERM, "%s::%s: qualifier '%s' given twice", spec->pmu,
			       spec->event, t->name);
	if (n && bare)
		return hu_fail(e, HU_E_VALUE, "%s::%s: %s needs a value: %s takes %s", spec->pmu,
			       spec->event, t->name, t->name, t->takes);
	if (n && *value > t->max)
		return hu_fail(e, HU_E_VALUE, "%s::%s: %s=0x%llx is out of range (at most 0x%llx): "
			       "%s takes %s", spec->pmu, spec->event, t->name,
			       (unsigned long long)*value, (unsigned long long)t->max, t->name,
			       t->takes);
	return HU_OK;
}

/*
 * The PCI domain a device name's domain= asks for: machines with several
 * PCI segments repeat bus numbers, and a bdf alone is then no one device.
 */
struct domain_choice {
	bool given;
	unsigned int domain;
};

static int spec_domain(const struct hu_spec *spec, struct domain_choice *d, struct hu_err *e)
{
	uint64_t v = 0;
	int ret = device_term(spec, &domain_term, &d->given, &v, e);

	d->domain = (unsigned int)v;
	return ret;
}

/* Is @pmu in the PCI domain @dom asks for (any, when it asks for none)? */
static bool in_domain(const struct hu_pmu_set *set, const struct hu_pmu *pmu,
		      const struct domain_choice *dom)
{
	return !dom->given || hu_pci_domain_of_pmu(set->root, pmu->name) == dom->domain;
}

/* @spec without its @name terms: the instance's own events have no such qualifier. */
static void drop_term(struct hu_spec *spec, const char *name)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < spec->terms.n; i++)
		if (strcmp(spec->terms.term[i].name, name) != 0)
			spec->terms.term[kept++] = spec->terms.term[i];
	spec->terms.n = kept;
}

/*
 * Device @bdf as the drivers see it from @pmu's PCI domain; @no_root_port
 * says why it has no root port, when it has none.
 */
static bool device_seen_by(const struct hu_pmu_set *set, const struct hu_pmu *pmu, uint16_t bdf,
			   struct hu_pci_device *dev, struct hu_err *no_root_port)
{
	unsigned int domain = hu_pci_domain_of_pmu(set->root, pmu->name);

	dev->bdf = bdf;
	dev->has_root_port = hu_pci_root_port(set->root, domain, bdf, &dev->root_port,
					      no_root_port) == 0;
	return hu_pci_exists(set->root, domain, bdf);
}

/*
 * "; hisi_pcie0_core0 covers 31:00.0 31:00.1 (+3 more)" for each instance,
 * "hisi_pcie1_core0 (PCI domain 1) covers ..." outside domain 0.
 */
static void append_coverage(const struct hu_pmu_set *set, const struct hu_family_desc *family,
			    char *buf, size_t len)
{
	for (unsigned int i = 0; i < set->n; i++) {
		const struct hu_pmu *p = &set->pmu[i];
		struct hu_pci_device *dev = NULL;
		unsigned int n, domain, shown = 0, more = 0;

		if (p->family != family)
			continue;
		domain = hu_pci_domain_of_pmu(set->root, p->name);
		n = hu_pci_scan(set->root, domain, &dev);
		hu_appendf(buf, len, "; %s", p->name);
		if (domain)
			hu_appendf(buf, len, " (PCI domain %u)", domain);
		hu_appendf(buf, len, " covers");
		for (unsigned int k = 0; k < n; k++) {
			char b[HU_BDF_TEXT];

			if (!hu_rules_bdf_target(p, &dev[k]))
				continue;
			if (shown < SHOWN_PER_INSTANCE)
				hu_appendf(buf, len, " %s", hu_bdf_text(dev[k].bdf, b));
			else
				more++;
			shown++;
		}
		free(dev);
		if (!shown)	/* a broken bdf_min/bdf_max is why, if it is */
			hu_appendf(buf, len, " no device%s%s%s", p->bdf_range_why[0] ? " (" : "",
				   p->bdf_range_why, p->bdf_range_why[0] ? ")" : "");
		if (more)
			hu_appendf(buf, len, " (+%u more)", more);
	}
}

static int refuse(const struct hu_pmu_set *set, const struct hu_family_desc *family,
		  enum hu_status status, const char *what, struct hu_err *e)
{
	char msg[HU_MSG_MAX];

	hu_copy(msg, sizeof(msg), what);
	append_coverage(set, family, msg, sizeof(msg));
	return hu_fail(e, status, "%s", msg);
}

/*
 * Without domain=, a bdf (of qualifier @qual) that two PCI domains have is no
 * one device, whichever instance would take it: hisi-uncore-stat's -d rule.
 */
static int refuse_namesakes(const struct hu_pmu_set *set, const struct hu_spec *spec,
			    const struct hu_family_desc *family, const char *qual, uint16_t bdf,
			    struct hu_err *e)
{
	char what[HU_MSG_MAX], which[80], b[HU_BDF_TEXT];
	unsigned int lowest;

	if (hu_pci_bdf_names_one(set->root, bdf, &lowest, which, sizeof(which)))
		return HU_OK;
	snprintf(what, sizeof(what), "%s::%s: %s=0x%04x: %s; add :domain=N (:domain=%u for "
		 "%04x:%s)", spec->pmu, spec->event, qual, bdf, which, lowest, lowest,
		 hu_bdf_text(bdf, b));
	return refuse(set, family, HU_E_NOPMU, what, e);
}

/*
 * A device no usable instance covers, that an instance the scan skipped
 * would: that instance and why it is unusable, not "no instance covers".
 */
static int refuse_skipped_cover(const struct hu_pmu_set *set, const struct hu_spec *spec,
				const struct hu_family_desc *family,
				const struct domain_choice *dom, const char *qual, uint16_t bdf,
				struct hu_err *e)
{
	for (unsigned int i = 0; i < set->nskipped; i++) {
		const struct hu_skipped_pmu *s = &set->skipped[i];
		struct hu_pci_device dev;

		if (s->seen.family != family || !in_domain(set, &s->seen, dom) ||
		    !device_seen_by(set, &s->seen, bdf, &dev, NULL) ||
		    !hu_rules_bdf_target(&s->seen, &dev))
			continue;
		return hu_fail(e, HU_E_NOPMU, "%s::%s: %s=0x%04x: %s covers this device but is "
			       "unusable: %s", spec->pmu, spec->event, qual, bdf, s->name, s->reason);
	}
	return HU_OK;
}

/*
 * The one instance of @family (in domain @dom, if given) whose driver takes
 * @bdf, the value of qualifier @qual, as its device, and in *picked the
 * device as that instance sees it (root port included).
 */
static int pick_instance(const struct hu_pmu_set *set, const struct hu_spec *spec,
			 const struct hu_family_desc *family, const struct domain_choice *dom,
			 const char *qual, uint16_t bdf, const struct hu_pmu **out,
			 struct hu_pci_device *picked, struct hu_err *e)
{
	char what[HU_MSG_MAX], b[HU_BDF_TEXT];
	unsigned int found = 0, instances = 0;
	bool exists = false, root_port_known = true;
	struct hu_err no_root_port = { 0 };
	int ret;

	*out = NULL;
	ret = dom->given ? HU_OK : refuse_namesakes(set, spec, family, qual, bdf, e);
	if (ret)
		return ret;
	for (unsigned int i = 0; i < set->n; i++) {
		const struct hu_pmu *p = &set->pmu[i];
		struct hu_pci_device dev;
		bool seen;

		if (p->family != family || !in_domain(set, p, dom))
			continue;
		instances++;
		seen = device_seen_by(set, p, bdf, &dev, &no_root_port);
		exists |= seen;
		root_port_known &= !seen || dev.has_root_port;
		if (seen && hu_rules_bdf_target(p, &dev) &&
		    !hu_rules_driver_refuses_bdf(set, p, spec->event, bdf)) {
			*out = p;
			*picked = dev;
			found++;
		}
	}
	if (found == 1)
		return HU_OK;
	if (!found)
		ret = refuse_skipped_cover(set, spec, family, dom, qual, bdf, e);
	if (ret)
		return ret;
	if (!instances && !dom->given)
		return hu_fail(e, HU_E_NOPMU, "%s::%s: no %s PMU instance under %s", spec->pmu,
			       spec->event, hu_family_name(family), set->devices_path);
	if (!instances)
		snprintf(what, sizeof(what), "%s::%s: domain=%u: no %s PMU instance in PCI domain %u",
			 spec->pmu, spec->event, dom->domain, hu_family_name(family), dom->domain);
	else if (found > 1)
		snprintf(what, sizeof(what), "%s::%s: more than one instance covers %s (name the "
			 "instance)", spec->pmu, spec->event, hu_bdf_text(bdf, b));
	else	/* a family counting by root port covers nothing without one: say why */
		snprintf(what, sizeof(what), "%s::%s: %s=0x%04x: %.200s", spec->pmu, spec->event,
			 qual, bdf, !exists ? "no such PCI device" :
			 family->root_port_bit && !root_port_known ? no_root_port.msg :
			 "no instance covers this device");
	return refuse(set, family, HU_E_NOPMU, what, e);
}

/* @spec's rp term becomes port=@port_mask, in its place. */
static void rp_to_port(struct hu_spec *spec, uint64_t port_mask)
{
	for (unsigned int i = 0; i < spec->terms.n; i++) {
		struct hu_term *t = &spec->terms.term[i];

		if (strcmp(t->name, "rp") == 0) {
			hu_copy(t->name, sizeof(t->name), "port");
			t->value = port_mask;
		}
	}
}

/* hisi_pcie::EVENT:rp=B: root port B names the instance and its port filter bit. */
static int pick_by_root_port(const struct hu_pmu_set *set, const struct hu_family_desc *family,
			     const struct domain_choice *dom, const struct hu_spec *spec,
			     struct hu_spec *out, struct hu_err *e)
{
	const struct hu_pmu *pmu;
	struct hu_pci_device dev;
	char b[HU_BDF_TEXT], r[HU_BDF_TEXT];
	uint64_t rp = 0, other;
	unsigned int bit;
	bool given, other_bare;
	int ret;

	ret = device_term(spec, &rp_term, &given, &rp, e);
	if (ret)
		return ret;
	if (spec_term(spec, "bdf", &other, &other_bare) || spec_term(spec, "port", &other, &other_bare))
		return hu_fail(e, HU_E_FILTER, "%s::%s: rp= sets the root port's port filter: it "
			       "goes with neither bdf= nor port=", spec->pmu, spec->event);
	ret = pick_instance(set, spec, family, dom, "rp", (uint16_t)rp, &pmu, &dev, e);
	if (ret)
		return ret;
	if (!dev.has_root_port || dev.root_port != rp)
		return hu_fail(e, HU_E_FILTER, "%s::%s: rp=0x%04llx: %s is not a root port (its root "
			       "port is %s); bdf=0x%04llx counts the device", spec->pmu, spec->event,
			       (unsigned long long)rp, hu_bdf_text((uint16_t)rp, b),
			       hu_bdf_text(dev.root_port, r), (unsigned long long)rp);
	if (!hu_rules_root_port_bit(pmu, (uint16_t)rp, &bit) && pmu->bdf_range_why[0])
		return hu_fail(e, HU_E_FILTER, "%s::%s: rp=0x%04llx: %s's root ports cannot be "
			       "numbered: %s; write %s::%s:port=<bitmap>", spec->pmu, spec->event,
			       (unsigned long long)rp, pmu->name, pmu->bdf_range_why, pmu->name,
			       spec->event);
	if (!hu_rules_root_port_bit(pmu, (uint16_t)rp, &bit))
		return hu_fail(e, HU_E_FILTER, "%s::%s: rp=0x%04llx: %s exports no bdf_min (Linux "
			       "6.12 and later do), so its root ports cannot be numbered: write "
			       "%s::%s:port=<bitmap>", spec->pmu, spec->event,
			       (unsigned long long)rp, pmu->name, pmu->name, spec->event);
	hu_copy(out->pmu, sizeof(out->pmu), pmu->name);
	rp_to_port(out, 1ULL << bit);
	return HU_OK;
}

int hu_device_pick(const struct hu_pmu_set *set, const struct hu_spec *spec,
		   struct hu_spec *out, struct hu_err *e)
{
	const struct hu_family_desc *family = hu_family_by_device_name(spec->pmu);
	struct domain_choice dom;
	const struct hu_pmu *pmu;
	struct hu_pci_device dev;
	uint64_t bdf = 0, rp;
	bool bare, given;
	int ret;

	*out = *spec;
	if (!family)
		return HU_OK;
	ret = spec_domain(spec, &dom, e);
	if (ret)
		return ret;
	drop_term(out, "domain");
	if (family->root_port_bit && spec_term(spec, "rp", &rp, &bare))
		return pick_by_root_port(set, family, &dom, spec, out, e);
	ret = device_term(spec, &bdf_term, &given, &bdf, e);
	if (ret)
		return ret;
	if (!given) {
		char what[HU_MSG_MAX];

		snprintf(what, sizeof(what), "%s::%s names a device: add :bdf=0xBBDF (bus << 8 | "
			 "device << 3 | function, e.g. bdf=0x3d00 for 3d:00.0)%s", spec->pmu,
			 spec->event, family->root_port_bit ? ", or a root port: :rp=0xBBDF" : "");
		return refuse(set, family, HU_E_FILTER, what, e);
	}
	ret = pick_instance(set, spec, family, &dom, "bdf", (uint16_t)bdf, &pmu, &dev, e);
	if (ret)
		return ret;
	hu_copy(out->pmu, sizeof(out->pmu), pmu->name);
	return HU_OK;
}
