// SPDX-License-Identifier: BSD-3-Clause
/*
 * hisi_uncore.c - PAPI component for HiSilicon Hip09 uncore PMUs.
 *
 * PAPI glue only: no parsing, no sysfs, no system calls here.  The stages
 * are pmu_sysfs (discovery) -> catalogue (events and codes) -> event_spec
 * (names to attrs) -> event_set (an EventSet's requests, plan, ownership)
 * -> perf_group (open, read).  Library codes become PAPI codes only in
 * this file.
 *
 * Read contract: update_control_state() gives native[i] the position
 * ni_position = i and plans the EventSet (event_set.h); read() returns the
 * set's values, values[i] for native[i].  Removing an event makes PAPI call
 * update_control_state() again with the remaining events.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* PAPI's build defines it; strdup */
#endif
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "papi.h"
#include "papi_internal.h"
#include "papi_memory.h"
#include "papi_vector.h"

#include "catalogue.h"
#include "delta_recorders.h"
#include "device_name.h"
#include "event_set.h"
#include "hu_access.h"
#include "hu_error.h"
#include "hu_message.h"
#include "hu_text.h"
#include "pmu_family.h"

papi_vector_t _hisi_uncore_vector;

/* Per thread: nothing; uncore counting is system-wide. */
struct hu_context {
	int unused;
};

static struct hu_catalogue catalogue;
static bool catalogue_ready;
/*
 * PAPI 7.0 lets threads call PAPI_shutdown at once (the high-level API's
 * threads do when its set-up fails): the catalogue and the PMU names are
 * freed by whichever comes first, under this lock, and never twice.
 */
static pthread_mutex_t teardown_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- errors: library status -> PAPI code, message to stderr ------------ */

static int papi_code_of_errno(int err)
{
	switch (hu_errno_kind(err)) {
	case HU_ERRNO_NOEVENT:
		return PAPI_ENOEVNT;
	case HU_ERRNO_NOSUPP:
		return PAPI_ENOSUPP;
	case HU_ERRNO_BUSY:
		return PAPI_ECNFLCT;
	case HU_ERRNO_PERM:
		return PAPI_EPERM;
	case HU_ERRNO_FILES:
		return PAPI_ECOUNT;
	case HU_ERRNO_NOMEM:
		return PAPI_ENOMEM;
	case HU_ERRNO_INVAL:
		return PAPI_EINVAL;
	case HU_ERRNO_OTHER:
		break;
	}
	return PAPI_ESYS;
}

static int papi_code_of(const struct hu_err *e)
{
	switch (e->status) {
	case HU_OK:
		return PAPI_OK;
	case HU_E_NOMEM:
		return PAPI_ENOMEM;
	case HU_E_SYNTAX:
	case HU_E_NOPMU:
	case HU_E_NOEVENT:
	case HU_E_GONE:
		return PAPI_ENOEVNT;
	case HU_E_TERM:
	case HU_E_FOREIGN:
	case HU_E_VALUE:
	case HU_E_FILTER:
		return PAPI_EATTR;
	case HU_E_CONFLICT:
		return PAPI_ECNFLCT;
	case HU_E_SYS:
		return papi_code_of_errno(e->sys_errno);
	case HU_E_NOSUPP:
		return PAPI_ECMP;
	case HU_E_UNSAFE:
		return PAPI_EPERM;
	case HU_E_ENV:
	case HU_E_SYSFS:
		break;
	}
	return PAPI_ESYS;
}

/* PAPI has no per-call message channel: say what was wrong on stderr (once). */
static int report(const struct hu_err *e)
{
	hu_say("%s", e->msg);
	return papi_code_of(e);
}

/* ---- component init and shutdown ---------------------------------------- */

static void disable(const char *reason)
{
	_hisi_uncore_vector.cmp_info.disabled = PAPI_ECMP;
	hu_copy(_hisi_uncore_vector.cmp_info.disabled_reason,
		sizeof(_hisi_uncore_vector.cmp_info.disabled_reason), reason);
}

/* "a and b": every family's instance names, as the family records write them. */
static void instance_forms(char *buf, size_t len)
{
	buf[0] = '\0';
	for (unsigned int i = 0; i < hu_family_count(); i++)
		hu_appendf(buf, len, "%s%s", i ? " and " : "", hu_family_at(i)->instance_form);
}

