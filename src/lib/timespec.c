// SPDX-License-Identifier: GPL-2.0-or-later
/* Integer nanosecond arithmetic on readings; see timespec.h. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "lib/timespec.h"

bool ts64_normalized(struct ts64 t)
{
	return t.nsec >= 0 && t.nsec < NSEC_PER_SEC;
}

/* a + b, saturating. */
static int64_t add_sat(int64_t a, int64_t b)
{
	int64_t r;

	if (__builtin_add_overflow(a, b, &r))
		return b > 0 ? INT64_MAX : INT64_MIN;
	return r;
}

int64_t ts64_to_ns(struct ts64 t)
{
	int64_t r;

	if (__builtin_mul_overflow(t.sec, NSEC_PER_SEC, &r))
		return t.sec > 0 ? INT64_MAX : INT64_MIN;
	return add_sat(r, t.nsec);
}

/* Split into whole seconds and 0 <= nsec < 1e9, exactly (no overflow). */
static struct ts64 normalize(struct ts64 t)
{
	int64_t carry = t.nsec / NSEC_PER_SEC;
	int64_t rem = t.nsec % NSEC_PER_SEC;

	if (rem < 0) {
		rem += NSEC_PER_SEC;
		carry--;
	}
	/* sec + carry can overflow only for absurd inputs; saturate them. */
	return (struct ts64){ add_sat(t.sec, carry), rem };
}

int ts64_cmp(struct ts64 a, struct ts64 b)
{
	a = normalize(a);
	b = normalize(b);
	if (a.sec != b.sec)
		return a.sec < b.sec ? -1 : 1;
	return (a.nsec > b.nsec) - (a.nsec < b.nsec);
}

int64_t ts64_sub_ns(struct ts64 a, struct ts64 b)
{
	int64_t dsec, r;

	a = normalize(a);
	b = normalize(b);
	if (__builtin_sub_overflow(a.sec, b.sec, &dsec) ||
	    __builtin_mul_overflow(dsec, NSEC_PER_SEC, &r))
		return ts64_cmp(a, b) > 0 ? INT64_MAX : INT64_MIN;
	return add_sat(r, a.nsec - b.nsec);
}

char *ts64_format(struct ts64 t, char *buf, size_t len)
{
	if (ts64_normalized(t) && t.sec < 0 && t.nsec > 0)
		/* {-1, 999143803} is -0.000856197 s: print the value, not the fields */
		snprintf(buf, len, "-%" PRId64 ".%09" PRId64, -(t.sec + 1), NSEC_PER_SEC - t.nsec);
	else if (ts64_normalized(t))
		snprintf(buf, len, "%" PRId64 ".%09" PRId64, t.sec, t.nsec);
	else
		snprintf(buf, len, "%" PRId64 ".%" PRId64 " (tv_nsec out of range)", t.sec, t.nsec);
	return buf;
}

struct ts64 ts64_unwrap32(struct ts64 t)
{
	if (t.sec < 0)
		t.sec += INT64_C(1) << 32;
	return t;
}

bool ts64_leap_step_only(int64_t realtime_move_ns, long tai_change_s)
{
	int64_t elapsed = realtime_move_ns + (int64_t)tai_change_s * NSEC_PER_SEC;

	return elapsed > -LEAP_STEP_SLACK_NS && elapsed < LEAP_STEP_SLACK_NS;
}
