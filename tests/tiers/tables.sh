#!/usr/bin/env bash
# Tables tier: consistency of the event knowledge in pfmlib_events/.
set -u
bin=$HU_BUILDDIR/pfmlib_events/tests/test_tables
[ -x "$bin" ] || { echo "tables: test_tables not built"; echo "tables: 0 passed, 1 failed"; exit 1; }
# With the project's reference JSON beside the tree (as in CI), cross-check it too.
json=$HU_SRCDIR/../shared/reference/hip09-pmu-events.json
[ -f "$json" ] && exec "$bin" "$json"
exec "$bin"
