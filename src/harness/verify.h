/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mechanics of verify: the deadline, counting checks, reporting failures
 * (bounded by --maxfails) and noticing when CLOCK_REALTIME is set.
 * What is correct is the families' business.
 */
#ifndef VDSOTEST_VERIFY_H
#define VDSOTEST_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/api.h"
#include "core/known_bugs.h"
#include "lib/timespec.h"
#include "vdso/arch.h"

/*
 * The checks one verify part tallies (verify_ok()): the families name
 * about ten per API; one more the failures reported without a failing
 * check before them (VERIFY_OTHER_CHECK).
 */
#define VERIFY_CHECKS_MAX 32

/* verify_api()'s check that programs can find the vDSO function. */
#define VERIFY_REACHABLE_CHECK "found through the vDSO's hash tables"

/*
 * The callee-saved register check (vdso/regcheck.h): verify_running()
 * arms it for every VERIFY_REGCHECK_EVERY-th round (the trampoline costs
 * a few ns a call, and the rounds' brackets stay tight in the others);
 * at the round's end, when its vDSO calls changed a register, the failure
 * "vDSO CALL changed callee-saved register REG: 0xBEFORE before the call,
 * 0xAFTER after (N of M calls of the round)".  Where the build has no
 * trampoline, verify_api() ends with a KTAP SKIP subtest of this name
 * (-v: a line) that says so.
 */
#define VERIFY_REGS_CHECK "callee-saved registers kept"
/*
 * The guard bytes (vdso/regcheck.h), around every output object of every
 * round's vDSO calls: a change is the failure "vDSO CALL wrote outside its
 * output: byte(s) N[..M] before|after its SIZE-byte OBJECT changed (N of M
 * calls of the round)".
 */
#define VERIFY_GUARD_CHECK "writes only its own output"
#define VERIFY_REGCHECK_EVERY 16

/* The name under which failures without a failing verify_ok() before them are tallied. */
#define VERIFY_OTHER_CHECK "other failures"

/* One named check of a verify part: how often it was made and failed. */
struct verify_check {
	const char *name; /* a string literal (compared by address, then by text) */
	uint64_t made;
	uint64_t failed;  /* verify_fail() calls it was blamed for */
	uint64_t xfailed; /* of them, known kernel bugs (verify_fail_known()): expected */
	int bug;	  /* the row of known_bugs[] of the last of those, + 1; 0: none */
};

/* What a look at a clock-set watch found (verify_clock_set_wait()). */
enum clock_set_look {
	CLOCK_SET_NOT_YET, /* nothing yet (or only the timer's own expiry) */
	CLOCK_SET_YES,	   /* the clock was set */
	CLOCK_SET_UNKNOWN, /* the watch cannot answer: stop waiting */
};

/*
 * What a verify could see, for the sentence that says what a pass means
 * (verify_api()): its figures in ns, INT64_MAX where nothing was measured.
 */
struct verify_sight {
	int64_t res_ns;	       /* the clock's resolution (clock_getres(2)); -1: none */
	int64_t unit_ns;       /* the unit of the readings: 1 (ns), 1000 (us: gettimeofday),
				  1000000000 (s: time); 0: ns.  The gaps stay in ns */
	int64_t behind_min_ns; /* smallest (vDSO reading - system call reading before it) */
	int64_t ahead_min_ns;  /* smallest (system call reading after it - vDSO reading) */
	uint64_t bracketed;    /* vDSO readings checked against the two around them */
	uint64_t readings;     /* vDSO readings compared with anything */
	/* the back-to-back phase (harness/burst.h) */
	uint64_t step_readings; /* readings taken back to back */
	int64_t step_min_ns;	/* smallest step from one reading to the next */
	int64_t step_median_ns; /* the median step */
	int64_t step_error_ns;	/* an error in one reading larger than this is seen at the median
				   step (burst.h); INT64_MAX: none measured */
	unsigned step_cpus;	/* CPUs it ran on */
	const char *kind;	/* "hres", "coarse", "raw" (a string literal) */
	/* the cross-CPU phase (harness/parallel.h) */
	uint64_t cross_compared;  /* readings compared with another CPU's */
	int64_t cross_gap_min_ns; /* smallest (reading - the other CPU's before it) */
	unsigned cross_cpus;
	/* the rounds excused (verify_clock_was_set(), verify_aux_stepped(), verify_tai_set()) */
	uint64_t excused, aux_steps, tai_sets;
};

