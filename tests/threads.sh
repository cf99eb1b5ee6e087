#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# verify with -t N: N pinned threads at once, the cross-CPU ordering check,
# --maxfails across threads, and N larger than the affinity mask.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"

out=$(mktemp) || exit 99
trap 'rm -f "$out"' EXIT
tap_show=$out

# More threads than CPUs in the mask: a usage error naming both numbers.
if command -v taskset >/dev/null; then
	taskset -c 0 "$VDSOTEST" -t 2 -d 0.01 clock-gettime-monotonic verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 2 ] && [ "$(cat "$out")" = "vdsotest: --threads=2: only 1 CPU in the affinity mask" ]
	ok $? "-t 2 on one CPU: exit 2 with the message (got $rc)"
	# (abi ignores -t, as documented: the CPU count is not checked)
	taskset -c 0 "$VDSOTEST" -t 2 time abi >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ]
	ok $? "-t 2 on one CPU: abi runs, ignoring -t (got $rc)"
else
	tap_skip "no taskset"
	tap_skip "no taskset"
fi
"$VDSOTEST" -t 1025 all verify >"$out" 2>&1
[ $? -eq 2 ]
ok $? "-t 1025: exit 2"

if [ "$(nproc)" -lt 2 ]; then
	for i in 1 2 3 4 5 6 7 8 9 10 11; do tap_skip "needs two CPUs"; done
	tap_done
	exit
fi

"$VDSOTEST" -t 2 -d 0.05 all verify >"$out" 2>&1
rc=$?
[ $rc -eq 0 ]
ok $? "the real vDSO passes all verify on two threads (got $rc)"

"$VDSOTEST" -t 2 -v -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
rc=$?
grep -Eq '^clock-gettime-monotonic: cross-CPU: verify: [1-9][0-9]* checks, 0 failures$' "$out" &&
	grep -Eq '^clock-gettime-monotonic: thread 0 on CPU [0-9]+: verify: [1-9][0-9]* checks, 0 failures$' "$out" &&
	grep -Eq '^clock-gettime-monotonic: thread 1 on CPU [0-9]+: verify: [1-9][0-9]* checks, 0 failures$' "$out" &&
	[ "$(sed -n 's/^.*: thread [01] on CPU \([0-9]*\): verify: [0-9]* checks.*/\1/p' "$out" | sort -u | wc -l)" -eq 2 ]
found=$?
[ $rc -eq 0 ] && [ $found -eq 0 ]
ok $? "-t 2 -v: the cross-CPU check and two threads on two different CPUs ran (got $rc)"

if [ -n "$FAKE_VDSO" ]; then
	VDSOTEST_FAKE_BUG=none "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.05 all verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ]
	ok $? "the correct fake passes all verify on two threads (got $rc)"

	# A clock that depends on the CPU: CPU n is n * 100 s behind, and
	# never reaches the last reading on a lower CPU, so the first
	# hand-over to a higher CPU is caught however long it takes (under
	# load one took 987 ms, and 14 s under SCHED_IDLE: a fixed offset
	# alone was missed once; a reading may be negative on a machine up
	# for less than 100 s).
	VDSOTEST_FAKE_BUG=cpu-offset "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.3 -f 20 \
		clock-gettime-monotonic-raw verify >"$out" 2>&1
	rc=$?
	grep -Eq '^clock-gettime-monotonic-raw: cross-CPU: vDSO -?[0-9]+\.[0-9]{9} on CPU [0-9]+ after vDSO -?[0-9]+\.[0-9]{9} on CPU [0-9]+: [0-9]+ ns backwards$' "$out"
	found=$?
	[ $rc -eq 1 ] && [ $found -eq 0 ]
	ok $? "cpu-offset: the cross-CPU check fails, naming both CPUs (got $rc)"

	# --maxfails counts the failures of all threads, with one summary line.
	VDSOTEST_FAKE_BUG=cpu-offset "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.2 -f 3 \
		clock-gettime-monotonic verify >"$out" 2>&1
	[ "$(grep -c 'ns backwards$' "$out")" -eq 3 ] &&
		[ "$(grep -c '/verify: ' "$out")" -eq 1 ] &&
		grep -q '^clock-gettime-monotonic/verify: 3 failures/inconsistencies encountered$' "$out"
	ok $? "-t 2 -f 3: exactly 3 failures reported over both threads, one summary"

	VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.05 -f 4 \
		clock-gettime-realtime verify >"$out" 2>&1
	rc=$?
	grep -Eq '^clock-gettime-realtime: thread [01] on CPU [0-9]+: vDSO [0-9.]+ after syscall [0-9.]+: [0-9]+ ns backwards$' "$out"
	found=$?
	[ $rc -eq 1 ] && [ $found -eq 0 ]
	ok $? "a thread's failure names the thread and its CPU (got $rc)"

	# The summary counts the failure lines printed, however the threads race.
	i=0
	while [ $i -lt 3 ]; do
		VDSOTEST_FAKE_BUG=getcpu-wrong-cpu "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.3 -f 4 \
			getcpu verify >"$out" 2>&1
		[ "$(grep -c '^getcpu: thread [01] on CPU [0-9]*: ' "$out")" -eq 4 ] &&
			[ "$(grep -c '/verify: ' "$out")" -eq 1 ] &&
			grep -qx 'getcpu/verify: 4 failures/inconsistencies encountered' "$out" || break
		i=$((i + 1))
	done
	[ $i -eq 3 ]
	ok $? "getcpu-wrong-cpu -t 2 -f 4: 4 failure lines and a summary of 4, every time (runs passed: $i)"

	# The time64 calls of 32-bit targets get the cross-CPU check too.
	if "$VDSOTEST" list-apis | grep -q '^clock-gettime64-'; then
		VDSOTEST_FAKE_BUG=cpu-offset "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -t 2 -d 0.3 -f 20 \
			clock-gettime64-monotonic-raw verify >"$out" 2>&1
		rc=$?
		grep -Eq '^clock-gettime64-monotonic-raw: cross-CPU: vDSO -?[0-9]+\.[0-9]{9} on CPU [0-9]+ after vDSO -?[0-9]+\.[0-9]{9} on CPU [0-9]+: [0-9]+ ns backwards$' "$out"
		found=$?
		[ $rc -eq 1 ] && [ $found -eq 0 ]
		ok $? "cpu-offset: the cross-CPU check of clock_gettime64 fails, naming both CPUs (got $rc)"
	else
		tap_skip "no time64 APIs on this target (clock_gettime64: 32-bit targets)"
	fi
