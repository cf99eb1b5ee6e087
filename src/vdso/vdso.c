// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The vDSO as an ELF image: find it, validate it, look up versioned symbols.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdalign.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
/* VDSOTEST_NO_DLOPEN: a build without --vdso-lib (the static unit test). */
#if defined(HAVE_DLOPEN) && !defined(VDSOTEST_NO_DLOPEN)
#include <dlfcn.h>
#endif

#include "vdso/arch.h"
#include "vdso/vdso.h"

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258
#endif

#ifndef EM_ALPHA
#define EM_ALPHA 0x9026
#endif

/*
 * Symbol prefixes and version nodes: the kernel's vDSO linker scripts (see
 * vdso_arch_find() in vdso.h); the second prefix is the other one.
 */
static const struct vdso_arch vdso_arches[] = {
	{ EM_X86_64, "x86_64", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_386, "i386", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_ARM, "arm", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_AARCH64, "aarch64", "__kernel_", "__vdso_", "LINUX_2.6.39" },
	{ EM_PPC, "powerpc", "__kernel_", "__vdso_", "LINUX_2.6.15" },
	{ EM_PPC64, "powerpc64", "__kernel_", "__vdso_", "LINUX_2.6.15" },
	{ EM_S390, "s390", "__kernel_", "__vdso_", "LINUX_2.6.29" },
	{ EM_MIPS, "mips", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_RISCV, "riscv", "__vdso_", "__kernel_", "LINUX_4.15" },
	{ EM_LOONGARCH, "loongarch", "__vdso_", "__kernel_", "LINUX_5.10" },
	/* arch/sparc/vdso/vdso.lds.S and vdso32/vdso32.lds.S */
	{ EM_SPARCV9, "sparc64", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_SPARC32PLUS, "sparc", "__vdso_", "__kernel_", "LINUX_2.6" },
	{ EM_SPARC, "sparc", "__vdso_", "__kernel_", "LINUX_2.6" },
};

static const char *const call_names[VDSO_NR_CALLS] = {
	[VDSO_CLOCK_GETTIME] = "clock_gettime",
	[VDSO_CLOCK_GETRES] = "clock_getres",
	[VDSO_GETTIMEOFDAY] = "gettimeofday",
	[VDSO_TIME] = "time",
	[VDSO_GETCPU] = "getcpu",
	[VDSO_GETRANDOM] = "getrandom",
	[VDSO_CLOCK_GETTIME64] = "clock_gettime64",
	[VDSO_CLOCK_GETRES_TIME64] = "clock_getres_time64",
	[VDSO_GET_TBFREQ] = "get_tbfreq",
	[VDSO_GET_SYSCALL_MAP] = "get_syscall_map",
	[VDSO_SYNC_DICACHE] = "sync_dicache",
	/* arch/riscv/kernel/vdso/vdso.lds.S */
	[VDSO_RISCV_HWPROBE] = "riscv_hwprobe",
	[VDSO_FLUSH_ICACHE] = "flush_icache",
	[VDSO_RT_SIGRETURN] = "rt_sigreturn",
};

/* The calls whose name or version an architecture's vDSO spells otherwise. */
static const struct {
	uint16_t machine;
	enum vdso_call call;
	const char *name;    /* NULL: call_names[] */
	const char *version; /* NULL: the architecture's */
} call_exceptions[] = {
	{ EM_PPC64, VDSO_RT_SIGRETURN, "sigtramp_rt64", NULL },
	{ EM_PPC, VDSO_RT_SIGRETURN, "sigtramp_rt32", NULL },
	{ EM_386, VDSO_RT_SIGRETURN, NULL, "LINUX_2.5" },
};

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ELFDATA ELFDATA2LSB
#else
#define NATIVE_ELFDATA ELFDATA2MSB
#endif
#if UINTPTR_MAX == UINT32_MAX
#define NATIVE_ELFCLASS ELFCLASS32
#else
#define NATIVE_ELFCLASS ELFCLASS64
#endif

const struct vdso_arch *vdso_arch_find(uint16_t machine)
{
	for (size_t i = 0; i < sizeof(vdso_arches) / sizeof(vdso_arches[0]); i++)
		if (vdso_arches[i].machine == machine)
			return &vdso_arches[i];
	return NULL;
}

const char *vdso_call_name(enum vdso_call call)
{
	return (unsigned)call < VDSO_NR_CALLS ? call_names[call] : "?";
}

bool vdso_call_on_machine(enum vdso_call call, uint16_t machine)
{
	if (call == VDSO_GET_TBFREQ || call == VDSO_GET_SYSCALL_MAP || call == VDSO_SYNC_DICACHE)
		return machine == EM_PPC64 || machine == EM_PPC;
	if (call == VDSO_RISCV_HWPROBE || call == VDSO_FLUSH_ICACHE)
		return machine == EM_RISCV;
	return true;
}

const char *vdso_call_elsewhere(enum vdso_call call, uint16_t machine)
{
	if (call == VDSO_RT_SIGRETURN && machine == EM_X86_64)
		return "x86_64's vDSO has no signal trampoline: a handler returns through libc's SA_RESTORER";
	return NULL;
}

