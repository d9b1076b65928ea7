#!/usr/bin/env bash
# Security tier: ownership mode's locks (owner_lock.c) against another local
# account, as README's "Threat model" says they must hold.  An attacker
# (nobody, uid 65534) plants links, FIFOs, hard links, forged owners and
# directories of its own; the victim, once root and once an unprivileged
# user (uid 4242, with CAP_PERFMON as a counting user would have), takes
# its locks there.  Each planted trap runs with the kernel's protected_*
# sysctls on and off; the default directories run in a private mount
# namespace on fresh tmpfs mounts of /run and /dev/shm, so the host's are
# never touched.  hu_lock_probe takes the locks as the component does;
# papi_command_line takes them through PAPI.
#
# Usage (run-tiers.sh): security.sh.  SECURITY_SCENARIOS=NAME... runs a subset
# (planted dirs defaults papi); HU_LOCK_PROBE names the probe (the e2e guest
# runs one built for it).  Needs root: it plays several users.
set -u
. "$HU_SRCDIR/tests/tiers/lib.sh"
probe=${HU_LOCK_PROBE:-$HU_BUILDDIR/tests/security/hu_lock_probe}
attacker=65534
unpriv=4242

if [ "$(id -u)" != 0 ]; then
	fail "security tier runs as root" "it plays the attacker and the victim's users"
	finish security
	exit
fi
[ -x "$probe" ] || { fail "hu_lock_probe built" "$probe"; finish security; exit; }

base=$(mktemp -d /tmp/hu-security-XXXXXX)
chmod 0755 "$base"
# the users the tier plays run the probe from here: the tree itself may sit
# where only root can reach it (a 0700 home or mktemp directory)
install -m 0755 "$probe" "$base/hu_lock_probe"
probe=$base/hu_lock_probe
sysctls=(protected_symlinks protected_hardlinks protected_fifos protected_regular)
declare -A saved_sysctl
for s in "${sysctls[@]}"; do saved_sysctl[$s]=$(cat /proc/sys/fs/$s 2>/dev/null); done
restore_sysctls() {
	local s
	for s in "${sysctls[@]}"; do
		[ -n "${saved_sysctl[$s]}" ] && echo "${saved_sysctl[$s]}" >/proc/sys/fs/$s 2>/dev/null
	done
}
finished=0
restore() {
	local status=$?
	restore_sysctls
	rm -rf "$base"
	if [ "$finished" = 0 ]; then
		fail "the security tier runs to its end" "it stopped early (status $status)"
		finish security
	fi
}
trap restore EXIT

# as UID CMD...: CMD as that user; the unprivileged victim keeps CAP_PERFMON.
as() {
	local u=$1
	shift
	case $u in
	0) "$@" ;;
	"$attacker") setpriv --reuid="$u" --regid="$u" --clear-groups -- "$@" ;;
	*) setpriv --reuid="$u" --regid="$u" --clear-groups --inh-caps=+perfmon \
		--ambient-caps=+perfmon -- "$@" ;;
	esac
}

# set_protected 0|1: every protected_* sysctl; false where they cannot be set
set_protected() {
	local s
	for s in "${sysctls[@]}"; do
		echo "$1" >/proc/sys/fs/$s 2>/dev/null || return 1
	done
}

# fingerprint FILE: what must not change (mode, owner, size, content), or "absent"
fingerprint() {
	if [ -e "$1" ] || [ -L "$1" ]; then
		stat -c '%a %u %s' -- "$1" && sha256sum <"$1" 2>/dev/null
	else
		echo absent
	fi
}

# take UID DIR PMU...: the probe's lines for UID in lock dir DIR (10 s at most:
# a probe that waits on a planted FIFO is a failure, never a hung tier)
take() {
	local u=$1 dir=$2
	shift 2
	as "$u" env HISI_UNCORE_LOCK_DIR="$dir" timeout 10 "$probe" "$@" 2>&1
	echo "exit $?"
}

# expect_refusal NAME OUTPUT STATUS TEXT: OUTPUT's first line is a refusal
# with STATUS whose message holds TEXT
expect_refusal() {
	local first
	first=$(head -1 <<<"$2")
	if grep -q ": $3 " <<<"$first" && grep -qF -- "$4" <<<"$first"; then
		pass "$1"
	else
		fail "$1" "want $3 '$4', got: $2"
	fi
}

