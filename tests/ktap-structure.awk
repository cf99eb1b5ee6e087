# SPDX-License-Identifier: GPL-2.0-or-later
#
# A structural check of a KTAP version 1 document with nested tests, by the
# rules of the kernel's Documentation/dev-tools/ktap.rst: a document (and
# each subtest) opens with "KTAP version 1", then an optional
# "# Subtest: NAME" and the plan "1..N"; its results are numbered 1..N in
# order; a subtest is indented one level deeper than its parent (4 spaces a
# level, as KUnit and vdsotest-all write it) and comes just before the
# parent's result line, which names it (NAME) and is "not ok" when a
# subtest is (a SKIP parent is let be).  "# " lines are diagnostics
# anywhere; "Bail out!" at the top ends the document.  Prints one line per
# fault ("LINE: what") and exits 1 after any; prints "depth D" with the
# deepest level seen on success.
#
# Usage: awk -f tests/ktap-structure.awk FILE

function fault(what) {
	printf "%d: %s\n", NR, what
	bad = 1
}

# Close the document at depth @d (its parent's result line or the end).
function close_doc(d) {
	if (want_plan[d])
		fault("no plan at depth " d)
	else if (count[d] != plan[d])
		fault("plan 1.." plan[d] " at depth " d " but " count[d] " results")
}

BEGIN { cur = -1 }

bailed { next }

{
	match($0, /^ */)
	ind = RLENGTH
	line = substr($0, ind + 1)
	if (ind % 4) {
		fault("indented by " ind " spaces, not a multiple of 4")
		next
	}
	d = ind / 4
	if (d > deepest)
		deepest = d
}

line == "KTAP version 1" {
	if (d != cur + 1 || (d == 0 && NR != 1))
		fault("version line at depth " d " inside a document at depth " cur)
	cur = d
	want_plan[d] = 1
	count[d] = 0
	failed[d] = 0
	plan[d] = 0
	sub_name[d] = ""
	next
}

d == 0 && line ~ /^Bail out!/ {
	bailed = 1
	next
}

line ~ /^# Subtest: / && d == cur && want_plan[d] {
	sub_name[d] = substr(line, 12)
	next
}

line ~ /^#/ { next }

line ~ /^1\.\.[0-9]+$/ {
	if (d != cur || !want_plan[d])
		fault("plan out of place at depth " d)
	want_plan[d] = 0
	plan[d] = substr(line, 4) + 0
	next
}

line ~ /^(not )?ok [0-9]+/ {
	if (d == cur - 1) { # the parent of the subtest at cur
		close_doc(cur)
		desc = line
		sub(/^(not )?ok [0-9]+ /, "", desc)
		skip = desc ~ / # SKIP/
		sub(/ #.*/, "", desc)
		if (sub_name[cur] != "" && sub_name[cur] != desc)
			fault("subtest named '" sub_name[cur] "' before the result of '" desc "'")
		if (failed[cur] && line ~ /^ok/ && !skip)
			fault("'" desc "' ok with a failing subtest")
		cur = d
	} else if (d != cur) {
		fault("result at depth " d " in a document at depth " cur)
		next
	}
	if (want_plan[d])
		fault("result before the plan at depth " d)
	n = line
	sub(/^(not )?ok /, "", n)
	sub(/ .*/, "", n)
	if (n + 0 != ++count[d])
		fault("result " n " where " count[d] " was due")
	if (line ~ /^not ok/)
		failed[d] = 1
	next
}

{ fault("not a KTAP line: " $0) }

END {
	if (NR == 0)
		fault("empty")
	else if (!bailed && cur != 0)
		fault("the document at depth " cur " not closed")
	else if (!bailed)
		close_doc(0)
	if (bad)
		exit 1
	print "depth " deepest
}
