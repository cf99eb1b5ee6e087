#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# vdsotest compare OLD.json NEW.json: figures, differences and spread from
# hand-written documents, APIs found on one side, every output format, and
# unreadable or malformed files refused with exit 2 naming file and place.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

# Hand-written documents with the repeats of -r N (ns_per_call.samples);
# the expected figures are computed by hand (Welch's p by numerical
# integration of Student's density, outside vdsotest):
# getcpu vdso   10, 10.2, 9.8, 10.1, 9.9 -> 12.5, 12.4, 12.6, 12.5, 12.5:
#   means 10 and 12.5 (+25 %), stdev 1.58 % and 0.57 %, t 32.27, p 1.6e-7: slower
# getcpu syscall 200, 201, 199 -> 199.2, 201.8, 200.6, 201.4:
#   means 200 and 200.75 (+0.38 %), medians 200 and 201, t 0.921, df 4.79,
#   p 0.4009: no significant change
# time vdso 4.0, 4.2, 3.9 -> 3.5, 3.6, 3.4: means 4.03 and 3.5 (-13.22 %),
#   stdev 3.79 % and 2.86 %, t -5.06, df 3.45, p 0.0106: faster
# clock-gettime-realtime only in old, clock-gettime-tai only in new.
cat >"$tmp/old.json" <<'JSON'
{"tool": "vdsotest", "version": "0.0.9", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {
    "vdso": {"calls": 5, "ns_per_call": {"median": 10.00, "min": 9.8, "max": 10.2, "stdev_pct": 1.58,
      "samples": [10, 10.2, 9.8, 10.1, 9.9]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0.5, "samples": [200, 201, 199]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 3.79, "samples": [4.0, 4.2, 3.9]}}}},
  {"api": "clock-gettime-realtime", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0}}}}
]}
JSON
cat >"$tmp/new.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "clock-gettime-tai", "paths": {"vdso": {"ns_per_call": {"median": 30, "stdev_pct": 0.1}}}},
  {"api": "getcpu", "paths": {
    "syscall": {"ns_per_call": {"median": 201, "stdev_pct": 0.57, "samples": [199.2, 201.8, 200.6, 201.4]}},
    "vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0.57, "samples": [12.5, 12.4, 12.6, 12.5, 12.5]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 3.5, "stdev_pct": 2.86, "samples": [3.5, 3.6, 3.4]}}}}
]}
JSON
old=$tmp/old.json
new=$tmp/new.json

run compare "$old" "$new"
[ $rc -eq 0 ] && [ ! -s "$err" ] &&
	head -1 "$out" | grep -Eq '^API +PATH +N +OLD mean +median +stdev +N +NEW mean +median +stdev +DIFF +p +VERDICT$' &&
	grep -Eq '^getcpu +vdso +5 +10\.00 +10\.00 +1\.6% +5 +12\.50 +12\.50 +0\.6% +\+25\.00% +0\.0000  slower$' "$out" &&
	grep -Eq '^getcpu +syscall +3 +200\.00 +200\.00 +0\.5% +4 +200\.75 +201\.00 +0\.6% +\+0\.38% +0\.4009  no significant change$' "$out" &&
	grep -Eq '^time +vdso +3 +4\.03 +4\.00 +3\.8% +3 +3\.50 +3\.50 +2\.9% +-13\.22% +0\.0106  faster$' "$out" &&
	grep -Fqx "only old: clock-gettime-realtime vdso" "$out" &&
	grep -Fqx "only new: clock-gettime-tai vdso" "$out" &&
	tail -1 "$out" | grep -q "p: Welch's t-test, two-sided; faster or slower when p < 0.05" &&
	[ "$(wc -l <"$out")" -eq 7 ]
ok $? "text: N, mean, median, stdev per side, diff of the means, Welch's p and the verdict, as computed by hand; one-sided APIs listed"

