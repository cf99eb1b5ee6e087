#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# compare on real runs, A/A and A/B, through the fake vDSO's gettime-spin
# (its clock_gettime reads the kernel's vDSO through libc, then runs
# VDSOTEST_FAKE_SPIN rotations, each waiting for the one before): side A
# spins 0 turns, side B more, so that only the vDSO path differs.  Every
# side has 5 runs (bench --runs 1, a process each), the sides' runs
# alternating so that drift on the machine hits both alike.
#
# make check (AB_REPS unset): one A/B with a stand-in vDSO several times
# slower (200 turns: 200 cycles at least, against a call of some tens of
# cycles), which the best slice of every run tells apart also on a loaded
# machine: its vDSO row must say "slower", by +100 % or more.  (Not
# thousands of turns: a call of microseconds at a 1 % share of the CPU
# does not finish bench's warm-up within its 10 s watchdog.)  Nothing
# statistical is asserted of a small difference or of an A/A here: under
# make -j8 those may flake.
#
# make check-bench-ab (AB_REPS=10 and AB_PCT=5 by default): issue #23's
# test.  The spin is calibrated to make the vDSO path AB_PCT % slower (the
# cost of each count of turns measured here), then AB_REPS times: A1, A2
# and B, 5 runs each of three clock_gettime APIs (-d AB_DURATION, default
# 0.3: a best slice over more time meets the CPU's top clock rate more
# often, when other tasks change it); compare
# A1 with A2 (A/A: no row may say faster or slower) and A1 with B (A/B:
# every vDSO row must say slower in at least 9 of 10 repetitions, the
# other rows counted).  The counts are printed as # lines.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"

case $(uname -m) in
ppc*|powerpc*) echo "1..0 # SKIP the fake vDSO cannot follow powerpc's CR0.SO convention"
	exit 0 ;;
esac
if [ -z "$FAKE_VDSO" ]; then
	echo "1..0 # SKIP this build has no --vdso-lib (static: no dlopen)"
	exit 0
fi
tap_tmpdir

AWK=${AWK:-awk}
reps=${AB_REPS:-}
runs=5

# side FILE SPIN DURATION APIS: one run of bench through the stand-in.
side() {
	VDSOTEST_FAKE_BUG=gettime-spin VDSOTEST_FAKE_SPIN=$2 "$VDSOTEST" --vdso-lib="$FAKE_VDSO" \
		-o json -d "$3" --runs 1 --output="$1" "$4" bench 2>>"$err"
}

# sides PREFIX DURATION APIS SPIN...: $runs runs of each SPIN into
# PREFIX-K-I.json (K the SPIN's place, I the run), the order of the sides
# reversed in every other round.
sides() {
	p=$1 d=$2 a=$3
	shift 3
	i=1
	while [ $i -le $runs ]; do
		k=1
		order=
		for s in "$@"; do
			if [ $((i % 2)) -eq 1 ]; then order="$order $k:$s"; else order="$k:$s $order"; fi
			k=$((k + 1))
		done
		for ks in $order; do
			side "$p-${ks%%:*}-$i.json" "${ks#*:}" "$d" "$a" || return 1
		done
		i=$((i + 1))
	done
}

# vdso_ns FILE...: the median of the files' vDSO ns/call of their first API.
vdso_ns() {
	for f in "$@"; do
		$AWK '/"vdso": \{/ {
			s = substr($0, index($0, "\"median\": ") + 10)
			print s + 0
			exit
		}' "$f"
	done | sort -n | $AWK '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

if [ -z "$reps" ]; then
	api=clock-gettime-monotonic
	VDSOTEST_FAKE_BUG=gettime-spin VDSOTEST_FAKE_SPIN=200 "$VDSOTEST" --vdso-lib="$FAKE_VDSO" \
		-d 0.01 "$api" verify >"$out" 2>"$err"
	ok $? "gettime-spin, 200 turns: a slow but right vDSO, verify passes"
	sides "$tmp/q" 0.01 "$api" 0 200
	rc_s=$?
	run --emulated-ok compare "$tmp"/q-1-*.json -- "$tmp"/q-2-*.json
	[ $rc_s -eq 0 ] && [ $rc -eq 0 ] && grep -Eq '^  vdso .* \+[0-9]{3,}\.[0-9]{2}% .* slower$' "$out" &&
		grep -Eq '^  syscall ' "$out" && grep -Eq '^  libc ' "$out" &&
		grep -Eq '^ +-d 0\.01 -r 1, 5 runs in 5 files, (not pinned|pinned to CPUs? [0-9,-]+)$' "$out"
	ok $? "A/B, 5 runs a side alternating, the vDSO 200 turns slower: its row +100 % or more, slower"
	tap_done
	exit