struct verify_ctx {
	const struct api *api;
	const struct run *run;
	uint64_t deadline_ns; /* now_ns() at which to stop */
	uint64_t checks;      /* checks made (summed by verify_end()) */
	uint64_t rounds;      /* verify_running() calls: the rounds begun */
	unsigned fails;	      /* failures reported through this context (not the expected ones) */
	unsigned xfails;      /* expected failures (known kernel bugs) reported through it */
	int clock_set_fd;     /* timerfd cancelled when CLOCK_REALTIME is set; -1 */
	unsigned clock_sets;  /* settings of CLOCK_REALTIME that excused a check */
	unsigned n_checks;    /* entries of check[] in use */
	unsigned next_check;  /* the entry verify_ok() looks at first */
	unsigned pending;     /* 1 + the index of the check that failed in the last verify_ok()
			     (what verify_fail() blames); 0: none */
	struct verify_check check[VERIFY_CHECKS_MAX];
	struct verify_sight
		sight; /* what the checks saw (verify_seen()); to the session at verify_end() */
	bool set_before_round; /* a cancel drained at the start of this round */
	bool set_in_round;     /* a cancel came during this round (verify_clock_was_set()) */
	bool excused_round;    /* this round was excused (counted once) */
	bool stop;	       /* verify_stop(): no more rounds */
	bool retaking;	       /* within verify_round_again() */
	/* how clock_set_fd is read (verify_begin(): the timerfd's way; tests/unit-verify.c: a pipe's) */
	enum clock_set_look (*clock_set_look)(int fd);
	/*
	 * CLOCK_REALTIME - CLOCK_MONOTONIC in ns, between rt_offset_lo_ns and
	 * rt_offset_hi_ns when rt_offset_known: read at the start of the first
	 * round and of a round after a setting (verify_running()), again at a
	 * failure (verify_clock_was_set()).  Only a setting moves it.
	 */
	int64_t rt_offset_lo_ns, rt_offset_hi_ns;
	bool rt_offset_known;
	bool rt_offset_read; /* tried since the last setting excused a check */
	/* reads it (verify_begin(): system calls); NULL: not looked at */
	bool (*read_rt_offset)(int64_t *lo_ns, int64_t *hi_ns);
};

/* A part of a verify (api_run() gives them): checks, threads, namespace. */
typedef enum status (*verify_part_fn)(const struct api *api, const struct run *run);

/*
 * verify_api - the session of one verify of @api (api_run()): @parts run
 * within it (the family's checks, with run->threads above 1 through
 * verify_parallel(), and the time namespace part).  --maxfails counts the
 * failures of the whole verify: the main part, the part in a time
 * namespace (a child process) and every thread; then one summary line,
 * "API/verify: N failures/inconsistencies encountered", N being the
 * failure lines printed (report_failures()).  Then each check tallied
 * (verify_ok(), verify_tally()), in the order first tallied: in KTAP a
 * subtest of the API, "ok N CHECK # checked M times" or "not ok N CHECK #
 * failed F of M times" (report_subtest()); with -v in the other formats
 * a line "API: verify: check \"CHECK\" M times: OK" (", F failed: FAIL").
 * Before @parts, the check VERIFY_REACHABLE_CHECK, once, where @api has a
 * vDSO function: a kernel vDSO function that a dynamic linker cannot find
 * (struct vdso_binding's unreachable, vdso_image_reachable()) is a failure
 * line, "API: vDSO NAME is not reachable through TABLE: DETAIL"; the
 * function is verified all the same.
 * Return: STATUS_FAIL after any failure, else the status of @parts.
 */
enum status verify_api(const struct api *api, const struct run *run, verify_part_fn parts);

/*
 * verify_notes - once per verify_api(), however many parts and threads:
 * "Note: API: vDSO version of CALL not found; verifying libc's" when the
 * vDSO lacks the function, and in verbose mode which path the calls under
 * test exercise (api_falls_back()).  verify_begin() calls it; call it
 * before starting threads so that it comes before their lines.
 */
