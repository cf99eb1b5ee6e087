#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/bringup/parse-console.awk, the verdict of a bring-up boot, fed
# console logs written here by hand: a passing boot, and each way a boot
# can fail (a "not ok", an exit status without one, missing results, no
# exit marker, init not finished), kernel output in the middle of a
# marker, CR LF line ends, known kernel bugs (vdsotest's # XFAIL: seen,
# and "in range" in vdsotest info but not seen);
# the perturbed verify (its own column, "not run" when vdsotest refuses
# --perturb), and the commands of --run.
. "${srcdir:-.}/tests/tap-lib.sh"
parse=${srcdir:-.}/tests/bringup/parse-console.awk
tap_tmpdir

# header: init's first lines and vdsotest info's symbol list
header() {
	cat <<-'EOF'
	[    0.000000] Booting Linux on physical CPU 0x0000000000
	### bringup: kernel 6.1.0-50-arm64 aarch64
	### bringup: run /vdsotest info
	kernel: Linux 6.1.0-50-arm64 aarch64
	symbols:
	  __kernel_clock_getres@LINUX_2.6.39 0x720
	  __kernel_clock_gettime@LINUX_2.6.39 0x2d0
	calls:
	  clock_gettime        __kernel_clock_gettime bound
	testing (the APIs that call each function):
	  __kernel_clock_getres@LINUX_2.6.39 tested by clock-getres-realtime, clock-getres-monotonic
	  __kernel_rt_sigreturn@LINUX_2.6.39 not tested: no API yet (sigreturn, unwind)
	  __kernel_new@LINUX_2.6.39 not tested: unknown to vdsotest
	APIs: not measured (an image file is not run)
	### bringup: exit 0
	EOF
}

# ktap TYPE EXIT LINES...: one command's section (TYPE perturb: verify
# with --perturb=all)
ktap() {
	type=$1 status=$2
	shift 2
	case $type in
	perturb) echo "### bringup: run /vdsotest all verify -d 0.5 --perturb=all --format=ktap" ;;
	*) echo "### bringup: run /vdsotest all $type --format=ktap" ;;
	esac
	echo "KTAP version 1"
	echo "1..3"
	for l in "$@"; do echo "$l"; done
	echo "### bringup: exit $status"
}

bench() {
	cat <<-'EOF'
	### bringup: run /vdsotest all bench -d 0.1 --format=ktap
	KTAP version 1
	1..1
	# clock-gettime-monotonic system calls per second:  50000 (best slice)
	# clock-gettime-monotonic libc calls per second:   8000000 (best slice) (160.00x speedup)
	# clock-gettime-monotonic vdso calls per second:   10000000 (best slice) (200.00x speedup)
	ok 1 clock-gettime-monotonic
	### bringup: exit 0
	EOF
}

pass_log() {
	header
	ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c # SKIP unsupported"
	ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
	ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"
	bench
	echo "### bringup: done"
}

# check NAME EXPECTED-STATUS PATTERN [UNUSED [REQUIRED [MODE [VAR=VALUE]]]]:
# the verdict on $tmp/log (written by the command before it, not piped:
# ok counts here).
check() {
	"${AWK:-awk}" -v required="${5:-}" -v mode="${6:-}" -v "${7:-unused=}" \
		-f "$parse" "$tmp/log" >"$tmp/out" 2>&1
	rc=$?
	tap_show="$tmp/out"
	[ "$rc" -eq "$2" ] && grep -Eq "$3" "$tmp/out"
	ok $? "$1"
}

pass_log >"$tmp/log"
check "passing boot: status 0" 0 '^verify pass \(2 ok, 1 skipped\)$'
pass_log >"$tmp/log"
check "passing boot: abi pass" 0 '^abi pass \(3 ok, 0 skipped\)$'
pass_log >"$tmp/log"
check "kernel release from the marker" 0 '^kernel 6\.1\.0-50-arm64$'
pass_log >"$tmp/log"
check "symbols from vdsotest info" 0 \
	'^symbols __kernel_clock_getres@LINUX_2\.6\.39,__kernel_clock_gettime@LINUX_2\.6\.39$'
