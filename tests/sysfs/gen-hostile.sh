#!/usr/bin/env bash
# gen-hostile.sh FIXTURE_DEVICES OUT
#
# Generate hostile sysfs trees for the sysfs tier (tests/tiers/sysfs.sh).
# Each tree OUT/<case>/sys is the fixture tree (the PMUs of FIXTURE_DEVICES
# plus a small PCI topology) damaged in one way: one file the component
# reads made missing, empty, garbage, huge, NUL-bearing, unreadable, a
# symlink loop, a FIFO or a directory; a directory made a file, a loop, a
# FIFO or unreadable; or a whole-tree oddity (10,000 events, 1,100 PMUs,
# duplicate types).  Next to it, OUT/<case>/expect holds what the tools must
# make of it, one tab-separated line each:
#
#   user	nobody			run the tools as nobody (unreadable files)
#   ok	NAME			resolves, with and without hisi_uncore::: (PAPI and
#				hisi-uncore-attr), and papi_native_avail lists it
#   refuse	CODE	SUB	NAME	refused with PAPI code CODE (prefixed) and a
#				one-line message containing SUB (PAPI and hisi-uncore-attr);
#				papi_native_avail does not list it
#   refuse-listed CODE SUB NAME	the same, but listed: the event exists and works
#				with qualifiers (an HNS3 event that cannot count
#				global mode)
#   unlisted	NAME		papi_native_avail has no entry NAME (any bytes: a name
#				no event name can spell)
#   attr	NAME	SUB		hisi-uncore-attr's line for NAME holds SUB (what it opens)
#   foreign	NAME		a plain name of no PMU of ours: PAPI_ENOEVNT with no
#				message (PAPI asks a component listing 80 PMUs about
#				every PMU::EVENT)
#   note	SUB			papi_component_avail shows the component enabled,
#				with SUB in its description
#   disabled	SUB		papi_component_avail shows it disabled with SUB
#   valgrind			hu_probe also runs under valgrind
set -eu
fixture=$1
out=$2
umask 022
mkdir -p "$out"
chmod 755 "$out"	# nobody walks into the trees of the unreadable cases

PCIE=hisi_pcie0_core0
HNS3=hns3_pmu_sicl_0
# one event of each PMU that no damage below touches
PCIE_OK=$PCIE::rx_mrd_latency
HNS3_OK=$HNS3::bw_ssu_egu_byte_num

# The undamaged tree: the fixture PMUs, and PCI devices the bdf filters look
# up: root port 0000:3c:00.0 (a bridge) with device 0000:3d:00.0 behind it,
# and the HNS3 function 0000:35:00.0.  Built once, copied per case (process
# creation is what costs here).
base_tree() {
	local sys=$1
	mkdir -p "$sys/bus/event_source/devices" "$sys/bus/pci/devices"
	cp -r "$fixture"/* "$sys/bus/event_source/devices/"
	pci_device "$sys" pci0000:3c/0000:3c:00.0 0x060400
	pci_device "$sys" pci0000:3c/0000:3c:00.0/0000:3d:00.0 0x020000
	pci_device "$sys" pci0000:35/0000:35:00.0 0x020000
}

pci_device() {
	local sys=$1 path=$2 class=$3
	mkdir -p "$sys/devices/$path"
	echo "$class" >"$sys/devices/$path/class"
	ln -s "../../../devices/$path" "$sys/bus/pci/devices/${path##*/}"
}

base=$out/.base
base_tree "$base/sys"
head -c 1048576 /dev/zero | tr '\0' '7' >"$out/.huge"

n=0
# new_case NAME: start tree OUT/NNN-NAME; sets $case, $sys, $dev
new_case() {
	n=$((n + 1))
	printf -v case '%s/%03d-%s' "$out" "$n" "$1"
	sys=$case/sys
	dev=$sys/bus/event_source/devices
	cp -a "$base" "$case"
	: >"$case/expect"
}

expect() {
	local IFS=$'\t'
	echo "$*" >>"$case/expect"
}

