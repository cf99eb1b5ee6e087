#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make bench-accuracy: vdsotest's vDSO ns/call (-d SEC -r 5, median) next
# to tests/hand-loop's (a minimal loop, no vdsotest code), and vdsotest's
# spread, for the APIs of issue #4's accuracy target (within 3 %, stdev
# below 1 %).  Meaningful on a quiet machine only.  Not part of make check.
set -eu
vdsotest=${VDSOTEST:-./vdsotest}
hand=${HAND_LOOP:-./tests/hand-loop}
sec=${1:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$hand" "$sec" >"$tmp/hand"
for api in clock-gettime-monotonic clock-getres-monotonic getcpu time; do
	"$vdsotest" -o nsec -d "$sec" -r 5 "$api" bench | grep ": vdso: " || true
done >"$tmp/tool"
printf '%-26s %12s %12s %8s %8s\n' API hand-loop vdsotest diff stdev
awk 'NR == FNR { hand[$1] = $3; next }
     { api = $1; pct = $5; sub(/^±/, "", pct)
       if (!(api in hand)) next
       d = ($3 - hand[api]) / hand[api] * 100
       printf "%-26s %9.2f ns %9.2f ns %+7.1f%% %8s%s\n", api, hand[api], $3, d, pct,
              (d > 3 || d < -3 || pct + 0 >= 1) ? "  (off target)" : "" }' \
	"$tmp/hand" "$tmp/tool" | sed 's/: / /'
