#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Guest side of the end-to-end tier; tests/e2e/run.sh starts it through
# emulator/vm-run (default topology, newest PCIe era, generator off).
#
# usage: guest.sh E2E_BUILD_DIR PREFIX PAPI_SRC [TEST_FUNCTION...]
#   E2E_BUILD_DIR  holds e2e_papi and e2e_hl (built by run.sh)
#   PREFIX         the install prefix (papi_command_line, papi_component_avail)
#   PAPI_SRC       the PAPI tree built with the component (its ctests)
#   TEST_FUNCTION  run only these (a development run), e.g. test_stat
# Prints one "PASS <name>" or "FAIL <name>: <why>" line per check.

B=${1:?usage: guest.sh E2E_BUILD_DIR PREFIX PAPI_SRC}
PREFIX=${2:?usage: guest.sh E2E_BUILD_DIR PREFIX PAPI_SRC}
PAPI=${3:?usage: guest.sh E2E_BUILD_DIR PREFIX PAPI_SRC}
E2E=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DBG=/sys/kernel/debug/hip09_emu
H=hns3_pmu_sicl_0
P0=hisi_pcie0_core0
P1=hisi_pcie0_core1

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
expect() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "want '$2', got '$3'"; fi
}

# the module (and the kernel's own drivers with vm-run --driver) again
reload() {
	bash "$HIP09_EMU_MODULE" reload "$@"
}

# The PCIe era the module runs with: vm-run's pcie_era= (with --driver,
# the kernel's own driver's).
pcie_era() {
	tr ' ' '\n' <<<"$HIP09_EMU_PARAMS" | sed -n 's/^pcie_era=//p' | tail -1
}

# The eras of LIST a test can load: all of them with the emulated drivers;
# with the kernel's own (vm-run --driver) only the one they are, the era
# the witness tier judges them by, which vm-run loaded the module with.
eras_here() {
	local e own
	if [ "${HIP09_EMU_DRIVER:-emulated}" = emulated ]; then
		echo "$@"
		return
	fi
	own=$(pcie_era)
	for e in "$@"; do
		if [ "$e" = "$own" ]; then
			echo "$e"
		else
			echo "SKIP era$e: the kernel's own $HIP09_EMU_DRIVER driver is era $own" >&2
		fi
	done
}

# ---- 1-5: counts, metrics, filters, groups, errors (one PAPI process) ---------

# Run a test program, passing its lines on; a crash or a failing exit
# without a FAIL line of its own is a failure too.
run_prog() {
	local name=$1 tmp rc
	shift
	tmp=$(mktemp)
	"$@" | tee "$tmp"
	rc=${PIPESTATUS[0]}
	if [ "$rc" != 0 ] && ! grep -q '^FAIL ' "$tmp"; then
		fail "$name" "$* exited $rc"
	fi
	rm -f "$tmp"
}

papi_suites() {
	run_prog e2e_papi "$B/e2e_papi" counts metrics filters groups errors era trust listing
}

# ---- 7a: the high-level API ---------------------------------------------------------

# Region value of EVENT in REGION from the JSON PAPI's high-level API wrote.
hl_value() {
	if command -v jq >/dev/null; then
		jq -r --arg r "$2" --arg e "$3" '.threads[].regions[] | select(.name == $r) | .[$e] |
			if type == "object" then .region_value else . end' "$1"
		return
	fi
	python3 -c '
import json, sys
for t in json.load(open(sys.argv[1]))["threads"].values():
    for r in t["regions"].values():
        if r["name"] == sys.argv[2]:
            v = r.get(sys.argv[3])
            print(v["region_value"] if isinstance(v, dict) else v)' "$@"
}

# hl_run NAME EV0 EV1: e2e_hl with PAPI_EVENTS="EV0,EV1" (a byte_num/time
# pair of function 31:00.1's traffic, as every name below counts it)
hl_run() {
	local name=$1 ev0=$2 ev1=$3 out log json
	out=$(mktemp -d /tmp/e2e-hl.XXXXXX)
	log=$(PAPI_EVENTS="$ev0,$ev1" PAPI_OUTPUT_DIRECTORY=$out "$B/e2e_hl" 2>&1)
	grep '^FAIL ' <<<"$log"
	expect ${name}_pair_one_slot_in_region "slots send 1 slots recv 1" \
		"$(grep '^slots ' <<<"$log" | xargs)"
	expect ${name}_pair_one_group_in_region "groups send 1 of 2 events groups recv 1 of 2 events" \
		"$(grep '^groups ' <<<"$log" | xargs)"
	json=$(find "$out" -name 'rank_*.json' | head -1)
	if [ -z "$json" ]; then
		fail ${name}_json_written "no rank_*.json under $out; output: $(head -c 400 <<<"$log")"
		return
	fi
	pass ${name}_json_written
	expect ${name}_region_send_counts "10500 12345" \
		"$(hl_value "$json" send "$ev0") $(hl_value "$json" send "$ev1")"
	expect ${name}_region_recv_counts "300 1000" \
		"$(hl_value "$json" recv "$ev0") $(hl_value "$json" recv "$ev1")"
	hl_derived "$name" "$out" "${ev0/byte_num/bandwidth}"
	rm -rf "$out"
}

# hl_derived NAME OUT METRIC: hisi-uncore-hl turns the recorded pair into the
# metric, per region: bytes / cycles * hw_clk_freq, computed here by hand
hl_derived() {
	local name=$1 out=$2 metric=$3 rows f want
	f=$(cat /sys/bus/event_source/devices/$H/hw_clk_freq)
	rows=$("$PREFIX/bin/hisi-uncore-hl" -x , "$out/papi_hl_output" 2>&1)
	for want in "send $(awk -v f="$f" 'BEGIN { printf "%.6f", 10500 / 12345 * f }')" \
		"recv $(awk -v f="$f" 'BEGIN { printf "%.6f", 300 / 1000 * f }')"; do
		expect ${name}_derived_${want%% *} "$metric,$want bytes/s" \
			"$(awk -F, -v r="${want%% *}" '$4 == r { print $5 "," r " " $6 " " $7 }' <<<"$rows")"
	done
}

