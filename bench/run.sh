#!/usr/bin/env bash
# bench/run.sh [--quick] [--icount] [--read-path] [--arch ARCH] - the
# benchmarks of issues #6 and #15 (doc/performance.md).
#
# Builds the benchmark programs into _build/bench/ with plain gcc against
# the static PAPI of ./build.sh build, then runs
#   1, 3, 4  read path, allocations, start/stop: inside one emulator/vm-run
#            boot (PCIe 0:0,0:1,1:0,1:1, HNS3 0,1);
#   5        the PCP agent's fetch against the same perf groups read by
#            hand, and its memory: a second boot with 80 PMUs (40 a family,
#            issue #28's count; bench/pcp_fetch.c);
#   2, 3     start-up, listing and resident memory at 1, 16 and 80
#            instances: on the host over generated sysfs trees (SYSFS_PATH).
# Prints the tables, then one summary line per target ("target NAME:
# VERDICT (...)") and "bench: N passed, N failed", where a pass is a
# benchmark that ran and produced numbers.  Exit status 0 when every
# benchmark ran, whatever the targets say.  The read-path targets are
# judged on the median of per-round ratios with a 95% confidence interval:
# met, not met, inconclusive (the interval straddles the bound) or suspect
# (the interval says hisi_uncore beats the hand-written floor: a benchmark
# bug).
#
# --quick:     one short iteration of each (for ./build.sh check, < 90 s);
#              its verdicts are not meaningful.
# --icount:    boot the emulator with QEMU's instruction counting
#              (-icount shift=0,sleep=off): guest time becomes a function of
#              the instructions executed, so the read-path figures repeat
#              from run to run (also BENCH_ICOUNT=1).  An x86_64 guest gets
#              one vCPU (QEMU 7.2's icount never brings up a second), so
#              the reader-on-another-CPU pass is skipped; an arm64 guest
#              keeps two.
# --arch ARCH: the emulator part in an ARCH guest (emulator/vm-run --arch;
#              also BENCH_ARCH): read_path is built against that build of
#              PAPI (./build.sh --arch=ARCH build); the host part is native.
# --read-path: run only the part inside the emulator (1, 3, 4, 5).
# Environment: BENCH_RUNS (process runs per host measurement, default 11),
# BENCH_BATCHES and BENCH_CALLS (read_path -b and -n: rounds, and calls per
# batch with the reader on the PMUs' CPU; defaults 60 and 300).
# BENCH_RESULTS (the directory of the raw outputs, default _build/bench/results).
set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$top/_build/bench
papi=$top/_build/cache/papi/src
bin=$top/_install/bin
quick=0
icount=${BENCH_ICOUNT:-0}
read_only=0
arch=${BENCH_ARCH:-}
usage() { echo "usage: $0 [--quick] [--icount] [--read-path] [--arch x86_64|arm64]" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--icount) icount=1 ;;
	--read-path) read_only=1 ;;
	--arch=*) arch=${1#--arch=} ;;
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift ;;
	*) usage ;;
	esac
	shift
done
# GUEST_ARCH, GUEST_CC, GUEST_SUFFIX of the emulator's guest
[ -z "$arch" ] || export HIP09_EMU_ARCH=$arch
. "$top/emulator/tests/guest-cc.sh"
if [ -n "$GUEST_SUFFIX" ]; then
	guest_papi=$top/_build/$GUEST_ARCH/papi/src
	guest_obj=$top/_build/$GUEST_ARCH/obj
	guest_bin=$top/_build/$GUEST_ARCH/install/bin
	guest_build="./build.sh --arch=$GUEST_ARCH build"
else
	guest_papi=$papi guest_obj=$top/_build/obj guest_bin=$bin guest_build="./build.sh build"
fi

say() { printf 'bench: %s\n' "$*" >&2; }
passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); say "FAILED: $*"; }

# ---- build -------------------------------------------------------------------

