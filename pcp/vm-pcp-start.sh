#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# vm-run --pcp DIR, in the guest: pmcd with the hisi agent installed in DIR
# (pmdahisi, pmns, help, domain.h), as a node runs it after ./Install, and
# pmproxy (REST API, Prometheus at :44322/metrics); back once both answer
# with the agent's metrics.  The guest's root is the
# host's, read-only: pmcd's configuration, names, help and logs go to
# /tmp/pcp, its socket to /run/pcp.  Clients then use pmcd as usual
# (pminfo -f hisi, pmval, pmrep, pmlogger).
#
# usage: vm-pcp-start.sh DIR   (again after pmcd stopped: it starts afresh)
. /etc/pcp.env	# PCP's paths (not set -u safe)
set -u
dir=${1:?usage: vm-pcp-start.sh AGENT_DIR}
D=/tmp/pcp

fail() {
	echo "vm-pcp-start: $*" >&2
	[ -f $D/pmcd.log ] && tail -20 $D/pmcd.log >&2
	[ -f $D/hisi.log ] && tail -20 $D/hisi.log >&2
	[ -f $D/pmproxy.log ] && tail -20 $D/pmproxy.log >&2
	exit 1
}

domain=$(sed -n 's/^#define HISI[[:space:]]*\([0-9]*\).*/\1/p' "$dir/domain.h")
[ -n "$domain" ] || fail "no domain in $dir/domain.h"
mkdir -p $D /run/pcp
chown "$PCP_USER:$PCP_GROUP" /run/pcp $D
# where pmcd and pmdaroot keep their state and logs, writable (tmpfs)
for d in "$PCP_VAR_DIR/pmcd" "$PCP_LOG_DIR/pmcd"; do
	mount -t tmpfs -o mode=0755 tmpfs "$d" || fail "cannot mount a tmpfs on $d"
done
ip link set lo up
# the names pmcd serves: its own, pmdaroot's and the agent's (Install's pmnsadd)
"$PCP_BINADM_DIR/pmnsmerge" -f "$PCP_VAR_DIR/pmns/root_root" "$PCP_VAR_DIR/pmns/root_pmcd" $D/root >/dev/null ||
	fail "pmnsmerge failed"
sed "s/HISI:/$domain:/" "$dir/pmns" >$D/hisi
(cd $D && "$PCP_BINADM_DIR/pmnsadd" -n root hisi) >/dev/null || fail "pmnsadd failed"
sed "s/^@ HISI\./@ $domain./" "$dir/help" >$D/help.txt
"$PCP_BINADM_DIR/newhelp" -n $D/root -o $D/help $D/help.txt || fail "newhelp failed"
# pmdaroot as Debian's pmcd.conf has it: pmcd gives up root once started,
# and asks pmdaroot to start an agent again as root (after a crash, SIGHUP)
cat >$D/pmcd.conf <<CONF
root	1	pipe	binary	$PCP_PMDAS_DIR/root/pmdaroot
pmcd	2	dso	pmcd_init	$PCP_PMDAS_DIR/pmcd/pmda_pmcd.so
hisi	$domain	pipe	binary	$dir/pmdahisi -d $domain -l $D/hisi.log
CONF
# The agent's start-up in a TCG guest on a loaded host takes 2 to 4 s
# (measured: 2 s and 4 s for 10 instances), past pmcd's 3 s for the first
# exchange (-q) and near its 5 s for an answer (-t): pmcd then drops the
# agent ("error at initial PDU exchange with hisi PMDA"), so a slow guest
# gets its own timeouts, as a site on slow nodes would set them.
HISI_PMDA_HELP=$D/help "$PCP_BINADM_DIR/pmcd" -q 60 -t 60 -c $D/pmcd.conf -n $D/root -l $D/pmcd.log ||
	fail "pmcd did not start"
"$PCP_BINADM_DIR/pmcd_wait" -h local: -t 60 || fail "pmcd did not answer"
pminfo -h local: -f hisi.pcie.status >/dev/null || fail "pmcd has no hisi metrics"
# Redis is not needed for /metrics: pmproxy says it cannot connect, and serves
"$PCP_BINADM_DIR/pmproxy" -l $D/pmproxy.log || fail "pmproxy did not start"
until curl -sf -o /dev/null 'http://localhost:44322/metrics?names=hisi.pcie.status'; do
	pgrep -x pmproxy >/dev/null || fail "pmproxy exited"
	sleep 0.1
done
