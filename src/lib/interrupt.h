/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIGINT, SIGTERM and SIGHUP (a terminal or ssh connection gone): a run
 * stops early and cleanly.  The handler only records the signal; the loops
 * of bench, verify and abi and the API loop of main.c look at
 * interrupt_signal() and stop, bench and verify after reporting what they
 * measured so far.  The exit status is then 128 plus the signal number
 * (130, 143, 129), as a shell reports a command killed by it.
 */
#ifndef VDSOTEST_INTERRUPT_H
#define VDSOTEST_INTERRUPT_H

#include <signal.h>

/* The signal caught (SIGINT, SIGTERM or SIGHUP), or 0; set by the handler only. */
extern volatile sig_atomic_t interrupt_caught;

/*
 * interrupt_catch - catch SIGINT, SIGTERM and SIGHUP from now on (SA_RESTART, so
 * that reads and waits of the harness carry on).  A signal the caller set
 * to be ignored stays ignored, as nohup(1) and a shell's background jobs
 * expect.  Children created with fork(2) inherit the handler.
 */
void interrupt_catch(void);

/*
 * interrupt_release - in a child that should simply die of SIGINT,
 * SIGTERM or SIGHUP (an abi case): give back the default action to the signals
 * interrupt_catch() caught.
 */
void interrupt_release(void);

/* interrupt_signal - the signal caught so far (SIGINT, SIGTERM, SIGHUP), or 0. */
static inline int interrupt_signal(void)
{
	return interrupt_caught;
}

/* interrupt_name - "SIGINT", "SIGTERM" or "SIGHUP" for @sig, else "a signal". */
const char *interrupt_name(int sig);

/*
 * interrupt_status - the exit status of a run stopped by @sig: 128 + @sig
 * (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP on Linux).
 */
static inline int interrupt_status(int sig)
{
	return 128 + sig;
}

#endif
