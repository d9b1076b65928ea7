#!/usr/bin/env bash
# Build and run the libFuzzer targets, one after another, single process:
#   tests/fuzz/run-targets.sh SRCDIR OUT
# Environment:
#   FUZZ_TARGETS  targets to run (default: all that tests/fuzz/build-targets.sh builds)
#   FUZZ_RUNS     inputs per target (-runs); wins over FUZZ_SECONDS
#   FUZZ_SECONDS  seconds per target (-max_total_time; default 5)
#   FUZZ_FLAGS    further libFuzzer flags
# Each target starts from its seeds (tests/fuzz/corpus/<target>) plus what
# earlier runs found in OUT/corpus/<target>, with tests/fuzz/hisi_uncore.dict;
# a crash is saved as OUT/artifacts/<target>-crash-*.  Prints one line per
# target:
#   <target> ok|FAILED runs=N seconds=S exec/s=R cov=C ft=F log=OUT/<target>.log
# and exits non-zero if the build or any target failed.
set -u
src=$1 out=$2
mkdir -p "$out/artifacts"
if ! built=$("$src/tests/fuzz/build-targets.sh" "$src" "$out" 2>"$out/build.log"); then
	echo "build FAILED log=$out/build.log"
	exit 1
fi
limit=(-max_total_time="${FUZZ_SECONDS:-5}")
[ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
status=0

stat_of() {	# stat_of NAME LOG: libFuzzer's final statistic NAME
	grep -o "stat::$1: *[0-9]*" "$2" | grep -o '[0-9]*$' | tail -1
}

for t in ${FUZZ_TARGETS:-$built}; do
	log=$out/$t.log
	mkdir -p "$out/corpus/$t"
	cp "$src/tests/fuzz/corpus/$t"/* "$out/corpus/$t/"
	start=$SECONDS
	# shellcheck disable=SC2086
	"$out/fuzz_$t" "${limit[@]}" -print_final_stats=1 -dict="$src/tests/fuzz/hisi_uncore.dict" \
		-artifact_prefix="$out/artifacts/$t-" ${FUZZ_FLAGS:-} "$out/corpus/$t" >"$log" 2>&1
	rc=$?
	secs=$((SECONDS - start))
	last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
	cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
	ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
	result=ok
	[ "$rc" = 0 ] || { result=FAILED; status=1; }
	printf '%s %s runs=%s seconds=%s exec/s=%s cov=%s ft=%s log=%s\n' "$t" "$result" \
		"$(stat_of number_of_executed_units "$log")" "$secs" \
		"$(stat_of average_exec_per_sec "$log")" "${cov:-?}" "${ft:-?}" "$log"
done
exit $status
