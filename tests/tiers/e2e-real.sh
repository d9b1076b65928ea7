#!/usr/bin/env bash
# End-to-end against the kernel's own drivers: the e2e checks whose answer
# is the driver's (counts, metrics, filters, groups, refusals, other users,
# hisi-uncore-stat, a reload, CPU hotplug, perf holding counters, a counter
# that wraps and the driver's interrupt handler), with
# Debian's hisi_pcie_pmu and hns3_pmu driving the emulated devices in place
# of the transcription (vm-run --driver, emulator/README.md):
#   6.12  everything the e2e tier's default era runs, on a 6.12 kernel;
#   6.1   the component's suites with Debian 12's 6.1.y expectations (its
#         events, payload-only counts, one counter per event code, no
#         len_mode or bdf_min), hisi-uncore-stat on those events (reads for
#         writes, root ports refused, two devices multiplexed), its era
#         checks, a reload and a counter wrap;
#   newest  sid's kernel (its drivers are 6.12's, its perf core newer): the
#         component's suites, hisi-uncore-stat, a reload, and a driver
#         unbound while counting (the perf core revokes the events).
# The three guests run side by side, as many at once as the host has CPUs
# (lib.sh's run_queued). Checks of PAPI's clients alone (high-level API,
# command line, MPI, the lock traps, PAPI's own tests) stay in the e2e tier.
. "$HU_SRCDIR/tests/tiers/lib.sh"

# e2e DRIVER TEST...: tests/e2e/guest.sh's TESTs with the DRIVER drivers,
# its test programs built apart, for the guests run side by side
e2e() {
	local d=$1
	shift
	E2E_TESTS="$*" HU_E2E_BUILD=$HU_SRCDIR/_build/e2e-driver$d "$HU_SRCDIR/tests/e2e/run.sh" \
		--driver "$d" 2>&1 | sed -E "s/^(PASS|FAIL|SKIP) /\1 driver$d /"
}
driver() {
	queued "driver$1" e2e "$@"
}
driver 6.12 papi_suites test_stat test_skipped test_shared_bus test_reload test_hw_time test_overflow \
	test_hotplug test_perf_stat_holder
driver 6.1 papi_suites test_stat test_eras test_stat_payload_only test_reload test_overflow
driver newest papi_suites test_stat test_reload test_revoked test_overflow
run_queued
finish e2e-real
