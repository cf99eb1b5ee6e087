// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the nanosecond arithmetic of src/lib/timespec.c, including
 * values that overflow 32-bit arithmetic (seconds past 2038, differences
 * above 2^32 ns) and values that overflow 64-bit nanoseconds.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "lib/timespec.h"
#include "harness/verify.h"

static struct ts64 T(int64_t sec, int64_t nsec)
{
	return (struct ts64){ sec, nsec };
}

static void test_normalized(void)
{
	ok(ts64_normalized(T(0, 0)), "0.0 is normalized");
	ok(ts64_normalized(T(5, 999999999)), "nsec 999999999 is normalized");
	ok(!ts64_normalized(T(5, 1000000000)), "nsec 1e9 is not normalized");
	ok(!ts64_normalized(T(5, -1)), "nsec -1 is not normalized");
	ok(ts64_normalized(T(-3, 0)), "a negative second with nsec 0 is normalized");
}

static void test_to_ns(void)
{
	ok(ts64_to_ns(T(1, 1)) == 1000000001, "1.000000001 s = 1000000001 ns");
	/* 2^31 s is 2038-01-19T03:14:08Z; its ns do not fit 32 or 53 bits. */
	ok(ts64_to_ns(T(INT64_C(2147483648), 5)) == INT64_C(2147483648000000005),
	   "2^31 s + 5 ns, past 2038");
	ok(ts64_to_ns(T(INT64_C(4294967296), 0)) == INT64_C(4294967296000000000),
	   "2^32 s");
	ok(ts64_to_ns(T(INT64_C(9223372036), 854775807)) == INT64_MAX,
	   "the largest representable value");
	ok(ts64_to_ns(T(INT64_C(9223372037), 0)) == INT64_MAX, "saturates above");
	ok(ts64_to_ns(T(INT64_MAX, 0)) == INT64_MAX, "INT64_MAX seconds saturates");
	ok(ts64_to_ns(T(INT64_MIN, 0)) == INT64_MIN, "INT64_MIN seconds saturates");
	ok(ts64_to_ns(T(INT64_C(9223372036), INT64_MAX)) == INT64_MAX,
	   "huge nsec saturates instead of wrapping");
	ok(ts64_to_ns(T(-1, 500000000)) == -500000000, "-1 s + 0.5 s = -0.5 s");
}

static void test_cmp(void)
{
	ok(ts64_cmp(T(1, 0), T(1, 0)) == 0, "equal");
	ok(ts64_cmp(T(1, 0), T(1, 1)) < 0, "1 ns earlier");
	ok(ts64_cmp(T(2, 0), T(1, 999999999)) > 0, "1 ns later across a second");
	ok(ts64_cmp(T(1, 1000000000), T(2, 0)) == 0,
	   "non-normalized 1.1000000000 equals 2.0");
	ok(ts64_cmp(T(2, -1), T(1, 999999999)) == 0, "2 s - 1 ns equals 1.999999999");
	ok(ts64_cmp(T(INT64_C(4294967296), 0), T(INT64_C(4294967295), 999999999)) > 0,
	   "ordering at 2^32 s (32-bit tv_sec wraps here)");
	ok(ts64_cmp(T(INT64_C(2147483648), 0), T(INT64_C(2147483647), 0)) > 0,
	   "ordering across 2038");
	ok(ts64_cmp(T(INT64_MAX, 0), T(INT64_MAX - 1, 0)) > 0,
	   "exact at INT64_MAX seconds (no saturation)");
}

static void test_sub(void)
{
	ok(ts64_sub_ns(T(2, 0), T(1, 999999999)) == 1, "1 ns across a second");
	ok(ts64_sub_ns(T(1, 0), T(2, 0)) == -1000000000, "negative difference");
	ok(ts64_sub_ns(T(INT64_C(2147483653), 0), T(INT64_C(2147483648), 0)) ==
	   INT64_C(5000000000), "5 s (> 2^32 ns) past 2038");
	ok(ts64_sub_ns(T(INT64_MAX, 0), T(0, 0)) == INT64_MAX, "saturates above");
	ok(ts64_sub_ns(T(INT64_MIN, 0), T(INT64_MAX, 0)) == INT64_MIN, "saturates below");
	ok(ts64_sub_ns(T(1, 1000000000), T(2, 0)) == 0, "non-normalized operands");
}

static void test_format(void)
{
	char buf[TS64_STRLEN];

	ok(strcmp(ts64_format(T(12, 900), buf, sizeof(buf)), "12.000000900") == 0,
	   "12.000000900");
	ok(strcmp(ts64_format(T(INT64_C(4294967296), 1), buf, sizeof(buf)),
		  "4294967296.000000001") == 0, "2^32 s prints in full");
	ok(strcmp(ts64_format(T(5, 1000000000), buf, sizeof(buf)),
		  "5.1000000000 (tv_nsec out of range)") == 0,
	   "an out-of-range nsec is shown as it is");
	ok(strcmp(ts64_format(T(-1, 999143803), buf, sizeof(buf)), "-0.000856197") == 0,
	   "{-1, 999143803} is -0.000856197");
	ok(strcmp(ts64_format(T(-3, 1), buf, sizeof(buf)), "-2.999999999") == 0,
	   "{-3, 1} is -2.999999999");
	ok(strcmp(ts64_format(T(-2, 0), buf, sizeof(buf)), "-2.000000000") == 0,
	   "{-2, 0} is -2.000000000");
	ok(strcmp(ts64_format(T(INT64_MIN, 1), buf, sizeof(buf)),
		  "-9223372036854775807.999999999") == 0, "{INT64_MIN, 1} without overflow");
	ok(strlen(ts64_format(T(INT64_MIN, INT64_MIN), buf, sizeof(buf))) < TS64_STRLEN - 1,
	   "the widest value fits TS64_STRLEN");
}

