#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The LAVA test definition (contrib/lava/vdsotest.yaml and its script
# vdsotest-lava.sh) against a stand-in lava-test-case on PATH that records
# its arguments: the calls of a passing run, a failing API, an unsupported
# API, an API whose call crashes and a vdsotest that crashes itself; the
# YAML parses (python3 yaml) and its steps run as LAVA runs them.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"
srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/tap-lib.sh"
tap_tmpdir
script=$srcdir/contrib/lava/vdsotest-lava.sh

mkdir "$tmp/bin"
calls=$tmp/calls
cat >"$tmp/bin/lava-test-case" <<EOF
#!/bin/sh
echo "\$*" >>"$calls"
EOF
chmod +x "$tmp/bin/lava-test-case"
tap_show="$calls $out $err"

# lava ARG...: the script with ARG..., the stand-in first on PATH; the
# calls it made in $calls, its output in $out and $err, its status in $rc.
lava() {
	: >"$calls"
	PATH="$tmp/bin:$PATH" sh "$script" "$@" >"$out" 2>"$err"
	rc=$?
}
# calls_are LINE...: exactly these calls were made, in any order.
calls_are() {
	[ "$(sort "$calls")" = "$(printf '%s\n' "$@" | sort)" ]
}
num='[0-9]+\.[0-9]{2}'

# A passing run: one call per test point and per run, three measurements.
VDSOTEST=$VDSOTEST lava -a getcpu -d 0.01
grep -Ev "^bench-getcpu-(syscall|libc|vdso) --result pass --measurement $num --units ns$" "$calls" >"$tmp/rest"
[ $rc -eq 0 ] && [ "$(grep -c -- '--measurement' "$calls")" -eq 3 ] &&
	[ "$(grep -c '^bench-getcpu-vdso ' "$calls")" -eq 1 ] &&
	! grep -q -- '--measurement 0\.00 ' "$calls" &&
	[ "$(sort "$tmp/rest")" = "$(printf '%s\n' 'abi-getcpu --result pass' \
		'bench-getcpu --result pass' 'verify-getcpu --result pass' \
		'vdsotest-abi --result pass' 'vdsotest-bench --result pass' \
		'vdsotest-verify --result pass' | sort)" ] &&
	grep -q '^ok 1 getcpu$' "$out"
ok $? "passing getcpu: a pass per TEST-TYPE and run, 3 bench measurements in ns, the KTAP in the log"

# The measurement is 10^9 / the calls per second of the KTAP line.
rate=$(sed -n 's/^# getcpu vdso calls per second: *\([0-9]*\).*/\1/p' "$out")
ns=$(sed -n "s/^bench-getcpu-vdso --result pass --measurement \([0-9.]*\) --units ns$/\1/p" "$calls")
[ -n "$rate" ] && [ -n "$ns" ] &&
	"${AWK:-awk}" -v r="$rate" -v n="$ns" 'BEGIN { d = n - 1e9 / r; exit !(d < 0.006 && d > -0.006) }'
ok $? "bench-getcpu-vdso's measurement $ns ns is 10^9 / $rate calls per second"

# With -t 2 the KTAP line counts both threads' calls: a call takes twice
# 10^9 / that rate (also with SKIP_INSTALL in Linaro's spelling, True).
if [ "$(nproc)" -ge 2 ]; then
	VDSOTEST=$VDSOTEST lava -a getcpu -d 0.01 -t bench -s True -- -t 2
	rate=$(sed -n 's/^# getcpu vdso calls per second: *\([0-9]*\).*/\1/p' "$out")
	ns=$(sed -n "s/^bench-getcpu-vdso --result pass --measurement \([0-9.]*\) --units ns$/\1/p" "$calls")
	[ $rc -eq 0 ] && [ -n "$rate" ] && [ -n "$ns" ] &&
		"${AWK:-awk}" -v r="$rate" -v n="$ns" 'BEGIN { d = n - 2e9 / r; exit !(d < 0.006 && d > -0.006) }'
	ok $? "-t 2: bench-getcpu-vdso's measurement $ns ns is 2 * 10^9 / $rate calls per second (got $rc)"
else
	tap_skip "-t 2 needs two CPUs"
fi

# Every API: one call per test point.
VDSOTEST=$VDSOTEST lava -t abi
apis=$("$VDSOTEST" list-apis | wc -l)
[ $rc -eq 0 ] && [ "$(grep -c '^abi-' "$calls")" -eq "$apis" ] &&
	[ "$(wc -l <"$calls")" -eq $((apis + 1)) ] &&
	grep -qx 'abi-clock-gettime-monotonic --result pass' "$calls" &&
	grep -qx 'vdsotest-abi --result pass' "$calls"
ok $? "all abi: one call per API of list-apis ($apis) and one for the run"

# An unsupported API: skip.
VDSOTEST=$VDSOTEST lava -t abi -a getcpu -- --vdso-lib=none
[ $rc -eq 0 ] && calls_are 'abi-getcpu --result skip' 'vdsotest-abi --result skip'
ok $? "an API that cannot be tested (abi without the vDSO function): skip"

