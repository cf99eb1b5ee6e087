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

#endif
