/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Locating the vDSO, parsing its ELF dynamic section and looking up
 * versioned symbols.
 *
 * The parser never trusts the image: every offset, address and count is
 * checked against the size given to vdso_image_parse() before it is used.
 */
#ifndef VDSOTEST_VDSO_H
#define VDSOTEST_VDSO_H

#include <link.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The vDSO calls vdsotest knows; the index into struct vdso_binding. */
enum vdso_call {
	VDSO_CLOCK_GETTIME,
	VDSO_CLOCK_GETRES,
	VDSO_GETTIMEOFDAY,
	VDSO_TIME,
	VDSO_GETCPU,
	VDSO_GETRANDOM,
	VDSO_CLOCK_GETTIME64, /* 32-bit targets: 64-bit tv_sec */
	VDSO_CLOCK_GETRES_TIME64,
	/* powerpc only (vdso_call_on_machine()) */
	VDSO_GET_TBFREQ,      /* the timebase frequency in Hz */
	VDSO_GET_SYSCALL_MAP, /* the bitmap of the system calls the kernel has */
	VDSO_SYNC_DICACHE,    /* make stored instructions visible to fetch */
	/* riscv only (vdso_call_on_machine()) */
	VDSO_RISCV_HWPROBE, /* __vdso_riscv_hwprobe (Linux 6.4) */
	VDSO_FLUSH_ICACHE,  /* __vdso_flush_icache (Linux 4.15) */
	/*
	 * The signal trampoline the kernel makes a handler return to (it
	 * calls rt_sigreturn(2)); never called by vdsotest.  Named
	 * "rt_sigreturn" (arm64, riscv, s390, i386, loongarch), on powerpc
	 * "sigtramp_rt64" / "sigtramp_rt32"; none on x86_64 (see
	 * vdso_arch_call_symbol()).
	 */
	VDSO_RT_SIGRETURN,
	VDSO_NR_CALLS
};

/* A parsed vDSO image.  All pointers point into the image itself. */
struct vdso_image {
	const unsigned char *base; /* first byte of the ELF header */
	size_t size;		   /* bytes readable from base */
	uintptr_t load_bias;	   /* add to a virtual address to get a pointer */
	const ElfW(Sym) * symtab;
	size_t nsyms; /* number of entries in symtab */
	const char *strtab;
	size_t strtab_size;
	const ElfW(Half) * versym;   /* NULL when the image has no DT_VERSYM */
	const ElfW(Verdef) * verdef; /* NULL when the image has no DT_VERDEF */
	size_t verdef_count;
	uint16_t machine;	       /* e_machine */
	const char *soname;	       /* DT_SONAME, or NULL */
	const unsigned char *build_id; /* NT_GNU_BUILD_ID descriptor, or NULL */
	size_t build_id_len;	       /* its bytes (0 without one) */
	uint64_t load_end;	       /* p_offset + p_filesz of the first PT_LOAD */
	/* the hash tables a dynamic linker looks symbols up through
	 * (vdso_image_reachable()): NULL when absent or malformed */
	const unsigned char *gnu_hash;	/* DT_GNU_HASH */
	const unsigned char *sysv_hash; /* DT_HASH */
	bool gnu_hash_bad;		/* DT_GNU_HASH present but malformed */
	bool sysv_hash_bad;		/* DT_HASH present but malformed */
};

/* One entry of the dynamic symbol table, as vdso_image_symbol() gives it. */
struct vdso_symbol {
	const char *name;    /* "" for an unnamed symbol */
	uintptr_t value;     /* st_value, a virtual address of the image */
	uint64_t size;	     /* st_size, bytes (0: unknown) */
	unsigned type;	     /* STT_* */
	unsigned bind;	     /* STB_* */
	bool defined;	     /* st_shndx != SHN_UNDEF */
	bool hidden;	     /* versym bit 15: not for the linker */
	const char *version; /* its version node's name, or NULL */
};

/*
 * Per-architecture naming of the vDSO calls.  A call is looked up as
 * prefix + call name first, then as alt_prefix + call name, both with the
 * version node @version (vdso_arch_lookup()).
 */
struct vdso_arch {
	uint16_t machine;	/* EM_* from <elf.h> */
	const char *name;	/* e.g. "x86_64" */
	const char *prefix;	/* its kernel's symbol prefix: "__vdso_" or "__kernel_" */
	const char *alt_prefix; /* the other of the two, tried second */
	const char *version;	/* version node, e.g. "LINUX_2.6" */
};

