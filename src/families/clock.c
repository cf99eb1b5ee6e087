// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The clock_gettime and clock_getres families, table-driven over clock ids
 * (apis.c), in both timespec widths: the calls of every target, and the
 * time64 calls of 32-bit targets (clock_gettime64, clock_getres_time64:
 * Linux 5.1, y2038 series), which write a struct __kernel_timespec with a
 * 64-bit tv_sec (include/uapi/linux/time_types.h).  A flavour (struct
 * clock_flavour) holds what differs between the widths; every check is
 * made in both.  Not every 32-bit vDSO exports both widths: i386 on Linux
 * 6.18 has __vdso_clock_gettime64 but no __vdso_clock_getres_time64
 * (arch/x86/entry/vdso/vdso32/vdso32.lds.S).  The file ends with four
 * descriptors (struct family, core/api.h) over this one code: the two
 * calls in the two widths, told apart by .call (clock_arg_of()).
 *
 * What is correct comes from clock_gettime(2) and the kernel's
 * timekeeping: a clock read through the vDSO between two system call
 * readings of the same clock lies between them; coarse clocks lag their fine
 * twin by at most one tick (their resolution); CLOCK_BOOTTIME is
 * CLOCK_MONOTONIC plus the time spent suspended.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <unistd.h>

#include "core/known_bugs.h"
#include "families/clock_ids.h"
#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/timens.h"
#include "harness/verify.h"
#include "lib/timens_offsets.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

/*
 * A coarse clock may lag its fine twin by up to two resolutions plus this:
 * it is advanced by the tick, which here (x86_64 VM, HZ=250) was seen to
 * leave it 1.0 .. 5.6 ms behind CLOCK_MONOTONIC with a 4 ms resolution; the
 * tick can run late by timer slack and by the host not running the vCPU.
 */
#define COARSE_SLACK_NS INT64_C(1000000)

/* What the calls of either width write. */
union clock_buf {
	vdso_timespec old;
	vdso_timespec64 t64;
};

/*
 * One timespec width.  The arrays are indexed by getres: [0] clock_gettime,
 * [1] clock_getres.
 */
struct clock_flavour {
	enum vdso_call call[2]; /* the vDSO functions */
	long sys_nr[2];		/* their system calls */
	/* the vDSO function @fn of call[@getres] on @ts (any pointer: abi) */
	int (*vdso)(void *fn, bool getres, clockid_t id, void *ts);
	size_t size;	  /* bytes the calls write */
	const char *type; /* its name in messages */
	struct ts64 (*to_ts64)(const union clock_buf *b);
	void (*from_libc)(union clock_buf *b, const struct timespec *ts);
	bool libc;  /* libc's clock_gettime() has this width */
	bool sec32; /* tv_sec has 32 bits: wraps past 2038 */
	/* the other width's calls: a note when the vDSO has just one */
	bool note_other_width;
	enum vdso_call other_width[2];
};

static int old_vdso(void *fn, bool getres, clockid_t id, void *ts)
{
	return getres ? vdso_clock_getres(fn, id, ts) : vdso_clock_gettime(fn, id, ts);
}

static struct ts64 old_to_ts64(const union clock_buf *b)
{
	return ts64_from(&b->old);
}

static void old_from_libc(union clock_buf *b, const struct timespec *ts)
{
	b->old.tv_sec = ts->tv_sec;
	b->old.tv_nsec = ts->tv_nsec;
}

/* The calls of every target: 64-bit tv_sec on 64-bit targets, 32 on 32-bit. */
static const struct clock_flavour old_flavour = {
	.call = { VDSO_CLOCK_GETTIME, VDSO_CLOCK_GETRES },
	.sys_nr = { SYS_clock_gettime, SYS_clock_getres },
	.vdso = old_vdso,
	.size = sizeof(vdso_timespec),
	.type = "timespec",
	.to_ts64 = old_to_ts64,
	.from_libc = old_from_libc,
	.libc = true,
	.sec32 = sizeof(((vdso_timespec *)NULL)->tv_sec) < 8,
	.note_other_width = false, /* (their output stays as before time64) */
};

#ifdef SYS_clock_gettime64
static int t64_vdso(void *fn, bool getres, clockid_t id, void *ts)
{
	return getres ? vdso_clock_getres_time64(fn, id, ts) : vdso_clock_gettime64(fn, id, ts);
}

static struct ts64 t64_to_ts64(const union clock_buf *b)
{
	return ts64_from_time64(&b->t64);
}

static void t64_from_libc(union clock_buf *b, const struct timespec *ts)
{
	b->t64.tv_sec = ts->tv_sec;
	b->t64.tv_nsec = ts->tv_nsec;
}

/* The time64 calls of 32-bit targets. */
static const struct clock_flavour t64_flavour = {
	.call = { VDSO_CLOCK_GETTIME64, VDSO_CLOCK_GETRES_TIME64 },
	.sys_nr = { SYS_clock_gettime64, SYS_clock_getres_time64 },
	.vdso = t64_vdso,
	.size = sizeof(vdso_timespec64),
	.type = "__kernel_timespec",
	.to_ts64 = t64_to_ts64,
	.from_libc = t64_from_libc,
	.libc = sizeof(time_t) == 8, /* libc built with _TIME_BITS=64 */
	.sec32 = false,
	.note_other_width = true,
	.other_width = { VDSO_CLOCK_GETTIME, VDSO_CLOCK_GETRES },
};
#endif

static const struct clock_flavour *const flavours[] = {
	&old_flavour,
#ifdef SYS_clock_gettime64
	&t64_flavour,
#endif
};

/* One API's call: the path under test, its clock id, width and kind. */
struct clock_arg {
	void *fn; /* vDSO function, or NULL */
	clockid_t id;
	const struct clock_flavour *fl;
	bool getres; /* clock_getres, not clock_gettime */
	/* verify's reference system call: NULL, syscall(2) (vdso_reference_syscall()) */
	const struct vdso_binding *ref;
};

static struct clock_arg clock_arg_of(const struct api *api, const struct run *run)
{
	struct clock_arg a = { run ? api_vdso_fn(api, run) : NULL, api->clock_id, &old_flavour,
			       false, NULL };

	for (size_t i = 0; i < sizeof(flavours) / sizeof(flavours[0]); i++)
		for (int g = 0; g < 2; g++)
			if (flavours[i]->call[g] == api->family->call) {
				a.fl = flavours[i];
				a.getres = g;
			}
	return a;
}

/*
 * The system call of @a's kind and width, for clock @id (for verify, the
 * test seam's stand-in where --vdso-lib has one: vdso_reference_syscall()).
 */
static long sys_call(const struct clock_arg *a, bool getres, clockid_t id, union clock_buf *b)
{
	return vdso_reference_syscall(a->ref, a->fl->sys_nr[getres], id, (long)b);
}

/*
 * The path under test: the vDSO function, or libc's when the vDSO lacks it
 * (only where libc has the width: fl->libc).  @out NULL: clock_getres(id,
 * NULL).
 */
