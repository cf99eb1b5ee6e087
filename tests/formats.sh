#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Output formats and repeats (issue #4): text and nsec with the spread of
# --repeat, table, csv, json (checked with jq, a parser that is not
# vdsotest's), ktap (checked with prove, a TAP consumer that is not
# vdsotest's), --output, and the progress line.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

api_count=$("$VDSOTEST" list-apis | wc -l)
num='[0-9]+\.[0-9]{2}'

# ---- repeats in text and nsec ----
run -r 3 -d 0.01 getcpu bench
bad_lines=$(grep -Ev '^getcpu (system calls per second: +[0-9]+ \(best slice\) ±[0-9]+\.[0-9]%|(libc|vdso) calls per second: +[0-9]+ \(best slice\) ±[0-9]+\.[0-9]% \([0-9]+\.[0-9]{2}x speedup\))$' "$out")
[ $rc -eq 0 ] && [ -z "$bad_lines" ] && [ "$(wc -l <"$out")" -eq 3 ]
ok $? "text with -r 3: '±x.x%' after every rate"

run -r 1 -d 0.01 getcpu bench
[ $rc -eq 0 ] && ! grep -q '±' "$out" && [ "$(wc -l <"$out")" -eq 3 ]
ok $? "text with -r 1: no spread shown"

run -r 2 -o nsec -d 0.01 time bench
bad_lines=$(sed 1,2d "$out" | grep -Ev "^time: (syscall|libc|vdso): $num nsec/call \(best slice\) ±[0-9]+\.[0-9]%\$")
[ $rc -eq 0 ] && [ -z "$bad_lines" ] && [ "$(wc -l <"$out")" -eq 5 ]
ok $? "nsec with -r 2: 'N.NN nsec/call ±x.x%' after the two header lines"

# ---- --mean: the original vdsotest's lines and figure (calls over the
# elapsed time of the whole run), against -v's calls and ns ----
run --mean -v -r 2 -d 0.01 getcpu bench
bad_lines=$(grep -E 'per second' "$out" | grep -Ev '^getcpu (system calls per second: +[0-9]+|(libc|vdso) calls per second: +[0-9]+ \([0-9]+\.[0-9]{2}x speedup\))$')
[ $rc -eq 0 ] && [ -z "$bad_lines" ] && [ "$(grep -c 'per second' "$out")" -eq 3 ] &&
	awk '$2 ~ /^[a-z]+:$/ && $4 == "calls" && $5 == "in" { p = $2; sub(/:$/, "", p); want[p] = $3 * 1e9 / $6 }
	     $3 == "calls" && $4 == "per" { got[$2 == "system" ? "syscall" : $2] = $6 }
	     END { for (p in want) { n++; d = got[p] - want[p]; if (d > 1 + want[p] / 1e6 || -d > 1 + want[p] / 1e6) bad = 1 } exit bad || n != 3 }' "$out"
ok $? "--mean: the original lines, untagged, no spread; each rate the run's calls over its elapsed time (-v)"
run --mean -o nsec -d 0.01 time bench
[ $rc -eq 0 ] && [ "$(sed 1,2d "$out" | grep -Ec "^time: (syscall|libc|vdso): $num nsec/call\$")" -eq 3 ]
ok $? "--mean -o nsec: 'API: PATH: N.NN nsec/call', untagged"
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
	run -t 2 -d 0.01 getcpu bench
	[ $rc -eq 0 ] && [ "$(grep -Ec 'per second: +[0-9]+ \(best slices of 2 threads, summed\)' "$out")" -eq 3 ]
	ok $? "-t 2: the rate says it is the sum of the threads' best slices"
else
	tap_skip "one CPU online: no -t 2"
fi

