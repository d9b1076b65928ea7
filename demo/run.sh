#!/usr/bin/env bash
# The demo: the emulated Hip09 (emulator/) booted under QEMU with background
# traffic and time counters that follow the clock, and the hisi_uncore PAPI
# component at work on it, as a user sees it.  Runs demo/guest.sh inside the
# guest.
set -euo pipefail
: "${HU_SRCDIR:?}" "${HU_PREFIX:?}"
echo "demo: booting the emulated Hip09 (QEMU, no KVM: about 10 s) with background traffic"
exec "$HU_SRCDIR/emulator/vm-run" --gen --hw-time --timeout 240 \
	--env HU_PREFIX="$HU_PREFIX" --env HU_SRCDIR="$HU_SRCDIR" -- \
	"$HU_SRCDIR/demo/guest.sh"
