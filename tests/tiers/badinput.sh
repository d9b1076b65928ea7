#!/usr/bin/env bash
# Bad-input tier: the catalogue of hostile and malformed names
# (tests/badinput/names.tsv, plus generated 10 kB names and 1,500
# qualifiers) through PAPI with and without the hisi_uncore::: prefix, under
# valgrind, and through hisi-uncore-attr: each gets its PAPI code and a
# one-line message that says what was wrong; nothing crashes or leaks.
set -u
. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
. "$HU_SRCDIR/tests/tiers/lib.sh"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
hns3_events=$(find "$HU_SRCDIR/tests/fixtures/sysfs/bus/event_source/devices/hns3_pmu_sicl_0/events" \
	-type f | wc -l)
names=$root/names.tsv
sed "s/@HNS3_EVENTS@/$hns3_events/g" "$HU_SRCDIR/tests/badinput/names.tsv" >"$names"
make_fake_sysfs "$root/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*

vg=()
command -v valgrind >/dev/null && vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite
	--suppressions="$HU_SRCDIR/tests/papi/papi.supp" --error-exitcode=9)
out=$(SYSFS_PATH=$root/sys "${vg[@]}" "$HU_BUILDDIR/tests/badinput/test_bad_names" "$names" 2>&1)
rc=$?
grep -E '^(PASS|FAIL) ' <<<"$out"
p=$(grep -c '^PASS ' <<<"$out")
f=$(grep -c '^FAIL ' <<<"$out")
passed=$((passed + p))
failed=$((failed + f))
if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
	fail "test_bad_names exited $rc" "$(tail -5 <<<"$out")"
fi

# hisi-uncore-attr runs the same resolution: every row fails with its message
attr=$HU_PREFIX/bin/hisi-uncore-attr
n=0
while IFS=$'\t' read -r code sub name; do
	case $code in '#'* | '') continue ;; esac
	n=$((n + 1))
	name=$(printf '%b' "$name")	# \xNN escapes; % is not special to %b
	got=$(SYSFS_PATH=$root/sys "$attr" "$name" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -qF -- "$sub" <<<"$got"; then
		pass "attr_line_$n"
	else
		fail "attr_line_$n" "exit $rc, '$(head -c 200 <<<"$got")' should contain '$sub'"
	fi
done <"$names"
finish badinput
