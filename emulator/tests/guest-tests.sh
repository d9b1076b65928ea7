#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the emulator's end-to-end tests; run-e2e.sh starts it
# through vm-run on the default topology:
#   hisi_pcie0_core0  root ports 30:00.0 (port bit 0), 30:04.0 (bit 8)
#                     endpoints 31:00.0, 31:00.1 (e1000e), 32:00.0
#   hisi_pcie0_core1  root ports 3c:00.0, 3c:04.0; endpoints 3d:00.0, 3e:00.0
#   hns3_pmu_sicl_0   functions 31:00.0 .. 32:00.0, queues 0..15
#
# usage: guest-tests.sh PMU_OPEN [EXPECTED_DIR]
# Prints one "PASS <name>" or "FAIL <name>: <why>" line per check.

PO=${1:?usage: guest-tests.sh PMU_OPEN [EXPECTED_DIR]}
TESTS=$(dirname "$0")
EXPECTED=${2:-$TESTS/expected}
DBG=/sys/kernel/debug/hip09_emu
DEV=/sys/bus/event_source/devices
P0=hisi_pcie0_core0
P1=hisi_pcie0_core1
H=hns3_pmu_sicl_0
GLOBAL=0x10000000000000		# HNS3 config1 global=1

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

expect() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "want '$2', got '$3'"; fi
}

# Results of pmu_open's opens, space separated: "OK OK EINVAL".
opens() { "$PO" "$@" | sed -n 's/^open [0-9]* //p' | xargs; }

# Counter values after pmu_open -r CMD, space separated.
counts() { "$PO" "$@" | sed -n 's/^count [0-9]* \([0-9]*\) .*/\1/p' | xargs; }

# Output of CMD run by pmu_open -r (lines that are not open/count lines).
during() { "$PO" "$@" | grep -v -e '^open ' -e '^count '; }

# perf stat -a counts of the -e events while CMD runs.
pstat() {
	local cmd=$1
	shift
	perf stat -a -x, "$@" -- sh -c "$cmd" 2>&1 >/dev/null |
		awk -F, '/^[0-9]/ { print $1 }' | xargs
}

inject() { echo "$2" >"$DBG/$1/inject"; }
inject_cmd() { echo "echo '$2' > $DBG/$1/inject"; }
advance_cmd() { echo "echo $1 > $DBG/advance"; }
used_slots_cmd() { echo "grep -c used=1 $DBG/$1/slots"; }

# The shell command for STEPS: batches "PMU key=value ..." injected in turn,
# separated by ";", and "advance N" for N cycles of time.
steps_cmd() {
	local step out="" steps
	IFS=';' read -ra steps <<<"$1"
	for step in "${steps[@]}"; do
		step=${step# }
		if [ "${step%% *}" = advance ]; then
			step=$(advance_cmd "${step#* }")
		else
			step=$(inject_cmd "${step%% *}" "${step#* }")
		fi
		out="${out:+$out; }$step"
	done
	echo "$out"
}

# expect_counts NAME WANT HOW STEPS EVENT...: the counts of EVENT... while
# STEPS run (steps_cmd) must be WANT. HOW: "open" (pmu_open -r, each event
# alone), "open-g" (pmu_open -g -r, one group), "perf" (perf stat -a -e
# each) or "perf-g" (perf stat -a -e '{EVENT,...}').
expect_counts() {
	local name=$1 want=$2 how=$3 cmd got ev args=()
	cmd=$(steps_cmd "$4")
	shift 4
	case $how in
	open) got=$(counts -r "$cmd" "$@") ;;
	open-g) got=$(counts -g -r "$cmd" "$@") ;;
	perf)
		for ev; do args+=(-e "$ev"); done
		got=$(pstat "$cmd" "${args[@]}")
		;;
	perf-g) got=$(pstat "$cmd" -e "{$(IFS=,; echo "$*")}") ;;
	esac
	expect "$name" "$want" "$got"
}

