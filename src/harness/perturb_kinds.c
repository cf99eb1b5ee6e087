// SPDX-License-Identifier: GPL-2.0-or-later
/* The disturber's kinds, visits and restore; see perturb_kinds.h and perturb.c. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timex.h>
#include <time.h>

#include "core/known_bugs.h"
#include "harness/fallback.h"
#include "harness/perturb_kinds.h"
#include "harness/perturb_readback.h"
#include "harness/run.h"
#include "lib/interrupt.h"
#include "lib/timespec.h"
#include "output/report.h"

static const char *const kind_names[NR_PERTURB_KINDS] = {
	[PERTURB_FREQ] = "freq",       [PERTURB_SLEW] = "slew",
	[PERTURB_STEP] = "step",       [PERTURB_TAI] = "tai",
	[PERTURB_LEAP] = "leap",       [PERTURB_CLOCKSOURCE] = "clocksource",
	[PERTURB_HOTPLUG] = "hotplug", [PERTURB_Y2038] = "y2038",
};

const char *perturb_kind_name(enum perturb_kind k)
{
	return k < NR_PERTURB_KINDS ? kind_names[k] : "?";
}

static uint64_t rnd(struct disturber *d)
{
	d->rng ^= d->rng << 13;
	d->rng ^= d->rng >> 7;
	d->rng ^= d->rng << 17;
	return d->rng;
}

/* A whole number from @lo to @hi. */
static long rnd_range(struct disturber *d, long lo, long hi)
{
	return lo + (long)(rnd(d) % (uint64_t)(hi - lo + 1));
}

/* Stop requested: the control pipe readable or closed, or a signal caught. */
static bool stop_requested(struct disturber *d, int timeout_ms)
{
	struct pollfd p = { d->control_fd, POLLIN, 0 };

	if (interrupt_signal())
		return true;
	int r = poll(&p, 1, timeout_ms);
	return interrupt_signal() || (r > 0 && p.revents);
}

/*
 * A read-back that differs from what was set: a failure of its own, "Note:
 * perturb: adjtimex reads back what was set: WHAT: FIELD set N, read
 * back M (expected LO..HI)", matched against the known kernel bugs
 * (core/known_bugs.h): one of this kernel's is an expected failure (named,
 * recorded for the run's XFAIL), anything else fails the run (d->failed).
 */
static void readback_failed(struct disturber *d, const char *what,
			    const struct readback_mismatch *m)
{
	const struct run *run = d->cfg->run;
	const struct kernel_version *k = known_bugs_kernel(run ? run->vdso : NULL);
	struct known_symptom s = { .call = "adjtimex",
				   .clock_id = -1,
				   .check = READBACK_CHECK,
				   .value_known = true,
				   .value = m->got,
				   .set = m->set,
				   .field = m->field };
	struct known_match match;
	char bug[400] = "", desc[300];
	bool xfail = known_bug_match(&s, k, &match);

	if (xfail) {
		known_bugs_record((size_t)(match.bug - known_bugs));
		snprintf(bug, sizeof(bug), "; %s; this kernel is %s",
			 known_bug_describe(match.bug, desc, sizeof(desc)), k->text);
	} else if (match.why[0]) {
		snprintf(bug, sizeof(bug), "; %s", match.why);
	}
	if (!xfail || (run && run->fail_known_bugs))
		d->failed = true;
	d->readback_fails++;
	if (d->readback_fails > 3) /* (the first few say it all; the count comes at the end) */
		return;
	report_note("perturb: " READBACK_CHECK
		    ": %s: %s set %ld, read back %ld (expected %ld..%ld): %s%s",
		    what, m->field, m->set, m->got, m->lo, m->hi,
		    xfail && !(run && run->fail_known_bugs) ? "XFAIL" : "FAIL", bug);
}

/*
 * adjtimex(@tx) as perturb_adjust(), then read back (modes 0; for
 * ADJ_OFFSET_SINGLESHOT, ADJ_OFFSET_SS_READ) and judged
 * (perturb_readback_check()).  Return: whether the call succeeded.
 */
