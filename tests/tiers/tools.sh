#!/usr/bin/env bash
# Tools tier: the installed utilities as a user runs them.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
bin=$HU_PREFIX/bin
attr=$HU_BUILDDIR/hisi-uncore-attr
fixtures=$HU_SRCDIR/tests/fixtures/sysfs/bus/event_source/devices
fixture_sysfs_with_sw_alias
mkdir -p "$root/empty/bus/event_source/devices"
# Events of one component's section of papi_native_avail.
section() {
	awk -v c="$1" '/Native Events in Component:/ { on = ($NF == c) } on' <<<"$2"
}

out=$(fx "$bin/papi_component_avail" 2>&1)
if grep -q "PMUs supported: hisi_pcie0_core0, hns3_pmu_sicl_0, sw_alias" <<<"$out"; then
	pass "papi_component_avail lists the PMUs"
else
	fail "papi_component_avail lists the PMUs" "$(grep -A3 hisi_uncore <<<"$out")"
fi

out=$(fx "$bin/papi_native_avail" 2>&1)
check "papi_native_avail lists HNS3 events" grep -q "| hns3_pmu_sicl_0::bw_ssu_rpu_byte_num " <<<"$out"
check "papi_native_avail lists qualifiers with ranges" \
	grep -q "(config2:0-15, 0 to 0xffff)" <<<"$out"
