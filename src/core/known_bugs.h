/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Known kernel bugs: a table, one row per bug of the kernel that vdsotest
 * can see, keyed to the upstream commit that fixes it (or, with no fix
 * yet, the one that brought it).  A failure that matches a row's
 * signature on a kernel inside the row's range is that bug: the failure
 * line names it, and by default (kselftest's convention) the test point is
 * "ok N NAME # XFAIL ID: SUBJECT" and the run exits 0 (--known-bugs=fail:
 * it fails like any other).  A failure that matches a row only in part (the
 * same call and check, another errno, resolution or size), or on a kernel
 * outside the range (a regression after the fix), stays a failure and says
 * why it is not the known bug.  The rows and their sources: known_bugs.c
 * and doc/known-bugs.md.  Data and pure functions, plus the run's record
 * of the bugs seen (a shared page, so that the test children add to it).
 */
#ifndef VDSOTEST_KNOWN_BUGS_H
#define VDSOTEST_KNOWN_BUGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "vdso/unwind_tables.h"
#include "vdso/vdso.h"

/* The kinds of wrong answer a row's signature can name. */
enum known_bug_kind {
	/*
	 * The path under test answers a clock id that the system call
	 * rejects with EINVAL: 0 with a resolution of 1 ns (or 0 for a NULL
	 * pointer), or a fault on a bad pointer where the system call gives
	 * EINVAL.
	 */
	KNOWN_ANSWERS_REJECTED_ID,
	/* A coarse clock steps back by less than KNOWN_COARSE_BACK_MAX_NS. */
	KNOWN_COARSE_BACKWARDS,
	/*
	 * adjtimex reads back, in microsecond mode, a negative offset as the
	 * unsigned 32-bit value of its nanoseconds divided by 1000: between
	 * (2^32 + SET * 1000) / 1000 and 2^32 / 1000 for a set offset SET < 0
	 * (the offset decays toward 0 after it is set).
	 */
	KNOWN_ADJTIMEX_OFFSET_U32,
	/*
	 * adjtimex reads back a value the kernel should have clamped (time
	 * constant to 0..MAXTC, maxerror and esterror to 0..NTP_PHASE_LIMIT):
	 * the time constant as 0 after LONG_MAX - 1, maxerror or esterror
	 * above the limit.
	 */
	KNOWN_ADJTIMEX_UNCLAMPED,
	/*
	 * An unwinder cannot step out of a vDSO function because the vDSO's
	 * .eh_frame_hdr search table, well formed and listing FDEs for other
	 * code, leads to no FDE for any byte of the function entered nor for
	 * the address interrupted (vdso_unwind_bare(), vdso_unwind_covers()):
	 * C functions built without unwind tables.  Not an FDE that is wrong
	 * or covers part of the function, nor a vDSO without the table.
	 */
	KNOWN_UNWIND_NO_FDE,
};

/* The coarse clocks' bug steps back by less than this (doc/known-bugs.md). */
#define KNOWN_COARSE_BACK_MAX_NS 1000000

/* One known kernel bug.  Versions are mainline "MAJOR.MINOR" or a stable "MAJOR.MINOR.SUB". */
struct known_bug {
	const char *id;		/* 12 hex digits: the fixing commit's, else the introducing one's */
	const char *fix_commit; /* 12 hex digits, or NULL: no fix yet */
	const char *fix_subject;   /* its subject, or NULL */
	const char *fix_version;   /* the first mainline release with the fix, or NULL */
	const char *stable_fixed;  /* stable releases with a backport, space-separated, "" none */
	const char *intro_commit;  /* 12 hex digits, or NULL: unknown */
	const char *intro_subject; /* its subject, or NULL */
	const char *intro_version; /* the first mainline release with the bug, or NULL: older
				      than any kernel vdsotest knows */
	const char *arches;	   /* where it shows, in words */
	const char *config;	   /* the config conditions, in words ("" none) */
	uint16_t machine;	   /* the EM_* of the only vDSO it shows on, 0: any; a symptom of
			     another machine's vDSO is not its (a --vdso-lib fake's,
			     machine 0, may be) */
	/* the signature: */
	const char *call;      /* the call, a prefix of vdso_call_name() or "adjtimex" */
	const char *checks[8]; /* the checks whose failure it is (verify_ok() names, or
				      KNOWN_ABI_CHECK), NULL-terminated */
	enum known_bug_kind kind;
	const char *answer; /* the wrong answer, in words */
	/*
	 * every kernel in range shows it when the run provokes it (not a
	 * config away): for a bring-up's "expected, not seen"; data, not
	 * used by vdsotest itself
	 */
	bool certain;
};

/* The check name under which abi's cases are matched (harness/abi.c). */
#define KNOWN_ABI_CHECK "abi: same outcome as the system call"

/* The table, and its rows. */
extern const struct known_bug known_bugs[];
extern const size_t known_bug_count;

/* known_bug_find - the row of @id (12 hex digits), or NULL. */
const struct known_bug *known_bug_find(const char *id);

/* A kernel's version, as far as it can be known. */
struct kernel_version {
	bool known; /* MAJOR.MINOR could be read */
	int major, minor;
	int sublevel;  /* the stable release, -1: not known */
	char text[96]; /* for messages: "6.18.44", "6.1.176 (6.1.0-50-arm64)" */
};

/*
 * kernel_version_parse - @k from uname(2)'s @release ("6.18.44-fc-v1252",
 * "6.1.0-50-arm64") and @version (NULL or uname's version, "#1 SMP
 * PREEMPT_DYNAMIC Debian 6.1.176-1 (2026-...)").  Debian's and Ubuntu's
 * release names carry an ABI number, not the stable release
 * ("MAJOR.MINOR.0-N-FLAVOUR"): the stable release is taken from "Debian
 * X.Y.Z" in @version, else left unknown (sublevel -1).  A release that does
 * not start with MAJOR.MINOR leaves @k unknown.
 */
void kernel_version_parse(const char *release, const char *version, struct kernel_version *k);

/* Where a kernel stands against a row. */
enum known_range {
	KNOWN_IN_RANGE,	     /* from the bug's introduction and before its fix */
	KNOWN_BEFORE,	     /* older than the introducing commit */
	KNOWN_FIXED,	     /* the mainline fix, or a stable backport in its series */
	KNOWN_RANGE_UNKNOWN, /* the version, or its stable release where it matters, unknown */
};

/*
 * known_bug_range - where @k stands against @b: before @b->intro_version,
 * at or after @b->fix_version, at or after a stable release of
 * @b->stable_fixed in @k's MAJOR.MINOR series (with @k's sublevel
 * unknown: range unknown), or in range.  (By the version alone: a vendor
 * kernel may carry a fix its version does not show.)
 */
enum known_range known_bug_range(const struct known_bug *b, const struct kernel_version *k);

/* known_range_name - "in range", "older than the bug", "fixed", "range unknown". */
const char *known_range_name(enum known_range r);

/* What a failure showed: the facts at the place of the failing check. */
struct known_symptom {
	const char *call;     /* vdso_call_name(), or "adjtimex" */
	clockid_t clock_id;   /* -1: none */
	unsigned clock_flags; /* enum clock_flags of the API */
	const char *check;    /* the failing check's name */
	int sys_errno;	      /* the system call's errno (it returned -1), 0: it succeeded */
	long ret;	      /* what the path under test returned */
	int err;	      /* its errno when @ret is -1 */
	bool fault;	      /* it died of SIGSEGV or SIGBUS (abi) */
	bool null_ptr;	      /* the result pointer was NULL */
	bool value_known;     /* @value holds the answer (resolution, step back, read-back) */
	int64_t value;	      /* ns for clocks; adjtimex: the value read back */
	int64_t set;	      /* adjtimex: the value set */
	const char *field;    /* adjtimex: "offset", "constant", "maxerror", "esterror" */
	/* unwind: the vDSO's unwind tables where the sample landed */
	bool unwind_known; /* the two below were looked up */
	/* the address the unwinder stopped at (vdso_unwind_covers()): the interrupted one,
	 * or in the function entered, for a sample in code it called */
	enum vdso_unwind_cover unwind_pc;
	enum vdso_unwind_cover unwind_fn; /* the whole function entered (vdso_unwind_bare()) */
	uint16_t machine; /* the kernel vDSO's e_machine, for rows with one; 0: a --vdso-lib
			     object, a stand-in that any row's shape may show */
};

/* What known_bug_match() found. */
struct known_match {
	const struct known_bug *bug; /* the row of the same call and check, or NULL: none */
	bool exact;		     /* the wrong answer is the row's */
	enum known_range range;	     /* where the kernel stands (exact matches) */
	bool xfail;		     /* exact and in range: the known bug */
	char why[200];		     /* why it is not the known bug ("" when it is, or no row) */
};

/*
 * known_bug_match - the row whose call and check are @s's, if any, and
 * whether @s is exactly its wrong answer on @k (m->xfail), or why not
 * (m->why: the part of the answer that differs; or the kernel outside
 * the range, "range unknown").  Return: m->xfail.
 */
bool known_bug_match(const struct known_symptom *s, const struct kernel_version *k,
		     struct known_match *m);

/*
 * known_bug_describe - "known kernel bug ID: fixed by HASH ("SUBJECT"), vX.Y
 * (stable: ...)" or "known kernel bug ID: no fix yet; introduced by HASH
 * ("SUBJECT"), vX.Y", into @buf (@len bytes).  Return: @buf.
 */
const char *known_bug_describe(const struct known_bug *b, char *buf, size_t len);

/*
 * known_bug_subject - the subject a row is named by: its fix's, else
 * "SUBJECT (no fix yet)" of its introducing commit, into @buf.
 */
const char *known_bug_subject(const struct known_bug *b, char *buf, size_t len);

/*
 * known_bugs_kernel - this kernel's version, kept from the first call
 * that completes: @b's VDSO_TEST_KERNEL_RELEASE stand-in when --vdso-lib
 * has one (the test seam, vdso/vdso.h), else uname(2).  @b may be NULL.
 * Thread-safe without locks; the result stays valid for the calling
 * thread's lifetime.
 */
const struct kernel_version *known_bugs_kernel(const struct vdso_binding *b);

/*
 * The run's record of the known bugs seen (as xfail), in a shared page
 * so that every child of the run adds to it.  known_bugs_record_begin()
 * in the parent before any child (without it, or when mmap fails, the
 * record is the process's own); known_bugs_record() marks row @i seen;
 * known_bugs_seen() the rows seen as a mask of (1 << row), since the run
 * began (@api false) or since the last known_bugs_seen(true) (@api true:
 * one API's).
 */
void known_bugs_record_begin(void);
void known_bugs_record(size_t i);
uint32_t known_bugs_seen(bool api);

/*
 * known_bugs_list - the ids and subjects of the rows in @mask, "ID:
 * SUBJECT; ID: SUBJECT", or with @ids_only "ID, ID", into @buf.
 */
const char *known_bugs_list(uint32_t mask, bool ids_only, char *buf, size_t len);

#endif
