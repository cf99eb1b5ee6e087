// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Name tables of the core enums, for every layer (core/ holds no
 * behaviour): the TEST-TYPE names and the bench path names.
 */
#include "config.h"

#include "core/api.h"
#include "core/bench_result.h"

const char *test_type_name(enum test_type t)
{
	static const char *const names[NR_TEST_TYPES] = {
		[TEST_BENCH] = "bench", [TEST_VERIFY] = "verify", [TEST_ABI] = "abi",
	};
	return (unsigned)t < NR_TEST_TYPES ? names[t] : "?";
}

const char *bench_path_name(enum bench_path p)
{
	static const char *const names[NR_PATHS] = {
		[PATH_SYSCALL] = "syscall", [PATH_LIBC] = "libc", [PATH_VDSO] = "vdso",
	};
	return (unsigned)p < NR_PATHS ? names[p] : "?";
}
