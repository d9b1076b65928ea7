#!/usr/bin/env bash
# PAPI tier: the component inside libpapi, on the fixture PMUs plus the
# sw_alias PMU (tests/lib/fake-sysfs.sh: the kernel's software PMU with
# events/ aliases), whose events open for real on any architecture.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
fixture_sysfs_with_sw_alias

# Under valgrind when it is installed: a memory error or a leak fails the tier
# (PAPI's own leaks are suppressed, tests/papi/papi.supp).
vg=()
command -v valgrind >/dev/null && vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite
	--suppressions="$HU_SRCDIR/tests/papi/papi.supp" --error-exitcode=9)
fx "${vg[@]}" "$HU_BUILDDIR/tests/papi/test_papi" 2>&1 | tee "$root/test_papi.log"
rc=${PIPESTATUS[0]}
# its CUnit counts join the tier's; a crash or a valgrind error is one more failure
line=$(grep -E '^papi: [0-9]+ passed, [0-9]+ failed' "$root/test_papi.log" | tail -1)
if [ -n "$line" ]; then
	read -r _ p _ f _ <<<"$line"
	passed=$((passed + p)) failed=$((failed + f))
fi
if [ -z "$line" ] || { [ "$rc" != 0 ] && [ "${f:-0}" = 0 ]; }; then
	fail "test_papi exited $rc"
fi

# Races between threads: the threads tier (tests/tiers/threads.sh); two
# syncs into PAPI's tree at once: the build tier (tests/tiers/build.sh).

finish papi
