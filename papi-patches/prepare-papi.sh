#!/bin/sh
# prepare-papi.sh PAPI_SRC
#
# Readies a PAPI 7 source tree for the hisi-uncore build (idempotent):
#   1. adds the Hip09 PMU models to PAPI's bundled libpfm4
#      (pfmlib_events/libpfm4/apply.sh), so PAPI's stock perf_event_uncore
#      component knows the events too;
#   2. papi-7.0-perf-attr-size.patch: PAPI 7.0 leaves perf_event_attr.size
#      at 0, so libpfm4 copies back (and the kernel reads) only the first 64
#      bytes and config2 - where the PCIe PMU's port and bdf filters live -
#      is silently dropped.  PAPI 7.1 has the same one-line fix;
#   3. papi-7.0-native-event-index.patch: PAPI finds a native event by
#      scanning every event registered so far, so listing N events costs
#      O(N^2) - seconds with dozens of uncore PMU instances (the enumeration
#      hangs PAPI users report).  A hash on (component, event code) makes it
#      O(N); measured in doc/performance.md.  Lookups and inserts take PAPI's
#      INTERNAL_LOCK together, so threads resolving names at once neither
#      read a half-built hash nor get two codes for one name (issue 11);
#   4. papi-7.0-pe-event-name-hash.patch: the same O(N^2) in the perf_event
#      components' own name lookup (find_existing_event), which made PAPI's
#      stock perf_event_uncore listing of the Hip09 PMUs take 630 ms at 24
#      instances;
#   5. papi-7.0-stop-after-failed-read.patch: PAPI_stop returned at once when
#      its final read failed, leaving the EventSet running for ever (it could
#      be neither stopped, cleaned up nor destroyed).  hisi_uncore refuses
#      reads that would give partial counts (counters taken by another user),
#      so the EventSet is now stopped anyway and PAPI_stop returns the error;
#   6. papi-7.0-concurrent-shutdown.patch: threads calling PAPI_shutdown at
#      once (the high-level API's do when its set-up fails) each freed PAPI's
#      and every component's globals: a double free.  One tears down, the
#      others wait for it (issue 11);
#   7. papi-7.0-pe-long-event-name.patch: the perf_event components built a
#      name of up to the user's length in a BUFSIZ stack buffer, so an 8 kB
#      or longer name overflowed the stack; such names are now no event,
#      PAPI_ENOEVNT (issue 11);
#   8. papi-7.0-native-event-reads.patch: PAPI_add_event, PAPI_get_event_info,
#      PAPI_event_code_to_name and the components' update_control_state read
#      PAPI's native event table without a lock while another thread's new
#      name may realloc it: wrong components, PAPI_EBUG and reads of freed
#      memory (tests/papi/test_races.c native_reads failed 20 runs in 20).
#      They now copy the entry under a read lock the writers take for writing
#      (issue 11);
#   9. papi-7.0-full-pmu-list.patch: PAPI hands a PMU::EVENT name only to a
#      component listing that PMU in its pmu_names, which hold PAPI_PMU_MAX
#      (80): events of the 81st PMU on could only be named with the
#      hisi_uncore::: prefix, and a plain name failed with no message.  A
#      component whose list is full is now asked too (issue 11);
#  10. papi-7.0-remove-event-positions.patch: PAPI_remove_event moves the
#      EventSet's last native event into the hole without its PAPI code, and
#      never maps the events to the positions update_control_state gives
#      them again: an event after the removed one read a stale value (the
#      one from the previous read of its old position) for ever.  The code
#      moves along and the positions are mapped again, as after an add;
#  11. papi-7.0-command-line-doubles.patch: papi_command_line -u and -x
#      printed a floating-point event (a hisi_uncore metric) as the integer
#      or hexadecimal of its double's bits (4738316373166391296 for 500.0).
#      They format counts; a double is printed as a double, and says so.
#  12. papi-7.0-refused-name-stays-refused.patch: the perf_event components
#      keep a name libpfm4 refused to encode in their table (for listings)
#      and the second PAPI_event_name_to_code of it found it there: PAPI_OK
#      for 'hns3_pmu_sicl_0::EVENT:port=1:port=1', which libpfm4 and
#      hisi_uncore refuse; only PAPI_add failed.  Name-to-code now returns
#      libpfm4's error every time (PAPI_EATTR for a bad modifier), with
#      libpfm4's message through PAPIERROR (issue 27, finding 11).
# Each patch is skipped where the tree already has it, or where the PAPI
# version already fixes the problem in its own words (patch 2 on PAPI 7.1 and
# later: the message says so).  A patch that does not apply stops the script
# before it touches the tree (patch --dry-run first); no .orig or .rej file is
# left behind.  Known to apply to PAPI 7.0.0, 7.1.0 and 7.2.0.  A tree that was
# already built is cleaned when a patch lands: PAPI's makefiles do not track
# header dependencies, and patch 4 changes a structure's size.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: prepare-papi.sh PAPI_SRC" >&2; exit 2; }
papi=$(cd "$1" && pwd)
applied=no	# set when the tree changes: an earlier build of it is then stale

