// SPDX-License-Identifier: BSD-3-Clause
/* The unit tier: every stage without PAPI. */
#include "cu_main.h"

void register_cu_assert_tests(void);
void register_sysfs_parse_tests(void);
void register_pmu_sysfs_tests(void);
void register_event_spec_tests(void);
void register_perf_group_tests(void);
void register_event_set_tests(void);
void register_event_value_tests(void);
void register_catalogue_tests(void);
void register_hisi_rules_tests(void);
void register_device_name_tests(void);
void register_owner_lock_tests(void);
void register_profiler_output_tests(void);
void register_stat_tests(void);
void register_pmu_family_tests(void);
void register_message_tests(void);
void register_pcp_agent_tests(void);

static void register_all(void)
{
	register_cu_assert_tests();
	register_sysfs_parse_tests();
	register_pmu_sysfs_tests();
	register_pmu_family_tests();
	register_message_tests();
	register_event_spec_tests();
	register_perf_group_tests();
	register_event_set_tests();
	register_event_value_tests();
	register_catalogue_tests();
	register_hisi_rules_tests();
	register_device_name_tests();
	register_owner_lock_tests();
	register_profiler_output_tests();
	register_stat_tests();
	register_pcp_agent_tests();
}

int main(void)
{
	return hu_cu_run("unit", register_all);
}