# damage PATH KIND: make PATH (a file) KIND
damage() {
	local f=$1 kind=$2 orig
	case $kind in
	missing) rm -rf "$f" ;;
	empty) : >"$f" ;;
	garbage) printf 'zz\001-garbage ~!\n' >"$f" ;;
	huge) cp "$out/.huge" "$f" ;;
	nul)
		read -r orig <"$f"
		printf '%s\0%s\n' "${orig:0:2}" "${orig:2}" >"$f" ;;
	unreadable) chmod 000 "$f"; expect user nobody ;;
	loop) rm -rf "$f"; ln -s "${f##*/}" "$f" ;;
	fifo) rm -rf "$f"; mkfifo "$f" ;;
	dir) rm -rf "$f"; mkdir -p "$f/x"; echo 1 >"$f/x/y" ;;
	*) echo "gen-hostile: unknown damage $kind" >&2; exit 1 ;;
	esac
}

# damage_dir PATH KIND: make directory PATH KIND
damage_dir() {
	local d=$1 kind=$2
	case $kind in
	missing) rm -rf "$d" ;;
	file) rm -rf "$d"; echo 'config=0x2' >"$d" ;;
	loop) rm -rf "$d"; ln -s "${d##*/}" "$d" ;;
	fifo) rm -rf "$d"; mkfifo "$d" ;;
	unreadable) chmod 000 "$d"; expect user nobody ;;
	*) echo "gen-hostile: unknown damage $kind" >&2; exit 1 ;;
	esac
}

FILE_KINDS="missing empty garbage huge nul unreadable loop fifo dir"

# said FILE: what a refusal says of FILE damaged as $kind: the file named
# once ("type: empty", never "type: type: empty"); other kinds, the name
said() {
	if [ "$kind" = empty ]; then echo "$1: empty"; else echo "$1"; fi
}
DIR_KINDS="missing file loop fifo unreadable"

# ---- files that make a PMU unusable: it is skipped, the other one works ----
for file in type cpumask; do
	for kind in $FILE_KINDS; do
		new_case "pcie-$file-$kind"
		damage "$dev/$PCIE/$file" "$kind"
		expect refuse PAPI_ENOEVNT "PMU '$PCIE' is unusable: $(said "$file")" "$PCIE_OK"
		# the family's names say which instance and why, never a partial count
		expect refuse PAPI_ENOEVNT "matches $PCIE, which is unusable ($file" "hisi_pcie*::rx_mwr_flux"
		expect refuse PAPI_ENOEVNT "bdf=0x3d00: $PCIE covers this device but is unusable: $file" \
			"hisi_pcie::rx_mwr_flux:bdf=0x3d00"
		expect ok "$HNS3_OK"
		expect note "skipped: $PCIE ($file"
		[ "$kind" = fifo ] && expect valgrind
	done
done

# ---- optional extras: noted, the PMU stays usable ---------------------------
for kind in $FILE_KINDS; do
	new_case "pcie-identifier-$kind"
	damage "$dev/$PCIE/identifier" "$kind"
	expect ok "$PCIE_OK"
	case $kind in	# free text: any bytes but NUL do
	missing | garbage) ;;
	*) expect note "$PCIE: identifier" ;;
	esac

	# the bdf range (v6.12 on) says where the root ports are; without it the bus file does
	new_case "pcie-bus-$kind"
	damage "$dev/$PCIE/bus" "$kind"
	expect ok "$PCIE::rx_mwr_flux:bdf=0x3d00"
	[ "$kind" = missing ] || expect note "$PCIE: bus"

	# the driver exports both or neither: one alone is as broken as garbage,
	# and what needs the range names the file and its fault
	new_case "pcie-bdf_min-$kind"
	damage "$dev/$PCIE/bdf_min" "$kind"
	expect ok "$PCIE::rx_mwr_flux:bdf=0x3d00"
	expect note "$PCIE: bdf_min"
	expect refuse PAPI_EATTR "root ports cannot be numbered: $(said bdf_min)" \
		"hisi_pcie::rx_mwr_flux:rp=0x3c00"

	new_case "hns3-bdf_max-$kind"
	damage "$dev/$HNS3/bdf_max" "$kind"
	expect ok "$HNS3::dly_rpu_time:bdf=0x3500:queue=3"
	expect note "$HNS3: bdf_max"
	expect refuse PAPI_ENOEVNT "$HNS3 covers no device ($(said bdf_max)" \
		"hns3_pmu::dly_rpu_time:bdf=0x3500:queue=3"

	# the rate metrics need the clock; the driver always has the file
	new_case "hns3-hw_clk_freq-$kind"
	damage "$dev/$HNS3/hw_clk_freq" "$kind"
	expect refuse PAPI_ENOEVNT "metric 'bw_ssu_rpu_bandwidth' of '$HNS3' needs hw_clk_freq, which is unusable: $(said hw_clk_freq)" \
		"$HNS3::bw_ssu_rpu_bandwidth"
	expect ok "$HNS3::bw_ssu_rpu_byte_num"
	expect note "$HNS3: hw_clk_freq"
