# SPDX-License-Identifier: GPL-2.0-or-later
#
# awk -v arch=ARCH [-v types="bench verify abi"] -f compare.awk RESULTS CONSOLE
#
# make check-lava's verdict on one job: what LAVA recorded (RESULTS, from
# lava-run's log by tests/lava/lava.py: "DEFINITION<TAB>CASE<TAB>RESULT
# <TAB>MEASUREMENT<TAB>UNITS" per line) against vdsotest's own KTAP of the
# same run (CONSOLE, the guest's console in that log), where
# contrib/lava/vdsotest-lava.sh writes, per TEST-TYPE,
#
#   + vdsotest -o ktap ... TEST-TYPE     (the command)
#   ...                                  (its messages, then its KTAP)
#   + exit status N
#
# From KTAP's own rules (Documentation/dev-tools/ktap.rst), LAVA must hold
# for the test definition (DEFINITION N_vdsotest) exactly:
#   TEST-TYPE-NAME     per top-level test point "ok"/"not ok" N NAME: pass,
#                      fail, or skip for an "ok" with a SKIP directive;
#   bench-API-PATH     per bench line "# API system|libc|vdso calls per
#                      second: RATE" (PATH syscall, libc, vdso): API's
#                      result, measurement 10^9 / RATE ns (the two decimals
#                      the script prints), units ns;
#   vdsotest-TEST-TYPE per run: pass (exit 0), skip (77), else fail;
# no case twice and none besides; every TEST-TYPE of types once, with a
# plan equal to its number of test points; and LAVA's own records of the
# definition and of the job: pass.  Output: each difference, then one line
# with the counts; exit status 0 when all agree, 1 otherwise.
BEGIN {
	FS = "\t"
	if (types == "")
		types = "bench verify abi"
	ntypes = split(types, type_list, " ")
	bad = 0
}

function problem(msg) {
	bad++
	if (bad <= 30)
		print arch ": " msg
}

function expect(name, result, ns) {
	if (name in want) {
		problem("the KTAP gives " name " twice")
		return
	}
	want[name] = result
	want_ns[name] = ns
	order[++nwant] = name
}

function abs(x) {
	return x < 0 ? -x : x
}

# ---- RESULTS ----
FNR == NR {
	if ($1 ~ /^[0-9]+_vdsotest$/) {
		if ($2 in got)
			problem("LAVA recorded " $2 " more than once")
		got[$2] = $3
		got_ns[$2] = $4
		got_units[$2] = $5
		if ($4 != "-")
			measurements++
		else
			cases[$3]++
	} else if ($1 == "lava" && $2 ~ /^[0-9]+_vdsotest$/) {
		suite = $3
	} else if ($1 == "lava" && $2 == "job") {
		job = $3
	}
	next
}