# expect_slots NAME WANT HOW PMU EVENT...: PMU's slots in use while EVENT...
# are open must be WANT. HOW: "open" (each event alone) or "open-g" (one group).
expect_slots() {
	local name=$1 want=$2 group=() pmu=$4
	[ "$3" = open-g ] && group=(-g)
	shift 4
	expect "$name" "$want" "$(during "${group[@]}" -r "$(used_slots_cmd "$pmu")" "$@")"
}

# Did the module log this pr_debug reason since the last clear?
expect_reason() {
	if dmesg | grep -q "$2"; then pass "$1"; else fail "$1" "no '$2' in dmesg"; fi
}

reload() {
	bash "$HIP09_EMU_MODULE" reload "$@"
}

# Every sysfs file the drivers create, "== path" then the exact bytes.
dump_sysfs() {
	(cd "$DEV/$1" && find events format filtermode cpumask identifier bus \
		bdf_min bdf_max hw_clk_freq -type f 2>/dev/null | LC_ALL=C sort |
		while read -r f; do printf '== %s\n' "$f"; cat "$f"; done)
}

check_sysfs_file() {
	local name=$1 pmu=$2
	if dump_sysfs "$pmu" | cmp -s - "$EXPECTED/$pmu"; then
		pass "$name"
	else
		fail "$name" "$(dump_sysfs "$pmu" | diff "$EXPECTED/$pmu" - | head -5 | xargs)"
	fi
}

# ---- (a) sysfs ------------------------------------------------------------------

test_sysfs() {
	check_sysfs_file sysfs_pcie_bytes $P0
	check_sysfs_file sysfs_hns3_bytes $H
	expect sysfs_pcie1_bus "0x3c 0x3c00 0x3c20" \
		"$(cat $DEV/$P1/bus $DEV/$P1/bdf_min $DEV/$P1/bdf_max | xargs)"
	expect sysfs_no_pcie_filtermode "absent" \
		"$([ -e $DEV/$P0/filtermode ] || [ -e $DEV/$P0/hw_clk_freq ] && echo present || echo absent)"
}

# ---- (b) counting ---------------------------------------------------------------

test_perf_stat() {
	expect_counts perf_hns3_global "10500" perf "$H event=bw_ssu_rpu_byte_num bytes=1500 count=7" "$H/bw_ssu_rpu_byte_num,global=1/"
	expect_counts perf_hns3_pair_group "10500 12345" perf-g "$H event=bw_ssu_rpu_byte_num bytes=1500 count=7; advance 12345" "$H/bw_ssu_rpu_byte_num,global=1/" "$H/bw_ssu_rpu_time,global=1/"
	expect_counts perf_pcie_port "200 100" perf "$P0 dir=rx type=mwr rp=0x3000 len=16 count=10; $P0 dir=rx type=mwr rp=0x3020 len=16 count=5" "$P0/rx_mwr_flux,port=0x1/" "$P0/rx_mwr_flux,port=0x100/"
	expect_counts perf_pcie_bdf "36" perf "$P0 dir=rx type=mrd req=0x3200 len=8 count=3; $P0 dir=rx type=mrd req=0x3100 len=8 count=100" "$P0/rx_mrd_flux,bdf=0x3200/"
}

