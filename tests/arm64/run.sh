#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# arm64 tier: the platform users run.  On an x86_64 host: cross-build the
# project with PAPI for aarch64 (./build.sh --arch=arm64 build), compare its
# listing and encoding under qemu-user with the native build's (user.sh),
# then boot one arm64 guest of the emulated Hip09 (emulator/vm-run --arch
# arm64) that runs the unit, tables, papi, emulator and e2e checks
# (guest.sh), and one with the kernel's own 6.12 drivers (vm-run --driver
# 6.12) that runs the e2e checks whose answer is the driver's.  On an arm64 host the other tiers already run natively, and
# this one says so and passes nothing.
#
# Environment: HU_SRCDIR, HU_BUILDDIR, HU_PREFIX (the native build).
# Ends with "arm64: N passed, N failed".
set -uo pipefail
src=${HU_SRCDIR:?}
arm=$src/_build/arm64
obj=$arm/obj prefix=$arm/install papi=$arm/papi
start=$SECONDS
. "$src/tests/tiers/lib.sh"	# pass, fail, finish and their counts

note() { echo "arm64: $* ($((SECONDS - start)) s)"; }
done_in() {
	echo "arm64: $((SECONDS - start)) s in all"
	finish arm64
}
# count_checks LOG: add its PASS and FAIL lines
count_checks() {
	passed=$((passed + $(grep -c '^PASS ' "$1"))) failed=$((failed + $(grep -c '^FAIL ' "$1")))
}
# count_suites LOG: add the guest's "arm64-<suite>: N passed, N failed" lines;
# none at all is a failure
count_suites() {
	local p f line n=0
	while read -r line; do
		read -r _ p _ f _ <<<"$line"
		passed=$((passed + p)) failed=$((failed + f)) n=$((n + 1))
	done < <(grep -E '^arm64-[a-z0-9]+: [0-9]+ passed, [0-9]+ failed$' "$1")
	[ "$n" != 0 ] || fail guest "no suite reported"
}
setup_failed() {
	fail "$1"
	done_in
	exit 1
}

if [ "$(uname -m)" = aarch64 ]; then
	echo "arm64: this host is arm64; every other tier ran natively on it"
	done_in
	exit
fi

note "cross-building for aarch64 (./build.sh --arch=arm64 build)"
"$src/build.sh" --arch=arm64 build 2>&1 | sed 's/^/  /'
[ "${PIPESTATUS[0]}" = 0 ] || setup_failed "cross_build: ./build.sh --arch=arm64 build failed"

# The guest's test programs, cross-compiled by the scripts that build them
# for the native guest.
export HIP09_EMU_ARCH=arm64
note "cross-compiling the guest's test programs"
po=$("$src/emulator/tests/run-e2e.sh" --build-only | tail -n 1)
[ -x "$po" ] || setup_failed "cross_build: pmu_open: $po"
e2e=$(HU_PREFIX=$prefix HU_PAPI_SRC=$papi "$src/tests/e2e/run.sh" --build-only | tail -n 1)
[ -x "$e2e/e2e_papi" ] || setup_failed "cross_build: e2e programs: $e2e"
# PAPI's own C tests that the e2e checks run (PAPI's configure was told
# --with-tests=no: its Fortran tests need a cross gfortran).
make -s -C "$papi/src" testlib >/dev/null 2>&1 || setup_failed "cross_build: PAPI's testlib"
while read -r dir names; do
	# shellcheck disable=SC2086 # a list of make targets
	make -s -C "$papi/src/$dir" $names >/dev/null 2>&1 ||
		setup_failed "cross_build: PAPI's tests in $dir ($names)"
done < <(grep -v -e '^#' -e '^[[:space:]]*$' "$src/tests/e2e/papi-tests.list" |
	awk '{ d = $1; sub(/\/[^\/]*$/, "", d); n = $1; sub(/.*\//, "", n); t[d] = t[d] " " n }
	     END { for (d in t) print d, t[d] }')

log=$(mktemp)
trap 'rm -f "$log"' EXIT
note "listing and encoding under qemu-user against the native build"
"$src/tests/arm64/user.sh" "$src" "${HU_BUILDDIR:?}" "${HU_PREFIX:?}" "$obj" "$prefix" | tee "$log"
count_checks "$log"

note "one arm64 guest: unit, tables, papi, emulator, e2e"
# no --numa: under the UEFI firmware arm64 Linux sees one node whatever QEMU
# says; the hotplug checks take CPU 0 offline instead (hotplug-plan.sh)
(cd "$src" && emulator/vm-run --arch arm64 --timeout 1800 -- \
	bash "$src/tests/arm64/guest.sh" "$src" "$obj" "$prefix" "$papi" "$po" "$e2e") | tee "$log"
rc=${PIPESTATUS[0]}
count_suites "$log"
if [ "$rc" != 0 ] && ! grep -q '^FAIL ' "$log"; then
	fail vm-run "exit status $rc with no failing check"
fi

# The kernel's own 6.12 drivers on Debian's arm64 6.12 kernel: the e2e checks
# whose answer is the driver's (e2e-real does them all on x86_64)
note "a second arm64 guest: the e2e checks on the kernel's own 6.12 drivers"
(cd "$src" && emulator/vm-run --arch arm64 --driver 6.12 --timeout 1800 -- \
	bash "$src/tests/e2e/guest.sh" "$e2e" "$prefix" "$papi" papi_suites test_stat test_reload \
	test_hw_time test_overflow) 2>&1 | sed -E 's/^(PASS|FAIL) /\1 arm64 driver6.12 /' | tee "$log"
rc=${PIPESTATUS[0]}
count_checks "$log"
if [ "$rc" != 0 ] && ! grep -q '^FAIL ' "$log"; then
	fail vm-run_driver6.12 "exit status $rc with no failing check"
fi
done_in
