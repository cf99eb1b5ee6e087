/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify on several CPUs at once (-t N): N threads, each pinned to its own
 * CPU of the affinity mask, run an API's checks at the same time; for the
 * clocks that never go back, a cross-CPU ordering check first.
 */
#ifndef VDSOTEST_PARALLEL_H
#define VDSOTEST_PARALLEL_H

#include "core/api.h"
#include "harness/verify.h"

/*
 * parallel_ordered_clock - does the cross-CPU ordering check apply to
 * @api: an API of a FAMILY_CROSS_CPU family (clock_gettime, either
 * timespec width) whose clock cannot be set and is the same for every
 * thread (MONOTONIC, _RAW, _COARSE, BOOTTIME, BOOTTIME_ALARM; not the
 * CPU-time clocks)?
 */
bool parallel_ordered_clock(const struct api *api);

/*
 * verify_parallel - verify @api with run->threads (2 .. THREADS_MAX)
 * threads, thread i pinned to the i-th CPU of the affinity mask
 * (cpu_mask_nth()), each running @checks (the family's checks, api_run()).
 *
 * For parallel_ordered_clock() APIs, first, for half of --duration (and
 * until every thread has compared a reading at least once), the
 * threads pass a token around (an atomic index: store with release, load
 * with acquire); the holder reads the clock through the path under test
 * and fails when it gets an earlier time than the previous holder, on
 * another CPU, published before handing the token on:
 * "API: cross-CPU: vDSO T on CPU C after vDSO T on CPU C: N ns backwards".
 * Then every thread runs the family's verify checks at once (for the
 * other half, or all of --duration), its lines marked "thread I on CPU C"
 * (verify_scope()).  The notes of verify_notes() come first, once.
 * --maxfails counts the failures of all threads (verify_api() counts and
 * prints the summary line).
 *
 * Return: STATUS_FAIL after any failure, or when a thread cannot be
 * started or pinned (said on stderr); STATUS_SKIP when every thread
 * skipped; else STATUS_PASS.
 */
enum status verify_parallel(const struct api *api, const struct run *run, verify_part_fn checks);

#endif
