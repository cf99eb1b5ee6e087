/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The API table: one row per vDSO function used in one way, e.g.
 * clock-gettime-monotonic = clock_gettime(CLOCK_MONOTONIC, ...).
 * A family (one source file each, ending with its struct family
 * descriptor) knows how to call, bench, verify and check the ABI of its
 * function; the table only says which family and which clock id.
 */
#ifndef VDSOTEST_API_H
#define VDSOTEST_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "vdso/vdso.h"

/* Outcome of one test of one API; the numbers are the exit statuses. */
enum status {
	STATUS_PASS = 0,
	STATUS_FAIL = 1,
	STATUS_USAGE = 2,
	STATUS_SKIP = 77, /* nothing could be tested */
};

enum test_type { TEST_BENCH, TEST_VERIFY, TEST_ABI, NR_TEST_TYPES };

enum output_format {
	FORMAT_TEXT,
	FORMAT_NSEC,
	FORMAT_TABLE,
	FORMAT_JSON,
	FORMAT_CSV,
	FORMAT_KTAP,
	NR_FORMATS
};

/* Settings of one run, from the command line. */
struct run {
	uint64_t duration_ns; /* per path (bench) or per API (verify); > 0 */
	unsigned maxfails;    /* failures reported before an API stops; >= 1 */
	unsigned threads;     /* threads per bench path or verify; >= 1 */
	size_t size_bytes;    /* getrandom bench: bytes per call; >= 1 */
	bool verbose;
	enum output_format format;
	const struct vdso_binding *vdso;
	unsigned repeat;		       /* bench: measurements per path; >= 1 */
	size_t api_index;		       /* this API's place in the run, from 0 */
	size_t api_total;		       /* the APIs of the run; >= 1 */
	bool net;			       /* bench: subtract the harness overhead */
	const int *cpus;		       /* bench: the CPU of each of the threads,
					   or NULL: not pinned */
	const struct cycles_info *cycles;      /* bench --cycles, or NULL */
	const char *cpu_list;		       /* bench: --cpu as given, or NULL */
	bool header;			       /* bench: the context header (--header) */
	const struct latency_counter *latency; /* bench --latency, or NULL */
	unsigned runs;			       /* bench --runs: runs asked for; 0 = 1 */
	bool mean;			       /* bench --mean: text and nsec give the
					   mean over the run, untagged */
	/*
	 * bench --runs: true in a measuring process (one API, one run): its
	 * measurements go to the file descriptor measure_fd as a record
	 * (bench_run()), and nothing is reported.
	 */
	bool measuring;
	int measure_fd;
	/* bench --runs: the records of this API's runs, or NULL: measure here */
	const struct bench_runs *runs_data;
	/*
	 * verify and abi of an API whose clock id the system call rejects
	 * (.supported false): the errno it gives (EINVAL; ENODEV for a
	 * disabled aux clock), and the family tests that the vDSO rejects
	 * the id too; 0 otherwise.  Set by api_run() alone.
	 */
	int rejected_errno;
	/*
	 * --fail-known-bugs: a failure that is a known kernel bug of this
	 * kernel (core/known_bugs.h) fails the API; false: it is an
	 * expected failure (KTAP "# XFAIL"), the API passes.
	 */
	bool fail_known_bugs;
};

/* Properties of a clock id that decide which checks apply. */
enum clock_flags {
	CLK_SETTABLE = 1 << 0, /* may be set: CLOCK_REALTIME, what follows it */
	CLK_COARSE = 1 << 1,   /* tick-based; api.fine_id is its fine twin */
	CLK_BOOTTIME = 1 << 2, /* must be >= CLOCK_MONOTONIC */
	CLK_AUX = 1 << 3,      /* an aux clock: may be absent or disabled */
};

/*
 * The first of the 8 auxiliary clock ids, CLOCK_AUX .. CLOCK_AUX + 7
 * (include/uapi/linux/time.h, Linux 6.17; CONFIG_POSIX_AUX_CLOCKS).
 */
#ifndef CLOCK_AUX
#define CLOCK_AUX 16
#endif

struct api;
struct cycles_info;
struct latency_counter;
struct ts64;	    /* lib/timespec.h */
struct bench_paths; /* harness/bench.h */
struct bench_runs;  /* harness/bench.h */
struct verify_ctx;  /* harness/verify.h */
struct abi_ctx;	    /* harness/abi.h */
struct abi_call;    /* harness/abi.h */

