// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the vDSO ELF parser (src/vdso/vdso.c).
 *
 * Synthetic shared objects of this program's ELF class are built in memory,
 * laid out like a kernel vDSO (one PT_LOAD at offset 0, a PT_DYNAMIC, a
 * dynamic symbol table with DT_HASH and/or DT_GNU_HASH, optional symbol
 * versions), then parsed as they are, truncated, corrupted and fuzzed.
 * Every image handed to the parser is a heap copy of exactly its size, so
 * that AddressSanitizer or valgrind catches a read past its end.
 *
 * The expected results come from how each image is built, never from
 * running the parser.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <time.h>

#include "vdso/arch.h"
#include "vdso/vdso.h"
#include "tap.h"

#if UINTPTR_MAX == UINT32_MAX
#define TEST_CLASS	ELFCLASS32
#define OTHER_CLASS	ELFCLASS64
#define OTHER_SYMENT	sizeof(Elf64_Sym)
#define HIGH_VADDR	((ElfW(Addr))0xffffe000)	/* old i386 vDSO */
#else
#define TEST_CLASS	ELFCLASS64
#define OTHER_CLASS	ELFCLASS32
#define OTHER_SYMENT	sizeof(Elf32_Sym)
#define HIGH_VADDR	((ElfW(Addr))0xffffffffff700000)	/* vsyscall-like */
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define TEST_DATA	ELFDATA2LSB
#define OTHER_DATA	ELFDATA2MSB
#else
#define TEST_DATA	ELFDATA2MSB
#define OTHER_DATA	ELFDATA2LSB
#endif

#define IMG_MAX		2048	/* room for any image built here */
#define LOAD_OFFSET	0	/* p_offset of the PT_LOAD */
#define TEXT_SIZE	32	/* bytes of "code" at the end of the image */
#define GETCPU_OFF	16	/* __vdso_getcpu within the text */
#define TEXT_SHNDX	11	/* section index of .text in the symbols */
#define NPHDR		3	/* PT_LOAD, PT_DYNAMIC, PT_GNU_STACK */
#define VERDEF_STEP	(sizeof(ElfW(Verdef)) + sizeof(ElfW(Verdaux)))
#define FUZZ_ROUNDS	20000
#define ALL_ONES	((ElfW(Addr))-1)	/* widest d_val, p_filesz of the class */

/* The dynamic symbols, in symbol table order. */
enum { SYM_NULL, SYM_GETTIME, SYM_GETCPU, SYM_VERSION, NSYMS };

/* The strings of the string table. */
enum { STR_GETTIME, STR_GETCPU, STR_LINUX26, STR_SONAME, STR_OTHER, STR_KGETTIME, NSTRS };

static const char *const strs[NSTRS] = {
	[STR_GETTIME] = "__vdso_clock_gettime",
	[STR_GETCPU]  = "__vdso_getcpu",
	[STR_LINUX26] = "LINUX_2.6",
	[STR_SONAME]  = "linux-vdso.so.1",
	[STR_OTHER]   = "LINUX_OTHER",
	[STR_KGETTIME] = "__kernel_clock_gettime",	/* no symbol's name unless renamed */
};

static const int sym_str[NSYMS] = {
	[SYM_NULL]    = -1,
	[SYM_GETTIME] = STR_GETTIME,
	[SYM_GETCPU]  = STR_GETCPU,
	[SYM_VERSION] = STR_LINUX26,
};

/* Version nodes, in DT_VERDEF order; index i has vd_ndx i + 1. */
static const int verdef_str[] = { STR_SONAME, STR_LINUX26, STR_OTHER };

struct img_opts {
	bool gnu_hash;		/* emit DT_GNU_HASH */
	bool sysv_hash;		/* emit DT_HASH */
	bool versions;		/* emit DT_VERSYM, DT_VERDEF, DT_VERDEFNUM */
	bool other_version;	/* a third version node, LINUX_OTHER (index 3) */
	bool gnu_hash_last;	/* put the GNU hash table after the text */
	ElfW(Addr) vaddr;	/* p_vaddr of the PT_LOAD at offset 0 */
	size_t hash_entry;	/* bytes of a DT_HASH entry: 4 (0) or 8 */
	uint16_t machine;	/* e_machine; 0: this build's */
	size_t sysv_buckets;	/* DT_HASH buckets: 1 (0) or more */
};

struct img {
	unsigned char *buf;	/* IMG_MAX bytes, 16-byte aligned */
	size_t size;		/* bytes of the image */
	size_t tables_end;	/* end of the last table the parser reads */
	ElfW(Addr) vaddr;
	size_t ph_off, dyn_off, ndyn, hash_off, gnu_off, sym_off;
	size_t str_off, str_size, versym_off, verdef_off, nverdef, text_off;
	size_t name[NSTRS];	/* offsets of strs[] in the string table */
	size_t hash_entry;	/* 4 or 8 */
	size_t sysv_buckets;	/* >= 1 */
	uint16_t machine;
};

/* A parse of a heap copy of the first @size bytes of an image. */
struct parsed {
	unsigned char *copy;
	size_t size;
	struct vdso_image vi;
	int ret;
	int err;
	const char *why;
};

/* ---- hashes (System V gABI and GNU) ---- */

static uint32_t elf_hash(const char *s)
{
	uint32_t h = 0, g;

	while (*s) {
		h = (h << 4) + (unsigned char)*s++;
		g = h & 0xf0000000;
		if (g)
			h ^= g >> 24;
		h &= ~g;
	}
	return h;
}

