#!/usr/bin/env bash
# hisi-uncore: one entry point for a fresh Debian 12 machine.
#
#   ./build.sh [build]   install what is missing, build PAPI with the
#                        hisi_uncore component, install into _install/
#   ./build.sh check     build, then run every test tier; ends with
#                        "N passed, N failed"
#   ./build.sh demo      build, then the main job on the emulated Hip09
#   ./build.sh bench     build, then the benchmarks (results: doc/performance.md)
#   ./build.sh fuzz      long libFuzzer runs of every target (tests/fuzz/, results:
#                        doc/fuzzing.md), one after another, single process; needs
#                        clang only, not PAPI.  Environment: FUZZ_RUNS=N inputs per
#                        target (default 10000000) or FUZZ_SECONDS=S per target,
#                        FUZZ_TARGETS="sysfs resolve ..." (default all), FUZZ_FLAGS.
#                        Corpora grow in _build/fuzz/corpus/, crashes land in
#                        _build/fuzz/artifacts/.
#   ./build.sh compat    compatibility matrix (not part of check): the component
#                        built against PAPI 7.0.0, 7.1.0 and 7.2.0 from Debian's
#                        archive, each in _build/compat/papi-V/, with the tiers
#                        that link or run libpapi; the libpfm4 models on Debian
#                        12's libpfm4 and the newest one Debian carries, cross-
#                        built for aarch64, validate under qemu-user.  Sources
#                        come through a private apt configuration
#                        (_build/compat/apt); a version the archive does not
#                        serve is a SKIP.  Environment: HU_COMPAT_PAPI,
#                        HU_COMPAT_TIERS, HU_COMPAT_LIBPFM4, HU_COMPAT_SNAPSHOT
#                        (tests/compat/matrix.sh).  Ends with "N passed, N
#                        failed, N skipped" (columns).
#
# Options (before the command):
#   --with-papi-src=DIR  use this PAPI 7 source tree instead of fetching one
#   --jobs=N             parallel make jobs (default: number of CPUs)
#   --arch=arm64         build only: cross-build for aarch64 on an x86_64 host
#                        (PAPI with the component, tools, test programs) into
#                        _build/arm64/ (obj, papi, install); on an arm64 host
#                        the plain build is already native
#
# Unattended: no prompts (DEBIAN_FRONTEND=noninteractive); a second run
# reuses everything already built.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build_dir=$top/_build
prefix=$top/_install
cache=$build_dir/cache
obj=$build_dir/obj
papi_src=""
arch=""
jobs=$(nproc 2>/dev/null || echo 2)
export DEBIAN_FRONTEND=noninteractive

say() { printf 'build.sh: %s\n' "$*" >&2; }
die() { printf 'build.sh: error: %s\n' "$*" >&2; exit 1; }

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

# ---- system packages ------------------------------------------------------

build_packages=(autoconf automake make gcc clang pkg-config libcunit1-dev
	dpkg-dev linux-perf strace valgrind util-linux jq libclang-rt-dev
	openmpi-bin libopenmpi-dev iproute2 libpcp3-dev libpcp-pmda3-dev)

missing_packages() {
	local p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
	done
}

apt_updated=0
apt_update_once() {
	[ "$apt_updated" = 1 ] && return 0
	say "apt-get update"
	local try
	for try in 1 2 3 4 5 6; do	# another apt may hold the lists lock
		as_root apt-get update -qq && break
		[ "$try" = 6 ] && die "apt-get update failed"
		say "apt-get update failed; retrying in 30 s"
		sleep 30
	done
	apt_updated=1
}

# apt and dpkg one at a time among this tree's scripts (emulator/vm-run
# takes the same lock): check runs tiers side by side, and each may install
apt_lock() {
	mkdir -p "$build_dir"
	exec {apt_lock_fd}>"$build_dir/.apt.lock"
	flock "$apt_lock_fd"
}
apt_unlock() {
	exec {apt_lock_fd}>&-
}

ensure_packages() {
	local missing
	missing=$(missing_packages "$@")
	[ -z "$missing" ] && return 0
	apt_lock
	apt_update_once
	say "installing: $(echo $missing)"
	# another apt or dpkg may hold the lock: wait for it rather than fail
	as_root env INITRD=No apt-get install -y -qq --no-install-recommends \
		-o DPkg::Lock::Timeout=600 $missing >/dev/null
	apt_unlock
}

