#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# vdsotest in a LAVA test job (contrib/lava/vdsotest.yaml): runs vdsotest
# with -o ktap for each TEST-TYPE and turns each KTAP test point into one
# lava-test-case call:
#
#   TEST-TYPE-API --result pass|fail|skip          one per API (ok, not ok, # SKIP)
#   vdsotest-TEST-TYPE --result pass|fail|skip     the run itself, from its exit
#                                                  status (0, 1, 77; any other,
#                                                  e.g. a crash: fail)
#   bench-API-PATH --result R --measurement NS --units ns
#                                                  ns per call of each bench path
#                                                  (syscall, libc, vdso): 10^9 /
#                                                  the calls per second of its
#                                                  KTAP diagnostic line (times
#                                                  N with -t N); R is its API's
#                                                  result
#
# The KTAP and vdsotest's messages go to standard output, for the job log.
# Without lava-test-case on PATH (a run by hand), each call is printed as
# a line "NAME RESULT [MEASUREMENT UNITS]" instead.
#
# Usage: vdsotest-lava.sh [-d SEC] [-t "TEST-TYPE..."] [-a API] [-s true|false]
#                         [-- VDSOTEST-OPTION...]
#   -d SEC   duration of each verify and bench path (default 0.2)
#   -t LIST  the TEST-TYPEs, in order (default "bench verify abi")
#   -a API   one API, or all (default all)
#   -s BOOL  true (or True): skip installing; false (default): when no vdsotest is
#            found, build it from this source tree (installing Debian's
#            build-essential, autoconf and automake when apt-get exists)
# vdsotest is $VDSOTEST, else vdsotest on PATH, else the one of this source
# tree (built when -s false).  Exit status: 0 (results go to LAVA), 2 on a
# usage error or when there is no vdsotest to run.
set -u

duration=0.2
test_types="bench verify abi"
api=all
skip_install=false
usage() {
	echo "usage: $0 [-d SEC] [-t \"TEST-TYPE...\"] [-a API] [-s true|false] [-- VDSOTEST-OPTION...]" >&2
	exit 2
}
while getopts d:t:a:s:h opt; do
	case $opt in
	d) duration=$OPTARG ;;
	t) test_types=$OPTARG ;;
	a) api=$OPTARG ;;
	s) skip_install=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
# (true or false in any case, as Linaro's sh-test-lib takes SKIP_INSTALL)
case $skip_install in
[Tt][Rr][Uu][Ee]) skip_install=true ;;
[Ff][Aa][Ll][Ss][Ee]) skip_install=false ;;
*) usage ;;
esac

# The threads of a bench (-t N, -tN, --threads=N, --threads N, or an
# abbreviation of --threads): the KTAP line gives the calls per second of
# all threads together, so a call takes N * 10^9 / that many ns.
threads=1
prev=
for arg; do
	case $prev in -t|--th|--thr|--thre|--threa|--thread|--threads) threads=$arg ;; esac
	case $arg in
	--th*=*) threads=${arg#*=} ;;
	-t?*) threads=${arg#-t} ;;
	esac
	prev=$arg
done
case $threads in ''|*[!0-9]*) threads=1 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

# ---- the vdsotest to run ----
vdsotest=${VDSOTEST:-}
if [ -z "$vdsotest" ]; then
	if command -v vdsotest >/dev/null 2>&1; then
		vdsotest=vdsotest
	elif [ -x "$top/vdsotest" ]; then
		vdsotest=$top/vdsotest
	elif [ "$skip_install" = false ] && [ -f "$top/configure.ac" ]; then
		echo "+ building vdsotest in $top"
		if command -v apt-get >/dev/null 2>&1; then
			sudo=
			[ "$(id -u)" -eq 0 ] || sudo=sudo
			$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
				build-essential autoconf automake
		fi
		(cd "$top" && ./autogen.sh && ./configure && make) && vdsotest=$top/vdsotest
	fi
fi
if [ -z "$vdsotest" ]; then
	echo "$0: no vdsotest: set VDSOTEST, install it, or run with -s false in its source tree" >&2
	exit 2
fi

# result NAME RESULT [MEASUREMENT UNITS]: one lava-test-case call.
if command -v lava-test-case >/dev/null 2>&1; then
	result() {
		if [ $# -eq 4 ]; then
			lava-test-case "$1" --result "$2" --measurement "$3" --units "$4"
		else
			lava-test-case "$1" --result "$2"
		fi
	}
else
	result() { echo "$*"; }
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

for test_type in $test_types; do
	echo "+ $vdsotest -o ktap -d $duration $* $api $test_type"
	"$vdsotest" -o ktap -d "$duration" "$@" "$api" "$test_type" >"$tmp/ktap" 2>"$tmp/err"
	rc=$?
	cat "$tmp/err" "$tmp/ktap"
	echo "+ exit status $rc"
	# The test points (and bench's figures) of the top-level document:
	# "NAME RESULT [MEASUREMENT UNITS]" per line.
	# A bench figure comes before its API's test point and takes its
	# result: a path whose call failed is measured, but not a pass.
	awk -v t="$test_type" -v threads="$threads" '
		/^(not )?ok [0-9]+ / {
			name = $0
			sub(/^(not )?ok [0-9]+ (- )?/, "", name)
			sub(/ *#.*/, "", name)
			if ($0 ~ /^not ok/) r = "fail"
			else if ($0 ~ /# *[Ss][Kk][Ii][Pp]/) r = "skip"
			else r = "pass"
			print t "-" name, r
			for (i = 1; i <= n; i++)
				if (api[i] == name)
					printf "bench-%s-%s %s %.2f ns\n", api[i], path[i], r, ns[i]
			n = 0
			next
		}
		t == "bench" && /^# [^ :]+ (system|libc|vdso) calls per second: *[0-9]+/ {
			rate = $0
			sub(/.*calls per second: */, "", rate)
			sub(/[^0-9].*/, "", rate)
			if (rate + 0 > 0) {
				api[++n] = $2
				path[n] = $3 == "system" ? "syscall" : $3
				ns[n] = threads * 1e9 / rate
			}
		}' "$tmp/ktap" >"$tmp/results"
	while read -r name res measurement units; do
		# shellcheck disable=SC2086
		result "$name" "$res" $measurement $units
	done <"$tmp/results"
	case $rc in
	0) result "vdsotest-$test_type" pass ;;
	77) result "vdsotest-$test_type" skip ;;
	*) result "vdsotest-$test_type" fail ;;
	esac
done
exit 0
