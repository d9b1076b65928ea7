#!/usr/bin/env bash
# gen-sysfs.sh ROOT NPCIE NHNS3
#
# Write a sysfs root at ROOT with NPCIE PCIe PMU instances
# (hisi_pcie<sicl>_core<core>, four cores per SICL) and NHNS3 HNS3 PMU
# instances (hns3_pmu_sicl_<id>), each a copy of the committed fixture PMU
# directory (tests/fixtures/sysfs/bus/event_source/devices/*) with its own
# name, perf type and bus.  As tests/lib/fake-sysfs.sh does, every other
# entry of /sys is a symlink to the real one and the host's real PMUs are
# linked into bus/event_source/devices, so perf (SYSFS_PATH=ROOT) and
# hisi_uncore read the tree like the real /sys.  NPCIE=NHNS3=0 gives the
# "empty" baseline tree (only the host's own PMUs).
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 ROOT NPCIE NHNS3" >&2; exit 2; }
root=$1 npcie=$2 nhns3=$3
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fix=$top/tests/fixtures/sysfs/bus/event_source/devices
dev=$root/bus/event_source/devices

# shellcheck source=../tests/lib/fake-sysfs.sh
. "$top/tests/lib/fake-sysfs.sh"
make_fake_sysfs "$root"

type=5000
for ((i = 0; i < npcie; i++)); do
	sicl=$((i / 4)) core=$((i % 4))
	d=$dev/hisi_pcie${sicl}_core${core}
	cp -r "$fix/hisi_pcie0_core0" "$d"
	bus=$((0x10 + i))
	echo "$type" >"$d/type"
	printf '%#04x\n' "$bus" >"$d/bus"
	printf '%#04x\n' $((bus << 8)) >"$d/bdf_min"
	printf '%#04x\n' $((bus << 8 | 0x10)) >"$d/bdf_max"
	type=$((type + 1))
done
for ((i = 0; i < nhns3; i++)); do
	d=$dev/hns3_pmu_sicl_$i
	cp -r "$fix/hns3_pmu_sicl_0" "$d"
	echo "$type" >"$d/type"
	type=$((type + 1))
done
