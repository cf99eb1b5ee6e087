/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kinds of verify --perturb and the settings of its disturber: the
 * words perturb.h (the interface) and the disturber's parts
 * (perturb_kinds.h) share.  Included through perturb.h.
 */
#ifndef VDSOTEST_PERTURB_CONFIG_H
#define VDSOTEST_PERTURB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/api.h"

enum perturb_kind {
	PERTURB_FREQ,	     /* adjtimex(ADJ_FREQUENCY) within +-500 ppm */
	PERTURB_SLEW,	     /* ADJ_OFFSET / ADJ_OFFSET_SINGLESHOT of up to +-0.5 s */
	PERTURB_STEP,	     /* clock_settime(CLOCK_REALTIME) steps, 1 ms to 1 s */
	PERTURB_TAI,	     /* ADJ_TAI offset changes of 2 s or more */
	PERTURB_LEAP,	     /* a leap second inserted (STA_INS) or deleted (STA_DEL) */
	PERTURB_CLOCKSOURCE, /* current_clocksource cycled through the available ones */
	PERTURB_HOTPLUG,     /* CPUs taken offline and online */
	PERTURB_Y2038,	     /* CLOCK_REALTIME a few seconds before 2^31 s */
	NR_PERTURB_KINDS
};

#define PERTURB_ALL ((1u << NR_PERTURB_KINDS) - 1)

/* perturb_kind_name - "freq", "slew", ... for @k < NR_PERTURB_KINDS. */
const char *perturb_kind_name(enum perturb_kind k);

/* What the disturber needs from the run. */
struct perturb_config {
	unsigned kinds;		/* bits of enum perturb_kind; not 0 */
	unsigned threads;	/* verify's -t: CPUs kept online for it */
	bool verbose;		/* -v: what was done and restored */
	const struct run *run;	/* the vDSO binding, for the fallback probes */
	const struct api *apis; /* the API table (api_table), whose */
	size_t n_apis;		/* FAMILY_CLOCK_SUMMARY rows are probed */
};

#endif