# The context header: on for nsec and table, off for text; --header and
# --no-header switch it; the facts are this machine's (uname, sysfs).
release=$(uname -r)
csrc=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)
[ -n "$csrc" ] || csrc=unknown
# (not pinned when every online CPU is allowed: else the allowed list)
allowed=$("${AWK:-awk}" '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)
pinning="not pinned"
[ "$(nproc)" -eq "$(getconf _NPROCESSORS_ONLN)" ] ||
	pinning="pinned to CPUs? $allowed"
run -o nsec -d 0.001 time bench
sed -n 1p "$out" | grep -Fxq "# vdsotest ${PACKAGE_VERSION:-?} bench: Linux $release $(uname -m), clocksource $csrc" &&
	sed -n 2p "$out" | grep -Eq "^# CPU: .+; $(getconf _NPROCESSORS_ONLN) CPUs online, $(nproc) allowed, $pinning(, governor [a-z]+)?(, boost o(n|ff))?; load average [0-9]+\.[0-9]{2}\$" &&
	[ "$(grep -c '^#' "$out")" -eq 2 ]
ok $? "nsec: a two-line context header: version, kernel, machine, clocksource, CPUs, load"
# Pinning in the JSON conditions and the header: what was allowed, a
# taskset(1) mask, --cpu.
first=${allowed%%[,-]*}
if [ "$pinning" = "not pinned" ]; then want='"pinned": false, "pinned_cpus": null'
else want="\"pinned\": true, \"pinned_cpus\": \"$allowed\""; fi
run -o json -d 0.001 time bench
grep -Fq "\"conditions\": {\"cpu\": $first, $want, " "$out" ||
	grep -Eq "\"conditions\": \{\"cpu\": [0-9]+, $want, " "$out"
ok $? "json: conditions say the run was $pinning ($want)"
run -o json --cpu="$first" -d 0.001 time bench
grep -Eq "\"conditions\": \{\"cpu\": $first, \"pinned\": true, \"pinned_cpus\": \"$first\", " "$out"
ok $? "json --cpu=$first: pinned, pinned_cpus \"$first\""
if command -v taskset >/dev/null 2>&1; then
	taskset -c "$first" "$VDSOTEST" -o json --runs 2 -d 0.001 time bench >"$out" 2>"$err"
	grep -Eq "\"conditions\": \{\"cpu\": $first, \"pinned\": true, \"pinned_cpus\": \"$first\", " "$out" &&
		taskset -c "$first" "$VDSOTEST" -o nsec -d 0.001 time bench 2>"$err" | sed -n 2p |
		grep -q ", pinned to CPU $first; load average "
	ok $? "taskset -c $first: json pinned_cpus \"$first\" (--runs 2 too), the header 'pinned to CPU $first'"
else
	tap_skip "no taskset"
fi
run -o nsec --no-header -d 0.001 time bench
n_nohdr=$(grep -c '^#' "$out")
run -o table --no-header -d 0.001 time bench
n_nohdr=$((n_nohdr + $(grep -c '^#' "$out")))
run --header -d 0.001 time bench
[ "$n_nohdr" -eq 0 ] && [ "$(grep -c '^# ' "$out")" -eq 2 ] && [ "$(wc -l <"$out")" -eq 5 ]
ok $? "--no-header: none in nsec and table; --header: text gets it too"
run --header -o csv time bench
[ $rc -eq 2 ] && [ "$(cat "$err")" = "vdsotest: option '--header' is for the text, nsec and table formats, not csv" ]
ok $? "--header -o csv: exit 2 naming the format"

run -v -r 2 -d 0.01 time bench
grep -Eq "^time: vdso: [0-9]+ calls in [0-9]+ ns \(2 repeats: median $num, min $num, max $num ns/call\)\$" "$out"
ok $? "-v with repeats: totals, median, min and max per path"

# ---- harness overhead and --net ----
run -v -d 0.01 getcpu bench
grep -Eq "^getcpu: overhead: $num ns/call \(the same loop around an empty function\)\$" "$out"
ok $? "-v shows the harness overhead"

# Very short runs, where the overhead often exceeds a call: never 0 calls
# per second, and each speedup is the path's rate over the system call's
# (to the two decimals shown); gross figures come with their note.  (Not
# "never 0.00x": a 1 us measurement preempted for a few ms is measured
# right at hundreds of times slower, and 0.00x is then the true ratio; a
# net figure of 0 shows as 0 calls per second.)
run --net -d 0.000001 all bench
[ $rc -eq 0 ] && ! grep -Eq 'per second: +0( |$)' "$out" "$err" &&
	"${AWK:-awk}" '$2 == "system" && $3 == "calls" { sys[$1] = $6; next }
	     $3 == "calls" && $NF == "speedup)" {
		if (!($1 in sys) || sys[$1] <= 0) { bad = 1; next }
		s = substr($(NF - 1), 2) + 0; r = $6 / sys[$1]
		if (s - r > 0.0051 || r - s > 0.0051) { print "bad speedup: " $0; bad = 1 } }
	     END { exit bad }' "$out"
ok $? "--net, 1 us per path: no 0 calls/sec, each speedup the ratio of the rates (got $rc)"
run --net -o nsec -d 0.000001 all bench
[ $rc -eq 0 ] && ! grep -Eq ' 0\.00 nsec/call' "$out"
ok $? "--net -o nsec, 1 us per path: no 0.00 nsec/call (got $rc)"
"${AWK:-awk}" '/^Note: .*: gross figures: the harness overhead \([0-9.]+ ns\/call\) leaves less than 0\.01 ns of the (syscall|libc|vdso) call \([0-9.]+ ns\/call\)$/ || !/gross/ { next } { bad = 1 } END { exit bad }' "$out"
ok $? "--net: a gross figure's note says why"

for bad in 0 1001 x -1 ''; do
	run -r "$bad" getcpu bench
	[ $rc -eq 2 ] && grep -q "^vdsotest: invalid repeat '$bad'" "$err" || echo "bad: -r '$bad' rc=$rc"
done >"$tmp/bad"
[ ! -s "$tmp/bad" ]
ok $? "-r outside 1..1000 or not a number: exit 2 naming the value"

run --cycles --no-header -o nsec -d 0.01 getcpu bench
head -1 "$out" | grep -Eq '^Note: cycles: (CPU cycles \(perf_event_open, PERF_COUNT_HW_CPU_CYCLES(, user space only)?\)|(TSC|CNTVCT_EL0) ticks at [0-9]+\.[0-9]{2} MHz \((CPUID leaf 0x15|CNTFRQ_EL0|calibrated against CLOCK_MONOTONIC_RAW over 0\.1 s)\)|unavailable: .+)$' &&
	{ grep -q '^Note: cycles: unavailable' "$out" ||
		[ "$(grep -Ec "^getcpu: (syscall|libc|vdso): $num nsec/call \(best slice\) \($num (cycles|ticks)/call\)\$" "$out")" -eq 3 ]; } &&
	[ $rc -eq 0 ]
ok $? "--cycles: a note naming the counter, then cycles or ticks per call on every line"

# ---- table ----
run -o table --no-header -r 2 -d 0.01 getcpu bench
head -1 "$out" | grep -Eq '^Benchmark +Cost +Spread +Time +CPU +Iterations$' &&
	sed -n 2p "$out" | grep -Eq '^-+$' &&
	[ "$(grep -Ec "^(vdso|libc|syscall)/getcpu +$num ns ± *[0-9]+\.[0-9]% +$num ns +$num ns +[0-9]+\$" "$out")" -eq 3 ] &&
	[ "$(wc -l <"$out")" -eq 5 ] && [ $rc -eq 0 ]
ok $? "table -r 2: header, rule, a 'PATH/API Cost ns ±spread Time ns CPU ns Iterations' row per path"

# Time and CPU of a busy loop, one repeat: the thread's CPU time is read
# within the elapsed time's pair, so it is no more than the Time, however
# loaded the machine (up to the rounding of two decimals); and not zero.
# The Cost, the fastest slice's, is no more than the Time either (1 %
# allowed: the last, partial slice is not one of those it is taken from).
run -o table -d 0.01 all bench
sed -n 3p "$out" | grep -Eq '^Benchmark +Cost +Time +CPU +Iterations$' &&
	"${AWK:-awk}" 'NR > 4 { if ($6 > $4 + 0.01 || $6 <= 0 || $2 <= 0 || $2 > $4 * 1.01 + 0.01) bad = 1 }
	     END { exit bad || NR < 20 }' "$out"
ok $? "table: after the header, no Spread column for one repeat; CPU positive and no more than Time, nor the Cost"

# ---- --latency ----
# Single calls timed: per path, percentiles in order and a histogram whose
# rows add up to the calls timed; the counter named once.
run --latency --no-header -o nsec -d 0.02 getcpu bench
grep -Eq '^Note: latency: each call timed alone with ((TSC|CNTVCT_EL0|timebase) ticks at [0-9]+\.[0-9]{2} MHz \(.+\)|the clock_gettime system call \(no cheaper counter here\))$' "$out" &&
	grep -Eq "^getcpu: latency: $num ns of timing taken off each call \(the least of the same timing around an empty function\)\$" "$out" &&
	"${AWK:-awk}" -v want=3 '
	/^getcpu: [a-z]+: latency p50 [0-9.]+ ns, p90 [0-9.]+, p99 [0-9.]+, p99\.9 [0-9.]+, max [0-9.]+ \([0-9]+ calls\)$/ {
		# getcpu: PATH: latency p50 A ns, p90 B, p99 C, p99.9 D, max E (N calls)
		path = $2; a = $5 + 0; b = $8 + 0; c = $10 + 0; d = $12 + 0; e = $14 + 0
		calls[path] = substr($15, 2) + 0
		if (!(a <= b && b <= c && c <= d && d <= e)) bad = 1
		paths++; next }
	/^getcpu: [a-z]+:   / { for (i = 2; i <= NF; i++) if ($i ~ /%$/) sum[$2] += $(i - 1); next }
	END { for (p in calls) if (sum[p] != calls[p] || calls[p] < 1) bad = 1
	      exit bad || paths != want }' "$out" && [ $rc -eq 0 ]
ok $? "--latency nsec: the counter named, the overhead taken off, p50 <= p90 <= p99 <= p99.9 <= max, histogram rows add up to the calls"

# ---- csv ----
header='api,path,repeats,calls,duration_ns,ns_per_call_median,ns_per_call_min,ns_per_call_max,stdev_pct,calls_per_sec,speedup,cpu_ns_per_call,cycles_per_call,error,wall_ns_per_call,cpu_share_pct'
run -o csv -d 0.002 all bench
supported=$(sed -n 's/^\([a-z0-9-]*\),syscall,.*/\1/p' "$out")
rows=0
for a in $supported; do
	want=$(bench_paths "$a")
	rows=$((rows + want))
	[ "$(grep -c "^$a," "$out")" -eq "$want" ] || echo "$a: $(grep -c "^$a," "$out") rows, not $want"
done >"$tmp/bad"
[ $rc -eq 0 ] && [ "$(head -1 "$out")" = "$header" ] && [ ! -s "$tmp/bad" ] &&
	[ "$(($(wc -l <"$out") - 1))" -eq $rows ] &&
	[ "$(echo "$supported" | wc -l)" -ge 20 ] && ! grep -q unsupported "$out"
ok $? "csv: the header first, then a row per path of each supported API (unsupported: stderr)$(tr '\n' ' ' <"$tmp/bad")"

"${AWK:-awk}" -F, -v num='^[0-9]+[.][0-9][0-9]$' 'NR > 1 && (NF != 16 || $13 != "" || $14 != "" || $3 != 1 || $4 < 1 || $6 !~ num || $11 !~ num ||
	$15 !~ num || $16 !~ /^[0-9]+[.][0-9]$/ || $16 > 100.05) { bad = 1 }
	END { exit bad }' "$out"
