#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Command-line tests of the built binary on this machine's real vDSO:
# verify and abi pass, bench output has the documented shapes, bad input
# exits 2 naming the bad value.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

# The API names of the existing vdsotest (and of issue #2), in table order.
clocks="realtime monotonic process-cputime thread-cputime monotonic-raw
realtime-coarse monotonic-coarse boottime realtime-alarm boottime-alarm tai"
expected_apis=$(
	for c in $clocks; do echo "clock-gettime-$c"; done
	for c in $clocks; do echo "clock-getres-$c"; done
	for n in 0 1 2 3 4 5 6 7; do echo "clock-gettime-aux$n"; done
	for n in 0 1 2 3 4 5 6 7; do echo "clock-getres-aux$n"; done
	printf '%s\n' gettimeofday time getcpu getrandom
	printf '%s\n' powerpc-get-tbfreq powerpc-get-syscall-map powerpc-sync-dicache
	printf '%s\n' riscv-hwprobe riscv-flush-icache
	printf '%s\n' sigreturn unwind
	# 32-bit targets (EI_CLASS 1 in vdsotest's ELF header): the time64 calls.
	if [ "$(od -An -tu1 -j4 -N1 "$VDSOTEST" | tr -d ' ')" = 1 ]; then
		for c in $clocks; do echo "clock-gettime64-$c"; done
		for c in $clocks; do echo "clock-getres-time64-$c"; done
	fi
)

# The APIs of one architecture's vDSO function, for vdsotest's machine
# (e_machine of its ELF header: 243 riscv, 20 and 21 powerpc), from the
# kernel's linker scripts (arch/riscv/kernel/vdso/vdso.lds.S,
# arch/powerpc/kernel/vdso/vdso64.lds.S): list-apis leaves the others out.
em=$(od -An -tu2 -j18 -N2 "$VDSOTEST" | tr -d ' ')
not_here() {
	case $1 in
	riscv-*) [ "$em" != 243 ] ;;
	powerpc-*) [ "$em" != 20 ] && [ "$em" != 21 ] ;;
	*) false ;;
	esac
}
here_apis=$(echo "$expected_apis" | while read -r a; do not_here "$a" || echo "$a"; done)

# ---- names ----
run list-apis
[ $rc -eq 0 ] && [ "$(cat "$out")" = "$here_apis" ]
ok $? "list-apis prints exactly the $(echo "$here_apis" | wc -l) expected APIs of this machine ($em)"

# -v marks the APIs whose clock id the kernel rejects: the aux clocks
# "by this kernel", the alarm clocks (no wake-up RTC) "here", nothing
# else; bench of a marked one is a skip saying so, verify and abi a
# reduced test (the vDSO must reject the clock id too) that passes here;
# an unmarked one a pass (a kernel with CONFIG_POSIX_AUX_CLOCKS whose aux
# clock is enabled) or a skip for a clock that is not enabled.
run -v list-apis
cp "$out" "$tmp/marks"
marked=$(grep -c '	(unsupported \(by this kernel\|here\))$' "$out")
[ $rc -eq 0 ] && [ "$(cut -f1 "$out")" = "$expected_apis" ] &&
	! grep -v '^clock-get[a-z]*-aux[0-7]	(unsupported by this kernel)$' "$out" |
		grep -v '^clock-get[a-z0-9-]*-alarm	(unsupported here)$' |
		grep -v '^[a-z0-9-]*	(not on this architecture)$' | grep -q '	' &&
	[ "$(sed -n 's/	(not on this architecture)$//p' "$out")" = \
	  "$(echo "$expected_apis" | while read -r a; do not_here "$a" && echo "$a"; done)" ]
ok $? "-v list-apis: every name, marks on aux and alarm clocks and on the APIs of another architecture only ($marked marked)"

# An API of another architecture: "all" and a pattern leave it out (the
# pattern that would match it alone says so), its name selects it.
foreign=$(sed -n 's/	(not on this architecture)$//p' "$tmp/marks" | head -n 1)
if [ -n "$foreign" ]; then
	run --dry-run "$foreign*" abi
	[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: no API of this architecture matches '$foreign*' ($foreign is not on this architecture: name it whole to select it); see 'vdsotest -v list-apis'" ] &&
		run --dry-run "$foreign" abi && [ $rc -eq 0 ] &&
		run -d 0.000001 --vdso-lib=none all abi && grep -q "^Note: getcpu: " "$out" &&
		! grep -q -- "$foreign" "$out" "$err"
	ok $? "$foreign: not selected by all or a pattern, with the reason; by its name (got $rc)"
else
	tap_skip "no API of another architecture in this build"
fi

# --skip-unsupported leaves out only what is still a skip: with abi,
# nothing (every marked API runs its reduced test, says so and passes);
# no note, and -v ends with the verdict of all.
run --skip-unsupported -v -d 0.000001 all abi
total=$(grep -vc '	(not on this architecture)$' "$tmp/marks")
verdict=$(tail -n 1 "$out" | sed -n 's/^all abi: \([0-9]*\) passed, \([0-9]*\) xfail, 0 failed, \([0-9]*\) skipped$/\1 \2 \3/p')
reduced=$(grep -c '^[a-z0-9-]*: abi: reduced test, the vDSO must reject the clock id too (unsupported \(here\|by this kernel\): the system call rejects ' "$out")
# (a marked API without its vDSO function, as clock_getres_time64 on i386,
# is a skip with that note, no reduced test)
nofn=$(sed -n 's/^Note: \([a-z0-9-]*\): vDSO version of [a-z_0-9]* not found; nothing to test$/\1/p' "$out" |
	while read -r a; do grep "^$a	(unsupported" "$tmp/marks"; done | wc -l)
set -- ${verdict:-x}
[ $rc -eq 0 ] && [ -n "$verdict" ] && [ $(($1 + $2 + $3)) -eq "$total" ] &&
	[ $((reduced + nofn)) -eq "$marked" ] && ! grep -q '^Note: .* left out' "$out"
ok $? "--skip-unsupported -v all abi: all $total APIs run, of the $marked marked ones $reduced a reduced test and $nofn without a vDSO function, none left out (got $rc)"

# With bench, the marked APIs are left out, and one note counts them.
pair=clock-gettime-monotonic,clock-gettime-boottime-alarm
left=$(grep -c '^clock-gettime-boottime-alarm	(unsupported' "$tmp/marks")
run --skip-unsupported -d 0.001 $pair bench
[ $rc -eq 0 ] && ! grep -q 'unsupported here:' "$out" &&
	[ "$(grep -c '^clock-gettime-boottime-alarm ' "$out")" -eq $((1 - left)) ] &&
	{ { [ "$left" -eq 0 ] && ! grep -q '^Note: .* left out' "$out"; } ||
		grep -q "^Note: 1 unsupported API left out (--skip-unsupported; vdsotest -v list-apis names them)\$" "$out"; }
ok $? "--skip-unsupported $pair bench: the rejected alarm clock left out and counted ($left) (got $rc)"

bad=
for a in clock-gettime-aux0 clock-getres-aux5 clock-gettime-aux7; do
	for t in verify abi bench; do
		run -v -d 0.01 "$a" "$t"
		if grep -q "^$a	(unsupported by this kernel)" "$tmp/marks" && [ $t = bench ]; then
			[ $rc -eq 77 ] && grep -Eq "^$a: unsupported by this kernel: the system call rejects CLOCK_AUX\+[0-7] with EINVAL" "$out"
		elif grep -q "^$a	(unsupported by this kernel)" "$tmp/marks"; then
			[ $rc -eq 0 ] && grep -Eq "^$a: $t: reduced test, the vDSO must reject the clock id too \(unsupported by this kernel: the system call rejects CLOCK_AUX\+[0-7] with EINVAL" "$out"
		else
			[ $rc -eq 0 ] || { [ $rc -eq 77 ] && grep -q 'is not enabled' "$out"; }
		fi || bad="$bad $a/$t($rc)"
	done
done
[ -z "$bad" ]
ok $? "aux clocks the kernel rejects: bench skipped (77), verify and abi a reduced test that passes, as marked${bad:+; wrong:$bad}"

# Notes are one short sentence (at most 200 characters; the long forms ran
# to 290-330); -v gives the long form.  The aux getres
# note comes where the kernel rejects the aux clocks and its vDSO answers
# their clock_getres (Linux 6.17+ without CONFIG_POSIX_AUX_CLOCKS).
run -d 0.01 clock-getres-aux0 verify
short=$(grep '^Note: clock-getres-aux0: the vDSO' "$out")
if [ -n "$short" ]; then
	run -v -d 0.01 clock-getres-aux0 verify
	long=$(grep '^Note: clock-getres-aux0: the vDSO' "$out")
	[ "${#short}" -le 200 ] && [ "$(printf '%s\n' "$short" | wc -l)" -eq 1 ] &&
		printf '%s\n' "$short" | grep -q -- '-v: details' &&
		printf '%s\n' "$long" | grep -q 'CONFIG_POSIX_AUX_CLOCKS'
	ok $? "the aux getres note: one short sentence (${#short} characters), its details with -v"
	run -d 0.01 clock-getres-aux0 abi
	short=$(grep '^Note: clock-getres-aux0: ' "$out")
	run -v -d 0.01 clock-getres-aux0 abi
	long=$(grep '^Note: clock-getres-aux0: ' "$out")
	[ "${#short}" -le 200 ] && [ "$(printf '%s\n' "$short" | wc -l)" -eq 1 ] &&
		printf '%s\n' "$short" | grep -q -- 'abi tries only invalid clock ids.*-v: why' &&
		printf '%s\n' "$long" | grep -q 'may answer aux clock ids the system call rejects (1 ns'
	ok $? "abi's aux getres note: one short sentence (${#short} characters), why with -v"
else
	tap_skip "no aux getres note here (the kernel has aux clocks, or its vDSO rejects them too)"
	tap_skip "no aux getres note here (the kernel has aux clocks, or its vDSO rejects them too)"
fi
# bench's CPU-shared note, with a busy loop on the CPU measured on
if command -v taskset >/dev/null 2>&1 && "$VDSOTEST" --dry-run --cpu=0 time bench 2>/dev/null; then
	taskset -c 0 sh -c 'while :; do :; done' &
	spinner=$!
	"$VDSOTEST" -d 0.05 --cpu=0 time bench >/dev/null 2>"$err"
	short=$(grep '^Note: time: the CPU was shared' "$err")
	"$VDSOTEST" -v -d 0.05 --cpu=0 time bench >/dev/null 2>"$err"
	long=$(grep '^Note: time: the CPU was shared' "$err")
	kill $spinner
	wait $spinner 2>/dev/null
	if [ -n "$short" ] && [ -n "$long" ]; then
		[ "${#short}" -le 200 ] && ! printf '%s\n' "$short" | grep -q 'slices' &&
			printf '%s\n' "$long" | grep -q "^Note: time: the CPU was shared: the measuring thread ran [0-9]*% of the time; .* (syscall [0-9]*%, libc [0-9]*%, vdso [0-9]*%; .*fastest 0.1 ms slices"
		ok $? "bench's CPU-shared note: one short sentence (${#short} characters), the long form with -v"
	else
		tap_skip "the busy loop left the measuring thread 90% of its CPU: no note to check"
	fi
else
	tap_skip "no taskset, or CPU 0 not in the affinity mask"
fi

run list-test-types
[ $rc -eq 0 ] && [ "$(cat "$out")" = "$(printf 'bench\nverify\nabi')" ]
ok $? "list-test-types prints bench, verify, abi"

# -v is list-apis's only: list-test-types refuses it, naming it, and no
# usage text puts [-v] where it could be read as list-test-types's.
run -v list-test-types
[ $rc -eq 2 ] && grep -qx "vdsotest: option '--verbose' is not for list-test-types (it takes none)" "$err"
ok $? "-v list-test-types exits 2 naming the option (got $rc)"
{ "$VDSOTEST" --help; "$VDSOTEST" --usage; } >"$out" 2>&1
grep 'list-test-types' "$out" >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -eq 2 ] && ! grep -v 'vdsotest list-test-types' "$tmp/lines"
ok $? "--help and --usage: list-test-types right after vdsotest, no option before it"