done

# Extras with a value no driver writes: each named with its fault.
new_case "hns3-bdf-range-reversed"
echo 35:03.7 >"$dev/$HNS3/bdf_min"
echo 35:00.0 >"$dev/$HNS3/bdf_max"
expect note "$HNS3: bdf_min 35:03.7 is above bdf_max 35:00.0"
expect refuse PAPI_ENOEVNT "$HNS3 covers no device (bdf_min 35:03.7 is above bdf_max 35:00.0)" \
	"hns3_pmu::dly_rpu_time:bdf=0x3500:queue=3"
expect ok "$HNS3::dly_rpu_time:bdf=0x3500:queue=3"

new_case "pcie-bdf_min-out-of-range"
echo 0x13c00 >"$dev/$PCIE/bdf_min"
expect refuse PAPI_EATTR "root ports cannot be numbered: bdf_min: PCI requester id 0x13c00 is wider than 16 bits" \
	"hisi_pcie::rx_mwr_flux:rp=0x3c00"
expect ok "$PCIE::rx_mwr_flux:bdf=0x3d00"

# a clock no hardware has (2^64-1 Hz; 0 Hz) is refused, never divided by
for hz in 18446744073709551615 0; do
	new_case "hns3-hw_clk_freq-$hz"
	echo "$hz" >"$dev/$HNS3/hw_clk_freq"
	expect refuse PAPI_ENOEVNT "needs hw_clk_freq, which is unusable: hw_clk_freq: $hz Hz is no clock rate (allowed: 1000 to 10000000000 Hz)" \
		"$HNS3::bw_ssu_rpu_bandwidth"
	expect refuse PAPI_ENOEVNT "needs hw_clk_freq" "$HNS3::dly_rd_ebd_avg_latency"
	expect ok "$HNS3::bw_ssu_rpu_byte_num"
	expect note "$HNS3: hw_clk_freq: $hz Hz is no clock rate"
done