static bool adjust_read_back(struct disturber *d, struct timex *tx, const char *what)
{
	struct timex set = *tx, got = { .modes = 0 };
	struct readback_mismatch m;

	if (!perturb_adjust(tx, what))
		return false;
	d->readbacks++;
	if ((set.modes & ADJ_OFFSET_SINGLESHOT) == ADJ_OFFSET_SINGLESHOT) {
		got.modes = ADJ_OFFSET_SS_READ;
		if (adjtimex(&got) >= 0 && !perturb_readback_singleshot(set.offset, got.offset, &m))
			readback_failed(d, what, &m);
		return true;
	}
	if (adjtimex(&got) >= 0 && !perturb_readback_check(&set, got.status & STA_NANO, &got, &m))
		readback_failed(d, what, &m);
	return true;
}

static void do_freq(struct disturber *d)
{
	struct timex tx = { .modes = ADJ_FREQUENCY, .freq = rnd_range(d, -FREQ_MAX, FREQ_MAX) };

	if (adjust_read_back(d, &tx, "ADJ_FREQUENCY"))
		d->freq_changed = true;
}

/*
 * The NTP state's other fields, with the slews of the PLL: ADJ_TIMECONST,
 * ADJ_MAXERROR and ADJ_ESTERROR, every other time beyond their range
 * (the kernel clamps them: kernel/time/ntp.c; a time constant of
 * LONG_MAX - 1 overflowed before 06c03c8edce3), read back.
 */
static void do_ntp_fields(struct disturber *d)
{
	bool beyond = d->ntp_beyond;
	struct timex tx = {
		.modes = ADJ_TIMECONST | ADJ_MAXERROR | ADJ_ESTERROR,
		.constant = beyond ? LONG_MAX - 1 : rnd_range(d, 0, READBACK_MAXTC),
		.maxerror = beyond ? 2 * READBACK_PHASE_LIMIT : rnd_range(d, 0, 1000000),
		.esterror = beyond ? 3 * READBACK_PHASE_LIMIT : rnd_range(d, 0, 1000000),
	};

	d->ntp_beyond = !beyond;
	d->ntp_changed = true;
	adjust_read_back(d, &tx,
			 beyond ? "ADJ_TIMECONST|ADJ_MAXERROR|ADJ_ESTERROR beyond their range"
				: "ADJ_TIMECONST|ADJ_MAXERROR|ADJ_ESTERROR");
}

static void do_slew(struct disturber *d)
{
	long us = rnd_range(d, 1, 500000) * (rnd(d) & 1 ? 1 : -1);
	struct timex tx = { .offset = us };

	if (d->slew_pll) {
		struct timex now = { 0 };
		if (adjtimex(&now) < 0)
			return;
		tx.modes = ADJ_OFFSET | ADJ_STATUS;
		tx.status = (now.status | STA_PLL) & ~STA_NANO;
		d->status_changed = d->freq_changed = true; /* the PLL moves the frequency */
	} else {
		tx.modes = ADJ_OFFSET_SINGLESHOT;
	}
	bool pll = d->slew_pll;
	d->slew_pll = !d->slew_pll;
	if (adjust_read_back(d, &tx,
			     pll ? "ADJ_OFFSET|ADJ_STATUS (STA_PLL, microseconds)"
				 : "ADJ_OFFSET_SINGLESHOT"))
		d->clock_moved = true;
	if (pll)
		do_ntp_fields(d);
}

static void do_step(struct disturber *d)
{
	long ms = rnd_range(d, 1, 1000);
	perturb_set_gap();
	struct ts64 rt = perturb_now(CLOCK_REALTIME);
	int64_t ns = ts64_to_ns(rt) + (d->step_back ? -ms : ms) * 1000000;

	d->step_back = !d->step_back;
	if (perturb_set_realtime((struct timespec){ (time_t)(ns / NSEC_PER_SEC),
						    (long)(ns % NSEC_PER_SEC) },
				 "step"))
		d->clock_moved = true;
}

