#!/usr/bin/env bash
# Bench tier: the benchmarks build and run one short iteration each (a
# benchmark is not a test: targets are reported, not asserted).
exec "$HU_SRCDIR/bench/run.sh" --quick
