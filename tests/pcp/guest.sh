#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Guest side of the pcp tier: vm-run --pcp started pmcd with the hisi agent
# (pcp/vm-pcp-start.sh); PCP's own clients check it against traffic of
# known size injected into the emulated PMUs.  Prints one "PASS <name>" or
# "FAIL <name>: <why>" line per check and a closing count.
#
# usage: guest.sh LABEL PREFIX   (LABEL prefixes the names: the driver;
#                                PREFIX holds hisi-uncore-stat)

label=${1:?usage: guest.sh LABEL PREFIX}
PREFIX=${2:?usage: guest.sh LABEL PREFIX}
# PCP's clients are Debian's: pmrep's python is the system's (pmpython runs
# the first python3 on PATH, which on a development machine may be another)
PATH=/usr/bin:/bin:$PATH
. "$(dirname "${BASH_SOURCE[0]}")/checks.sh"

# values INSTANCE METRIC...: each metric's value, one fetch each, space-separated
values() {
	local inst=$1 m out=
	shift
	for m in "$@"; do out+="${out:+ }$(value "$m" "$inst")"; done
	echo "$out"
}

# deltas BEFORE AFTER: each value's change between two lists of values
deltas() {
	local -a b a
	local i out=
	read -ra b <<<"$1"
	read -ra a <<<"$2"
	for i in "${!a[@]}"; do out+="${out:+ }$((a[i] - b[i]))"; done
	echo "$out"
}

# instances METRIC: the instance names one fetch gives values for, sorted
instances() {
	pminfo -f "$1" | sed -n 's/^ *inst \[[0-9]* or "\([^"]*\)"\] value .*/\1/p' | sort | tr '\n' ' ' |
		sed 's/ $//'
}

inject() {
	echo "$2" >"$DBG/$1/inject" || fail inject "$1: $2"
}

era() {
	tr ' ' '\n' <<<"$HIP09_EMU_PARAMS" | sed -n 's/^pcie_era=//p' | tail -1
}

# Every metric has help text (pminfo -T), and the agent gives as many as pmns names.
check_names_and_help() {
	local names n no_help
	names=$(pminfo hisi)
	n=$(grep -c . <<<"$names")
	expect metrics_named 47 "$n"
	no_help=$(for m in $names; do
		pminfo -T "$m" | grep -q '^Help:$' || echo "$m"
	done)
	expect every_metric_has_help "" "$no_help"
	if pminfo -T hisi.pcie.in.read.bytes | grep -q 'TLP payload only on Linux 5.19 to 6.1'; then
		pass help_says_what_a_byte_is
	else
		fail help_says_what_a_byte_is "$(pminfo -T hisi.pcie.in.read.bytes)"
	fi
}

# What each instance says about itself: its era, its CPU, counting, what it lacks.
check_metadata() {
	local want_era want_bytes want_missing
	case $(era) in
	6.1.y) want_era="hisi_pcie v5.19-v6.1" want_bytes="TLP payload only" want_missing=2 ;;
	*) want_era="hisi_pcie v6.12+" want_bytes="TLP payload and headers" want_missing=0 ;;
	esac
	expect pcie_era "$want_era" "$(value hisi.pcie.era $P0)"
	expect pcie_bytes_counted "$want_bytes" "$(value hisi.pcie.bytes_counted $P0)"
	expect pcie_cpu "$(cut -d, -f1 </sys/bus/event_source/devices/$P0/cpumask | cut -d- -f1)" \
		"$(value hisi.pcie.cpu $P0)"
	expect status_counting "counting counting counting" \
		"$(value hisi.pcie.status $P0) $(value hisi.pcie.status $P1) $(value hisi.nic.status $H)"
	expect pcie_missing_events "$want_missing" \
		"$(value hisi.pcie.missing $P0 | grep -o '[rt]x_mwr_flux: ' | wc -l)"
	expect not_scaled "0 0" "$(value hisi.pcie.scaled $P0) $(value hisi.nic.scaled $H)"
}

