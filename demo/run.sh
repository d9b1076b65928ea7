#!/usr/bin/env bash
# The demo: the emulated Hip09 (emulator/) booted under QEMU with background
# traffic and time counters that follow the clock, and the hisi_uncore PAPI
# component at work on it, as a user sees it, and the PCP agent serving the
# same counters to PCP's clients.  Runs demo/guest.sh inside the guest.
set -euo pipefail
: "${HU_SRCDIR:?}" "${HU_PREFIX:?}"
agent=$HU_PREFIX/var/lib/pcp/pmdas/hisi	# make install's PCP agent (configure's default)
echo "demo: booting the emulated Hip09 (QEMU, no KVM: about 10 s) with background traffic"
echo "demo: and PCP's pmcd with the hisi agent (Debian's pcp, installed on this machine if missing)"
exec "$HU_SRCDIR/emulator/vm-run" --gen --hw-time --timeout 300 --pcp "$agent" \
	--env HU_PREFIX="$HU_PREFIX" --env HU_SRCDIR="$HU_SRCDIR" --env HU_PCP_AGENT="$agent" -- \
	"$HU_SRCDIR/demo/guest.sh"
