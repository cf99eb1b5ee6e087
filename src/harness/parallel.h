/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify on several CPUs at once (-t N): N threads, each pinned to its own
 * CPU of the affinity mask, run an API's checks at the same time; for the
 * clocks that never go back, a cross-CPU ordering check first.  Without
 * -t, that check alone over every allowed CPU (verify_cross_cpu()).
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
 * CPU-time clocks, nor the aux clocks, which their owner steps without
 * a word: clock_adjtime(2))?
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

/*
 * verify_cross_cpu - the cross-CPU phase of a verify without -t: for
 * parallel_ordered_clock() APIs, the token ring above with a thread on
 * every CPU of the affinity mask, for @duration_ns (and until every thread
 * compared once), as the kernel's TSC warp check takes turns between CPUs
 * (check_tsc_warp(), arch/x86/kernel/tsc_sync.c): each reading compared
 * with the last one taken on another CPU.  The smallest gap seen goes to
 * the session (verify_sight_add()): an offset between CPUs larger than it
 * would have shown.  With one CPU allowed: a note, once per run, and a
 * KTAP "# SKIP one CPU allowed" for the check "cross-CPU: not behind the
 * reading on another CPU".
 * Return: STATUS_SKIP when it does not apply or cannot run (one CPU); else
 * as verify_parallel().
 */
enum status verify_cross_cpu(const struct api *api, const struct run *run, uint64_t duration_ns);

#endif
