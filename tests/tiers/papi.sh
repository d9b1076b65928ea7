#!/usr/bin/env bash
# PAPI tier: the component inside libpapi, on the fixture PMUs plus the
# machine's real msr and software PMUs.
set -u
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
make_fake_sysfs "$root/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
# Under valgrind when it is installed: a memory error or a leak fails the tier
# (PAPI's own leaks are suppressed, tests/papi/papi.supp).
vg=()
command -v valgrind >/dev/null && vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite
	--suppressions="$HU_SRCDIR/tests/papi/papi.supp" --error-exitcode=9)
SYSFS_PATH=$root/sys HISI_UNCORE_EXTRA_PMUS=msr,software "${vg[@]}" "$HU_BUILDDIR/tests/papi/test_papi"
