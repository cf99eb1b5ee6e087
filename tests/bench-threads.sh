#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench -t/--threads and --cpu: threads pinned to distinct allowed CPUs,
# totals that add up, per-thread figures, and the CPU checks (exit 2).
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

ncpus=$(nproc)			# the CPUs of our affinity mask
cpus_word=CPUs; [ "$ncpus" -eq 1 ] && cpus_word=CPU
first_cpu=$("${AWK:-awk}" '/^Cpus_allowed_list:/ { split($2, a, /[-,]/); print a[1] }' /proc/self/status)

run -t $((ncpus + 1)) getcpu bench
[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: --threads=$((ncpus + 1)): only $ncpus $cpus_word in the affinity mask" ]
ok $? "-t beyond the affinity mask: exit 2 with the count of CPUs"

run -t $((ncpus + 1)) getcpu verify -d 0.01
[ $rc -eq 2 ] && grep -q "only $ncpus $cpus_word in the affinity mask" "$err"
ok $? "the same check for verify"

if [ "$ncpus" -ge 2 ]; then
	run -t 2 -v -o nsec -d 0.02 getcpu bench
	"${AWK:-awk}" -v bad=0 '
		/: thread [01] on CPU [0-9]+: [0-9]+ calls in [0-9]+ ns \([0-9.]+ ns\/call\)$/ {
			split($0, f, /: /); path = f[2]; n[path]++; cpu[path, n[path]] = $7
			sum[path] += $8; next }
		/: [0-9]+ calls in [0-9]+ ns$/ { split($0, f, /: /); total[f[2]] = $3; paths++ }
		END { for (p in total) if (n[p] != 2 || sum[p] != total[p] || cpu[p, 1] == cpu[p, 2]) bad = 1
		      exit bad || paths != 3 }' "$out" && [ $rc -eq 0 ]
	ok $? "-t 2 -v: two threads per path on distinct CPUs, their calls add up to the total"

	# --cpu in the order written: thread 0 on the first CPU named, which
	# here is the higher one.
	second_cpu=$("${AWK:-awk}" '/^Cpus_allowed_list:/ { n = split($2, r, /,/)
		for (i = 1; i <= n; i++) { m = split(r[i], b, /-/); hi = m > 1 ? b[2] : b[1]
			for (c = b[1]; c <= hi; c++) if (++k == 2) { print c; exit } } }' /proc/self/status)
	run -t 2 -v -o nsec -d 0.01 --cpu="$second_cpu,$first_cpu" getcpu bench
	[ $rc -eq 0 ] && [ "$(grep -c ": thread 0 on CPU $second_cpu: " "$out")" -eq 3 ] &&
		[ "$(grep -c ": thread 1 on CPU $first_cpu: " "$out")" -eq 3 ]
	ok $? "--cpu=$second_cpu,$first_cpu -t 2: thread 0 on CPU $second_cpu, thread 1 on $first_cpu (got $rc)"

	if command -v jq >/dev/null 2>&1; then
		run -t 2 -o json -d 0.02 time bench
		jq -e '.options.threads == 2 and ([.results[0].paths[] |
			(.per_thread | length == 2) and (.per_thread[0].cpu != .per_thread[1].cpu) and
			(([.per_thread[].calls] | add) == .calls) and
			(([.per_thread[].duration_ns] | add) == .duration_ns) and
			((2e9 / .calls_per_sec - .ns_per_call.median) | fabs) <=
				0.0051 + .ns_per_call.median * .ns_per_call.median / 2e9
			] | all)' "$out" >/dev/null && [ $rc -eq 0 ]
		# (calls_per_sec is a whole number: 0.5 of it is median^2 / 4e9 ns,
		# 0.05 ns for a 14 us syscall under load, more than the median's
		# own rounding to 0.01)
		ok $? "-t 2 json: per_thread figures add up; calls_per_sec counts both threads"
		# Each thread's ns/call is its fastest slices' (no more than its wall
		# figure, 1 % allowed for the last, partial slice), its CPU time no
		# more than its elapsed time; the conditions count both threads.
		jq -e '[.results[0].paths[] | (.per_thread[] | .ns_per_call > 0 and
			.ns_per_call <= .wall_ns_per_call * 1.01 + 0.01 and .cpu_ns <= .duration_ns) and
			(.conditions.cpu_share_pct <= 100.05) and .conditions.involuntary_switches >= 0] | all' \
			"$out" >/dev/null
		ok $? "-t 2 json: per thread, ns_per_call from the fastest slices no more than the wall figure; CPU time within the elapsed"
	else
		tap_skip "jq is not installed"
		tap_skip "jq is not installed"
	fi
else
	tap_skip "one CPU: no two threads"
	tap_skip "one CPU: no two threads"
	tap_skip "one CPU: no two threads"
	tap_skip "one CPU: no two threads"
fi

run --cpu="$first_cpu" -d 0.01 getcpu bench
[ $rc -eq 0 ] && [ "$(grep -c 'calls per second' "$out")" -eq 3 ]
ok $? "--cpu=$first_cpu: a pinned bench runs"

if command -v taskset >/dev/null 2>&1 && [ "$ncpus" -ge 2 ]; then
	taskset -c "$first_cpu" "$VDSOTEST" --cpu="$first_cpu,$((first_cpu + 1))" -t 2 getcpu bench \
		>"$out" 2>"$err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: --cpu=$first_cpu,$((first_cpu + 1)): CPU $((first_cpu + 1)) is not in the affinity mask" ]
	ok $? "--cpu naming a CPU outside the affinity mask: exit 2 naming it"
else
	tap_skip "no taskset or one CPU"
fi

run --cpu="$first_cpu" -t 2 getcpu bench
[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: --threads=2: only 1 CPU in the --cpu list" ]
ok $? "-t beyond the --cpu list: exit 2"

run --cpu=0 getcpu verify
[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: option '--cpu' is for bench only, not verify" ]
ok $? "--cpu with verify: exit 2"

tap_done
