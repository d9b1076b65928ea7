#!/usr/bin/env bash
# The compatibility matrix (./build.sh compat): the hisi_uncore component
# built against several PAPI releases, and the Hip09 libpfm4 models applied
# to several libpfm4 releases, every source taken from Debian's archive.
#
#   PAPI columns     one per version in HU_COMPAT_PAPI (default 7.0.0 7.1.0
#                    7.2.0): its own PAPI tree, build dir and prefix under
#                    HU_COMPAT_DIR/papi-VERSION/, papi-patches/prepare-papi.sh,
#                    the project built and installed against it, then the
#                    tiers HU_COMPAT_TIERS (default: every tier that links or
#                    runs libpapi) with their "N passed, N failed" counts.
#   libpfm4 columns  Debian 12's libpfm4 4.13 and the newest libpfm4 any suite
#                    carries: pfmlib_events/libpfm4/test.sh with a real
#                    aarch64 cross build, validate run under qemu-user.
#
# Sources come through a private apt configuration in HU_COMPAT_DIR/apt
# (its own sources list, lists and cache; the machine's apt sources are
# never changed) with deb-src entries for bookworm, trixie and sid, plus
# snapshot.debian.org at HU_COMPAT_SNAPSHOT (a timestamp such as
# 20240101T000000Z) when set.  A version no suite carries, or whose files
# the archive does not serve, is a SKIP with the reason; a column that was
# fetched and fails makes the exit status non-zero.
#
# Environment: HU_SRCDIR (the source tree), HU_COMPAT_DIR (default
# $HU_SRCDIR/_build/compat), HU_COMPAT_PAPI, HU_COMPAT_TIERS,
# HU_COMPAT_LIBPFM4 (default "4.13 newest"), JOBS (default 2), and
# HU_COMPAT_PAPI_SRC_<V> (e.g. HU_COMPAT_PAPI_SRC_7_1_0=DIR): a pristine PAPI
# tree for that column from elsewhere, copied, instead of the archive's; the
# table names the variable.
set -uo pipefail

: "${HU_SRCDIR:?}"
top=$HU_SRCDIR
compat=${HU_COMPAT_DIR:-$top/_build/compat}
papi_versions=${HU_COMPAT_PAPI-7.0.0 7.1.0 7.2.0}	# set and empty: none
tiers=${HU_COMPAT_TIERS:-unit papi threads badinput sysfs tools}
libpfm4_versions=${HU_COMPAT_LIBPFM4-4.13 newest}
jobs=${JOBS:-2}
suites="bookworm trixie sid"
mirror=http://deb.debian.org/debian
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
export DEBIAN_FRONTEND=noninteractive

say() { printf 'compat: %s\n' "$*"; }
now() { date +%s; }
t_start=$(now)
mkdir -p "$compat/dl"

# Results: one row per column, "name|result|detail".
rows=()
n_pass=0 n_fail=0 n_skip=0
row() { # name PASS|FAIL|SKIP detail
	rows+=("$1|$2|$3")
	case $2 in PASS) n_pass=$((n_pass + 1)) ;; FAIL) n_fail=$((n_fail + 1)) ;; *) n_skip=$((n_skip + 1)) ;; esac
	say "$1: $2${3:+ ($3)}"
}

# ---- the private apt configuration -------------------------------------------

apt_dir=$compat/apt
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
	-o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
	-o "Dir::State::status=/dev/null" -o "APT::Sandbox::User=root")