run --help
missing=0
for a in TEST-TYPE --duration --maxfails --verbose --debug \
	--version --help --usage --format --vdso-lib; do
	grep -q -- "$a" "$out" || { echo "# --help lacks $a"; missing=1; }
done
[ $rc -eq 0 ] && [ $missing -eq 0 ]
ok $? "--help names the options"
# (the exit statuses a script tests, list-apis and its -v, the manual)
missing=
for a in ' 0 passed' ' 1 failures' '2 usage error' ' 77 nothing' '128+sig' \
	'[-v] list-apis' "'vdsotest list-apis'" "'man vdsotest'"; do
	grep -qF -- "$a" "$out" || missing="$missing '$a'"
done
[ -z "$missing" ]
ok $? "--help gives the exit statuses, list-apis and the manual (missing:${missing:- none})"
# One screen: at most 26 lines of at most 80 columns; no API listed (that
# is list-apis's).
lines=$(wc -l <"$out")
cols=$("${AWK:-awk}" '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$out")
listed=$(grep -c -e '^ *clock-get' -e '^ *getcpu$' "$out")
[ "$lines" -le 26 ] && [ "$cols" -le 80 ] && [ "$listed" -eq 0 ]
ok $? "--help fits on one screen ($lines lines of up to $cols columns, $listed APIs listed)"

# version_ok FILE: FILE is --version's line: "vdsotest VERSION", with
# " (git DESCRIBE)" when the sources are the top of a git work tree
# (DESCRIBE: git describe --always, perhaps then "-dirty").
top_srcdir=$(cd "${srcdir:-$(dirname "$0")/..}" && pwd -P)
describe=
if command -v git >/dev/null 2>&1 &&
	[ "$(git -C "$top_srcdir" rev-parse --show-toplevel 2>/dev/null)" = "$top_srcdir" ]; then
	describe=$(git -C "$top_srcdir" describe --always)
fi
version_ok() {
	if [ -n "$describe" ]; then
		[ "$(sed -e 's/-dirty)$/)/' "$1")" = "vdsotest ${PACKAGE_VERSION:-?} (git $describe)" ]
	else
		[ "$(cat "$1")" = "vdsotest ${PACKAGE_VERSION:-?}" ]
	fi
}

run -V
[ $rc -eq 0 ] && version_ok "$out"
ok $? "-V prints 'vdsotest $PACKAGE_VERSION${describe:+ (git $describe[-dirty])}'"

# ---- verify and abi pass on this machine ----
run all verify -d 0.2
[ $rc -eq 0 ]
ok $? "all verify -d 0.2 exits 0 (got $rc)"

run all abi
[ $rc -eq 0 ]
ok $? "all abi exits 0 (got $rc)"

run -v clock-gettime-monotonic verify -d 0.1
[ $rc -eq 0 ] && grep -Eq '^clock-gettime-monotonic: verify: [1-9][0-9]* checks, 0 failures$' "$out"
ok $? "-v verify reports a nonzero number of checks"

# (but the note of an unprivileged user: no time namespace part)
run clock-gettime-monotonic verify -d 0.1
[ $rc -eq 0 ] && [ -z "$(grep -v '^Note: clock-gettime-monotonic: time namespace not tested: ' "$out")" ]
ok $? "a passing verify prints nothing"

run -v -d 0.000001 all verify
[ $rc -eq 0 ] && ! grep -q ': verify: 0 checks' "$out" && grep -q '^getcpu: verify: [1-9]' "$out"
ok $? "the shortest duration still runs a round of checks on every API"

# getcpu verify checks the x86_64 vsyscall page's getcpu where the kernel
# maps it ("[vsyscall]" in /proc/PID/maps: vsyscall=emulate or xonly) and
# says so in a verbose line; elsewhere it says why not.  (A 64-bit
# vdsotest on x86_64: EI_CLASS 2 in its ELF header.)
run -v -d 0.01 getcpu verify
if [ "$(uname -m)" = x86_64 ] && [ "$(od -An -tu1 -j4 -N1 "$VDSOTEST" | tr -d ' ')" = 2 ]; then
	if grep -q '\[vsyscall\]' /proc/self/maps; then
		want='^getcpu: verify: vsyscall getcpu: checked \(0xffffffffff600800, \[vsyscall\] in /proc/self/maps\)$'
	else
		want='^getcpu: verify: vsyscall getcpu: not checked \(no \[vsyscall\] line in /proc/self/maps: vsyscall=none\)$'
	fi
else
	want='^getcpu: verify: vsyscall getcpu: not checked \(not x86_64\)$'
fi
[ $rc -eq 0 ] && [ "$(grep -c ': vsyscall' "$out")" -eq 1 ] && grep -Eq "$want" "$out"
ok $? "-v getcpu verify: one vsyscall line, /$want/ (got $rc)"

# getcpu's cases: stack use; then every combination of 5 pointer kinds
# as cpu, 5 as node (an aligned unsigned cannot straddle a page) and 6 as
# the ignored cache: 1 + 5 * 5 * 6.
if has_vdso getcpu; then
	run -v getcpu abi
	[ $rc -eq 0 ] && grep -q '^getcpu: abi: 151 cases, 0 failures$' "$out" &&
		[ "$(grep -c ': OK$' "$out")" -eq 151 ] &&
		grep -q '^getcpu: abi: getcpu(PROT_NONE page, UINTPTR_MAX, straddling an unmapped page): vDSO [A-Z0-9/-]*, syscall -1/EFAULT' "$out"
	ok $? "-v getcpu abi runs and prints its 151 cases, all OK"
else
	tap_skip "this vDSO has no getcpu"
fi

# A clock this kernel rejects: verify is a reduced test that says why
# (exit 0 here, the vDSO rejects it too); bench a skip (77) with a message.
run -v clock-gettime-boottime-alarm verify -d 0.05
{ [ $rc -eq 0 ] && grep -qx "clock-gettime-boottime-alarm: verify: reduced test, the vDSO must reject the clock id too (unsupported here: the system call rejects CLOCK_BOOTTIME_ALARM with EINVAL (alarm clocks need an RTC that can wake the system))" "$out"; } ||
	{ [ $rc -eq 0 ] && ! grep -q unsupported "$out"; }
ok $? "verify of a rejected clock: a reduced test, exit 0, the reason on one line; a supported one 0 (got $rc)"
run clock-gettime-boottime-alarm bench -d 0.01
{ [ $rc -eq 77 ] && grep -qx "clock-gettime-boottime-alarm: unsupported here: the system call rejects CLOCK_BOOTTIME_ALARM with EINVAL (alarm clocks need an RTC that can wake the system)" "$out"; } ||
	{ [ $rc -eq 0 ] && ! grep -q unsupported "$out"; }
ok $? "bench of a rejected clock exits 77 with a message, a supported one 0 (got $rc)"

# ---- bench output ----
run all bench -d 0.05
bad_lines=$(grep -Ev '^[a-z0-9-]+ (system calls per second: +[0-9]+ \(best slice\)|(libc|vdso) calls per second: +[0-9]+ \(best slice\) \([0-9]+\.[0-9]{2}x speedup\))$|unsupported here: the system call rejects|^[a-z0-9-]+: unsupported by this kernel: |^Note: [a-z0-9-]+: vDSO version of [a-z_0-9]+ not found$|^Note: [a-z0-9-]+: the vDSO exports [a-z_0-9]+ but not [a-z_0-9]+$|^Note: [a-z0-9-]+: vDSO [a-z_0-9]+\([A-Z_0-9]*\) falls back to the system call$|^(sigreturn|unwind): bench: nothing to test: .* \(verify tests (it|them)\); skipped$' "$out")
[ $rc -eq 0 ] && [ -z "$bad_lines" ]
ok $? "bench text: every line has the calls-per-second form"

for a in $here_apis; do
	grep -q "^$a: unsupported" "$out" && continue
	grep -Eq "^$a: bench: nothing to test: .* \(verify tests (it|them)\); skipped$" "$out" && continue
	[ "$(grep -c "^$a \(system\|libc\|vdso\) calls per second" "$out")" -eq "$(bench_paths "$a")" ] ||
		echo "$a"
done >"$tmp/missing"
[ ! -s "$tmp/missing" ]
ok $? "bench text: three lines for every supported API"

! grep -Eq '\((0\.00|-)[0-9.]*x speedup\)' "$out"
ok $? "bench text: every speedup is a positive number"

# Numbers right-aligned: on each API's three lines they end in the same column.
"${AWK:-awk}" '/^Note:/ { next }
     { key = $1; len = length($0); sub(/ \(.*/, "", $0);
       if (key in end && end[key] != length($0)) bad = 1; end[key] = length($0) }
     END { exit bad }' "$out"
ok $? "bench text: the numbers of an API are right-aligned in one column"

run -o nsec all bench -d 0.05
bad_lines=$(sed '1,2{/^# /d}' "$out" | grep -Ev '^[a-z0-9-]+: (syscall|libc|vdso): [0-9]+\.[0-9]{2} nsec/call \(best slice\)$|unsupported here: the system call rejects|^[a-z0-9-]+: unsupported by this kernel: |^Note: [a-z0-9-]+: vDSO version of [a-z_0-9]+ not found$|^Note: [a-z0-9-]+: the vDSO exports [a-z_0-9]+ but not [a-z_0-9]+$|^Note: [a-z0-9-]+: vDSO [a-z_0-9]+\([A-Z_0-9]*\) falls back to the system call$|^(sigreturn|unwind): bench: nothing to test: .* \(verify tests (it|them)\); skipped$')
[ $rc -eq 0 ] && [ -z "$bad_lines" ] && grep -q '^clock-gettime-monotonic: vdso: ' "$out"
ok $? "bench nsec: every line after the two-line header is 'API: PATH: N.NN nsec/call'"

# ---- hostile surroundings ----
(trap '' CHLD; exec "$VDSOTEST" time abi) >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ]
ok $? "SIGCHLD ignored by the caller: abi still passes (got $rc)"

# (the harness's own descriptors closed first, so that 4 leaves 3 and 4
# free: enough for the dynamic loader, too few for a pipe)
(exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; ulimit -n 4; exec "$VDSOTEST" time abi) \
	>"$out" 2>"$err"
rc=$?
[ $rc -eq 1 ] && [ ! -s "$out" ] && grep -q '^vdsotest: time: abi: cannot run ' "$err"
ok $? "abi that cannot start its children says so on stderr, exit 1 (got $rc)"

# Signals the caller blocked are unblocked: bench's timer still stops it.
perl -e 'use POSIX; sigprocmask(SIG_BLOCK, POSIX::SigSet->new(SIGALRM, SIGCHLD)); exec @ARGV' \
	timeout 20 "$VDSOTEST" -d 0.05 time bench >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] && grep -q '^time vdso calls per second' "$out"