awk 'NR > 1 && !/^only/ && !/^\(/ { if (col && index($0, "%") != col) bad = 1; col = index($0, "%") } END { exit bad }' "$out"
ok $? "text: the columns are aligned"

# The same repeats spread over two files a side: the same figures.
cat >"$tmp/old-a.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 10.1, "stdev_pct": 1, "samples": [10, 10.2]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0, "samples": [200]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 0, "samples": [4.0]}}}},
  {"api": "clock-gettime-realtime", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0}}}}]}
JSON
cat >"$tmp/old-b.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 9.9, "stdev_pct": 1, "samples": [9.8, 10.1, 9.9]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0.5, "samples": [201, 199]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 0, "samples": [4.2, 3.9]}}}}]}
JSON
cat >"$tmp/new-a.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "clock-gettime-tai", "paths": {"vdso": {"ns_per_call": {"median": 30, "stdev_pct": 0.1}}}},
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0, "samples": [12.5]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 1, "samples": [199.2, 201.8]}}}}]}
JSON
cat >"$tmp/new-b.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0, "samples": [12.4, 12.6, 12.5, 12.5]}},
    "syscall": {"ns_per_call": {"median": 201, "stdev_pct": 0.3, "samples": [200.6, 201.4]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 3.5, "stdev_pct": 2.86, "samples": [3.5, 3.6, 3.4]}}}}]}
JSON
cp "$out" "$tmp/one-file.txt"
run compare "$tmp/old-a.json" "$tmp/old-b.json" -- "$tmp/new-a.json" "$tmp/new-b.json"
[ $rc -eq 0 ] && [ ! -s "$err" ] && diff "$tmp/one-file.txt" "$out" >/dev/null
ok $? "several files a side (OLD... -- NEW...): the repeats pooled, the same figures as one file a side"

# Old documents without samples: each file's median is one value.  Six and
# six: old 10, 11, 10, 11, 10, 11 (mean 10.5, stdev 5.22 %), new 12, 13, ...
# (12.5, 4.38 %): +19.05 %, t 6.32, df 10, p 8.6e-5: slower.
i=1
for v in 10 11 10 11 10 11; do
	printf '{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 0}}}}]}' "$v" >"$tmp/o$i.json"
	printf '{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 0}}}}]}' "$((v + 2))" >"$tmp/n$i.json"
	i=$((i + 1))
done
run -o csv compare "$tmp"/o[1-6].json -- "$tmp"/n[1-6].json
[ $rc -eq 0 ] && [ "$(sed -n 2p "$out")" = "getcpu,vdso,6,10.50,10.50,5.22,6,12.50,12.50,4.38,19.05,0.0001,slower," ]
ok $? "6 + 6 files of one median each: n 6, means, medians, stdev %, diff and p as computed by hand"

run -o table compare "$old" "$new"
[ $rc -eq 0 ] && head -1 "$out" | grep -Eq '^Benchmark +Old +New +Diff +p +Verdict$' &&
	sed -n 2p "$out" | grep -Eq '^-+$' &&
	grep -Eq '^vdso/getcpu +10\.00 ns ± +1\.6% +12\.50 ns ± +0\.6% +\+25\.00% +0\.0000  slower$' "$out" &&
	grep -Eq '^syscall/getcpu +200\.00 ns ± +0\.5% +200\.75 ns ± +0\.6% +\+0\.38% +0\.4009  no significant change$' "$out"
ok $? "table: Benchmark Old New (mean ± stdev) Diff p Verdict rows"

run -o csv compare "$old" "$new"
cat >"$tmp/csv" <<EOF2
api,path,old_n,old_mean_ns,old_median_ns,old_stdev_pct,new_n,new_mean_ns,new_median_ns,new_stdev_pct,diff_pct,p_value,verdict,failed
getcpu,vdso,5,10.00,10.00,1.58,5,12.50,12.50,0.57,25.00,0.0000,slower,
getcpu,syscall,3,200.00,200.00,0.50,4,200.75,201.00,0.57,0.38,0.4009,no significant change,
time,vdso,3,4.03,4.00,3.79,3,3.50,3.50,2.86,-13.22,0.0106,faster,
clock-gettime-realtime,vdso,1,5.00,5.00,0.00,,,,,,,,
clock-gettime-tai,vdso,,,,,1,30.00,30.00,0.00,,,,
EOF2
[ $rc -eq 0 ] && diff -u "$tmp/csv" "$out" >"$err"
ok $? "csv: header, a row per pair, one-sided rows with empty fields"

