#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# SIGINT and SIGTERM stop a run cleanly: bench prints what it measured,
# verify and abi the counts so far, `all` stops after the API under way,
# and the exit status is 130 or 143.  Both ways a signal comes: to the whole
# process group (a terminal's ^C) and to vdsotest's pid only (kill PID).
# No wall-clock limits are asserted: the waits only bound a hang.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

for tool in perl pgrep ps; do
	command -v $tool >/dev/null 2>&1 || { echo "1..0 # SKIP no $tool"; exit 0; }
done

# Start vdsotest in the background in a process group of its own, with
# SIGINT, SIGTERM and SIGHUP at their default action (a shell's background
# job ignores SIGINT, nohup(1) SIGHUP).
start() {
	: >"$out"	# (now: the background job truncates it only once it runs)
	perl -e '$SIG{INT} = $SIG{TERM} = $SIG{HUP} = "DEFAULT"; setpgrp(0, 0); exec @ARGV or exit 127' \
		"$VDSOTEST" "$@" >"$out" 2>&1 &
	pid=$!
}

# Wait (up to 30 s) until $pid has a child: its handlers are then in place
# and a test is under way.
wait_child_of() {
	i=0
	while [ $i -lt 300 ] && ! pgrep -P "$1" >/dev/null 2>&1; do
		sleep 0.1
		i=$((i + 1))
	done
}

# Wait (up to 30 s) until the vdsotest process in process group $1 that
# runs a TEST-TYPE ("... all TEST-TYPE") has a child: a test is under way
# (vdsotest-all runs vdsotest a few processes down the group, its output
# held in a pipe until the end).  Not any vdsotest with a child: under
# AddressSanitizer the wrapper's `vdsotest --help` has one too while it
# exits (LeakSanitizer's tracer, a clone(2) of the process), and a signal
# sent then came before the run started (signals.sh 20 failed once so).
wait_vdsotest_child() {
	i=0
	while [ $i -lt 300 ]; do
		for p in $(pgrep -g "$1" -f -- '(^|/)vdsotest .*all [a-z]+$'); do
			pgrep -P "$p" >/dev/null 2>&1 && return
		done
		sleep 0.1
		i=$((i + 1))
	done
}

# Wait (up to 30 s) until the output has a line matching the ERE $1.
wait_output() {
	i=0
	while [ $i -lt 300 ] && ! grep -Eq -- "$1" "$out"; do
		sleep 0.1
		i=$((i + 1))
	done
}

# Wait (up to 60 s) for $pid to exit; rc = its status, or 124 after
# killing a run that hung.
finish() {
	i=0
	while [ $i -lt 600 ] && kill -0 "$pid" 2>/dev/null &&
		[ "$(ps -o stat= -p "$pid" 2>/dev/null | cut -c1)" != Z ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ $i -ge 600 ]; then
		kill -KILL "-$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		rc=124
		return
	fi
	wait "$pid"
	rc=$?
}

# Processes whose command line contains $1 (other than this script's).
count_procs() {
	c=0
	for f in /proc/[0-9]*/cmdline; do
		{ tr '\0' ' ' <"$f"; } 2>/dev/null | grep -q -- "$1" && c=$((c + 1))
	done
	echo $c
}

# ---- bench ----
start -d 100 clock-gettime-monotonic bench
wait_child_of $pid
kill -INT "-$pid"
finish
[ $rc -eq 130 ] &&
	grep -Eq '^clock-gettime-monotonic system calls per second: *[0-9]+ \(best slice\)$' "$out" &&
	grep -Eq '^clock-gettime-monotonic: bench: interrupted by SIGINT during the syscall path; the figures are of the time measured$' "$out"
ok $? "bench, SIGINT to the process group: the syscall figure so far, marked interrupted, exit 130 (got $rc)"

start -o nsec -d 100 time bench
wait_child_of $pid
kill -TERM "$pid"
finish
[ $rc -eq 143 ] && grep -Eq '^time: syscall: [0-9]+\.[0-9]{2} nsec/call \(best slice\)$' "$out" &&
	grep -q '^time: bench: interrupted by SIGTERM during the syscall path' "$out"
ok $? "bench, SIGTERM to vdsotest only: passed on to the child, exit 143 (got $rc)"

