/*
 * pfmlib_arm_hisi_hip09_unc.c : HiSilicon Hip09 HNS3 PMU and PCIe PMU support
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
 * of the Software, and to permit persons to whom the Software is furnished to do so,
 * subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
 * PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
 * OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 *
 * PMUs of the Linux drivers drivers/perf/hisilicon/hns3_pmu.c
 * (hns3_pmu_sicl_<sicl>) and drivers/perf/hisilicon/hisi_pcie_pmu.c
 * (hisi_pcie<sicl>_core<core>).  Both are PCI devices (19e5:a22b, 19e5:a12d),
 * so an instance is active exactly when its perf PMU is in sysfs.
 *
 * Events, filter fields and the drivers' filter rules come from
 * events/hip09_events.h through events/hip09_tables.c, which is compiled into
 * this file with static linkage (HIP09_TABLES_API): the same tables serve a
 * PAPI component that may be linked next to libpfm4.
 *
 * Filters are modifiers encoded into config1 (HNS3, PCIe) and config2
 * (PCIe port/bdf) exactly as the kernel's format/ files say.  Defaults:
 * HNS3 tc=0xf and queue=0xffff, and global=1 when no filter is given; PCIe
 * port=0xffff (every root port of the core) when neither port nor bdf is
 * given.  The drivers count system-wide only and reject any exclude_* bit,
 * sampling and per-task events, so no privilege level or sampling modifier
 * is offered.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "pfmlib_priv.h"
#include "pfmlib_perf_event_priv.h"

#define HIP09_TABLES_API static __attribute__((unused))
#include "events/hip09_tables.c"

#define HISI_HIP09_NUM_COUNTERS	8	/* hardware slots per PMU instance, both drivers */

static enum hip09_family hisi_hip09_family(void *this)
{
	return (enum hip09_family)((pfmlib_pmu_t *)this)->pmu_rev;
}

static const struct hip09_event *hisi_hip09_event(void *this, int pidx)
{
	const struct hip09_event *pe = this_pe(this);

	return &pe[pidx];
}

/* Filter fields offered as modifiers of an event (HIP09_FIELD_BIT mask). */
static uint32_t hisi_hip09_event_fields(enum hip09_family family, const struct hip09_event *ev)
{
	const struct hip09_hns3_mode_rule *r;
	uint32_t fields = 0;
	size_t n, i;

	if (family == HIP09_FAMILY_PCIE)
		return ev->pcie_filters;

	/* HNS3: the fields read by the filter modes the event supports. */
	r = hip09_hns3_mode_rules(&n);
	for (i = 0; i < n; i++)
		if (ev->hns3_modes & r[i].mode)
			fields |= r[i].uses;
	return fields;
}

/* Field index of the attr_idx-th modifier of an event, -1 if none. */
static int hisi_hip09_attr_field(void *this, int pidx, int attr_idx)
{
	uint32_t fields = hisi_hip09_event_fields(hisi_hip09_family(this),
						  hisi_hip09_event(this, pidx));
	int field;

	for (field = 0; field < 32; field++) {
		if (!(fields & HIP09_FIELD_BIT(field)))
			continue;
		if (attr_idx-- == 0)
			return field;
	}
	return -1;
}

/*
 * Any HiSilicon Hip09-class system may carry these PCI PMUs; whether an
 * instance exists is only known from sysfs, which hisi_hip09_unc_os_detect()
 * checks (and which LIBPFM_FORCE_PMU does not bypass).
 */
static int hisi_hip09_unc_detect(void *this)
{
	return PFM_SUCCESS;
}

/* The sysfs root: SYSFS_PATH relocates it, as for perf. */
static const char *hisi_hip09_sysfs_root(void)
{
	const char *root = getenv("SYSFS_PATH");

	return root && *root ? root : "/sys";
}

/* A small sysfs file <root>/@rel into @buf (NUL-terminated); 0 or -1. */
static int hisi_hip09_read_small(const char *rel, char *buf, size_t size)
{
	char path[PATH_MAX];
	struct stat st;
	ssize_t len;
	int fd, n;

	n = snprintf(path, sizeof(path), "%s/%s", hisi_hip09_sysfs_root(), rel);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -1;

	/* sysfs is untrusted: a FIFO there would block open() and read() for ever */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	len = read(fd, buf, size - 1);
	close(fd);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	return 0;
}