void verify_notes(const struct api *api, const struct run *run);

/* verify_failures - the failure lines printed so far in this verify_api(). */
unsigned verify_failures(void);

/*
 * verify_begin - start verifying @api for run->duration_ns.  Watches for
 * CLOCK_REALTIME being set (timerfd_create(2), TFD_TIMER_CANCEL_ON_SET)
 * where the kernel supports it; verify_notes().
 */
void verify_begin(struct verify_ctx *ctx, const struct api *api, const struct run *run);

/*
 * verify_scope - mark the failure and verbose lines of the calling thread
 * from now on: "API: SCOPE: message" (e.g. "time namespace +1000 s");
 * NULL for none.  @scope must outlive its use.
 */
void verify_scope(const char *scope);

/*
 * The rounds a verify part makes however short --duration is: enough for
 * the checks that compare a round with the ones before (a clock that
 * stops, a step back every few calls) to see them on a machine so loaded
 * that the duration passes during the first round.  A round of the clock
 * families takes about a microsecond; getrandom's slow checks come every
 * 512th round, so the minimum adds no fork.
 */
#define VERIFY_MIN_ROUNDS 32

/*
 * verify_running - true until the deadline passes (but always for the
 * first VERIFY_MIN_ROUNDS rounds), --maxfails failures have been printed
 * in this verify_api(), or SIGINT or SIGTERM has been caught (interrupt.h).
 */
bool verify_running(struct verify_ctx *ctx);

/*
 * verify_check_find - the index in @ctx's table of the check @name: found
 * by address, then by text; a new entry at the end; when the table is
 * full, VERIFY_OTHER_CHECK's (the last entry).  For verify_ok().
 */
unsigned verify_check_find(struct verify_ctx *ctx, const char *name);

/*
 * verify_ok - count one check named @name (a string literal, no '#': it
 * is a KTAP test name, e.g. "within the system call's readings"; a check
 * made at several places under one name is one check); return @ok, so:
 * if (!verify_ok(ctx, "name", cond)) verify_fail(..).  A failing check is
 * what the next verify_fail() of the round is blamed on: a verify_ok() that
 * fails but is excused (the clock was set) and not followed by
 * verify_fail() counts as made, not failed.  The tallies reach the session
 * at verify_end() and are reported by verify_api(): KTAP subtests, -v
 * lines.
 */
static inline bool verify_ok(struct verify_ctx *ctx, const char *name, bool ok)
{
	unsigned i = ctx->next_check;

	if (ctx->check[i].name != name) /* (checks come in the same order every round) */
		i = verify_check_find(ctx, name);
	ctx->check[i].made++;
	ctx->next_check = i + 1 < ctx->n_checks ? i + 1 : 0;
	ctx->pending = ok ? 0 : i + 1;
	return ok;
}

/*
 * verify_fail - report "API: [SCOPE: ]message" and count it, if fewer than
 * --maxfails failures have been printed in this verify_api() (a place is
 * taken atomically first, so that threads and processes never print more);
 * else silent and not counted.
 */