/* "looked for ... in DIR" plus why matching PMUs were refused. */
static void disable_no_pmu(const struct hu_pmu_set *set)
{
	char why[PAPI_HUGE_STR_LEN], forms[256];
	int n;

	instance_forms(forms, sizeof(forms));
	n = snprintf(why, sizeof(why),
		     "no HiSilicon uncore PMU found: looked for %s (and HISI_UNCORE_EXTRA_PMUS) in %s",
		     forms, set->devices_path);
	for (unsigned int i = 0; i < set->nskipped && n > 0 && (size_t)n < sizeof(why); i++)
		n += snprintf(why + n, sizeof(why) - (size_t)n, "; %s unusable: %s",
			      set->skipped[i].name, set->skipped[i].reason);
	disable(why);
}

#define HU_DESCRIPTION "HiSilicon Hip09 uncore PMUs: HNS3 NIC and PCIe"

/* The PMUs refused at scan, and why: "2 PMUs skipped: a (why), b (why)". */
static void note_skipped(const struct hu_pmu_set *set, char *buf, size_t len)
{
	if (!set->nskipped)
		return;
	hu_appendf(buf, len, "%s%u PMU%s skipped: ", buf[0] ? "; " : "", set->nskipped,
		   set->nskipped == 1 ? "" : "s");
	for (unsigned int i = 0; i < set->nskipped; i++)
		if (!hu_appendf(buf, len, "%s%s (%s)", i ? ", " : "", set->skipped[i].name,
				set->skipped[i].reason))
			return;
}

/* What sysfs made a usable PMU lose: bad extras, entries past the limits. */
static void note_pmu_notes(const struct hu_pmu_set *set, char *buf, size_t len)
{
	for (unsigned int i = 0; i < set->n; i++)
		if (set->pmu[i].extras_note[0] &&
		    !hu_appendf(buf, len, "%s%s: %s", buf[0] ? "; " : "", set->pmu[i].name,
				set->pmu[i].extras_note))
			return;
}

/*
 * PAPI 7.0 has no "partially disabled": papi_component_avail shows an
 * enabled component's description, so that says which PMUs were skipped
 * and what sysfs cost the others, cut with "..." to the field's size.
 */
static void describe_notes(const struct hu_pmu_set *set)
{
	char *d = _hisi_uncore_vector.cmp_info.description;
	size_t len = sizeof(_hisi_uncore_vector.cmp_info.description);
	char note[PAPI_HUGE_STR_LEN] = "";

	note_skipped(set, note, sizeof(note));
	note_pmu_notes(set, note, sizeof(note));
	if (!note[0]) {
		hu_copy(d, len, HU_DESCRIPTION);
		return;
	}
	if (!hu_copy(d, len, "Hip09 uncore PMUs; ") || !hu_appendf(d, len, "%s", note))
		memcpy(d + len - 4, "...", 4);
}

/* Append @name to PAPI's list of the PMU names routed here; -1 if out of memory. */
static int publish_pmu_name(PAPI_component_info_t *info, unsigned int *listed, const char *name)
{
	info->pmu_names[*listed] = strdup(name);
	return info->pmu_names[(*listed)++] ? 0 : -1;
}

/* Hardware counters of every PMU (their driver eras say), capped at an EventSet. */
static unsigned int hardware_counters(void)
{
	unsigned int total = 0;

	for (unsigned int i = 0; i < catalogue.set.n; i++) {
		unsigned int counters = catalogue.set.pmu[i].era->counters;

		if (!counters || counters >= HU_SET_MAX - total)	/* 0: the era sets no limit */
			return HU_SET_MAX;
		total += counters;
	}
	return total;
}

static int publish_pmus(void)
{
	PAPI_component_info_t *info = &_hisi_uncore_vector.cmp_info;
	unsigned int n = catalogue.set.n < PAPI_PMU_MAX ? catalogue.set.n : PAPI_PMU_MAX;
	const char *devices[PAPI_PMU_MAX];	/* as many as may be asked for below, any family count */
	char patterns[PAPI_PMU_MAX][HU_NAME_MAX];
	unsigned int ndev, npat, listed = 0;

	for (unsigned int i = 0; i < n; i++)
		if (publish_pmu_name(info, &listed, catalogue.set.pmu[i].name))
			return PAPI_ENOMEM;
	/* so that PAPI routes hisi_pcie::..., hns3_pmu::... and the aggregate
	 * patterns here; a full list is asked about every name anyway
	 * (papi-7.0-full-pmu-list.patch) */
	ndev = hu_device_names(&catalogue.set, devices, PAPI_PMU_MAX - listed);
	for (unsigned int i = 0; i < ndev; i++)
		if (publish_pmu_name(info, &listed, devices[i]))
			return PAPI_ENOMEM;
	npat = hu_pattern_names(&catalogue.set, patterns, PAPI_PMU_MAX - listed);
	for (unsigned int i = 0; i < npat; i++)
		if (publish_pmu_name(info, &listed, patterns[i]))
			return PAPI_ENOMEM;
	info->num_native_events = (int)hu_cat_count_events(&catalogue);
	info->num_cntrs = (int)hardware_counters();
	info->num_mpx_cntrs = info->num_cntrs;
	return PAPI_OK;
}

