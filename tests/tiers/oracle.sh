#!/usr/bin/env bash
# Differential tier: our encoder against perf's (see tests/oracle/run.sh).
exec "$HU_SRCDIR/tests/oracle/run.sh" "$HU_BUILDDIR/hisi-uncore-attr"
