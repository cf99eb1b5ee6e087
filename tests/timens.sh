#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# verify in a new time namespace: it runs where unshare(CLONE_NEWTIME) is
# permitted (root here), catches a vDSO that ignores the namespace's
# offsets, and is skipped with one note, exit status unaffected, where it
# is not permitted (an unprivileged user).  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"

tap_tmpdir

if unshare --time true 2>/dev/null; then
	"$VDSOTEST" -v -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
	rc=$?
	grep -Eq '^clock-gettime-monotonic: time namespace \+1000 s: verify: [1-9][0-9]* checks, 0 failures$' "$out"
	found=$?
	[ $rc -eq 0 ] && [ $found -eq 0 ]
	ok $? "the real vDSO passes verify in a time namespace (got $rc)"

	if [ -n "$FAKE_VDSO" ]; then
		VDSOTEST_FAKE_BUG=timens-ignored "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 3 \
			clock-gettime-monotonic-raw verify >"$out" 2>&1
		rc=$?
		grep -Eq '^clock-gettime-monotonic-raw: time namespace \+1000 s: vDSO [0-9.]+ not within our syscall readings [0-9.]+ \.\. [0-9.]+ \+ 1000 s \(99[0-9]{10} ns behind\)$' "$out"
		found=$?
		[ $rc -eq 1 ] && [ $found -eq 0 ]
		ok $? "timens-ignored: the vDSO reading lacks the offset against ours (got $rc)"

		grep -Eq '^clock-gettime-monotonic-raw: time namespace \+1000 s: vDSO [0-9.]+ after syscall [0-9.]+: 99[0-9]{10} ns backwards$' "$out"
		ok $? "timens-ignored: inside the namespace the vDSO is behind the system call"

		! grep -Eq '^clock-gettime-monotonic-raw: vDSO' "$out"
		ok $? "timens-ignored: outside the namespace the same fake passes"

		VDSOTEST_FAKE_BUG=timens-ignored "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 1 \
			clock-gettime-boottime verify >"$out" 2>&1
		rc=$?
		grep -Eq '^clock-gettime-boottime: time namespace \+1000 s: vDSO [0-9.]+ not within our syscall readings' "$out"
		found=$?
		[ $rc -eq 1 ] && [ $found -eq 0 ]
		ok $? "timens-ignored: CLOCK_BOOTTIME too (got $rc)"

		# --maxfails counts the namespace part's failures: -f 1, one line.
		VDSOTEST_FAKE_BUG=timens-ignored "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 1 \
			clock-gettime-monotonic verify >"$out" 2>&1
		rc=$?
		[ $rc -eq 1 ] && [ "$(grep -c . "$out")" -eq 2 ] &&
			[ "$(grep -c '^clock-gettime-monotonic: time namespace +1000 s: ' "$out")" -eq 1 ] &&
			grep -qx 'clock-gettime-monotonic/verify: 1 failures/inconsistencies encountered' "$out"
		ok $? "timens-ignored -f 1: exactly one failure line and one summary (got $rc)"

		# The time64 calls of 32-bit targets get the namespace part too.
		if "$VDSOTEST" list-apis | grep -q '^clock-gettime64-'; then
			VDSOTEST_FAKE_BUG=timens-ignored "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 3 \
				clock-gettime64-monotonic-raw verify >"$out" 2>&1
			rc=$?
			grep -Eq '^clock-gettime64-monotonic-raw: time namespace \+1000 s: vDSO [0-9.]+ not within our syscall readings [0-9.]+ \.\. [0-9.]+ \+ 1000 s \(99[0-9]{10} ns behind\)$' "$out" &&
				grep -Eq '^clock-gettime64-monotonic-raw: time namespace \+1000 s: vDSO [0-9.]+ after syscall [0-9.]+: 99[0-9]{10} ns backwards$' "$out"
			found=$?
			[ $rc -eq 1 ] && [ $found -eq 0 ]
			ok $? "timens-ignored: clock_gettime64 too, against ours and inside (got $rc)"
		else
			tap_skip "no time64 APIs on this target (clock_gettime64: 32-bit targets)"
		fi

		# getrandom in the namespace (kselftest's timens test): a vDSO that
		# looks for its data on the namespace's vvar page; right outside it.
		VDSOTEST_FAKE_BUG=getrandom-timens-syscall "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 3 \
			getrandom verify >"$out" 2>&1
		rc=$?
		grep -Eq '^getrandom: time namespace \+1000 s: vDSO getrandom\(\) entered the system call for a 1263-byte read with a seeded state$' "$out"
		found=$?
		[ $rc -eq 1 ] && [ $found -eq 0 ] && ! grep -q '^getrandom: vDSO' "$out"
		ok $? "getrandom-timens-syscall: in the namespace only, a 1263-byte read enters the system call (got $rc)"

		VDSOTEST_FAKE_BUG=getrandom-timens-short "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 3 \
			getrandom verify >"$out" 2>&1
		rc=$?
		grep -Eq '^getrandom: time namespace \+1000 s: vDSO getrandom\(&buf, 32, 0\) returned 16 \(short read\); expected 32$' "$out"
		found=$?
		[ $rc -eq 1 ] && [ $found -eq 0 ] && ! grep -q '^getrandom: vDSO' "$out"
		ok $? "getrandom-timens-short: in the namespace only, reads return half their length (got $rc)"
	else
		tap_skip_fake 8
	fi

	# getrandom has no clock: its checks alone run again in the namespace.
	"$VDSOTEST" -v -d 0.05 getrandom verify >"$out" 2>&1
	rc=$?
	grep -Eq '^getrandom: time namespace \+1000 s: verify: [1-9][0-9]* checks, 0 failures$' "$out"
	found=$?
	[ $rc -eq 0 ] && [ $found -eq 0 ]
	ok $? "the real vDSO getrandom passes verify in a time namespace (got $rc)"

	# Clocks without an offset are verified there too (the vDSO takes
	# another path in a namespace), and read as ours (issue 21).
	"$VDSOTEST" -v -d 0.01 clock-gettime-realtime verify >"$out" 2>&1
	grep -q '^clock-gettime-realtime: time namespace +1000 s: verify: ' "$out"
	ok $? "CLOCK_REALTIME is verified again in a time namespace"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11; do tap_skip "unshare(CLONE_NEWTIME) not permitted here"; done
