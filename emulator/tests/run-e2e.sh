#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# End-to-end tests of the Hip09 PMU emulator: build the test program on the
# host, boot the emulator once with emulator/vm-run and run guest-tests.sh
# inside. Ends with "N passed, N failed"; exits non-zero on any failure.
#
# usage: emulator/tests/run-e2e.sh [--build-only] [vm-run options]
# HIP09_EMU_ARCH=arm64 runs the tests in an arm64 guest (guest-cc.sh).

set -uo pipefail

TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EMU=$(dirname "$TESTS")
BUILD=${HIP09_EMU_BUILD:-$(dirname "$EMU")/_build/emulator}
. "$TESTS/guest-cc.sh"
PO=$BUILD/tests$GUEST_SUFFIX/pmu_open

mkdir -p "${PO%/*}"
if ! "$GUEST_CC" -std=c11 -O2 -Wall -Wextra -Werror -o "$PO" "$TESTS/pmu_open.c"; then
	echo "FAIL build: pmu_open did not compile"
	echo "0 passed, 1 failed"
	exit 1
fi
if [ "${1:-}" = --build-only ]; then
	echo "$PO"
	exit 0
fi

start=$SECONDS
accel=$(bash "$TESTS/host-choices.sh")
# Two NUMA nodes, so that the hotplug checks can put a PCIe PMU on CPU 1.
out=$("$EMU/vm-run" --numa "$@" -- bash "$TESTS/guest-tests.sh" "$PO" "$TESTS/expected")
rc=$?
out=$accel$'\n'$out
printf '%s\n' "$out"

passed=$(grep -c '^PASS ' <<<"$out")
failed=$(grep -c '^FAIL ' <<<"$out")
if [ "$rc" != 0 ]; then
	echo "FAIL vm-run: exit status $rc"
	failed=$((failed + 1))
fi
if [ "$passed" = 0 ] && [ "$failed" = 0 ]; then
	echo "FAIL run: no test reported"
	failed=1
fi
echo "run-e2e: $((SECONDS - start))s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
