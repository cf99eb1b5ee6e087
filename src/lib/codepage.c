// SPDX-License-Identifier: GPL-2.0-or-later
/* A page of machine code written at run time; see codepage.h. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib/codepage.h"

bool code_page_can_write(void)
{
#if defined(__riscv) || defined(__powerpc__) || defined(__x86_64__) || defined(__i386__)
	return true;
#else
	return false;
#endif
}

int code_page_open(struct code_page *cp, bool may_switch)
{
	cp->size = (size_t)sysconf(_SC_PAGESIZE);
	cp->rwx = true;
	cp->base = mmap(NULL, cp->size, PROT_READ | PROT_WRITE | PROT_EXEC,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (cp->base == MAP_FAILED && may_switch) {
		cp->rwx = false;
		cp->base = mmap(NULL, cp->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				-1, 0);
	}
	if (cp->base == MAP_FAILED) {
		int err = errno;
		cp->base = NULL;
		return err;
	}
	return 0;
}

/* The code of "return @n" at @p; its bytes, 0 where this build has no writer. */
static size_t write_return(unsigned char *p, unsigned n)
{
#if defined(__riscv)
	const uint32_t insn[2] = { 0x00000513u | (n & 0xfffu) << 20, 0x00008067u };

	for (int i = 0; i < 8; i++) /* (instructions are little-endian words) */
		p[i] = (unsigned char)(insn[i / 4] >> (8 * (i % 4)));
	return 8;
#elif defined(__powerpc__)
	const uint32_t insn[2] = { 0x38600000u | (n & 0x7fffu), 0x4e800020u };

	memcpy(p, insn, sizeof(insn)); /* (in the byte order of data) */
	return sizeof(insn);
#elif defined(__x86_64__) || defined(__i386__)
	p[0] = 0xb8;
	for (int i = 0; i < 4; i++)
		p[1 + i] = (unsigned char)(n >> (8 * i));
	p[5] = 0xc3;
	return 6;
#else
	(void)p;
	(void)n;
	return 0;
#endif
}

size_t code_page_write(struct code_page *cp, size_t off, unsigned n)
{
	size_t len;

	if (!code_page_can_write()) {
		errno = ENOSYS;
		return 0;
	}
	if (!cp->base || n < 1 || n > CODE_PAGE_RETURN_MAX || off % 4 ||
	    off > cp->size - CODE_PAGE_CODE_MAX) {
		errno = EINVAL;
		return 0;
	}
	if (!cp->rwx && mprotect(cp->base, cp->size, PROT_READ | PROT_WRITE) != 0)
		return 0;
	len = write_return(cp->base + off, n);
	if (!cp->rwx && mprotect(cp->base, cp->size, PROT_READ | PROT_EXEC) != 0)
		return 0;
	return len;
}

int code_page_call(const struct code_page *cp, size_t off)
{
	const unsigned char *code = cp->base + off;
	int (*f)(void);

#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
	/* ELFv1: a function pointer points to a descriptor (entry, TOC, environment) */
	const void *desc[3] = { code, NULL, NULL };
	const void *fp = desc;
#else
	const void *fp = code;
#endif
	/* (ISO C has no function pointer from an object pointer; POSIX dlsym() needs it) */
	memcpy(&f, &fp, sizeof(f));
	return f();
}

void code_page_close(struct code_page *cp)
{
	if (cp->base)
		munmap(cp->base, cp->size);
	cp->base = NULL;
}
