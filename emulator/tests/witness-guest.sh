#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the witness tier (run-witness.sh): what one driver, the
# kernel's own or the transcription, makes of the same device and the
# same requests. Prints, for the host to compare:
#   sysfs <pmu>/<file> <mode> <content>   every file of each PMU's directory
#                                         but type, uevent and power/, and
#                                         "(device) -" with its sysfs path
#   kernel-log <line>                     a warning or worse in dmesg
#   request <n>                           then pmu_open's lines for request n
#                                         (pmu_open -b): the events open, the
#                                         traffic below, each PMU's registers
#                                         (its debugfs slots), the counts
#
# usage: witness-guest.sh PMU_OPEN REQUESTS

PO=${1:?usage: witness-guest.sh PMU_OPEN REQUESTS}
REQUESTS=${2:?usage: witness-guest.sh PMU_OPEN REQUESTS}
DBG=/sys/kernel/debug/hip09_emu
DEV=/sys/bus/event_source/devices
P0=hisi_pcie0_core0
P1=hisi_pcie0_core1
H=hns3_pmu_sicl_0

pmus=$(awk '{ print $1 }' "$DBG/pmus")
if [ -z "$pmus" ]; then
	echo "witness-guest: no PMU in $DBG/pmus" >&2
	exit 1
fi

for p in $pmus; do
	# Where the driver put the PMU in the device tree (pmu->parent, 6.9+):
	# what the component reads a PMU's PCI domain from.
	printf 'sysfs %s/(device) - %s\n' "$p" "$(readlink -f "$DEV/$p")"
	# A few processes per PMU, not per file: forks are slow under TCG.
	(cd "$DEV/$p/" && find . -path ./power -prune -o -type f \
		! -name type ! -name uevent -printf '%P %m\n' |
		while read -r f mode; do
			read -r content <"$f"
			printf 'sysfs %s/%s %s %s\n' "$p" "$f" "$mode" "$content"
		done) | sort
	# No rotation within a request: which events get a counter is then
	# the driver's answer alone, not the timer's.
	echo 1000000 >"$DEV/$p/perf_event_mux_interval_ms"
done

# One fixed mix of traffic: each PCIe TLP type in both directions below
# both root ports (30:00.0 bit 0, 30:04.0 bit 8) and under core 1, lengths
# either side of the threshold and trigger values the requests use; and
# each HNS3 event type through several ports, TCs, functions and queues.
# Then each PMU's registers while counting.
STEPS=$(mktemp)
trap 'rm -f "$STEPS"' EXIT
{
	inject() { echo "write $DBG/$1/inject $2"; }
	inject $P0 "dir=rx type=mwr req=0x3100 len=16 count=10"
	inject $P0 "dir=rx type=mwr req=0x3101 len=2 count=5"
	inject $P0 "dir=rx type=mrd req=0x3200 len=8 lat=300 count=3"
	inject $P0 "dir=rx type=cpl rp=0x3000 len=32 count=2"
	inject $P0 "dir=tx type=mwr rp=0x3020 len=4 lat=20 count=7"
	inject $P0 "dir=tx type=mrd req=0x3100 len=1 lat=50 count=9"
	inject $P0 "dir=tx type=cpl req=0x3200 len=64 count=1"
	inject $P0 "dir=rx type=mrd req=0x3101 len=128 lat=1000 count=1"
	inject $P0 "dir=rx type=mwr req=0x3100 len=512 lat=7 count=2"
	inject $P1 "dir=rx type=mwr req=0x3d00 len=8 lat=11 count=4"
	inject $P1 "dir=tx type=mrd req=0x3e00 len=2 lat=70 count=6"
	inject $P1 "dir=rx type=mrd req=0x3d00 len=4 lat=20 count=2"
	inject $H "event=0x0002 port=0 tc=0 bdf=0x3100 queue=3 bytes=1500 packets=1 count=4"
	inject $H "event=0x0002 port=1 tc=2 bdf=0x3101 queue=0 bytes=100 packets=2"
	inject $H "event=0x0001 port=0 tc=1 bdf=0x3200 queue=1 bytes=64 packets=1 count=2"
	inject $H "event=0x0100 port=0 tc=1 bdf=0x3100 queue=3 packets=10"
	inject $H "event=0x0111 port=2 tc=0 bdf=0x3101 queue=5 packets=7"
	inject $H "event=0x0202 port=0 tc=0 bdf=0x3100 queue=3 packets=5 lat=800"
	inject $H "event=0x021c bdf=0x3100 intr_id=5 packets=3 lat=40"
	inject $H "event=0x0300 bdf=0x3100 intr_id=5 intr=9"
	echo "write $DBG/advance 1000"
	# Past a scheduler tick: under TCG the guest's clock may stand still
	# within one (sched_clock_local()'s clamp), and the perf times with it.
	echo "sleep 10000"
	for p in $pmus; do
		echo "show $DBG/$p/slots"
	done
} >"$STEPS"

"$PO" -b "$STEPS" <"$REQUESTS"
# A warning or worse from either driver fails the run whatever it counted.
dmesg | grep -E 'WARNING|BUG|Oops|Call Trace' | sed 's/^/kernel-log /'
