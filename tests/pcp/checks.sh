# SPDX-License-Identifier: BSD-3-Clause
#
# Sourced by the pcp tier's guest scripts (guest.sh, install-guest.sh):
# their counters, PASS/FAIL lines named after $label, and the value of a
# metric's instance as PCP's pminfo fetches it.
DBG=/sys/kernel/debug/hip09_emu
P0=hisi_pcie0_core0
P1=hisi_pcie0_core1
H=hns3_pmu_sicl_0
passed=0
failed=0

pass() { echo "PASS $label $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $label $1: $2"; failed=$((failed + 1)); }
expect() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "want '$2', got '$3'"; fi
}

# value METRIC INSTANCE: the instance's value in one fetch ("" when none)
value() {
	pminfo -f "$1" | awk -v i="\"$2\"]" '$4 == i { sub(/^.*\] value /, ""); gsub(/^"|"$/, ""); print }'
}
