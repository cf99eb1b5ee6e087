#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-mutants: does the test suite fail when the checking code is
# wrong?  Each mutant of tests/mutants/list (one small change to one line
# of the code that decides correctness) is applied to a scratch copy of the
# source (`make distdir`: the tree itself is never touched), built there
# incrementally, and run against the tests that cover its file
# (tests/mutants/map), which stop at their first failure; a mutant those
# do not catch runs the whole `make check`.  The score counts the
# non-equivalent mutants caught; each survivor is printed with its diff.
# HACKING.md ("Mutation testing") says how to add a mutant and what to do
# about a survivor.
#
# Environment: MUTANTS="3 17" runs only those (numbers as printed);
# MUTANTS_SAMPLE=N runs every Nth (CI's sample); MUTANTS_LIST, MUTANTS_MAP:
# other files; MAKE, JOBS (make -j of each build, default 2), WORKERS
# (mutants at once, each in its own copy: default 2, as the tests spend most
# of their time waiting); MUTANTS_QUICK=1: the covering
# tests only, no full make check for a survivor (a quick look while
# adding fakes; the score may then count a survivor the suite catches).
# Exit status: 0 when at least 95 % of the mutants run were caught (or
# with MUTANTS set: every one), 1 otherwise, 2 for a list it cannot apply.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
list=${MUTANTS_LIST:-$here/list}
map=${MUTANTS_MAP:-$here/map}
MAKE=${MAKE:-make}
JOBS=${JOBS:-2}
WORKERS=${WORKERS:-2}
builddir=$(pwd)


work=$(mktemp -d "${TMPDIR:-/tmp}/vdsotest-mutants.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
start=$(date +%s)

# The mutants: "FILE[:N] @@ TEXT OF THE LINE @@ FROM @@ TO [@@ equivalent: WHY]",
# one per line, numbered from 1 in order; '#' lines and blank lines skipped.
awk -v OFS='\t' '
	/^[ \t]*(#|$)/ { next }
	{
		n = split($0, f, / @@ /)
		if (n < 4 || n > 5 || (n == 5 && f[5] !~ /^equivalent: ./)) {
			print "tests/mutants/list:" NR ": expected FILE @@ LINE @@ FROM @@ TO [@@ equivalent: WHY]" > "/dev/stderr"
			bad = 1
			next
		}
		nth = 0
		if (match(f[1], /:[0-9]+$/)) {
			nth = substr(f[1], RSTART + 1)
			f[1] = substr(f[1], 1, RSTART - 1)
		}
		print ++id, f[1], f[2], f[3], f[4], (n == 5 ? f[5] : "-"), nth
	}
	END { exit bad }' "$list" >"$work/mutants" || exit 2

# Mutant @1's FILE @2 with LINE @3 and FROM @4 changed to TO @5, on stdout;
# the line number into $wd/lineno.  Fails when the line is not once in
# the file with FROM in it (the list is out of date); with @6 (FILE:N in
# the list) the Nth of the lines with LINE.
apply() {
	LINE=$3 FROM=$4 TO=$5 WORK=${wd:-$work} NTH=${6:-0} awk '
		index($0, ENVIRON["LINE"]) {
			if (++n == (ENVIRON["NTH"] > 0 ? ENVIRON["NTH"] : 1) && (i = index($0, ENVIRON["FROM"]))) {
				$0 = substr($0, 1, i - 1) ENVIRON["TO"] substr($0, i + length(ENVIRON["FROM"]))
				done = NR
			}
		}
		{ print }
		END { if ((n != 1 && ENVIRON["NTH"] == 0) || !done) exit 3; print done > (ENVIRON["WORK"] "/lineno") }' "$2" ||
		{ echo "tests/mutants/list: mutant $1: the line '$3' is not once in $2 with '$4' in it" >&2; return 1; }
}

# MUTANTS_CHECK=1 (tests/mutants.sh in make check): every mutant applies
# to the source tree as it is; nothing is built.
if [ -n "${MUTANTS_CHECK:-}" ]; then
	bad=0
	while IFS='	' read -r id file line from to eq nth; do
		[ "$to" = "''" ] && to=
		apply "$id" "$top/$file" "$line" "$from" "$to" "$nth" >"$work/m" || { bad=1; continue; }
		cmp -s "$top/$file" "$work/m" && { echo "mutant $id changes nothing" >&2; bad=1; }
	done <"$work/mutants"
	exit $bad
fi

[ -f "$builddir/Makefile" ] || { echo "run from a configured build directory (make check-mutants)" >&2; exit 2; }
echo "check-mutants: $(wc -l <"$work/mutants" | tr -d ' ') mutants in $list; $WORKERS at a time"
echo "check-mutants: scratch copies in $work"

# The mutants to run (MUTANTS, MUTANTS_SAMPLE); the equivalent ones listed.
: >"$work/torun"
equivalent=0
while IFS='	' read -r id file line from to eq nth; do
	case " ${MUTANTS:-$id} " in *" $id "*) ;; *) continue ;; esac
	if [ -n "${MUTANTS_SAMPLE:-}" ] && [ $((id % MUTANTS_SAMPLE)) -ne 0 ]; then
		continue
	fi
	if [ "$eq" != - ]; then
		equivalent=$((equivalent + 1))
		echo "[$id] $file: '$from' -> '$to': not run, $eq"
		continue
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$file" "$line" "$from" "$to" "$nth" >>"$work/torun"
done <"$work/mutants"

