/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The vDSO getrandom() opaque states: how big they are, how to map them,
 * where each one lies.  The vDSO function (kernel: lib/vdso/getrandom.c,
 * Linux 6.11 and later) is
 *   ssize_t getrandom(void *buffer, size_t len, unsigned int flags,
 *                     void *opaque_state, size_t opaque_len);
 * called with (NULL, 0, 0, &params, ~0UL) it fills the parameters below and
 * returns 0.  Each thread needs its own state, mapped with the protection
 * and flags the parameters give, and no state may cross a page boundary.
 */
#ifndef VDSOTEST_GETRANDOM_H
#define VDSOTEST_GETRANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

#ifdef HAVE_STRUCT_VGETRANDOM_OPAQUE_PARAMS_SIZE_OF_OPAQUE_STATE
#include <linux/random.h>
#else
/* Headers older than Linux 6.11: include/uapi/linux/random.h of 6.11. */
struct vgetrandom_opaque_params {
	uint32_t size_of_opaque_state;
	uint32_t mmap_prot;
	uint32_t mmap_flags;
	uint32_t reserved[13];
};
#endif

/* Flags from include/uapi/linux/random.h, for libcs without them. */
#ifndef GRND_NONBLOCK
#define GRND_NONBLOCK 0x0001
#endif
#ifndef GRND_RANDOM
#define GRND_RANDOM 0x0002
#endif
#ifndef GRND_INSECURE
#define GRND_INSECURE 0x0004
#endif
/* The lowest flag bit no kernel knows (GRND_INSECURE is the last, 5.6). */
#define GRND_UNKNOWN 0x0008

/* The opaque length that asks for the parameters (lib/vdso/getrandom.c). */
#define VGETRANDOM_QUERY_LEN (~(size_t)0)

/* Where @count states of @state_size bytes lie in whole pages. */
struct grnd_layout {
	size_t per_page; /* states in one page (>= 1) */
	size_t map_len;	 /* bytes to map: a multiple of the page size */
};

/*
 * grnd_layout - lay out @count (>= 1) states of @state_size bytes
 * (1 .. @page_size) in pages of @page_size bytes (a power of two) so that
 * none crosses a page boundary.
 * Return: 0, or -1 (errno = EINVAL) when @state_size is 0 or larger than a
 * page, or @count is 0, or the mapping would exceed SIZE_MAX.
 */
int grnd_layout(size_t count, size_t state_size, size_t page_size, struct grnd_layout *l);

/* grnd_state_offset - byte offset of state @i (0 .. count - 1) in the mapping. */
size_t grnd_state_offset(const struct grnd_layout *l, size_t i, size_t state_size,
			 size_t page_size);

/*
 * The request lengths verify asks for besides its 32-byte reads: each
 * boundary of the kernel's implementation, and the length kselftest asks
 * for.  Facts: lib/vdso/getrandom.c and include/vdso/getrandom.h (Linux
 * 6.11 to 6.18) make output in ChaCha20 blocks of CHACHA_BLOCK_SIZE (64)
 * bytes, straight into the buffer while a whole block fits, the rest from
 * the state's batch of CHACHA_BLOCK_SIZE * 3 / 2 (96) bytes, refilled
 * together with the 32-byte key (two blocks, 128 bytes); they cap a
 * request at MAX_RW_COUNT (INT_MAX & PAGE_MASK) as the system call does,
 * and fall back to it for no length.  getrandom(2): a read may come back
 * short only when a signal interrupts it (over 256 bytes), and a call
 * returns at most 33554431 bytes on old kernels.
 * tools/testing/selftests/vDSO/vdso_test_getrandom.c reads 1263 bytes.
 */
struct grnd_length {
	size_t len;    /* bytes asked for: 63 .. GRND_LONGEST */
	size_t offset; /* where the buffer starts in a page-aligned mapping */
};

/* The lengths grnd_lengths() gives; the longest one and the guard after it. */
#define GRND_NR_LENGTHS 16
#define GRND_LONGEST (((size_t)1 << 20) - 1)
#define GRND_GUARD_BYTES 64

/*
 * grnd_lengths - fill @l with the GRND_NR_LENGTHS requests for pages of
 * @page_size bytes (a power of two, 4096 .. 1 MiB): the short ones first,
 * then the long ones (64 KiB and 1 MiB - 1, from *@nr_short on), which
 * verify asks for once.  One request (1263 bytes) starts 33 bytes before
 * a page boundary so that it spans two pages and is not aligned; the
 * others start at a page boundary.
 * Return: the bytes a mapping must have for every request and
 * GRND_GUARD_BYTES after it (a multiple of @page_size).
 */
size_t grnd_lengths(size_t page_size, struct grnd_length l[GRND_NR_LENGTHS], size_t *nr_short);

/*
 * grnd_zero_run - the first run of @min_run (>= 1) or more zero bytes in
 * @p[0 .. @len - 1]: its first byte in *@start and the byte after it in
 * *@end.  Random bytes hold such a run with odds about @len / 256^@min_run.
 * Return: whether there is one.
 */
bool grnd_zero_run(const unsigned char *p, size_t len, size_t min_run, size_t *start, size_t *end);

#endif
