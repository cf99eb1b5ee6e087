// SPDX-License-Identifier: GPL-2.0-or-later
/* The names of the bench paths; see bench_result.h. */
#include "config.h"

#include "core/bench_result.h"

const char *bench_path_name(enum bench_path p)
{
	static const char *const names[NR_PATHS] = {
		[PATH_SYSCALL] = "syscall",
		[PATH_LIBC] = "libc",
		[PATH_VDSO] = "vdso",
	};
	return (unsigned)p < NR_PATHS ? names[p] : "?";
}