static int subject_call(const struct clock_arg *a, union clock_buf *out)
{
	struct timespec ts;
	int r;

	if (a->fn)
		return a->fl->vdso(a->fn, a->getres, a->id, out);
	if (!out) /* only clock_getres() accepts NULL */
		return clock_getres(a->id, NULL);
	r = a->getres ? clock_getres(a->id, &ts) : clock_gettime(a->id, &ts);
	a->fl->from_libc(out, &ts);
	return r;
}

static const char *subject_name(const struct clock_arg *a)
{
	return a->fn ? "vDSO" : "libc";
}

/*
 * What the kernel does when the system call rejects every aux clock id
 * with EINVAL: aux clocks (CLOCK_AUX .. CLOCK_AUX + 7) are served by Linux
 * 6.17 and later built with CONFIG_POSIX_AUX_CLOCKS
 * (kernel/time/timekeeping.c); the kernel's answer alone says that this
 * one does not serve them, not which of the two it lacks.
 */
static const char *aux_clocks_absent_why(void)
{
	return "this kernel serves no aux clocks: Linux 6.17 or later with CONFIG_POSIX_AUX_CLOCKS does";
}

/*
 * Can @api be tested here?  Not when its system call rejects the clock id:
 * EINVAL (for the alarm clocks: no RTC that can wake the system,
 * kernel/time/alarmtimer.c; for an aux clock: a kernel before 6.17 or
 * without CONFIG_POSIX_AUX_CLOCKS), or ENODEV for an aux clock not enabled
 * (kernel/time/timekeeping.c).  The reason into @why; errno kept.
 */
static bool clock_supported(const struct api *api, char *why, size_t len)
{
	struct clock_arg a = clock_arg_of(api, NULL);
	union clock_buf b;

	if (api->clock_id < 0 || sys_call(&a, a.getres, api->clock_id, &b) == 0 ||
	    !(errno == EINVAL || ((api->flags & CLK_AUX) && errno == ENODEV)))
		return true;
	int err = errno;
	bool alarm = api->clock_id == CLOCK_REALTIME_ALARM || api->clock_id == CLOCK_BOOTTIME_ALARM;

	if (why && (api->flags & CLK_AUX) && err == ENODEV)
		snprintf(why, len,
			 "unsupported here: the system call gives ENODEV for %s: aux clock %d is not enabled (/sys/kernel/time/aux_clocks/%d/aux_clock_enable)",
			 api->clock_name, api->clock_id - CLOCK_AUX, api->clock_id - CLOCK_AUX);
	else if (why && (api->flags & CLK_AUX))
		snprintf(why, len,
			 "unsupported by this kernel: the system call rejects %s with EINVAL (%s)",
			 api->clock_name, aux_clocks_absent_why());
	else if (why)
		snprintf(why, len, "unsupported here: the system call rejects %s with EINVAL%s",
			 api->clock_name ? api->clock_name : api->name,
			 alarm ? " (alarm clocks need an RTC that can wake the system)" : "");
	errno = err;
	return false;
}

/*
 * A vDSO that exports one width of the call but not the other: a note
 * before every TEST-TYPE (a C library on such a target picks whichever it
 * finds).
 */
static void clock_notes(const struct api *api, const struct run *run)
{
	struct clock_arg a = clock_arg_of(api, run);

	if (a.fl->note_other_width) {
		enum vdso_call call = api->family->call, other = a.fl->other_width[a.getres];
		bool has = a.fn != NULL, has_other = run->vdso && run->vdso->fn[other];

		char key[REPORT_ONCE_KEY_LEN];
		snprintf(key, sizeof(key), "width %d %d", (int)call, (int)other);
		if (has !=
		    has_other) /* (once per run: a fact of the vDSO, alike for every clock) */
			report_note_once(key, "%s: the vDSO exports %s but not %s", api->name,
					 vdso_call_name(has ? call : other),
					 vdso_call_name(has ? other : call));
	}
}

/* ---- bench ---- */

static void sys_batch(const void *p, unsigned long n)
{
	const struct clock_arg *a = p;
	long nr = a->fl->sys_nr[a->getres];
	clockid_t id = a->id;
	union clock_buf b;

	BENCH_REPEAT(n, syscall(nr, id, &b));
}

static void gettime_libc_batch(const void *p, unsigned long n)
{
	const struct clock_arg *a = p;
	struct timespec ts;

	BENCH_REPEAT(n, clock_gettime(a->id, &ts));
}

static void getres_libc_batch(const void *p, unsigned long n)
{
	const struct clock_arg *a = p;
	struct timespec ts;

	BENCH_REPEAT(n, clock_getres(a->id, &ts));
}

/* (Both calls and both widths: the same signature, a buffer for the wider.) */
BENCH_PLACED_BATCH(vdso_batch, p, n, const struct clock_arg *a = p; void *fn = a->fn;
		   clockid_t id = a->id; union clock_buf b;

		   BENCH_REPEAT(n, vdso_bench_clock(fn, id, &b.old));)