const char *vdso_arch_call_symbol(const struct vdso_arch *a, enum vdso_call call)
{
	for (size_t i = 0; a && i < sizeof(call_exceptions) / sizeof(call_exceptions[0]); i++)
		if (call_exceptions[i].machine == a->machine && call_exceptions[i].call == call &&
		    call_exceptions[i].name)
			return call_exceptions[i].name;
	return vdso_call_name(call);
}

const char *vdso_arch_call_version(const struct vdso_arch *a, enum vdso_call call)
{
	for (size_t i = 0; a && i < sizeof(call_exceptions) / sizeof(call_exceptions[0]); i++)
		if (call_exceptions[i].machine == a->machine && call_exceptions[i].call == call &&
		    call_exceptions[i].version)
			return call_exceptions[i].version;
	return a ? a->version : NULL;
}

/*
 * Is [off, off + len) inside the image, with off a multiple of align?
 * (The casts of image pointers to ELF structures below go through
 * const void *: their alignment is checked here, at run time.)
 */
static bool in_image(const struct vdso_image *img, uint64_t off, uint64_t len, size_t align)
{
	return off <= img->size && len <= img->size - off &&
	       ((uintptr_t)img->base + off) % align == 0;
}

/*
 * Pointer to @len bytes at virtual address @vaddr, or NULL when they are not
 * inside the image (or misaligned).  The image is mapped as a whole file, so
 * vaddr - p_vaddr(PT_LOAD) + p_offset(PT_LOAD) is the offset in the image.
 */
static const void *vaddr_ptr(const struct vdso_image *img, ElfW(Addr) vaddr, uint64_t len,
			     size_t align)
{
	uintptr_t off = (uintptr_t)vaddr + img->load_bias - (uintptr_t)img->base;

	return in_image(img, off, len, align) ? img->base + off : NULL;
}

static int reject(struct vdso_image *img, const char **why, const char *reason)
{
	memset(img, 0, sizeof(*img));
	if (why)
		*why = reason;
	errno = ENOEXEC;
	return -1;
}

size_t vdso_hash_entry_size(uint16_t machine, unsigned elf_class)
{
	return elf_class == ELFCLASS64 && (machine == EM_S390 || machine == EM_ALPHA) ? 8 : 4;
}

/* Entry @i of a DT_HASH table of @w-byte entries (aligned: vaddr_ptr()). */
static uint64_t hash_entry(const unsigned char *h, size_t w, uint64_t i)
{
	if (w == 8)
		return ((const uint64_t *)(const void *)h)[i];
	return ((const uint32_t *)(const void *)h)[i];
}

/*
 * Number of symbols from a DT_HASH table: its nchain entry.  The entries
 * are 4 or 8 bytes by the image's machine (vdso_hash_entry_size()).
 */
static bool count_sysv_hash(const struct vdso_image *img, ElfW(Addr) addr, size_t *nsyms)
{
	size_t w = vdso_hash_entry_size(img->machine, NATIVE_ELFCLASS);
	const unsigned char *h = vaddr_ptr(img, addr, 2 * w, w);

	if (!h)
		return false;
	uint64_t nbucket = hash_entry(h, w, 0), nchain = hash_entry(h, w, 1);
	/* (8-byte counts could wrap the size computed below) */
	if (nbucket > img->size / w || nchain > img->size / w ||
	    !vaddr_ptr(img, addr, (2 + nbucket + nchain) * w, w))
		return false;
	*nsyms = (size_t)nchain;
	return true;
}

/*
 * Number of symbols from a DT_GNU_HASH table: one past the last symbol
 * reached from any bucket, following its chain to the entry with bit 0 set.
 */
static bool count_gnu_hash(const struct vdso_image *img, ElfW(Addr) addr, size_t *nsyms)
{
	const Elf32_Word *h = vaddr_ptr(img, addr, 4 * sizeof(*h), alignof(Elf32_Word));

	if (!h)
		return false;
	uint64_t nbucket = h[0], symoffset = h[1], bloom_size = h[2];
	/* In 64-bit image offsets: addr + head could wrap a 32-bit ElfW(Addr). */
	uint64_t head = (uint64_t)((const unsigned char *)h - img->base) + 4 * sizeof(*h) +
			bloom_size * sizeof(ElfW(Addr));
	if (nbucket == 0 || !in_image(img, head, nbucket * sizeof(*h), alignof(Elf32_Word)))
		return false;
	const Elf32_Word *buckets = (const void *)(img->base + head);
	const Elf32_Word *chain = buckets + nbucket;
	uint64_t chain_off = (const unsigned char *)chain - img->base;
	uint64_t chain_len = (img->size - chain_off) / sizeof(*h);
	uint64_t last = 0;

	for (uint64_t b = 0; b < nbucket; b++)
		if (buckets[b] > last)
			last = buckets[b];
	if (last == 0) { /* every bucket empty */
		*nsyms = symoffset;
		return true;
	}
	if (last < symoffset)
		return false;
	for (;;) {
		if (last - symoffset >= chain_len)
			return false;
		if (chain[last - symoffset] & 1)
			break;
		last++;
	}
	*nsyms = last + 1;
	return true;
}

