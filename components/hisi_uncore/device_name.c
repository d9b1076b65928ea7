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
#define PCI_SCAN_MAX 4096

static bool has_family(const struct hu_pmu_set *set, const struct hu_family_desc *family)
{
	for (unsigned int i = 0; i < set->n; i++)
		if (set->pmu[i].family == family)
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

unsigned int hu_pattern_names(const struct hu_pmu_set *set, char (*out)[HU_NAME_MAX],
			      unsigned int max)
{
	unsigned int n = 0;
	char name[HU_NAME_MAX];

	for (unsigned int i = 0; i < set->n; i++) {
		const struct hu_pmu *p = &set->pmu[i];
		const struct hu_family_desc *d = p->family;

		if (!d)
			continue;
		/* every instance, then the instances of one SICL */
		if (!add_pattern(out, &n, max, d->pattern))
			break;
		if (!d->sicl_pattern)
			continue;
		snprintf(name, sizeof(name), d->sicl_pattern, p->sicl);
		if (!add_pattern(out, &n, max, name))
			break;
	}
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

/* The bdf qualifier of @spec, if it has a usable one. */
static bool spec_bdf(const struct hu_spec *spec, uint16_t *bdf)
{
	uint64_t v = 0;
	bool bare;

	if (!spec_term(spec, "bdf", &v, &bare) || bare || v > UINT16_MAX)
		return false;
	*bdf = (uint16_t)v;
	return true;
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
	bool bare;
	unsigned int n = spec_term(spec, "domain", &v, &bare);

	d->given = n > 0;
	d->domain = (unsigned int)v;
	if (n > 1)
		return hu_fail(e, HU_E_TERM, "%s::%s: qualifier 'domain' given twice", spec->pmu,
			       spec->event);
	if (n && (bare || v > UINT32_MAX))
		return hu_fail(e, HU_E_VALUE, "%s::%s: domain takes a PCI domain number "
			       "(domain=1 for 0001:3d:00.0)", spec->pmu, spec->event);
	return HU_OK;
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

/* Device @bdf as the drivers see it from @pmu's PCI domain. */
static bool device_seen_by(const struct hu_pmu_set *set, const struct hu_pmu *pmu, uint16_t bdf,
			   struct hu_pci_device *dev)
{
	unsigned int domain = hu_pci_domain_of_pmu(set->root, pmu->name);

	dev->bdf = bdf;
	dev->has_root_port = hu_pci_root_port(set->root, domain, bdf, &dev->root_port, NULL) == 0;
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
		n = hu_pci_scan(set->root, domain, &dev, PCI_SCAN_MAX);
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
 * The one instance of @family (in domain @dom, if given) whose driver takes
 * @bdf as its device, and in *picked the device as that instance sees it
 * (root port included).
 */
static int pick_instance(const struct hu_pmu_set *set, const struct hu_spec *spec,
			 const struct hu_family_desc *family, const struct domain_choice *dom,
			 uint16_t bdf, const struct hu_pmu **out, struct hu_pci_device *picked,
			 struct hu_err *e)
{
	char what[HU_MSG_MAX], b[HU_BDF_TEXT];
	unsigned int found = 0, instances = 0;
	bool exists = false;

	*out = NULL;
	for (unsigned int i = 0; i < set->n; i++) {
		const struct hu_pmu *p = &set->pmu[i];
		struct hu_pci_device dev;
		bool seen;

		if (p->family != family ||
		    (dom->given && hu_pci_domain_of_pmu(set->root, p->name) != dom->domain))
			continue;
		instances++;
		seen = device_seen_by(set, p, bdf, &dev);
		exists |= seen;
		if (seen && hu_rules_bdf_target(p, &dev)) {
			*out = p;
			*picked = dev;
			found++;
		}
	}
	if (found == 1)
		return HU_OK;
	if (!instances && !dom->given)
		return hu_fail(e, HU_E_NOPMU, "%s::%s: no %s PMU instance under %s", spec->pmu,
			       spec->event, hu_family_name(family), set->devices_path);
	if (!instances)
		snprintf(what, sizeof(what), "%s::%s: domain=%u: no %s PMU instance in PCI domain %u",
			 spec->pmu, spec->event, dom->domain, hu_family_name(family), dom->domain);
	else if (found > 1)
		snprintf(what, sizeof(what), "%s::%s: more than one instance covers %s (name the "
			 "instance%s)", spec->pmu, spec->event, hu_bdf_text(bdf, b),
			 dom->given ? "" : ", or add :domain=N (the PCI domain)");
	else
		snprintf(what, sizeof(what), "%s::%s: bdf=0x%04x: %s", spec->pmu, spec->event, bdf,
			 exists ? "no instance covers this device" : "no such PCI device");
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
	bool bare, other_bare;
	int ret;

	if (spec_term(spec, "rp", &rp, &bare) > 1)
		return hu_fail(e, HU_E_TERM, "%s::%s: qualifier 'rp' given twice", spec->pmu,
			       spec->event);
	if (bare || rp > UINT16_MAX)
		return hu_fail(e, HU_E_VALUE, "%s::%s: rp takes a root port's bdf, as a number "
			       "(rp=0x3000 for 30:00.0)", spec->pmu, spec->event);
	if (spec_term(spec, "bdf", &other, &other_bare) || spec_term(spec, "port", &other, &other_bare))
		return hu_fail(e, HU_E_FILTER, "%s::%s: rp= sets the root port's port filter: it "
			       "goes with neither bdf= nor port=", spec->pmu, spec->event);
	ret = pick_instance(set, spec, family, dom, (uint16_t)rp, &pmu, &dev, e);
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
	uint16_t bdf;
	uint64_t rp;
	bool bare;
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
	if (!spec_bdf(spec, &bdf)) {
		char what[HU_MSG_MAX];

		snprintf(what, sizeof(what), "%s::%s names a device: add :bdf=0xBBDF (bus << 8 | "
			 "device << 3 | function, e.g. bdf=0x3d00 for 3d:00.0)%s", spec->pmu,
			 spec->event, family->root_port_bit ? ", or a root port: :rp=0xBBDF" : "");
		return refuse(set, family, HU_E_FILTER, what, e);
	}
	ret = pick_instance(set, spec, family, &dom, bdf, &pmu, &dev, e);
	if (ret)
		return ret;
	hu_copy(out->pmu, sizeof(out->pmu), pmu->name);
	return HU_OK;
}
