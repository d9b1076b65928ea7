#!/usr/bin/env bash
# Warnings tier: every C file of the project compiles warning-free under
# clang as well as gcc (the build already uses gcc -Werror).
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
command -v clang >/dev/null || { fail "clang installed"; finish clang; exit; }
inc=(-I"$HU_SRCDIR/components/hisi_uncore" -I"$HU_SRCDIR/tools" -I"$HU_SRCDIR/pfmlib_events" -I"$HU_SRCDIR/tests/unit" -I"$HU_SRCDIR/tests/lib"
	-I"$HU_SRCDIR/pcp")
# PAPI's own headers are not ours to fix: -isystem, and the macros its build defines
[ -n "${HU_PAPI_SRC:-}" ] && inc+=(-isystem "$HU_PAPI_SRC/src" -D_REENTRANT
	-DOSLOCK='"linux-lock.h"' -DOSCONTEXT='"linux-context.h"')
for f in "$HU_SRCDIR"/components/hisi_uncore/*.c "$HU_SRCDIR"/tools/*.c \
	"$HU_SRCDIR"/tests/unit/*.c "$HU_SRCDIR"/tests/papi/*.c "$HU_SRCDIR"/tests/badinput/*.c \
	"$HU_SRCDIR"/tests/sysfs/*.c "$HU_SRCDIR"/tests/security/*.c "$HU_SRCDIR"/tests/lib/*.c \
	"$HU_SRCDIR"/pfmlib_events/*.c "$HU_SRCDIR"/pfmlib_events/tests/*.c "$HU_SRCDIR"/pcp/*.c; do
	case $f in */hisi_uncore.c | */test_papi.c | */test_bad_names.c | */hu_probe.c | */hisi-uncore-stat.c) [ -n "${HU_PAPI_SRC:-}" ] || continue ;;
	*/pmda_hisi.c) [ -f /usr/include/pcp/pmda.h ] || continue ;; esac
	name=${f#"$HU_SRCDIR"/}
	if out=$(clang -std=c11 -Wall -Wextra -Werror -fsyntax-only "${inc[@]}" \
		-DHU_FIXTURE_ROOT='"x"' -DPAPI_NUM_COMP=4 "$f" 2>&1); then
		pass "clang: $name"
	else
		fail "clang: $name" "$out"
	fi
done
finish clang
