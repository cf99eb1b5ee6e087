/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The disturber's kinds (perturb.c runs them): each kind's event, the
 * leap second and y2038 visits, the loop that picks the events, and the
 * restore at the end.  Sources: see perturb.c.
 */
#ifndef VDSOTEST_PERTURB_KINDS_H
#define VDSOTEST_PERTURB_KINDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/perturb_config.h"
#include "harness/perturb_state.h"
#include "lib/timespec.h"

/* Each leap second or y2038 visit lasts this long, from 3 s before the moment. */
#define VISIT_BEFORE_SEC 3
#define VISIT_NS (6 * NSEC_PER_SEC)
/* 2038-01-19T03:14:08Z: 2^31 s after the epoch. */
#define Y2038_SEC INT64_C(2147483648)
/* The largest frequency offset: +-500 ppm, in adjtimex's 2^-16 ppm. */
#define FREQ_MAX (500L << 16)

/* The disturber process's state (perturb.c: disturber_main()). */
struct disturber {
	const struct perturb_config *cfg;
	struct saved saved;
	int control_fd;
	uint64_t rng;
	unsigned events[NR_PERTURB_KINDS];
	unsigned kinds;	  /* the kinds this machine can do */
	bool clock_moved; /* a step, slew, leap or y2038 happened */
	bool status_changed, freq_changed, tai_changed;
	int cs_next; /* the next clocksource to switch to */
	bool cs_probed[MAX_CLOCKSOURCES];
	int cpu_off; /* the CPU we took offline, or -1 */
	unsigned cpu_next;
	struct ts64 visit_end;	    /* raw time at which a leap or y2038 visit ends */
	enum perturb_kind visiting; /* PERTURB_LEAP or PERTURB_Y2038, or NR_PERTURB_KINDS */
	bool leap_delete;	    /* the next leap second is a deletion */
	bool step_back;		    /* the next step goes backwards */
	bool slew_pll;		    /* the next slew is ADJ_OFFSET with STA_PLL */
	bool failed;		    /* something could not be restored, or read back */
	bool ntp_changed;	    /* the time constant, maxerror or esterror set */
	bool ntp_beyond;	    /* the next of them beyond their range */
	unsigned readbacks;	    /* adjtimex settings read back */
	unsigned readback_fails;    /* of them, read back otherwise than set */
	unsigned leaps_seen;	    /* visits across which the TAI offset moved by 1 s */
	long visit_tai;		    /* the TAI offset when the leap second visit began */
	struct ts64 leap_ready;	    /* raw time before which no new leap or y2038 visit
					   begins: 2 s after the last, for the kernel's NTP
					   state, and so that step and tai get their turns
					   between the 6 s visits, which exclude them */
};

/*
 * perturb_disturb - events of @d->kinds, one every 10 to 100 ms, in turn,
 * until the control pipe or a signal says stop.
 */
void perturb_disturb(struct disturber *d);

/*
 * perturb_restore - put back what @d changed (a visit ended first); say
 * what with -v.  @d->failed set if something could not be.
 */
void perturb_restore(struct disturber *d);

/*
 * perturb_fallback_summary - which clocks the vDSO bound in @cfg->run
 * serves by falling back to the system call, as a phrase into @buf (@len
 * bytes); see perturb_kinds.c.
 */
void perturb_fallback_summary(const struct perturb_config *cfg, char *buf, size_t len);

#endif
