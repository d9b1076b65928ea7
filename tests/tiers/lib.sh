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

# count_line FILE: "P F" from FILE's last "P passed, F failed" line, or
# nothing when it has none (tests/run-tiers.sh too)
count_line() {
	grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1 |
		sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed$/\2 \3/'
}

# counted NAME CMD...: run CMD, showing its output, and add the counts of
# its last "N passed, N failed" line; a run that gives none fails NAME.
counted() {
	local name=$1 log counts p f
	shift
	log=$(mktemp)
	"$@" 2>&1 | tee "$log"
	counts=$(count_line "$log")
	rm -f "$log"
	if [ -z "$counts" ]; then
		fail "$name" "$* gave no count"
		return
	fi
	read -r p f <<<"$counts"
	passed=$((passed + p))
	failed=$((failed + f))
}