# ---- CONSOLE: the KTAP of each TEST-TYPE ----
{ sub(/\r+$/, "") }
/^\+ ([^ ]*\/)?vdsotest -o ktap / {
	if (type != "")
		problem(type ": no exit status before the next command")
	type = w[split($0, w, " ")]
	section[type]++
	plan = -1
	points = 0
	npending = 0
	next
}
type != "" && /^\+ exit status [0-9]+$/ {
	rc = $0
	sub(/.* /, "", rc)
	expect("vdsotest-" type, rc == 0 ? "pass" : rc == 77 ? "skip" : "fail", "")
	if (plan < 0)
		problem(type ": no KTAP plan")
	else if (plan != points)
		problem(type ": the KTAP plan is 1.." plan " but it has " points " test points")
	ran[type] = points
	type = ""
	next
}
type != "" && plan < 0 && /^1\.\.[0-9]+/ {
	plan = $0
	sub(/^1\.\./, "", plan)
	sub(/[^0-9].*/, "", plan)
	plan += 0
	next
}
type != "" && /^(not )?ok [0-9]+ / {
	name = $0
	sub(/^(not )?ok [0-9]+ (- )?/, "", name)
	sub(/ *#.*/, "", name)
	if ($0 ~ /^not ok/)
		r = "fail"
	else if ($0 ~ /#[ \t]*[Ss][Kk][Ii][Pp]/)
		r = "skip"
	else
		r = "pass"
	points++
	ktap[type, r]++
	if (r == "fail")
		failed_points = failed_points " " type "-" name
	expect(type "-" name, r, "")
	for (i = 1; i <= npending; i++) {
		if (pending_api[i] == name)
			expect("bench-" name "-" pending_path[i], r, pending_ns[i])
		else
			problem("bench " pending_api[i] " " pending_path[i] ": no test point of its own after it")
	}
	npending = 0
	next
}
type == "bench" && /^# [^ :]+ (system|libc|vdso) calls per second: *[0-9]+/ {
	rate = $0
	sub(/.*calls per second: */, "", rate)
	sub(/[^0-9].*/, "", rate)
	split($0, w, " ")
	if (rate + 0 > 0) {
		pending_api[++npending] = w[2]
		pending_path[npending] = w[3] == "system" ? "syscall" : w[3]
		pending_ns[npending] = 1e9 / rate
		paths++
	} else {
		unmeasured++
	}
	next
}

END {
	if (type != "")
		problem(type ": the KTAP ends without an exit status (vdsotest-lava.sh cut short?)")
	for (i = 1; i <= ntypes; i++)
		if (section[type_list[i]] != 1)
			problem(type_list[i] ": " (section[type_list[i]] + 0) " runs in the console, not 1")
	for (i = 1; i <= nwant; i++) {
		name = order[i]
		if (!(name in got)) {
			problem(name ": not recorded by LAVA (KTAP: " want[name] ")")
			continue
		}
		if (got[name] != want[name])
			problem(name ": LAVA recorded " got[name] ", the KTAP says " want[name])
		if (want_ns[name] == "" && got_ns[name] != "-")
			problem(name ": LAVA recorded a measurement " got_ns[name] " for a test point")
		if (want_ns[name] != "") {
			if (got_ns[name] == "-" || got_units[name] != "ns")
				problem(name ": no measurement in ns (LAVA: " got_ns[name] " " got_units[name] ")")
			else if (abs(got_ns[name] - want_ns[name]) > 0.0051)
				problem(sprintf("%s: LAVA's measurement %s ns is not 10^9 / the KTAP's calls per second (%.4f ns)",
					name, got_ns[name], want_ns[name]))
		}
	}
	for (name in got)
		if (!(name in want))
			problem(name ": recorded by LAVA (" got[name] "), not in the KTAP")
	if (suite != "pass")
		problem("LAVA's record of the test definition: " (suite == "" ? "none" : suite) ", not pass")
	if (job != "pass")
		problem("LAVA's record of the job: " (job == "" ? "none" : job) ", not pass")
	if (bad > 30)
		print arch ": ... " bad - 30 " more"

	ktap_line = ""
	for (i = 1; i <= ntypes; i++) {
		t = type_list[i]
		ktap_line = ktap_line sprintf("%s%s %d (%d ok, %d skip, %d not ok)", i > 1 ? ", " : "", t,
			ran[t], ktap[t, "pass"], ktap[t, "skip"], ktap[t, "fail"])
	}
	printf "%s: LAVA: %d test cases (%d pass, %d skip, %d fail) and %d measurements in ns\n", arch,
		cases["pass"] + cases["skip"] + cases["fail"], cases["pass"], cases["skip"], cases["fail"],
		measurements
	printf "%s: KTAP: %s, %d runs, %d bench paths measured%s\n", arch, ktap_line, ntypes, paths,
		unmeasured ? " (" unmeasured " with no calls)" : ""
	if (failed_points != "")
		printf "%s: vdsotest's own failures (recorded as fail by LAVA too):%s\n", arch, failed_points
	printf "%s: %s\n", arch, bad ? bad " differences: FAIL" : "LAVA's records and the KTAP agree: PASS"
	exit bad != 0
}
