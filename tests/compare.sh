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

# Hand-written documents with one value per independent run
# (ns_per_call.runs, bench --runs N).  The expected figures were computed
# outside vdsotest (Python: Mann-Whitney's p by enumerating every split of
# the pooled values, Hodges-Lehmann from the sorted pairwise differences):
# getcpu vdso 10, 10.2, 9.8, 10.1, 9.9 -> 12.5, 12.4, 12.6, 12.5, 12.5:
#   medians 10 and 12.5, U 0, p 2/252 = 0.0079, BH q over the 2 rows
#   tested 0.0159; shift 2.5 (+25 %), interval the 3rd and 23rd of the 25
#   differences, 2.3 and 2.7 (+23 %, +27 %) at 96.8 %: slower
# getcpu syscall 200, 201, 199, 202 -> 199.2, 201.8, 200.6, 201.4: medians
#   200.5 and 201, U 7, p 62/70 = 0.8857; shift 0.3 (+0.15 %), interval
#   the 1st and 16th differences, -2.8 and +2.8 (-1.40 %, +1.40 %) at
#   97.1 %: not significant, and the interval reaches past +-0.5 %: undecided
# time vdso 4.0, 4.2, 3.9 -> 3.5, 3.6, 3.4: 3 runs a side, the least p is
#   0.1: n/a; shift -0.5 (-12.5 %)
# clock-gettime-realtime only in old, clock-gettime-tai only in new.
cat >"$tmp/old.json" <<'JSON'
{"tool": "vdsotest", "version": "0.0.9", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {
    "vdso": {"calls": 5, "ns_per_call": {"median": 10.00, "min": 9.8, "max": 10.2, "stdev_pct": 1.58,
      "runs": [10, 10.2, 9.8, 10.1, 9.9]}},
    "syscall": {"ns_per_call": {"median": 200.5, "stdev_pct": 0.5, "runs": [200, 201, 199, 202]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 3.79, "runs": [4.0, 4.2, 3.9]}}}},
  {"api": "clock-gettime-realtime", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0}}}}
]}
JSON
cat >"$tmp/new.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "clock-gettime-tai", "paths": {"vdso": {"ns_per_call": {"median": 30, "stdev_pct": 0.1}}}},
  {"api": "getcpu", "paths": {
    "syscall": {"ns_per_call": {"median": 201, "stdev_pct": 0.57, "runs": [199.2, 201.8, 200.6, 201.4]}},
    "vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0.57, "samples": [1, 2], "runs": [12.5, 12.4, 12.6, 12.5, 12.5]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 3.5, "stdev_pct": 2.86, "runs": [3.5, 3.6, 3.4]}}}}
]}
JSON
old=$tmp/old.json
new=$tmp/new.json

run compare "$old" "$new"
[ $rc -eq 0 ] && [ ! -s "$err" ] &&
	grep -Eq '^API / path +old ns +new ns +diff +95% interval +verdict$' "$out" &&
	grep -Fqx 'getcpu' "$out" &&
	grep -Eq '^  vdso +10\.00 +12\.50 \+25\.00%  \[\+23\.00, \+27\.00\]  slower$' "$out" &&
	grep -Eq '^  syscall +200\.50 +201\.00 +\+0\.15%  \[-1\.40, \+1\.40\]  undecided$' "$out" &&
	grep -Eq '^  vdso +4\.00 +3\.50 -12\.50% +-  n/a \(N=3 a side\)$' "$out" &&
	grep -Fqx "only old: clock-gettime-realtime" "$out" &&
	grep -Fqx "only new: clock-gettime-tai" "$out" &&
	grep -q 'Mann-Whitney U' "$out" && grep -q 'over the 2 rows' "$out"
ok $? "text: medians, Hodges-Lehmann shift and interval, the verdict of Mann-Whitney and Benjamini-Hochberg, as computed by hand; N=3 a side n/a; one-sided APIs listed"

"${AWK:-awk}" -v max=72 'length($0) > max { bad = 1 } END { exit bad }' "$out"
ok $? "text: no line wider than 72 columns"
grep -Eq '^old: Linux 6\.1\.0 \?, clocksource \?$' "$out" && grep -Eq '^new: Linux 6\.1\.0 ' "$out" &&
	grep -Eq '^ +CPU \?, emulation unknown$' "$out" && grep -Eq '^ +-d 0 -r 1, 5 runs in 1 file, pinning unknown$' "$out" &&
	grep -Eq '^differ: nothing of the above$' "$out"
ok $? "text: a header names both sides (kernel, CPU, emulation, runs) and what differs"