# expect_lines NAME OUTPUT PATTERN...: OUTPUT has a line matching each PATTERN (grep -E)
expect_lines() {
	local name=$1 out=$2 p
	shift 2
	for p in "$@"; do
		grep -qE -- "$p" <<<"$out" || { fail "$name" "no '$p' in: $out"; return; }
	done
	pass "$name"
}

# expect_same NAME BEFORE FILE: FILE's fingerprint is still BEFORE
expect_same() {
	local now
	now=$(fingerprint "$3")
	if [ "$now" = "$2" ]; then pass "$1"; else fail "$1" "was '$2', now '$now'"; fi
}

# victim_home UID: a home with a private .bashrc, as a victim has
victim_home() {
	local home=$base/home-$1
	mkdir -p "$home"
	echo "secret of $1" >"$home/.bashrc"
	chmod 0600 "$home/.bashrc"
	chown "$1:$1" "$home" "$home/.bashrc"
	chmod 0711 "$home"
	echo "$home"
}

# ---- traps planted in a shared directory (root's, 1777, like /run/hisi-uncore)

# hold UID DIR PMU: a probe holding PMU in the background, its pid in
# HOLDER_PROBE once it says it holds it; false, said, if it does not.  Its
# input and output are FIFOs in the tier's private directory: the holder
# keeps the lock until release closes its input.
hold() {
	local first line
	rm -f "$base/holder.in" "$base/holder.out"
	mkfifo -m 0600 "$base/holder.in" "$base/holder.out"
	as "$1" env HISI_UNCORE_LOCK_DIR="$2" "$probe" --hold "$3" \
		<"$base/holder.in" >"$base/holder.out" 2>&1 &
	HOLDER_PID=$!
	exec {HOLDER_IN}>"$base/holder.in" {HOLDER_OUT}<"$base/holder.out"
	HOLDER_PROBE=
	read -r -t 60 -u "$HOLDER_OUT" first
	read -r -t 60 -u "$HOLDER_OUT" line
	if [ "$first" = "$3: HU_OK" ] && [[ $line =~ ^holding\ [0-9]+$ ]]; then
		HOLDER_PROBE=${line#holding }
		return 0
	fi
	fail "uid $1 holds $3 in its lock directory" "the holder said '$first' '$line'"
	return 1
}

release() {
	exec {HOLDER_IN}>&-
	wait "$HOLDER_PID" 2>/dev/null
	exec {HOLDER_OUT}<&-
}

planted_traps() {
	local v=$1 tag=$2 home shared out before victim_file missing
	home=$(victim_home "$v")
	victim_file=$home/.bashrc
	missing=$home/made-by-a-link
	shared=$base/shared-$v-$tag
	rm -rf "$shared"
	mkdir "$shared"
	chmod 1777 "$shared"
	before=$(fingerprint "$victim_file")

	# 1: a link to the victim's file, and one to a file that does not exist
	as $attacker ln -s "$victim_file" "$shared/pmu_link.lock"
	as $attacker ln -s "$missing" "$shared/pmu_dangling.lock"
	out=$(take "$v" "$shared" pmu_link)
	expect_refusal "$tag: a planted symbolic link is refused" "$out" HU_E_UNSAFE "is a symbolic link"
	expect_same "$tag: the link's target is untouched" "$before" "$victim_file"
	out=$(take "$v" "$shared" pmu_dangling)
	expect_refusal "$tag: a dangling link is refused" "$out" HU_E_UNSAFE "is a symbolic link"
	expect_same "$tag: a dangling link's target is not created" absent "$missing"

	# 2: a FIFO: refused at once, and the next PMU of the same process is taken
	as $attacker mkfifo "$shared/pmu_fifo.lock"
	out=$(take "$v" "$shared" pmu_fifo pmu_after)
	expect_refusal "$tag: a planted FIFO is refused without waiting" "$out" HU_E_UNSAFE \
		"is not a regular file"
	expect_lines "$tag: after a FIFO the process takes another PMU" "$out" "^pmu_after: HU_OK"

	# a hard link to the victim's file (the attacker's own where
	# protected_hardlinks allows it, else root plants it for the test)
	as $attacker ln "$victim_file" "$shared/pmu_hard.lock" 2>/dev/null ||
		ln "$victim_file" "$shared/pmu_hard.lock"
	out=$(take "$v" "$shared" pmu_hard)
	expect_refusal "$tag: a hard link to another file is refused" "$out" HU_E_UNSAFE "links"
	expect_same "$tag: the hard link's target is untouched" "$before" "$victim_file"

	# a lock file its owner made unreadable: a denial, which the refusal explains
	as $attacker sh -c ": >'$shared/pmu_unreadable.lock' && chmod 000 '$shared/pmu_unreadable.lock'"
	out=$(take "$v" "$shared" pmu_unreadable)
	if [ "$v" = 0 ]; then
		expect_lines "$tag: root takes a lock file its owner made unreadable" "$out" \
			"^pmu_unreadable: HU_OK"
	else
		expect_refusal "$tag: a lock file its owner made unreadable is refused, saying so" \
			"$out" HU_E_ENV "its owner made it unreadable"
	fi

	# 3: a forged owner text, held by the attacker: the refusal names the
	# holder the kernel knows (pid, uid), never what the file says
	as $attacker sh -c "echo 'pid 1 (systemd)' >'$shared/pmu_forged.lock'"
	hold $attacker "$shared" pmu_forged
	out=$(take "$v" "$shared" pmu_forged)
	expect_refusal "$tag: a forged owner text: the real holder is named" "$out" HU_E_CONFLICT \
		"is owned by pid $HOLDER_PROBE (hu_lock_probe, uid $attacker)"
	if grep -q "pid 1 (systemd)" <<<"$out"; then
		fail "$tag: the forged text is not repeated" "$out"
	else
		pass "$tag: the forged text is not repeated"
	fi
	release

	# one owner per node across users: the victim's new lock file, which the
	# attacker can take in turn, never write
	hold "$v" "$shared" pmu_shared
	out=$(take $attacker "$shared" pmu_shared)
	expect_refusal "$tag: another user is refused while the victim owns the PMU" "$out" \
		HU_E_CONFLICT "is owned by pid $HOLDER_PROBE (hu_lock_probe, uid $v)"
	release
	out=$(take $attacker "$shared" pmu_shared)
	if grep -q "^pmu_shared: HU_OK" <<<"$out" &&
		[ "$(stat -c '%a %u %s' "$shared/pmu_shared.lock")" = "644 $v 0" ]; then
		pass "$tag: the other user takes it in turn; the file stays the victim's, 0644, empty"
	else
		fail "$tag: the other user takes it in turn" "$out $(stat -c '%a %u %s' "$shared/pmu_shared.lock")"
	fi
}

scenario_planted() {
	local v setting tag
	for setting in 1 0; do
		if ! set_protected $setting; then
			echo "SKIP protected_*=$setting: the sysctls cannot be set here"
			continue
		fi
		for v in 0 $unpriv; do
			tag="uid $v, protected_*=$setting"
			planted_traps "$v" "$tag"
		done
	done
	restore_sysctls
}

# ---- lock directories checked before use -------------------------------------

scenario_dirs() {
	local v out evil open deep long i
	for v in 0 $unpriv; do
		evil=$base/evil-$v
		mkdir -p "$evil"
		chown $attacker:$attacker "$evil"
		out=$(take "$v" "$evil" pmu_a)
		expect_refusal "uid $v: a lock directory of another user is refused" "$out" HU_E_UNSAFE \
			"belongs to uid $attacker"
		open=$base/open-$v
		mkdir -p "$open"
		chmod 0777 "$open"
		out=$(take "$v" "$open" pmu_a)
		expect_refusal "uid $v: a directory all can write, not sticky, is refused" "$out" \
			HU_E_UNSAFE "writable by other users"
		ln -sfn "$base/shared-$v-ok" "$base/link-$v"
		mkdir -p "$base/shared-$v-ok"
		chmod 1777 "$base/shared-$v-ok"
		out=$(take "$v" "$base/link-$v" pmu_a)
		expect_refusal "uid $v: a lock directory that is a link is refused" "$out" HU_E_UNSAFE \
			"is a symbolic link"
		out=$(take "$v" "$base/no-such-dir" pmu_a)
		expect_refusal "uid $v: a missing lock directory is said to be missing" "$out" HU_E_ENV \
			"lock directory $base/no-such-dir does not exist"
		out=$(take "$v" "$base/shared-$v-ok" pmu_a)
		expect_lines "uid $v: root's sticky 1777 directory is used" "$out" "^pmu_a: HU_OK"
	done

	# 4: a long directory path is never cut: two PMUs keep two locks
	deep=$base/deep
	long=$deep
	for i in $(seq 1 8); do long=$long/$(printf 'd%.0s' $(seq 1 120)); done
	mkdir -p "$long"
	chown -R $unpriv:$unpriv "$deep"
	hold $unpriv "$long" msr
	out=$(take $unpriv "$long" software)
	if grep -q "^software: HU_OK" <<<"$out" && [ -f "$long/msr.lock" ] && [ -f "$long/software.lock" ]; then
		pass "a ${#long}-character lock directory keeps one lock per PMU"
	else
		fail "a ${#long}-character lock directory keeps one lock per PMU" "$out"
	fi
	release
	out=$(take 0 "$long/$(printf 'x%.0s' $(seq 1 4000))" msr)
	expect_refusal "a lock directory longer than PATH_MAX is refused, not cut" "$out" HU_E_ENV \
		"longer than PATH_MAX"
}

# ---- the default directories, in a private mount namespace -------------------

# in_namespace SCRIPT: bash SCRIPT with fresh tmpfs on /run and /dev/shm,
# the tier's functions and variables at hand
# (a chroot, as the emulator's guest is, cannot make its / private: there
# the namespace's copies of the mounts are made private one by one, so that
# nothing mounted inside propagates out)
in_namespace() {
	local propagation=private
	unshare --mount --propagation private true 2>/dev/null || propagation=unchanged
	unshare --mount --propagation $propagation bash -c "
		for m in / /dev /run /dev/shm; do mount --make-private \$m 2>/dev/null; done
		mkdir -p /dev/shm
		mount -t tmpfs -o mode=0755 tmpfs /run && mount -t tmpfs -o mode=1777 tmpfs /dev/shm || exit 99
		$(declare -f as fingerprint victim_home)
		base='$base' attacker=$attacker unpriv=$unpriv probe='$probe'
		$1"
}

scenario_defaults() {
	local out home before
	home=$(victim_home $unpriv)
	before=$(fingerprint "$home/.bashrc")

	out=$(in_namespace 'as $unpriv $probe hns3_pmu_sicl_0 2>&1; stat -c "%a %u" /dev/shm/hisi-uncore-$unpriv; [ -e /run/hisi-uncore ] && echo run-made')
	if grep -q "^hns3_pmu_sicl_0: HU_OK" <<<"$out" && grep -q "^700 $unpriv\$" <<<"$out" &&
		! grep -q run-made <<<"$out"; then
		pass "a user without /run/hisi-uncore locks in its own /dev/shm/hisi-uncore-$unpriv (0700)"
	else
		fail "a user without /run/hisi-uncore locks in its own /dev/shm/hisi-uncore-UID" "$out"
	fi

	# the issue's attack: /dev/shm/hisi-uncore made first by another user, a link to .bashrc
	out=$(in_namespace "as \$attacker sh -c 'mkdir /dev/shm/hisi-uncore && ln -s $home/.bashrc /dev/shm/hisi-uncore/hns3_pmu_sicl_0.lock'
		as \$unpriv \$probe hns3_pmu_sicl_0 2>&1")
	expect_lines "another user's /dev/shm/hisi-uncore with a planted link is not used" "$out" \
		"^hns3_pmu_sicl_0: HU_OK"
	expect_same "the planted link's target (.bashrc) is untouched" "$before" "$home/.bashrc"

	out=$(in_namespace "as \$attacker sh -c 'mkdir -m 0777 /dev/shm/hisi-uncore-$unpriv && ln -s $home/.bashrc /dev/shm/hisi-uncore-$unpriv/hns3_pmu_sicl_0.lock'
		as \$unpriv \$probe hns3_pmu_sicl_0 2>&1")
	expect_refusal "this user's fallback directory made first by another user is refused" \
		"$out" HU_E_UNSAFE "belongs to uid $attacker"
	expect_same "... and the link in it is not followed" "$before" "$home/.bashrc"

	out=$(in_namespace 'mkdir -m 0755 /run/hisi-uncore; as $unpriv $probe hisi_pcie0_core0 2>&1')
	expect_refusal "a user cannot create locks in root's 0755 /run/hisi-uncore, and is told why" \
		"$out" HU_E_ENV "root's lock directory wants mode 1777"

	out=$(in_namespace '$probe hisi_pcie0_core0 2>&1; stat -c "%a %u" /run/hisi-uncore /run/hisi-uncore/hisi_pcie0_core0.lock')
	if grep -q "^hisi_pcie0_core0: HU_OK" <<<"$out" && [ "$(sed -n 2p <<<"$out")" = "1777 0" ] &&
		[ "$(sed -n 3p <<<"$out")" = "644 0" ]; then
		pass "root makes /run/hisi-uncore root's 1777, its lock files 0644"
	else
		fail "root makes /run/hisi-uncore root's 1777, its lock files 0644" "$out"
	fi

	# one owner per node across users through /run/hisi-uncore
	out=$(in_namespace 'mkdir -m 0755 /run/hisi-uncore && chmod 1777 /run/hisi-uncore
		coproc H { $probe --hold hisi_pcie0_core0; }
		read -r l <&"${H[0]}"; read -r l <&"${H[0]}"; echo "root $l"
		as $unpriv $probe hisi_pcie0_core0 2>&1')
	if grep -qE "^hisi_pcie0_core0: HU_E_CONFLICT hisi_pcie0_core0 is owned by pid $(sed -nE 's/^root holding ([0-9]+)$/\1/p' <<<"$out") \(hu_lock_probe, uid 0\)" <<<"$out"; then
		pass "a user's process is refused while root's owns the PMU (one owner per node)"
	else
		fail "a user's process is refused while root's owns the PMU (one owner per node)" "$out"
	fi

	# root, /run/hisi-uncore left 1777 by an earlier run, a link planted by nobody
	echo "root only" >"$base/root-secret"
	chmod 0600 "$base/root-secret"
	before=$(fingerprint "$base/root-secret")
	set_protected 0 || echo "SKIP protected_*=0 for the root link: the sysctls cannot be set here"
	out=$(in_namespace "mkdir -m 1777 /run/hisi-uncore
		as \$attacker ln -s $base/root-secret /run/hisi-uncore/hisi_pcie0_core0.lock
		\$probe hisi_pcie0_core0 2>&1")
	restore_sysctls
	expect_refusal "root: a link planted in /run/hisi-uncore is refused" "$out" HU_E_UNSAFE \
		"is a symbolic link"
	expect_same "root: the root-only file it points to is untouched" "$before" "$base/root-secret"
}

# ---- through PAPI: the codes a user sees ---------------------------------------

# papi_owner UID DIR: papi_command_line counting sw_alias::cpu-clock as UID
# in ownership mode with its locks in DIR, on the fixture sysfs
papi_owner() {
	(cd "$base" && as "$1" env SYSFS_PATH="$base/sys" HISI_UNCORE_EXTRA_PMUS=sw_alias \
		HISI_UNCORE_OWNER=1 HISI_UNCORE_LOCK_DIR="$2" timeout 20 \
		"$base/papi_command_line" sw_alias::cpu-clock 2>&1)
}

scenario_papi() {
	local v out dir home before
	. "$HU_SRCDIR/tests/lib/fake-sysfs.sh"
	if [ ! -x "$HU_PREFIX/bin/papi_command_line" ]; then
		fail "papi_command_line installed" "$HU_PREFIX/bin/papi_command_line"
		return
	fi
	# libpapi is linked in: the copy runs wherever the tree is (as the probe)
	install -m 0755 "$HU_PREFIX/bin/papi_command_line" "$base/papi_command_line"
	make_fake_sysfs "$base/sys" "$HU_SRCDIR"/tests/fixtures/sysfs/bus/event_source/devices/*
	add_sw_alias_pmu "$base/sys"
	chmod -R a+rX "$base/sys"
	for v in 0 $unpriv; do
		home=$(victim_home "$v")
		before=$(fingerprint "$home/.bashrc")
		dir=$base/papi-$v
		mkdir -p "$dir"
		chmod 1777 "$dir"
		as $attacker ln -s "$home/.bashrc" "$dir/sw_alias.lock"
		expect_lines "uid $v: PAPI refuses a planted link with PAPI_EPERM and the reason" \
			"$(papi_owner "$v" "$dir")" "sw_alias.lock is a symbolic link" \
			"Permission level does not permit operation"
		expect_same "uid $v: PAPI left the link's target untouched" "$before" "$home/.bashrc"
		expect_lines "uid $v: a missing lock directory is PAPI_ESYS, not 'event does not exist'" \
			"$(papi_owner "$v" "$base/none")" "lock directory $base/none does not exist" \
			"A System/C library call failed"
		rm -f "$dir/sw_alias.lock"
		expect_lines "uid $v: counts in ownership mode once the trap is gone" \
			"$(papi_owner "$v" "$dir")" "^sw_alias::cpu-clock :[[:space:]]*[1-9]"
	done
}

for s in ${SECURITY_SCENARIOS:-planted dirs defaults papi}; do
	echo "--- $s"
	"scenario_$s"
done
finished=1
finish security
