#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Every example of README.md, doc/*.md and the manual pages that shows a command
# ("$ " line) and its output is run, and the output must have the shape
# shown: the same lines in the same order, the same words; numbers may
# differ.  Output: TAP, one test per example (skips say why).
#
# Where the docs come from:
#   README.md, doc/*.md: ``` blocks; a line "$ CMD" starts an example, "> MORE" lines
#     right after it continue the command, the lines after them up to a
#     blank line or the next "$ " are the output shown.
#   man/*.1: .EX/.EE blocks; "$ \fBCMD\fP" starts an example, the lines up
#     to the next "$ " or .EE are the output (roff escapes decoded).
#
# How a shown line is matched (tests/examples.awk):
#   - a line "..." alone stands for any number of lines (an elision the
#     docs mark); nothing else is elided;
#   - every number matches any number (with or without a sign or a
#     fraction), a run of spaces any run of spaces, a rule line of '-'
#     any such line; the spaces between a '±' and its number may be
#     none (a right-aligned spread of 100 % or more fills them);
#   - a latency histogram's rows (one per decade, from the fastest call's
#     to the slowest's: which rows depends on the run) any such rows;
#   - the machine's words: the bench header's kernel, machine,
#     clocksource, CPU model and what follows "CPUs online" (allowed CPUs,
#     governor, boost, load average); JSON's kernel_release, machine,
#     clocksource, cpu_model, governor, boost and boost_file; compare's
#     verdict (faster, slower, no significant change: a measurement);
#   - bench's notes on the run's conditions (a shared CPU, context
#     switches, SMT sibling, steal time, spread, governor, boost) depend
#     on the load: left out of the shown and the real output alike.
#
# How a command is run: in a temporary directory holding "vdsotest"
# ($VDSOTEST) and "tests/fake-vdso.so" ($FAKE_VDSO), that directory first
# in PATH (so "./vdsotest" and "vdsotest" are this build), through sh;
# standard error goes where standard output goes (vdsotest flushes its
# standard output before each line on standard error).  Durations are
# shortened: every "-d N" becomes "-d 0.05", and a bench or verify
# without -d gets "-d 0.05".
#
# Not run as shown (each listed in the TAP output):
#   --perturb: it changes the machine's clock (guests only); an example
#     that shows --perturb's refusal runs with --dry-run in a new user
#     namespace (no CAP_SYS_TIME there), VDSOTEST_NO_PERTURB unset;
#   info: its lines list this machine's vDSO; only its section lines (the
#     unindented ones, up to their ':') are compared;
#   examples that need what this build or machine lacks: the fake vDSO
#     (static builds; --vdso-lib=none works there), getrandom's vDSO
#     function (i386), an unsupported alarm clock (a machine with a wake-up
#     RTC supports them), CPU 1 or two CPUs in the affinity mask (--cpu=1,
#     -t 2), a vDSO whose C functions have no FDE (i386: the known bugs
#     seen differ).
set -u
: "${VDSOTEST:?set by make check}"
: "${FAKE_VDSO=}"

top=$(cd "${srcdir:-$(dirname "$0")/..}" && pwd) || exit 99
. "$top/tests/tap-lib.sh"
tap_tmpdir
awk_prog=$top/tests/examples.awk
LC_ALL=C
export LC_ALL

# extract DIR BASE FILE...: the examples of BASE/FILE..., each as DIR/N.where
# (FILE:LINE), DIR/N.cmd (the command as shown) and DIR/N.shown (the output
# as shown).
extract() {
	dir=$1 base=$2
	shift 2
	mkdir -p "$dir"
	(cd "$base" && "${AWK:-awk}" -v dir="$dir" -v mode=extract -f "$awk_prog" "$@")
}

# prepare_run: the directory the examples run in.
rundir=$tmp/run
mkdir -p "$rundir/tests"
ln -s "$VDSOTEST" "$rundir/vdsotest"
[ -n "$FAKE_VDSO" ] && ln -s "$FAKE_VDSO" "$rundir/tests/fake-vdso.so"

# The shortened command (see above).
shorten() {
	c=$(printf '%s\n' "$1" | sed -E 's/(^|[ ])(-d|--duration=?) ?[0-9.]+/\1-d 0.05/g')
	case $c in
	*"-d 0.05"*) ;;
	*" bench"*|*" verify"*)
		c=$(printf '%s\n' "$c" | sed -E 's/(^|[ /])vdsotest /\1vdsotest -d 0.05 /g') ;;
	esac
	printf '%s\n' "$c"
}

