#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# verify --perturb on the machine running the tests: only its refusals and
# its option handling, never a perturbation.  Every run here either lacks
# the privilege (an unprivileged user through setpriv, a new user namespace
# through unshare -U), has VDSOTEST_NO_PERTURB set, or is a --dry-run.
# The perturbations themselves run only inside the qemu guests of
# tests/bringup/.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"

tap_tmpdir
# Whatever the caller's environment: refused unless a test lifts it for a
# run that cannot change the clock.
VDSOTEST_NO_PERTURB=1
export VDSOTEST_NO_PERTURB

# run_without_forbid COMMAND...: COMMAND (vdsotest under a wrapper) without
# VDSOTEST_NO_PERTURB (the wrapper takes the privilege away), into $out, $err, $rc.
run_without_forbid() {
	env -u VDSOTEST_NO_PERTURB "$@" >"$out" 2>"$err"
	rc=$?
}

# one_line_refusal REGEX: exit 2, nothing on stdout, one line on stderr.
one_line_refusal() {
	[ "$rc" -eq 2 ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Eq -- "$1" "$err"
}

refused='^vdsotest: --perturb refused: '
why='\(it changes the system clock: CAP_SYS_TIME in the initial user namespace needed'

# 1. The environment variable forbids it, whatever the privileges.
run --perturb=freq -d 0.01 clock-gettime-monotonic-coarse verify
one_line_refusal "${refused}VDSOTEST_NO_PERTURB is set in the environment $why"
ok $? "VDSOTEST_NO_PERTURB: exit 2 (got $rc), one line saying so"
run --perturb=all --dry-run all verify
one_line_refusal "${refused}VDSOTEST_NO_PERTURB is set"
ok $? "VDSOTEST_NO_PERTURB: --dry-run refuses too (got $rc)"

# 2. An unprivileged user: no CAP_SYS_TIME.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
elif [ "$(id -u)" -ne 0 ]; then
	nobody=""	# we are unprivileged already
else
	nobody=none
fi
if [ "$nobody" = none ]; then
	tap_skip "root without setpriv(1): no unprivileged user to run as"
	tap_skip "root without setpriv(1)"
else
	# shellcheck disable=SC2086
	run_without_forbid $nobody "$VDSOTEST" --perturb=freq -d 30 clock-gettime-monotonic-coarse verify
	one_line_refusal "${refused}this process lacks CAP_SYS_TIME $why"
	ok $? "unprivileged: exit 2 (got $rc) before running, one line naming CAP_SYS_TIME"
	# shellcheck disable=SC2086
	run_without_forbid $nobody "$VDSOTEST" --perturb=all --dry-run all verify
	one_line_refusal "${refused}this process lacks CAP_SYS_TIME"
	ok $? "unprivileged: --dry-run refuses the same way (got $rc)"
fi

# 3. A new user namespace: every capability there, none over the clock.
if unshare -U true 2>/dev/null; then
	# (unmapped there, our uid is not 0: execve(2) clears the capabilities)
	run_without_forbid unshare -U "$VDSOTEST" --perturb=step -d 30 clock-gettime-realtime verify
	one_line_refusal "${refused}(this process lacks CAP_SYS_TIME|this process is in a user namespace)"
	ok $? "user namespace (unshare -U): exit 2 (got $rc), one line saying why"
	run_without_forbid unshare -Ur "$VDSOTEST" --perturb=freq,step --dry-run time verify
	one_line_refusal "${refused}this process is in a user namespace"
	ok $? "user namespace as its root (unshare -Ur): --dry-run refuses too (got $rc)"
else
	tap_skip "unshare -U not permitted here"
	tap_skip "unshare -U not permitted here"
fi

# 3b. A machine that is no guest (VDSOTEST_ASSUME_HOST: as on a workstation;
# only --dry-run, which changes nothing whatever the outcome): refused
# without --allow-host-perturb, naming it; before the privilege checks
# pass, those are what is said.
if [ "$(id -u)" -eq 0 ] && [ "$(stat -L -c %i /proc/self/ns/user 2>/dev/null)" = 4026531837 ]; then
	run_without_forbid env VDSOTEST_ASSUME_HOST=1 "$VDSOTEST" --perturb=freq --dry-run -d 30 clock-gettime-monotonic-coarse verify
	one_line_refusal "${refused}this machine shows no hypervisor and is not the bring-up initramfs, .*; add --allow-host-perturb if it may be disturbed\$"
	ok $? "no guest: --perturb refused without --allow-host-perturb, exit 2 (got $rc), one line naming it"
	run_without_forbid env VDSOTEST_ASSUME_HOST=1 "$VDSOTEST" --perturb=freq --allow-host-perturb --dry-run -d 30 clock-gettime-monotonic-coarse verify
	[ "$rc" -eq 0 ] && [ ! -s "$err" ] && grep -q '^perturb: freq: ' "$out"
	ok $? "no guest, --allow-host-perturb: --dry-run goes on, exit 0 (got $rc)"
else
	tap_skip "not root in the initial user namespace: the privilege check refuses first"
	tap_skip "not root in the initial user namespace"
fi
run --perturb=freq --allow-host-perturb -d 0.01 clock-gettime-monotonic-coarse verify
one_line_refusal "${refused}VDSOTEST_NO_PERTURB is set in the environment"
ok $? "--allow-host-perturb does not lift VDSOTEST_NO_PERTURB: exit 2 (got $rc)"
if [ -n "$nobody" ] && [ "$nobody" != none ]; then
	# shellcheck disable=SC2086
	run_without_forbid env VDSOTEST_ASSUME_HOST=1 $nobody "$VDSOTEST" --perturb=freq --allow-host-perturb --dry-run time verify
	one_line_refusal "${refused}this process lacks CAP_SYS_TIME"
	ok $? "--allow-host-perturb does not lift the privilege check: exit 2 (got $rc)"
else
	tap_skip "no unprivileged user to run as"
fi

# 4. --dry-run where it is permitted: what each kind would do, nothing done.
kinds="freq slew step tai leap clocksource hotplug y2038"
ns=$(stat -L -c %i /proc/self/ns/user 2>/dev/null)
if [ "$(id -u)" -eq 0 ] && [ "$ns" = 4026531837 ]; then
	run_without_forbid "$VDSOTEST" --perturb=all --dry-run all verify
	lines_ok=0
	for k in $kinds; do
		[ "$(grep -c "^perturb: $k: " "$out")" -eq 1 ] || lines_ok=1
	done
	[ "$rc" -eq 0 ] && [ ! -s "$err" ] && [ "$lines_ok" -eq 0 ] &&
		[ "$(wc -l <"$out")" -eq 9 ]
	ok $? "--dry-run --perturb=all: exit 0 (got $rc), one line per kind and the fallback line, nothing on stderr"
	grep -Eq '^perturb: freq: adjtimex\(ADJ_FREQUENCY\) between -500 and \+500 ppm every 10 to 100 ms; now [+-][0-9]+\.[0-9]{3} ppm, restored at the end$' "$out"
	ok $? "--dry-run: the freq line gives the frequency now"
	grep -Eq '^perturb: clocksource: (current_clocksource cycled through( [^ ]+){2,}; now [^ ]+, restored at the end|.*; not perturbed)' "$out"
	ok $? "--dry-run: the clocksource line names them, or says why not"
	run_without_forbid "$VDSOTEST" --perturb=freq,freq --dry-run -d 30 clock-gettime-monotonic-coarse verify
	[ "$rc" -eq 0 ] && [ "$(wc -l <"$out")" -eq 1 ] && grep -q '^perturb: freq: ' "$out"
	ok $? "--dry-run --perturb=freq,freq: one line, exit 0 (got $rc)"
	run_without_forbid "$VDSOTEST" --perturb=hotplug --dry-run -t 2 getcpu verify
	grep -Eq '^perturb: hotplug: (CPU( [0-9]+)+ taken offline and online in turn \(kept online for verify: CPU [0-9]+ [0-9]+\)|no CPU can be taken offline .*; not perturbed)$' "$out"
	ok $? "--dry-run --perturb=hotplug -t 2: two CPUs kept for verify's threads (got $rc)"
	# The fallback probe of the current clocksource (it changes nothing):
	# CPU-time clocks always fall back; the fake vDSO makes every call
	# through the system call, so it must be reported for all of them.
	run_without_forbid "$VDSOTEST" --perturb=clocksource --dry-run all verify
	grep -Eq '^perturb: clocksource [^ ]+ \(now\): the vDSO falls back to the system call for .*CLOCK_PROCESS_CPUTIME_ID' "$out"
	ok $? "--dry-run --perturb=clocksource: the clocks the vDSO serves by falling back"
	if [ -n "${FAKE_VDSO:-}" ]; then
		run_without_forbid "$VDSOTEST" --perturb=clocksource --dry-run --vdso-lib="$FAKE_VDSO" all verify
		grep -Eq '^perturb: clocksource [^ ]+ \(now\): the vDSO falls back to the system call for CLOCK_REALTIME CLOCK_MONOTONIC .*CLOCK_MONOTONIC_COARSE .*CLOCK_TAI$' "$out"
		ok $? "--dry-run --perturb=clocksource, fake vDSO: every clock reported as falling back"
	else
		tap_skip "$no_fake"
	fi
	run_without_forbid "$VDSOTEST" --perturb=clocksource --dry-run --vdso-lib=none all verify
	grep -Eq '^perturb: clocksource [^ ]+ \(now\): no vDSO function for CLOCK_REALTIME CLOCK_MONOTONIC ' "$out"
	ok $? "--dry-run --perturb=clocksource --vdso-lib=none: no vDSO function, not 'served'"
else
	for i in 1 2 3 4 5 6 7 8; do
		tap_skip "--dry-run as root in the initial user namespace only"
	done
fi

# 5. Option handling, whatever the privileges.
run --perturb=freq clock-gettime-monotonic bench
one_line_refusal "^vdsotest: option '--perturb' is for verify only, not bench$"
ok $? "bench --perturb: exit 2 (got $rc)"
if [ -n "${VDSOTEST_ALL:-}" ]; then
	"$VDSOTEST_ALL" --perturb=freq >"$out" 2>"$err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q "is for verify only" "$err"
	ok $? "vdsotest-all --perturb: exit 2 before running anything (got $rc)"
fi
run --perturb=freq,leap,bogus time verify
one_line_refusal "^vdsotest: unknown --perturb kind 'bogus' in 'freq,leap,bogus' \(expected freq, slew, step, tai, leap, clocksource, hotplug, y2038 or all\)$"
ok $? "an unknown kind is named (got $rc)"

tap_done