ok $? "csv: 16 fields per row (cycles_per_call and error empty), counts and two-decimal figures in place, a CPU share up to 100"

# ---- json ----
if command -v jq >/dev/null 2>&1; then
	run -o json -r 2 -d 0.002 all bench
	[ $rc -eq 0 ] && jq -e . "$out" >/dev/null
	ok $? "json: all bench is one valid JSON document (jq)"

	release=$(uname -r)
	csrc=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)
	jq -e --arg r "$release" --arg c "$csrc" --arg v "${PACKAGE_VERSION:-?}" '
		.tool == "vdsotest" and .version == $v and .kernel_release == $r and
		.machine != null and (if $c == "" then .clocksource == null else .clocksource == $c end) and
		(.cpu_model | type) as $t | ($t == "string" or $t == "null")' "$out" >/dev/null
	ok $? "json: tool, version, kernel_release (uname -r), machine, clocksource (sysfs), cpu_model"

	jq -e '.options == {"test_type": "bench", "duration_ns": 2000000, "repeat": 2, "runs": 1, "threads": 1, "net": false,
		"size": 4, "cpu": null}' "$out" >/dev/null
	ok $? "json: the options of the run"

	jq -e '[.results[].paths[] | .repeats == 2 and .calls > 0 and .duration_ns > 0 and
		.ns_per_call.min <= .ns_per_call.median and .ns_per_call.median <= .ns_per_call.max and
		.ns_per_call.stdev_pct >= 0 and .calls_per_sec > 0 and .speedup > 0 and
		has("falls_back") and .error == null] | length >= 60 and all' "$out" >/dev/null
	ok $? "json: every path has calls, duration_ns, ordered ns_per_call figures, calls_per_sec, speedup, falls_back"

	jq -e '[.results[] | .paths.syscall.speedup == 1] | all' "$out" >/dev/null &&
		jq -e --argjson n "$api_count" '.results | length <= $n and length >= 20' "$out" >/dev/null
	ok $? "json: one result per supported API, the system call's speedup 1"

	# One repeat: the wall figure is duration_ns / calls, the CPU one
	# cpu_ns / calls; the median, of the fastest slice, is no more than the
	# wall figure (1 % allowed for the last, partial slice).
	run -o json -d 0.01 time bench
	jq -e '.options.net == false and (.results[0] | .overhead_ns > 0 and
		([.paths[] | ((.duration_ns / .calls - .wall_ns_per_call) | fabs < 0.006) and
			((.cpu_ns / .calls - .cpu_ns_per_call) | fabs < 0.006) and
			.ns_per_call.median > 0 and .ns_per_call.median <= .wall_ns_per_call * 1.01 + 0.01 and
			((.conditions.cpu_share_pct - 100 * .cpu_ns / .duration_ns) | fabs < 0.051)] | all))' \
		"$out" >/dev/null
	ok $? "json: overhead_ns; wall_ns_per_call, cpu_ns_per_call and cpu_share_pct from the totals; the median no more than the wall figure"

	# The conditions of the run and of each result: every member there,
	# of its type; a note for a CPU share below 90 % exactly when one is.
	jq -e '(.conditions | has("governor") and has("boost") and (.load_average | type == "number")
		and (.notes | type == "array")) and
		(.results[0] | (.conditions | has("smt_sibling_busy_pct") and has("steal_pct") and
			(.notes | type == "array")) and
		([.paths[].conditions | (.cpu_share_pct | type == "number") and
			(.involuntary_switches >= 0) and has("migrations") and
			(.spread_above_threshold == false)] | all) and
		(([.paths[].conditions.cpu_share_pct | select(. < 90)] | length > 0) ==
			([.conditions.notes[] | select(startswith("the CPU was shared: "))] | length == 1)))' \
		"$out" >/dev/null
	ok $? "json: conditions of the run and of the result; the shared-CPU note exactly when a share is below 90%"

	# --net (checked whatever the load: no figure is compared with a time):
	# net wall figures are duration_ns / calls less overhead_ns, all of an
	# API's paths alike; where the overhead is not smaller than a call (the
	# least ns per call of any repeat), gross figures and a note.  Never 0.
	run -o json --net -d 0.01 time bench
	jq -e '.options.net == true and (.results[0] | .overhead_ns as $o | $o > 0 and
		([.paths[] | .net] | unique | length == 1) and
		([.paths[] | (.duration_ns / .calls) as $g |
			.ns_per_call.median > 0 and .calls_per_sec > 0 and
			(if .net then ($g - $o - .wall_ns_per_call | fabs < 0.011)
			 else ($g - .wall_ns_per_call | fabs < 0.006) end)] | all) and
		(.paths.syscall.net or ([.paths[] | .ns_per_call.min] | min) <= $o + 0.016))' \
		"$out" >/dev/null
	ok $? "json --net: net wall figures are duration_ns / calls less overhead_ns, else gross ('net': false)"

	jq -e '.cycles == null and ([.results[].paths[] | has("cycles_per_call") | not] | all)' \
		"$out" >/dev/null
	ok $? "json without --cycles: cycles null, no cycles_per_call"

	# --cycles: whatever counter this machine has, said so; a constant-rate
	# counter's ticks per call are its frequency times the ns per call of
	# the same fastest slice (ns_per_call.median of one repeat).  The
	# cycles are read just before each elapsed-time reading, so a preemption
	# between the two reads (a loaded CI machine) can tell them apart by
	# more than 5 %: up to three runs, one must agree; a wrong conversion,
	# or cycles of another span than the slice's, fails all three.
	agreed=1
	for try in 1 2 3; do
		run --cycles -o json -d 0.02 time bench
		jq -e '.cycles as $c | $c.source as $s |
			if $s == "none" then ($c.description | startswith("unavailable: ")) and
				([.results[].paths[] | has("cycles_per_call") | not] | all)
			elif $s == "perf" then ([.results[].paths[] | .cycles_per_call > 0] | all)
			elif $s == "tsc" or $s == "cntvct" then $c.frequency_hz > 0 and
				([.results[].paths[] | (.cycles_per_call / .ns_per_call.median /
					($c.frequency_hz / 1e9) - 1) | fabs < 0.05] | all)
			else false end' "$out" >/dev/null && [ $rc -eq 0 ] && { agreed=0; break; }
	done
	ok $agreed "json --cycles: the counter named; cycles_per_call consistent with it (of up to 3 runs)"

	run --latency -o json -d 0.02 time bench
	jq -e '(.latency.source | IN("tsc", "cntvct", "timebase", "syscall")) and .latency.frequency_hz > 0 and
		(.results[0] | .latency_overhead_ns >= 0 and ([.paths[] | .latency |
			.samples > 0 and .p50_ns <= .p90_ns and .p90_ns <= .p99_ns and .p99_ns <= .p99_9_ns and
			.p99_9_ns <= .max_ns and ([.histogram[].count] | add) == .samples and
			([.histogram[] | .to_ns == (if .from_ns == 0 then 1 else 2 * .from_ns end)] | all)] | all))' \
		"$out" >/dev/null && [ $rc -eq 0 ]
	ok $? "json --latency: the counter, the overhead, ordered percentiles per path, octave histogram adding up to the samples"
	run -o json -d 0.002 time bench
	jq -e '.latency == null and ([.results[].paths[] | has("latency") | not] | all)' "$out" >/dev/null
	ok $? "json without --latency: latency null, no latency members"

	run -o json -d 0.002 clock-gettime-boottime-alarm bench
	{ [ $rc -eq 77 ] && jq -e '.results == []' "$out" >/dev/null && grep -q unsupported "$err"; } ||
		{ [ $rc -eq 0 ] && jq -e '.results | length == 1' "$out" >/dev/null; }
	ok $? "json: an unsupported API leaves a valid document, the note on stderr (rc $rc)"
