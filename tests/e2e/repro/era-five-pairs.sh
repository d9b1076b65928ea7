#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Reproduction: in the PCIe driver eras before v6.9 (5.19, 6.2) the component
# refuses an EventSet of five counter pairs with PAPI_ECNFLCT ("needs 10
# hardware counters ... which has 8"), although the driver counts them
# without multiplexing as two perf groups (8 + 2 events) in 5 slots: the
# halves of a pair share a slot inside a group in every era; only the
# per-group validation counts every event before v6.9.
#
# usage (from the source tree, after ./build.sh build):
#   emulator/vm-run --pcie-era 5.19 -- bash tests/e2e/repro/era-five-pairs.sh
# Expect: perf stat counts all ten events at 100% with 5 slots in use;
# papi_command_line fails to add the fifth metric.
P=hisi_pcie0_core0
D=/sys/kernel/debug/hip09_emu
prefix=${HU_PREFIX:-$PWD/_install}
grep '^era=' $D/$P/info
A="$P/rx_mwr_latency,port=1/,$P/rx_mwr_cnt,port=1/,$P/rx_mrd_latency,port=1/,$P/rx_mrd_cnt,port=1/"
A="$A,$P/tx_mrd_latency,port=1/,$P/tx_mrd_cnt,port=1/,$P/rx_mrd_flux,port=1/,$P/rx_mrd_time,port=1/"
B="$P/tx_mrd_flux,port=1/,$P/tx_mrd_time,port=1/"
echo "== perf stat, two groups:"
perf stat -a -x, -e "{$A}" -e "{$B}" -- sh -c "
	echo 'dir=rx type=mwr rp=0x3000 lat=10 count=1' > $D/$P/inject
	echo 'dir=rx type=cpl rp=0x3000 len=7 count=3' > $D/$P/inject
	echo 100 > $D/advance
	echo slots in use: \$(grep -c used=1 $D/$P/slots)" 2>&1 | cut -d, -f1,3,5
echo "== papi_command_line, the same five pairs as metrics:"
"$prefix/bin/papi_command_line" $P::rx_mwr_avg_latency:port=0x1 $P::rx_mrd_avg_latency:port=0x1 \
	$P::tx_mrd_avg_latency:port=0x1 $P::rx_mrd_flux_per_cycle:port=0x1 \
	$P::tx_mrd_flux_per_cycle:port=0x1 2>&1 | grep -E 'added|Failed|because|hisi_uncore:'
