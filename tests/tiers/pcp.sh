#!/usr/bin/env bash
# PCP tier: the hisi agent (pcp/) under pmcd in the guest (vm-run --pcp),
# checked with PCP's own clients against injected traffic
# (tests/pcp/guest.sh), on the transcription's newest era and on Debian
# 12's own 6.1 drivers; Install and Remove (tests/pcp/install-guest.sh);
# the fleet path from the host.
. "$HU_SRCDIR/tests/tiers/lib.sh"
agent=$HU_PREFIX/var/lib/pcp/pmdas/hisi
if [ ! -x "$agent/pmdahisi" ]; then
	fail pcp_agent_built "no $agent/pmdahisi (libpcp3-dev or libpcp-pmda3-dev missing at configure?)"
	finish pcp
	exit
fi

# guest LABEL VM-RUN-OPTION...: the guest's checks with those options
guest() {
	local label=$1
	shift
	(cd "$HU_SRCDIR" && emulator/vm-run --timeout 600 --pcp "$agent" "$@" -- \
		bash tests/pcp/guest.sh "$label" "$HU_PREFIX")
}
# A free loopback port on the host, for the guest's pmcd.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# fleet_inject DIR LINE...: the guest injects LINEs ("PMU|injection"); back once done
fleet_inject() {
	local dir=$1
	shift
	rm -f "$dir/injected"
	printf '%s\n' "$@" >"$dir/inject.tmp"
	mv "$dir/inject.tmp" "$dir/inject"
	until [ -e "$dir/injected" ]; do
		kill -0 "$FLEET_VM" 2>/dev/null || return 1
		sleep 0.05
	done
}

# fleet_total HOST METRIC INSTANCE: the value pmrep reads from HOST's pmcd
fleet_total() {
	pmrep -h "$1" -r -s 1 -o csv -i "$3" "$2" | tail -1 | cut -d, -f2
}

# The fleet path: a site's central collector on the host reads the node's
# pmcd over a forwarded port (vm-run --forward), live with pmrep and into a
# pmlogger archive, and gets the injected traffic exactly.
fleet() {
	local dir port host before after a x y
	dir=$(mktemp -d)
	port=$(free_port)
	host=127.0.0.1:$port
	(cd "$HU_SRCDIR" && emulator/vm-run --timeout 600 --pcp "$agent" --forward "$port:44321" \
		--rw "$dir" -- bash tests/pcp/fleet-guest.sh "$dir") >"$dir/vm.log" 2>&1 &
	FLEET_VM=$!
	until [ -e "$dir/ready" ]; do
		if ! kill -0 $FLEET_VM 2>/dev/null; then
			fail fleet_node_up "$(tail -5 "$dir/vm.log")"
			rm -rf "$dir"
			return
		fi
		sleep 0.1
	done
	pass fleet_node_up
	before=$(fleet_total $host hisi.nic.rx.bytes hns3_pmu_sicl_0)
	fleet_inject "$dir" "hns3_pmu_sicl_0|event=bw_ssu_rpu_byte_num bytes=6543" \
		"hisi_pcie0_core0|dir=rx type=mwr rp=0x3000 len=16 count=5" || fail fleet_inject "the node is gone"
	after=$(fleet_total $host hisi.nic.rx.bytes hns3_pmu_sicl_0)
	if [ -n "$before" ] && [ "$((after - before))" = 6543 ]; then
		pass fleet_pmrep_reads_the_node_exactly
	else
		fail fleet_pmrep_reads_the_node_exactly "before '$before', after '$after', want +6543"
	fi
	# a central pmlogger: a sample, traffic, a sample; merged and replayed
	printf 'log mandatory on every 1 sec {\n\thisi.pcie.in.write.bytes\n}\n' >"$dir/config"
	pmlogger -h $host -c "$dir/config" -s 1 -l "$dir/a.log" "$dir/a" || fail fleet_pmlogger "$(cat "$dir/a.log")"
	fleet_inject "$dir" "hisi_pcie0_core0|dir=rx type=mwr rp=0x3000 len=32 count=3" ||
		fail fleet_inject "the node is gone"
	pmlogger -h $host -c "$dir/config" -s 1 -l "$dir/b.log" "$dir/b" || fail fleet_pmlogger "$(cat "$dir/b.log")"
	pmlogextract "$dir/a" "$dir/b" "$dir/ab" || fail fleet_pmlogextract "merging failed"
	a=$(pmrep -u -a "$dir/ab" -r -o csv -i hisi_pcie0_core0 hisi.pcie.in.write.bytes | tail -2 |
		cut -d, -f2 | tr '\n' ' ')
	read -r x y <<<"$a"
	# 3 TLPs of 32 DW and the 4-DW header, 4 bytes a DW (the newest era)
	if [ -n "$x" ] && [ "$((y - x))" = 432 ]; then
		pass fleet_pmlogger_archive_exact
	else
		fail fleet_pmlogger_archive_exact "archive values '$a', want a delta of 432"
	fi
	touch "$dir/done"
	wait $FLEET_VM || fail fleet_node_exit "$(tail -5 "$dir/vm.log")"
	rm -rf "$dir"
}

# Install and Remove as a node runs them (pmdaproc.sh, pmcd from its init script)
install_remove() {
	(cd "$HU_SRCDIR" && emulator/vm-run --timeout 600 -- bash tests/pcp/install-guest.sh "$agent")
}

# the three guests side by side (lib.sh's run_queued), then the fleet's
queued pcp_emulated guest emulated
queued pcp_driver6.1 guest driver6.1 --driver 6.1
queued pcp_install install_remove
run_queued
# PCP's clients on the host are Debian's (pmrep's python the system's)
PATH=/usr/bin:/bin:$PATH fleet
finish pcp
