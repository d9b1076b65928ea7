#!/usr/bin/env bash
# PAPI tier: the component inside libpapi, on the fixture PMUs plus the
# machine's real msr and software PMUs.
set -u
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
make_fake_sysfs "$root/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
SYSFS_PATH=$root/sys HISI_UNCORE_EXTRA_PMUS=msr,software "$HU_BUILDDIR/tests/papi/test_papi"
