#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# vdsotest as a kselftest: every API through verify and abi
# (vdsotest-all -o ktap), one KTAP document on standard output, and the
# kselftest runner's exit status: 0 pass, 1 fail, 4 skip (nothing could be
# tested, or no vdsotest here).  Arguments are vdsotest-all options
# (default: -d 0.1); the kselftest runner passes $KSELFTEST_VDSOTEST_SH_ARGS.
#
# bench is opt-in: "--bench" as the first argument
# (KSELFTEST_VDSOTEST_SH_ARGS="--bench -d 0.1") runs it first, as
# vdsotest-all does.  Its figures, taken on a loaded test machine, are
# noise for a pass/fail run, and its notes on the machine's load would
# fill the kselftest log.
#
# vdsotest-all is $VDSOTEST_ALL, else the one beside this script, else the
# one on PATH; it runs $VDSOTEST, else the vdsotest beside it, else the
# installed one.  So a board can have the two programs copied beside this
# script, or the Debian package installed.
KSFT_PASS=0
KSFT_FAIL=1
KSFT_SKIP=4

here=$(dirname "$0")
if [ -n "${VDSOTEST_ALL:-}" ]; then
	all=$VDSOTEST_ALL
elif [ -x "$here/vdsotest-all" ]; then
	all=$here/vdsotest-all
elif all=$(command -v vdsotest-all); then
	:
else
	echo "KTAP version 1"
	echo "1..0 # SKIP vdsotest-all not found (install vdsotest, or copy vdsotest and vdsotest-all beside $0)"
	exit $KSFT_SKIP
fi
test_types="verify abi"
if [ "${1:-}" = --bench ]; then
	test_types="bench verify abi"
	shift
fi
[ $# -gt 0 ] || set -- -d 0.1

VDSOTEST_TEST_TYPES=$test_types "$all" -o ktap "$@"
rc=$?
case $rc in
0) exit $KSFT_PASS ;;
77) exit $KSFT_SKIP ;;
1) exit $KSFT_FAIL ;;
2) # a usage error: vdsotest-all ran nothing and printed no KTAP
   echo "KTAP version 1"
   echo "1..1"
   echo "not ok 1 vdsotest-all # usage error in the arguments: $*"
   exit $KSFT_FAIL ;;
*) echo "# vdsotest-all -o ktap $* ($test_types): exit status $rc"
   exit $KSFT_FAIL ;;
esac
