// SPDX-License-Identifier: GPL-2.0-or-later
/* Clocks read with the clock_gettime system call; see sysclock.h. */
#include "config.h"

#include <errno.h>
#include <linux/time_types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/sysclock.h"

bool sysclock_read(clockid_t id, struct ts64 *out)
{
	struct __kernel_old_timespec ts;

	if (syscall(SYS_clock_gettime, id, &ts) != 0)
		return false;
	*out = (struct ts64){ ts.tv_sec, ts.tv_nsec };
	return true;
}

uint64_t sysclock_ns(clockid_t id)
{
	struct __kernel_old_timespec ts;

	if (syscall(SYS_clock_gettime, id, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Clock @id by the system call, in ns; aborts on failure, naming it @name. */
static uint64_t sysclock_ns_or_abort(clockid_t id, const char *name)
{
	struct __kernel_old_timespec ts;

	if (syscall(SYS_clock_gettime, id, &ts) != 0) {
		fprintf(stderr, "vdsotest: clock_gettime(%s) system call: %s\n", name,
			strerror(errno));
		abort();
	}
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t now_ns(void)
{
	return sysclock_ns_or_abort(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
}

uint64_t thread_cpu_ns(void)
{
	return sysclock_ns_or_abort(CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID");
}