# Files some examples read, made first (their own commands are not shown).
setup() {
	case $1 in
	*"compare r6.json r6-net.json"*)
		(cd "$rundir" &&
			./vdsotest -o json -r 6 -d 0.01 --output=r6.json clock-gettime-monotonic bench &&
			./vdsotest -o json -r 6 -d 0.01 --net --output=r6-net.json \
				clock-gettime-monotonic bench) 2>/dev/null ;;
	esac
}

# Why an example cannot run here, or nothing.
alarm_supported() {
	# (-v list-apis marks a clock id the system call rejects)
	! "$VDSOTEST" -v list-apis | grep -q '^clock-gettime-boottime-alarm	(unsupported'
}
why_not() {
	cmd=$1 shown=$2
	case $cmd in
	*--perturb*)
		if ! head -n 1 "$shown" | grep -q '^vdsotest: --perturb refused'; then
			echo "--perturb changes this machine's clock: guests only (make check-bringup)"
		elif ! unshare -U true 2>/dev/null; then
			echo "--perturb's refusal: no user namespaces here (unshare -U)"
		fi
		return ;;
	esac
	case $cmd in
	*--vdso-lib=none*) ;;
	*--vdso-lib*) [ -n "$FAKE_VDSO" ] || { echo "$no_fake"; return; } ;;
	esac
	case $cmd in
	*--cpu=1*)
		"$VDSOTEST" --dry-run --cpu=1 getcpu bench >/dev/null 2>&1 ||
			{ echo "CPU 1 is not in this process's affinity mask"; return; } ;;
	*"-t 2 "*)
		"$VDSOTEST" --dry-run -t 2 getcpu bench >/dev/null 2>&1 ||
			{ echo "fewer than 2 CPUs in this process's affinity mask"; return; } ;;
	esac
	case $cmd in
	*getrandom\ bench*)
		has_vdso getrandom || { echo "this vDSO has no getrandom (i386)"; return; } ;;
	esac
	# (the list of known bugs seen is this build machine's x86_64 vDSO's: a
	# vDSO without FDEs for its C functions, i386's, adds a row)
	if grep -q '^vdsotest: known kernel bugs seen: ' "$shown" &&
		"$VDSOTEST" info 2>/dev/null | grep -q '^unwind tables: .* without any FDE'; then
		echo "this vDSO's C functions have no FDE (vdsotest info): a known kernel bug the shown list does not have"
		return
	fi
	if grep -Eqi 'unsupported.*alarm|alarm.*# SKIP' "$shown" && alarm_supported; then
		echo "shows unsupported alarm clocks; this machine supports them"
	fi
}

# check_dir DIR: run and compare each example of DIR, one TAP line each.
check_dir() {
	for ex in $(ls "$1" | sed -n 's/[.]cmd$//p' | sort -n); do
		d=$1/$ex
		where=$(cat "$d.where")
		cmd=$(cat "$d.cmd")
		label="$where: \$ $(printf '%s' "$cmd" | tr '\n' ' ' | sed 's/#/\\#/g')"
		why=$(why_not "$cmd" "$d.shown")
		if [ -n "$why" ]; then
			tap_skip "$label: $why"
			continue
		fi
		run_cmd=$(shorten "$cmd")
		mode=all
		case $cmd in
		*--perturb*)
			run_cmd="env -u VDSOTEST_NO_PERTURB unshare -U \
$(printf '%s\n' "$run_cmd" | sed 's/vdsotest /vdsotest --dry-run /')" ;;
		*" info"|*" info "*) mode=sections ;;
		esac
		setup "$cmd"
		(cd "$rundir" && PATH=$rundir:$PATH sh -c "$run_cmd") >"$d.real" 2>&1
		"${AWK:-awk}" -v mode="$mode" -f "$awk_prog" "$d.shown" "$d.real" >"$d.why"
		s=$?
		tap_show="$d.why $d.real"
		ok $s "$label"
	done
}