/* Validate DT_VERDEF: @count entries linked by vd_next, each with a name. */
static bool check_verdef(const struct vdso_image *img)
{
	/* Walk in 64-bit offsets: p += vd_next could wrap a 32-bit pointer. */
	uint64_t off = (const unsigned char *)img->verdef - img->base;

	for (size_t i = 0; i < img->verdef_count; i++) {
		if (!in_image(img, off, sizeof(ElfW(Verdef)), alignof(ElfW(Verdef))))
			return false;
		const unsigned char *p = img->base + off;
		const ElfW(Verdef) *vd = (const void *)p;
		if (vd->vd_version != VER_DEF_CURRENT)
			return false;
		if (vd->vd_cnt &&
		    !in_image(img, off + vd->vd_aux, sizeof(ElfW(Verdaux)), alignof(ElfW(Verdaux))))
			return false;
		if (vd->vd_cnt &&
		    ((const ElfW(Verdaux) *)(const void *)(p + vd->vd_aux))->vda_name >=
			    img->strtab_size)
			return false;
		if (i + 1 < img->verdef_count && vd->vd_next == 0)
			return false;
		off += vd->vd_next;
	}
	return true;
}

struct dyn_values {
	ElfW(Addr) strtab, symtab, hash, gnu_hash, versym, verdef;
	uint64_t strsz, syment, verdefnum, soname;
	bool has_soname;
};

static bool read_dynamic(const struct vdso_image *img, const ElfW(Phdr) * dyn_ph,
			 struct dyn_values *v)
{
	if (!in_image(img, dyn_ph->p_offset, dyn_ph->p_filesz, alignof(ElfW(Dyn))))
		return false;
	const ElfW(Dyn) *dyn = (const void *)(img->base + dyn_ph->p_offset);
	size_t n = dyn_ph->p_filesz / sizeof(*dyn);

	memset(v, 0, sizeof(*v));
	for (size_t i = 0; i < n && dyn[i].d_tag != DT_NULL; i++) {
		ElfW(Xword) val = dyn[i].d_un.d_val;
		switch (dyn[i].d_tag) {
		case DT_STRTAB:
			v->strtab = val;
			break;
		case DT_SYMTAB:
			v->symtab = val;
			break;
		case DT_STRSZ:
			v->strsz = val;
			break;
		case DT_SYMENT:
			v->syment = val;
			break;
		case DT_HASH:
			v->hash = val;
			break;
		case DT_GNU_HASH:
			v->gnu_hash = val;
			break;
		case DT_VERSYM:
			v->versym = val;
			break;
		case DT_VERDEF:
			v->verdef = val;
			break;
		case DT_VERDEFNUM:
			v->verdefnum = val;
			break;
		case DT_SONAME:
			v->soname = val;
			v->has_soname = true;
			break;
		default:
			break;
		}
	}
	return true;
}

/* Bytes a note's name or descriptor takes: padded to 4 (System V gABI). */
static uint64_t note_pad(uint64_t n)
{
	return (n + 3) / 4 * 4;
}

/*
 * Find the GNU build ID in the PT_NOTE segment @ph (known to lie in the
 * image).  A note that overruns the segment ends the walk.
 */
static void find_build_id(struct vdso_image *img, const ElfW(Phdr) * ph)
{
	uint64_t off = ph->p_offset, end = ph->p_offset + ph->p_filesz;

	while (end - off >= sizeof(ElfW(Nhdr)) &&
	       in_image(img, off, sizeof(ElfW(Nhdr)), alignof(ElfW(Nhdr)))) {
		const ElfW(Nhdr) *n = (const void *)(img->base + off);
		uint64_t name_off = off + sizeof(*n), desc_off = name_off + note_pad(n->n_namesz);
		uint64_t next = desc_off + note_pad(n->n_descsz);
		if (next > end)
			return;
		if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && n->n_descsz > 0 &&
		    memcmp(img->base + name_off, "GNU", 4) == 0) {
			img->build_id = img->base + desc_off;
			img->build_id_len = n->n_descsz;
			return;
		}
		off = next;
	}
}