/* <sysfs>/bus/event_source/devices/<pmu>/type */
static int hisi_hip09_read_pmu_type(const char *perf_name, int *type)
{
	char rel[PATH_MAX], buf[32], *end;
	long val;
	int n;

	n = snprintf(rel, sizeof(rel), "bus/event_source/devices/%s/type", perf_name);
	if (n < 0 || (size_t)n >= sizeof(rel) || hisi_hip09_read_small(rel, buf, sizeof(buf)))
		return PFM_ERR_NOTSUPP;

	val = strtol(buf, &end, 10);
	if (end == buf || (*end != '\n' && *end != '\0') || val < 0 || val > INT32_MAX)
		return PFM_ERR_NOTSUPP;
	*type = (int)val;
	return PFM_SUCCESS;
}

/*
 * perf type of each instance, read once by os_detect (type 0 is never a
 * dynamic PMU's, so it means "not read").  Encoding an event no longer opens
 * sysfs each time; like the PMU's presence, the type holds until the next
 * pfm_initialize(), so a driver reloaded in between needs one.
 */
#define HISI_HIP09_ONE_INSTANCE(...) + 1
static int hisi_hip09_perf_types[0 PFM_HISI_HIP09_PCIE_GRID(HISI_HIP09_ONE_INSTANCE)
				 PFM_HISI_HIP09_HNS3_GRID(HISI_HIP09_ONE_INSTANCE)];

static int *hisi_hip09_perf_type_slot(const pfmlib_pmu_t *pmu)
{
	size_t i = (size_t)pmu->pmu - (size_t)PFM_PMU_HISI_HIP09_PCIE0_CORE0;

	return i < LIBPFM_ARRAY_SIZE(hisi_hip09_perf_types) ? &hisi_hip09_perf_types[i] : NULL;
}

static int hisi_hip09_unc_os_detect(void *this)
{
	pfmlib_pmu_t *pmu = this;
	int *slot = hisi_hip09_perf_type_slot(pmu);
	int type, ret;

	ret = hisi_hip09_read_pmu_type(pmu->perf_name, &type);
	if (slot)
		*slot = ret == PFM_SUCCESS ? type : 0;
	return ret;
}

static int hisi_hip09_perf_type(const pfmlib_pmu_t *pmu, int *type)
{
	int *slot = hisi_hip09_perf_type_slot(pmu);

	if (slot && *slot > 0) {
		*type = *slot;
		return PFM_SUCCESS;
	}
	return hisi_hip09_read_pmu_type(pmu->perf_name, type);
}

/* ---- the drivers' bdf checks, on what sysfs says (hip09_bdf_verdict()) ---- */

/* One line of hex digits (@base 16) or a number with 0x (@base 0), to its end. */
static int hisi_hip09_parse_num(const char *s, int base, unsigned long max, const char **end,
				unsigned long *v)
{
	char *e;

	if (!isxdigit((unsigned char)*s))
		return -1;
	*v = strtoul(s, &e, base);
	*end = e;
	return e == s || *v > max ? -1 : 0;
}

/* A bdf as the drivers print it: "0x3c00" (hisi_pcie_pmu) or "35:00.0" (hns3_pmu). */
static int hisi_hip09_parse_bdf(const char *s, uint16_t *bdf)
{
	unsigned long bus, dev, fn, v;
	const char *e;

	if (!strchr(s, ':')) {
		if (hisi_hip09_parse_num(s, 0, 0xffff, &e, &v) || (*e && strcmp(e, "\n")))
			return -1;
		*bdf = (uint16_t)v;
		return 0;
	}
	if (hisi_hip09_parse_num(s, 16, 0xff, &e, &bus) || *e != ':' ||
	    hisi_hip09_parse_num(e + 1, 16, 0x1f, &e, &dev) || *e != '.' ||
	    hisi_hip09_parse_num(e + 1, 16, 7, &e, &fn) || (*e && strcmp(e, "\n")))
		return -1;
	*bdf = (uint16_t)(bus << 8 | dev << 3 | fn);
	return 0;
}