else
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do tap_skip "jq is not installed"; done
fi

run -o json getcpu verify
[ $rc -eq 2 ] && grep -q "^vdsotest: format 'json' is for bench only" "$err" && [ ! -s "$out" ]
ok $? "json with verify: exit 2, naming the format"

# ---- ktap ----
prove_ok() {
	prove -e cat "$1" >"$tmp/prove" 2>&1
}
if command -v prove >/dev/null 2>&1; then
	run -o ktap -d 0.01 all verify
	[ $rc -eq 0 ] && [ "$(head -2 "$out")" = "$(printf 'KTAP version 1\n1..%s' "$api_count")" ] &&
		[ "$(grep -Ec '^ok [0-9]+ [a-z0-9-]+( # SKIP .*| # XFAIL [0-9a-f]{12}: [^#]+)?$' "$out")" -eq "$api_count" ] &&
		! grep -Ev '^(KTAP version 1|1\.\.[0-9]+|ok [0-9]+ [a-z0-9-]+( # SKIP .*| # XFAIL [0-9a-f]{12}: [^#]+)?|# .*)$' "$out" |
			grep -Ev '^    (KTAP version 1|# Subtest: [a-z0-9-]+|1\.\.[0-9]+|ok [0-9]+ [^#]+ # (checked [0-9]+ times?|SKIP .+)|ok [0-9]+ [^#]+ # XFAIL [0-9a-f]{12}: [^#]+ \(failed [0-9]+ of [0-9]+ times?\)|# [a-z0-9-]+: verify: .*)$' |
			grep -q . &&
		prove_ok "$out"
	ok $? "ktap: all verify is KTAP version 1 with a plan, and prove accepts it"

	if [ -n "${FAKE_VDSO:-}" ]; then
		VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap -d 0.05 -f 1 \
			clock-gettime-monotonic verify >"$out" 2>"$err"
		rc=$?
		[ $rc -eq 1 ] && grep -q '^not ok 1 clock-gettime-monotonic$' "$out" &&
			grep -Eq '^# clock-gettime-monotonic: vDSO [0-9]+\.[0-9]{9} after syscall [0-9]+\.[0-9]{9}: [0-9]+ ns backwards$' "$out" &&
			grep -Eq '^# clock-gettime-monotonic/verify: [0-9]+ failures/inconsistencies encountered$' "$out" && ! prove_ok "$out"
		ok $? "ktap: a failing verify is 'not ok' with its message as a diagnostic; prove fails it"
	else
		tap_skip_fake 1
	fi

	run -o ktap all abi
	[ $rc -eq 0 ] && prove_ok "$out" && grep -q '^ok [0-9]* getcpu$' "$out"
	ok $? "ktap: all abi passes prove"

	run -o ktap -d 0.01 clock-gettime-boottime-alarm bench
	# (the directive carries the reason: the skip's line without its API)
	{ [ $rc -eq 77 ] && grep -q '^ok 1 clock-gettime-boottime-alarm # SKIP unsupported here: the system call rejects CLOCK_BOOTTIME_ALARM with EINVAL' "$out" &&
		grep -q '^# clock-gettime-boottime-alarm: unsupported' "$out" && prove_ok "$out"; } ||
		{ [ $rc -eq 0 ] && grep -q '^ok 1 clock-gettime-boottime-alarm$' "$out"; }
	ok $? "ktap: an unsupported API is marked SKIP with its reason, and prove takes it (rc $rc)"

	# Every API selected left out (--skip-unsupported): a plan of none, with why.
	run -o ktap -d 0.01 --skip-unsupported 'clock-gettime-*-alarm' bench
	{ [ $rc -eq 77 ] && [ "$(sed -n 2p "$out")" = "1..0 # SKIP every API selected is unsupported here" ] &&
		prove_ok "$out"; } ||
		{ [ $rc -eq 0 ] && grep -q '^1\.\.[12]$' "$out"; }
	ok $? "ktap: nothing left to run is a plan of none that says why (rc $rc)"

	run -o ktap -d 0.01 getcpu bench
	[ $rc -eq 0 ] && prove_ok "$out" && [ "$(grep -c '^# getcpu .* calls per second:' "$out")" -eq 3 ]
	ok $? "ktap: bench figures are diagnostics; prove accepts it"