/* One call through path @p: 0, or its errno.  libc is subject_call() without fn. */
static int clock_probe(enum bench_path p, const void *arg)
{
	const struct clock_arg *a = arg;
	struct clock_arg libc = *a;
	union clock_buf b;
	long r;

	libc.fn = NULL;
	if (p == PATH_SYSCALL)
		r = sys_call(a, a->getres, a->id, &b);
	else
		r = subject_call(p == PATH_LIBC ? &libc : a, &b);
	return r == 0 ? 0 : errno;
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static int empty_clock_fn(clockid_t id, vdso_timespec *ts)
{
	(void)id;
	(void)ts;
	return 0;
}

/* The bench's args: the call, and the same with the empty function. */
struct clock_bench_state {
	struct clock_arg arg, empty;
};

static enum status clock_bench_paths(const struct api *api, const struct run *run,
				     struct bench_paths *paths, void *state)
{
	struct clock_bench_state *s = state;
	bench_batch_fn libc;

	s->arg = s->empty = clock_arg_of(api, run);
	s->empty.fn = (void *)empty_clock_fn;
	libc = s->arg.getres ? getres_libc_batch : gettime_libc_batch;
	*paths = (struct bench_paths){ { sys_batch, s->arg.fl->libc ? libc : NULL,
					 s->arg.fn ? vdso_batch[0] : NULL },
				       clock_probe,
				       &s->arg,
				       vdso_batch[0],
				       &s->empty,
				       0,
				       vdso_batch };
	return STATUS_PASS;
}

/* ---- verify ---- */

/* The facts of a failing check of @api for known_bug_match() (core/known_bugs.h). */
static struct known_symptom clock_symptom(const struct api *api)
{
	return (struct known_symptom){ .call = vdso_call_name(api->family->call),
				       .clock_id = api->clock_id,
				       .clock_flags = api->flags };
}

/* A verify's state, carried between its rounds (getres uses .arg alone). */
struct gettime_state {
	struct clock_arg arg;
	int64_t res_ns;		 /* resolution from the system call */
	struct ts64 prev;	 /* last subject reading */
	struct ts64 prev_change; /* syscall reading when prev was new */
	bool have_prev;
	/* CLOCK_BOOTTIME - CLOCK_MONOTONIC offsets of our time namespace */
	int64_t boot_minus_mono_offset_ns;
	bool check_boottime; /* those offsets are known */
	/* CLOCK_TAI: the TAI offset (adjtimex) before the last round's readings */
	long tai_offset_sec;
	bool have_tai_offset;
	struct ts64 prev_r2; /* CLOCK_REALTIME after the last round's reading */
	bool have_prev_r2;
	bool y2038_noted;    /* the 32-bit wrap past 2038 said */
	uint64_t rounds;     /* rounds begun */
	struct ts64 prev_s2; /* the system call's reading after prev */
	/* clock_getres: the first answers of the run, of the system call and the subject */
	struct ts64 first_sres, first_vres;
	bool have_first_sres, have_first_vres;
	int rejected_errno; /* the system call rejects the clock id (run.h): this errno */
};

/* The kernel's TAI offset in seconds, CLOCK_TAI - CLOCK_REALTIME (adjtimex(2), modes 0: read only). */
static bool tai_offset(long *sec)
{
	struct timex tx = { .modes = 0 };

	if (adjtimex(&tx) < 0)
		return false;
	*sec = tx.tai;
	return true;
}

/*
 * For a settable clock: may a failing check be a setting of CLOCK_REALTIME
 * (verify_clock_was_set(): a cancel that came during this round, or for
 * @across_rounds, a check against the previous round's reading, before
 * it)?  The round is then taken again (gettime_round()).
 */
static bool clock_was_set(struct verify_ctx *ctx, bool across_rounds)
{
	return (ctx->api->flags & CLK_SETTABLE) && verify_clock_was_set(ctx, across_rounds);
}

/*
 * A coarse clock lags its fine twin by at most the bound; a late tick
 * delays the kernel's own coarse reading s1 as much, so the vDSO is only
 * at fault when it lags more than that.  It is never ahead of the fine
 * clock read after it.  Return: false after reporting a failure.
 */
static bool check_coarse(struct verify_ctx *ctx, struct gettime_state *st, struct ts64 f1,
			 struct ts64 s1, struct ts64 v, struct ts64 f2)
{
	const char *who = subject_name(&st->arg);
	int64_t bound = 2 * st->res_ns + COARSE_SLACK_NS, lag = ts64_sub_ns(f1, v);
	char a[TS64_STRLEN], b[TS64_STRLEN];

	if (!verify_ok(ctx, "coarse lags the fine clock by at most the bound",
		       lag <= bound || ts64_sub_ns(f1, s1) > bound) &&
	    !clock_was_set(ctx, false)) {
		verify_fail(ctx,
			    "%s [%s] is %" PRId64
			    " ns behind the fine clock's syscall [%s] read before it (resolution %" PRId64
			    " ns)",
			    who, ts64_format(v, a, sizeof(a)), lag, ts64_format(f1, b, sizeof(b)),
			    st->res_ns);
		return false;
	}
	if (!verify_ok(ctx, "coarse not ahead of the fine clock", ts64_cmp(v, f2) <= 0) &&
	    !clock_was_set(ctx, false)) {
		verify_fail(ctx,
			    "%s [%s] is ahead of the fine clock's syscall [%s] read after it (%" PRId64
			    " ns ahead)",
			    who, ts64_format(v, a, sizeof(a)), ts64_format(f2, b, sizeof(b)),
			    ts64_sub_ns(v, f2));
		return false;
	}
	return true;
}

/*
 * CLOCK_BOOTTIME's minus CLOCK_MONOTONIC's offset in this process's time
 * namespace, from /proc/self/timens_offsets (time_namespaces(7): lines
 * "<clock> <sec> <nsec>", the clock by name or by id) into @diff_ns.  A
 * kernel without time namespaces has no such file: 0.  Return: false when
 * it cannot be known (no /proc mounted).
 */
static bool timens_boot_minus_mono_ns(int64_t *diff_ns)
{
	struct timens_offsets o;

	*diff_ns = 0;
	if (timens_offsets_read(&o) != 0) /* no file: no time namespace, unless no /proc */
		return errno == ENOENT && access("/proc/self/stat", F_OK) == 0;
	*diff_ns = ts64_to_ns(o.boottime) - ts64_to_ns(o.monotonic);
	return true;
}

/* The name of clock @id, one of those a round of @api's verify reads. */
static const char *read_clock_name(const struct api *api, clockid_t id)
{
	if (id == api->clock_id && api->clock_name)
		return api->clock_name;
	if (id == CLOCK_REALTIME)
		return "CLOCK_REALTIME";
	return id == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "clock";
}

/*
 * A system call reading of clock @id in @a's width, normalized (the
 * kernel's side, verify_sys_normalized()); on failure the run fails.
 */
static bool sys_read(struct verify_ctx *ctx, const struct clock_arg *a, clockid_t id,
		     struct ts64 *out)
{
	union clock_buf b;
	long r = sys_call(a, false, id, &b);

	if (r != 0 && errno == ENODEV && (ctx->api->flags & CLK_AUX) && id == ctx->api->clock_id) {
		verify_aux_off(ctx);
		return false;
	}
	if (!verify_ok(ctx, "system call returns 0", r == 0)) {
		verify_fail(ctx, "%s(%d) system call failed: %s", vdso_call_name(a->fl->call[0]),
			    (int)id, strerror(errno));
		return false;
	}
	*out = a->fl->to_ts64(&b);
	return verify_sys_normalized(ctx, read_clock_name(ctx->api, id), out->sec, out->nsec, false,
				     a->fl->sec32);
}

/*
 * The sandwich s1 <= v <= s2 failed.  A subject value unchanged while the
 * system call moved on by more than the resolution is reported as a clock
 * that does not advance; anything else as a step backwards or ahead.
 */
static void report_order(struct verify_ctx *ctx, struct gettime_state *st, struct ts64 s1,
			 struct ts64 v, struct ts64 s2)
{
	const char *who = subject_name(&st->arg);
	char a[TS64_STRLEN], b[TS64_STRLEN], c[TS64_STRLEN];
	struct known_symptom sym = clock_symptom(ctx->api);

	sym.value_known = true; /* (the value: set in the call's arguments) */
	if (st->have_prev && ts64_cmp(v, st->prev) == 0 &&
	    ts64_sub_ns(s1, st->prev_change) > st->res_ns)
		verify_fail(ctx,
			    "%s clock did not advance: [%s] for %" PRId64
			    " ns while the system call went from [%s] to [%s] (resolution %" PRId64
			    " ns)",
			    who, ts64_format(v, a, sizeof(a)), ts64_sub_ns(s2, st->prev_change),
			    ts64_format(st->prev_change, b, sizeof(b)),
			    ts64_format(s2, c, sizeof(c)), st->res_ns);
	else if (ts64_cmp(v, s1) < 0)
		verify_fail_known(ctx, &sym, "%s %s after syscall %s: %" PRId64 " ns backwards",
				  who, ts64_format(v, a, sizeof(a)), ts64_format(s1, b, sizeof(b)),
				  (sym.value = ts64_sub_ns(s1, v)));
	else
		verify_fail_known(ctx, &sym, "%s %s read before syscall %s: %" PRId64 " ns ahead",
				  who, ts64_format(v, a, sizeof(a)), ts64_format(s2, b, sizeof(b)),
				  (sym.value = ts64_sub_ns(v, s2)));
}

/*
 * CLOCK_TAI is CLOCK_REALTIME plus the TAI offset (clock_gettime(2),
 * adjtimex(2) tai): with the offset @a1 before @r1 and @a2 after @r2, the
 * subject's TAI reading @v lies within [r1 + the smaller, r2 + the larger]
 * (an offset changed during the round widens the bracket by exactly the
 * two offsets seen, no more).  Return: false after reporting a failure.
 */
static bool check_tai_offset(struct verify_ctx *ctx, struct gettime_state *st, struct ts64 r1,
			     struct ts64 v, struct ts64 r2, long a1, long a2)
{
	long lo_sec = a1 < a2 ? a1 : a2, hi_sec = a1 < a2 ? a2 : a1;
	struct ts64 lo = { r1.sec + lo_sec, r1.nsec }, hi = { r2.sec + hi_sec, r2.nsec };
	char a[TS64_STRLEN], b[TS64_STRLEN], c[TS64_STRLEN], off[48];

	if (verify_ok(ctx, "CLOCK_TAI is CLOCK_REALTIME plus the TAI offset",
		      ts64_cmp(lo, v) <= 0 && ts64_cmp(v, hi) <= 0) ||
	    clock_was_set(ctx, false))
		return true;
	if (a1 == a2)
		snprintf(off, sizeof(off), "%ld s", a1);
	else
		snprintf(off, sizeof(off), "%ld s then %ld s", a1, a2);
	verify_fail(ctx,
		    "%s CLOCK_TAI [%s] is not syscall CLOCK_REALTIME [%s .. %s] + the TAI offset %s (adjtimex): %" PRId64
		    " ns %s",
		    subject_name(&st->arg), ts64_format(v, a, sizeof(a)),
		    ts64_format(r1, b, sizeof(b)), ts64_format(r2, c, sizeof(c)), off,
		    ts64_cmp(v, lo) < 0 ? ts64_sub_ns(lo, v) : ts64_sub_ns(v, hi),
		    ts64_cmp(v, lo) < 0 ? "behind" : "ahead");
	return false;
}

/*
 * For CLOCK_TAI, is a jump excused?  A change of the TAI offset by one
 * second where CLOCK_REALTIME moved as a leap second steps it
 * (ts64_leap_step_only()) is a leap second, across which CLOCK_TAI must go
 * on evenly: nothing is excused.  Any other change of the offset between
 * @before and @after (read around the readings compared, if @known) is a
 * setting of CLOCK_TAI: adjtimex(2) ADJ_TAI, for which do_adjtimex()
 * calls clock_was_set() (kernel/time/timekeeping.c); but it leaves
 * CLOCK_REALTIME's offset as it was, so the timerfd, which is cancelled
 * only when that offset changes (timerfd_clock_was_set(), fs/timerfd.c),
 * does not tell of it: the two offsets seen are the word, counted as an
 * excused round (verify_tai_set()).  Without a change, only a setting of
 * CLOCK_REALTIME (clock_was_set(), @across_rounds as there).
 * @realtime_move_ns: CLOCK_REALTIME's move across the readings, if
 * @realtime_known.
 */
static bool tai_jump_excused(struct verify_ctx *ctx, long before, long after, bool known,
			     int64_t realtime_move_ns, bool realtime_known, bool across_rounds)
{
	long change = after - before;

	if (known && (change == 1 || change == -1) && realtime_known &&
	    ts64_leap_step_only(realtime_move_ns, change))
		return false;
	if (known && change != 0) {
		verify_tai_set(ctx);
		return true;
	}
	return clock_was_set(ctx, across_rounds);
}

/*
 * Past 2038-01-19T03:14:07Z a 32-bit tv_sec wraps to negative values, in
 * the 32-bit system call (put_old_timespec32(), kernel/time/time.c) and in
 * the vDSO alike: readings taken back to the 64-bit time (ts64_unwrap32())
 * for the checks, and a note, once, says what the 32-bit API returned.
 * Return: whether any of the readings had wrapped.
 */
static bool y2038_unwrap(const struct api *api, struct gettime_state *st, struct ts64 *s1,
			 struct ts64 *v, struct ts64 *s2, struct ts64 *f1, struct ts64 *f2)
{
	char a[TS64_STRLEN], b[TS64_STRLEN];

	if (!st->arg.fl->sec32 ||
	    (s1->sec >= 0 && v->sec >= 0 && s2->sec >= 0 && f1->sec >= 0 && f2->sec >= 0))
		return false;
	if (!st->y2038_noted && v->sec < 0 && (s1->sec < 0 || s2->sec < 0))
		report_note("%s: past 2038-01-19T03:14:07Z the 32-bit %s returns [%s] through %s%s and [%s] through the system call",
			    api->name, vdso_call_name(api->family->call),
			    ts64_format(*v, a, sizeof(a)), st->arg.fn ? "the " : "",
			    subject_name(&st->arg),
			    ts64_format(s1->sec < 0 ? *s1 : *s2, b, sizeof(b)));
	if (v->sec < 0 && (s1->sec < 0 || s2->sec < 0))
		st->y2038_noted = true;
	*s1 = ts64_unwrap32(*s1);
	*v = ts64_unwrap32(*v);
	*s2 = ts64_unwrap32(*s2);
	*f1 = ts64_unwrap32(*f1);
	*f2 = ts64_unwrap32(*f2);
	return true;
}

/* What one round of gettime_round() read, and what it carries across rounds. */
struct gettime_readings {
	struct ts64 r1, f1, m, s1; /* before the call: see gettime_round() */
	struct ts64 v;		   /* the reading of the vDSO or libc call */
	struct ts64 s2, f2, r2;	   /* after it */
	int r, err;		   /* the call's return value, and errno after it */
	bool tai;		   /* the clock is CLOCK_TAI */
	bool tai_known;		   /* ... and a1, a2 were read (adjtimex) */
	long a1, a2;		   /* the TAI offset before and after, s */
	long before;		   /* the TAI offset before the previous round, s */
	bool jump_known;	   /* before is known */
	bool rt_known;		   /* rt_move is known */
	int64_t rt_move;	   /* CLOCK_REALTIME since the previous round's r2, ns */
};

/*
 * Takes the readings of one round, in the order gettime_round() gives; the
 * readings past 2038 taken back to 64-bit time (y2038_unwrap()).
 * Return: false when a system call's reading failed (reported by sys_read()).
 */
static bool take_readings(struct verify_ctx *ctx, struct gettime_state *st,
			  struct gettime_readings *g)
{
	const struct api *api = ctx->api;
	const struct clock_arg *arg = &st->arg;
	union clock_buf vb;

	*g = (struct gettime_readings){ .tai = api->clock_id == CLOCK_TAI };
	g->tai_known = g->tai && tai_offset(&g->a1);
	if (g->tai_known && !sys_read(ctx, arg, CLOCK_REALTIME, &g->r1))
		return false;
	if ((api->flags & CLK_COARSE) && !sys_read(ctx, arg, api->fine_id, &g->f1))
		return false;
	if (st->check_boottime && !sys_read(ctx, arg, CLOCK_MONOTONIC, &g->m))
		return false;
	if (!sys_read(ctx, arg, api->clock_id, &g->s1))
		return false;
	g->r = subject_call(arg, &vb);
	g->err = errno;
	if (!sys_read(ctx, arg, api->clock_id, &g->s2))
		return false;
	if ((api->flags & CLK_COARSE) && !sys_read(ctx, arg, api->fine_id, &g->f2))
		return false;
	if (g->tai_known && (!sys_read(ctx, arg, CLOCK_REALTIME, &g->r2) || !tai_offset(&g->a2)))
		return false;
	g->v = arg->fl->to_ts64(&vb);
	if (g->r == 0 && y2038_unwrap(api, st, &g->s1, &g->v, &g->s2, &g->f1, &g->f2)) {
		g->r1 = ts64_unwrap32(g->r1);
		g->r2 = ts64_unwrap32(g->r2);
	}
	return true;
}

/*
 * CLOCK_TAI: what the previous round left (the offset before its reading,
 * its r2) into @g, and this round's into @st.
 */
static void tai_across_rounds(struct gettime_state *st, struct gettime_readings *g)
{
	/*
	 * (for CLOCK_TAI: the offset before the previous round's reading,
	 * against the one after this round's; a change in between may have
	 * come before either reading)
	 */
	g->before = st->have_tai_offset ? st->tai_offset_sec : g->a1;
	g->jump_known = g->tai_known && st->have_tai_offset;
	g->rt_known = g->tai_known && st->have_prev_r2;
	g->rt_move = g->rt_known ? ts64_sub_ns(g->r1, st->prev_r2) : 0;
	if (g->tai_known) {
		st->tai_offset_sec = g->a1;
		st->have_tai_offset = true;
	}
	st->prev_r2 = g->r2;
	st->have_prev_r2 = g->tai_known;
}

/*
 * A C library's 32-bit clock_gettime() fails with EOVERFLOW from
 * 2038-01-19T03:14:08Z on (clock_gettime(2)), where the 32-bit system
 * call wraps (put_old_timespec32(), kernel/time/time.c): for libc
 * (no vDSO function: verify checks libc's), past that moment, a note
 * and the round left out; before it, or for the vDSO, a failure.
 * Return: whether the round is left out.
 */
static bool libc_past_2038(struct verify_ctx *ctx, struct gettime_state *st,
			   const struct gettime_readings *g)
{
	const struct api *api = ctx->api;

	if (st->arg.fn || g->r == 0 || g->err != EOVERFLOW ||
	    !(g->s1.sec < 0 || g->s2.sec < 0 || g->s1.sec > INT32_MAX || g->s2.sec > INT32_MAX))
		return false;
	if (!st->y2038_noted)
		report_note("%s: past 2038-01-19T03:14:07Z libc's 32-bit clock_gettime(%s) returns -1 (%s); the system call's 32-bit readings wrap to %" PRId64
			    " s",
			    api->name, api->clock_name, strerror(g->err), g->s2.sec);
	st->y2038_noted = true;
	return true;
}

/* The call returned 0 and a normalized time; false after the failure. */
static bool check_result(struct verify_ctx *ctx, struct gettime_state *st,
			 const struct gettime_readings *g)
{
	const struct api *api = ctx->api;
	const char *who = subject_name(&st->arg);
	char a[TS64_STRLEN];

	if (!verify_ok(ctx, "returns 0", g->r == 0)) {
		verify_fail(ctx, "%s %s(%s) returned %d (%s); the system call returned 0", who,
			    vdso_call_name(api->family->call), api->clock_name, g->r,
			    strerror(g->err));
		return false;
	}
	if (!verify_ok(ctx, "timespec normalized", ts64_normalized(g->v))) {
		verify_fail(ctx, "%s returned a %s that is not normalized: [%s]", who,
			    st->arg.fl->type, ts64_format(g->v, a, sizeof(a)));
		return false;
	}
	return true;
}

/*
 * An aux clock stepped back between the rounds (clock_adjtime(2) on
 * CLOCK_AUX, say by a PTP daemon: no timerfd tells of it), seen in the
 * system call's own readings: this round's first behind the previous
 * round's last.  It excuses only the check against the previous round.
 */
static bool aux_stepped(struct verify_ctx *ctx, struct gettime_state *st,
			const struct gettime_readings *g)
{
	if (!(ctx->api->flags & CLK_AUX) || ts64_cmp(g->s1, st->prev_s2) >= 0)
		return false;
	verify_aux_stepped(ctx);
	return true;
}

/*
 * The reading is not behind the previous round's, unless the clock was set
 * (or for CLOCK_TAI, its offset changed) in between; false after the failure.
 */
static bool check_after_previous(struct verify_ctx *ctx, struct gettime_state *st,
				 const struct gettime_readings *g)
{
	const char *who = subject_name(&st->arg);
	char a[TS64_STRLEN], b[TS64_STRLEN];

	if (st->have_prev &&
	    !verify_ok(ctx, "not behind the previous reading", ts64_cmp(st->prev, g->v) <= 0) &&
	    !aux_stepped(ctx, st, g) &&
	    !(g->tai ? tai_jump_excused(ctx, g->before, g->a2, g->jump_known, g->rt_move,
					g->rt_known, true)
		     : clock_was_set(ctx, true))) {
		char offsets[96] = "";
		if (g->jump_known) /* (what tai_jump_excused() judged by) */
			snprintf(offsets, sizeof(offsets),
				 " (TAI offset %ld s before, %ld s after: adjtimex)", g->before,
				 g->a2);
		struct known_symptom sym = verify_backwards_symptom(ctx->api,
								    ts64_sub_ns(st->prev, g->v));
		verify_fail_known(ctx, &sym, "%s %s after %s %s: %" PRId64 " ns backwards%s", who,
				  ts64_format(g->v, a, sizeof(a)), who,
				  ts64_format(st->prev, b, sizeof(b)), sym.value, offsets);
		st->prev = g->v;
		return false;
	}
	return true;
}

/*
 * CLOCK_BOOTTIME: the reading is not behind CLOCK_MONOTONIC read before it
 * (less the time namespace offsets); false after the failure.
 */
static bool check_boottime_ahead(struct verify_ctx *ctx, struct gettime_state *st,
				 const struct gettime_readings *g)
{
	const struct api *api = ctx->api;
	char a[TS64_STRLEN], b[TS64_STRLEN];

	if (verify_ok(ctx, "CLOCK_BOOTTIME not behind CLOCK_MONOTONIC",
		      ts64_sub_ns(g->v, g->m) >= st->boot_minus_mono_offset_ns))
		return true;
	verify_fail(ctx,
		    "%s %s [%s] < syscall CLOCK_MONOTONIC [%s] read before it (%" PRId64
		    " ns behind%s)",
		    subject_name(&st->arg), api->clock_name, ts64_format(g->v, a, sizeof(a)),
		    ts64_format(g->m, b, sizeof(b)),
		    st->boot_minus_mono_offset_ns - ts64_sub_ns(g->v, g->m),
		    st->boot_minus_mono_offset_ns ? "; time namespace offsets allowed for" : "");
	return false;
}

/*
 * One round: [tai a1] [realtime r1] [fine f1] [monotonic m] s1 v s2 [fine
 * f2] [realtime r2] [tai a2].  The checks run from the most specific to the
 * most general and the round stops at the first failure, so that one bug
 * gives one message per round.
 */
static void gettime_round_once(struct verify_ctx *ctx, struct gettime_state *st)
{
	const struct api *api = ctx->api;
	struct gettime_readings g;

	st->rounds++;
	if (!take_readings(ctx, st, &g))
		return;
	tai_across_rounds(st, &g);
	if (libc_past_2038(ctx, st, &g) || !check_result(ctx, st, &g))
		return;
	ctx->sight.readings++;
	if (g.tai_known && !check_tai_offset(ctx, st, g.r1, g.v, g.r2, g.a1, g.a2)) {
		st->prev = g.v;
		return;
	}
	if (!check_after_previous(ctx, st, &g))
		return;
	if ((api->flags & CLK_COARSE) && !check_coarse(ctx, st, g.f1, g.s1, g.v, g.f2))
		return;
	if (st->check_boottime && !check_boottime_ahead(ctx, st, &g))
		return;
	/* the system call's readings s1 and s2 frame the reading */
	ctx->sight.res_ns = st->res_ns;
	if (ts64_cmp(g.s1, g.v) <= 0 && ts64_cmp(g.v, g.s2) <= 0)
		verify_seen(ctx, ts64_sub_ns(g.v, g.s1), ts64_sub_ns(g.s2, g.v));
	if (!verify_ok(ctx, "within the system call's readings",
		       ts64_cmp(g.s1, g.v) <= 0 && ts64_cmp(g.v, g.s2) <= 0) &&
	    !(g.tai ? tai_jump_excused(ctx, g.a1, g.a2, g.tai_known, ts64_sub_ns(g.r2, g.r1),
				       g.tai_known, false)
		    : clock_was_set(ctx, false)))
		report_order(ctx, st, g.s1, g.v, g.s2);
	if (!st->have_prev || ts64_cmp(g.v, st->prev) != 0)
		st->prev_change = g.s2;
	st->prev = g.v;
	st->prev_s2 = g.s2;
	st->have_prev = true;
}

/* gettime_round_once() as a round of verify_round_again(). */
static void gettime_round_retake(struct verify_ctx *ctx, void *state)
{
	gettime_round_once(ctx, state);
}

/*
 * A round; taken again when a setting of CLOCK_REALTIME (or an aux
 * clock's step) excused it, without the comparison with the previous
 * round's reading, which the setting spoiled.
 */
static void gettime_round(struct verify_ctx *ctx, struct gettime_state *st)
{
	gettime_round_once(ctx, st);
	if (ctx->excused_round && !ctx->retaking) {
		st->have_prev = false;
		verify_round_again(ctx, gettime_round_retake, st);
	}
}

/*
 * Before the rounds of a verify part (in the time namespace too): with
 * neither a vDSO function nor a libc of this width to call, a note: nothing
 * to verify (STATUS_SKIP); for clock_gettime the resolution and, for
 * CLOCK_BOOTTIME, our time namespace's offsets.
 */
static enum status clock_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct gettime_state *st = state;
	union clock_buf res;

	st->arg = clock_arg_of(api, run);
	st->arg.ref = run->vdso;
	if (!st->arg.fn && !st->arg.fl->libc) {
		report_note("%s: vDSO version of %s not found, and libc's time_t has 32 bits; nothing to verify",
			    api->name, vdso_call_name(api->family->call));
		return STATUS_SKIP;
	}
	st->rejected_errno = run->rejected_errno;
	if (st->arg.getres || st->rejected_errno)
		return STATUS_PASS;
	st->check_boottime = (api->flags & CLK_BOOTTIME) &&
			     timens_boot_minus_mono_ns(&st->boot_minus_mono_offset_ns);
	/* (said once per API, not once per thread of -t N) */
	static _Atomic(const struct api *) no_proc_said;
	if ((api->flags & CLK_BOOTTIME) && !st->check_boottime &&
	    atomic_exchange(&no_proc_said, api) != api)
		report_note("%s: no /proc: time namespace offsets unknown; BOOTTIME >= MONOTONIC not checked",
			    api->name);
	sys_call(&st->arg, true, api->clock_id, &res);
	st->res_ns = ts64_to_ns(st->arg.fl->to_ts64(&res));
	return STATUS_PASS;
}