int vdso_image_parse(struct vdso_image *img, const void *base, size_t size, const char **why)
{
	const ElfW(Ehdr) *eh = base;
	const ElfW(Phdr) *load = NULL, *dynamic = NULL;
	struct dyn_values dv;

	memset(img, 0, sizeof(*img));
	img->base = base;
	img->size = size;
	if (!base || (uintptr_t)base % alignof(ElfW(Ehdr)))
		return reject(img, why, "image not aligned for an ELF header");
	if (size < SELFMAG || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
		return reject(img, why, "not an ELF file (no ELF magic)");
	if (size < sizeof(*eh))
		return reject(img, why, "image smaller than an ELF header");
	if (eh->e_ident[EI_CLASS] != NATIVE_ELFCLASS)
		return reject(img, why, "wrong ELF class for this program");
	if (eh->e_ident[EI_DATA] != NATIVE_ELFDATA)
		return reject(img, why, "wrong byte order for this program");
	if (eh->e_type != ET_DYN)
		return reject(img, why, "not a shared object (e_type != ET_DYN)");
	if (eh->e_phentsize != sizeof(ElfW(Phdr)) ||
	    !in_image(img, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(ElfW(Phdr)),
		      alignof(ElfW(Phdr))))
		return reject(img, why, "program headers outside the image");
	img->machine = eh->e_machine;

	const ElfW(Phdr) *ph = (const void *)(img->base + eh->e_phoff);
	for (size_t i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !load)
			load = &ph[i];
		else if (ph[i].p_type == PT_DYNAMIC)
			dynamic = &ph[i];
	}
	if (!load || !dynamic)
		return reject(img, why, "no PT_LOAD or no PT_DYNAMIC segment");
	for (size_t i = 0; i < eh->e_phnum && !img->build_id; i++) {
		if (ph[i].p_type != PT_NOTE)
			continue;
		if (!in_image(img, ph[i].p_offset, ph[i].p_filesz, 1))
			return reject(img, why, "PT_NOTE segment outside the image");
		find_build_id(img, &ph[i]);
	}
	img->load_bias = (uintptr_t)img->base + load->p_offset - load->p_vaddr;
	img->load_end = (uint64_t)load->p_offset + load->p_filesz;

	if (!read_dynamic(img, dynamic, &dv))
		return reject(img, why, "dynamic section outside the image");
	if (!dv.symtab || !dv.strtab)
		return reject(img, why, "no DT_SYMTAB or no DT_STRTAB");
	if (dv.syment && dv.syment != sizeof(ElfW(Sym)))
		return reject(img, why, "DT_SYMENT does not match this ELF class");
	size_t gnu_nsyms = 0, sysv_nsyms = 0;
	bool gnu_ok = dv.gnu_hash && count_gnu_hash(img, dv.gnu_hash, &gnu_nsyms);
	bool sysv_ok = dv.hash && count_sysv_hash(img, dv.hash, &sysv_nsyms);
	if (!gnu_ok && !sysv_ok)
		return reject(img, why, "no valid DT_GNU_HASH or DT_HASH table");
	img->nsyms = gnu_ok ? gnu_nsyms : sysv_nsyms;
	/* DT_HASH's nchain is the symbol count (gABI); the GNU table counts
	 * only the symbols its chains reach, and one that misses some is
	 * vdso_image_reachable()'s to report, with the symbols still seen */
	if (gnu_ok && sysv_ok && sysv_nsyms > gnu_nsyms &&
	    vaddr_ptr(img, dv.symtab, (uint64_t)sysv_nsyms * sizeof(ElfW(Sym)), alignof(ElfW(Sym))))
		img->nsyms = sysv_nsyms;
	/* kept for vdso_image_reachable(); a table present but malformed is
	 * its problem, not the parse's (the other table sized the symbols) */
	img->gnu_hash = gnu_ok ? vaddr_ptr(img, dv.gnu_hash, 16, 4) : NULL;
	img->gnu_hash_bad = dv.gnu_hash && !gnu_ok;
	img->sysv_hash = sysv_ok ? vaddr_ptr(img, dv.hash, 1, 1) : NULL;
	img->sysv_hash_bad = dv.hash && !sysv_ok;

	img->strtab = vaddr_ptr(img, dv.strtab, dv.strsz, 1);
	img->strtab_size = dv.strsz;
	if (!img->strtab || dv.strsz == 0 || img->strtab[dv.strsz - 1] != '\0')
		return reject(img, why, "string table outside the image or unterminated");
	img->symtab = vaddr_ptr(img, dv.symtab, (uint64_t)img->nsyms * sizeof(ElfW(Sym)),
				alignof(ElfW(Sym)));
	if (!img->symtab)
		return reject(img, why, "symbol table outside the image");

	if (dv.versym) {
		img->versym = vaddr_ptr(img, dv.versym, (uint64_t)img->nsyms * sizeof(ElfW(Half)),
					alignof(ElfW(Half)));
		if (!img->versym)
			return reject(img, why, "DT_VERSYM outside the image");
	}
	if (dv.has_soname) {
		if (dv.soname >= dv.strsz)
			return reject(img, why, "DT_SONAME outside the string table");
		img->soname = img->strtab + dv.soname;
	}
	if (dv.verdef && dv.verdefnum) {
		img->verdef = vaddr_ptr(img, dv.verdef, sizeof(ElfW(Verdef)),
					alignof(ElfW(Verdef)));
		img->verdef_count = dv.verdefnum;
		if (!img->verdef || !check_verdef(img))
			return reject(img, why, "DT_VERDEF malformed or outside the image");
	}
	return 0;
}