else
	for i in 1 2 3 4 5 6; do tap_skip "prove is not installed"; done
fi

# ---- --output ----
run --output="$tmp/file" -o csv -d 0.01 time bench
[ $rc -eq 0 ] && [ ! -s "$out" ] && [ "$(head -1 "$tmp/file")" = "$header" ] &&
	[ "$(wc -l <"$tmp/file")" -eq 4 ]
ok $? "--output=FILE: the results go to FILE, nothing to standard output"

run --output="$tmp/no/such/dir" -d 0.01 time bench
[ $rc -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	grep -q "^vdsotest: cannot write --output '$tmp/no/such/dir': no file can be created in '$tmp/no/such/': No such file or directory$" "$err"
ok $? "--output into a missing directory: exit 2 naming the file and the directory, one line (got $rc)"
if [ -n "${VDSOTEST_BENCH:-}" ]; then
	"$VDSOTEST_BENCH" --output="$tmp/no/such/dir" -d 0.01 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -q "^vdsotest-bench: cannot write --output '$tmp/no/such/dir': no file can be created in '$tmp/no/such'$" "$err"
	ok $? "vdsotest-bench --output into a missing directory: exit 2 naming the file, one line (got $rc)"
else
	tap_skip "no VDSOTEST_BENCH"
fi
# A file where no temporary file can be made: the directory is named, not
# blamed on the file.
if [ -f /proc/version ] && [ ! -w /proc ] || [ "$(id -u)" -eq 0 ]; then
	run --output=/proc/version -d 0.01 time bench
	[ $rc -eq 2 ] && grep -Eq "^vdsotest: cannot write --output '/proc/version': no file can be created in '/proc/': .+$" "$err"
	ok $? "--output=/proc/version: exit 2 naming the file, and /proc/ as where it failed (got $rc)"
else
	tap_skip "no /proc/version"
fi
# "-" is standard output.
(cd "$tmp" && exec "$VDSOTEST" --output=- -o csv -d 0.01 time bench) >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] && [ ! -e "$tmp/-" ] && grep -q '^time,vdso,1,' "$out"
ok $? "--output=-: standard output, no file named '-' (got $rc)"

