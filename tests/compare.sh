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

# getcpu vdso 10 -> 12.5 ns (+25 %, spread sqrt(1+1) = 1.4 %: a change);
# getcpu syscall 200 -> 199.2 ns (-0.4 %, spread 0.5 %: within, '~');
# time only in old, clock-gettime-tai only in new.
cat >"$tmp/old.json" <<'JSON'
{"tool": "vdsotest", "version": "0.0.9", "results": [
  {"api": "getcpu", "paths": {
    "vdso": {"calls": 5, "ns_per_call": {"median": 10.00, "min": 9, "max": 11, "stdev_pct": 1.0}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 3}}}}
]}
JSON
cat >"$tmp/new.json" <<'JSON'
{"tool": "vdsotest", "results": [
  {"api": "clock-gettime-tai", "paths": {"vdso": {"ns_per_call": {"median": 30, "stdev_pct": 0.1}}}},
  {"api": "getcpu", "paths": {
    "syscall": {"ns_per_call": {"median": 199.2, "stdev_pct": 0.5}},
    "vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 1.0}}}}
]}
JSON
old=$tmp/old.json
new=$tmp/new.json

run compare "$old" "$new"
[ $rc -eq 0 ] && [ ! -s "$err" ] &&
	head -1 "$out" | grep -Eq '^API +PATH +OLD ns/call +NEW ns/call +DIFF$' &&
	grep -Eq '^getcpu +vdso +10\.00 +12\.50 +\+25\.00%$' "$out" &&
	grep -Eq '^getcpu +syscall +200\.00 +199\.20 +-0\.40% ~$' "$out" &&
	grep -Fqx "only in $old: time vdso" "$out" &&
	grep -Fqx "only in $new: clock-gettime-tai vdso" "$out" &&
	[ "$(wc -l <"$out")" -eq 5 ]
ok $? "text: old, new, diff %, '~' only within the combined spread; one-sided APIs listed"

awk 'NR > 1 && !/^only in/ { if (col && index($0, "%") != col) bad = 1; col = index($0, "%") } END { exit bad }' "$out"
ok $? "text: the columns are aligned"

run -o table compare "$old" "$new"
[ $rc -eq 0 ] && head -1 "$out" | grep -Eq '^Benchmark +Old +New +Diff$' &&
	sed -n 2p "$out" | grep -Eq '^-+$' &&
	grep -Eq '^vdso/getcpu +10\.00 ns +12\.50 ns +\+25\.00%$' "$out" &&
	grep -Eq '^syscall/getcpu +200\.00 ns +199\.20 ns +-0\.40% ~$' "$out"
ok $? "table: Benchmark Old New Diff rows"

run -o csv compare "$old" "$new"
cat >"$tmp/csv" <<EOF2
api,path,old_ns_per_call,new_ns_per_call,diff_pct,old_stdev_pct,new_stdev_pct,within_spread,failed
getcpu,vdso,10.00,12.50,25.00,1.00,1.00,0,
getcpu,syscall,200.00,199.20,-0.40,0.00,0.50,1,
time,vdso,4.00,,,3.00,,,
clock-gettime-tai,vdso,,30.00,,,0.10,,
EOF2
[ $rc -eq 0 ] && diff -u "$tmp/csv" "$out" >"$err"
ok $? "csv: header, a row per pair, one-sided rows with empty fields"

if command -v jq >/dev/null 2>&1; then
	run -o json compare "$old" "$new"
	[ $rc -eq 0 ] && jq -e --arg o "$old" --arg n "$new" '.tool == "vdsotest" and .old == $o and .new == $n and
		(.results | length == 4) and
		(.results[0] == {"api": "getcpu", "path": "vdso", "old_ns_per_call": 10, "new_ns_per_call": 12.5,
			"diff_pct": 25, "old_stdev_pct": 1, "new_stdev_pct": 1, "within_spread": false, "failed": null}) and
		(.results[1].within_spread == true and .results[1].diff_pct == -0.4) and
		(.results[2].api == "time" and .results[2].new_ns_per_call == null and .results[2].within_spread == null) and
		(.results[3].api == "clock-gettime-tai" and .results[3].old_ns_per_call == null)' "$out" >/dev/null
	ok $? "json: valid (jq), pairs and one-sided entries with nulls"
else
	tap_skip "jq is not installed"
fi

# Names with a comma, a quote, a newline and an escape character: quoted
# in csv (RFC 4180), escaped in text and table, JSON strings in json.
printf '%s\n' '{"tool": "vdsotest", "results": [{"api": "a,b \"q\"\nx\u001b[2J", "paths": {"vdso": {"ns_per_call": {"median": 1, "stdev_pct": 0}}}}]}' >"$tmp/odd.json"
run -o csv compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && [ "$(sed -n 2,3p "$out")" = "$(printf '"a,b ""q""\nx\033[2J",vdso,1.00,1.00,0.00,0.00,0.00,1,')" ] &&
	[ "$(wc -l <"$out")" -eq 3 ]
ok $? "csv: a field with ',', '\"' and a newline is quoted, quotes doubled"
run compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && ! grep -q "$(printf '\033')" "$out" && grep -Fq 'a,b "q"\x0ax\x1b[2J ' "$out" &&
	[ "$(wc -l <"$out")" -eq 2 ]
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
	[ $rc -eq 0 ] && ! grep -qi 'inf' "$out" && ! grep -Eq '[0-9]{20}' "$out" || bad_f="$bad_f $f"
done
[ -z "$bad_f" ]
ok $? "an old median of 1e-300: no inf, no endless digits in any format (failed:${bad_f:- none})"

# A path that failed (its "error" member): flagged, no difference.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"error": "Invalid argument", "ns_per_call": {"median": 10, "stdev_pct": 1}}}}]}' >"$tmp/failed.json"
run compare "$tmp/failed.json" "$new"
[ $rc -eq 0 ] && grep -Eq '^getcpu +vdso +10\.00 +12\.50 +failed$' "$out"
ok $? "text: a failed path gives 'failed', not a difference"
run -o csv compare "$old" "$tmp/failed.json"
[ $rc -eq 0 ] && grep -Fqx 'getcpu,vdso,10.00,10.00,,1.00,1.00,,new' "$out"
ok $? "csv: a failed path: empty diff_pct and within_spread, failed=new"
if command -v jq >/dev/null 2>&1; then
	run -o json compare "$tmp/failed.json" "$tmp/failed.json"
	[ $rc -eq 0 ] && jq -e '.results[0] | .failed == "both" and .diff_pct == null and .within_spread == null' "$out" >/dev/null
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
[ $rc_a -eq 0 ] && [ $rc_b -eq 0 ] && [ $rc -eq 0 ] && grep -Eq '^getcpu +vdso +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +[-+][0-9]+\.[0-9]{2}%( ~)?$' "$out" &&
	[ "$(grep -c ' vdso ' "$out")" -ge 20 ] && ! grep -q '^only in' "$out"
ok $? "compare of two real runs: a row for every API and path, nothing one-sided"

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
head -c 100 "$old" >"$tmp/m2.json"
bad "a truncated file" "$tmp/m2.json" 'line 3, column 16 \(byte 100\): a string without its closing'
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

tap_done