test_counting_hns3() {
	expect_counts hns3_port "400 4" open-g "$H event=dly_ssu_tx_th_nic_time port=1 packets=4 lat=100; $H event=dly_ssu_tx_th_nic_time port=2 packets=10 lat=1" "$H/config=0x206,config1=0xf1/" "$H/config=0x10206,config1=0xf1/"
	# No filter at all: port-tc mode with port 0, tc 0 (quirk).
	expect_counts hns3_default_port_tc "5" open "$H event=pps_ssu_egu_packet_num port=0 tc=0 packets=5; $H event=pps_ssu_egu_packet_num port=0 tc=1 packets=7" "$H/config=0x101/"
	expect_counts hns3_func "100" open "$H event=bw_ssu_rpu_byte_num bdf=0x3100 bytes=100; $H event=bw_ssu_rpu_byte_num bdf=0x3101 bytes=1000" "$H/config=0x2,config1=0xffff310000/"
	expect_counts hns3_func_queue "64" open "$H event=bw_ssu_rpu_byte_num bdf=0x3101 queue=3 bytes=64; $H event=bw_ssu_rpu_byte_num bdf=0x3101 queue=4 bytes=1" "$H/config=0x2,config1=0x0003310100/"
	expect_counts hns3_intr_rate "9 50" open-g "$H event=pps_intr_msix_nic_intr_num intr=3 count=3; advance 50" "$H/config=0x300,config1=$GLOBAL/" "$H/config=0x10300,config1=$GLOBAL/"
}

test_counting_pcie() {
	expect_counts pcie_latency_pair "1000 4" open-g "$P0 dir=rx type=mwr rp=0x3000 lat=250 count=4" "$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=1/"
	# len_mode: 1 payload, 2 header (3 DW for a completion), 3 both.
	expect_counts pcie_len_mode "64 6 70" open "$P0 dir=tx type=cpl rp=0x3000 len=32 count=2" "$P0/config=0x1005,config1=0x400,config2=1/" "$P0/config=0x1005,config1=0x800,config2=1/" "$P0/config=0x1005,config2=1/"
	# thr_len=4: TLPs of >= 16 DW (mode 0) or < 16 DW (mode 1).
	expect_counts pcie_threshold "40 60" open "$P0 dir=rx type=mwr rp=0x3000 len=8 count=5; $P0 dir=rx type=mwr rp=0x3000 len=16 count=2" "$P0/config=0x104,config1=0x4,config2=1/" "$P0/config=0x104,config1=0x14,config2=1/"
	# trig_len=4, mode 0: nothing counts before a TLP longer than 16 DW.
	expect_counts pcie_trigger "60" open "$P0 dir=rx type=mwr rp=0x3000 len=8 count=3; $P0 dir=rx type=mwr rp=0x3000 len=32 count=1; $P0 dir=rx type=mwr rp=0x3000 len=8 count=2" "$P0/config=0x104,config1=0x80,config2=1/"
	expect_counts pcie_time "777" open "advance 777" "$P0/config=0x10104,config2=1/"
	# A nonzero port wins over bdf: bdf names a device of the other core.
	expect_counts pcie_port_overrides_bdf "20" open "$P0 dir=rx type=mwr rp=0x3000 len=16" "$P0/config=0x104,config2=0x3d000001/"
	# Traffic of the other core's root ports is not seen.
	expect_counts pcie_other_core "0 20" open "$P1 dir=rx type=mwr rp=0x3c00 len=16" "$P0/config=0x104,config2=0xffff/" "$P1/config=0x104,config2=0x1/"
}

# A command for pmu_open -r: the driver's pmu_disable() holds PMU $1 stopped
# with its slots armed, as the perf core does around a rotation; batch $2 is
# injected from another process; once that inject waits (or has returned),
# pmu_enable() restarts the PMU.
inject_in_stop_cmd() {
	local g=$DBG/$1/global
	echo "echo stop > $g; (echo '$2' > $DBG/$1/inject) & until grep -q bursts_waiting=1 $g || ! kill -0 \$! 2>/dev/null; do :; done; echo start > $g; wait"
}

# The e2e harness injects while the perf core may rotate another user's
# events on the PMU's CPU: a burst injected in that stop waits for the
# restart and counts whole, never lost whole.
test_bursts_in_stop() {
	expect pcie_burst_waits_out_stop 20 "$(counts -r \
		"$(inject_in_stop_cmd $P0 'dir=rx type=mwr rp=0x3000 len=16')" \
		"$P0/config=0x104,config2=1/")"
	expect hns3_burst_waits_out_stop 1500 "$(counts -r \
		"$(inject_in_stop_cmd $H 'event=bw_ssu_rpu_byte_num bytes=1500')" \
		"$H/config=0x2,config1=$GLOBAL/")"
}

