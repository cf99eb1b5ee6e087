# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the shell tests: TAP output.  ok STATUS DESCRIPTION prints
# "ok N" or "not ok N" (then the files named in $tap_show, as # lines,
# less vdsotest's "Note: " lines);
# tap_done prints the plan and returns non-zero if anything failed.
n=0
failed=0
tap_show=

ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
		# (without vdsotest's notes, which come first and would hide
		# the failure: the first 20 other lines)
		# shellcheck disable=SC2086
		cat $tap_show 2>/dev/null | grep -v '^Note: ' | sed 's/^/# /' | head -n 20
	fi
}

tap_skip() {
	n=$((n + 1))
	echo "ok $n # SKIP $1"
}

tap_done() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}

# tap_tmpdir: a temporary directory $tmp, removed at exit, with the files
# $out and $err that run() fills and that a failure shows.
tap_tmpdir() {
	tmp=$(mktemp -d) || exit 99
	trap 'rm -rf "$tmp"' EXIT
	out=$tmp/out
	err=$tmp/err
	tap_show="$out $err"
}

# run ARG...: vdsotest ARG..., its standard output in $out, its standard
# error in $err, its exit status in $rc.
run() {
	"$VDSOTEST" "$@" >"$out" 2>"$err"
	rc=$?
}

# The fake vDSO, or empty in a build without dlopen() (static): then
# tap_skip_fake N skips N tests that need it, saying why.
no_fake="no fake vDSO: a build without dlopen() (static) has no --vdso-lib"
tap_skip_fake() {
	i=0
	while [ "$i" -lt "$1" ]; do
		tap_skip "$no_fake"
		i=$((i + 1))
	done
}

# Is CALL exported by this machine's vDSO?  (arm64's has no getcpu or time.)
has_vdso() {
	"$VDSOTEST" -g time verify -d 0.000001 2>&1 >/dev/null |
		grep -Eq "^vdsotest: kernel vDSO: __(vdso|kernel)_$1 0x"
}

# How many paths bench measures for the supported API $1: three (system
# call, libc, vDSO), less the vDSO path where this vDSO lacks the function
# (32-bit x86 has no getrandom) and the libc path of the time64 APIs (the
# 32-bit builds' time_t has 32 bits: libc has no time64 call to measure).
bench_paths() {
	case $1 in
	getrandom) has_vdso getrandom && echo 3 || echo 2 ;;
	clock-gettime64-*) has_vdso clock_gettime64 && echo 2 || echo 1 ;;
	clock-getres-time64-*) has_vdso clock_getres_time64 && echo 2 || echo 1 ;;
	*) echo 3 ;;
	esac
}
