/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify --perturb=LIST: a separate process (the disturber) changes the
 * system clock while verify runs, and puts it back at the end.  It changes
 * the clock of the whole machine: for disposable machines and qemu guests
 * only (vdsotest(1), PERTURBING THE CLOCK).
 *
 * Protocol between vdsotest (the parent) and the disturber:
 *   - perturb_start() forks it; it saves the state it may change
 *     (adjtimex(2) frequency, status and TAI offset; CLOCK_REALTIME against
 *     CLOCK_MONOTONIC_RAW; current_clocksource; which CPUs are online),
 *     then writes one byte, PERTURB_READY, on its report pipe; verify
 *     starts only then.  A disturber that cannot save the state exits
 *     without changing anything and without writing that byte.
 *   - it disturbs until the parent writes PERTURB_STOP (or any byte) on the
 *     control pipe or closes it, until it catches SIGINT, SIGTERM or
 *     SIGHUP, or until the parent dies (PR_SET_PDEATHSIG, SIGTERM): in each
 *     case it restores the state and exits, with 0 when everything was put
 *     back, 1 when something could not be (said on stderr).
 *   - its lines: "Note: perturb: ..." (report_note()): a kind the machine
 *     cannot do; with -v what it did and what it restored.
 */
#ifndef VDSOTEST_PERTURB_H
#define VDSOTEST_PERTURB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "harness/perturb_config.h"

/* The bytes of the protocol above. */
#define PERTURB_READY 'R'
#define PERTURB_STOP 'q'

/*
 * The environment variable that forbids any perturbation (exit 2), so that
 * no test of `make check` can change the clock of the machine it runs on.
 */
#define PERTURB_FORBID_ENV "VDSOTEST_NO_PERTURB"

/*
 * perturb_parse - the comma-separated @list ("freq,step", "all") into a
 * bit mask of 1 << enum perturb_kind in *@kinds.  A kind may repeat.
 * Return: true; false for an empty list or an unknown kind, with the bad
 * kind (possibly empty) copied into @bad (@len bytes, truncated).
 */
bool perturb_parse(const char *list, unsigned *kinds, char *bad, size_t len);

/*
 * perturb_permitted - may this process change the system clock?  Without
 * changing anything: PERTURB_FORBID_ENV unset; CAP_SYS_TIME in the
 * effective set (capget(2), linux/capability.h), which settimeofday(2),
 * clock_settime(2) and adjtimex(2) with modes check (capabilities(7)); and
 * this process in the initial user namespace, since the kernel checks
 * CAP_SYS_TIME there (capable(), kernel/capability.c): the inode of
 * /proc/self/ns/user is PROC_USER_INIT_INO, 0xEFFFFFFD
 * (include/linux/proc_ns.h), or the kernel has no user namespaces
 * (/proc/self/ns without "user").  Return: true, or false with the reason
 * in @why (@len bytes), e.g. "this process lacks CAP_SYS_TIME".
 */
bool perturb_permitted(char *why, size_t len);

/*
 * perturb_describe - --dry-run: what each kind of @cfg would do on this
 * machine, read from sysfs and adjtimex(2) (modes 0: read only), one line
 * each on @f: "perturb: KIND: ...", including what cannot be done there.
 * With the clocksource kind and cfg->run's vDSO binding, one more line:
 * the clocks that vDSO serves by falling back to the system call under
 * the current clocksource (api_falls_back(), which changes nothing),
 * "perturb: clocksource NAME (now): the vDSO falls back to the system
 * call for CLOCK_ID ...", as the disturber says of each clocksource.
 */
void perturb_describe(const struct perturb_config *cfg, FILE *f);

/* A running disturber. */
struct perturb {
	pid_t pid;	/* the disturber, or -1 */
	int control_fd; /* our end of the control pipe, or -1 */
};

/*
 * perturb_start - fork the disturber of @cfg and wait until it has saved
 * the state (the protocol above).  Call perturb_permitted() first.
 * Return: 0; or -1 after a message on stderr (fork or pipe failed, or the
 * disturber could not save the state), nothing changed.
 */
int perturb_start(struct perturb *p, const struct perturb_config *cfg);

/*
 * perturb_stop - tell the disturber to restore and end, and wait for it.
 * Return: 0 when it restored everything; -1 when it did not (it said what
 * on stderr) or died.
 */
int perturb_stop(struct perturb *p);

#endif
