/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which path really served a call: did the vDSO function complete in user
 * space, or fall back to the system call?  Found by calling it once in a
 * forked child under a seccomp filter that traps the time system calls
 * (seccomp(2), SECCOMP_RET_TRAP: the call is not made and SIGSYS is sent).
 */
#ifndef VDSOTEST_FALLBACK_H
#define VDSOTEST_FALLBACK_H

#include "api.h"
#include "timespec.h"

/*
 * api_call_once - call @fn, @api's vDSO function, once with valid arguments
 * (@api's clock id, good pointers).  The result is not looked at.
 */
void api_call_once(const struct api *api, void *fn);

/*
 * api_clock_now - @api's clock (clock_gettime family) read through the
 * path under test: the vDSO function bound in @run, or libc's
 * clock_gettime() without one.
 * Return: the call's value (0, or -1 with errno); @out filled on 0.
 */
int api_clock_now(const struct api *api, const struct run *run, struct ts64 *out);

/*
 * api_falls_back - does @api's vDSO function (as bound in @run) fall back
 * to a system call?  In a child (fork_test_child()): PR_SET_NO_NEW_PRIVS
 * (so no privilege is needed), a filter that traps clock_gettime,
 * clock_gettime64, clock_getres, clock_getres_time64, gettimeofday, time
 * and getcpu for this build's audit architecture (linux/audit.h; calls of
 * another architecture's ABI are allowed), then one api_call_once().
 *
 * Return: 1 the function made one of those system calls; 0 it completed in
 * user space; -1 unknown, errno: ENOENT (no vDSO function bound), ENOSYS
 * (no audit architecture known for this build), EINVAL (the kernel has no
 * seccomp filters, prctl(2)), ETIMEDOUT (the call did not return in 10 s),
 * ECHILD (the child died otherwise, e.g. the call crashed), or the errno of
 * fork(2).
 */
int api_falls_back(const struct api *api, const struct run *run);

#endif