# PCIe bytes: TLPs of LEN DW count LEN + 4 (the header) DW with len_mode's
# default, LEN alone on a driver without it; 4 bytes a DW.
tlp_bytes() {
	local len=$1 count=$2
	if [ "$(era)" = 6.1.y ]; then echo $((len * 4 * count)); else echo $(((len + 4) * 4 * count)); fi
}

# Counter deltas over injected traffic are exact; P1 and the rest stay still.
check_pcie_deltas() {
	local m=(hisi.pcie.in.read.bytes hisi.pcie.out.read.bytes hisi.pcie.in.read.cycles
		hisi.pcie.in.read.tlps hisi.pcie.in.write.cycles hisi.pcie.in.write.tlps)
	local before p1_before
	before=$(values $P0 "${m[@]}")
	p1_before=$(values $P1 "${m[@]}")
	inject $P0 "dir=rx type=mrd rp=0x3000 len=16 lat=300 count=4"
	inject $P0 "dir=tx type=mrd rp=0x3000 len=8 count=5"
	inject $P0 "dir=rx type=mwr rp=0x3000 len=32 lat=250 count=10"
	expect pcie_counter_deltas_exact "$(tlp_bytes 16 4) $(tlp_bytes 8 5) 1200 4 2500 10" \
		"$(deltas "$before" "$(values $P0 "${m[@]}")")"
	expect pcie_other_instance_still "$p1_before" "$(values $P1 "${m[@]}")"
	if [ "$(era)" = 6.1.y ]; then
		expect pcie_write_bytes_no_value_on_6_1 "|" \
			"$(value hisi.pcie.in.write.bytes $P0)|$(value hisi.pcie.out.write.bytes $P0)"
	else
		before=$(values $P0 hisi.pcie.in.write.bytes hisi.pcie.out.write.bytes)
		inject $P0 "dir=rx type=mwr rp=0x3000 len=32 count=3"
		inject $P0 "dir=tx type=mwr rp=0x3000 len=4 count=7"
		expect pcie_write_byte_deltas_exact "$(tlp_bytes 32 3) $(tlp_bytes 4 7)" \
			"$(deltas "$before" "$(values $P0 hisi.pcie.in.write.bytes hisi.pcie.out.write.bytes)")"
	fi
}

# The latencies: cycles per TLP over the agent's last two fetches of counters
# (not of metadata alone), no value without TLPs.
check_latency() {
	pminfo -f hisi.pcie.in.read.latency >/dev/null	# a fetch: the interval starts
	inject $P0 "dir=rx type=mrd rp=0x3000 len=4 lat=700 count=3"
	# fetches of metadata alone read nothing: the interval goes on
	pminfo -f hisi.pcie.era hisi.pcie.missing hisi.nic.cpu >/dev/null
	inject $P0 "dir=rx type=mrd rp=0x3000 len=4 lat=100 count=1"
	expect pcie_latency_over_the_interval 550 "$(value hisi.pcie.in.read.latency $P0)"
	expect pcie_latency_no_value_without_tlps "" "$(value hisi.pcie.in.read.latency $P0)"
}

check_nic_deltas() {
	local m=(hisi.nic.rx.bytes hisi.nic.tx.bytes hisi.nic.rx.packets hisi.nic.tx.packets)
	local before
	before=$(values $H "${m[@]}")
	inject $H "event=bw_ssu_rpu_byte_num bytes=3000"
	inject $H "event=bw_tpu_ssu_byte_num bytes=1234"
	inject $H "event=pps_ssu_rpu_packet_num packets=30"
	inject $H "event=pps_tpu_ssu_packet_num packets=11"
	expect nic_counter_deltas_exact "3000 1234 30 11" "$(deltas "$before" "$(values $H "${m[@]}")")"
}

# The root ports the emulated PCIe PMUs cover (their info files), as PCI addresses.
emulated_root_ports() {
	sed -n 's/^root_port=\([^ ]*\) .*/0000:\1/p' "$DBG"/hisi_pcie*/info | sort | tr '\n' ' ' |
		sed 's/ $//'
}

