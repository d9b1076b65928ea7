# shellcheck shell=bash
# make_fake_sysfs ROOT FIXTURE_DEVICES_DIR...
#
# Build a sysfs root at ROOT that perf (SYSFS_PATH=ROOT) and hisi-uncore read
# like the real /sys: every entry of /sys is a symlink to the real one except
# bus/event_source/devices, a real directory holding links to the real PMUs
# plus copies of the fixture PMU directories given.
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
		ln -s "$(readlink -f "$f")" "$root/bus/event_source/devices/"
	done
	for f in "$@"; do
		cp -r "$f" "$root/bus/event_source/devices/"
	done
}
