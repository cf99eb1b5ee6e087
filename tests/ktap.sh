#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# KTAP's nested tests (issue #15): each verify check and each abi case is a
# subtest of its API, "ok N NAME" in a document of its own indented by 4
# spaces, before the API's result line.  The structure is checked by
# tests/ktap-structure.awk (version line, plan = results, numbering, the
# parent names its subtest and fails with it), which is first shown
# broken documents it must refuse; the kernel's parser and prove read the
# same documents in ktap-consumers.sh.  Fake-vDSO bugs make exactly the
# named check or case 'not ok'.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${VDSOTEST_ALL:?set by make check}" "${FAKE_VDSO?}"

top=${srcdir:-$(dirname "$0")/..}
. "$top/tests/tap-lib.sh"
tap_tmpdir

# structure FILE: the checker's verdict on FILE (its faults in $tmp/faults).
structure() {
	"${AWK:-awk}" -f "$top/tests/ktap-structure.awk" "$1" >"$tmp/faults" 2>&1
}

# ---- the checker refuses what is not nested KTAP ----
bad() {
	printf "$2" >"$tmp/bad"
	! structure "$tmp/bad"
	ok $? "ktap-structure.awk refuses $1"
}
bad "a subtest plan that counts more results than there are" \
	'KTAP version 1\n1..1\n    KTAP version 1\n    1..3\n    ok 1 a\n    ok 2 b\nok 1 x\n'
bad "a subtest without its version line" 'KTAP version 1\n1..1\n    1..1\n    ok 1 a\nok 1 x\n'
bad "an indentation of 2 spaces" 'KTAP version 1\n1..1\n  KTAP version 1\n  1..1\n  ok 1 a\nok 1 x\n'
bad "an 'ok' parent of a failing subtest" \
	'KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    not ok 1 a\nok 1 x\n'
bad "a subtest named for another parent" \
	'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: y\n    1..1\n    ok 1 a\nok 1 x\n'
bad "results numbered out of order" \
	'KTAP version 1\n1..2\n    KTAP version 1\n    1..1\n    ok 1 a\nok 2 x\nok 1 y\n'
printf 'KTAP version 1\n1..2\n    KTAP version 1\n    # Subtest: x\n    1..1\n    not ok 1 a\n    # why\nnot ok 1 x\nok 2 y # SKIP\n' >"$tmp/good"
structure "$tmp/good"
ok $? "ktap-structure.awk accepts a failing subtest under a failing parent"

# subtests FILE API: the result lines of API's subtest in FILE, unindented.
subtests() {
	"${AWK:-awk}" -v api="$2" '
		$0 == "    # Subtest: " api { on = 1; next }
		on && /^    (not )?ok / { sub(/^    /, ""); print; next }
		on && !/^    / { exit }' "$1"
}

# ---- verify: a subtest per check ----
run -o ktap -d 0.01 all verify
structure "$out" && [ $rc -eq 0 ] && grep -qx 'depth 1' "$tmp/faults"
ok $? "all verify: nested KTAP by the checker ($(head -n 1 "$tmp/faults"))"
# every API that ran (not SKIP) has a subtest, and no other has one
ran=$(grep -Ec '^ok [0-9]+ [a-z0-9-]+( # XFAIL [0-9a-f]{12}: .*)?$' "$out") # (XFAIL: a known kernel bug)
[ "$(grep -c '^    # Subtest: ' "$out")" -eq "$ran" ] && [ "$ran" -gt 0 ] &&
	! "${AWK:-awk}" '/^    # Subtest: / { s = $3 } /^ok [0-9]+ .* # SKIP/ && $3 == s { bad = 1 } END { exit !bad }' "$out"
ok $? "all verify: one subtest for each of the $ran APIs that ran, none for a skipped one"
subtests "$out" getcpu >"$tmp/getcpu"
[ -s "$tmp/getcpu" ] && ! grep -qv '^ok [0-9]* [^#]* # checked [1-9][0-9]* times\{0,1\}$' "$tmp/getcpu"
ok $? "getcpu's checks: 'ok N NAME # checked M times', M at least 1"

# The -v text form: the same checks, one line each; none without -v.
run -v -d 0.01 getcpu verify
grep '^getcpu: verify: check "' "$out" | sed 's/^getcpu: verify: check "\(.*\)" [0-9]* times*: OK$/\1/' >"$tmp/text"
sed 's/^ok [0-9]* \(.*\) # checked .*/\1/' "$tmp/getcpu" >"$tmp/ktap"
[ $rc -eq 0 ] && [ -s "$tmp/text" ] && cmp -s "$tmp/text" "$tmp/ktap"
ok $? "-v text: a line 'check \"NAME\" N times: OK' for each check KTAP names, in its order"
run -d 0.01 getcpu verify
[ $rc -eq 0 ] && ! grep -q 'check "' "$out"
ok $? "text without -v: no check lines"

# Threads (-t 2: the cross-CPU phase) and the time namespace (a child
# process): their tallies reach the API's subtest.
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
	run -o ktap -t 2 -d 0.02 clock-gettime-monotonic verify
	subtests "$out" clock-gettime-monotonic >"$tmp/sub"
	[ $rc -eq 0 ] && grep -q '^ok [0-9]* cross-CPU: not behind the reading on another CPU # checked' "$tmp/sub" &&
		grep -q '^ok [0-9]* returns 0 # checked' "$tmp/sub" && structure "$out"
	ok $? "-t 2: the cross-CPU checks of the threads are subtests"
