#!/usr/bin/env bash
# Differential tier: hisi-uncore-attr against the unmodified perf tool.
#
#   tests/oracle/run.sh HISI_UNCORE_ATTR [VECTORS]
#
# perf reads the fixture PMUs through SYSFS_PATH and prints the attr it
# would open (perf stat -vv); its open then fails (fake type), which does not
# matter: this tier checks encoding, not acceptance.  Prints one PASS/FAIL
# line per vector and a closing "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
attr_tool=$1
vectors=${2:-$here/vectors.txt}
# shellcheck source=../lib/fake-sysfs.sh
. "$here/../lib/fake-sysfs.sh"

command -v perf >/dev/null || { echo "oracle: perf not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_fake_sysfs "$work/sys" "$here"/../fixtures/sysfs/bus/event_source/devices/*

# perf's attr for one event string as "type=.. config=.. config1=.. config2=..",
# or "ERROR" when perf refused the string before opening anything.
perf_attr() {
	SYSFS_PATH="$work/sys" perf stat -vv -a -e "$1" true 2>&1 | awk '
		/^perf_event_attr:/ { inblk = 1; found = 1; next }
		inblk && /^-+$/     { exit }
		inblk {
			val = $NF
			if ($1 == "type") t = val
			else if ($1 == "config") c0 = val
			else if ($0 ~ /config1/) c1 = val
			else if ($0 ~ /config2/) c2 = val
		}
		END {
			if (!found) { print "ERROR"; exit }
			printf "type=%s config=%s config1=%s config2=%s\n", t, \
				(c0 == "" ? "0x0" : c0), (c1 == "" ? "0x0" : c1), (c2 == "" ? "0x0" : c2)
		}'
}

# pmu/a,b=c/ -> pmu::a:b=c
to_component_name() {
	local s=${1%/}
	s=${s/\//::}
	echo "${s//,/:}"
}

our_attr() {
	local out
	out=$(SYSFS_PATH="$work/sys" "$attr_tool" --encode-only "$1" 2>&1)
	case $out in
	*" error: "*) echo "ERROR" ;;
	*) echo "${out#"$1" }" ;;
	esac
}

passed=0 failed=0
while IFS= read -r line; do
	case $line in '' | '#'*) continue ;; esac
	want_reject=0
	if [ "${line:0:1}" = "!" ]; then
		want_reject=1
		line=${line:1}
	fi
	name=$(to_component_name "$line")
	theirs=$(perf_attr "$line")
	ours=$(our_attr "$name")
	if [ "$want_reject" = 1 ] && [ "$theirs" != ERROR ]; then
		echo "FAIL $line: perf accepted a vector marked as a rejection: $theirs"
		failed=$((failed + 1))
	elif [ "$theirs" = "$ours" ]; then
		echo "PASS $line -> $ours"
		passed=$((passed + 1))
	else
		echo "FAIL $line: perf: $theirs; hisi-uncore-attr: $ours"
		failed=$((failed + 1))
	fi
done <"$vectors"
echo "oracle: $passed passed, $failed failed"
[ "$failed" = 0 ]
