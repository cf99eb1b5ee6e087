# SPDX-License-Identifier: GPL-2.0-or-later
#
# parse-console.awk - the verdict of one bring-up boot, from its console log.
#
#   awk -v required="NAME@VERSION ..." [-v hidden="NAME@VERSION ..."] [-v mode=run] \
#       -f parse-console.awk console.log
#
# The log holds the marker lines of tests/bringup/init.c around the output
# of each command (vdsotest info, then verify, verify --perturb=all, abi
# and bench with -o ktap), mixed with whatever the kernel printed.  Prints
# one "KEY VALUE" line each:
#
#   kernel    RELEASE, or "-" when init never ran
#   symbols   exported vDSO functions (NAME@VERSION, comma-separated), or "-"
#   untested  the exported functions vdsotest info says no API tests
#             ("not tested: REASON" under "testing"), NAME@VERSION
#             comma-separated, those "unknown to vdsotest" marked
#             "(unknown)"; or "-" (no failure: the reason is info's)
#   missing   the -v required functions that vdsotest info did not list
#             (comma-separated), or "-"; with -v hidden (the functions
#             the kernel hides on this machine), those listed all the same
#   verify    pass | FAIL | none, then details in parentheses
#   perturb   the same, for verify --perturb=all; or "not run" when this
#             vdsotest refused the option (exit 2: "unknown ... option")
#   abi       the same, for abi
#   known     the known kernel bugs vdsotest saw (KTAP "# XFAIL ID: ..."
#             in verify, perturbed verify or abi), space-separated ids, or "-"
#   unseen    the known kernel bugs vdsotest info listed "in range" for
#             this kernel that no command saw ("expected, not seen": a
#             fix may have been backported, or the run did not provoke
#             it; no failure), or "-"
#   bench     vDSO and system call ns/call of clock-gettime-monotonic
#   done      yes when init reached its end (the machine powered off)
#   klog      clean, or how many kernel warnings, BUGs, Oopses or panics
#             the console shows, and the first of them
#   command   one line per command run: its number, exit status (or
#             "signal N", or "none") and the command
#
# A TEST-TYPE passes when its commands exited 0 and their KTAP output has
# plans whose every test point is "ok" (with or without # SKIP, or #
# XFAIL: a known kernel bug of that kernel, vdsotest's verdict,
# src/core/known_bugs.c), and "FAIL" otherwise; "none" when the command
# never finished (timeout, crash of the guest).
# The exit status of awk is 0 when verify, perturb and abi pass (perturb
# also "not run"), init reached its end, no required function is missing
# and the kernel reported no problem, 1 otherwise.
# With -v mode=run (tests/bringup/run --run: commands of the user's
# choice), only init's end and the kernel log count.

function verdict(t,    n, x) {
	if (t == "perturb" && refused && status[t] == 2)
		return "not run (this vdsotest has no --perturb)"
	if (!(t in status) || finished[t] < started[t])
		return "none (no exit status: the guest stopped or timed out)"
	if (!(t in plan))
		return "FAIL (no KTAP plan; exit " status[t] ")"
	n = oks[t] + skips[t] + nots[t]
	if (n != plan[t])
		return "FAIL (" n " of " plan[t] " results; exit " status[t] ")"
	if (status[t] == 77 && hidden != "" && nots[t] == 0)
		return "pass (no vDSO function on this machine: nothing to test, exit 77)"
	if (status[t] == 77)
		return "FAIL (nothing could be tested: exit 77; no vDSO?)"
	x = xfails[t] ? ", " xfails[t] " xfail" : ""
	if (nots[t] == 0 && status[t] == 0)
		return "pass (" oks[t] + 0 " ok, " skips[t] + 0 " skipped" x ")"
	return "FAIL (" (nots[t] ? failing[t] "; " : "") "exit " status[t] ")"
}

{ sub(/\r+$/, "") }
# The kernel may print on the console in the middle of a marker's line.
/.### bringup: / { sub(/^.*### bringup: /, "### bringup: ") }

# What the kernel says when it goes wrong (printed at KERN_WARNING or above;
# the guests boot with loglevel=5, which shows those): WARN_ON and BUG_ON
# ("cut here", "WARNING: CPU:", "kernel BUG at"), the die() counter of
# every architecture's Oops ("[#1]"), "BUG:" reports (lockdep, KASAN,
# sleeping in atomic, soft lockups), UBSAN, RCU stalls, hung tasks, panics,
# and a clocksource the kernel stopped trusting.
/(-\[ cut here \]-|WARNING: CPU: |WARNING: possible |kernel BUG at |BUG: |\[#[0-9]+\]|Unable to handle kernel|UBSAN: |rcu: INFO: |blocked for more than [0-9]+ seconds|Kernel panic|Marking clocksource .* as unstable)/ {
	if (kernel_problems++ == 0)
		first_problem = $0
}

/^### bringup: kernel / { kernel = $4; next }
/^### bringup: done/ { done = "yes"; next }
/^### bringup: run / {
	cur = ""
	commands++
	command[commands] = substr($0, 18)
	if ($0 ~ / info( |$)/) cur = "info"
	else if ($0 ~ / verify( |$)/ && $0 ~ / --perturb=/) cur = "perturb"
	else if ($0 ~ / verify( |$)/) cur = "verify"
	else if ($0 ~ / abi( |$)/) cur = "abi"
	else if ($0 ~ / bench( |$)/) cur = "bench"
	if (cur != "")
		started[cur]++
	next
}
/^### bringup: (exit|signal) / {
	if (commands && !(commands in command_status))
		command_status[commands] = ($3 == "exit") ? $4 : "signal " $4
	# several commands of one TEST-TYPE: the first status that is not 0
	if (cur != "" && (!(cur in status) || status[cur] == 0))
		status[cur] = ($3 == "exit") ? $4 : 128 + $4
	if (cur != "")
		finished[cur]++
	cur = ""
	next
}

