#!/usr/bin/env bash
# Fuzz tier: libFuzzer with AddressSanitizer and UBSan on the parsers of
# untrusted text, the sysfs readers over generated trees, the filtermode
# parser and the whole name path (tests/fuzz/), each target for its share
# of FUZZ_SECONDS (default 24) from its seeds and the committed crash inputs.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
out=$HU_BUILDDIR/fuzz
rm -rf "$out/corpus" "$out/artifacts"	# every tier run starts from the committed seeds
ntargets=$(ls "$HU_SRCDIR"/tests/fuzz/fuzz_*.c | grep -vc '/fuzz_\(tree\|util\)\.c$')
per=$(( ${FUZZ_SECONDS:-24} / ntargets ))
[ "$per" -ge 2 ] || per=2
lines=$(FUZZ_RUNS='' FUZZ_SECONDS=$per "$HU_SRCDIR/tests/fuzz/run-targets.sh" "$HU_SRCDIR" "$out")
while read -r t result runs _ _ cov ft log; do
	if [ "$t" = build ]; then
		fail "build the fuzzers" "$(head -5 "$out/build.log")"
	elif [ "$result" = ok ]; then
		pass "fuzz_$t survives ${runs#runs=} inputs in ${per}s ($cov, $ft)"
	else
		fail "fuzz_$t survives fuzzing" "$(grep -m5 -E 'ERROR|SUMMARY|invariant|abort' "${log#log=}")"
	fi
done <<<"$lines"
finish fuzz
