#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Reproduction: a PCIe bdf whose root port belongs to another PMU is refused
# (right) with a message that names the root port as if it were the bdf:
#   bdf=0x3d00 (3d:00.0, below root port 3c:00.0 of hisi_pcie0_core1) gives
#   "... the root port of bdf 3c:00.0 is outside hisi_pcie0_core0's range ..."
# The user's bdf 3d:00.0 appears nowhere.  (hisi_rules.c, check_pcie_bdf():
# bdf_out_of_range(c, "the root port of bdf", rp, e) prints rp.)
#
# usage: emulator/vm-run -- bash tests/e2e/repro/bdf-message.sh
prefix=${HU_PREFIX:-$PWD/_install}
"$prefix/bin/papi_command_line" hisi_uncore:::hisi_pcie0_core0::rx_mwr_flux:bdf=0x3d00 2>&1 |
	grep -E '^hisi_uncore:|Failed'
