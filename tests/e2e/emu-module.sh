#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Load and unload the emulator in an e2e guest the way vm-run loaded it:
# hip09_emu.ko, then (vm-run --driver SERIES) the kernel's own PMU drivers,
# which hold the module and so go first and come back last.
#
# usage: emu-module.sh unload
#        emu-module.sh load [PARAM=VALUE...]     (after vm-run's parameters:
#                                                 the last value wins)
#        emu-module.sh reload [PARAM=VALUE...]
# Environment (vm-run): HIP09_EMU_KO, HIP09_EMU_PARAMS, HIP09_EMU_REAL_KOS.

unload() {
	local ko mods=()
	for ko in ${HIP09_EMU_REAL_KOS:-}; do
		mods=("$(basename "$ko" .ko)" "${mods[@]}")
	done
	for ko in "${mods[@]}"; do
		rmmod "$ko" || return 1
	done
	rmmod hip09_emu
}

load() {
	local ko
	# shellcheck disable=SC2086 # the parameter list is split on purpose
	insmod "${HIP09_EMU_KO:?set by vm-run}" $HIP09_EMU_PARAMS "$@" dyndbg=+p || return 1
	for ko in ${HIP09_EMU_REAL_KOS:-}; do
		insmod "$ko" || return 1
	done
}

case ${1:-} in
unload) unload ;;
load) shift; load "$@" ;;
reload) shift; unload && load "$@" ;;
*) echo "usage: emu-module.sh unload | load [PARAM=VALUE...] | reload [PARAM=VALUE...]" >&2; exit 2 ;;
esac