# A deb-src entry for the suite the machine already uses, so that
# "apt-get source" works on a stock image that has only binary entries.
ensure_deb_src() {
	local uri suite
	if grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
		return 0
	fi
	uri=$(grep -rhsE '^URIs:' /etc/apt/sources.list.d/*.sources | grep -v security | head -1 | awk '{print $2}')
	suite=$(grep -rhsE '^Suites:' /etc/apt/sources.list.d/*.sources | head -1 | awk '{print $2}')
	if [ -z "$uri" ]; then
		uri=$(grep -hsE '^deb ' /etc/apt/sources.list | grep -v security | head -1 | awk '{print $2}')
		suite=$(grep -hsE '^deb ' /etc/apt/sources.list | grep -v security | head -1 | awk '{print $3}')
	fi
	[ -n "$uri" ] && [ -n "$suite" ] || die "cannot find the Debian mirror in /etc/apt to add a deb-src entry"
	say "adding a deb-src entry for $suite ($uri)"
	as_root tee /etc/apt/sources.list.d/hisi-uncore-src.sources >/dev/null <<SRC
Types: deb-src
URIs: $uri
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	apt_updated=0
}

# ---- sources ---------------------------------------------------------------

# Unpack a Debian source package pristine (upstream tree, no Debian patches)
# into DIR (default $cache/NAME); echo its path.
fetch_source() {
	local pkg=$1 dir=${2:-$cache/$1} dsc
	if [ -f "$dir/.complete" ]; then
		echo "$dir"
		return 0
	fi
	ensure_deb_src
	apt_update_once >&2
	mkdir -p "$cache/dl"
	say "apt-get source $pkg"
	(cd "$cache/dl" && apt-get source --download-only -qq "$pkg" >/dev/null 2>&1) ||
		die "apt-get source $pkg failed"
	dsc=$(ls "$cache/dl/${pkg}"_*.dsc | sort -V | tail -1)
	rm -rf "$dir"
	mkdir -p "$(dirname "$dir")"
	dpkg-source --skip-patches -x "$dsc" "$dir" >/dev/null 2>&1 || die "dpkg-source -x $dsc failed"
	touch "$dir/.complete"
	echo "$dir"
}

papi_tree() {
	if [ -n "$papi_src" ]; then
		[ -f "$papi_src/src/papi.h" ] || die "--with-papi-src=$papi_src: no PAPI source tree there"
		echo "$papi_src"
	elif [ -n "$arch" ]; then
		# a PAPI tree is built in place: one per architecture
		fetch_source papi "$build_dir/$arch/papi"
	else
		fetch_source papi
	fi
}

# ---- build ------------------------------------------------------------------

autoreconf_if_needed() {
	if [ ! -x "$top/configure" ] || [ "$top/configure.ac" -nt "$top/configure" ] ||
		[ "$top/Makefile.am" -nt "$top/Makefile.in" ]; then
		say "autoreconf"
		(cd "$top" && autoreconf -fi >/dev/null 2>&1) || (cd "$top" && autoreconf -fi)
	fi
}

# configure_tree PAPI_TREE [CONFIGURE ARGS...]: (re)configure $obj when needed
configure_tree() {
	local papi=$1
	shift
	mkdir -p "$obj"
	if [ ! -f "$obj/Makefile" ] || [ "$top/configure" -nt "$obj/config.status" ] ||
		! grep -q -- "--with-papi-src=$papi" "$obj/config.status" 2>/dev/null; then
		say "configure (prefix $prefix${1:+, $*})"
		(cd "$obj" && "$top/configure" --prefix="$prefix" --with-papi-src="$papi" "$@" \
			>configure.out 2>&1) || { tail -30 "$obj/configure.out"; die "configure failed"; }
	fi
}

# make_all [MAKE VARIABLES...]: build, the test programs, install
make_all() {
	say "make -j$jobs (PAPI with hisi_uncore, tools, tests)"
	make -C "$obj" -j"$jobs" --no-print-directory "$@"
	make -C "$obj" -j"$jobs" --no-print-directory check TESTS= "$@" >/dev/null
	say "make install into $prefix"
	make -C "$obj" --no-print-directory install "$@" >/dev/null
}

do_build() {
	local papi
	[ -z "$arch" ] || { do_cross_build; return; }
	ensure_packages "${build_packages[@]}"
	papi=$(papi_tree)
	say "PAPI source: $papi"
	autoreconf_if_needed
	configure_tree "$papi"
	make_all
	say "build done: $prefix/bin has papi_native_avail, papi_command_line, hisi-uncore-attr"
}

# ---- cross build (aarch64 on x86_64) -------------------------------------------------

cross_packages=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static libcunit1-dev:arm64)

# libcunit1-dev:arm64 needs dpkg to know the architecture.
ensure_foreign_arch() {
	dpkg --print-foreign-architectures | grep -qx arm64 && return 0
	say "dpkg --add-architecture arm64"
	apt_lock
	as_root dpkg --add-architecture arm64
	apt_unlock
	apt_updated=0
}

# What PAPI's configure cannot find out when it cannot run what it compiles
# (test-harness notes: without --with-CPU=arm the x86 cpuid code is built).
papi_cross_flags="--host=aarch64-linux-gnu --with-arch=aarch64 --with-CPU=arm --with-ffsll
	--with-walltimer=clock_realtime --with-tls=__thread
	--with-virtualtimer=clock_thread_cputime_id --with-perf-events --with-tests=no
	CC=aarch64-linux-gnu-gcc"

do_cross_build() {
	local papi
	[ "$arch" = arm64 ] || die "--arch=$arch: only arm64 can be cross-built"
	if [ "$(uname -m)" = aarch64 ]; then
		say "--arch=arm64 on an arm64 host: the plain build is native"
		arch=""
		do_build
		return
	fi
	ensure_packages "${build_packages[@]}"
	ensure_foreign_arch
	ensure_packages "${cross_packages[@]}"
	obj=$build_dir/arm64/obj
	prefix=$build_dir/arm64/install
	papi=$(papi_tree)
	say "PAPI source: $papi (aarch64)"
	autoreconf_if_needed
	configure_tree "$papi" --host=aarch64-linux-gnu
	# PAPI's own tests are not built here (its Fortran ones need a cross
	# gfortran); the arm64 tier builds the C ones it runs.
	make_all PAPI_CONFIGURE_FLAGS="$(echo $papi_cross_flags)" \
		PAPI_MAKE_FLAGS="FORCE_PFM_ARCH=CONFIG_PFMLIB_ARCH_ARM64=y TESTS="
	say "build done: $prefix (aarch64; run with qemu-aarch64-static or in emulator/vm-run --arch arm64)"
}

do_check() {
	do_build
	HU_SRCDIR=$top HU_BUILDDIR=$obj HU_PREFIX=$prefix HU_PAPI_SRC=$(papi_tree) \
		"$top/tests/run-tiers.sh"
}

do_demo() {
	do_build
	HU_SRCDIR=$top HU_PREFIX=$prefix "$top/demo/run.sh"
}

do_bench() {
	do_build
	HU_SRCDIR=$top HU_BUILDDIR=$obj HU_PREFIX=$prefix HU_PAPI_SRC=$(papi_tree) \
		"$top/bench/run.sh"
}

# Long runs: the tier's runner with a large budget; corpora persist in _build/fuzz.
do_fuzz() {
	ensure_packages clang libclang-rt-dev
	if [ -z "${FUZZ_SECONDS:-}" ]; then
		export FUZZ_RUNS=${FUZZ_RUNS:-10000000}
	fi
	say "fuzzing (${FUZZ_RUNS:+$FUZZ_RUNS inputs}${FUZZ_SECONDS:+$FUZZ_SECONDS s} per target; logs in $build_dir/fuzz)"
	"$top/tests/fuzz/run-targets.sh" "$top" "$build_dir/fuzz"
}

# The matrix builds PAPI once per version, one at a time, with at most 2 jobs.
compat_packages=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static file xz-utils)
do_compat() {
	local cjobs=$jobs
	[ "$cjobs" -gt 2 ] && cjobs=2
	ensure_packages "${build_packages[@]}" "${compat_packages[@]}"
	if [ ! -x "$top/configure" ] || [ "$top/configure.ac" -nt "$top/configure" ] ||
		[ "$top/Makefile.am" -nt "$top/Makefile.in" ]; then
		say "autoreconf"
		(cd "$top" && autoreconf -fi >/dev/null 2>&1) || (cd "$top" && autoreconf -fi)
	fi
	HU_SRCDIR=$top HU_COMPAT_DIR=$build_dir/compat JOBS=$cjobs "$top/tests/compat/matrix.sh"
}

cmd=build
for arg in "$@"; do
	case $arg in
	--with-papi-src=*) papi_src=${arg#*=} ;;
	--jobs=*) jobs=${arg#*=} ;;
	--arch=*) arch=${arg#*=} ;;
	build | check | demo | bench | fuzz | compat) cmd=$arg ;;
	-h | --help) sed -n '2,42p' "$0"; exit 0 ;;
	*) die "unknown argument '$arg' (try --help)" ;;
	esac
done
[ -z "$arch" ] || [ "$cmd" = build ] || die "--arch=$arch goes with build only (the arm64 tests are the arm64 tier of check)"
"do_$cmd"
