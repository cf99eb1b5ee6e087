/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The disturber's view of the machine (perturb.c, perturb_kinds.c): what
 * it offers (clocksources, CPUs that may go offline), the state saved and
 * restored, and the calls that change it, each saying on stderr what went
 * wrong.  Sources: adjtimex(2), clock_settime(2), and the sysfs files
 * named in perturb.c.
 */
#ifndef VDSOTEST_PERTURB_STATE_H
#define VDSOTEST_PERTURB_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/timex.h>
#include <time.h>

#include "lib/timespec.h"

#define CLOCKSOURCE_DIR "/sys/devices/system/clocksource/clocksource0/"
#define CPU_DIR "/sys/devices/system/cpu/"
#define MAX_CLOCKSOURCES 16
#define NAME_LEN 64

/* The clocksources of clocksource0 (available_clocksource, current_clocksource). */
struct clocksources {
	char names[MAX_CLOCKSOURCES][NAME_LEN];
	unsigned count;
	char current[NAME_LEN];
	bool writable;
};

/* The CPUs hotplug may take offline: online now, with an online file, not kept for verify. */
struct hotplug_cpus {
	int *cpu;
	unsigned count;
	int *kept; /* the first CPUs of the affinity mask, kept online */
	unsigned nkept;
};

struct saved {
	struct timex tx;	   /* modes 0: freq, status, tai */
	struct ts64 realtime, raw; /* read together */
	struct clocksources cs;
	struct hotplug_cpus cpus;
};

/*
 * perturb_write_sysfs - write @text into the sysfs file @path.
 * Return: 0, or the errno value of open(2) or write(2).
 */
int perturb_write_sysfs(const char *path, const char *text);

/* perturb_clocksources_read - the clocksources into @cs; none (count 0) if unreadable. */
void perturb_clocksources_read(struct clocksources *cs);

/*
 * perturb_hotplug_read - the CPUs hotplug may take offline into @h, keeping
 * the first @threads of the affinity mask online for verify (heap arrays:
 * free(h->cpu), free(h->kept)).
 */
void perturb_hotplug_read(struct hotplug_cpus *h, unsigned threads);

/* perturb_cpu_path - "/sys/devices/system/cpu/cpu@cpu/online" into @buf (@len bytes). */
void perturb_cpu_path(char *buf, size_t len, int cpu);

/* perturb_now - clock_gettime(@id) as a struct ts64. */
struct ts64 perturb_now(clockid_t id);

/* perturb_read_pair - CLOCK_REALTIME and CLOCK_MONOTONIC_RAW at one moment. */
void perturb_read_pair(struct ts64 *rt, struct ts64 *raw);

/*
 * perturb_reckoned_realtime - CLOCK_REALTIME as it would be had nothing
 * been disturbed since @s was saved (see perturb_state.c).
 */
struct timespec perturb_reckoned_realtime(const struct saved *s);

/* perturb_complain - "vdsotest: perturb: " and the printf() of @fmt on stderr. */
void perturb_complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* perturb_adjust - adjtimex(@tx); false after a message naming @what. */
bool perturb_adjust(struct timex *tx, const char *what);

/*
 * perturb_set_gap - wait until CLOCK_SET_GAP_NS (250 ms, perturb_state.c)
 * have passed since the last perturb_set_realtime(); call before reckoning
 * a new time.
 */
void perturb_set_gap(void);

/*
 * perturb_set_realtime - clock_settime(CLOCK_REALTIME, @ts), after
 * perturb_set_gap(); false after a message naming @what.
 */
bool perturb_set_realtime(struct timespec ts, const char *what);

#endif