static void do_tai(struct disturber *d)
{
	struct timex tx = { 0 };

	if (adjtimex(&tx) < 0)
		return;
	long tai = tx.tai;
	do
		tx.constant = rnd_range(d, 10, 39);
	while (tx.constant - tai < 2 && tai - tx.constant < 2);
	tx.modes = ADJ_TAI;
	if (adjust_read_back(d, &tx, "ADJ_TAI"))
		d->tai_changed = true;
}

/* Start a leap second or y2038 visit: the clock put VISIT_BEFORE_SEC before the moment. */
static void visit(struct disturber *d, enum perturb_kind k)
{
	perturb_set_gap();
	struct ts64 rt = perturb_now(CLOCK_REALTIME);
	int64_t moment = k == PERTURB_Y2038 ? Y2038_SEC : (rt.sec / 86400 + 1) * 86400;

	if (!perturb_set_realtime((struct timespec){ (time_t)(moment - VISIT_BEFORE_SEC), 0 },
				  k == PERTURB_Y2038 ? "before 2038" : "before midnight"))
		return;
	d->clock_moved = true;
	if (k == PERTURB_LEAP) {
		struct timex tx = { 0 };
		if (adjtimex(&tx) < 0)
			return;
		d->visit_tai = tx.tai;
		tx.modes = ADJ_STATUS;
		tx.status = (tx.status & ~(STA_INS | STA_DEL)) |
			    (d->leap_delete ? STA_DEL : STA_INS);
		d->leap_delete = !d->leap_delete;
		d->status_changed = d->tai_changed = true; /* a leap moves the TAI offset */
		perturb_adjust(&tx, "ADJ_STATUS");
	}
	d->visiting = k;
	struct ts64 raw = perturb_now(CLOCK_MONOTONIC_RAW);
	d->visit_end = (struct ts64){ raw.sec + VISIT_NS / NSEC_PER_SEC, raw.nsec };
}

/* End a visit: no leap second pending, the clock put back. */
static void end_visit(struct disturber *d)
{
	if (d->visiting == PERTURB_LEAP) {
		struct timex tx = { 0 };
		/* (a leap second moves the TAI offset by one second, the other way) */
		int state = adjtimex(&tx);
		if (state >= 0 && (tx.tai - d->visit_tai == 1 || tx.tai - d->visit_tai == -1))
			d->leaps_seen++;
		if (state >= 0) {
			tx.modes = ADJ_STATUS;
			tx.status &= ~(STA_INS | STA_DEL);
			perturb_adjust(&tx, "ADJ_STATUS");
		}
	}
	perturb_set_gap();
	perturb_set_realtime(perturb_reckoned_realtime(&d->saved), "put back");
	/*
	 * After a leap second the kernel's NTP state waits (TIME_WAIT) for
	 * a second boundary with STA_INS and STA_DEL clear before it takes a
	 * new one (second_overflow(), kernel/time/ntp.c): no visit before.
	 */
	struct ts64 raw = perturb_now(CLOCK_MONOTONIC_RAW);
	d->leap_ready = (struct ts64){ raw.sec + 2, raw.nsec };
	d->visiting = NR_PERTURB_KINDS;
}

/*
 * Which clock APIs of @cfg's table (its FAMILY_CLOCK_SUMMARY rows: the
 * clock_gettime APIs; aux clocks and unsupported clocks left out) the vDSO
 * bound in @cfg->run serves by falling back to the system call
 * (api_falls_back()), as a phrase into @buf: "the vDSO falls back to the
 * system call for CLOCK_A CLOCK_B", "the vDSO serves every clock in user
 * space", or, where it cannot be told for one of them, "fallback unknown
 * for CLOCK_A: REASON".
 */