/* <pmu>/@file holding a bdf (bdf_min, bdf_max); 0 or -1. */
static int hisi_hip09_read_pmu_bdf(const char *perf_name, const char *file, uint16_t *bdf)
{
	char rel[PATH_MAX], buf[32];
	int n = snprintf(rel, sizeof(rel), "bus/event_source/devices/%s/%s", perf_name, file);

	return n < 0 || (size_t)n >= sizeof(rel) || hisi_hip09_read_small(rel, buf, sizeof(buf)) ||
	       hisi_hip09_parse_bdf(buf, bdf) ? -1 : 0;
}

/*
 * The canonical path of <sysfs>/@rel into @real, and in *below the part
 * under the sysfs root's own canonical path (all of it when links lead out
 * of the root), so that nothing in the root's own name passes for PCI.
 */
static int hisi_hip09_resolve(const char *rel, char real[PATH_MAX], char **below)
{
	char path[PATH_MAX], root[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/%s", hisi_hip09_sysfs_root(), rel);
	size_t len;

	if (n < 0 || (size_t)n >= sizeof(path) || !realpath(path, real) ||
	    !realpath(hisi_hip09_sysfs_root(), root))
		return -1;
	len = strlen(root);
	*below = !strncmp(real, root, len) && real[len] == '/' ? real + len : real;
	return 0;
}

/*
 * In @path, the last host bridge component "pciDDDD:BB": its domain, and in
 * *after the component that follows it; -1 if none.
 */
static int hisi_hip09_host_bridge(char *path, unsigned int *domain, char **after)
{
	int found = -1;
	char *c = path;

	while (*c) {
		size_t len;
		unsigned int dom, bus;
		char tail;

		while (*c == '/')
			c++;
		len = strcspn(c, "/");
		if (len == 10 && sscanf(c, "pci%4x:%2x%c", &dom, &bus, &tail) == 2 + (c[len] == '/')) {
			*domain = dom;
			*after = c[len] ? c + len + 1 : c + len;
			found = 0;
		}
		c += len;
	}
	return found;
}

/* "DDDD:BB:DD.F", the kernel's name of a PCI device; -1 if @s is none. */
static int hisi_hip09_parse_pci_name(const char *s, size_t len, unsigned int *domain, uint16_t *bdf)
{
	unsigned int dom, bus, dev, fn;
	char name[16];

	if (len != 12)
		return -1;
	memcpy(name, s, len);
	name[len] = '\0';
	if (sscanf(name, "%4x:%2x:%2x.%1x", &dom, &bus, &dev, &fn) != 4 || dev > 0x1f || fn > 7)
		return -1;
	*domain = dom;
	*bdf = (uint16_t)(bus << 8 | dev << 3 | fn);
	return 0;
}

/* The PMU's PCI domain: the host bridge its device sits under, else 0. */
static unsigned int hisi_hip09_pmu_domain(const char *perf_name)
{
	char rel[PATH_MAX], real[PATH_MAX], *below, *after;
	unsigned int domain = 0;
	int n = snprintf(rel, sizeof(rel), "bus/event_source/devices/%s", perf_name);

	if (n > 0 && (size_t)n < sizeof(rel) && !hisi_hip09_resolve(rel, real, &below))
		hisi_hip09_host_bridge(below, &domain, &after);
	return domain;
}

/* bus/pci/devices/<@domain:@bdf>, resolved as hisi_hip09_resolve() does; 0 if it exists. */
static int hisi_hip09_resolve_pci(unsigned int domain, uint16_t bdf, char real[PATH_MAX],
				  char **below)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "bus/pci/devices/%04x:%02x:%02x.%x", domain & 0xffffu,
		 bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7);
	return hisi_hip09_resolve(rel, real, below);
}

/* hip09_bdf_exists_fn over sysfs: @ctx points to the PMU's domain. */
static bool hisi_hip09_pci_exists(void *ctx, uint16_t bdf)
{
	char real[PATH_MAX], *below;

	return !hisi_hip09_resolve_pci(*(const unsigned int *)ctx, bdf, real, &below);
}

