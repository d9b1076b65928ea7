#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Guest side of the arm64 tier: in one boot of the emulated Hip09 in an arm64
# guest (emulator/vm-run --arch arm64), the tiers that count on the machine
# users have: unit, tables and papi (their own scripts, on the arm64 build),
# the emulator's checks and the end-to-end checks.  Each suite's lines pass
# through, then one "arm64-<suite>: N passed, N failed" line.
#
# usage: guest.sh SRC ARM64_OBJ ARM64_PREFIX ARM64_PAPI PMU_OPEN E2E_BUILD

SRC=${1:?usage: guest.sh SRC OBJ PREFIX PAPI PMU_OPEN E2E_BUILD}
OBJ=${2:?} PREFIX=${3:?} PAPI=${4:?} PO=${5:?} E2E_BUILD=${6:?}

# suite NAME CMD...: run CMD, pass its lines on, print the suite's count: a
# tier script's closing "N passed, N failed" line, else its PASS/FAIL lines;
# an exit status other than 0 with no failure counted is one failure.
suite() {
	local name=$1 log rc p f line t0=$SECONDS
	shift
	log=$(mktemp)
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[a-z0-9]+: [0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -n "$line" ]; then
		read -r _ p _ f _ <<<"$line"
	else
		p=$(grep -c '^PASS ' "$log") f=$(grep -c '^FAIL ' "$log")
	fi
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		echo "FAIL arm64-$name: exited $rc"
		f=1
	fi
	rm -f "$log"
	echo "arm64 guest: $name took $((SECONDS - t0)) s"
	echo "arm64-$name: $p passed, $f failed"
}

# The module as vm-run loaded it: each suite starts from the default state.
reload_default() {
	# shellcheck disable=SC2086 # the parameter list is split on purpose
	if rmmod hip09_emu && insmod "$HIP09_EMU_KO" $HIP09_EMU_PARAMS dyndbg=+p; then
		echo "PASS module_reloads_after_the_emulator_checks"
	else
		echo "FAIL module_reloads_after_the_emulator_checks: rmmod or insmod failed"
	fi
}

export HU_SRCDIR=$SRC HU_BUILDDIR=$OBJ HU_PREFIX=$PREFIX HU_PAPI_SRC=$PAPI
# The fixtures once into guest memory: the unit tests copy them for each
# test, which over 9p under TCG took 80 s (fixture_tree.c reads the variable).
fixtures=$(mktemp -d /tmp/fixtures.XXXXXX)
cp -r "$SRC/tests/fixtures/sysfs" "$fixtures/" && export HU_FIXTURE_ROOT=$fixtures/sysfs
echo "arm64 guest: $(uname -m), kernel $(uname -r)"
suite unit "$SRC/tests/tiers/unit.sh"
suite tables "$SRC/tests/tiers/tables.sh"
suite papi "$SRC/tests/tiers/papi.sh"
suite emulator bash "$SRC/emulator/tests/guest-tests.sh" "$PO" "$SRC/emulator/tests/expected"
suite reload reload_default
suite e2e bash "$SRC/tests/e2e/guest.sh" "$E2E_BUILD" "$PREFIX" "$PAPI"