# The demo generator: traffic and time flow while it is on, stop when off.
test_generator() {
	local c
	c=$(counts -g -r "echo 'on period_ms=10 tlp_rate=100000 tlp_dw=16' > $DBG/generator; sleep 0.5; echo off > $DBG/generator" \
		"$P0/config=0x104,config2=1/" "$P0/config=0x10104,config2=1/")
	if [ -n "$c" ] && [ "${c% *}" -gt 0 ] && [ "${c#* }" -gt 0 ]; then
		pass generator_counts
	else
		fail generator_counts "flux and time should grow, got '$c'"
	fi
	expect generator_off "0" "$(counts -r "sleep 0.2" "$P0/config=0x104,config2=1/")"
}

# ---- (c) rejections -----------------------------------------------------------------

test_reject_common() {
	local pmu ev
	for pmu in $P0 $H; do
		if [ $pmu = $H ]; then ev="config=0x2,config1=$GLOBAL"; else ev="config=0x10,config2=1"; fi
		dmesg -C
		expect "${pmu}_sampling" EOPNOTSUPP "$(opens "$pmu/$ev,period=1000/")"
		expect_reason "${pmu}_sampling_reason" "reject sampling"
		expect "${pmu}_per_task" EOPNOTSUPP "$(opens "$pmu/$ev,pid=0,cpu=-1/")"
		expect_reason "${pmu}_per_task_reason" "reject per-task"
		expect "${pmu}_exclude_bits" "EINVAL EINVAL EINVAL EINVAL EINVAL EINVAL" \
			"$(opens "$pmu/$ev,exclude_user=1/" "$pmu/$ev,exclude_kernel=1/" \
				"$pmu/$ev,exclude_hv=1/" "$pmu/$ev,exclude_idle=1/" \
				"$pmu/$ev,exclude_host=1/" "$pmu/$ev,exclude_guest=1/")"
		expect "${pmu}_valid_on_other_cpu" OK "$(opens "$pmu/$ev,cpu=1/")"
	done
	expect mixed_pmu_group "OK EINVAL" \
		"$(opens -g "$H/config=0x2,config1=$GLOBAL/" "$P0/config=0x10,config2=1/")"
	expect two_pcie_instances_group "OK EINVAL" \
		"$(opens -g "$P0/config=0x10,config2=1/" "$P1/config=0x10,config2=1/")"
}

test_reject_pcie() {
	dmesg -C
	expect pcie_thr_len_11 EINVAL "$(opens "$P0/config=0x104,config1=11,config2=1/")"
	expect_reason pcie_thr_len_reason "reject thr_len"
	expect pcie_trig_len_11 EINVAL "$(opens "$P0/config=0x104,config1=0x160,config2=1/")"
	expect_reason pcie_trig_len_reason "reject trig_len"
	expect pcie_len_10_ok "OK OK" "$(opens "$P0/config=0x104,config1=10,config2=1/" \
		"$P0/config=0x104,config1=0x140,config2=1/")"
	dmesg -C
	expect pcie_no_target EINVAL "$(opens "$P0/config=0x104/")"
	expect_reason pcie_no_target_reason "reject bdf"
	expect pcie_bdf_other_core "EINVAL OK" \
		"$(opens "$P0/config=0x104,config2=0x3d000000/" "$P1/config=0x104,config2=0x3d000000/")"
	expect pcie_bdf_nonexistent EINVAL "$(opens "$P0/config=0x104,config2=0x33000000/")"
	expect pcie_bdf_endpoint_ok OK "$(opens "$P0/config=0x104,config2=0x31010000/")"
}