# A metric in PAPI_EVENTS is refused, naming the pair to record instead.
hl_metric_refused() {
	local out log
	out=$(mktemp -d /tmp/e2e-hl.XXXXXX)
	log=$(PAPI_EVENTS="$H::bw_ssu_rpu_bandwidth" PAPI_OUTPUT_DIRECTORY=$out "$B/e2e_hl" 2>&1)
	if grep -qF "list its pair instead, $H::bw_ssu_rpu_byte_num,$H::bw_ssu_rpu_time, and derive the metric with hisi-uncore-hl" <<<"$log"; then
		pass hl_metric_refused_with_its_pair
	else
		fail hl_metric_refused_with_its_pair "$(grep -m2 'hisi_uncore\|PAPI-HL' <<<"$log")"
	fi
	rm -rf "$out"
}

test_hl() {
	hl_run hl $H::bw_ssu_rpu_byte_num $H::bw_ssu_rpu_time
	# names that follow the device pass PAPI_EVENTS' ',' splitting whole
	hl_run hl_device hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3101 hns3_pmu::bw_ssu_rpu_time:bdf=0x3101
	hl_metric_refused
}

# ---- 7b: papi_command_line prints metrics as floating point with their units --------

test_command_line() {
	local out ev
	echo on >$DBG/generator
	out=$("$PREFIX/bin/papi_command_line" $H::bw_ssu_rpu_bandwidth $H::dly_rpu_avg_latency \
		$P0::rx_mwr_avg_latency:port=0x1 $P0::rx_mwr_flux_per_cycle:port=0x1 $H::bw_ssu_rpu_byte_num 2>&1)
	echo off >$DBG/generator
	# the generator: packets of 1500 bytes at 1e6/s with 800 cycles (8000 ns) of
	# latency; TLPs of 64 DW at 1e6/s per root port with 500 cycles of latency
	ev=$(grep -E "^$H::bw_ssu_rpu_bandwidth :[[:space:]]+[0-9]+\.[0-9]{3} bytes/s$" <<<"$out")
	if [ -n "$ev" ] && awk '{ exit !($3 > 1e8) }' <<<"$ev"; then
		pass cmdline_hns3_bandwidth_float_bytes_per_s
	else
		fail cmdline_hns3_bandwidth_float_bytes_per_s "$(grep bw_ssu_rpu_bandwidth <<<"$out")"
	fi
	expect cmdline_hns3_latency_float_ns "$H::dly_rpu_avg_latency : 8000.000 ns" \
		"$(grep "^$H::dly_rpu_avg_latency :" <<<"$out" | tr -s ' \t' ' ')"
	expect cmdline_pcie_latency_float_cycles "$P0::rx_mwr_avg_latency:port=0x1 : 500.000 cycles/TLP" \
		"$(grep "^$P0::rx_mwr_avg_latency" <<<"$out" | tr -s ' \t' ' ')"
	if grep -qE "^$P0::rx_mwr_flux_per_cycle:port=0x1 :[[:space:]]+[0-9]+\.[0-9]{3} DW/cycle$" <<<"$out"; then
		pass cmdline_pcie_flux_per_cycle_float
	else
		fail cmdline_pcie_flux_per_cycle_float "$(grep flux_per_cycle <<<"$out")"
	fi
	if grep -qE "^$H::bw_ssu_rpu_byte_num :[[:space:]]+[1-9][0-9]*\(u\)( [a-z]+)?$" <<<"$out"; then
		pass cmdline_raw_count_integer
	else
		fail cmdline_raw_count_integer "$(grep 'bw_ssu_rpu_byte_num :' <<<"$out")"
	fi
	# -u and -x format counts; a metric is a double, never its bits as an integer
	echo on >$DBG/generator
	out=$("$PREFIX/bin/papi_command_line" -u -x $P0::rx_mwr_avg_latency:port=0x1 \
		$H::bw_ssu_rpu_byte_num 2>&1)
	echo off >$DBG/generator
	expect cmdline_u_x_metric_as_double \
		"$P0::rx_mwr_avg_latency:port=0x1 : 500.000 cycles/TLP (a double: -u and -x format counts)" \
		"$(grep "^$P0::rx_mwr_avg_latency" <<<"$out" | tr -s ' \t' ' ' | sort -u)"
	if grep -qE "^$H::bw_ssu_rpu_byte_num :[[:space:]]+[1-9][0-9]*\(u\)$" <<<"$out" &&
		grep -qE "^$H::bw_ssu_rpu_byte_num :[[:space:]]+0X[0-9A-F]+$" <<<"$out"; then
		pass cmdline_u_x_count_unsigned_and_hex
	else
		fail cmdline_u_x_count_unsigned_and_hex "$(grep 'bw_ssu_rpu_byte_num :' <<<"$out")"
	fi
}

# ---- 7c: PAPI's event chooser finds what goes with a hisi event -------------------

test_event_chooser() {
	local out n
	out=$("$PREFIX/bin/papi_event_chooser" NATIVE $H::bw_ssu_rpu_byte_num 2>&1)
	n=$(sed -n 's/^Total events reported: \([0-9]*\)$/\1/p' <<<"$out")
	# every HNS3 event but the ones needing the chosen event's counter, and the PCIe ones
	if [ -n "$n" ] && [ "$n" -gt 100 ]; then
		pass event_chooser_native_hisi
	else
		fail event_chooser_native_hisi "reported '${n:-nothing}': $(tail -c 300 <<<"$out")"
	fi
}

# ---- 6: the component against each PCIe driver era ----------------------------------

test_eras() {
	local e
	for e in $(eras_here 6.9 6.2 6.1.y 5.19); do
		if ! reload pcie_era=$e; then
			fail "era${e}_load" "insmod failed"
			continue
		fi
		expect "era${e}_loaded" "era=$e" "$(grep '^era=' $DBG/$P0/info)"
		# a new process: PAPI reads sysfs at library init
		run_prog "era${e}_e2e_papi" "$B/e2e_papi" era
	done
	reload || fail era_restore "insmod failed"
}

# ---- 6a: hisi-uncore-stat says when a PCIe bandwidth is payload only (no len_mode) -------

