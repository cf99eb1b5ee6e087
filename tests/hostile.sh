#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Hostile surroundings: a tiny stack, address-space limits, no /proc and
# no /sys, standard output closed or on a full disk, core dumps allowed.
# vdsotest must give a clear message and a non-zero status, or pass; never
# crash, hang or leave files behind.  Nothing here needs root: the mount
# namespace comes from an unprivileged user namespace where allowed.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${FAKE_VDSO?set by make check}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

# The runs each case tries: every API's verify and abi, and a short bench.
runs="all-verify all-abi time-bench"

# Run vdsotest with the run named $1 (see $runs), limited by the shell
# command $2 (e.g. "ulimit -s 64"), at most 120 s.  The environment,
# argv and auxv come out of the same limits: the runs get an environment
# of PATH alone, so that the budget left does not depend on the caller's.
limited() {
	case $1 in
	all-verify) set -- "$2" -d 0.01 all verify ;;
	all-abi)    set -- "$2" all abi ;;
	time-bench) set -- "$2" -d 0.01 time bench ;;
	esac
	limit=$1
	shift
	timeout -s KILL 120 env -i PATH="$PATH" sh -c "$limit"'; exec "$0" "$@"' \
		"$VDSOTEST" "$@" >"$out" 2>"$err"
	rc=$?
}

# No line saying that a test child died of a signal, no status of a
# signal or of timeout(1).
no_crash() {
	[ $rc -lt 124 ] && ! grep -q 'killed by signal\|no result .* killed' "$out"
}

# ---- a tiny stack ----
# (sanitizer builds need far more stack for their own bookkeeping)
stack_kb=64
[ -n "${VDSOTEST_SANITIZED:-}" ] && stack_kb=512
for r in $runs; do
	limited $r "ulimit -s $stack_kb"
	no_crash && [ $rc -eq 0 ]
	ok $? "ulimit -s $stack_kb: $r passes (got $rc)"
done

# ---- address-space limits ----
# From too little to start (the dynamic loader says so, 127) through too
# little for the tests (vdsotest says which call failed, 1) to enough (0).
if [ -n "${VDSOTEST_SANITIZED:-}" ]; then
	tap_skip "ulimit -v: AddressSanitizer reserves terabytes of address space"