test_reject_hns3() {
	dmesg -C
	expect hns3_unknown_event ENOENT "$(opens "$H/config=0x77,config1=$GLOBAL/")"
	expect_reason hns3_unknown_event_reason "reject event"
	expect hns3_no_filter_mode ENOENT "$(opens "$H/config=0xb/")"
	expect_reason hns3_no_filter_mode_reason "reject filter"
	dmesg -C
	expect hns3_func_out_of_range ENOENT "$(opens "$H/config=0x2,config1=0xffff3d0000/")"
	expect hns3_func_nonexistent ENOENT "$(opens "$H/config=0x2,config1=0xffff310800/")"
	expect_reason hns3_func_reason "reject bdf"
	expect hns3_queue_16 ENOENT "$(opens "$H/config=0x2,config1=0x0010310000/")"
	expect_reason hns3_queue_reason "reject queue"
	expect hns3_queue_15_ok OK "$(opens "$H/config=0x2,config1=0x000f310000/")"
	# bdf without queue=0xffff means func-queue with queue 0.
	expect hns3_bdf_means_queue0 OK "$(opens "$H/config=0x2,config1=0x310000/")"
}

# Nine distinct real events (global mode) in one HNS3 group.
hns3_specs() {
	local c
	for c in "$@"; do printf '%s ' "$H/config=$c,config1=$GLOBAL/"; done
}

test_groups() {
	# shellcheck disable=SC2046 # one word per event
	expect hns3_group_8 "OK OK OK OK OK OK OK OK" \
		"$(opens -g $(hns3_specs 1 2 3 4 5 6 8 9))"
	# shellcheck disable=SC2046
	expect hns3_group_9 "OK OK OK OK OK OK OK OK EINVAL" \
		"$(opens -g $(hns3_specs 1 2 3 4 5 6 8 9 0xa))"
	# shellcheck disable=SC2046
	expect hns3_group_pairs_count_once "OK OK OK OK OK OK OK OK OK" \
		"$(opens -g $(hns3_specs 1 2 3 4 5 6 8 9 0x10001))"
	local specs="" i
	for i in 1 2 3 4 5 6 7 8 9; do specs+="$P0/config=0x10,config2=$i/ "; done
	# shellcheck disable=SC2086
	expect pcie_group_9_distinct "OK OK OK OK OK OK OK OK EINVAL" "$(opens -g $specs)"
	# shellcheck disable=SC2046
	expect hns3_busy_at_init "OK OK OK OK OK OK OK OK EBUSY" \
		"$(opens $(hns3_specs 1 2 3 4 5 6 8 9 0xa))"
	specs=""
	for i in 1 2 3 4 5 6 7 8 9; do specs+="$P0/config=0x10,config2=$i/ "; done
	# shellcheck disable=SC2086
	expect pcie_full_8_slots "8" "$(during -r "$(used_slots_cmd $P0)" $specs)"
	# The ninth event makes perf rotate them every mux interval (1 ms
	# here); no read of the slots view may catch a rotation half done.
	local mux=$DEV/$P0/perf_event_mux_interval_ms old
	old=$(cat $mux)
	echo 1 >$mux
	# shellcheck disable=SC2086
	expect pcie_full_8_slots_while_rotating "0" \
		"$(during -r "bash $TESTS/slot-reads.sh 2000 $DBG/$P0/slots 8" $specs)"
	echo "$old" >$mux
}

# PCIe group of nine identical events: one real code, one control word.
pcie_nine_same_specs() {
	local i
	for i in 1 2 3 4 5 6 7 8 9; do printf '%s ' "$P0/config=0x10,config2=1/"; done
}

# Opens, then counts, of that group while 4 TLPs of 250 cycles pass.
pcie_nine_same() {
	# shellcheck disable=SC2046 # one word per event
	opens -g $(pcie_nine_same_specs)
	# shellcheck disable=SC2046
	counts -g -r "$(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 lat=250 count=4')" \
		$(pcie_nine_same_specs)
}