/*
 * The test seam: three optional symbols a --vdso-lib object may export
 * (tests/fake-vdso.c does), so that a test can hand verify a wrong answer
 * where no fake vDSO function can: from the system call (the kernel) and
 * from the x86_64 vsyscall page.  The kernel's vDSO exports neither name,
 * so they are looked up in a --vdso-lib object only.
 *   long vdsotest_test_syscall(long nr, long a1, long a2): called instead
 *     of syscall(nr, a1, a2) for verify's reference readings
 *     (vdso_reference_syscall()); syscall(2)'s convention (-1 and errno).
 *   long vdsotest_test_vsyscall_getcpu(unsigned *cpu, unsigned *node,
 *     void *cache): called instead of the vsyscall page's getcpu (at
 *     0xffffffffff600800 on x86_64), on any architecture; the kernel's
 *     convention (0 or a negative errno).
 *   const char *vdsotest_test_kernel_release(void): the kernel release the
 *     known kernel bugs are judged against (core/known_bugs.h) instead of
 *     uname(2)'s, "RELEASE" or "RELEASE;VERSION" (uname's release and
 *     version); NULL: uname(2)'s.
 */
#define VDSO_TEST_SYSCALL "vdsotest_test_syscall"
#define VDSO_TEST_VSYSCALL_GETCPU "vdsotest_test_vsyscall_getcpu"
#define VDSO_TEST_KERNEL_RELEASE "vdsotest_test_kernel_release"
/*
 * Two more for the powerpc-get-tbfreq checks (families/tbfreq.c), which
 * read the machine rather than a system call:
 *   uint64_t vdsotest_test_timebase(void): read instead of the timebase
 *     register (mftb), in ticks of the frequency the checks expect;
 *   const char *vdsotest_test_cpuinfo(void): the text read instead of
 *     /proc/cpuinfo.
 */
#define VDSO_TEST_TIMEBASE "vdsotest_test_timebase"
#define VDSO_TEST_CPUINFO "vdsotest_test_cpuinfo"
/*
 * And one for the system calls of more than two arguments:
 *   long vdsotest_test_syscall5(long nr, long a1, long a2, long a3, long a4,
 *     long a5): called instead of syscall(nr, a1 .. a5) by
 *     vdso_reference_syscall5(); syscall(2)'s convention.  It lets a host
 *     test stand in for another architecture's system call (riscv_hwprobe,
 *     riscv_flush_icache on x86_64), under that architecture's number.
 */
#define VDSO_TEST_SYSCALL5 "vdsotest_test_syscall5"

/* Room for the longest symbol name, "__kernel_clock_getres_time64", and more. */
#define VDSO_SYMBOL_NAME_MAX 48

/* Room for a vdso_image_reachable() reason. */
#define VDSO_UNREACHABLE_LEN 256

/* Where the functions of a run come from. */
struct vdso_binding {
	const char *source;	 /* "kernel vDSO", a --vdso-lib path, or "none" */
	void *fn[VDSO_NR_CALLS]; /* NULL where the call is absent */
	/* the name each fn was found under; the first name tried where absent
	 * ("" when nothing was looked up: no vDSO, --vdso-lib none) */
	char name[VDSO_NR_CALLS][VDSO_SYMBOL_NAME_MAX];
	/* kernel vDSO: why a dynamic linker cannot find fn under that name
	 * (vdso_image_reachable()); "" when it can, or when fn is NULL */
	char unreachable[VDSO_NR_CALLS][VDSO_UNREACHABLE_LEN];
	void *test_syscall;	    /* VDSO_TEST_SYSCALL of --vdso-lib, or NULL */
	void *test_vsyscall_getcpu; /* VDSO_TEST_VSYSCALL_GETCPU of --vdso-lib, or NULL */
	void *test_kernel_release;  /* VDSO_TEST_KERNEL_RELEASE of --vdso-lib, or NULL */
	void *test_timebase;	    /* VDSO_TEST_TIMEBASE of --vdso-lib, or NULL */
	void *test_cpuinfo;	    /* VDSO_TEST_CPUINFO of --vdso-lib, or NULL */
	void *test_syscall5;	    /* VDSO_TEST_SYSCALL5 of --vdso-lib, or NULL */
};

/*
 * vdso_reference_syscall - the system call verify compares with:
 * syscall(@nr, @a1, @a2) (pointers passed as long, as syscall(2) takes
 * them), or @b's test_syscall stand-in when --vdso-lib has one; @b may be
 * NULL.  Return: as syscall(2): the call's value, or -1 with errno.
 */
