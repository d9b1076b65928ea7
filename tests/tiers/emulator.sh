#!/usr/bin/env bash
# Emulator tier: the emulated Hip09 PMUs behave as the kernel drivers do
# (sysfs byte for byte, counts, errnos, groups, eras); see emulator/README.md.
exec "$HU_SRCDIR/emulator/tests/run-e2e.sh"
