#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Under --enable-sanitizers: a sanitizer report fails a test (the canary's
# deliberate bugs end it with a report and a non-zero status), and the abi
# and verify children that are meant to die of SIGSEGV are reported as
# killed by the signal, not as sanitizer reports.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}" "${SAN_CANARY:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
if [ -z "${VDSOTEST_SANITIZED:-}" ]; then
	echo "1..0 # SKIP not built with --enable-sanitizers"
	exit 0
fi
tap_tmpdir

"$SAN_CANARY" clean >"$out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ ! -s "$out" ]
ok $? "canary without a bug: exit 0, no report (got $rc)"

"$SAN_CANARY" use-after-free >"$out" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "ERROR: AddressSanitizer: heap-use-after-free" "$out"
ok $? "canary reading a freed block: AddressSanitizer report, exit $rc"

"$SAN_CANARY" shift >"$out" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'runtime error: left shift' "$out"
ok $? "canary shifting into the sign bit: UBSan report, exit $rc"

# The kernel's vDSO faults on bad pointers in abi: killed by SIGSEGV, OK.
"$VDSOTEST" -v clock-gettime-monotonic abi >"$out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q 'vDSO SIGSEGV' "$out" && ! grep -q Sanitizer "$out"
ok $? "abi: the vDSO's faults are SIGSEGV, not sanitizer reports (got $rc)"

if [ -n "$FAKE_VDSO" ]; then
	VDSOTEST_FAKE_BUG=getres-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.01 \
		clock-getres-monotonic verify >"$out" 2>&1
	rc=$?
	[ $rc -eq 1 ] && grep -q '^clock-getres-monotonic: verify: killed by signal 11' "$out" &&
		! grep -q Sanitizer "$out"
	ok $? "verify: a vDSO crashing its child is 'killed by signal 11' (got $rc)"
else
	tap_skip_fake 1
fi

tap_done
