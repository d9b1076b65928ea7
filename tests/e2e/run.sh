#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# End-to-end tier: the hisi_uncore component, perf and PAPI clients against
# the emulated Hip09 PMUs.  Builds the test programs on the host, boots the
# emulator once (emulator/vm-run) and runs tests/e2e/guest.sh inside, which
# injects traffic of known size through the emulator's debugfs and checks
# what perf stat, the component (low-level and high-level API) and
# papi_command_line report.  The PCIe driver eras are covered in the same
# boot by reloading the module.
#
# usage: tests/e2e/run.sh [--build-only] [vm-run options]
# HIP09_EMU_ARCH=arm64 runs the tier in an arm64 guest (emulator/tests/guest-cc.sh);
# HU_PREFIX and HU_PAPI_SRC must then name an arm64 build.
# Environment (all optional; defaults for a ./build.sh build tree):
#   HU_SRCDIR     the source tree              (this script's ../..)
#   HU_PREFIX     the install prefix           ($HU_SRCDIR/_install)
#   HU_PAPI_SRC   the PAPI tree built with the component
#                                              ($HU_SRCDIR/_build/cache/papi)
#   HU_E2E_BUILD  where the test programs go   ($HU_SRCDIR/_build/e2e)
# Prints PASS/FAIL lines and ends with "e2e: N passed, N failed"; exits
# non-zero on any failure.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${HU_SRCDIR:-$(cd "$here/../.." && pwd)}
prefix=${HU_PREFIX:-$src/_install}
papi=${HU_PAPI_SRC:-$src/_build/cache/papi}
. "$src/emulator/tests/guest-cc.sh"
out=${HU_E2E_BUILD:-$src/_build/e2e$GUEST_SUFFIX}
start=$SECONDS

summary() {
	echo "e2e: $((SECONDS - start))s"
	echo "e2e: $1 passed, $2 failed"
}

# ---- build (on the host; the guest sees the same paths read-only) -----------------

build() {
	# the component's directory for hu_message.h: what a tool reads of its reasons
	local cflags=(-std=c11 -Wall -Wextra -Werror -O2 -g -I"$papi/src" -I"$here"
		-I"$src/components/hisi_uncore")
	local libs=("$papi/src/libpapi.a" -lcunit -ldl -lpthread -lm)
	mkdir -p "$out" || return 1
	"$GUEST_CC" "${cflags[@]}" -o "$out/e2e_papi" "$here/e2e_papi.c" "$here/e2e_lib.c" "${libs[@]}" &&
		"$GUEST_CC" "${cflags[@]}" -o "$out/e2e_hl" "$here/e2e_hl.c" "$here/e2e_lib.c" "${libs[@]}" &&
		build_lock_probe "${cflags[@]}" &&
		build_mpi_example "${cflags[@]}"
}

# the security tier's lock taker, for its traps on the guest's kernel
build_lock_probe() {
	local hu=$src/components/hisi_uncore
	"$GUEST_CC" "$@" -I"$hu" -o "$out/hu_lock_probe" "$src/tests/security/hu_lock_probe.c" \
		"$hu/owner_lock.c" "$hu/lock_holder.c" "$hu/hu_error.c" -lpthread
}

# examples/mpi_node_traffic with the phase's known traffic (tests/e2e/mpi_traffic.h);
# Open MPI is the host's, so only for a guest of the host's architecture
build_mpi_example() {
	rm -f "$out/mpi_node_traffic"
	[ -n "$GUEST_SUFFIX" ] && return 0
	OMPI_CC=$GUEST_CC mpicc "$@" -DHU_PHASE_TRAFFIC='"mpi_traffic.h"' -o "$out/mpi_node_traffic" \
		"$src/examples/mpi_node_traffic.c" "$papi/src/libpapi.a" -ldl -lpthread -lm
}

for f in "$papi/src/libpapi.a" "$papi/src/papi.h" "$prefix/bin/papi_command_line"; do
	if [ ! -e "$f" ]; then
		echo "FAIL build: $f missing (run ./build.sh build first)"
		summary 0 1
		exit 1
	fi
done
if ! build; then
	echo "FAIL build: the test programs did not compile"
	summary 0 1
	exit 1
fi
if [ "${1:-}" = --build-only ]; then
	echo "$out"
	exit 0
fi

# ---- one boot ---------------------------------------------------------------------

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# the guest needs about 170 s alone, and more beside other tiers' guests
# the timeout only stops a hung guest
# shellcheck disable=SC2086 # E2E_TESTS is a list of test functions
(cd "$src" && emulator/vm-run --timeout 900 --numa "$@" -- bash "$here/guest.sh" "$out" "$prefix" "$papi" ${E2E_TESTS:-}) |
	tee "$log"
rc=${PIPESTATUS[0]}

passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
if [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
	echo "FAIL vm-run: exit status $rc with no failing check"
	failed=1
fi
if [ "$passed" = 0 ] && [ "$failed" = 0 ]; then
	echo "FAIL run: no test reported"
	failed=1
fi
summary "$passed" "$failed"
[ "$failed" = 0 ]
