#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The KTAP that vdsotest writes, in every shape (bench, verify, abi; one API,
# all, a failing and a skipped API; vdsotest-all's nested document), read
# by the kernel's own KTAP parser, tools/testing/kunit/kunit.py parse, with
# the pass/fail/skip counts of vdsotest's own test points, and by prove;
# and contrib/kselftest/vdsotest.sh run by the kernel's kselftest runner
# (tools/testing/selftests/kselftest/runner.sh): ok, not ok and # SKIP.
#
# The kernel's tools come from $LINUX_SOURCE_TARBALL, else the newest of
# Debian's linux-source-<version> tarballs in /usr/src (only
# tools/testing/kunit/, tools/testing/selftests/kselftest/ and lib.mk are
# extracted, into a temporary directory), or kunit.py from $KUNIT_PY;
# without them, their tests are skipped, saying so.  Passes with the tools
# of Linux 6.1 (bookworm's linux-source-6.1) and 6.12.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}" "${VDSOTEST_ALL:?set by make check}" "${FAKE_VDSO?}"

. "${srcdir:-$(dirname "$0")/..}/tests/tap-lib.sh"
tap_tmpdir

# ---- find kunit.py ----
kunit=${KUNIT_PY:-}
why=
runner=
why_runner="no linux-source-<version> tarball in /usr/src (Debian: apt-get install linux-source)"
tarball=${LINUX_SOURCE_TARBALL:-$(ls -d /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -n 1)}
if [ -n "$tarball" ]; then
	top=$(basename "$tarball" .tar.xz)
	if tar -xJf "$tarball" -C "$tmp" "$top/tools/testing/kunit" \
		"$top/tools/testing/selftests/kselftest" \
		"$top/tools/testing/selftests/lib.mk" 2>"$err"; then
		[ -n "$kunit" ] || kunit=$tmp/$top/tools/testing/kunit/kunit.py
		runner=$tmp/$top/tools/testing/selftests/kselftest/runner.sh
		[ -f "$runner" ] || { runner='' why_runner="no kselftest/runner.sh in $tarball"; }
	else
		why_runner="cannot extract from $tarball: $(head -n 1 "$err")"
		[ -n "$kunit" ] || why=$why_runner
	fi
elif [ -z "$kunit" ]; then
	why="no kunit.py: install Debian's linux-source-<version> (a tarball in /usr/src) or set KUNIT_PY"
fi
if [ -n "$kunit" ] && ! command -v python3 >/dev/null 2>&1; then
	kunit='' why="no python3 to run kunit.py"
fi
[ -n "$why" ] && echo "# kunit.py tests skipped: $why"
[ -z "$runner" ] && echo "# kselftest runner tests skipped: $why_runner"

# counts FILE INDENT: "passed P failed F skipped S" over the test points
# of FILE at INDENT (the API lines of vdsotest's KTAP).
counts() {
	"${AWK:-awk}" -v ind="$2" '
		substr($0, 1, length(ind)) != ind { next }
		{ line = substr($0, length(ind) + 1) }
		line ~ /^ok [0-9]+ [^ ]+ # SKIP/ { s++; next }
		line ~ /^ok [0-9]+ / { p++; next }
		line ~ /^not ok [0-9]+ / { f++ }
		END { printf "passed %d failed %d skipped %d\n", p, f, s }' "$1"
}

