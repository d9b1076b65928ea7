#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# PAPI's own tests (ctests, components/*/tests) in the guest; guest.sh runs
# them with hisi_uncore active and again with the emulator module unloaded,
# then compares (tests/e2e/papi-tests.list says which and why).
#
# usage: papi-tests.sh run PAPI_SRC LIST OUT
#            run every test of LIST from PAPI_SRC/src; "TEST VERDICT" lines to OUT
#        papi-tests.sh compare LIST WITH WITHOUT
#            one "PASS papi_test_<name>" or "FAIL papi_test_<name>: <why>" per test
#
# A verdict is what the test printed last of PASSED, FAILED and SKIPPED
# (PAPI's testlib), or from its exit: TIMEOUT, SIGNAL<n>, EXIT<n> (a verdict
# with a non-zero exit), PASSED (exit 0, nothing printed: Fortran tests).
# Each test runs in a scratch directory (the host tree is read-only here) and
# is killed after 60 s: under TCG one takes about a second.

# The verdict of output $1 and exit status $2.
verdict() {
	local rest=$1 rc=$2 v=""
	while [[ $rest =~ (PASSED|FAILED|SKIPPED)(.*) ]]; do
		v=${BASH_REMATCH[1]}
		rest=${BASH_REMATCH[2]}
	done
	if [ "$rc" = 124 ]; then
		v=TIMEOUT
	elif [ "$rc" -gt 128 ]; then
		v=SIGNAL$((rc - 128))
	elif [ "$rc" != 0 ] && [ "$v" != FAILED ]; then
		v=EXIT$rc${v:+-$v}
	fi
	echo "${v:-PASSED}"
}

# Tests of LIST, one "PATH RULE" per line.
tests_of() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$1"
}

run_all() {
	local papi=$1 list=$2 out=$3 work t rule o rc
	work=$(mktemp -d /tmp/papi-tests.XXXXXX)
	: >"$out"
	while read -r t rule; do
		if [ ! -x "$papi/src/$t" ]; then
			echo "$t NOT-BUILT" >>"$out"
			continue
		fi
		o=$(cd "$work" && timeout 60 "$papi/src/$t" TESTS_QUIET 2>&1)
		rc=$?
		echo "$t $(verdict "$o" "$rc")" >>"$out"
	done <<<"$(tests_of "$list")"
	rm -rf "$work"
}

# The verdict of TEST in run file FILE.
verdict_in() {
	local t v
	while read -r t v; do
		[ "$t" = "$1" ] && { echo "$v"; return; }
	done <"$2"
	echo MISSING
}

compare() {
	local list=$1 with=$2 without=$3 t rule a b name n=0
	while read -r t rule; do
		n=$((n + 1))
		name=papi_test_${t##*/}
		a=$(verdict_in "$t" "$with")
		b=$(verdict_in "$t" "$without")
		case $rule:$a:$b in
		*:NOT-BUILT:* | *:MISSING:*)
			echo "FAIL $name: $a (build PAPI's tests: make -C PAPI_SRC/src)" ;;
		same:"$b":*)
			echo "PASS ${name}_same_verdict ($a)" ;;
		same:*)
			echo "FAIL ${name}_same_verdict: $a with hisi_uncore, $b without" ;;
		gains:PASSED:*)
			echo "PASS ${name}_passes_with_hisi_uncore (without: $b)" ;;
		*)
			echo "FAIL ${name}_passes_with_hisi_uncore: $a with hisi_uncore, $b without" ;;
		esac
	done <<<"$(tests_of "$list")"
	[ "$n" -gt 0 ] || echo "FAIL papi_tests_listed: no test in $list"
}

case ${1:-} in
run) run_all "$2" "$3" "$4" ;;
compare) compare "$2" "$3" "$4" ;;
*) echo "usage: papi-tests.sh run PAPI_SRC LIST OUT | compare LIST WITH WITHOUT" >&2; exit 2 ;;
esac
