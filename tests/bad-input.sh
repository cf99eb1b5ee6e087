#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Every row of tests/bad-input.tsv: bad input exits with the row's status
# (2), prints nothing on stdout and one line on stderr naming the bad
# value.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"

top=${srcdir:-$(dirname "$0")/..}
. "$top/tests/tap-lib.sh"
tap_tmpdir
tab=$(printf '\t')

# A build without dlopen() (static; make check sets FAKE_VDSO empty) refuses
# every --vdso-lib path alike, before opening it.
no_dlopen=false
[ -n "${FAKE_VDSO+set}" ] && [ -z "$FAKE_VDSO" ] && no_dlopen=true

set -f
rows=0
while IFS=$tab read -r args want pattern; do
	case $args in '#'*) continue ;; esac
	[ -n "$want" ] || continue
	rows=$((rows + 1))
	case $args in
	--vdso-lib=/*)
		$no_dlopen && pattern="^vdsotest: --vdso-lib '[^']+': this build of vdsotest has no dlopen\(\)\$" ;;
	esac
	set --
	for w in $args; do
		[ "$w" = "<none>" ] && continue
		[ "$w" = "<empty>" ] && w=
		set -- "$@" "$w"
	done
	"$VDSOTEST" "$@" >"$out" 2>"$err"
	rc=$?
	[ $rc -eq "$want" ] && [ ! -s "$out" ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		grep -Eq -- "$pattern" "$err"
	ok $? "'$args': exit $want (got $rc), one line /$pattern/"
done <"$top/tests/bad-input.tsv"
[ $rows -ge 60 ]
ok $? "the table has its rows ($rows)"

tap_done