static void fill_kernel_version(void)
{
	struct utsname u;

	if (uname(&u) == 0)
		hu_copy(_hisi_uncore_vector.cmp_info.kernel_version,
			sizeof(_hisi_uncore_vector.cmp_info.kernel_version), u.release);
}

static int hu_init_component(int cidx)
{
	struct hu_err e = { 0 };

	_hisi_uncore_vector.cmp_info.CmpIdx = cidx;
	fill_kernel_version();
	if (hu_check_access("/proc", &e)) {
		disable(e.msg);
		return PAPI_EPERM;
	}
	if (hu_cat_init(&catalogue, NULL, getenv("HISI_UNCORE_EXTRA_PMUS"), &e)) {
		disable(e.msg);
		return PAPI_ECMP;
	}
	catalogue_ready = true;
	if (catalogue.set.n == 0) {
		disable_no_pmu(&catalogue.set);
		return PAPI_ECMP;
	}
	if (publish_pmus() != PAPI_OK) {
		disable("out of memory while listing PMUs");
		return PAPI_ENOMEM;
	}
	describe_notes(&catalogue.set);
	_hisi_uncore_vector.cmp_info.disabled = PAPI_OK;
	return PAPI_OK;
}

static void free_pmu_names(void)
{
	PAPI_component_info_t *info = &_hisi_uncore_vector.cmp_info;

	for (unsigned int i = 0; i < PAPI_PMU_MAX && info->pmu_names[i]; i++) {
		free(info->pmu_names[i]);
		info->pmu_names[i] = NULL;
	}
}

/* Idempotent, and safe when threads shut down at once. */
static int hu_shutdown_component(void)
{
	pthread_mutex_lock(&teardown_lock);
	free_pmu_names();
	if (catalogue_ready)
		hu_cat_free(&catalogue);
	catalogue_ready = false;
	pthread_mutex_unlock(&teardown_lock);
	return PAPI_OK;
}

static int hu_init_thread(hwd_context_t *ctx)
{
	(void)ctx;
	return PAPI_OK;
}

static int hu_shutdown_thread(hwd_context_t *ctx)
{
	(void)ctx;
	return PAPI_OK;
}

/* ---- EventSets: event_set.h does the work ------------------------------- */

static inline struct hu_event_set *set_of(hwd_control_state_t *ctl)
{
	return (struct hu_event_set *)ctl;
}

static int hu_init_control_state(hwd_control_state_t *ctl)
{
	hu_set_init(set_of(ctl));
	return PAPI_OK;
}

static int hu_update_control_state(hwd_control_state_t *ctl, NativeInfo_t *native,
				   int count, hwd_context_t *ctx)
{
	struct hu_event_set *s = set_of(ctl);
	int code[HU_SET_MAX];
	struct hu_err e = { 0 };
	int ret;

	(void)ctx;
	if (count > HU_SET_MAX) {
		hu_set_clear(s);
		hu_say("%d events in one EventSet, at most %d", count, HU_SET_MAX);
		return PAPI_ECOUNT;
	}
	for (int i = 0; i < count; i++) {
		native[i].ni_position = i;
		code[i] = native[i].ni_event;
	}
	ret = hu_set_plan(s, &catalogue, code, (unsigned int)count, &e) ? report(&e) : PAPI_OK;
	hu_debug(HU_DEBUG_NAMES, "EventSet of %d events: %u perf groups%s (PAPI %d)", count,
		 ret == PAPI_OK ? s->plan.ngroups : 0, s->multiplexed ? ", multiplexed" : "", ret);
	return ret;
}

