#!/usr/bin/env bash
# PCP tier: the hisi agent (pcp/) under pmcd in the guest (vm-run --pcp),
# checked with PCP's own clients against injected traffic
# (tests/pcp/guest.sh), on the transcription's newest era and on Debian
# 12's own 6.1 drivers.
. "$HU_SRCDIR/tests/tiers/lib.sh"
agent=$HU_PREFIX/var/lib/pcp/pmdas/hisi
if [ ! -x "$agent/pmdahisi" ]; then
	fail pcp_agent_built "no $agent/pmdahisi (libpcp-pmda3-dev missing at configure?)"
	finish pcp
	exit
fi

# guest LABEL VM-RUN-OPTION...: the guest's checks with those options
guest() {
	local label=$1
	shift
	(cd "$HU_SRCDIR" && emulator/vm-run --timeout 300 --pcp "$agent" "$@" -- \
		bash tests/pcp/guest.sh "$label")
}
counted pcp_emulated guest emulated
counted pcp_driver6.1 guest driver6.1 --driver 6.1
finish pcp
