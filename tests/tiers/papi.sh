#!/usr/bin/env bash
# PAPI tier: the component inside libpapi, on the fixture PMUs plus the
# sw_alias PMU (tests/lib/fake-sysfs.sh: the kernel's software PMU with
# events/ aliases), whose events open for real on any architecture.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
make_fake_sysfs "$root/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
add_sw_alias_pmu "$root/sys"
fx() { SYSFS_PATH=$root/sys HISI_UNCORE_EXTRA_PMUS=sw_alias "$@"; }

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

# Races between threads: the threads tier (tests/tiers/threads.sh).

# Two syncs of the component into PAPI's tree at once (make -j runs one
# beside the configure step's own): neither may fail or leave a partial
# sources.mk.  20 rounds of two concurrent syncs.
sync_races=0
for _ in $(seq 20); do
	make -s -C "$HU_BUILDDIR" papi-sync >"$root/sync1.log" 2>&1 &
	s1=$!
	make -s -C "$HU_BUILDDIR" papi-sync >"$root/sync2.log" 2>&1 &
	s2=$!
	wait "$s1" || sync_races=$((sync_races + 1))
	wait "$s2" || sync_races=$((sync_races + 1))
done
papi_mk=$(sed -n 's/^PAPI_SRC = //p' "$HU_BUILDDIR/Makefile")
srcs_mk=$papi_mk/src/components/hisi_uncore/sources.mk
if [ "$sync_races" = 0 ] && grep -q '^HISI_UNCORE_SRCS = hisi_uncore.c .*catalogue.c' "$srcs_mk" &&
	! ls "$srcs_mk".* >/dev/null 2>&1; then
	pass papi_sync_concurrent
else
	fail papi_sync_concurrent "$sync_races of 40 syncs failed ($(head -c 300 "$root/sync1.log" "$root/sync2.log"))"
fi
finish papi
