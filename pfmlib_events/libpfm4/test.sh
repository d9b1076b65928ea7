#!/usr/bin/env bash
# test.sh WORKDIR
#
# Applies the Hip09 PMU models to a fresh Debian libpfm4 4.13 source, builds
# it for ARM64 on this host (make ARCH=aarch64: the ARM64 tables are plain C
# and tests/validate runs natively), runs tests/validate and a perf_events
# encoding check against a fixture sysfs, and reports our vectors as
# "N passed, N failed".  Exit status 0 only if everything passed.
#
# WORKDIR keeps the downloaded source package between runs; the tree itself
# is unpacked afresh every time.  Set PAPI_LIBPFM4=<PAPI src/libpfm4> to also
# apply, build and validate a copy of PAPI's bundled libpfm4.
#
# Used by ./build.sh compat (tests/compat/matrix.sh):
#   LIBPFM4_PRISTINE=DIR  an unpacked pristine libpfm4 tree to test (copied
#                         afresh) instead of downloading Debian 12's 4.13
#   LIBPFM4_CROSS=TRIPLET a real cross build (e.g. aarch64-linux-gnu: CC and
#                         AR of that triplet) whose programs, validate and
#                         the encoding check, run under qemu-user
#                         (qemu-aarch64-static -L /usr/TRIPLET)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: test.sh WORKDIR" >&2; exit 2; }
mkdir -p "$1"
work=$(cd "$1" && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
failures=0
cross=${LIBPFM4_CROSS:-}
make_cross=() run=() cc=cc
if [ -n "$cross" ]; then
	command -v "$cross-gcc" >/dev/null || { echo "test.sh: $cross-gcc is not installed" >&2; exit 1; }
	qemu=qemu-${cross%%-*}-static
	command -v "$qemu" >/dev/null || { echo "test.sh: $qemu is not installed" >&2; exit 1; }
	make_cross=(CC="$cross-gcc" AR="$cross-ar")
	run=("$qemu" -L "/usr/$cross")
	cc=$cross-gcc
fi

step() { echo "== test.sh: $*"; }
fail() { echo "== test.sh: FAILED: $*" >&2; failures=$((failures + 1)); }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

# Vectors between the markers apply.sh put into tests/validate_arm64.c.
vector_lines() { # validate_arm64.c -> "first last count"
	awk '/hisi_hip09 vectors begin/ { b = NR } /hisi_hip09 vectors end/ { e = NR }
	     b && !e && /SRC_LINE/ { n++ }
	     END { print b, e, n + 0 }' "$1"
}

# Distinct failing events reported by validate with a line inside [first, last].
# A report may start mid-line: validate's stdout and stderr share the log.
failed_vectors() { # validate-output first last
	awk -v b="$2" -v e="$3" 'match($0, /Line [0-9]+, Event[0-9]+/) {
		split(substr($0, RSTART, RLENGTH), w, /[ ,]+/)
		line = w[2] + 0; ev = w[3]
		if (line > b && line < e && !(ev in seen)) { seen[ev] = 1; n++ } }
	     END { print n + 0 }' "$1"
}

