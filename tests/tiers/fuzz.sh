#!/usr/bin/env bash
# Fuzz tier: libFuzzer with AddressSanitizer and UBSan on every parser of
# untrusted text, for a bounded time (FUZZ_SECONDS, default 20).
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
out=$HU_BUILDDIR/fuzz
src=$HU_SRCDIR/components/hisi_uncore
mkdir -p "$out/corpus"
cp "$HU_SRCDIR"/tests/fuzz/corpus/* "$out/corpus/"
if ! clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$src" -I"$HU_SRCDIR/pfmlib_events" -o "$out/fuzz_parsers" \
	"$HU_SRCDIR/tests/fuzz/fuzz_parsers.c" "$src/sysfs_parse.c" "$src/event_spec.c" \
	"$src/pmu_sysfs.c" "$src/sysfs_file.c" "$src/driver_era.c" "$src/hu_error.c" 2>"$out/build.log"; then
	fail "build the fuzzer" "$(head -5 "$out/build.log")"
	finish fuzz
	exit
fi
pass "build the fuzzer (ASan, UBSan)"
if "$out/fuzz_parsers" -max_total_time="${FUZZ_SECONDS:-20}" -print_final_stats=1 \
	"$out/corpus" >"$out/run.log" 2>&1; then
	pass "parsers survive $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/run.log" | grep -o '[0-9]*$') inputs"
else
	fail "parsers survive fuzzing" "$(grep -m5 -E 'ERROR|SUMMARY|abort' "$out/run.log")"
fi
finish fuzz
