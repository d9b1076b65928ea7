#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Read a PMU's debugfs slots view N times; print how many reads did not
# show WANT used slots. mapfile takes each view in one read(), so one read
# is one snapshot of the module.
#
# usage: slot-reads.sh N SLOTS_FILE WANT

n=${1:?usage: slot-reads.sh N SLOTS_FILE WANT}
file=${2:?}
want=${3:?}
bad=0
for ((i = 0; i < n; i++)); do
	mapfile -t lines <"$file"
	used=0
	for l in "${lines[@]}"; do
		[[ $l == *" used=1 "* ]] && used=$((used + 1))
	done
	[ "$used" = "$want" ] || bad=$((bad + 1))
done
echo "$bad"
