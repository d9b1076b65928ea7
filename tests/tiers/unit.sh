#!/usr/bin/env bash
# Unit tier: every stage without PAPI, under valgrind's leak checker when
# valgrind is installed (a leak or memory error fails the tier).
set -u
bin=$HU_BUILDDIR/tests/unit/test_unit
[ -x "$bin" ] || { echo "unit: test_unit not built"; echo "unit: 0 passed, 1 failed"; exit 1; }
if command -v valgrind >/dev/null; then
	exec valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--error-exitcode=9 "$bin"
fi
exec "$bin"