/*
 * A clock_getres answer @t of @who ("syscall", "vDSO", "libc") equals its
 * first one of the run (@first, @have_first: taken from @t the first
 * time).  Return: false after the failure.
 */
static bool getres_unchanged(struct verify_ctx *ctx, const char *who, struct ts64 t,
			     struct ts64 *first, bool *have_first)
{
	char a[TS64_STRLEN], b[TS64_STRLEN];

	if (!*have_first) {
		*first = t;
		*have_first = true;
	}
	if (verify_ok(ctx, "clock_getres stable across the run",
		      t.sec == first->sec && t.nsec == first->nsec))
		return true;
	verify_fail(ctx, "%s %s(%s) changed during the run: [%s], first [%s]", who,
		    vdso_call_name(ctx->api->family->call), ctx->api->clock_name,
		    ts64_format(t, a, sizeof(a)), ts64_format(*first, b, sizeof(b)));
	return false;
}

/*
 * One round: the system call's resolution is normalized and the same as
 * its first; the subject's returns 0, is the same as its first and equal
 * to the system call's; clock_getres(id, NULL) returns 0.
 */
static void getres_round(struct verify_ctx *ctx, struct gettime_state *st)
{
	const struct api *api = ctx->api;
	const struct clock_arg *arg = &st->arg;
	const char *who = subject_name(arg), *call = vdso_call_name(api->family->call);
	char a[TS64_STRLEN], b[TS64_STRLEN], what[64];
	union clock_buf sres, vres;

	if (!verify_ok(ctx, "system call returns 0",
		       sys_call(arg, true, api->clock_id, &sres) == 0)) {
		verify_fail(ctx, "%s(%s) system call failed: %s", call, api->clock_name,
			    strerror(errno));
		return;
	}
	struct ts64 s = arg->fl->to_ts64(&sres);
	snprintf(what, sizeof(what), "%s resolution", api->clock_name);
	if (!verify_sys_normalized(ctx, what, s.sec, s.nsec, false, false) ||
	    !getres_unchanged(ctx, "syscall", s, &st->first_sres, &st->have_first_sres))
		return;
	int r = subject_call(arg, &vres);
	int err = errno;
	if (!verify_ok(ctx, "returns 0", r == 0)) {
		verify_fail(ctx, "%s %s(%s) returned %d (%s); the system call returned 0", who,
			    call, api->clock_name, r, strerror(err));
		return;
	}
	struct ts64 v = arg->fl->to_ts64(&vres);
	if (!getres_unchanged(ctx, who, v, &st->first_vres, &st->have_first_vres))
		return;
	if (!verify_ok(ctx, "resolution equals the system call's",
		       ts64_normalized(v) && v.sec == s.sec && v.nsec == s.nsec)) {
		verify_fail(ctx, "%s resolution [%s] != syscall [%s] (%" PRId64 " ns apart)", who,
			    ts64_format(v, a, sizeof(a)), ts64_format(s, b, sizeof(b)),
			    ts64_sub_ns(v, s) < 0 ? -ts64_sub_ns(v, s) : ts64_sub_ns(v, s));
		return;
	}
	r = subject_call(arg, NULL);
	err = errno;
	if (!verify_ok(ctx, "NULL resolution pointer returns 0", r == 0))
		verify_fail(ctx, "%s %s(%s, NULL) returned %d (%s), expected 0", who, call,
			    api->clock_name, r, strerror(err));
}

