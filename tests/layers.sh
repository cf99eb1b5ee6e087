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
# LAYERS_BUILDDIR: where the objects are (default: the current directory,
# as make check runs tests).  NM: the nm to use (default nm).

top=${srcdir:-$(dirname "$0")/..}
. "$top/tests/tap-lib.sh"
tap_tmpdir

LAYERS="cli families harness output core vdso lib"
builddir=${LAYERS_BUILDDIR:-.}
nm=${NM:-nm}
check() {
	awk -v LAYERS="$LAYERS" -f "$top/tests/layers.awk" "$@"
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
[ $? -eq 1 ] && [ "$(grep -c '^cycle: ' "$out")" -eq 3 ] &&
	! grep -q '^cycle: cli/main' "$out" && grep -q 'in cycles 3$' "$out"
ok $? "a cycle within one layer fails, its three modules named and no other"

printf '%s\n' 'cli/main tools/x call y' >"$tmp/nolayer"
check "$tmp/nolayer" >"$out" 2>"$err"
[ $? -eq 1 ] && grep -q 'tools is in no layer' "$out"
ok $? "a module outside the layers fails"

# ---- the real graph ----
objs=$(cd "$builddir" && ls src/*/*.o 2>/dev/null | grep -v -- '-[^/]*\.o$')
if [ -z "$objs" ] || ! command -v "$nm" >/dev/null 2>&1; then
	tap_skip "no objects in $builddir/src or no $nm: the build's graph not checked"
	tap_skip "(the include graph is checked with the call graph)"
	tap_done
	exit
fi
# FILE LAYER/NAME for each object
for o in $objs; do
	m=${o#src/}
	echo "$o ${m%.o}"
done >"$tmp/modules"
while read -r o m; do
	"$nm" -g --defined-only "$builddir/$o" | awk -v m="$m" 'NF == 3 && $2 ~ /^[TDBRCGSV]$/ { print $3, m }'
done <"$tmp/modules" >"$tmp/defs"
while read -r o m; do
	"$nm" -u "$builddir/$o" | awk -v m="$m" '{ print m, $NF }'
done <"$tmp/modules" >"$tmp/needs"
awk 'NR == FNR { def[$1] = $2; next } ($2 in def) { print $1, def[$2], "call", $2 }' \
	"$tmp/defs" "$tmp/needs" >"$tmp/graph"
# includes: src/L/x.[ch] including "M/y.h" -> L/x M/y
(cd "$top/src" && grep -H '^#include "[a-z]*/[a-z0-9_-]*\.h"' */*.c */*.h) |
	sed 's|^\([a-z]*/[a-z0-9_-]*\)\.[ch]:#include "\([a-z]*/[a-z0-9_-]*\)\.h".*|\1 \2 include \2.h|' \
	>>"$tmp/graph"
[ -s "$tmp/defs" ]
ok $? "the objects define symbols ($(wc -l <"$tmp/modules") modules)"
check "$tmp/graph" >"$tmp/verdict" 2>"$err"
st=$?
tap_show="$err"
ok $st "src/ has no upward call or include and no cycle: $(tail -n 1 "$tmp/verdict")"
[ $st -eq 0 ] || sed '$d; s/^/# /' "$tmp/verdict"
tap_done