void perturb_fallback_summary(const struct perturb_config *cfg, char *buf, size_t len)
{
	char list[512] = "", none[512] = "", why[FALLBACK_REASON_LEN];
	const struct run *run = cfg->run;
	size_t used = 0, used_none = 0;
	unsigned n = 0;

	for (size_t i = 0; i < cfg->n_apis; i++) {
		const struct api *api = &cfg->apis[i];
		if (!(api->family->flags & FAMILY_CLOCK_SUMMARY) || (api->flags & CLK_AUX) ||
		    !api_supported(api, NULL, 0))
			continue;
		enum fallback fb = api_falls_back(api, run, why, sizeof(why));
		if (fb == FALLBACK_UNKNOWN) {
			snprintf(buf, len, "fallback unknown for %s: %s", api->clock_name, why);
			return;
		}
		if (fb == FALLBACK_NO_VDSO) {
			int w = snprintf(none + used_none, sizeof(none) - used_none, " %s",
					 api->clock_name);
			if (w > 0 && (size_t)w < sizeof(none) - used_none)
				used_none += (size_t)w;
			continue;
		}
		if (fb != FALLBACK_SYSCALL)
			continue;
		int w = snprintf(list + used, sizeof(list) - used, "%s%s", n ? " " : "",
				 api->clock_name);
		if (w > 0 && (size_t)w < sizeof(list) - used)
			used += (size_t)w;
		n++;
	}
	if (n)
		snprintf(buf, len, "the vDSO falls back to the system call for %s%s%s", list,
			 used_none ? "; no vDSO function for" : "", none);
	else if (used_none)
		snprintf(buf, len, "no vDSO function for%s", none);
	else
		snprintf(buf, len, "the vDSO serves every clock in user space");
}

static void do_clocksource(struct disturber *d)
{
	const struct clocksources *cs = &d->saved.cs;
	int i = d->cs_next;
	char path[] = CLOCKSOURCE_DIR "current_clocksource";
	int err;

	d->cs_next = (d->cs_next + 1) % (int)cs->count;
	if ((err = perturb_write_sysfs(path, cs->names[i])) != 0) {
		perturb_complain("clocksource %s: %s", cs->names[i], strerror(err));
		return;
	}
	if (!d->cs_probed[i] && d->cfg->run && d->cfg->run->vdso) {
		char what[640];
		d->cs_probed[i] = true;
		perturb_fallback_summary(d->cfg, what, sizeof(what));
		report_note("perturb: clocksource %s: %s", cs->names[i], what);
	}
}

static void do_hotplug(struct disturber *d)
{
	const struct hotplug_cpus *h = &d->saved.cpus;
	char path[64];
	int err;

	if (d->cpu_off >= 0) {
		perturb_cpu_path(path, sizeof(path), d->cpu_off);
		if ((err = perturb_write_sysfs(path, "1")) != 0)
			perturb_complain("CPU %d online: %s", d->cpu_off, strerror(err));
		else
			d->cpu_off = -1;
		return;
	}
	int cpu = h->cpu[d->cpu_next++ % h->count];
	perturb_cpu_path(path, sizeof(path), cpu);
	if ((err = perturb_write_sysfs(path, "0")) != 0)
		perturb_complain("CPU %d offline: %s", cpu, strerror(err));
	else
		d->cpu_off = cpu;
}

/* Kinds that move CLOCK_REALTIME or the TAI offset: none during a visit. */
/* clang-format off */
#define EXCLUSIVE ((1u << PERTURB_STEP) | (1u << PERTURB_TAI) | (1u << PERTURB_LEAP) | \
		   (1u << PERTURB_Y2038))
/* clang-format on */

static void event(struct disturber *d, enum perturb_kind k)
{
	switch (k) {
	case PERTURB_FREQ:
		do_freq(d);
		break;
	case PERTURB_SLEW:
		do_slew(d);
		break;
	case PERTURB_STEP:
		do_step(d);
		break;
	case PERTURB_TAI:
		do_tai(d);
		break;
	case PERTURB_LEAP:
	case PERTURB_Y2038:
		visit(d, k);
		break;
	case PERTURB_CLOCKSOURCE:
		do_clocksource(d);
		break;
	case PERTURB_HOTPLUG:
		do_hotplug(d);
		break;
	default:
		return;
	}
	d->events[k]++;
}