# The same runs spread over two files a side: the same figures.
cat >"$tmp/old-a.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 10.1, "stdev_pct": 1, "runs": [10, 10.2]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0, "runs": [200]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 0, "runs": [4.0]}}}},
  {"api": "clock-gettime-realtime", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0}}}}]}
JSON
cat >"$tmp/old-b.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 9.9, "stdev_pct": 1, "runs": [9.8, 10.1, 9.9]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 0.5, "runs": [201, 199, 202]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 4, "stdev_pct": 0, "runs": [4.2, 3.9]}}}}]}
JSON
cat >"$tmp/new-a.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "clock-gettime-tai", "paths": {"vdso": {"ns_per_call": {"median": 30, "stdev_pct": 0.1}}}},
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0, "runs": [12.5]}},
    "syscall": {"ns_per_call": {"median": 200, "stdev_pct": 1, "runs": [199.2, 201.8]}}}}]}
JSON
cat >"$tmp/new-b.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 12.5, "stdev_pct": 0, "runs": [12.4, 12.6, 12.5, 12.5]}},
    "syscall": {"ns_per_call": {"median": 201, "stdev_pct": 0.3, "runs": [200.6, 201.4]}}}},
  {"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 3.5, "stdev_pct": 2.86, "runs": [3.5, 3.6, 3.4]}}}}]}
JSON
grep -v '^\(old\|new\):\|^     \|^differ' "$out" >"$tmp/one-file.txt"
run compare "$tmp/old-a.json" "$tmp/old-b.json" -- "$tmp/new-a.json" "$tmp/new-b.json"
grep -v '^\(old\|new\):\|^     \|^differ' "$out" >"$tmp/two-files.txt"
[ $rc -eq 0 ] && [ ! -s "$err" ] && diff "$tmp/one-file.txt" "$tmp/two-files.txt" >/dev/null
ok $? "several files a side (OLD... -- NEW...): the runs pooled, the same figures as one file a side"

# Documents without runs (made before --runs): each file's median is one
# value, its repeats (samples) none.  Six and six: old 10, 11, 10, 11,
# 10, 11, new 12, 13, ...: U 0, p 2/924 = 0.002165; the 36 differences are
# 9 ones, 18 twos and 9 threes: shift 2 (+19.05 % of 10.5), interval the
# 6th and 31st, 1 and 3 (+9.52 %, +28.57 %) at 1 - 2 * 19/924 = 95.89 %.
i=1
for v in 10 11 10 11 10 11; do
	printf '{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 0, "samples": [1, 2, 3]}}}}]}' "$v" >"$tmp/o$i.json"
	printf '{"tool": "vdsotest", "kernel_release": "6.1.0", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 0}}}}]}' "$((v + 2))" >"$tmp/n$i.json"
	i=$((i + 1))
done
run -o csv compare "$tmp"/o[1-6].json -- "$tmp"/n[1-6].json
[ $rc -eq 0 ] && [ "$(sed -n 2p "$out")" = "getcpu,vdso,6,10.50,6,12.50,19.05,9.52,28.57,0.9589,0.002165,0.002165,slower," ]
ok $? "6 + 6 files of one median each (no runs member): n 6, shift, interval, p and q as computed by hand"

run -o table compare "$old" "$new"
[ $rc -eq 0 ] && head -1 "$out" | grep -Eq '^API +PATH +N +OLD ns +N +NEW ns +DIFF +CI low +CI high +conf +p +q +VERDICT$' &&
	grep -Eq '^getcpu +vdso +5 +10\.00 +5 +12\.50 +\+25\.00% +\+23\.00% +\+27\.00% +96\.8 +0\.0079 +0\.0159  slower$' "$out" &&
	grep -Eq '^getcpu +syscall +4 +200\.50 +4 +201\.00 +\+0\.15% +-1\.40% +\+1\.40% +97\.1 +0\.8857 +0\.8857  undecided$' "$out"
ok $? "table (wide): N, medians, shift, interval, confidence, p, q and verdict"

run -o csv compare "$old" "$new"
cat >"$tmp/csv" <<EOF2
api,path,old_n,old_median_ns,new_n,new_median_ns,diff_pct,ci_low_pct,ci_high_pct,ci_confidence,p_value,q_value,verdict,failed
getcpu,vdso,5,10.00,5,12.50,25.00,23.00,27.00,0.9683,0.007937,0.015873,slower,
getcpu,syscall,4,200.50,4,201.00,0.15,-1.40,1.40,0.9714,0.885714,0.885714,undecided,
time,vdso,3,4.00,3,3.50,-12.50,-20.00,-7.50,0.9000,0.100000,,n/a (N=3 a side),
clock-gettime-realtime,vdso,1,5.00,,,,,,,,,,
clock-gettime-tai,vdso,,,1,30.00,,,,,,,,
EOF2
[ $rc -eq 0 ] && diff -u "$tmp/csv" "$out" >"$err"
ok $? "csv: header, a row per pair, one-sided rows with empty fields"

if command -v jq >/dev/null 2>&1; then
	run -o json compare "$old" "$new"
	[ $rc -eq 0 ] && jq -e --arg o "$old" --arg n "$new" '.tool == "vdsotest" and .old == [$o] and .new == [$n] and
		.test == "mann-whitney-u" and .correction == "benjamini-hochberg" and .shift == "hodges-lehmann" and
		.alpha == 0.05 and .min_runs == 3 and .notes == [] and
		(.results | length == 5) and
		(.results[0] | .api == "getcpu" and .path == "vdso" and .old == {"n": 5, "median_ns": 10, "runs": [10, 10.2, 9.8, 10.1, 9.9]} and
			.new.median_ns == 12.5 and .diff_pct == 25 and .ci_low_pct == 23 and .ci_high_pct == 27 and
			.p == 0.007937 and .q == 0.015873 and .verdict == "slower" and .failed == null) and
		(.results[1] | .p == 0.885714 and .verdict == "undecided") and
		(.results[2] | .q == null and .verdict == "n/a (N=3 a side)") and
		(.results[3].api == "clock-gettime-realtime" and .results[3].new == null and .results[3].p == null and .results[3].verdict == null) and
		(.results[4].api == "clock-gettime-tai" and .results[4].old == null)' "$out" >/dev/null
	ok $? "json: valid (jq), per side n, median and runs; shift, interval, p, q, verdict; one-sided entries with nulls"
else
	tap_skip "jq is not installed"
fi

# Sides that differ: a note each on stderr (and in json's notes), flagged
# in the text header, the table still printed.
sed 's/"kernel_release": "6.1.0"/"kernel_release": "6.2.0", "clocksource": "hpet", "interrupted": "SIGINT", "options": {"threads": 2}/' \
	"$new" >"$tmp/other.json"
run compare "$old" "$tmp/other.json"
[ $rc -eq 0 ] && grep -Fqx "Note: compare: the sides differ in kernel: '6.1.0' (old) and '6.2.0' (new)" "$err" &&
	grep -Fqx "Note: compare: the sides differ in clocksource: 'none' (old) and 'hpet' (new)" "$err" &&
	grep -Fqx "Note: compare: the sides differ in -t: 'none' (old) and '2' (new)" "$err" &&
	grep -Fqx "Note: compare: '$tmp/other.json' (new) was interrupted by SIGINT: its figures are of the time measured" "$err" &&
	[ "$(wc -l <"$err")" -eq 4 ] && grep -Eq '^  vdso ' "$out" &&
	grep -Eq '^differ: kernel, clocksource, -t$' "$out"
ok $? "sides that differ in kernel, clocksource, -t, and an interrupted run: one note each, flagged in the header"
# Pinning (conditions.pinned, pinned_cpus) said per side and flagged when
# it differs; a kernel command line the same on both sides printed once.
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "cmdline": "BOOT_IMAGE=\/vmlinuz ro quiet tsc=reliable", "conditions": {"cpu": 1, "pinned": true, "pinned_cpus": "1"}, /' \
	"$old" >"$tmp/pin-old.json"
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "cmdline": "BOOT_IMAGE=\/vmlinuz ro quiet tsc=reliable", "conditions": {"cpu": 0, "pinned": false, "pinned_cpus": null}, /' \
	"$new" >"$tmp/pin-new.json"
run compare "$tmp/pin-old.json" "$tmp/pin-new.json"
[ $rc -eq 0 ] && grep -Eq '^ +-d 0 -r 1, 5 runs in 1 file, pinned to CPU 1$' "$out" &&
	grep -Eq '^ +-d 0 -r 1, 5 runs in 1 file, not pinned$' "$out" &&
	grep -Eq '^differ: pinning$' "$out" &&
	grep -Fqx "Note: compare: the sides differ in the CPUs measured on (taskset, --cpu, -t): 'CPU 1' (old) and 'not pinned' (new)" "$err" &&
	[ "$(grep -c 'tsc=reliable' "$out")" -eq 1 ] &&
	grep -Eq '^ +cmdline: tsc=reliable \(3 boot and init arguments left out\)$' "$out" &&
	grep -Eq '^ +cmdline: the same as old$' "$out"
ok $? "sides pinned differently: each side's pinning, 'differ: pinning', a note; the same command line printed once"
sed 's/"cmdline": "BOOT_IMAGE=\/vmlinuz ro quiet tsc=reliable", "conditions": {"cpu": 0, "pinned": false, "pinned_cpus": null}/"cmdline": "ro tsc=unstable", "conditions": {"pinned": true, "pinned_cpus": "0-1,3"}/' \
	"$tmp/pin-new.json" >"$tmp/pin-new2.json"
run -o json compare "$tmp/pin-old.json" "$tmp/pin-new2.json"
rc_j=$rc
grep -Fq "the sides differ in the CPUs measured on (taskset, --cpu, -t): 'CPU 1' (old) and 'CPUs 0-1,3' (new)" "$out"
found=$?
run compare "$tmp/pin-old.json" "$tmp/pin-new2.json"
[ $rc_j -eq 0 ] && [ $found -eq 0 ] && [ $rc -eq 0 ] &&
	grep -Eq '^ +cmdline: tsc=reliable \(3 boot and init arguments left out\)$' "$out" &&
	grep -Eq '^ +cmdline: tsc=unstable \(1 boot and init argument left out\)$' "$out" &&
	grep -Eq '^differ: cmdline, pinning$' "$out" &&
	grep -Eq ', pinned to CPUs 0-1,3$' "$out"
ok $? "json: the pinning note; text: two command lines that differ both printed, flagged"
# The kernel's own parameters only: boot arguments (root, console, quiet,
# ...) and init's (after "--") are left out, and do not make sides differ.
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "cmdline": "BOOT_IMAGE=\/a root=\/dev\/sda1 console=ttyS0 a=\\"b c\\" -- --init-arg x", /' \
	"$old" >"$tmp/cmd-old.json"
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "cmdline": "root=UUID=1 quiet a=\\"b c\\" systemd.unit=rescue.target", /' \
	"$new" >"$tmp/cmd-new.json"
run compare "$tmp/cmd-old.json" "$tmp/cmd-new.json"
[ $rc -eq 0 ] &&
	grep -Eq '^ +cmdline: a="b c" \(5 boot and init arguments left out\)$' "$out" &&
	grep -Eq '^ +cmdline: the same as old$' "$out" && ! grep -q '^differ:.*cmdline' "$out" &&
	! grep -q 'kernel command line' "$err"
ok $? "cmdline: boot and init arguments left out, quoted values kept; sides that differ only in them do not differ"
run compare "$old" "$tmp/other.json" -- "$new"
[ $rc -eq 0 ] && grep -Fqx "Note: compare: the old files differ in kernel: '6.1.0' ('$old') and '6.2.0' ('$tmp/other.json')" "$err"
ok $? "files of one side that differ: a note naming both"
run compare "$tmp/o1.json" "$tmp/n1.json"
[ $rc -eq 0 ] && grep -Eq '^  vdso +10\.00 +12\.00 \+20\.00% +-  n/a \(N=1 a side\)$' "$out"
ok $? "one value a side: the difference of the medians, no interval, 'n/a (N=1 a side)' in the table itself"
run compare "$old" --
[ $rc -eq 2 ] && grep -q "compare needs at least one file on each side of '--'" "$err"
ok $? "compare OLD -- (nothing new): exit 2"
run compare "$tmp/o1.json" "$tmp/new-a.json"
[ $rc -eq 0 ] && grep -Eq '^  vdso +10\.00 +12\.50 .*n/a \(N=1 a side\)$' "$out"
ok $? "files that share one API and path: compared"
printf '{"tool": "vdsotest", "results": [{"api": "time", "paths": {"vdso": {"ns_per_call": {"median": 1, "stdev_pct": 0}}}}]}' >"$tmp/time-only.json"
run compare "$tmp/o1.json" "$tmp/time-only.json"
[ $rc -eq 2 ] && [ ! -s "$out" ] && grep -Fqx 'vdsotest: compare: the sides share no API and path: nothing to compare (bench the same APIs on both)' "$err"
ok $? "sides that share no API and path: exit 2 with a message (got $rc)"

# A/A and A/B on synthetic runs (deterministic): three APIs, every path,
# 5 runs a side.  A/A: the new side's runs are the old ones in another
# order plus 0.1 %: no verdict, and undecided (their spread, 1.4 %, is
# wider than 0.5 %).  A/B: the vDSO runs 5 % slower: "slower" on those
# three rows, the rest undecided.
aa_doc() { # FILE FACTOR-OF-VDSO ORDER
	awk -v f="$2" -v order="$3" 'BEGIN {
		split("clock-gettime-monotonic time getcpu", api, " ")
		split("syscall libc vdso", path, " ")
		base["syscall"] = 110; base["libc"] = 16.2; base["vdso"] = 16
		split("1.000 1.004 0.997 1.011 0.999", jit, " ")
		printf "{\"tool\": \"vdsotest\", \"results\": ["
		for (a = 1; a <= 3; a++) {
			printf "%s{\"api\": \"%s\", \"paths\": {", (a > 1 ? ", " : ""), api[a]
			for (p = 1; p <= 3; p++) {
				printf "%s\"%s\": {\"ns_per_call\": {\"median\": 1, \"stdev_pct\": 0, \"runs\": [", (p > 1 ? ", " : ""), path[p]
				for (r = 1; r <= 5; r++) {
					k = order == "rev" ? 6 - r : r
					v = base[path[p]] * a * jit[k] * (path[p] == "vdso" ? f : 1) * (order == "rev" ? 1.001 : 1)
					printf "%s%.3f", (r > 1 ? ", " : ""), v
				}
				printf "]}}"
			}
			printf "}}"
		}
		print "]}"
	}' >"$1"
}
aa_doc "$tmp/aa-old.json" 1 fwd
aa_doc "$tmp/aa-new.json" 1 rev
aa_doc "$tmp/ab-new.json" 1.05 rev
run compare "$tmp/aa-old.json" "$tmp/aa-new.json"
[ $rc -eq 0 ] && [ "$(grep -c ' undecided$' "$out")" -eq 9 ] && ! grep -Eq ' (faster|slower)$' "$out"
ok $? "A/A, 3 APIs x 3 paths, 5 runs a side: 9 rows undecided, no faster or slower"
run compare "$tmp/aa-old.json" "$tmp/ab-new.json"
[ $rc -eq 0 ] && [ "$(grep -c '^  vdso .* slower$' "$out")" -eq 3 ] && [ "$(grep -c ' undecided$' "$out")" -eq 6 ]
ok $? "A/B, the vDSO 5 % slower: its 3 rows slower, the 6 others undecided"