apt_ok=1 apt_reason=""
setup_apt() {
	mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
	{
		for s in $suites; do
			echo "deb-src [signed-by=$keyring] $mirror $s main"
		done
		if [ -n "${HU_COMPAT_SNAPSHOT:-}" ]; then
			echo "deb-src [signed-by=$keyring check-valid-until=no] http://snapshot.debian.org/archive/debian/$HU_COMPAT_SNAPSHOT sid main"
		fi
	} >"$apt_dir/sources.list"
	say "private apt configuration $apt_dir (deb-src: $suites${HU_COMPAT_SNAPSHOT:+, snapshot $HU_COMPAT_SNAPSHOT})"
	if ! apt-get "${apt_opts[@]}" -qq update >"$apt_dir/update.log" 2>&1; then
		sed 's/^/  /' "$apt_dir/update.log" | tail -n 5
		apt_ok=0 apt_reason="apt-get update of the private sources failed (log: $apt_dir/update.log)"
		return
	fi
	if grep -q '^[EW]:' "$apt_dir/update.log"; then
		sed 's/^/  /' "$apt_dir/update.log" | grep '^  [EW]:' | head -n 5
	fi
}

# versions PKG: "VERSION SUITE" lines, one per source version the suites carry
versions() {
	apt-cache "${apt_opts[@]}" madison "$1" 2>/dev/null |
		awk -F'|' '/Sources/ { v = $2; gsub(/ /, "", v); split($3, u, " "); s = u[2]; sub(/\/.*/, "", s); print v, s }' |
		dpkg_sort
}
# sort "VERSION ..." lines by Debian version order, oldest first
dpkg_sort() {
	local line out=() i j
	while read -r line; do out+=("$line"); done
	for ((i = 1; i < ${#out[@]}; i++)); do
		for ((j = i; j > 0; j--)); do
			dpkg --compare-versions "${out[j-1]%% *}" gt "${out[j]%% *}" || break
			line=${out[j]} out[j]=${out[j-1]} out[j-1]=$line
		done
	done
	[ ${#out[@]} = 0 ] || printf '%s\n' "${out[@]}"
}
upstream_of() { local v=${1#*:}; echo "${v%-*}"; }

# fetch_source PKG VERSION DEST: a pristine upstream tree of PKG=VERSION in
# DEST (kept between runs); on failure, the reason in $fetch_reason.
fetch_source() {
	local pkg=$1 ver=$2 dest=$3 dl=$compat/dl log v_noepoch dsc orig sum want
	fetch_reason=""
	# a tree from elsewhere (HU_COMPAT_PAPI_SRC_*) is not the archive's
	[ "$(cat "$dest/.complete" 2>/dev/null)" = "$pkg $ver" ] && return 0
	log=$compat/dl/$pkg-$ver.download.log
	v_noepoch=${ver#*:}
	dsc=$dl/${pkg}_$v_noepoch.dsc
	if [ ! -f "$dsc" ]; then
		say "  apt-get source --download-only $pkg=$ver (private configuration)"
		(cd "$dl" && apt-get "${apt_opts[@]}" source --download-only "$pkg=$ver") >"$log" 2>&1 || true
	fi
	rm -rf "$dest"
	mkdir -p "$(dirname "$dest")"
	if [ -f "$dsc" ]; then
		if ! dpkg-source --skip-patches -x "$dsc" "$dest" >"$dest.unpack.log" 2>&1; then
			fetch_reason="dpkg-source -x $(basename "$dsc") failed (log: $dest.unpack.log)"
			return 1
		fi
	else
		# The archive may serve the upstream tarball without the .dsc: the
		# tarball alone is the pristine tree (dpkg-source --skip-patches
		# gives the same), checked against the signed Sources index.
		orig=$(apt-cache "${apt_opts[@]}" showsrc "$pkg" 2>/dev/null |
			awk -v ver="$ver" '/^Version:/ { mine = ($2 == ver) }
				/^Checksums-Sha256:/ { on = mine; next } /^[^ ]/ { on = 0 }
				on && $3 ~ /\.orig\.tar\./ { print $1, $3; exit }')
		want=${orig%% *} orig=${orig#* }
		if [ -z "$orig" ] || [ ! -f "$dl/$orig" ]; then
			fetch_reason="the archive did not serve $pkg $ver: $(grep -m1 -oE '(404|403|Unable|Could not|Failed)[^[]*' "$log" 2>/dev/null | head -n 1 | sed 's/  */ /g;s/ *$//')"
			[ -n "$orig" ] && fetch_reason="$fetch_reason (${pkg}_$v_noepoch.dsc and $orig missing)"
			return 1
		fi
		sum=$(sha256sum "$dl/$orig" | awk '{ print $1 }')
		if [ "$sum" != "$want" ]; then
			fetch_reason="$orig does not match the Sources index's sha256"
			return 1
		fi
		say "  the archive served $orig but not the .dsc: unpacking the checked tarball"
		mkdir -p "$dest"
		if ! tar -xf "$dl/$orig" -C "$dest" --strip-components=1; then
			fetch_reason="tar -xf $orig failed"
			return 1
		fi
	fi
	echo "$pkg $ver" >"$dest/.complete"
}

# ---- PAPI columns ------------------------------------------------------------

papi_column() { # upstream version
	local want=$1 name="PAPI $1" ver suite dir t0 tier_log summary detail line
	dir=$compat/papi-$want
	say "=== $name: component build and tiers ($tiers)"
	local override_var=HU_COMPAT_PAPI_SRC_${want//./_}
	if [ -n "${!override_var:-}" ]; then
		# a tree from elsewhere, given by hand: the table says so
		[ -f "${!override_var}/src/papi.h" ] || { row "$name" FAIL "$override_var=${!override_var}: no PAPI tree"; return; }
		ver=$want suite="$override_var, not Debian's archive"
		if [ "$(cat "$dir/papi/.complete" 2>/dev/null)" != "papi $want from ${!override_var}" ]; then
			say "  copying ${!override_var} ($override_var)"
			rm -rf "$dir/papi" && mkdir -p "$dir" && cp -a "${!override_var}" "$dir/papi" &&
				echo "papi $want from ${!override_var}" >"$dir/papi/.complete"
		fi
	else
		if [ "$apt_ok" = 0 ]; then row "$name" SKIP "$apt_reason"; return; fi
		read -r ver suite <<<"$(versions papi | while read -r v s; do
			[ "$(upstream_of "$v")" = "$want" ] && echo "$v $s"; done | tail -n 1)"
		if [ -z "$ver" ]; then
			row "$name" SKIP "no suite ($suites) carries papi $want; they carry: $(versions papi | tr '\n' ' ')"
			return
		fi
		say "  papi $ver is in $suite"
		if ! fetch_source papi "$ver" "$dir/papi"; then
			row "$name" SKIP "$fetch_reason"
			return
		fi
	fi
	t0=$(now)
	say "  build: prepare-papi.sh, configure, make -j$jobs, install (log: $dir/build.log)"
	mkdir -p "$dir/obj"
	if ! (
		set -e
		cd "$dir/obj"
		if [ ! -f Makefile ] || [ "$top/configure" -nt config.status ]; then
			"$top/configure" --prefix="$dir/install" --with-papi-src="$dir/papi"
		fi
		make -j"$jobs" --no-print-directory
		make -j"$jobs" --no-print-directory check TESTS=
		make --no-print-directory install
	) >"$dir/build.log" 2>&1; then
		tail -n 25 "$dir/build.log" | sed 's/^/  | /'
		row "$name" FAIL "papi $ver ($suite): build failed, log $dir/build.log"
		return
	fi
	grep '^prepare-papi.sh:' "$dir/build.log" | sed 's/^/  /'
	say "  built in $(($(now) - t0)) s; tiers (log: $dir/tiers.log)"
	t0=$(now)
	tier_log=$dir/tiers.log
	HU_TIERS=$tiers HU_SRCDIR=$top HU_BUILDDIR=$dir/obj HU_PREFIX=$dir/install HU_PAPI_SRC=$dir/papi \
		"$top/tests/run-tiers.sh" >"$tier_log" 2>&1
	local rc=$?
	summary=$(sed -n '/^=== summary/,$p' "$tier_log")
	printf '%s\n' "$summary" | sed '1d;s/^/  /'
	detail=$(printf '%s\n' "$summary" | awk '/^  [a-z0-9]+ +[0-9]+ passed, [0-9]+ failed/ { printf "%s%s %d/%d", sep, $1, $2, $2 + $4; sep = ", " }')
	line=$(printf '%s\n' "$summary" | tail -n 1)
	if [ "$rc" = 0 ] && [ -n "$summary" ]; then
		row "$name" PASS "papi $ver ($suite); $line; $detail"
	else
		grep -E '^(FAIL|=== tier)' "$tier_log" | grep -B1 '^FAIL' | head -n 20 | sed 's/^/  /'
		row "$name" FAIL "papi $ver ($suite); ${line:-no summary}; $detail"
	fi
	say "  tiers took $(($(now) - t0)) s"
}

# ---- libpfm4 columns ---------------------------------------------------------

libpfm4_column() { # 4.13 | newest
	local want=$1 ver suite name dir log vectors
	say "=== libpfm4 $want: Hip09 models, aarch64 cross build, validate under qemu-user"
	if [ "$apt_ok" = 0 ]; then row "libpfm4 $want" SKIP "$apt_reason"; return; fi
	if [ "$want" = newest ]; then
		read -r ver suite <<<"$(versions libpfm4 | tail -n 1)"
	else
		read -r ver suite <<<"$(versions libpfm4 | while read -r v s; do
			[ "$(upstream_of "$v")" = "$want.0" ] || [ "$(upstream_of "$v")" = "$want" ] && echo "$v $s"; done | tail -n 1)"
	fi
	name="libpfm4 ${ver:-$want}"
	if [ -z "$ver" ]; then
		row "$name" SKIP "no suite ($suites) carries libpfm4 $want"
		return
	fi
	say "  libpfm4 $ver is in $suite"
	dir=$compat/libpfm4-$(upstream_of "$ver")
	if ! fetch_source libpfm4 "$ver" "$dir/src/libpfm4-$(upstream_of "$ver")"; then
		row "$name" SKIP "$fetch_reason"
		return
	fi
	log=$dir/test.log
	LIBPFM4_CROSS=aarch64-linux-gnu LIBPFM4_PRISTINE=$dir/src/libpfm4-$(upstream_of "$ver") \
		"$top/pfmlib_events/libpfm4/test.sh" "$dir/work" >"$log" 2>&1
	local rc=$?
	grep -E '^== test.sh|^   [0-9]|hisi_hip09 vectors|FAILED|passed, [0-9]+ failed' "$log" | sed 's/^/  /'
	vectors=$(grep -oE 'hisi_hip09 vectors: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	local enc
	enc=$(grep -E '^   [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 | sed 's/^ *//')
	if [ "$rc" = 0 ]; then
		row "$name" PASS "$suite; aarch64 cross build, validate under qemu: ${vectors#hisi_hip09 }; encodings ${enc:-?}"
	else
		row "$name" FAIL "$suite; ${vectors:-no vector count}; log $log"
	fi
}

# ---- the matrix --------------------------------------------------------------

setup_apt
if [ "$apt_ok" = 1 ]; then
	say "papi in the suites: $(versions papi | tr '\n' ' ')"
	say "libpfm4 in the suites: $(versions libpfm4 | tr '\n' ' ')"
fi
for v in $papi_versions; do
	papi_column "$v"
done
for v in $libpfm4_versions; do
	libpfm4_column "$v"
done

elapsed=$(($(now) - t_start))
echo
echo "=== compatibility matrix ($(date -u +%Y-%m-%d), $((elapsed / 60)) min $((elapsed % 60)) s)"
printf '%-34s %-5s %s\n' "column" "result" "detail"
for r in "${rows[@]}"; do
	IFS='|' read -r n res d <<<"$r"
	printf '%-34s %-5s %s\n' "$n" "$res" "$d"
done
echo "compat: $n_pass passed, $n_fail failed, $n_skip skipped"
[ "$n_fail" = 0 ]