# leaves FILE: "passed P failed F skipped S" over the test points of FILE
# that have no subtests, at every depth (what kunit.py counts): a result
# line is a parent when the result line before it is indented deeper
# (a subtest's lines come just before its parent's result line).
leaves() {
	"${AWK:-awk}" '
		{ match($0, /^ */); d = RLENGTH; line = substr($0, d + 1) }
		line !~ /^(not )?ok [0-9]+ / { next }
		{ leaf = !(seen && prev > d); seen = 1; prev = d }
		!leaf { next }
		line ~ /^ok [0-9]+ [^#]* # SKIP/ { s++; next }
		line ~ /^ok / { p++; next }
		{ f++ }
		END { printf "passed %d failed %d skipped %d\n", p, f, s }' "$1"
}

# kunit_counts FILE: the same from kunit.py parse's summary line
# ("Testing complete. Ran N tests: passed: P, failed: F, skipped: S"; a
# count of 0 is left out), or "error ..." when it names crashed tests or
# errors.  kunit.py's output goes to $tmp/kunit, its exit status to
# $tmp/kunit-rc.
kunit_counts() {
	python3 "$kunit" parse <"$1" >"$tmp/kunit" 2>&1
	echo $? >"$tmp/kunit-rc"
	sed -n 's/.*Testing complete\. Ran [0-9]* tests\{0,1\}: //p' "$tmp/kunit" | tr -d , |
		"${AWK:-awk}" '{ for (i = 1; i < NF; i += 2) c[$i] = $(i + 1) }
			END { if (c["crashed:"] || c["errors:"]) print "error", $0
				else printf "passed %d failed %d skipped %d\n",
					c["passed:"], c["failed:"], c["skipped:"] }'
}

# check NAME EXPECTED_RC INDENT COMMAND...: COMMAND's KTAP (exit status
# EXPECTED_RC) read by kunit.py with the counts of its leaves (the checks
# and cases nested in each API, the APIs without them), the right exit
# status, no error reported.  (INDENT: unused, the API lines' indent.)
check() {
	name=$1 want_rc=$2 ind=$3
	shift 3
	"$@" >"$out" 2>"$err"
	rc=$?
	mine=$(leaves "$out")
	if [ $rc -ne "$want_rc" ]; then
		false
	elif [ -n "$kunit" ]; then
		theirs=$(kunit_counts "$out")
		# (kunit.py's status: 1 when a test failed or none passed)
		case $mine in "passed 0 "*|*" failed "[1-9]*) want_kunit=1 ;; *) want_kunit=0 ;; esac
		[ "$mine" = "$theirs" ] && [ "$mine" != "passed 0 failed 0 skipped 0" ] &&
			[ "$(cat "$tmp/kunit-rc")" -eq $want_kunit ] && ! grep -q 'ERROR\|Traceback' "$tmp/kunit"
	fi
	st=$?
	if [ -n "$kunit" ]; then
		tap_show="$out $err $tmp/kunit"
		ok $st "kunit.py parse: $name: vdsotest's '$mine' (exit $rc) read as '${theirs:-}'"
		tap_show="$out $err"
	else
		tap_skip "kunit.py parse: $name: $why"
	fi
}

apis=$("$VDSOTEST" list-apis | wc -l)
for test in bench verify abi; do
	check "getcpu $test" 0 "" "$VDSOTEST" -o ktap -d 0.01 getcpu $test
	check "all $test" 0 "" "$VDSOTEST" -o ktap -d 0.002 all $test
	# (every API is a test point)
	[ "$(counts "$out" "" | "${AWK:-awk}" '{ print $2 + $4 + $6 }')" -eq "$apis" ]
	ok $? "all $test: $apis test points, one per API of list-apis"
done
check "an unsupported API (abi without the vDSO function)" 77 "" \
	"$VDSOTEST" --vdso-lib=none -o ktap getcpu abi
if [ -n "$FAKE_VDSO" ]; then
	check "a failing verify" 1 "" env VDSOTEST_FAKE_BUG=gettime-backwards \
		"$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap -d 0.02 -f 1 all verify
	check "a crashing abi" 1 "" env VDSOTEST_FAKE_BUG=time-null-crash \
		"$VDSOTEST" --vdso-lib="$FAKE_VDSO" -o ktap time abi
else
	tap_skip_fake 2
fi
check "vdsotest-all" 0 "    " env VDSOTEST="$VDSOTEST" "$VDSOTEST_ALL" -o ktap -d 0.002
[ "$(counts "$out" "" | "${AWK:-awk}" '{ print $2 + $4 + $6 }')" -eq 3 ] &&
	[ "$(counts "$out" "    " | "${AWK:-awk}" '{ print $2 + $4 + $6 }')" -eq $((3 * apis)) ] &&
	grep -qx '    # Subtest: bench' "$out" && grep -qx 'ok 3 abi' "$out"
ok $? "vdsotest-all -o ktap: one document, a plan of 3, each TEST-TYPE a subtest of $apis test points"
if [ -n "$FAKE_VDSO" ]; then
	check "vdsotest-all with a failing verify" 1 "    " env VDSOTEST="$VDSOTEST" \
		VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST_ALL" --vdso-lib="$FAKE_VDSO" \
		-o ktap -d 0.002 -f 1
	grep -qx 'ok 1 bench' "$out" && grep -qx 'not ok 2 verify' "$out"
	ok $? "vdsotest-all: the failing TEST-TYPE is 'not ok', the others 'ok'"
else
	tap_skip_fake 2
fi