# every events/ file of the fixtures and sw_alias, and every metric of doc/metrics.md
# (checked against the code below)
want=$(($(find "$fixtures"/*/events "$root/sys/bus/event_source/devices/sw_alias/events" -type f | wc -l) +
	$(grep -c '^| `' "$HU_SRCDIR/doc/metrics.md")))
n=$(section hisi_uncore "$out" | grep -cE '^\| [a-z0-9_]+::')
check "papi_native_avail: hisi_uncore has $want events and metrics (got $n)" test "$n" = "$want"
# each family's aggregate once, with the entries of its instance (one per family here)
hu=$(section hisi_uncore "$out")
for fam in "hisi_pcie*:hisi_pcie0_core0" "hns3_pmu_sicl_*:hns3_pmu_sicl_0"; do
	agg=$(grep -F "| ${fam%%:*}::" <<<"$hu" | sed 's/^| [^:]*:://; s/ *|$//')
	one=$(grep -F "| ${fam#*:}::" <<<"$hu" | sed 's/^| [^:]*:://; s/ *|$//')
	check "papi_native_avail lists ${fam%%:*}::EVENT once per event of ${fam#*:} ($(wc -l <<<"$agg") entries)" \
		test -n "$agg" -a "$agg" = "$one"
done
out=$(fx "$bin/papi_native_avail" -e 'hisi_pcie*::rx_mwr_avg_latency' 2>&1)
check "papi_native_avail -e on a listed aggregate says how it combines the instances" \
	grep -q "Description: *Both counters summed, then divided, over every hisi_pcie\* instance (1 now: hisi_pcie0_core0); qualifiers as on each, but no bdf" <<<"$out"

out=$(fx "$bin/papi_native_avail" -e hisi_pcie0_core0::rx_mwr_latency 2>&1)
check "papi_native_avail -e shows qualifiers with a value that works" \
	grep -qE ":port=0xffff -- .*\(config2:0-15, 0 to 0xffff\)" <<<"$out"
check "papi_native_avail -e shows the tables' description" grep -q "^Description: *.*latency" <<<"$out"

# cpu-clock counts nanoseconds: more than 0, less than the run of the whole program
t0=$(date +%s%N)
out=$(fx "$bin/papi_command_line" sw_alias::cpu-clock 2>&1)
wall=$(($(date +%s%N) - t0))
n=$(sed -nE 's/^sw_alias::cpu-clock :[[:space:]]*([0-9]+).*/\1/p' <<<"$out")
if [ -n "$n" ] && [ "$n" -gt 0 ] && [ "$n" -lt "$wall" ]; then
	pass "papi_command_line sw_alias::cpu-clock counts $n ns of the run's $wall"
else
	fail "papi_command_line sw_alias::cpu-clock counts ns of the run's $wall" "$out"
fi

out=$(fx "$bin/papi_command_line" hisi_uncore:::sw_alias::cpu-clock 2>&1)
check "papi_command_line with the component prefix" \
	grep -qE "^hisi_uncore:::sw_alias::cpu-clock :[[:space:]]*[1-9]" <<<"$out"

out=$(fx "$bin/papi_command_line" hns3_pmu_sicl_0::bw_ssu_egu_byte_num:tc=16 2>&1)
check "a bad qualifier value gets a one-line reason" \
	grep -q "^hisi_uncore: value 0x10 too big for qualifier 'tc' (config1:4-7), maximum is 15" <<<"$out"

out=$(SYSFS_PATH=$root/empty "$bin/papi_component_avail" 2>&1)
check "no PMU: disabled with what was looked for and where" \
	grep -q "no HiSilicon uncore PMU found: looked for hisi_pcie<sicl>_core<core> and hns3_pmu_sicl_<id>.* in $root/empty/bus/event_source/devices" <<<"$out"

paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
if [ "$paranoid" -gt 0 ] && command -v setpriv >/dev/null; then
	out=$(fx setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$bin/papi_component_avail" 2>&1)
	check "unprivileged: disabled with an actionable reason" \
		grep -q "insufficient permissions for system-wide uncore counting: perf_event_paranoid is $paranoid" <<<"$out"
else
	out=$(fx "$bin/papi_component_avail" 2>&1)
	check "perf_event_paranoid <= 0: enabled for everyone" grep -q "PMUs supported: hisi_pcie0_core0" <<<"$out"
fi

out=$(fx "$attr" hisi_pcie0_core0::rx_mwr_flux:port=0x1 hns3_pmu_sicl_0::bw_ssu_egu_byte_num:global)
rc=$?
check "hisi-uncore-attr prints all four fields" test "$rc" = 0 -a \
	"$(head -1 <<<"$out")" = "hisi_pcie0_core0::rx_mwr_flux:port=0x1 type=4242 config=0x104 config1=0x0 config2=0x1"
out=$(fx "$attr" hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1)
check "hisi-uncore-attr prints the defaults and the mode it chose" test "$out" = \
	"hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=1 type=4243 config=0x2 config1=0xffff0000f1 config2=0x0 defaults=tc=0xf,queue=0xffff mode=port"
out=$(fx "$attr" hns3_pmu_sicl_0::dly_rpu_time:port=2)
check "hisi-uncore-attr refuses what the driver would, listing the modes" \
	grep -q "no filter mode matches .*the event supports global (global=1), func-queue (bdf != 0 and queue != 0xffff)" <<<"$out"
out=$(fx "$attr" hisi_pcie0_core0::rx_mwr_cnt hisi_pcie0_core0::nope 2>&1)
rc=$?
check "hisi-uncore-attr exits 2 and says why" test "$rc" = 2 -a \
	"$(tail -1 <<<"$out")" = "hisi_pcie0_core0::nope error: PMU 'hisi_pcie0_core0' has no event 'nope' (see its events/ directory)"

if diff -u "$HU_SRCDIR/doc/metrics.md" \
	<(SYSFS_PATH=$HU_SRCDIR/tests/fixtures/sysfs "$bin/hisi-uncore-metrics" --doc) >"$root/metrics.diff"; then
	pass "doc/metrics.md matches the code"
else
	fail "doc/metrics.md matches the code" "regenerate: SYSFS_PATH=tests/fixtures/sysfs hisi-uncore-metrics --doc; $(head -20 "$root/metrics.diff")"
fi

# PAPI's stock perf_event_uncore (our models in its bundled libpfm4) lists the
# Hip09 events once the fixture PMUs' type files sit at the real sysfs path:
# a private mount namespace with a tmpfs over bus/event_source/devices.
stock_listing() {
	unshare -m --propagation private bash -c '
		set -e
		d=/sys/bus/event_source/devices
		links=$(for f in "$d"/*; do echo "${f##*/} $(readlink -f "$f")"; done)
		mount -t tmpfs hisi-uncore-test "$d"
		while read -r n p; do ln -s "$p" "$d/$n"; done <<<"$links"
		cp -r "$1"/* "$d"/
		"$2/papi_native_avail"' _ "$HU_SRCDIR/tests/fixtures/sysfs/bus/event_source/devices" "$bin" 2>&1
}
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
	out=$(stock_listing)
	stock=$(section perf_event_uncore "$out")
	check "perf_event_uncore lists PCIe events at /sys" grep -q "hisi_pcie0_core0::rx_mwr_latency" <<<"$stock"
	check "perf_event_uncore lists HNS3 events at /sys" grep -q "hns3_pmu_sicl_0::dly_rpu_time" <<<"$stock"
	check "hisi_uncore lists them at /sys too" grep -q "hisi_pcie0_core0::rx_mwr_latency" \
		<<<"$(section hisi_uncore "$out")"
else
	fail "perf_event_uncore listing" "needs root and unshare(1) for a private mount namespace"
fi

# hisi-uncore-hl: the metrics of recorded pairs, per thread and region, with
# the formulas computed here by hand (hw_clk_freq of the fixture: 1e8 Hz; a
# PCIe flux counts DW, 4 bytes)
hl=$HU_SRCDIR/tests/fixtures/hl
expect_same() {	# expect_same NAME WANT GOT
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "$(diff <(echo "$2") <(echo "$3") | head -12)"; fi
}
src=$hl/papi_hl_output/rank_000000.json
want=$(awk -v s="$src" 'BEGIN {
	printf "source,thread,region_id,region,metric,value,unit\n"
	p = s ",0,0,send,"
	printf "%shns3_pmu_sicl_0::bw_ssu_rpu_bandwidth:port=1,%.6f,bytes/s\n", p, 10500 / 12345 * 100000000
	printf "%shisi_uncore:::hisi_pcie0_core0::rx_mwr_avg_latency,%.6f,cycles/TLP\n", p, 5000 / 40 * 1
	printf "%shisi_pcie*::rx_mwr_bandwidth,%.6f,bytes/s\n", p, 1000 * 4 / (500000 / 1e9)
	printf "%shisi_pcie*::rx_mwr_flux_per_cycle,%.6f,DW/cycle\n", p, 1000 / 2000 * 1
	p = s ",1,1,recv,"
	printf "%shns3_pmu_sicl_0::bw_ssu_rpu_bandwidth:port=1,%.6f,bytes/s\n", p, 300 / 1000 * 100000000
	# no TLP, no time: n/a (an empty field); no data over some time: 0
	printf "%shisi_uncore:::hisi_pcie0_core0::rx_mwr_avg_latency,,cycles/TLP\n", p
	printf "%shisi_pcie*::rx_mwr_bandwidth,0.000000,bytes/s\n", p
	printf "%shisi_pcie*::rx_mwr_flux_per_cycle,,DW/cycle\n", p }')
out=$(fx "$bin/hisi-uncore-hl" -x , "$hl/papi_hl_output" 2>&1)
expect_same "hisi-uncore-hl derives every recorded pair per thread and region" "$want" "$out"
want=$(awk -v s="$hl/values.csv" 'BEGIN {
	printf "source,thread,region_id,region,metric,value,unit\n"
	printf "%s,0,-,solve,hisi_pcie0_core0::rx_mrd_bandwidth,%.6f,bytes/s\n", s, 250 * 4 / (2000000 / 1e9)
	printf "%s,0,-,solve,hisi_pcie0_core0::rx_mrd_flux_per_cycle,%.6f,DW/cycle\n", s, 250 / 1000 * 1
	# 64 bytes over no time: n/a (an empty field), not a rate of 0
	printf "%s,1,-,solve,hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth,,bytes/s\n", s }')
out=$(fx "$bin/hisi-uncore-hl" -x , --values "$hl/values.csv" 2>&1)
expect_same "hisi-uncore-hl --values derives thread,region,event,value lines" "$want" "$out"
out=$(fx "$bin/hisi-uncore-hl" "$src" 2>&1)
check "hisi-uncore-hl prints a line per metric" grep -qxF \
	"$src thread 0 region 0 (send): hisi_uncore:::hisi_pcie0_core0::rx_mwr_avg_latency = 125 cycles/TLP" <<<"$out"
# what it cannot derive, or read, it says, and the status says so too
printf '0,r,hisi_pcie0_core0::rx_mrd_flux,8\n0,r,hisi_pcie0_core0::rx_mrd_time,8\n0,r,x\n' >"$root/v.csv"
out=$(fx "$bin/hisi-uncore-hl" --values "$root/v.csv" 2>&1)
rc=$?
check "hisi-uncore-hl: a bad line is named, the others derived, status 1" test "$rc" = 1 -a \
	"$(grep -c 'v.csv:3: not thread,region,event,value$\|rx_mrd_bandwidth not derived: the region.s real_time_nsec was not recorded$\|rx_mrd_flux_per_cycle = 1 DW/cycle$' <<<"$out")" = 3
printf '{"threads":{"0":{"regions":{"0":{"name":"a",]}' >"$root/bad.json"
out=$(fx "$bin/hisi-uncore-hl" "$root/bad.json" "$root/none.json" "$root/empty" 2>&1)
rc=$?
check "hisi-uncore-hl: not JSON, missing and empty inputs are each named, status 1" test "$rc" = 1 -a \
	"$(grep -c 'bad.json: not JSON: at byte 44: expected a member name$\|none.json: No such file or directory$\|empty: no \*.json file in it$' <<<"$out")" = 3
fx "$bin/hisi-uncore-hl" >/dev/null 2>&1
check "hisi-uncore-hl without input is bad usage (2)" test $? = 2

# hisi-uncore-stat: what it counts (--list) and each refusal; the counting
# itself is checked against injected traffic in the e2e tier.
stat=$bin/hisi-uncore-stat
vgs=()
command -v valgrind >/dev/null && vgs=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite
	--suppressions="$HU_SRCDIR/tests/papi/papi.supp" --error-exitcode=9 --track-fds=yes)
out=$(fx "${vgs[@]}" "$stat" --list 2>&1)
rc=$?
check "hisi-uncore-stat --list: a row per instance, six PCIe and four NIC metrics (rc $rc)" \
	test "$rc" = 0 -a "$(grep -c $'^PCIe\thisi_pcie0_core0\thisi_pcie0_core0::' <<<"$out")" = 6 \
	-a "$(grep -c $'^NIC\thns3_pmu_sicl_0\thns3_pmu_sicl_0::' <<<"$out")" = 4
check "hisi-uncore-stat --list: the units PAPI gives" \
	grep -qxF $'NIC\thns3_pmu_sicl_0\thns3_pmu_sicl_0::pps_ssu_rpu_packet_rate\tpackets/s' <<<"$out"
# valgrind lists every descriptor open at exit; those it did not inherit are leaks
leaks() {
	awk '/Open file descriptor/ { fd = $0; next }
		fd != "" { if ($0 !~ /inherited from parent/) print fd; fd = "" }
		/definitely lost/ { print }' <<<"$1"
}
check "hisi-uncore-stat leaves no descriptor open and leaks nothing" test -z "$(leaks "$out")"
out=$(fx "$stat" --pcie --list 2>&1)
check "hisi-uncore-stat --pcie: PCIe rows only" test "$(grep -c . <<<"$out")" = 6 -a \
	"$(grep -c '^PCIe' <<<"$out")" = 6
out=$(fx "${vgs[@]}" "$stat" -d 3d:00.0 2>&1)
rc=$?
check "hisi-uncore-stat -d: an uncovered device is refused (1) with what each instance covers" \
	test "$rc" = 1 -a "$(grep -c 'hisi_uncore: .*no such PCI device; hisi_pcie0_core0 covers\|-d 3d:00.0: no usable PCIe or NIC PMU instance covers this device$' <<<"$out")" = 2
out=$(fx "${vgs[@]}" "$stat" -n 1 -I 10 2>&1)
rc=$?
check "hisi-uncore-stat: a PMU the kernel does not have is refused (1) with the reason" \
	test "$rc" = 1 -a "$(grep -c '^hisi-uncore-stat: cannot count hisi_pcie0_core0::rx_mrd_bandwidth: perf_event_open(hisi_pcie0_core0 ' <<<"$out")" = 1
# a PMU another process owns (ownership mode): the component's reason, said
# once, and never PAPI's generic "hardware resource limits" after it
lockdir=$(mktemp -d "$root/locks.XXXXXX")
chmod 700 "$lockdir"
coproc HOLDER { HISI_UNCORE_LOCK_DIR=$lockdir "$HU_BUILDDIR/tests/security/hu_lock_probe" --hold \
	hisi_pcie0_core0 2>&1; }
read -r _ <&"${HOLDER[0]}" && read -r holding <&"${HOLDER[0]}"
out=$(HISI_UNCORE_OWNER=1 HISI_UNCORE_LOCK_DIR=$lockdir fx "$stat" --pcie -n 1 -I 10 2>&1)
rc=$?
holder=$HOLDER_PID
eval "exec ${HOLDER[1]}>&-"
wait "$holder" 2>/dev/null
check "hisi-uncore-stat: a PMU another process owns is refused (1) with the component's reason alone" \
	test "$rc" = 1 -a "$(grep -c "^hisi-uncore-stat: cannot count hisi_pcie0_core0::[a-z_]*: hisi_pcie0_core0 is owned by pid ${holding#holding } " <<<"$out")" = 1 \
	-a "$(grep -c 'hardware resource limits' <<<"$out")" = 0 -a "$(grep -c . <<<"$out")" = 1
out=$(SYSFS_PATH=$root/empty "$stat" 2>&1)
check "hisi-uncore-stat with no PMU (1): the component's reason" \
	test $? = 1 -a -n "$(grep '^hisi-uncore-stat: hisi_uncore is disabled: .*looked for' <<<"$out")"
# rows by root port, NIC queue and NIC port, and chosen columns, on a PCI tree:
# root ports 3c:00.0 and 3c:02.0 (hisi_pcie0_core0's range: port bits 0 and 4),
# 3d:00.0 behind the first, NIC function 35:00.0 (hns3_pmu_sicl_0's range)
pci_tree() {	# pci_tree ROOT: the fixtures, with PCI devices of its own (pci_device)
	make_fake_sysfs "$1" "$fixtures"/*
	rm "$1/devices" "$1/bus/pci"
	mkdir -p "$1/devices" "$1/bus/pci/devices"
	for f in /sys/devices/*; do ln -s "$f" "$1/devices/"; done
}
pci_device() {	# pci_device PATH CLASS [ROOT]
	local r=${3:-$root/pci}
	mkdir -p "$r/devices/$1"
	echo "$2" >"$r/devices/$1/class"
	ln -s "$r/devices/$1" "$r/bus/pci/devices/${1##*/}"
}
pci_tree "$root/pci"
pci_device pci0000:3c/0000:3c:00.0 0x060400
pci_device pci0000:3c/0000:3c:02.0 0x060400
pci_device pci0000:3c/0000:3c:00.0/0000:3d:00.0 0x010802
pci_device pci0000:35/0000:35:00.0 0x020000
px() { SYSFS_PATH=$root/pci "$@"; }
out=$(px "${vgs[@]}" "$stat" --root-ports --list 2>&1)
rc=$?
check "hisi-uncore-stat --root-ports --list: six metrics per root port, named by rp= (rc $rc)" 	test "$rc" = 0 -a "$(grep -c $'^PCIe\t3c:00.0 root port\thisi_pcie::[a-z_]*:rp=0x3c00\t' <<<"$out")" = 6 \
	-a "$(grep -c $'^PCIe\t3c:02.0 root port\thisi_pcie::[a-z_]*:rp=0x3c10\t' <<<"$out")" = 6 \
	-a "$(grep -c '^PCIe' <<<"$out")" = 12 -a -z "$(leaks "$out")"
out=$(px "$stat" -q 35:00.0/3 --nic-port 1 --nic-port 2 -e rx,tx_pkts --list 2>&1)
check "hisi-uncore-stat -q, --nic-port, -e: a queue row, a row per port, two columns" \
	test "$(grep -c . <<<"$out")" = 6 -a \
	"$(grep -c $'^NIC\t35:00.0 Ethernet controller queue 3\thns3_pmu::[a-z_]*:bdf=0x3500:queue=3\t' <<<"$out")" = 2 -a \
	"$(grep -c $'^NIC\thns3_pmu_sicl_0 port [12]\thns3_pmu_sicl_0::\(bw_ssu_rpu_bandwidth\|pps_tpu_ssu_packet_rate\):port=[12]\t' <<<"$out")" = 4
out=$(px "$stat" -q 3d:00.0/3 --list 2>&1)
check "hisi-uncore-stat -q: a device no NIC PMU covers is refused (1)" \
	test $? = 1 -a "$(grep -c '^hisi-uncore-stat: -q 3d:00.0/3: no usable NIC PMU instance covers this device$' <<<"$out")" = 1
out=$(px "$stat" -e rx --root-ports --list 2>&1)
check "hisi-uncore-stat --root-ports with no PCIe column chosen is refused (1)" \
	test $? = 1 -a "$out" = "hisi-uncore-stat: --root-ports: -e chose no PCIe column"
out=$(px "$stat" -e in_write --root-ports -d 3d:00.0 --list 2>&1)
check "hisi-uncore-stat: root port and device rows together, one column" \
	test "$(grep -c . <<<"$out")" = 3 -a "$(grep -c $'\thisi_pcie::rx_mwr_bandwidth:' <<<"$out")" = 3
# an instance whose root ports cannot be numbered (no bdf_min): each root
# port's row is refused with the component's reason, said once, in the
# tool's line, never followed by PAPI's generic text for the code
nomin=$root/nomin
pci_tree "$nomin"
rm "$nomin/bus/event_source/devices/hisi_pcie0_core0/bdf_min"
pci_device pci0000:3c/0000:3c:00.0 0x060400 "$nomin"
out=$(SYSFS_PATH=$nomin "$stat" -e in_write --root-ports --list 2>&1)
check "hisi-uncore-stat --root-ports, root ports that cannot be numbered: the component's reason once, no generic text (1)" \
	test $? = 1 -a "$out" = "hisi-uncore-stat: root port 3c:00.0: no PCIe row: hisi_pcie::rx_mwr_bandwidth: rp=0x3c00: hisi_pcie0_core0's root ports cannot be numbered: bdf_min: missing (bdf_max is there); write hisi_pcie0_core0::rx_mwr_bandwidth:port=<bitmap>
hisi-uncore-stat: --root-ports: no root port can be counted: 1 of the 1 in PCI sysfs refused"
# one device with and without its domain where one PCI domain has it: the
# same row twice (its counters added twice), bad usage naming both spellings
out=$(px "$stat" -e in_write -d 3d:00.0 -d 0000:3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 3d:00.0 -d 0000:3d:00.0, one PCI domain: the same device twice is bad usage (2)" \
	test $? = 2 -a "$out" = "hisi-uncore-stat: -d 0000:3d:00.0 names the device -d 3d:00.0 named (both are 0000:3d:00.0, the one 3d:00.0 in PCI sysfs): give each device once"
out=$(px "$stat" -q 0x3500/3 -q 0000:35:00.0/3 -n 1 -I 10 2>&1)
check "hisi-uncore-stat -q 0x3500/3 -q 0000:35:00.0/3, one PCI domain: the same queue twice is bad usage (2)" \
	test $? = 2 -a "$out" = "hisi-uncore-stat: -q 0000:35:00.0/3 names the device -q 0x3500/3 named (both are 0000:35:00.0, the one 35:00.0 in PCI sysfs): give each device once"
# a second PCIe instance (root port 50:00.0, 51:00.0 behind it) whose type is
# unusable: the component skips it, and the tool says so, never a partial view
skip=$root/skip
pci_tree "$skip"
cp -r "$fixtures/hisi_pcie0_core0" "$skip/bus/event_source/devices/hisi_pcie0_core1"
echo zz >"$skip/bus/event_source/devices/hisi_pcie0_core1/type"
echo 0x5000 >"$skip/bus/event_source/devices/hisi_pcie0_core1/bdf_min"
echo 0x5010 >"$skip/bus/event_source/devices/hisi_pcie0_core1/bdf_max"
pci_device pci0000:3c/0000:3c:00.0 0x060400 "$skip"
pci_device pci0000:50/0000:50:00.0 0x060400 "$skip"
pci_device pci0000:50/0000:50:00.0/0000:51:00.0 0x010802 "$skip"
out=$(SYSFS_PATH=$skip "${vgs[@]}" "$stat" --pcie --list 2>&1)
rc=$?
check "hisi-uncore-stat --pcie with an instance the component skipped: its row unusable, with the reason (1)" \
	test "$rc" = 1 -a "$(grep -c $'^PCIe\thisi_pcie0_core0\thisi_pcie0_core0::' <<<"$out")" = 6 \
	-a "$(grep -c $'^PCIe\thisi_pcie0_core1\tunusable: type: ' <<<"$out")" = 1 \
	-a "$(grep -c '^hisi-uncore-stat: hisi_pcie0_core1 is unusable (type: .*): its row is not counted$' <<<"$out")" = 1 \
	-a -z "$(leaks "$out")"
out=$(SYSFS_PATH=$skip "$stat" -e in_write -d 51:00.0 --list 2>&1)
check "hisi-uncore-stat -d on a device the skipped instance covers: which instance and why (1)" \
	test $? = 1 -a "$(grep -c 'bdf=0x5100: hisi_pcie0_core1 covers this device but is unusable: type: \|-d 51:00.0: no usable PCIe or NIC PMU instance covers this device$' <<<"$out")" = 2
# a second PCI domain repeating domain 0's bus numbers, with no PMU instance of
# its own: its devices are never counted as domain 0's namesakes
pci_device pci0001:3c/0001:3c:00.0 0x060400
pci_device pci0001:3c/0001:3c:00.0/0001:3d:00.0 0x010802
out=$(px "$stat" -e in_write --root-ports --list 2>&1)
check "hisi-uncore-stat --root-ports, two PCI domains: a row per root port an instance has, named with its domain" \
	test "$(grep -c . <<<"$out")" = 2 -a "$(grep -c $'^PCIe\t0000:3c:0[02].0 root port\thisi_pcie::rx_mwr_bandwidth:rp=0x3c[01]0:domain=0\t' <<<"$out")" = 2
out=$(px "$stat" -e in_write -d 0001:3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 0001:3d:00.0 counts in domain 1 only, where no instance is (1)" \
	test $? = 1 -a "$(grep -c 'domain=1: no hisi_pcie PMU instance in PCI domain 1\|-d 0001:3d:00.0: no .* PMU instance covers this device$' <<<"$out")" = 2
out=$(px "$stat" -e in_write -d 3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 3d:00.0 where two PCI domains have a 3d:00.0 is refused, naming them (1)" \
	test $? = 1 -a "$out" = "hisi-uncore-stat: -d 3d:00.0: PCI domains 0000 and 0001 both have a 3d:00.0; name one, as in -d 0000:3d:00.0"
# the component's device names follow the same rule (one function decides for both)
out=$(px "$attr" hisi_pcie::rx_mwr_bandwidth:bdf=0x3d00 hisi_pcie::rx_mwr_bandwidth:rp=0x3c00 2>&1)
check "hisi-uncore-attr hisi_pcie::...:bdf=0x3d00 and :rp=0x3c00 where two PCI domains have them are refused, naming them (2)" \
	test $? = 2 -a "$(grep -c 'hisi_pcie::rx_mwr_bandwidth: bdf=0x3d00: PCI domains 0000 and 0001 both have a 3d:00.0; add :domain=N (:domain=0 for 0000:3d:00.0)\|hisi_pcie::rx_mwr_bandwidth: rp=0x3c00: PCI domains 0000 and 0001 both have a 3c:00.0; add :domain=N' <<<"$out")" = 2
out=$(px "$stat" -e in_write -d 0000:3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 0000:3d:00.0: the row names the device's domain" \
	test "$out" = $'PCIe\t0000:3d:00.0 Non-Volatile memory controller\thisi_pcie::rx_mwr_bandwidth:bdf=0x3d00:domain=0\tbytes/s'
pci_device pci0002:3c/0002:3c:00.0/0002:3d:00.0 0x020000
pci_device pci0001:35/0001:35:00.0 0x020000
out=$(px "$stat" -e in_write -d 3d:00.0 -d 0000:3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 3d:00.0 in three PCI domains: refused, naming the lowest two and how many (1)" \
	test $? = 1 -a "$out" = "hisi-uncore-stat: -d 3d:00.0: 3 PCI domains have a 3d:00.0 (0000, 0001, ...); name one, as in -d 0000:3d:00.0"
out=$(px "$stat" -q 35:00.0/3 --list 2>&1)
check "hisi-uncore-stat -q 35:00.0/3 where two PCI domains have a 35:00.0 is refused (1)" \
	test $? = 1 -a "$out" = "hisi-uncore-stat: -q 35:00.0/3: PCI domains 0000 and 0001 both have a 35:00.0; name one, as in -q 0000:35:00.0/3"
out=$(px "$stat" -e rx -q 0000:35:00.0/3 --list 2>&1)
check "hisi-uncore-stat -q 0000:35:00.0/3: the queue row names the device's domain" \
	test "$out" = $'NIC\t0000:35:00.0 Ethernet controller queue 3\thns3_pmu::bw_ssu_rpu_bandwidth:bdf=0x3500:domain=0:queue=3\tbytes/s'
# PCI domains are 32 bits (Linux names them %04x: 10000:3d:00.0 has five digits)
out=$(px "$stat" -e in_write -d 10000:3d:00.0 --list 2>&1)
check "hisi-uncore-stat -d 10000:3d:00.0 takes a domain above 0xffff (1: no instance there)" \
	test $? = 1 -a "$(grep -c 'domain=65536: no hisi_pcie PMU instance in PCI domain 65536' <<<"$out")" = 1
# one device named twice, however spelled, is bad usage naming both spellings
out=$("$stat" -e in_write -d 3d:00.0 -d 0x3d00 --list 2>&1)
check "hisi-uncore-stat -d 3d:00.0 -d 0x3d00: the same device twice is bad usage (2)" \
	test $? = 2 -a "$out" = "hisi-uncore-stat: -d 0x3d00 names the device -d 3d:00.0 named: give each device once"
out=$("$stat" -q 35:00.0/3 -q 0x3500/3 2>&1)
check "hisi-uncore-stat -q twice on one queue of one device is bad usage (2)" \
	test $? = 2 -a "$out" = "hisi-uncore-stat: -q 0x3500/3 names the device -q 35:00.0/3 named: give each device once"
# the NIC port range: the component's (port mode reaches ports 0-7), in the usage and the man page
out=$("$stat" --nic-port 8 2>&1)
check "hisi-uncore-stat --nic-port 8 is bad usage (2): the component's range" \
	test $? = 2 -a "$out" = "hisi-uncore-stat: --nic-port needs a NIC port (MAC) number from 0 to 7"
range=$("$stat" --help | sed -n 's/.*--nic-port N .*, \([0-9]* to [0-9]*\).*/\1/p')
check "hisi-uncore-stat(1) states the --nic-port range of --help ($range)" \
	grep -qxF "($range), counted in the driver's port mode, every traffic class." "$HU_SRCDIR/doc/hisi-uncore-stat.1"
for bad in "-I 5" "-d 3d:00" "-x , --json" "--pcie --nic" "--frobnicate" "-e in_write,bogus" \
	"-q 35:00.0" "--root-ports --nic" "--nic-port 16" "--nic-port 8" "-d 3d:00.0 -d 0x3d00" \
	"-d 0000:3d:00.0 -d 0000:3d:00.0" "-d 100000000:3d:00.0"; do
	# shellcheck disable=SC2086 # each case is several words
	out=$("$stat" $bad 2>&1)
	check "hisi-uncore-stat $bad is bad usage (2) with one line" test $? = 2 -a \
		"$(grep -c '^hisi-uncore-stat: ' <<<"$out")" = 1
done
out=$("$stat" --help)
check "hisi-uncore-stat --help" grep -q '^usage: hisi-uncore-stat ' <<<"$out"

finish tools