/*
 * A clock id the system call rejects (the alarm clocks without a wake-up
 * RTC, a disabled aux clock: clock_supported()): the path under test must
 * reject it too, with -1 and the same errno (the vDSO hands any clock it
 * does not serve to the system call, lib/vdso/gettimeofday.c), for a
 * timespec and, for clock_getres, for NULL (the id is looked up before
 * the pointer is used, kernel/time/posix-timers.c).  The generic vDSO's
 * clock_getres of Linux 6.17 on answers the aux clock ids without
 * CONFIG_POSIX_AUX_CLOCKS: a known kernel bug (core/known_bugs.c), named
 * by verify_fail_known().
 */
static void rejected_round(struct verify_ctx *ctx, struct gettime_state *st)
{
	const struct api *api = ctx->api;
	const char *call = vdso_call_name(api->family->call);
	int want = st->rejected_errno;

	for (int null = 0; null <= st->arg.getres; null++) {
		union clock_buf b;
		memset(&b, 0xff, sizeof(b)); /* (not a resolution of 1 ns) */
		int r = subject_call(&st->arg, null ? NULL : &b);
		int err = r == -1 ? errno : 0;
		struct ts64 res = st->arg.fl->to_ts64(&b);
		char got[TS64_STRLEN + 16] = "", rb[TS64_STRLEN];
		if (r == 0 && !null && st->arg.getres)
			snprintf(got, sizeof(got), ", resolution [%s]",
				 ts64_format(res, rb, sizeof(rb)));
		if (verify_ok(ctx, "rejects the clock id as the system call does",
			      r == -1 && err == want))
			continue;
		struct known_symptom sym = clock_symptom(api);
		sym.sys_errno = want;
		sym.ret = r;
		sym.err = err;
		sym.null_ptr = null;
		sym.value_known = r == 0 && !null && st->arg.getres;
		sym.value = sym.value_known ? ts64_to_ns(res) : 0;
		verify_fail_known(
			ctx, &sym,
			"%s %s(%s%s) returned %d (%s%s); the system call rejects the clock id: -1 (%s)",
			subject_name(&st->arg), call, api->clock_name, null ? ", NULL" : "", r,
			r == -1 ? strerror(err) : "no error", got, strerror(want));
	}
}

