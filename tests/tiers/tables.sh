#!/usr/bin/env bash
# Tables tier: consistency of the event knowledge in pfmlib_events/.
set -u
bin=$HU_BUILDDIR/pfmlib_events/tests/test_tables
[ -x "$bin" ] || { echo "tables: test_tables not built"; echo "tables: 0 passed, 1 failed"; exit 1; }
# Cross-checked against the reference JSON transcribed from the drivers (in the tree).
exec "$bin" "$HU_SRCDIR/tests/fixtures/hip09-pmu-events.json"