static uint32_t gnu_hash(const char *s)
{
	uint32_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* ---- the image builder ---- */

static void *at(const struct img *im, size_t off)
{
	return im->buf + off;
}

static size_t align_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* Reserve @len bytes, 8-byte aligned, at the end; 0 when not @present. */
static size_t reserve(struct img *im, size_t len, bool present)
{
	size_t off;

	if (!present)
		return 0;
	off = align_up(im->size, 8);
	im->size = off + len;
	return off;
}

static size_t sysv_hash_size(const struct img *im)
{
	return (2 + im->sysv_buckets + NSYMS) * im->hash_entry;
}

static size_t gnu_hash_size(void)
{
	return 4 * sizeof(Elf32_Word) + sizeof(ElfW(Addr)) +
	       (1 + NSYMS - 1) * sizeof(Elf32_Word);
}

static size_t strtab_size(struct img *im)
{
	size_t n = 1;

	for (int i = 0; i < NSTRS; i++) {
		im->name[i] = n;
		n += strlen(strs[i]) + 1;
	}
	return n;
}

static void layout(struct img *im, const struct img_opts *o)
{
	im->vaddr = o->vaddr;
	im->hash_entry = o->hash_entry ? o->hash_entry : 4;
	im->sysv_buckets = o->sysv_buckets ? o->sysv_buckets : 1;
	im->machine = o->machine ? o->machine : VDSOTEST_NATIVE_EM;
	im->size = sizeof(ElfW(Ehdr));
	im->nverdef = o->versions ? (o->other_version ? 3 : 2) : 0;
	im->ndyn = 6 + o->sysv_hash + o->gnu_hash + 3 * o->versions;
	im->ph_off = reserve(im, NPHDR * sizeof(ElfW(Phdr)), true);
	im->dyn_off = reserve(im, im->ndyn * sizeof(ElfW(Dyn)), true);
	im->hash_off = reserve(im, sysv_hash_size(im), o->sysv_hash);
	im->gnu_off = reserve(im, gnu_hash_size(), o->gnu_hash && !o->gnu_hash_last);
	im->sym_off = reserve(im, NSYMS * sizeof(ElfW(Sym)), true);
	im->str_size = strtab_size(im);
	im->str_off = reserve(im, im->str_size, true);
	im->versym_off = reserve(im, NSYMS * sizeof(ElfW(Half)), o->versions);
	im->verdef_off = reserve(im, im->nverdef * VERDEF_STEP, o->versions);
	im->tables_end = im->size;
	im->text_off = reserve(im, TEXT_SIZE, true);
	if (o->gnu_hash && o->gnu_hash_last) {
		im->gnu_off = reserve(im, gnu_hash_size(), true);
		im->tables_end = im->size;
	}
}

static void write_ehdr(struct img *im)
{
	ElfW(Ehdr) *eh = at(im, 0);

	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = TEST_CLASS;
	eh->e_ident[EI_DATA] = TEST_DATA;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_ident[EI_OSABI] = ELFOSABI_SYSV;
	eh->e_type = ET_DYN;
	eh->e_machine = im->machine;
	eh->e_version = EV_CURRENT;
	eh->e_phoff = im->ph_off;
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(ElfW(Phdr));
	eh->e_phnum = NPHDR;
	eh->e_shentsize = sizeof(ElfW(Shdr));
}

static void write_phdrs(struct img *im)
{
	ElfW(Phdr) *ph = at(im, im->ph_off);

	ph[0] = (ElfW(Phdr)){
		.p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_offset = LOAD_OFFSET,
		.p_vaddr = im->vaddr, .p_paddr = im->vaddr,
		.p_filesz = im->size, .p_memsz = im->size, .p_align = 4096,
	};
	ph[1] = (ElfW(Phdr)){
		.p_type = PT_DYNAMIC, .p_flags = PF_R, .p_offset = im->dyn_off,
		.p_vaddr = im->vaddr + im->dyn_off, .p_paddr = im->vaddr + im->dyn_off,
		.p_filesz = im->ndyn * sizeof(ElfW(Dyn)),
		.p_memsz = im->ndyn * sizeof(ElfW(Dyn)), .p_align = 8,
	};
	ph[2] = (ElfW(Phdr)){ .p_type = PT_GNU_STACK, .p_flags = PF_R | PF_W };
}

static ElfW(Addr) va(const struct img *im, size_t off)
{
	return im->vaddr + off;
}

static void write_dynamic(struct img *im)
{
	ElfW(Dyn) *d = at(im, im->dyn_off);

	if (im->hash_off)
		*d++ = (ElfW(Dyn)){ DT_HASH, { va(im, im->hash_off) } };
	if (im->gnu_off)
		*d++ = (ElfW(Dyn)){ DT_GNU_HASH, { va(im, im->gnu_off) } };
	*d++ = (ElfW(Dyn)){ DT_STRTAB, { va(im, im->str_off) } };
	*d++ = (ElfW(Dyn)){ DT_SYMTAB, { va(im, im->sym_off) } };
	*d++ = (ElfW(Dyn)){ DT_STRSZ, { im->str_size } };
	*d++ = (ElfW(Dyn)){ DT_SYMENT, { sizeof(ElfW(Sym)) } };
	*d++ = (ElfW(Dyn)){ DT_SONAME, { im->name[STR_SONAME] } };
	if (im->versym_off) {
		*d++ = (ElfW(Dyn)){ DT_VERSYM, { va(im, im->versym_off) } };
		*d++ = (ElfW(Dyn)){ DT_VERDEF, { va(im, im->verdef_off) } };
		*d++ = (ElfW(Dyn)){ DT_VERDEFNUM, { im->nverdef } };
	}
	*d = (ElfW(Dyn)){ DT_NULL, { 0 } };
}

/* Entry @i of the System V hash table, of im->hash_entry bytes. */
static void set_hash_entry(struct img *im, size_t i, uint64_t v)
{
	if (im->hash_entry == 8)
		((uint64_t *)at(im, im->hash_off))[i] = v;
	else
		((Elf32_Word *)at(im, im->hash_off))[i] = (Elf32_Word)v;
}

static uint64_t get_hash_entry(const struct img *im, size_t i)
{
	if (im->hash_entry == 8)
		return ((const uint64_t *)at(im, im->hash_off))[i];
	return ((const Elf32_Word *)at(im, im->hash_off))[i];
}

/* Index of the DT_HASH bucket of symbol @sym in the table. */
static size_t sysv_bucket_index(const struct img *im, int sym)
{
	return 2 + elf_hash(strs[sym_str[sym]]) % im->sysv_buckets;
}

/*
 * System V hash: each symbol put first in the chain of bucket
 * elf_hash % nbucket; with one bucket, chain 3 -> 2 -> 1 -> STN_UNDEF.
 */
static void write_sysv_hash(struct img *im)
{
	size_t nb = im->sysv_buckets;

	set_hash_entry(im, 0, nb);
	set_hash_entry(im, 1, NSYMS);
	for (int i = 1; i < NSYMS; i++) {
		size_t b = sysv_bucket_index(im, i);

		set_hash_entry(im, 2 + nb + (size_t)i, get_hash_entry(im, b));
		set_hash_entry(im, b, (uint64_t)i);
	}
}

static Elf32_Word *gnu_word(const struct img *im, size_t i)
{
	return (Elf32_Word *)at(im, im->gnu_off) + i;
}

static Elf32_Word *gnu_bucket(const struct img *im)
{
	return at(im, im->gnu_off + 4 * sizeof(Elf32_Word) + sizeof(ElfW(Addr)));
}

static Elf32_Word *gnu_chain(const struct img *im)
{
	return gnu_bucket(im) + 1;
}

/* GNU hash: one bucket, symoffset 1, one all-ones bloom word. */
static void write_gnu_hash(struct img *im)
{
	ElfW(Addr) *bloom = at(im, im->gnu_off + 4 * sizeof(Elf32_Word));

	*gnu_word(im, 0) = 1;
	*gnu_word(im, 1) = 1;
	*gnu_word(im, 2) = 1;
	*gnu_word(im, 3) = sizeof(ElfW(Addr)) == 8 ? 6 : 5;
	*bloom = ~(ElfW(Addr))0;
	*gnu_bucket(im) = 1;
	for (int i = 1; i < NSYMS; i++)
		gnu_chain(im)[i - 1] = (gnu_hash(strs[sym_str[i]]) & ~1u) |
				       (i == NSYMS - 1);
}

static ElfW(Sym) *img_sym(const struct img *im, int i)
{
	return (ElfW(Sym) *)at(im, im->sym_off) + i;
}

static ElfW(Addr) text_vaddr(const struct img *im, size_t off)
{
	return va(im, im->text_off + off);
}

static void write_symtab(struct img *im)
{
	ElfW(Sym) *s;

	s = img_sym(im, SYM_GETTIME);
	s->st_name = im->name[STR_GETTIME];
	s->st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	s->st_shndx = TEXT_SHNDX;
	s->st_value = text_vaddr(im, 0);
	s->st_size = GETCPU_OFF;

	s = img_sym(im, SYM_GETCPU);
	s->st_name = im->name[STR_GETCPU];
	s->st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	s->st_shndx = TEXT_SHNDX;
	s->st_value = text_vaddr(im, GETCPU_OFF);
	s->st_size = TEXT_SIZE - GETCPU_OFF;

	/* The version node's own symbol, as the kernel's vDSOs carry it. */
	s = img_sym(im, SYM_VERSION);
	s->st_name = im->name[STR_LINUX26];
	s->st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
	s->st_shndx = SHN_ABS;
}

static void write_strtab(struct img *im)
{
	for (int i = 0; i < NSTRS; i++)
		strcpy(at(im, im->str_off + im->name[i]), strs[i]);
}

static ElfW(Half) *img_versym(const struct img *im, int i)
{
	return (ElfW(Half) *)at(im, im->versym_off) + i;
}

static ElfW(Verdef) *img_verdef(const struct img *im, size_t i)
{
	return at(im, im->verdef_off + i * VERDEF_STEP);
}

/* Base node (index 1, VER_FLG_BASE) first, then LINUX_2.6 (index 2). */
static void write_versions(struct img *im)
{
	for (int i = 1; i < NSYMS; i++)
		*img_versym(im, i) = 2;
	for (size_t i = 0; i < im->nverdef; i++) {
		ElfW(Verdef) *vd = img_verdef(im, i);
		ElfW(Verdaux) *aux = (ElfW(Verdaux) *)(vd + 1);

		vd->vd_version = VER_DEF_CURRENT;
		vd->vd_flags = i == 0 ? VER_FLG_BASE : 0;
		vd->vd_ndx = i + 1;
		vd->vd_cnt = 1;
		vd->vd_hash = elf_hash(strs[verdef_str[i]]);
		vd->vd_aux = sizeof(*vd);
		vd->vd_next = i + 1 < im->nverdef ? VERDEF_STEP : 0;
		aux->vda_name = im->name[verdef_str[i]];
	}
}

static void build(struct img *im, const struct img_opts *o)
{
	void *p;

	if (posix_memalign(&p, 16, IMG_MAX))
		abort();
	memset(im, 0, sizeof(*im));
	memset(p, 0, IMG_MAX);
	im->buf = p;
	layout(im, o);
	memset(at(im, im->text_off), 0xcc, TEXT_SIZE);	/* int3 */
	write_ehdr(im);
	write_phdrs(im);
	write_dynamic(im);
	if (im->hash_off)
		write_sysv_hash(im);
	if (im->gnu_off)
		write_gnu_hash(im);
	write_symtab(im);
	write_strtab(im);
	if (im->versym_off)
		write_versions(im);
}

static void img_free(struct img *im)
{
	free(im->buf);
	im->buf = NULL;
}

static ElfW(Dyn) *dyn_find(const struct img *im, ElfW(Sxword) tag)
{
	ElfW(Dyn) *d = at(im, im->dyn_off);

	for (; d->d_tag != DT_NULL; d++)
		if (d->d_tag == tag)
			return d;
	abort();
}

static ElfW(Ehdr) *img_ehdr(const struct img *im)
{
	return at(im, 0);
}

static ElfW(Phdr) *img_phdr(const struct img *im, int i)
{
	return (ElfW(Phdr) *)at(im, im->ph_off) + i;
}

/* ---- parsing helpers ---- */

static unsigned char *heap_copy(const void *src, size_t size)
{
	void *p = NULL;

	if (posix_memalign(&p, 16, size) || (!p && size))
		abort();
	if (size)
		memcpy(p, src, size);
	return p;
}

static int parse_bytes(struct parsed *p, const void *src, size_t size)
{
	p->size = size;
	p->copy = heap_copy(src, size);
	p->why = NULL;
	errno = 0;
	p->ret = vdso_image_parse(&p->vi, p->copy, size, &p->why);
	p->err = errno;
	return p->ret;
}

static int parse_full(struct parsed *p, const struct img *im)
{
	return parse_bytes(p, im->buf, im->size);
}

static void parsed_free(struct parsed *p)
{
	free(p->copy);
	p->copy = NULL;
}

static void *lookup(const struct parsed *p, const char *name, const char *version)
{
	return vdso_image_lookup(&p->vi, name, version);
}

/* Where a symbol of value @st_value must be: base + st_value - p_vaddr + p_offset. */
static void *addr_of(const struct parsed *p, const struct img *im, ElfW(Addr) st_value)
{
	return p->copy + (size_t)(st_value - im->vaddr) + LOAD_OFFSET;
}

static void *gettime_addr(const struct parsed *p, const struct img *im)
{
	return addr_of(p, im, text_vaddr(im, 0));
}

static void *getcpu_addr(const struct parsed *p, const struct img *im)
{
	return addr_of(p, im, text_vaddr(im, GETCPU_OFF));
}

static bool is_rejection(const struct parsed *p)
{
	return p->ret == -1 && p->err == ENOEXEC && p->why && !p->vi.symtab &&
	       p->vi.nsyms == 0;
}

static void expect_reject(const struct img *im, const char *what)
{
	struct parsed p;

	parse_full(&p, im);
	ok(is_rejection(&p), "%s: rejected (%s)", what, p.why ? p.why : "no reason");
	parsed_free(&p);
}

static bool expect_parse(struct parsed *p, const struct img *im, const char *what)
{
	parse_full(p, im);
	return ok(p->ret == 0, "%s: parses (%s)", what, p->ret ? p->why : "ok");
}

/* Symbol @name: found at @want (NULL: absent) with @version. */
static void expect_sym(const struct parsed *p, const char *name,
		       const char *version, void *want, const char *what)
{
	void *got;

	errno = 0;
	got = lookup(p, name, version);
	if (want)
		ok(got == want, "%s: %s@%s at +%#zx", what, name,
		   version ? version : "*", (size_t)((unsigned char *)want - p->copy));
	else
		ok(!got && errno == ENOENT, "%s: %s@%s not found", what, name,
		   version ? version : "*");
}

/* Parse an image built with @o and look its two functions up. */
static void check_valid(const struct img_opts *o, const char *what)
{
	struct img im;
	struct parsed p;

	build(&im, o);
	if (expect_parse(&p, &im, what)) {
		ok(p.vi.nsyms == NSYMS, "%s: %d symbols", what, NSYMS);
		ok(p.vi.machine == VDSOTEST_NATIVE_EM, "%s: e_machine", what);
		expect_sym(&p, strs[STR_GETTIME], "LINUX_2.6", gettime_addr(&p, &im), what);
		expect_sym(&p, strs[STR_GETCPU], "LINUX_2.6", getcpu_addr(&p, &im), what);
		expect_sym(&p, strs[STR_GETTIME], NULL, gettime_addr(&p, &im), what);
		expect_sym(&p, strs[STR_GETCPU], NULL, getcpu_addr(&p, &im), what);
		expect_sym(&p, "__vdso_time", "LINUX_2.6", NULL, what);
		expect_sym(&p, "__vdso_clock_gettim", NULL, NULL, what);
		expect_sym(&p, "", NULL, NULL, what);
		/* STT_OBJECT in SHN_ABS: not a function */
		expect_sym(&p, "LINUX_2.6", NULL, NULL, what);
		if (o->versions) {
			expect_sym(&p, strs[STR_GETTIME], "LINUX_9", NULL, what);
			expect_sym(&p, strs[STR_GETCPU], "LINUX_9", NULL, what);
			expect_sym(&p, strs[STR_GETTIME], "LINUX_2.", NULL, what);
			/* the base node names the object, not a version */
			expect_sym(&p, strs[STR_GETTIME], "linux-vdso.so.1", NULL, what);
		}
	}
	parsed_free(&p);
	img_free(&im);
}

/* ---- cases ---- */

static const struct img_opts gnu_only = { .gnu_hash = true, .versions = true };
static const struct img_opts sysv_only = { .sysv_hash = true, .versions = true };
static const struct img_opts both = {
	.gnu_hash = true, .sysv_hash = true, .versions = true,
};

static void test_hash_tables(void)
{
	struct img_opts o = gnu_only;

	check_valid(&gnu_only, "GNU hash only");
	check_valid(&sysv_only, "DT_HASH only");
	check_valid(&both, "both hashes");
	o.vaddr = 0x1000;
	check_valid(&o, "GNU hash, vaddr 0x1000");
	o = sysv_only;
	o.vaddr = HIGH_VADDR;
	check_valid(&o, "DT_HASH, high vaddr");
	o = both;
	o.vaddr = HIGH_VADDR;
	check_valid(&o, "both hashes, high vaddr");
}

static void test_no_versions(void)
{
	static const char *const versions[] = { "LINUX_2.6", "LINUX_9", "x", "" };
	struct img_opts o = { .gnu_hash = true, .sysv_hash = true };
	struct img im;
	struct parsed p;

	check_valid(&o, "no version data");
	build(&im, &o);
	if (expect_parse(&p, &im, "no version data, any version")) {
		for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++)
			expect_sym(&p, strs[STR_GETCPU], versions[i],
				   getcpu_addr(&p, &im), "no version data");
		ok(!p.vi.versym && !p.vi.verdef, "no version data: no versym, no verdef");
	}
	parsed_free(&p);
	img_free(&im);
}

