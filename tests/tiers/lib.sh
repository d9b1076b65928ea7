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

# counted NAME CMD...: run CMD, showing its output, and add the counts of
# its last "N passed, N failed" line; a run that gives none fails NAME.
counted() {
	local name=$1 log line p f
	shift
	log=$(mktemp)
	"$@" 2>&1 | tee "$log"
	line=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
	rm -f "$log"
	if [ -z "$line" ]; then
		fail "$name" "$* gave no count"
		return
	fi
	p=$(sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed$/\2/' <<<"$line")
	f=$(sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed$/\3/' <<<"$line")
	passed=$((passed + p))
	failed=$((failed + f))
}