if [ -w /dev/full ]; then
	# The reason, from errno, is required of glibc builds.  musl's stdio
	# drops it: its line-buffered stdout writes each line inside printf(),
	# and on a failure discards the buffer, so the final fflush() has
	# nothing to write and succeeds, errno unset; vdsotest then names the
	# file without a reason.
	reason=': No space left on device'
	grep -aq GLIBC_ "$VDSOTEST" || reason="\\($reason\\)\\?"
	run --output=/dev/full -d 0.01 time bench
	[ $rc -eq 1 ] && grep -qx "vdsotest: write error on '/dev/full'$reason" "$err"
	ok $? "--output=/dev/full: exit 1, a write error naming the file (got $rc)"
else
	tap_skip "no /dev/full"
fi

# A run whose results could not all be written leaves FILE as it was (no
# new file, or the old one intact) and no temporary file.
for before in none old; do
	rm -f "$tmp/f0"
	[ $before = old ] && echo old >"$tmp/f0"
	# (standard error through a pipe: a file could not take the message)
	{ (ulimit -f 0 && exec "$VDSOTEST" --output="$tmp/f0" -d 0.01 time bench) 2>&1 >/dev/null
	  echo $? >"$tmp/rc"; } | cat >"$err"
	rc=$(cat "$tmp/rc")
	left=$(find "$tmp" -name '.f0.*')
	if [ $before = old ]; then [ "$(cat "$tmp/f0")" = old ]; else [ ! -e "$tmp/f0" ]; fi &&
		[ $rc -eq 1 ] && [ -z "$left" ] && grep -q "^vdsotest: write error on '$tmp/f0'" "$err"
	ok $? "--output=FILE ($before), ulimit -f 0: exit 1 (got $rc), FILE as it was, no temporary left (${left:-none})"