test_stat_payload_only() {
	local err=/tmp/stat-payload.err e want n
	n=$(ls -d /sys/bus/event_source/devices/hisi_pcie*_core* | wc -l)
	for e in $(eras_here 6.1.y 5.19 6.12); do
		if ! reload pcie_era=$e; then
			fail "era${e}_stat_payload_only_load" "insmod failed"
			continue
		fi
		want=0
		[ "$e" = 6.12 ] || want=$n
		"$PREFIX/bin/hisi-uncore-stat" --pcie --list >/dev/null 2>$err
		expect "era${e}_stat_says_payload_only_per_instance" "$want" \
			"$(grep -c '^hisi-uncore-stat: hisi_pcie[0-9]*_core[0-9]*.*: bandwidth counts TLP payload only: its driver has no len_mode' $err)"
		# in CSV per value: bandwidths with payload_only 1, 0; the latencies with 1
		want="$want $((n - want)) 0"
		expect "era${e}_stat_csv_payload_only_per_value" "$want" \
			"$("$PREFIX/bin/hisi-uncore-stat" --pcie -n 1 -I 10 -x , -e in_read,in_rd_lat 2>/dev/null |
				awk -F, 'NR > 1 && $3 ~ /_bandwidth$/ { bw[$7]++ }
					NR > 1 && $3 !~ /_bandwidth$/ && $7 == 1 { other++ }
					END { print bw[1] + 0, bw[0] + 0, other + 0 }')"
	done
	reload || fail stat_payload_only_restore "insmod failed"
}

# ---- 6b: two PCIe PMUs on one root bus: 30:00.0 is core 0's root port, 30:04.0 core 1's --

test_shared_bus() {
	local e
	for e in $(eras_here 6.9 6.12); do
		if ! reload pcie_era=$e pcie_rp=0x3000-0x3000,0x3020-0x3020; then
			fail "era${e}_shared_bus_load" "insmod failed"
			continue
		fi
		run_prog "era${e}_shared_bus" "$B/e2e_papi" shared_bus
	done
	reload || fail shared_bus_restore "insmod failed"
}

# ---- 8: a driver reload moves the PMU types (the test reloads the module) --------------

test_reload() {
	run_prog reload_e2e_papi "$B/e2e_papi" reload
	reload || fail reload_restore "insmod failed"
}

# ---- 9: CPU hotplug (the PCIe PMUs' CPU goes offline: emulator/tests/hotplug-plan.sh) -----

. "$E2E/../../emulator/tests/hotplug-plan.sh"

# A PMU whose driver is unbound while counting (vm-run --driver newest: a
# perf core that revokes its events); the drivers are bound again after.
test_revoked() {
	run_prog revoked_e2e_papi "$B/e2e_papi" revoked
}

# Time counters that follow the clock (module hw_time=1, vm-run --hw-time):
# rates of injected traffic are real rates. The module is loaded back as
# vm-run loaded it after.
test_hw_time() {
	if reload hw_time=1; then
		run_prog hw_time_e2e_papi "$B/e2e_papi" hw_time
	else
		fail hw_time_reload "the module did not load with hw_time=1"
	fi
	reload || fail hw_time_reload_back "the module did not load again"
}

# A counter that wraps: the interrupt runs the kernel's own handler
# (vm-run --driver; the transcription has none)
test_overflow() {
	run_prog overflow_e2e_papi "$B/e2e_papi" overflow
}

test_hotplug() {
	if ! hotplug_plan; then
		fail hotplug_setup "needs node 1 with CPU 1 (vm-run --numa) or a CPU 0 that can go offline"
		return
	fi
	# shellcheck disable=SC2086 # no parameter at all when empty
	if ! reload $HP_PARAMS; then
		fail hotplug_load "insmod $HP_PARAMS failed"
		return
	fi
	E2E_HOTPLUG_FROM=$HP_FROM E2E_HOTPLUG_TO=$HP_TO run_prog hotplug_e2e_papi "$B/e2e_papi" hotplug
	echo 1 >"/sys/devices/system/cpu/cpu$HP_FROM/online" 2>/dev/null
	reload || fail hotplug_restore "insmod failed"
}

# ---- 10: perf stat -a holds 7 of the 8 HNS3 counters while the component counts -------

test_perf_stat_holder() {
	local fifo events="" stem pid n=0
	fifo=$(mktemp -u /tmp/e2e-perf.XXXXXX)
	mkfifo "$fifo"
	for stem in bw_ssu_roce bw_roce_ssu bw_tpu_ssu bw_rpu_rcbrx bw_rcbtx_txsch bw_wr_fbd bw_wr_ebd; do
		events="$events${events:+,}$H/${stem}_byte_num,global=1/"
	done
	perf stat -a -e "$events" -- cat "$fifo" >/dev/null 2>&1 &
	pid=$!
	# wait for the state, not a time: perf's 7 events on the PMU (cat opens the FIFO after)
	while [ "$(grep -c 'used=1' $DBG/$H/slots)" != 7 ] && kill -0 $pid 2>/dev/null && [ $n -lt 100000 ]; do
		n=$((n + 1))
	done
	run_prog perf_holder_e2e_papi "$B/e2e_papi" perf_holder
	echo >"$fifo"
	wait $pid
	rm -f "$fifo"
}

# ---- 11: PAPI's own tests, with hisi_uncore and without (papi-tests.list) ---------------

# Whether PAPI lists hisi_uncore among its active components.
hisi_active() {
	"$PREFIX/bin/papi_component_avail" 2>/dev/null | sed -n '/^Active components:/,$p' |
		grep -q '^Name: *hisi_uncore '
}

test_papi_tests() {
	local with without start=$SECONDS
	with=$(mktemp) without=$(mktemp)
	if hisi_active; then pass papi_tests_hisi_uncore_active; else fail papi_tests_hisi_uncore_active "not active"; fi
	bash "$E2E/papi-tests.sh" run "$PAPI" "$E2E/papi-tests.list" "$with"
	# without the module hisi_uncore finds no PMU and disables itself
	bash "$HIP09_EMU_MODULE" unload || fail papi_tests_unload "rmmod failed"
	if hisi_active; then fail papi_tests_hisi_uncore_disabled "active without the PMUs"; else pass papi_tests_hisi_uncore_disabled; fi
	bash "$E2E/papi-tests.sh" run "$PAPI" "$E2E/papi-tests.list" "$without"
	bash "$HIP09_EMU_MODULE" load || fail papi_tests_restore "insmod failed"
	bash "$E2E/papi-tests.sh" compare "$E2E/papi-tests.list" "$with" "$without"
	echo "papi-tests: $((SECONDS - start))s for both runs"
	rm -f "$with" "$without"
}

