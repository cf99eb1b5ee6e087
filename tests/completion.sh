#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The bash completion (contrib/bash-completion/vdsotest): its function
# called in bash as the completion machinery calls it (COMP_WORDS,
# COMP_CWORD, COMPREPLY), against the vdsotest under test and against a
# stand-in vdsotest that offers other options, APIs and formats: what
# is completed is what the program offers, whatever it offers.  Output: TAP.
set -u
: "${VDSOTEST:?set by make check}"
srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/tap-lib.sh"
tap_tmpdir

if ! command -v bash >/dev/null 2>&1; then
	echo "1..0 # SKIP no bash"
	exit 0
fi

# complete WORD...: the completions, one a line, of the command line
# WORD... (the last word is the one under the cursor), in $out.
complete_words() {
	bash -c '
		. "$1/contrib/bash-completion/vdsotest" || exit 1
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMPREPLY=()
		_vdsotest || exit 1
		[ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"' \
		bash "$srcdir" "$@" >"$out" 2>"$err"
}

# has LIST: every word of LIST is a completion in $out.
has() {
	for w in $1; do
		grep -qxF -- "$w" "$out" || { echo "# missing: $w" >>"$err"; return 1; }
	done
}

# The program's long options, its APIs and TEST-TYPEs, as it gives them.
# (every long option before a line's text: "--header, --no-header" is two,
# "-V, --version, -?, --help, --usage" three)
long_opts=$("$VDSOTEST" --help |
	sed -n -E 's/^ +((-[^ ,-]|--[a-z0-9-]+(=[A-Z]+)?)(, (-[^ ,-]|--[a-z0-9-]+(=[A-Z]+)?))*)( .*)?$/\1/p' |
	sed -e 's/, /\n/g' | sed -n -e 's/=[A-Z]*/=/' -e '/^--/p')
apis=$("$VDSOTEST" list-apis)
test_types=$("$VDSOTEST" list-test-types)

complete_words "$VDSOTEST" --
has "$long_opts" && has "--duration= --format= --output= --verbose --version" &&
	[ "$(wc -l <"$out")" -eq "$(echo "$long_opts" | wc -l)" ]
ok $? "'vdsotest --': every long option of --help ($(echo "$long_opts" | wc -l)), '=' on those with a value"

complete_words "$VDSOTEST" ''
has "$apis" && has "all list-apis list-test-types compare info" &&
	! grep -q -- '^-\|TEST-TYPE\|^API$\|^text$\|^json$' "$out"
ok $? "'vdsotest ': every API of list-apis ($(echo "$apis" | wc -l)), all and the commands"

complete_words "$VDSOTEST" clock-gettime-mono
[ "$(cat "$out")" = "$(printf 'clock-gettime-monotonic\nclock-gettime-monotonic-raw\nclock-gettime-monotonic-coarse')" ]
ok $? "'vdsotest clock-gettime-mono': the three monotonic APIs"

complete_words "$VDSOTEST" -d 0.1 --output=x.ktap -o ktap getcpu ''
has "$test_types" && has "bench verify abi" &&
	[ "$(wc -l <"$out")" -eq "$(echo "$test_types" | wc -l)" ]
ok $? "'vdsotest -d 0.1 --output=x.ktap -o ktap getcpu ': the TEST-TYPEs, option values skipped"

complete_words "$VDSOTEST" --format = ''
has "text nsec table json csv ktap" && [ "$(wc -l <"$out")" -eq 6 ]
ok $? "'vdsotest --format=': the formats (bash splits at '=')"

# --perturb=KIND,...: the kinds the program names, after the last comma.
complete_words "$VDSOTEST" --perturb = ''
has "freq slew step tai leap clocksource hotplug y2038 all" && [ "$(wc -l <"$out")" -eq 9 ]
ok $? "'vdsotest --perturb=': the kinds of perturbation"
complete_words "$VDSOTEST" --perturb = 'freq,s'
[ "$(sort "$out")" = "$(printf 'freq,slew\nfreq,step')" ]
ok $? "'vdsotest --perturb=freq,s': the kinds after the comma, the list kept"

complete_words "$VDSOTEST" -o k
[ "$(cat "$out")" = ktap ]
ok $? "'vdsotest -o k': ktap"

mkdir "$tmp/dir" && : >"$tmp/dir/result.json"
complete_words "$VDSOTEST" --output = "$tmp/dir/res"
[ "$(cat "$out")" = "$tmp/dir/result.json" ]
ok $? "'vdsotest --output=DIR/res': the file"

complete_words "$VDSOTEST" compare "$tmp/dir/res"
[ "$(cat "$out")" = "$tmp/dir/result.json" ]
ok $? "'vdsotest compare DIR/res': the file"

complete_words "$VDSOTEST" --dur
[ "$(cat "$out")" = --duration= ]
ok $? "'vdsotest --dur': --duration="

complete_words "$VDSOTEST" info ''
[ ! -s "$out" ]
ok $? "'vdsotest info ': nothing (info takes options only)"

# The wrappers: options only, from the vdsotest they run ($VDSOTEST).
VDSOTEST=$VDSOTEST complete_words "$tmp/vdsotest-all" ''
has "$long_opts" && ! grep -qxF getcpu "$out"
ok $? "'vdsotest-all ': the options of \$VDSOTEST, no API"

# A stand-in vdsotest with an option, an API and a format the real one
# lacks (and without some it has): completed as the stand-in says.
cat >"$tmp/vdsotest" <<'EOF'
#!/bin/sh
case $* in
--help) printf '%s\n' 'Usage: vdsotest [-v] [--perturb=LIST] API|all TEST-TYPE' \
	'   or: vdsotest [-v] list-apis | frobnicate' '' 'Options:' \
	'      --perturb=LIST    disturb the clocks' \
	'  -o, --format=FORMAT   a format' '      --latency         latency too' \
	'  -v, --verbose         say more' ;;