cur == "perturb" && /option '--perturb/ && /(unknown|unrecognized)/ { refused = 1 }

# vdsotest info: the known kernel bugs whose range holds this kernel
cur == "info" && /^  [0-9a-f]+ in range: / {
	if (index(" " in_range " ", " " $1 " ") == 0)
		in_range = in_range (in_range == "" ? "" : " ") $1
	next
}
cur == "info" && /^symbols:/ { in_symbols = 1; next }
cur == "info" && in_symbols && /^  [^ ]+@[^ ]+ 0x/ {
	symbols = symbols (symbols == "" ? "" : ",") $1
	next
}
cur == "info" && /^testing / { in_symbols = 0; in_testing = 1; next }
cur == "info" && in_testing && /^  [^ ]+ not tested: / {
	untested = untested (untested == "" ? "" : ",") $1 \
		($0 ~ / not tested: unknown to vdsotest$/ ? " (unknown)" : "")
	next
}
cur == "info" && /^[^ ]/ { in_symbols = 0; in_testing = 0 }

(cur == "verify" || cur == "perturb" || cur == "abi") && /^1\.\.[0-9]+$/ {
	plan[cur] += substr($0, 4) + 0
	next
}
# a known kernel bug (vdsotest's XFAIL): its id, in a subtest or an API's line
(cur == "verify" || cur == "perturb" || cur == "abi") && /^ *ok [0-9]+ .* # XFAIL [0-9a-f]+: / {
	id = $0
	sub(/^.* # XFAIL /, "", id)
	sub(/:.*$/, "", id)
	if (index(" " known " ", " " id " ") == 0)
		known = known (known == "" ? "" : " ") id
}
(cur == "verify" || cur == "perturb" || cur == "abi") && /^ok [0-9]+ / {
	if ($0 ~ /# SKIP/) skips[cur]++; else oks[cur]++
	if ($0 ~ /# XFAIL /) xfails[cur]++
	next
}
(cur == "verify" || cur == "perturb" || cur == "abi") && /^not ok [0-9]+ / {
	nots[cur]++
	if (index(" " failing[cur] " ", " " $4 " ") == 0)
		failing[cur] = failing[cur] (failing[cur] == "" ? "" : " ") $4
	next
}

cur == "bench" && /^# clock-gettime-monotonic system calls per second: / {
	syscall_cps = $7 + 0
	next
}
cur == "bench" && /^# clock-gettime-monotonic vdso calls per second: / {
	vdso_cps = $7 + 0
	next
}

END {
	print "kernel", (kernel == "" ? "-" : kernel)
	print "symbols", (symbols == "" ? "-" : symbols)
	print "untested", (untested == "" ? "-" : untested)
	n = split(required, req, " ")
	for (i = 1; i <= n; i++)
		if (index("," symbols ",", "," req[i] ",") == 0)
			missing = missing (missing == "" ? "" : ",") req[i]
	n = split(hidden, req, " ")
	for (i = 1; i <= n; i++)
		if (index("," symbols ",", "," req[i] ",") != 0)
			missing = missing (missing == "" ? "hidden on this machine, but exported: " : ",") req[i]
	print "missing", (missing == "" ? "-" : missing)
	v = verdict("verify")
	p = verdict("perturb")
	a = verdict("abi")
	print "verify", v
	print "perturb", p
	print "abi", a
	print "known", (known == "" ? "-" : known)
	n = split(in_range, req, " ")
	for (i = 1; i <= n; i++)
		if (index(" " known " ", " " req[i] " ") == 0)
			unseen = unseen (unseen == "" ? "" : " ") req[i]
	print "unseen", (unseen == "" ? "-" : unseen)
	if (vdso_cps > 0 && syscall_cps > 0)
		printf "bench %.1f ns vDSO, %.1f ns syscall\n", 1e9 / vdso_cps, 1e9 / syscall_cps
	else
		print "bench -"
	print "done", (done == "yes" ? "yes" : "no")
	if (kernel_problems)
		print "klog", kernel_problems " problem(s), the first: " first_problem
	else
		print "klog clean"
	for (i = 1; i <= commands; i++)
		print "command", i, (i in command_status ? command_status[i] : "none"), command[i]
	if (mode == "run")
		exit !(done == "yes" && !kernel_problems)
	exit !(done == "yes" && v ~ /^pass/ && p ~ /^(pass|not run)/ &&
	       a ~ /^pass/ && !kernel_problems && missing == "")
}