mkdir "$work/w0" && "$MAKE" -s distdir distdir="$work/w0/src" >"$work/distdir.log" 2>&1 || {
	cat "$work/distdir.log"
	exit 2
}
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$builddir/Makefile")
tmo=
command -v timeout >/dev/null 2>&1 && tmo="timeout 900"

# The tests that cover @1 (a file of src/): the rows of the map whose
# pattern matches it, in order, without repeats.
covering() {
	awk -v f="$1" '
		/^[ \t]*(#|$)/ { next }
		{
			pat = $1
			gsub(/[.]/, "[.]", pat)
			gsub(/[*]/, ".*", pat)
			if (f !~ ("^" pat "$"))
				next
			for (i = 2; i <= NF; i++)
				if (!seen[$i]++)
					printf "%s ", $i
		}' "$map"
}

# Run test @1 of worker $wd as make check would; fails at its first
# "not ok", stopping the test (SIGPIPE) so that a caught mutant costs little.
run_test() {
	case $1 in
	*.sh) set -- "${SHELL:-/bin/sh}" "$src/$1" ;;
	*) set -- "./$1" ;;
	esac
	{
		VDSOTEST=$build/vdsotest FAKE_VDSO=$build/tests/fake-vdso.so \
			NAMES_VDSO=$build/tests/names-vdso.so VDSOTEST_ALL=$build/vdsotest-all \
			VDSOTEST_BENCH=$build/vdsotest-bench PACKAGE_VERSION=$version \
			SAN_CANARY=$build/tests/san-canary VDSOTEST_NO_PERTURB=1 srcdir=$src \
			FAKES_ONLY=$only \
			$tmo "$@" 2>&1 </dev/null
		echo "check-mutants-exit $?"
	} | awk '
		/^not ok/ && !/# *(TODO|todo)/ { print; bad = 1; exit }
		/^Bail out!/ { print; bad = 1; exit }
		/^check-mutants-exit / { if ($2 != 0 && $2 != 77) { print "exit status " $2; bad = 1 } }
		END { exit bad }' >"$wd/why"
}

# The tests of make check's log @1 that failed, sorted.
failing() {
	sed -n -e 's/^FAIL: \([^ ]*\).*/\1/p' -e 's/^ERROR: \([^ ]*\).*/\1/p' "$1" | sort -u
}

# The tests that fail without a mutant (a broken tool on this machine, a
# test that cannot run here: not the mutant's doing), into $wd/baseline;
# made once per worker, before its first full make check, with mutated
# file @1 put back as it was meanwhile.
baseline() {
	cp "$src/$1" "$wd/mutated"
	cp "$wd/orig" "$src/$1" && touch "$src/$1"
	"$MAKE" -s -j"$JOBS" check >"$wd/baseline.log" 2>&1 </dev/null
	failing "$wd/baseline.log" >"$wd/baseline"
	[ -s "$wd/baseline" ] &&
		echo "check-mutants: without a mutant these fail already (not counted): $(tr '\n' ' ' <"$wd/baseline")"
	cp "$wd/mutated" "$src/$1" && touch "$src/$1"
	"$MAKE" -s -j"$JOBS" >/dev/null 2>&1 </dev/null
}