# ---- format, events and filtermode files: that qualifier or event only ------
for kind in $FILE_KINDS; do
	new_case "pcie-format-port-$kind"
	damage "$dev/$PCIE/format/port" "$kind"
	if [ "$kind" = missing ]; then	# absent: the PMU has no such qualifier
		expect refuse PAPI_EATTR "unknown qualifier 'port'" "$PCIE::rx_mwr_latency:port=1"
	else
		expect refuse PAPI_EATTR "unusable: $(said format/port)" "$PCIE::rx_mwr_latency:port=1"
	fi
	expect ok "$PCIE::rx_mwr_flux:bdf=0x3d00"
	expect ok "$HNS3_OK"

	new_case "hns3-format-global-$kind"
	damage "$dev/$HNS3/format/global" "$kind"
	if [ "$kind" = missing ]; then
		expect refuse PAPI_EATTR "unknown qualifier 'global'" "$HNS3::bw_ssu_rpu_byte_num:global=1"
	else
		expect refuse PAPI_EATTR "unusable: $(said format/global)" "$HNS3::bw_ssu_rpu_byte_num:global=1"
	fi
	# no filter: global mode cannot be asked for; never port 0 passed off as the NIC
	expect refuse-listed PAPI_EATTR "global mode needs the PMU's format/global" "$HNS3::bw_ssu_rpu_byte_num"
	expect ok "$HNS3::bw_ssu_rpu_byte_num:port=1"
	expect ok "$PCIE_OK"

	new_case "pcie-event-$kind"
	damage "$dev/$PCIE/events/rx_mwr_cnt" "$kind"
	if [ "$kind" = missing ]; then	# nothing says the metric was ever there
		expect refuse PAPI_ENOEVNT "has no event 'rx_mwr_cnt'" "$PCIE::rx_mwr_cnt"
		expect refuse PAPI_ENOEVNT "has no event 'rx_mwr_avg_latency'" "$PCIE::rx_mwr_avg_latency"
	else
		expect refuse PAPI_ENOEVNT "unusable: $(said events/rx_mwr_cnt)" "$PCIE::rx_mwr_cnt"
		expect refuse PAPI_ENOEVNT "its event 'rx_mwr_cnt' is: $(said events/rx_mwr_cnt)" \
			"$PCIE::rx_mwr_avg_latency"
	fi
	expect ok "$PCIE::rx_mwr_latency"
	expect ok "$HNS3_OK"

	new_case "hns3-filtermode-$kind"
	damage "$dev/$HNS3/filtermode/bw_ssu_rpu_byte_num" "$kind"
	if [ "$kind" = missing ]; then	# absent: no sysfs restriction (the tables' modes)
		expect ok "$HNS3::bw_ssu_rpu_byte_num"
	else
		expect refuse PAPI_ENOEVNT "unusable: $(said filtermode/bw_ssu_rpu_byte_num)" \
			"$HNS3::bw_ssu_rpu_byte_num"
	fi
	[ "$kind" = garbage ] && expect valgrind
	expect ok "$HNS3_OK"
done

# ---- directories ------------------------------------------------------------
for kind in $DIR_KINDS; do
	new_case "pcie-events-dir-$kind"
	damage_dir "$dev/$PCIE/events" "$kind"
	if [ "$kind" = missing ]; then	# absent is not malformed: no events
		expect refuse PAPI_ENOEVNT "has no event 'rx_mrd_latency'" "$PCIE_OK"
	else
		expect refuse PAPI_ENOEVNT "events/" "$PCIE_OK"
	fi
	[ "$kind" = unreadable ] && expect valgrind
	expect ok "$HNS3_OK"

	new_case "hns3-format-dir-$kind"
	damage_dir "$dev/$HNS3/format" "$kind"
	if [ "$kind" = missing ]; then	# no formats: no qualifier
		expect refuse PAPI_EATTR "unknown qualifier 'port'" "$HNS3::bw_ssu_rpu_byte_num:port=1"
		expect refuse-listed PAPI_EATTR "global mode needs the PMU's format/global" \
			"$HNS3::bw_ssu_rpu_byte_num"
	else
		expect refuse PAPI_ENOEVNT "format/" "$HNS3_OK"
	fi
	expect ok "$PCIE_OK"

	new_case "hns3-filtermode-dir-$kind"
	damage_dir "$dev/$HNS3/filtermode" "$kind"
	if [ "$kind" = missing ]; then	# drivers before filtermode/: the tables' modes
		expect ok "$HNS3_OK"
	else
		expect refuse PAPI_ENOEVNT "filtermode/" "$HNS3_OK"
	fi
	expect ok "$PCIE_OK"

	[ "$kind" = missing ] && continue
	new_case "pcie-pmu-dir-$kind"
	damage_dir "$dev/$PCIE" "$kind"
	expect refuse PAPI_ENOEVNT "PMU '$PCIE' is unusable" "$PCIE_OK"
	expect ok "$HNS3_OK"
	expect note "skipped: $PCIE"
done

# ---- PCI look-ups of the bdf filters -----------------------------------------
for kind in $FILE_KINDS; do
	new_case "pci-class-$kind"
	damage "$sys/devices/pci0000:3c/0000:3c:00.0/class" "$kind"
	expect refuse PAPI_EATTR "cannot tell whether PCI device 3c:00.0 (above 3d:00.0) is a root port: class" \
		"$PCIE::rx_mwr_flux:bdf=0x3d00"
	expect refuse PAPI_ENOEVNT "bdf=0x3d00: cannot tell whether PCI device 3c:00.0 (above 3d:00.0) is a root port: class" \
		"hisi_pcie::rx_mwr_flux:bdf=0x3d00"
	expect ok "$PCIE::rx_mwr_flux:port=0x1"
	expect ok "$HNS3_OK"
	[ "$kind" = fifo ] && expect valgrind
