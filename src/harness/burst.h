/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify's back-to-back phase: runs of readings of a clock with nothing
 * in between, on every allowed CPU in turn, each reading not behind the
 * one before it, and none early between two longer steps.  A reading a
 * few tens of ns behind now and then (an unordered counter read: x86 rdtsc
 * without a fence, arm64 CNTVCT without an ISB) cannot show between two
 * system calls hundreds of ns apart, but shows here once it is behind by
 * more than about half the step from one reading to the next.  The pattern of the kernel's
 * tools/testing/selftests/timers/inconsistency-check.c.
 */
#ifndef VDSOTEST_BURST_H
#define VDSOTEST_BURST_H

#include <stdint.h>

#include "core/api.h"

/* Readings per run: 64, the number inconsistency-check.c takes per loop. */
#define BURST_READINGS 64

/* verify_burst_applies - has @api's family a .read_burst (the clock_gettime families)? */
bool verify_burst_applies(const struct api *api);

/*
 * verify_burst - the back-to-back phase of @api for @duration_ns in all
 * (at least one run per CPU), split evenly over the CPUs
 * of the calling thread's affinity mask, the thread pinned to each in
 * turn (its mask put back after).  Each run of BURST_READINGS readings
 * (.read_burst) must return 0 and be non-decreasing; a step back is a
 * failure "API: back-to-back on CPU C: vDSO T after vDSO T: N ns
 * backwards (reading I of 64, KIND clock)", KIND hres, coarse or raw
 * (the check "back-to-back: not behind the reading before it").  For
 * hres and raw clocks, a reading early by about half a step or more
 * (burst.c short_gap(): a step g > 0 with 2 g + 2 under the steps on
 * either side and the run's median, in a run read from a counter finer
 * than 2 ns) is a failure "... vDSO T after vDSO T: N ns early between
 * steps of A and B ns (reading I of 64, KIND clock, step median M ns)"
 * (the check "back-to-back: no step under half of those around it").
 * Neither fails when CLOCK_REALTIME was set during the run
 * (verify_clock_was_set()).  The steps go to the session
 * (verify_sight_add(): median, smallest, and the error of one reading
 * seen at the median step: the median, or (median + 5) / 2 where the
 * short-gap rule applies).
 * Return: STATUS_PASS, STATUS_FAIL after a failure, STATUS_SKIP when the
 * family has no .read_burst.
 */
enum status verify_burst(const struct api *api, const struct run *run, uint64_t duration_ns);

#endif
