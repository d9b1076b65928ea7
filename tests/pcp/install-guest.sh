#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The pcp tier's check of Install and Remove, PCP's way (pmdaproc.sh), in a
# guest without --pcp: the agent's files are copied where Debian's PCP keeps
# agents, ./Install adds it to pmcd and starts pmcd as a node's init would
# (/etc/init.d/pmcd), PCP's clients see it count, ./Remove takes it out.
# The guest's root is the host's, read-only: PCP's trees get writable
# overlays on a tmpfs first, so nothing of the host changes.
#
# usage: install-guest.sh AGENT_DIR   (make install's pmdas/hisi)
agent=${1:?usage: install-guest.sh AGENT_DIR}
PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
. /etc/pcp.env
label=install
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

writable_pcp() {
	local d n
	mkdir -p /tmp/pcp-ov && mount -t tmpfs tmpfs /tmp/pcp-ov || return 1
	for d in "$PCP_SYSCONF_DIR" "$PCP_VAR_DIR" "$PCP_LOG_DIR"; do
		n=/tmp/pcp-ov/$(tr / _ <<<"$d")
		mkdir -p "$n/upper" "$n/work"
		mount -t overlay overlay -o "lowerdir=$d,upperdir=$n/upper,workdir=$n/work" "$d" || return 1
	done
	mkdir -p /run/pcp && chown "$PCP_USER:$PCP_GROUP" /run/pcp
	ip link set lo up
}

# A node's PMNS root, as pmcd's init script builds it at its first start
# (/etc/init.d/pmcd: Rebuild when there is no root).  A package installed
# without starting pmcd (no systemd here) has none, and Install's
# pmnsadd cannot add to what is not there.
pmns_root() {
	[ -f "$PCP_VAR_DIR/pmns/root" ] && return 0
	(cd "$PCP_VAR_DIR/pmns" && ./Rebuild -u) && [ -f "$PCP_VAR_DIR/pmns/root" ]
}

if ! writable_pcp; then
	fail writable_pcp_trees "no overlay over PCP's directories"
	echo "pcp install: $passed passed, $failed failed"
	exit 1
fi
if pmns_root; then
	pass pmns_root_as_pmcd_builds_it
else
	fail pmns_root_as_pmcd_builds_it "no $PCP_VAR_DIR/pmns/root after Rebuild -u"
fi
# pmcd's timeouts for a slow guest (pcp/vm-pcp-start.sh says why), where a
# node keeps them: pmcd.options, read by the init script
printf -- '-q 60\n-t 60\n' >>"$PCP_PMCDOPTIONS_PATH"
mkdir -p "$PCP_PMDAS_DIR/hisi" && cp -a "$agent/." "$PCP_PMDAS_DIR/hisi/"
cd "$PCP_PMDAS_DIR/hisi" || exit 1
out=$(PCPQA_SYSTEMD=no ./Install </dev/null 2>&1)
rc=$?
# a failed Install says why in its last lines
expect install_succeeds 0 "$rc"
[ "$rc" = 0 ] || tail -5 <<<"$out" | sed 's/^/  Install: /'
expect install_checks_the_metrics_appeared 1 "$(grep -c 'Check hisi metrics have appeared' <<<"$out")"
expect pmcd_conf_has_the_agent "hisi 490 pipe $PCP_PMDAS_DIR/hisi/pmdahisi -d 490" \
	"$(awk '$1 == "hisi" { print $1, $2, $3, $5, $6, $7 }' "$PCP_PMCDCONF_PATH")"
expect installed_agent_counts "counting" "$(value hisi.pcie.status $P0)"
if pminfo -T hisi.pcie.in.read.bytes | grep -q 'TLP payload only on Linux 5.19 to 6.1'; then
	pass installed_help
else
	fail installed_help "$(pminfo -T hisi.pcie.in.read.bytes 2>&1)"
fi
before=$(value hisi.pcie.in.read.bytes $P0)
echo "dir=rx type=mrd rp=0x3000 len=16 count=4" >"$DBG/$P0/inject"
expect installed_agent_counts_exactly 320 "$(($(value hisi.pcie.in.read.bytes $P0) - before))"
out=$(PCPQA_SYSTEMD=no ./Remove </dev/null 2>&1)
expect remove_succeeds 0 "$?"
expect pmcd_conf_without_the_agent "" "$(awk '$1 == "hisi"' "$PCP_PMCDCONF_PATH")"
expect names_gone_after_remove 1 "$(pminfo hisi 2>&1 | grep -c 'Unknown metric name')"
expect agent_process_gone "" "$(pgrep -x pmdahisi)"
echo "pcp install: $passed passed, $failed failed"
[ "$failed" = 0 ]