# ---- the test's own check: wrong docs must be caught ----
mkdir -p "$tmp/self"
cat >"$tmp/self/README.md" <<'EOF'
A changed word:
```
$ ./vdsotest -v clock-gettime-monotonic abi | tail -n 1
clock-gettime-monotonic: abi: 27 tests, 0 failures
```
A missing line:
```
$ ./vdsotest -v clock-gettime-monotonic verify
clock-gettime-monotonic: verify: path exercised: vDSO (completes in user space)
clock-gettime-monotonic: time namespace +1000 s: verify: 11763 checks, 0 failures
```
A line too many, after an elision:
```
$ ./vdsotest -o ktap -d 0.05 all verify | head -3
KTAP version 1
...
ok 1 clock-gettime-realtime
ok 2 clock-gettime-realtime
```
A spread that fills the padding after its '±' (the table's, under load):
```
$ echo 'syscall/getcpu 74.96 ns ±176.7%'
syscall/getcpu 76.12 ns ±  2.2%
```
EOF
cat >"$tmp/self/self.1" <<'EOF'
.SH EXAMPLES
.EX
$ \fBvdsotest \-v clock\-gettime\-monotonic abi\fP
clock\-gettime\-monotonic: abi: stack use of the vDSO function: 16 bytes (limit 4096): OK
\&...
clock\-gettime\-monotonic: abi: 27 cases, 0 failures
.EE
.EX
$ \fBvdsotest \-v clock\-gettime\-monotonic abi | sed \-n \(aq1p;$p\(aq\fP
clock\-gettime\-monotonic: abi: 27 cases, 0 failures
clock\-gettime\-monotonic: abi: stack use of the vDSO function: 16 bytes (limit 4096): OK
.EE
EOF
extract "$tmp/self/ex" "$tmp/self" README.md self.1
self=$(check_dir "$tmp/self/ex")
expect="not ok 1 - README.md:3: \$ ./vdsotest -v clock-gettime-monotonic abi | tail -n 1
not ok 2 - README.md:8: \$ ./vdsotest -v clock-gettime-monotonic verify
not ok 3 - README.md:14: \$ ./vdsotest -o ktap -d 0.05 all verify | head -3
ok 4 - README.md:22: \$ echo 'syscall/getcpu 74.96 ns ±176.7%'
ok 5 - self.1:3: \$ vdsotest -v clock-gettime-monotonic abi
not ok 6 - self.1:9: \$ vdsotest -v clock-gettime-monotonic abi | sed -n '1p;\$p'"
got=$(printf '%s\n' "$self" | grep -E '^(not )?ok')
[ "$got" = "$expect" ]
s=$?
printf '%s\n' "$self" | grep -E '^# (line|real)' >"$tmp/self/why"
printf '%s\n' "$got" >>"$tmp/self/why"
tap_show=$tmp/self/why
ok $s "self-check: a changed word, a missing line, a line too many and a reordered line fail; a marked elision and a spread grown into its padding pass"
printf '%s\n' "$self" | grep -q '^# line 1 of the shown output: not in the output: clock-gettime-monotonic: abi: 27 tests, 0 failures'
ok $? "self-check: the failure names the shown line that is not in the output"

# ---- the docs ----
docs=$(cd "$top" && ls doc/*.md) || exit 99
# (word splitting of $docs: the doc/ names have no blanks)
# shellcheck disable=SC2086
extract "$tmp/docs" "$top" README.md $docs man/vdsotest.1 man/vdsotest-all.1 man/vdsotest-bench.1
# README.md is the first minute of a newcomer: short, and every page it
# links to is there.
readme_lines=$(wc -l <"$top/README.md")
[ "$readme_lines" -le 250 ]
ok $? "README.md is at most 250 lines ($readme_lines)"
links_missing=
for f in README.md $docs; do
	d=$(dirname "$f")
	for l in $(grep -o '][(][^)#:]*[.]md)' "$top/$f" | sed 's/^][(]//; s/)$//' | sort -u); do
		[ -f "$top/$d/$l" ] || links_missing="$links_missing $f:$l"
	done
done
[ -z "$links_missing" ]
ok $? "the pages README.md and doc/ link to exist (missing:${links_missing:- none})"
set -- "$tmp/docs"/*.cmd
count=$#
[ "$count" -ge 20 ]
ok $? "the docs' examples found ($count)"
check_dir "$tmp/docs"

tap_done