static void test_version_index(void)
{
	struct img_opts o = both;
	struct img im;
	struct parsed p;

	o.other_version = true;
	build(&im, &o);
	*img_versym(&im, SYM_GETCPU) = 3;			/* LINUX_OTHER */
	*img_versym(&im, SYM_GETTIME) = 0x8000 | 2;		/* hidden LINUX_2.6 */
	if (expect_parse(&p, &im, "versym")) {
		ok(p.vi.verdef_count == 3, "versym: 3 version nodes");
		expect_sym(&p, strs[STR_GETCPU], "LINUX_2.6", NULL, "versym 3");
		expect_sym(&p, strs[STR_GETCPU], "LINUX_OTHER", getcpu_addr(&p, &im),
			   "versym 3");
		expect_sym(&p, strs[STR_GETCPU], NULL, getcpu_addr(&p, &im), "versym 3");
		expect_sym(&p, strs[STR_GETTIME], "LINUX_2.6", gettime_addr(&p, &im),
			   "versym 0x8002 (hidden)");
		expect_sym(&p, strs[STR_GETTIME], "LINUX_OTHER", NULL,
			   "versym 0x8002 (hidden)");
	}
	parsed_free(&p);

	*img_versym(&im, SYM_GETCPU) = 0x8000 | 3;		/* hidden LINUX_OTHER */
	*img_versym(&im, SYM_GETTIME) = 7;			/* no such node */
	if (expect_parse(&p, &im, "versym, second")) {
		expect_sym(&p, strs[STR_GETCPU], "LINUX_2.6", NULL, "versym 0x8003");
		expect_sym(&p, strs[STR_GETCPU], "LINUX_OTHER", getcpu_addr(&p, &im),
			   "versym 0x8003");
		expect_sym(&p, strs[STR_GETTIME], "LINUX_2.6", NULL, "versym 7 (no node)");
		expect_sym(&p, strs[STR_GETTIME], NULL, gettime_addr(&p, &im),
			   "versym 7 (no node)");
	}
	parsed_free(&p);
	img_free(&im);
}

/* Binding, type and section filters of vdso_image_lookup() (see vdso.h). */
static void test_symbol_kinds(void)
{
	static const struct {
		unsigned char bind, type;
		ElfW(Section) shndx;
		bool found;
		const char *what;
	} kinds[] = {
		{ STB_GLOBAL, STT_FUNC,   TEXT_SHNDX, true,  "GLOBAL FUNC" },
		{ STB_WEAK,   STT_FUNC,   TEXT_SHNDX, true,  "WEAK FUNC" },
		{ STB_GLOBAL, STT_NOTYPE, TEXT_SHNDX, true,  "GLOBAL NOTYPE" },
		{ STB_LOCAL,  STT_FUNC,   TEXT_SHNDX, false, "LOCAL FUNC" },
		{ STB_GLOBAL, STT_OBJECT, TEXT_SHNDX, false, "GLOBAL OBJECT" },
		{ STB_GLOBAL, STT_FUNC,   SHN_UNDEF,  false, "undefined FUNC" },
	};
	struct img im;
	struct parsed p;

	build(&im, &both);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		ElfW(Sym) *s = img_sym(&im, SYM_GETCPU);

		s->st_info = ELF64_ST_INFO(kinds[i].bind, kinds[i].type);
		s->st_shndx = kinds[i].shndx;
		if (expect_parse(&p, &im, kinds[i].what))
			expect_sym(&p, strs[STR_GETCPU], "LINUX_2.6",
				   kinds[i].found ? getcpu_addr(&p, &im) : NULL,
				   kinds[i].what);
		parsed_free(&p);
	}
	img_free(&im);
}

static void test_header(void)
{
	static const struct {
		size_t off;
		unsigned char val;
		const char *what;
	} bytes[] = {
		{ EI_MAG0, 0x7e, "bad magic byte 0" },
		{ EI_MAG1, 'e', "bad magic byte 1" },
		{ EI_MAG3, 'X', "bad magic byte 3" },
		{ EI_CLASS, OTHER_CLASS, "other ELF class" },
		{ EI_CLASS, ELFCLASSNONE, "ELFCLASSNONE" },
		{ EI_DATA, OTHER_DATA, "other byte order" },
		{ EI_DATA, ELFDATANONE, "ELFDATANONE" },
	};
	static const ElfW(Half) types[] = { ET_EXEC, ET_REL, ET_CORE, ET_NONE };
	struct img im;

	build(&im, &both);
	for (size_t i = 0; i < sizeof(bytes) / sizeof(bytes[0]); i++) {
		unsigned char *b = at(&im, bytes[i].off), old = *b;

		*b = bytes[i].val;
		expect_reject(&im, bytes[i].what);
		*b = old;
	}
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		img_ehdr(&im)->e_type = types[i];
		expect_reject(&im, types[i] == ET_EXEC ? "e_type ET_EXEC" :
			      types[i] == ET_REL ? "e_type ET_REL" :
			      types[i] == ET_CORE ? "e_type ET_CORE" : "e_type ET_NONE");
	}
	img_ehdr(&im)->e_type = ET_DYN;
	img_ehdr(&im)->e_phentsize = sizeof(ElfW(Phdr)) + 8;
	expect_reject(&im, "e_phentsize wrong");
	img_free(&im);
}

static void test_failed_lookup(void)
{
	struct parsed p;
	static const unsigned char junk[64];

	parse_bytes(&p, junk, sizeof(junk));
	ok(is_rejection(&p), "zeroed bytes: rejected");
	errno = 0;
	ok(!lookup(&p, strs[STR_GETTIME], NULL) && errno == ENOENT,
	   "lookup in a rejected image: NULL, ENOENT");
	parsed_free(&p);
}

/* Do prefixes of @im parse exactly when they hold every table? */
static size_t truncation_mismatches(const struct img *im, size_t *first_bad)
{
	size_t bad = 0;

	for (size_t size = 0; size <= im->size; size++) {
		struct parsed p;
		bool want = size >= im->tables_end, good;

		parse_bytes(&p, im->buf, size);
		good = want ? p.ret == 0 : is_rejection(&p);
		if (good && want) {
			void *t = lookup(&p, strs[STR_GETTIME], "LINUX_2.6");
			void *c = lookup(&p, strs[STR_GETCPU], "LINUX_2.6");

			/* a symbol counts only if its first byte is present */
			good = t == (size > im->text_off ? gettime_addr(&p, im) : NULL) &&
			       c == (size > im->text_off + GETCPU_OFF ?
				     getcpu_addr(&p, im) : NULL);
		}
		if (!good && !bad++)
			*first_bad = size;
		parsed_free(&p);
	}
	return bad;
}

static void check_truncation(const struct img_opts *o, const char *what)
{
	struct img im;
	struct parsed p;
	size_t first = 0, bad;

	build(&im, o);
	bad = truncation_mismatches(&im, &first);
	if (!ok(bad == 0, "%s: prefixes < %zu of %zu bytes rejected, others parse",
		what, im.tables_end, im.size))
		printf("# %zu prefixes wrong, the first of %zu bytes\n", bad, first);
	parse_full(&p, &im);
	ok(p.ret == 0, "%s: full image of %zu bytes parses", what, im.size);
	parsed_free(&p);
	img_free(&im);
}

