// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the layout of vDSO getrandom() states (src/families/getrandom.c):
 * no state crosses a page boundary, states do not overlap, and impossible
 * sizes are refused.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>

#include "families/getrandom.h"
#include "tap.h"

/* Lay out @count states of @size bytes in @page-byte pages and check them. */
static void check_layout(size_t count, size_t size, size_t page)
{
	struct grnd_layout l;
	bool good = true;

	if (!ok(grnd_layout(count, size, page, &l) == 0, "%zu states of %zu bytes in %zu-byte pages",
		count, size, page))
		return;
	for (size_t i = 0; i < count; i++) {
		size_t off = grnd_state_offset(&l, i, size, page);
		size_t next = i + 1 < count ? grnd_state_offset(&l, i + 1, size, page) : SIZE_MAX;
		good &= off / page == (off + size - 1) / page;	/* within one page */
		good &= off + size <= l.map_len;		/* within the mapping */
		good &= next == SIZE_MAX || next >= off + size;	/* no overlap */
	}
	ok(good && l.map_len % page == 0, "... none crosses a page or overlaps (map %zu bytes)",
	   l.map_len);
}

int main(void)
{
	struct grnd_layout l;

	check_layout(1, 144, 4096);
	check_layout(2, 64, 4096);
	check_layout(100, 144, 4096);	/* 28 per page: 4 pages */
	check_layout(3, 4096, 4096);	/* one per page */
	check_layout(5, 2049, 4096);	/* one per page, a tail unused */
	check_layout(1000, 192, 65536);
	ok(grnd_layout(100, 144, 4096, &l) == 0 && l.per_page == 28 && l.map_len == 4 * 4096,
	   "100 states of 144 bytes: 28 per 4 KiB page, 4 pages");
	errno = 0;
	ok(grnd_layout(1, 4097, 4096, &l) == -1 && errno == EINVAL, "a state larger than a page: EINVAL");
	ok(grnd_layout(1, 0, 4096, &l) == -1 && errno == EINVAL, "a state of 0 bytes: EINVAL");
	ok(grnd_layout(0, 64, 4096, &l) == -1 && errno == EINVAL, "0 states: EINVAL");
	ok(grnd_layout(SIZE_MAX, 4096, 4096, &l) == -1 && errno == EINVAL,
	   "a mapping beyond SIZE_MAX: EINVAL");
	return tap_done();
}