/*
 * verify-b: the clock id sweep (clock_ids.h), once, in the CPU-time APIs'
 * round VERIFY_MIN_ROUNDS (which every verify reaches; the rounds' own
 * checks come first, so that -f 1 shows theirs).
 */
static void sweep_clock_ids(struct verify_ctx *ctx, const struct clock_arg *a)
{
	struct clock_ids_call c = {
		.fn = a->fn,
		.getres = a->getres,
		.name = vdso_call_name(a->fl->call[a->getres]),
		.vdso = a->fl->vdso,
		.sys_nr = a->fl->sys_nr[a->getres],
		.time64 = a->fl->size == sizeof(vdso_timespec64) && a->fl != &old_flavour,
		.ref = a->ref,
	};

	clock_ids_sweep(ctx, &c);
}

static void clock_round(struct verify_ctx *ctx, void *state)
{
	struct gettime_state *st = state;

	if (ctx->rounds == VERIFY_MIN_ROUNDS && st->arg.fn &&
	    st->arg.id == CLOCK_PROCESS_CPUTIME_ID && !st->rejected_errno)
		sweep_clock_ids(ctx, &st->arg);
	if (st->rejected_errno)
		rejected_round(ctx, st);
	else if (st->arg.getres)
		getres_round(ctx, st);
	else
		gettime_round(ctx, st);
}