/* Does symbol @i carry version @version?  (Validated by check_verdef().) */
static bool symbol_has_version(const struct vdso_image *img, size_t i, const char *version)
{
	if (!version || !img->versym || !img->verdef)
		return true;
	unsigned ndx = img->versym[i] & 0x7fff; /* bit 15: hidden */
	if (ndx == VER_NDX_GLOBAL)
		return true;

	uint64_t off = (const unsigned char *)img->verdef - img->base;
	for (size_t v = 0; v < img->verdef_count; v++) {
		const unsigned char *p = img->base + off;
		const ElfW(Verdef) *vd = (const void *)p;
		if ((vd->vd_ndx & 0x7fff) == ndx && !(vd->vd_flags & VER_FLG_BASE) && vd->vd_cnt) {
			const ElfW(Verdaux) *aux = (const void *)(p + vd->vd_aux);
			return strcmp(img->strtab + aux->vda_name, version) == 0;
		}
		off += vd->vd_next; /* the same walk check_verdef() bounded */
	}
	return false;
}

const char *vdso_image_verdef(const struct vdso_image *img, size_t i, unsigned *ndx, bool *base)
{
	if (!img->verdef || i >= img->verdef_count)
		return NULL;
	uint64_t off = (const unsigned char *)img->verdef - img->base;
	for (size_t v = 0; v < i; v++) { /* the walk check_verdef() bounded */
		const ElfW(Verdef) *vd = (const void *)(img->base + off);
		off += vd->vd_next;
	}
	const ElfW(Verdef) *vd = (const void *)(img->base + off);
	if (ndx)
		*ndx = vd->vd_ndx & 0x7fff;
	if (base)
		*base = vd->vd_flags & VER_FLG_BASE;
	if (!vd->vd_cnt)
		return NULL;
	const ElfW(Verdaux) *aux = (const void *)(img->base + off + vd->vd_aux);
	return img->strtab + aux->vda_name;
}

/* The name of version index @ndx (not a base node), or NULL. */
static const char *version_name(const struct vdso_image *img, unsigned ndx)
{
	unsigned n;
	bool base;

	for (size_t v = 0; v < img->verdef_count; v++) {
		const char *name = vdso_image_verdef(img, v, &n, &base);
		if (n == ndx && !base)
			return name;
	}
	return NULL;
}

bool vdso_image_symbol(const struct vdso_image *img, size_t i, struct vdso_symbol *out)
{
	if (!img->symtab || i >= img->nsyms)
		return false;
	const ElfW(Sym) *s = &img->symtab[i];
	if (s->st_name >= img->strtab_size)
		return false;
	*out = (struct vdso_symbol){
		.name = img->strtab + s->st_name,
		.value = s->st_value,
		.size = s->st_size,
		.type = ELF64_ST_TYPE(s->st_info),
		.bind = ELF64_ST_BIND(s->st_info),
		.defined = s->st_shndx != SHN_UNDEF,
	};
	if (img->versym && img->verdef) {
		out->hidden = img->versym[i] & 0x8000;
		out->version = version_name(img, img->versym[i] & 0x7fff);
	}
	return true;
}

/* Index of the symbol vdso_image_lookup() returns, or img->nsyms when none. */
static size_t find_symbol(const struct vdso_image *img, const char *name, const char *version)
{
	for (size_t i = 0; img->symtab && i < img->nsyms; i++) {
		const ElfW(Sym) *s = &img->symtab[i];
		unsigned type = ELF64_ST_TYPE(s->st_info);
		unsigned bind = ELF64_ST_BIND(s->st_info);

		if (s->st_shndx == SHN_UNDEF || s->st_name >= img->strtab_size)
			continue;
		if (type != STT_FUNC && type != STT_NOTYPE)
			continue;
		if (bind != STB_GLOBAL && bind != STB_WEAK)
			continue;
		if (strcmp(img->strtab + s->st_name, name) != 0)
			continue;
		if (!symbol_has_version(img, i, version))
			continue;
		if (!vaddr_ptr(img, s->st_value, 1, 1))
			continue;
		return i;
	}
	return img->nsyms;
}

void *vdso_image_lookup(const struct vdso_image *img, const char *name, const char *version)
{
	size_t i = find_symbol(img, name, version);

	if (i < img->nsyms)
		return (void *)(img->load_bias + img->symtab[i].st_value);
	errno = ENOENT;
	return NULL;
}

/*
 * The System V hash of a symbol name: the gABI's "Hash Table" section
 * (h = (h << 4) + c; the top nibble folded into bits 4..7, then cleared).
 */
static uint32_t sysv_hash_of(const char *name)
{
	uint32_t h = 0;

	for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
		h = (h << 4) + *c;
		uint32_t top = h & 0xf0000000u;
		h ^= top >> 24;
		h &= ~top;
	}
	return h;
}

/* The GNU hash of a name: Bernstein's h * 33 + c from 5381 (glibc dl_new_hash). */
static uint32_t gnu_hash_of(const char *name)
{
	uint32_t h = 5381;

	for (const unsigned char *c = (const unsigned char *)name; *c; c++)
		h = h * 33 + *c;
	return h;
}