/* PAPI's code for what @op of the set gave; a failure says why. */
static int set_call(hwd_control_state_t *ctl, int (*op)(struct hu_event_set *, struct hu_err *))
{
	struct hu_err e = { 0 };

	if (op(set_of(ctl), &e))
		return report(&e);
	return PAPI_OK;
}

static int hu_start(hwd_context_t *ctx, hwd_control_state_t *ctl)
{
	(void)ctx;
	return set_call(ctl, hu_set_start);
}

/*
 * A scaled count is said to be one: PAPI_stop reads first, so the group
 * times of that read tell which groups did not run the whole time.
 */
static void note_scaling(const struct hu_event_set *s)
{
	char note[PAPI_HUGE_STR_LEN];

	if (!hu_quiet() && hu_set_scaling_note(s, note, sizeof(note)))
		hu_say("multiplexed counts are scaled by time enabled / time running: %s", note);
}

static int hu_stop(hwd_context_t *ctx, hwd_control_state_t *ctl)
{
	(void)ctx;
	note_scaling(set_of(ctl));
	return set_call(ctl, hu_set_stop);
}

static int hu_reset(hwd_context_t *ctx, hwd_control_state_t *ctl)
{
	(void)ctx;
	return set_call(ctl, hu_set_reset);
}

static int hu_read(hwd_context_t *ctx, hwd_control_state_t *ctl,
		   long long **events, int flags)
{
	struct hu_event_set *s = set_of(ctl);
	struct hu_err e;

	(void)ctx;
	(void)flags;
	if (hu_set_read(s, &e))
		return report(&e);
	*events = s->values;
	return PAPI_OK;
}

/* ---- options ------------------------------------------------------------- */

static int refuse(const char *what)
{
	hu_say("%s: uncore counters are system-wide (granularity PAPI_GRN_SYS, domain "
	       "PAPI_DOM_ALL)", what);
	return PAPI_ECMP;
}

static int hu_set_domain(hwd_control_state_t *ctl, int domain)
{
	(void)ctl;
	/* the drivers cannot filter by privilege level */
	return domain == PAPI_DOM_ALL ? PAPI_OK
	       : refuse("counting only some privilege domains is not possible");
}

/* Kernel multiplexing: the groups of an over-full EventSet take turns. */
static int enable_multiplex(struct hu_event_set *s)
{
	struct hu_err e = { 0 };

	return hu_set_multiplex(s, &catalogue, &e) ? report(&e) : PAPI_OK;
}

static int hu_ctl(hwd_context_t *ctx, int code, _papi_int_option_t *option)
{
	(void)ctx;
	switch (code) {
	case PAPI_MULTIPLEX:
		return enable_multiplex(set_of(option->multiplex.ESI->ctl_state));
	case PAPI_DOMAIN:
		return hu_set_domain(NULL, option->domain.domain);
	case PAPI_GRANUL:
		return option->granularity.granularity == PAPI_GRN_SYS ? PAPI_OK
		       : refuse("only system-wide granularity is possible");
	case PAPI_ATTACH:
		return refuse("attaching to a thread or process is not possible");
	case PAPI_CPU_ATTACH:
		return refuse("the PMU counts on the CPU in its cpumask; choosing another is not possible");
	default:
		return PAPI_ECMP;
	}
}

static int hu_set_overflow(EventSetInfo_t *esi, int index, int threshold)
{
	(void)esi;
	(void)index;
	(void)threshold;
	return refuse("overflow interrupts are not possible (the drivers cannot sample)");
}

static int hu_set_profile(EventSetInfo_t *esi, int index, int threshold)
{
	(void)esi;
	(void)index;
	(void)threshold;
	return refuse("profiling is not possible (the drivers cannot sample)");
}

static int hu_write(hwd_context_t *ctx, hwd_control_state_t *ctl, long long *values)
{
	(void)ctx;
	(void)ctl;
	(void)values;
	return refuse("uncore counters cannot be written");
}

/* ---- names, codes, descriptions ------------------------------------------ */

static int publish_name(int code)
{
	char name[PAPI_HUGE_STR_LEN];

	if (hu_cat_code_to_name(&catalogue, code, name, sizeof(name), NULL))
		return PAPI_ENOEVNT;
	_papi_hwi_set_papi_event_string(name);
	return PAPI_OK;
}

