#!/usr/bin/env bash
# Run every test tier and print a closing "N passed, N failed".
#
# Environment (set by build.sh check or make check):
#   HU_SRCDIR    the source tree
#   HU_BUILDDIR  the configured build tree (tools and test programs)
#   HU_PREFIX    the install prefix (PAPI utilities)
#   HU_PAPI_SRC  the PAPI source tree built with the component
#   HU_TIERS     optional space-separated subset of tiers to run
#
# Each tier prints PASS/FAIL lines and ends with "<tier>: N passed, N failed".
set -u
: "${HU_SRCDIR:?}" "${HU_BUILDDIR:?}" "${HU_PREFIX:?}"
tiers_dir=$HU_SRCDIR/tests/tiers
. "$tiers_dir/lib.sh"	# count_line
all_tiers="unit tables oracle papi build threads badinput sysfs security tools clang fuzz libpfm4 emulator witness e2e-real e2e pcp arm64 bench"
selected=${HU_TIERS:-$all_tiers}
total_pass=0 total_fail=0
summary="" failures=""

run_tier() {
	local tier=$1 log counts pass fail rc fline
	log=$(mktemp)
	echo "=== tier $tier"
	"$tiers_dir/$tier.sh" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	counts=$(count_line "$log")
	# Failing checks again under the summary: CI keeps only an output's tail.
	while IFS= read -r fline; do
		failures="$failures  $tier: $fline"$'\n'
	done < <(grep -E '^[[:space:]]*FAIL|\.\.\.FAILED' "$log" | head -n 30)
	rm -f "$log"
	if [ -z "$counts" ]; then
		pass=0 fail=1
		echo "FAIL tier $tier: exited $rc without a summary line"
		failures="$failures  $tier: exited $rc without a summary line"$'\n'
	else
		read -r pass fail <<<"$counts"
		if [ "$rc" != 0 ] && [ "$fail" = 0 ]; then
			fail=1
			echo "FAIL tier $tier: exited $rc"
			failures="$failures  $tier: exited $rc"$'\n'
		fi
	fi
	total_pass=$((total_pass + pass))
	total_fail=$((total_fail + fail))
	summary="$summary$(printf '  %-8s %4d passed, %d failed' "$tier" "$pass" "$fail")"$'\n'
}

for t in $selected; do
	run_tier "$t"
done
echo "=== summary"
printf '%s' "$summary"
if [ -n "$failures" ]; then
	echo "=== failing checks"
	printf '%s' "$failures"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
