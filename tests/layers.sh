#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The layers of src/ form a DAG (HACKING.md): a module calls into and
# includes only its own layer or a lower one, and no modules call each
# other in a cycle.  The call graph comes from the objects of this build
# (nm: the symbols an object needs against those another defines: real
# calls and data uses, not declarations), the include graph from the
# sources.  First the checker must catch an upward call, an upward include
# and a cycle in made-up graphs; then the real graph must pass.
#
# VDSOTEST_OBJECTS: the objects the vdsotest program is linked from, as
# make check passes them (Makefile.am): only those, so that a stale object
# of a deleted source or another target's copy counts for nothing; without
# it, every src/*/*.o under LAYERS_BUILDDIR (default: the current
# directory).  NM: the nm to use (default nm).

top=${srcdir:-$(dirname "$0")/..}
. "$top/tests/tap-lib.sh"
tap_tmpdir

LAYERS="cli families harness output core vdso lib"
builddir=${LAYERS_BUILDDIR:-.}
nm=${NM:-nm}
check() {
	"${AWK:-awk}" -v LAYERS="$LAYERS" -f "$top/tests/layers.awk" "$@"
}

# includes of the tree under $1 (a src/ folder): L/x M/y include M/y.h; an include of a
# file of src/ must name its folder ("M/y.h"): any other quoted include
# (a relative "../M/y.h", a bare "y.h") but config.h and git-describe.h
# is an edge to the layer "unnamed", which fails.
includes_of() {
(cd "$1" && grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' */*.c */*.h 2>/dev/null) |
	sed -n -e '/:[[:space:]]*#[[:space:]]*include[[:space:]]*"\(config\|git-describe\)\.h"/d' \
		-e 's|^\([a-z]*/[a-z0-9_-]*\)\.[ch]:#include "\([a-z]*/[a-z0-9_-]*\)\.h".*|\1 \2 include \2.h|p' \
		-e 't' -e 's|^\([a-z]*/[a-z0-9_-]*\)\.[ch]:.*include[[:space:]]*"\([^"]*\)".*|\1 unnamed/\2 include \2|p'
}

# ---- the checker on made-up graphs ----
printf '%s\n' 'cli/main harness/run call api_run' 'harness/run lib/child call child_start' \
	'families/time harness/verify call verify_fail' >"$tmp/good"
check "$tmp/good" >"$out" 2>"$err"
ok $? "a downward graph passes"

printf '%s\n' 'cli/main harness/run call api_run' 'lib/child output/report call report_note' \
	>"$tmp/up"
check "$tmp/up" >"$out" 2>"$err"
[ $? -eq 1 ] && grep -q '^upward: lib/child -> output/report (call report_note' "$out"
ok $? "a call from lib up to output fails, named"

printf '%s\n' 'output/report harness/bench include harness/bench.h' >"$tmp/upinc"
check "$tmp/upinc" >"$out" 2>"$err"
[ $? -eq 1 ] && grep -q '^upward: output/report -> harness/bench (include' "$out"
ok $? "an include of a higher layer's header fails, named"

printf '%s\n' 'harness/abi harness/stack call api_stack_bytes' \
	'harness/stack harness/fallback call api_falls_back' \
	'harness/fallback harness/abi call fork_test_child' 'cli/main harness/abi call x' \
	>"$tmp/cycle"
check "$tmp/cycle" >"$out" 2>"$err"
[ $? -eq 1 ] && [ "$(grep -c '^cycle: ' "$out")" -eq 1 ] &&
	grep -Eq '^cycle: harness/([a-z]+) -> harness/[a-z]+ -> harness/[a-z]+ -> harness/\1 \(' "$out" &&
	! grep -q 'cli/main' "$out" && grep -q 'in cycles 3$' "$out"
ok $? "a cycle within one layer fails: one line, the way round its three modules"

printf '%s\n' 'harness/a harness/b call f' 'harness/b harness/a call g' \
	'harness/c harness/d call h' 'harness/d harness/c call i' 'harness/b harness/c call j' \
	>"$tmp/two"
check "$tmp/two" >"$out" 2>"$err"
[ $? -eq 1 ] && [ "$(grep -c '^cycle: ' "$out")" -eq 2 ] && ! grep -q '(j' "$out"
ok $? "two cycles joined by an edge: two lines, not the joining edge"

printf '%s\n' 'cli/main tools/x call y' >"$tmp/nolayer"
check "$tmp/nolayer" >"$out" 2>"$err"
[ $? -eq 1 ] && grep -q 'tools is in no layer' "$out"
ok $? "a module outside the layers fails"

mkdir -p "$tmp/src/lib" "$tmp/src/harness"
printf '%s\n' '#include "config.h"' '#include "../harness/verify.h"' '#include "output/report.h"' \
	'#include "lib/cpus.h"' >"$tmp/src/lib/x.c"
includes_of "$tmp/src" >"$tmp/inc"
check "$tmp/inc" >"$out" 2>"$err"
[ $? -eq 1 ] && grep -q '^upward: lib/x -> unnamed/../harness/verify.h: unnamed is in no layer' "$out" &&
	grep -q '^upward: lib/x -> output/report (include' "$out" && ! grep -q 'cpus\|config' "$out"
ok $? "a relative include and an upward include fail, named; a downward one and config.h pass"

# ---- the real graph ----
if [ -n "${VDSOTEST_OBJECTS:-}" ]; then
	objs=$(printf '%s\n' $VDSOTEST_OBJECTS | grep '^src/[a-z]*/[^/]*\.o$')
else
	objs=$(cd "$builddir" && ls src/*/*.o 2>/dev/null)
fi
if [ -z "$objs" ] || ! command -v "$nm" >/dev/null 2>&1; then
	tap_skip "no objects in $builddir/src or no $nm: the build's graph not checked"
	tap_skip "(the include graph is checked with the call graph)"
	tap_done
	exit
fi
# FILE LAYER/NAME for each object
for o in $objs; do
	d=${o#src/}
	d=${d%%/*}
	f=${o##*/}
	f=${f%.o}
	# (the name automake gives an object of vdsotest's own flags, if any)
	echo "$o $d/${f#vdsotest-}"
done >"$tmp/modules"
while read -r o m; do
	"$nm" -g --defined-only "$builddir/$o" | "${AWK:-awk}" -v m="$m" 'NF == 3 && $2 ~ /^[TDBRCGSVWu]$/ { print $3, m }'
done <"$tmp/modules" >"$tmp/defs"
while read -r o m; do
	"$nm" -u "$builddir/$o" | "${AWK:-awk}" -v m="$m" '{ print m, $NF }'
done <"$tmp/modules" >"$tmp/needs"
"${AWK:-awk}" 'NR == FNR { def[$1] = $2; next } ($2 in def) { print $1, def[$2], "call", $2 }' \
	"$tmp/defs" "$tmp/needs" >"$tmp/graph"
includes_of "$top/src" >>"$tmp/graph"
[ -s "$tmp/defs" ]
ok $? "the objects define symbols ($(wc -l <"$tmp/modules") modules)"
check "$tmp/graph" >"$tmp/verdict" 2>"$err"
st=$?
tap_show="$err"
ok $st "src/ has no upward call or include and no cycle: $(tail -n 1 "$tmp/verdict")"
[ $st -eq 0 ] || sed '$d; s/^/# /' "$tmp/verdict"
tap_done
