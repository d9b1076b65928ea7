#!/usr/bin/env bash
# End-to-end tier: the component, perf and PAPI clients against the emulated
# Hip09 PMUs under QEMU, with injected traffic of known size (tests/e2e/run.sh).
exec "$HU_SRCDIR/tests/e2e/run.sh"
