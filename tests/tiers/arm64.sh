#!/usr/bin/env bash
# arm64 tier: cross-build, qemu-user byte-for-byte listing and encoding, and
# one arm64 guest running the unit, papi, emulator and e2e checks
# (tests/arm64/run.sh).
exec "$HU_SRCDIR/tests/arm64/run.sh"
