#!/usr/bin/env bash
# Tools tier: the installed utilities as a user runs them.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
bin=$HU_PREFIX/bin
attr=$HU_BUILDDIR/hisi-uncore-attr
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_fake_sysfs "$work/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
mkdir -p "$work/empty/bus/event_source/devices"
fx() { SYSFS_PATH=$work/sys HISI_UNCORE_EXTRA_PMUS=msr "$@"; }

out=$(fx "$bin/papi_component_avail" 2>&1)
if grep -q "PMUs supported: hisi_pcie0_core0, hns3_pmu_sicl_0, msr" <<<"$out"; then
	pass "papi_component_avail lists the PMUs"
else
	fail "papi_component_avail lists the PMUs" "$(grep -A3 hisi_uncore <<<"$out")"
fi

out=$(fx "$bin/papi_native_avail" 2>&1)
check "papi_native_avail lists HNS3 events" grep -q "| hns3_pmu_sicl_0::bw_ssu_rpu_byte_num " <<<"$out"
check "papi_native_avail lists qualifiers with ranges" \
	grep -q "(config1:24-39, 0 to 0xffff)" <<<"$out"
check "papi_native_avail counts 129 events" grep -q "Total events reported: 129" <<<"$out"

out=$(fx "$bin/papi_native_avail" -e hisi_pcie0_core0::rx_mwr_latency 2>&1)
check "papi_native_avail -e shows qualifiers" grep -qE ":port=0 -- .*\(config2:0-15, 0 to 0xffff\)" <<<"$out"
check "papi_native_avail -e shows the tables' description" grep -q "^Description: *.*latency" <<<"$out"

out=$(HISI_UNCORE_EXTRA_PMUS=msr "$bin/papi_command_line" msr::tsc 2>&1)
n=$(sed -nE 's/^msr::tsc :[[:space:]]*([0-9]+).*/\1/p' <<<"$out")
if [ -n "$n" ] && [ "$n" -gt 0 ]; then
	pass "papi_command_line msr::tsc counts $n ticks"
else
	fail "papi_command_line msr::tsc counts" "$out"
fi

out=$(HISI_UNCORE_EXTRA_PMUS=msr "$bin/papi_command_line" hisi_uncore:::msr::tsc 2>&1)
check "papi_command_line with the component prefix" grep -qE "^hisi_uncore:::msr::tsc :[[:space:]]*[1-9]" <<<"$out"

out=$(fx "$bin/papi_command_line" hns3_pmu_sicl_0::bw_ssu_egu_byte_num:tc=16 2>&1)
check "a bad qualifier value gets a one-line reason" \
	grep -q "^hisi_uncore: value 0x10 too big for qualifier 'tc' (config1:4-7), maximum is 15" <<<"$out"

out=$(SYSFS_PATH=$work/empty "$bin/papi_component_avail" 2>&1)
check "no PMU: disabled with what was looked for and where" \
	grep -q "no HiSilicon uncore PMU found: looked for hisi_pcie<sicl>_core<core> and hns3_pmu_sicl_<id>.* in $work/empty/bus/event_source/devices" <<<"$out"

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
if [ "$paranoid" -gt 0 ] && command -v setpriv >/dev/null; then
	out=$(fx setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$bin/papi_component_avail" 2>&1)
	check "unprivileged: disabled with an actionable reason" \
		grep -q "insufficient permissions for system-wide uncore counting: perf_event_paranoid is $paranoid" <<<"$out"
else
	out=$(fx "$bin/papi_component_avail" 2>&1)
	check "perf_event_paranoid <= 0: enabled for everyone" grep -q "PMUs supported: hisi_pcie0_core0" <<<"$out"
fi

out=$(fx "$attr" hisi_pcie0_core0::rx_mwr_cnt:bdf=0x3c08 hns3_pmu_sicl_0::bw_ssu_egu_byte_num:global)
rc=$?
check "hisi-uncore-attr prints all four fields" test "$rc" = 0 -a \
	"$(head -1 <<<"$out")" = "hisi_pcie0_core0::rx_mwr_cnt:bdf=0x3c08 type=4242 config=0x10010 config1=0x0 config2=0x3c080000"
out=$(fx "$attr" hisi_pcie0_core0::rx_mwr_cnt hisi_pcie0_core0::nope 2>&1)
rc=$?
check "hisi-uncore-attr exits 2 and says why" test "$rc" = 2 -a \
	"$(tail -1 <<<"$out")" = "hisi_pcie0_core0::nope error: PMU 'hisi_pcie0_core0' has no event 'nope' (see its events/ directory)"

finish tools
