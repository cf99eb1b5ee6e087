/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A page of machine code written at run time: the functional check of the
 * instruction-cache flushes (riscv-flush-icache, powerpc-sync-dicache)
 * writes a function that returns a number into an executable mapping,
 * makes it visible to instruction fetch through the vDSO, calls it, writes
 * another number in its place and calls again.  This module owns the
 * mapping, the writing of the code and the call; the flush is the
 * family's.  Nothing here flushes an instruction cache: on a machine whose
 * instruction fetch does not follow stores (riscv, powerpc without a
 * coherent instruction cache), a call without the family's flush in
 * between may run the old code, which is what the check looks for.
 */
#ifndef VDSOTEST_CODEPAGE_H
#define VDSOTEST_CODEPAGE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The largest number a written function can return on this build: the
 * immediate of one instruction, riscv's addi (12 bits, signed: 2047) and
 * powerpc's li (16 bits, signed: 32767); x86's mov takes 32 bits, limited
 * to powerpc's for one range everywhere.
 */
#if defined(__riscv)
#define CODE_PAGE_RETURN_MAX 2047u
#else
#define CODE_PAGE_RETURN_MAX 32767u
#endif

/* The bytes of the longest function code_page_write() writes. */
#define CODE_PAGE_CODE_MAX 8

struct code_page {
	unsigned char *base; /* the mapping, page-aligned; NULL when closed */
	size_t size;	     /* its bytes: one page (sysconf(_SC_PAGESIZE)) */
	bool rwx;	     /* read-write-execute; else switched by mprotect() */
};

/*
 * code_page_can_write - does this build have a code writer?  riscv,
 * powerpc (32 and 64 bits, either byte order) and x86 (the host tests of
 * the test seam, tests/fake-vdso.c); false elsewhere (the check skips).
 */
bool code_page_can_write(void);

/*
 * code_page_open - map one anonymous private page for code into @cp:
 * PROT_READ | PROT_WRITE | PROT_EXEC; where that is refused (a policy
 * against writable code, e.g. SELinux execmem or PaX MPROTECT) and
 * @may_switch, a read-write page that code_page_write() switches to
 * read-execute after each write (mprotect(2)).
 * Return: 0; or mmap(2)'s errno (@cp->base NULL).
 */
int code_page_open(struct code_page *cp, bool may_switch);

/*
 * code_page_write - write at @off bytes into @cp the function
 * int f(void) { return @n; } (@n 1 .. CODE_PAGE_RETURN_MAX; @off a
 * multiple of 4, at most @cp->size - CODE_PAGE_CODE_MAX), and leave the
 * page executable.  The instructions (one load of an immediate and a
 * return): riscv "addi a0, zero, n; jalr zero, 0(ra)" (RISC-V
 * unprivileged ISA, RV32I, opcodes 0x13 and 0x67, little-endian words);
 * powerpc "li r3, n; blr" (Power ISA: addi, opcode 14; bclr 0x4e800020),
 * in the byte order of data; x86 "mov eax, imm32; ret" (B8 id, C3: Intel
 * SDM vol. 2).
 * Return: the function's bytes (4 .. CODE_PAGE_CODE_MAX); 0 with errno:
 * ENOSYS (no writer: code_page_can_write()), EINVAL (@n or @off out of
 * range), or mprotect(2)'s errno (a switched page).
 */
size_t code_page_write(struct code_page *cp, size_t off, unsigned n);

/*
 * code_page_call - call the function code_page_write() wrote at @off of
 * @cp.  Return: what it returns (the number written, if instruction fetch
 * saw the last write).  On 64-bit powerpc ELFv1 the call goes through a
 * function descriptor (entry, TOC, environment) made for it.
 */
int code_page_call(const struct code_page *cp, size_t off);

/* code_page_close - unmap @cp's page, if open; @cp is closed after. */
void code_page_close(struct code_page *cp);

#endif
