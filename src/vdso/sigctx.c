// SPDX-License-Identifier: GPL-2.0-or-later
/* The interrupted context of a signal handler, per architecture (sigctx.h). */
#include "config.h"

#include <stddef.h>
#include <ucontext.h>

#include "vdso/sigctx.h"

/* One register of the saved context: its offset in ucontext_t and its name. */
struct sigctx_slot {
	size_t off;
	const char *name;
};

#define SLOT(field, name)                                     \
	{                                                     \
		offsetof(ucontext_t, uc_mcontext.field), name \
	}

/* clang-format off */
#if defined(__x86_64__)
/* (not rsp, rip; eflags, the segments and the fault fields are no register) */
static const struct sigctx_slot slots[] = {
	SLOT(gregs[REG_RAX], "rax"), SLOT(gregs[REG_RBX], "rbx"), SLOT(gregs[REG_RCX], "rcx"),
	SLOT(gregs[REG_RDX], "rdx"), SLOT(gregs[REG_RSI], "rsi"), SLOT(gregs[REG_RDI], "rdi"),
	SLOT(gregs[REG_RBP], "rbp"), SLOT(gregs[REG_R8], "r8"), SLOT(gregs[REG_R9], "r9"),
	SLOT(gregs[REG_R10], "r10"), SLOT(gregs[REG_R11], "r11"), SLOT(gregs[REG_R12], "r12"),
	SLOT(gregs[REG_R13], "r13"), SLOT(gregs[REG_R14], "r14"), SLOT(gregs[REG_R15], "r15"),
};
#define PC_SLOT SLOT(gregs[REG_RIP], "rip")
#define SP_SLOT SLOT(gregs[REG_RSP], "rsp")
#elif defined(__i386__)
static const struct sigctx_slot slots[] = {
	SLOT(gregs[REG_EAX], "eax"), SLOT(gregs[REG_EBX], "ebx"), SLOT(gregs[REG_ECX], "ecx"),
	SLOT(gregs[REG_EDX], "edx"), SLOT(gregs[REG_ESI], "esi"), SLOT(gregs[REG_EDI], "edi"),
	SLOT(gregs[REG_EBP], "ebp"),
};
#define PC_SLOT SLOT(gregs[REG_EIP], "eip")
#define SP_SLOT SLOT(gregs[REG_ESP], "esp")
#elif defined(__aarch64__)
#define X(n) SLOT(regs[n], "x" #n)
static const struct sigctx_slot slots[] = {
	X(0), X(1), X(2), X(3), X(4), X(5), X(6), X(7), X(8), X(9), X(10), X(11), X(12),
	X(13), X(14), X(15), X(16), X(17), X(18), X(19), X(20), X(21), X(22), X(23), X(24),
	X(25), X(26), X(27), X(28), X(29), X(30),
};
#define PC_SLOT SLOT(pc, "pc")
#define SP_SLOT SLOT(sp, "sp")
#elif defined(__arm__)
static const struct sigctx_slot slots[] = {
	SLOT(arm_r0, "r0"), SLOT(arm_r1, "r1"), SLOT(arm_r2, "r2"), SLOT(arm_r3, "r3"),
	SLOT(arm_r4, "r4"), SLOT(arm_r5, "r5"), SLOT(arm_r6, "r6"), SLOT(arm_r7, "r7"),
	SLOT(arm_r8, "r8"), SLOT(arm_r9, "r9"), SLOT(arm_r10, "r10"), SLOT(arm_fp, "r11"),
	SLOT(arm_ip, "r12"), SLOT(arm_lr, "lr"),
};
#define PC_SLOT SLOT(arm_pc, "pc")
#define SP_SLOT SLOT(arm_sp, "sp")
#elif defined(__riscv) && __riscv_xlen == 64
/* __gregs[0] is the pc, 2 sp, 3 gp and 4 tp (the C library's) */
#define X(n, name) SLOT(__gregs[n], name)
static const struct sigctx_slot slots[] = {
	X(1, "ra"), X(5, "t0"), X(6, "t1"), X(7, "t2"), X(8, "s0"), X(9, "s1"), X(10, "a0"),
	X(11, "a1"), X(12, "a2"), X(13, "a3"), X(14, "a4"), X(15, "a5"), X(16, "a6"),
	X(17, "a7"), X(18, "s2"), X(19, "s3"), X(20, "s4"), X(21, "s5"), X(22, "s6"),
	X(23, "s7"), X(24, "s8"), X(25, "s9"), X(26, "s10"), X(27, "s11"), X(28, "t3"),
	X(29, "t4"), X(30, "t5"), X(31, "t6"),
};
#define PC_SLOT SLOT(__gregs[0], "pc")
#define SP_SLOT SLOT(__gregs[2], "sp")
#elif defined(__powerpc64__)
/* gp_regs[]: r0..r31, then nip (32) ... ctr (35), link (36) (asm/ptrace.h) */
#define R(n) SLOT(gp_regs[n], "r" #n)
static const struct sigctx_slot slots[] = {
	R(0), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12), R(14), R(15),
	R(16), R(17), R(18), R(19), R(20), R(21), R(22), R(23), R(24), R(25), R(26), R(27),
	R(28), R(29), R(30), R(31), SLOT(gp_regs[35], "ctr"), SLOT(gp_regs[36], "lr"),
};
#define PC_SLOT SLOT(gp_regs[32], "nip")
#define SP_SLOT SLOT(gp_regs[1], "r1")
#elif defined(__s390x__)
#define R(n) SLOT(gregs[n], "r" #n)
static const struct sigctx_slot slots[] = {
	R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12),
	R(13), R(14),
};
#define PC_SLOT SLOT(psw.addr, "psw.addr")
#define SP_SLOT SLOT(gregs[15], "r15")
#else
#define SIGCTX_UNKNOWN
#endif
/* clang-format on */

#ifdef SIGCTX_UNKNOWN
bool sigctx_known(void)
{
	return false;
}

uintptr_t sigctx_pc(const void *uc)
{
	(void)uc;
	return 0;
}

uintptr_t sigctx_sp(const void *uc)
{
	(void)uc;
	return 0;
}

unsigned sigctx_nregs(void)
{
	return 0;
}

unsigned long *sigctx_reg(void *uc, unsigned i, const char **name)
{
	(void)uc, (void)i, (void)name;
	return NULL;
}

const char *sigctx_reg_name(unsigned i)
{
	(void)i;
	return "?";
}
#else
static const struct sigctx_slot pc_slot = PC_SLOT, sp_slot = SP_SLOT;

static unsigned long slot_value(const void *uc, const struct sigctx_slot *s)
{
	return *(const unsigned long *)(const void *)((const char *)uc + s->off);
}

bool sigctx_known(void)
{
	return true;
}

uintptr_t sigctx_pc(const void *uc)
{
	return slot_value(uc, &pc_slot);
}

uintptr_t sigctx_sp(const void *uc)
{
	return slot_value(uc, &sp_slot);
}

unsigned sigctx_nregs(void)
{
	return sizeof(slots) / sizeof(slots[0]);
}

unsigned long *sigctx_reg(void *uc, unsigned i, const char **name)
{
	if (i >= sigctx_nregs())
		return NULL;
	if (name)
		*name = slots[i].name;
	return (unsigned long *)(void *)((char *)uc + slots[i].off);
}

const char *sigctx_reg_name(unsigned i)
{
	return i < sigctx_nregs() ? slots[i].name : "?";
}
#endif
