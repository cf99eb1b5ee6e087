#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check-lava's verdict (tests/lava/compare.awk: what LAVA recorded
# against vdsotest's KTAP in the same console), fed records and consoles
# written here by hand: records that agree, and each way they can differ
# (a result, a case missing or extra or twice, a measurement wrong or
# missing, a plan the points do not fill, a console cut short, a TEST-TYPE
# missing, a job LAVA did not pass); CR LF line ends; a bench path with no
# calls.  Then tests/lava/lava.py log on a hand-written lava-run log,
# when python3's yaml module is there.
. "${srcdir:-.}/tests/tap-lib.sh"
compare=${srcdir:-.}/tests/lava/compare.awk
lava_py=${srcdir:-.}/tests/lava/lava.py
tap_tmpdir
TAB=$(printf '\t')

# The console of a run: bench of getcpu (three paths) and time (skipped),
# verify (time fails, with a subtest), abi; LAVA's signals in between.
console() {
	cat <<-'EOF'
	/ # /lava-1/bin/lava-test-runner /lava-1/0
	+ cd ./contrib/lava/
	+ vdsotest -o ktap -d 0.2  all bench
	Note: getcpu: 1 CPU migration during the vdso path
	KTAP version 1
	1..2
	# getcpu system calls per second:  2000000
	# getcpu libc calls per second:   4000000 (2.00x speedup)
	# getcpu vdso calls per second:   8000000 (4.00x speedup)
	ok 1 getcpu
	ok 2 time # SKIP no vDSO function
	+ exit status 0
	<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=bench-getcpu RESULT=pass>
	+ vdsotest -o ktap -d 0.2  all verify
	KTAP version 1
	1..2
	    KTAP version 1
	    1..1
	    ok 1 within the system call's readings
	ok 1 getcpu
	# time: vDSO 5 after syscall 6
	not ok 2 time
	+ exit status 1
	+ vdsotest -o ktap -d 0.2  all abi
	KTAP version 1
	1..1
	ok 1 - getcpu
	+ exit status 0
	EOF
}

# The records LAVA makes of it (lava.py's form).
records() {
	sed "s/|/$TAB/g" <<-'EOF'
	lava|validate|pass|-|-
	0_vdsotest|bench-getcpu-syscall|pass|500.0|ns
	0_vdsotest|bench-getcpu-libc|pass|250|ns
	0_vdsotest|bench-getcpu-vdso|pass|125.00|ns
	0_vdsotest|bench-getcpu|pass|-|-
	0_vdsotest|bench-time|skip|-|-
	0_vdsotest|vdsotest-bench|pass|-|-
	0_vdsotest|verify-getcpu|pass|-|-
	0_vdsotest|verify-time|fail|-|-
	0_vdsotest|vdsotest-verify|fail|-|-
	0_vdsotest|abi-getcpu|pass|-|-
	0_vdsotest|vdsotest-abi|pass|-|-
	lava|0_vdsotest|pass|-|-
	lava|job|pass|-|-
	EOF
}

# check NAME EXPECTED-STATUS PATTERN: the verdict on $tmp/results and
# $tmp/console.
check() {
	${AWK:-awk} -v arch=test -f "$compare" "$tmp/results" "$tmp/console" >"$tmp/out" 2>&1
	rc=$?
	tap_show="$tmp/out"
	[ "$rc" -eq "$2" ] && grep -Eq "$3" "$tmp/out"
	ok $? "$1"
}

console >"$tmp/console"
records >"$tmp/results"
check "records that agree: status 0" 0 '^test: LAVA.s records and the KTAP agree: PASS$'
check "the counts of LAVA's records" 0 \
	'^test: LAVA: 8 test cases \(5 pass, 1 skip, 2 fail\) and 3 measurements in ns$'
check "the counts of the KTAP" 0 \
	'^test: KTAP: bench 2 \(1 ok, 1 skip, 0 not ok\), verify 2 \(1 ok, 0 skip, 1 not ok\), abi 1 \(1 ok, 0 skip, 0 not ok\), 3 runs, 3 bench paths measured$'
check "vdsotest's own failure named" 0 "^test: vdsotest's own failures .*: verify-time$"

records | sed "s/verify-time${TAB}fail/verify-time${TAB}pass/" >"$tmp/results"
check "a result that differs" 1 '^test: verify-time: LAVA recorded pass, the KTAP says fail$'

records | grep -v abi-getcpu >"$tmp/results"
check "a case LAVA did not record" 1 '^test: abi-getcpu: not recorded by LAVA \(KTAP: pass\)$'

{ records; printf '0_vdsotest\tabi-time\tpass\t-\t-\n'; } >"$tmp/results"
check "a case the KTAP does not have" 1 '^test: abi-time: recorded by LAVA \(pass\), not in the KTAP$'