# ---- 7d: one owner per node: examples/mpi_node_traffic with 4 ranks ----------------

# mpi_run NAME [ENV...] -- ARGS: the example under mpirun, 4 ranks on this node
mpi_run() {
	local env=()
	while [ "$1" != -- ]; do env+=("$1"); shift; done
	shift
	env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader \
		OMPI_MCA_rmaps_base_oversubscribe=1 "${env[@]}" \
		timeout 120 mpirun -n 4 "$B/mpi_node_traffic" "$@" 2>&1
}

# Each rank injects its share during the phase (tests/e2e/mpi_traffic.h):
# 200 DW and 10000 bytes on the node, to be reported once, not once per rank.
test_mpi() {
	local out want="hisi_pcie*::rx_mwr_flux 200 (1 nodes)
hns3_pmu_sicl_*::bw_ssu_rpu_byte_num 10000 (1 nodes)"
	if [ ! -x "$B/mpi_node_traffic" ]; then
		echo "SKIP mpi: examples/mpi_node_traffic is built for guests of the host's architecture"
		return
	fi
	# what Open MPI needs of a node: a hostname and a loopback interface
	echo hip09-emu >/proc/sys/kernel/hostname
	ip link set lo up
	out=$(mpi_run -- )
	expect mpi_node_counted_once "$want" "$(grep ' nodes)$' <<<"$out")"
	expect mpi_one_rank_counts "rank 0: counted for its node" "$(grep 'counted for' <<<"$out")"
	# every rank asks: without ownership each reads the whole node (4 x)
	out=$(mpi_run -- --all-ranks)
	expect mpi_all_ranks_without_owner_count_4x "hisi_pcie*::rx_mwr_flux 800 (1 nodes)" \
		"$(grep '^hisi_pcie' <<<"$out")"
	# in ownership mode one rank gets the PMUs, the others are refused, naming it
	out=$(mpi_run HISI_UNCORE_OWNER=1 -- --all-ranks)
	expect mpi_owner_mode_counted_once "$want" "$(grep ' nodes)$' <<<"$out")"
	expect mpi_owner_mode_one_rank_counts 1 "$(grep -c 'counted for its node' <<<"$out")"
	expect mpi_owner_mode_others_refused 3 \
		"$(grep -c '^rank [0-9]: does not count hisi_pcie\*::rx_mwr_flux: ' <<<"$out")"
	if grep -q "is owned by pid [0-9]* (mpi_node_traffi" <<<"$out"; then
		pass mpi_owner_mode_names_the_owner
	else
		fail mpi_owner_mode_names_the_owner "$(grep -m2 'hisi_uncore:' <<<"$out")"
	fi
}

# ---- 7e: hisi-uncore-stat, the live view, against injected traffic ---------------

# stat_start OUT ERR ARGS...: the tool in the background, returning once it
# counts (its "counting" line), not after a time; its pid in STAT_PID.
stat_start() {
	local out=$1 err=$2
	shift 2
	"$PREFIX/bin/hisi-uncore-stat" "$@" >"$out" 2>"$err" &
	STAT_PID=$!
	while ! grep -q '^hisi-uncore-stat: counting ' "$err"; do
		kill -0 $STAT_PID 2>/dev/null || return 1
		sleep 0.05
	done
}

# stat_stop: SIGINT ends the interval; the exit status in STAT_RC.
stat_stop() {
	kill -INT $STAT_PID
	wait $STAT_PID
	STAT_RC=$?
}

# stat_measure NAME OUT ERR "ARGS" "PMU|INJECTION"...: the tool with ARGS
# and a 1 h interval; the injections and 1000 cycles of time while it
# counts; then SIGINT.  False (and a failure) if it never started counting.
stat_measure() {
	local name=$1 out=$2 err=$3 args=$4 step
	shift 4
	# shellcheck disable=SC2086 # ARGS is a list of options
	if ! stat_start "$out" "$err" -I 3600000 $args; then
		fail ${name}_start "$(cat "$err")"
		return 1
	fi
	for step in "$@"; do
		echo "${step#*|}" >"$DBG/${step%%|*}/inject" || fail ${name}_inject "$step"
	done
	echo 1000 >$DBG/advance
	stat_stop
}

# stat_value OUT DEVICE METRIC: the value column of a CSV row
stat_value() {
	awk -F, -v d="$2" -v m="$3" '$2 == d && $3 == m { print $4 }' "$1"
}

# stat_bw_bounded NAME BYTES VALUE SECONDS: VALUE bytes/s over the
# interval's SECONDS (the tool's CLOCK_MONOTONIC) against BYTES.  PCIe
# bandwidth divides by perf's enabled time, a part of SECONDS (the tool's
# clock starts before the counters and stops after the read), on the
# kernel's scheduler clock, which drifts from CLOCK_MONOTONIC under TCG
# (2.7% seen).  So at least 85% of BYTES: 4 bytes a DW, headers counted; and
# less than 3 times: the part outside the counters (starting and reading
# them, 13 ms seen in 75) is never twice the injections and the wait for
# the counting line.  The ratios within one interval are the exact checks.
stat_bw_bounded() {
	if awk -v b="$2" -v v="$3" -v s="$4" \
		'BEGIN { r = v * s / b; exit !(v != "" && s > 0 && r >= 0.85 && r < 3) }'; then
		pass "$1"
	else
		fail "$1" "$3 bytes/s over $4 s is not $2 bytes (at least 85%, less than 3 times)"
	fi
}

# What hisi-uncore-stat's checks inject and read, by the PCIe driver's era:
# writes from v6.9; on Debian 12's 6.1.y, which has no write flux (rx_mwr
# and tx_mwr flux came with v6.9) and counts payload only, reads (a read
# request's flux is the length it asks).  STAT_TLP: the TLP type; STAT_IN,
# STAT_OUT: the metrics' stems; STAT_TLP_BYTES: a 16-DW TLP as counted;
# STAT_PCIE_COLUMNS: the PCIe columns an instance row counts; STAT_MUX: a
# view needing more counters than an instance has (on 6.1.y two devices:
# hisi_pcie_pmu_find_related_event() gives one event code one filter at a
# time, and 6.1.y has no bdf_min to number root ports with).
stat_era() {
	if [ "$(pcie_era)" = 6.1.y ]; then
		STAT_TLP=mrd STAT_TLP_BYTES=64 STAT_PCIE_COLUMNS=4 STAT_MUX="-d 31:00.1 -d 0x3200"
	else
		STAT_TLP=mwr STAT_TLP_BYTES=80 STAT_PCIE_COLUMNS=6 STAT_MUX=--root-ports
	fi
	STAT_IN=rx_$STAT_TLP STAT_OUT=tx_$STAT_TLP
}

