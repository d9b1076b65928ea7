#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Host side of the arm64 tier: the aarch64 build under qemu-user must list
# and encode exactly what the native build does over the fixture PMUs (byte
# for byte).  qemu-user has no perf_event_open (ENOSYS), so only what reads
# sysfs runs here (not papi_native_avail -c, whose checks open events);
# counting is the arm64 guest's job (guest.sh).
#
# usage: user.sh SRC NATIVE_OBJ NATIVE_PREFIX ARM64_OBJ ARM64_PREFIX
# Prints PASS/FAIL lines.
set -u
src=$1 n_obj=$2 n_prefix=$3 a_obj=$4 a_prefix=$5
. "$src/tests/lib/fake-sysfs.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_fake_sysfs "$work/sys" "$src"/tests/fixtures/sysfs/bus/event_source/devices/*

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# run native|arm64 PROGRAM ARGS...: the program of that build, on the fixtures
run() {
	local which=$1 prog=$2
	shift 2
	if [ "$which" = native ]; then
		SYSFS_PATH=$work/sys "$prog" "$@"
	else
		SYSFS_PATH=$work/sys qemu-aarch64-static "$prog" "$@"
	fi
}

# The sections of papi_native_avail that come from sysfs and the event
# tables: hisi_uncore's, and of perf_event_uncore's the Hip09 PMUs' events
# (libpfm4's models).  The header, the host CPU's own uncore PMUs (an AMD
# host has amd64_rapl and its L3; qemu-user's arm64 has none) and the total
# describe the host, which the two builds see apart.
native_sections() {
	awk 'function flush() { if (keep) printf "%s", block; block = ""; keep = 0 }
	     /^ Native Events in Component: / { flush(); comp = $NF
		on = (comp == "hisi_uncore" || comp == "perf_event_uncore") }
	     /^Total events reported:/ { flush(); on = 0 }
	     !on { next }
	     comp != "perf_event_uncore" || /^ Native Events in Component: / || /^=+$/ { print; next }
	     /^\| [^ ]+::/ && block == "" { keep = ($2 ~ /^(hisi_pcie|hns3_pmu)/) }
	     { block = block $0 "\n" }
	     /^-+$/ { flush() }
	     END { flush() }' "$1"
}

# same NAME FILE_NATIVE FILE_ARM64: byte-for-byte equality, with the first
# differing lines when they differ
same() {
	local lines
	lines=$(wc -l <"$2")
	if [ "$lines" -gt 0 ] && cmp -s "$2" "$3"; then
		pass "$1 ($lines lines identical)"
	else
		fail "$1" "native $lines lines, arm64 $(wc -l <"$3") lines; first differences:
$(diff "$2" "$3" | head -n 8)"
	fi
}

declare -A prefix=([native]=$n_prefix [arm64]=$a_prefix) obj=([native]=$n_obj [arm64]=$a_obj)
for b in native arm64; do
	run $b "${prefix[$b]}/bin/papi_native_avail" >"$work/avail.raw.$b" 2>&1
	native_sections "$work/avail.raw.$b" >"$work/avail.$b"
	run $b "${obj[$b]}/hisi-uncore-metrics" >"$work/metrics.$b" 2>&1
done
same papi_native_avail_listing "$work/avail.native" "$work/avail.arm64"
same hisi_uncore_metrics "$work/metrics.native" "$work/metrics.arm64"

# Every listed event alone and with each qualifier it lists, plus the
# oracle's vectors (in component form) and a few refusals: the attr, the
# defaults and the filter mode, or the refusal's message.
awk '/^ Native Events in Component: / { on = ($NF == "hisi_uncore") }
     on && /^\| [^ ]+::[^ ]+ +\|$/ { ev = $2; print ev }
     on && /^\|     :[^ ]+ +\|$/ { q = $2; print ev q }' "$work/avail.native" >"$work/names"
sed -n 's|^!\{0,1\}\([a-z0-9_]*\)/\(.*\)/$|\1::\2|p' "$src/tests/oracle/vectors.txt" | tr ',' ':' >>"$work/names"
printf '%s\n' 'nope::x' 'hisi_pcie0_core0::rx_mwr_latency:port=0x10000' \
	'hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:func=1' 'hisi_uncore:::hisi_pcie0_core0' >>"$work/names"
mapfile -t names <"$work/names"
for b in native arm64; do
	run $b "${obj[$b]}/hisi-uncore-attr" "${names[@]}" >"$work/attr.$b" 2>&1
done
same "hisi_uncore_attr_${#names[@]}_names" "$work/attr.native" "$work/attr.arm64"
