// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the table of known kernel bugs (src/core/known_bugs.c):
 * the kernel versions read from uname's release and version, each row's
 * range (its first kernel, its fix, its stable backports, a stable
 * release not known), and the matching of a failure to a row (exact,
 * near-miss, another clock).
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "core/api.h"
#include "core/known_bugs.h"
#include "harness/perturb_readback.h"

static enum known_range range_of(const char *id, const char *release, const char *version)
{
	struct kernel_version k;

	kernel_version_parse(release, version, &k);
	return known_bug_range(known_bug_find(id), &k);
}

static void range(const char *id, const char *release, const char *version, enum known_range want)
{
	enum known_range got = range_of(id, release, version);

	ok(got == want, "%s on %s%s%s: %s (got %s)", id, release, version ? " / " : "",
	   version ? version : "", known_range_name(want), known_range_name(got));
}

static void version(const char *release, const char *ver, int major, int minor, int sub)
{
	struct kernel_version k;

	kernel_version_parse(release, ver, &k);
	ok(k.known && k.major == major && k.minor == minor && k.sublevel == sub,
	   "%s: %d.%d sublevel %d (got %d.%d %d, \"%s\")", release, major, minor, sub, k.major,
	   k.minor, k.sublevel, k.text);
}

/*
 * known_bugs_kernel() from @THREADS threads let go at once, in a new
 * process each time (it reads the kernel's version once per process): a
 * thread that returns before the first one has filled the version in
 * sees an empty one.  Under -t 2, verify's threads met this way on the
 * 32-bit build, and one thread's known bug came out "range unknown: this
 * kernel is " (CI, 2026-12-05).
 */
enum { THREADS = 4, PROCESSES = 200 };
static pthread_barrier_t start;

static void *read_kernel(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&start);
	const struct kernel_version *k = known_bugs_kernel(NULL);
	return (void *)(long)(k->known && k->text[0]);
}

static bool kernel_read_by_threads(void)
{
	pthread_t t[THREADS];
	long good = 0;

	if (pthread_barrier_init(&start, NULL, THREADS))
		return false;
	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, read_kernel, NULL))
			return false;
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		good += (long)r;
	}
	return good == THREADS;
}