# An emulated CPU on a side: no verdict without --emulated-ok.
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "emulated": true, /' "$tmp/ab-new.json" >"$tmp/ab-emu.json"
run compare "$tmp/aa-old.json" "$tmp/ab-emu.json"
[ $rc -eq 0 ] && [ "$(grep -c ' n/a (emulated)$' "$out")" -eq 9 ] && grep -Eq '^ +CPU \?, EMULATED$' "$out" &&
	grep -q "the new side ran on an emulated CPU" "$err"
ok $? "an emulated side: every row n/a (emulated), the header says EMULATED, a note"
run compare --emulated-ok "$tmp/aa-old.json" "$tmp/ab-emu.json"
[ $rc -eq 0 ] && [ "$(grep -c '^  vdso .* slower$' "$out")" -eq 3 ]
ok $? "--emulated-ok: the verdicts given"
run -v compare "$old" "$new"
[ $rc -eq 0 ] && grep -Eq '^ +N 5\+5, p 0\.0079, q 0\.0159, interval at 96\.8%$' "$out"
ok $? "-v: N, p, q and the interval's confidence under each row"

# Names with a comma, a quote, a newline and an escape character: quoted
# in csv (RFC 4180), escaped in text and table, JSON strings in json.
printf '%s\n' '{"tool": "vdsotest", "results": [{"api": "a,b \"q\"\nx\u001b[2J", "paths": {"vdso": {"ns_per_call": {"median": 1, "stdev_pct": 0}}}}]}' >"$tmp/odd.json"
run -o csv compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && [ "$(sed -n 2,3p "$out")" = "$(printf '"a,b ""q""\nx\033[2J",vdso,1,1.00,1,1.00,0.00,,,,,,n/a (N=1 a side),')" ] &&
	[ "$(wc -l <"$out")" -eq 3 ]
ok $? "csv: a field with ',', '\"' and a newline is quoted, quotes doubled"
run compare "$tmp/odd.json" "$tmp/odd.json"
[ $rc -eq 0 ] && ! grep -q "$(printf '\033')" "$out" && grep -Fqx 'a,b "q"\x0ax\x1b[2J' "$out" &&
	[ "$(grep -c '^  vdso ' "$out")" -eq 1 ]
ok $? "text: control characters of a name escaped (\\xHH), one line per API and one per pair"
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
[ $rc -eq 0 ] && grep -Eq '^  vdso +10\.00 +12\.50 +- +-  failed$' "$out"
ok $? "text: a failed path gives 'failed', not a difference"
run -o csv compare "$old" "$tmp/failed.json"
[ $rc -eq 0 ] && grep -Fqx 'getcpu,vdso,5,10.00,1,10.00,,,,,,,failed,new' "$out"
ok $? "csv: a failed path: empty diff_pct and p_value, verdict failed, failed=new"
if command -v jq >/dev/null 2>&1; then
	run -o json compare "$tmp/failed.json" "$tmp/failed.json"
	[ $rc -eq 0 ] && jq -e '.results[0] | .failed == "both" and .diff_pct == null and .p == null and .verdict == "failed"' "$out" >/dev/null
	ok $? "json: a failed path: \"failed\": \"both\", diff_pct null"
else
	tap_skip "jq is not installed"
fi

# A real round trip: two runs of the tool itself, 3 runs each (every API
# of every run a process of its own).
"$VDSOTEST" -o json -d 0.002 --runs 3 all bench >"$tmp/a.json" 2>/dev/null
rc_a=$?
"$VDSOTEST" -o json -d 0.002 --runs 3 --output="$tmp/b.json" all bench 2>/dev/null
rc_b=$?
run compare "$tmp/a.json" "$tmp/b.json"
[ $rc_a -eq 0 ] && [ $rc_b -eq 0 ] && [ $rc -eq 0 ] &&
	grep -Eq '^  vdso +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +[-+][0-9]+\.[0-9]{2}% +-  n/a \(N=3 a side\)$' "$out" &&
	[ "$(grep -c '^  vdso ' "$out")" -ge 20 ] && ! grep -q '^only' "$out" &&
	grep -Eq '^ +-d 0\.002 -r 1, 3 runs in 1 file, (not pinned|pinned to CPUs? [0-9,-]+)$' "$out"
ok $? "compare of two real runs (--runs 3): a row for every API and path, n/a (N=3 a side), nothing one-sided"
if command -v jq >/dev/null 2>&1; then
	jq -e '.options.runs == 3 and ([.results[].paths[].ns_per_call | (.runs | length == 3) and .estimator == "best-slice"] | all)' \
		"$tmp/a.json" >/dev/null
	ok $? "bench --runs 3 -o json: three values per path in ns_per_call.runs, the estimator named"
else
	tap_skip "jq is not installed"
fi

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

# A tiny difference between runs with almost no spread: p is small, but
# below 0.5 % it is no verdict (quantized figures: the trial's 3.507/3.508
# made +0.02 % "slower").
cat >"$tmp/q-old.json" <<'JSON'
{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3.507, "stdev_pct": 0.01,
  "runs": [3.507, 3.507, 3.507, 3.507, 3.507, 3.507]}}}}]}
