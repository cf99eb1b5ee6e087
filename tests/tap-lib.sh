# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the shell tests: TAP output.  ok STATUS DESCRIPTION prints
# "ok N" or "not ok N" (then the files named in $tap_show, as # lines);
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
		# shellcheck disable=SC2086
		cat $tap_show 2>/dev/null | sed 's/^/# /' | head -n 10
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