if command -v jq >/dev/null 2>&1; then
	run -o json compare "$old" "$new"
	[ $rc -eq 0 ] && jq -e --arg o "$old" --arg n "$new" '.tool == "vdsotest" and .old == [$o] and .new == [$n] and
		.test == "welch" and .alpha == 0.05 and .notes == [] and
		(.results | length == 5) and
		(.results[0] | .api == "getcpu" and .path == "vdso" and .old == {"n": 5, "mean_ns": 10, "median_ns": 10, "stdev_pct": 1.58} and
			.new.mean_ns == 12.5 and .diff_pct == 25 and .p < 0.000001 and .verdict == "slower" and .failed == null) and
		(.results[1] | .p == 0.400869 and .verdict == "no significant change") and
		(.results[2] | .p == 0.010555 and .verdict == "faster") and
		(.results[3].api == "clock-gettime-realtime" and .results[3].new == null and .results[3].p == null and .results[3].verdict == null) and
		(.results[4].api == "clock-gettime-tai" and .results[4].old == null)' "$out" >/dev/null
	ok $? "json: valid (jq), per side n, mean, median, stdev; diff, p (6 decimals), verdict; one-sided entries with nulls"
else
	tap_skip "jq is not installed"
fi

# Sides that differ: a note each on stderr (and in json's notes), the table
# still printed.
sed 's/"kernel_release": "6.1.0"/"kernel_release": "6.2.0", "clocksource": "hpet", "interrupted": "SIGINT", "options": {"threads": 2}/' \
	"$new" >"$tmp/other.json"
run compare "$old" "$tmp/other.json"
[ $rc -eq 0 ] && grep -Fqx "Note: compare: the sides differ in kernel: '6.1.0' (old) and '6.2.0' (new)" "$err" &&
	grep -Fqx "Note: compare: the sides differ in clocksource: 'none' (old) and 'hpet' (new)" "$err" &&
	grep -Fqx "Note: compare: the sides differ in -t: 'none' (old) and '2' (new)" "$err" &&
	grep -Fqx "Note: compare: '$tmp/other.json' (new) was interrupted by SIGINT: its figures are of the time measured" "$err" &&
	[ "$(wc -l <"$err")" -eq 4 ] && grep -Eq '^getcpu +vdso ' "$out"
ok $? "sides that differ in kernel, clocksource, -t, and an interrupted run: one note each"
run compare "$old" "$tmp/other.json" -- "$new"
[ $rc -eq 0 ] && grep -Fqx "Note: compare: the old files differ in kernel: '6.1.0' ('$old') and '6.2.0' ('$tmp/other.json')" "$err"
ok $? "files of one side that differ: a note naming both"
run compare "$tmp/o1.json" "$tmp/n1.json"
[ $rc -eq 0 ] && grep -q '^Note: compare: fewer than 2 repeats on a side' "$err" &&
	grep -Eq '^getcpu +vdso +1 +10\.00 +10\.00 +0\.0% +1 +12\.00 +12\.00 +0\.0% +\+20\.00% +-  no significant change$' "$out"
ok $? "one value a side: no test (p '-'), a note saying why"
run compare "$old" --
[ $rc -eq 2 ] && grep -q "compare needs at least one file on each side of '--'" "$err"
ok $? "compare OLD -- (nothing new): exit 2"

