/*
 * perf_encode_check.c - perf_events encodings of the Hip09 libpfm4 models
 *
 * tests/validate checks raw codes (PFM_OS_NONE) only.  This program checks
 * what a perf_events user such as PAPI gets from pfm_get_os_event_encoding()
 * with PFM_OS_PERF_EVENT_EXT: attr.type read from sysfs, config/config1/
 * config2, exclude_* cleared, and the rejection of privilege and sampling
 * modifiers.  It needs a sysfs tree holding the type files of
 * hisi_pcie0_core0 (type 42) and hns3_pmu_sicl_0 (type 43) and nothing for
 * hisi_pcie1_core0, passed through SYSFS_PATH; test.sh creates one.
 *
 * Build: cc -I<libpfm4>/include perf_encode_check.c <libpfm4>/lib/libpfm.a
 * Prints one line per case and "N passed, N failed"; exit 1 on failure.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <perfmon/pfmlib_perf_event.h>

struct perf_case {
	const char *name;
	int ret;
	uint32_t type;
	uint64_t config, config1, config2;
	const char *fstr;	/* expected prefix of the full event string */
};

static const struct perf_case cases[] = {
	{ "hisi_pcie0_core0::rx_mwr_latency:port=0x1:cpu=0", PFM_SUCCESS, 42, 0x10, 0, 0x1,
	  "hisi_pcie0_core0::rx_mwr_latency:port=0x1:" },
	{ "hisi_pcie0_core0::rx_mrd_flux:bdf=0x3900:thr_len=3:len_mode=2", PFM_SUCCESS, 42,
	  0x804, 0x803, 0x39000000, NULL },
	{ "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num", PFM_SUCCESS, 43, 0x2, 0x1000ffff0000f0, 0, NULL },
	{ "hns3_pmu_sicl_0::dly_tpu_packet_num:bdf=0x3500:queue=3", PFM_SUCCESS, 43, 0x1020f,
	  0x33500f0, 0, NULL },
	{ "hisi_pcie0_core0::rx_mwr_latency:u", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	{ "hisi_pcie0_core0::rx_mwr_latency:k=1", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	{ "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:period=1000", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	{ "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:freq=100", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	{ "hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:precise=1", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	{ "hisi_pcie0_core0::rx_mwr_latency:mg=1", PFM_ERR_ATTR, 0, 0, 0, 0, NULL },
	/* not in the fixture: the instance is inactive, its events unknown */
	{ "hisi_pcie1_core0::rx_mwr_latency", PFM_ERR_NOTFOUND, 0, 0, 0, 0, NULL },
};

static int check_case(const struct perf_case *c, size_t attr_size)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL;
	int ret, ok;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	attr.size = attr_size;
	arg.attr = &attr;
	arg.size = sizeof(arg);
	arg.fstr = &fstr;
	ret = pfm_get_os_event_encoding(c->name, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);

	ok = ret == c->ret;
	if (ok && ret == PFM_SUCCESS)
		ok = attr.type == c->type && attr.config == c->config &&
		     attr.config1 == c->config1 && attr.config2 == c->config2 &&
		     !attr.exclude_user && !attr.exclude_kernel && !attr.exclude_hv &&
		     !attr.exclude_host && !attr.exclude_guest && !attr.sample_period &&
		     (!c->fstr || (fstr && strncmp(fstr, c->fstr, strlen(c->fstr)) == 0));
	printf("%s %s: ret=%d type=%u config=%#" PRIx64 " config1=%#" PRIx64
	       " config2=%#" PRIx64 " fstr=%s\n", ok ? "PASS" : "FAIL", c->name, ret,
	       attr.type, (uint64_t)attr.config, (uint64_t)attr.config1,
	       (uint64_t)attr.config2, fstr ? fstr : "-");
	free(fstr);
	return ok;
}

/* An instance is "present" exactly when the fixture holds its type file. */
static int check_presence(const char *pmu_name, int expect_present)
{
	pfm_pmu_info_t info;
	int i, ok = 0;

	pfm_for_all_pmus(i) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(i, &info) != PFM_SUCCESS || strcmp(info.name, pmu_name))
			continue;
		ok = info.is_present == expect_present && info.type == PFM_PMU_TYPE_UNCORE;
		break;
	}
	printf("%s %s present=%d\n", ok ? "PASS" : "FAIL", pmu_name, expect_present);
	return ok;
}

/*
 * attr.size 0 (PAPI before 7.1) makes the perf layer copy back only the
 * first PERF_ATTR_SIZE_VER0 bytes: config2 (PCIe port/bdf) is lost.
 */
static int check_size_zero_drops_config2(void)
{
	struct perf_case c = cases[0];

	c.config2 = 0;
	c.fstr = NULL;
	printf("(attr.size = 0) ");
	return check_case(&c, 0);
}

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);
	int passed = 0, total = 0;

	if (pfm_initialize() != PFM_SUCCESS) {
		fprintf(stderr, "pfm_initialize failed\n");
		return 1;
	}
	for (i = 0; i < n; i++, total++)
		passed += check_case(&cases[i], sizeof(struct perf_event_attr));
	passed += check_size_zero_drops_config2(), total++;
	passed += check_presence("hisi_pcie0_core0", 1), total++;
	passed += check_presence("hns3_pmu_sicl_0", 1), total++;
	passed += check_presence("hisi_pcie1_core0", 0), total++;
	printf("%d passed, %d failed\n", passed, total - passed);
	return passed == total ? 0 : 1;
}