long vdso_reference_syscall(const struct vdso_binding *b, long nr, long a1, long a2);

/*
 * vdso_reference_syscall5 - vdso_reference_syscall() for a system call of
 * up to five arguments: @b's test_syscall5 stand-in when --vdso-lib has
 * one, else syscall(@nr, @a1 .. @a5) when @native (the caller knows @nr is
 * a system call of this build's architecture), else -1 with errno ENOSYS
 * (@nr is another architecture's number: never passed to this kernel).
 * Return: as syscall(2).
 */
long vdso_reference_syscall5(const struct vdso_binding *b, bool native, long nr, long a1, long a2,
			     long a3, long a4, long a5);

/*
 * vdso_image_parse - validate an in-memory ELF image and index its dynamic
 * symbol table.
 * @img:   filled on success; untouched fields are zeroed on failure
 * @base:  the image (the ELF header), aligned as an ElfW(Ehdr) (malloc or
 *         mmap memory is); tables inside it must be naturally aligned
 * @size:  number of bytes readable from @base (1 .. SIZE_MAX)
 * @why:   on failure, set to a static string naming the first problem found
 *
 * The image must be of this program's ELF class and byte order, have exactly
 * the layout of a shared object (a PT_LOAD and a PT_DYNAMIC segment), a
 * DT_SYMTAB and DT_STRTAB, and DT_GNU_HASH or DT_HASH to size the symbol
 * table.  DT_VERSYM, DT_VERDEF, DT_SONAME and a PT_NOTE with the build ID
 * (NT_GNU_BUILD_ID, name "GNU") are optional; a PT_NOTE segment outside the
 * image is an error, notes that overrun their segment end the walk.
 * (ELF layout: System V gABI; GNU hash: the glibc/binutils DT_GNU_HASH format.)
 *
 * Return: 0 on success, -1 if the image is malformed (errno = ENOEXEC).
 */
int vdso_image_parse(struct vdso_image *img, const void *base, size_t size, const char **why);

/*
 * vdso_image_lookup - find a defined function symbol by name and version.
 * @img:     a successfully parsed image
 * @name:    symbol name, e.g. "__vdso_clock_gettime"
 * @version: version node name (e.g. "LINUX_2.6"), or NULL to accept any;
 *           ignored when the image carries no version information
 *
 * Only STT_FUNC (and STT_NOTYPE) symbols with GLOBAL or WEAK binding and a
 * defined section count (64-bit powerpc's vDSO functions are STT_NOTYPE:
 * arch/powerpc/include/asm/vdso.h gives them no .type; glibc, musl and Go's
 * runtime take them, the kernel's parse_vdso.c does not).  The address returned is checked to lie inside the
 * image.
 *
 * Return: the symbol's address, or NULL when it is absent (errno = ENOENT).
 */
void *vdso_image_lookup(const struct vdso_image *img, const char *name, const char *version);

/*
 * vdso_image_reachable - can a dynamic linker find the symbol that
 * vdso_image_lookup(@img, @name, @version) finds?  glibc's ld.so
 * (elf/dl-lookup.c, do_lookup_x) and the kernel's
 * tools/testing/selftests/vDSO/parse_vdso.c (vdso_sym) never scan the
 * symbol table: they go through the hash tables, and match the version on
 * its hash.  So each table the image has must lead to that symbol:
 *   DT_GNU_HASH (the GNU format of glibc and binutils): the bloom filter
 *     word (h / C) & (nbloom - 1) has bits h % C and (h >> shift) % C set
 *     (C: bits of an ElfW(Addr); nbloom a power of two, as glibc requires);
 *     bucket h % nbucket starts a chain whose values, compared without
 *     bit 0 (bit 0 ends the chain), reach the symbol with h's value;
 *     h is the GNU hash (h = h * 33 + c from 5381);
 *   DT_HASH (System V gABI, "Hash Table"): bucket[h % nbucket] and
 *     chain[] reach the symbol before STN_UNDEF; h is the gABI ELF hash;
 *     entries of vdso_hash_entry_size() bytes;
 *   its version definition (DT_VERDEF) has vd_hash == the ELF hash of its
 *     name (parse_vdso.c's vdso_match_version(), glibc's l_versions[].hash).
 * A table present but malformed (vdso_image_parse() sized the symbols by
 * the other one) leads nowhere.
 * @why: on false, set to one line of at most @len bytes, e.g.
 *       "__vdso_clock_gettime is not reachable through DT_GNU_HASH: bucket 0
 *       of its GNU hash 0x... is empty"; "" on true
 *
 * Return: true when every table present leads to the symbol, or when
 * vdso_image_lookup() finds none (nothing to reach); false otherwise.
 */
