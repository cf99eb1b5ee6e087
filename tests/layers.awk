# SPDX-License-Identifier: GPL-2.0-or-later
#
# The layer rule of src/ (HACKING.md), checked on a module graph.
# Input, one edge per line:  FROM TO KIND WHY
#   FROM, TO  modules as LAYER/NAME (src/harness/bench.o is harness/bench)
#   KIND      "call" (FROM's object needs a symbol TO's defines) or
#             "include" (FROM's source includes TO's header)
#   WHY       the symbol or the header, for the message
# Set LAYERS to the layer names from top to bottom, separated by spaces.
# Output: one line per violation, "upward: ..." or "cycle: ...", then a
# last line "modules M, edges E, upward U, in cycles C".  Exit status 1
# when there is a violation, 0 otherwise.

BEGIN {
	n = split(LAYERS, order, " ")
	for (i = 1; i <= n; i++)
		rank[order[i]] = i
}

function layer_of(m) {
	sub(/\/.*/, "", m)
	return m
}

NF >= 3 && $1 != $2 {
	from = $1; to = $2
	module[from] = 1; module[to] = 1
	lf = layer_of(from); lt = layer_of(to)
	if (!(lf in rank) || !(lt in rank)) {
		printf "upward: %s -> %s: %s is in no layer of LAYERS\n", from, to,
			(lf in rank) ? lt : lf
		bad++; upward++
		next
	}
	if (rank[lf] > rank[lt]) {
		printf "upward: %s -> %s (%s %s, %s is below %s)\n", from, to, $3, $4, lf, lt
		bad++; upward++
	}
	if ($3 == "call" && !((from, to) in edge)) {
		edge[from, to] = $4
		out[from] = out[from] " " to
		edges++
	}
}

END {
	# Kahn's algorithm backwards: take away modules that call nothing
	# left; what stays is on a cycle or calls into one.
	for (m in module)
		left[m] = 1
	do {
		changed = 0
		for (m in left) {
			k = split(out[m], to_list, " ")
			busy = 0
			for (j = 1; j <= k; j++)
				if (to_list[j] in left)
					busy = 1
			if (!busy) {
				delete left[m]
				changed = 1
			}
		}
	} while (changed)
	# Of those, the modules on a cycle: reachable from themselves.
	for (m in left) {
		split("", seen)
		stack[1] = m; sp = 1; found = 0
		while (sp > 0 && !found) {
			cur = stack[sp--]
			k = split(out[cur], to_list, " ")
			for (j = 1; j <= k; j++) {
				t = to_list[j]
				if (!(t in left))
					continue
				if (t == m) {
					found = 1
					break
				}
				if (!(t in seen)) {
					seen[t] = 1
					stack[++sp] = t
				}
			}
		}
		if (found) {
			cyclic[m] = 1
			ncyclic++
		}
	}
	# One line per cycle found: the shortest way from a module back to
	# itself (breadth first), each module of it then counted as shown.
	for (m in cyclic) {
		if (m in shown)
			continue
		split("", prev)
		head = 1; tail = 0
		queue[++tail] = m
		found = 0
		while (head <= tail && !found) {
			cur = queue[head++]
			k = split(out[cur], to_list, " ")
			for (j = 1; j <= k; j++) {
				t = to_list[j]
				if (!(t in cyclic))
					continue
				if (t == m) {
					last = cur
					found = 1
					break
				}
				if (!(t in prev)) {
					prev[t] = cur
					queue[++tail] = t
				}
			}
		}
		path = m; why = edge[last, m]
		for (cur = last; cur != m; cur = prev[cur]) {
			path = cur " -> " path
			why = edge[prev[cur], cur] ", " why
			shown[cur] = 1
		}
		shown[m] = 1
		printf "cycle: %s -> %s (%s)\n", m, path, why
		bad++
	}
	for (m in module)
		modules++
	printf "modules %d, edges %d, upward %d, in cycles %d\n", modules, edges, upward,
		ncyclic
	exit bad ? 1 : 0
}