void verify_fail(struct verify_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * verify_backwards_symptom - the facts of a reading of @api's clock found
 * @back_ns (> 0) behind one it must not be behind, for
 * verify_fail_known() and known_bug_match() (core/known_bugs.h): the
 * call (vdso_call_name()), the clock id and flags, and @back_ns as the
 * known value; the check is left NULL (verify_fail_known() fills it in).
 */
struct known_symptom verify_backwards_symptom(const struct api *api, int64_t back_ns);

/*
 * verify_fail_known - verify_fail() for a failure that may be a known
 * kernel bug (core/known_bugs.h): @s the facts of the failure (its call,
 * clock id, check, answers; s->check NULL: the check verify_ok() last
 * failed).  The line is "API: message; " then, for a failure that is the
 * bug of a row on a kernel in its range, "known kernel bug ID: fixed by
 * HASH ("SUBJECT"), vX.Y; this kernel is VERSION", an expected failure
 * (not counted in ctx->fails, not failing the API) unless
 * run->fail_known_bugs; for a failure of a row's call and check that is not
 * its bug, or a kernel outside the range, why not ("not known kernel bug
 * ID: the system call gives ENODEV, not EINVAL"), a failure as any other.
 * The row seen goes into the run's record (known_bugs_record()).
 */
void verify_fail_known(struct verify_ctx *ctx, const struct known_symptom *s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * verify_sys_normalized - check that a reading the system call gave (the
 * kernel's, which verify compares with) is normalized: 0 <= @frac <=
 * 999999999 (tv_nsec) or, if @usec, 999999 (tv_usec, a timeval:
 * gettimeofday(2)); and @sec >= 0 unless @sec_may_wrap (a 32-bit tv_sec
 * wraps negative past 2038-01-19T03:14:07Z; a clock cannot be set before
 * 1970 (clock_settime(2): EINVAL), and the kernel refuses time namespace
 * offsets that would take a clock below 0 (time_namespaces(7))).  @what names the reading
 * ("CLOCK_MONOTONIC", "CLOCK_MONOTONIC resolution", "gettimeofday").
 * Failure: "syscall WHAT tv_nsec|tv_usec N out of range [0, MAX]" or
 * "syscall WHAT tv_sec N is negative".
 * Return: false after the failure.
 */
bool verify_sys_normalized(struct verify_ctx *ctx, const char *what, int64_t sec, int64_t frac,
			   bool usec, bool sec_may_wrap);

/*
 * verify_failure - the same without a context, for checks made outside
 * one (timens.c; tally them with verify_tally()).  Return: whether the
 * line was printed.
 */
bool verify_failure(const struct api *api, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * verify_part - name the part of the verify that the calling thread's
 * checks belong to from now on (NULL: the main part), and mark its lines
 * as verify_scope() does: the same check in another part (the time
 * namespace's "time namespace +1000 s") is tallied and reported apart,
 * as "PART: CHECK".  @part must outlive the verify_api().
 */
void verify_part(const char *part);

/*
 * verify_tally - add to the session's tally of the check @name of @part
 * (NULL: the main part) that it was made @made times and failed @failed
 * times; verify_end() does it for the checks of a context.  Safe from
 * threads and from the processes of the session without a lock: each
 * call takes an entry of its own in the session's shared page (one atomic
 * add; room for (threads + 8) * VERIFY_CHECKS_MAX, past that a call is
 * lost), and verify_api() adds up the entries of each check at the end; a
 * check beyond VERIFY_TALLIES_MAX is tallied under VERIFY_OTHER_CHECK.
 */
void verify_tally(const char *part, const char *name, uint64_t made, uint64_t failed);

/*
 * verify_tally_xfail - of the failures tallied for the check @name of
 * @part, @xfailed were the known kernel bug of row @bug (known_bugs[]):
 * its KTAP subtest is "ok N CHECK # XFAIL ID: SUBJECT" when they are all
 * its failures (unless --fail-known-bugs).
 */
void verify_tally_xfail(const char *part, const char *name, uint64_t xfailed, int bug);

/* The checks (part and name) one verify_api() tallies. */
#define VERIFY_TALLIES_MAX 64

/*
 * verify_skip - the check @name of @part (NULL: the main part) was not
 * made, for the reason @why (a string literal: "one CPU allowed"): a KTAP
 * "# SKIP" subtest, unless the same check was made elsewhere in the
 * session; nothing in the other formats (say it with a note).
 */
void verify_skip(const char *part, const char *name, const char *why);

/* verify_sight_init - @v with nothing measured (INT64_MAX minimums, res_ns -1). */
void verify_sight_init(struct verify_sight *v);

/* verify_sight_merge - add @v's figures to @into (minimums of the minimums, sums). */
void verify_sight_merge(struct verify_sight *into, const struct verify_sight *v);

/*
 * verify_sight_add - give the session what a phase saw (the back-to-back
 * and cross-CPU phases; verify_end() gives a context's).  After the
 * tallies, verify_api() says with -v, and in KTAP as diagnostics:
 * "API: verify: resolution R ns; N readings within the system call's:
 * closest B ns after the one before, A ns before the one after;
 * back-to-back (KIND clock): ... step median S ns ..." and "API: verify:
 * a pass means no error larger than X ns (A ns ahead, B ns behind) in
 * every reading, nor larger than S ns in a single reading (back-to-back)":
 * a constant error of the vDSO larger than A ahead or B behind would have
 * put a reading outside the system call's; a single reading off by more
 * than S (step_error_ns: the median step, or about half of it where the
 * short-gap rule applies, burst.h) would have failed the back-to-back
 * phase.  gettimeofday and time (unit_ns 1000, 10^9) say theirs in us
 * and s: "API: verify: resolution 1 us; ..." and "... a pass means no
 * error larger than X us (A us ahead, B us behind) in every reading".
 * With no gap at all (A and B 0 in the unit, and S 0 where there is a
 * back-to-back phase): "API: verify: a pass means the check was exact at
 * the API's resolution of 1 us" (1 s; "the clock's resolution of a tick
 * (R ns)" for a coarse clock) ": an error of 1 us or more, ahead or
 * behind, would be seen".
 * Safe from threads and the processes of the session (an entry each,
 * SIGHT_ENTRIES in all; past that, lost).
 */
void verify_sight_add(const struct verify_sight *v);

/*
 * verify_seen - a vDSO reading @v that lies within the system call's
 * readings @s1 (before it) and @s2 (after it), in ns since any common
 * origin: the gaps for verify_sight.  Call it for readings that passed.
 */
static inline void verify_seen(struct verify_ctx *ctx, int64_t behind_ns, int64_t ahead_ns)
{
	struct verify_sight *v = &ctx->sight;

	if (behind_ns < v->behind_min_ns)
		v->behind_min_ns = behind_ns;
	if (ahead_ns < v->ahead_min_ns)
		v->ahead_min_ns = ahead_ns;
	v->bracketed++;
}

/*
 * verify_stop - no more rounds in this context: verify_running() says
 * false from now on (an aux clock switched off during the run: the
 * family said so in a note).
 */
static inline void verify_stop(struct verify_ctx *ctx)
{
	ctx->stop = true;
}

/*
 * verify_clock_was_set - may a failing check of this round be a setting of
 * CLOCK_REALTIME (settimeofday, clock_settime, a leap second step, a TAI
 * offset change: adjtimex(2) ADJ_TAI, for do_adjtimex() calls
 * clock_was_set(), kernel/time/timekeeping.c)?  Only for the API's with
 * CLK_SETTABLE (verify_begin() watches for them: a timerfd with
 * TFD_TIMER_CANCEL_ON_SET), and only for the checks a setting can break.
 * verify_running() drains the watch at the start of every round without
 * waiting: a setting found then came before the round's readings and
 * answers true only for @across_rounds (a check against an earlier
 * round's reading).  Otherwise true only when the cancel comes during
 * this round: looked for now, waiting up to 100 ms, 2 s while a leap
 * second is armed (STA_INS or STA_DEL: its cancel comes from a work
 * queue), returning as soon as it comes; once come, true for the rest of
 * the round.  But first, where a setting could have spoiled a reading of
 * this round, CLOCK_REALTIME - CLOCK_MONOTONIC is read again (system calls,
 * the narrowest of a few tries, at most 20 us wide): a setting that a
 * reading of the round saw has moved it since the round began, and nothing
 * else moves it (the kernel's timerfd cancels by the same test,
 * timerfd_clock_was_set(), fs/timerfd.c); and only a setting back can
 * make a reading go back or be ahead of a later one.  Not gone back: false
 * at once, without waiting, so that a setting made after the failure,
 * while waiting, excuses nothing.  A step back smaller than twice that
 * width may go unseen.  False where the kernel cannot tell (no timerfd).  Each
 * round excused is counted (-v, KTAP: "API: verify: excused N rounds:
 * CLOCK_REALTIME set"), the first with a note; the caller takes the
 * round again rather than skip it.
 */
bool verify_clock_was_set(struct verify_ctx *ctx, bool across_rounds);

/*
 * verify_round_again - after a round excused (verify_clock_was_set(),
 * verify_aux_stepped()): take it again with @round on @state, once (not
 * from within the retake), judged afresh: what excused the first take
 * excuses nothing in the second.  The family resets first what the retake
 * must not compare with (the previous round's reading, now across the
 * setting).  Nothing when the round was not excused.
 */
void verify_round_again(struct verify_ctx *ctx, void (*round)(struct verify_ctx *ctx, void *state),
			void *state);

/*
 * verify_aux_stepped - count this round as excused by a step of an aux
 * clock (clock_adjtime(2) on CLOCK_AUX: no timerfd tells of it) that the
 * caller saw in the system call's own readings going back between rounds;
 * it may excuse only the check against the previous round's reading.
 */
void verify_aux_stepped(struct verify_ctx *ctx);

/*
 * verify_aux_off - an aux clock switched off during the run (its
 * aux_clock_enable written by its owner: the system call gives ENODEV,
 * kernel/time/timekeeping.c): no failure but "Note: API: CLOCK_AUX+N was
 * switched off during the run (the system call gives ENODEV); verify of
 * it ended there" (once per API and run), and verify_stop().
 */
void verify_aux_off(struct verify_ctx *ctx);

/*
 * verify_tai_set - count this round as excused by a change of the TAI
 * offset (adjtimex(2) ADJ_TAI) that the caller saw in the offsets read
 * around the readings compared: the kernel counts it as a setting
 * (do_adjtimex() calls clock_was_set(), kernel/time/timekeeping.c), but
 * CLOCK_REALTIME's timerfd does not tell of it.  With -v and in KTAP:
 * "API: verify: excused N rounds: the TAI offset changed ...".
 */
void verify_tai_set(struct verify_ctx *ctx);

/*
 * verify_clock_set_watch - for a comparison made outside a round
 * (timens.c): a timerfd on CLOCK_REALTIME, armed far in the future with
 * TFD_TIMER_CANCEL_ON_SET, whose read fails with ECANCELED once the clock
 * is set (timerfd_create(2); fs/timerfd.c, timerfd_clock_was_set()).
 * Returns the descriptor (the caller closes it), or -1 when there is no
 * timerfd: then nothing can be excused.
 */
int verify_clock_set_watch(void);

/*
 * verify_clock_set_seen - whether CLOCK_REALTIME was set since @fd (from
 * verify_clock_set_watch()) was made, waiting as verify_clock_was_set()
 * does for a cancel still on its way (100 ms, 2 s with a leap second
 * armed).  @fd -1: false.  A change of the TAI offset (adjtimex ADJ_TAI)
 * does not cancel the timerfd: the caller compares the offsets itself.
 */
bool verify_clock_set_seen(int fd);

/*
 * verify_clock_set_wait - verify_clock_was_set()'s wait: @look at @fd,
 * then poll(2) @fd for POLLIN and look again, until @look says
 * CLOCK_SET_YES (true) or CLOCK_SET_UNKNOWN (false), or @timeout_ms
 * milliseconds (0: one look; -1: no limit) have passed (false).  Returns as
 * soon as the answer comes: a leap second's cancel arrives from a work
 * queue after the readings already show the step (clock_was_set_delayed(),
 * kernel/time/timekeeping.c).  SIGINT or SIGTERM (interrupt.h) ends the
 * wait with one more look.  Exposed for tests/unit-verify.c, which feeds it
 * a pipe.
 */
bool verify_clock_set_wait(int fd, int timeout_ms, enum clock_set_look (*look)(int fd));

/*
 * verify_end - release what verify_begin() took; in verbose mode print the
 * number of checks and of failures reported through @ctx: "API: verify: N
 * checks, M failures", then "API: verify: checks by kind: X of the path
 * under test, Y of the system call's readings[; R readings of it
 * compared]" (the checks named "system call ...": the kernel's side); after SIGINT or SIGTERM, in any mode: "API: verify:
 * interrupted by SIGINT after N checks, M failures".  Adds the context's
 * tallies to the session's (verify_tally()).  (The summary line is
 * verify_api()'s.)
 * Return: STATUS_PASS or STATUS_FAIL.
 */
enum status verify_end(struct verify_ctx *ctx);

/* ts64_from - copy what the clock_gettime/clock_getres calls wrote. */
static inline struct ts64 ts64_from(const vdso_timespec *ts)
{
	return (struct ts64){ ts->tv_sec, ts->tv_nsec };
}

/* ts64_from_time64 - copy what the time64 calls of 32-bit targets wrote. */
static inline struct ts64 ts64_from_time64(const vdso_timespec64 *ts)
{
	return (struct ts64){ ts->tv_sec, ts->tv_nsec };
}

#endif