# have_build PAPI_SRC OBJ BIN: the static PAPI, the component library, the tools
have_build() {
	[ -f "$1/libpapi.a" ] && [ -f "$2/libhucore.a" ] && [ -x "$3/papi_native_avail" ] &&
		[ -x "$3/hisi-uncore-attr" ]
}
have_build "$guest_papi" "$guest_obj" "$guest_bin" || {
	say "no PAPI build for $GUEST_ARCH: run $guest_build first"
	exit 1
}
[ "$read_only" = 1 ] || have_build "$papi" "$top/_build/obj" "$bin" || {
	say "no PAPI build: run ./build.sh build first"
	exit 1
}
mkdir -p "$out"
cflags=(-std=c11 -Wall -Wextra -Werror -O2 -I"$top/bench")
build() { # CC PAPI_SRC name sources...
	local cc=$1 p=$2 name=$3
	shift 3
	"$cc" "${cflags[@]}" -I"$p" -o "$out/$name" "$@" "$p/libpapi.a" -ldl -lpthread -lm ||
		{ say "cannot build $name"; exit 1; }
}
say "building into $out"
read_path=read_path$GUEST_SUFFIX
build "$GUEST_CC" "$guest_papi" "$read_path" -I"$top/components/hisi_uncore" -I"$top/pfmlib_events" \
	"$top/bench/read_path.c" "$top/bench/alloc_count.c" "$guest_obj/libhucore.a"
pcp_fetch=pcp_fetch$GUEST_SUFFIX
"$GUEST_CC" "${cflags[@]}" -I"$top/components/hisi_uncore" -I"$top/pfmlib_events" -I"$top/pcp" \
	-o "$out/$pcp_fetch" "$top/bench/pcp_fetch.c" "$top/pcp/hisi_agent.c" "$guest_obj/libhucore.a" \
	-lpthread -lm || { say "cannot build $pcp_fetch"; exit 1; }
if [ "$read_only" != 1 ]; then
	build gcc "$papi" enum_init "$top/bench/enum_init.c"
	gcc "${cflags[@]}" -o "$out/timecmd" "$top/bench/timecmd.c" || { say "cannot build timecmd"; exit 1; }
fi

results=${BENCH_RESULTS:-$out/results}
rm -rf "$results"
mkdir -p "$results"

# ---- 1, 3, 4: inside the emulated Hip09 ----------------------------------------

say "read path, allocations, start/stop: emulator/vm-run (one boot)"
read_args=(--attr "$guest_bin/hisi-uncore-attr")
[ -n "${BENCH_BATCHES:-}" ] && read_args+=(-b "$BENCH_BATCHES")
[ -n "${BENCH_CALLS:-}" ] && read_args+=(-n "$BENCH_CALLS")
[ "$quick" = 1 ] && read_args+=(--quick)
# shellcheck disable=SC2054 # option values are comma-separated
vm_args=(--arch "$GUEST_ARCH" --pcie 0:0,0:1,1:0,1:1 --hns3 0,1 --timeout 900)
if [ "$icount" = 1 ]; then
	# one instruction = 1 ns of guest time; idle time skipped. An x86_64
	# guest gets one vCPU: with two, QEMU 7.2's icount (single-threaded
	# round-robin TCG) never gets the kernel past "Booting SMP
	# configuration", so the reader on another CPU is not measured there
	# (doc/performance.md). An arm64 guest boots both.
	vm_args+=(--qemu-arg -icount --qemu-arg shift=0,sleep=off)
	[ "$GUEST_ARCH" = arm64 ] || vm_args+=(--smp 1)
	read_args+=(--icount)
	say "QEMU -icount shift=0,sleep=off: guest time counts instructions"
fi
say "guest: $GUEST_ARCH"
"$top/emulator/vm-run" "${vm_args[@]}" -- \
	"$out/$read_path" "${read_args[@]}" >"$results/read_path.txt" 2>"$results/read_path.err"
rc=$?
grep -v '^target \|^read_path: [0-9]* passed' "$results/read_path.txt"
grep '^target ' "$results/read_path.txt" >>"$results/targets.txt"
if line=$(grep '^read_path: [0-9]* passed' "$results/read_path.txt"); then
	p=$(echo "$line" | awk '{print $2}')
	f=$(echo "$line" | awk '{print $4}')
	passed=$((passed + p)) failed=$((failed + f))
