#!/bin/sh
# prepare-papi.sh PAPI_SRC
#
# Readies a PAPI 7 source tree for the hisi-uncore build (idempotent):
#   1. adds the Hip09 PMU models to PAPI's bundled libpfm4 (apply.sh), so
#      PAPI's stock perf_event_uncore component knows the events too;
#   2. applies papi-7.0-perf-attr-size.patch where PAPI lacks it: PAPI 7.0
#      leaves perf_event_attr.size at 0, so libpfm4 copies back (and the
#      kernel reads) only the first 64 bytes and config2 - where the PCIe
#      PMU's port and bdf filters live - is silently dropped.  PAPI 7.1 has
#      the same one-line fix.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 1 ] || { echo "usage: prepare-papi.sh PAPI_SRC" >&2; exit 2; }
papi=$(cd "$1" && pwd)
pe_lib=$papi/src/components/perf_event/pe_libpfm4_events.c

[ -d "$papi/src/libpfm4/lib" ] || { echo "prepare-papi.sh: $papi has no bundled src/libpfm4" >&2; exit 1; }
"$here/apply.sh" "$papi/src/libpfm4" | tail -n 1

if grep -q 'attr.size = sizeof(struct perf_event_attr)' "$pe_lib"; then
	echo "prepare-papi.sh: perf_event attr.size fix already present"
else
	patch -s -p1 -d "$papi" <"$here/papi-7.0-perf-attr-size.patch"
	echo "prepare-papi.sh: applied the perf_event attr.size fix"
fi
