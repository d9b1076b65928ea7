#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The witness tier: the kernel's own PMU drivers judge the transcription.
# The same device (the emulator's registers and traffic model), the same
# requests (witness-requests.sh: raw codes, filters, groups, other users'
# events) and the same traffic on the same guest kernel, once driven by
# Debian's own hisi_pcie_pmu and hns3_pmu (vm-run --driver SERIES) and once
# by the module's transcription of them (--pcie-era ERA). Every PMU's
# sysfs files, and per request
# what open said, the registers the driver programmed and the counts must
# be the same; a request that differs is a FAIL naming it, with both
# sides. Ends with "N passed, N failed" (each PMU's sysfs is one check,
# each request one).
#
# usage: emulator/tests/run-witness.sh [vm-run options]
# WITNESS_DRIVER=SERIES: the drivers of Debian's linux-source-SERIES, 6.1
# (default), 6.12 or newest (sid's), each on a guest kernel of its series.
# WITNESS_ERA=ERA judges another era of the transcription (default the one
# written for the series, vm-run --print-era: 6.1.y, 6.12); any other era
# must fail, which shows the tier can.

set -uo pipefail

TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
EMU=$(dirname "$TESTS")
BUILD=${HIP09_EMU_BUILD:-$(dirname "$EMU")/_build/emulator}
DRIVER=${WITNESS_DRIVER:-6.1}
# the era the drivers are written down as: vm-run's, which loads the module with it
ERA=${WITNESS_ERA:-$("$EMU/vm-run" --driver "$DRIVER" --print-era)} || exit 2
OUT=$BUILD/witness-$DRIVER${HIP09_EMU_ARCH:+-$HIP09_EMU_ARCH}
start=$SECONDS

die() {
	echo "FAIL witness: $*"
	echo "0 passed, 1 failed"
	exit 1
}

PO=$("$TESTS/run-e2e.sh" --build-only) || die "pmu_open did not build"
mkdir -p "$OUT" || die "cannot make $OUT"
"$TESTS/witness-requests.sh" >"$OUT/requests" || die "witness-requests.sh failed"
nreq=$(wc -l <"$OUT/requests")

# side NAME VM-RUN-OPTIONS...: the guest's raw output in $OUT/NAME.raw;
# on failure says why (FAIL witness: ...) and returns 1
side() {
	local name=$1 rc
	shift
	echo "witness $DRIVER: $name ($*), $nreq requests"
	"$EMU/vm-run" "$@" "${EXTRA[@]}" -- bash "$TESTS/witness-guest.sh" \
		"$PO" "$OUT/requests" >"$OUT/$name.raw"
	rc=$?
	if [ "$rc" != 0 ]; then
		echo "FAIL witness: vm-run $* exited $rc (see $OUT/$name.raw)"
		return 1
	fi
	if grep -q '^kernel-log ' "$OUT/$name.raw"; then
		grep '^kernel-log ' "$OUT/$name.raw" | head -20
		echo "FAIL witness: $name: the guest kernel warned (see $OUT/$name.raw)"
		return 1
	fi
	grep -qx "requests $nreq" "$OUT/$name.raw" && return 0
	echo "FAIL witness: $name: the guest did not finish the $nreq requests (see $OUT/$name.raw)"
	return 1
}

# both sides: two guests side by side (on two host CPUs, a TCG guest of one
# thread each; vm-run builds what they share one at a time), their
# messages in order after
both_sides() {
	local k t krc trc
	side kernel --driver "$DRIVER" >"$OUT/kernel.side" 2>&1 &
	k=$!
	side transcription --kernel "$DRIVER" --pcie-era "$ERA" >"$OUT/transcription.side" 2>&1 &
	t=$!
	wait "$k"
	krc=$?
	wait "$t"
	trc=$?
	cat "$OUT/kernel.side" "$OUT/transcription.side"
	[ "$krc" = 0 ] && [ "$trc" = 0 ]
}

# What does not belong to the driver's answer goes: the PMU's perf type,
# the debugfs view's record of the driver's own hw_events (the real
# drivers keep theirs to themselves), the times' values (their relation
# stays: full, part or none of the enabled time running).
normalize() {
	awk '
	/^show / {
		n = split($2, p, "/")
		line = "regs " p[n - 1]
		for (i = 3; i <= NF; i++)
			if ($i !~ /^(used|config|config1|config2)=/)
				line = line " " $i
		print line
		next
	}
	/^count / && NF == 5 {
		run = $5 == 0 ? "none" : $5 == $4 ? "full" : "part"
		print "count " $2 " " $3 " running=" run
		next
	}
	{ print }
	' "$1"
}

EXTRA=("$@")
if ! both_sides; then
	echo "0 passed, 1 failed"
	exit 1
fi
normalize "$OUT/kernel.raw" >"$OUT/kernel.out"
normalize "$OUT/transcription.raw" >"$OUT/transcription.out"

# One check per PMU's sysfs, one per request; a FAIL shows what differs.
awk -v reqfile="$OUT/requests" -v checklog="$OUT/checks" '
function block_of(line) {
	if (line ~ /^sysfs /) {
		split(line, w, " ")
		split(w[2], p, "/")
		return "sysfs " p[1]
	}
	return cur
}
FNR == 1 { side++; cur = "" }
/^request / { cur = "request " $2; next }
/^requests / { next }
{
	b = block_of($0)
	if (!(b in seen)) { seen[b] = 1; order[++nb] = b }
	text[side, b] = text[side, b] $0 "\n"
}
END {
	while ((getline r < reqfile) > 0)
		req[++nr] = r
	for (i = 1; i <= nb; i++) {
		b = order[i]
		if (text[1, b] == text[2, b]) {
			print "PASS " b > checklog
			passed++
			continue
		}
		failed++
		what = b
		if (b ~ /^request /) {
			split(b, w, " ")
			what = what ": " req[w[2]]
		}
		print "FAIL " what
		n1 = split(text[1, b], l1, "\n")
		n2 = split(text[2, b], l2, "\n")
		for (j = 1; j < n1; j++) in1[l1[j]]++
		for (j = 1; j < n2; j++) in2[l2[j]]++
		for (j = 1; j < n1; j++) if (!(l1[j] in in2)) print "  kernel:        " l1[j]
		for (j = 1; j < n2; j++) if (!(l2[j] in in1)) print "  transcription: " l2[j]
		delete in1
		delete in2
	}
	print passed + 0 " passed, " failed + 0 " failed" > "/dev/stderr"
}
' "$OUT/kernel.out" "$OUT/transcription.out" 2>"$OUT/summary"
echo "run-witness: the $DRIVER drivers against era $ERA, $((SECONDS - start))s, $OUT"
cat "$OUT/summary"
grep -q ' 0 failed$' "$OUT/summary"
