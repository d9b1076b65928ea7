// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_meaning.c - meaning of Hip09 events and qualifiers (see hisi_meaning.h).
 */
#include "hisi_meaning.h"

#include <stdio.h>
#include <string.h>

#include "hu_text.h"
#include "pmu_family.h"

bool hu_meaning_family(const struct hu_pmu *pmu, enum hip09_family *fam)
{
	if (pmu->family)
		*fam = pmu->family->table;
	return pmu->family != NULL;
}

const struct hip09_event *hu_meaning_row_by_name(const struct hu_pmu *pmu, const char *name)
{
	enum hip09_family fam;

	return hu_meaning_family(pmu, &fam) ? hip09_find_event(fam, name) : NULL;
}

const struct hip09_event *hu_meaning_row(const struct hu_pmu *pmu,
					   const struct hu_event *ev)
{
	return hu_meaning_row_by_name(pmu, ev->name);
}

const struct hip09_field *hu_meaning_field(const struct hu_pmu *pmu, const char *name)
{
	enum hip09_family fam;

	return hu_meaning_family(pmu, &fam) ? hip09_find_filter(fam, name) : NULL;
}

void hu_meaning_modes(uint32_t modes, bool with_needs, char *buf, size_t len)
{
	size_t n;
	const struct hip09_hns3_mode_rule *rule = hip09_hns3_mode_rules(&n);

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (!(modes & rule[i].mode))
			continue;
		if (!(with_needs ? hu_appendf(buf, len, "%s%s (%s)", buf[0] ? ", " : "",
					      rule[i].name, rule[i].needs)
				 : hu_appendf(buf, len, "%s%s", buf[0] ? " " : "", rule[i].name)))
			return;
	}
}

static void describe_raw(const struct hu_pmu *pmu, const struct hu_event *ev,
			 char *buf, size_t len)
{
	snprintf(buf, len, "%s event %s of %s (", hu_family_name(pmu->family), ev->name,
		 pmu->name);
	for (unsigned int i = 0; i < ev->nterms; i++)
		if (!hu_appendf(buf, len, "%s%s=0x%llx", i ? "," : "", ev->term[i].name,
				(unsigned long long)ev->term[i].value))
			return;
	hu_appendf(buf, len, ")");
}

/* What a PCIe flux count holds depends on the driver (driver_era.h). */
void hu_meaning_add_flux_content(const struct hu_pmu *pmu, const struct hu_event *ev,
				 const char *lead, char *buf, size_t len)
{
	const struct hip09_event *m = hu_meaning_row(pmu, ev);

	if (!m || m->unit != HIP09_UNIT_DWORDS)
		return;
	if (pmu->era && pmu->era->flux_payload_only)
		hu_appendf(buf, len, " %s TLP payload only: this driver has no len_mode "
			   "(v5.19-v6.1; hisi_pcie_pmu_config_filter() leaves the LEN field at 1).",
			   lead);
	else
		hu_appendf(buf, len, " %s TLP payload, headers or both, as len_mode chooses "
			   "(default both).", lead);
}

void hu_meaning_describe_event(const struct hu_pmu *pmu, const struct hu_event *ev,
			     char *buf, size_t len)
{
	const struct hip09_event *m = hu_meaning_row(pmu, ev);
	char modes[96];

	if (!m) {
		describe_raw(pmu, ev, buf, len);
		return;
	}
	if (!ev->has_filter_modes) {
		hu_copy(buf, len, m->desc);
		hu_meaning_add_flux_content(pmu, ev, "Counts", buf, len);
		return;
	}
	/* the running driver's filtermode/ file, not the table, says what it supports */
	hu_meaning_modes(ev->filter_modes, false, modes, sizeof(modes));
	snprintf(buf, len, "%s Filter modes: %s.", m->desc, modes);
}

const char *hu_meaning_unit(const struct hu_pmu *pmu, const struct hu_event *ev)
{
	const struct hip09_event *m = hu_meaning_row(pmu, ev);

	return m ? hip09_unit_name(m->unit) : "";
}

void hu_meaning_describe_format(const struct hu_pmu *pmu, const struct hu_format *f,
			      char *buf, size_t len)
{
	const struct hip09_field *m = hu_meaning_field(pmu, f->name);
	char bits[96];

	if (hu_format_print(&f->bits, bits, sizeof(bits)))
		bits[0] = '\0';
	if (m)
		snprintf(buf, len, "%s (%s, 0 to 0x%llx)", m->desc, bits,
			 (unsigned long long)hu_format_max(f->bits.mask));
	else
		snprintf(buf, len, "%s (%s), 0 to 0x%llx", f->name, bits,
			 (unsigned long long)hu_format_max(f->bits.mask));
}