/*
 * The clock read through the path under test (the cross-CPU and time
 * namespace parts): subject_call() of clock_gettime in @api's width.
 */
static int clock_read(const struct api *api, const struct run *run, struct ts64 *out)
{
	struct clock_arg a = clock_arg_of(api, run);
	union clock_buf b;
	int r = subject_call(&a, &b);

	if (r == 0)
		*out = a.fl->to_ts64(&b);
	return r;
}

/*
 * The back-to-back phase's readings (.read_burst): @n calls in a row of
 * the path under test, each writing its own buffer of the call's width,
 * taken to struct ts64 after the last.
 */
#define CLOCK_BURST_MAX 256
static int clock_read_burst_once(const struct api *api, const struct run *run, struct ts64 *out,
				 unsigned n)
{
	struct clock_arg a = clock_arg_of(api, run);
	union clock_buf b[CLOCK_BURST_MAX];
	struct timespec ts[CLOCK_BURST_MAX];
	int r = 0;

	if (n > CLOCK_BURST_MAX) {
		errno = EINVAL;
		return -1;
	}
	if (a.fn && a.fl == &old_flavour) {
		for (unsigned i = 0; i < n; i++)
			r |= vdso_clock_gettime(a.fn, a.id, &b[i].old);
#ifdef SYS_clock_gettime64
	} else if (a.fn) {
		for (unsigned i = 0; i < n; i++)
			r |= vdso_clock_gettime64(a.fn, a.id, &b[i].t64);
#endif
	} else {
		for (unsigned i = 0; i < n; i++)
			r |= clock_gettime(a.id, &ts[i]);
		for (unsigned i = 0; i < n; i++)
			a.fl->from_libc(&b[i], &ts[i]);
	}
	for (unsigned i = 0; i < n; i++)
		out[i] = a.fl->to_ts64(&b[i]);
	return r ? -1 : 0;
}

/*
 * A change of the TAI offset (ADJ_TAI) steps CLOCK_TAI without firing the
 * clock-was-set timerfd (fs/timerfd.c: CLOCK_REALTIME's offset only): a
 * burst of CLOCK_TAI in which the offset changed is read again (three
 * tries), so that its readings are of one offset.
 */
static int clock_read_burst(const struct api *api, const struct run *run, struct ts64 *out,
			    unsigned n)
{
	long before, after;
	int r;

	for (int tries = 1;; tries++) {
		bool known = api->clock_id == CLOCK_TAI && tai_offset(&before);

		r = clock_read_burst_once(api, run, out, n);
		if (!known || tries == 3 || !tai_offset(&after) || after == before)
			return r;
	}
}

/* ---- abi ---- */

static long abi_call(const struct clock_flavour *f, bool getres, const struct abi_call *c)
{
	void *ts = abi_ptr(c->ptr[0], f->size);

	return c->vdso_fn ? f->vdso(c->vdso_fn, getres, (clockid_t)c->clock_id, ts)
			  : syscall(f->sys_nr[getres], (clockid_t)c->clock_id, ts);
}

static long old_gettime_abi_call(const struct abi_call *c)
{
	return abi_call(&old_flavour, false, c);
}

static long old_getres_abi_call(const struct abi_call *c)
{
	return abi_call(&old_flavour, true, c);
}

#ifdef SYS_clock_gettime64
static long t64_gettime_abi_call(const struct abi_call *c)
{
	return abi_call(&t64_flavour, false, c);
}