static int hu_ntv_enum_events(unsigned int *code, int modifier)
{
	int c = (int)*code;
	int ret;

	switch (modifier) {
	case PAPI_ENUM_FIRST:
		ret = hu_cat_enum_first(&catalogue, &c);
		break;
	case PAPI_ENUM_EVENTS:
		ret = hu_cat_enum_next_event(&catalogue, &c);
		break;
	case PAPI_NTV_ENUM_UMASKS:
		ret = hu_cat_enum_next_qualifier(&catalogue, &c);
		break;
	default:
		return PAPI_EINVAL;
	}
	if (ret)
		return PAPI_ENOEVNT;
	*code = (unsigned int)c;
	return publish_name(c);
}

/*
 * Whether @name, which lacks "::", was meant for us: it starts with one of
 * our PMUs' names (e.g. "hns3_pmu_sicl_0" alone, or perf's "pmu/event/").
 */
static bool names_our_pmu(const char *name)
{
	for (unsigned int i = 0; i < catalogue.set.n; i++) {
		size_t l = strlen(catalogue.set.pmu[i].name);

		if (!strncmp(name, catalogue.set.pmu[i].name, l) &&
		    (name[l] == '\0' || name[l] == ':' || name[l] == '/'))
			return true;
	}
	return false;
}

/*
 * PAPI routes PMU::EVENT by the PMU names a component lists, at most
 * PAPI_PMU_MAX; when our list is full, papi-7.0-full-pmu-list.patch asks
 * us about every such name.  A PMU we neither have, skipped nor could have (no
 * family of ours) is then another component's: no message.
 */
static bool someone_elses_pmu(const char *name)
{
	const char *sep = strstr(name, "::");
	char pmu[HU_NAME_MAX];
	const struct hu_family_desc *family;
	unsigned int sicl, core;

	if (!_hisi_uncore_vector.cmp_info.pmu_names[PAPI_PMU_MAX - 1] || !sep ||
	    (size_t)(sep - name) >= sizeof(pmu))
		return false;
	memcpy(pmu, name, (size_t)(sep - name));
	pmu[sep - name] = '\0';
	/* a pattern is refused with HU_E_NOPMU when it matches none of ours, or one we skipped */
	if (hu_pmu_name_is_pattern(pmu))
		return !hu_pmu_skipped_matching(&catalogue.set, pmu);
	return !hu_pmu_find(&catalogue.set, pmu) && !hu_pmu_skipped_reason(&catalogue.set, pmu) &&
	       !hu_family_of_name(pmu, &family, &sicl, &core) && !hu_family_by_device_name(pmu);
}

/*
 * A metric that a delta recorder (the PAPI high-level API, Score-P) lists
 * would be stored as the difference of two doubles' bit patterns: refuse it
 * and name the pair to record instead.
 */
static int refuse_for_delta_recorder(const char *name, int code, struct hu_err *e)
{
	const struct hu_delta_recorder *r = hu_delta_recorder_naming(name);
	struct hu_native n;
	char pair[HU_PAIR_TEXT_MAX];

	if (!r || hu_cat_code_to_native(&catalogue, code, &n, NULL) || !n.metric ||
	    hu_cat_metric_pair_text(&catalogue, name, &n, pair, sizeof(pair)))
		return HU_OK;
	return hu_fail(e, HU_E_NOSUPP, "'%s' is a metric, and %s lists it for %s, which stores the "
		       "difference of two reads per region (for a metric, of two doubles' bits): "
		       "list its pair instead, %s, and derive the metric with hisi-uncore-hl",
		       name, r->var, r->tool, pair);
}

/*
 * A refused name's code for PAPI's name look-up, never PAPI_ECMP: PAPI takes
 * that as "no look-up here" and matches the name against our listing
 * instead, which would hand back a metric refused for a delta recorder.
 */
static int refuse_name(const struct hu_err *e)
{
	int code = report(e);

	return code == PAPI_ECMP ? PAPI_ENOEVNT : code;
}

