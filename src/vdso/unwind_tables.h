/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The unwind tables of a vDSO image: does its .eh_frame_hdr (the
 * PT_GNU_EH_FRAME segment) lead an unwinder to a frame description (FDE)
 * for an address?  An unwinder (libgcc's unwind-dw2-fde-dip.c, glibc's
 * backtrace() through it, gdb, perf) looks an address up by binary search
 * in the header's table of (initial location, FDE address) pairs, then
 * reads the FDE's address range from .eh_frame.  Formats: the Linux
 * Standard Base Core Specification, "Exception Frames" (.eh_frame,
 * .eh_frame_hdr, the DW_EH_PE_* pointer encodings) and DWARF 4 section
 * 6.4.1 (CIE and FDE).
 */
#ifndef VDSOTEST_UNWIND_TABLES_H
#define VDSOTEST_UNWIND_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "vdso/vdso.h"

/* Room for a vdso_unwind_covers() reason. */
#define VDSO_UNWIND_WHY_LEN 160

/* What vdso_unwind_covers() found. */
enum vdso_unwind_cover {
	VDSO_UNWIND_COVERED,   /* an FDE found through the table covers the address */
	VDSO_UNWIND_UNCOVERED, /* the table leads to no FDE covering it (why says) */
	VDSO_UNWIND_NO_TABLE,  /* no PT_GNU_EH_FRAME, an empty one, or no search table in it */
	VDSO_UNWIND_BAD,       /* the header or an FDE is malformed (why says) */
};

/*
 * vdso_unwind_covers - does the search table of @img's .eh_frame_hdr lead
 * to an FDE whose range [pc_begin, pc_begin + pc_range) holds the virtual
 * address @vaddr (an st_value of the image)?  The table must be sorted by
 * initial location (the unwinder searches it by halves); the entry taken is
 * the last one at or below @vaddr, as libgcc takes it.  Every byte read is
 * checked to lie inside the image.
 * @why: on UNCOVERED and BAD, a line of at most @len bytes, e.g. "no FDE
 *       at or below 0x5c0 in the table (12 entries from 0x600)"; "" else
 *
 * Return: an enum vdso_unwind_cover.
 */
enum vdso_unwind_cover vdso_unwind_covers(const struct vdso_image *img, uint64_t vaddr, char *why,
					  size_t len);

/*
 * vdso_unwind_bare - does the search table of @img's .eh_frame_hdr lead to
 * no FDE for any byte of [@vaddr, @vaddr + @size) (a function: st_value
 * and st_size; @size 0 is taken as 1), while it lists FDEs for other code?
 * That is the shape of a vDSO whose C functions were built without unwind
 * tables and whose assembly functions carry .cfi directives (riscv's,
 * core/known_bugs.h): an unwinder finds nothing at all for the function,
 * as opposed to an FDE that is wrong or covers part of it.
 * @why: a line of at most @len bytes: what was found, e.g. "no FDE for
 *       any of its 628 bytes from 0x5ba; .eh_frame_hdr lists 4 FDEs for
 *       other code", "the FDE at 0x5c0 covers 0x5c0..0x5c8 of it", what is
 *       malformed (BAD); "" or "an empty search table" (NO_TABLE)
 *
 * Return: VDSO_UNWIND_UNCOVERED (no FDE reaches into the range, and the
 * table is not empty), VDSO_UNWIND_COVERED (an FDE covers part or all of
 * it), VDSO_UNWIND_NO_TABLE (no table, or an empty one), VDSO_UNWIND_BAD.
 */
enum vdso_unwind_cover vdso_unwind_bare(const struct vdso_image *img, uint64_t vaddr, uint64_t size,
					char *why, size_t len);

#endif