# prove: vdsotest-all's document (a single KTAP document's, formats.sh)
if command -v prove >/dev/null 2>&1; then
	VDSOTEST="$VDSOTEST" "$VDSOTEST_ALL" -vo ktap -d 0.002 >"$out" 2>"$err"
	rc=$?
	prove -e cat "$out" >"$err" 2>&1 && [ $rc -eq 0 ] && grep -q '^Result: PASS' "$err" &&
		grep -q 'Tests=3,' "$err" && [ "$(grep -c '^KTAP version 1$' "$out")" -eq 1 ]
	ok $? "prove accepts vdsotest-all -vo ktap: 3 tests, one unindented KTAP version line"
	if [ -n "$FAKE_VDSO" ]; then
		VDSOTEST="$VDSOTEST" VDSOTEST_FAKE_BUG=gettime-backwards "$VDSOTEST_ALL" \
			--vdso-lib="$FAKE_VDSO" --format=ktap -d 0.002 -f 1 >"$out" 2>"$err"
		! prove -e cat "$out" >"$err" 2>&1 && grep -q 'Failed test: *2$' "$err"
		ok $? "prove fails vdsotest-all's document with a failing verify, at test 2"
	else
		tap_skip_fake 1
	fi
else
	tap_skip "no prove (perl)"
	tap_skip "no prove (perl)"
fi

# ---- contrib/kselftest/vdsotest.sh ----
ksft=${srcdir:-$(dirname "$0")/..}/contrib/kselftest
mkdir "$tmp/bin"
cat >"$tmp/bin/skipping-all" <<'EOF'
#!/bin/sh
printf 'KTAP version 1\n1..1\nok 1 getcpu # SKIP\n'
exit 77
EOF
chmod +x "$tmp/bin/skipping-all"
# ksft WHAT EXPECTED_RC [VAR=VALUE...]: vdsotest.sh run directly, with
# vdsotest-all -o ktap's options $args: the kselftest exit status, and
# one KTAP document that prove reads (a SKIP plan when there is nothing).
ksft() {
	what=$1 want=$2
	shift 2
	# shellcheck disable=SC2086
	env VDSOTEST="$VDSOTEST" VDSOTEST_ALL="$VDSOTEST_ALL" "$@" \
		"$ksft/vdsotest.sh" $args >"$out" 2>"$err"
	rc=$?
	[ $rc -eq "$want" ] && [ "$(head -n 1 "$out")" = "KTAP version 1" ] &&
		[ "$(grep -c '^KTAP version' "$out")" -eq 1 ] &&
		{ ! command -v prove >/dev/null 2>&1 || [ "$want" -eq 4 ] ||
			{ prove -e cat "$out" >/dev/null 2>&1; [ $? -eq $((want != 0)) ]; }; }
	ok $? "kselftest vdsotest.sh: $what: exit $rc (want $want), KTAP on standard output"
}
# top_tests: the names of $out's top-level test lines, in order.
top_tests() {
	grep -E '^(not )?ok [0-9]+ ' "$out" | sed -E -e 's/^(not )?ok [0-9]+ //' -e 's/ #.*//' |
		tr '\n' ' '
}
args="-d 0.002"
ksft "passing" 0
got=$(top_tests)
[ "$got" = "verify abi " ]
ok $? "kselftest vdsotest.sh: verify and abi by default, no bench (got: $got)"
args="--bench -d 0.002"
ksft "--bench" 0
got=$(top_tests)
[ "$got" = "bench verify abi " ]
ok $? "kselftest vdsotest.sh --bench: bench too (got: $got)"
# (the TEST-TYPE list it hands vdsotest-all is checked by vdsotest)
VDSOTEST="$VDSOTEST" VDSOTEST_TEST_TYPES="verify nosuch" "$VDSOTEST_ALL" -d 0.002 >"$out" 2>"$err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$out" ] && grep -q "unknown TEST-TYPE 'nosuch'" "$err"
ok $? "vdsotest-all: VDSOTEST_TEST_TYPES with a word that is no TEST-TYPE: exit 2 naming it, nothing run (got $rc)"
if [ -n "$FAKE_VDSO" ]; then
	args="-d 0.002 -f 1 --vdso-lib=$FAKE_VDSO"
	ksft "a failing verify" 1 VDSOTEST_FAKE_BUG=gettime-backwards
else
	tap_skip_fake 1
fi
args="--bogus"
ksft "an option vdsotest-all does not know" 1
grep -q '^not ok 1 vdsotest-all # usage error in the arguments: --bogus$' "$out"
ok $? "kselftest vdsotest.sh --bogus: a failing KTAP test that names the arguments"
args=
ksft "nothing tested (vdsotest-all exits 77)" 4 VDSOTEST_ALL="$tmp/bin/skipping-all"
ksft "no vdsotest-all" 4 VDSOTEST_ALL= PATH=/nonexistent
grep -q '^1\.\.0 # SKIP vdsotest-all not found' "$out"
ok $? "kselftest vdsotest.sh without vdsotest-all: a SKIP plan that says why"

