// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The callee-saved register trampolines; see regcheck.h.
 *
 * Each trampoline is one top-level asm function of one argument, a
 * struct frame, and does the same on every architecture:
 *   1. save the callee-saved registers of its own caller on its stack, and
 *      the frame's address;
 *   2. store its stack pointer in the frame's in[] slot of the stack
 *      pointer, load every other checked register from its in[] slot;
 *   3. load the arguments, call fn;
 *   4. find the frame again through the stack pointer, store the return
 *      register in ret (and, on powerpc, the CR in cr), every checked
 *      register in its out[] slot;
 *   5. restore its caller's registers and return.
 * The C code around compares out[] with in[] and names the register.
 * Offsets into the frame are written as numbers in the asm: fn 0, arg[i]
 * 8 + 8i, ret 48, cr 56, in[i] 64 + 8i, out[i] 576 + 8i (the
 * _Static_asserts below hold them to the struct).
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "vdso/arch.h"
#include "vdso/regcheck.h"

#define SLOTS 64

struct frame {
	uint64_t fn;
	uint64_t arg[5];
	uint64_t ret;
	uint64_t cr;
	_Alignas(16) uint64_t in[SLOTS];
	_Alignas(16) uint64_t out[SLOTS];
};

_Static_assert(offsetof(struct frame, ret) == 48, "frame layout");
_Static_assert(offsetof(struct frame, in) == 64, "frame layout");
_Static_assert(offsetof(struct frame, out) == 576, "frame layout");

__thread unsigned vdso_check_armed;
__thread struct vdso_check_record vdso_check_seen;

/* How a slot is compared. */
enum kind {
	GPR,   /* a general register: the bits of an unsigned long */
	SP,    /* the stack pointer: in[] set by the trampoline */
	FPR,   /* 64 bits of a floating-point register */
	MXCSR, /* x86 MXCSR: the control bits 6-15 */
	X87CW, /* x87 control word: bits 0-5 and 8-12 (the others are reserved) */
	CR,    /* powerpc: the CR fields cr2-cr4 of the cr word */
	VEC,   /* 128 bits in two slots */
	ARG4,  /* s390x r6: in[] is the fifth argument */
};

struct reg {
	const char *name;
	enum kind kind;
};

/* The trampoline of this build: fn and its registers in slot order. */
#define HAVE_TRAMPOLINE 1
#if defined(__x86_64__) && !defined(__ILP32__)
static const struct reg regs[] = {
	{ "rbx", GPR }, { "rbp", GPR },	    { "r12", GPR },
	{ "r13", GPR }, { "r14", GPR },	    { "r15", GPR },
	{ "rsp", SP },	{ "MXCSR", MXCSR }, { "x87 control word", X87CW },
};