static void test_truncation(void)
{
	struct img_opts o = { .gnu_hash = true, .sysv_hash = true };

	check_truncation(&gnu_only, "truncated GNU hash image");
	check_truncation(&sysv_only, "truncated DT_HASH image");
	check_truncation(&both, "truncated image with both hashes");
	check_truncation(&o, "truncated image without versions");
	o = both;
	o.vaddr = HIGH_VADDR;
	check_truncation(&o, "truncated image at a high vaddr");
}

static void test_sysv_counts(void)
{
	struct img im;

	build(&im, &sysv_only);
	*(Elf32_Word *)at(&im, im.hash_off + 4) = 0xffffffff;
	expect_reject(&im, "DT_HASH nchain 0xffffffff");
	*(Elf32_Word *)at(&im, im.hash_off + 4) = 0x10000;
	expect_reject(&im, "DT_HASH nchain 0x10000");
	*(Elf32_Word *)at(&im, im.hash_off + 4) = NSYMS;
	*(Elf32_Word *)at(&im, im.hash_off) = 0xffffffff;
	expect_reject(&im, "DT_HASH nbucket 0xffffffff");
	*(Elf32_Word *)at(&im, im.hash_off) = 1;
	dyn_find(&im, DT_HASH)->d_un.d_ptr = va(&im, im.size);
	expect_reject(&im, "DT_HASH address at the end");
	dyn_find(&im, DT_HASH)->d_un.d_ptr = va(&im, im.size - 4);
	expect_reject(&im, "DT_HASH address 4 bytes before the end");
	img_free(&im);
}

static void test_gnu_counts(void)
{
	struct img im;

	build(&im, &gnu_only);
	*gnu_word(&im, 0) = 0xffffffff;
	expect_reject(&im, "GNU hash nbucket 0xffffffff");
	*gnu_word(&im, 0) = 0;
	expect_reject(&im, "GNU hash nbucket 0");
	*gnu_word(&im, 0) = 1;
	*gnu_word(&im, 2) = 0xffffffff;
	expect_reject(&im, "GNU hash bloom size 0xffffffff");
	/* head = 16 + bloom * word: 2^32 + 16 + word on a 32-bit build */
	*gnu_word(&im, 2) = (Elf32_Word)(1 + (1ull << 32) / sizeof(ElfW(Addr)));
	expect_reject(&im, "GNU hash bloom size whose byte size wraps 32 bits");
	*gnu_word(&im, 2) = 1;
	*gnu_word(&im, 1) = 0xfffffff0;
	expect_reject(&im, "GNU hash symoffset past the buckets");
	*gnu_bucket(&im) = 0xfffffff0;
	expect_reject(&im, "GNU hash symoffset and bucket 0xfffffff0");
	*gnu_bucket(&im) = 0;
	expect_reject(&im, "GNU hash all buckets empty, symoffset 0xfffffff0");
	*gnu_word(&im, 1) = 1;
	*gnu_bucket(&im) = 1;
	dyn_find(&im, DT_GNU_HASH)->d_un.d_ptr = va(&im, im.size);
	expect_reject(&im, "DT_GNU_HASH address at the end");
	dyn_find(&im, DT_GNU_HASH)->d_un.d_ptr = va(&im, im.size - 8);
	expect_reject(&im, "DT_GNU_HASH address 8 bytes before the end");
	img_free(&im);
}

static void clear_chain_ends(struct img *im)
{
	for (int i = 0; i < NSYMS - 1; i++)
		gnu_chain(im)[i] &= ~1u;
}

static void test_gnu_chain(void)
{
	struct img_opts o = gnu_only;
	struct img im;
	struct parsed p;

	o.gnu_hash_last = true;
	check_valid(&o, "GNU hash at the end");
	build(&im, &o);
	clear_chain_ends(&im);
	expect_reject(&im, "GNU chain without an end, at the end of the image");
	img_free(&im);

	/* The same, with tables after the chain: whatever the parser makes
	 * of them, what it returns stays inside the image. */
	build(&im, &gnu_only);
	clear_chain_ends(&im);
	parse_full(&p, &im);
	if (p.ret == 0) {
		void *t = lookup(&p, strs[STR_GETTIME], NULL);

		ok(!t || t == gettime_addr(&p, &im),
		   "GNU chain without an end, tables after it: parsed, lookup sane");
	} else {
		ok(is_rejection(&p), "GNU chain without an end, tables after it: rejected");
	}
	parsed_free(&p);
	img_free(&im);

	/* A bad GNU hash with a good DT_HASH: the DT_HASH sizes the table. */
	build(&im, &both);
	*gnu_word(&im, 0) = 0xffffffff;
	if (expect_parse(&p, &im, "bad DT_GNU_HASH, good DT_HASH"))
		expect_sym(&p, strs[STR_GETCPU], "LINUX_2.6", getcpu_addr(&p, &im),
			   "bad DT_GNU_HASH, good DT_HASH");
	parsed_free(&p);
	img_free(&im);
}

static void test_dynamic_values(void)
{
	struct img im;

	build(&im, &both);
	dyn_find(&im, DT_STRSZ)->d_un.d_val = im.size - im.str_off + 1;
	expect_reject(&im, "DT_STRSZ one past the end");
	dyn_find(&im, DT_STRSZ)->d_un.d_val = ALL_ONES;
	expect_reject(&im, "DT_STRSZ all ones");
	dyn_find(&im, DT_STRSZ)->d_un.d_val = 0;
	expect_reject(&im, "DT_STRSZ 0");
	dyn_find(&im, DT_STRSZ)->d_un.d_val = im.str_size;
	dyn_find(&im, DT_STRTAB)->d_un.d_ptr = va(&im, im.size);
	expect_reject(&im, "DT_STRTAB at the end");
	dyn_find(&im, DT_STRTAB)->d_un.d_ptr = im.vaddr - 0x1000;
	expect_reject(&im, "DT_STRTAB below the image");
	dyn_find(&im, DT_STRTAB)->d_un.d_ptr = va(&im, im.str_off);
	dyn_find(&im, DT_SYMTAB)->d_un.d_ptr = va(&im, im.size);
	expect_reject(&im, "DT_SYMTAB at the end");
	dyn_find(&im, DT_SYMTAB)->d_un.d_ptr = va(&im, im.size - 2 * sizeof(ElfW(Sym)));
	expect_reject(&im, "DT_SYMTAB with room for 2 of 4 symbols");
	dyn_find(&im, DT_SYMTAB)->d_un.d_ptr = va(&im, 0x10000000);
	expect_reject(&im, "DT_SYMTAB far past the end");
	dyn_find(&im, DT_SYMTAB)->d_un.d_ptr = va(&im, im.sym_off);
	dyn_find(&im, DT_VERSYM)->d_un.d_ptr = va(&im, im.size - 2);
	expect_reject(&im, "DT_VERSYM with room for 1 of 4 entries");
	dyn_find(&im, DT_VERSYM)->d_un.d_ptr = va(&im, im.versym_off);
	dyn_find(&im, DT_SYMTAB)->d_tag = DT_NEEDED;
	expect_reject(&im, "no DT_SYMTAB");
	img_free(&im);
}

static void test_no_hash(void)
{
	struct img im;

	build(&im, &both);
	dyn_find(&im, DT_HASH)->d_tag = DT_DEBUG;
	dyn_find(&im, DT_GNU_HASH)->d_tag = DT_DEBUG;
	expect_reject(&im, "neither DT_HASH nor DT_GNU_HASH");
	img_free(&im);
}

static void test_program_headers(void)
{
	struct img im;

	build(&im, &both);
	img_ehdr(&im)->e_phnum = 0xffff;
	expect_reject(&im, "e_phnum 0xffff");
	img_ehdr(&im)->e_phnum = NPHDR;
	img_ehdr(&im)->e_phoff = im.size;
	expect_reject(&im, "e_phoff at the end");
	img_ehdr(&im)->e_phoff = im.size - sizeof(ElfW(Phdr));
	expect_reject(&im, "e_phoff with room for 1 of 3 headers");
	img_ehdr(&im)->e_phoff = ~(ElfW(Off))0 - 7;
	expect_reject(&im, "e_phoff near the top of the address space");
	img_ehdr(&im)->e_phoff = im.ph_off;
	img_phdr(&im, 1)->p_offset = im.size;
	expect_reject(&im, "PT_DYNAMIC p_offset at the end");
	img_phdr(&im, 1)->p_offset = im.dyn_off;
	img_phdr(&im, 1)->p_filesz = im.size;
	expect_reject(&im, "PT_DYNAMIC p_filesz past the end");
	img_phdr(&im, 1)->p_filesz = ALL_ONES;
	expect_reject(&im, "PT_DYNAMIC p_filesz all ones");
	img_phdr(&im, 1)->p_filesz = im.ndyn * sizeof(ElfW(Dyn));
	img_phdr(&im, 1)->p_type = PT_NOTE;
	expect_reject(&im, "no PT_DYNAMIC");
	img_phdr(&im, 1)->p_type = PT_DYNAMIC;
	img_phdr(&im, 0)->p_type = PT_NOTE;
	expect_reject(&im, "no PT_LOAD");
	img_free(&im);
}

static void test_verdef(void)
{
	struct img im;
	size_t last;

	build(&im, &both);
	last = im.nverdef - 1;
	dyn_find(&im, DT_VERDEFNUM)->d_un.d_val = im.nverdef + 1;
	expect_reject(&im, "DT_VERDEFNUM one more than the entries");
	dyn_find(&im, DT_VERDEFNUM)->d_un.d_val = ALL_ONES;
	expect_reject(&im, "DT_VERDEFNUM all ones");
	dyn_find(&im, DT_VERDEFNUM)->d_un.d_val = im.nverdef + 1;
	img_verdef(&im, last)->vd_next = im.size - (im.verdef_off + last * VERDEF_STEP);
	expect_reject(&im, "vd_next to the end of the image");
	img_verdef(&im, last)->vd_next = (Elf32_Word)-VERDEF_STEP;
	expect_reject(&im, "vd_next of -1 entry (4 GiB forward)");
	img_verdef(&im, last)->vd_next = 0;
	dyn_find(&im, DT_VERDEFNUM)->d_un.d_val = im.nverdef;
	img_verdef(&im, last)->vd_aux = im.size;
	expect_reject(&im, "vd_aux past the end");
	img_verdef(&im, last)->vd_aux = sizeof(ElfW(Verdef));
	((ElfW(Verdaux) *)(img_verdef(&im, last) + 1))->vda_name = im.str_size;
	expect_reject(&im, "vda_name past the string table");
	((ElfW(Verdaux) *)(img_verdef(&im, last) + 1))->vda_name = 0xffffffff;
	expect_reject(&im, "vda_name 0xffffffff");
	((ElfW(Verdaux) *)(img_verdef(&im, last) + 1))->vda_name = im.name[STR_LINUX26];
	dyn_find(&im, DT_VERDEF)->d_un.d_ptr = va(&im, im.size - 4);
	expect_reject(&im, "DT_VERDEF 4 bytes before the end");
	dyn_find(&im, DT_VERDEF)->d_un.d_ptr = va(&im, im.verdef_off);
	img_verdef(&im, 0)->vd_version = 2;
	expect_reject(&im, "vd_version 2");
	img_free(&im);
}

