/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The clock id sweep of the clock_gettime and clock_getres verify: every
 * clock id the kernel may accept, through the vDSO and the system call.
 */
#ifndef VDSOTEST_CLOCK_IDS_H
#define VDSOTEST_CLOCK_IDS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "harness/verify.h"
#include "lib/timespec.h"
#include "vdso/vdso.h"

/* One call of one width, as clock.c's flavours give it. */
struct clock_ids_call {
	void *fn;	  /* the vDSO function (the sweep needs one) */
	bool getres;	  /* clock_getres, not clock_gettime */
	const char *name; /* "clock_gettime", "clock_getres_time64", ... */
	/* the vDSO function on clock @id and @buf (NULL allowed) */
	int (*vdso)(void *fn, bool getres, clockid_t id, void *buf);
	long sys_nr; /* its system call (vdso_reference_syscall() with .ref) */
	bool time64; /* writes a vdso_timespec64, not a vdso_timespec */
	const struct vdso_binding *ref;
};

/*
 * clock_ids_sweep - once per verify (clock.c calls it in round VERIFY_MIN_ROUNDS of
 * the CPU-time APIs, once): for each clock id 0..31 (clock_gettime(2): the static
 * ids; 16..23 the aux clocks of Linux 6.17), the calling process's and
 * thread's CPU-time clock ids (clock_getcpuclockid(3),
 * pthread_getcpuclockid(3): negative ids made by the kernel's
 * MAKE_PROCESS_CPUCLOCK / MAKE_THREAD_CPUCLOCK,
 * include/linux/posix-timers.h), and a dynamic clock id of a PTP device
 * (FD_TO_CLOCKID(fd) of /dev/ptp0, opened read-only; without one, a note
 * says so), the vDSO function and the system call, each with a result
 * pointer and (clock_getres, and clock_gettime where the system call
 * rejects the id) with NULL, must agree:
 *   "every clock id answered as the system call does": the same return
 *     value and errno: "vDSO CALL(ID[, NULL]) returned R (ERR); the system
 *     call returned R (ERR)"; clock_getres on an aux clock id the system
 *     call rejects may give 0 (the vDSO's answer without the kernel's
 *     check, include/vdso/auxclock.h);
 *   "every clock id's resolution as the system call's": clock_getres
 *     writes the same value;
 *   "CPU-time clocks within the system call's readings": clock_gettime of
 *     a CPU-time id (2, 3 and the two dynamic ones) lies between two
 *     system call readings of it around it.
 */
void clock_ids_sweep(struct verify_ctx *ctx, const struct clock_ids_call *c);

#endif