/* Names without "::" belong to other components: fail quietly, unless ours. */
static int hu_ntv_name_to_code(const char *name, unsigned int *code)
{
	struct hu_err e = { 0 };
	int c;

	if (!strstr(name, "::")) {
		if (!names_our_pmu(name))
			return PAPI_ENOEVNT;
		hu_fail(&e, HU_E_SYNTAX, "'%s' is not of the form PMU::EVENT[:QUALIFIER=VALUE]... "
			"(perf's PMU/EVENT,QUALIFIER=VALUE/ is written PMU::EVENT:QUALIFIER=VALUE)", name);
		return refuse_name(&e);
	}
	if (hu_spec_no_second_prefix(name, &e))
		return refuse_name(&e);
	/* quietly: PAPI goes on to perf_event_uncore, whose syntax it is */
	if (hu_cat_name_to_code(&catalogue, name, &c, &e)) {
		hu_debug(HU_DEBUG_NAMES, "name %s: refused (%d): %s", name, e.status, e.msg);
		return e.status == HU_E_FOREIGN ||
		       (e.status == HU_E_NOPMU && someone_elses_pmu(name)) ? PAPI_ENOEVNT : refuse_name(&e);
	}
	if (refuse_for_delta_recorder(name, c, &e))
		return refuse_name(&e);
	hu_debug(HU_DEBUG_NAMES, "name %s: code %#x", name, (unsigned int)c);
	*code = (unsigned int)c;
	return PAPI_OK;
}

static int hu_ntv_code_to_name(unsigned int code, char *name, int len)
{
	if (len <= 0 || hu_cat_code_to_name(&catalogue, (int)code, name, (size_t)len, NULL))
		return PAPI_ENOEVNT;
	return PAPI_OK;
}

static int hu_ntv_code_to_descr(unsigned int code, char *descr, int len)
{
	struct hu_event_info info;

	if (len <= 0 || hu_cat_code_to_info(&catalogue, (int)code, &info, NULL))
		return PAPI_ENOEVNT;
	hu_copy(descr, (size_t)len, info.long_descr);
	return PAPI_OK;
}

static int hu_ntv_code_to_info(unsigned int code, PAPI_event_info_t *out)
{
	struct hu_event_info info;

	if (hu_cat_code_to_info(&catalogue, (int)code, &info, NULL))
		return PAPI_ENOEVNT;
	hu_copy(out->symbol, sizeof(out->symbol), info.symbol);
	hu_copy(out->short_descr, sizeof(out->short_descr), info.short_descr);
	hu_copy(out->long_descr, sizeof(out->long_descr), info.long_descr);
	hu_copy(out->units, sizeof(out->units), info.units);
	out->data_type = info.is_metric ? PAPI_DATATYPE_FP64 : PAPI_DATATYPE_UINT64;
	out->location = PAPI_LOCATION_UNCORE;
	out->value_type = info.is_metric ? PAPI_VALUETYPE_ABSOLUTE : PAPI_VALUETYPE_RUNNING_SUM;
	out->timescope = PAPI_TIMESCOPE_SINCE_START;
	return PAPI_OK;
}

papi_vector_t _hisi_uncore_vector = {
	.cmp_info = {
		.name = "hisi_uncore",
		.short_name = "",	/* a prefix would garble qualifiers in papi_native_avail */
		.description = HU_DESCRIPTION,
		.version = "0.1",
		.default_domain = PAPI_DOM_ALL,
		.available_domains = PAPI_DOM_ALL,
		.default_granularity = PAPI_GRN_SYS,
		.available_granularities = PAPI_GRN_SYS,
		.hardware_intr_sig = PAPI_INT_SIGNAL,
		/* so PAPI_overflow/PAPI_profil reach us, and are refused with a reason */
		.hardware_intr = 1,
		.kernel_multiplex = 1,
	},
	.size = {
		.context = sizeof(struct hu_context),
		.control_state = sizeof(struct hu_event_set),
		.reg_value = 1,
		.reg_alloc = 1,
	},
	.init_component = hu_init_component,
	.shutdown_component = hu_shutdown_component,
	.init_thread = hu_init_thread,
	.shutdown_thread = hu_shutdown_thread,
	.init_control_state = hu_init_control_state,
	.update_control_state = hu_update_control_state,
	.start = hu_start,
	.stop = hu_stop,
	.read = hu_read,
	.reset = hu_reset,
	.ctl = hu_ctl,
	.write = hu_write,
	.set_overflow = hu_set_overflow,
	.set_profile = hu_set_profile,
	.set_domain = hu_set_domain,
	.ntv_enum_events = hu_ntv_enum_events,
	.ntv_name_to_code = hu_ntv_name_to_code,
	.ntv_code_to_name = hu_ntv_code_to_name,
	.ntv_code_to_descr = hu_ntv_code_to_descr,
	.ntv_code_to_info = hu_ntv_code_to_info,
};
