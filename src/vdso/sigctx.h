/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The interrupted context a signal handler receives (its third argument,
 * a ucontext_t, when installed with SA_SIGINFO), per architecture: the
 * program counter, and the general-purpose registers the signal frame
 * saves and rt_sigreturn(2) restores.  Field names: glibc's and musl's
 * <sys/ucontext.h>; which register holds what: each architecture's psABI
 * and the kernel's arch/ARCH/include/uapi/asm/sigcontext.h.
 */
#ifndef VDSOTEST_SIGCTX_H
#define VDSOTEST_SIGCTX_H

#include <stdbool.h>
#include <stdint.h>

/*
 * sigctx_known - does this build know the ucontext layout of its
 * architecture (x86_64, i386, aarch64, arm, riscv64, powerpc64, s390x)?
 * Where false, sigctx_pc() returns 0 and sigctx_nregs() 0.
 */
bool sigctx_known(void);

/* sigctx_pc - the interrupted program counter saved in @uc (a ucontext_t *). */
uintptr_t sigctx_pc(const void *uc);

/* sigctx_sp - the interrupted stack pointer saved in @uc. */
uintptr_t sigctx_sp(const void *uc);

/*
 * sigctx_nregs - how many registers sigctx_reg() gives: the
 * general-purpose registers a handler may give any value, for the
 * kernel to load at rt_sigreturn(2), without breaking the handler that
 * the kernel would start right after it (so not the stack pointer, the
 * program counter, nor a thread or global pointer the C library keeps in
 * one: riscv's gp and tp, powerpc64's r2 and r13).  0 .. 32.
 */
unsigned sigctx_nregs(void);

/*
 * sigctx_reg - register @i (0 .. sigctx_nregs() - 1) of the context @uc:
 * its slot in the saved frame (an unsigned long wide: the register's
 * width on every architecture above) and, into @name when not NULL, its
 * name ("rbx", "x19", ...).  Return: NULL when @i is out of range.
 */
unsigned long *sigctx_reg(void *uc, unsigned i, const char **name);

/* sigctx_reg_name - the name of register @i of sigctx_reg() ("rbx", "x19"), or "?". */
const char *sigctx_reg_name(unsigned i);

#endif
