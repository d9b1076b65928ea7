# shellcheck shell=bash
# make_fake_sysfs ROOT FIXTURE_DEVICES_DIR...
#
# Build a sysfs root at ROOT that perf (SYSFS_PATH=ROOT) and hisi-uncore read
# like the real /sys: every entry of /sys is a symlink to the real one except
# bus/event_source/devices, a real directory holding links to the real PMUs
# plus copies of the fixture PMU directories given.  The fixtures stand for
# the Hip09 PMUs: real ones (in the emulator's guest) are left out.
make_fake_sysfs() {
	local root=$1 f
	shift
	rm -rf "$root"
	mkdir -p "$root/bus/event_source/devices"
	for f in /sys/*; do
		[ "${f##*/}" = bus ] || ln -s "$f" "$root/"
	done
	for f in /sys/bus/*; do
		[ "${f##*/}" = event_source ] || ln -s "$f" "$root/bus/"
	done
	for f in /sys/bus/event_source/*; do
		[ "${f##*/}" = devices ] || ln -s "$f" "$root/bus/event_source/"
	done
	for f in /sys/bus/event_source/devices/*; do
		case ${f##*/} in hisi_pcie*_core* | hns3_pmu_sicl_*) continue ;; esac
		ln -s "$(readlink -f "$f")" "$root/bus/event_source/devices/"
	done
	for f in "$@"; do
		cp -r "$f" "$root/bus/event_source/devices/"
	done
}

# add_sw_alias_pmu ROOT
#
# Add to the root made by make_fake_sysfs the PMU sw_alias: the kernel's
# software PMU (type 1 is PERF_TYPE_SOFTWARE, an ABI constant, the same on
# x86_64 and arm64) described the way an uncore driver describes its PMU,
# with a cpumask, a format/ field and events/ aliases.  With
# HISI_UNCORE_EXTRA_PMUS=sw_alias the tests open alias-named events for real
# and check their counts: cpu-clock and task-clock count nanoseconds.  The
# real software PMU must not be named next to it: the component skips both
# of two PMUs that claim one type.  Alias names keep perf's own spelling,
# '-' included, which event names may contain.
add_sw_alias_pmu() {
	local d=$1/bus/event_source/devices/sw_alias
	mkdir -p "$d/format" "$d/events"
	echo 1 >"$d/type"
	echo 0 >"$d/cpumask"
	echo config:0-63 >"$d/format/event"
	echo event=0x0 >"$d/events/cpu-clock"	# PERF_COUNT_SW_CPU_CLOCK
	echo event=0x1 >"$d/events/task-clock"	# PERF_COUNT_SW_TASK_CLOCK
}

# fixture_sysfs_with_sw_alias
#
# The set-up of the tiers that run PAPI or the tools on the fixtures: $root,
# a temporary directory removed when the shell exits, holding at $root/sys a
# fake sysfs root with the fixture PMUs plus sw_alias; fx CMD... runs CMD on
# it with sw_alias taken as an extra PMU.  The removal is the shell's EXIT
# trap, replacing any the caller set.
fixture_sysfs_with_sw_alias() {
	root=$(mktemp -d)
	trap 'rm -rf "$root"' EXIT
	make_fake_sysfs "$root/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
	add_sw_alias_pmu "$root/sys"
	fx() { SYSFS_PATH=$root/sys HISI_UNCORE_EXTRA_PMUS=sw_alias "$@"; }
}