/* What perturb_restore() put back, for its note with -v: "A, B, C". */
struct restored {
	char what[512];
	size_t used;
};

/* Appends to @w what printf() makes of @fmt, if it fits whole. */
static void say_restored(struct restored *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say_restored(struct restored *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(w->what + w->used, sizeof(w->what) - w->used, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(w->what) - w->used)
		w->used += (size_t)n;
}

/* CLOCK_REALTIME put back, if a kind moved it (perturb_reckoned_realtime()). */
static void restore_realtime(struct disturber *d, struct restored *w)
{
	if (!d->clock_moved)
		return;
	perturb_set_gap();
	struct timespec ts = perturb_reckoned_realtime(&d->saved);
	if (perturb_set_realtime(ts, "put back"))
		say_restored(w, "%sCLOCK_REALTIME put back (reckoned from CLOCK_MONOTONIC_RAW)",
			     w->used ? ", " : "");
	else
		d->failed = true;
	d->status_changed = true; /* a clock set marks it unsynchronized */
}

/* The saved frequency, status and TAI offset put back where changed, and checked. */
static void restore_timex(struct disturber *d, struct restored *w)
{
	const struct saved *s = &d->saved;
	struct timex tx = { .modes = 0 };
	if (d->freq_changed) {
		tx.modes |= ADJ_FREQUENCY;
		tx.freq = s->tx.freq;
	}
	if (d->status_changed || d->clock_moved) {
		tx.modes |= ADJ_STATUS;
		tx.status = s->tx.status;
	}
	if (d->tai_changed) {
		tx.modes |= ADJ_TAI;
		tx.constant = s->tx.tai;
	}
	if (d->ntp_changed) {
		/*
		 * The time constant as saved: set in nanosecond mode, where
		 * the kernel does not add 4 to it (ntp.c), then the status
		 * below puts the mode back.
		 */
		struct timex ntp = { .modes = ADJ_STATUS, .status = s->tx.status | STA_NANO };
		if (perturb_adjust(&ntp, "restore (nanosecond mode)")) {
			ntp = (struct timex){ .modes = ADJ_TIMECONST | ADJ_MAXERROR | ADJ_ESTERROR,
					      .constant = s->tx.constant,
					      .maxerror = s->tx.maxerror,
					      .esterror = s->tx.esterror };
			if (perturb_adjust(&ntp, "restore (time constant, maxerror, esterror)"))
				say_restored(w,
					     "%stime constant %ld, maxerror %ld us, esterror %ld us",
					     w->used ? ", " : "", s->tx.constant, s->tx.maxerror,
					     s->tx.esterror);
			else
				d->failed = true;
		} else {
			d->failed = true;
		}
		tx.modes |= ADJ_STATUS;
		tx.status = s->tx.status;
	}
	if (!tx.modes)
		return;
	struct timex check = { 0 };
	if (!perturb_adjust(&tx, "restore") || adjtimex(&check) < 0) {
		d->failed = true;
		return;
	}
	if ((tx.modes & ADJ_FREQUENCY) && check.freq != s->tx.freq) {
		perturb_complain("frequency %ld, not the saved %ld, after restoring it", check.freq,
				 s->tx.freq);
		d->failed = true;
	}
	if ((tx.modes & ADJ_TAI) && check.tai != s->tx.tai) {
		perturb_complain("TAI offset %d s, not the saved %d s, after restoring it",
				 check.tai, s->tx.tai);
		d->failed = true;
	}
	if (tx.modes & ADJ_FREQUENCY)
		say_restored(w, "%sfrequency %+ld.%03ld ppm", w->used ? ", " : "",
			     s->tx.freq / 65536, labs(s->tx.freq % 65536) * 1000 / 65536);
	if (tx.modes & ADJ_STATUS)
		say_restored(w, "%sstatus 0x%04x", w->used ? ", " : "", (unsigned)s->tx.status);
	if (tx.modes & ADJ_TAI)
		say_restored(w, "%sTAI offset %d s", w->used ? ", " : "", s->tx.tai);
}

/* The saved clocksource, and the CPU taken offline, put back through sysfs. */
static void restore_sysfs(struct disturber *d, struct restored *w)
{
	const struct saved *s = &d->saved;

	if (d->events[PERTURB_CLOCKSOURCE]) {
		int err = perturb_write_sysfs(CLOCKSOURCE_DIR "current_clocksource", s->cs.current);
		if (err) {
			perturb_complain("clocksource %s not restored: %s", s->cs.current,
					 strerror(err));
			d->failed = true;
		} else {
			say_restored(w, "%sclocksource %s", w->used ? ", " : "", s->cs.current);
		}
	}
	if (d->cpu_off >= 0) {
		char path[64];
		perturb_cpu_path(path, sizeof(path), d->cpu_off);
		int err = perturb_write_sysfs(path, "1");
		if (err) {
			perturb_complain("CPU %d not put back online: %s", d->cpu_off,
					 strerror(err));
			d->failed = true;
		} else {
			say_restored(w, "%sCPU %d online", w->used ? ", " : "", d->cpu_off);
		}
	}
}

/* With -v: the notes of the events of each kind, and of what @w says was restored. */
static void note_events(const struct disturber *d, const struct restored *w)
{
	char counts[256] = "";
	size_t n = 0;

	for (int k = 0; k < NR_PERTURB_KINDS; k++)
		if (d->cfg->kinds & (1u << k)) {
			int c = snprintf(counts + n, sizeof(counts) - n, "%s%s %u", n ? ", " : "",
					 kind_names[k], d->events[k]);
			if (c > 0 && (size_t)c < sizeof(counts) - n)
				n += (size_t)c;
		}
	if (d->cfg->kinds & (1u << PERTURB_LEAP))
		report_note("perturb: events: %s; leap seconds the kernel made: %u", counts,
			    d->leaps_seen);
	else
		report_note("perturb: events: %s", counts);
	report_note("perturb: restored: %s", w->used ? w->what : "nothing was changed");
}

/* Put back what was changed; say what with -v.  False if something could not be. */
void perturb_restore(struct disturber *d)
{
	struct restored w = { "", 0 };

	if (d->visiting != NR_PERTURB_KINDS)
		end_visit(d);
	restore_realtime(d, &w);
	restore_timex(d, &w);
	restore_sysfs(d, &w);
	if (d->readback_fails) /* (in every mode: a failure of its own) */
		report_note("perturb: " READBACK_CHECK ": %u of %u settings read back otherwise",
			    d->readback_fails, d->readbacks);
	else if (d->cfg->verbose && d->readbacks)
		report_note("perturb: " READBACK_CHECK ": %u settings, all read back as set",
			    d->readbacks);
	if (d->cfg->verbose)
		note_events(d, &w);
}

void perturb_disturb(struct disturber *d)
{
	unsigned next = 0;

	while (!stop_requested(d, (int)rnd_range(d, 10, 100))) {
		if (d->visiting != NR_PERTURB_KINDS &&
		    ts64_cmp(perturb_now(CLOCK_MONOTONIC_RAW), d->visit_end) >= 0)
			end_visit(d);
		for (unsigned tries = 0; tries < NR_PERTURB_KINDS; tries++) {
			enum perturb_kind k = (enum perturb_kind)(next++ % NR_PERTURB_KINDS);
			if (!(d->kinds & (1u << k)) ||
			    (d->visiting != NR_PERTURB_KINDS && (EXCLUSIVE & (1u << k))) ||
			    ((k == PERTURB_LEAP || k == PERTURB_Y2038) &&
			     ts64_cmp(perturb_now(CLOCK_MONOTONIC_RAW), d->leap_ready) < 0))
				continue;
			event(d, k);
			break;
		}
	}
}