pass_log >"$tmp/log"
check "untested functions from vdsotest info, the unknown ones marked (no failure)" 0 \
	'^untested __kernel_rt_sigreturn@LINUX_2\.6\.39,__kernel_new@LINUX_2\.6\.39 \(unknown\)$'
pass_log >"$tmp/log"
check "bench: ns/call from calls per second" 0 '^bench 100\.0 ns vDSO, 20000\.0 ns syscall$'
pass_log >"$tmp/log"
check "init finished" 0 '^done yes$'
# The bench lines as this build prints them (the guests run the same
# source): the parser must still find two numbers in them.
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"
  echo "### bringup: run /vdsotest all bench -d 0.1 --format=ktap"
  "$VDSOTEST" -d 0.01 --format=ktap clock-gettime-monotonic bench 2>/dev/null
  echo "### bringup: exit 0"; echo "### bringup: done"; } >"$tmp/log"
check "bench: this build's KTAP bench lines give ns/call" 0 \
	'^bench [0-9]+\.[0-9] ns vDSO, [0-9]+\.[0-9] ns syscall$'
pass_log | "${AWK:-awk}" '{ printf "%s\r\n", $0 }' >"$tmp/log"
check "CR LF line ends" 0 '^verify pass \(2 ok, 1 skipped\)$'
pass_log | sed 's/^### bringup: run \/vdsotest all abi/[    3.1] random: crng init done### bringup: run \/vdsotest all abi/' >"$tmp/log"
check "kernel output before a marker on its line" 0 '^abi pass'