# Worker @1 of $WORKERS: its own copy and build ($work/wK), the mutants of
# $work/torun whose place in it is @1 modulo $WORKERS; a block of output
# and a status file ($work/res/ID) per mutant.
worker() {
	wd=$work/w$1 src=$work/w$1/src build=$work/w$1/build
	mkdir -p "$wd" || return 2
	[ -d "$src" ] || cp -R "$work/w0/src" "$src" || return 2
	mkdir "$build" && cd "$build" || return 2
	# (no --enable-werror: a mutant may leave a variable unused, which is no bug)
	"$src/configure" -q >"$wd/configure.log" 2>&1 || {
		cat "$wd/configure.log"
		return 2
	}
	"$MAKE" -s -j"$JOBS" check TESTS= >"$wd/build.log" 2>&1 </dev/null || {
		tail -n 30 "$wd/build.log"
		return 2
	}
	k=0
	while IFS='	' read -r id file line from to nth; do
		k=$((k + 1))
		[ $((k % WORKERS)) -eq "$1" ] || continue
		[ "$to" = "''" ] && to=
		cp "$src/$file" "$wd/orig" || return 2
		if ! apply "$id" "$wd/orig" "$line" "$from" "$to" "$nth" >"$src/$file"; then
			cp "$wd/orig" "$src/$file"
			return 2
		fi
		where="$file:$(cat "$wd/lineno")"
		tests=$(covering "$file")
		# the programs the covering tests run
		progs="vdsotest tests/fake-vdso.so"
		for t in $tests; do
			case $t in *=* | *.sh) ;; *) progs="$progs $t" ;; esac
		done
		verdict= st=caught
		if ! "$MAKE" -s -j"$JOBS" $progs >"$wd/make.log" 2>&1 </dev/null; then
			verdict="stillborn (does not build)" st=stillborn
		else
			only=
			for t in $tests; do
				case $t in FAKES_ONLY=*) only=${t#*=} && continue ;; esac
				if ! run_test "$t"; then
					verdict="caught by $t${only:+ (FAKES_ONLY=$only)}: $(head -n 1 "$wd/why")"
					break
				fi
				only=
			done
			if [ -z "$verdict" ] && [ -z "${MUTANTS_QUICK:-}" ]; then
				[ -f "$wd/baseline" ] || baseline "$file"
				"$MAKE" -s -j"$JOBS" check >"$wd/check.log" 2>&1 </dev/null
				# (not tests/mutants.sh: a mutated line fails it whatever the mutant)
				failed=$(failing "$wd/check.log" | comm -23 - "$wd/baseline" |
					grep -vx 'tests/mutants\.sh' | tr '\n' ' ')
				[ -n "$failed" ] &&
					verdict="caught by the full make check only (${failed% }): add the test to tests/mutants/map"
			fi
			[ -n "$verdict" ] || verdict=SURVIVED st=survived
		fi
		{
			echo "[$id] $where: '$from' -> '$to': $verdict"
			[ $st = survived ] &&
				diff -u "$wd/orig" "$src/$file" | sed -e "1s|.*|--- a/$file|" -e "2s|.*|+++ b/$file|"
		} >"$work/res/$id"
		cat "$work/res/$id"
		echo $st >"$work/res/$id.st"
		cp "$wd/orig" "$src/$file" && touch "$src/$file"
	done <"$work/torun"
}

mkdir "$work/res" || exit 2
pids=
w=0
while [ $w -lt "$WORKERS" ]; do
	worker $w &
	pids="$pids $!"
	w=$((w + 1))
done
trap 'kill $pids 2>/dev/null; exit 130' INT TERM
rc=0
for p in $pids; do
	wait "$p" || rc=$?
done
[ $rc -eq 0 ] || exit $rc

caught=0 survived=0 stillborn=0 survivors=
for f in "$work"/res/*.st; do
	[ -e "$f" ] || continue
	case $(cat "$f") in
	caught) caught=$((caught + 1)) ;;
	survived)
		survived=$((survived + 1))
		id=${f##*/}
		survivors="$survivors ${id%.st}"
		;;
	*) stillborn=$((stillborn + 1)) ;;
	esac
done
survivors=$(echo $survivors | tr ' ' '\n' | sort -n | tr '\n' ' ')
total=$((caught + survived))
elapsed=$(($(date +%s) - start))
if [ $total -gt 0 ]; then
	pct=$((caught * 1000 / total))
	score="$((pct / 10)).$((pct % 10)) %"
else
	pct=1000 score="-"
fi
echo "check-mutants: caught $caught of $total ($score); $equivalent equivalent (not run), $stillborn not built; ${elapsed} s"
if [ -n "$survivors" ]; then
	echo "check-mutants: survivors: ${survivors% } (MUTANTS=\"${survivors% }\" to rerun them):"
	for id in $survivors; do
		cat "$work/res/$id"
	done
fi
if [ -n "${MUTANTS:-}" ]; then
	[ $survived -eq 0 ]
else
	[ $pct -ge 950 ]
fi
