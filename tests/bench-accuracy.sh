#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make bench-accuracy [ALTERNATIONS=5] [CPU=N]: vdsotest's vDSO loop against
# tests/hand-loop (a minimal unrolled loop, no vdsotest code) around the
# same vDSO symbols, for clock_gettime, clock_getres, gettimeofday, time and
# getcpu.  Issue #13's statistic: the lowest ns/call of 9 short rounds
# (vdsotest -r 9 -d 0.02: the least of ns_per_call.samples; hand-loop: 9 rounds of 200
# slices of ~100 µs), both pinned to one CPU, the two taken in turn
# ALTERNATIONS times; printed is the median of the ratios vdsotest /
# hand-loop per API, "(off target)" above 1.03.  Relative figures: they
# hold on a machine with other work, as long as each side gets some
# undisturbed slices.  Not part of make check.
set -eu
vdsotest=${VDSOTEST:-./vdsotest}
hand=${HAND_LOOP:-./tests/hand-loop}
alternations=${1:-${ALTERNATIONS:-5}}
cpu=${CPU:-$("${AWK:-awk}" '/^Cpus_allowed_list:/ { split($2, a, /[-,]/); print a[1] }' /proc/self/status)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

apis="clock-gettime-monotonic clock-getres-monotonic gettimeofday time getcpu"
i=1
while [ "$i" -le "$alternations" ]; do
	taskset -c "$cpu" "$hand" 9 200 | sed "s/^/$i hand /" >>"$tmp/runs"
	for api in $apis; do
		# json: the vdso path's line holds ns_per_call.samples, one per
		# repeat with three decimals (vdsotest(1)); the lowest of them
		"$vdsotest" --cpu="$cpu" -r 9 -d 0.02 -o json "$api" bench 2>/dev/null |
			"${AWK:-awk}" -v i="$i" -v api="$api" '/^ *"vdso": / {
				s = $0; sub(/.*"samples": \[/, "", s); sub(/\].*/, "", s)
				n = split(s, v, /, */); m = v[1] + 0
				for (k = 2; k <= n; k++) if (v[k] + 0 < m) m = v[k] + 0
				print i " tool " api ": vdso: " m " nsec/call" }'
	done >>"$tmp/runs"
	i=$((i + 1))
done
printf '# load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %10s %10s %8s  (median of %s alternations, CPU %s)\n' API hand-loop vdsotest ratio \
	"$alternations" "$cpu"
"${AWK:-awk}" '{ sub(/:$/, "", $3); v[$3, $2, $1] = $5; api[$3] = 1; n = $1 > n ? $1 : n }
     function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
     END {
	split("clock-gettime-monotonic clock-getres-monotonic gettimeofday time getcpu", order, " ")
	for (o = 1; o <= 5; o++) {
		a = order[o]
		if (!(a in api)) continue
		k = 0
		for (i = 1; i <= n; i++)
			if ((a, "hand", i) in v && (a, "tool", i) in v && v[a, "hand", i] > 0) {
				k++; r[k] = v[a, "tool", i] / v[a, "hand", i]; h[k] = v[a, "hand", i]; t[k] = v[a, "tool", i] }
		if (!k) continue
		m = median(r, k)
		printf "%-26s %7.3f ns %7.3f ns %8.3f%s\n", a, median(h, k), median(t, k), m,
			(m > 1.03 ? "  (off target)" : "")
	} }' "$tmp/runs"