/*
 * Which parts of the harness apply to a family (struct family.flags).
 * They replace every test of a family's identity in the harness.
 */
enum family_flags {
	/*
	 * verify: once the checks passed or failed (not skipped), run them
	 * again in a new time namespace (timens_part_applies(),
	 * harness/timens.h): with .read_clock, for the APIs whose clock id
	 * it offsets (timens_offset_applies()), after a reading there is
	 * compared with ours; without (getrandom), for every API of the
	 * family, the checks alone.  Not with -t above 1.
	 */
	FAMILY_TIMENS = 1 << 0,
	/*
	 * verify: the cross-CPU ordering phase (harness/parallel.h) for the
	 * APIs without CLK_SETTABLE or CLK_AUX whose clock is not a CPU-time clock
	 * (CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID): with -t N
	 * (N > 1) first, on the N threads; else after the checks, over every
	 * allowed CPU.  Needs .read_clock.
	 */
	FAMILY_CROSS_CPU = 1 << 1,
	/*
	 * --perturb: its APIs (aux clocks and unsupported ones left out) are
	 * the clocks of the fallback summary (harness/perturb.c).  One family
	 * per clock has it (the native clock_gettime).
	 */
	FAMILY_CLOCK_SUMMARY = 1 << 2,
	/*
	 * The stack use of the vDSO function cannot be measured
	 * (api_stack_bytes() fails with ENOTSUP): getrandom maps its state on
	 * the same stack on a thread's first call, deeper than the call.
	 */
	FAMILY_NO_STACK_CHECK = 1 << 3,
	/*
	 * bench: the bytes per call of --size (struct run.size_bytes) apply
	 * (getrandom); --size with APIs none of which has it is refused.
	 */
	FAMILY_BENCH_SIZE = 1 << 4,
	/*
	 * verify alone: the family has no bench (nothing of its own to time)
	 * and no abi (no arguments); those TEST-TYPEs say so and skip
	 * (sigreturn, unwind).  tests/unit-families requires .bench_paths,
	 * .abi_call and .abi_cases of the others.
	 */
	FAMILY_VERIFY_ONLY = 1 << 5,
};

/*
 * A family: the vDSO functions of one kind (clock_gettime, time, ...) and
 * all that vdsotest knows of them.  Each family file (src/families/) ends
 * with one `const struct family` of designated initializers; the API table
 * (families/apis.c) points its rows at them.  The harness (harness/run.c,
 * api_run()) drives bench, verify and abi the same way for every family
 * through these fields alone; a family only makes calls and judges them
 * (verify_ok()/verify_fail(), abi_expect_*()), never forks, never names
 * another family.  Optional fields may be NULL/0 where said.
 *
 * @state pointers: zeroed memory of the size the family asks for (at least
 * one byte, aligned for any object), owned by the harness, one per bench
 * or per verify part (each thread of -t N, the time-namespace child).
 */
struct family {
	enum vdso_call call; /* the vDSO function (vdso/vdso.h) */
	const char *name;    /* e.g. "time": its file, families/time.c */
	const char *summary; /* one line, e.g. "time(2) through the vDSO" */
	unsigned flags;	     /* enum family_flags */
	/* why a TEST-TYPE it has no hooks for has nothing to test, for the
	 * skip line; NULL: "not implemented by the NAME family" */
	const char *lacks_why;

	/*
	 * supported - can @api be tested here?  Asked once per TEST-TYPE by
	 * api_run() (and by info and list-apis) before anything else.  False
	 * when the system call rejects the API's clock id, with errno as it
	 * left it (EINVAL, or ENODEV for a disabled aux clock) and, when @why
	 * is not NULL, the line to print into @why (@len bytes, 256 is
	 * enough), without the "API: " prefix, e.g. "unsupported here: the
	 * system call rejects CLOCK_REALTIME_ALARM with EINVAL (alarm clocks
	 * need an RTC that can wake the system)".  api_run() prints it and
	 * skips bench (STATUS_SKIP); verify and abi run with
	 * run->rejected_errno set, and the family tests that the vDSO
	 * rejects the clock id too.  Return false for nothing else (a
	 * missing vDSO function or system call is the TEST-TYPE's skip).
	 * NULL: always supported.
	 */
	bool (*supported)(const struct api *api, char *why, size_t len);

