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

# add_counts NAME LOG WHAT: add the counts of LOG's last "N passed, N
# failed" line; a LOG with none fails NAME, saying "WHAT gave no count"
add_counts() {
	local counts p f
	counts=$(count_line "$2")
	if [ -z "$counts" ]; then
		fail "$1" "$3 gave no count"
		return
	fi
	read -r p f <<<"$counts"
	passed=$((passed + p))
	failed=$((failed + f))
}

# counted NAME CMD...: run CMD, showing its output, and add its counts
# (add_counts)
counted() {
	local name=$1 log
	shift
	log=$(mktemp)
	"$@" 2>&1 | tee "$log"
	add_counts "$name" "$log" "$*"
	rm -f "$log"
}

# Guests side by side: an x86_64 TCG guest runs on one host CPU, so as
# many at once as the host has CPUs (HU_GUESTS overrides).
guests_at_once() {
	local n=${HU_GUESTS:-$(nproc 2>/dev/null || echo 1)}
	case $n in '' | *[!0-9]* | 0) n=1 ;; esac
	echo "$n"
}

# queued NAME CMD...: counted NAME CMD... later, by run_queued
queued_names=()
queued_cmds=()
queued() {
	queued_names+=("$1")
	shift
	queued_cmds+=("$(printf '%q ' "$@")")
}

# run_queued: the queued commands, guests_at_once() of them at a time,
# each one's output shown whole and counted in the order they were
# queued (as counted does), once all are done.
run_queued() {
	local dir i n=${#queued_names[@]} at_once running=0
	at_once=$(guests_at_once)
	dir=$(mktemp -d)
	for ((i = 0; i < n; i++)); do
		if [ "$running" -ge "$at_once" ]; then
			wait -n
			running=$((running - 1))
		fi
		(eval "${queued_cmds[i]}") >"$dir/$i.log" 2>&1 &
		running=$((running + 1))
	done
	wait
	for ((i = 0; i < n; i++)); do
		cat "$dir/$i.log"
		add_counts "${queued_names[i]}" "$dir/$i.log" "${queued_cmds[i]% }"
	done
	rm -rf "$dir"
	queued_names=()
	queued_cmds=()
}
