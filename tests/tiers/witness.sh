#!/usr/bin/env bash
# Witness tier: the kernel's own hisi_pcie_pmu and hns3_pmu (Debian's
# linux-source-6.1, unmodified) and the emulator's transcription of them
# answer the same 1,684 requests on the same emulated device alike: sysfs,
# open errnos, the registers programmed, the counts (emulator/README.md).
exec "$HU_SRCDIR/emulator/tests/run-witness.sh"