ok $? "SIGALRM and SIGCHLD blocked by the caller: bench still ends (got $rc)"

# A file size limit is a write error, not a silent SIGXFSZ.
# (stderr through a pipe: the limit applies to files only)
{ (ulimit -f 0; exec "$VDSOTEST" list-apis >"$tmp/file") 2>&1; echo "rc=$?"; } | cat >"$err"
rc=$(sed -n 's/^rc=//p' "$err")
[ "$rc" = 1 ] && grep -q 'write error on standard output: File too large' "$err"
ok $? "ulimit -f 0: exit 1 (got $rc) with a write error"

# In a time namespace MONOTONIC may run far ahead of BOOTTIME.
if unshare -Ur --time true 2>/dev/null; then
	unshare -Ur --time --monotonic 100000 --boottime 5 \
		"$VDSOTEST" all verify -d 0.05 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ]
	ok $? "all verify passes in a time namespace with offsets (got $rc)"
	# Without /proc the offsets are unknown: a note, not a false failure.
	# (LeakSanitizer needs /proc: its thread list, and the environment
	# that would hold ASAN_OPTIONS=detect_leaks=0, are read from there)
	if [ -n "${VDSOTEST_SANITIZED:-}" ]; then
		tap_skip "LeakSanitizer fails without /proc"
	elif unshare -Urm sh -c 'mount -t tmpfs none /proc' 2>/dev/null; then
		unshare -Urm --time --monotonic 100000 sh -c \
			'mount -t tmpfs none /proc && exec "$0" clock-gettime-boottime verify -d 0.05' \
			"$VDSOTEST" >"$out" 2>"$err"
		rc=$?
		[ $rc -eq 0 ] && grep -q 'time namespace offsets unknown' "$out"
		ok $? "no /proc in a time namespace: a note and exit 0 (got $rc)"
	else
		tap_skip "no mount namespaces here (unshare -m)"
	fi
else
	tap_skip "no time namespaces here (unshare --time)"
	tap_skip "no time namespaces here (unshare --time)"
fi

# ---- without a vDSO ----
run --vdso-lib=none clock-gettime-monotonic bench -d 0.05
[ $rc -eq 0 ] && grep -q '^Note: clock-gettime-monotonic: vDSO version of clock_gettime not found$' "$out" &&
	grep -q 'system calls per second' "$out" && ! grep -q 'vdso calls' "$out"
ok $? "--vdso-lib=none: bench notes the missing symbol and runs the other paths"