# Every PMU instance: inbound and outbound traffic on hisi_pcie0_core0,
# received bytes and packets on hns3_pmu_sicl_0 over 1000 cycles of its clock.
stat_instances() {
	local out=/tmp/stat-i.csv err=/tmp/stat-i.err f n
	f=$(cat /sys/bus/event_source/devices/$H/hw_clk_freq)
	n=$(ls -d /sys/bus/event_source/devices/hisi_pcie*_core* | wc -l)
	# TLPs of 16 DW (STAT_TLP_BYTES each): 10 in at 500 cycles, 5 out
	stat_measure stat_instances $out $err "-x," \
		"$P0|dir=rx type=$STAT_TLP rp=0x3000 len=16 lat=500 count=10" \
		"$P0|dir=tx type=$STAT_TLP rp=0x3000 len=16 count=5" \
		"$H|event=bw_ssu_rpu_byte_num bytes=10000" "$H|event=pps_ssu_rpu_packet_num packets=50" ||
		return
	expect stat_sigint_ends_the_interval_exit_0 0 "$STAT_RC"
	expect stat_csv_header "time,device,metric,value,unit,scaled,payload_only" "$(head -1 $out)"
	expect stat_one_interval_a_row_per_instance_and_metric $((n * STAT_PCIE_COLUMNS + 4)) \
		"$(($(grep -c ',' $out) - 1))"
	expect stat_pcie_latency_exact 500.000 "$(stat_value $out $P0 ${STAT_IN}_avg_latency)"
	# the CSV's time is the first interval's length
	stat_bw_bounded stat_pcie_bandwidth_is_bytes_over_enabled_time $((10 * STAT_TLP_BYTES)) \
		"$(stat_value $out $P0 ${STAT_IN}_bandwidth)" "$(awk -F, 'NR == 2 { print $1 }' $out)"
	expect stat_pcie_in_over_out_2_to_1 2.00 "$(awk -v i="$(stat_value $out $P0 ${STAT_IN}_bandwidth)" \
		-v o="$(stat_value $out $P0 ${STAT_OUT}_bandwidth)" 'BEGIN { if (o > 0) printf "%.2f", i / o }')"
	if [ $STAT_TLP = mrd ]; then
		# in_write and out_write: said once per instance, shown as n/a
		expect stat_pcie_no_write_flux_said $((2 * n)) \
			"$(grep -c '^hisi-uncore-stat: hisi_pcie[0-9]*_core[0-9]*: [rt]x_mwr_bandwidth not counted (PMU .* has no event' $err)"
	else
		expect stat_pcie_no_inbound_reads 0.000 "$(stat_value $out $P0 rx_mrd_bandwidth)"
	fi
	expect stat_nic_rx_bandwidth_exact \
		"$(awk -v f="$f" 'BEGIN { printf "%.3f", 10000 / 1000 * f }') bytes/s" \
		"$(awk -F, -v d=$H '$2 == d && $3 == "bw_ssu_rpu_bandwidth" { print $4, $5 }' $out)"
	expect stat_nic_rx_packet_rate_exact "$(awk -v f="$f" 'BEGIN { printf "%.3f", 50 / 1000 * f }')" \
		"$(stat_value $out $H pps_ssu_rpu_packet_rate)"
	expect stat_nic_no_tx 0.000 "$(stat_value $out $H bw_tpu_ssu_bandwidth)"
}

# stat_json OUT DEVICE METRIC FIELD: a field of a --json line
stat_json() {
	grep -F "\"device\":\"$2\",\"metric\":\"$3\"" "$1" | sed -nE "s/.*\"$4\":\"?([^,\"}]*).*/\1/p"
}

# -d: NIC functions as PCIe requesters and as NIC functions, each row with
# its own traffic only (31:00.0 is 31:00.1's neighbour, counted by neither).
# 32:00.0 gets no NIC row: the driver filters NIC functions by
# device.function only, and 31:00.0 has the same.
stat_device() {
	local out=/tmp/stat-d.json err=/tmp/stat-d.err f a="31:00.1 Ethernet controller" b
	b="32:00.0 Ethernet controller"
	f=$(cat /sys/bus/event_source/devices/$H/hw_clk_freq)
	stat_measure stat_device $out $err "--json -d 31:00.1 -d 0x3200" \
		"$P0|dir=rx type=$STAT_TLP req=0x3101 len=16 count=4" \
		"$P0|dir=rx type=$STAT_TLP req=0x3100 len=16 count=4" \
		"$P0|dir=rx type=$STAT_TLP req=0x3200 len=16 count=2" \
		"$H|event=bw_ssu_rpu_byte_num bdf=0x3101 bytes=3000" \
		"$H|event=bw_ssu_rpu_byte_num bdf=0x3100 bytes=7000" || return
	expect stat_device_exit_0 0 "$STAT_RC"
	if [ $STAT_TLP = mrd ]; then
		# the two PCIe rows take turns (STAT_MUX): said, and every value scaled
		expect stat_device_multiplexed_said_every_value_scaled "1 8 8" \
			"$(grep -c '^hisi-uncore-stat: these rows need more counters than a PMU instance has: counting multiplexed' $err) $(grep -c . $out) $(grep -c '"scaled":true' $out)"
		stat_device_alone
	else
		stat_bw_bounded stat_device_pcie_bandwidth_of_the_device $((4 * STAT_TLP_BYTES)) \
			"$(stat_json $out "$a" rx_mwr_bandwidth value)" "$(stat_json $out "$a" rx_mwr_bandwidth seconds)"
		expect stat_device_pcie_rows_count_their_device_only 2.00 \
			"$(awk -v x="$(stat_json $out "$a" rx_mwr_bandwidth value)" -v y="$(stat_json $out "$b" rx_mwr_bandwidth value)" \
				'BEGIN { if (y > 0) printf "%.2f", x / y }')"
	fi
	# the NIC row's group fits its PMU: exact, multiplexed or not
	expect stat_device_nic_row_counts_its_function_only \
		"$(awk -v f="$f" 'BEGIN { printf "%.3f", 3000 / 1000 * f }')" \
		"$(stat_json $out "$a" bw_ssu_rpu_bandwidth value)"
	expect stat_device_unit_from_papi "bytes/s" "$(stat_json $out "$a" bw_ssu_rpu_bandwidth unit)"
	# the component's reason once, in the tool's line, and no generic text after it
	expect stat_device_nic_twin_refused_with_the_reason_alone "0 1 0 0" \
		"$(grep -c "\"device\":\"$b\",\"metric\":\"bw_" $out) $(grep -c '^hisi-uncore-stat: -d 0x3200: no NIC row: .*bdf 32:00.0: 31:00.0 in .* has the same device.function' $err) $(grep -c '^hisi-uncore-stat: -d 0x3200: no NIC row: Invalid or missing event attributes$' $err) $(grep -c '^hisi_uncore: .*has the same device.function' $err)"
	# the driver takes a port, not a bdf, for latency: not counted, and said why
	expect stat_device_latency_refused_with_the_drivers_rule "0 4 2" \
		"$(grep -c '_avg_latency' $out) $(grep -c 'latency events take port' $err) $(grep -c "^hisi-uncore-stat: $a: rx_m[rw][rd]_avg_latency not counted" $err)"
	# a device no instance covers: refused, the component saying what each covers
	out=$("$PREFIX/bin/hisi-uncore-stat" -d 00:01.0 -n 1 2>&1)
	expect stat_device_uncovered_refused "1 2" "$? $(grep -c 'covers' <<<"$out")"
}