# make_validate_sysfs DIR: the sysfs the vectors and the encoding check run
# on (SYSFS_PATH), so that the models' bdf checks see PMUs and PCI devices:
#   hisi_pcie0_core0 (type 42) covers root ports 37:00.0-37:02.0; behind
#     37:00.0 is 38:00.0, behind 37:02.0 39:00.0, behind 37:08.0 (outside)
#     3a:00.0; 3b:00.0 sits right under its host bridge, behind no root port
#   hns3_pmu_sicl_0 (type 43) covers 35:00.0-35:03.7, of which 35:00.0,
#     35:00.1 and 35:01.0 exist (behind root port 34:00.0)
#   hns3_pmu_sicl_1 (type 44) covers 3d:00.0-3e:1f.7, two buses: 3d:00.0,
#     3d:00.1 and 3e:00.0 exist (behind root port 3c:00.0); 3d:00.0 and
#     3e:00.0 share device.function 00.0, which is all the driver filters on
make_validate_sysfs() {
	local d=$1 path class
	rm -rf "$d"
	mkdir -p "$d/bus/pci/devices"
	# PATH:CLASS, root ports (PCI bridges, 0x0604xx) before what is behind them
	for path in pci0000:34/0000:34:00.0:060400 pci0000:37/0000:37:00.0:060400 \
		pci0000:37/0000:37:02.0:060400 pci0000:37/0000:37:08.0:060400 \
		pci0000:34/0000:34:00.0/0000:35:00.0:020000 pci0000:34/0000:34:00.0/0000:35:00.1:020000 \
		pci0000:34/0000:34:00.0/0000:35:01.0:020000 pci0000:37/0000:37:00.0/0000:38:00.0:010802 \
		pci0000:37/0000:37:02.0/0000:39:00.0:010802 pci0000:37/0000:37:08.0/0000:3a:00.0:010802 \
		pci0000:3b/0000:3b:00.0:020000 pci0000:3c/0000:3c:00.0:060400 \
		pci0000:3c/0000:3c:00.0/0000:3d:00.0:020000 pci0000:3c/0000:3c:00.0/0000:3d:00.1:020000 \
		pci0000:3c/0000:3c:00.0/0000:3e:00.0:020000; do
		class=${path##*:} path=${path%:*}
		mkdir -p "$d/devices/$path"
		echo "0x$class" > "$d/devices/$path/class"
		ln -s "../../../devices/$path" "$d/bus/pci/devices/${path##*/}"
	done
	mkdir -p "$d/bus/event_source/devices/hisi_pcie0_core0" "$d/bus/event_source/devices/hns3_pmu_sicl_0"
	echo 42 > "$d/bus/event_source/devices/hisi_pcie0_core0/type"
	echo 0x3700 > "$d/bus/event_source/devices/hisi_pcie0_core0/bdf_min"
	echo 0x3710 > "$d/bus/event_source/devices/hisi_pcie0_core0/bdf_max"
	echo 43 > "$d/bus/event_source/devices/hns3_pmu_sicl_0/type"
	echo 35:00.0 > "$d/bus/event_source/devices/hns3_pmu_sicl_0/bdf_min"
	echo 35:03.7 > "$d/bus/event_source/devices/hns3_pmu_sicl_0/bdf_max"
	mkdir -p "$d/bus/event_source/devices/hns3_pmu_sicl_1"
	echo 44 > "$d/bus/event_source/devices/hns3_pmu_sicl_1/type"
	echo 3d:00.0 > "$d/bus/event_source/devices/hns3_pmu_sicl_1/bdf_min"
	echo 3e:1f.7 > "$d/bus/event_source/devices/hns3_pmu_sicl_1/bdf_max"
}
fixture=$work/sysfs
make_validate_sysfs "$fixture"

# apply + idempotence + build + validate of one tree; prints our vector counts.
check_tree() { # label tree
	label=$1 tree=$2
	total=0 bad=0

	step "$label: apply.sh"
	"$here/apply.sh" "$tree" > "$work/$label.apply1.log" || {
		cat "$work/$label.apply1.log"; fail "$label: apply.sh"; return; }
	tail -n 1 "$work/$label.apply1.log"
	sum1=$(cd "$tree" && find . -type f -print0 | sort -z | xargs -0 md5sum | md5sum)
	"$here/apply.sh" "$tree" > "$work/$label.apply2.log" || { fail "$label: second apply.sh"; return; }
	sum2=$(cd "$tree" && find . -type f -print0 | sort -z | xargs -0 md5sum | md5sum)
	if [ "$sum1" = "$sum2" ]; then
		echo "   second run: $(tail -n 1 "$work/$label.apply2.log"), tree unchanged"
	else
		fail "$label: second apply.sh changed the tree"
	fi

	step "$label: make ARCH=aarch64 ${make_cross[*]} -j$jobs"
	t0=$(now)
	if ! make -C "$tree" ARCH=aarch64 "${make_cross[@]}" -j"$jobs" > "$work/$label.build.log" 2>&1; then
		tail -n 30 "$work/$label.build.log"
		fail "$label: build (log: $work/$label.build.log)"
		return
	fi
	echo "   built in $(elapsed "$t0")"

	step "$label: ${run[*]:+${run[*]} }tests/validate"
	t0=$(now)
	if [ -n "$cross" ] && ! file "$tree/tests/validate" | grep -q 'ARM aarch64'; then
		fail "$label: tests/validate is not an aarch64 program: $(file -b "$tree/tests/validate")"
		return
	fi
	if (cd "$tree/tests" && SYSFS_PATH=$fixture "${run[@]}" ./validate) > "$work/$label.validate.log" 2>&1; then
		echo "   $(grep -c ': Passed' "$work/$label.validate.log") PMU tables passed," \
		     "$(grep 'ARM64 events' "$work/$label.validate.log" | sed 's/^[[:space:]]*//')," \
		     "$(elapsed "$t0")"
	else
		grep -E 'Failed|^Line|errors' "$work/$label.validate.log" | head -n 40
		fail "$label: tests/validate (log: $work/$label.validate.log)"
	fi
	read -r first last total <<EOF_LINES
$(vector_lines "$tree/tests/validate_arm64.c")
EOF_LINES
	bad=$(failed_vectors "$work/$label.validate.log" "$first" "$last")
	echo "   $label hisi_hip09 vectors: $((total - bad)) passed, $bad failed"
	[ "$total" -ge 40 ] || fail "$label: only $total hisi_hip09 vectors"
	[ "$bad" -eq 0 ] || fail "$label: $bad hisi_hip09 vectors failed"
}

if [ -n "${LIBPFM4_PRISTINE:-}" ]; then
	[ -f "$LIBPFM4_PRISTINE/include/perfmon/pfmlib.h" ] ||
		{ echo "test.sh: $LIBPFM4_PRISTINE is no libpfm4 tree" >&2; exit 1; }
	label=$(basename "$LIBPFM4_PRISTINE")
	step "1/4 $label: a fresh copy of $LIBPFM4_PRISTINE"
	tree=$work/$label
	rm -rf "$tree"
	cp -a "$LIBPFM4_PRISTINE" "$tree"
else
	step "1/4 libpfm4 4.13 source in $work"
	cd "$work"
	dsc=$(ls libpfm4_4.13*.dsc 2>/dev/null | head -n 1 || true)
	if [ -z "$dsc" ]; then
		apt-get source --download-only libpfm4 > "$work/download.log" 2>&1 || {
			cat "$work/download.log"; echo "test.sh: apt-get source libpfm4 failed" >&2; exit 1; }
		dsc=$(ls libpfm4_4.13*.dsc 2>/dev/null | head -n 1 || true)
		[ -n "$dsc" ] || { echo "test.sh: the archive did not provide libpfm4 4.13" >&2; exit 1; }
		echo "   downloaded $dsc"
	else
		echo "   reusing $dsc"
	fi
	tree=$work/libpfm4-4.13
	rm -rf "$tree"
	dpkg-source --skip-patches -x "$dsc" "$tree" > "$work/unpack.log" 2>&1 || {
		cat "$work/unpack.log"; exit 1; }
	echo "   unpacked pristine tree $tree"
	label=libpfm4-4.13
fi

step "2/4 $label"
check_tree "$label" "$tree"
vectors_summary="$((total - bad)) passed, $bad failed"

step "3/4 perf_events encodings with a fixture sysfs (SYSFS_PATH)"
if "$cc" -Wall -Wextra -Werror -I"$tree/include" "$here/perf_encode_check.c" \
	"$tree/lib/libpfm.a" -o "$work/perf_encode_check" 2> "$work/perf_check.build.log"; then
	SYSFS_PATH=$fixture "${run[@]}" "$work/perf_encode_check" | sed 's/^/   /' ||
		fail "perf_events encodings"
else
	cat "$work/perf_check.build.log"
	fail "perf_encode_check build"
fi

if [ -n "${PAPI_LIBPFM4:-}" ]; then
	step "4/4 PAPI's bundled libpfm4 ($PAPI_LIBPFM4)"
	rm -rf "$work/papi-libpfm4"
	cp -a "$PAPI_LIBPFM4" "$work/papi-libpfm4"
	make -C "$work/papi-libpfm4" clean > /dev/null 2>&1 || true
	check_tree papi-libpfm4 "$work/papi-libpfm4"
else
	step "4/4 PAPI's bundled libpfm4: skipped (set PAPI_LIBPFM4=<papi>/src/libpfm4)"
fi

if [ "$failures" -ne 0 ]; then
	echo "test.sh: $failures failure(s); $label hisi_hip09 vectors: $vectors_summary"
	exit 1
fi
echo "test.sh: all checks passed"
echo "$vectors_summary"
