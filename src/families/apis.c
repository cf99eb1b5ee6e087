// SPDX-License-Identifier: GPL-2.0-or-later
/* The API table and lookup by name. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/api.h"
#include "families/apis.h"

/* The families: one file each, ending with its descriptor (core/api.h). */
extern const struct family clock_gettime_family;
extern const struct family clock_getres_family;
extern const struct family gettimeofday_family;
extern const struct family time_family;
extern const struct family getcpu_family;
extern const struct family getrandom_family;
extern const struct family sigreturn_family;
extern const struct family unwind_family;
extern const struct family clock_gettime64_family; /* 32-bit targets only */
extern const struct family clock_getres_time64_family;
extern const struct family tbfreq_family; /* powerpc (families/exports.c) */
extern const struct family syscall_map_family;
extern const struct family sync_dicache_family;
extern const struct family riscv_hwprobe_family; /* riscv's calls: unsupported elsewhere */
extern const struct family riscv_flush_icache_family;

/* The table: one row per line (so clang-format leaves it). */
/* clang-format off */
#define CLOCK_API(fam, suffix, id, flags, fine)				\
	{ "clock-" #fam "-" suffix, &clock_##fam##_family, id, #id, flags, fine }
#define CLOCK_APIS(fam)							\
	CLOCK_API(fam, "realtime", CLOCK_REALTIME, CLK_SETTABLE, 0),	\
	CLOCK_API(fam, "monotonic", CLOCK_MONOTONIC, 0, 0),	\
	CLOCK_API(fam, "process-cputime", CLOCK_PROCESS_CPUTIME_ID,	\
		  0, 0),			\
	CLOCK_API(fam, "thread-cputime", CLOCK_THREAD_CPUTIME_ID,	\
		  0, 0),			\
	CLOCK_API(fam, "monotonic-raw", CLOCK_MONOTONIC_RAW, 0, 0), \
	CLOCK_API(fam, "realtime-coarse", CLOCK_REALTIME_COARSE,	\
		  CLK_SETTABLE | CLK_COARSE, CLOCK_REALTIME),		\
	CLOCK_API(fam, "monotonic-coarse", CLOCK_MONOTONIC_COARSE,	\
		  CLK_COARSE, CLOCK_MONOTONIC),		\
	CLOCK_API(fam, "boottime", CLOCK_BOOTTIME, CLK_BOOTTIME, 0), \
	CLOCK_API(fam, "realtime-alarm", CLOCK_REALTIME_ALARM, CLK_SETTABLE, 0), \
	CLOCK_API(fam, "boottime-alarm", CLOCK_BOOTTIME_ALARM,		\
		  CLK_BOOTTIME, 0),			\
	CLOCK_API(fam, "tai", CLOCK_TAI, CLK_SETTABLE, 0)

/* The time64 calls of 32-bit targets, under their own names. */
#define CLOCK64_API(prefix, fam, suffix, id, flags, fine)			\
	{ prefix suffix, &fam, id, #id, flags, fine }
#define CLOCK64_APIS(prefix, fam)						\
	CLOCK64_API(prefix, fam, "realtime", CLOCK_REALTIME, CLK_SETTABLE, 0),	\
	CLOCK64_API(prefix, fam, "monotonic", CLOCK_MONOTONIC, 0, 0),		\
	CLOCK64_API(prefix, fam, "process-cputime", CLOCK_PROCESS_CPUTIME_ID, 0, 0), \
	CLOCK64_API(prefix, fam, "thread-cputime", CLOCK_THREAD_CPUTIME_ID, 0, 0), \
	CLOCK64_API(prefix, fam, "monotonic-raw", CLOCK_MONOTONIC_RAW, 0, 0),	\
	CLOCK64_API(prefix, fam, "realtime-coarse", CLOCK_REALTIME_COARSE,	\
		    CLK_SETTABLE | CLK_COARSE, CLOCK_REALTIME),			\
	CLOCK64_API(prefix, fam, "monotonic-coarse", CLOCK_MONOTONIC_COARSE,	\
		    CLK_COARSE, CLOCK_MONOTONIC),				\
	CLOCK64_API(prefix, fam, "boottime", CLOCK_BOOTTIME, CLK_BOOTTIME, 0),	\
	CLOCK64_API(prefix, fam, "realtime-alarm", CLOCK_REALTIME_ALARM, CLK_SETTABLE, 0), \
	CLOCK64_API(prefix, fam, "boottime-alarm", CLOCK_BOOTTIME_ALARM, CLK_BOOTTIME, 0), \
	CLOCK64_API(prefix, fam, "tai", CLOCK_TAI, CLK_SETTABLE, 0)

/* The aux clocks, CLOCK_AUX + 0 .. 7. */
#define AUX_API(fam, n)							\
	{ "clock-" #fam "-aux" #n, &clock_##fam##_family, CLOCK_AUX + n,	\
	  "CLOCK_AUX+" #n, CLK_AUX, 0 }
#define AUX_APIS(fam)							\
	AUX_API(fam, 0), AUX_API(fam, 1), AUX_API(fam, 2), AUX_API(fam, 3),	\
	AUX_API(fam, 4), AUX_API(fam, 5), AUX_API(fam, 6), AUX_API(fam, 7)

const struct api api_table[] = {
	CLOCK_APIS(gettime),
	CLOCK_APIS(getres),
	AUX_APIS(gettime),
	AUX_APIS(getres),
	{ "gettimeofday", &gettimeofday_family, -1, NULL, CLK_SETTABLE, 0 },
	{ "time", &time_family, -1, NULL, CLK_SETTABLE, 0 },
	{ "getcpu", &getcpu_family, -1, NULL, 0, 0 },
	{ "getrandom", &getrandom_family, -1, NULL, 0, 0 },
	{ "powerpc-get-tbfreq", &tbfreq_family, -1, NULL, 0, 0 },
	{ "powerpc-get-syscall-map", &syscall_map_family, -1, NULL, 0, 0 },
	{ "powerpc-sync-dicache", &sync_dicache_family, -1, NULL, 0, 0 },
	{ "riscv-hwprobe", &riscv_hwprobe_family, -1, NULL, 0, 0 },
	{ "riscv-flush-icache", &riscv_flush_icache_family, -1, NULL, 0, 0 },
	{ "sigreturn", &sigreturn_family, -1, NULL, 0, 0 },
	{ "unwind", &unwind_family, -1, NULL, 0, 0 },
#ifdef SYS_clock_gettime64	/* 32-bit targets (Linux 5.1 y2038 system calls) */
	CLOCK64_APIS("clock-gettime64-", clock_gettime64_family),
	CLOCK64_APIS("clock-getres-time64-", clock_getres_time64_family),
#endif
};
/* clang-format on */
const size_t api_count = sizeof(api_table) / sizeof(api_table[0]);

const struct api *api_find(const char *name)
{
	for (size_t i = 0; i < api_count; i++)
		if (strcmp(api_table[i].name, name) == 0)
			return &api_table[i];
	errno = ENOENT;
	return NULL;
}
