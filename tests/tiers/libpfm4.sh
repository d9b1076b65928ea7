#!/usr/bin/env bash
# libpfm4 tier: apply our PMU models to a fresh Debian libpfm4 4.13 source,
# build it for arm64 (make ARCH=aarch64) on this host and run tests/validate
# with our vectors (pfmlib_events/libpfm4/test.sh).
set -u
exec "$HU_SRCDIR/pfmlib_events/libpfm4/test.sh" "$HU_BUILDDIR/libpfm4-test"
