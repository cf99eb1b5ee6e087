// SPDX-License-Identifier: GPL-2.0-or-later
/* The known kernel bugs; see known_bugs.h and doc/known-bugs.md. */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "core/api.h"
#include "core/known_bugs.h"
#include "lib/child.h"

/*
 * The rows, in the order they were found.  Each fact's source: the
 * commits named (the kernel's git history), Debian's kernel changelogs
 * (which list the stable updates' subjects) and configs.  A stable series
 * "X.Y.?" has a backport whose release is not known here: kernels of that
 * series are "range unknown".
 */
const struct known_bug known_bugs[] = {
	{
		/*
		 * lib/vdso/gettimeofday.c, __cvdso_clock_getres_common():
		 * the VDSO_AUX branch answers aux_clock_resolution_ns()
		 * (include/vdso/auxclock.h) with no IS_ENABLED(CONFIG_POSIX_AUX_CLOCKS)
		 * test, where do_aux() of clock_gettime has one; the system
		 * call's clockid_to_kclock() (kernel/time/posix-timers.c)
		 * has no aux clocks without that config: EINVAL.
		 */
		.id = "cd3557a7618b",
		.intro_commit = "cd3557a7618b",
		.intro_subject = "vdso/gettimeofday: Add support for auxiliary clocks",
		.intro_version = "6.17",
		.stable_fixed = "",
		.arches = "every architecture whose vDSO clock_getres is the generic one "
			  "(lib/vdso): x86_64 and its 32-bit vDSO, arm64 and its compat vDSO, "
			  "riscv, s390, powerpc, loongarch",
		.config = "CONFIG_POSIX_AUX_CLOCKS=n",
		.call = "clock_getres",
		.checks = { "rejects the clock id as the system call does", KNOWN_ABI_CHECK },
		.kind = KNOWN_ANSWERS_REJECTED_ID,
		.answer = "the vDSO answers clock ids 16-23 (CLOCK_AUX..) with 0 and 1 ns, "
			  "and faults on a bad pointer, where the system call gives EINVAL",
		/* (not certain: a kernel in range built with the config does not show it) */
	},
	{
		/*
		 * kernel/time/timekeeping.c, timekeeping_apply_adjustment():
		 * a frequency change moves xtime_nsec back to keep the fine
		 * clocks continuous; the coarse clocks read xtime alone.
		 */
		.id = "b71f9804f66c",
		.fix_commit = "b71f9804f66c",
		.fix_subject = "timekeeping: Prevent coarse clocks going backwards",
		.fix_version = "6.15",
		.stable_fixed = "6.14.7",
		.arches = "every architecture",
		.config = "",
		.call = "clock_gettime",
		.checks = { "not behind the previous reading", "within the system call's readings",
			    "back-to-back: not behind the reading before it",
			    "cross-CPU: not behind the reading on another CPU",
			    /* the time namespace's readings around a fork (timens.c) */
			    "readings without an offset as ours", "readings offset by +1000 s" },
		.kind = KNOWN_COARSE_BACKWARDS,
		.answer = "CLOCK_MONOTONIC_COARSE or CLOCK_REALTIME_COARSE steps back by a few "
			  "microseconds when the frequency is adjusted (adjtimex ADJ_FREQUENCY)",
	},
	{
		/*
		 * kernel/time/ntp.c, __do_adjtimex(): "(u32)txc->offset /
		 * NSEC_PER_USEC" in microsecond mode.
		 */
		.id = "f5807b0606da",
		.fix_commit = "f5807b0606da",
		.fix_subject = "ntp: Remove invalid cast in time offset math",
		.fix_version = "6.13",
		.stable_fixed = "6.1.123 6.6.? 6.12.?",
		.arches = "every architecture",
		.config = "",
		.call = "adjtimex",
		.checks = { "adjtimex reads back what was set" },
		.kind = KNOWN_ADJTIMEX_OFFSET_U32,
		.answer =
			"adjtimex reads back a negative offset (microsecond mode) as about 4294967 "
			"minus its size: -500 reads back near 4294467",
		.certain = true,
	},
	{
		/* kernel/time/ntp.c, process_adjtimex_modes(): ADJ_TIMECONST unclamped */
		.id = "06c03c8edce3",
		.fix_commit = "06c03c8edce3",
		.fix_subject = "ntp: Safeguard against time_constant overflow",
		.fix_version = "6.11",
		.stable_fixed = "5.10.226 6.1.106 6.6.?",
		.arches = "every architecture",
		.config = "",
		.call = "adjtimex",
		.checks = { "adjtimex reads back what was set" },
		.kind = KNOWN_ADJTIMEX_UNCLAMPED,
		.answer = "ADJ_TIMECONST with LONG_MAX - 1 reads back 0 instead of 10 (MAXTC)",
		.certain = true,
	},
	{
		/* kernel/time/ntp.c, process_adjtimex_modes(): ADJ_MAXERROR, ADJ_ESTERROR */
		.id = "87d571d6fb77",
		.fix_commit = "87d571d6fb77",
		.fix_subject = "ntp: Clamp maxerror and esterror to operating range",
		.fix_version = "6.11",
		.stable_fixed = "5.10.226 6.1.106 6.6.?",
		.arches = "every architecture",
		.config = "",
		.call = "adjtimex",
		.checks = { "adjtimex reads back what was set" },
		.kind = KNOWN_ADJTIMEX_UNCLAMPED,
		.answer = "ADJ_MAXERROR or ADJ_ESTERROR out of range read back unclamped "
			  "(above NTP_PHASE_LIMIT, 16000000 us)",
		.certain = true,
	},
	{
		/*
		 * A deficiency rather than a wrong answer: riscv's vDSO C
		 * functions have no FDE.  ad5d1122b82f replaced the assembly
		 * clock_gettime.S (with .cfi directives) by vgettimeofday.c;
		 * arch/riscv/Makefile builds every C file with
		 * "-fno-asynchronous-unwind-tables -fno-unwind-tables"
		 * (2f394c0e7d11 "riscv: disable generation of unwind tables",
		 * v6.2 and stable; GCC before 13 made none for riscv by
		 * default), and arch/riscv/kernel/vdso/Makefile does not undo
		 * it for vgettimeofday.c, hwprobe.c, getrandom.c; its .S files
		 * (rt_sigreturn, getcpu, flush_icache, sys_hwprobe) keep
		 * theirs.  No fix as of Debian's linux-source 6.12.118 and the
		 * vDSO of Debian's riscv64 7.2.11 (doc/known-bugs.md).
		 */
		.id = "ad5d1122b82f",
		.intro_commit = "ad5d1122b82f",
		.intro_subject = "riscv: use vDSO common flow to reduce the latency of the "
				 "time-related functions",
		.intro_version = "5.8",
		.stable_fixed = "",
		.arches = "riscv: the vDSO's C functions (clock_gettime, clock_getres, "
			  "gettimeofday, riscv_hwprobe, getrandom)",
		.config = "",
		.machine = EM_RISCV, /* (a --vdso-lib fake of the shape: this row) */
		.call = "clock_gettime",
		.checks = { "backtrace from the vDSO reaches the caller" },
		.kind = KNOWN_UNWIND_NO_FDE,
		.answer = "the vDSO's .eh_frame_hdr lists FDEs for its assembly functions only: "
			  "none for any byte of clock_gettime, so that backtrace() from a signal "
			  "handler stops in the vDSO",
		.certain = true,
	},
	{
		/*
		 * The same shape in x86's 32-bit vDSO: arch/x86/Makefile
		 * adds -fno-asynchronous-unwind-tables for x86_64, and
		 * arch/x86/entry/vdso/Makefile takes the 32-bit vDSO's flags
		 * from KBUILD_CFLAGS without adding them back (its 64-bit CFL
		 * has -fasynchronous-unwind-tables): Debian's linux-source
		 * 6.12.118.  Seen in the compat vDSO of this project's
		 * build machine (6.18.44): FDEs for __kernel_vsyscall,
		 * __kernel_sigreturn and __kernel_rt_sigreturn only.
		 * 7a59ed415f5b brought the C time functions into the 32-bit
		 * vDSO (the 32-bit kernel's; its 64-bit companion is of the
		 * same series): whether they had FDEs then is not checked.
		 */
		.id = "7a59ed415f5b",
		.intro_commit = "7a59ed415f5b",
		.intro_subject = "x86, vdso: Add 32 bit VDSO time support for 32 bit kernel",
		.intro_version = "3.15",
		.stable_fixed = "",
		.arches = "x86: the 32-bit vDSO (i386 kernels, the compat vDSO of x86_64 "
			  "kernels): its C functions",
		.config = "",
		.machine = EM_386,
		.call = "clock_gettime",
		.checks = { "backtrace from the vDSO reaches the caller" },
		.kind = KNOWN_UNWIND_NO_FDE,
		.answer = "the 32-bit vDSO's .eh_frame_hdr lists FDEs for __kernel_vsyscall and "
			  "the signal trampolines only: none for its C functions",
		.certain = true,
	},
};
const size_t known_bug_count = sizeof(known_bugs) / sizeof(known_bugs[0]);

