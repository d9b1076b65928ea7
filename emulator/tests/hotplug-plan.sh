# shellcheck shell=bash disable=SC2034 # sourced: the caller uses the variables
# SPDX-License-Identifier: GPL-2.0
#
# hotplug_plan: which CPU the hotplug checks take offline under the PCIe
# PMUs, and where the driver must move them (the first online CPU of the
# device's node, else any online CPU).  Sets HP_FROM, HP_TO and HP_PARAMS
# (the module parameters that put the PMUs on HP_FROM); fails when the guest
# offers neither plan.
#  - node 1 holding CPU 1 (vm-run --numa on x86_64): pcie_node=1, the PMUs
#    sit on CPU 1 and move to CPU 0;
#  - no second node, CPU 0 can go offline (arm64: the UEFI firmware vm-run
#    boots arm64 with hides the SRAT's nodes from Linux, see
#    emulator/README.md; x86 keeps CPU 0 online): no device node, the PMUs
#    sit on CPU 0 and move to CPU 1.
hotplug_plan() {
	local cpus=/sys/devices/system/cpu
	if [ -d /sys/devices/system/node/node1 ] && [ -e $cpus/cpu1/online ]; then
		HP_FROM=1 HP_TO=0 HP_PARAMS=pcie_node=1
	elif [ -e $cpus/cpu0/online ] && [ -e $cpus/cpu1/online ]; then
		HP_FROM=0 HP_TO=1 HP_PARAMS=""
	else
		return 1
	fi
}
