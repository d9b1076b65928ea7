#!/usr/bin/env bash
# Sysfs tier: hostile sysfs trees (tests/sysfs/gen-hostile.sh: each file the
# component reads missing, empty, garbage, huge, NUL-bearing, unreadable, a
# symlink loop, a FIFO or a directory; directories damaged; 10,000 events,
# 1,100 PMUs, duplicate types) through hu_probe (PAPI's name resolution),
# hisi-uncore-attr, papi_native_avail and papi_component_avail, each under a
# timeout (a FIFO must never hang them).  Per tree: what is damaged is
# refused with its PAPI code and a one-line message naming the file, the
# rest still works.  One PASS/FAIL line per tree; a subset under valgrind.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
chmod 755 "$work"
# Some trees run as nobody: the programs (PAPI linked in statically) and
# valgrind's suppressions go where nobody can reach them, wherever the
# checkout lives (a CI work directory may be private to root).
mkdir -p "$work/bin"
cp "$HU_BUILDDIR/hisi-uncore-attr" "$HU_BUILDDIR/tests/sysfs/hu_probe" \
	"$HU_PREFIX/bin/papi_native_avail" "$HU_PREFIX/bin/papi_component_avail" \
	"$HU_SRCDIR/tests/papi/papi.supp" "$work/bin/"
chmod 755 "$work/bin" "$work/bin/"*
bin=$work/bin
attr_bin=$bin/hisi-uncore-attr
probe_bin=$bin/hu_probe
ncases=$("$HU_SRCDIR/tests/sysfs/gen-hostile.sh" \
	"$HU_SRCDIR/tests/fixtures/sysfs/bus/event_source/devices" "$work/trees") ||
	{ fail "gen-hostile.sh" "could not generate the trees"; finish sysfs; exit; }
echo "sysfs: $ncases hostile trees"

vg=()
command -v valgrind >/dev/null && vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite
	--suppressions="$bin/papi.supp" --error-exitcode=9)
# Root reads unreadable files: those trees run as nobody, with CAP_PERFMON
# alone (the component wants the right to count system-wide).
as_nobody=()
[ "$(id -u)" = 0 ] && as_nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups
	--inh-caps=-all,+perfmon --ambient-caps=+perfmon)

# run TREE OUT CMD...: CMD on the tree, under a timeout (longer under
# valgrind); a hang or a crash is a problem of the tree
run() {
	local tree=$1 outf=$2 rc limit=20
	shift 2
	[ "$1" = valgrind ] && limit=120
	SYSFS_PATH=$tree/sys timeout -k 2 "$limit" "${user[@]}" "$@" >"$outf" 2>&1
	rc=$?
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		problems+=("${1##*/} hung (timeout)")
	elif [ "$rc" -gt 2 ]; then
		problems+=("${1##*/} exited $rc: $(tail -c 300 "$outf" | tr '\n' ' ')")
	fi
	return 0
}