done
# The mode FILE would have had: 0666 less the umask, or an existing file's.
(umask 027 && exec "$VDSOTEST" --output="$tmp/mode" -d 0.01 time bench) 2>"$err"
chmod 0604 "$tmp/file"
"$VDSOTEST" --output="$tmp/file" -d 0.01 time bench 2>>"$err"
[ "$(stat -c %a "$tmp/mode")" = 640 ] && [ "$(stat -c %a "$tmp/file")" = 604 ]
ok $? "--output=FILE: mode 0666 less the umask, or FILE's own ($(stat -c %a "$tmp/mode" "$tmp/file" | tr '\n' ' '))"

# A symbolic link stays one: its target gets the results.
echo old >"$tmp/target"
ln -s target "$tmp/link"
run --output="$tmp/link" -d 0.01 time bench
[ $rc -eq 0 ] && [ -L "$tmp/link" ] && grep -q '^time ' "$tmp/target"
ok $? "--output=LINK: the link kept, its target written (got $rc)"

# A usage error, found however late, leaves --output untouched.
for bad_opts in "--cpu=1000" "-t 1025" "--vdso-lib=$tmp/no-such.so"; do
	echo keep >"$tmp/keep.json"
	# shellcheck disable=SC2086
	run -o json --output="$tmp/keep.json" $bad_opts getcpu bench
	[ $rc -eq 2 ] && [ "$(cat "$tmp/keep.json")" = keep ]
	ok $? "usage error ($bad_opts): --output not truncated (got $rc)"
done

# ---- progress ----
# Longer than 2 s on a terminal (script(1) gives one): "[I/N] API PATH R/REPEAT"
# on stderr, erased at the end; shorter, or not on a terminal: none.
# script(1) writes what the terminal showed between a header and a footer line.
tty_run() {
	script -qec "$*" "$tmp/ts" >/dev/null 2>&1 </dev/null && sed '1d;$d' "$tmp/ts" >"$tmp/tty"
}
if command -v script >/dev/null 2>&1 && tty_run true; then
	tty_run "'$VDSOTEST' -r 25 -d 0.03 getcpu bench >/dev/null"
	# (the notes of a busy machine, after the figures, left out)
	sed 's/Note: [^\r]*\r$//' "$tmp/tty" | sed '/^$/d' >"$tmp/tty-nonotes"
	grep -q '\[1/3\] getcpu syscall 1/25' "$tmp/tty" && grep -q '\[3/3\] getcpu vdso 25/25' "$tmp/tty" &&
		[ "$(tail -c 5 "$tmp/tty-nonotes" | od -An -c | tr -d ' \n')" = '\r033[K\n' ]
	ok $? "progress on a terminal for a run > 2 s, erased at the end"

	tty_run "'$VDSOTEST' -d 0.01 getcpu bench >/dev/null"
	! grep -q '\[[0-9]*/[0-9]*\]' "$tmp/tty"
	ok $? "no progress on a terminal for a short run"

	# Standard output on the same terminal: text keeps its progress and
	# every line; json (whose lines end only when the next begins) shows
	# none, so none of its lines is wiped.
	tty_run "'$VDSOTEST' -r 25 -d 0.03 getcpu bench"
	grep -q '\[3/3\] getcpu vdso 25/25' "$tmp/tty" &&
		[ "$(tr '\r' '\n' <"$tmp/tty" | grep -c 'getcpu .* calls per second: ')" -eq 3 ]
	ok $? "text, stdout on the terminal: progress, and all 3 result lines"
	tty_run "'$VDSOTEST' -r 25 -d 0.03 -o json getcpu bench"
	! grep -q '\[[0-9]*/[0-9]*\]' "$tmp/tty" && ! grep -q "$(printf '\033')" "$tmp/tty" &&
		grep -q '{"api": "getcpu"' "$tmp/tty"
	ok $? "json, stdout on the terminal: no progress, nothing erased"
