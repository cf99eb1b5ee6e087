/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The API table: one row per vDSO function used in one way, e.g.
 * clock-gettime-monotonic = clock_gettime(CLOCK_MONOTONIC, ...).
 * A family (one source file each) knows how to bench, verify and check the
 * ABI of its call; the table only says which family and which clock id.
 */
#ifndef VDSOTEST_API_H
#define VDSOTEST_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "vdso/vdso.h"

/* Outcome of one test of one API; the numbers are the exit statuses. */
enum status {
	STATUS_PASS = 0,
	STATUS_FAIL = 1,
	STATUS_USAGE = 2,
	STATUS_SKIP = 77,	/* nothing could be tested */
};

enum test_type { TEST_BENCH, TEST_VERIFY, TEST_ABI, NR_TEST_TYPES };

enum output_format {
	FORMAT_TEXT, FORMAT_NSEC, FORMAT_TABLE, FORMAT_JSON, FORMAT_CSV, FORMAT_KTAP,
	NR_FORMATS
};

/* Settings of one run, from the command line. */
struct run {
	uint64_t duration_ns;		/* per path (bench) or per API (verify); > 0 */
	unsigned maxfails;		/* failures reported before an API stops; >= 1 */
	unsigned threads;		/* threads per bench path or verify; >= 1 */
	size_t size_bytes;		/* getrandom bench: bytes per call; >= 1 */
	bool verbose;
	enum output_format format;
	const struct vdso_binding *vdso;
	unsigned repeat;		/* bench: measurements per path; >= 1 */
	size_t api_index;		/* this API's place in the run, from 0 */
	size_t api_total;		/* the APIs of the run; >= 1 */
	bool net;			/* bench: subtract the harness overhead */
	const int *cpus;		/* bench: the CPU of each of the threads,
					   or NULL: not pinned */
	const struct cycles_info *cycles;	/* bench --cycles, or NULL */
	const char *cpu_list;		/* bench: --cpu as given, or NULL */
	bool header;			/* bench: the context header (--header) */
	const struct latency_counter *latency;	/* bench --latency, or NULL */
};

/* Properties of a clock id that decide which checks apply. */
enum clock_flags {
	CLK_SETTABLE  = 1 << 0,	/* may be set: a jump is a note, not a failure */
	CLK_COARSE    = 1 << 1,	/* tick-based; api.fine_id is its fine twin */
	CLK_BOOTTIME  = 1 << 2,	/* must be >= CLOCK_MONOTONIC */
	CLK_AUX       = 1 << 3,	/* an aux clock: may be absent or disabled */
};

/*
 * The first of the 8 auxiliary clock ids, CLOCK_AUX .. CLOCK_AUX + 7
 * (include/uapi/linux/time.h, Linux 6.17; CONFIG_POSIX_AUX_CLOCKS).
 */
#ifndef CLOCK_AUX
#define CLOCK_AUX 16
#endif

struct api;
struct cycles_info;
struct latency_counter;

struct family {
	enum vdso_call call;
	enum status (*bench)(const struct api *api, const struct run *run);
	enum status (*verify)(const struct api *api, const struct run *run);
	enum status (*abi)(const struct api *api, const struct run *run);
};

struct api {
	const char *name;		/* e.g. "clock-gettime-monotonic" */
	const struct family *family;
	clockid_t clock_id;		/* -1 for APIs without a clock id */
	const char *clock_name;		/* e.g. "CLOCK_MONOTONIC", or NULL */
	unsigned flags;			/* enum clock_flags */
	clockid_t fine_id;		/* CLK_COARSE: the fine clock it follows */
};

extern const struct family clock_gettime_family;
extern const struct family clock_getres_family;
extern const struct family gettimeofday_family;
extern const struct family time_family;
extern const struct family getcpu_family;
extern const struct family getrandom_family;
extern const struct family clock_gettime64_family;	/* 32-bit targets only */
extern const struct family clock_getres_time64_family;

extern const struct api api_table[];
extern const size_t api_count;

/* api_find - the row named @name, or NULL (errno = ENOENT). */
const struct api *api_find(const char *name);

/*
 * api_suggest - for a "did you mean" hint, the API name, "all" or list
 * command closest to @name (see closest_name() in api.c); NULL if none is.
 */
const char *api_suggest(const char *name);

/* test_type_suggest - the same among the TEST-TYPEs. */
const char *test_type_suggest(const char *name);

/* test_type_find - parse "bench", "verify" or "abi"; -1 when unknown. */
int test_type_find(const char *name);

/* test_type_name - "bench", "verify" or "abi". */
const char *test_type_name(enum test_type t);

/*
 * api_unsupported_by_kernel - true for an aux clock API whose clock id the
 * clock_getres system call rejects with EINVAL (a kernel before 6.17 or
 * without CONFIG_POSIX_AUX_CLOCKS); false for every other API.
 */
bool api_unsupported_by_kernel(const struct api *api);

/*
 * api_unsupported - true when the system call of @api (clock_getres or
 * clock_gettime) rejects its clock id with EINVAL (alarm clocks without a
 * wake-up RTC, aux clocks before Linux 6.17), or with ENODEV for a disabled
 * aux clock; errno then stays for report_unsupported().  False for the
 * APIs without a clock id.
 */
bool api_unsupported(const struct api *api);

/* api_vdso_fn - the bound vDSO function of @api in @run, or NULL if absent. */
void *api_vdso_fn(const struct api *api, const struct run *run);

/* api_run - run test @t on @api; the status says pass, fail or skip. */
enum status api_run(const struct api *api, enum test_type t, const struct run *run);

#endif
