// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the layout of vDSO getrandom() states (src/families/getrandom.c):
 * no state crosses a page boundary, states do not overlap, and impossible
 * sizes are refused; the request lengths verify asks for lie on each side
 * of the kernel's boundaries; a run of zero bytes is found where it is.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

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

/* Is @len among the lengths @l[0 .. @n - 1] that start at a page boundary? */
static bool has_len(const struct grnd_length *l, size_t n, size_t len)
{
	for (size_t k = 0; k < n; k++)
		if (l[k].len == len && l[k].offset == 0)
			return true;
	return false;
}

/* The lengths for @page-byte pages: the boundaries +- 1, one across a page, the mapping. */
static void check_lengths(size_t page)
{
	/* kselftest; CHACHA_BLOCK_SIZE; the batch (1.5 blocks); batch and key (2 blocks); a page */
	const size_t want[] = { 1263, 63, 64, 65, 95, 96, 97, 127, 128, 129,
				page - 1, page, page + 1 };
	struct grnd_length l[GRND_NR_LENGTHS];
	size_t nr_short = 0, across = 0, fits = 0, missing = 0, longest = 0;
	size_t map = grnd_lengths(page, l, &nr_short);

	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
		missing += !has_len(l, nr_short, want[k]);
	for (size_t k = 0; k < GRND_NR_LENGTHS; k++) {
		size_t first = l[k].offset, last = l[k].offset + l[k].len - 1;
		across += l[k].offset % page != 0 && first / page != last / page;
		fits += last + 1 + GRND_GUARD_BYTES <= map;
		longest = l[k].len > longest ? l[k].len : longest;
	}
	ok(missing == 0, "%zu-byte pages: each boundary +- 1 among the short lengths (%zu missing)",
	   page, missing);
	ok(across == 1 && fits == GRND_NR_LENGTHS && map % page == 0,
	   "... one unaligned across a page boundary (%zu); all with their guard in the %zu-byte mapping",
	   across, map);
	ok(nr_short == GRND_NR_LENGTHS - 2 && has_len(l + nr_short, 2, 65536) &&
		   longest == GRND_LONGEST && longest % 64 != 0,
	   "... then 64 KiB and %zu bytes (not a multiple of a ChaCha20 block)", longest);
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

	check_lengths(4096);
	check_lengths(16384);
	check_lengths(65536);

	unsigned char b[64];
	size_t start = 0, end = 0;
	memset(b, 0xff, sizeof(b));
	ok(!grnd_zero_run(b, sizeof(b), 8, &start, &end), "no zero byte: no run");
	memset(b + 10, 0, 7);
	ok(!grnd_zero_run(b, sizeof(b), 8, &start, &end), "7 zero bytes: no run of 8");
	memset(b + 40, 0, 24);
	bool found = grnd_zero_run(b, sizeof(b), 8, &start, &end);
	ok(found && start == 40 && end == 64,
	   "24 zero bytes at the end: the run 40..63 (got %zu..%zu)", start, end - 1);
	memset(b + 17, 0, 9);
	found = grnd_zero_run(b, sizeof(b), 8, &start, &end);
	ok(found && start == 10 && end == 26,
	   "a run of 16 before it: the first, 10..25 (got %zu..%zu)", start, end - 1);
	ok(grnd_zero_run(b, 1, 1, &start, &end) == false && grnd_zero_run(b + 40, 1, 1, &start, &end) &&
		   start == 0 && end == 1,
	   "one byte: a run of 1 when it is zero");
	return tap_done();
}