/*
 * Does DT_GNU_HASH lead to symbol @target, as glibc's do_lookup_x() walks it:
 * the bloom filter word (h / C) mod nbloom must have bits h mod C and
 * (h >> shift) mod C set (C: bits of an ElfW(Addr)), bucket h mod nbucket
 * gives the first symbol, and the chain (one word per symbol from symoffset,
 * compared without bit 0, bit 0 set on the last) must reach @target with
 * its value matching.  On false, @why says where the walk stopped.
 * (count_gnu_hash() bounded the header, bloom words, buckets and the chains.)
 */
static bool gnu_reaches(const struct vdso_image *img, const char *name, size_t target, char *why,
			size_t len)
{
	const Elf32_Word *h = (const void *)img->gnu_hash;
	uint32_t nbucket = h[0], symoffset = h[1], nbloom = h[2], shift = h[3];
	uint32_t hash = gnu_hash_of(name);
	const unsigned bits = 8 * sizeof(ElfW(Addr));
	ElfW(Addr) word;

	if (nbloom == 0 || (nbloom & (nbloom - 1))) {
		snprintf(why, len, "its bloom filter size %" PRIu32 " is not a power of two",
			 nbloom);
		return false;
	}
	uint32_t w = (hash / bits) & (nbloom - 1);
	/* may be 4-aligned only: copied, not read in place */
	memcpy(&word, img->gnu_hash + 16 + (size_t)w * sizeof(word), sizeof(word));
	uint32_t b1 = hash % bits, b2 = (shift < 32 ? hash >> shift : 0) % bits;
	if (!((word >> b1) & (word >> b2) & 1)) {
		snprintf(why, len,
			 "bloom filter word %" PRIu32 " lacks bit %" PRIu32 " or %" PRIu32
			 " of its GNU hash 0x%08" PRIx32,
			 w, b1, b2, hash);
		return false;
	}
	const Elf32_Word *buckets = h + 4 + (size_t)nbloom * sizeof(ElfW(Addr)) / 4;
	const Elf32_Word *chain = buckets + nbucket;
	uint32_t b = hash % nbucket;
	uint64_t i = buckets[b];
	if (i == 0) {
		snprintf(why, len, "bucket %" PRIu32 " of its GNU hash 0x%08" PRIx32 " is empty", b,
			 hash);
		return false;
	}
	/* count_gnu_hash() walked every chain to its end below img->nsyms */
	for (; i >= symoffset && i < img->nsyms; i++) {
		Elf32_Word v = chain[i - symoffset];
		if (i == target && (v | 1) == (hash | 1))
			return true;
		if (v & 1)
			break;
	}
	snprintf(why, len,
		 "the chain of bucket %" PRIu32 " (GNU hash 0x%08" PRIx32
		 ") does not reach symbol %zu with that hash",
		 b, hash, target);
	return false;
}

/*
 * Does DT_HASH lead to symbol @target: bucket[hash mod nbucket] then
 * chain[i] until STN_UNDEF (gABI "Hash Table"), at most nchain steps?
 */
static bool sysv_reaches(const struct vdso_image *img, const char *name, size_t target, char *why,
			 size_t len)
{
	size_t w = vdso_hash_entry_size(img->machine, NATIVE_ELFCLASS);
	uint64_t nbucket = hash_entry(img->sysv_hash, w, 0),
		 nchain = hash_entry(img->sysv_hash, w, 1);
	uint32_t hash = sysv_hash_of(name);

	if (nbucket == 0) {
		snprintf(why, len, "it has no buckets");
		return false;
	}
	uint64_t b = hash % nbucket;
	uint64_t i = hash_entry(img->sysv_hash, w, 2 + b);
	for (uint64_t steps = 0; i != STN_UNDEF && i < nchain && steps <= nchain; steps++) {
		if (i == target)
			return true;
		i = hash_entry(img->sysv_hash, w, 2 + nbucket + i);
	}
	snprintf(why, len,
		 "the chain of bucket %" PRIu64 " (ELF hash 0x%08" PRIx32
		 ") does not reach symbol %zu",
		 b, hash, target);
	return false;
}

/*
 * Is the vd_hash of symbol @i's version definition the ELF hash of its
 * name (what glibc and parse_vdso.c match versions on)?
 */
static bool verdef_hash_ok(const struct vdso_image *img, size_t i, char *why, size_t len)
{
	if (!img->versym || !img->verdef)
		return true;
	unsigned ndx = img->versym[i] & 0x7fff;
	if (ndx <= VER_NDX_GLOBAL) /* unversioned: no version to match */
		return true;
	uint64_t off = (const unsigned char *)img->verdef - img->base;
	for (size_t v = 0; v < img->verdef_count; v++) {
		const ElfW(Verdef) *vd = (const void *)(img->base + off);
		if ((vd->vd_ndx & 0x7fff) == ndx && !(vd->vd_flags & VER_FLG_BASE) && vd->vd_cnt) {
			const ElfW(Verdaux) *aux = (const void *)(img->base + off + vd->vd_aux);
			const char *vname = img->strtab + aux->vda_name;
			uint32_t want = sysv_hash_of(vname);
			if (vd->vd_hash == want)
				return true;
			snprintf(why, len,
				 "DT_VERDEF: vd_hash of %s is 0x%08" PRIx32
				 ", its ELF hash is 0x%08" PRIx32,
				 vname, (uint32_t)vd->vd_hash, want);
			return false;
		}
		off += vd->vd_next; /* the walk check_verdef() bounded */
	}
	return true;
}