# The tools' outputs, parsed with bash alone: on a loaded 2-core machine a
# process costs ~20 ms, and 140 trees ask about ~5 names each.
declare -A probe attr listed
load_outputs() {
	local how name rest line
	probe=() attr=() listed=()
	while read -r how name rest; do
		probe["$how $name"]="$how $name $rest"
	done <"$out/probe"
	while read -r name rest; do
		[ -n "${attr[$name]+set}" ] || attr[$name]=$rest
	done <"$out/attr"
	while read -r line; do
		listed[$line]=1
	done < <(awk '/Native Events in Component:/ { on = ($NF == "hisi_uncore") }
		on && /^\| [A-Za-z0-9_]+::/ { print $2 }' "$out/native")
	listing=$(awk '/Native Events in Component:/ { on = ($NF == "hisi_uncore") } on' "$out/native")
	component=""
	while IFS= read -r line; do
		[[ $line == "Name:   hisi_uncore "* ]] && component=$line && continue
		[ -n "$component" ] && component+=$'\n'$line && break
	done <"$out/component"
}

# probe_line HOW NAME: $line is hu_probe's line for NAME resolved HOW (prefixed or plain)
probe_line() {
	local key
	[ "$1" = prefixed ] && key="prefixed hisi_uncore:::$2" || key="plain $2"
	line=${probe[$key]-}
}

check_ok() {	# HOW NAME: PAPI_OK by hisi_uncore
	local line code comp
	probe_line "$1" "$2"
	read -r _ _ code comp _ <<<"$line"
	[ "$code" = PAPI_OK ] && [ "$comp" = "$hisi" ] ||
		problems+=("$1 $2: '$line', want PAPI_OK from hisi_uncore")
}

check_refused() {	# HOW CODE SUB NAME: CODE and one line containing SUB
	local line msg code lines
	probe_line "$1" "$4"
	read -r _ _ code _ lines _ <<<"$line"
	msg=${line#* | }
	[ "$code" = "$2" ] && [ "$lines" = 1 ] && [[ $msg == "hisi_uncore: "*"$3"* ]] ||
		problems+=("$1 $4: '$line', want $2 and one line with '$3'")
}

attr_ok() {
	[[ ${attr[$1]-} == *type=* ]] || problems+=("hisi-uncore-attr $1: '${attr[$1]-}'")
}

attr_refused() {	# SUB NAME
	[[ ${attr[$2]-} == "error: "*"$1"* ]] ||
		problems+=("hisi-uncore-attr $2: '${attr[$2]-}', want '$1'")
}

# A listing names only events and metrics, not qualified names.
check_listed() {	# yes|no NAME
	[[ $2 == *::*:* ]] && return
	if [ -n "${listed[$2]-}" ]; then
		[ "$1" = yes ] || problems+=("papi_native_avail lists $2")
	else
		[ "$1" = no ] || problems+=("papi_native_avail does not list $2")
	fi
}

check_tree() {
	local tree=$1 kind a b c names=()
	out=$tree/out
	mkdir -p "$out"
	problems=()
	user=()
	while IFS=$'\t' read -r kind a b c; do
		case $kind in
		user) user=("${as_nobody[@]}") ;;
		ok | attr | foreign) names+=("$a") ;;
		refuse | refuse-listed) names+=("$c") ;;
		esac
	done <"$tree/expect"
	run "$tree" "$out/probe" "$probe_bin" "${names[@]}"
	run "$tree" "$out/attr" "$attr_bin" "${names[@]}"
	run "$tree" "$out/native" "$bin/papi_native_avail"
	run "$tree" "$out/component" "$bin/papi_component_avail"
	load_outputs
	hisi=${probe[hisi_uncore is]-}
	hisi=${hisi##* }
	while IFS=$'\t' read -r kind a b c; do
		case $kind in
		ok)
			check_ok prefixed "$a"
			check_ok plain "$a"
			attr_ok "$a"
			check_listed yes "$a" ;;
		attr)
			[[ ${attr[$a]-} == *"$b"* ]] ||
				problems+=("hisi-uncore-attr $a: '${attr[$a]-}', want '$b'") ;;
		foreign)	# another component's PMU: not ours, no message from us
			probe_line plain "$a"
			[[ $line == "plain $a PAPI_ENOEVNT -1 0 "* ]] ||
				problems+=("plain $a: '$line', want PAPI_ENOEVNT and no message") ;;
		refuse | refuse-listed)	# refuse-listed: listed, but usable only with qualifiers
			check_refused prefixed "$a" "$b" "$c"
			attr_refused "$b" "$c"
			check_listed "$([ "$kind" = refuse ] && echo no || echo yes)" "$c" ;;
		unlisted)	# any name, spaces and ':' included: no entry of the listing
			[[ $listing != *"| $a "* ]] || problems+=("papi_native_avail lists '$a'") ;;
		note)
			[[ $component == *"$a"* && $component != *Disabled:* ]] ||
				problems+=("papi_component_avail: '$component', want enabled with '$a'") ;;
		disabled)
			[[ $component == *Disabled:*"$a"* ]] ||
				problems+=("papi_component_avail: '$component', want disabled with '$a'") ;;
		valgrind)
			[ ${#vg[@]} -gt 0 ] && run "$tree" "$out/valgrind" "${vg[@]}" "$probe_bin" "${names[@]}" ;;
		esac
	done <"$tree/expect"
	if [ ${#problems[@]} = 0 ]; then
		echo "PASS"
	else
		printf 'FAIL %s; ' "${problems[@]}"
	fi
}

# Two trees at a time (the CI machine has 2 cores), verdicts in tree order.
running=0
for tree in "$work"/trees/*/; do
	check_tree "${tree%/}" >"${tree}verdict" &
	running=$((running + 1))
	[ "$running" -lt 2 ] || { wait -n; running=$((running - 1)); }
done
wait
for tree in "$work"/trees/*/; do
	read -r verdict <"${tree}verdict"
	name=${tree%/}
	if [ "$verdict" = PASS ]; then pass "${name##*/}"; else fail "${name##*/}" "${verdict#FAIL }"; fi
done
finish sysfs