run --vdso-lib=none getcpu verify -d 0.05
[ $rc -eq 0 ] && grep -q 'vDSO version of getcpu not found' "$out"
ok $? "--vdso-lib=none: verify checks libc's path with a note"

run --vdso-lib=none time abi
[ $rc -eq 77 ] && grep -q 'vDSO version of time not found' "$out"
ok $? "--vdso-lib=none: abi has nothing to test and exits 77"

run --vdso-lib=none getrandom verify -d 0.05
[ $rc -eq 0 ] && grep -q '^Note: getrandom: vDSO version of getrandom not found; verifying libc' "$out" &&
	[ "$(grep -c 'not found' "$out")" -eq 1 ]
ok $? "--vdso-lib=none: getrandom verify checks libc's path with a note, once (got $rc)"

# getrandom's cases: a good read; 4 bad buffers; 2 empty reads; 2 wrong
# opaque lengths; 5 bad states; a bad buffer with a NULL state.
if has_vdso getrandom; then
	run -v getrandom abi
	[ $rc -eq 0 ] && grep -q "^getrandom: abi: 15 cases, 0 failures, 1 skipped (the stack use)$" "$out" &&
		[ "$(grep -c ": OK$" "$out")" -eq 15 ]
	ok $? "-v getrandom abi runs and prints its 15 cases (stack use not measured), all OK (got $rc)"
else
	tap_skip "this vDSO has no getrandom"
fi

# A large --size makes each call slow: the batches shrink with it (one call
# of 1 MiB per batch, not 256), so that the run ends after about its
# duration instead of being killed by the watchdog.  The 20 ms of a path
# hold far fewer than 256 calls of 1 MiB.
run -v -o nsec -d 0.02 --size=1048576 getrandom bench
"${AWK:-awk}" -v want="$(bench_paths getrandom)" '/^getrandom: (syscall|libc|vdso): [0-9]+ calls in / { n++; if ($3 + 0 >= 256 || $3 + 0 < 1) bad = 1 }
	END { exit bad || n != want }' "$out"
ok $? "getrandom bench --size=1048576: batches of fewer calls, each path fewer than 256 calls (got $rc)"
[ $rc -eq 0 ]
ok $? "getrandom bench --size=1048576: exit 0, not killed (got $rc)"

run -g time verify -d 0.01
[ $rc -eq 0 ] && grep -q 'vDSO at 0x' "$err"
ok $? "-g describes the vDSO on stderr"

# ---- output that cannot be written ----
"$VDSOTEST" list-apis >/dev/full 2>"$err"
rc=$?
[ $rc -eq 1 ] && grep -q '^vdsotest: write error on standard output' "$err"
ok $? "list-apis to a full disk: exit 1 (got $rc) with a write error"

"$VDSOTEST" -d 0.01 all bench >/dev/full 2>"$err"
rc=$?
[ $rc -eq 1 ] && [ "$(grep -c 'write error on standard output' "$err")" -eq 1 ]
ok $? "all bench to a full disk: exit 1 (got $rc), one write error, stops"

"$VDSOTEST" -v time abi >&- 2>"$err"
rc=$?
[ $rc -eq 1 ] && grep -q '^vdsotest: standard output is closed$' "$err"
ok $? "standard output closed: exit 1 (got $rc) with a message"

