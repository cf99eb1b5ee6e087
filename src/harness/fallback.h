/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which path really served a call: did the vDSO function complete in user
 * space, or fall back to the system call?  Found by calling it once in a
 * forked child under a seccomp filter that traps the time system calls
 * (seccomp(2), SECCOMP_RET_TRAP: the call is not made and SIGSYS is sent).
 */
#ifndef VDSOTEST_FALLBACK_H
#define VDSOTEST_FALLBACK_H

#include "core/api.h"
#include "lib/timespec.h"

/*
 * api_call_once - call @fn, @api's vDSO function, once with valid arguments
 * (@api's clock id, good pointers): the family's .call_once.  The result
 * is not looked at.
 */
void api_call_once(const struct api *api, void *fn);

/*
 * api_clock_now - @api's clock read through the path under test (the
 * family's .read_clock): the vDSO function bound in @run, or libc's call
 * without one.
 * Return: the call's value (0, or -1 with errno); @out filled on 0; -1
 * with ENOTSUP for a family without .read_clock.
 */
int api_clock_now(const struct api *api, const struct run *run, struct ts64 *out);

/* api_falls_back()'s answer. */
enum fallback {
	FALLBACK_UNKNOWN = -1, /* could not be told; the reason is given */
	FALLBACK_NONE = 0,     /* the function completed in user space */
	FALLBACK_SYSCALL = 1,  /* it made one of the trapped system calls */
	FALLBACK_NO_VDSO = 2,  /* no vDSO function bound */
};

/* Room enough for api_falls_back()'s reason. */
#define FALLBACK_REASON_LEN 128

/*
 * api_falls_back - does @api's vDSO function (as bound in @run) fall back
 * to a system call?  In a child (fork_test_child()): PR_SET_NO_NEW_PRIVS
 * (so no privilege is needed), a filter that traps clock_gettime,
 * clock_gettime64, clock_getres, clock_getres_time64, gettimeofday, time
 * and getcpu for this build's audit architecture (linux/audit.h; calls of
 * another architecture's ABI are allowed), then one api_call_once(), given
 * 10 s.
 *
 * Return: FALLBACK_SYSCALL, FALLBACK_NONE, FALLBACK_NO_VDSO, or
 * FALLBACK_UNKNOWN with the reason in @why (@len bytes, e.g.
 * FALLBACK_REASON_LEN), one of: "no seccomp audit arch for this
 * architecture", "seccomp filters not available: STRERROR" (prctl(2)
 * failed), "the call crashed (signal N, SIGNAME)", "the call did not
 * return in 10 s", "fork: STRERROR".  FALLBACK_NO_VDSO gives "no vDSO
 * function".
 */
enum fallback api_falls_back(const struct api *api, const struct run *run, char *why, size_t len);

#endif
