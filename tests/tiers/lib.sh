# shellcheck shell=bash
# Helpers for shell tiers: PASS/FAIL lines and the closing count.
passed=0
failed=0

pass() {
	echo "PASS $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1${2:+: $2}"
	failed=$((failed + 1))
}

# check NAME CMD...: PASS if CMD exits 0
check() {
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name"; fi
}

finish() {
	echo "$1: $passed passed, $failed failed"
	[ "$failed" = 0 ]
}
