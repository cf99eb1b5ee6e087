/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Clocks read with the clock_gettime system call itself, never through the
 * vDSO or libc: the harness's own timing (deadlines, durations, CPU time)
 * and the reference readings the vDSO is checked against.  The call is
 * syscall(SYS_clock_gettime) with the kernel's struct __kernel_old_timespec
 * (<linux/time_types.h>; clock_gettime(2)), whose tv_sec is a long: on
 * 32-bit targets a reading past 2038 fails with EOVERFLOW.
 */
#ifndef VDSOTEST_SYSCLOCK_H
#define VDSOTEST_SYSCLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "lib/timespec.h"

/*
 * sysclock_read - clock @id (a clock id of clock_gettime(2)) by the system
 * call, into @out (seconds and nanoseconds as the kernel wrote them).
 * Return: true; false with errno (EINVAL: a clock id the kernel rejects),
 * @out untouched.
 */
bool sysclock_read(clockid_t id, struct ts64 *out);

/*
 * sysclock_ns - clock @id by the system call, in nanoseconds since the
 * clock's epoch (fits in 64 bits until 2554).  Return: the reading; 0 with
 * errno when the system call fails.
 */
uint64_t sysclock_ns(clockid_t id);

/*
 * now_ns - CLOCK_MONOTONIC in nanoseconds, read with the clock_gettime system
 * call (not the vDSO).  Aborts, after a message on stderr, if the system
 * call fails.
 */
uint64_t now_ns(void);

/*
 * thread_cpu_ns - CLOCK_THREAD_CPUTIME_ID of the calling thread in
 * nanoseconds, read with the clock_gettime system call.  Aborts, after a
 * message on stderr, if it fails.
 */
uint64_t thread_cpu_ns(void);

#endif
