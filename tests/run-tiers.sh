#!/usr/bin/env bash
# Run every test tier and print a closing "N passed, N failed".
#
# Environment (set by build.sh check or make check):
#   HU_SRCDIR    the source tree
#   HU_BUILDDIR  the configured build tree (tools and test programs)
#   HU_PREFIX    the install prefix (PAPI utilities)
#   HU_PAPI_SRC  the PAPI source tree built with the component
#   HU_TIERS     optional space-separated subset of tiers to run
#   HU_GUESTS    how many x86_64 guests at once (default: the host's CPUs);
#                1 runs every tier one after the other
#
# Each tier prints PASS/FAIL lines and ends with "<tier>: N passed, N failed".
# With two CPUs or more, the tiers that boot x86_64 guests (a TCG guest keeps
# one host CPU busy) run as a lane beside the others, their output shown
# whole once done; bench runs last, alone, as it measures.
set -u
: "${HU_SRCDIR:?}" "${HU_BUILDDIR:?}" "${HU_PREFIX:?}"
tiers_dir=$HU_SRCDIR/tests/tiers
. "$tiers_dir/lib.sh"	# count_line, guests_at_once
all_tiers="unit tables oracle papi build threads badinput sysfs security tools clang fuzz libpfm4 emulator witness e2e-real e2e pcp arm64 bench"
guest_tiers="emulator witness e2e-real e2e pcp"
last_tiers="bench"
selected=${HU_TIERS:-$all_tiers}
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# run_tier TIER: its output in $results/TIER.log (and on stdout unless
# quiet), "exit-status seconds" in $results/TIER.done
run_tier() {
	local tier=$1 quiet=${2:-} t0=$SECONDS rc
	if [ -n "$quiet" ]; then
		"$tiers_dir/$tier.sh" >"$results/$tier.log" 2>&1
		rc=$?
	else
		echo "=== tier $tier"
		"$tiers_dir/$tier.sh" 2>&1 | tee "$results/$tier.log"
		rc=${PIPESTATUS[0]}
	fi
	echo "$rc $((SECONDS - t0))" >"$results/$tier.done"
}

# run_lane TIER...: one after the other, quietly, saying when each is done
run_lane() {
	local tier counts
	for tier in "$@"; do
		run_tier "$tier" quiet
		counts=$(count_line "$results/$tier.log")
		[ -n "$counts" ] && counts="${counts/ / passed, } failed" || counts="no summary line"
		echo "=== tier $tier done beside the others: $counts ($(cut -d' ' -f2 "$results/$tier.done") s)"
	done
}

in_list() {
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}

# The selected tiers: a lane of those that boot guests beside the others
# when the host can, then the last ones.
lane="" rest="" last=""
for t in $selected; do
	if in_list "$t" "$last_tiers"; then
		last="$last $t"
	elif in_list "$t" "$guest_tiers"; then
		lane="$lane $t"
	else
		rest="$rest $t"
	fi
done
if [ "$(guests_at_once)" -ge 2 ] && [ -n "$lane" ] && [ -n "$rest" ]; then
	echo "=== tiers$lane run beside the others (their output follows once done)"
	# shellcheck disable=SC2086 # a list of tiers
	run_lane $lane </dev/null &
	lane_pid=$!
	for t in $rest; do run_tier "$t"; done
	wait "$lane_pid"
	for t in $lane; do
		echo "=== tier $t (ran beside the others)"
		cat "$results/$t.log"
	done
	for t in $last; do run_tier "$t"; done
else
	for t in $selected; do run_tier "$t"; done
fi

# The summary, in the order the tiers were selected.
total_pass=0 total_fail=0
summary="" failures=""
for tier in $selected; do
	log=$results/$tier.log
	read -r rc secs <"$results/$tier.done"
	counts=$(count_line "$log")
	# Failing checks again under the summary: CI keeps only an output's tail.
	while IFS= read -r fline; do
		failures="$failures  $tier: $fline"$'\n'
	done < <(grep -E '^[[:space:]]*FAIL|\.\.\.FAILED' "$log" | head -n 30)
	if [ -z "$counts" ]; then
		pass=0 fail=1
		failures="$failures  $tier: exited $rc without a summary line"$'\n'
	else
		read -r pass fail <<<"$counts"
		if [ "$rc" != 0 ] && [ "$fail" = 0 ]; then
			fail=1
			failures="$failures  $tier: exited $rc"$'\n'
		fi
	fi
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
	summary="$summary$(printf '  %-8s %4d passed, %d failed  (%d s)' "$tier" "$pass" "$fail" "$secs")"$'\n'
done
echo "=== summary"
printf '%s' "$summary"
if [ -n "$failures" ]; then
	echo "=== failing checks"
	printf '%s' "$failures"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