if [ -n "$FAKE_VDSO" ]; then
	# A failing API: fail, its messages in the log.
	VDSOTEST=$VDSOTEST VDSOTEST_FAKE_BUG=gettime-backwards lava -t "verify abi" \
		-a clock-gettime-monotonic -d 0.05 -- --vdso-lib="$FAKE_VDSO" -f 1
	[ $rc -eq 0 ] && calls_are 'verify-clock-gettime-monotonic --result fail' \
		'vdsotest-verify --result fail' 'abi-clock-gettime-monotonic --result pass' \
		'vdsotest-abi --result pass' && grep -q '^# clock-gettime-monotonic: vDSO .* ns backwards$' "$out"
	ok $? "a failing verify: fail, the failure in the log"

	# A bench path whose call fails: measured (the error path), but its
	# measurement fails with its API.
	VDSOTEST=$VDSOTEST VDSOTEST_FAKE_BUG=gettime-error lava -t bench \
		-a clock-gettime-monotonic -d 0.01 -- --vdso-lib="$FAKE_VDSO"
	[ $rc -eq 0 ] && grep -Eqx "bench-clock-gettime-monotonic-vdso --result fail --measurement $num --units ns" "$calls" &&
		grep -qx 'bench-clock-gettime-monotonic --result fail' "$calls" &&
		! grep -q -- '--result pass' "$calls"
	ok $? "a failing bench call: its measurement and its API fail (got $rc)"

	# An API whose call crashes: fail, and no measurement.
	VDSOTEST=$VDSOTEST VDSOTEST_FAKE_BUG=time-null-crash lava -t "bench verify" -a time \
		-d 0.01 -- --vdso-lib="$FAKE_VDSO"
	[ $rc -eq 0 ] && calls_are 'bench-time --result fail' 'vdsotest-bench --result fail' \
		'verify-time --result fail' 'vdsotest-verify --result fail' &&
		grep -q 'killed by signal 11' "$out"
	ok $? "a crashing call: bench and verify fail, no measurement, the signal in the log"
else
	tap_skip_fake 2
fi

# vdsotest itself killed half-way: the points it gave, and the run fails.
cat >"$tmp/crasher" <<'EOF'
#!/bin/sh
printf 'KTAP version 1\n1..3\nok 1 clock-gettime-realtime\n'
kill -SEGV $$
EOF
chmod +x "$tmp/crasher"
VDSOTEST=$tmp/crasher lava -t verify
[ $rc -eq 0 ] && calls_are 'verify-clock-gettime-realtime --result pass' 'vdsotest-verify --result fail' &&
	grep -q '^+ exit status 139$' "$out"
ok $? "vdsotest killed by SIGSEGV after 1 of 3 points: that point passes, the run fails"

# Without lava-test-case: the results printed.
VDSOTEST=$VDSOTEST sh "$script" -t verify -a getcpu -d 0.01 >"$out" 2>"$err"
[ $? -eq 0 ] && grep -qx 'verify-getcpu pass' "$out" && grep -qx 'vdsotest-verify pass' "$out"
ok $? "without lava-test-case: 'NAME RESULT' lines on standard output"

VDSOTEST=$VDSOTEST lava -s maybe
[ $rc -eq 2 ] && [ ! -s "$calls" ] && grep -q '^usage: ' "$err"
ok $? "a bad -s value: usage, exit 2, no call"

# The YAML: it parses, has the test-definitions fields, and its steps run
# as LAVA runs them (its params as shell variables, from the top of the
# tree), here with a shorter duration and one API.
if command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null; then
	python3 - "$srcdir/contrib/lava/vdsotest.yaml" >"$tmp/steps.sh" 2>"$err" <<'EOF'
import shlex, sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
assert d["metadata"]["format"] == "Lava-Test Test Definition 1.0"
for key in ("name", "description", "maintainer", "os", "scope", "devices"):
    assert d["metadata"][key], key
params = dict(d["params"], DURATION="0.01", API="getcpu")
for k, v in params.items():
    print("%s=%s" % (k, shlex.quote(str(v))))
print("set -e")
for step in d["run"]["steps"]:
    print(step)
EOF
	[ $? -eq 0 ]
	ok $? "vdsotest.yaml parses (python3 yaml) with the test-definitions metadata"
	: >"$calls"
	(cd "$srcdir" && VDSOTEST=$VDSOTEST PATH="$tmp/bin:$PATH" sh "$tmp/steps.sh") >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ "$(grep -c -- '--measurement' "$calls")" -eq 3 ] &&
		grep -qx 'verify-getcpu --result pass' "$calls" && grep -qx 'vdsotest-abi --result pass' "$calls"
	ok $? "vdsotest.yaml's steps run the script with its params"
else
	tap_skip "no python3 yaml (Debian: python3-yaml)"
	tap_skip "no python3 yaml (Debian: python3-yaml)"
fi

tap_done