/*
 * What sysfs says of @bdf for @pmu: its range and bus, whether the device
 * exists in the PMU's PCI domain and, for PCIe, its root port (the device
 * after the host bridge in its path, a PCI bridge by its class, 0x0604xx).
 */
static void hisi_hip09_bdf_facts(const char *perf_name, enum hip09_family family, uint16_t bdf,
				 struct hip09_bdf_facts *f)
{
	char rel[PATH_MAX], real[PATH_MAX], buf[32], *below, *after;
	unsigned int domain = 0, host, port_domain;
	unsigned long bus;
	const char *e;
	int n;

	memset(f, 0, sizeof(*f));
	f->has_range = !hisi_hip09_read_pmu_bdf(perf_name, "bdf_min", &f->bdf_min) &&
		       !hisi_hip09_read_pmu_bdf(perf_name, "bdf_max", &f->bdf_max) &&
		       f->bdf_min <= f->bdf_max;
	n = snprintf(rel, sizeof(rel), "bus/event_source/devices/%s/bus", perf_name);
	if (n > 0 && (size_t)n < sizeof(rel) && !hisi_hip09_read_small(rel, buf, sizeof(buf)) &&
	    !hisi_hip09_parse_num(buf, 0, 0xff, &e, &bus) && (!*e || !strcmp(e, "\n"))) {
		f->has_bus = true;
		f->bus = (uint16_t)bus;
	}