else
	tap_skip_fake 6
fi

# The notes once, before the cross-CPU lines; the path exercised once.
"$VDSOTEST" --vdso-lib=none -t 2 -v -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
[ "$(grep -c 'not found; verifying libc' "$out")" -eq 1 ] &&
	[ "$(grep -c 'path exercised' "$out")" -eq 1 ] &&
	sed -n 2p "$out" | grep -qx 'clock-gettime-monotonic: verify: path exercised: libc (no vDSO function)' &&
	sed -n 3p "$out" | grep -q '^clock-gettime-monotonic: cross-CPU: '
ok $? "-t 2 -v without a vDSO: the note and the path exercised once, before the cross-CPU lines"

# However short the duration, every thread compares a reading with the
# previous thread's: 1 read, then a read and a comparison per thread.
"$VDSOTEST" -t 2 -v -d 0.000001 clock-gettime-monotonic verify >"$out" 2>&1
rc=$?
checks=$(sed -n 's/^clock-gettime-monotonic: cross-CPU: verify: \([0-9]*\) checks, 0 failures$/\1/p' "$out")
[ $rc -eq 0 ] && [ "${checks:-0}" -ge 5 ]
ok $? "-d 0.000001: the cross-CPU check still compares on both CPUs (${checks:-no} checks, got $rc)"

# cpu-skew: the clock of CPU n n * 10 s behind, in the system call as in
# the vDSO (TSCs out of step): only the cross-CPU phase, by default
# without -t, can see it.
if [ -n "$FAKE_VDSO" ] && [ "$(nproc)" -ge 2 ]; then
	VDSOTEST_FAKE_BUG=cpu-skew "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.3 -f 1000 -o ktap \
		clock-gettime-monotonic-raw verify >"$out" 2>&1
	rc=$?
	grep -Eq '^    not ok [0-9]+ cross-CPU: not behind the reading on another CPU # failed [1-9]' "$out" &&
		grep -Eq '^# clock-gettime-monotonic-raw: cross-CPU: vDSO [0-9.]+ on CPU [0-9]+ after vDSO [0-9.]+ on CPU [0-9]+: [0-9]+ ns backwards$' "$out"
	found=$?
	[ $rc -eq 1 ] && [ $found -eq 0 ]
	ok $? "cpu-skew without -t: the default cross-CPU phase fails its check (got $rc)"
else
	tap_skip "cpu-skew without -t: needs the fake vDSO and two CPUs"
fi
if command -v taskset >/dev/null 2>&1; then
	taskset -c "$(sed -n 's/^processor[^0-9]*\([0-9]*\)$/\1/p' /proc/cpuinfo | head -n 1)" \
		"$VDSOTEST" -o ktap -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ] &&
		grep -qx '    ok [0-9]* cross-CPU: not behind the reading on another CPU # SKIP one CPU allowed' "$out" &&
		grep -q '^# Note: clock-gettime-monotonic: the cross-CPU phase left out: one CPU allowed' "$out"
	ok $? "one CPU allowed: the cross-CPU phase is a KTAP SKIP line and a note (got $rc)"
else
	tap_skip "one CPU allowed: no taskset"
fi

# abi ignores -t.
"$VDSOTEST" -t 2 getcpu abi >"$out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ ! -s "$out" ]
ok $? "-t 2 abi: runs as without -t (got $rc)"

tap_done