# Names with a comma, a quote, a newline and an escape character: quoted
# in csv (RFC 4180), escaped in text and table, JSON strings in json.
printf '%s\n' '{"tool": "vdsotest", "results": [{"api": "a,b \"q\"\nx\u001b[2J", "paths": {"vdso": {"ns_per_call": {"median": 1, "stdev_pct": 0}}}}]}' >"$tmp/odd.json"
run -o csv compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && [ "$(sed -n 2,3p "$out")" = "$(printf '"a,b ""q""\nx\033[2J",vdso,1,1.00,1.00,0.00,1,1.00,1.00,0.00,0.00,,no significant change,')" ] &&
	[ "$(wc -l <"$out")" -eq 3 ]
ok $? "csv: a field with ',', '\"' and a newline is quoted, quotes doubled"
run compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && ! grep -q "$(printf '\033')" "$out" && grep -Fq 'a,b "q"\x0ax\x1b[2J ' "$out" &&
	[ "$(wc -l <"$out")" -eq 3 ]
ok $? "text: control characters of a name escaped (\\xHH), one line per pair"
if command -v jq >/dev/null 2>&1; then
	run -o json compare "$tmp/odd.json" "$tmp/odd.json"
	[ $rc -eq 0 ] && jq -e '.results[0].api == "a,b \"q\"\nx\u001b[2J"' "$out" >/dev/null
	ok $? "json: the same name as a JSON string"
else
	tap_skip "jq is not installed"
fi

# Absurd figures: refused, never printed as inf or a 300-digit number.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 1e308, "stdev_pct": 0}}}}]}' >"$tmp/huge.json"
run -o json compare "$old" "$tmp/huge.json"
[ $rc -eq 2 ] && [ ! -s "$out" ] && grep -q 'no median (0 to 1e12) and stdev_pct (0 to 1e6) numbers' "$err"
ok $? "a median of 1e308: refused (exit 2), no 'inf' (got $rc)"
# An old median below 0.01 ns (shown as 0.00): no difference in percent.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 1e-300, "stdev_pct": 0}}}}]}' >"$tmp/tiny.json"
bad_f=
for f in text csv json table; do
	run -o $f compare "$tmp/tiny.json" "$old"
	# (the file names left out: json lists them, and the random name of
	# the temporary directory may hold "inf" itself)
	[ $rc -eq 0 ] && ! sed "s|$tmp/||g" "$out" | grep -qi 'inf' &&
		! grep -Eq '[0-9]{20}' "$out" || bad_f="$bad_f $f"
done
[ -z "$bad_f" ]
ok $? "an old median of 1e-300: no inf, no endless digits in any format (failed:${bad_f:- none})"

# A path that failed (its "error" member): flagged, no difference.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"error": "Invalid argument", "ns_per_call": {"median": 10, "stdev_pct": 1}}}}]}' >"$tmp/failed.json"
run compare "$tmp/failed.json" "$new"
[ $rc -eq 0 ] && grep -Eq '^getcpu +vdso +1 +10\.00 +10\.00 +0\.0% +5 +12\.50 +12\.50 +0\.6% +n/a +-  failed$' "$out"
ok $? "text: a failed path gives 'failed', not a difference"
run -o csv compare "$old" "$tmp/failed.json"
[ $rc -eq 0 ] && grep -Fqx 'getcpu,vdso,5,10.00,10.00,1.58,1,10.00,10.00,0.00,,,failed,new' "$out"
ok $? "csv: a failed path: empty diff_pct and p_value, verdict failed, failed=new"
if command -v jq >/dev/null 2>&1; then
	run -o json compare "$tmp/failed.json" "$tmp/failed.json"
	[ $rc -eq 0 ] && jq -e '.results[0] | .failed == "both" and .diff_pct == null and .p == null and .verdict == "failed"' "$out" >/dev/null
	ok $? "json: a failed path: \"failed\": \"both\", diff_pct null"
else
	tap_skip "jq is not installed"
fi

# A real round trip: two runs of the tool itself.
"$VDSOTEST" -o json -d 0.002 -r 2 all bench >"$tmp/a.json" 2>/dev/null
rc_a=$?
"$VDSOTEST" -o json -d 0.002 -r 2 --output="$tmp/b.json" all bench 2>/dev/null
rc_b=$?
run compare "$tmp/a.json" "$tmp/b.json"
[ $rc_a -eq 0 ] && [ $rc_b -eq 0 ] && [ $rc -eq 0 ] &&
	grep -Eq '^getcpu +vdso +2 +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]% +2 +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]% +[-+][0-9]+\.[0-9]{2}% +[01]\.[0-9]{4}  (faster|slower|no significant change)$' "$out" &&
	[ "$(grep -c ' vdso ' "$out")" -ge 20 ] && ! grep -q '^only' "$out"
ok $? "compare of two real runs (-r 2: their samples): a row with p for every API and path, nothing one-sided"

# ---- bad files: exit 2, one line naming the file and the place ----
bad() {
	desc=$1 file=$2 pattern=$3
	run compare "$file" "$new"
	[ $rc -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Fq "vdsotest: compare: '$file': " "$err" && grep -Eq "$pattern" "$err"
	ok $? "$desc: exit 2 naming the file and where (got $rc)"
}
bad "a missing file" "$tmp/nothing.json" 'No such file or directory$'
bad "a directory" "$tmp" 'Is a directory$'
printf '{"tool": "vdsotest", "results": [\n  {"api": "getcpu",, "paths": {}}]}\n' >"$tmp/m1.json"
bad "a stray comma" "$tmp/m1.json" "line 2, column 20 \\(byte 53\\): expected a '\"' to start a member name, not ','$"
head -c 35 "$old" >"$tmp/m2.json"
bad "a truncated file" "$tmp/m2.json" 'line 1, column 36 \(byte 35\): a string without its closing'
: >"$tmp/m3.json"
bad "an empty file" "$tmp/m3.json" 'line 1, column 1 \(byte 0\): expected a value'
printf '[1, 2]' >"$tmp/m4.json"
bad "JSON that is not vdsotest's" "$tmp/m4.json" 'not a vdsotest JSON document'
printf '{"tool": "vdsotest", "results": [{"api": "x", "paths": {"vdso": {"ns_per_call": {"median": "1"}}}}]}' >"$tmp/m5.json"
bad "a median that is no number" "$tmp/m5.json" 'results\[0\]\.paths\.vdso\.ns_per_call: no median'
printf '{"tool": "vdsotest", "results": [\n{"api": "x\377", "paths": {}}]}' >"$tmp/m8.json"
bad "a name that is not UTF-8" "$tmp/m8.json" "line 2, column 11 \\(byte 44\\): byte 0xff in a string is not UTF-8$"
printf '{"tool": "vdsotest", "results": [{"api": "x", "paths": {"vdso": {"ns_per_call": {"median": 1, "stdev_pct": 0}}}}, {"api": "x", "paths": {"vdso": {"ns_per_call": {"median": 2, "stdev_pct": 0}}}}]}' >"$tmp/m9.json"
bad "an API and path given twice" "$tmp/m9.json" "results\\[1\\]: API 'x' path 'vdso' given twice$"
printf '{"tool": "vdsotest", "results": {}}' >"$tmp/m6.json"
bad "results that are no array" "$tmp/m6.json" 'results: not an array'
printf '{"tool": "vdsotest", "results": []}\n{}' >"$tmp/m7.json"
bad "two documents in one file" "$tmp/m7.json" "line 2, column 1 \\(byte 36\\): '\\{' after the value"

run compare "$old" "$tmp/nothing.json"
[ $rc -eq 2 ] && grep -Fq "'$tmp/nothing.json'" "$err"
ok $? "a bad NEW file is named too"

run compare "$old"
[ $rc -eq 2 ] && grep -q 'compare needs two files' "$err"
ok $? "compare with one file: exit 2"

# --output naming an input: refused, the input intact (by device and inode,
# so another name of the same file is caught too).
cp "$old" "$tmp/o2.json" && ln -s o2.json "$tmp/o2-link.json"
for o in "$tmp/o2.json" "$tmp/o2-link.json"; do
	run compare "$tmp/o2.json" "$new" --output="$o"
	[ $rc -eq 2 ] && cmp -s "$old" "$tmp/o2.json" &&
		grep -Fq "vdsotest: compare: --output '$o' is one of the files compared" "$err"
	ok $? "--output=$(basename "$o"), an input: exit 2, the input intact (got $rc)"
done
# --output of a bad comparison: not even created.
run compare "$tmp/nothing.json" "$new" --output="$tmp/never.json"
[ $rc -eq 2 ] && [ ! -e "$tmp/never.json" ]
ok $? "a bad input: --output not created"

# The size limit, said as such.
truncate -s 65M "$tmp/big.json" 2>/dev/null || dd if=/dev/zero of="$tmp/big.json" bs=1 count=0 seek=65M 2>/dev/null
bad "a file over 64 MiB" "$tmp/big.json" "'$tmp/big.json': larger than 64 MiB$"
rm -f "$tmp/big.json"

# A write error names the --output file.
if [ -w /dev/full ]; then
	# The reason, from errno, is required of glibc builds.  musl's stdio
	# drops it: its line-buffered stdout writes each line inside printf(),
	# and on a failure discards the buffer, so the final fflush() has
	# nothing to write and succeeds, errno unset; vdsotest then names the
	# file without a reason.
	reason=': No space left on device'
	grep -aq GLIBC_ "$VDSOTEST" || reason="\\($reason\\)\\?"
	run compare "$old" "$new" --output=/dev/full
	[ $rc -eq 1 ] && grep -q "^vdsotest: write error on '/dev/full'$reason\$" "$err"
	ok $? "write error on --output: the file named (got $rc)"
else
	tap_skip "no /dev/full"
fi

run -o ktap compare "$old" "$new"
[ $rc -eq 2 ] && grep -q "format 'ktap' is not one of compare's" "$err"
ok $? "compare -o ktap: exit 2"

# A tiny difference between repeats with almost no spread: p is small, but
# below 0.5 % it is no verdict (quantized figures: the trial's 3.507/3.508
# repeats made +0.02 % "slower").
cat >"$tmp/q-old.json" <<'JSON'
{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3.507, "stdev_pct": 0.01,
  "samples": [3.507, 3.508, 3.508, 3.508, 3.507, 3.508]}}}}]}