# bdf_of DDDD:BB:DD.F: the function as the component's number, 0xBBDF
bdf_of() {
	printf '%#06x' $((16#${1:5:2} << 8 | 16#${1:8:2} << 3 | ${1:11:1}))
}

# The PCI functions in the HNS3 PMU's bdf range, as PCI addresses.
emulated_functions() {
	local lo hi d b
	lo=$(sed -n 's/^bdf_min=//p' "$DBG/$H/info")
	hi=$(sed -n 's/^bdf_max=//p' "$DBG/$H/info")
	for d in /sys/bus/pci/devices/0000:*; do
		d=${d##*/}
		b=$(bdf_of "$d")
		[ $((b)) -ge $((lo)) ] && [ $((b)) -le $((hi)) ] && echo "$d"
	done | sort | tr '\n' ' ' | sed 's/ $//'
}

# until_counted INSTANCE TRAFFIC METRIC...: inject TRAFFIC (PMU:LINE) and
# fetch until every METRIC of INSTANCE grew (its multiplexed group was on
# the PMU for some burst); the deltas since before, or "" if never in 300.
until_counted() {
	local inst=$1 traffic=$2 before now d i
	shift 2
	before=$(values "$inst" "$@")
	for ((i = 0; i < 300; i++)); do
		inject "${traffic%%:*}" "${traffic#*:}"
		now=$(values "$inst" "$@")
		d=$(deltas "$before" "$now")
		grep -qw 0 <<<"$d" || { echo "$d"; return; }
	done
}

# Root ports: one instance each, counted on the PMU that covers it, its
# groups multiplexed beside the PMU's (scaled, and said to be).  Traffic of
# one port shows there and at no other port; a latency pair is one group,
# so cycles over TLPs is the injected latency, however scaled.  A driver
# without bdf_min (6.1) refuses them, each port saying so.
check_root_ports() {
	local ports rp=0000:30:00.0 others=() o m d before
	ports=$(emulated_root_ports)
	expect rootport_instances "$ports" "$(instances hisi.pcie.rootport.status)"
	if [ "$(era)" = 6.1.y ]; then
		expect rootport_refused_without_bdf_min "$(wc -w <<<"$ports")" \
			"$(pminfo -f hisi.pcie.rootport.status | grep -c 'value "refused: .*bdf_min')"
		expect rootport_no_values_when_refused "" "$(instances hisi.pcie.rootport.in.read.bytes)"
		return
	fi
	for o in $ports; do [ "$o" = $rp ] || others+=("$o"); done
	m=(hisi.pcie.rootport.in.read.bytes hisi.pcie.rootport.in.read.tlps
		hisi.pcie.rootport.out.read.bytes)
	before=$(for o in "${others[@]}"; do values "$o" "${m[@]}"; done)
	d=$(until_counted $rp "$P0:dir=rx type=mrd rp=0x3000 len=16 lat=300 count=1000" \
		hisi.pcie.rootport.in.read.bytes hisi.pcie.rootport.in.read.cycles \
		hisi.pcie.rootport.in.read.tlps)
	if [ -z "$d" ]; then
		fail rootport_counts_its_traffic "no delta in 300 bursts"
		return
	fi
	pass rootport_counts_its_traffic
	read -r _ cyc tlps <<<"$d"
	expect rootport_latency_pair_in_one_group 300 "$(awk -v c="$cyc" -v t="$tlps" 'BEGIN { printf "%.0f", c / t }')"
	expect rootport_other_ports_still "$before" \
		"$(for o in "${others[@]}"; do values "$o" "${m[@]}"; done)"
	expect rootport_scaled_and_said 1 "$(value hisi.pcie.rootport.scaled $rp)"
	expect rootport_status_and_pmu "counting $P0" \
		"$(value hisi.pcie.rootport.status $rp) $(value hisi.pcie.rootport.pmu $rp)"
}

# NIC functions, in the HNS3 PMU's function filter mode.  The driver
# filters by device.function alone, so a function sharing its devfn with
# another in range is refused, saying so (here 31:00.0 and 32:00.0); the
# one counted group of four fits beside the PMU's four: counted whole.
check_functions() {
	local fns fn others=() o m d before statuses
	fns=$(emulated_functions)
	expect function_instances "$fns" "$(instances hisi.nic.function.status)"
	statuses=$(pminfo -f hisi.nic.function.status)
	expect function_counted_or_refused_saying_why "$(wc -w <<<"$fns") 1" \
		"$(grep -Ec 'value "(counting|refused: .*same device.function.*)"$' <<<"$statuses") \
$(grep -c 'value "counting"' <<<"$statuses")"
	fn=$(sed -n 's/^ *inst \[[0-9]* or "\([^"]*\)"\] value "counting"$/\1/p' <<<"$statuses" | head -1)
	for o in $fns; do [ "$o" = "$fn" ] || others+=("$o"); done
	m=(hisi.nic.function.rx.bytes hisi.nic.function.rx.packets)
	before=$(for o in "${others[@]}"; do values "$o" "${m[@]}"; done)
	d=$(until_counted "$fn" "$H:event=bw_ssu_rpu_byte_num bdf=$(bdf_of "$fn") bytes=1500 count=4" \
		hisi.nic.function.rx.bytes)
	expect function_counted_whole_beside_its_pmu "6000 0" "$d $(value hisi.nic.function.scaled "$fn")"
	expect function_others_give_no_value "" \
		"$(for o in "${others[@]}"; do values "$o" "${m[@]}"; done | tr -d ' ')"
	expect function_status_and_pmu "counting $H" \
		"$(value hisi.nic.function.status "$fn") $(value hisi.nic.function.pmu "$fn")"
}

# pmval and pmrep, as users run them: raw totals, the same as pminfo's.
check_clients() {
	local total
	total=$(value hisi.nic.rx.bytes $H)
	expect pmrep_raw_total "$total" \
		"$(pmrep -r -s 1 -o csv -i $H hisi.nic.rx.bytes | tail -1 | cut -d, -f2)"
	if pmval -s 1 -r hisi.pcie.in.read.bytes 2>&1 | grep -q "$P0"; then
		pass pmval_lists_instances
	else
		fail pmval_lists_instances "$(pmval -s 1 -r hisi.pcie.in.read.bytes 2>&1)"
	fi
}

# pmproxy's Prometheus endpoint: each counter as a Prometheus counter, with
# PCP's help line, its value the agent's total (nothing injected in between).
check_prometheus() {
	local out
	inject $H "event=bw_ssu_rpu_byte_num bytes=777"
	out=$(curl -sf 'http://localhost:44322/metrics?names=hisi.nic.rx.bytes,hisi.pcie.in.read.bytes')
	expect prometheus_type_counter "2" "$(grep -c '^# TYPE hisi_[a-z_]* counter$' <<<"$out")"
	expect prometheus_help "1" "$(grep -c '^# HELP hisi_nic_rx_bytes bytes the NIC received$' <<<"$out")"
	expect prometheus_value_is_the_total "$(value hisi.nic.rx.bytes $H)" \
		"$(sed -n "s/^hisi_nic_rx_bytes{.*instname=\"$H\".*} //p" <<<"$out")"
	# a scrape of the subtree, as a Prometheus job asks (params: names: [hisi])
	# (no write bytes on 6.1.y: a metric without values is not shown)
	# (nor root ports there: 10 PMU and 4 function counters; else 12, 8, 4)
	expect prometheus_subtree_every_counter "$([ "$(era)" = 6.1.y ] && echo 14 || echo 24)" \
		"$(curl -sf 'http://localhost:44322/metrics?names=hisi' | grep -c '^# TYPE hisi_[a-z_]* counter$')"
	expect prometheus_instances_named_as_the_pmus "$P0 $P1" \
		"$(sed -n 's/^hisi_pcie_in_read_bytes{.*instname="\([^"]*\)".*/\1/p' <<<"$out" | sort | tr '\n' ' ' | sed 's/ $//')"
}

# pmlogger archives, replayed: one sample before and one after injected
# traffic (two loggers, merged by pmlogextract: no wait on a logger's
# clock), pmdumplog lists both, pmrep -a gives the exact delta.
check_archive() {
	local D=/tmp/pcp-archive a b
	rm -rf $D
	mkdir -p $D
	cat >$D/config <<CONF
log mandatory on every 1 sec {
	hisi.nic.rx.bytes
	hisi.pcie.in.read.bytes
}
CONF
	pmlogger -c $D/config -s 1 -l $D/a.log $D/a || fail pmlogger "$(cat $D/a.log)"
	inject $H "event=bw_ssu_rpu_byte_num bytes=4321"
	inject $P0 "dir=rx type=mrd rp=0x3000 len=64 count=2"
	pmlogger -c $D/config -s 1 -l $D/b.log $D/b || fail pmlogger "$(cat $D/b.log)"
	pmlogextract $D/a $D/b $D/ab || fail pmlogextract "merging failed"
	expect archive_two_samples 2 "$(pmdumplog -a $D/ab hisi.nic.rx.bytes 2>/dev/null | grep -c 'inst \[0 or "'$H'"\]')"
	a=$(pmrep -u -a $D/ab -r -o csv -i $H hisi.nic.rx.bytes | tail -2 | cut -d, -f2 | tr '\n' ' ')
	read -r x y <<<"$a"
	expect archive_pmrep_nic_delta 4321 "$((y - x))"
	a=$(pmrep -u -a $D/ab -r -o csv -i $P0 hisi.pcie.in.read.bytes | tail -2 | cut -d, -f2 | tr '\n' ' ')
	read -r x y <<<"$a"
	expect archive_pmrep_pcie_delta "$(tlp_bytes 64 2)" "$((y - x))"
	# as a rate: the delta over the two samples' times (to the microsecond)
	expect archive_pmrep_rate_is_the_delta_over_the_samples_time 4321 \
		"$(pmrep -u -a $D/ab -o csv -f '%H:%M:%S.%f' -i $H hisi.nic.rx.bytes | tail -2 |
			awk -F, '{ split($1, t, ":"); s[NR] = t[1] * 3600 + t[2] * 60 + t[3]; r = $2 }
				END { d = s[2] - s[1]; if (d < 0) d += 86400; printf "%.0f", r * d }')"
	rm -rf $D
}

# Each wait below is for a state; its bound (GIVE_UP seconds) only turns a
# hung guest into a FAIL that says what pmcd and the agent were doing.
GIVE_UP=120

# pcp_state: the agent's processes and the last words of pmcd and the agent
pcp_state() {
	echo "pmdahisi [$(ps -o pid=,stat=,wchan:24= -C pmdahisi | tr -s ' \n' ' ')]" \
		"pmcd.log [$(tail -n 3 /tmp/pcp/pmcd.log 2>/dev/null | tr '\n' ' ')]" \
		"hisi.log [$(tail -n 3 /tmp/pcp/hisi.log 2>/dev/null | tr '\n' ' ')]"
}

# stop_agent: the agent killed, that process no more than a zombie pmcd
# has not reaped (its ownership locks went with it)
stop_agent() {
	local end=$((SECONDS + GIVE_UP)) pid st
	pid=$(pgrep -x -o pmdahisi) || return 0
	kill $pid
	while st=$(ps -o stat= -p "$pid") && [ "${st#Z}" = "$st" ]; do
		[ $SECONDS -lt $end ] || return 1
		sleep 0.05
	done
}

# restart_agent TEST...: pmcd starts the agent again (SIGHUP) until TEST
# holds.  pmcd takes the agent for alive until it next talks to it, and a
# SIGHUP that comes before it has seen the agent go may start nothing, so
# the SIGHUP is sent again every 5 s while TEST does not hold.
restart_agent() {
	local end=$((SECONDS + GIVE_UP)) next=0
	while ! "$@"; do
		pgrep -x pmcd >/dev/null && [ $SECONDS -lt $end ] || return 1
		if [ $SECONDS -ge $next ]; then
			pkill -HUP -x pmcd
			next=$((SECONDS + 5))
		fi
		sleep 0.1
	done
}

# has_value METRIC INSTANCE: the instance has a value
has_value() {
	[ -n "$(value "$1" "$2")" ]
}

# stat_job: hisi-uncore-stat counting H in ownership mode, in the
# background until stat_job_stop; back once it counts.  Its pid in JOB.
stat_job() {
	local end=$((SECONDS + GIVE_UP))
	HISI_UNCORE_OWNER=1 "$PREFIX/bin/hisi-uncore-stat" --nic -I 3600000 >/dev/null 2>/tmp/pcp-job.err &
	JOB=$!
	until grep -q '^hisi-uncore-stat: counting ' /tmp/pcp-job.err; do
		kill -0 $JOB 2>/dev/null && [ $SECONDS -lt $end ] || return 1
		sleep 0.05
	done
}

stat_job_stop() {
	kill -INT $JOB
	wait $JOB
}

# Ownership, whichever comes first counts: a job in ownership mode is
# refused naming the agent; a PMU a job owns the agent leaves alone (no
# value, its status naming the job) until the job is done.
check_ownership() {
	local out agent fn
	agent=$(pgrep -x pmdahisi)
	fn=$(pminfo -f hisi.nic.function.status |
		sed -n 's/^ *inst \[[0-9]* or "\([^"]*\)"\] value "counting"$/\1/p' | head -1)
	out=$(HISI_UNCORE_OWNER=1 "$PREFIX/bin/hisi-uncore-stat" --nic -n 1 -I 10 2>&1)
	expect owner_job_refused_naming_the_agent "1 1" \
		"$? $(grep -c "hns3_pmu_sicl_0 is owned by pid $agent (pmdahisi, uid 0)" <<<"$out")"
	# the job first: the agent stopped, the job counting, pmcd starting the agent again
	stop_agent || { fail owner_agent_stopped "$(pcp_state)"; return; }
	if ! stat_job; then
		fail owner_job_started "$(cat /tmp/pcp-job.err)"
		return
	fi
	restart_agent has_value hisi.nic.status $H || { fail owner_agent_restarted "$(pcp_state)"; return; }
	expect owner_agent_names_the_job 1 \
		"$(value hisi.nic.status $H | grep -c "is owned by pid $JOB (hisi-uncore-sta")"
	expect owner_no_value_while_the_job_owns "" "$(value hisi.nic.rx.bytes $H)"
	expect owner_other_family_counted counting "$(value hisi.pcie.status $P0)"
	# its functions count under its lock: not while the job owns it, and say why
	expect owner_functions_wait_for_their_pmu "1|" \
		"$(value hisi.nic.function.status "$fn" | grep -c "its PMU $H is not counting: .*is owned by pid $JOB")|$(value hisi.nic.function.rx.bytes "$fn")"
	stat_job_stop
	expect owner_counted_again_once_the_job_is_done "counting counting" \
		"$(value hisi.nic.status $H) $(value hisi.nic.function.status "$fn")"
	check_nic_deltas
}

# agent_without_pmus: the agent answers, and has no PMU instance
agent_without_pmus() {
	pminfo -f hisi.pcie.status 2>&1 | grep -q 'No value(s) available'
}

# A driver loaded after pmcd started the agent (boot order): the agent,
# started with no PMU, finds the PMUs when they register and counts them
# exactly, their root ports and functions too.
check_pmus_come_later() {
	local end
	stop_agent || { fail later_agent_stopped "$(pcp_state)"; return; }
	bash "$HIP09_EMU_MODULE" unload || { fail later_unload "the drivers stay"; return; }
	restart_agent agent_without_pmus || { fail later_agent_restarted "$(pcp_state)"; return; }
	expect later_agent_up_with_no_pmu "" "$(instances hisi.pcie.status)$(instances hisi.nic.status)"
	bash "$HIP09_EMU_MODULE" load || { fail later_load "the drivers did not load"; return; }
	end=$((SECONDS + GIVE_UP))
	until [ "$(value hisi.pcie.status $P0)" = counting ] || [ $SECONDS -ge $end ]; do
		sleep 0.1
	done
	expect later_pmus_found "$P0 $P1|$H|$(emulated_root_ports)" \
		"$(instances hisi.pcie.status)|$(instances hisi.nic.status)|$(instances hisi.pcie.rootport.status)"
	check_pcie_deltas
}

check_names_and_help
check_metadata
check_pcie_deltas
check_latency
check_nic_deltas
check_root_ports
check_functions
check_clients
check_prometheus
check_archive
check_ownership
check_pmus_come_later
echo "pcp $label: $passed passed, $failed failed"