static void test_symbol_values(void)
{
	struct img im;
	struct parsed p;

	build(&im, &both);
	img_sym(&im, SYM_GETTIME)->st_name = im.str_size;
	img_sym(&im, SYM_GETCPU)->st_value = va(&im, im.size);
	if (expect_parse(&p, &im, "st_name past strtab, st_value at the end")) {
		expect_sym(&p, strs[STR_GETTIME], NULL, NULL, "st_name past strtab");
		expect_sym(&p, strs[STR_GETCPU], NULL, NULL, "st_value at the end");
	}
	parsed_free(&p);

	img_sym(&im, SYM_GETTIME)->st_name = 0xffffffff;
	img_sym(&im, SYM_GETCPU)->st_value = im.vaddr - 1;
	if (expect_parse(&p, &im, "st_name 0xffffffff, st_value below the image")) {
		expect_sym(&p, strs[STR_GETTIME], NULL, NULL, "st_name 0xffffffff");
		expect_sym(&p, strs[STR_GETCPU], NULL, NULL, "st_value below the image");
	}
	parsed_free(&p);

	img_sym(&im, SYM_GETTIME)->st_name = im.name[STR_GETTIME];
	img_sym(&im, SYM_GETCPU)->st_value = va(&im, im.size - 1);
	if (expect_parse(&p, &im, "st_value at the last byte"))
		expect_sym(&p, strs[STR_GETCPU], NULL, p.copy + im.size - 1,
			   "st_value at the last byte");
	parsed_free(&p);
	img_free(&im);
}

static void test_strtab(void)
{
	struct img im;
	unsigned char *last;

	build(&im, &both);
	last = at(&im, im.str_off + im.str_size - 1);
	*last = 'x';
	expect_reject(&im, "string table without a final NUL");
	*last = '\0';
	dyn_find(&im, DT_STRSZ)->d_un.d_val = im.str_size - 1;
	expect_reject(&im, "DT_STRSZ cutting the last string");
	img_free(&im);
}

static void test_syment(void)
{
	struct img im;

	build(&im, &both);
	dyn_find(&im, DT_SYMENT)->d_un.d_val = OTHER_SYMENT;
	expect_reject(&im, "DT_SYMENT of the other ELF class");
	dyn_find(&im, DT_SYMENT)->d_un.d_val = sizeof(ElfW(Sym)) + 8;
	expect_reject(&im, "DT_SYMENT 8 too large");
	dyn_find(&im, DT_SYMENT)->d_un.d_val = 1;
	expect_reject(&im, "DT_SYMENT 1");
	img_free(&im);
}

static void check_arch(uint16_t machine, const char *name, const char *prefix,
		       const char *version)
{
	const struct vdso_arch *a = vdso_arch_find(machine);
	/* the other prefix is the fallback */
	const char *alt = strcmp(prefix, "__vdso_") ? "__vdso_" : "__kernel_";

	ok(a && a->machine == machine && !strcmp(a->prefix, prefix) &&
	   !strcmp(a->alt_prefix, alt) && !strcmp(a->version, version),
	   "vdso_arch_find(%s): %s, then %s, %s", name, prefix, alt, version);
}

static void test_arch_table(void)
{
	check_arch(EM_X86_64, "EM_X86_64", "__vdso_", "LINUX_2.6");
	check_arch(EM_AARCH64, "EM_AARCH64", "__kernel_", "LINUX_2.6.39");
	check_arch(EM_PPC64, "EM_PPC64", "__kernel_", "LINUX_2.6.15");
	check_arch(EM_S390, "EM_S390", "__kernel_", "LINUX_2.6.29");
	check_arch(EM_RISCV, "EM_RISCV", "__vdso_", "LINUX_4.15");
	check_arch(EM_386, "EM_386", "__vdso_", "LINUX_2.6");
	check_arch(EM_ARM, "EM_ARM", "__vdso_", "LINUX_2.6");
	check_arch(EM_PPC, "EM_PPC", "__kernel_", "LINUX_2.6.15");
	check_arch(EM_MIPS, "EM_MIPS", "__vdso_", "LINUX_2.6");
	check_arch(EM_LOONGARCH, "EM_LOONGARCH", "__vdso_", "LINUX_5.10");
	/* kselftest vdso_config.h: sparc "LINUX_2.6", "__vdso_" (32 and 64-bit) */
	check_arch(EM_SPARCV9, "EM_SPARCV9", "__vdso_", "LINUX_2.6");
	check_arch(EM_SPARC32PLUS, "EM_SPARC32PLUS", "__vdso_", "LINUX_2.6");
	check_arch(EM_SPARC, "EM_SPARC", "__vdso_", "LINUX_2.6");
	ok(vdso_arch_find(EM_NONE) == NULL, "vdso_arch_find(EM_NONE): NULL");
	ok(vdso_arch_find(0xfffe) == NULL, "vdso_arch_find(0xfffe): NULL");
}

/* The symbol names (arm64's vdso.lds.S, x86's vdso.lds.S, s390's vdso.lds.S). */
static void test_symbol_name(void)
{
	char name[64], small[8];

	vdso_arch_symbol_name(vdso_arch_find(EM_AARCH64), VDSO_CLOCK_GETTIME, name, sizeof(name));
	ok(!strcmp(name, "__kernel_clock_gettime"), "aarch64 clock_gettime: %s", name);
	vdso_arch_symbol_name(vdso_arch_find(EM_X86_64), VDSO_GETRANDOM, name, sizeof(name));
	ok(!strcmp(name, "__vdso_getrandom"), "x86_64 getrandom: %s", name);
	vdso_arch_symbol_name(NULL, VDSO_TIME, name, sizeof(name));
	ok(!strcmp(name, "__vdso_time"), "an unknown machine's time: %s", name);
	vdso_arch_symbol_name(vdso_arch_find(EM_S390), VDSO_GETCPU, small, sizeof(small));
	ok(!strcmp(small, "__kerne"), "s390 getcpu into 8 bytes: truncated, %s", small);
	vdso_symbol_name(VDSO_GETTIMEOFDAY, name, sizeof(name));
	ok(strstr(name, "_gettimeofday") && (!strncmp(name, "__vdso_", 7) || !strncmp(name, "__kernel_", 9)),
	   "this build's gettimeofday: %s", name);
}

/* ---- the names a call is looked up under (vdso_arch_lookup()) ---- */

/* Rows of the two kinds, with the version of the images built here. */
static const struct vdso_arch vdso_first = { 0, "vdso-first", "__vdso_", "__kernel_",
					     "LINUX_2.6" };
static const struct vdso_arch kernel_first = { 0, "kernel-first", "__kernel_", "__vdso_",
					       "LINUX_2.6" };

/* clock_gettime looked up with row @a: at @want (NULL: absent) as @name. */
static void expect_call(const struct parsed *p, const struct vdso_arch *a, void *want,
			const char *name, const char *what)
{
	char buf[VDSO_SYMBOL_NAME_MAX];

	memset(buf, 'x', sizeof(buf));
	errno = 0;
	void *got = vdso_arch_lookup(&p->vi, a, VDSO_CLOCK_GETTIME, buf, sizeof(buf));
	ok(got == want && (want || errno == ENOENT) && !strcmp(buf, name),
	   "%s, %s row: %s %s", what, a ? a->name : "no", name, want ? "found" : "not found");
}

static void test_lookup_names(void)
{
	struct img im;
	struct parsed p;

	build(&im, &both);
	/* only __vdso_clock_gettime@LINUX_2.6 */
	if (expect_parse(&p, &im, "__vdso_ name")) {
		expect_call(&p, &vdso_first, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "__vdso_ name");
		expect_call(&p, &kernel_first, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "__vdso_ name, second");
		expect_call(&p, NULL, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "__vdso_ name");
	}
	parsed_free(&p);

	/* only __kernel_clock_gettime@LINUX_2.6 */
	img_sym(&im, SYM_GETTIME)->st_name = im.name[STR_KGETTIME];
	if (expect_parse(&p, &im, "__kernel_ name")) {
		expect_call(&p, &kernel_first, gettime_addr(&p, &im), "__kernel_clock_gettime",
			    "__kernel_ name");
		expect_call(&p, &vdso_first, gettime_addr(&p, &im), "__kernel_clock_gettime",
			    "__kernel_ name, second");
		expect_call(&p, NULL, gettime_addr(&p, &im), "__kernel_clock_gettime",
			    "__kernel_ name, second");
	}
	parsed_free(&p);

	/* both: __vdso_ at the first symbol, __kernel_ at the second */
	img_sym(&im, SYM_GETTIME)->st_name = im.name[STR_GETTIME];
	img_sym(&im, SYM_GETCPU)->st_name = im.name[STR_KGETTIME];
	if (expect_parse(&p, &im, "both names")) {
		expect_call(&p, &vdso_first, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "both names: the first prefix wins");
		expect_call(&p, &kernel_first, getcpu_addr(&p, &im), "__kernel_clock_gettime",
			    "both names: the first prefix wins");
		expect_call(&p, NULL, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "both names: __vdso_ first");
	}
	parsed_free(&p);

	/* the version still counts, under either name */
	struct vdso_arch other = kernel_first;
	other.name = "LINUX_9";
	other.version = "LINUX_9";
	if (expect_parse(&p, &im, "both names, another version")) {
		expect_call(&p, &other, NULL, "__kernel_clock_gettime", "both names at LINUX_2.6");
		expect_call(&p, vdso_arch_find(EM_AARCH64), NULL, "__kernel_clock_gettime",
			    "both names at LINUX_2.6 (aarch64 asks LINUX_2.6.39)");
		expect_call(&p, vdso_arch_find(EM_X86_64), gettime_addr(&p, &im),
			    "__vdso_clock_gettime", "both names at LINUX_2.6");
	}
	parsed_free(&p);
	/* the __kernel_ one only at LINUX_OTHER: __vdso_ is LINUX_2.6 */
	img_free(&im);
	struct img_opts o = both;
	o.other_version = true;
	build(&im, &o);
	img_sym(&im, SYM_GETCPU)->st_name = im.name[STR_KGETTIME];
	*img_versym(&im, SYM_GETCPU) = 3;	/* LINUX_OTHER */
	other.version = "LINUX_OTHER";
	other.name = "LINUX_OTHER";
	if (expect_parse(&p, &im, "names at two versions")) {
		expect_call(&p, &other, getcpu_addr(&p, &im), "__kernel_clock_gettime",
			    "__kernel_@LINUX_OTHER, __vdso_@LINUX_2.6");
		expect_call(&p, &kernel_first, gettime_addr(&p, &im), "__vdso_clock_gettime",
			    "__kernel_@LINUX_OTHER, __vdso_@LINUX_2.6: second name's version");
	}
	parsed_free(&p);
	img_free(&im);

	const char *first = vdso_arch_prefix(NULL, 0), *second = vdso_arch_prefix(NULL, 1);
	ok(first && !strcmp(first, "__vdso_") && second && !strcmp(second, "__kernel_") &&
	   !vdso_arch_prefix(NULL, 2) &&
	   !vdso_arch_prefix(&kernel_first, 2), "vdso_arch_prefix: 2 prefixes, unknown machine "
	   "__vdso_ first");
}