{ header; ktap verify 1 "ok 1 a" "not ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "a 'not ok' fails verify" 1 '^verify FAIL \(b; exit 1\)$'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "not ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "a 'not ok' fails abi" 1 '^abi FAIL'
{ header; ktap verify 1 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "exit status 1 without a 'not ok' fails" 1 '^verify FAIL'
{ header; ktap verify 0 "ok 1 a" "ok 2 b"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "fewer results than the plan fails" 1 '^verify FAIL \(2 of 3 results; exit 0\)$'
{ header; echo "### bringup: run /vdsotest all verify -d 0.2 --format=ktap"; echo "ok 1 a"
  echo "### bringup: exit 0"; ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "no KTAP plan fails" 1 '^verify FAIL \(no KTAP plan'
{ header; echo "### bringup: run /vdsotest all verify -d 0.2 --format=ktap"
  echo "KTAP version 1"; echo "1..3"; echo "ok 1 a"
  echo "### bringup: signal 11"; ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "a crash (signal) fails" 1 '^verify FAIL \(1 of 3 results; exit 139\)$'
{ header; echo "### bringup: run /vdsotest all verify -d 0.2 --format=ktap"
  echo "KTAP version 1"; echo "1..3"; echo "ok 1 a"; } >"$tmp/log"
check "a guest that stops gives no result" 1 '^verify none'
pass_log | grep -v '^### bringup: done' >"$tmp/log"
check "init not finished fails" 1 '^done no$'
: >"$tmp/log"
check "an empty console: no kernel" 1 '^kernel -$'
check "an empty console: no symbols" 1 '^symbols -$'
check "an empty console: no bench" 1 '^bench -$'

pass_log >"$tmp/log"
check "a clean kernel log" 0 '^klog clean$'
check "required vDSO functions all there" 0 '^missing -$' "" \
	"__kernel_clock_gettime@LINUX_2.6.39 __kernel_clock_getres@LINUX_2.6.39"
check "a required vDSO function missing fails" 1 '^missing __kernel_gettimeofday@LINUX_2\.6\.39$' "" \
	"__kernel_clock_gettime@LINUX_2.6.39 __kernel_gettimeofday@LINUX_2.6.39"
check "a required vDSO function with another version fails" 1 \
	'^missing __kernel_clock_gettime@LINUX_2\.6$' "" "__kernel_clock_gettime@LINUX_2.6"
check "a required name is not matched by a longer one" 1 '^missing __kernel_clock_get@LINUX_2\.6\.39$' "" \
	"__kernel_clock_get@LINUX_2.6.39"
# What each architecture's kernel prints when it goes wrong.
while IFS= read -r line; do
	pass_log | "${AWK:-awk}" -v line="$line" '/^### bringup: run \/vdsotest all abi/ { print line } 1' >"$tmp/log"
	check "kernel log: '$line' fails the boot" 1 '^klog 1 problem'
done <<'EOF'
[   10.1] ------------[ cut here ]------------
[   10.1] kernel BUG at kernel/time/vsyscall.c:42!
[   10.1] Internal error: Oops: 0000000096000004 [#1] SMP
[   10.1] Kernel BUG [#1]
[   10.1] illegal operation: 0001 ilc:1 [#1] SMP
[   10.1] BUG: sleeping function called from invalid context at mm/memory.c:1
[   10.1] WARNING: possible circular locking dependency detected
[   10.1] UBSAN: shift-out-of-bounds in lib/vdso/gettimeofday.c:1:2
[   10.1] rcu: INFO: rcu_sched self-detected stall on CPU
[   10.1] INFO: task vdsotest:80 blocked for more than 120 seconds.
[   10.1] Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b
[   10.1] clocksource: timekeeping watchdog on CPU1: Marking clocksource 'tsc' as unstable because the skew is too large:
EOF
pass_log | "${AWK:-awk}" '/^### bringup: run \/vdsotest all abi/ {
	print "[   12.5] WARNING: CPU: 1 PID: 80 at kernel/time/namespace.c:1 timens_x+0x1/0x2" } 1' >"$tmp/log"
check "a kernel warning fails the boot" 1 '^klog 1 problem\(s\), the first: \[   12\.5\] WARNING: CPU: 1 PID: 80'
pass_log | "${AWK:-awk}" '/^### bringup: done/ {
	print "Unable to handle kernel paging request at virtual address 0000000000000008" } 1' >"$tmp/log"
check "an Oops-like kernel message fails the boot" 1 '^klog 1 problem'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
  echo "### bringup: run /vdsotest all abi --format=ktap"; echo "KTAP version 1"; echo "1..3"
  echo "ok 1 a # SKIP"; echo "ok 2 b # SKIP"; echo "ok 3 c # SKIP"; echo "### bringup: exit 77"
  echo "### bringup: done"; } >"$tmp/log"
check "nothing tested (exit 77) fails" 1 '^abi FAIL \(nothing could be tested: exit 77'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 77 "ok 1 a # SKIP" "ok 2 b # SKIP" "ok 3 c # SKIP"; echo "### bringup: done"; } |
	sed '/^symbols:/,/^calls:/{/^  /d}' >"$tmp/log"
check "no vDSO function on a machine that hides them: abi exit 77 passes" 0 \
	'^abi pass \(no vDSO function' "" "" "" hidden=__kernel_clock_gettime@LINUX_2.6.39
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 77 "ok 1 a # SKIP" "ok 2 b # SKIP" "ok 3 c # SKIP"; echo "### bringup: done"; } >"$tmp/log"
check "a vDSO function exported on a machine that hides it fails" 1 \
	'^missing hidden on this machine, but exported: __kernel_clock_gettime@LINUX_2\.6\.39$' \
	"" "" "" "hidden=__kernel_gettimeofday@LINUX_2.6.39 __kernel_clock_gettime@LINUX_2.6.39"


# Known kernel bugs: vdsotest's XFAIL test points pass, their ids are
# listed; a bug vdsotest info lists "in range" that no command saw is
# "expected, not seen", no failure; a "not ok" fails, whatever it is.
info_bugs() {	# the header, vdsotest info listing known bugs of the kernel
	header | sed '/^### bringup: exit 0$/i\
known kernel bugs of this kernel (6.1.176 (6.1.0-50-arm64)):\
  b71f9804f66c in range: timekeeping: Prevent coarse clocks going backwards; not tested by info: not tested by info\
  f5807b0606da range unknown: ntp: Remove invalid cast in time offset math; not tested by info: not tested by info'
}
xfail_log() {
	info_bugs; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
	ktap perturb 0 "ok 1 a" "    ok 1 not behind the previous reading # XFAIL b71f9804f66c: timekeeping: Prevent coarse clocks going backwards (failed 1 of 9 times)" \
		"ok 2 b # XFAIL b71f9804f66c: timekeeping: Prevent coarse clocks going backwards" "ok 3 c"
	ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"
}
xfail_log >"$tmp/log"
check "a known kernel bug's XFAIL passes, status 0" 0 '^perturb pass \(3 ok, 0 skipped, 1 xfail\)$'
xfail_log >"$tmp/log"
check "a known kernel bug's XFAIL: its id" 0 '^known b71f9804f66c$'
xfail_log >"$tmp/log"
check "a known kernel bug in range and seen: none unseen" 0 '^unseen -$'
{ info_bugs; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "a known kernel bug in range not seen: expected, not seen, status 0" 0 '^unseen b71f9804f66c$'
{ info_bugs; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "no XFAIL: no known bug seen" 0 '^known -$'
pass_log >"$tmp/log"
check "an info without known bugs: none unseen" 0 '^unseen -$'
{ header; ktap verify 1 "ok 1 a" "not ok 2 b" "ok 3 c"
  ktap perturb 0 "ok 1 a" "ok 2 b # XFAIL b71f9804f66c: timekeeping: x" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; echo "### bringup: done"; } >"$tmp/log"
check "a 'not ok' beside a known bug fails" 1 '^verify FAIL \(b; exit 1\)$'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b # XFAIL cd3557a7618b: vdso/gettimeofday: x" "ok 3 c # XFAIL cd3557a7618b: vdso/gettimeofday: x"
  echo "### bringup: done"; } >"$tmp/log"
check "one known bug in two APIs: its id once" 0 '^known cd3557a7618b$'

# The perturbed verify: a column of its own.
perturb_log() {	# EXIT LINES...: a passing boot but for the perturbed verify
	header
	ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
	ktap perturb "$@"
	ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; bench; echo "### bringup: done"
}
pass_log >"$tmp/log"
check "perturbed verify: pass" 0 '^perturb pass \(3 ok, 0 skipped\)$'
perturb_log 1 "ok 1 a" "not ok 2 b" "ok 3 c" >"$tmp/log"
check "perturbed verify: a 'not ok' fails" 1 '^perturb FAIL \(b; exit 1\)$'
perturb_log 1 "ok 1 a" "not ok 2 b" "ok 3 c" >"$tmp/log"
check "perturbed verify: a 'not ok' does not fail plain verify" 1 '^verify pass'
perturb_log 0 "ok 1 a" "ok 2 b # XFAIL b71f9804f66c: timekeeping: x" "ok 3 c" >"$tmp/log"
check "perturbed verify: a known kernel bug passes" 0 '^perturb pass \(3 ok, 0 skipped, 1 xfail\)$'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
  echo "### bringup: run /vdsotest all verify -d 0.5 --perturb=all --format=ktap"
  echo "vdsotest: unknown or ambiguous option '--perturb=all'"; echo "### bringup: exit 2"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; bench; echo "### bringup: done"; } >"$tmp/log"
check "perturbed verify: a vdsotest without --perturb: not run, status 0" 0 \
	'^perturb not run \(this vdsotest has no --perturb\)$' "perturb:b"
sed 's/^vdsotest: unknown.*$/vdsotest: --perturb=all: needs root (CAP_SYS_TIME)/' "$tmp/log" >"$tmp/log2"
mv "$tmp/log2" "$tmp/log"
check "perturbed verify: exit 2 for another reason fails" 1 '^perturb FAIL \(no KTAP plan; exit 2\)$'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"
  ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; bench; echo "### bringup: done"; } >"$tmp/log"
check "perturbed verify missing fails" 1 '^perturb none'

# Several perturbed commands (all APIs, then one API on its own): one column.
coarse() {	# EXIT RESULT: the one-API perturbed verify of API d
	echo "### bringup: run /vdsotest --perturb=freq -d 5 --format=ktap d verify"
	echo "KTAP version 1"; echo "1..1"; echo "$2"; echo "### bringup: exit $1"
}
two_perturbed() {	# EXIT-ALL EXIT-D RESULT-D LINES-OF-ALL...
	e1=$1 e2=$2 r=$3
	shift 3
	header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb "$e1" "$@"
	coarse "$e2" "$r"; ktap abi 0 "ok 1 a" "ok 2 b" "ok 3 c"; bench; echo "### bringup: done"
}
two_perturbed 0 0 "ok 1 d" "ok 1 a" "ok 2 b" "ok 3 c" >"$tmp/log"
check "two perturbed commands: results added up" 0 '^perturb pass \(4 ok, 0 skipped\)$'
two_perturbed 0 1 "not ok 1 d" "ok 1 a" "ok 2 b" "ok 3 c" >"$tmp/log"
check "two perturbed commands: the second one fails" 1 '^perturb FAIL \(d; exit 1\)$'
two_perturbed 1 1 "not ok 1 d" "ok 1 a" "ok 2 b" "not ok 3 d" >"$tmp/log"
check "two perturbed commands: an API failing in both is named once" 1 '^perturb FAIL \(d; exit 1\)$'
two_perturbed 0 0 "ok 1 d # XFAIL b71f9804f66c: timekeeping: x" "ok 1 a" "ok 2 b" "ok 3 c" >"$tmp/log"
check "two perturbed commands: the second one's known bug" 0 '^known b71f9804f66c$'
{ header; ktap verify 0 "ok 1 a" "ok 2 b" "ok 3 c"; ktap perturb 0 "ok 1 a" "ok 2 b" "ok 3 c"
  echo "### bringup: run /vdsotest --perturb=freq -d 5 --format=ktap d verify"
  echo "KTAP version 1"; echo "1..1"; } >"$tmp/log"
check "a perturbed command that never finishes: none" 1 '^perturb none'

# --run: the commands and their exit status; only init's end and the
# kernel log decide.
run_log() {
	echo "### bringup: kernel 6.1.0-50-arm64 aarch64"
	echo "### bringup: run /vdsotest --perturb=freq -d 30 clock-gettime-monotonic-coarse verify"
	echo "clock-gettime-monotonic-coarse/verify: vDSO 35.020820057 after vDSO 35.020822070: 2013 ns backwards"
	echo "### bringup: exit 1"
	echo "### bringup: run /vdsotest --perturb=freq -d 30 clock-gettime-realtime-coarse verify"
	echo "### bringup: signal 9"
}
{ run_log; echo "### bringup: done"; } >"$tmp/log"
check "--run: a failing command is reported, status 0" 0 \
	'^command 1 1 /vdsotest --perturb=freq -d 30 clock-gettime-monotonic-coarse verify$' "" "" run
{ run_log; echo "### bringup: done"; } >"$tmp/log"
check "--run: a command killed by a signal" 0 '^command 2 signal 9 /vdsotest' "" "" run
run_log >"$tmp/log"
check "--run: init not finished fails" 1 '^done no$' "" "" run
{ run_log; echo "[   9.1] WARNING: CPU: 0 PID: 1 at kernel/time/timekeeping.c:1 x"
  echo "### bringup: done"; } >"$tmp/log"
check "--run: a kernel warning fails" 1 '^klog 1 problem' "" "" run

# ---- tests/bringup/run: the mirror from the apt sources ----
# (made-up sources under BRINGUP_APT_ETC; .invalid hosts, never fetched:
# --show-mirror exits before anything is downloaded or built)
harness=${srcdir:-.}/tests/bringup/run
show_mirror() {	# ETC [OPTION...]: run --show-mirror, into $out, $err, $rc
	etc=$1
	shift
	BRINGUP_APT_ETC=$etc bash "$harness" --show-mirror "$@" >"$out" 2>"$err"
	rc=$?
}
if command -v bash >/dev/null; then
	mkdir -p "$tmp/apt1/sources.list.d" "$tmp/apt2/sources.list.d" "$tmp/apt3/sources.list.d"
	cat >"$tmp/apt1/sources.list" <<-'EOF'
	# comment http://comment.invalid/debian bookworm main
	deb-src http://src.invalid/debian bookworm main
	deb [signed-by=/usr/share/keyrings/k.gpg] http://sec.invalid/debian-security bookworm-security main
	deb http://sec2.invalid/debian bullseye/updates main
	deb http://third.invalid/node_20.x nodistro main
	deb http://contrib.invalid/debian bookworm contrib
	deb [arch=amd64] http://one.invalid/debian/ bookworm contrib main
	deb http://later.invalid/debian bookworm main
	EOF
	show_mirror "$tmp/apt1"
	[ $rc -eq 0 ] && [ "$(cat "$out")" = http://one.invalid/debian ]
	ok $? "run --show-mirror: the first deb line with main, not deb-src, security, a third party or contrib only (got $rc: $(cat "$out" "$err"))"
	printf 'Types: deb\nURIs: http://off.invalid/debian\nSuites: trixie\nComponents: main\nEnabled: no\n\n# a comment\nTypes: deb deb-src\nURIs: http://sec.invalid/debian-security\nSuites: trixie-security\nComponents: main\nSigned-By:\n -----BEGIN PGP PUBLIC KEY BLOCK-----\n .\n' \
		>"$tmp/apt2/sources.list.d/a.sources"
	printf 'types: deb\nuris: http://two.invalid/debian http://three.invalid/debian\nsuites: trixie trixie-updates\ncomponents: main contrib\n' \
		>"$tmp/apt2/sources.list.d/b.sources"
	echo 'deb http://third.invalid/node_20.x nodistro main' >"$tmp/apt2/sources.list.d/c.list"
	show_mirror "$tmp/apt2"
	[ $rc -eq 0 ] && [ "$(cat "$out")" = http://two.invalid/debian ]
	ok $? "run --show-mirror: deb822 .sources, a disabled stanza and a security one passed over (got $rc: $(cat "$out" "$err"))"
	cp "$tmp/apt2/sources.list.d/c.list" "$tmp/apt3/sources.list.d/"
	show_mirror "$tmp/apt3"
	[ $rc -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -q 'no Debian mirror in this machine.s apt sources .*; give one with --mirror=URL$' "$err"
	ok $? "run --show-mirror: no Debian source: exit 2 asking for --mirror (got $rc)"
	show_mirror "$tmp/apt3" --mirror=http://given.invalid/debian
	[ $rc -eq 0 ] && [ "$(cat "$out")" = http://given.invalid/debian ]
	ok $? "run --mirror=URL: taken as given, the sources not needed (got $rc)"
	show_mirror "$tmp/apt3" --list
	[ $rc -eq 0 ] && [ -s "$out" ] && [ ! -s "$err" ]
	ok $? "run --list needs no mirror (got $rc)"
	show_mirror "$tmp/apt3" --mirror=
	[ $rc -eq 2 ] && grep -q -- '--mirror: needs a value' "$err"
	ok $? "run --mirror= (empty): exit 2 (got $rc)"
	show_mirror "$tmp/apt3" --fakes amd64 aarch64
	[ $rc -eq 2 ] && grep -q -- '--fakes: only for amd64 (the build machine.s binaries), not aarch64$' "$err"
	ok $? "run --fakes with a machine other than amd64: exit 2 naming it (got $rc)"
else
	for i in 1 2 3 4 5 6 7; do tap_skip "no bash for tests/bringup/run"; done
fi

tap_done
