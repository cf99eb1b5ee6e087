// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The aux clock_getres bug (doc/known-bugs.md, cd3557a7618b) in a few
 * lines: clock_getres() of an aux clock id (16, CLOCK_AUX) through libc,
 * which glibc answers from the vDSO, against the system call.  On Linux
 * 6.17+ built without CONFIG_POSIX_AUX_CLOCKS the system call gives EINVAL
 * and the vDSO 0 with 1 ns.  Exit status: 1 the bug shows, 0 it does not
 * (or libc does not take clock_getres from the vDSO: musl, or 32-bit glibc
 * with a 64-bit time_t, whose clock_getres_time64 i386's vDSO lacks), 77
 * the system call accepts the id (aux clocks built in).
 *   cc -o aux-getres-repro aux-getres-repro.c && ./aux-getres-repro
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec sys = { 0, 0 }, lib = { 0, 0 };
	long s = syscall(SYS_clock_getres, 16, &sys);
	int sys_errno = errno;
	int l = clock_getres(16, &lib);

	printf("clock_getres(16): system call %ld (%s), libc/vDSO %d (%ld ns)\n", s,
	       s ? strerror(sys_errno) : "no error", l, l ? 0L : (long)lib.tv_nsec);
	if (s == 0)
		return 77;
	return l == 0 ? 1 : 0;
}