JSON
cat >"$tmp/q-new.json" <<'JSON'
{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3.508, "stdev_pct": 0.01,
  "samples": [3.508, 3.509, 3.508, 3.509, 3.508, 3.509]}}}}]}
JSON
run -o json compare "$tmp/q-old.json" "$tmp/q-new.json"
[ $rc -eq 0 ] && jq -e '.min_diff_pct == 0.5 and (.results[0] | .p < 0.05 and .diff_pct < 0.5 and
	.verdict == "no significant change")' "$out" >/dev/null
ok $? "p < 0.05 but +$(jq -r '.results[0].diff_pct' "$out" 2>/dev/null)%: below 0.5 %, no significant change (got $rc)"

# The other condition: +10 % but p >= 0.05 (10, 14, 6 -> 11, 15, 7: t 0.31,
# df 4, p 0.77 by hand): no significant change.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 40, "samples": [%s]}}}}]}\n' \
	10 '10, 14, 6' >"$tmp/wide-old.json"
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 36, "samples": [%s]}}}}]}\n' \
	11 '11, 15, 7' >"$tmp/wide-new.json"
run compare "$tmp/wide-old.json" "$tmp/wide-new.json"
[ $rc -eq 0 ] && grep -Eq '^getcpu +vdso +3 +10\.00 .* \+10\.00% +0\.7[0-9]{3}  no significant change$' "$out"
ok $? "+10 % but p 0.77: no significant change (got $rc)"

tap_done