# bench --runs: SIGINT once the first measuring process has ended (a
# second one seen); the runs finished are reported, not dropped.
start --runs 50 -d 0.05 time bench
seen=
i=0
while [ $i -lt 300 ]; do
	for c in $(pgrep -P "$pid" 2>/dev/null); do
		case " $seen " in *" $c "*) ;; *) seen="$seen $c" ;; esac
	done
	set -- $seen
	[ $# -ge 2 ] && break
	sleep 0.1
	i=$((i + 1))
done
kill -INT "-$pid"
finish
[ $rc -eq 130 ] && grep -Eq '^time vdso calls per second: +[0-9]+ ' "$out" &&
	grep -Eq '^Note: interrupted by SIGINT in run ([2-9]|[1-4][0-9]) of 50: the figures are of the runs finished$' "$out" &&
	! grep -q 'lost' "$out"
ok $? "bench --runs 50, SIGINT in a later run: the runs finished reported, none lost, exit 130 (got $rc)"

# ---- SIGHUP (a terminal or ssh connection gone), with --output ----
# (FILE appears only once the results are all written: until then they go
# to a temporary file next to it)
start --output="$tmp/hup.out" -o nsec -d 100 time bench
wait_child_of $pid
[ ! -e "$tmp/hup.out" ]
absent=$?
kill -HUP "-$pid"
finish
left=$(find "$tmp" -name '.hup.out.*')
[ $rc -eq 129 ] && [ $absent -eq 0 ] && [ -z "$left" ] &&
	grep -Eq '^time: syscall: [0-9]+\.[0-9]{2} nsec/call \(best slice\)$' "$tmp/hup.out" &&
	grep -q '^time: bench: interrupted by SIGHUP during the syscall path' "$tmp/hup.out"
ok $? "bench --output, SIGHUP: FILE only at the end, with the figures so far, exit 129 (got $rc; FILE absent during the run: $absent; left: ${left:-none})"

# ---- machine formats say that the run was cut short ----
# (start_split: as start, standard error apart in $tmp/stderr)
start_split() {
	perl -e '$SIG{INT} = $SIG{TERM} = $SIG{HUP} = "DEFAULT"; setpgrp(0, 0); exec @ARGV or exit 127' \
		"$VDSOTEST" "$@" >"$out" 2>"$tmp/stderr" &
	pid=$!
}
start_split -o json -d 100 time bench
wait_child_of $pid
kill -TERM "$pid"
finish
[ $rc -eq 143 ] && grep -q '^  "interrupted": "SIGTERM"$' "$out" &&
	{ ! command -v jq >/dev/null 2>&1 ||
	  jq -e '.interrupted == "SIGTERM"' "$out" >/dev/null; }
ok $? "json, SIGTERM: \"interrupted\": \"SIGTERM\" (got $rc)"
"$VDSOTEST" -o json -d 0.001 time bench 2>/dev/null | grep -q '^  "interrupted": null$'
ok $? "json, a run not cut short: \"interrupted\": null"

start -o ktap -d 100 all verify
wait_child_of $pid
kill -INT "-$pid"
finish
[ $rc -eq 130 ] && grep -q '^not ok 1 clock-gettime-realtime # interrupted by SIGINT$' "$out" &&
	[ "$(tail -n 1 "$out")" = "Bail out! interrupted by SIGINT" ] && ! grep -q '^ok ' "$out"
ok $? "ktap, SIGINT: the API under way 'not ok # interrupted', then 'Bail out!' (got $rc)"

# (csv: the results stay a plain table; standard error says it)
start_split -o csv -d 100 time bench
wait_child_of $pid
kill -TERM "$pid"
finish
[ $rc -eq 143 ] && ! grep -q interrupted "$out" &&
	grep -q '^time: bench: interrupted by SIGTERM during the syscall path' "$tmp/stderr"
ok $? "csv, SIGTERM: said on standard error, not in the table (got $rc)"

# ---- ^Z: time stopped does not count against the watchdog ----
# (its limit is the run's duration plus 10 s: a group stopped for 11 s in a
# 0.5 s verify would otherwise have its child killed on SIGCONT)
start -d 0.5 getcpu verify
wait_child_of $pid
kill -STOP "-$pid"
sleep 11
kill -CONT "-$pid"
finish
[ $rc -eq 0 ] && ! grep -q 'no result' "$out"
ok $? "verify stopped (SIGSTOP to the group) for 11 s, then continued: passes, not killed (got $rc)"

# The same once vdsotest surely waits for its child in sigtimedwait()
# (musl's retries after EINTR: the signal must end the wait itself).
start -o nsec -d 100 time bench
wait_child_of $pid
sleep 0.5
t0=$(date +%s)
kill -TERM "$pid"
finish
t=$(($(date +%s) - t0))
[ $rc -eq 143 ] && [ $t -le 6 ] && grep -q '^time: bench: interrupted by SIGTERM' "$out"
ok $? "bench, SIGTERM while vdsotest waits for its child: passed on at once, exit 143 (got $rc after ${t} s)"

# ---- verify ----
if [ -n "$FAKE_VDSO" ]; then
	VDSOTEST_FAKE_BUG=getcpu-wrong-node
	export VDSOTEST_FAKE_BUG
	start --vdso-lib="$FAKE_VDSO" -f 1000000 -d 100 getcpu verify
	wait_output "says node"
	kill -TERM "$pid"
	finish
	unset VDSOTEST_FAKE_BUG
	[ $rc -eq 143 ] && grep -q "says node" "$out" &&
		grep -Eq '^getcpu: verify: interrupted by SIGTERM after [1-9][0-9]* checks, [1-9][0-9]* failures$' "$out"
	ok $? "verify, SIGTERM to vdsotest only: the failure count so far, exit 143 (got $rc)"
else
	tap_skip_fake 1
fi

api_count=$("$VDSOTEST" list-apis | wc -l | tr -d " ")
start -d 100 all verify
wait_child_of $pid
kill -INT "-$pid"
finish
[ $rc -eq 130 ] &&
	grep -Eq '^clock-gettime-realtime: verify: interrupted by SIGINT after [0-9]+ checks, 0 failures$' "$out" &&
	grep -q "^Note: interrupted by SIGINT: 1 of $api_count APIs run\$" "$out" &&
	! grep -q '^clock-gettime-monotonic' "$out"
ok $? "all verify, SIGINT to the process group: stops after the first API, exit 130 (got $rc)"

# A clock with a time-namespace part: SIGINT in the main part, the
# namespace part never starts and says nothing (no note, no checks).
start -d 100 clock-gettime-monotonic verify
wait_child_of $pid
kill -INT "-$pid"
finish
[ $rc -eq 130 ] &&
	grep -Eq '^clock-gettime-monotonic: verify: interrupted by SIGINT after [0-9]+ checks, 0 failures$' "$out" &&
	! grep -qi 'time namespace' "$out"
ok $? "verify, SIGINT in the main part: no time-namespace line after it, exit 130 (got $rc)"

# ---- the progress line on a terminal is erased ----
if command -v script >/dev/null 2>&1; then
	cmd="$VDSOTEST -d 99.25 all verify"
	script -qfec "$cmd" /dev/null >"$out" 2>&1 &
	spid=$!
	i=0
	while [ $i -lt 300 ] && ! pid=$(pgrep -o -xf "$cmd"); do
		sleep 0.1
		i=$((i + 1))
	done
	wait_child_of "$pid"
	kill -TERM "$pid"
	pid=$spid
	finish
	# (ESC as E, no CR: "<progress>E[K<result line>" means erased first)
	tr -d '\r' <"$out" | tr '\033' E >"$tmp/tty"
	grep -q "^E\\[K\\[1/$api_count\\] clock-gettime-realtime verifyE\\[Kclock-gettime-realtime: verify: interrupted by SIGTERM" "$tmp/tty" &&
		! grep -q "\\[2/$api_count\\]" "$tmp/tty" && grep -q "E\\[KNote: interrupted by SIGTERM: 1 of $api_count APIs run\$" "$tmp/tty"
	ok $? "all verify on a terminal, SIGTERM: the progress line is erased before the results"
else
	tap_skip "no script(1) for a terminal"
fi

if [ -n "$FAKE_VDSO" ]; then
	# ---- abi: a case that never returns (time-hang), cut short ----
	VDSOTEST_FAKE_BUG=time-hang
	export VDSOTEST_FAKE_BUG
	start --vdso-lib="$FAKE_VDSO" time abi
	wait_child_of $pid
	kill -INT "-$pid"
	finish
	[ $rc -eq 130 ] && ! grep -q FAIL "$out" &&
		grep -Eq '^time: abi: interrupted by SIGINT after [0-9]+ cases, 0 failures$' "$out"
	ok $? "abi, SIGINT to the process group: the case cut short is not judged, exit 130 (got $rc)"

	start --vdso-lib="$FAKE_VDSO" time abi
	wait_child_of $pid
	kill -TERM "$pid"
	finish
	[ $rc -eq 143 ] && ! grep -q FAIL "$out" &&
		grep -Eq '^time: abi: interrupted by SIGTERM after 0 cases, 0 failures$' "$out"
	ok $? "abi, SIGTERM to vdsotest only: passed on to the case under way, not judged, exit 143 (got $rc)"

	marker="--vdso-lib=$FAKE_VDSO -v time abi"
	# shellcheck disable=SC2086
	start $marker
	wait_child_of $pid
	kill -KILL "$pid"
	finish
	sleep 0.5
	left=$(count_procs "$marker")
	[ "$left" -eq 0 ]
	ok $? "abi, vdsotest killed with SIGKILL: no case child outlives it ($left left)"
	unset VDSOTEST_FAKE_BUG
else
	tap_skip_fake 3
fi

# ---- a caller that ignores SIGINT (nohup, background jobs) ----
# (the output may hold notes, such as a time namespace not permitted to a
# user other than root, but nothing else: no interruption)
perl -e '$SIG{INT} = "IGNORE"; exec @ARGV or exit 127' \
	"$VDSOTEST" -d 0.3 clock-gettime-monotonic verify >"$out" 2>"$tmp/ignored.err" &
pid=$!
wait_child_of $pid
kill -INT "$pid"
finish
[ $rc -eq 0 ] && ! grep -hv '^Note: ' "$out" "$tmp/ignored.err" | grep -q .
ok $? "SIGINT ignored by the caller stays ignored: the run completes, exit 0 (got $rc)"

# ---- compare waiting on a FIFO: a signal ends it at once ----
mkfifo "$tmp/fifo.json"
start compare "$tmp/fifo.json" "$tmp/fifo.json"
sleep 0.2
kill -TERM "$pid"
finish
[ $rc -eq 143 ]
ok $? "compare blocked on a FIFO: SIGTERM ends it (got $rc)"

# ---- vdsotest-all -o ktap: the nested document survives a signal ----
# A ^C or a kselftest timeout signals the whole process group: the results
# so far, vdsotest's "Bail out!" and the TEST-TYPE's result line must all
# still come out (the indenting awk once died first and lost them).  The
# signal comes once the first API's child runs.  (Waiting for the plan
# line instead saw the previous run's in $out, not yet truncated by the
# background job, under load: SIGTERM then came before the first API,
# '0 of 42 APIs run', no 'not ok 1 API # interrupted'; and vdsotest's own
# plan, held in the pipe's buffer, never showed before the end.)
if [ -n "${VDSOTEST_ALL:-}" ]; then
	for sig in INT TERM; do
		: >"$out"
		perl -e '$SIG{INT} = $SIG{TERM} = $SIG{HUP} = "DEFAULT"; setpgrp(0, 0); exec @ARGV or exit 127' \
			"$VDSOTEST_ALL" -o ktap -d 100 >"$out" 2>/dev/null &
		pid=$!
		wait_vdsotest_child "$pid"
		kill -$sig "-$pid"
		finish
		want=130
		[ $sig = TERM ] && want=143
		[ $rc -eq $want ] && [ "$(tail -n 1 "$out")" = "not ok 1 bench" ] &&
			grep -q "^    Bail out! interrupted by SIG$sig\$" "$out" &&
			grep -Eq "^    not ok 1 [a-z0-9-]+ # interrupted by SIG$sig\$" "$out" &&
			[ "$(head -n 3 "$out")" = "$(printf 'KTAP version 1\n1..3\n    KTAP version 1')" ]
		r=$?
		ok $r "vdsotest-all -o ktap, SIG$sig to the process group: the API under way, Bail out! and 'not ok 1 bench' all written, exit $want (got $rc)"
		[ $r -eq 0 ] || { echo "# $(wc -l <"$out") lines, the last 4:"; tail -n 4 "$out" | sed 's/^/#   /'; }
	done
else
	tap_skip "no VDSOTEST_ALL"
	tap_skip "no VDSOTEST_ALL"
fi

tap_done