_Static_assert(sizeof(known_bugs) / sizeof(known_bugs[0]) <= 32, "the record is a 32-bit mask");

const struct known_bug *known_bug_find(const char *id)
{
	for (size_t i = 0; i < known_bug_count; i++)
		if (strcmp(known_bugs[i].id, id) == 0)
			return &known_bugs[i];
	return NULL;
}

/* "MAJOR.MINOR[.SUB]" at @s: the numbers (@sub -1 without one); the end, or NULL. */
static const char *parse_version(const char *s, int *major, int *minor, int *sub)
{
	char *end;
	long a, b, c = -1;

	if (*s < '0' || *s > '9')
		return NULL;
	a = strtol(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return NULL;
	b = strtol(end + 1, &end, 10);
	if (*end == '.' && end[1] >= '0' && end[1] <= '9')
		c = strtol(end + 1, &end, 10);
	if (a > 1000 || b > 1000 || c > 100000)
		return NULL;
	*major = (int)a;
	*minor = (int)b;
	*sub = (int)c;
	return end;
}

void kernel_version_parse(const char *release, const char *version, struct kernel_version *k)
{
	const char *end, *deb;
	int sub;

	memset(k, 0, sizeof(*k));
	k->sublevel = -1;
	end = release ? parse_version(release, &k->major, &k->minor, &sub) : NULL;
	if (!end) {
		snprintf(k->text, sizeof(k->text), "%s (not MAJOR.MINOR)", release ? release : "?");
		return;
	}
	k->known = true;
	/* Debian's and Ubuntu's "X.Y.0-N-FLAVOUR": an ABI number, not the stable release */
	bool abi_name = sub == 0 && end[0] == '-' && end[1] >= '0' && end[1] <= '9';
	k->sublevel = abi_name ? -1 : sub < 0 ? 0 : sub;
	deb = version ? strstr(version, "Debian ") : NULL;
	int dmaj, dmin, dsub;
	if (deb && parse_version(deb + 7, &dmaj, &dmin, &dsub) && dmaj == k->major &&
	    dmin == k->minor && dsub >= 0) {
		k->sublevel = dsub;
		snprintf(k->text, sizeof(k->text), "%d.%d.%d (%s)", dmaj, dmin, dsub, release);
	} else if (k->sublevel >= 0) {
		snprintf(k->text, sizeof(k->text), "%d.%d.%d", k->major, k->minor, k->sublevel);
	} else {
		snprintf(k->text, sizeof(k->text), "%s (stable release unknown)", release);
	}
}

/* Compare @k with "MAJOR.MINOR": <0, 0 (same series), >0. */
static int cmp_series(const struct kernel_version *k, const char *v)
{
	int major, minor, sub;

	if (!parse_version(v, &major, &minor, &sub))
		return 0;
	if (k->major != major)
		return k->major < major ? -1 : 1;
	return k->minor < minor ? -1 : k->minor > minor;
}

enum known_range known_bug_range(const struct known_bug *b, const struct kernel_version *k)
{
	if (!k->known)
		return KNOWN_RANGE_UNKNOWN;
	if (b->intro_version && cmp_series(k, b->intro_version) < 0)
		return KNOWN_BEFORE;
	if (b->fix_version && cmp_series(k, b->fix_version) >= 0)
		return KNOWN_FIXED;
	/* "X.Y.Z" a backport in X.Y.Z; "X.Y.?" one whose release is not known */
	for (const char *s = b->stable_fixed; s && *s;) {
		int major, minor, sub;
		size_t n = strcspn(s, " ");
		const char *end = parse_version(s, &major, &minor, &sub);
		if (end && (size_t)(end - s) <= n && major == k->major && minor == k->minor) {
			if (sub < 0 || k->sublevel < 0)
				return KNOWN_RANGE_UNKNOWN;
			return k->sublevel >= sub ? KNOWN_FIXED : KNOWN_IN_RANGE;
		}
		s += n;
		s += strspn(s, " ");
	}
	return KNOWN_IN_RANGE;
}

const char *known_range_name(enum known_range r)
{
	switch (r) {
	case KNOWN_IN_RANGE:
		return "in range";
	case KNOWN_BEFORE:
		return "older than the bug";
	case KNOWN_FIXED:
		return "fixed";
	default:
		return "range unknown";
	}
}

static bool check_listed(const struct known_bug *b, const char *check)
{
	for (size_t i = 0; i < sizeof(b->checks) / sizeof(b->checks[0]) && b->checks[i]; i++)
		if (check && strcmp(b->checks[i], check) == 0)
			return true;
	return false;
}

/*
 * Is @s about what @b is about (its clocks, its adjtimex field)?  Another
 * clock or field is no near-miss: no row at all.
 */
static bool concerns(const struct known_bug *b, const struct known_symptom *s)
{
	switch (b->kind) {
	case KNOWN_ANSWERS_REJECTED_ID:
		return s->clock_id >= CLOCK_AUX && s->clock_id <= CLOCK_AUX + 7;
	case KNOWN_COARSE_BACKWARDS:
		return (s->clock_flags & CLK_COARSE) != 0;
	case KNOWN_ADJTIMEX_OFFSET_U32:
		return s->field && strcmp(s->field, "offset") == 0;
	case KNOWN_UNWIND_NO_FDE:
		return s->unwind_known && (!b->machine || !s->machine || b->machine == s->machine);
	case KNOWN_ADJTIMEX_UNCLAMPED:
		return s->field &&
		       (strcmp(b->id, "06c03c8edce3") == 0
				? strcmp(s->field, "constant") == 0
				: (!strcmp(s->field, "maxerror") || !strcmp(s->field, "esterror")));
	}
	return false;
}

/* Is @s @b's wrong answer exactly?  If not, why not, into @why. */
static bool exactly(const struct known_bug *b, const struct known_symptom *s, char *why, size_t len)
{
	switch (b->kind) {
	case KNOWN_ANSWERS_REJECTED_ID:
		if (s->sys_errno != EINVAL) {
			snprintf(why, len, "the system call gives %s, not EINVAL",
				 s->sys_errno ? strerror(s->sys_errno) : "success");
			return false;
		}
		if (s->fault || (s->ret == 0 && (s->null_ptr || !s->value_known || s->value == 1)))
			return true;
		if (s->ret == 0)
			snprintf(why, len, "the resolution is %lld ns, not 1 ns",
				 (long long)s->value);
		else
			snprintf(why, len, "the path under test returns %ld (%s), not 0 with 1 ns",
				 s->ret, s->ret == -1 ? strerror(s->err) : "no error");
		return false;
	case KNOWN_COARSE_BACKWARDS:
		if (!(s->clock_flags & CLK_COARSE)) {
			snprintf(why, len, "not a coarse clock");
			return false;
		}
		if (s->value_known && s->value > 0 && s->value < KNOWN_COARSE_BACK_MAX_NS)
			return true;
		snprintf(why, len, "%lld ns, not under %d ns", (long long)s->value,
			 KNOWN_COARSE_BACK_MAX_NS);
		return false;
	case KNOWN_ADJTIMEX_OFFSET_U32:
		if (!s->field || strcmp(s->field, "offset") != 0 || s->set >= 0 ||
		    s->set < -500000) {
			snprintf(why, len, "not a negative offset below 0.5 s read back");
			return false;
		}
		if (s->value >= (4294967296LL + s->set * 1000) / 1000 &&
		    s->value <= 4294967296LL / 1000)
			return true;
		snprintf(why, len, "%lld is not the unsigned 32-bit form of a %lld us offset",
			 (long long)s->value, (long long)s->set);
		return false;
	case KNOWN_ADJTIMEX_UNCLAMPED:
		/* ntp.c: time_constant clamped to 0..MAXTC (10), the errors to NTP_PHASE_LIMIT */
		if (s->field && strcmp(s->field, "constant") == 0 &&
		    strcmp(b->id, "06c03c8edce3") == 0) {
			if (s->set > 10 && s->value != 10)
				return true;
			snprintf(why, len, "the time constant %lld after %lld", (long long)s->value,
				 (long long)s->set);
			return false;
		}
		if (s->field && (!strcmp(s->field, "maxerror") || !strcmp(s->field, "esterror")) &&
		    strcmp(b->id, "87d571d6fb77") == 0) {
			if (s->set > 16000000 && s->value == s->set)
				return true;
			snprintf(why, len, "%s %lld after %lld: not the unclamped value", s->field,
				 (long long)s->value, (long long)s->set);
			return false;
		}
		snprintf(why, len, "not the field this bug leaves unclamped");
		return false;
	case KNOWN_UNWIND_NO_FDE:
		if (s->unwind_fn == VDSO_UNWIND_UNCOVERED && s->unwind_pc == VDSO_UNWIND_UNCOVERED)
			return true;
		if (s->unwind_fn == VDSO_UNWIND_NO_TABLE || s->unwind_pc == VDSO_UNWIND_NO_TABLE)
			snprintf(why, len,
				 "the vDSO has no .eh_frame_hdr search table, or an "
				 "empty one");
		else if (s->unwind_fn == VDSO_UNWIND_BAD || s->unwind_pc == VDSO_UNWIND_BAD)
			snprintf(why, len, "its .eh_frame_hdr or an FDE is malformed");
		else if (s->unwind_pc == VDSO_UNWIND_COVERED)
			snprintf(why, len,
				 "an FDE covers the interrupted address, and the unwinder did not "
				 "get out with it: a wrong FDE");
		else
			snprintf(why, len, "an FDE covers part of the function: an incomplete one");
		return false;
	}
	return false;
}

bool known_bug_match(const struct known_symptom *s, const struct kernel_version *k,
		     struct known_match *m)
{
	memset(m, 0, sizeof(*m));
	/* a row whose answer it is, before a row of the same call and check */
	for (int pass = 0; pass < 2 && !m->exact; pass++)
		for (size_t i = 0; i < known_bug_count; i++) {
			const struct known_bug *b = &known_bugs[i];
			char why[160];
			if (!s->call || strncmp(s->call, b->call, strlen(b->call)) != 0 ||
			    !check_listed(b, s->check) || !concerns(b, s))
				continue;
			if (exactly(b, s, why, sizeof(why))) {
				m->bug = b;
				m->exact = true;
				break;
			}
			if (pass == 1 && !m->bug) {
				m->bug = b;
				snprintf(m->why, sizeof(m->why), "not known kernel bug %s: %s",
					 b->id, why);
			}
		}
	if (!m->exact)
		return false;
	m->range = known_bug_range(m->bug, k);
	m->xfail = m->range == KNOWN_IN_RANGE;
	if (m->range == KNOWN_FIXED)
		snprintf(m->why, sizeof(m->why),
			 "as known kernel bug %s, but this kernel (%s) has its fix: a regression?",
			 m->bug->id, k->text);
	else if (m->range == KNOWN_BEFORE)
		snprintf(m->why, sizeof(m->why),
			 "as known kernel bug %s, but this kernel (%s) is older than the bug (v%s)",
			 m->bug->id, k->text, m->bug->intro_version);
	else if (m->range == KNOWN_RANGE_UNKNOWN)
		snprintf(m->why, sizeof(m->why),
			 "as known kernel bug %s, range unknown: this kernel is %s", m->bug->id,
			 k->text);
	return m->xfail;
}

const char *known_bug_describe(const struct known_bug *b, char *buf, size_t len)
{
	if (b->fix_commit)
		snprintf(buf, len, "known kernel bug %s: fixed by %s (\"%s\"), v%s%s%s%s", b->id,
			 b->fix_commit, b->fix_subject, b->fix_version,
			 *b->stable_fixed ? " (stable: " : "", b->stable_fixed,
			 *b->stable_fixed ? ")" : "");
	else
		snprintf(buf, len,
			 "known kernel bug %s: no fix yet; introduced by %s (\"%s\"), v%s", b->id,
			 b->intro_commit, b->intro_subject, b->intro_version);
	return buf;
}

const char *known_bug_subject(const struct known_bug *b, char *buf, size_t len)
{
	if (b->fix_subject)
		snprintf(buf, len, "%s", b->fix_subject);
	else
		snprintf(buf, len, "%s (no fix yet)", b->intro_subject);
	return buf;
}

/* The version @b or uname(2) gives, into @k. */
static void kernel_version_read(const struct vdso_binding *b, struct kernel_version *k)
{
	struct utsname u;

	if (b && b->test_kernel_release) {
		const char *r = ((const char *(*)(void))b->test_kernel_release)();
		if (r) {
			/* "RELEASE" or "RELEASE;VERSION" */
			char rel[128];
			const char *bar = strchr(r, ';');
			snprintf(rel, sizeof(rel), "%.*s", (int)(bar ? bar - r : 127), r);
			kernel_version_parse(rel, bar ? bar + 1 : NULL, k);
			return;
		}
	}
	if (uname(&u) == 0)
		kernel_version_parse(u.release, u.version, k);
	else
		kernel_version_parse(NULL, NULL, k);
}

/*
 * Verify's threads may ask at once: the first to finish reading publishes
 * its version (release); a thread that finds none published yet, or loses
 * that race, answers from its own copy.  Nobody waits, so a child forked
 * meanwhile cannot hang here.
 */
const struct kernel_version *known_bugs_kernel(const struct vdso_binding *b)
{
	static struct kernel_version published;
	static atomic_flag claimed = ATOMIC_FLAG_INIT;
	static atomic_bool ready;
	static _Thread_local struct kernel_version own;
	struct kernel_version k;

	if (atomic_load_explicit(&ready, memory_order_acquire))
		return &published;
	kernel_version_read(b, &k);
	if (!atomic_flag_test_and_set(&claimed)) {
		published = k;
		atomic_store_explicit(&ready, true, memory_order_release);
		return &published;
	}
	own = k;
	return &own;
}

/* The record: the run's and the current API's rows seen. */
static struct record {
	atomic_uint run, api;
} local_record, *record = &local_record;

void known_bugs_record_begin(void)
{
	struct record *r = child_shared_page(sizeof(*r));

	if (!r)
		return;
	atomic_init(&r->run, 0);
	atomic_init(&r->api, 0);
	record = r;
}

void known_bugs_record(size_t i)
{
	atomic_fetch_or(&record->run, 1u << i);
	atomic_fetch_or(&record->api, 1u << i);
}

uint32_t known_bugs_seen(bool api)
{
	return api ? atomic_exchange(&record->api, 0) : atomic_load(&record->run);
}

const char *known_bugs_list(uint32_t mask, bool ids_only, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < known_bug_count && n < len; i++) {
		char subject[160];
		if (!(mask & (1u << i)))
			continue;
		if (ids_only)
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", known_bugs[i].id);
		else
			n += snprintf(buf + n, len - n, "%s%s: %s", n ? "; " : "", known_bugs[i].id,
				      known_bug_subject(&known_bugs[i], subject, sizeof(subject)));
	}
	return buf;
}