# A PCIe group of nine distinct real codes, all on port 0x1.
pcie_nine_codes() {
	local c specs=""
	for c in 0x10 0x210 0x11 0x104 0x804 0x2004 0x105 0x405 0x1005; do
		specs+="$P0/config=$c,config2=1/ "
	done
	# shellcheck disable=SC2086
	opens -g $specs
}

# "running enabled" of each event of pmu_open -r CMD.
run_times() { "$PO" "$@" | sed -n 's/^count [0-9]* [0-9]* \([0-9]*\) \([0-9]*\)$/\2 \1/p' | xargs; }

# Two groups, each with rx_mrd_flux (one real code, 0x0804 since v6.2) on
# another port: before v6.9 add() refuses the second while the first is in
# (v5.19-v6.8 hisi_pcie_pmu_find_related_event(): -EINVAL), so the perf core rotates them
# and their running times add up to the enabled time, never twice it.
pcie_related_groups_rotate() {
	local t
	t=$(run_times -r "sleep 0.3" \
		'{' "$P0/config=0x804,config2=0x1/" "$P0/config=0x10804,config2=0x1/" '}' \
		'{' "$P0/config=0x804,config2=0x100/" "$P0/config=0x10804,config2=0x100/" '}')
	# shellcheck disable=SC2086 # r0 e0 r1 e1 r2 e2 r3 e3
	set -- $t
	# Rotating, the two leaders never run at once: their running times add
	# up to about the longer enabled time (the groups are enabled one after
	# the other, further apart on a loaded host), not to twice it.
	local longer=$2
	[ $# = 8 ] && [ "$6" -gt "$longer" ] && longer=$6
	if [ $# = 8 ] && [ "$1" -gt 0 ] && [ "$5" -gt 0 ] &&
		[ $((($1 + $5) * 100)) -le $((longer * 102)) ] &&
		[ $((($1 + $5) * 100)) -ge $((longer * 80)) ]; then
		echo rotated
	else
		echo "running/enabled: $t"
	fi
}

# ---- (d) pair sharing --------------------------------------------------------------

test_pairs() {
	expect_slots pcie_pair_one_slot 1 open-g $P0 "$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=1/"
	expect_slots pcie_pair_diff_filter_two_slots 2 open-g $P0 "$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=0x100/"
	expect_slots pcie_pair_ungrouped_two_slots 2 open $P0 "$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=1/"
	expect_slots hns3_pair_one_slot 1 open-g $H "$H/config=0x2,config1=$GLOBAL/" "$H/config=0x10002,config1=$GLOBAL/"
	# HNS3 shares on the real event alone, whatever the filters (quirk).
	expect_slots hns3_pair_ignores_filters 1 open-g $H "$H/config=0x2,config1=$GLOBAL/" "$H/config=0x10002,config1=0xf0/"
	expect_slots hns3_pair_ungrouped_two_slots 2 open $H "$H/config=0x2,config1=$GLOBAL/" "$H/config=0x10002,config1=$GLOBAL/"
}

# ---- (e) CPU hotplug -------------------------------------------------------------

# The PCIe PMUs sit on HP_FROM (hotplug-plan.sh: CPU 1 of node 1 with
# pcie_node=1 on a two-node guest, or CPU 0 where it can go offline);
# offlining it moves them to HP_TO with their events counting on. HNS3 stays
# on CPU 0, the first online CPU, while CPU 0 is online.
. "$(dirname "${BASH_SOURCE[0]}")/hotplug-plan.sh"
test_hotplug() {
	local cpu out
	if ! hotplug_plan; then
		fail hotplug_setup "needs node 1 with CPU 1 (vm-run --numa) or a CPU 0 that can go offline"
		return
	fi
	cpu=/sys/devices/system/cpu/cpu$HP_FROM/online
	# shellcheck disable=SC2086 # no parameter at all when empty
	if ! reload $HP_PARAMS; then fail hotplug_load "insmod failed"; return; fi
	expect hotplug_numa_cpus "$HP_FROM $HP_FROM 0" \
		"$(cat $DEV/$P0/cpumask $DEV/$P1/cpumask $DEV/$H/cpumask | xargs)"
	out=$("$PO" -g -r "$(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 lat=100 count=3'); echo 0 > $cpu; cat $DEV/$P0/cpumask $DEV/$P1/cpumask; $(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 lat=100 count=2')" \
		"$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=1/")
	expect hotplug_offline_moves "$HP_TO $HP_TO" \
		"$(grep -v -e '^open ' -e '^count ' <<<"$out" | xargs)"
	expect hotplug_offline_counts_on "500 5" \
		"$(sed -n 's/^count [0-9]* \([0-9]*\) .*/\1/p' <<<"$out" | xargs)"
	# 16 DW of payload and 4 of header (len_mode 0 means 3).
	expect hotplug_new_open "OK 20" "$(opens "$P0/config=0x104,config2=1/") $(counts -r \
		"$(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 len=16')" "$P0/config=0x104,config2=1/")"
	echo 1 > $cpu
	expect hotplug_online_keeps_cpu "$HP_TO" "$(cat $DEV/$P0/cpumask)"
	reload || fail hotplug_restore "insmod failed"
}

# ---- (f) PCIe driver eras ----------------------------------------------------------

# Counts of rx_mwr_flux with len_mode=2 for one 16-DW TLP.
pcie_len2_count() {
	counts -r "$(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 len=16')" \
		"$P0/config=0x104,config1=0x800,config2=1/"
}

# A software leader with a latency pair: the group check compares the pair
# with the leader by attr only (the guest oopsed reading it as a PCIe event).
pcie_software_leader() {
	local out
	out=$("$PO" -g -r "$(inject_cmd $P0 'dir=rx type=mwr rp=0x3000 lat=250 count=4')" \
		software/config=0/ "$P0/config=0x10,config2=1/" "$P0/config=0x10010,config2=1/")
	echo "$(sed -n 's/^open [0-9]* //p' <<<"$out" | xargs)" \
		"$(sed -n 's/^count [12] \([0-9]*\) .*/\1/p' <<<"$out" | xargs)"
}

# A group of rx_mwr_flux with len_mode 2 and 3 on one port: the slots used.
pcie_len_2_3_slots() {
	during -g -r "$(used_slots_cmd $P0)" \
		"$P0/config=0x104,config1=0x800,config2=1/" \
		"$P0/config=0x104,config1=0xc00,config2=1/"
}

test_era_6_12() {
	expect era612_events 18 "$(ls $DEV/$P0/events | wc -l)"
	expect era612_group_same_shares "OK OK OK OK OK OK OK OK OK 1000 1000 1000 1000 1000 1000 1000 1000 1000" \
		"$(pcie_nine_same | xargs)"
	expect era612_len_mode_2_header 4 "$(pcie_len2_count)"
	expect era612_len_mode_2_3_two_slots 2 "$(pcie_len_2_3_slots)"
	expect era612_software_leader "OK OK OK 1000 4" "$(pcie_software_leader)"
}

test_era_6_9() {
	if ! reload pcie_era=6.9; then fail era69_load "insmod failed"; return; fi
	expect era69_events 18 "$(ls $DEV/$P0/events | wc -l)"
	expect era69_sysfs "bus no-bdf_min no-bdf_max" \
		"$([ -e $DEV/$P0/bus ] && echo bus) $([ -e $DEV/$P0/bdf_min ] && echo bdf_min || echo no-bdf_min) $([ -e $DEV/$P0/bdf_max ] && echo bdf_max || echo no-bdf_max)"
	expect era69_zero_bdf_checked EINVAL "$(opens "$P0/config=0x104/")"
	expect era69_group_same_shares "OK OK OK OK OK OK OK OK OK 1000 1000 1000 1000 1000 1000 1000 1000 1000" \
		"$(pcie_nine_same | xargs)"
	# The control word still starts from INIT_SET: len_mode 2 gives 3
	# (headers and payload), the same word as len_mode 3, so one slot.
	expect era69_len_mode_2_both 20 "$(pcie_len2_count)"
	expect era69_len_mode_2_3_one_slot 1 "$(pcie_len_2_3_slots)"
	expect era69_software_leader "OK OK OK 1000 4" "$(pcie_software_leader)"
}

test_era_6_2() {
	if ! reload pcie_era=6.2; then fail era62_load "insmod failed"; return; fi
	expect era62_events "10 config=0x804" \
		"$(ls $DEV/$P0/events | wc -l) $(cat $DEV/$P0/events/rx_mrd_flux)"
	expect era62_formats "len_mode no-bdf_min" \
		"$([ -e $DEV/$P0/format/len_mode ] && echo len_mode) $([ -e $DEV/$P0/bdf_min ] && echo bdf_min || echo no-bdf_min)"
	# Groups de-duplicate by real code (hisi_pcie_pmu_validate_event_group()).
	expect era62_group_same_code "OK OK OK OK OK OK OK OK OK 1000 1000 1000 1000 1000 1000 1000 1000 1000" \
		"$(pcie_nine_same | xargs)"
	expect era62_group_9_codes "OK OK OK OK OK OK OK OK EINVAL" "$(pcie_nine_codes)"
	expect era62_related_groups_rotate rotated "$(pcie_related_groups_rotate)"
	expect era62_zero_bdf_unchecked OK "$(opens "$P0/config=0x104/")"
	# INIT_SET is ORed in: len_mode=2 counts headers and payload (quirk).
	expect era62_len_mode_2_both 20 "$(pcie_len2_count)"
}

test_era_5_19() {
	if ! reload pcie_era=5.19; then fail era519_load "insmod failed"; return; fi
	expect era519_events "10 config=0x1005 config=0x12004" \
		"$(ls $DEV/$P0/events | wc -l) $(cat $DEV/$P0/events/rx_mrd_flux $DEV/$P0/events/tx_mrd_time | xargs)"
	expect era519_formats "7 no-len_mode" \
		"$(ls $DEV/$P0/format | wc -l) $([ -e $DEV/$P0/format/len_mode ] && echo len_mode || echo no-len_mode)"
	expect era519_group_same_code "OK OK OK OK OK OK OK OK OK 1000 1000 1000 1000 1000 1000 1000 1000 1000" \
		"$(pcie_nine_same | xargs)"
	expect era519_group_9_codes "OK OK OK OK OK OK OK OK EINVAL" "$(pcie_nine_codes)"
	expect era519_zero_bdf_unchecked OK "$(opens "$P0/config=0x104/")"
	# No len field: the control word keeps INIT_SET, LEN = 1, payload only.
	expect_counts era519_payload_only 16 open "$P0 dir=rx type=mwr rp=0x3000 len=16" "$P0/config=0x104,config2=1/"
	# The old rx_mrd_flux ID 0x1005 is what the hardware counts as tx_cpl.
	expect_counts era519_old_id_counts_tx_cpl 35 open "$P0 dir=tx type=cpl rp=0x3000 len=35" "$P0/config=0x1005,config2=1/"
	reload || fail era_restore "insmod failed"
}

main() {
	[ -x "$PO" ] || { fail setup "no pmu_open at $PO"; exit 1; }
	[ -d $DBG ] || { fail setup "module not loaded"; exit 1; }
	test_sysfs
	test_perf_stat
	test_counting_hns3
	test_counting_pcie
	test_bursts_in_stop
	test_generator
	test_reject_common
	test_reject_pcie
	test_reject_hns3
	test_groups
	test_pairs
	test_hotplug
	test_era_6_12
	test_era_6_9
	test_era_6_2
	test_era_5_19
}

main