	domain = hisi_hip09_pmu_domain(perf_name);
	if (hisi_hip09_resolve_pci(domain, bdf, real, &below))
		return;
	f->exists = true;
	if (family != HIP09_FAMILY_PCIE || hisi_hip09_host_bridge(below, &host, &after) ||
	    hisi_hip09_parse_pci_name(after, strcspn(after, "/"), &port_domain, &f->root_port) ||
	    host != domain || port_domain != domain)
		return;
	/* the root port's class, read where its path ends */
	after[strcspn(after, "/")] = '\0';
	n = snprintf(rel, sizeof(rel), "%s/class", real);
	if (n > 0 && (size_t)n < sizeof(rel)) {
		int fd = open(rel, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		ssize_t len = -1;

		if (fd >= 0) {
			if (!fstat(fd, &st) && S_ISREG(st.st_mode))
				len = read(fd, buf, sizeof(buf) - 1);
			close(fd);
		}
		if (len > 0) {
			buf[len] = '\0';
			f->has_root_port = (strtoul(buf, NULL, 0) >> 8) == 0x0604;
		}
	}
}

/* For DPRINT, which is compiled only with CONFIG_PFMLIB_DEBUG. */
static __attribute__((unused)) const char *hisi_hip09_bdf_why(enum hip09_bdf_verdict verdict)
{
	switch (verdict) {
	case HIP09_BDF_NO_DEVICE:
		return "no such PCI device in the PMU's domain";
	case HIP09_BDF_NO_ROOT_PORT:
		return "the device is behind no root port";
	case HIP09_BDF_OUT_OF_RANGE:
		return "outside the PMU's [bdf_min, bdf_max]";
	case HIP09_BDF_OFF_BUS:
		return "its root port is not on the PMU's root bus";
	case HIP09_BDF_OK:
		break;
	}
	return "ok";
}

/*
 * hip09_hns3_devfn_twin(): a func-mode count of @bdf that would also count
 * another function of the range is refused, as by hisi_uncore.  libpfm4
 * reports only a code, so the twin is named where debug output goes.
 */
static int hisi_hip09_check_twin(const pfmlib_pmu_t *pmu, const struct hip09_event *ev,
				 uint16_t bdf, const struct hip09_bdf_facts *f)
{
	unsigned int domain = hisi_hip09_pmu_domain(pmu->perf_name);
	uint16_t twin;

	if (!f->has_range || !hip09_hns3_devfn_twin(bdf, f->bdf_min, f->bdf_max,
						    hisi_hip09_pci_exists, &domain, &twin))
		return PFM_SUCCESS;
	DPRINT("%s::%s: bdf %02x:%02x.%x: %02x:%02x.%x in %s's range has the same "
	       "device.function, and the driver filters functions by device.function only "
	       "(hns3_pmu_get_filter_condition() programs bdf & 0xff), so its traffic would "
	       "be counted too: count both with port= or global mode\n", pmu->name, ev->name,
	       bdf >> 8, (bdf >> 3) & 0x1f, bdf & 7, twin >> 8, (twin >> 3) & 0x1f, twin & 7,
	       pmu->perf_name);
	return PFM_ERR_ATTR_VAL;
}

/*
 * The drivers' bdf checks for an instance sysfs has; one it lacks (encoded
 * with LIBPFM_ENCODE_INACTIVE) is left to the kernel, as nothing tells.
 */
static int hisi_hip09_check_bdf(pfmlib_pmu_t *pmu, enum hip09_family family,
				const struct hip09_event *ev, const struct hip09_filter_values *v)
{
	uint16_t bdf = (uint16_t)v->value[family == HIP09_FAMILY_PCIE ? HIP09_PCIE_F_BDF
								       : HIP09_HNS3_F_BDF];
	struct hip09_bdf_facts f;
	enum hip09_bdf_verdict verdict;

	if (!(pmu->flags & PFMLIB_PMU_FL_ACTIVE) || !hip09_bdf_checked(family, ev->hns3_modes, v))
		return PFM_SUCCESS;
	hisi_hip09_bdf_facts(pmu->perf_name, family, bdf, &f);
	verdict = hip09_bdf_verdict(family, bdf, &f);
	if (verdict == HIP09_BDF_OK)
		return family == HIP09_FAMILY_HNS3 ? hisi_hip09_check_twin(pmu, ev, bdf, &f)
						   : PFM_SUCCESS;
	DPRINT("%s::%s: bdf=0x%04x: %s: %s\n", pmu->name, ev->name, bdf, hisi_hip09_bdf_why(verdict),
	       hip09_rule_info(family == HIP09_FAMILY_PCIE ? HIP09_RULE_PCIE_BDF_BEHIND_ROOT_PORT
							   : HIP09_RULE_HNS3_BDF_IN_RANGE)->text);
	return PFM_ERR_ATTR_VAL;
}

static int hisi_hip09_unc_get_event_first(void *this)
{
	return 0;
}

static int hisi_hip09_unc_get_event_next(void *this, int idx)
{
	pfmlib_pmu_t *pmu = this;

	return idx + 1 < pmu->pme_count ? idx + 1 : -1;
}

static int hisi_hip09_unc_event_is_valid(void *this, int pidx)
{
	pfmlib_pmu_t *pmu = this;

	return pidx >= 0 && pidx < pmu->pme_count;
}

static unsigned int hisi_hip09_unc_get_event_nattrs(void *this, int pidx)
{
	uint32_t fields = hisi_hip09_event_fields(hisi_hip09_family(this),
						  hisi_hip09_event(this, pidx));

	return (unsigned int)__builtin_popcount(fields);
}

static int hisi_hip09_unc_get_event_info(void *this, int pidx, pfm_event_info_t *info)
{
	pfmlib_pmu_t *pmu = this;
	const struct hip09_event *ev = hisi_hip09_event(this, pidx);

	info->name = ev->name;
	info->desc = ev->desc;
	info->equiv = NULL;
	info->code = ev->code[HIP09_ERA_NEWEST];
	info->idx = pidx;
	info->pmu = pmu->pmu;
	info->is_precise = 0;
	info->support_hw_smpl = 0;
	info->nattrs = hisi_hip09_unc_get_event_nattrs(this, pidx);
	return PFM_SUCCESS;
}

static int hisi_hip09_unc_get_event_attr_info(void *this, int pidx, int attr_idx,
					      pfmlib_event_attr_info_t *info)
{
	int field = hisi_hip09_attr_field(this, pidx, attr_idx);
	const struct hip09_field *f;
	size_t n;

	if (field < 0)
		return PFM_ERR_ATTR;
	f = &hip09_filter_fields(hisi_hip09_family(this), &n)[field];

	info->name = f->name;
	info->desc = f->desc;
	info->equiv = NULL;
	info->size = 0;
	info->code = field;
	info->type = f->max == 1 ? PFM_ATTR_MOD_BOOL : PFM_ATTR_MOD_INTEGER;
	info->ctrl = PFM_ATTR_CTRL_PMU;
	info->idx = field;
	info->is_dfl = 0;
	info->is_precise = 0;
	info->support_hw_smpl = 0;
	info->dfl_val64 = f->default_unless ? f->tool_default : f->driver_default;
	return PFM_SUCCESS;
}

/* Range rules are bad values; every other rule is a bad combination. */
static int hisi_hip09_rule_error(enum hip09_rule rule)
{
	switch (rule) {
	case HIP09_RULE_NONE:
		return PFM_SUCCESS;
	case HIP09_RULE_FIELD_WIDTH:
	case HIP09_RULE_PCIE_THR_LEN_MAX:
	case HIP09_RULE_PCIE_TRIG_LEN_MAX:
	case HIP09_RULE_PCIE_LEN_MODE_RESERVED:
	case HIP09_RULE_HNS3_PORT_MAX:
	case HIP09_RULE_HNS3_TC_RANGE:
		return PFM_ERR_ATTR_VAL;
	case HIP09_RULE_PCIE_BANDWIDTH_ONLY:
		return PFM_ERR_ATTR;
	default:
		return PFM_ERR_FEATCOMB;
	}
}

static void hisi_hip09_collect_values(pfmlib_event_desc_t *e, struct hip09_filter_values *v)
{
	int k;

	memset(v, 0, sizeof(*v));
	for (k = 0; k < e->nattrs; k++) {
		pfmlib_event_attr_info_t *a = attr(e, k);

		if (a->ctrl != PFM_ATTR_CTRL_PMU)
			continue;
		v->value[a->idx] = e->attrs[k].ival;
		v->given |= HIP09_FIELD_BIT(a->idx);
	}
}

/*
 * Fields that go into fstr so that it parses back to the same codes: what
 * the user gave plus the tool defaults that took effect, and for HNS3 only
 * the fields of the filter mode the driver will select.
 */
static uint32_t hisi_hip09_fstr_fields(enum hip09_family family, const struct hip09_event *ev,
				       const struct hip09_filter_values *v)
{
	const struct hip09_field *f;
	uint32_t shown = v->given;
	size_t n, i;

	f = hip09_filter_fields(family, &n);
	for (i = 0; i < n; i++)
		if (f[i].default_unless && !(v->given & f[i].default_unless))
			shown |= HIP09_FIELD_BIT(i);

	if (family == HIP09_FAMILY_HNS3) {
		enum hip09_hns3_mode mode = hip09_hns3_select_mode(ev->hns3_modes, v);
		const struct hip09_hns3_mode_rule *r = hip09_hns3_mode_rules(&n);

		for (i = 0; i < n; i++)
			if (r[i].mode == mode)
				return shown & r[i].uses;
	}
	return shown & hisi_hip09_event_fields(family, ev);
}

static int hisi_hip09_build_fstr(pfmlib_event_desc_t *e, enum hip09_family family,
				 const struct hip09_event *ev, const struct hip09_filter_values *v)
{
	uint32_t shown = hisi_hip09_fstr_fields(family, ev, v);
	size_t len = sizeof(e->fstr), n, i;
	const struct hip09_field *f = hip09_filter_fields(family, &n);
	int used;

	used = snprintf(e->fstr, len, "%s", ev->name);
	for (i = 0; i < n && used >= 0 && (size_t)used < len; i++) {
		if (!(shown & HIP09_FIELD_BIT(i)))
			continue;
		if (f[i].max == 1)
			used += snprintf(e->fstr + used, len - used, ":%s=%" PRIu64,
					 f[i].name, v->value[i]);
		else
			used += snprintf(e->fstr + used, len - used, ":%s=0x%" PRIx64,
					 f[i].name, v->value[i]);
	}
	return used >= 0 && (size_t)used < len ? PFM_SUCCESS : PFM_ERR_TOOSMALL;
}

/* Raw encoding: codes[0] = config, codes[1] = config1, codes[2] = config2 (PCIe). */
static int hisi_hip09_unc_get_encoding(void *this, pfmlib_event_desc_t *e)
{
	pfmlib_pmu_t *pmu = this;
	enum hip09_family family = hisi_hip09_family(this);
	const struct hip09_event *ev = hisi_hip09_event(this, e->event);
	uint64_t config[HIP09_CONFIG_WORDS] = { ev->code[HIP09_ERA_NEWEST], 0, 0 };
	struct hip09_filter_values v;
	const struct hip09_field *f;
	enum hip09_rule rule;
	size_t n, i;
	int ret;

	hisi_hip09_collect_values(e, &v);
	hip09_apply_tool_defaults(family, &v);
	rule = hip09_check_filters(family, ev, &v);
	if (rule != HIP09_RULE_NONE) {
		DPRINT("%s::%s: %s\n", pmu->name, ev->name, hip09_rule_info(rule)->text);
		return hisi_hip09_rule_error(rule);
	}
	ret = hisi_hip09_check_bdf(pmu, family, ev, &v);
	if (ret != PFM_SUCCESS)
		return ret;

	f = hip09_filter_fields(family, &n);
	for (i = 0; i < n; i++)
		if (!f[i].defines_event)
			hip09_field_set(&f[i], v.value[i], config);

	e->count = pmu->max_encoding;
	for (i = 0; i < (size_t)e->count; i++)
		e->codes[i] = config[i];

	return hisi_hip09_build_fstr(e, family, ev, &v);
}

static int hisi_hip09_unc_get_perf_encoding(void *this, pfmlib_event_desc_t *e)
{
	pfmlib_pmu_t *pmu = this;
	struct perf_event_attr *attr = e->os_data;
	int ret, type;

	ret = hisi_hip09_unc_get_encoding(this, e);
	if (ret != PFM_SUCCESS)
		return ret;

	ret = hisi_hip09_perf_type(pmu, &type);
	if (ret != PFM_SUCCESS)
		return ret;

	attr->type = type;
	attr->config = e->codes[0];
	attr->config1 = e->codes[1];
	if (e->count > 2)
		attr->config2 = e->codes[2];
	/*
	 * exclude_* stay 0: supported_plm is 0, so the perf layer clears them,
	 * as PERF_PMU_CAP_NO_EXCLUDE in both drivers requires.
	 */
	return PFM_SUCCESS;
}

/*
 * perf modifiers the drivers reject: privilege levels (NO_EXCLUDE),
 * sampling (event_init returns -EOPNOTSUPP) and precise/hardware sampling.
 * cpu, excl and pinned stay: a system-wide open needs cpu >= 0.
 */
#define HISI_HIP09_REJECTED_PERF_ATTRS						\
	(_PERF_ATTR_U | _PERF_ATTR_K | _PERF_ATTR_H | _PERF_ATTR_MG | _PERF_ATTR_MH |	\
	 _PERF_ATTR_PE | _PERF_ATTR_FR | _PERF_ATTR_PR | _PERF_ATTR_HWS)

static int hisi_hip09_perf_attr_rejected(const pfmlib_event_attr_info_t *a)
{
	return a->ctrl == PFM_ATTR_CTRL_PERF_EVENT && (unsigned int)a->idx < 32 &&
	       (HISI_HIP09_REJECTED_PERF_ATTRS >> a->idx) & 1;
}

/*
 * One pass, keeping order: libpfm4 rebuilds the attributes for every
 * pfm_get_event_attr_info() call, so compacting one attribute at a time
 * (O(n^2) moves) was a visible share of listing every event.
 */
static void hisi_hip09_unc_perf_validate_pattrs(void *this, pfmlib_event_desc_t *e)
{
	int i, kept = 0;

	for (i = 0; i < e->npattrs; i++)
		if (!hisi_hip09_perf_attr_rejected(&e->pattrs[i]))
			e->pattrs[kept++] = e->pattrs[i];
	e->npattrs = kept;
}

static int hisi_hip09_unc_validate_table(void *this, FILE *fp)
{
	pfmlib_pmu_t *pmu = this;
	enum hip09_family family = hisi_hip09_family(this);
	int i, error = 0;

	for (i = 0; i < pmu->pme_count; i++) {
		const struct hip09_event *ev = hisi_hip09_event(this, i);

		if (!ev->name || !ev->desc || ev->code[HIP09_ERA_NEWEST] == HIP09_CODE_ABSENT) {
			fprintf(fp, "pmu: %s event%d: missing name, description or code\n",
				pmu->name, i);
			error++;
			continue;
		}
		if (hip09_find_partner(family, hip09_find_partner(family, ev)) != ev) {
			fprintf(fp, "pmu: %s event %s: counter pair broken\n", pmu->name, ev->name);
			error++;
		}
		if (hip09_find_event_by_code(family, HIP09_ERA_NEWEST,
					     ev->code[HIP09_ERA_NEWEST]) != ev) {
			fprintf(fp, "pmu: %s event %s: code 0x%x not unique\n", pmu->name,
				ev->name, ev->code[HIP09_ERA_NEWEST]);
			error++;
		}
	}
	return error ? PFM_ERR_INVAL : PFM_SUCCESS;
}

#define HISI_HIP09_UNC_PMU(sym, id, pmu_name, description, fam, table, words)	\
pfmlib_pmu_t sym = {								\
	.desc = description,							\
	.name = pmu_name,							\
	.perf_name = pmu_name,							\
	.pmu = id,								\
	.pmu_rev = fam,								\
	.pme_count = LIBPFM_ARRAY_SIZE(table),					\
	.pe = table,								\
	.type = PFM_PMU_TYPE_UNCORE,						\
	.max_encoding = words,							\
	.num_cntrs = HISI_HIP09_NUM_COUNTERS,					\
	.supported_plm = 0,							\
	.flags = PFMLIB_PMU_FL_NO_SMPL | PFMLIB_PMU_FL_STRICT_ATTR,		\
	.pmu_detect = hisi_hip09_unc_detect,					\
	.get_event_first = hisi_hip09_unc_get_event_first,			\
	.get_event_next = hisi_hip09_unc_get_event_next,			\
	.event_is_valid = hisi_hip09_unc_event_is_valid,			\
	.get_event_info = hisi_hip09_unc_get_event_info,			\
	.get_event_nattrs = hisi_hip09_unc_get_event_nattrs,			\
	.get_event_attr_info = hisi_hip09_unc_get_event_attr_info,		\
	.validate_table = hisi_hip09_unc_validate_table,			\
	.get_event_encoding[PFM_OS_NONE] = hisi_hip09_unc_get_encoding,		\
	PFMLIB_ENCODE_PERF(hisi_hip09_unc_get_perf_encoding),			\
	PFMLIB_VALID_PERF_PATTRS(hisi_hip09_unc_perf_validate_pattrs),		\
	PFMLIB_OS_DETECT(hisi_hip09_unc_os_detect),				\
};

/* HNS3 uses config and config1; PCIe also config2 (port, bdf). */
#define HISI_HIP09_PCIE_PMU(s, c)						\
	HISI_HIP09_UNC_PMU(hisi_hip09_pcie##s##_core##c##_support,		\
			   PFM_PMU_HISI_HIP09_PCIE##s##_CORE##c,		\
			   "hisi_pcie" #s "_core" #c,				\
			   "HiSilicon Hip09 PCIe PMU (SICL " #s " core " #c ")",	\
			   HIP09_FAMILY_PCIE, hip09_pcie_events, 3)
#define HISI_HIP09_HNS3_PMU(s)							\
	HISI_HIP09_UNC_PMU(hisi_hip09_hns3_sicl##s##_support,			\
			   PFM_PMU_HISI_HIP09_HNS3_SICL##s,			\
			   "hns3_pmu_sicl_" #s,					\
			   "HiSilicon Hip09 HNS3 NIC PMU (SICL " #s ")",		\
			   HIP09_FAMILY_HNS3, hip09_hns3_events, 2)

PFM_HISI_HIP09_PCIE_GRID(HISI_HIP09_PCIE_PMU)
PFM_HISI_HIP09_HNS3_GRID(HISI_HIP09_HNS3_PMU)
