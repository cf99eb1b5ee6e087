#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# tests/bringup/fakes-step.sh [DURATION]: make check-bringup-fakes.
#
# Does --perturb=step hide a settable clock's errors?  In the amd64 guest
# (tests/bringup/run --fakes: this build tree's vdsotest and fake vDSO),
# DURATION seconds (default 10) of clock-gettime-realtime verify, each
# failure counted (-f 1000000), three times:
#
#   1. fake realtime-1k-1ms (every 1000th CLOCK_REALTIME reading 1 ms
#      behind), no --perturb: must fail, about 1 failure per 1000 readings;
#   2. the same fake with --perturb=step: must fail at the same rate per
#      vDSO reading, to within TOLERANCE_PCT (below);
#   3. the correct fake (none) with --perturb=step: must pass, and the
#      disturber must have stepped the clock (else 2 proved nothing).
#
# The rate is the failures of the three parts of verify (the rounds, the
# back-to-back phase, the time namespace) over their vDSO readings (the
# "readings of it compared" of -v).  What may differ, and so the
# tolerance, 5 %: a round that truly contains a step is excused and taken
# again, so an error read in it is lost; run 3 counts such rounds (about
# 10 in 5 s, of some 160,000: 0.01 %); and each part's count may be one off
# from readings / 1000 by where the 1000th call falls (three parts, some
# 80 failures in 10 s: 4 %).  A plain run makes few readings: each failure
# of a settable clock waits up to 100 ms for the kernel's word that the
# clock was set (harness/verify.c, CLOCK_SET_WAIT_MS), so 10 s give some
# 80 failures, not 1000s.
# Exit status: 0 passed, 1 failed, 2 the guest could not be run.
set -u

duration=${1:-10}
tolerance_pct=5
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
work=${BRINGUP_WORK:-./bringup-fakes}
fake=/fake-vdso.so
common="--vdso-lib=$fake -v -d $duration clock-gettime-realtime verify"

bash "$srcdir/tests/bringup/run" --fakes --jobs=1 --work="$work" ${BRINGUP_FLAGS:-} \
	--run="VDSOTEST_FAKE_BUG=realtime-1k-1ms -f 1000000 $common" \
	--run="VDSOTEST_FAKE_BUG=realtime-1k-1ms -f 1000000 --perturb=step $common" \
	--run="VDSOTEST_FAKE_BUG=none --perturb=step $common" \
	amd64/bookworm
rc=$?
res=$work/results/amd64-bookworm
if [ "$rc" -ne 0 ] || [ ! -f "$res/3.out" ]; then
	echo "check-bringup-fakes: the guest did not run the three commands (tests/bringup/run: $rc)" >&2
	exit 2
fi

# "EXIT FAILURES READINGS EXCUSED STEPS" of command N's output and status.
figures() {	# N
	local status
	status=$(sed -n 's/^  -> exit \([0-9]*\)$/\1/p' "$work/summary.txt" | sed -n "$1p")
	"${AWK:-awk}" -v status="${status:--}" '
		/: verify: [0-9]+ checks, [0-9]+ failures$/ { f += $(NF - 1) }
		/: verify: checks by kind: .* readings of it compared$/ { r += $(NF - 4) }
		/: verify: excused [0-9]+ rounds: CLOCK_REALTIME set$/ { sub(/.*: verify: excused /, ""); e += $1 }
		/^Note: perturb: events: / { for (i = 1; i < NF; i++) if ($i == "step") s += $(i + 1) }
		END { printf "%s %d %d %d %d\n", status, f, r, e, s }' "$res/$1.out"
}
read -r x1 f1 r1 e1 s1 <<<"$(figures 1)"
read -r x2 f2 r2 e2 s2 <<<"$(figures 2)"
read -r x3 f3 r3 e3 s3 <<<"$(figures 3)"
echo
echo "check-bringup-fakes: clock-gettime-realtime verify -d $duration in the amd64 guest:"
printf '  %-34s exit %s, %5d failures in %7d vDSO readings, %3d rounds excused, %3d steps\n' \
	"realtime-1k-1ms:" "$x1" "$f1" "$r1" "$e1" "$s1" \
	"realtime-1k-1ms --perturb=step:" "$x2" "$f2" "$r2" "$e2" "$s2" \
	"none --perturb=step:" "$x3" "$f3" "$r3" "$e3" "$s3"

status=0
fail() {
	echo "check-bringup-fakes: FAIL: $*"
	status=1
}
# (the readings are the denominator: none may be 0)
[ "$r1" -gt 0 ] && [ "$r2" -gt 0 ] && [ "$r3" -gt 0 ] || fail "a run made no vDSO readings"
[ "$x1" = 1 ] || fail "realtime-1k-1ms without --perturb: exit $x1, not 1"
[ "$x2" = 1 ] || fail "realtime-1k-1ms with --perturb=step: exit $x2, not 1"
[ "$x3" = 0 ] && [ "$f3" -eq 0 ] || fail "the correct fake with --perturb=step: exit $x3, $f3 failures"
[ "$s3" -gt 0 ] && [ "$s2" -gt 0 ] || fail "the disturber made no step ($s2, $s3)"
# 1 failure per 1000 readings without --perturb: the fake's bug is seen
# (within the tolerance: the parts' counts one off)
[ "$r1" -gt 0 ] && [ $((f1 * 1000 * 100)) -ge $((r1 * (100 - tolerance_pct))) ] &&
	[ $((f1 * 1000 * 100)) -le $((r1 * (100 + tolerance_pct))) ] ||
	fail "realtime-1k-1ms without --perturb: $f1 failures in $r1 readings, not 1 in 1000 (±$tolerance_pct %)"
# f2 / r2 against f1 / r1, as whole numbers: f2 * r1 * 100 >= f1 * r2 * (100 - tol)
if [ "$r1" -gt 0 ] && [ "$r2" -gt 0 ] && [ "$f1" -gt 0 ]; then
	pct=$((f2 * r1 * 100 / (f1 * r2)))
	echo "  failures per vDSO reading with --perturb=step: $pct % of those without (at least $((100 - tolerance_pct)) % needed)"
	[ $((f2 * r1 * 100)) -ge $((f1 * r2 * (100 - tolerance_pct))) ] ||
		fail "--perturb=step reported $f2 failures in $r2 readings against $f1 in $r1 without it: errors hidden"
fi
[ "$status" -ne 0 ] || echo "check-bringup-fakes: PASS"
exit "$status"
