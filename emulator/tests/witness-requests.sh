#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The requests of the witness tier (run-witness.sh): one pmu_open argument
# list per line, the same for the kernel's own drivers and for the
# transcription. They are raw perf_event_attr values, not names, so that
# codes, filter bits and groups no table of this project lists are asked
# too. The set is fixed: a full grid where it is small, and groups and
# other users' events drawn with a seeded generator of its own (bash
# arithmetic, the same sequence on every machine).
#
# usage: witness-requests.sh     (on the default topology, see guest-tests.sh)

set -euo pipefail

P0=hisi_pcie0_core0
P1=hisi_pcie0_core1
H=hns3_pmu_sicl_0

seed=20261206
# R = a number in [0, $1)
rnd() {
	seed=$(((seed * 1103515245 + 12345) & 0x7fffffff))
	R=$(((seed >> 8) % $1))
}
# Append " $M" for each of $3 + [0, $2) calls of member generator $1 to
# line. The count is drawn once, before the members draw their own numbers.
add_members() {
	local gen=$1 n k
	rnd "$2"
	n=$((R + $3))
	for ((k = 0; k < n; k++)); do
		"$gen"
		line="$line $M"
	done
}
# P = one element of the array named $1
pick() {
	local -n arr=$1
	rnd ${#arr[@]}
	P=${arr[R]}
}

# ---- PCIe ---------------------------------------------------------------------
# Codes: the 6.1 events, the v6.9 ones, the v5.19 IDs, 0, the widest the
# format allows and one above it (config bit 17 is not the event's).
PCIE_CODES=(0x0010 0x10010 0x0210 0x10210 0x0011 0x10011 0x0804 0x10804
	0x0405 0x10405 0x0104 0x10104 0x2004 0x12004 0x0105 0x1005 0x0000
	0x1ffff 0x20804)
# config2: none; port bitmaps (30:00.0 is bit 0, 30:04.0 bit 8); bdf
# (<< 16): endpoints under each root port, the root ports themselves, the
# other core's root port and endpoint, no device, 0xffff; port and bdf.
PCIE_TARGETS=(0 0x1 0x100 0x101 0x2 0x200 0xffff 0x31000000 0x31010000
	0x32000000 0x30000000 0x30200000 0x3c000000 0x3d000000 0x38000000
	0xffff0000 0x32000001 0x31000100)
# config1: thr_len 0-3, thr_mode 4, trig_len 5-8, trig_mode 9, len_mode
# 10-11 (6.2+ only), bit 12 (no field).
PCIE_FILTERS=(0 0x3 0x13 0xa 0xb 0x80 0x280 0x140 0x160 0x400 0x800 0xc00
	0x1000)
PCIE_FLUX=(0x0804 0x0405 0x0104 0x2004 0x10804 0x0010)
P1_TARGETS=(0 0x1 0x100 0x3d000000 0x3e000000 0x31000000)

pcie() { echo "$1/config=$2,config1=$3,config2=$4/"; }

for c in "${PCIE_CODES[@]}"; do
	for t in "${PCIE_TARGETS[@]}"; do
		pcie "$P0" "$c" 0 "$t"
	done
	for t in "${P1_TARGETS[@]}"; do
		pcie "$P1" "$c" 0 "$t"
	done
done
for c in "${PCIE_FLUX[@]}"; do
	for f in "${PCIE_FILTERS[@]}"; do
		for t in 0x1 0x31010000 0x32000000; do
			pcie "$P0" "$c" "$f" "$t"
		done
	done
done

# What makes an event not a counting one, or points it elsewhere.
for pmu in "$P0/config=0x0804,config2=0x1" "$H/config=0x00002,config1=0x10000000000000"; do
	for extra in period=1000 pid=0,cpu=-1 cpu=1 exclude_user=1 \
		exclude_kernel=1 exclude_hv=1 exclude_idle=1 exclude_host=1 \
		exclude_guest=1; do
		echo "$pmu,$extra/"
	done
done

# Groups: a pool small enough that members often count the same thing.
GROUP_CODES=(0x0804 0x10804 0x0010 0x10010 0x0405 0x10405 0x0210 0x10210
	0x0011 0x10011 0x0104 0x2004)
GROUP_TARGETS=(0x1 0x100 0x31000000 0x1)
GROUP_FILTERS=(0 0 0x400 0x3)
pcie_member() {
	local pmu=$P0
	rnd 20
	if [ "$R" = 0 ]; then
		pmu=$P1
	fi
	pick GROUP_CODES
	local c=$P
	pick GROUP_TARGETS
	local t=$P
	pick GROUP_FILTERS
	printf -v M '%s/config=%s,config1=%s,config2=%s/' "$pmu" "$c" "$P" "$t"
}
for _ in {1..300}; do
	line="{"
	rnd 7
	if [ "$R" = 0 ]; then
		line="$line software/config=9/"
	fi
	add_members pcie_member 10 2
	echo "$line }"
done

# Other users: events opened and enabled alone first (each its own group),
# then a group of one to three.
for _ in {1..120}; do
	line=""
	add_members pcie_member 10 1
	line="$line {"
	add_members pcie_member 3 1
	echo "${line# } }"
done

# ---- HNS3 ---------------------------------------------------------------------
# Codes: bandwidth, packet rate, latency and interrupt pairs, codes no
# event has, 0 and the widest.
HNS3_CODES=(0x00001 0x10001 0x00002 0x10002 0x00007 0x00100 0x10100
	0x00111 0x10111 0x00202 0x10202 0x0021c 0x1021c 0x00300 0x10300
	0x00000 0x0ffff 0x1ffff)
# config1: global (bit 52); port (0-3) and tc (4-7); bdf (8-23) with queue
# (24-39) or intr (40-51); global with a function.
HNS3_FILTERS=(0x10000000000000 0xf0 0xf1 0x0 0x30 0xf7 0xf8 0xff
	0xffff003100 0x3003100 0x3003101 0xffff003200 0x14003100
	0xffff003000 0xffff003d00 0xffff000000 0x5000003100 0x5000003200
	0xfff0000003100 0x10000000003100 0x10000ffff003100 0x3100)

hns3() { echo "$H/config=$1,config1=$2/"; }

for c in "${HNS3_CODES[@]}"; do
	for f in "${HNS3_FILTERS[@]}"; do
		hns3 "$c" "$f"
	done
done

HNS3_GROUP_CODES=(0x00002 0x10002 0x00100 0x10100 0x00202 0x10202 0x00300
	0x10300 0x00001)
HNS3_GROUP_FILTERS=(0x10000000000000 0xffff003100 0xf0 0x5000003100)
hns3_member() {
	pick HNS3_GROUP_CODES
	local c=$P
	pick HNS3_GROUP_FILTERS
	printf -v M '%s/config=%s,config1=%s/' "$H" "$c" "$P"
}
for _ in {1..100}; do
	line="{"
	add_members hns3_member 10 2
	echo "$line }"
done
for _ in {1..60}; do
	line=""
	add_members hns3_member 10 1
	hns3_member
	echo "${line# } { $M }"
done