bool vdso_image_reachable(const struct vdso_image *img, const char *name, const char *version,
			  char *why, size_t len);

/*
 * vdso_image_symbol - entry @i (0 .. img->nsyms - 1) of the dynamic symbol
 * table of a parsed image, into @out.  Names and version names are inside
 * the image's string table (vdso_image_parse() bounded it).
 * Return: true; false when @i is out of range or its st_name lies outside
 * the string table (then @out is not filled).
 */
bool vdso_image_symbol(const struct vdso_image *img, size_t i, struct vdso_symbol *out);

/*
 * vdso_image_verdef - version definition @i (0 .. img->verdef_count - 1)
 * of a parsed image, in DT_VERDEF order.
 * @ndx:  if not NULL, set to its index (vd_ndx, what versym entries refer to)
 * @base: if not NULL, set to whether it is the base node (VER_FLG_BASE: the
 *        soname, not a version)
 * Return: its name, or NULL when @i is out of range or it has no name.
 */
const char *vdso_image_verdef(const struct vdso_image *img, size_t i, unsigned *ndx, bool *base);

/*
 * vdso_arch_find - the naming conventions for an ELF machine.
 * @machine: EM_* value (e_machine of the vDSO image)
 *
 * Symbol prefixes and version strings come from each architecture's vDSO
 * linker script in the kernel (arch/ARCH/kernel/vdso/vdso.lds.S and its variants, or
 * arch/x86/entry/vdso/vdso.lds.S); the same names as the kernel's
 * tools/testing/selftests/vDSO/vdso_config.h.  No architecture of the kernel
 * tree has renamed its calls from one prefix to the other (s390 kept
 * __kernel_ through its move to the generic vDSO (lib/vdso), arm64's compat vDSO
 * uses arm's __vdso_); alt_prefix is for the vDSOs that did not come from
 * those scripts (out-of-tree kernels, emulators, --vdso-lib objects), as the
 * original vdsotest tried both names on every architecture.
 *
 * Return: the table row, or NULL for an architecture vdsotest does not know.
 */
const struct vdso_arch *vdso_arch_find(uint16_t machine);

/*
 * vdso_arch_prefix - the @nth (0, 1) symbol prefix to try for architecture
 * @a: a->prefix, then a->alt_prefix; "__vdso_", then "__kernel_" when @a is
 * NULL (an unknown machine).
 * Return: the prefix, or NULL when @nth is 2 or more.
 */
const char *vdso_arch_prefix(const struct vdso_arch *a, unsigned nth);

/*
 * vdso_arch_lookup - find @call in @img under each name of architecture @a
 * in turn (vdso_arch_prefix() order), with the version a->version (any
 * version when @a is NULL; see vdso_image_lookup()).
 * @buf: set to the name found, or to the first name tried when none is
 *       found; @len bytes (VDSO_SYMBOL_NAME_MAX fits every name)
 *
 * Return: the address, or NULL when no name is found (errno = ENOENT).
 */
void *vdso_arch_lookup(const struct vdso_image *img, const struct vdso_arch *a, enum vdso_call call,
		       char *buf, size_t len);

/*
 * vdso_hash_entry_size - bytes of one DT_HASH (SysV hash table) entry in an
 * image of machine @machine (EM_*) and class @elf_class (ELFCLASS32 or
 * ELFCLASS64).
 *
 * The System V gABI makes the table an array of Elf32_Word in both classes,
 * except on 64-bit s390 (EM_S390, ELFCLASS64) and on alpha (EM_ALPHA,
 * 0x9026), whose linkers write 8-byte entries: the hash entry size of
 * binutils' bfd/elf64-s390.c and bfd/elf64-alpha.c, and glibc's Elf_Symndx
 * in the <bits/elfclass.h> of s390x ("64 bit Linux for S/390 is exceptional
 * as it has .hash section with 64 bit entries") and of alpha.
 * 31-bit s390 (ELFCLASS32) has 4-byte entries.
 *
 * Return: 8 for those two, 4 otherwise.
 */
size_t vdso_hash_entry_size(uint16_t machine, unsigned elf_class);

/*
 * vdso_arch_call_symbol - the name after the prefix of @call in the vDSO of
 * architecture @a (NULL: unknown): vdso_call_name(@call), except where the
 * kernel's vDSO linker script says otherwise: powerpc's trampoline is
 * "sigtramp_rt64" (arch/powerpc/kernel/vdso/sigtramp64.S) or
 * "sigtramp_rt32" (sigtramp32.S).  Never NULL.
 */
