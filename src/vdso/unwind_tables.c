// SPDX-License-Identifier: GPL-2.0-or-later
/* The unwind tables of a vDSO image (unwind_tables.h). */
#include "config.h"

#include <elf.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "vdso/unwind_tables.h"

/* The DW_EH_PE_* pointer encodings (LSB Core, "DWARF Exception Header Encoding"). */
#define PE_OMIT 0xff
#define PE_FORMAT 0x0f
#define PE_APPLY 0x70
#define PE_INDIRECT 0x80
#define PE_ABSPTR 0x00
#define PE_ULEB128 0x01
#define PE_UDATA2 0x02
#define PE_UDATA4 0x03
#define PE_UDATA8 0x04
#define PE_SLEB128 0x09
#define PE_SDATA2 0x0a
#define PE_SDATA4 0x0b
#define PE_SDATA8 0x0c
#define PE_PCREL 0x10
#define PE_DATAREL 0x30

/*
 * A reader of the segment holding .eh_frame_hdr and .eh_frame: a virtual
 * address @va is the image's byte va - vaddr + offset.
 */
struct reader {
	const struct vdso_image *img;
	uint64_t vaddr, offset; /* of the PT_GNU_EH_FRAME segment */
	uint64_t hdr;		/* its virtual address: the base of datarel */
	bool le;
	bool bad; /* a read left the image */
};

static bool get(struct reader *r, uint64_t va, void *out, size_t n)
{
	uint64_t off = va - r->vaddr + r->offset;

	if (r->bad || va < r->vaddr || off > r->img->size || n > r->img->size - off) {
		r->bad = true;
		memset(out, 0, n);
		return false;
	}
	memcpy(out, r->img->base + off, n);
	return true;
}

/* An unsigned @n-byte (1, 2, 4, 8) value at @va, of the image's byte order. */
static uint64_t get_u(struct reader *r, uint64_t va, size_t n)
{
	unsigned char b[8];
	uint64_t v = 0;

	get(r, va, b, n);
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)b[r->le ? i : n - 1 - i] << (8 * i);
	return v;
}