list-apis) printf 'new-api\nclock-gettime-new\n' ;;
list-test-types) printf 'bench\nstress\n' ;;
--format=-*) echo "vdsotest: unknown format '-' (expected text, yaml or tap13)" >&2; exit 2 ;;
esac
EOF
chmod +x "$tmp/vdsotest"
complete_words "$tmp/vdsotest" --
[ "$(sort "$out" | tr '\n' ' ')" = "--format= --latency --perturb= --verbose " ]
ok $? "stand-in: its four long options, no others"
complete_words "$tmp/vdsotest" ''
[ "$(sort "$out" | tr '\n' ' ')" = "all clock-gettime-new frobnicate list-apis new-api " ]
ok $? "stand-in: its APIs and commands"
complete_words "$tmp/vdsotest" new-api ''
[ "$(sort "$out" | tr '\n' ' ')" = "bench stress " ]
ok $? "stand-in: its TEST-TYPEs"
complete_words "$tmp/vdsotest" -o ''
[ "$(sort "$out" | tr '\n' ' ')" = "tap13 text yaml " ]
ok $? "stand-in: its formats"
complete_words "$tmp/vdsotest" --perturb = ''
[ ! -s "$out" ]
ok $? "stand-in: nothing offered for --perturb=LIST's value"
complete_words "$tmp/vdsotest" --perturb x ''
[ "$(sort "$out" | tr '\n' ' ')" = "all clock-gettime-new frobnicate list-apis new-api " ]
ok $? "stand-in: --perturb's separate value is not an operand"
cp "$tmp/vdsotest" "$tmp/dir/vdsotest" && : >"$tmp/dir/vdsotest-bench"
VDSOTEST= complete_words "$tmp/dir/vdsotest-bench" --
[ "$(sort "$out" | tr '\n' ' ')" = "--format= --latency --perturb= --verbose " ]
ok $? "stand-in: vdsotest-bench completes the options of the vdsotest beside it"

tap_done