{ records; printf '0_vdsotest\tabi-getcpu\tpass\t-\t-\n'; } >"$tmp/results"
check "a case recorded twice" 1 '^test: LAVA recorded abi-getcpu more than once$'

records | sed "s/125\.00/125.02/" >"$tmp/results"
check "a measurement that is not 10^9 / the calls per second" 1 \
	"^test: bench-getcpu-vdso: LAVA's measurement 125.02 ns is not 10\^9 / the KTAP's calls per second \(125.0000 ns\)$"

records | sed "s/250${TAB}ns/-${TAB}-/" >"$tmp/results"
check "a bench path without a measurement" 1 '^test: bench-getcpu-libc: no measurement in ns'

records | sed "s/500\.0${TAB}ns/500.0${TAB}us/" >"$tmp/results"
check "a measurement in other units" 1 '^test: bench-getcpu-syscall: no measurement in ns \(LAVA: 500.0 us\)$'

records | sed "s/bench-getcpu${TAB}pass${TAB}-${TAB}-/bench-getcpu${TAB}pass${TAB}1${TAB}ns/" >"$tmp/results"
check "a measurement for a test point" 1 '^test: bench-getcpu: LAVA recorded a measurement 1 for a test point$'

records >"$tmp/results"
console | sed '/^ok 2 time/d' >"$tmp/console"
records | grep -v 'bench-time' >"$tmp/results"
check "a plan the test points do not fill" 1 '^test: bench: the KTAP plan is 1..2 but it has 1 test points$'

records >"$tmp/results"
console | sed '$d' >"$tmp/console"
check "a console cut short in the last run" 1 '^test: abi: the KTAP ends without an exit status'

console | sed '/all abi$/,$d' >"$tmp/console"
check "a TEST-TYPE missing" 1 '^test: abi: 0 runs in the console, not 1$'

console >"$tmp/console"
records | sed "s/^lava${TAB}job${TAB}pass/lava${TAB}job${TAB}fail/" >"$tmp/results"
check "a job LAVA did not pass" 1 "^test: LAVA's record of the job: fail, not pass$"

records | grep -v "^lava${TAB}0_vdsotest" >"$tmp/results"
check "no record of the test definition" 1 "^test: LAVA's record of the test definition: none, not pass$"

records >"$tmp/results"
console | sed 's/$/\r/' >"$tmp/console"
check "CR LF line ends" 0 'agree: PASS$'

console | sed 's/^# getcpu libc calls per second: .*/# getcpu libc calls per second: 0/' >"$tmp/console"
records | grep -v bench-getcpu-libc >"$tmp/results"
check "a bench path with no calls: no measurement" 0 '^test: KTAP: .* 2 bench paths measured \(1 with no calls\)$'

# lava.py log: results and target records of a hand-written log, the
# YAML tags ("! ...") of lava-run's records read as strings.
if command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null; then
	cat >"$tmp/log" <<-'EOF'
	{"dt": "2026-12-04T22:30:06.661078", "lvl": "info", "msg": "lava-dispatcher, installed at version: 2023.01"}
	{"dt": "2026-12-04T22:30:06.751953", "lvl": "results", "msg": {"case": "validate", "definition": "lava", "result": "pass"}}
	not a record
	{"dt": "2026-12-04T22:30:45.975009", "lvl": "target", "msg": "KTAP version 1\r"}
	{"dt": "2026-12-04T22:30:46.097105", "lvl": "results", "msg": {"case": "bench-getcpu-vdso", "definition": "0_vdsotest", "endtc": ! "759", "measurement": ! "49.79", "result": "pass", "starttc": ! "759", "units": "ns"}}
	{"dt": "2026-12-04T22:30:46.164345", "lvl": "target", "msg": "# it's \"quoted\""}
	EOF
	python3 "$lava_py" log "$tmp/log" "$tmp/results" "$tmp/console" 2>"$tmp/out"
	rc=$?
	tap_show="$tmp/out $tmp/results $tmp/console"
	[ $rc -eq 0 ] &&
		[ "$(cat "$tmp/results")" = "$(printf 'lava\tvalidate\tpass\t-\t-\n0_vdsotest\tbench-getcpu-vdso\tpass\t49.79\tns')" ] &&
		[ "$(cat "$tmp/console")" = "$(printf 'KTAP version 1\n# it'"'"'s "quoted"')" ]
	ok $? "lava.py log: results as DEFINITION CASE RESULT MEASUREMENT UNITS, the console's lines"

	echo "no records" >"$tmp/log"
	python3 "$lava_py" log "$tmp/log" "$tmp/results" "$tmp/console" 2>"$tmp/out"
	rc=$?
	tap_show="$tmp/out"
	[ $rc -eq 1 ] && grep -q 'no lava-run log records' "$tmp/out"
	ok $? "lava.py log: a log without records is an error"
else
	tap_skip "no python3 yaml (Debian: python3-yaml)"
	tap_skip "no python3 yaml (Debian: python3-yaml)"
fi

tap_done
