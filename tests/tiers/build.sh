#!/usr/bin/env bash
# Build tier: the build system itself, on the host's build tree (the arm64
# guest runs the other tiers from an installed tree and has no make).
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Two syncs of the component into PAPI's tree at once (make -j runs one
# beside the configure step's own): neither may fail or leave a partial
# sources.mk.  20 rounds of two concurrent syncs.
sync_races=0
for _ in $(seq 20); do
	make -s -C "$HU_BUILDDIR" papi-sync >"$work/sync1.log" 2>&1 &
	s1=$!
	make -s -C "$HU_BUILDDIR" papi-sync >"$work/sync2.log" 2>&1 &
	s2=$!
	wait "$s1" || sync_races=$((sync_races + 1))
	wait "$s2" || sync_races=$((sync_races + 1))
done
papi_mk=$(sed -n 's/^PAPI_SRC = //p' "$HU_BUILDDIR/Makefile")
srcs_mk=$papi_mk/src/components/hisi_uncore/sources.mk
if [ "$sync_races" = 0 ] && grep -q '^HISI_UNCORE_SRCS = hisi_uncore.c .*catalogue.c' "$srcs_mk" &&
	! ls "$srcs_mk".* >/dev/null 2>&1; then
	pass papi_sync_concurrent
else
	fail papi_sync_concurrent "$sync_races of 40 syncs failed ($(head -c 300 "$work/sync1.log" "$work/sync2.log"))"
fi
finish build
