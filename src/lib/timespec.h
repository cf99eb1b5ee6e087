/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Time arithmetic in integer nanoseconds.  A reading is copied out of
 * whatever structure the call filled (old 32-bit timespec, 64-bit timespec,
 * timeval) into struct ts64, whose 64-bit fields hold every value any of
 * them can hold, so that no comparison overflows in 32-bit arithmetic.
 */
#ifndef VDSOTEST_TIMESPEC_H
#define VDSOTEST_TIMESPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NSEC_PER_SEC INT64_C(1000000000)
#define NSEC_PER_USEC INT64_C(1000)
#define USEC_PER_SEC INT64_C(1000000)

/* A reading: seconds and a sub-second part that may be out of range. */
struct ts64 {
	int64_t sec;
	int64_t nsec;
};

/*
 * ts64_normalized - is 0 <= @t.nsec < 1e9?  (POSIX <time.h>: tv_nsec in
 * [0, 999999999]; clock_gettime(2).)
 */
bool ts64_normalized(struct ts64 t);

/*
 * ts64_to_ns - @t as nanoseconds since its clock's epoch, saturating at
 * INT64_MIN / INT64_MAX (about +-292 years) instead of overflowing.
 * @t need not be normalized.
 */
int64_t ts64_to_ns(struct ts64 t);

/*
 * ts64_cmp - -1, 0 or 1 as @a is before, equal to or after @b; exact for
 * every value, normalized or not (no saturation).
 */
int ts64_cmp(struct ts64 a, struct ts64 b);

/*
 * ts64_sub_ns - @a - @b in nanoseconds, saturating at INT64_MIN/INT64_MAX.
 */
int64_t ts64_sub_ns(struct ts64 a, struct ts64 b);

/*
 * ts64_unwrap32 - @t as it was before a 32-bit tv_sec wrapped: a negative
 * second count, which a 32-bit time_t gives from 2038-01-19T03:14:08Z on
 * (2^31 s after the epoch; the kernel copies the 64-bit seconds into the
 * 32-bit field, put_old_timespec32() in kernel/time/time.c), plus 2^32.
 * Seconds from 0 up are returned as they are.
 */
struct ts64 ts64_unwrap32(struct ts64 t);

/*
 * ts64_format - "SEC.NNNNNNNNN" into @buf (TS64_STRLEN bytes hold any value):
 * the value in decimal, so {-1, 999143803} prints as "-0.000856197"; an
 * out-of-range nsec is printed as it is, e.g. "5.1000000000".
 * Return: @buf.
 */
char *ts64_format(struct ts64 t, char *buf, size_t len);

/* Size of a buffer that holds any ts64_format() result. */
#define TS64_STRLEN 80

/*
 * LEAP_STEP_SLACK_NS - how far CLOCK_REALTIME's move across two readings
 * may differ from a leap second's step and still be taken for that step
 * alone (ts64_leap_step_only()): the time that passed between the readings,
 * which under emulation may be a descheduled process's hundreds of ms.
 */
#define LEAP_STEP_SLACK_NS (NSEC_PER_SEC / 2)

/*
 * ts64_leap_step_only - could a CLOCK_REALTIME move of @realtime_move_ns
 * (a later reading minus an earlier one) across which the TAI offset
 * changed by @tai_change_s (+1 or -1) be a leap second's step alone?  A
 * leap second steps CLOCK_REALTIME by -@tai_change_s seconds as the offset
 * moves by @tai_change_s, so that CLOCK_TAI goes on evenly (adjtimex(2);
 * kernel/time/ntp.c second_overflow(), kernel/time/timekeeping.c); the time
 * between the readings comes on top, up to LEAP_STEP_SLACK_NS.  False: the
 * clock was also set another way.
 */
bool ts64_leap_step_only(int64_t realtime_move_ns, long tai_change_s);

#endif