JSON
cat >"$tmp/q-new.json" <<'JSON'
{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3.508, "stdev_pct": 0.01,
  "runs": [3.508, 3.508, 3.508, 3.508, 3.508, 3.508]}}}}]}
JSON
run -o json compare "$tmp/q-old.json" "$tmp/q-new.json"
[ $rc -eq 0 ] && jq -e '.min_diff_pct == 0.5 and (.results[0] | .q < 0.05 and .diff_pct < 0.5 and
	.verdict == "no change")' "$out" >/dev/null
ok $? "q < 0.05 but +$(jq -r '.results[0].diff_pct' "$out" 2>/dev/null)%, its interval within 0.5 %: no change (got $rc)"

# The other condition: +10 % but p >= 0.05, runs that overlap widely
# (by hand, Python: 10, 14, 6, 12, 8 -> 11, 15, 7, 13, 9: U 10 of 25, p
# by enumerating the 252 splits 174/252 = 0.6905, q the same (one row);
# the 25 differences -7 .. 9, their median 1: +10 % of 10; the interval
# the 3rd and 23rd, -5 and 7, at 1 - 2 * 4/252 = 96.83 %): undecided.
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 32, "runs": [%s]}}}}]}\n' \
	10 '10, 14, 6, 12, 8' >"$tmp/wide-old.json"