/*
 * What the time64 calls of 32-bit targets write (struct __kernel_timespec,
 * 64-bit tv_sec) into the arithmetic: exact beyond 2038 even where long has
 * 32 bits, and the checks of clock-gettime64 (order, difference) there.
 */
static void test_time64(void)
{
	vdso_timespec64 k = { INT64_C(2147483648), 5 };	/* 2038-01-19T03:14:08Z + 5 ns */
	vdso_timespec64 before = { INT64_C(2147483647), 999999999 };
	vdso_timespec64 y2200 = { INT64_C(7258118400), 0 };	/* 2200-01-01T00:00:00Z */
	vdso_timespec64 y10000 = { INT64_C(253402300800), 0 };	/* 10000-01-01 */
	struct ts64 t = ts64_from_time64(&k), b = ts64_from_time64(&before);
	struct ts64 f = ts64_from_time64(&y2200), g = ts64_from_time64(&y10000);
	char buf[TS64_STRLEN];

	ok(sizeof(k.tv_sec) == 8, "__kernel_timespec has a 64-bit tv_sec");
	ok(t.sec == INT64_C(2147483648) && t.nsec == 5, "2^31 s + 5 ns copied exactly");
	ok(ts64_cmp(b, t) < 0 && ts64_sub_ns(t, b) == 6, "6 ns across the 2038 boundary, in order");
	ok(strcmp(ts64_format(t, buf, sizeof(buf)), "2147483648.000000005") == 0,
	   "formatted past 2038");
	ok(ts64_sub_ns(f, t) == INT64_C(5110634752) * NSEC_PER_SEC - 5,
	   "2200 minus 2038 in ns (> 2^62), exact");
	ok(ts64_to_ns(g) == INT64_MAX && ts64_cmp(f, g) < 0,
	   "year 10000: ns saturate (past 2262) but the order stays exact");
}

/* A 32-bit tv_sec past 2038 (put_old_timespec32() truncates), taken back. */
static void test_unwrap32(void)
{
	struct ts64 t = ts64_unwrap32((struct ts64){ INT32_MIN, 5 });

	ok(t.sec == INT64_C(2147483648) && t.nsec == 5, "unwrap32: -2^31 is 2038-01-19T03:14:08Z");
	t = ts64_unwrap32((struct ts64){ (int32_t)(uint32_t)(INT64_C(2147483648) + 3600), 0 });
	ok(t.sec == INT64_C(2147483648) + 3600, "unwrap32: an hour past the wrap");
	t = ts64_unwrap32((struct ts64){ -1, 999999999 });
	ok(t.sec == INT64_C(4294967295) && t.nsec == 999999999, "unwrap32: -1 is 2^32 - 1");
	t = ts64_unwrap32((struct ts64){ INT32_MAX, 999999999 });
	ok(t.sec == INT32_MAX && t.nsec == 999999999, "unwrap32: the last second before the wrap stays");
	t = ts64_unwrap32((struct ts64){ 0, 0 });
	ok(t.sec == 0 && t.nsec == 0, "unwrap32: the epoch stays");
	ok(ts64_cmp(ts64_unwrap32((struct ts64){ INT32_MAX, 999999999 }),
		    ts64_unwrap32((struct ts64){ INT32_MIN, 0 })) < 0,
	   "unwrap32: the wrap goes forward, 1 ns");
}

/* ts64_leap_step_only(): a leap second's step, and what is more than that */
static void test_leap_step_only(void)
{
	const int64_t ms = 1000000;

	ok(ts64_leap_step_only(-NSEC_PER_SEC + 3 * ms, 1),
	   "leap: inserted second (REALTIME back 1 s, 3 ms passed, offset +1) is the leap alone");
	ok(ts64_leap_step_only(NSEC_PER_SEC + 3 * ms, -1),
	   "leap: deleted second (REALTIME on 1 s, offset -1) is the leap alone");
	ok(ts64_leap_step_only(-NSEC_PER_SEC, 1), "leap: no time passed");
	ok(!ts64_leap_step_only(3 * ms, 1),
	   "leap: offset +1 while REALTIME went on evenly (an ADJ_TAI, not a leap) is not");
	ok(!ts64_leap_step_only(-NSEC_PER_SEC + 3 * ms, -1),
	   "leap: REALTIME back 1 s with offset -1 (the wrong way) is not");
	ok(!ts64_leap_step_only(-9 * NSEC_PER_SEC, 1),
	   "leap: REALTIME back 9 s with offset +1 (set as well) is not");
	ok(!ts64_leap_step_only(INT64_C(-86400) * NSEC_PER_SEC, -1),
	   "leap: REALTIME put back a day with offset -1 is not");
	ok(!ts64_leap_step_only(-NSEC_PER_SEC + LEAP_STEP_SLACK_NS, 1),
	   "leap: LEAP_STEP_SLACK_NS more than the step is not");
}

int main(void)
{
	test_leap_step_only();
	test_unwrap32();
	test_normalized();
	test_to_ns();
	test_cmp();
	test_sub();
	test_format();
	test_time64();
	return tap_done();
}
