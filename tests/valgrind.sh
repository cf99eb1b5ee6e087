#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-valgrind: verify and abi of every API under valgrind's
# memcheck, once with the kernel's vDSO and once with the correct fake
# vDSO (valgrind hides the kernel's vDSO from the program it runs: without
# the fake, no vDSO path would run).  Every process, the forked test
# children included, must end with "ERROR SUMMARY: 0 errors".  The
# exemptions are in tests/valgrind.supp, each with its reason.
# Output: TAP.
set -u
: "${VDSOTEST:?set by make check-valgrind}" "${FAKE_VDSO:?set by make check-valgrind}"

top=${srcdir:-$(dirname "$0")/..}
. "$top/tests/tap-lib.sh"
command -v valgrind >/dev/null 2>&1 || { echo "1..0 # SKIP no valgrind"; exit 0; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
tap_show="$tmp/out $tmp/bad"

for lib in kernel "$FAKE_VDSO"; do
	opt=
	[ "$lib" = kernel ] || opt=--vdso-lib=$lib
	for api in $("$VDSOTEST" list-apis); do
		for t in verify abi; do
			rm -f "$tmp"/vg.*
			# shellcheck disable=SC2086
			valgrind -q --tool=memcheck --log-file="$tmp/vg.%p" \
				--suppressions="$top/tests/valgrind.supp" \
				"$VDSOTEST" $opt -d 0.05 "$api" "$t" >"$tmp/out" 2>&1
			rc=$?
			# (-q prints the summary only when there are errors)
			grep -l 'ERROR SUMMARY: [1-9]\|Invalid \|uninitialised\|unaddressable' \
				"$tmp"/vg.* >"$tmp/badlogs" 2>/dev/null
			: >"$tmp/bad"
			while read -r f; do head -n 30 "$f" >>"$tmp/bad"; done <"$tmp/badlogs"
			{ [ $rc -eq 0 ] || [ $rc -eq 77 ]; } && [ ! -s "$tmp/badlogs" ]
			ok $? "${lib##*/}: $api $t: exit $rc, no memcheck error in $(ls "$tmp"/vg.* | wc -l) processes"
		done
	done
done

tap_done