fi

# Unprivileged: the binary and the fake copied where that user can read them.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	cp "$VDSOTEST" ${FAKE_VDSO:+"$FAKE_VDSO"} "$tmp/" && chmod 755 "$tmp" "$tmp/vdsotest"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$tmp/vdsotest" -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ] && [ "$(grep -c . "$out")" -eq 1 ] &&
		grep -Eq '^Note: clock-gettime-monotonic: time namespace not tested: unshare\(CLONE_NEWTIME\): Operation not permitted$' "$out"
	ok $? "unprivileged: one note, exit 0 (got $rc)"

	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$tmp/vdsotest" -d 0.05 getrandom verify >"$out" 2>&1
	rc=$?
	# (a vDSO without getrandom, i386's: its note besides)
	[ $rc -eq 0 ] && [ "$(grep -vc "^Note: getrandom: vDSO version of getrandom not found; verifying libc's\$" "$out")" -eq 1 ] &&
		grep -Eq '^Note: getrandom: time namespace not tested: unshare\(CLONE_NEWTIME\): Operation not permitted$' "$out"
	ok $? "unprivileged getrandom: one note, exit 0 (got $rc)"

	if [ -n "$FAKE_VDSO" ]; then
		VDSOTEST_FAKE_BUG=timens-ignored setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$tmp/vdsotest" --vdso-lib="$tmp/fake-vdso.so" -d 0.05 clock-gettime-boottime verify \
			>"$out" 2>&1
		rc=$?
		[ $rc -eq 0 ] && grep -q '^Note: clock-gettime-boottime: time namespace not tested' "$out"
		ok $? "unprivileged: the namespace part is skipped, not failed (got $rc)"
	else
		tap_skip_fake 1
	fi

	# Several APIs with a namespace part: the refused unshare said once.
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$tmp/vdsotest" -d 0.02 clock-gettime-monotonic,clock-gettime-boottime,clock-gettime-monotonic-raw verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ] && [ "$(grep -c 'time namespace not tested' "$out")" -eq 1 ] &&
		grep -Eq '^Note: clock-gettime-monotonic: time namespace not tested: unshare\(CLONE_NEWTIME\): Operation not permitted$' "$out"
	ok $? "unprivileged, three APIs: the refused namespace said once, for the first (got $rc)"
else
	for i in 1 2 3 4; do tap_skip "needs root and setpriv to become an unprivileged user"; done
fi

# verify-b (issue 21): the namespace part for every family and clock, two
# offsets (MONOTONIC +1000 s, BOOTTIME +1037 s), and with -t N.
if unshare --time true 2>/dev/null; then
	for api in clock-gettime-realtime clock-getres-monotonic gettimeofday time; do
		"$VDSOTEST" -v -d 0.05 "$api" verify >"$out" 2>&1
		rc=$?
		[ $rc -eq 0 ] &&
			grep -Eq "^$api: time namespace \+1000 s: verify: [1-9][0-9]* checks, 0 failures$" "$out"
		ok $? "$api: the namespace part runs and passes (got $rc)"
	done
	"$VDSOTEST" -v -t 2 -d 0.05 clock-gettime-monotonic verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 0 ] &&
		grep -Eq '^clock-gettime-monotonic: time namespace \+1000 s: verify: [1-9][0-9]* checks, 0 failures$' "$out"
	ok $? "-t 2: the namespace part runs on one thread (got $rc)"
	if [ -n "$FAKE_VDSO" ]; then
		VDSOTEST_FAKE_BUG=timens-swapped "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.05 -f 2 \
			clock-gettime-monotonic verify >"$out" 2>&1
		rc=$?
		[ $rc -eq 1 ] &&
			grep -Eq '^clock-gettime-monotonic: time namespace \+1000 s: vDSO [0-9.]+ not within our syscall readings [0-9.]+ \.\. [0-9.]+ \+ 1000 s \(3[67][0-9]{9} ns ahead\)$' "$out"
		ok $? "timens-swapped: MONOTONIC with BOOTTIME's offset is 37 s ahead (got $rc)"
		# (a reading ahead is one read before the system call's: not "before ... ahead")
		grep -Eq '^clock-gettime-monotonic: time namespace \+1000 s: vDSO [0-9.]+ read before syscall [0-9.]+: 3[67][0-9]{9} ns ahead$' "$out"
		ok $? "timens-swapped: the check of the ordering says the reading was read before the system call's"
	else
		tap_skip_fake 2
	fi
else
	for i in 1 2 3 4 5 6 7; do tap_skip "unshare(CLONE_NEWTIME) not permitted here"; done
fi

tap_done