static long t64_getres_abi_call(const struct abi_call *c)
{
	return abi_call(&t64_flavour, true, c);
}
#endif

/* What clock_abi_rule() and clock_abi_describe() need beside the call. */
struct clock_abi_arg {
	const struct api *api;
	const char *fn;	    /* "clock_gettime", ... */
	bool getres;	    /* clock_getres: NULL is no error */
	int rejected_errno; /* the system call rejects the API's clock id (run.h) */
};

/*
 * What clock_gettime(id, ts) and clock_getres(id, res) give, by the system
 * calls (kernel/time/posix-timers.c, SYSCALL_DEFINE2(clock_gettime) and
 * (clock_getres), and their time64 twins): the clock id is looked up first
 * (clockid_to_kclock(): no such clock, -EINVAL) and the clock read next
 * (the alarm clocks without a wake-up RTC: -EINVAL, alarm_clock_get_timespec()
 * and alarm_clock_getres() in kernel/time/alarmtimer.c; a disabled aux
 * clock: -ENODEV, kernel/time/timekeeping.c), all before the pointer is
 * written; then the timespec is written (put_timespec64(): -EFAULT), by
 * clock_getres only when the pointer is not NULL.  So a rejected id gives
 * its error whatever the pointer; else NULL is 0 for clock_getres, a bad
 * pointer (and NULL for clock_gettime) -1/EFAULT, &buf 0.
 */
static struct abi_want clock_abi_rule(const struct abi_call *c, const void *arg)
{
	const struct clock_abi_arg *a = arg;

	if (c->clock_id != a->api->clock_id)
		return (struct abi_want){ .ret = -1, .err = EINVAL }; /* abi_invalid_clock_ids */
	if (a->rejected_errno)
		return (struct abi_want){ .ret = -1, .err = a->rejected_errno };
	if (c->ptr[0] == PTR_GOOD || (c->ptr[0] == PTR_NULL && a->getres))
		return (struct abi_want){ .ret = 0 };
	return (struct abi_want){ .fault = true };
}

static void clock_abi_describe(const struct abi_call *c, const void *arg, char *buf, size_t len)
{
	const struct clock_abi_arg *a = arg;

	if (c->clock_id == a->api->clock_id)
		snprintf(buf, len, "%s(%s, %s)", a->fn, a->api->clock_name,
			 abi_ptr_name(c->ptr[0]));
	else
		snprintf(buf, len, "%s(%ld, %s)", a->fn, c->clock_id, abi_ptr_name(c->ptr[0]));
}

/*
 * Every pointer kind with the API's clock id and with the first invalid
 * clock id (abi_invalid_clock_ids[0], -1); &buf, NULL and a PROT_NONE page
 * with each other invalid id: 6 + 6 + 9 x 3 = 39 cases.  (The system call
 * rejects an invalid id before it looks at the pointer, so for those ids
 * the bad pointer kinds are alike; all six once show that the id is
 * checked first, and three per other id keep each id's check from
 * depending on the pointer, at 27 cases instead of 54 per API: abi of
 * every API runs several times in make check.)  An API whose clock id the
 * system call rejects (run->rejected_errno) expects that error from both
 * paths with its clock id (clock_getres of an aux clock on 6.17+ without
 * CONFIG_POSIX_AUX_CLOCKS: a known kernel bug, named by abi.c).
 */
static void clock_abi_cases(struct abi_ctx *ctx)
{
	static const unsigned kinds[] = { ABI_PTRS_ALL };
	static const unsigned some_kinds[] = { (1u << PTR_GOOD) | (1u << PTR_NULL) |
					       (1u << PTR_PROT_NONE) };
	const struct api *api = ctx->api;
	struct clock_arg arg = clock_arg_of(api, ctx->run);
	struct clock_abi_arg a = { api, vdso_call_name(api->family->call), arg.getres,
				   ctx->run->rejected_errno };
	struct abi_call c = { .clock_id = api->clock_id, .size = { arg.fl->size } };

	abi_combinations(ctx, c, 1, kinds, clock_abi_rule, clock_abi_describe, &a);
	for (size_t i = 0; i < abi_invalid_clock_id_count; i++) {
		c.clock_id = abi_invalid_clock_ids[i];
		abi_combinations(ctx, c, 1, i == 0 ? kinds : some_kinds, clock_abi_rule,
				 clock_abi_describe, &a);
	}
}

/* ---- the probes ---- */

static void clock_call_once(const struct api *api, void *fn)
{
	struct clock_arg a = clock_arg_of(api, NULL);
	union clock_buf b;

	a.fl->vdso(fn, a.getres, api->clock_id, &b);
}

/*
 * Four families, one code: the width and the call come from .call
 * (clock_arg_of()).  clock_gettime gets the time namespace and cross-CPU
 * parts in both widths; the fallback summary of --perturb names each clock
 * once, from the calls of every target.
 */
/* clang-format off */
#define CLOCK_FAMILY_COMMON						\
	.supported = clock_supported,					\
	.notes = clock_notes,						\
	.call_once = clock_call_once,					\
	.bench_state_size = sizeof(struct clock_bench_state),		\
	.bench_paths = clock_bench_paths,				\
	.verify_state_size = sizeof(struct gettime_state),		\
	.verify_setup = clock_verify_setup,				\
	.verify_round = clock_round,					\
	.abi_cases = clock_abi_cases
/* clang-format on */

const struct family clock_gettime_family = {
	.call = VDSO_CLOCK_GETTIME,
	.name = "clock_gettime",
	.summary = "clock_gettime(2): a clock's time",
	.flags = FAMILY_TIMENS | FAMILY_CROSS_CPU | FAMILY_CLOCK_SUMMARY,
	.read_clock = clock_read,
	.abi_call = old_gettime_abi_call,
	CLOCK_FAMILY_COMMON,
	.read_burst = clock_read_burst,
};

const struct family clock_getres_family = {
	.call = VDSO_CLOCK_GETRES,
	.name = "clock_getres",
	.summary = "clock_getres(2): a clock's resolution",
	.flags = FAMILY_TIMENS, /* verify-b: the checks again in a time namespace */
	.abi_call = old_getres_abi_call,
	CLOCK_FAMILY_COMMON,
};

#ifdef SYS_clock_gettime64 /* the API rows exist only where the system calls do */
const struct family clock_gettime64_family = {
	.call = VDSO_CLOCK_GETTIME64,
	.name = "clock_gettime64",
	.summary = "clock_gettime64: clock_gettime with a 64-bit tv_sec (32-bit targets)",
	.flags = FAMILY_TIMENS | FAMILY_CROSS_CPU,
	.read_clock = clock_read,
	.abi_call = t64_gettime_abi_call,
	CLOCK_FAMILY_COMMON,
	.read_burst = clock_read_burst,
};

const struct family clock_getres_time64_family = {
	.call = VDSO_CLOCK_GETRES_TIME64,
	.name = "clock_getres_time64",
	.summary = "clock_getres_time64: clock_getres with a 64-bit tv_sec (32-bit targets)",
	.flags = FAMILY_TIMENS, /* verify-b: the checks again in a time namespace */
	.abi_call = t64_getres_abi_call,
	CLOCK_FAMILY_COMMON,
};
#endif
