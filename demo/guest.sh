#!/bin/sh
# Inside the emulated Hip09: what the component shows and measures.
set -u
bin=$HU_PREFIX/bin
export PATH="$bin:$PATH"

step() { printf '\n==== %s\n' "$*"; }

# vm-run --pcp started pmcd with the hisi agent, whose counters would share
# the PMUs with every step below: it waits for the last step.
pkill -x pmproxy
pkill -x pmcd
while pgrep -x pmdahisi >/dev/null; do sleep 0.05; done

step "the Hip09 uncore PMUs the kernel registered"
ls /sys/bus/event_source/devices | grep -E 'hisi_pcie|hns3_pmu'
for p in /sys/bus/event_source/devices/hisi_pcie0_core0 /sys/bus/event_source/devices/hns3_pmu_sicl_0; do
	printf '%s: cpumask %s, bdf_min %s, bdf_max %s\n' "${p##*/}" "$(cat "$p/cpumask")" \
		"$(cat "$p/bdf_min")" "$(cat "$p/bdf_max")"
done

step "papi_component_avail: the hisi_uncore component"
papi_component_avail | sed -n '/^Active components/,$p' | sed -n '/hisi_uncore/,/^$/p'

step "name the device, not the PMU: the instance covering it is found (3d:00.0: hisi_pcie0_core1; 31:00.1: hisi_pcie0_core0 and hns3_pmu_sicl_0)"
papi_native_avail -e hisi_pcie::rx_mrd_flux:bdf=0x3d00 | grep -E '^(Event name|Description)'
papi_command_line hisi_pcie::rx_mwr_flux:bdf=0x3101 hisi_pcie::rx_mwr_bandwidth:bdf=0x3101 \
	hns3_pmu::bw_ssu_rpu_bandwidth:bdf=0x3101 2>&1 | sed -n '/^Successfully/,$p'

step "papi_native_avail: a raw HNS3 event and a derived metric, with qualifiers"
papi_native_avail -e hns3_pmu_sicl_0::bw_ssu_rpu_byte_num | sed -n '/^Event name/,/^Qualifiers/p'
papi_native_avail -e hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth | sed -n '/^Event name/,$p' | head -12

step "hisi-uncore-attr: what a name opens, the defaults the tools add, the HNS3 filter mode"
hisi-uncore-attr hns3_pmu_sicl_0::bw_ssu_rpu_byte_num hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0 \
	hns3_pmu_sicl_0::bw_ssu_rpu_byte_num:port=0:tc=0 hisi_pcie0_core0::rx_mwr_flux:port=0x1

step "papi_command_line: an HNS3 counter pair and its metrics (global mode)"
papi_command_line hns3_pmu_sicl_0::bw_ssu_rpu_byte_num hns3_pmu_sicl_0::bw_ssu_rpu_time \
	hns3_pmu_sicl_0::bw_ssu_rpu_bandwidth hns3_pmu_sicl_0::pps_ssu_rpu_packet_rate \
	hns3_pmu_sicl_0::dly_tpu_avg_latency 2>&1 | sed -n '/^Successfully/,$p'

step "papi_command_line: PCIe inbound memory writes on root port 0 (port=0x1)"
papi_command_line hisi_pcie0_core0::rx_mwr_flux:port=0x1 hisi_pcie0_core0::rx_mwr_bandwidth:port=0x1 \
	hisi_pcie0_core0::rx_mwr_flux_per_cycle:port=0x1 hisi_pcie0_core0::rx_mrd_avg_latency:port=0x1 \
	2>&1 | sed -n '/^Successfully/,$p'

step "hisi-uncore-stat: the node's PCIe and NIC traffic, every instance, 2 intervals of 1 s"
hisi-uncore-stat -I 1000 -n 2

step "hisi-uncore-stat -d: one device (3d:00.0), CSV; latency is per root port only (the driver's rule)"
hisi-uncore-stat -d 3d:00.0 -I 500 -n 1 -x, 2>&1

step "hisi-uncore-stat --root-ports: each root port, exact (two columns: 4 of 8 counters per instance)"
hisi-uncore-stat --root-ports -e in_write,in_wr_lat -I 500 -n 1

step "hisi-uncore-stat: a NIC queue and a NIC port"
hisi-uncore-stat -q 31:00.1/0 --nic-port 0 -e rx,rx_pkts -I 500 -n 1

step "a mistake, and what the user is told"
papi_command_line hns3_pmu_sicl_0::dly_rpu_time:port=2 2>&1 | grep -E '^hisi_uncore:|^Failed'
papi_command_line hisi_uncore:::hisi_pcie0_core0::rx_mwr_latency:thr_len=3 2>&1 | grep -E '^hisi_uncore:|^Failed'
papi_command_line hisi_pcie::rx_mwr_flux:bdf=0x3500 2>&1 | grep -E '^hisi_uncore:|^Failed'
# 31:00.0 and 32:00.0 share device.function 00.0, which is all the HNS3 driver programs
papi_command_line hns3_pmu::bw_ssu_rpu_byte_num:bdf=0x3100 2>&1 | grep -E '^hisi_uncore:|^Failed'
step "fleet monitoring: pmcd with the PCP agent pmdahisi (hisi.pcie.*, hisi.nic.*; per root port and NIC function)"
bash "$HU_SRCDIR/pcp/vm-pcp-start.sh" "$HU_PCP_AGENT"
PATH=/usr/bin:/bin:$PATH	# PCP's clients run Debian's python
pminfo -t hisi.pcie.rootport hisi.nic.function | head -8
pminfo -f hisi.pcie.in.read.bytes hisi.pcie.bytes_counted hisi.pcie.rootport.status
echo "pmrep: bytes/s over 2 intervals of 1 s (PCP's rate of the agent's totals)"
pmrep -t 1 -s 2 -p -i hisi_pcie0_core0 hisi.pcie.in.read.bytes hisi.pcie.in.write.bytes \
	hisi.pcie.in.read.latency
echo "per root port: multiplexed beside the instances' own counters, so scaled (an estimate: longer intervals, steadier)"
pmrep -t 3 -s 2 -p hisi.pcie.rootport.in.write.bytes hisi.pcie.rootport.scaled
echo "pmproxy's Prometheus endpoint, as a site's Prometheus scrapes it:"
curl -s 'http://localhost:44322/metrics?names=hisi.nic.rx.bytes,hisi.nic.rx.packets' | grep -v '^#'
exit 0
