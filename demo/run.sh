#!/usr/bin/env bash
# The demo: what a user sees.  Until the emulated Hip09 boots here, it runs
# on the host: the component lists the Hip09 PMUs of the sysfs fixtures
# (byte-for-byte what the kernel drivers print) and counts for real on the
# machine's msr PMU.
set -euo pipefail
: "${HU_SRCDIR:?}" "${HU_PREFIX:?}"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
bin=$HU_PREFIX/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step() { printf '\n==== %s\n' "$*"; }

step "sysfs root: the Hip09 fixture PMUs next to this machine's real PMUs"
make_fake_sysfs "$work/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
ls "$work/sys/bus/event_source/devices"
export SYSFS_PATH=$work/sys HISI_UNCORE_EXTRA_PMUS=msr

step "papi_component_avail: the hisi_uncore component"
"$bin/papi_component_avail" | sed -n '/hisi_uncore/,/^$/p' | head -8

step "papi_native_avail: an HNS3 event and a PCIe event with their qualifiers"
"$bin/papi_native_avail" -e hns3_pmu_sicl_0::bw_ssu_rpu_byte_num | sed -n '/Event name/,$p'
"$bin/papi_native_avail" -e hisi_pcie0_core0::rx_mwr_flux | sed -n '/Event name/,$p'

step "hisi-uncore-attr: what the component will open for a name"
"$bin/hisi-uncore-attr" hisi_pcie0_core0::rx_mwr_flux:port=0x1:thr_len=4 \
	hns3_pmu_sicl_0::dly_rpu_time:bdf=0x3500:queue=3 || true

step "papi_command_line: a real measurement (msr::tsc on this machine)"
"$bin/papi_command_line" msr::tsc | sed -n '/Successfully/,$p'

step "a mistake in a qualifier, and what the user is told"
"$bin/papi_command_line" hns3_pmu_sicl_0::bw_ssu_egu_byte_num:tc=16 2>&1 | sed -n '1p;/Failed/,/because/p'
