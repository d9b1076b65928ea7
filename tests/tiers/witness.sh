#!/usr/bin/env bash
# Witness tier: the kernel's own hisi_pcie_pmu and hns3_pmu (Debian's
# linux-source-6.1 and linux-source-6.12, unmodified, each on a guest
# kernel of its series, and sid's newest, whose drivers are 6.12's on a 7.x
# perf core) and the emulator's transcription of them (eras 6.1.y, 6.12,
# 6.12) answer the same 1,684 requests on the same emulated device alike:
# sysfs, open errnos, the registers programmed, the counts
# (emulator/README.md); each series' two guests boot side by side. Ends
# with the runs' checks added up.
. "$HU_SRCDIR/tests/tiers/lib.sh"
for series in 6.1 6.12 newest; do
	WITNESS_DRIVER=$series counted "witness_$series" "$HU_SRCDIR/emulator/tests/run-witness.sh"
done
finish witness