printf '{"tool": "vdsotest", "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": %s, "stdev_pct": 29, "runs": [%s]}}}}]}\n' \
	11 '11, 15, 7, 13, 9' >"$tmp/wide-new.json"
run -o csv compare "$tmp/wide-old.json" "$tmp/wide-new.json"
[ $rc -eq 0 ] && [ "$(sed -n 2p "$out")" = "getcpu,vdso,5,10.00,5,11.00,10.00,-50.00,70.00,0.9683,0.690476,0.690476,undecided," ]
ok $? "+10 % but p 0.69 (5 runs a side, wide overlap): undecided, p and interval as computed by hand (got $rc)"

# The same file twice on one side would count its runs twice: exit 2.
run compare "$old" "$old" -- "$new"
[ $rc -eq 2 ] && grep -Fqx "vdsotest: compare: '$old': given twice on the old side (as '$old')" "$err"
ok $? "compare OLD OLD -- NEW: exit 2, the file given twice named (got $rc)"

# -d said in seconds; a mitigation's mode changed with the counts the same;
# one run said "1 run".
cat >"$tmp/mit-old.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "options": {"duration_ns": 100000000},
 "vulnerabilities": {"spectre_v2": "Mitigation: Retpolines", "meltdown": "Not affected"},
 "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3, "stdev_pct": 0, "runs": [3]}}}}]}