done
for kind in missing loop; do
	new_case "pci-device-$kind"
	damage "$sys/bus/pci/devices/0000:3d:00.0" "$kind"
	expect refuse PAPI_EATTR "no PCI device 0000:3d:00.0" "$PCIE::rx_mwr_flux:bdf=0x3d00"
	expect ok "$PCIE_OK"

	new_case "pci-function-$kind"
	damage "$sys/bus/pci/devices/0000:35:00.0" "$kind"
	expect refuse PAPI_EATTR "no such PCIe function" "$HNS3::dly_rpu_time:bdf=0x3500:queue=3"
	expect ok "$HNS3_OK"
done
for kind in $DIR_KINDS; do
	new_case "pci-devices-dir-$kind"
	damage_dir "$sys/bus/pci/devices" "$kind"
	expect refuse PAPI_EATTR "no PCI device 0000:3d:00.0" "$PCIE::rx_mwr_flux:bdf=0x3d00"
	expect refuse PAPI_EATTR "no such PCIe function" "$HNS3::dly_rpu_time:bdf=0x3500:queue=3"
	expect ok "$PCIE_OK"
	expect ok "$HNS3_OK"
done

# ---- whole trees ----------------------------------------------------------------
new_case "devices-dir-missing"
rm -rf "$dev"
expect disabled "cannot list $dev"

new_case "pmu-dangling-link"	# a driver unloaded while the tools scan
ln -s ../../../devices/gone "$dev/hisi_pcie1_core0"
expect refuse PAPI_ENOEVNT "PMU 'hisi_pcie1_core0' is unusable" "hisi_pcie1_core0::rx_mwr_cnt"
expect ok "$PCIE_OK"
expect note "skipped: hisi_pcie1_core0"

# Two PMUs claiming one perf type: one of the files lies, so neither is used.
new_case "duplicate-type"
cp -r "$dev/$PCIE" "$dev/hisi_pcie0_core1"
echo 4243 >"$dev/$PCIE/type"
expect refuse PAPI_ENOEVNT "type 4243 is also" "$PCIE_OK"
expect refuse PAPI_ENOEVNT "type 4243 is also" "$HNS3_OK"
expect ok "hisi_pcie0_core1::rx_mrd_latency"
expect refuse PAPI_ENOEVNT "matches $PCIE, which is unusable (type 4243 is also" "hisi_pcie*::rx_mwr_flux"
expect note "2 PMUs skipped"
expect valgrind

# 10,000 events: the first 2,048 by name are kept, on every filesystem, and it is said.
new_case "10000-events"
for i in {0000..9999}; do echo 'config=0x10010' >"$dev/$PCIE/events/aa_ev_$i"; done
expect ok "$PCIE::aa_ev_0000"
expect ok "$PCIE::aa_ev_2047"
expect refuse PAPI_ENOEVNT "first 2048" "$PCIE::aa_ev_2048"
expect refuse PAPI_ENOEVNT "first 2048" "$PCIE_OK"
expect ok "$HNS3_OK"
expect note "$PCIE: events/"
expect valgrind

# An alias naming a term twice: perf applies the last; which event the
# driver meant is unknown, so the event (and its metric) is refused.
new_case "pcie-event-repeated-term"
echo "config=0x10,config=0x11" >"$dev/$PCIE/events/rx_mwr_cnt"
expect refuse PAPI_ENOEVNT "events/rx_mwr_cnt: term 'config' given twice" "$PCIE::rx_mwr_cnt"
expect refuse PAPI_ENOEVNT "term 'config' given twice" "$PCIE::rx_mwr_avg_latency"
expect ok "$PCIE_OK"

