#!/usr/bin/env bash
# Build every libFuzzer target into OUT (clang, ASan, UBSan):
#   tests/fuzz/build-targets.sh SRCDIR OUT
# The component's sources are compiled once into OUT/libhu.a; each target
# links what it uses.  Prints the target names, one a line; a compiler
# error goes to stderr and the exit status is non-zero.
set -eu
src=$1 out=$2
comp=$src/components/hisi_uncore
cflags=(-std=c11 -g -O1 -Wall -Wextra -Werror -fno-sanitize-recover=undefined
	-I"$comp" -I"$src/pfmlib_events" -I"$src/tests/fuzz" -I"$src/tests/lib"
	-DHU_FIXTURE_ROOT="\"$src/tests/fixtures/sysfs\"")
# The fuzz targets, each tests/fuzz/fuzz_<name>.c.
targets="parsers sysfs filtermode resolve pci names"

mkdir -p "$out/obj"
rm -f "$out/libhu.a" "$out"/obj/*.o
pids=()
for f in "$comp"/*.c "$src/pfmlib_events/hip09_tables.c" "$src/tests/fuzz/fuzz_tree.c" \
	"$src/tests/fuzz/fuzz_util.c" "$src/tests/lib/open_fds.c"; do
	[ "${f##*/}" = hisi_uncore.c ] && continue	# the PAPI glue needs PAPI
	o=$(basename "${f%.c}")
	clang "${cflags[@]}" -fsanitize=fuzzer-no-link,address,undefined -c -o "$out/obj/$o.o" "$f" &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
ar rcs "$out/libhu.a" "$out"/obj/*.o
for t in $targets; do
	clang "${cflags[@]}" -fsanitize=fuzzer,address,undefined -o "$out/fuzz_$t" \
		"$src/tests/fuzz/fuzz_$t.c" "$out/libhu.a" -lpthread
	echo "$t"
done