else
	fail "read_path did not finish (vm-run status $rc): $(tail -3 "$results/read_path.err" | tr '\n' ' ')"
fi

# ---- 5: the PCP agent's fetch, inside the emulated Hip09 ---------------------------

# 80 PMUs (40 a family: PCIe SICLs 0-19 with two cores each, HNS3 0-39),
# with the guest's root ports and NIC functions, and the same icount mode
# as the read path.
pcie40=$(for s in $(seq 0 19); do printf '%s:0,%s:1,' "$s" "$s"; done)
hns40=$(seq -s, 0 39)
pcp_args=(-b "${BENCH_BATCHES:-60}" -n 50)
[ "$quick" = 1 ] && pcp_args=(--quick)
say "the PCP agent's fetch at 80 PMUs: emulator/vm-run (one boot)"
"$top/emulator/vm-run" "${vm_args[@]}" --pcie "${pcie40%,}" --hns3 "$hns40" -- \
	"$out/$pcp_fetch" "${pcp_args[@]}" --label "$GUEST_ARCH$([ "$icount" = 1 ] && echo ", icount")" \
	>"$results/pcp_fetch.txt" 2>"$results/pcp_fetch.err"
rc=$?
grep -v '^target \|^pcp_fetch: [0-9]* passed' "$results/pcp_fetch.txt"
grep '^target ' "$results/pcp_fetch.txt" >>"$results/targets.txt"
if line=$(grep '^pcp_fetch: [0-9]* passed' "$results/pcp_fetch.txt"); then
	passed=$((passed + $(awk '{print $2}' <<<"$line"))) failed=$((failed + $(awk '{print $4}' <<<"$line")))
else
	fail "pcp_fetch did not finish (vm-run status $rc): $(tail -3 "$results/pcp_fetch.err" | tr '\n' ' ')"
fi

# ---- 2, 3: start-up, listing, memory on the host ----------------------------------

summary() {
	echo
	echo "summary"
	cat "$results/targets.txt" 2>/dev/null
	echo "bench: $passed passed, $failed failed"
	[ "$failed" = 0 ]
}
if [ "$read_only" = 1 ]; then
	summary
	exit
fi

runs=${BENCH_RUNS:-11}
sizes="1:1:0 16:13:3 80:64:16"
if [ "$quick" = 1 ]; then
	runs=1
	sizes="1:1:0 80:64:16"
fi