bool vdso_image_reachable(const struct vdso_image *img, const char *name, const char *version,
			  char *why, size_t len)
{
	char detail[160];
	size_t i = find_symbol(img, name, version);

	if (len)
		*why = '\0';
	if (i >= img->nsyms)
		return true; /* nothing to reach */
	if (img->gnu_hash_bad ||
	    (img->gnu_hash && !gnu_reaches(img, name, i, detail, sizeof(detail)))) {
		snprintf(why, len, "%s is not reachable through DT_GNU_HASH: %s", name,
			 img->gnu_hash_bad ? "the table is malformed" : detail);
		return false;
	}
	if (img->sysv_hash_bad ||
	    (img->sysv_hash && !sysv_reaches(img, name, i, detail, sizeof(detail)))) {
		snprintf(why, len, "%s is not reachable through DT_HASH: %s", name,
			 img->sysv_hash_bad ? "the table is malformed" : detail);
		return false;
	}
	if (!verdef_hash_ok(img, i, detail, sizeof(detail))) {
		snprintf(why, len, "%s is not reachable under its version: %s", name, detail);
		return false;
	}
	return true;
}

/*
 * Bytes of the image that the ELF headers account for: the end of the
 * furthest segment or of the section header table.  Only called on a
 * header already known to lie in mapped memory.
 */
static size_t image_extent(const ElfW(Ehdr) * eh, size_t mapped)
{
	uint64_t end = (uint64_t)eh->e_shoff + (uint64_t)eh->e_shnum * eh->e_shentsize;

	if (eh->e_phentsize != sizeof(ElfW(Phdr)) || eh->e_phoff > mapped ||
	    (uint64_t)eh->e_phnum * sizeof(ElfW(Phdr)) > mapped - eh->e_phoff)
		return mapped;
	const ElfW(Phdr) *ph = (const void *)((const char *)eh + eh->e_phoff);
	for (size_t i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_offset + ph[i].p_filesz > end)
			end = ph[i].p_offset + ph[i].p_filesz;
	return end < mapped ? (size_t)end : mapped;
}

int vdso_locate(struct vdso_image *img, const char **why)
{
	const size_t cap = 1 << 20;
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *base = (unsigned char *)getauxval(AT_SYSINFO_EHDR);
	size_t mapped = 0;
	unsigned char vec;

	memset(img, 0, sizeof(*img));
	if (!base) {
		if (why)
			*why = "the kernel passed no AT_SYSINFO_EHDR";
		errno = ENOENT;
		return -1;
	}
	if (page <= 0 || (uintptr_t)base % (size_t)page)
		return reject(img, why, "AT_SYSINFO_EHDR is not page aligned");
	while (mapped < cap && mincore(base + mapped, (size_t)page, &vec) == 0)
		mapped += (size_t)page;
	if (mapped < sizeof(ElfW(Ehdr)))
		return reject(img, why, "AT_SYSINFO_EHDR points to unmapped memory");
	if (memcmp(base, ELFMAG, SELFMAG) != 0 || base[EI_CLASS] != NATIVE_ELFCLASS)
		return reject(img, why, "no ELF header of this class at AT_SYSINFO_EHDR");
	return vdso_image_parse(img, base, image_extent((const void *)base, mapped), why);
}

const char *vdso_arch_prefix(const struct vdso_arch *a, unsigned nth)
{
	static const char *const unknown[] = { "__vdso_", "__kernel_" };

	if (nth >= 2)
		return NULL;
	if (!a)
		return unknown[nth];
	return nth == 0 ? a->prefix : a->alt_prefix;
}

const char *vdso_arch_symbol_name(const struct vdso_arch *a, enum vdso_call call, char *buf,
				  size_t len)
{
	snprintf(buf, len, "%s%s", vdso_arch_prefix(a, 0), vdso_arch_call_symbol(a, call));
	return buf;
}

void *vdso_arch_lookup(const struct vdso_image *img, const struct vdso_arch *a, enum vdso_call call,
		       char *buf, size_t len)
{
	const char *prefix;

	for (unsigned n = 0; (prefix = vdso_arch_prefix(a, n)); n++) {
		snprintf(buf, len, "%s%s", prefix, vdso_arch_call_symbol(a, call));
		void *fn = vdso_image_lookup(img, buf, vdso_arch_call_version(a, call));
		if (fn)
			return fn;
	}
	vdso_arch_symbol_name(a, call, buf, len);
	errno = ENOENT;
	return NULL;
}

const char *vdso_symbol_name(enum vdso_call call, char *buf, size_t len)
{
	return vdso_arch_symbol_name(vdso_arch_find(VDSOTEST_NATIVE_EM), call, buf, len);
}

