// SPDX-License-Identifier: GPL-2.0-or-later
/* The disturber's adjtimex read-back; see perturb_readback.h. */
#include "config.h"

#include <limits.h>

#include "harness/perturb_readback.h"

static long clampl(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* @got within [@lo, @hi]; else @m filled.  Return: whether it is. */
static bool within(struct readback_mismatch *m, const char *field, long set, long got, long lo,
		   long hi)
{
	if (got >= lo && got <= hi)
		return true;
	*m = (struct readback_mismatch){ field, set, got, lo, hi };
	return false;
}

bool perturb_readback_check(const struct timex *set, bool nano, const struct timex *got,
			    struct readback_mismatch *m)
{
	unsigned modes = (unsigned)set->modes;

	/* (ADJ_OFFSET_SINGLESHOT holds ADJ_OFFSET's bit) */
	bool single = (modes & ADJ_OFFSET_SINGLESHOT) == ADJ_OFFSET_SINGLESHOT;

	if ((modes & ADJ_OFFSET) && !single && (got->status & STA_PLL)) {
		long max = nano ? READBACK_MAXPHASE_NS : READBACK_MAXPHASE_NS / 1000;
		long v = clampl(set->offset, -max, max);
		long a = v < 0 ? -v : v, low = a - a / 4 - 1;
		if (low < 0)
			low = 0;
		if (!within(m, "offset", set->offset, got->offset, v < 0 ? -a - 1 : low,
			    v < 0 ? -low : a + 1))
			return false;
	}
	if (modes & ADJ_FREQUENCY) {
		long v = clampl(set->freq, -READBACK_MAXFREQ_SCALED, READBACK_MAXFREQ_SCALED);
		if (!within(m, "freq", set->freq, got->freq, v - 1, v + 1))
			return false;
	}
	if (modes & ADJ_TIMECONST) {
		long v = clampl(set->constant, 0, READBACK_MAXTC);
		if (!nano) /* (the status as it is when the constant is set: after ADJ_STATUS) */
			v = clampl(v + 4, 0, READBACK_MAXTC);
		if (!within(m, "constant", set->constant, got->constant, v, v))
			return false;
	}
	if (modes & ADJ_MAXERROR) {
		long v = clampl(set->maxerror, 0, READBACK_PHASE_LIMIT);
		if (!within(m, "maxerror", set->maxerror, got->maxerror, v,
			    v + 1000 > READBACK_PHASE_LIMIT ? READBACK_PHASE_LIMIT : v + 1000))
			return false;
	}
	if (modes & ADJ_ESTERROR) {
		long v = clampl(set->esterror, 0, READBACK_PHASE_LIMIT);
		if (!within(m, "esterror", set->esterror, got->esterror, v, v))
			return false;
	}
	if ((modes & ADJ_TAI) && set->constant >= 0 && set->constant <= READBACK_MAX_TAI &&
	    !within(m, "tai", set->constant, got->tai, set->constant, set->constant))
		return false;
	if (modes & ADJ_STATUS) {
		long want = set->status & (STA_PLL | STA_NANO);
		if (!within(m, "status", set->status, got->status & (STA_PLL | STA_NANO), want,
			    want))
			return false;
	}
	return true;
}

bool perturb_readback_singleshot(long set_us, long got_us, struct readback_mismatch *m)
{
	long a = set_us < 0 ? -set_us : set_us, low = a > 1000 ? a - 1000 : 0;

	return within(m, "singleshot offset", set_us, got_us, set_us < 0 ? -a : low,
		      set_us < 0 ? -low : a);
}