median() { sort -n | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# PAPI_library_init with the component on and off, alternating process by
# process so that a change of the host's load hits both alike: per pair the
# difference on - off (ms), one per line, after one warm-up pair.
init_pairs() {
	local i on off
	for ((i = 0; i < runs + 1; i++)); do
		on=$(SYSFS_PATH=$1 "$out/enum_init" init on | awk '/^init_ns/ {print $2 / 1e6}')
		off=$(SYSFS_PATH=$1 "$out/enum_init" init off | awk '/^init_ns/ {print $2 / 1e6}')
		[ "$i" = 0 ] || echo "$on $off"
	done
}

# "median lo hi" of the numbers on stdin: the median and its 95% interval by
# order statistics (bench_ci_rank() in bench_util.h; lo = hi = median when
# there are too few numbers for one)
median_ci() {
	sort -g | awk '{ v[NR] = $1 }
	END {
		n = NR; p = 0.5 ^ n; cdf = 0; k = 0
		for (i = 0; i < int(n / 2); i++) { cdf += p; if (2 * cdf > 0.05) break; k = i + 1; p = p * (n - i) / (i + 1) }
		m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
		printf "%.2f %.2f %.2f\n", m, k ? v[k] : m, k ? v[n + 1 - k] : m
	}'
}

# median PAPI_library_init time in ms over $runs processes: init_ms TREE on|off
init_ms() {
	local i
	for ((i = 0; i < runs + 1; i++)); do
		SYSFS_PATH=$1 "$out/enum_init" init "$2" | awk '/^init_ns/ {print $2 / 1e6}'
	done | tail -n "$runs" | median
}

# median wall time of a command in ms: cmd_ms TREE CMD...
cmd_ms() {
	local tree=$1
	shift
	SYSFS_PATH=$tree "$out/timecmd" "$runs" "$@" | awk '{print $2}'
}

say "start-up and listing on the host ($runs runs per figure)"
empty=$out/sysfs-0
"$top/bench/gen-sysfs.sh" "$empty" 0 0
base_init=$(init_ms "$empty" on)
enum_table=$results/enum.txt
{
	echo
	echo "start-up and listing (host, medians of $runs processes, ms)"
	printf '  %9s %5s %5s %10s %10s %9s %12s %13s %10s %11s\n' instances PCIe HNS3 \
		"init on" "init off" "added" "added/inst" "native_avail" "perf list" "avail/perf"
} >"$enum_table"
for s in $sizes; do
	IFS=: read -r n np nh <<<"$s"
	tree=$out/sysfs-$n
	"$top/bench/gen-sysfs.sh" "$tree" "$np" "$nh"
	pairs=$(init_pairs "$tree")
	on=$(awk '{print $1}' <<<"$pairs" | median)
	off=$(awk '{print $2}' <<<"$pairs" | median)
	read -r added added_lo added_hi < <(awk '{print $1 - $2}' <<<"$pairs" | median_ci)
	avail=$(cmd_ms "$tree" "$bin/papi_native_avail")
	plist=$(cmd_ms "$tree" perf list)
	if [ -z "$on" ] || [ -z "$off" ] || [ -z "$avail" ] || [ -z "$plist" ]; then
		fail "start-up/listing at $n instances"
		continue
	fi
	hl=$(SYSFS_PATH=$tree "$out/enum_init" list hisi_uncore)
	sl=$(SYSFS_PATH=$tree "$out/enum_init" list perf_event_uncore)
	printf '  %9s  listing alone (PAPI_enum_cmp_event + PAPI_get_event_info, one process each): hisi_uncore %s entries %.1f ms, perf_event_uncore %s entries %.1f ms\n' \
		"$n" "$(echo "$hl" | awk '{print $4}')" "$(echo "$hl" | awk '{print $2 / 1e6}')" \
		"$(echo "$sl" | awk '{print $4}')" "$(echo "$sl" | awk '{print $2 / 1e6}')" >>"$enum_table.list"
	pass
	printf '  %9s %5s %5s %10.2f %10.2f %9.2f %12.3f %13.1f %10.1f %10.2fx\n' "$n" "$np" "$nh" \
		"$on" "$off" "$added" "$(awk -v a="$added" -v n="$n" 'BEGIN {print a / n}')" \
		"$avail" "$plist" "$(awk -v a="$avail" -v p="$plist" 'BEGIN {print a / p}')" >>"$enum_table"
	if [ "$n" = 80 ]; then
		{
			m=inconclusive
			awk -v h="$added_hi" 'BEGIN {exit !(h < 20)}' && m=met
			awk -v l="$added_lo" 'BEGIN {exit !(l >= 20)}' && m="not met"
			echo "target hisi_uncore adds < 20 ms to PAPI_library_init [80 instances]: $m (median $added ms, 95% CI [$added_lo, $added_hi] over $runs on/off pairs, bound < 20 ms)"
			echo "report full papi_native_avail vs perf list [80 instances]: $avail ms vs $plist ms, $(awk -v a="$avail" -v p="$plist" 'BEGIN {printf "%.2fx", a / p}') (reported, not a target: papi_native_avail lists $(echo "$hl" | awk '{print $4}') hisi_uncore entries with qualifiers and metrics)"
		} >>"$results/targets.txt"
	fi
done
echo "  (init off: hisi_uncore disabled with PAPI_disable_component_by_name; init with the component over a tree without Hip09 PMUs: $base_init ms)" >>"$enum_table"
cat "$enum_table" "$enum_table.list"

say "resident memory at 80 instances"
tree80=$out/sysfs-80
[ -d "$tree80" ] || "$top/bench/gen-sysfs.sh" "$tree80" 64 16
if SYSFS_PATH=$tree80 "$out/enum_init" mem on >"$results/mem80-on.txt" &&
	SYSFS_PATH=$tree80 "$out/enum_init" mem off >"$results/mem80-off.txt"; then
	pass
	val() { awk -v k="$2" '$1 == k {print $2}' "$1"; }
	on=$results/mem80-on.txt off=$results/mem80-off.txt
	{
		echo
		echo "memory: one process over the 80-instance tree, hisi_uncore enabled vs disabled (host)"
		printf '  %-30s %12s %12s %12s %13s\n' "" "enabled" "disabled" "difference" "bytes/inst"
		for k in heap_after_init heap_after_list; do
			a=$(val "$on" $k) b=$(val "$off" $k)
			printf '  %-30s %12s %12s %12s %13s\n' "$k (bytes)" "$a" "$b" $((a - b)) $(((a - b) / 80))
		done
		for k in rss_kb_after_init rss_kb_after_list; do
			a=$(val "$on" $k) b=$(val "$off" $k)
			printf '  %-30s %12s %12s %12s %13s\n' "$k (kB)" "$a" "$b" $((a - b)) $(((a - b) * 1024 / 80))
		done
		echo "  entries listed: $(val "$on" all_entries) with hisi_uncore ($(val "$on" hisi_entries) of them its own), $(val "$off" all_entries) without"
		echo "  (after_list includes PAPI's own native-event table entry for every listed name)"
	} | tee "$results/mem.txt"
	d=$(($(val "$on" rss_kb_after_init) - $(val "$off" rss_kb_after_init)))
	dl=$(($(val "$on" rss_kb_after_list) - $(val "$off" rss_kb_after_list)))
	echo "target resident memory of the component reported [80 instances]: met (after init $d kB = $((d * 1024 / 80)) bytes per instance; after listing every event $dl kB = $((dl * 1024 / 80)) bytes per instance)" >>"$results/targets.txt"
else
	fail "resident memory"
fi

say "resolving qualified names: cost per name at two scales"
names_small=10000 names_large=100000
[ "$quick" = 1 ] && names_small=2000 names_large=20000
tree1=$out/sysfs-1
[ -d "$tree1" ] || "$top/bench/gen-sysfs.sh" "$tree1" 1 0
if SYSFS_PATH=$tree1 "$out/enum_init" names "$names_small" >"$results/names-small.txt" &&
	SYSFS_PATH=$tree1 "$out/enum_init" names "$names_large" >"$results/names-large.txt"; then
	pass
	nval() { awk -v k="$2" '{for (i = 1; i < NF; i++) if ($i == k) print $(i + 1)}' "$1"; }
	small=$results/names-small.txt large=$results/names-large.txt
	{
		echo
		echo "qualified names: PAPI_event_name_to_code on N distinct names new to PAPI, then again (host, one process each)"
		printf '  %9s %18s %18s %20s\n' names "first ns/name" "again ns/name" "heap bytes/name"
		for f in "$small" "$large"; do
			printf '  %9s %18s %18s %20s\n' "$(nval "$f" names)" "$(nval "$f" first_ns_per_name)" \
				"$(nval "$f" again_ns_per_name)" "$(nval "$f" heap_bytes_per_name)"
		done
	} | tee "$results/names.txt"
	ratio=$(awk -v a="$(nval "$large" first_ns_per_name)" -v b="$(nval "$small" first_ns_per_name)" \
		'BEGIN {printf "%.2f", a / b}')
	awk -v r="$ratio" 'BEGIN {exit !(r < 2)}' && m=met || m="not met"
	echo "target resolving a new qualified name costs the same at $names_large names as at $names_small: $m (per-name ratio ${ratio}x vs < 2x; a linear search is $((names_large / names_small))x)" >>"$results/targets.txt"
else
	fail "qualified names"
fi

# ---- summary ---------------------------------------------------------------------

summary