[ -d "$papi/src/libpfm4/lib" ] || { echo "prepare-papi.sh: $papi has no bundled src/libpfm4" >&2; exit 1; }
pfm_out=$("$here/../pfmlib_events/libpfm4/apply.sh" "$papi/src/libpfm4")
echo "$pfm_out" | tail -n 1
# PAPI builds its libpfm4 once and never again when a source changes
case $pfm_out in *"done, 0 change(s)") ;; *) applied=yes ;; esac

# apply_once PATCH FILE MARKER [FIXED WHY]: apply PATCH unless FILE already
# holds MARKER (our patch is in).  FIXED, an extended regex, is the version's
# own fix in its own words: when FILE matches it the patch is skipped, and WHY
# says what the version already does.  A patch is tried with --dry-run first:
# one that does not apply fails here, loudly, before it changes anything, and
# no .orig or .rej file is ever left in the tree.
apply_once() {
	if grep -q "$3" "$papi/$2"; then
		echo "prepare-papi.sh: $1 already present"
		return 0
	fi
	if [ $# -ge 5 ] && grep -Eq "$4" "$papi/$2"; then
		echo "prepare-papi.sh: $1 skipped: this PAPI already $5"
		return 0
	fi
	if ! dry=$(patch -p1 --dry-run --no-backup-if-mismatch -d "$papi" <"$here/$1" 2>&1); then
		printf '%s\n' "$dry" | sed 's/^/  /' >&2
		echo "prepare-papi.sh: error: $1 does not apply to $papi ($(papi_version));" \
			"the tree is unchanged by it" >&2
		exit 1
	fi
	patch -s -p1 --no-backup-if-mismatch --reject-file=- -d "$papi" <"$here/$1" || {
		echo "prepare-papi.sh: error: $1 failed half-way in $papi; extract the tree again" >&2
		exit 1
	}
	echo "prepare-papi.sh: applied $1"
	applied=yes
}
papi_version() {
	sed -n "s/^PACKAGE_VERSION='\\(.*\\)'/PAPI \\1/p" "$papi/src/configure" 2>/dev/null |
		head -n 1 | grep . || echo "PAPI version unknown"
}
# .orig and .rej files: none may appear (a tree may hold some from elsewhere)
patch_leftovers() { find "$papi" \( -name '*.rej' -o -name '*.orig' \) | sort; }
leftovers_before=$(patch_leftovers)
# PAPI 7.1 sets the size itself, in other words than our patch (whose
# comment is the marker), before pfm_get_os_event_encoding.
apply_once papi-7.0-perf-attr-size.patch src/components/perf_event/pe_libpfm4_events.c \
	'PAPI 7.1 sets it too' \
	'attr\.size[[:space:]]*=[[:space:]]*sizeof[[:space:]]*\([[:space:]]*struct[[:space:]]+perf_event_attr[[:space:]]*\)' \
	'sets perf_event_attr.size before encoding (the fix is upstream since PAPI 7.1)'
# An earlier version of the patch (issue 11: an unlocked lookup) cannot be
# upgraded in place: the tree must be extracted again.
if grep -q 'native_hash_head' "$papi/src/papi_internal.c" &&
	! grep -q 'find and add under one lock' "$papi/src/papi_internal.c"; then
	echo "prepare-papi.sh: $papi/src/papi_internal.c has an earlier papi-7.0-native-event-index.patch;" \
		"extract the PAPI tree again (./build.sh: rm -rf _build/cache/papi)" >&2
	exit 1
fi
apply_once papi-7.0-native-event-index.patch src/papi_internal.c 'find and add under one lock'
apply_once papi-7.0-pe-event-name-hash.patch src/components/perf_event/pe_libpfm4_events.c \
	'pe_name_hash_add'
apply_once papi-7.0-stop-after-failed-read.patch src/papi.c 'read_retval = _papi_hwi_read'
apply_once papi-7.0-concurrent-shutdown.patch src/papi.c 'shutdown_lock'
apply_once papi-7.0-pe-long-event-name.patch src/components/perf_event/pe_libpfm4_events.c \
	'a name that does not fit is no event'
apply_once papi-7.0-native-event-reads.patch src/papi_internal.c 'native_event_copy'
apply_once papi-7.0-full-pmu-list.patch src/papi_internal.c 'a full list may not be the whole list'
apply_once papi-7.0-remove-event-positions.patch src/papi_internal.c 'the positions the events read'
apply_once papi-7.0-command-line-doubles.patch src/utils/papi_command_line.c \
	"a double's bits are no count"
apply_once papi-7.0-refused-name-stays-refused.patch src/components/perf_event/pe_libpfm4_events.c \
	'encode_refused'
leftovers_after=$(patch_leftovers)
if [ "$leftovers_after" != "$leftovers_before" ]; then
	echo "prepare-papi.sh: error: patch left files in the tree:" $leftovers_after >&2
	exit 1
fi
if [ "$applied" = yes ] && [ -f "$papi/src/Makefile" ]; then
	echo "prepare-papi.sh: the tree changed; cleaning its earlier build"
	make -s -C "$papi/src" clean >/dev/null 2>&1 || true
	make -s -C "$papi/src/libpfm4" clean >/dev/null 2>&1 || true
fi