# ---- no test outlives vdsotest ----
# vdsotest's test child is found by its parent pid (field 4 of
# /proc/PID/stat, read with the shell's own read: a scan that forked per
# process took longer on a loaded machine than the 9 s run of -d 3, saw
# nothing, and printed "No such file" for processes that ended during
# it); once vdsotest is killed, that child must be gone (or a zombie
# waiting for whoever inherited it) within the poll.  The polls bound the
# waits without assuming how fast a loaded machine forks and reaps.
children_of() {
	for s in /proc/[0-9]*/stat; do
		{ read -r l <"$s"; } 2>/dev/null || continue
		# shellcheck disable=SC2086
		set -- ${l##*) }	# state ppid ... (the name may hold spaces)
		[ "$2" = "$parent" ] && echo "${s%/stat}"
	done
}
alive() {	# alive /proc/PID: a process that is not a zombie
	{ read -r l <"$1/stat"; } 2>/dev/null || return 1
	# shellcheck disable=SC2086
	set -- ${l##*) }
	[ "$1" != Z ] && [ "$1" != X ]
}
"$VDSOTEST" -d 10 clock-gettime-monotonic bench >/dev/null 2>&1 &
parent=$!
# (a child alive in two polls 0.2 s apart: the bench child of -d 10, not a
# short probe that would end by itself)
i=0
child=
seen=
while [ -z "$child" ] && [ $i -lt 150 ]; do
	now=
	for c in $(children_of); do
		alive "$c" || continue
		case " $seen " in *" $c "*) child=$c; break ;; esac
		now="$now $c"
	done
	seen=$now
	[ -n "$child" ] || sleep 0.2
	i=$((i + 1))
done
saw="no child of $parent seen in $i polls"
if [ -n "$child" ]; then
	kill -KILL $parent
	wait $parent 2>/dev/null
	i=0
	while alive "$child" && [ $i -lt 50 ]; do	# (an orphan would run about 30 s more)
		sleep 0.1
		i=$((i + 1))
	done
	if alive "$child"; then
		saw="child ${child#/proc/} still running $i polls after its parent was killed: $(tr '\0' ' ' <"$child/cmdline" 2>/dev/null)"
		kill -KILL "${child#/proc/}" 2>/dev/null
	else
		saw=
	fi
else
	kill -KILL $parent 2>/dev/null
	wait $parent 2>/dev/null
fi
[ -n "$child" ] && [ -z "$saw" ]
ok $? "killing vdsotest kills its test child too${saw:+ ($saw)}"

# ---- bad input: exit 2, one line on stderr naming the value ----
while IFS='|' read -r args value; do
	case $args in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086
	run $args
	[ $rc -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -qF -- "$value" "$err"
	ok $? "'$args' exits 2 (got $rc) naming '$value'"
done <<'TABLE'
clock-gettime-monotnic bench|'clock-gettime-monotnic'
clock-gettime-monotnic bench|did you mean 'clock-gettime-monotonic'
no-such-thing-at-all verify|'no-such-thing-at-all'
time benchmark|'benchmark'
time|missing TEST-TYPE
|missing API
time bench extra|'extra'
-d abc time bench|'abc'
-d -1 time bench|'-1'
-d 0 time bench|'0'
-d 1e9 time bench|'1e9'
-f x time verify|'x'
-o yaml time bench|'yaml'
--nonsense time bench|'--nonsense'
-z time bench|'-z'
--vdso-lib=/nonexistent/fake.so time bench|/nonexistent/fake.so
--vdso-lib= time abi|--vdso-lib
--verbose=1 time abi|'--verbose=1'
-f -1 time verify|'-1'
-d 1e999 time bench|'1e999'
bench getcpu|the API comes first
all verify --durration=2|'--durration=2'
time abi --vdso-lib|'--vdso-lib' needs a value
TABLE

# Control characters in a bad value stay on one line.
run "$(printf 'get\ncpu')" bench
[ $rc -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -qF "'get\x0acpu'" "$err"
ok $? "a newline in a bad value is shown as \\x0a on one line"

# A shared object for another machine is named as such.  (A static build
# has neither --vdso-lib nor the fake: FAKE_VDSO is empty.)
if [ -n "${FAKE_VDSO:-}" ]; then
	cp "$FAKE_VDSO" "$tmp/foreign.so"
	printf '\377\377' | dd of="$tmp/foreign.so" bs=1 seek=18 conv=notrunc 2>/dev/null
	run --vdso-lib="$tmp/foreign.so" time abi
	[ $rc -eq 2 ] && grep -q 'for another machine' "$err"
	ok $? "--vdso-lib of another e_machine: exit 2 naming the cause (got $rc)"
else
	run --vdso-lib="$tmp/any.so" time abi
	[ $rc -eq 2 ] && grep -qx "vdsotest: --vdso-lib '$tmp/any.so': this build of vdsotest has no dlopen()" "$err"
	ok $? "--vdso-lib in a build without dlopen: exit 2 saying so (got $rc)"
fi

# -g names each call as it was found: tests/names-vdso.so exports
# clock_gettime as __kernel_clock_gettime only and getcpu as __vdso_getcpu
# only, so that on every machine one of them is found under its second name.
if [ -n "${NAMES_VDSO:-}" ]; then
	run -g --vdso-lib="$NAMES_VDSO" time abi
	grep -q ": __kernel_clock_gettime 0x" "$err" && grep -q ": __vdso_getcpu 0x" "$err"
	ok $? "-g: each call named under the prefix it was found (got $rc)"
else
	tap_skip "$no_fake"
fi

# ---- info ----
run info
cs_dir=/sys/devices/system/clocksource/clocksource0
[ $rc -eq 0 ] && grep -qxF "kernel: $(uname -s) $(uname -r) $(uname -m)" "$out" &&
	{ [ ! -r "$cs_dir/current_clocksource" ] ||
	  grep -qxF "clocksource: $(cat "$cs_dir/current_clocksource")" "$out"; }
ok $? "info: the kernel as uname says, the clocksource as sysfs says (got $rc)"

# What tests each exported function, in an image of known exports: the
# fake vDSO (tests/fake-vdso.c), whose calls have this machine's prefix
# (__kernel_ on aarch64, powerpc and s390, else __vdso_), plus the test
# seam, a name no vDSO has and another name of its gettimeofday.
if [ -n "${FAKE_VDSO:-}" ]; then
	case $em in 183|20|21|22) p=__kernel_ ;; *) p=__vdso_ ;; esac
	# "a, b, c": the APIs of one family, from the expected names
	family_list() { echo "$here_apis" | grep "^$1" | grep -v '^clock-getres-time64-' | sed 's/$/, /' | tr -d '\n' | sed 's/, $//'; }
	run info --vdso-image="$FAKE_VDSO"
	# (a musl-gcc build of the fake also exports the C runtime's _init
	# and _fini: not the fake's functions)
	sed -n '/^testing (the APIs that call each function):$/,/^APIs/p' "$out" | sed '1d;$d' |
		grep -v -e '^  _init not tested: unknown to vdsotest$' \
			-e '^  _fini not tested: unknown to vdsotest$' | sort >"$tmp/testing"
	{
		echo "  ${p}clock_getres tested by $(family_list clock-getres-)"
		echo "  ${p}clock_gettime tested by $(family_list clock-gettime-)"
		echo "  ${p}getcpu tested by getcpu"
		echo "  ${p}getrandom tested by getrandom"
		echo "  ${p}gettimeofday tested by gettimeofday"
		echo "  ${p}time tested by time"
		echo "  vdsotest_fake_gettimeofday_alias tested by gettimeofday (through ${p}gettimeofday, at the same address)"
		echo "  vdsotest_fake_unknown not tested: unknown to vdsotest"
		# riscv's calls, which the fake has for its host tests: riscv's rows only
		case $em in
		243) echo "  ${p}flush_icache tested by riscv-flush-icache"
			echo "  ${p}riscv_hwprobe tested by riscv-hwprobe" ;;
		*) echo "  ${p}flush_icache not tested: unknown to vdsotest"
			echo "  ${p}riscv_hwprobe not tested: unknown to vdsotest" ;;
		esac
		for f in cpuinfo kernel_release syscall syscall5 timebase vsyscall_getcpu; do
			echo "  vdsotest_test_$f not tested: vdsotest's test seam, not a vDSO function"
		done
		# its powerpc functions (powerpc-* named in full): on another
		# machine an image holds none of them, so the exports table knows
		# them on powerpc only
		# its trampoline (x86_64 only, for sigreturn): no x86_64 kernel's
		# vDSO has one, so the exports table knows the name elsewhere
		[ "$em" = 62 ] && echo "  __vdso_rt_sigreturn not tested: unknown to vdsotest"
		case $em in
		20|21) for f in get_syscall_map get_tbfreq sync_dicache; do
			echo "  ${p}$f tested by powerpc-$(echo "$f" | tr _ -)"
		done ;;
		*) for f in get_syscall_map get_tbfreq sync_dicache; do
			echo "  ${p}$f not tested: unknown to vdsotest"
		done ;;
		esac
	} | sort >"$tmp/testing.want"
	# (a 32-bit fake also exports the time64 calls, tested by their APIs)
	grep -v "^  ${p}clock_get[a-z_]*64 tested by clock-get[a-z-]*64-realtime, " "$tmp/testing" |
		diff "$tmp/testing.want" - >"$tmp/testing.diff"
	[ $rc -eq 0 ] && [ ! -s "$tmp/testing.diff" ]
	ok $? "info --vdso-image of the fake vDSO: each function with the APIs that test it, or why none$(sed 's/^/ # /' "$tmp/testing.diff" | tr '\n' ' ')"
	if command -v jq >/dev/null 2>&1; then
		run -o json info --vdso-image="$FAKE_VDSO"
		ngt=$(echo "$here_apis" | grep -c '^clock-gettime-[^0-9]')
		[ $rc -eq 0 ] &&
			jq -e --arg p "$p" --argjson n "$ngt" '
				def sym($s): [.vdso.symbols[] | select(.name == $s)];
				(sym("vdsotest_fake_unknown") | map(del(.value, .unwind, .unwind_known_bug, .unwind_why))) ==
					[{"name": "vdsotest_fake_unknown", "version": null, "weak": false, "notype": false,
					  "tested_by": [], "through": null, "not_tested": "unknown to vdsotest"}] and
				(sym("vdsotest_fake_gettimeofday_alias") | map(.tested_by == ["gettimeofday"] and .through == ($p + "gettimeofday") and .not_tested == null)) == [true] and
				(sym($p + "getcpu") | map(.tested_by == ["getcpu"] and .through == null and .not_tested == null)) == [true] and
				(sym($p + "clock_gettime") | map(.tested_by | length)) == [$n]' "$out" >/dev/null
		ok $? "info -o json --vdso-image of the fake vDSO: tested_by, through and not_tested of each function (got $rc)"
	else
		tap_skip "no jq"
	fi
	# An image of the other ELF class names the build that reads it.
	cp "$FAKE_VDSO" "$tmp/class.so"
	other=$([ "$(od -An -tu1 -j4 -N1 "$FAKE_VDSO" | tr -d ' ')" = 2 ] && echo 32 || echo 64)
	printf "\\00$((other / 32))" | dd of="$tmp/class.so" bs=1 seek=4 conv=notrunc 2>/dev/null
	run info --vdso-image="$tmp/class.so"
	[ $rc -eq 2 ] && [ ! -s "$out" ] &&
		[ "$(cat "$err")" = "vdsotest: --vdso-image '$tmp/class.so': wrong ELF class for this program (a $other-bit image: a $other-bit build of vdsotest reads it)" ]
	ok $? "info --vdso-image of a $other-bit image: exit 2 naming the build that reads it (got $rc)"
else
	tap_skip "$no_fake"
	tap_skip "$no_fake"
	tap_skip "$no_fake"
fi