__asm__(".text\n"
	".p2align 4\n"
	".type vdso_regcheck_tramp, @function\n"
	"vdso_regcheck_tramp:\n"
	"\tpush %rbp\n"
	"\tpush %rbx\n"
	"\tpush %r12\n"
	"\tpush %r13\n"
	"\tpush %r14\n"
	"\tpush %r15\n"
	"\tsub $24, %rsp\n" /* 0: the frame; 8: MXCSR; 12: x87 CW (16-byte aligned) */
	"\tmov %rdi, (%rsp)\n"
	"\tstmxcsr 8(%rsp)\n"
	"\tfnstcw 12(%rsp)\n"
	"\tmov %rsp, 112(%rdi)\n"
	"\tldmxcsr 120(%rdi)\n"
	"\tfldcw 128(%rdi)\n"
	"\tmov 64(%rdi), %rbx\n"
	"\tmov 72(%rdi), %rbp\n"
	"\tmov 80(%rdi), %r12\n"
	"\tmov 88(%rdi), %r13\n"
	"\tmov 96(%rdi), %r14\n"
	"\tmov 104(%rdi), %r15\n"
	"\tmov %rdi, %rax\n"
	"\tmov 0(%rax), %r11\n"
	"\tmov 8(%rax), %rdi\n"
	"\tmov 16(%rax), %rsi\n"
	"\tmov 24(%rax), %rdx\n"
	"\tmov 32(%rax), %rcx\n"
	"\tmov 40(%rax), %r8\n"
	"\tcall *%r11\n"
	"\tmov %rsp, %r11\n"
	"\tmov (%rsp), %rdi\n"
	"\tmov %rax, 48(%rdi)\n"
	"\tmov %rbx, 576(%rdi)\n"
	"\tmov %rbp, 584(%rdi)\n"
	"\tmov %r12, 592(%rdi)\n"
	"\tmov %r13, 600(%rdi)\n"
	"\tmov %r14, 608(%rdi)\n"
	"\tmov %r15, 616(%rdi)\n"
	"\tmov %r11, 624(%rdi)\n"
	"\tstmxcsr 632(%rdi)\n"
	"\tfnstcw 640(%rdi)\n"
	"\tldmxcsr 8(%rsp)\n"
	"\tfldcw 12(%rsp)\n"
	"\tadd $24, %rsp\n"
	"\tpop %r15\n"
	"\tpop %r14\n"
	"\tpop %r13\n"
	"\tpop %r12\n"
	"\tpop %rbx\n"
	"\tpop %rbp\n"
	"\tret\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__i386__)
static const struct reg regs[] = {
	{ "ebx", GPR }, { "esi", GPR }, { "edi", GPR },
	{ "ebp", GPR }, { "esp", SP },	{ "x87 control word", X87CW },
};

/* cdecl: the frame at 4(%esp), the five arguments on the stack */
__asm__(".text\n"
	".p2align 4\n"
	".type vdso_regcheck_tramp, @function\n"
	"vdso_regcheck_tramp:\n"
	"\tpush %ebp\n"
	"\tpush %ebx\n"
	"\tpush %esi\n"
	"\tpush %edi\n"
	"\tmov 20(%esp), %eax\n"
	"\tsub $44, %esp\n" /* 0-19: arguments; 20: the frame; 24: x87 CW */
	"\tmov %eax, 20(%esp)\n"
	"\tfnstcw 24(%esp)\n"
	"\tmov 8(%eax), %ecx\n"
	"\tmov %ecx, 0(%esp)\n"
	"\tmov 16(%eax), %ecx\n"
	"\tmov %ecx, 4(%esp)\n"
	"\tmov 24(%eax), %ecx\n"
	"\tmov %ecx, 8(%esp)\n"
	"\tmov 32(%eax), %ecx\n"
	"\tmov %ecx, 12(%esp)\n"
	"\tmov 40(%eax), %ecx\n"
	"\tmov %ecx, 16(%esp)\n"
	"\tmov %esp, 96(%eax)\n"
	"\tfldcw 104(%eax)\n"
	"\tmov 64(%eax), %ebx\n"
	"\tmov 72(%eax), %esi\n"
	"\tmov 80(%eax), %edi\n"
	"\tmov 88(%eax), %ebp\n"
	"\tcall *0(%eax)\n"
	"\tmov %esp, %ecx\n"
	"\tmov 20(%esp), %edx\n"
	"\tmov %eax, 48(%edx)\n"
	"\tmov %ebx, 576(%edx)\n"
	"\tmov %esi, 584(%edx)\n"
	"\tmov %edi, 592(%edx)\n"
	"\tmov %ebp, 600(%edx)\n"
	"\tmov %ecx, 608(%edx)\n"
	"\tfnstcw 616(%edx)\n"
	"\tfldcw 24(%esp)\n"
	"\tadd $44, %esp\n"
	"\tpop %edi\n"
	"\tpop %esi\n"
	"\tpop %ebx\n"
	"\tpop %ebp\n"
	"\tret\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__aarch64__)
static const struct reg regs[] = {
	{ "x19", GPR }, { "x20", GPR }, { "x21", GPR }, { "x22", GPR }, { "x23", GPR },
	{ "x24", GPR }, { "x25", GPR }, { "x26", GPR }, { "x27", GPR }, { "x28", GPR },
	{ "x29", GPR }, { "sp", SP },	{ "d8", FPR },	{ "d9", FPR },	{ "d10", FPR },
	{ "d11", FPR }, { "d12", FPR }, { "d13", FPR }, { "d14", FPR }, { "d15", FPR },
};

__asm__(".text\n"
	".p2align 2\n"
	".type vdso_regcheck_tramp, %function\n"
	"vdso_regcheck_tramp:\n"
	"\tstp x29, x30, [sp, #-176]!\n"
	"\tmov x29, sp\n"
	"\tstp x19, x20, [sp, #16]\n"
	"\tstp x21, x22, [sp, #32]\n"
	"\tstp x23, x24, [sp, #48]\n"
	"\tstp x25, x26, [sp, #64]\n"
	"\tstp x27, x28, [sp, #80]\n"
	"\tstp d8, d9, [sp, #96]\n"
	"\tstp d10, d11, [sp, #112]\n"
	"\tstp d12, d13, [sp, #128]\n"
	"\tstp d14, d15, [sp, #144]\n"
	"\tstr x0, [sp, #160]\n"
	"\tmov x9, sp\n"
	"\tstr x9, [x0, #152]\n"
	"\tmov x16, x0\n"
	"\tldp x19, x20, [x16, #64]\n"
	"\tldp x21, x22, [x16, #80]\n"
	"\tldp x23, x24, [x16, #96]\n"
	"\tldp x25, x26, [x16, #112]\n"
	"\tldp x27, x28, [x16, #128]\n"
	"\tldr x29, [x16, #144]\n"
	"\tldp d8, d9, [x16, #160]\n"
	"\tldp d10, d11, [x16, #176]\n"
	"\tldp d12, d13, [x16, #192]\n"
	"\tldp d14, d15, [x16, #208]\n"
	"\tldr x17, [x16, #0]\n"
	"\tldp x0, x1, [x16, #8]\n"
	"\tldp x2, x3, [x16, #24]\n"
	"\tldr x4, [x16, #40]\n"
	"\tblr x17\n"
	"\tmov x9, sp\n"
	"\tldr x16, [sp, #160]\n"
	"\tstr x0, [x16, #48]\n"
	"\tadd x15, x16, #576\n"
	"\tstp x19, x20, [x15, #0]\n"
	"\tstp x21, x22, [x15, #16]\n"
	"\tstp x23, x24, [x15, #32]\n"
	"\tstp x25, x26, [x15, #48]\n"
	"\tstp x27, x28, [x15, #64]\n"
	"\tstp x29, x9, [x15, #80]\n"
	"\tstp d8, d9, [x15, #96]\n"
	"\tstp d10, d11, [x15, #112]\n"
	"\tstp d12, d13, [x15, #128]\n"
	"\tstp d14, d15, [x15, #144]\n"
	"\tldp x19, x20, [sp, #16]\n"
	"\tldp x21, x22, [sp, #32]\n"
	"\tldp x23, x24, [sp, #48]\n"
	"\tldp x25, x26, [sp, #64]\n"
	"\tldp x27, x28, [sp, #80]\n"
	"\tldp d8, d9, [sp, #96]\n"
	"\tldp d10, d11, [sp, #112]\n"
	"\tldp d12, d13, [sp, #128]\n"
	"\tldp d14, d15, [sp, #144]\n"
	"\tldp x29, x30, [sp], #176\n"
	"\tret\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__arm__) && defined(__ARM_PCS_VFP)
static const struct reg regs[] = {
	{ "r4", GPR },	{ "r5", GPR },	{ "r6", GPR },	{ "r7", GPR },	{ "r8", GPR },
	{ "r9", GPR },	{ "r10", GPR }, { "r11", GPR }, { "sp", SP },	{ "d8", FPR },
	{ "d9", FPR },	{ "d10", FPR }, { "d11", FPR }, { "d12", FPR }, { "d13", FPR },
	{ "d14", FPR }, { "d15", FPR },
};

#ifdef __thumb__
#define ARM_MODE ".thumb\n.thumb_func\n"
#else
#define ARM_MODE ".arm\n"
#endif

/* AAPCS: r0-r3, the fifth argument at [sp]; 8-byte aligned stack */
__asm__(".syntax unified\n"
	".text\n"
	".p2align 2\n" ARM_MODE ".type vdso_regcheck_tramp, %function\n"
	"vdso_regcheck_tramp:\n"
	"\tpush {r4-r11, lr}\n"
	"\tvpush {d8-d15}\n"
	"\tsub sp, sp, #12\n" /* 0: the fifth argument; 4: the frame */
	"\tstr r0, [sp, #4]\n"
	"\tldr r1, [r0, #40]\n"
	"\tstr r1, [sp]\n"
	"\tmov r1, sp\n"
	"\tstr r1, [r0, #128]\n"
	"\tmov r12, r0\n"
	"\tldr r4, [r12, #64]\n"
	"\tldr r5, [r12, #72]\n"
	"\tldr r6, [r12, #80]\n"
	"\tldr r7, [r12, #88]\n"
	"\tldr r8, [r12, #96]\n"
	"\tldr r9, [r12, #104]\n"
	"\tldr r10, [r12, #112]\n"
	"\tldr r11, [r12, #120]\n"
	"\tadd r1, r12, #136\n"
	"\tvldmia r1, {d8-d15}\n"
	"\tldr r0, [r12, #8]\n"
	"\tldr r1, [r12, #16]\n"
	"\tldr r2, [r12, #24]\n"
	"\tldr r3, [r12, #32]\n"
	"\tldr r12, [r12, #0]\n"
	"\tblx r12\n"
	"\tmov r2, sp\n"
	"\tldr r1, [sp, #4]\n"
	"\tstr r0, [r1, #48]\n"
	"\tstr r4, [r1, #576]\n"
	"\tstr r5, [r1, #584]\n"
	"\tstr r6, [r1, #592]\n"
	"\tstr r7, [r1, #600]\n"
	"\tstr r8, [r1, #608]\n"
	"\tstr r9, [r1, #616]\n"
	"\tstr r10, [r1, #624]\n"
	"\tstr r11, [r1, #632]\n"
	"\tstr r2, [r1, #640]\n"
	"\tadd r3, r1, #648\n"
	"\tvstmia r3, {d8-d15}\n"
	"\tadd sp, sp, #12\n"
	"\tvpop {d8-d15}\n"
	"\tpop {r4-r11, pc}\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
static const struct reg regs[] = {
	{ "r1", SP },	{ "r14", GPR }, { "r15", GPR },	   { "r16", GPR }, { "r17", GPR },
	{ "r18", GPR }, { "r19", GPR }, { "r20", GPR },	   { "r21", GPR }, { "r22", GPR },
	{ "r23", GPR }, { "r24", GPR }, { "r25", GPR },	   { "r26", GPR }, { "r27", GPR },
	{ "r28", GPR }, { "r29", GPR }, { "r30", GPR },	   { "r31", GPR }, { "f14", FPR },
	{ "f15", FPR }, { "f16", FPR }, { "f17", FPR },	   { "f18", FPR }, { "f19", FPR },
	{ "f20", FPR }, { "f21", FPR }, { "f22", FPR },	   { "f23", FPR }, { "f24", FPR },
	{ "f25", FPR }, { "f26", FPR }, { "f27", FPR },	   { "f28", FPR }, { "f29", FPR },
	{ "f30", FPR }, { "f31", FPR }, { "cr2-cr4", CR }, { "v20", VEC }, { NULL, VEC },
	{ "v21", VEC }, { NULL, VEC },	{ "v22", VEC },	   { NULL, VEC },  { "v23", VEC },
	{ NULL, VEC },	{ "v24", VEC }, { NULL, VEC },	   { "v25", VEC }, { NULL, VEC },
	{ "v26", VEC }, { NULL, VEC },	{ "v27", VEC },	   { NULL, VEC },  { "v28", VEC },
	{ NULL, VEC },	{ "v29", VEC }, { NULL, VEC },	   { "v30", VEC }, { NULL, VEC },
	{ "v31", VEC }, { NULL, VEC },
};

/*
 * ELFv2: our frame of 528 bytes: 0-31 the header (back chain, CR, LR,
 * TOC save), 32-223 v20-v31, 224-367 r14-r31, 368-511 f14-f31, 512 the
 * frame's address, 520 the CR.  r12 holds fn at the call (global entry).
 */
__asm__(".text\n"
	".p2align 4\n"
	".type vdso_regcheck_tramp, @function\n"
	"vdso_regcheck_tramp:\n"
	"\tmflr %r0\n"
	"\tstd %r0, 16(%r1)\n"
	"\tstdu %r1, -528(%r1)\n"
	"\tstd %r2, 24(%r1)\n"
	"\taddi %r11, %r1, 32\n"
	"\t.irp n, 20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tstvx %v\\n, 0, %r11\n"
	"\taddi %r11, %r11, 16\n"
	"\t.endr\n"
	"\t.irp n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tstd %r\\n, 224 + 8 * (\\n - 14)(%r1)\n"
	"\tstfd %f\\n, 368 + 8 * (\\n - 14)(%r1)\n"
	"\t.endr\n"
	"\tstd %r3, 512(%r1)\n"
	"\tmfcr %r0\n"
	"\tstd %r0, 520(%r1)\n"
	"\tstd %r1, 64(%r3)\n"
	"\t.irp n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tld %r\\n, 72 + 8 * (\\n - 14)(%r3)\n"
	"\tlfd %f\\n, 216 + 8 * (\\n - 14)(%r3)\n"
	"\t.endr\n"
	"\tld %r0, 360(%r3)\n"
	"\tmtcrf 0x38, %r0\n"
	"\taddi %r11, %r3, 368\n"
	"\t.irp n, 20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tlvx %v\\n, 0, %r11\n"
	"\taddi %r11, %r11, 16\n"
	"\t.endr\n"
	"\tld %r12, 0(%r3)\n"
	"\tmtctr %r12\n"
	"\tld %r4, 16(%r3)\n"
	"\tld %r5, 24(%r3)\n"
	"\tld %r6, 32(%r3)\n"
	"\tld %r7, 40(%r3)\n"
	"\tld %r3, 8(%r3)\n"
	"\tbctrl\n"
	"\tld %r2, 24(%r1)\n"
	"\tmr %r11, %r1\n"
	"\tld %r12, 512(%r1)\n"
	"\tstd %r3, 48(%r12)\n"
	"\tmfcr %r0\n"
	"\tstd %r0, 56(%r12)\n"
	"\tstd %r11, 576(%r12)\n"
	"\t.irp n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tstd %r\\n, 584 + 8 * (\\n - 14)(%r12)\n"
	"\tstfd %f\\n, 728 + 8 * (\\n - 14)(%r12)\n"
	"\t.endr\n"
	"\taddi %r11, %r12, 880\n"
	"\t.irp n, 20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tstvx %v\\n, 0, %r11\n"
	"\taddi %r11, %r11, 16\n"
	"\t.endr\n"
	"\t.irp n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tld %r\\n, 224 + 8 * (\\n - 14)(%r1)\n"
	"\tlfd %f\\n, 368 + 8 * (\\n - 14)(%r1)\n"
	"\t.endr\n"
	"\taddi %r11, %r1, 32\n"
	"\t.irp n, 20,21,22,23,24,25,26,27,28,29,30,31\n"
	"\tlvx %v\\n, 0, %r11\n"
	"\taddi %r11, %r11, 16\n"
	"\t.endr\n"
	"\tld %r0, 520(%r1)\n"
	"\tmtcrf 0x38, %r0\n"
	"\taddi %r1, %r1, 528\n"
	"\tld %r0, 16(%r1)\n"
	"\tmtlr %r0\n"
	"\tblr\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__riscv) && __riscv_xlen == 64
#if defined(__riscv_flen) && __riscv_flen >= 64
#define RISCV_FS 1
#define RISCV_FS_ASM(...) __VA_ARGS__
#else
#define RISCV_FS 0
#define RISCV_FS_ASM(...)
#endif
static const struct reg regs[] = {
	{ "s0", GPR },	 { "s1", GPR },	  { "s2", GPR },  { "s3", GPR },  { "s4", GPR },
	{ "s5", GPR },	 { "s6", GPR },	  { "s7", GPR },  { "s8", GPR },  { "s9", GPR },
	{ "s10", GPR },	 { "s11", GPR },  { "sp", SP },
#if RISCV_FS
	{ "fs0", FPR },	 { "fs1", FPR },  { "fs2", FPR }, { "fs3", FPR }, { "fs4", FPR },
	{ "fs5", FPR },	 { "fs6", FPR },  { "fs7", FPR }, { "fs8", FPR }, { "fs9", FPR },
	{ "fs10", FPR }, { "fs11", FPR },
#endif
};

/* our frame of 224 bytes: 0 ra, 8-96 s0-s11, 104 the frame, 112-200 fs0-fs11 */
__asm__(".text\n"
	".p2align 2\n"
	".type vdso_regcheck_tramp, @function\n"
	"vdso_regcheck_tramp:\n"
	"\taddi sp, sp, -224\n"
	"\tsd ra, 0(sp)\n"
	"\t.irp n, 0,1,2,3,4,5,6,7,8,9,10,11\n"
	"\tsd s\\n, 8 + 8 * \\n(sp)\n" RISCV_FS_ASM(
		"\tfsd fs\\n, 112 + 8 * \\n(sp)\n") "\t.endr\n"
						    "\tsd a0, 104(sp)\n"
						    "\tsd sp, 160(a0)\n"
						    "\tmv t0, a0\n"
						    "\t.irp n, 0,1,2,3,4,5,6,7,8,9,10,11\n"
						    "\tld s\\n, 64 + 8 * \\n(t0)\n" RISCV_FS_ASM(
							    "\tfld fs\\n, 168 + 8 * \\n(t0)\n") "\t.endr\n"
												"\tld t1, 0(t0)\n"
												"\tld a0, 8(t0)\n"
												"\tld a1, 16(t0)\n"
												"\tld a2, 24(t0)\n"
												"\tld a3, 32(t0)\n"
												"\tld a4, 40(t0)\n"
												"\tjalr t1\n"
												"\tmv t1, sp\n"
												"\tld t0, 104(sp)\n"
												"\tsd a0, 48(t0)\n"
												"\t.irp n, 0,1,2,3,4,5,6,7,8,9,10,11\n"
												"\tsd s\\n, 576 + 8 * \\n(t0)\n" RISCV_FS_ASM(
													"\tfsd fs\\n, 680 + 8 * \\n(t0)\n") "\t.endr\n"
																	    "\tsd t1, 672(t0)\n"
																	    "\tld ra, 0(sp)\n"
																	    "\t.irp n, 0,1,2,3,4,5,6,7,8,9,10,11\n"
																	    "\tld s\\n, 8 + 8 * \\n(sp)\n" RISCV_FS_ASM(
																		    "\tfld fs\\n, 112 + 8 * \\n(sp)\n") "\t.endr\n"
																							"\taddi sp, sp, 224\n"
																							"\tret\n"
																							".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#elif defined(__s390x__)
static const struct reg regs[] = {
	{ "r6", ARG4 }, { "r7", GPR },	{ "r8", GPR },	{ "r9", GPR },	{ "r10", GPR },
	{ "r11", GPR }, { "r12", GPR }, { "r13", GPR }, { "r15", SP },	{ "f8", FPR },
	{ "f9", FPR },	{ "f10", FPR }, { "f11", FPR }, { "f12", FPR }, { "f13", FPR },
	{ "f14", FPR }, { "f15", FPR },
};

/*
 * r6-r15 saved in the caller's register save area; our frame of 240
 * bytes: 0-159 the callee's register save area, 160-216 f8-f15, 224
 * the frame.  r6 is also the fifth argument.
 */
__asm__(".text\n"
	".p2align 3\n"
	".type vdso_regcheck_tramp, @function\n"
	"vdso_regcheck_tramp:\n"
	"\tstmg %r6, %r15, 48(%r15)\n"
	"\tlay %r15, -240(%r15)\n"
	"\t.irp n, 8,9,10,11,12,13,14,15\n"
	"\tstd %f\\n, 160 + 8 * (\\n - 8)(%r15)\n"
	"\t.endr\n"
	"\tstg %r2, 224(%r15)\n"
	"\tstg %r15, 128(%r2)\n"
	"\tlgr %r1, %r2\n"
	"\tlmg %r6, %r13, 64(%r1)\n"
	"\t.irp n, 8,9,10,11,12,13,14,15\n"
	"\tld %f\\n, 136 + 8 * (\\n - 8)(%r1)\n"
	"\t.endr\n"
	"\tlg %r2, 8(%r1)\n"
	"\tlg %r3, 16(%r1)\n"
	"\tlg %r4, 24(%r1)\n"
	"\tlg %r5, 32(%r1)\n"
	"\tlg %r1, 0(%r1)\n"
	"\tbasr %r14, %r1\n"
	"\tlgr %r0, %r15\n"
	"\tlg %r1, 224(%r15)\n"
	"\tstg %r2, 48(%r1)\n"
	"\tstmg %r6, %r13, 576(%r1)\n"
	"\tstg %r0, 640(%r1)\n"
	"\t.irp n, 8,9,10,11,12,13,14,15\n"
	"\tstd %f\\n, 648 + 8 * (\\n - 8)(%r1)\n"
	"\tld %f\\n, 160 + 8 * (\\n - 8)(%r15)\n"
	"\t.endr\n"
	"\tlay %r15, 240(%r15)\n"
	"\tlmg %r6, %r15, 48(%r15)\n"
	"\tbr %r14\n"
	".size vdso_regcheck_tramp, . - vdso_regcheck_tramp\n");

#else
#undef HAVE_TRAMPOLINE
#define HAVE_TRAMPOLINE 0
#endif

#if HAVE_TRAMPOLINE
void vdso_regcheck_tramp(struct frame *f);

#define NREGS (sizeof(regs) / sizeof(regs[0]))
_Static_assert(NREGS <= SLOTS, "frame slots");

/* The value slot @i is loaded with: distinct per slot, in both halves. */
static uint64_t pattern(unsigned i, enum kind kind)
{
	switch (kind) {
	case MXCSR:
		return 0x7f80; /* every exception masked, round toward zero */
	case X87CW:
		return 0x027f; /* every exception masked, 53-bit precision */
	case CR:
		return 0x00a53000; /* cr2 1010, cr3 0101, cr4 0011 */
	default:
		return UINT64_C(0x5a17c0de00000000) + ((uint64_t)i << 40) + 0x5a170100 + i;
	}
}

/* Whether slot @i holds after the call what it held before. */
static bool kept(const struct frame *f, unsigned i)
{
	switch (regs[i].kind) {
	case MXCSR:
		return (f->in[i] & 0xffc0) == (f->out[i] & 0xffc0);
	case X87CW:
		return (f->in[i] & 0x1f3f) == (f->out[i] & 0x1f3f);
	case CR:
		return (f->in[i] & 0x00fff000) == (f->cr & 0x00fff000);
	case FPR:
	case VEC:
		return f->in[i] == f->out[i];
	default:
		return (unsigned long)f->in[i] == (unsigned long)f->out[i];
	}
}

bool vdso_regcheck_available(const char **why)
{
	(void)why;
	return true;
}

/* The call through the trampoline; the registers compared. */
static long trampoline_call(void *fn, const long a[5], bool *so)
{
	struct frame f;
	unsigned i;

	memset(f.out, 0, NREGS * sizeof(f.out[0])); /* (4-byte stores leave the rest) */
	f.cr = 0;
	f.fn = (uintptr_t)fn;
	for (i = 0; i < 5; i++)
		f.arg[i] = (uint64_t)(int64_t)a[i];
	for (i = 0; i < NREGS; i++)
		f.in[i] = regs[i].kind == ARG4 ? f.arg[4] : pattern(i, regs[i].kind);
	vdso_regcheck_tramp(&f);

	struct vdso_check_record *r = &vdso_check_seen;
	r->reg_calls++;
	for (i = 0; i < NREGS; i++) {
		if (kept(&f, i))
			continue;
		unsigned named = i;
		while (!regs[named].name) /* the second half of a vector register */
			named--;
		if (!r->reg_changed++)
			snprintf(r->reg_first, sizeof(r->reg_first),
				 "%s: 0x%llx before the call, 0x%llx after", regs[named].name,
				 (unsigned long long)f.in[i],
				 (unsigned long long)(regs[i].kind == CR ? f.cr : f.out[i]));
		break;
	}
	*so = (f.cr >> 28) & 1;
	return (long)f.ret;
}
#else
bool vdso_regcheck_available(const char **why)
{
	if (why)
		*why = "no callee-saved register trampoline for this architecture";
	return false;
}

static long trampoline_call(void *fn, const long a[5], bool *so)
{
	(void)fn, (void)a, (void)so;
	return 0; /* (never: vdso_checked_call() calls it only where available) */
}
#endif

/* The guards' pattern: byte i of either side, counted from the object. */
static unsigned char guard_byte(size_t i)
{
	return (unsigned char)(0xa5 ^ (i * 29));
}

/* The guard before the object (byte VDSO_GUARD_BYTES - 1 - i is guard_byte(i)) and after. */
static unsigned char guard_before[VDSO_GUARD_BYTES], guard_after[VDSO_GUARD_BYTES];
/* (filled once for all of verify's threads: one that copied them half-made
 * would see its own guards "changed") */
static pthread_once_t guards_once = PTHREAD_ONCE_INIT;

static void guards_fill(void)
{
	for (size_t i = 0; i < VDSO_GUARD_BYTES; i++) {
		guard_before[VDSO_GUARD_BYTES - 1 - i] = guard_byte(i);
		guard_after[i] = guard_byte(i);
	}
}

/* One output between guards. */
struct guarded {
	_Alignas(16) unsigned char buf[VDSO_GUARD_BYTES + 64 + VDSO_GUARD_BYTES];
	void *orig;
	size_t size;
	const char *what;
};

/* Whether @g's guards held; the first change said in vdso_check_seen. */
static void guard_check(const struct guarded *g)
{
	const unsigned char *obj = g->buf + VDSO_GUARD_BYTES;
	long first = 0, last = 0; /* bytes from the object: < 0 before, > 0 after */
	size_t i;

	if (!memcmp(obj - VDSO_GUARD_BYTES, guard_before, VDSO_GUARD_BYTES) &&
	    !memcmp(obj + g->size, guard_after, VDSO_GUARD_BYTES))
		return;

	for (i = 0; i < VDSO_GUARD_BYTES; i++) {
		if (obj[-1 - (long)i] != guard_byte(i)) {
			first = first ? first : -1 - (long)i;
			last = -1 - (long)i;
		}
	}
	for (i = 0; i < VDSO_GUARD_BYTES && !first; i++) {
		if (obj[g->size + i] != guard_byte(i)) {
			first = first ? first : (long)i + 1;
			last = (long)i + 1;
		}
	}
	for (; i < VDSO_GUARD_BYTES; i++)
		if (obj[g->size + i] != guard_byte(i))
			last = (long)i + 1;
	struct vdso_check_record *r = &vdso_check_seen;
	if (first && !r->guard_broken++) {
		long lo = first < 0 ? -first : first, hi = last < 0 ? -last : last;
		const char *side = first < 0 ? "before" : "after";
		if (lo == hi)
			snprintf(r->guard_first, sizeof(r->guard_first),
				 "byte %ld %s its %zu-byte %s changed", lo, side, g->size, g->what);
		else
			snprintf(r->guard_first, sizeof(r->guard_first),
				 "bytes %ld..%ld %s its %zu-byte %s changed", lo, hi, side, g->size,
				 g->what);
	}
}

long vdso_checked_call(void *fn, const long a[5], const struct vdso_out out[2], bool *so)
{
	struct guarded g[2];
	long args[5];
	long ret;
	unsigned n = 0, i;

	memcpy(args, a, sizeof(args));
	for (i = 0; i < 2 && (vdso_check_armed & VDSO_CHECK_GUARD); i++) {
		if (!out[i].size || !a[i] || out[i].size > 64)
			continue;
		struct guarded *p = &g[n++];
		p->orig = (void *)a[i];
		p->size = out[i].size;
		p->what = out[i].what;
		pthread_once(&guards_once, guards_fill);
		memcpy(p->buf, guard_before, VDSO_GUARD_BYTES);
		memcpy(p->buf + VDSO_GUARD_BYTES + p->size, guard_after, VDSO_GUARD_BYTES);
		memcpy(p->buf + VDSO_GUARD_BYTES, p->orig, p->size);
		args[i] = (long)(p->buf + VDSO_GUARD_BYTES);
	}
	*so = false;
	if ((vdso_check_armed & VDSO_CHECK_REGS) && vdso_regcheck_available(NULL))
		ret = trampoline_call(fn, args, so);
	else
#if defined(__powerpc__)
		ret = vdso_call5(fn, args[0], args[1], args[2], args[3], args[4]); /* (-1, errno) */
#else
		ret = ((long (*)(long, long, long, long, long))fn)(args[0], args[1], args[2],
								   args[3], args[4]);
#endif
	for (i = 0; i < n; i++) {
		vdso_check_seen.guard_calls += i == 0;
		guard_check(&g[i]);
		memcpy(g[i].orig, g[i].buf + VDSO_GUARD_BYTES, g[i].size);
	}
	return ret;
}

void vdso_check_take(struct vdso_check_record *out)
{
	*out = vdso_check_seen;
	memset(&vdso_check_seen, 0, sizeof(vdso_check_seen));
}
