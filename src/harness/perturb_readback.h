/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The disturber's adjtimex read-back (--perturb): what adjtimex(2) must
 * read back (modes 0) after a call that set something, within the clamps
 * the kernel documents and applies (kernel/time/ntp.c,
 * process_adjtimex_modes(), ntp_update_offset(), __do_adjtimex();
 * adjtimex(2)).  Pure functions: the disturber (perturb_kinds.c) makes the
 * calls, here they are judged; tests/unit-known-bugs.c feeds them the
 * answers of the kernels with the bugs of core/known_bugs.c.
 */
#ifndef VDSOTEST_PERTURB_READBACK_H
#define VDSOTEST_PERTURB_READBACK_H

#include <stdbool.h>
#include <sys/timex.h>

/* The check under which a read-back mismatch is reported and matched. */
#define READBACK_CHECK "adjtimex reads back what was set"

/* kernel/time/ntp.c and include/linux/timex.h */
#define READBACK_MAXTC 10		     /* the largest time constant */
#define READBACK_PHASE_LIMIT 16000000L	     /* NTP_PHASE_LIMIT: maxerror, esterror (us) */
#define READBACK_MAXPHASE_NS 500000000L	     /* MAXPHASE: the largest PLL offset */
#define READBACK_MAXFREQ_SCALED (500L << 16) /* MAXFREQ: 500 ppm in 2^-16 ppm */
#define READBACK_MAX_TAI 100000		     /* MAX_TAI_OFFSET (s) */

/* One field read back otherwise than set. */
struct readback_mismatch {
	const char *field; /* "offset", "freq", "constant", "maxerror", "esterror", "tai", "status" */
	long set;	   /* what was set (offset: in the unit of the mode, us or ns) */
	long got;	   /* what adjtimex read back */
	long lo, hi;	   /* what it may read back */
};

/*
 * perturb_readback_check - after adjtimex(@set) succeeded, is @got (an
 * adjtimex with modes 0 right after) what the kernel must read back, for
 * each field @set->modes set?  @nano: the status after @set has STA_NANO
 * (the offset's unit is ns, else us; without STA_NANO the kernel adds 4 to
 * a time constant set, ntp.c).  A PLL offset (ADJ_OFFSET without
 * ADJ_OFFSET_SINGLESHOT, STA_PLL) keeps its sign and at least three
 * quarters of its size (it decays every second), at most its size clamped
 * to MAXPHASE; the frequency is the value set, clamped to +-500 ppm (+-1 for
 * the kernel's scaling); the time constant clamped to 0..MAXTC; maxerror
 * clamped to 0..NTP_PHASE_LIMIT (+1000 us: it grows 500 us a second);
 * esterror clamped to that range; the TAI offset as set (0..MAX_TAI_OFFSET);
 * STA_PLL and STA_NANO as set.  ADJ_OFFSET_SINGLESHOT is not judged here
 * (its remaining adjustment reads back through ADJ_OFFSET_SS_READ:
 * perturb_readback_singleshot()).
 * Return: true, or false with the first mismatch in @m.
 */
bool perturb_readback_check(const struct timex *set, bool nano, const struct timex *got,
			    struct readback_mismatch *m);

/*
 * perturb_readback_singleshot - @got_us, the remaining adjustment that
 * adjtimex(ADJ_OFFSET_SS_READ) reads back right after
 * ADJ_OFFSET_SINGLESHOT of @set_us microseconds: the same sign, at most
 * its size, at least its size less 1000 us (adjtime(3)'s slew: 500 us a
 * second).  Return: true, or false with @m filled.
 */
bool perturb_readback_singleshot(long set_us, long got_us, struct readback_mismatch *m);

#endif