JSON
cat >"$tmp/mit-new.json" <<'JSON'
{"tool": "vdsotest", "kernel_release": "6.1.0", "options": {"duration_ns": 50000000},
 "vulnerabilities": {"spectre_v2": "Mitigation: Enhanced IBRS", "meltdown": "Not affected"},
 "results": [{"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 3, "stdev_pct": 0, "runs": [3]}}}}]}
JSON
run compare "$tmp/mit-old.json" "$tmp/mit-new.json"
[ $rc -eq 0 ] && grep -Fqx "Note: compare: the sides differ in -d: '0.1' (old) and '0.05' (new)" "$err" &&
	grep -Eq '^differ: mitigations, -d$' "$out" &&
	grep -Eq '^ +-d 0\.1 -r 1, 1 run in 1 file, pinning unknown$' "$out"
ok $? "-d in seconds in the note; a mitigation's mode changed is flagged; '1 run' (got $rc)"

# The same measurement on both sides (one file twice, or a copy): a note
# on stderr, the comparison as ever (exit 0).
cp "$old" "$tmp/copy.json"
run compare "$old" "$old"
rc1=$rc
grep -Fqx "Note: compare: '$old' (old) and '$old' (new) are the same file: the same measurement on both sides, not two" "$err"
found=$?
run compare "$old" "$tmp/copy.json"
[ $rc1 -eq 0 ] && [ $found -eq 0 ] && [ $rc -eq 0 ] &&
	grep -Fqx "Note: compare: '$old' (old) and '$tmp/copy.json' (new) have the same contents: the same measurement on both sides, not two" "$err" &&
	run compare "$old" "$new" && [ ! -s "$err" ]
ok $? "one file on both sides, or a copy: a note each, exit 0; different files none (got $rc1, $rc)"

# One-sided APIs: one line a side, wrapped at 72 columns; an API with a
# path on both sides, or a failed path, lists its one-sided paths.
{
	printf '{"tool": "vdsotest", "results": [\n'
	printf '  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 10, "stdev_pct": 0, "runs": [10]}}}}'
	for a in clock-gettime-realtime clock-gettime-monotonic clock-gettime-boottime \
		clock-gettime-tai clock-getres-realtime clock-getres-monotonic time; do
		printf ',\n  {"api": "%s", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0, "runs": [5]}}}}' "$a"
	done
	printf ',\n  {"api": "getrandom", "paths": {"vdso": {"ns_per_call": {"median": 5, "stdev_pct": 0, "runs": [5]}}, "syscall": {"error": "Invalid argument", "ns_per_call": {"median": 90, "stdev_pct": 0}}}}'
	printf '\n]}\n'
} >"$tmp/many.json"
cat >"$tmp/one.json" <<'JSON'
{"tool": "vdsotest", "results": [
  {"api": "getcpu", "paths": {"vdso": {"ns_per_call": {"median": 10, "stdev_pct": 0, "runs": [10]}}, "syscall": {"ns_per_call": {"median": 90, "stdev_pct": 0, "runs": [90]}}}}]}
JSON
run compare "$tmp/many.json" "$tmp/one.json"
[ $rc -eq 0 ] && [ "$(grep -c '^only old: ' "$out")" -eq 1 ] &&
	[ "$(grep -c '^only new: ' "$out")" -eq 1 ] &&
	grep -Fqx 'only new: getcpu (syscall)' "$out" &&
	sed -n '/^only old: /,/^only new: /p' "$out" | sed '$d' | tr '\n' ' ' | tr -s ' ' |
		grep -Fqx 'only old: clock-gettime-realtime, clock-gettime-monotonic, clock-gettime-boottime, clock-gettime-tai, clock-getres-realtime, clock-getres-monotonic, time, getrandom (vdso, syscall failed) ' &&
	"${AWK:-awk}" 'length($0) > 72 { bad = 1 } END { exit bad }' "$out"
ok $? "one-sided APIs: one wrapped line a side, the paths of a partly shared or failed API (got $rc)"

# What differs is named as on the command line.
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "options": {"duration_ns": 10000000, "repeat": 2, "size": 64, "threads": 1}, /' \
	"$old" >"$tmp/opt-old.json"
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "options": {"duration_ns": 20000000, "repeat": 3, "size": 128, "threads": 1}, /' \
	"$new" >"$tmp/opt-new.json"
run compare "$tmp/opt-old.json" "$tmp/opt-new.json"
[ $rc -eq 0 ] && grep -Eq '^differ: -d, -r, --size$' "$out"
ok $? "differ: -d, -r, --size by their option names (got $rc)"

# Sides measured differently (--net, -t; --size for getrandom) get no
# verdict; -d and -r only change how much is measured.  The A/B above
# (its vDSO rows slower) with options added to one side:
for opts in '"net": true' '"threads": 2' '"duration_ns": 20000000, "repeat": 3' '"size": 64'; do
	sed "s/^{\"tool\": \"vdsotest\", /{\"tool\": \"vdsotest\", \"options\": {$opts}, /" \
		"$tmp/ab-new.json" >"$tmp/opt-ab.json"
	run compare "$tmp/aa-old.json" "$tmp/opt-ab.json"
	case $opts in
	*net*|*threads*)
		[ $rc -eq 0 ] && [ "$(grep -c '^  vdso .* n/a (options)$' "$out")" -eq 3 ] &&
			! grep -Eq ' (faster|slower)$' "$out" ;;
	*)	# (no getrandom rows: --size changes nothing measured here)
		[ $rc -eq 0 ] && [ "$(grep -c '^  vdso .* slower$' "$out")" -eq 3 ] &&
			! grep -q 'n/a (options)' "$out" ;;
	esac
	ok $? "A/B with {$opts} on the new side: $(case $opts in *net*|*threads*) echo "n/a (options), no verdict" ;; *) echo "the verdicts as before" ;; esac) (got $rc)"
done
# (a side whose files were measured differently: pooled all the same, so
# no verdict either; the note names the files)
sed 's/^{"tool": "vdsotest", /{"tool": "vdsotest", "options": {"threads": 2}, /' \
	"$tmp/ab-new.json" >"$tmp/opt-ab.json"
run compare "$tmp/aa-old.json" -- "$tmp/ab-new.json" "$tmp/opt-ab.json"
[ $rc -eq 0 ] && [ "$(grep -c '^  vdso .* n/a (options)$' "$out")" -eq 3 ] &&
	! grep -Eq ' (faster|slower)$' "$out" && grep -q "^Note: compare: the new files differ in -t: " "$err"
ok $? "new files that differ in -t among themselves: n/a (options), a note (got $rc)"

# Long command lines that differ in one word: the note names the words.
long="mitigations=auto,no_guest_host,no_guest_guest nomodule random.trust_cpu=1 swiotlb=noforce psi=1 page_reporting.page_reporting_order=11 deferred_init=lazy"
sed "s/^{\"tool\": \"vdsotest\", /{\"tool\": \"vdsotest\", \"cmdline\": \"$long sched=15\", /" "$old" >"$tmp/long-old.json"
sed "s/^{\"tool\": \"vdsotest\", /{\"tool\": \"vdsotest\", \"cmdline\": \"$long sched=16 idle=poll\", /" "$new" >"$tmp/long-new.json"
run compare "$tmp/long-old.json" "$tmp/long-new.json"
[ $rc -eq 0 ] && grep -Eq '^differ: cmdline$' "$out" &&
	grep -Fqx "Note: compare: the sides differ in kernel command line: only old has 'sched=15', only new has 'sched=16 idle=poll'" "$err"
ok $? "command lines that differ late: the note names the words that differ (got $rc)"
sed "s/^{\"tool\": \"vdsotest\", /{\"tool\": \"vdsotest\", \"cmdline\": \"$long sched=15 extra=1\", /" "$new" >"$tmp/long-new2.json"
run compare "$tmp/long-old.json" "$tmp/long-new2.json"
[ $rc -eq 0 ] &&
	grep -Fqx "Note: compare: the sides differ in kernel command line: only new has 'extra=1'" "$err"
ok $? "a word on the new side only: 'only new has' it, nothing said of old (got $rc)"

tap_done
