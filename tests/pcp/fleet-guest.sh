#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The node's side of the pcp tier's fleet check (tests/tiers/pcp.sh): pmcd
# runs with the agent (vm-run --pcp) and is reached from the host through
# vm-run --forward; this script says it is ready, then injects the traffic
# the host asks for, until the host is done.  DIR is shared read-write:
#   ready      this side is up
#   inject     lines "PMU|injection" the host wants; removed once done,
#   injected   then created
#   done       the host is done: exit
#
# usage: fleet-guest.sh DIR
dir=${1:?usage: fleet-guest.sh DIR}
DBG=/sys/kernel/debug/hip09_emu
touch "$dir/ready"
until [ -e "$dir/done" ]; do
	if [ -e "$dir/inject" ]; then
		while IFS='|' read -r pmu spec; do
			echo "$spec" >"$DBG/$pmu/inject" || echo "fleet-guest: $pmu: $spec refused" >&2
		done <"$dir/inject"
		rm -f "$dir/inject"
		touch "$dir/injected"
	fi
	sleep 0.05
done