/* A LEB128 at *@va (moved past it); @sign: SLEB128. */
static uint64_t get_leb(struct reader *r, uint64_t *va, bool sign)
{
	uint64_t v = 0;
	unsigned shift = 0;
	unsigned char b;

	do {
		if (!get(r, (*va)++, &b, 1) || shift > 63) {
			r->bad = true;
			return 0;
		}
		v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (sign && shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return v;
}

/* Bytes of a fixed-size pointer format; 0 for LEB128 or unknown. */
static size_t format_bytes(unsigned enc, size_t ptr_bytes)
{
	switch (enc & PE_FORMAT) {
	case PE_ABSPTR:
		return ptr_bytes;
	case PE_UDATA2:
	case PE_SDATA2:
		return 2;
	case PE_UDATA4:
	case PE_SDATA4:
		return 4;
	case PE_UDATA8:
	case PE_SDATA8:
		return 8;
	default:
		return 0;
	}
}

/*
 * A pointer encoded as @enc at *@va (moved past it); @apply: add what the
 * encoding's application says (pcrel: its own address, datarel: the
 * header's).  Unknown encodings and indirect pointers make the reader bad.
 */
static uint64_t get_ptr(struct reader *r, uint64_t *va, unsigned enc, bool apply)
{
	size_t ptr = r->img->base[EI_CLASS] == ELFCLASS32 ? 4 : 8;
	uint64_t at = *va, v;
	size_t n = format_bytes(enc, ptr);

	if (enc & PE_INDIRECT) {
		r->bad = true;
		return 0;
	}
	if ((enc & PE_FORMAT) == PE_ULEB128 || (enc & PE_FORMAT) == PE_SLEB128) {
		v = get_leb(r, va, (enc & PE_FORMAT) == PE_SLEB128);
	} else if (n) {
		v = get_u(r, at, n);
		*va += n;
		if ((enc & 0x08) && n < 8 && (v >> (8 * n - 1)) & 1) /* the sdata formats */
			v |= ~(uint64_t)0 << (8 * n);
	} else {
		r->bad = true;
		return 0;
	}
	if (!apply)
		return v;
	switch (enc & PE_APPLY) {
	case 0:
		return v;
	case PE_PCREL:
		return v + at;
	case PE_DATAREL:
		return v + r->hdr;
	default:
		r->bad = true;
		return 0;
	}
}

/* The FDE pointer encoding its CIE's 'R' augmentation gives (absptr without one). */
static unsigned cie_fde_encoding(struct reader *r, uint64_t cie)
{
	bool big = get_u(r, cie, 4) == 0xffffffffu;	    /* the 64-bit DWARF format */
	uint64_t va = cie + (big ? 12 : 4) + (big ? 8 : 4); /* past length and CIE id */
	unsigned char version = (unsigned char)get_u(r, va++, 1);
	char aug[8];
	size_t n = 0;
	unsigned char c;

	do {
		get(r, va++, &c, 1);
		if (n < sizeof(aug))
			aug[n++] = (char)c;
	} while (c && !r->bad);
	if (n == sizeof(aug) && c) {
		r->bad = true;
		return PE_ABSPTR;
	}
	if (aug[0] != 'z') /* (no augmentation data: absolute pointers) */
		return PE_ABSPTR;
	get_leb(r, &va, false); /* code alignment */
	get_leb(r, &va, true);	/* data alignment */
	if (version == 1)
		va++;
	else
		get_leb(r, &va, false); /* return address register */
	get_leb(r, &va, false);		/* augmentation data length */
	for (size_t i = 1; aug[i] && !r->bad; i++) {
		unsigned enc = (unsigned)get_u(r, va++, 1);
		switch (aug[i]) {
		case 'R':
			return enc;
		case 'L':
			break;
		case 'P':
			get_ptr(r, &va, enc, false);
			break;
		default: /* 'S', 'B' take no data */
			va--;
			break;
		}
	}
	return PE_ABSPTR;
}

/* What find_fde() found: the table's size and the FDE of the last entry at or below an address. */
struct fde_at {
	uint64_t count;	       /* entries in the search table */
	bool found;	       /* an entry at or below the address */
	uint64_t loc, fde;     /* its initial location and FDE address */
	uint64_t begin, range; /* the FDE's pc_begin and pc_range (found) */
};

/*
 * The search table of @img's .eh_frame_hdr, and in @f its entry for
 * @vaddr: NO_TABLE, BAD (@why says), or COVERED when the table was read
 * (f->found says whether an entry lies at or below @vaddr).
 */
static enum vdso_unwind_cover find_fde(const struct vdso_image *img, uint64_t vaddr,
				       struct fde_at *f, char *why, size_t len)
{
	const ElfW(Ehdr) *eh = (const void *)img->base;
	const ElfW(Phdr) *ph = NULL;
	struct reader r = { .img = img, .le = img->base[EI_DATA] == ELFDATA2LSB };
	size_t ptr = img->base[EI_CLASS] == ELFCLASS32 ? 4 : 8;

	*why = '\0';
	memset(f, 0, sizeof(*f));
	if (eh->e_phoff > img->size ||
	    (uint64_t)eh->e_phnum * sizeof(ElfW(Phdr)) > img->size - eh->e_phoff)
		return VDSO_UNWIND_NO_TABLE;
	for (size_t i = 0; i < eh->e_phnum; i++) {
		const ElfW(Phdr) *p = (const void *)(img->base + eh->e_phoff + i * sizeof(*p));
		if (p->p_type == PT_GNU_EH_FRAME)
			ph = p;
	}
	/* (an empty segment: s390x's 6.1 vDSO has one at address 0) */
	if (!ph || ph->p_filesz < 4)
		return VDSO_UNWIND_NO_TABLE;
	r.vaddr = r.hdr = ph->p_vaddr;
	r.offset = ph->p_offset;

	unsigned char h[4];
	uint64_t va = r.hdr + 4;
	if (!get(&r, r.hdr, h, 4) || h[0] != 1) {
		snprintf(why, len, ".eh_frame_hdr at 0x%" PRIx64 ": version %u, not 1", r.hdr,
			 h[0]);
		return VDSO_UNWIND_BAD;
	}
	if (h[1] != PE_OMIT)
		get_ptr(&r, &va, h[1], true); /* eh_frame_ptr */
	if (h[2] == PE_OMIT || h[3] == PE_OMIT)
		return VDSO_UNWIND_NO_TABLE;
	uint64_t count = get_ptr(&r, &va, h[2], false);
	size_t entry = format_bytes(h[3], ptr);
	if (r.bad || !entry || count > img->size / (2 * entry)) {
		snprintf(why, len,
			 ".eh_frame_hdr at 0x%" PRIx64 ": unreadable table (encoding 0x%02x)",
			 r.hdr, h[3]);
		return VDSO_UNWIND_BAD;
	}
	f->count = count;

	uint64_t prev = 0;
	for (uint64_t i = 0; i < count; i++) {
		uint64_t loc = get_ptr(&r, &va, h[3], true);
		uint64_t fde = get_ptr(&r, &va, h[3], true);
		if (r.bad) {
			snprintf(why, len, ".eh_frame_hdr: entry %" PRIu64 " outside the image", i);
			return VDSO_UNWIND_BAD;
		}
		if (i && loc < prev) {
			snprintf(why, len,
				 ".eh_frame_hdr: table not sorted: entry %" PRIu64 " at 0x%" PRIx64
				 " after 0x%" PRIx64,
				 i, loc, prev);
			return VDSO_UNWIND_BAD;
		}
		prev = loc;
		if (loc <= vaddr) {
			f->loc = loc;
			f->fde = fde;
			f->found = true;
		}
	}
	if (!f->found)
		return VDSO_UNWIND_COVERED;

	/* the FDE: length, CIE pointer (back from its own place), pc_begin, pc_range */
	bool big = get_u(&r, f->fde, 4) == 0xffffffffu;
	uint64_t fva = f->fde + (big ? 12 : 4);
	uint64_t cie_off = get_u(&r, fva, big ? 8 : 4);
	uint64_t cie = fva - cie_off;
	fva += big ? 8 : 4;
	unsigned enc = cie_fde_encoding(&r, cie);
	f->begin = get_ptr(&r, &fva, enc, true);
	f->range = get_ptr(&r, &fva, enc & PE_FORMAT, false);
	if (r.bad || !cie_off) {
		snprintf(why, len, "the FDE at 0x%" PRIx64 " (for 0x%" PRIx64 ") is unreadable",
			 f->fde, f->loc);
		return VDSO_UNWIND_BAD;
	}
	return VDSO_UNWIND_COVERED;
}

enum vdso_unwind_cover vdso_unwind_covers(const struct vdso_image *img, uint64_t vaddr, char *why,
					  size_t len)
{
	struct fde_at f;
	enum vdso_unwind_cover c = find_fde(img, vaddr, &f, why, len);

	if (c != VDSO_UNWIND_COVERED)
		return c;
	if (!f.found) {
		snprintf(why, len,
			 "no FDE at or below 0x%" PRIx64 " in .eh_frame_hdr (%" PRIu64 " entries)",
			 vaddr, f.count);
		return VDSO_UNWIND_UNCOVERED;
	}
	if (f.begin <= vaddr && vaddr - f.begin < f.range)
		return VDSO_UNWIND_COVERED;
	snprintf(why, len,
		 "the nearest FDE below, at 0x%" PRIx64 ", covers 0x%" PRIx64 "..0x%" PRIx64
		 " only",
		 f.loc, f.begin, f.begin + f.range);
	return VDSO_UNWIND_UNCOVERED;
}

enum vdso_unwind_cover vdso_unwind_bare(const struct vdso_image *img, uint64_t vaddr, uint64_t size,
					char *why, size_t len)
{
	struct fde_at f;
	uint64_t last = vaddr + (size ? size - 1 : 0);
	enum vdso_unwind_cover c = find_fde(img, last, &f, why, len);

	if (c != VDSO_UNWIND_COVERED)
		return c;
	if (!f.count) {
		snprintf(why, len, ".eh_frame_hdr: an empty search table");
		return VDSO_UNWIND_NO_TABLE;
	}
	/* (the entries are sorted: the last at or below the end is the only one that can reach in) */
	if (!f.found || f.begin + f.range <= vaddr || f.begin > last) {
		snprintf(why, len,
			 "no FDE for any of its %" PRIu64 " bytes from 0x%" PRIx64
			 "; .eh_frame_hdr lists %" PRIu64 " FDE%s for other code",
			 size ? size : 1, vaddr, f.count, f.count == 1 ? "" : "s");
		return VDSO_UNWIND_UNCOVERED;
	}
	snprintf(why, len, "the FDE at 0x%" PRIx64 " covers 0x%" PRIx64 "..0x%" PRIx64 " of it",
		 f.loc, f.begin, f.begin + f.range);
	return VDSO_UNWIND_COVERED;
}