fi

pct=${AB_PCT:-5}
dur=${AB_DURATION:-0.3}
apis=clock-gettime-monotonic,clock-gettime-realtime,clock-gettime-boottime

# The turns that make the vDSO path AB_PCT % slower, measured: a first
# guess from 0 and 400 turns (a long chain's cost per turn), then 3 runs
# of each whole count up to twice that guess, alternating with 0 turns (a
# short chain partly overlaps the call's own work: a few turns cost less
# than their share of 400); the least-squares line through those counts'
# medians (one median of 3 runs is a few percent off under load, the line
# through 2 * guess + 1 of them much less) says how many turns, to 1/16,
# reach AB_PCT % above the median of 0 turns.
runs=3
sides "$tmp/cal" "$dur" clock-gettime-monotonic 0 400
base=$(vdso_ns "$tmp"/cal-1-*.json)
long=$(vdso_ns "$tmp"/cal-2-*.json)
guess=$($AWK -v b="$base" -v s="$long" -v p="$pct" 'BEGIN {
	t = (s - b) / 400
	n = t > 0 ? int(p / 100 * b / t + 0.5) : 0
	print n < 1 ? 1 : n
}')
counts=$(i=1; while [ $i -le $((2 * guess + 1)) ]; do printf '%s ' $i; i=$((i + 1)); done)
rm -f "$tmp"/cal-*.json
# shellcheck disable=SC2086
sides "$tmp/cal" "$dur" clock-gettime-monotonic 0 $counts
base=$(vdso_ns "$tmp"/cal-1-*.json)
k=2
for c in $counts; do
	echo "$c $(vdso_ns "$tmp"/cal-$k-*.json)"
	k=$((k + 1))
done >"$tmp/cal"
spin=$($AWK -v b="$base" -v p="$pct" '
	{ n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2; line = line sprintf(" %s:%s", $1, $2) }
	END {
		slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
		at0 = (sy - slope * sx) / n
		t = slope > 0 ? (b * (1 + p / 100) - at0) / slope : 1
		t = int(t * 16 + 0.5) / 16
		printf "# calibration: turns:ns/call%s; the line: %.3f + %.4f ns a turn\n", line, at0, slope > "/dev/stderr"
		print t < 0.0625 ? 0.0625 : t
	}' "$tmp/cal" 2>"$tmp/cal.line")
cat "$tmp/cal.line"
runs=5
echo "# calibration: vDSO $base ns/call with 0 turns (400: $long): $spin turns for +$pct %"
# Then checks as the repetitions will measure it, compare's shift of 5
# runs a side, bisecting the count (to 1/16 turn) until a shift from
# AB_PCT % to 1.2 times that is measured, 5 checks at most; the count
# kept is the least whose shift reached AB_PCT %.  (One check moved along
# the line once went from 5 to 0.875 turns after a single shift of +8.8 %
# under load, and the repetitions then measured +1 %.)
slope=$(sed -n 's/.* + \([0-9.]*\) ns a turn$/\1/p' "$tmp/cal.line")
lo=0 hi= keep=
c=1
while [ $c -le 5 ]; do
	rm -f "$tmp"/cal-*.json
	sides "$tmp/cal" "$dur" clock-gettime-monotonic 0 "$spin"
	"$VDSOTEST" compare "$tmp"/cal-1-*.json -- "$tmp"/cal-2-*.json >"$tmp/cal.ab" 2>>"$err"
	got=$(grep '^  vdso ' "$tmp/cal.ab" | $AWK '{ print $4 + 0 }')
	echo "# calibration: check $c: $spin turns, compare measured +$got %"
	step=$($AWK -v s="$spin" -v got="$got" -v p="$pct" -v lo="$lo" -v hi="$hi" \
		-v b="$base" -v k="$slope" 'BEGIN {
		if (got >= p && got <= 1.2 * p) { print "done"; exit }
		if (got >= p) {		# too slow a stand-in: halfway down
			hi = s
			t = (lo + s) / 2
		} else if (hi != "") {	# too fast: halfway up
			lo = s
			t = (s + hi) / 2
		} else {		# too fast, no bound: along the line, at least doubled
			lo = s
			t = k > 0 ? s + (p - got) / 100 * b / k : 2 * s
			if (t < 2 * s)
				t = 2 * s
		}
		t = int(t * 16 + 0.5) / 16
		print (t < 0.0625 ? 0.0625 : t), lo, hi
	}')
	case $step in
	done) keep=$spin; break ;;
	esac
	# (a count whose shift reached AB_PCT % is kept if nothing better comes)
	[ "$($AWK -v g="$got" -v p="$pct" 'BEGIN { print g >= p }')" -eq 1 ] &&
		{ [ -z "$keep" ] || [ "$($AWK -v a="$spin" -v b="$keep" 'BEGIN { print a < b }')" -eq 1 ]; } &&
		keep=$spin
	set -- $step
	spin=$1 lo=$2 hi=${3:-}
	c=$((c + 1))