if has_vdso clock_gettime; then
	run info --dump="$tmp/vdso.so"
	cp "$out" "$tmp/info.txt"
	[ $rc -eq 0 ] && [ -s "$tmp/vdso.so" ] && grep -q '^vDSO: at 0x[0-9a-f]*, [0-9]* bytes$' "$out" &&
		grep -Eq '^  clock_gettime +__(vdso|kernel)_clock_gettime bound$' "$out"
	ok $? "info --dump=FILE: the running vDSO saved, clock_gettime bound (got $rc)"

	# The symbols and build ID as binutils' readelf reads the saved image.
	if command -v readelf >/dev/null 2>&1; then
		readelf -W --dyn-syms "$tmp/vdso.so" |
			"${AWK:-awk}" '$4 == "FUNC" && ($5 == "GLOBAL" || $5 == "WEAK") && $7 != "UND" {
				sub(/@@?/, "@", $8); print $8 }' | sort >"$tmp/readelf.syms"
		sed -n '/^symbols:$/,/^calls:$/p' "$tmp/info.txt" | sed '1d;$d' |
			"${AWK:-awk}" '{ print $1 }' | sort >"$tmp/info.syms"
		[ -s "$tmp/readelf.syms" ] && cmp -s "$tmp/readelf.syms" "$tmp/info.syms"
		ok $? "info: the function symbols and versions readelf --dyn-syms lists"
		id=$(readelf -n "$tmp/vdso.so" | sed -n 's/^ *Build ID: //p')
		grep -qxF "build ID: ${id:-(none)}" "$tmp/info.txt"
		ok $? "info: the build ID readelf -n shows (${id:-none})"
	else
		tap_skip "no readelf"
		tap_skip "no readelf"
	fi

	run info --vdso-image="$tmp/vdso.so"
	[ $rc -eq 0 ] && grep -qxF "vDSO image: $tmp/vdso.so, $(wc -c <"$tmp/vdso.so" | tr -d ' ') bytes" "$out" &&
		[ "$(sed -n '/^soname:/,$p' "$out" | grep -v '^APIs')" = \
		  "$(sed -n '/^soname:/,/^APIs/p' "$tmp/info.txt" | sed '$d')" ] &&
		grep -qx 'APIs: not measured (an image file is not run)' "$out" &&
		! grep -Eq '^(kernel|clocksource|available clocksources):' "$out"
	ok $? "info --vdso-image of the saved image: the same as of the running vDSO, APIs not run, no kernel or clocksource of this machine (got $rc)"

	# The saved image with its GNU bloom filter zeroed: glibc's ld.so (and
	# parse_vdso.c, which skips the filter only) could not find a call.
	gnu=$(readelf -dW "$tmp/vdso.so" 2>/dev/null | "${AWK:-awk}" '/\(GNU_HASH\)/ { print $3 }')
	load=$(readelf -lW "$tmp/vdso.so" 2>/dev/null | "${AWK:-awk}" '$1 == "LOAD" { print $2, $3; exit }')
	if [ -n "$gnu" ] && [ -n "$load" ]; then
		off=$((gnu - ${load#* } + ${load% *}))
		nbloom=$(od -An -tu4 -j $((off + 8)) -N 4 "$tmp/vdso.so" | tr -d ' ')
		word=$(( $(od -An -tu1 -j 4 -N 1 "$tmp/vdso.so" | tr -d ' ') == 2 ? 8 : 4 ))
		cp "$tmp/vdso.so" "$tmp/nobloom.so"
		dd if=/dev/zero of="$tmp/nobloom.so" bs=1 seek=$((off + 16)) \
			count=$((nbloom * word)) conv=notrunc 2>/dev/null
		# (the reason whole, to its GNU hash and ")"; exit 1 with a count on stderr)
		run info --vdso-image="$tmp/nobloom.so"
		bound=$(grep -c '^  [a-z_0-9]* *__[a-z_0-9]* bound' "$out")
		[ $rc -eq 1 ] && [ "$nbloom" -ge 1 ] &&
			grep -Eq '^  clock_gettime +__[a-z]+_clock_gettime bound \(but __[a-z]+_clock_gettime is not reachable through DT_GNU_HASH: bloom filter word [0-9]+ lacks bit [0-9]+ or [0-9]+ of its GNU hash 0x[0-9a-f]{8}\)$' "$out" &&
			! grep -q 'bound$' "$out" &&
			grep -qx "vdsotest: info: $bound bound vDSO functions are not reachable through the image's hash tables, as programs look them up (see calls)" "$err"
		ok $? "info --vdso-image with the GNU bloom filter zeroed: every bound call not reachable through DT_GNU_HASH, exit 1 (got $rc)"
		if command -v jq >/dev/null 2>&1; then
			run -o json info --vdso-image="$tmp/nobloom.so"
			[ $rc -eq 1 ] &&
				jq -e '[.vdso.calls[] | select(.bound) | .unreachable | strings | test("^__[a-z_0-9]+ is not reachable through DT_GNU_HASH: ")] | length > 0 and all' "$out" >/dev/null &&
				run -o json info --vdso-image="$tmp/vdso.so" &&
				jq -e '[.vdso.calls[] | has("unreachable")] | any | not' "$out" >/dev/null
			ok $? "info -o json: \"unreachable\" on each call of the zeroed-bloom image, on none of the saved one (got $rc)"
		else
			tap_skip "no jq"
		fi
	else
		tap_skip "no readelf, or no DT_GNU_HASH in this vDSO"
		tap_skip "no readelf, or no DT_GNU_HASH in this vDSO"
	fi

	# The saved image with its clock_gettime made STT_NOTYPE (st_info's low
	# four bits; 64-bit powerpc's vDSO functions are such): still bound,
	# marked "notype" among the symbols; the others are not marked.
	symtab=$(readelf -dW "$tmp/vdso.so" 2>/dev/null | "${AWK:-awk}" '/\(SYMTAB\)/ { print $3 }')
	idx=$(readelf -W --dyn-syms "$tmp/vdso.so" 2>/dev/null |
		"${AWK:-awk}" '$8 ~ /^__[a-z]+_clock_gettime(@|$)/ { sub(/:/, "", $1); print $1; exit }')
	if [ -n "$symtab" ] && [ -n "$idx" ] && [ -n "$load" ]; then
		if [ "$(od -An -tu1 -j 4 -N 1 "$tmp/vdso.so" | tr -d ' ')" = 2 ]; then
			at=$((symtab - ${load#* } + ${load% *} + idx * 24 + 4)) # Elf64_Sym.st_info
		else
			at=$((symtab - ${load#* } + ${load% *} + idx * 16 + 12)) # Elf32_Sym.st_info
		fi
		info_byte=$(od -An -tu1 -j "$at" -N 1 "$tmp/vdso.so" | tr -d ' ')
		cp "$tmp/vdso.so" "$tmp/notype.so"
		printf "\\$(printf %o $((info_byte & 240)))" |
			dd of="$tmp/notype.so" bs=1 seek="$at" conv=notrunc 2>/dev/null
		run info --vdso-image="$tmp/notype.so"
		[ $rc -eq 0 ] && [ $((info_byte & 15)) -eq 2 ] && # STT_FUNC before
			[ "$(sed -n '/^symbols:$/,/^calls:$/p' "$out" | grep -c ' notype$')" -eq 1 ] &&
			sed -n '/^symbols:$/,/^calls:$/p' "$out" | grep -Eq '^ *__[a-z]+_clock_gettime.* notype$' &&
			grep -Eq '^  clock_gettime +__[a-z]+_clock_gettime bound$' "$out"
		ok $? "info --vdso-image with clock_gettime STT_NOTYPE: bound, the one symbol marked notype (got $rc)"
	else
		tap_skip "no readelf, or no SYMTAB or clock_gettime in this vDSO"
	fi

	# Every API listed with its path; on x86 the CPU-time clocks fall back
	# and CLOCK_MONOTONIC does not (arch/x86: no CPU-time clocks in the vDSO).
	[ "$(sed -n '/^APIs (/,/^clocksource:/p' "$tmp/info.txt" | sed '1d;$d' |
		"${AWK:-awk}" '{ print $1 }')" = "$("$VDSOTEST" list-apis)" ] &&
		case $(uname -m) in
		x86_64|i?86)
			grep -Eq '^  clock-gettime-process-cputime +falls back to the system call' "$tmp/info.txt" &&
			grep -Eq '^  clock-gettime-monotonic +user space; stack [0-9]+ bytes$' "$tmp/info.txt" ;;
		esac
	ok $? "info: every API with the path that serves it and its stack use"

	# The APIs that verify reduces to "the vDSO must reject the clock id
	# too" (alarm clocks without a wake-up RTC, aux clocks before 6.17)
	# are unsupported in info too, with no path or stack; the others have
	# a path.
	# (a marked API with nothing to call, a 32-bit vDSO without
	# clock_getres_time64 and a libc with a 32-bit time_t, is a skip with
	# that note instead: counted as marked)
	"$VDSOTEST" -v -d 0.000001 all verify >"$tmp/verify.all" 2>&1
	sed -n "s/^Note: \([a-z0-9-]*\): vDSO version of [a-z_0-9]* not found, and libc's time_t has 32 bits; nothing to verify\$/\1/p" \
		"$tmp/verify.all" >"$tmp/nothing"
	sed -n 's/^\([a-z0-9-]*\): verify: reduced test, .*/\1/p' "$tmp/verify.all" >"$tmp/reduced"
	"$VDSOTEST" list-apis | while read -r a; do
		if grep -qx "$a" "$tmp/reduced" ||
			{ grep -qx "$a" "$tmp/nothing" && grep -q "^$a	(unsupported" "$tmp/marks"; }; then
			echo "$a"
		fi
	done >"$tmp/skipped"
	sed -n 's/^  \([a-z0-9-]*\) *unsupported \(here\|by this kernel\): the system call .*/\1/p' \
		"$tmp/info.txt" >"$tmp/info.unsupported"
	# the same words as verify's line, from the same place (the family)
	sed -n 's/^\([a-z0-9-]*\): verify: reduced test, the vDSO must reject the clock id too (\(unsupported .*\))$/\1 \2/p' \
		"$tmp/verify.all" >"$tmp/skipped.why"
	sed -n 's/^  \([a-z0-9-]*\) *\(unsupported .*\)/\1 \2/p' "$tmp/info.txt" |
		grep -v -F -f "$tmp/nothing" >"$tmp/info.why"
	cmp -s "$tmp/skipped" "$tmp/info.unsupported" && cmp -s "$tmp/skipped.why" "$tmp/info.why" &&
		! grep -E '^  [a-z0-9-]+ +unsupported .*(stack|user space|falls back)' "$tmp/info.txt"
	ok $? "info: unsupported exactly where verify is reduced, in verify's words ($(wc -l <"$tmp/skipped") APIs)"

	# One column for the paths, after the longest API name; getrandom's
	# stack is not measured, and says so.
	longest=$("$VDSOTEST" list-apis | "${AWK:-awk}" '{ if (length($0) > n) n = length($0) } END { print n }')
	sed -n '/^APIs (/,/^clocksource:/p' "$tmp/info.txt" | sed '1d;$d' |
		"${AWK:-awk}" -v want=$((longest + 3)) '{ match($0, /^  [^ ]+ +/); if (RLENGTH != want) bad = 1 } END { exit bad }' &&
		{ ! has_vdso getrandom || grep -Eq '^  getrandom +(user space|falls back to the system call); stack not measured$' "$tmp/info.txt"; }
	ok $? "info: the paths in one column after the longest name ($longest), getrandom's 'stack not measured'"

	if command -v jq >/dev/null 2>&1; then
		run -o json info --vdso-image="$tmp/vdso.so"
		[ $rc -eq 0 ] &&
			[ "$(jq -r .vdso.file "$out")" = "$tmp/vdso.so" ] &&
			[ "soname: $(jq -r .vdso.soname "$out")" = "$(grep '^soname:' "$tmp/info.txt")" ] &&
			[ "$(jq '.vdso.symbols | length' "$out")" -eq "$(wc -l <"$tmp/info.syms")" ] &&
			[ "$(jq -r '.vdso.calls[] | select(.call == "clock_gettime") | .bound' "$out")" = true ] &&
			jq -e '.kernel == null and .clocksource == null and .apis == null' "$out" >/dev/null
		ok $? "info -o json --vdso-image: one JSON document with the same facts, kernel, clocksource and apis null (got $rc)"

		run -o json info
		[ $rc -eq 0 ] && [ "$(jq -r .kernel.release "$out")" = "$(uname -r)" ] &&
			[ "$(jq -r '.apis[] | select(.supported == false) | .api' "$out")" = "$(cat "$tmp/skipped")" ] &&
			jq -e '[.apis[] | select(.supported == false) | .falls_back == null and .stack_bytes == null] | all' "$out" >/dev/null &&
			jq -e '[.apis[] | .supported | type == "boolean"] | all' "$out" >/dev/null
		ok $? "info -o json: \"supported\": false exactly where verify is reduced, no figures there (got $rc)"
	else
		tap_skip "no jq"
		tap_skip "no jq"
	fi

	# Malformed images: exit 2, one line naming the file and the problem.
	size=$(wc -c <"$tmp/vdso.so")
	: >"$tmp/empty.so"
	head -c 10 "$tmp/vdso.so" >"$tmp/t10.so"
	head -c 64 "$tmp/vdso.so" >"$tmp/t64.so"
	head -c $((size / 2)) "$tmp/vdso.so" >"$tmp/half.so"
	{ printf 'XELF'; tail -c +5 "$tmp/vdso.so"; } >"$tmp/magic.so"
	bad=
	for f in empty t10 t64 half magic; do
		run info --vdso-image="$tmp/$f.so"
		[ $rc -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
			grep -q "^vdsotest: --vdso-image '$tmp/$f.so': [a-zA-Z]" "$err" || bad="$bad $f($rc)"
	done
	for f in "$tmp/missing.so" "$tmp"; do
		run info --vdso-image="$f"
		[ $rc -eq 2 ] && grep -q "^vdsotest: --vdso-image '$f': " "$err" || bad="$bad $f($rc)"
	done
	[ -z "$bad" ]
	ok $? "info --vdso-image of malformed or unreadable files: exit 2 naming each${bad:+; wrong:$bad}"

	# A FIFO would wait for a writer (or a reader): refused at once.
	mkfifo "$tmp/fifo"
	bad=
	for opt in --vdso-image --dump; do
		timeout -s KILL 10 "$VDSOTEST" info "$opt=$tmp/fifo" >"$out" 2>"$err"
		rc=$?
		[ $rc -eq 2 ] && [ ! -s "$out" ] &&
			[ "$(cat "$err")" = "vdsotest: $opt '$tmp/fifo': not a regular file (a FIFO)" ] ||
			bad="$bad $opt($rc)"
	done
	run info --dump="$tmp"
	[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: --dump '$tmp': not a regular file (a directory)" ] ||
		bad="$bad --dump=DIR($rc)"
	[ -z "$bad" ]
	ok $? "info --vdso-image=FIFO, --dump=FIFO, --dump=DIR: exit 2 at once, 'not a regular file'${bad:+; wrong:$bad}"
	# (a file that cannot be made: the value is wrong, as --output's)
	run info --dump="$tmp/no-such-dir/vdso.so"
	[ $rc -eq 2 ] && [ ! -s "$out" ] &&
		[ "$(cat "$err")" = "vdsotest: --dump '$tmp/no-such-dir/vdso.so': No such file or directory" ]
	ok $? "info --dump=FILE in a missing directory: exit 2 (got $rc) naming the file"
	# Not ELF at all, however short or long: said so, not "too small".
	printf 'hello world\n' >"$tmp/text12"
	head -c 100 /dev/zero >"$tmp/zero100"
	bad=
	for f in text12 zero100 magic.so; do
		run info --vdso-image="$tmp/$f"
		[ $rc -eq 2 ] &&
			[ "$(cat "$err")" = "vdsotest: --vdso-image '$tmp/$f': not an ELF file (no ELF magic)" ] ||
			bad="$bad $f($rc)"
	done
	[ -z "$bad" ]
	ok $? "info --vdso-image of a file without the ELF magic: 'not an ELF file (no ELF magic)'${bad:+; wrong:$bad}"
	run info --vdso-image="$tmp/half.so"
	grep -Eq "(truncated|outside the image)" "$err"
	ok $? "info --vdso-image of half an image says what is wrong: $(cat "$err")"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do tap_skip "no vDSO clock_gettime here"; done
fi

# ---- wrapper scripts ----
if [ -n "${VDSOTEST_BENCH:-}" ]; then
	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" --dur 0.01 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && grep -q '^getcpu system calls per second' "$out" &&
		grep -q '^clock-getres-tai system calls per second' "$out"
	ok $? "vdsotest-bench --dur 0.01 (abbreviated) benches every API"

	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" -d 0.01 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && grep -q '^time system calls per second' "$out"
	ok $? "vdsotest-all -d 0.01 runs every TEST-TYPE and exits 0 (got $rc)"

	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" -d nope >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "'nope'" "$err"
	ok $? "vdsotest-all passes options through: bad -d exits 2, said once"

	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" --vers >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && version_ok "$out"
	ok $? "vdsotest-all --vers prints the version once"

	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" time >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 2 ] && grep -q "unexpected argument 'time'" "$err" && [ ! -s "$out" ]
	ok $? "vdsotest-bench takes options only: an API operand exits 2"

	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" -d >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Eq "^vdsotest-all: option requires an argument -- '?d'?$" "$err"
	ok $? "vdsotest-all -d: the option named as lacking its value (getopt(1)'s message)"

	# Options verify and abi have no use for: refused before anything runs
	# (bench, run first, would otherwise print its results; --output
	# would be created).
	bad_opts=
	for opts in "-o json" "-o csv" "-o table" "--cycles" "--cpu=0" "-r 2" "--net"; do
		rm -f "$tmp/all.out"
		# shellcheck disable=SC2086
		VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" $opts -d 0.001 --output="$tmp/all.out" >"$out" 2>"$err"
		rc=$?
		[ $rc -eq 2 ] && [ ! -s "$out" ] && [ ! -e "$tmp/all.out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
			grep -Eq "^vdsotest: (option '--[a-z]+'|format '[a-z]+') is for bench only" "$err" ||
			bad_opts="$bad_opts '$opts' ($rc)"
	done
	[ -z "$bad_opts" ]
	ok $? "vdsotest-all with a bench-only option: exit 2 before any run, said once (failed:${bad_opts:- none})"

	# The options split as vdsotest splits them (getopt(1) with the
	# options of vdsotest --help): a value as the next word, flags with
	# -o and its value in one word.
	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" --size 32 -d 0.001 -o nsec >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && grep -Eq '^getrandom: syscall: [0-9.]+ nsec/call' "$out"
	ok $? "vdsotest-bench --size 32 (value as the next word) runs (got $rc)"
	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" -votext -d 0.001 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && grep -q '^getcpu vdso calls per second' "$out" &&
		grep -Eq '^getcpu: vdso: [0-9]+ calls in [0-9]+ ns' "$out"
	ok $? "vdsotest-bench -votext: verbose, text format (got $rc)"
	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" --help >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$err" ] && head -n 1 "$out" | grep -qx 'Usage: vdsotest-all \[OPTION...\]'
	ok $? "vdsotest-all --help: the script's own usage (got $rc)"
	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" --output=- -o csv -d 0.001 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ ! -e ./- ] && grep -q '^getcpu,vdso,1,' "$out"
	ok $? "vdsotest-bench --output=-: standard output, no file named '-' (got $rc)"
	VDSOTEST=$VDSOTEST "$VDSOTEST_ALL" -v -d 0.001 --output="$tmp/all.txt" >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$out" ] && grep -q '^getcpu vdso calls per second' "$tmp/all.txt" &&
		grep -Eq '^time: verify: [0-9]+ checks, 0 failures$' "$tmp/all.txt" &&
		grep -q '^time: abi: time(NULL): .*: OK$' "$tmp/all.txt"
	ok $? "vdsotest-all -v --output=FILE: bench, verify and abi all in FILE (got $rc)"

	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" -r 2 --net --cycles -o csv -d 0.001 --cpu=0 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && grep -q '^getcpu,vdso,2,' "$out"
	ok $? "vdsotest-bench takes the bench-only options (got $rc)"
fi

# An API of another architecture's vDSO, named whole, and a time64 name on
# a 64-bit build: one wording ("API: not on this architecture (MACHINE):
# WHY") and exit 77 for every TEST-TYPE and format (KTAP: the SKIP's
# reason; json: on stderr beside the document).
foreigners=$(sed -n 's/	(not on this architecture)$//p' "$tmp/marks")
if [ -z "$foreigners" ]; then
	tap_skip "no API of another architecture's vDSO on this machine"
else
	bad=
	for a in $foreigners; do
		for t in bench verify abi; do
			run -d 0.01 "$a" $t
			[ $rc -eq 77 ] && [ ! -s "$err" ] &&
				grep -Eqx "$a: not on this architecture \([a-z0-9_]+\): [a-z_]+ is in the vDSO of [a-z0-9_]+( and [a-z0-9_]+)* only" "$out" ||
				bad="$bad $a/$t/text:$rc"
			reason=$(sed -n "s/^$a: //p" "$out")
			run -d 0.01 -o ktap "$a" $t
			[ $rc -eq 77 ] && [ -n "$reason" ] &&
				grep -Fqx "ok 1 $a # SKIP $reason" "$out" || bad="$bad $a/$t/ktap:$rc"
		done
		run -d 0.01 -o json "$a" bench
		[ $rc -eq 77 ] && [ -n "$reason" ] && grep -Fqx "$a: $reason" "$err" ||
			bad="$bad $a/bench/json:$rc"
	done
	[ -z "$bad" ]
	ok $? "APIs of another architecture ($(echo $foreigners)): one wording, exit 77, in bench, verify and abi, text, ktap and json (wrong:${bad:- none})"
fi
# x86_64's vDSO has no signal trampoline (SA_RESTORER is libc's): info and
# verify say so, not "missing"; bench and abi say why they have nothing.
if "$VDSOTEST" info 2>/dev/null | grep -q '^ELF: .*(x86_64)$'; then
	run info
	i_rc=$rc
	grep -Fqx "  rt_sigreturn         none: x86_64's vDSO has no signal trampoline: a handler returns through libc's SA_RESTORER" "$out"
	i_found=$?
	run -d 0.05 sigreturn verify
	[ $i_rc -eq 0 ] && [ $i_found -eq 0 ] && [ $rc -eq 0 ] &&
		grep -Fqx "Note: sigreturn: x86_64's vDSO has no signal trampoline: a handler returns through libc's SA_RESTORER: verifying libc's" "$out" &&
		"$VDSOTEST" sigreturn abi 2>&1 | grep -Eq '^sigreturn: abi: nothing to test: .*\(verify tests it\); skipped$' &&
		"$VDSOTEST" info -o json 2>/dev/null | grep -Fq "{\"call\": \"rt_sigreturn\", \"symbol\": \"__vdso_rt_sigreturn\", \"bound\": false, \"elsewhere\": \"x86_64's vDSO has no signal trampoline: a handler returns through libc's SA_RESTORER\"}"
	ok $? "x86_64: info (text, json) and verify say the vDSO has no signal trampoline (SA_RESTORER); abi has nothing to test (got $rc)"
else
	tap_skip "not an x86_64 vDSO: its signal trampoline, if any, is tested"
fi
if [ "$(od -An -tu1 -j4 -N1 "$VDSOTEST" | tr -d ' ')" = 1 ]; then
	tap_skip "a 32-bit build has the time64 calls"
	tap_skip "a 32-bit build has the time64 calls"
else
	bad=
	for a in clock-gettime64-monotonic clock-getres-time64-realtime; do
		for t in bench verify abi; do
			run -o ktap "$a" $t
			[ $rc -eq 77 ] && [ ! -s "$out" ] &&
				grep -Eqx "vdsotest: $a: not on this architecture \([a-z0-9_]+\): the time64 calls are 32-bit targets' only .*" "$err" ||
				bad="$bad $a/$t:$rc"
		done
	done
	run clock-gettime64-nosuchclock bench
	[ -z "$bad" ] && [ $rc -eq 2 ] && grep -q "unknown API 'clock-gettime64-nosuchclock'" "$err"
	ok $? "a time64 name on a 64-bit build: the same wording, exit 77; a made-up one is still unknown (wrong:${bad:- none}; got $rc)"
	# (in a list: said and left out, the others run)
	run -d 0.01 'clock-gettime64-monotonic,time' verify
	[ $rc -eq 0 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Eqx "vdsotest: clock-gettime64-monotonic: not on this architecture \([a-z0-9_]+\): the time64 calls are 32-bit targets' only .*" "$err" &&
		"$VDSOTEST" -v -d 0.01 'clock-gettime64-monotonic,time' verify 2>/dev/null | grep -Eq '^time: verify: [1-9][0-9]* checks, 0 failures$'
	ok $? "a time64 name in a list on a 64-bit build: said once, left out, the other API verified (got $rc)"
fi

# What a pass means, with no gap between the readings (time: always in
# whole seconds; a coarse clock or gettimeofday: often): not "no error
# larger than 0 s", which reads like exact accuracy, but that the check
# was exact at the API's own resolution; any other pass names a gap of 1
# unit or more.
run -v -d 0.2 time,gettimeofday,clock-gettime-monotonic-coarse verify
[ $rc -eq 0 ] && ! grep -q 'no error larger than 0 ' "$out" &&
	grep -qx "time: verify: a pass means the check was exact at the API's resolution of 1 s: an error of 1 s or more, ahead or behind, would be seen" "$out" &&
	[ "$(grep -c '^[a-z-]*: verify: a pass means ' "$out")" -eq 3 ]
ok $? "verify -v of time, gettimeofday, a coarse clock: exact at the API's resolution, never 'larger than 0' (got $rc)"

# A CPU shared with a busy loop: bench says so per API, but its count of
# involuntary context switches only where they mattered (the fastest
# slices disturbed too) or with a CPU migration, not for every API.
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | cut -d, -f1 | cut -d- -f1)
if command -v taskset >/dev/null 2>&1 && [ -n "$cpu" ]; then
	taskset -c "$cpu" sh -c 'while :; do :; done' &
	spinner=$!
	run --cpu="$cpu" -d 0.05 clock-gettime-monotonic,time,getcpu bench
	kill "$spinner" 2>/dev/null
	wait "$spinner" 2>/dev/null
	bad=
	for a in clock-gettime-monotonic time getcpu; do
		if grep -q "^Note: $a: [0-9]* involuntary context switch" "$err"; then
			grep -q "^Note: $a: too busy to time a call alone" "$err" ||
				grep -Eq "^Note: $a: .* and [1-9][0-9]* CPU migrations? " "$err" ||
				bad="$bad $a"
		fi
	done
	[ $rc -eq 0 ] && grep -q '^Note: [a-z-]*: the CPU was shared: ' "$err" && [ -z "$bad" ]
	ok $? "a shared CPU: said, but no context-switch note where they did not matter (got $rc; noted for:${bad:- none})"
else
	tap_skip "no taskset, or no CPU in Cpus_allowed_list"
fi

tap_done