int vdso_bind_kernel(struct vdso_binding *b, const struct vdso_image *img)
{
	const struct vdso_arch *a = vdso_arch_find(VDSOTEST_NATIVE_EM);
	int bound = 0;

	memset(b, 0, sizeof(*b));
	b->source = img ? "kernel vDSO" : "no vDSO";
	if (!img || !a)
		return 0;
	for (int c = 0; c < VDSO_NR_CALLS; c++) {
		if (!vdso_call_on_machine(c, a->machine)) {
			vdso_arch_symbol_name(a, c, b->name[c], sizeof(b->name[c]));
			continue;
		}
		b->fn[c] = vdso_arch_lookup(img, a, c, b->name[c], sizeof(b->name[c]));
		bound += b->fn[c] != NULL;
		if (b->fn[c])
			vdso_image_reachable(img, b->name[c], vdso_arch_call_version(a, c),
					     b->unreachable[c], sizeof(b->unreachable[c]));
	}
	return bound;
}

#if defined(HAVE_DLOPEN) && !defined(VDSOTEST_NO_DLOPEN)
/*
 * Why the ELF file @path cannot be this program's --vdso-lib, in words
 * dlerror() does not find ("cannot open shared object file" for a file of
 * another machine); NULL when it looks loadable or dlopen() should say.
 */
static const char *foreign_object(const char *path)
{
	unsigned char id[EI_NIDENT];
	ElfW(Half) type_machine[2];
	FILE *f = fopen(path, "rbe");
	bool elf;

	if (!f)
		return NULL;
	elf = fread(id, 1, sizeof(id), f) == sizeof(id) && memcmp(id, ELFMAG, SELFMAG) == 0 &&
	      fread(type_machine, sizeof(type_machine[0]), 2, f) == 2;
	fclose(f);
	if (!elf || id[EI_DATA] != NATIVE_ELFDATA)
		return NULL;
	if (id[EI_CLASS] != NATIVE_ELFCLASS)
		return "an ELF object of the other class (32/64-bit) than vdsotest";
	if (type_machine[1] != VDSOTEST_NATIVE_EM)
		return "an ELF object for another machine (e_machine) than vdsotest";
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
	return "not supported with the ELFv1 ABI (dlsym gives function descriptors)";
#endif
	return NULL;
}
#endif

long vdso_reference_syscall(const struct vdso_binding *b, long nr, long a1, long a2)
{
	if (b && b->test_syscall)
		return ((long (*)(long, long, long))b->test_syscall)(nr, a1, a2);
	return syscall(nr, a1, a2);
}

long vdso_reference_syscall5(const struct vdso_binding *b, bool native, long nr, long a1, long a2,
			     long a3, long a4, long a5)
{
	if (b && b->test_syscall5)
		return ((long (*)(long, long, long, long, long, long))b->test_syscall5)(nr, a1, a2,
											a3, a4, a5);
	if (!native) {
		errno = ENOSYS;
		return -1;
	}
	return syscall(nr, a1, a2, a3, a4, a5);
}

int vdso_bind_library(struct vdso_binding *b, const char *path, const char **err)
{
	memset(b, 0, sizeof(*b));
	b->source = path;
	if (strcmp(path, "none") == 0)
		return 0;
#if defined(HAVE_DLOPEN) && !defined(VDSOTEST_NO_DLOPEN)
	char name[4096];

	/* A bare file name means the file in the current directory, not a
	 * search of the library path. */
	snprintf(name, sizeof(name), "%s%s", strchr(path, '/') ? "" : "./", path);
	if ((*err = foreign_object(name))) {
		errno = ENOEXEC;
		return -1;
	}
	void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		*err = dlerror();
		errno = ENOENT;
		return -1;
	}
	const struct vdso_arch *a = vdso_arch_find(VDSOTEST_NATIVE_EM);
	for (int c = 0; c < VDSO_NR_CALLS; c++) {
		const char *prefix;
		for (unsigned n = 0; !b->fn[c] && (prefix = vdso_arch_prefix(a, n)); n++) {
			snprintf(b->name[c], sizeof(b->name[c]), "%s%s", prefix,
				 vdso_arch_call_symbol(a, c));
			b->fn[c] = dlsym(h, b->name[c]);
		}
		if (!b->fn[c])
			vdso_arch_symbol_name(a, c, b->name[c], sizeof(b->name[c]));
	}
	b->test_syscall = dlsym(h, VDSO_TEST_SYSCALL);
	b->test_vsyscall_getcpu = dlsym(h, VDSO_TEST_VSYSCALL_GETCPU);
	b->test_kernel_release = dlsym(h, VDSO_TEST_KERNEL_RELEASE);
	b->test_timebase = dlsym(h, VDSO_TEST_TIMEBASE);
	b->test_cpuinfo = dlsym(h, VDSO_TEST_CPUINFO);
	b->test_syscall5 = dlsym(h, VDSO_TEST_SYSCALL5);
	return 0;
#else
	*err = "this build of vdsotest has no dlopen()";
	errno = ENOSYS;
	return -1;
#endif
}