	/*
	 * notes - optional: notes the family prints before every TEST-TYPE
	 * of a supported @api (e.g. the vDSO exports one timespec width and
	 * not the other).  Called by api_run() after .supported.
	 */
	void (*notes)(const struct api *api, const struct run *run);

	/*
	 * call_once - call @fn (@api's vDSO function) once with valid
	 * arguments (the API's clock id, good pointers, a state of its own);
	 * the result is not looked at.  Called by the probes fallback.c
	 * (api_falls_back(), in a child under a seccomp filter) and stack.c
	 * (api_stack_bytes(), in a child on a pattern-filled stack).  Every
	 * family.
	 */
	void (*call_once)(const struct api *api, void *fn);

	/*
	 * read_clock - the clock families: @api's clock read through the path
	 * under test: the vDSO function bound in @run, else libc's call.
	 * Return: the call's value, 0 (with @out filled) or -1 with errno.
	 * Used by the cross-CPU phase (FAMILY_CROSS_CPU, parallel.c) and the
	 * time-namespace part (FAMILY_TIMENS, timens.c).  NULL for families
	 * without a clock to read.
	 */
	int (*read_clock)(const struct api *api, const struct run *run, struct ts64 *out);

	/*
	 * bench: api_run() gives .bench_paths a zeroed state of
	 * .bench_state_size bytes; it fills @paths (harness/bench.h; their
	 * args may point into @state) and returns STATUS_PASS, or another
	 * status to end the bench (having said why on stderr).  Then
	 * bench_run() measures the paths, and .bench_teardown (optional) frees
	 * what .bench_paths took, whatever it returned.
	 */
	size_t bench_state_size;
	enum status (*bench_paths)(const struct api *api, const struct run *run,
				   struct bench_paths *paths, void *state);
	void (*bench_teardown)(void *state);

	/*
	 * verify: per part (the main one, each thread of -t N, the time
	 * namespace child), with a zeroed state of .verify_state_size bytes:
	 * .verify_setup (optional; may print notes) returns STATUS_PASS to go
	 * on, STATUS_SKIP or STATUS_FAIL to end the part (having said why);
	 * then verify_begin(), .verify_round while verify_running() says so
	 * (a round makes its calls and judges them: verify_ok(),
	 * verify_fail()), .verify_teardown (optional, also after a failed
	 * setup: it must cope with a partly set-up state), verify_end().
	 */
	size_t verify_state_size;
	enum status (*verify_setup)(const struct api *api, const struct run *run, void *state);
	void (*verify_round)(struct verify_ctx *ctx, void *state);
	void (*verify_teardown)(void *state);

	/*
	 * abi: after abi_begin_checked() (the no-vDSO note, the stack use
	 * case), .abi_cases states the cases with abi_expect_*() on @ctx
	 * (ctx->api: the API); each is made through .abi_call, in a child,
	 * once with c->vdso_fn NULL (the system call) and once with the vDSO
	 * function.  .abi_call returns the call's value with errno set
	 * (abi_call_fn, harness/abi.h).
	 */
	long (*abi_call)(const struct abi_call *c);
	void (*abi_cases)(struct abi_ctx *ctx);

	/*
	 * read_burst - the clock families: @n (1 .. 256) readings of @api's
	 * clock through the path under test (as .read_clock), one right after
	 * the other with nothing in between but the store of each result,
	 * into @out in the order taken.  Return: 0, or -1 with errno when a
	 * call failed (@out then undefined).  Used by the back-to-back phase
	 * (harness/burst.c); NULL: no such phase.
	 */
	int (*read_burst)(const struct api *api, const struct run *run, struct ts64 *out,
			  unsigned n);
};

struct api {
	const char *name; /* e.g. "clock-gettime-monotonic" */
	const struct family *family;
	clockid_t clock_id;	/* -1 for APIs without a clock id */
	const char *clock_name; /* e.g. "CLOCK_MONOTONIC", or NULL */
	unsigned flags;		/* enum clock_flags */
	clockid_t fine_id;	/* CLK_COARSE: the fine clock it follows */
};

/* test_type_find - parse "bench", "verify" or "abi"; -1 when unknown. */
int test_type_find(const char *name);

/* test_type_name - "bench", "verify" or "abi". */
const char *test_type_name(enum test_type t);

/* api_vdso_fn - the bound vDSO function of @api in @run, or NULL if absent. */
static inline void *api_vdso_fn(const struct api *api, const struct run *run)
{
	return run->vdso ? run->vdso->fn[api->family->call] : NULL;
}

#endif
