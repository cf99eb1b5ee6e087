#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The mutants of make check-mutants (tests/mutants/list) still apply: each
# names a line that is once in its file and text on that line, so that a
# change to the checking code cannot leave the list silently behind.
# Nothing is built (make check-mutants does that).  Output: TAP.
set -u
. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"

top=${srcdir:-$(dirname "$0")/..}
err=$(MUTANTS_CHECK=1 sh "$top/tests/mutants/run.sh" 2>&1)
ok $? "every mutant of tests/mutants/list applies to the tree"
[ -n "$err" ] && echo "$err" | sed "s/^/# /"
all=$(grep -v '^#' "$top/tests/mutants/list" | grep -c ' @@ ')
eq=$(grep -v '^#' "$top/tests/mutants/list" | grep -c ' @@ equivalent: ')
[ $((all - eq)) -ge 80 ]
ok $? "at least 80 mutants that are not equivalent ($((all - eq)) of $all)"
tap_done