/* ---- DT_HASH entries of 8 bytes: 64-bit s390 and alpha ---- */

static void test_hash_entry_size(void)
{
	static const struct {
		uint16_t machine;
		unsigned elf_class;
		size_t want;
		const char *what;
	} cases[] = {
		{ EM_S390, ELFCLASS64, 8, "s390x" },
		{ EM_S390, ELFCLASS32, 4, "31-bit s390" },
		{ 0x9026, ELFCLASS64, 8, "alpha (EM_ALPHA 0x9026)" },
		{ EM_X86_64, ELFCLASS64, 4, "x86_64" },
		{ EM_AARCH64, ELFCLASS64, 4, "aarch64" },
		{ EM_PPC64, ELFCLASS64, 4, "powerpc64" },
		{ EM_386, ELFCLASS32, 4, "i386" },
		{ EM_X86_64, ELFCLASS32, 4, "x32" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ok(vdso_hash_entry_size(cases[i].machine, cases[i].elf_class) == cases[i].want,
		   "DT_HASH entry of %s: %zu bytes", cases[i].what, cases[i].want);
}

/*
 * An image of @machine with a DT_HASH table (no GNU hash) of @entry-byte
 * entries: parsed with NSYMS symbols when the parser reads that width.
 */
static void check_sysv_width(uint16_t machine, size_t entry, const char *what)
{
	struct img_opts o = sysv_only;
	bool match = vdso_hash_entry_size(machine, TEST_CLASS) == entry;
	struct img im;
	struct parsed p;

	o.machine = machine;
	o.hash_entry = entry;
	build(&im, &o);
	parse_full(&p, &im);
	if (match) {
		ok(p.ret == 0 && p.vi.nsyms == NSYMS && p.vi.machine == machine,
		   "%s: %zu-byte DT_HASH entries read, %d symbols", what, entry, NSYMS);
		ok(p.ret == 0 && lookup(&p, strs[STR_GETCPU], "LINUX_2.6") == getcpu_addr(&p, &im),
		   "%s: %s found", what, strs[STR_GETCPU]);
	} else {
		/* read at the other width: nbucket, nchain are 1 and 0 or far too large */
		ok(p.ret != 0 || p.vi.nsyms != NSYMS,
		   "%s: %zu-byte DT_HASH entries not read as %zu-byte ones", what, entry,
		   vdso_hash_entry_size(machine, TEST_CLASS));
	}
	parsed_free(&p);
	img_free(&im);
}

static void test_sysv_width(void)
{
	check_sysv_width(EM_S390, 8, "s390 image, 8-byte entries");
	check_sysv_width(EM_S390, 4, "s390 image, 4-byte entries");
	check_sysv_width(0x9026, 8, "alpha image, 8-byte entries");
	check_sysv_width(EM_AARCH64, 4, "aarch64 image, 4-byte entries");
	check_sysv_width(EM_AARCH64, 8, "aarch64 image, 8-byte entries");
#if UINTPTR_MAX != UINT32_MAX
	/* 8-byte nchain of 2^32 + NSYMS: not truncated to NSYMS */
	struct img_opts o = sysv_only;
	struct img im;

	o.machine = EM_S390;
	o.hash_entry = 8;
	build(&im, &o);
	set_hash_entry(&im, 1, (1ull << 32) + NSYMS);
	expect_reject(&im, "s390 DT_HASH nchain 2^32 + 4");
	set_hash_entry(&im, 1, NSYMS);
	set_hash_entry(&im, 0, UINT64_MAX);
	expect_reject(&im, "s390 DT_HASH nbucket 2^64 - 1");
	set_hash_entry(&im, 0, UINT64_MAX / 8 - 1);	/* (2 + nbucket) * 8 wraps to 8 */
	expect_reject(&im, "s390 DT_HASH nbucket whose byte size wraps 64 bits");
	img_free(&im);
#endif
}

#if defined(__x86_64__) || defined(__i386__)
static void test_real_vdso(void)
{
	struct vdso_image vi;
	const char *why = NULL;
	vdso_timespec ts;
	void *fn;

	if (!getauxval(AT_SYSINFO_EHDR)) {
		ok(1, "# SKIP the kernel passed no vDSO to this process");
		return;
	}
	if (!ok(vdso_locate(&vi, &why) == 0, "real vDSO: vdso_locate (%s)",
		why ? why : "ok"))
		return;
	ok(vi.machine == VDSOTEST_NATIVE_EM, "real vDSO: e_machine of this build");
	fn = vdso_image_lookup(&vi, "__vdso_clock_gettime", "LINUX_2.6");
	ok(fn && (uintptr_t)fn - (uintptr_t)vi.base < vi.size,
	   "real vDSO: __vdso_clock_gettime@LINUX_2.6 inside the image");
	ok(fn && vdso_clock_gettime(fn, CLOCK_MONOTONIC, &ts) == 0 &&
	   ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000,
	   "real vDSO: __vdso_clock_gettime(CLOCK_MONOTONIC) works");
	ok(!vdso_image_lookup(&vi, "__vdso_clock_gettime", "LINUX_9"),
	   "real vDSO: __vdso_clock_gettime@LINUX_9 absent");
}
#else
static void test_real_vdso(void)
{
	ok(1, "# SKIP real vDSO symbol names checked on x86 only");
}
#endif

/* ---- reaching the symbols through the hash tables (vdso_image_reachable()) ---- */

/*
 * vdso_image_reachable(@name@LINUX_2.6) of a parse of @im: true with ""
 * when @want is NULL; else false with a reason naming @name and holding
 * @want.
 */
static void expect_reach(const struct img *im, const char *name, const char *want,
			 const char *what)
{
	char why[VDSO_UNREACHABLE_LEN];
	struct parsed p;

	if (expect_parse(&p, im, what)) {
		bool r = vdso_image_reachable(&p.vi, name, "LINUX_2.6", why, sizeof(why));

		if (!want)
			ok(r && !*why, "%s: %s reachable (%s)", what, name, r ? "yes" : why);
		else
			ok(!r && strstr(why, name) && strstr(why, want),
			   "%s: %s reported: \"%s\" holds \"%s\"", what, name, r ? "(none)" : why,
			   want);
	}
	parsed_free(&p);
}

/* Both functions of an image built with @o reachable. */
static void expect_reach_all(const struct img_opts *o, const char *what)
{
	struct img im;

	build(&im, o);
	expect_reach(&im, strs[STR_GETTIME], NULL, what);
	expect_reach(&im, strs[STR_GETCPU], NULL, what);
	img_free(&im);
}

static void test_reach_valid(void)
{
	struct img_opts o = both;

	expect_reach_all(&gnu_only, "GNU hash only");
	expect_reach_all(&sysv_only, "DT_HASH only");
	expect_reach_all(&both, "both hashes");
	o.vaddr = HIGH_VADDR;
	expect_reach_all(&o, "both hashes, high vaddr");
	o = both;
	o.versions = false;
	expect_reach_all(&o, "both hashes, no version data");
	/* several buckets: the program's ELF hash and its modulus pick them */
	for (size_t nb = 2; nb <= 7; nb++) {
		char what[64];

		o = sysv_only;
		o.sysv_buckets = nb;
		snprintf(what, sizeof(what), "DT_HASH of %zu buckets", nb);
		expect_reach_all(&o, what);
	}
	/* absent: nothing to reach */
	struct img im;
	build(&im, &both);
	expect_reach(&im, "__vdso_time", NULL, "absent symbol");
	img_free(&im);
}

static void test_reach_gnu(void)
{
	struct img im;
	const unsigned bits = 8 * sizeof(ElfW(Addr));

	/* (a) the chain value of __vdso_clock_gettime changed (not its end bit) */
	build(&im, &both);
	gnu_chain(&im)[SYM_GETTIME - 1] ^= 0x100;
	expect_reach(&im, strs[STR_GETTIME], "not reachable through DT_GNU_HASH: the chain",
		     "GNU chain value of gettime flipped");
	expect_reach(&im, strs[STR_GETCPU], NULL, "GNU chain value of gettime flipped");
	img_free(&im);

	/* its end bit set: compared without bit 0 it is found, getcpu after it is not */
	build(&im, &both);
	gnu_chain(&im)[SYM_GETTIME - 1] |= 1;
	expect_reach(&im, strs[STR_GETTIME], NULL, "GNU chain ends at gettime");
	expect_reach(&im, strs[STR_GETCPU], "not reachable through DT_GNU_HASH: the chain",
		     "GNU chain ends at gettime");
	img_free(&im);

	/* (b) the bucket empty (DT_HASH still counts the symbols) */
	build(&im, &both);
	*gnu_bucket(&im) = 0;
	expect_reach(&im, strs[STR_GETTIME], "DT_GNU_HASH: bucket 0 of its GNU hash",
		     "GNU bucket 0");
	img_free(&im);

	/* the bucket starting past gettime */
	build(&im, &both);
	*gnu_bucket(&im) = SYM_GETCPU;
	expect_reach(&im, strs[STR_GETTIME], "DT_GNU_HASH: the chain of bucket 0",
		     "GNU bucket starts at getcpu");
	expect_reach(&im, strs[STR_GETCPU], NULL, "GNU bucket starts at getcpu");
	img_free(&im);

	/* (c) the bloom filter word 0 */
	build(&im, &gnu_only);
	*(ElfW(Addr) *)at(&im, im.gnu_off + 4 * sizeof(Elf32_Word)) = 0;
	expect_reach(&im, strs[STR_GETTIME], "DT_GNU_HASH: bloom filter word 0 lacks",
		     "GNU bloom word 0");
	img_free(&im);

	/* exactly the two bits of each symbol (h % C, (h >> shift) % C) */
	ElfW(Addr) need = 0, others = 0;
	unsigned b[NSYMS][2];
	build(&im, &both);
	for (int i = 1; i < NSYMS; i++) {
		uint32_t h = gnu_hash(strs[sym_str[i]]);
		b[i][0] = h % bits;
		b[i][1] = (h >> *gnu_word(&im, 3)) % bits;
		need |= (ElfW(Addr))1 << b[i][0] | (ElfW(Addr))1 << b[i][1];
		if (i != SYM_GETTIME)
			others |= (ElfW(Addr))1 << b[i][0] | (ElfW(Addr))1 << b[i][1];
	}
	*(ElfW(Addr) *)at(&im, im.gnu_off + 4 * sizeof(Elf32_Word)) = need;
	expect_reach(&im, strs[STR_GETTIME], NULL, "GNU bloom word of exactly the symbols' bits");
	expect_reach(&im, strs[STR_GETCPU], NULL, "GNU bloom word of exactly the symbols' bits");
	/* without one of gettime's bits that no other symbol needs */
	unsigned own = (others >> b[SYM_GETTIME][0]) & 1 ? b[SYM_GETTIME][1] : b[SYM_GETTIME][0];
	if ((others >> own) & 1) {
		ok(1, "# SKIP gettime's bloom bits are both another symbol's");
	} else {
		*(ElfW(Addr) *)at(&im, im.gnu_off + 4 * sizeof(Elf32_Word)) =
			need & ~((ElfW(Addr))1 << own);
		expect_reach(&im, strs[STR_GETTIME], "bloom filter word 0 lacks",
			     "GNU bloom word without one of gettime's bits");
		expect_reach(&im, strs[STR_GETCPU], NULL,
			     "GNU bloom word without one of gettime's bits");
	}
	img_free(&im);

	/* a malformed GNU table beside a good DT_HASH (which sized the symbols) */
	build(&im, &both);
	*gnu_word(&im, 0) = 0xffffffff;
	expect_reach(&im, strs[STR_GETCPU], "DT_GNU_HASH: the table is malformed",
		     "bad DT_GNU_HASH, good DT_HASH");
	img_free(&im);
}

/* DT_HASH of @entry-byte entries for @machine, 3 buckets, each fault reported. */
static void check_reach_sysv(uint16_t machine, size_t entry, const char *what)
{
	struct img_opts o = sysv_only;
	char w[96];
	struct img im;

	o.machine = machine;
	o.hash_entry = entry;
	o.sysv_buckets = 3;
	snprintf(w, sizeof(w), "%s, %zu-byte DT_HASH", what, entry);
	expect_reach_all(&o, w);

	/* (d) gettime's bucket emptied */
	build(&im, &o);
	set_hash_entry(&im, sysv_bucket_index(&im, SYM_GETTIME), STN_UNDEF);
	snprintf(w, sizeof(w), "%s, %zu-byte DT_HASH, gettime's bucket empty", what, entry);
	expect_reach(&im, strs[STR_GETTIME], "not reachable through DT_HASH: the chain of bucket",
		     w);
	img_free(&im);

	/* gettime's chain link cut: its bucket points past it */
	build(&im, &o);
	for (int i = 1; i < NSYMS; i++)
		set_hash_entry(&im, 2 + im.sysv_buckets + (size_t)i, STN_UNDEF);
	set_hash_entry(&im, sysv_bucket_index(&im, SYM_GETTIME), SYM_VERSION);
	snprintf(w, sizeof(w), "%s, %zu-byte DT_HASH, gettime's bucket at another symbol", what,
		 entry);
	expect_reach(&im, strs[STR_GETTIME], "not reachable through DT_HASH", w);
	img_free(&im);
}

static void test_reach_sysv(void)
{
	check_reach_sysv(0, 4, "this machine");
	if (vdso_hash_entry_size(EM_S390, TEST_CLASS) == 8)
		check_reach_sysv(EM_S390, 8, "s390x");
	else
		ok(1, "# SKIP 8-byte DT_HASH entries: 64-bit builds only");
}

/* The version node's vd_hash must be the ELF hash of its name. */
static void test_reach_verdef_hash(void)
{
	char want[96];
	struct img im;

	build(&im, &both);
	img_verdef(&im, 1)->vd_hash ^= 1;
	snprintf(want, sizeof(want), "vd_hash of LINUX_2.6 is 0x%08x, its ELF hash is 0x%08x",
		 (unsigned)(elf_hash("LINUX_2.6") ^ 1), (unsigned)elf_hash("LINUX_2.6"));
	expect_reach(&im, strs[STR_GETTIME], want, "vd_hash of LINUX_2.6 flipped");
	img_free(&im);
	/* another node's vd_hash is not this symbol's concern */
	build(&im, &both);
	img_verdef(&im, 0)->vd_hash ^= 1;
	expect_reach(&im, strs[STR_GETTIME], NULL, "vd_hash of the base node flipped");
	/* an unversioned symbol (VER_NDX_GLOBAL, the base node's index) has none to match */
	*img_versym(&im, SYM_GETTIME) = VER_NDX_GLOBAL;
	expect_reach(&im, strs[STR_GETTIME], NULL,
		     "vd_hash of the base node flipped, gettime unversioned");
	img_free(&im);
}

/* vdso_bind_kernel() keeps the reason per call; "" for a reachable one. */
static void test_reach_binding(void)
{
	const struct vdso_arch *a = vdso_arch_find(VDSOTEST_NATIVE_EM);
	struct vdso_binding b;
	struct img im;
	struct parsed p;

	if (!a || strcmp(a->version, "LINUX_2.6") || strcmp(a->prefix, "__vdso_")) {
		ok(1, "# SKIP binding: this architecture's names are not the images'");
		return;
	}
	build(&im, &both);
	gnu_chain(&im)[SYM_GETTIME - 1] ^= 0x100;
	if (expect_parse(&p, &im, "binding")) {
		vdso_bind_kernel(&b, &p.vi);
		ok(b.fn[VDSO_CLOCK_GETTIME] &&
		   strstr(b.unreachable[VDSO_CLOCK_GETTIME],
			  "__vdso_clock_gettime is not reachable through DT_GNU_HASH"),
		   "binding: clock_gettime bound, unreachable: %s", b.unreachable[VDSO_CLOCK_GETTIME]);
		ok(b.fn[VDSO_GETCPU] && !*b.unreachable[VDSO_GETCPU],
		   "binding: getcpu bound and reachable");
		ok(!b.fn[VDSO_TIME] && !*b.unreachable[VDSO_TIME], "binding: time absent, no reason");
	}
	parsed_free(&p);
	img_free(&im);
}

/* Every call of this machine's vDSO is reachable (a kernel bug otherwise). */
static void test_reach_real(void)
{
	struct vdso_image vi;
	struct vdso_binding b;
	const char *why;

	if (vdso_locate(&vi, &why) != 0) {
		ok(1, "# SKIP real vDSO reachability: %s", why);
		return;
	}
	int bound = vdso_bind_kernel(&b, &vi), reachable = 0;
	for (int c = 0; c < VDSO_NR_CALLS; c++)
		reachable += b.fn[c] && !*b.unreachable[c];
	ok(reachable == bound, "real vDSO: %d of %d bound calls reachable through its hash tables",
	   reachable, bound);
}

/* ---- fuzzing ---- */

static uint32_t rng = 0x2545f491;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static bool inside(const struct parsed *p, const void *ptr, uint64_t len)
{
	uintptr_t off = (uintptr_t)ptr - (uintptr_t)p->copy;

	return (uintptr_t)ptr >= (uintptr_t)p->copy && off <= p->size &&
	       len <= p->size - off;
}

/* Everything a successful parse points to lies inside the image. */
static bool parse_sane(const struct parsed *p)
{
	static const char *const names[] = { "__vdso_clock_gettime", "__vdso_getcpu" };
	static const char *const versions[] = { "LINUX_2.6", NULL, "LINUX_OTHER" };
	const struct vdso_image *vi = &p->vi;

	if (!inside(p, vi->symtab, (uint64_t)vi->nsyms * sizeof(ElfW(Sym))) ||
	    !inside(p, vi->strtab, vi->strtab_size) ||
	    (vi->versym && !inside(p, vi->versym, (uint64_t)vi->nsyms * 2)) ||
	    (vi->verdef && !inside(p, vi->verdef, sizeof(ElfW(Verdef)))))
		return false;
	for (int n = 0; n < 2; n++) {
		for (int v = 0; v < 3; v++) {
			void *a = lookup(p, names[n], versions[v]);
			char why[VDSO_UNREACHABLE_LEN];

			if (a && !inside(p, a, 1))
				return false;
			/* walks the hash tables: a read outside shows under ASan, valgrind */
			if (!vdso_image_reachable(vi, names[n], versions[v], why, sizeof(why)) &&
			    !strstr(why, names[n]))
				return false;
		}
	}
	return true;
}

static void mutate(unsigned char *b, size_t size)
{
	int n = 1 + rnd() % 4;

	while (n--) {
		uint32_t r = rnd();
		unsigned char *c = &b[r % size];

		switch ((r >> 24) & 3) {
		case 0:
		case 1:
			*c ^= (unsigned char)((r >> 16) | 1);
			break;
		case 2:
			*c = 0xff;
			break;
		default:
			*c = 0;
			break;
		}
	}
}

static void test_fuzz(void)
{
	struct img_opts o[3] = { both, gnu_only, sysv_only };
	struct img im[3];
	unsigned parsed = 0, insane = 0, bad_reject = 0;

	o[1].vaddr = HIGH_VADDR;
	o[2].versions = false;
	for (int i = 0; i < 3; i++)
		build(&im[i], &o[i]);
	for (unsigned round = 0; round < FUZZ_ROUNDS; round++) {
		const struct img *src = &im[round % 3];
		unsigned char *b = heap_copy(src->buf, src->size);
		struct parsed p;

		mutate(b, src->size);
		parse_bytes(&p, b, src->size);
		free(b);
		if (p.ret == 0) {
			parsed++;
			insane += !parse_sane(&p);
		} else {
			bad_reject += !is_rejection(&p);
		}
		parsed_free(&p);
	}
	for (int i = 0; i < 3; i++)
		img_free(&im[i]);
	ok(1, "fuzz: %d mutated images survived (%u parsed)", FUZZ_ROUNDS, parsed);
	ok(insane == 0, "fuzz: every parsed image points inside itself (%u not)", insane);
	ok(bad_reject == 0, "fuzz: every failure is -1/ENOEXEC with a reason (%u not)",
	   bad_reject);
}

/* ---- what `vdsotest info` reads: soname, build ID, versions, symbols ---- */

/* Does the NUL-terminated string @s lie inside the parsed copy? */
static bool str_inside(const struct parsed *p, const char *s)
{
	const char *b = (const char *)p->copy, *e = b + p->size;

	if (s < b || s >= e)
		return false;
	return memchr(s, '\0', (size_t)(e - s)) != NULL;
}

static void test_soname(void)
{
	struct img im;
	struct parsed p;

	build(&im, &both);
	if (expect_parse(&p, &im, "DT_SONAME"))
		ok(p.vi.soname && strcmp(p.vi.soname, strs[STR_SONAME]) == 0,
		   "DT_SONAME: the soname is %s", strs[STR_SONAME]);
	parsed_free(&p);
	dyn_find(&im, DT_SONAME)->d_un.d_val = im.str_size;	/* one past the end */
	expect_reject(&im, "DT_SONAME at the end of the string table");
	dyn_find(&im, DT_SONAME)->d_un.d_val = ALL_ONES;
	expect_reject(&im, "DT_SONAME all ones");
	dyn_find(&im, DT_SONAME)->d_tag = DT_DEBUG;		/* no DT_SONAME */
	if (expect_parse(&p, &im, "no DT_SONAME"))
		ok(!p.vi.soname, "no DT_SONAME: no soname");
	parsed_free(&p);
	img_free(&im);
}

/*
 * A GNU build ID note of 16 bytes fills the TEXT_SIZE bytes of "code"
 * exactly (12-byte header, "GNU\0", 16 bytes); PT_GNU_STACK becomes its
 * PT_NOTE.  @filesz is that segment's size.
 */
static void add_build_id(struct img *im, uint64_t filesz, uint32_t descsz)
{
	ElfW(Nhdr) *n = at(im, im->text_off);
	ElfW(Phdr) *ph = img_phdr(im, 2);

	n->n_namesz = 4;
	n->n_descsz = descsz;
	n->n_type = NT_GNU_BUILD_ID;
	memcpy(n + 1, "GNU", 4);
	for (int i = 0; i < 16; i++)
		((unsigned char *)(n + 1))[4 + i] = (unsigned char)(0xa0 + i);
	*ph = (ElfW(Phdr)){ .p_type = PT_NOTE, .p_flags = PF_R, .p_offset = im->text_off,
			    .p_vaddr = va(im, im->text_off), .p_filesz = filesz,
			    .p_memsz = filesz, .p_align = 4 };
}

static void test_build_id(void)
{
	struct img im;
	struct parsed p;

	build(&im, &both);
	if (expect_parse(&p, &im, "no PT_NOTE"))
		ok(!p.vi.build_id && p.vi.build_id_len == 0, "no PT_NOTE: no build ID");
	parsed_free(&p);
	add_build_id(&im, TEXT_SIZE, 16);
	if (expect_parse(&p, &im, "a build ID note")) {
		bool same = p.vi.build_id_len == 16;
		for (int i = 0; same && i < 16; i++)
			same = p.vi.build_id[i] == 0xa0 + i;
		ok(same, "the build ID is the 16 bytes a0..af");
		ok(p.vi.build_id >= p.copy && p.vi.build_id + 16 <= p.copy + p.size,
		   "the build ID points inside the image");
	}
	parsed_free(&p);
	add_build_id(&im, TEXT_SIZE - 1, 16);	/* the descriptor overruns the segment */
	if (expect_parse(&p, &im, "a note overrunning its segment"))
		ok(!p.vi.build_id, "a note overrunning its segment: no build ID");
	parsed_free(&p);
	add_build_id(&im, TEXT_SIZE, 0xfffffff0u);	/* a huge descriptor size */
	if (expect_parse(&p, &im, "a note with n_descsz 0xfffffff0"))
		ok(!p.vi.build_id, "n_descsz 0xfffffff0: no build ID");
	parsed_free(&p);
	add_build_id(&im, TEXT_SIZE + 1, 16);	/* the segment overruns the image */
	expect_reject(&im, "a PT_NOTE past the end of the image");
	add_build_id(&im, ALL_ONES, 16);
	expect_reject(&im, "a PT_NOTE of p_filesz all ones");
	img_free(&im);
}

static void test_enumeration(void)
{
	struct img_opts o = both;
	struct vdso_symbol sym;
	struct img im;
	struct parsed p;
	unsigned ndx;
	bool base;

	o.other_version = true;
	build(&im, &o);
	*img_versym(&im, SYM_GETCPU) = 0x8000 | 3;		/* hidden LINUX_OTHER */
	if (expect_parse(&p, &im, "versions and symbols")) {
		bool names_ok = true;
		for (size_t i = 0; i < 3; i++) {
			const char *v = vdso_image_verdef(&p.vi, i, &ndx, &base);
			names_ok &= v && strcmp(v, strs[verdef_str[i]]) == 0 && ndx == i + 1 &&
				    base == (i == 0);
		}
		ok(names_ok, "the 3 version definitions in order, the first the base");
		ok(!vdso_image_verdef(&p.vi, 3, NULL, NULL), "no 4th version definition");
		ok(vdso_image_symbol(&p.vi, SYM_GETTIME, &sym) &&
		   strcmp(sym.name, strs[STR_GETTIME]) == 0 && sym.version &&
		   strcmp(sym.version, "LINUX_2.6") == 0 && !sym.hidden && sym.defined &&
		   sym.type == STT_FUNC && sym.value == text_vaddr(&im, 0),
		   "symbol 1: %s@LINUX_2.6, a defined function at the text", strs[STR_GETTIME]);
		ok(vdso_image_symbol(&p.vi, SYM_GETCPU, &sym) && sym.hidden && sym.version &&
		   strcmp(sym.version, "LINUX_OTHER") == 0,
		   "symbol 2: hidden, version LINUX_OTHER");
		ok(vdso_image_symbol(&p.vi, SYM_NULL, &sym) && !*sym.name && !sym.defined,
		   "symbol 0: the unnamed undefined entry");
		ok(!vdso_image_symbol(&p.vi, NSYMS, &sym), "no symbol past nsyms");
	}
	parsed_free(&p);
	img_sym(&im, SYM_GETCPU)->st_name = im.str_size;	/* past the string table */
	if (expect_parse(&p, &im, "a symbol name past the string table"))
		ok(!vdso_image_symbol(&p.vi, SYM_GETCPU, &sym),
		   "a symbol name past the string table: not given out");
	parsed_free(&p);
	img_free(&im);
}

/* Every symbol and version the parser lets through lies inside the image. */
static void test_enumeration_fuzz(void)
{
	struct img_opts o[2] = { both, gnu_only };
	struct img im[2];
	unsigned parsed = 0, outside = 0;

	o[0].other_version = true;
	for (int i = 0; i < 2; i++) {
		build(&im[i], &o[i]);
		add_build_id(&im[i], TEXT_SIZE, 16);
	}
	for (unsigned round = 0; round < FUZZ_ROUNDS / 2; round++) {
		const struct img *src = &im[round % 2];
		unsigned char *b = heap_copy(src->buf, src->size);
		struct vdso_symbol sym;
		struct parsed p;

		mutate(b, src->size);
		parse_bytes(&p, b, src->size);
		free(b);
		if (p.ret == 0) {
			parsed++;
			for (size_t i = 0; i < p.vi.nsyms; i++)
				if (vdso_image_symbol(&p.vi, i, &sym))
					outside += !str_inside(&p, sym.name) ||
						   (sym.version && !str_inside(&p, sym.version));
			for (size_t i = 0; i < p.vi.verdef_count; i++) {
				const char *v = vdso_image_verdef(&p.vi, i, NULL, NULL);
				outside += v && !str_inside(&p, v);
			}
			outside += p.vi.soname && !str_inside(&p, p.vi.soname);
			outside += p.vi.build_id &&
				   (p.vi.build_id < p.copy ||
				    p.vi.build_id_len > (size_t)(p.copy + p.size - p.vi.build_id));
		}
		parsed_free(&p);
	}
	for (int i = 0; i < 2; i++)
		img_free(&im[i]);
	ok(outside == 0, "enumeration fuzz: %u of %d mutated images parsed; every name, "
	   "version, soname and build ID inside the image (%u not)", parsed, FUZZ_ROUNDS / 2,
	   outside);
}

int main(void)
{
	test_hash_tables();		/* cases 1, 2, 3 and the load bias */
	test_no_versions();		/* case 4 */
	test_version_index();		/* case 5 */
	test_symbol_kinds();
	test_header();			/* case 6 */
	test_failed_lookup();
	test_truncation();		/* case 7 */
	test_sysv_counts();		/* case 8 */
	test_gnu_counts();
	test_gnu_chain();
	test_dynamic_values();
	test_no_hash();
	test_program_headers();
	test_verdef();
	test_symbol_values();
	test_strtab();			/* case 9 */
	test_syment();			/* case 10 */
	test_arch_table();		/* case 11 */
	test_symbol_name();
	test_lookup_names();
	test_hash_entry_size();
	test_sysv_width();
	test_real_vdso();		/* case 12 */
	test_reach_valid();
	test_reach_gnu();
	test_reach_sysv();
	test_reach_verdef_hash();
	test_reach_binding();
	test_reach_real();
	test_fuzz();
	test_soname();
	test_build_id();
	test_enumeration();
	test_enumeration_fuzz();
	return tap_done();
}