const char *vdso_arch_call_symbol(const struct vdso_arch *a, enum vdso_call call);

/*
 * vdso_arch_call_version - the version node of @call in @a's vDSO:
 * a->version, except i386's trampolines, "LINUX_2.5"
 * (arch/x86/entry/vdso/vdso32/vdso32.lds.S); NULL when @a is NULL.
 */
const char *vdso_arch_call_version(const struct vdso_arch *a, enum vdso_call call);

/* vdso_call_name - the C name of a call ("clock_gettime", ...); never NULL. */
const char *vdso_call_name(enum vdso_call call);

/*
 * vdso_call_on_machine - may the kernel's vDSO of ELF machine @machine
 * (EM_*) export @call?  The calls of lib/vdso (clock_gettime ... getrandom,
 * the time64 ones): true on every machine (whether it does is the lookup's
 * answer).  get_tbfreq, get_syscall_map and sync_dicache: only EM_PPC64
 * and EM_PPC (the kernel's arch/powerpc/kernel/vdso/vdso64.lds.S and
 * vdso32.lds.S export them; no other architecture's script does).
 * riscv_hwprobe and flush_icache: only EM_RISCV
 * (arch/riscv/kernel/vdso/vdso.lds.S).
 */
bool vdso_call_on_machine(enum vdso_call call, uint16_t machine);

/*
 * vdso_call_elsewhere - why the vDSO of @machine (EM_*) never exports
 * @call although vdsotest tests the same thing there through libc, or
 * NULL: rt_sigreturn on EM_X86_64, whose kernel has no signal trampoline
 * in the vDSO and makes every handler return through its sigaction's
 * SA_RESTORER (arch/x86/kernel/signal_64.c; libc always gives one).
 */
const char *vdso_call_elsewhere(enum vdso_call call, uint16_t machine);

/*
 * vdso_locate - find the kernel's vDSO of this process.
 * @img: parsed on success
 * @why: on failure, a static string saying why there is no usable vDSO
 *
 * Uses getauxval(AT_SYSINFO_EHDR); the mapped size is found with mincore(2)
 * page by page (no /proc needed), capped at 1 MiB.
 *
 * Return: 0 on success, -1 if there is no usable vDSO (errno = ENOENT when
 * the kernel passed none, ENOEXEC when it is malformed).
 */
int vdso_locate(struct vdso_image *img, const char **why);

/*
 * vdso_bind_kernel - bind every call to the kernel vDSO's symbol for this
 * architecture: vdso_arch_lookup() with this build's vdso_arch_find() row,
 * the name found in b->name, and in b->unreachable why a dynamic linker
 * could not find it (vdso_image_reachable()).
 * @b:   filled; calls that are absent stay NULL
 * @img: the parsed kernel vDSO, or NULL when there is none (binds nothing)
 *
 * Return: the number of calls bound (0 .. VDSO_NR_CALLS).
 */
int vdso_bind_kernel(struct vdso_binding *b, const struct vdso_image *img);

/*
 * vdso_bind_library - bind every call to the symbol with the kernel vDSO's
 * name for this architecture in a shared object (--vdso-lib), looked up
 * with dlsym() and without a version, under each prefix of
 * vdso_arch_prefix() in turn, the name found in b->name; and the test
 * seam's two symbols (struct vdso_binding) where it has them.  PATH "none"
 * binds nothing.
 * @b:    filled; calls the object lacks stay NULL
 * @path: file name given to dlopen(3)
 * @err:  on failure, a message (from dlerror(3) or a static string)
 *
 * Return: 0 on success, -1 when the object cannot be loaded or when this
 * build has no dlopen() (errno = ENOENT or ENOSYS).
 */
int vdso_bind_library(struct vdso_binding *b, const char *path, const char **err);

/*
 * vdso_arch_symbol_name - the symbol name of @call in the vDSO of
 * architecture @a: "<prefix><call>" (e.g. "__kernel_clock_gettime" on
 * aarch64; the prefixes of struct vdso_arch), "__vdso_<call>" when @a is
 * NULL (an unknown machine), into @buf of @len bytes (truncated to fit).
 * Return: @buf.
 */
const char *vdso_arch_symbol_name(const struct vdso_arch *a, enum vdso_call call, char *buf,
				  size_t len);

/* vdso_symbol_name - vdso_arch_symbol_name() for this build's architecture. */
const char *vdso_symbol_name(enum vdso_call call, char *buf, size_t len);

#endif