# Two events that differ only by case: each exact name opens its own event
# (perf's any-case match opened the uppercase one for both), and a third
# spelling is refused naming both, never guessed.
new_case "pcie-event-case-twins"
echo "config=0x0010" >"$dev/$PCIE/events/RX_MWR_FLUX"
expect ok "$PCIE::rx_mwr_flux"
expect attr "$PCIE::rx_mwr_flux" "config=0x104 "
expect ok "$PCIE::RX_MWR_FLUX"
expect attr "$PCIE::RX_MWR_FLUX" "config=0x10 "
expect refuse PAPI_ENOEVNT "events 'RX_MWR_FLUX' and 'rx_mwr_flux', which differ only by case" \
	"$PCIE::Rx_Mwr_Flux"
expect ok "$PCIE::rx_mwr_bandwidth"
expect ok "$PCIE_OK"

# Event files whose names no event name can spell (PMU::a=b is a raw term,
# PMU::rx:evil the event rx with a qualifier): never listed, said once.
new_case "pcie-event-unwritable-names"
for f in 'a=b' 'rx:evil' 'sp ace' '%n%s'; do echo 'config=0x10010' >"$dev/$PCIE/events/$f"; done
for f in 'a=b' 'rx:evil' 'sp ace' '%n%s'; do expect unlisted "$PCIE::$f"; done
expect note "$PCIE: events/: 4 names no event name can spell, skipped ('%n%s', 'a=b', ..."
expect ok "$PCIE_OK"
expect ok "$PCIE::rx_mwr_bandwidth"

# Format fields that share bits: a value given for one sets the other
# (port=0x100 would read back as a bdf nobody gave), so the PMU is refused.
new_case "pcie-format-overlap"
echo 'config2:8-23' >"$dev/$PCIE/format/bdf"
expect refuse PAPI_ENOEVNT "PMU '$PCIE' is unusable: format/bdf (config2:8-23) and format/port (config2:0-15) share bits" \
	"$PCIE_OK"
expect ok "$HNS3_OK"

# More formats than a PMU may have: the first 64 by name are kept, and it is said.
# Each its own bit (config1 12-63, then config3), clear of the driver's fields.
new_case "100-formats"
for i in {00..99}; do
	i=$((10#$i))
	if [ "$i" -lt 52 ]; then bit=config1:$((12 + i)); else bit=config3:$((i - 52)); fi
	echo "$bit" >"$dev/$PCIE/format/zz_f$(printf %02d "$i")"
done
expect refuse PAPI_EATTR "unknown qualifier 'zz_f99'" "$PCIE::rx_mwr_latency:zz_f99=1"
expect ok "$PCIE::rx_mwr_latency:port=1"
expect note "$PCIE: format/: 108 formats, only the first 64"

# 1,100 PMUs: codes hold 1,024 (the rest are skipped, and it is said); PAPI
# lists 80 PMU names per component, and asks a component whose list is full
# about every PMU::EVENT (papi-7.0-full-pmu-list.patch): plain names past
# the 80th work, another component's PMU gets no message from us.
# Most of them bare (type and cpumask, no events: one mkdir for all), the
# ones named below full copies.
new_case "1100-pmus"
pmus=()
for s in {0..109}; do
	for c in {0..9}; do
		[ "$s$c" = 00 ] || pmus+=("$dev/hisi_pcie${s}_core$c")
	done
done
mkdir "${pmus[@]}"
type=5000
for p in hisi_pcie50_core0 hisi_pcie105_core0; do
	rmdir "$dev/$p"
	cp -r "$dev/$PCIE" "$dev/$p"
done
for p in "${pmus[@]}"; do
	echo 0 >"$p/cpumask"
	echo $((type++)) >"$p/type"
done
expect ok "$PCIE_OK"
expect ok "hisi_pcie50_core0::rx_mrd_latency"
expect foreign "nosuch_pmu::cycles"
expect refuse PAPI_ENOEVNT "1024" "hisi_pcie105_core0::rx_mrd_latency"
expect refuse PAPI_ENOEVNT "1024" "$HNS3_OK"
expect note "77 PMUs skipped"
expect valgrind

rm -rf "$base" "$out/.huge"
echo "$n"