else
	for i in 1 2 3 4; do tap_skip "script(1) cannot give a terminal"; done
fi
run -r 25 -d 0.03 getcpu bench
[ $rc -eq 0 ] && ! grep -v '^Note: getcpu: ' "$err"
ok $? "no progress when stderr is not a terminal"

# ---- a test child that crashes leaves the documents whole ----
if [ -n "${FAKE_VDSO:-}" ]; then
	VDSOTEST_FAKE_BUG=time-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap -d 0.002 all bench \
		>"$out" 2>"$err"
	rc=$?
	[ $rc -eq 1 ] && grep -Eq '^not ok [0-9]+ time$' "$out" && grep -Eq '^ok [0-9]+ getcpu$' "$out" &&
		grep -q '^# time: bench: killed by signal 11' "$out" &&
		{ ! command -v prove >/dev/null 2>&1 || ! prove_ok "$out"; }
	ok $? "ktap: a bench child killed by a signal is 'not ok', the run goes on (got $rc)"

	if command -v jq >/dev/null 2>&1; then
		VDSOTEST_FAKE_BUG=time-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o json -d 0.002 \
			all bench >"$out" 2>"$err"
		rc=$?
		[ $rc -eq 1 ] && jq -e '[.results[].api] | (index("time") == null) and
			(index("gettimeofday") != null) and (index("getcpu") != null)' "$out" >/dev/null &&
			grep -q '^time: bench: killed by signal 11' "$err"
		ok $? "json: a crashed API is left out, the document stays valid, the message on stderr"
	else
		tap_skip "jq is not installed"
	fi
else
	tap_skip "no fake vDSO"
	tap_skip "no fake vDSO"
fi

# ---- a path whose call fails is marked in every format ----
if [ -n "${FAKE_VDSO:-}" ] && [ -e "$FAKE_VDSO" ]; then
	fbench() {
		VDSOTEST_FAKE_BUG=gettime-error "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.002 "$@" \
			clock-gettime-monotonic bench >"$out" 2>"$err"
		rc=$?
	}
	if command -v jq >/dev/null 2>&1; then
		fbench -o json
		[ $rc -eq 1 ] && jq -e '.results[0].paths | .vdso.error == "Invalid argument" and
			.syscall.error == null and .libc.error == null' "$out" >/dev/null
		ok $? "json: a failing vdso call: \"error\": \"Invalid argument\" on that path only (got $rc)"
		cp "$out" "$tmp/failed-run.json"
		run -o json compare "$tmp/failed-run.json" "$tmp/failed-run.json"
		[ $rc -eq 0 ] && jq -e '[.results[] | select(.path == "vdso")][0] | .failed == "both" and .diff_pct == null' \
			"$out" >/dev/null
		ok $? "compare flags the failed path of a real run"
	else
		tap_skip "jq is not installed"
		tap_skip "jq is not installed"
	fi
	fbench -o csv
	[ $rc -eq 1 ] && grep -Eq '^clock-gettime-monotonic,vdso,.*,Invalid argument,[0-9.]+,[0-9.]+$' "$out" &&
		[ "$(grep -Ec ',,[0-9.]+,[0-9.]+$' "$out")" -eq 2 ]
	ok $? "csv: the error column holds the failing call's error (got $rc)"
	fbench -o ktap
	[ $rc -eq 1 ] && grep -q '^not ok 1 clock-gettime-monotonic$' "$out" &&
		grep -q '^# Note: clock-gettime-monotonic: the vdso call fails' "$out"
	ok $? "ktap: 'not ok' with the note (got $rc)"
else
	for i in 1 2 3 4; do tap_skip "no fake vDSO"; done
fi

# ---- the wrappers pass the new options with their values ----
if [ -n "${VDSOTEST_BENCH:-}" ]; then
	VDSOTEST=$VDSOTEST "$VDSOTEST_BENCH" -r 2 -o csv --output "$tmp/w.csv" -d 0.001 --cpu 0 >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ "$(head -1 "$tmp/w.csv")" = "$header" ] && [ ! -s "$out" ] &&
		"${AWK:-awk}" -F, 'NR > 1 && $3 != 2 { bad = 1 } END { exit bad || NR < 60 }' "$tmp/w.csv"
	ok $? "vdsotest-bench -r 2 -o csv --output FILE --cpu 0: values passed on (got $rc)"
else
	tap_skip "no VDSOTEST_BENCH"
fi

# ---- a reader that goes away: SIGPIPE's status, as with text ----
# (in the machine formats the bench children write the results, and get
# the SIGPIPE: the run must end as text's does, with no message)
for f in text csv json table ktap; do
	{ "$VDSOTEST" -d 0.01 -o $f all bench 2>"$err"; echo $? >"$tmp/rc"; } | head -n 1 >/dev/null
	rc=$(cat "$tmp/rc")
	# (a busy machine's notes aside)
	[ "$rc" -eq 141 ] && ! grep -v '^Note: ' "$err"
	ok $? "-o $f all bench | head -n 1: exit 141 (got $rc), no message"
done

tap_done
