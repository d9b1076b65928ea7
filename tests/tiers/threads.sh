#!/usr/bin/env bash
# Threads tier (issue 11): the race program tests/papi/test_races.c, whose
# modes meet 4 or 8 threads at a barrier inside libpapi with hisi_uncore
# (names, shutdown, counting, churn, native_reads; see its header), on the
# fixture PMUs plus the sw_alias PMU (tests/lib/fake-sysfs.sh: real opens
# of the kernel's software events through events/ aliases):
#   1. natively, 100 independent runs of every mode (each a new process: a
#      fresh PAPI_library_init), then the long counting and churn runs;
#   2. under ThreadSanitizer: libpapi.a with the component rebuilt with
#      clang -fsanitize=thread from the PAPI tree ($HU_PAPI_SRC, copied into
#      $HU_BUILDDIR/threads-tsan), every mode once; any report fails,
#      except PAPI's own listed in tests/papi/tsan.supp.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
fixture_sysfs_with_sw_alias
prog=$HU_BUILDDIR/tests/papi/test_races
tsan_dir=$HU_BUILDDIR/threads-tsan

# exit status as words: "exit 1", "exit 139 (signal 11)"
status() {
	echo "exit $1$( [ "$1" -gt 128 ] && echo " (signal $(($1 - 128)))")"
}

# ---- 1. natively -------------------------------------------------------------

# RUNS independent processes of every mode (LOOPS per thread in counting and churn)
native_runs() {
	local runs=$1 loops=$2 i rc bad=0 first=""
	for ((i = 0; i < runs; i++)); do
		fx "$prog" all 1 "$loops" >"$root/run.log" 2>&1
		rc=$?
		if [ "$rc" != 0 ]; then
			bad=$((bad + 1))
			[ -n "$first" ] || first="run $i: $(status "$rc"): $(tail -2 "$root/run.log" | tr '\n' ' ')"
		fi
	done
	if [ "$bad" = 0 ]; then
		pass "every mode, $runs independent runs: no crash, no wrong result"
	else
		fail "every mode, $runs independent runs" "$bad failed; $first"
	fi
}

# race WHAT MODE ARGS...: one native run of a mode
race() {
	local what=$1 rc
	shift
	fx "$prog" "$@" >"$root/race.log" 2>&1
	rc=$?
	if [ "$rc" = 0 ]; then
		pass "$what"
	else
		fail "$what" "$(status "$rc"): $(tail -3 "$root/race.log")"
	fi
}

native_runs 100 5
race "8 threads resolve new hisi names at once, 300 times" names 300
race "4 threads call PAPI_shutdown at once, 500 times" shutdown 500
race "8 threads, own EventSets, start/read/read/stop 1000 times each" counting 1 1000
race "8 threads create/add/remove/cleanup/destroy 200 times each" churn 1 200
race "PAPI's native table grows under 7 reading threads, 20 times" native_reads 20

# ---- 2. under ThreadSanitizer -------------------------------------------------

# PAPI's x86 locks are inline-assembly spin locks, which ThreadSanitizer
# cannot see (every access under them would be a report); PAPI's
# USE_PTHREAD_MUTEXES (configure --with-pthread-mutexes) makes them pthread
# mutexes with the same semantics.  Only PAPI and the component are rebuilt:
# the bundled libpfm4's objects are taken as built (uninstrumented).
build_tsan_papi() {
	local src=$HU_PAPI_SRC/src out=$tsan_dir/papi/src
	[ -f "$out/libpapi.a" ] && [ "$out/libpapi.a" -nt "$src/libpapi.a" ] && return 0
	rm -rf "$tsan_dir/papi"
	mkdir -p "$out" || return 1
	# sources only: no objects, no test programs, no gcc-preprocessed wrappers
	tar -C "$src" --exclude=./ctests --exclude=./ftests --exclude=./validation_tests \
		--exclude=./utils --exclude='*.o' --exclude='*.so*' --exclude=./libpapi.a \
		--exclude='papi_fwrappers_*.c' --exclude=upper_PAPI_FWRAPPERS.c -cf - . |
		tar -C "$out" -xf - || return 1
	make -C "$out" -j2 CC=clang CPP="clang -E" \
		OPTFLAGS="-O1 -g -fsanitize=thread -DUSE_PTHREAD_MUTEXES" static \
		>"$tsan_dir/make.log" 2>&1
}

build_tsan_races() {
	clang -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=thread -I"$HU_PAPI_SRC/src" \
		-o "$tsan_dir/test_races" "$HU_SRCDIR/tests/papi/test_races.c" \
		"$tsan_dir/papi/src/libpapi.a" -ldl -lpthread -lm >"$tsan_dir/cc.log" 2>&1
}

# tsan WHAT MODE ARGS...: one run; a report (or a wrong result) fails
tsan() {
	local what=$1 rc
	shift
	fx env TSAN_OPTIONS="halt_on_error=0 exitcode=66 suppressions=$HU_SRCDIR/tests/papi/tsan.supp" \
		"$tsan_dir/test_races" "$@" >"$root/tsan.log" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && ! grep -q 'WARNING: ThreadSanitizer' "$root/tsan.log"; then
		pass "TSan: $what"
	else
		fail "TSan: $what" "$(status "$rc"), $(grep -c 'WARNING: ThreadSanitizer' "$root/tsan.log") report(s): $(grep -E '^SUMMARY|^test_races' "$root/tsan.log" | sort | uniq -c | head -5 | tr '\n' ';')"
	fi
}

mkdir -p "$tsan_dir"
if ! command -v clang >/dev/null; then
	fail "TSan build" "clang is not installed"
elif ! build_tsan_papi; then
	fail "TSan build of libpapi.a" "$(tail -5 "$tsan_dir/make.log")"
elif ! build_tsan_races; then
	fail "TSan build of test_races" "$(head -5 "$tsan_dir/cc.log")"
else
	pass "TSan build of libpapi.a (PAPI, hisi_uncore) and test_races"
	tsan "8 threads resolve new names, 20 times" names 20
	tsan "4 threads call PAPI_shutdown at once, 20 times" shutdown 20
	tsan "8 threads start/read/read/stop 200 times each" counting 1 200
	tsan "8 threads create/add/remove/cleanup/destroy 50 times each" churn 1 50
	tsan "PAPI's native table grows under 7 reading threads, 5 times" native_reads 5
fi
finish threads
