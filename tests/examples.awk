# SPDX-License-Identifier: GPL-2.0-or-later
# tests/examples.sh's two halves (the rules are described there):
#   awk -v mode=extract -v dir=DIR FILE...  writes each example of the
#     README/manual FILEs as DIR/N.where, DIR/N.cmd and DIR/N.shown;
#   awk -v mode=all|sections SHOWN REAL  prints why REAL does not have
#     SHOWN's shape (exit 1), or nothing (exit 0).

# ---- extract ----
function start_example(cmd) {
	end_example()
	nex++
	cur = dir "/" nex
	printf "%s:%d\n", FILENAME, FNR >(cur ".where")
	close(cur ".where")
	ex_cmd = cmd
	ex_shown = ""
	in_cmd = 1
}
function end_example() {
	if (cur == "")
		return
	printf "%s\n", ex_cmd >(cur ".cmd")
	close(cur ".cmd")
	printf "%s", ex_shown >(cur ".shown")
	close(cur ".shown")
	cur = ""
}
function add_shown(line) {
	in_cmd = 0
	ex_shown = ex_shown line "\n"
}
# roff's escapes, as man shows them
function unroff(s) {
	gsub(/\\f[BIRP]/, "", s)
	gsub(/\\f\(CW/, "", s)
	gsub(/\\-/, "-", s)
	gsub(/\\&/, "", s)
	gsub(/\\\(\+-/, "\302\261", s)
	gsub(/\\\(aq/, "'", s)
	gsub(/\\\(dq/, "\"", s)
	gsub(/\\ /, " ", s)
	gsub(/\\e/, "\\", s)
	return s
}

mode == "extract" && FNR == 1 {
	end_example()
	fence = 0
	ex_block = 0
}
mode == "extract" && FILENAME ~ /\.md$/ {
	if ($0 ~ /^ *```/) {
		end_example()
		fence = !fence
		next
	}
	if (!fence)
		next
	if ($0 ~ /^\$ /) {
		start_example(substr($0, 3))
		next
	}
	if (cur != "" && in_cmd && $0 ~ /^> /) {
		ex_cmd = ex_cmd "\n" substr($0, 3)
		next
	}
	if (cur != "" && $0 ~ /^[ \t]*$/) {
		end_example()
		next
	}
	if (cur != "")
		add_shown($0)
	next
}
mode == "extract" {
	if ($0 ~ /^\.EX/) {
		ex_block = 1
		next
	}
	if ($0 ~ /^\.EE/) {
		end_example()
		ex_block = 0
		next
	}
	if (!ex_block)
		next
	line = unroff($0)
	if (line ~ /^\$ /) {
		start_example(substr(line, 3))
		next
	}
	if (cur != "")
		add_shown(line)
	next
}

# ---- compare ----
# bench's notes on the run's conditions: they come with the load
function load_note(s) {
	return s ~ /^Note: ([^ :]+: )?(the CPU was shared|too busy to time a call alone|[0-9]+ involuntary context switch(es)?|an unknown number of involuntary|SMT sibling CPU|the hypervisor took|spread above|CPU [0-9]+'s frequency governor|turbo\/boost is on)/
}

# The regular expression a shown line stands for.
function shape(s,    out, i, n, c, rest, k) {
	# the machine's words: \001 is anything, \002 compare's verdict
	if (s ~ /^# [a-z]+ [0-9.]+ [a-z]+: Linux /)
		sub(/Linux .*, clocksource .*$/, "Linux \001, clocksource \001", s)
	if (s ~ /^# CPU: /) {
		sub(/^# CPU: [^;]*;/, "# CPU: \001;", s)
		sub(/CPUs online.*$/, "CPUs online\001", s)
	}
	for (k = 1; k <= nkeys; k++)
		sub("\"" keys[k] "\": (\"[^\"]*\"|null)", "\"" keys[k] "\": \001", s)
	sub(/(faster|slower|no significant change)$/, "\002", s)

	out = "^"
	n = length(s)
	i = 1
	while (i <= n && substr(s, i, 1) == " ") {
		out = out " "
		i++
	}
	if (i <= n && substr(s, i) ~ /^--+$/)
		return out "-+$"
	while (i <= n) {
		c = substr(s, i, 1)
		rest = substr(s, i)
		if (c == "\001") {
			out = out ".*"
			i++
		} else if (c == "\002") {
			out = out "(faster|slower|no significant change)"
			i++
		} else if (match(rest, /^[-+]?[0-9]+(\.[0-9]+)?/) &&
			   (c ~ /[0-9]/ || i == 1 || substr(s, i - 1, 1) !~ /[A-Za-z0-9]/)) {
			out = out "[-+]?[0-9]+([.][0-9]+)?"
			i += RLENGTH
		} else if (c == " ") {
			match(rest, /^ +/)
			# (after a '±', bytes \302\261 here: a right-aligned spread
			# of 100 % or more leaves no space)
			out = out (i > 2 && substr(s, i - 2, 2) == "\302\261" ? " *" : " +")
			i += RLENGTH
		} else {
			if (c == "\\")
				out = out "\\\\"
			else if (c == "^")
				out = out "\\^"
			else if (index("[].*+?(){}|$", c))	# (no bracket expression: gawk and busybox reject "[][...]")
				out = out "[" c "]"
			else
				out = out c
			i++
		}
	}
	return out "$"
}

function trim(s) {
	sub(/[ \t]+$/, "", s)
	return s
}

# A latency histogram's rows, one per decade from the fastest call's to the
# slowest's, stand for any such rows: each run of them becomes one line.
function histogram(s,    p) {
	if (s !~ /^[^ ]+: [^ ]+: +(< |>= )?[0-9.]+(-[0-9.]+)? [num]?s +[0-9]+ +[0-9.]+%( +#*)?$/)
		return s
	p = s
	sub(/: +(< |>= )?[0-9.]+(-[0-9.]+)? [num]?s .*$/, "", p)
	return p ": (latency histogram rows)"
}

mode != "extract" && FILENAME == ARGV[1] {
	$0 = histogram(trim($0))
	if (load_note($0) || (ns > 0 && text[ns] == $0 && $0 ~ /\(latency histogram rows\)$/))
		next
	if (mode == "sections") {
		if ($0 ~ /^[ \t]/ || $0 == "...")
			next
		sub(/:.*/, ":")
	}
	ns++
	gap[ns] = ($0 == "...")
	text[ns] = $0
	next
}
mode != "extract" {
	$0 = histogram(trim($0))
	if (load_note($0) || (nr > 0 && real[nr] == $0 && $0 ~ /\(latency histogram rows\)$/))
		next
	if (mode == "sections") {
		if ($0 ~ /^[ \t]/)
			next
		sub(/:.*/, ":")
	}
	real[++nr] = $0
}

# Does the segment of shown lines k..e match the output from line s on?
# (The number of its lines that match, in order, from the first.)
function seg_match(k, e, s,    j) {
	for (j = k; j <= e; j++)
		if (s + j - k > nr || real[s + j - k] !~ re[j])
			return j - k
	return e - k + 1
}
function fail(j, r) {
	printf "line %d of the shown output: not in the output: %s\n", j, text[j]
	if (r <= nr)
		printf "real output, line %d: %s\n", r, real[r]
	else
		printf "real output ends after line %d\n", nr
	bad = 1
}

END {
	if (mode == "extract") {
		end_example()
		exit 0
	}
	for (j = 1; j <= ns; j++)
		re[j] = shape(text[j])
	# with no shown line, no output
	if (ns == 0 && nr > 0) {
		printf "no output shown, but the output has %d lines, first: %s\n", nr, real[1]
		exit 1
	}
	pos = 1
	anchored = 1
	k = 1
	while (k <= ns && !bad) {
		if (gap[k]) {
			anchored = 0
			k++
			continue
		}
		e = k
		while (e < ns && !gap[e + 1])
			e++
		len = e - k + 1
		found = 0
		best = -1
		bests = pos
		for (s = pos; s <= (anchored ? pos : nr + 1); s++) {
			m = seg_match(k, e, s)
			if (m > best) {
				best = m
				bests = s
			}
			if (m == len && (e < ns || s + len - 1 == nr)) {
				found = 1
				break
			}
		}
		if (!found) {
			if (best == len)	# it matched, but not up to the end
				printf "the output goes on after the shown output's last line: line %d: %s\n",
					bests + len, real[bests + len]
			else
				fail(k + best, bests + best)
			bad = 1
			break
		}
		pos = s + len
		anchored = 1
		k = e + 1
	}
	if (!bad && ns > 0 && !gap[ns] && pos <= nr) {
		printf "the output goes on after the shown output's last line: line %d: %s\n", pos, real[pos]
		bad = 1
	}
	exit bad
}

BEGIN {
	nkeys = split("kernel_release machine clocksource cpu_model governor boost boost_file", keys, " ")
}