else
	# musl's dynamic loader (ld-musl-*.so.1, also its libc) does not say
	# so, it dies of SIGSEGV: under 1000 KiB, a malloc() of musl's own
	# before main() finds brk and mmap failing (ENOMEM) and musl then
	# dereferences a NULL pointer.  Seen with gdb: a breakpoint on main() is
	# never reached, the fault (address 0x10) is in musl's malloc code, and
	# vdsotest has no constructors.  So for a musl binary with that loader,
	# a SIGSEGV with nothing written counts as the loader's refusal.
	musl_ldso=
	grep -aq '/ld-musl-[a-z0-9_]*\.so\.1' "$VDSOTEST" && musl_ldso=1
	bad=
	for kb in 1000 2000 2500 3000 4000 8000 65536; do
		for r in $runs; do
			limited $r "ulimit -v $kb"
			case $rc in
			0) continue ;;
			1) grep -q '^vdsotest: ' "$err" && no_crash && continue ;;
			127) grep -q 'error while loading shared libraries' "$err" && continue ;;
			139)	# musl's loader (see above), or a static build too big to
				# map: the kernel's execve kills it before any code
				# runs, as for --version
				[ -n "$musl_ldso" ] && [ ! -s "$out" ] && [ ! -s "$err" ] && continue
				env -i sh -c "ulimit -v $kb"'; exec "$0" --version' "$VDSOTEST" \
					>/dev/null 2>&1
				[ $? -eq 139 ] && continue ;;
			esac
			bad="$bad $kb:$r:$rc"
		done
	done
	[ -z "$bad" ] && [ $rc -eq 0 ]
	ok $? "ulimit -v 1000..65536 KiB: pass, or a message and exit 1 (127 from the loader, SIGSEGV from musl's loader or from execve as for --version); 64 MiB passes (failed:${bad:- none})"

	# getrandom bench's buffer, allocated before any call: under the
	# least limit (to 128 KiB) where a 1-byte bench passes, a 1 MiB one
	# cannot have its buffer, and says so.
	grnd() {	# LIMIT-KiB SIZE
		timeout -s KILL 60 env -i PATH="$PATH" sh -c "ulimit -v $1"'; exec "$0" "$@"' \
			"$VDSOTEST" -d 0.002 --size="$2" getrandom bench >"$out" 2>"$err"
		rc=$?
	}
	lo=512
	hi=65536
	while [ $((hi - lo)) -gt 128 ]; do
		mid=$(((lo + hi) / 2))
		grnd $mid 1
		if [ $rc -eq 0 ]; then hi=$mid; else lo=$mid; fi
	done
	grnd $hi 1048576
	[ $rc -eq 1 ] && no_crash && [ -z "$(cat "$out")" ] &&
		[ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Eq '^vdsotest: getrandom: cannot allocate 1048576 bytes: [A-Z].+$' "$err"	# (ENOMEM)
	ok $? "ulimit -v $hi KiB: getrandom bench --size=1048576 exits 1 (got $rc): cannot allocate its buffer"
fi

# ---- no /proc, no /sys ----
if unshare -Urm sh -c 'mount -t tmpfs none /proc && mount -t tmpfs none /sys' 2>/dev/null; then
	for r in $runs; do
		limited $r "unshare -Urm sh -c 'mount -t tmpfs none /proc && mount -t tmpfs none /sys && exec \"\$0\" \"\$@\"'"
		no_crash && [ $rc -eq 0 ]
		ok $? "tmpfs over /proc and /sys: $r passes (got $rc)"
	done
	# the note that BOOTTIME >= MONOTONIC cannot be checked: once, not per thread
	if [ -n "${VDSOTEST_SANITIZED:-}" ]; then
		tap_skip "LeakSanitizer stops the threads through /proc/self/task at exit"
	elif [ "$(nproc)" -ge 2 ]; then
		unshare -Urm sh -c 'mount -t tmpfs none /proc && exec "$0" "$@"' \
			"$VDSOTEST" -t 2 -d 0.05 clock-gettime-boottime verify >"$out" 2>&1
		rc=$?
		[ $rc -eq 0 ] && [ "$(grep -c '^Note: clock-gettime-boottime: no /proc: ' "$out")" -eq 1 ]
		ok $? "tmpfs over /proc: -t 2 clock-gettime-boottime verify notes 'no /proc' once (got $rc)"
	else
		tap_skip "one CPU: no -t 2"
	fi
else
	for r in $runs; do tap_skip "no mount namespaces here (unshare -Urm)"; done
	tap_skip "no mount namespaces here (unshare -Urm)"
fi

# ---- standard output closed, or on a full disk ----
for args in "list-apis" "-d 0.01 time bench" "time abi" "--help"; do
	# shellcheck disable=SC2086
	"$VDSOTEST" $args >&- 2>"$err"
	rc=$?
	[ $rc -eq 1 ] && [ "$(cat "$err")" = "vdsotest: standard output is closed" ]
	ok $? "stdout closed: '$args' exits 1 (got $rc) saying so"
done

# (with --output, standard output is not needed)
for args in "-d 0.01 time bench" "-v time abi"; do
	# shellcheck disable=SC2086
	"$VDSOTEST" --output="$tmp/results" $args >&- 2>"$err"
	rc=$?
	[ $rc -eq 0 ] && [ -s "$tmp/results" ] && ! grep -v '^Note: ' "$err"
	ok $? "stdout closed: '--output=FILE $args' passes (got $rc) and writes FILE"
	rm -f "$tmp/results"
done

# (verify with failures to report, and -v abi: both have lines to write)
# (without a fake vDSO, a static build: the verify case is skipped)
fake_args=
[ -n "$FAKE_VDSO" ] && fake_args="--vdso-lib=$FAKE_VDSO -d 0.05 -f 5 clock-gettime-monotonic verify"
for args in "-d 0.01 time bench" "-v time abi" "--help" "$fake_args"; do
	if [ -z "$args" ]; then
		tap_skip_fake 1
		continue
	fi
	# shellcheck disable=SC2086
	VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST" $args >/dev/full 2>"$err"
	rc=$?
	# (a busy machine's notes aside)
	[ $rc -eq 1 ] && [ "$(grep -v '^Note: ' "$err" | grep -c .)" -eq 1 ] &&
		grep -q '^vdsotest: write error on standard output: No space left on device$' "$err"
	ok $? "stdout on /dev/full: '${args#--vdso-lib=* }' exits 1 (got $rc), one write error"
done

# ---- four file descriptors: no pipe(2) for getrandom's fork() check ----
# The check cannot be made: one failure, said once (not once per round of
# checks, thousands of lines in 0.3 s), and once more at most by the part
# in a time namespace (where unshare is permitted: the same limit there).
(exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; ulimit -n 4; exec "$VDSOTEST" -d 0.3 getrandom verify) \
	>"$out" 2>"$err"
rc=$?
said=$(cat "$out" "$err" | grep -v '^getrandom: time namespace +1000 s: ' |
	grep -c 'fork() check could not be made')
said_ns=$(cat "$out" "$err" | grep -c '^getrandom: time namespace +1000 s: .*fork() check could not be made')
[ $rc -eq 1 ] && [ "$said" -eq 1 ] && [ "$said_ns" -le 1 ] &&
	! grep -q 'Too many open files' "$err" && no_crash
ok $? "ulimit -n 4: getrandom verify exits 1 (got $rc), the fork() check's trouble said once (said $said times, $said_ns in the time namespace)"

# ---- an interval timer left running across execve(2) ----
# (it would kill vdsotest with SIGALRM 0.3 s into a 1 s verify)
if perl -MTime::HiRes -e 1 2>/dev/null; then
	perl -MTime::HiRes=setitimer,ITIMER_REAL -e 'setitimer(ITIMER_REAL, 0.3); exec @ARGV' \
		"$VDSOTEST" -d 1 time verify >"$out" 2>"$err"
	rc=$?
	[ $rc -eq 0 ]
	ok $? "a pending ITIMER_REAL inherited across exec is cancelled (got $rc)"
else
	tap_skip "no perl Time::HiRes"
fi

# ---- core dumps allowed: the crashing children still leave nothing ----
mkdir "$tmp/empty"
(
	cd "$tmp/empty" || exit 1
	ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -H -c)"
	"$VDSOTEST" all abi
	[ -n "$FAKE_VDSO" ] || exit 0	# (the crashing verify children need the fake)
	VDSOTEST_FAKE_BUG=getres-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" \
		-d 0.01 clock-getres-monotonic verify
	VDSOTEST_FAKE_BUG=time-null-crash "$VDSOTEST" --vdso-lib="$FAKE_VDSO" -d 0.01 time verify
) >"$out" 2>"$err"
left=$(ls -A "$tmp/empty")
if [ -n "$FAKE_VDSO" ]; then
	grep -q 'killed by signal 11' "$out" && [ -z "$left" ]
	ok $? "ulimit -c unlimited: abi and crashing verify children leave no file (core_pattern '$(cat /proc/sys/kernel/core_pattern 2>/dev/null)'; left: ${left:-none})"
else
	[ -z "$left" ]
	ok $? "ulimit -c unlimited: abi children leave no file (left: ${left:-none}; no fake vDSO for the crashing verify children)"
fi

tap_done
