// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the nanosecond arithmetic of src/timespec.c, including
 * values that overflow 32-bit arithmetic (seconds past 2038, differences
 * above 2^32 ns) and values that overflow 64-bit nanoseconds.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "timespec.h"

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
	ok(strlen(ts64_format(T(INT64_MIN, INT64_MIN), buf, sizeof(buf))) < TS64_STRLEN - 1,
	   "the widest value fits TS64_STRLEN");
}

int main(void)
{
	test_normalized();
	test_to_ns();
	test_cmp();
	test_sub();
	test_format();
	return tap_done();
}