int main(void)
{
	struct kernel_version k;

	/* versions */
	version("6.18.44-fc-v1252", NULL, 6, 18, 44);
	version("6.1.0-50-arm64", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.176-1 (2026-01-01)", 6, 1, 176);
	version("6.1.0-50-arm64", "#1 SMP PREEMPT_DYNAMIC", 6, 1, -1);
	version("6.16.12+deb13-arm64", "#1 SMP Debian 6.16.12-1~bpo13+1", 6, 16, 12);
	version("7.2", NULL, 7, 2, 0);
	version("6.17.0-rc3", NULL, 6, 17, 0);
	kernel_version_parse("vendor", NULL, &k);
	ok(!k.known, "a release that is no version: unknown");

	/* every row: an id of 12 hex digits, a call, a check, a fix or an introduction */
	for (size_t i = 0; i < known_bug_count; i++) {
		const struct known_bug *b = &known_bugs[i];
		ok(strlen(b->id) == 12 && strspn(b->id, "0123456789abcdef") == 12 && b->call &&
			   b->checks[0] && (b->fix_commit ? b->fix_subject && b->fix_version
							 : b->intro_commit && b->intro_subject) &&
			   known_bug_find(b->id) == b,
		   "row %s is complete", b->id);
	}

	/* aux clock_getres: from 6.17, no fix */
	range("cd3557a7618b", "6.16.3", NULL, KNOWN_BEFORE);
	range("cd3557a7618b", "6.17.0", NULL, KNOWN_IN_RANGE);
	range("cd3557a7618b", "7.3.0-rc7", NULL, KNOWN_IN_RANGE);
	range("cd3557a7618b", "vendor", NULL, KNOWN_RANGE_UNKNOWN);
	/* coarse clocks: always, fixed in 6.15 and 6.14.7 */
	range("b71f9804f66c", "5.10.223", NULL, KNOWN_IN_RANGE);
	range("b71f9804f66c", "6.1.0-50-arm64", NULL, KNOWN_IN_RANGE); /* no backport in 6.1 */
	range("b71f9804f66c", "6.14.6", NULL, KNOWN_IN_RANGE);
	range("b71f9804f66c", "6.14.7", NULL, KNOWN_FIXED);
	range("b71f9804f66c", "6.14.0-1-amd64", NULL, KNOWN_RANGE_UNKNOWN);
	range("b71f9804f66c", "6.15.0", NULL, KNOWN_FIXED);
	range("b71f9804f66c", "6.16.12+deb13-arm64", NULL, KNOWN_FIXED);
	/* the adjtimex offset: fixed in 6.13, 6.1.123, 6.12 (release unknown), not 5.10 */
	range("f5807b0606da", "5.10.0-32-arm64", "#1 SMP Debian 5.10.223-1", KNOWN_IN_RANGE);
	range("f5807b0606da", "6.1.122", NULL, KNOWN_IN_RANGE);
	range("f5807b0606da", "6.1.0-50-arm64", "#1 SMP Debian 6.1.176-1", KNOWN_FIXED);
	range("f5807b0606da", "6.1.0-50-arm64", NULL, KNOWN_RANGE_UNKNOWN);
	range("f5807b0606da", "6.12.57", NULL, KNOWN_RANGE_UNKNOWN);
	range("f5807b0606da", "6.13.0", NULL, KNOWN_FIXED);
	/* the NTP clamps: 5.10.226, 6.1.106, 6.11 */
	range("06c03c8edce3", "5.10.0-30-arm64", "#1 SMP Debian 5.10.223-1", KNOWN_IN_RANGE);
	range("87d571d6fb77", "5.10.226", NULL, KNOWN_FIXED);
	range("87d571d6fb77", "6.1.105", NULL, KNOWN_IN_RANGE);
	range("87d571d6fb77", "6.11.0", NULL, KNOWN_FIXED);

	/* matching */
	struct known_match m;
	struct known_symptom aux = { .call = "clock_getres",
				     .clock_id = CLOCK_AUX + 2,
				     .check = "rejects the clock id as the system call does",
				     .sys_errno = EINVAL,
				     .ret = 0,
				     .value_known = true,
				     .value = 1 };
	kernel_version_parse("6.18.44", NULL, &k);
	ok(known_bug_match(&aux, &k, &m) && m.bug == known_bug_find("cd3557a7618b"),
	   "aux 1 ns on 6.18: the known bug");
	aux.call = "clock_getres_time64";
	ok(known_bug_match(&aux, &k, &m), "aux 1 ns through clock_getres_time64: the known bug");
	aux.value = 2;
	ok(!known_bug_match(&aux, &k, &m) && m.bug && strstr(m.why, "2 ns, not 1 ns"),
	   "aux 2 ns: a near-miss (%s)", m.why);
	aux.value = 1;
	aux.sys_errno = ENODEV;
	ok(!known_bug_match(&aux, &k, &m) && m.bug && strstr(m.why, "not EINVAL"),
	   "aux with ENODEV from the system call: a near-miss (%s)", m.why);
	aux.clock_id = 8; /* CLOCK_REALTIME_ALARM */
	aux.sys_errno = EINVAL;
	ok(!known_bug_match(&aux, &k, &m) && !m.bug, "an alarm clock: no row");
	struct known_symptom coarse = { .call = "clock_gettime",
					.clock_id = CLOCK_MONOTONIC_COARSE,
					.clock_flags = CLK_COARSE,
					.check = "not behind the previous reading",
					.value_known = true,
					.value = 1875 };
	kernel_version_parse("6.1.0-50-arm64", "#1 SMP Debian 6.1.176-1", &k);
	ok(known_bug_match(&coarse, &k, &m) && !strcmp(m.bug->id, "b71f9804f66c"),
	   "coarse 1875 ns back on 6.1.176: b71f9804f66c");
	coarse.check = "coarse not ahead of the fine clock";
	ok(!known_bug_match(&coarse, &k, &m) && !m.bug, "another check: no row");
	coarse.check = "not behind the previous reading";
	kernel_version_parse("6.16.12", NULL, &k);
	ok(!known_bug_match(&coarse, &k, &m) && m.range == KNOWN_FIXED && strstr(m.why, "regression"),
	   "coarse back on 6.16.12: a regression after the fix (%s)", m.why);
	struct known_symptom off = { .call = "adjtimex",
				     .check = "adjtimex reads back what was set",
				     .field = "offset",
				     .set = -500,
				     .value = 4294467 };
	kernel_version_parse("5.10.0-32-arm64", "#1 SMP Debian 5.10.223-1", &k);
	ok(known_bug_match(&off, &k, &m) && !strcmp(m.bug->id, "f5807b0606da"),
	   "offset -500 read back as 4294467 on 5.10.223: f5807b0606da");
	off.value = -501;
	ok(!known_bug_match(&off, &k, &m) && m.bug, "offset -501 after -500: a near-miss (%s)",
	   m.why);
	struct known_symptom tc = { .call = "adjtimex",
				    .check = "adjtimex reads back what was set",
				    .field = "constant",
				    .set = 0x7ffffffe,
				    .value = 0 };
	ok(known_bug_match(&tc, &k, &m) && !strcmp(m.bug->id, "06c03c8edce3"),
	   "time constant read back 0 on 5.10.223: 06c03c8edce3");

	/* riscv's vDSO C functions without FDEs: from 5.8, no fix */
	range("ad5d1122b82f", "5.7.0", NULL, KNOWN_BEFORE);
	range("ad5d1122b82f", "6.12.0-1-riscv64", "#1 SMP Debian 6.12.117-1", KNOWN_IN_RANGE);
	range("ad5d1122b82f", "7.2.11+deb13-riscv64", NULL, KNOWN_IN_RANGE);
	struct known_symptom uw = { .call = "clock_gettime",
				    .clock_id = -1,
				    .check = "backtrace from the vDSO reaches the caller",
				    .unwind_known = true,
				    .unwind_pc = VDSO_UNWIND_UNCOVERED,
				    .unwind_fn = VDSO_UNWIND_UNCOVERED };
	kernel_version_parse("6.12.0-1-riscv64", "#1 SMP Debian 6.12.117-1", &k);
	ok(known_bug_match(&uw, &k, &m) && !strcmp(m.bug->id, "ad5d1122b82f"),
	   "no FDE for the function nor the address, on 6.12.117: ad5d1122b82f");
	uw.unwind_pc = VDSO_UNWIND_COVERED;
	ok(!known_bug_match(&uw, &k, &m) && m.bug && strstr(m.why, "a wrong FDE"),
	   "an FDE covers the address: a near-miss (%s)", m.why);
	uw.unwind_pc = VDSO_UNWIND_UNCOVERED;
	uw.unwind_fn = VDSO_UNWIND_COVERED;
	ok(!known_bug_match(&uw, &k, &m) && m.bug && strstr(m.why, "covers part of the function"),
	   "an FDE covers part of the function: a near-miss (%s)", m.why);
	uw.unwind_fn = VDSO_UNWIND_NO_TABLE;
	ok(!known_bug_match(&uw, &k, &m) && m.bug && strstr(m.why, "no .eh_frame_hdr"),
	   "no search table: a near-miss (%s)", m.why);
	uw.unwind_fn = VDSO_UNWIND_BAD;
	ok(!known_bug_match(&uw, &k, &m) && m.bug && strstr(m.why, "malformed"),
	   "a malformed table: a near-miss (%s)", m.why);
	uw.unwind_fn = VDSO_UNWIND_UNCOVERED;
	uw.machine = EM_RISCV;
	ok(known_bug_match(&uw, &k, &m) && !strcmp(m.bug->id, "ad5d1122b82f"),
	   "no FDE, riscv's vDSO: ad5d1122b82f");
	uw.machine = EM_386;
	kernel_version_parse("6.18.44", NULL, &k);
	ok(known_bug_match(&uw, &k, &m) && !strcmp(m.bug->id, "7a59ed415f5b"),
	   "no FDE, x86's 32-bit vDSO: 7a59ed415f5b");
	uw.machine = EM_X86_64;
	ok(!known_bug_match(&uw, &k, &m) && !m.bug, "no FDE, x86_64's vDSO: no row");
	uw.machine = 0;
	uw.unwind_known = false;
	ok(!known_bug_match(&uw, &k, &m) && !m.bug, "tables not looked up: no row");

	/* the disturber's adjtimex read-back (harness/perturb_readback.h) */
	struct readback_mismatch rm;
	struct timex pll = { .modes = ADJ_OFFSET | ADJ_STATUS, .offset = -500, .status = STA_PLL };
	struct timex got = { .offset = -500, .status = STA_PLL };
	ok(perturb_readback_check(&pll, false, &got, &rm), "PLL offset -500 us read back -500");
	got.offset = -400;
	ok(perturb_readback_check(&pll, false, &got, &rm), "PLL offset -500 us read back -400 (decayed)");
	got.offset = -300;
	ok(!perturb_readback_check(&pll, false, &got, &rm) && !strcmp(rm.field, "offset"),
	   "PLL offset -500 us read back -300: too little");
	got.offset = 4294467; /* Debian's 5.10.223 */
	ok(!perturb_readback_check(&pll, false, &got, &rm) && !strcmp(rm.field, "offset") &&
		   rm.set == -500 && rm.got == 4294467,
	   "PLL offset -500 us read back 4294467: a mismatch");
	struct known_symptom rs = { .call = "adjtimex",
				    .check = READBACK_CHECK,
				    .field = rm.field,
				    .set = rm.set,
				    .value = rm.got,
				    .value_known = true };
	kernel_version_parse("5.10.0-32-arm64", "#1 SMP Debian 5.10.223-1 (2024-08-10)", &k);
	ok(known_bug_match(&rs, &k, &m) && !strcmp(m.bug->id, "f5807b0606da"),
	   "that mismatch on 5.10.223: f5807b0606da");
	kernel_version_parse("6.1.0-50-arm64", "#1 SMP Debian 6.1.176-1", &k);
	ok(!known_bug_match(&rs, &k, &m) && m.range == KNOWN_FIXED,
	   "that mismatch on 6.1.176: a regression (%s)", m.why);
	struct timex fields = { .modes = ADJ_TIMECONST | ADJ_MAXERROR | ADJ_ESTERROR,
				.constant = LONG_MAX - 1,
				.maxerror = 2 * READBACK_PHASE_LIMIT,
				.esterror = 3 * READBACK_PHASE_LIMIT };
	struct timex clamped = { .constant = 10,
				 .maxerror = READBACK_PHASE_LIMIT,
				 .esterror = READBACK_PHASE_LIMIT };
	ok(perturb_readback_check(&fields, false, &clamped, &rm),
	   "fields beyond their range read back clamped");
	struct timex overflowed = clamped;
	overflowed.constant = 0;
	ok(!perturb_readback_check(&fields, false, &overflowed, &rm) &&
		   !strcmp(rm.field, "constant") && rm.got == 0,
	   "time constant LONG_MAX - 1 read back 0: a mismatch");
	kernel_version_parse("5.10.0-30-arm64", "#1 SMP Debian 5.10.223-1", &k);
	rs.field = rm.field, rs.set = rm.set, rs.value = rm.got;
	ok(known_bug_match(&rs, &k, &m) && !strcmp(m.bug->id, "06c03c8edce3"),
	   "that mismatch on 5.10.223: 06c03c8edce3");
	struct timex unclamped = clamped;
	unclamped.maxerror = 2 * READBACK_PHASE_LIMIT;
	ok(!perturb_readback_check(&fields, false, &unclamped, &rm) && !strcmp(rm.field, "maxerror"),
	   "maxerror beyond the limit read back unclamped: a mismatch");
	rs.field = rm.field, rs.set = rm.set, rs.value = rm.got;
	ok(known_bug_match(&rs, &k, &m) && !strcmp(m.bug->id, "87d571d6fb77"),
	   "that mismatch on 5.10.223: 87d571d6fb77");
	rs.value = rs.set - 1000; /* neither clamped nor left as set */
	ok(!known_bug_match(&rs, &k, &m) && m.bug && strstr(m.why, "not the unclamped value"),
	   "maxerror read back 1000 us below the value set: a near-miss (%s)", m.why);
	struct timex tc3 = { .modes = ADJ_TIMECONST, .constant = 3 };
	struct timex tc_got = { .constant = 7 };
	ok(perturb_readback_check(&tc3, false, &tc_got, &rm), "time constant 3, microsecond mode: 7");
	tc_got.constant = 3;
	ok(perturb_readback_check(&tc3, true, &tc_got, &rm), "time constant 3, nanosecond mode: 3");
	struct timex fq = { .modes = ADJ_FREQUENCY, .freq = 40000000 };
	struct timex fq_got = { .freq = 500L << 16 };
	ok(perturb_readback_check(&fq, false, &fq_got, &rm), "frequency beyond 500 ppm: clamped");
	fq_got.freq = 40000000;
	ok(!perturb_readback_check(&fq, false, &fq_got, &rm), "frequency beyond 500 ppm unclamped: a mismatch");
	ok(perturb_readback_singleshot(-500000, -499900, &rm), "singleshot -500000 us: -499900 left");
	ok(!perturb_readback_singleshot(-500000, 499900, &rm), "singleshot -500000 us: +499900, a mismatch");
	/* this kernel's version, read once for all threads */
	int torn = 0, lost = 0;
	for (int i = 0; i < PROCESSES; i++) {
		int status;
		pid_t pid = fork();
		if (pid == 0)
			_exit(kernel_read_by_threads() ? 0 : 1);
		if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			lost++;
		else
			torn += WEXITSTATUS(status) != 0;
	}
	ok(torn == 0 && lost == 0,
	   "known_bugs_kernel() from %d threads at once: every thread sees the version (%d of %d processes did not, %d lost)",
	   THREADS, torn, PROCESSES, lost);

	return tap_done();
}