done
spin=${keep:-$spin}
echo "# calibration: $spin turns for +$pct %"

all_shifts=
aa_verdicts=0 ab_reps_slower=0 ab_vdso_slower=0 ab_rows=0 ab_other_verdicts=0
r=1
while [ $r -le "$reps" ]; do
	rm -f "$tmp"/r-*.json
	sides "$tmp/r" "$dur" "$apis" 0 0 "$spin" || { ok 1 "repetition $r: bench failed"; tap_done; exit; }
	"$VDSOTEST" compare "$tmp"/r-1-*.json -- "$tmp"/r-2-*.json >"$tmp/aa" 2>>"$err"
	"$VDSOTEST" compare "$tmp"/r-1-*.json -- "$tmp"/r-3-*.json >"$tmp/ab" 2>>"$err"
	v=$(grep -Ec ' (faster|slower)$' "$tmp/aa")
	vs=$(grep -Ec '^  vdso .* slower$' "$tmp/ab")
	o=$(grep -Ev '^  vdso ' "$tmp/ab" | grep -Ec ' (faster|slower)$')
	shifts=$(grep '^  vdso ' "$tmp/ab" | $AWK '{ printf "%s ", $4 }')
	all_shifts="$all_shifts $shifts"
	echo "# repetition $r: A/A $v of 9 rows faster or slower; A/B $vs of 3 vDSO rows slower," \
		"$o of 6 other rows faster or slower; vDSO shifts $shifts"
	aa_verdicts=$((aa_verdicts + v))
	ab_vdso_slower=$((ab_vdso_slower + vs))
	ab_other_verdicts=$((ab_other_verdicts + o))
	[ "$vs" -eq 3 ] && ab_reps_slower=$((ab_reps_slower + 1))
	r=$((r + 1))
done
echo "# A/B: the median of the $((3 * reps)) vDSO shifts" \
	"$(printf '%s\n' $all_shifts | tr -d '%+' | sort -n | $AWK '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }') %"
echo "# A/A: $aa_verdicts faster or slower of $((9 * reps)) rows in $reps repetitions"
echo "# A/B (+$pct %, $spin turns): every vDSO row slower in $ab_reps_slower of $reps repetitions," \
	"$ab_vdso_slower of $((3 * reps)) vDSO rows; $ab_other_verdicts of $((6 * reps)) other rows faster or slower"
[ "$aa_verdicts" -eq 0 ]
ok $? "A/A, $reps repetitions of 3 APIs x 3 paths, 5 runs a side: no faster or slower ($aa_verdicts)"
[ $((ab_reps_slower * 10)) -ge $((reps * 9)) ]
ok $? "A/B, the vDSO $pct % slower: slower in at least 9 of 10 repetitions ($ab_reps_slower of $reps)"
tap_done