# 6.1.y: one device's row alone, exact: its in_read and out_read are two
# event codes, each on a counter of its own; its neighbour's and another
# device's reads are not counted (in over out 4:2, not 8:2 or 6:2).
stat_device_alone() {
	local out=/tmp/stat-d1.csv err=/tmp/stat-d1.err a="31:00.1 Ethernet controller"
	stat_measure stat_device_alone $out $err "-x, -d 31:00.1 -e in_read,out_read" \
		"$P0|dir=rx type=mrd req=0x3101 len=16 count=4" "$P0|dir=rx type=mrd req=0x3100 len=16 count=4" \
		"$P0|dir=rx type=mrd req=0x3200 len=16 count=2" "$P0|dir=tx type=mrd req=0x3101 len=16 count=2" ||
		return
	expect stat_device_alone_exit_0_not_scaled_payload_only "0 2 0 2" \
		"$STAT_RC $(($(grep -c , $out) - 1)) $(awk -F, 'NR > 1 && $6 != 0' $out | wc -l) $(awk -F, 'NR > 1 && $7 == 1' $out | wc -l)"
	stat_bw_bounded stat_device_pcie_bandwidth_of_the_device $((4 * STAT_TLP_BYTES)) \
		"$(stat_value $out "$a" rx_mrd_bandwidth)" "$(awk -F, 'NR == 2 { print $1 }' $out)"
	expect stat_device_pcie_row_counts_its_device_only 2.00 \
		"$(awk -v i="$(stat_value $out "$a" rx_mrd_bandwidth)" -v o="$(stat_value $out "$a" tx_mrd_bandwidth)" \
			'BEGIN { if (o > 0) printf "%.2f", i / o }')"
}

# Ownership mode: a second tool is refused while the first counts, naming it.
stat_owner() {
	local out=/tmp/stat-o.out err=/tmp/stat-o.err second
	if ! HISI_UNCORE_OWNER=1 stat_start $out $err -I 3600000 --nic; then
		fail stat_owner_start "$(cat $err)"
		return
	fi
	second=$(HISI_UNCORE_OWNER=1 "$PREFIX/bin/hisi-uncore-stat" --nic -n 1 -I 10 2>&1)
	expect stat_owner_second_refused_exit_1 1 "$?"
	if grep -q "is owned by pid $STAT_PID (hisi-uncore-sta" <<<"$second"; then
		pass stat_owner_names_the_owner
	else
		fail stat_owner_names_the_owner "$second"
	fi
	stat_stop
	expect stat_owner_first_counted 0 "$STAT_RC"
}

# --root-ports: a row per root port, counted through hisi_pcie::...:rp=, exact
# when the columns fit (two per port: 4 of each instance's 8 counters).
stat_root_ports() {
	local out=/tmp/stat-rp.csv err=/tmp/stat-rp.err
	if [ $STAT_TLP = mrd ]; then
		stat_root_ports_refused
		return
	fi
	# TLPs of 16 DW (20 with the header): 10 behind 30:00.0 at 500 cycles, 5 behind
	# 30:04.0 at 300, 3 on 3c:04.0 at 200; nothing on 3c:00.0
	stat_measure stat_root_ports $out $err "-x, --root-ports -e in_write,in_wr_lat" \
		"$P0|dir=rx type=mwr req=0x3100 len=16 lat=500 count=10" \
		"$P0|dir=rx type=mwr req=0x3200 len=16 lat=300 count=5" \
		"$P1|dir=rx type=mwr rp=0x3c20 len=16 lat=200 count=3" || return
	expect stat_root_ports_exit_0 0 "$STAT_RC"
	expect stat_root_ports_two_columns_per_port_not_scaled \
		"30:00.0 root port,30:04.0 root port,3c:00.0 root port,3c:04.0 root port,|8 0" \
		"$(awk -F, 'NR > 1 { print $2 }' $out | sort -u | tr '\n' ,)|$(($(grep -c , $out) - 1)) $(awk -F, 'NR > 1 && $6 != 0' $out | wc -l)"
	expect stat_root_ports_latency_exact "500.000 300.000 200.000" \
		"$(stat_value $out '30:00.0 root port' rx_mwr_avg_latency) $(stat_value $out '30:04.0 root port' rx_mwr_avg_latency) $(stat_value $out '3c:04.0 root port' rx_mwr_avg_latency)"
	expect stat_root_ports_bandwidth_2_to_1 2.00 \
		"$(awk -v a="$(stat_value $out '30:00.0 root port' rx_mwr_bandwidth)" \
			-v b="$(stat_value $out '30:04.0 root port' rx_mwr_bandwidth)" 'BEGIN { if (b > 0) printf "%.2f", a / b }')"
	expect stat_root_ports_quiet_port_zero 0.000 "$(stat_value $out '3c:00.0 root port' rx_mwr_bandwidth)"
	stat_bw_bounded stat_root_ports_bandwidth_is_bytes_over_time 800 \
		"$(stat_value $out '30:00.0 root port' rx_mwr_bandwidth)" "$(awk -F, 'NR == 2 { print $1 }' $out)"
}