# Under the kernel's own kselftest runner (runner.sh's run_many, with the
# directory's settings file, arguments from KSELFTEST_VDSOTEST_SH_ARGS).
if [ -n "$runner" ]; then
	base=$(dirname "$(dirname "$runner")")
	mkdir -p "$base/vdsotest" &&
		cp "$ksft/vdsotest.sh" "$ksft/settings" "$ksft/Makefile" "$base/vdsotest/"
	# ksft_runner EXPECTED_LINE [VAR=VALUE...]: the runner's result line
	# (and the KTAP in its log: not checked for a SKIP, whose lines
	# Linux 6.1's runner.sh can lose when the test ends at once).
	ksft_runner() {
		want=$1
		shift
		(cd "$base/vdsotest" && env BASE_DIR="$base" VDSOTEST="$VDSOTEST" \
			VDSOTEST_ALL="$VDSOTEST_ALL" "$@" \
			sh -c '. "$BASE_DIR/kselftest/runner.sh" && run_many ./vdsotest.sh') >"$out" 2>"$err"
		grep -qx -- "$want" "$out" &&
			{ [ "${want%SKIP}" != "$want" ] || grep -q '^# *KTAP version 1$' "$out"; }
		ok $? "kselftest runner: '$(echo "$want" | sed 's/ # SKIP$/ (SKIP directive)/')'"
	}
	ksft_runner "ok 1 selftests: vdsotest: vdsotest.sh" KSELFTEST_VDSOTEST_SH_ARGS="-d 0.002"
	if [ -n "$FAKE_VDSO" ]; then
		ksft_runner "not ok 1 selftests: vdsotest: vdsotest.sh # exit=1" \
			VDSOTEST_FAKE_BUG=gettime-backwards \
			KSELFTEST_VDSOTEST_SH_ARGS="-d 0.002 -f 1 --vdso-lib=$FAKE_VDSO"
	else
		tap_skip_fake 1
	fi
	ksft_runner "ok 1 selftests: vdsotest: vdsotest.sh # SKIP" VDSOTEST_ALL="$tmp/bin/skipping-all"
	# contrib/kselftest/Makefile with the kernel's lib.mk: run_tests and
	# install (vdsotest.sh and settings).
	# (lib.mk's install copies with rsync)
	if ! command -v rsync >/dev/null 2>&1; then
		tap_skip "kselftest lib.mk: no rsync, which its install target runs (Debian: apt-get install rsync)"
	elif command -v make >/dev/null 2>&1 && [ -f "$base/lib.mk" ]; then
		env -u MAKEFLAGS -u MAKELEVEL VDSOTEST="$VDSOTEST" VDSOTEST_ALL="$VDSOTEST_ALL" \
			KSELFTEST_VDSOTEST_SH_ARGS="-d 0.002" \
			make -s -C "$base/vdsotest" run_tests >"$out" 2>"$err" &&
			grep -qx 'ok 1 selftests: vdsotest: vdsotest.sh' "$out" &&
			env -u MAKEFLAGS -u MAKELEVEL make -s -C "$base/vdsotest" install \
				INSTALL_PATH="$tmp/installed" >>"$out" 2>>"$err" &&
			[ -x "$tmp/installed/vdsotest.sh" ] && [ -f "$tmp/installed/settings" ]
		ok $? "kselftest: contrib/kselftest/Makefile with the kernel's lib.mk: run_tests passes, install"
	else
		tap_skip "kselftest lib.mk: no make, or no lib.mk in $tarball"
	fi
else
	for i in 1 2 3 4; do tap_skip "kselftest runner: $why_runner"; done
fi

# With --output, the file has every run: the same nested document.
VDSOTEST="$VDSOTEST" "$VDSOTEST_ALL" -o ktap -d 0.002 --output="$tmp/all.ktap" >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$out" ] &&
	[ "$(grep -v '^ ' "$tmp/all.ktap")" = "$(printf 'KTAP version 1\n1..3\nok 1 bench\nok 2 verify\nok 3 abi')" ] &&
	[ "$(grep -c '^    # Subtest: ' "$tmp/all.ktap")" -eq 3 ] &&
	[ "$(grep -c "^    1\.\.$apis\$" "$tmp/all.ktap")" -eq 3 ] &&
	[ -z "$(ls "$tmp" | grep '^all\.ktap\.')" ]
ok $? "vdsotest-all -o ktap --output=FILE: nothing on standard output, FILE the nested document of the three runs, no temporary file left (got $rc)"

# The wrapper's format is the last -o given; text stays unnested.
VDSOTEST="$VDSOTEST" "$VDSOTEST_ALL" -o ktap -o text -d 0.002 >"$out" 2>"$err"
! grep -q 'KTAP' "$out" && grep -q '^getcpu vdso calls per second' "$out"
ok $? "vdsotest-all -o ktap -o text: text, no KTAP"

tap_done
