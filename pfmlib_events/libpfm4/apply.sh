#!/bin/sh
# apply.sh LIBPFM4_SRC_DIR
#
# Adds the HiSilicon Hip09 HNS3 and PCIe uncore PMU models to a libpfm4
# source tree: event tables (lib/events/hip09_*), the PMU model
# (lib/pfmlib_arm_hisi_hip09_unc.c), PMU IDs, externs and list entries, the
# ARM64 build lines, the man page, the README line and tests/validate_arm64.c
# vectors.  Known to work on libpfm4 4.13.0 (Debian) and on the libpfm4 that
# PAPI 7.0.0 bundles in src/libpfm4.
#
# Idempotent: every edit is skipped when its marker is already present and
# files are only rewritten when their content differs, so a second run
# changes nothing.  A tree without every anchor is refused before anything
# is touched.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tables=$(cd "$here/.." && pwd)

die() { echo "apply.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: apply.sh LIBPFM4_SRC_DIR"
src=$1
[ -d "$src" ] || die "$src: not a directory"
src=$(cd "$src" && pwd)

pfmlib_h=$src/include/perfmon/pfmlib.h
priv_h=$src/lib/pfmlib_priv.h
common_c=$src/lib/pfmlib_common.c
lib_mk=$src/lib/Makefile
docs_mk=$src/docs/Makefile
validate_c=$src/tests/validate_arm64.c
readme=$src/README

# Stable anchor lines (fixed strings); each is checked below before any edit.
enum_anchor='/* MUST ADD NEW PMU MODELS HERE */'
extern_anchor='arm_hisilicon_kunpeng_sccl7_l3c23_support;'
arm64_ifdef='#ifdef CONFIG_PFMLIB_ARCH_ARM64'
cflags_anchor='CFLAGS += -DCONFIG_PFMLIB_ARCH_ARM64'
inc_anchor='INC_ARM64=pfmlib_arm_priv.h'
docs_anchor='ifeq ($(CONFIG_PFMLIB_ARCH_ARM64),y)'
maxenc_anchor='#define MAX_ENCODING'
vectors_anchor='static const test_event_t arm64_test_events[]={'
readme_anchor='Huawei HiSilicon Kunpeng 920'
flags_anchor='#define PFMLIB_PMU_FL_DEPR'
# pfmlib_common.c lines the strict attribute rules change (each once in the file)
include_anchor='#include "pfmlib_priv.h"'
same_line='ret = pfmlib_same_attr(d, i, j);'
name_line='if (!strcasecmp(d->pattrs[aidx].name, s)) {'
int_line='d->attrs[d->nattrs].ival = strtoull(s, &endptr, 0);'
bool_line='if (strlen(s) > 1)'

# ---- recognise the tree ---------------------------------------------------

need_anchor() { # file fixed-string description
	[ -f "$1" ] || die "$src is not a libpfm4 source tree I know: missing ${1#"$src"/}"
	grep -Fq -- "$2" "$1" || die "$src is not a libpfm4 source tree I know: ${1#"$src"/} lacks $3"
}

need_anchor "$pfmlib_h" "$enum_anchor" "the 'MUST ADD NEW PMU MODELS HERE' line"
grep -q 'LIBPFM_VERSION[[:space:]]*(4 << 16' "$pfmlib_h" || die "$src: not libpfm4 version 4.x"
need_anchor "$priv_h" "$extern_anchor" "the Kunpeng extern list"
need_anchor "$common_c" "$arm64_ifdef" "an ARM64 block in pfmlib_pmus[]"
[ "$(grep -Fc "$arm64_ifdef" "$common_c")" -eq 1 ] || die "$common_c: expected one ARM64 block"
need_anchor "$lib_mk" "$cflags_anchor" "the ARM64 CFLAGS line"
need_anchor "$lib_mk" "$inc_anchor" "INC_ARM64"
need_anchor "$docs_mk" "$docs_anchor" "the ARM64 ARCH_MAN block"
need_anchor "$validate_c" "$maxenc_anchor" "MAX_ENCODING"
need_anchor "$validate_c" "$vectors_anchor" "the arm64_test_events[] table"
need_anchor "$readme" "$readme_anchor" "the processor list"
need_anchor "$priv_h" "$flags_anchor" "the PMU flags"
for line in "$include_anchor" "$same_line" "$name_line" "$int_line" "$bool_line"; do
	# already rewritten by an earlier run, or there exactly once
	grep -Fq "pfmlib_strict_attrs" "$common_c" ||
		[ "$(grep -Fc -- "$line" "$common_c")" -eq 1 ] ||
		die "$src is not a libpfm4 source tree I know: lib/pfmlib_common.c lacks '$line' (once)"
done
[ -d "$src/lib/events" ] && [ -d "$src/docs/man3" ] || die "$src: missing lib/events or docs/man3"

# ---- helpers --------------------------------------------------------------

changed=0

install_file() { # from to
	if cmp -s "$1" "$2"; then
		echo "  = ${2#"$src"/}"
	else
		cp "$1" "$2"
		chmod 644 "$2"
		echo "  + ${2#"$src"/}"
		changed=$((changed + 1))
	fi
}

# edit FILE MARKER DESCRIPTION AWK-PROGRAM [awk -v assignments...]
# Runs the awk program unless MARKER (fixed string) is already in FILE.
edit() {
	file=$1 marker=$2 what=$3 prog=$4
	shift 4
	if grep -qF -- "$marker" "$file"; then
		echo "  = ${file#"$src"/}: $what"
		return
	fi
	awk "$@" "$prog" "$file" > "$file.hip09.tmp"
	if cmp -s "$file" "$file.hip09.tmp" || ! grep -qF -- "$marker" "$file.hip09.tmp"; then
		rm -f "$file.hip09.tmp"
		die "${file#"$src"/}: could not $what"
	fi
	cat "$file.hip09.tmp" > "$file"	# keeps the file's mode
	rm -f "$file.hip09.tmp"
	echo "  + ${file#"$src"/}: $what"
	changed=$((changed + 1))
}

# awk programs: insert the lines of file SNIP before/after the first line containing A
insert_before='!done && index($0, a) { while ((getline l < snip) > 0) print l; done = 1 } { print }'
insert_after='{ print } !done && index($0, a) { while ((getline l < snip) > 0) print l; done = 1 }'
# before the #endif that closes the #ifdef line containing A
insert_before_block_end='
	index($0, a) { inblock = 1 }
	inblock && /^#endif/ { while ((getline l < snip) > 0) print l; inblock = 0 }
	{ print }'

# ---- files ----------------------------------------------------------------

echo "apply.sh: adding HiSilicon Hip09 uncore PMUs to $src"
for f in hip09_types.h hip09_events.h hip09_tables.h hip09_tables.c; do
	install_file "$tables/$f" "$src/lib/events/$f"
done
install_file "$here/pfmlib_arm_hisi_hip09_unc.c" "$src/lib/pfmlib_arm_hisi_hip09_unc.c"
install_file "$here/libpfm_arm_hisi_hip09_unc.3" "$src/docs/man3/libpfm_arm_hisi_hip09_unc.3"

# ---- edits ----------------------------------------------------------------

# insert FILE MARKER DESCRIPTION AWK-INSERT-PROGRAM ANCHOR SNIPPET-FILE
insert() {
	edit "$1" "$2" "$3" "$4" -v a="$5" -v snip="$6"
}

snip=$here/snippets
insert "$pfmlib_h" "PFM_HISI_HIP09_PCIE_GRID" "add PMU IDs" "$insert_before" "$enum_anchor" "$snip/pfmlib.h.enum"
insert "$priv_h" "hisi_hip09_pcie##s##_core##c##_support" "add externs" "$insert_after" "$extern_anchor" "$snip/pfmlib_priv.h.extern"
insert "$common_c" "PFMLIB_HISI_HIP09_PCIE_ENTRY" "list the PMUs for ARM64" "$insert_before_block_end" "$arm64_ifdef" "$snip/pfmlib_common.c.list"

insert "$lib_mk" "pfmlib_arm_hisi_hip09_unc.c" "build the model on ARM64" "$insert_after" "$cflags_anchor" "$snip/lib_Makefile.srcs"
insert "$lib_mk" "events/hip09_events.h" "track the tables in INC_ARM64" "$insert_after" "$inc_anchor" "$snip/lib_Makefile.inc"
insert "$docs_mk" "libpfm_arm_hisi_hip09_unc.3" "install the man page on ARM64" "$insert_after" "$docs_anchor" "$snip/docs_Makefile.man"
insert "$readme" "HiSilicon Hip09 HNS3 and PCIe uncore PMUs" "list the processor" "$insert_after" "$readme_anchor" "$snip/README.line"

# Attributes as perf writes them, for PMUs that ask (PFMLIB_PMU_FL_STRICT_ATTR):
# the flag, the rules, and the four places of the parser that apply them.
insert "$priv_h" "PFMLIB_PMU_FL_STRICT_ATTR" "add the strict-attributes flag" "$insert_after" "$flags_anchor" \
	"$snip/pfmlib_priv.h.flag"
insert "$common_c" "pfmlib_strict_attrs(pfmlib_event_desc_t *d)" "add the strict attribute rules" \
	"$insert_after" "$include_anchor" "$snip/pfmlib_common.c.strict"
# replace FILE MARKER DESCRIPTION LINE NEW: the one line holding LINE becomes
# its indentation followed by NEW
replace() {
	edit "$1" "$2" "$3" '!done && index($0, a) { match($0, /^[ \t]*/); $0 = substr($0, 1, RLENGTH) b; done = 1 } { print }' \
		-v a="$4" -v b="$5"
}
replace "$common_c" "pfmlib_strict_attrs(d)) /* each once */" "refuse a repeated attribute (strict)" \
	"$same_line" 'ret = pfmlib_same_attr(d, i, j); if (ret == 1 && pfmlib_strict_attrs(d)) /* each once */ ret = -1;'
replace "$common_c" "pfmlib_attr_name_is(d, " "match attribute names in their case (strict)" \
	"$name_line" 'if (pfmlib_attr_name_is(d, d->pattrs[aidx].name, s)) {'
replace "$common_c" "pfmlib_attr_strtoull(d, " "read integers as perf does (strict)" \
	"$int_line" 'd->attrs[d->nattrs].ival = pfmlib_attr_strtoull(d, s, &endptr);'
replace "$common_c" "!pfmlib_attr_bool_ok(d, " "take booleans 0 or 1 (strict)" \
	"$bool_line" 'if (strlen(s) > 1 || !pfmlib_attr_bool_ok(d, s, yes))'

# The PCIe vectors carry config, config1 and config2.
edit "$validate_c" "hisi_hip09: 3 codes" "raise MAX_ENCODING to 3" \
	'!done && index($0, a) == 1 { split($0, w, /[ \t]+/); if (w[3] + 0 < 3) $0 = "#define MAX_ENCODING\t3 /* hisi_hip09: 3 codes */"; else $0 = $0 " /* hisi_hip09: 3 codes */"; done = 1 } { print }' \
	-v a="$maxenc_anchor"
insert "$validate_c" "hisi_hip09 vectors begin" "add the validate vectors" "$insert_after" "$vectors_anchor" \
	"$here/validate_arm64_hisi_hip09.inc"

echo "apply.sh: done, $changed change(s)"