# 6.1.y exports no bdf_min: a root port's bit in port= cannot be known, so
# --root-ports is refused, each port saying why, and the tool exits 1.
stat_root_ports_refused() {
	local out
	out=$("$PREFIX/bin/hisi-uncore-stat" -x, --root-ports -n 1 -I 10 2>&1)
	expect stat_root_ports_refused_without_bdf_min "1 4 1" \
		"$? $(grep -c '^hisi-uncore-stat: root port [0-9a-f:.]*: no PCIe row: .* exports no bdf_min (Linux 6.12 and later do), so its root ports cannot be numbered' <<<"$out") $(grep -c '^hisi-uncore-stat: --root-ports: no root port can be counted: 4 of the 4 in PCI sysfs refused$' <<<"$out")"
}

# Every column of every root port needs 12 of an instance's 8 counters:
# counted multiplexed, and each output says so.  Under the generator each
# root port's TLPs take 500 cycles: a latency is a ratio within one group,
# exact whatever share of the time its group ran.
stat_root_ports_multiplexed() {
	local out=/tmp/stat-rpm.csv err=/tmp/stat-rpm.err lat
	if [ $STAT_TLP = mrd ]; then
		echo "SKIP stat_multiplexed: no root port rows on era 6.1.y (stat_device multiplexes)" >&2
		return
	fi
	echo on >$DBG/generator
	"$PREFIX/bin/hisi-uncore-stat" -x, --root-ports -n 1 -I 500 >$out 2>$err
	expect stat_multiplexed_exit_0 0 "$?"
	echo off >$DBG/generator
	expect stat_multiplexed_said_on_stderr 1 \
		"$(grep -c '^hisi-uncore-stat: these rows need more counters than a PMU instance has: counting multiplexed' $err)"
	expect stat_multiplexed_every_value_scaled "24 24" \
		"$(($(grep -c , $out) - 1)) $(awk -F, 'NR > 1 && $6 == 1' $out | wc -l)"
	lat=$(awk -F, '$3 ~ /_avg_latency$/ { print $4 }' $out | sort -u | tr '\n' ' ')
	case " $lat" in
	*" 500.000 "*) if tr ' ' '\n' <<<"$lat" | grep . | grep -qvxE '500\.000|-?nan|0\.000'; then
			fail stat_multiplexed_latency_exact "$lat"
		else
			pass stat_multiplexed_latency_exact
		fi ;;
	*) fail stat_multiplexed_latency_exact "no 500.000 among: $lat" ;;
	esac
}

# -q: one queue of a NIC function; --nic-port: a port (MAC) of each NIC PMU;
# received bytes and packets over 1000 cycles of the PMU's clock, exact (4
# counters: two rows of two pairs, each pair on one counter).
stat_nic_rows() {
	local out=/tmp/stat-n.json err=/tmp/stat-n.err f q="31:00.1 Ethernet controller queue 3"
	local p="$H port 1"
	f=$(cat /sys/bus/event_source/devices/$H/hw_clk_freq)
	stat_measure stat_nic_rows $out $err "--json -q 31:00.1/3 --nic-port 1 -e rx,rx_pkts" \
		"$H|event=bw_ssu_rpu_byte_num bdf=0x3101 queue=3 bytes=3000" \
		"$H|event=bw_ssu_rpu_byte_num bdf=0x3101 queue=4 bytes=999" \
		"$H|event=pps_ssu_rpu_packet_num bdf=0x3101 queue=3 packets=30" \
		"$H|event=bw_ssu_rpu_byte_num port=1 tc=2 bytes=5000" \
		"$H|event=bw_ssu_rpu_byte_num port=2 tc=0 bytes=777" \
		"$H|event=pps_ssu_rpu_packet_num port=1 tc=0 packets=70" || return
	expect stat_nic_rows_exit_0 0 "$STAT_RC"
	expect stat_nic_queue_row_exact \
		"$(awk -v f="$f" 'BEGIN { printf "%.3f %.3f", 3000 / 1000 * f, 30 / 1000 * f }')" \
		"$(stat_json $out "$q" bw_ssu_rpu_bandwidth value) $(stat_json $out "$q" pps_ssu_rpu_packet_rate value)"
	expect stat_nic_port_row_exact \
		"$(awk -v f="$f" 'BEGIN { printf "%.3f %.3f", 5000 / 1000 * f, 70 / 1000 * f }')" \
		"$(stat_json $out "$p" bw_ssu_rpu_bandwidth value) $(stat_json $out "$p" pps_ssu_rpu_packet_rate value)"
	expect stat_nic_rows_not_scaled "4 0" "$(grep -c . $out) $(grep -c '"scaled":true' $out)"
}

# hold_start PMU: another process (e2e_papi hold) pins all but one of H's
# counters, or all 8 of a PCIe PMU's; returns once they are on the PMU.
# hold_stop releases them.
hold_start() {
	local c=
	coproc HOLD { "$B/e2e_papi" hold "$1"; }
	read -r -n 1 c <&"${HOLD[0]}"
	[ "$c" = r ]
}

hold_stop() {
	local pid=${HOLD_PID:-}
	[ -n "${HOLD[1]:-}" ] && eval "exec ${HOLD[1]}>&-"
	[ -n "$pid" ] && wait "$pid" 2>/dev/null
}