else
	tap_skip "one CPU online: no cross-CPU phase"
fi
run -o ktap -d 0.02 clock-gettime-monotonic verify
if grep -q 'time namespace not tested' "$out" "$err"; then
	tap_skip "time namespace not available here: $(grep -h 'time namespace not tested' "$out" "$err" | head -n 1)"
else
	subtests "$out" clock-gettime-monotonic >"$tmp/sub"
	[ $rc -eq 0 ] && grep -q '^ok [0-9]* time namespace +1000 s: within the system call.s readings # checked [1-9]' "$tmp/sub" &&
		grep -q '^ok [0-9]* time namespace +1000 s: readings offset by +1000 s # checked 2 times$' "$tmp/sub"
	ok $? "the time namespace part's checks (a child process) are subtests of their own names"
fi

# ---- abi: a subtest per case ----
run -o ktap all abi
structure "$out" && [ $rc -eq 0 ]
ok $? "all abi: nested KTAP by the checker ($(head -n 1 "$tmp/faults"))"
run -o ktap getcpu abi
subtests "$out" getcpu >"$tmp/ktap"
"$VDSOTEST" -v getcpu abi 2>/dev/null |
	sed -n 's/^getcpu: abi: \(.*\): vDSO .*: OK$/ok \1/p; s/^getcpu: abi: \(stack use of the vDSO function\): .*: OK$/ok \1/p' >"$tmp/text"
sed 's/^ok [0-9]* /ok /' "$tmp/ktap" >"$tmp/ktap-names"
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/ktap")" -ge 2 ] && cmp -s "$tmp/text" "$tmp/ktap-names" &&
	grep -qx "    1\.\.$(wc -l <"$tmp/ktap" | tr -d ' ')" "$out" && ! grep -q '^# getcpu: abi:' "$out"
ok $? "getcpu abi: a subtest per case that -v text lists, named by the call, plan = cases ($(wc -l <"$tmp/ktap" | tr -d ' '))"
run -v -o ktap getcpu abi
[ $rc -eq 0 ] && [ "$(grep -c '^    # getcpu: abi: .*: OK$' "$out")" -eq "$(wc -l <"$tmp/ktap")" ] && structure "$out"
ok $? "-v: each case's details as a diagnostic under its result"

# ---- fake-vDSO bugs: the named check or case, and the API, 'not ok' ----
if [ -n "$FAKE_VDSO" ]; then
	# only_failing FILE API NAME: NAME is API's one 'not ok' subtest, the API 'not ok'
	only_failing() {
		subtests "$1" "$2" | grep '^not ok' | sed 's/^not ok [0-9]* //; s/ # .*//' >"$tmp/failing"
		[ "$(cat "$tmp/failing")" = "$3" ] && grep -q "^not ok [0-9]* $2\$" "$1" && structure "$1"
	}
	VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap -d 0.05 \
		clock-gettime-monotonic verify >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 1 ] && only_failing "$out" clock-gettime-monotonic "within the system call's readings" &&
		grep -q "^    not ok [0-9]* within the system call's readings # failed [1-9][0-9]* of [1-9][0-9]* times\$" "$out" &&
		grep -q '^    ok [0-9]* returns 0 # checked' "$out"
	ok $? "gettime-backwards: 'within the system call's readings' the one failing check ($(cat "$tmp/failing" | tr '\n' '|'))"
	VDSOTEST_FAKE_BUG=getcpu-wrong-cpu "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap -d 0.05 \
		getcpu verify >"$out" 2>"$err"
	rc=$?
	# (on a machine with one CPU allowed, CPU ^ 1 is outside the affinity mask too)
	[ $rc -eq 1 ] && { only_failing "$out" getcpu "pinned: the CPU pinned to" ||
		only_failing "$out" getcpu "$(printf 'CPU in the affinity mask\npinned: the CPU pinned to')"; }
	ok $? "getcpu-wrong-cpu: 'pinned: the CPU pinned to' the failing check ($(cat "$tmp/failing" | tr '\n' '|'))"
	VDSOTEST_FAKE_BUG=time-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap time abi >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 1 ] && subtests "$out" time | grep -qx 'not ok [0-9]* time(NULL)' &&
		grep -q '^    # time: abi: time(NULL): vDSO SIGSEGV, .*: FAIL$' "$out" &&
		subtests "$out" time | grep -qx 'ok [0-9]* time(&buf)' && grep -qx 'not ok 1 time' "$out" &&
		structure "$out"
	ok $? "time-null-crash: the case time(NULL) 'not ok' with its details under it, time(&buf) 'ok', the API 'not ok'"
else
	tap_skip_fake 3
fi

# ---- vdsotest-all: one document, three levels ----
VDSOTEST="$VDSOTEST" "$VDSOTEST_ALL" -o ktap -d 0.002 >"$out" 2>"$err"
rc=$?
structure "$out" && grep -qx 'depth 2' "$tmp/faults" && [ $rc -eq 0 ] &&
	[ "$(grep -c 'KTAP version 1$' "$out")" -gt 3 ] && [ "$(grep -c '^KTAP version 1$' "$out")" -eq 1 ]
ok $? "vdsotest-all -o ktap: one document, TEST-TYPE > API > check or case ($(head -n 1 "$tmp/faults"))"
if command -v prove >/dev/null 2>&1; then
	prove -e cat "$out" >"$err" 2>&1 && grep -q 'Tests=3,' "$err"
	ok $? "prove accepts it: 3 tests"
else
	tap_skip "no prove (perl)"
fi

tap_done
