#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of vm-run's choices (no guest is booted). The
# accelerator: KVM only where it can boot a plain Debian kernel.  PVM
# (module kvm_pvm) is KVM in software for PVM-built guests: a Debian kernel
# spins under it and never boots, so it must not be taken for hardware KVM.
# The guest kernel: the kernel's own drivers only on a kernel of their
# series, and only the series Debian ships (12, and sid for "newest"); the
# module era each driver runs with.
# Prints one PASS/FAIL line per check.
set -u
EMU=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
mkdir -p "$fake/sys/module/kvm" "$fake/pvm/module/kvm" "$fake/pvm/module/kvm_pvm"
: >"$fake/kvm"

# check NAME WANT SYS DEV [vm-run options]
check() {
	local name=$1 want=$2 sys=$3 dev=$4 got
	shift 4
	got=$(HIP09_EMU_HOST_SYS=$sys HIP09_EMU_KVM_DEV=$dev "$EMU/vm-run" --print-accel "$@" 2>&1)
	if [ "$got" = "$want" ]; then
		echo "PASS vm-run_accel_$name"
	else
		echo "FAIL vm-run_accel_$name: want '$want', got '$got'"
	fi
}

check no_kvm_device tcg "$fake/sys" "$fake/absent"
check hardware_kvm kvm "$fake/sys" "$fake/kvm"
check pvm_is_not_taken tcg "$fake/pvm" "$fake/kvm"
check forced_tcg tcg "$fake/sys" "$fake/kvm" --accel tcg
if [ "$(uname -m)" = x86_64 ]; then
	check foreign_guest_is_tcg tcg "$fake/sys" "$fake/kvm" --arch arm64
fi

# refused NAME MESSAGE vm-run-options...: vm-run stops before building
# anything, saying MESSAGE
refused() {
	local name=$1 want=$2
	shift 2
	if HIP09_EMU_HOST_SYS=$fake/sys "$EMU/vm-run" "$@" true >/dev/null 2>"$fake/err" ||
		! grep -qF -- "$want" "$fake/err"; then
		echo "FAIL vm-run_$name: want '$want', got '$(head -1 "$fake/err")'"
	else
		echo "PASS vm-run_$name"
	fi
}
refused accel_unknown_mode_refused "--accel must be auto, kvm or tcg" --accel fast
refused driver_on_another_kernel_refused "--driver 6.1 needs a 6.1 kernel, not --kernel 6.12" \
	--driver 6.1 --kernel 6.12
refused unknown_kernel_refused "--kernel must be installed, 6.1, 6.12 or newest" --kernel 5.10
refused unknown_driver_refused "--driver must be emulated, 6.1, 6.12 or newest" --driver 7.2
refused newest_driver_on_6.12_refused "--driver newest needs a newest kernel, not --kernel 6.12" \
	--driver newest --kernel 6.12
refused newest_arm64_refused "--kernel newest: arm64 guests are not supported yet" \
	--arch arm64 --kernel newest

# era NAME WANT vm-run-options...: the module's era (--print-era), which the
# witness tier judges the kernel's own drivers by
era() {
	local name=$1 want=$2 got
	shift 2
	got=$("$EMU/vm-run" --print-era "$@" 2>&1)
	if [ "$got" = "$want" ]; then
		echo "PASS vm-run_era_$name"
	else
		echo "FAIL vm-run_era_$name: want '$want', got '$got'"
	fi
}
era emulated_default 6.12
era emulated_chosen 5.19 --pcie-era 5.19
era driver_6.1 6.1.y --driver 6.1
era driver_6.12 6.12 --driver 6.12
era driver_newest 6.12 --driver newest