# Counters another process holds: the tool says the component's reason once,
# in its own line, never followed by PAPI's generic text for the code
# ("hardware resource limits").  NIC: 7 of 8 held, the group of the 4
# columns cannot go on the PMU (refused at PAPI_start).  PCIe: all 8 of P0's
# held, STAT_MUX's rows counted multiplexed, P0's groups never run (refused
# at PAPI_read).
stat_counters_held() {
	local out rc
	if ! hold_start $H; then
		fail stat_held_setup "e2e_papi hold $H: the other user could not take the counters"
		hold_stop
		return
	fi
	out=$("$PREFIX/bin/hisi-uncore-stat" --nic -n 1 -I 10 2>&1)
	rc=$?
	hold_stop
	expect stat_held_nic_start_refused_with_the_reason_alone "1 1 0 0 1" \
		"$rc $(grep -c "^hisi-uncore-stat: cannot start counting: $H: the counters could not be scheduled, another user" <<<"$out") $(grep -c '^hisi_uncore: ' <<<"$out") $(grep -c 'hardware resource limits' <<<"$out") $(grep -c . <<<"$out")"
	if ! hold_start $P0; then
		fail stat_held_pcie_setup "e2e_papi hold $P0: the other user could not take the counters"
		hold_stop
		return
	fi
	# shellcheck disable=SC2086 # STAT_MUX is a list of options
	out=$("$PREFIX/bin/hisi-uncore-stat" $STAT_MUX -n 1 -I 10 2>&1)
	rc=$?
	hold_stop
	expect stat_held_pcie_read_refused_with_the_reason_alone "1 1 0 0" \
		"$rc $(grep -c "^hisi-uncore-stat: interval 1 not counted: $P0: a multiplexed group has not been on the PMU yet" <<<"$out") $(grep -c '^hisi_uncore: ' <<<"$out") $(grep -c 'hardware resource limits' <<<"$out")"
}

test_stat() {
	stat_era
	stat_instances
	stat_device
	stat_root_ports
	stat_root_ports_multiplexed
	stat_nic_rows
	stat_owner
	stat_counters_held
}

# ---- #27 (5): a PCIe instance the component skips (a sysfs copy, SYSFS_PATH) -------

. "$E2E/../lib/fake-sysfs.sh"

# skipped_sysfs ROOT: a sysfs root for SYSFS_PATH in which every PMU is the
# real one but P1, whose type is unusable: /sys linked (make_fake_sysfs),
# the Hip09 PMUs linked back in, and P1 a directory of links to its real
# files but for type, which holds no number.
skipped_sysfs() {
	local r=$1 f d=$1/bus/event_source/devices
	make_fake_sysfs "$r"
	for f in /sys/bus/event_source/devices/hisi_pcie*_core* /sys/bus/event_source/devices/hns3_pmu_sicl_*; do
		[ "${f##*/}" = $P1 ] || ln -s "$(readlink -f "$f")" "$d/"
	done
	mkdir "$d/$P1"
	for f in /sys/bus/event_source/devices/$P1/*; do
		[ "${f##*/}" = type ] || ln -s "$f" "$d/$P1/"
	done
	echo zz >"$d/$P1/type"
}

# With P1 unusable: hisi_pcie*::rx_mwr_flux is refused naming P1 and why
# (aloud and under HISI_UNCORE_QUIET=1), a pattern leaving P1 out counts the
# injected traffic exactly (e2e_papi's skipped suite); hisi-uncore-stat
# --pcie shows P1's row unusable, counts P0's, and exits 1.
test_skipped() {
	local r=/tmp/e2e-skipped-sysfs out=/tmp/stat-s.csv err=/tmp/stat-s.err f
	skipped_sysfs $r
	export SYSFS_PATH=$r
	run_prog skipped_e2e_papi "$B/e2e_papi" skipped
	# TLPs of 16 DW (20 with the header): 10 in on P0 at 500 cycles
	stat_measure stat_skipped $out $err "-x, --pcie" \
		"$P0|dir=rx type=mwr rp=0x3000 len=16 lat=500 count=10" \
		"$P1|dir=rx type=mwr rp=0x3c00 len=16 count=10"
	unset SYSFS_PATH
	expect stat_skipped_exit_1 1 "$STAT_RC"
	expect stat_skipped_said_on_stderr 1 \
		"$(grep -c "^hisi-uncore-stat: $P1 is unusable (type: .*): its row is not counted\$" $err)"
	expect stat_skipped_row_without_values "6 6" \
		"$(awk -F, -v d=$P1 '$2 == d' $out | wc -l) $(awk -F, -v d=$P1 '$2 == d && $4 == ""' $out | wc -l)"
	expect stat_skipped_others_counted 500.000 "$(stat_value $out $P0 rx_mwr_avg_latency)"
	out=$(SYSFS_PATH=$r "$PREFIX/bin/hisi-uncore-stat" --pcie -e in_write -n 1 -I 10 2>/dev/null)
	expect stat_skipped_table_row_unusable "1 1" \
		"$? $(grep -c "^$P1 .*n/a  unusable: type: " <<<"$out")"
	rm -rf $r
}

# ---- 8: ownership mode's locks against another account, on the guest's kernel ------

# The security tier's traps (tests/tiers/security.sh) in the guest: its
# kernel's protected_* sysctls and its /tmp, an overlay on tmpfs, where
# /proc/locks names a lock file's device differently from stat.
test_security() {
	HU_SRCDIR="$E2E/../.." HU_BUILDDIR=/nonexistent HU_PREFIX="$PREFIX" \
		HU_LOCK_PROBE="$B/hu_lock_probe" SECURITY_SCENARIOS="planted defaults" \
		bash "$E2E/../tiers/security.sh" 2>&1 | sed -nE 's/^(PASS|FAIL) /\1 guest security: /p'
}

main() {
	[ -d $DBG ] || { fail setup "emulator module not loaded"; exit 1; }
	[ -x "$B/e2e_papi" ] || { fail setup "no $B/e2e_papi"; exit 1; }
	command -v jq >/dev/null || command -v python3 >/dev/null ||
		fail setup "neither jq nor python3 to read the high-level API's JSON"
	# a development run may name the tests to run (guest.sh B PREFIX PAPI test_stat ...)
	if [ $# -gt 0 ]; then
		for t in "$@"; do "$t"; done
		return
	fi
	papi_suites
	test_hl
	test_command_line
	test_event_chooser
	test_mpi
	test_stat
	test_skipped
	test_security
	test_eras
	test_stat_payload_only
	test_shared_bus
	test_reload
	test_hw_time
	test_hotplug
	test_perf_stat_holder
	test_papi_tests
}

main "${@:4}"
exit 0	# the verdict is in the PASS/FAIL lines
