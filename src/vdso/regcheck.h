/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The callee-saved register check: a vDSO function is called through a
 * small per-architecture trampoline (regcheck.c) that loads a known value
 * into every register the architecture's psABI says a called function
 * preserves, calls the function, and records what those registers hold
 * after it; a register whose value changed is a bug of the vDSO (the
 * compiler of the caller keeps live values there).
 *
 * The registers, by psABI:
 *   x86_64 (System V AMD64 psABI, 3.2.1 and table 3.4): rbx, rbp,
 *     r12-r15, rsp, the x87 control word and MXCSR's control bits
 *     (bits 6-15; the status flags are the caller's);
 *   i386 (System V i386 psABI, 2.2.1): ebx, esi, edi, ebp, esp and the
 *     x87 control word;
 *   aarch64 (AAPCS64, 6.1.1 and 6.1.2): x19-x28, x29 (the frame pointer),
 *     sp and the low 64 bits of v8-v15 (d8-d15);
 *   arm (AAPCS, 5.1.1 and 5.1.2.1): r4-r11, sp, and d8-d15 with the VFP
 *     calling variant (armhf);
 *   ppc64le (64-bit ELF V2 ABI, 2.2.1.1): r1, r14-r31, f14-f31, v20-v31
 *     and the CR fields cr2-cr4; r2 (the TOC pointer) is not checked: a
 *     --vdso-lib function sets its own, and arch.h's wrappers restore it;
 *   riscv64 (RISC-V ELF psABI, integer and floating-point register
 *     conventions): s0-s11, sp, and fs0-fs11 with the D extension;
 *   s390x (ELF ABI for z/Architecture, register usage): r6-r13, r15
 *     (the stack pointer) and f8-f15; r6 carries the fifth argument
 *     in, and must still hold it after the call.
 * Other architectures (32-bit powerpc, mips, loongarch, sparc, x32) have no
 * trampoline: vdso_regcheck_available() is false there.
 *
 * A stack pointer that comes back moved is recorded when the trampoline's
 * frame can still be found through it; otherwise the process faults in the
 * trampoline, which verify and abi report as the child's crash.
 */
#ifndef VDSOTEST_REGCHECK_H
#define VDSOTEST_REGCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * While true in the calling thread, the vdso_*() wrappers of arch.h (not
 * the bench loops' vdso_bench_*()) call through the trampoline and record
 * what they see in vdso_regcheck_seen.  Set by the harness (verify's
 * sampled rounds, abi's children).
 */
extern __thread bool vdso_regcheck_armed;

/* What the calls made while armed saw, in the calling thread. */
struct vdso_regcheck_record {
	uint64_t calls;	  /* calls made through the trampoline */
	uint64_t changed; /* of which changed a register */
	/* the first change, "rbx: 0x5a17000000000011 before the call,
	 * 0x0 after" (several registers: the first in the psABI's order) */
	char first[128];
};

extern __thread struct vdso_regcheck_record vdso_regcheck_seen;

/*
 * vdso_regcheck_available - whether this build has a trampoline.
 * Return: true where it has; false with *@why (when @why is not NULL) set to
 * a static phrase, "no callee-saved register trampoline for mips".
 */
bool vdso_regcheck_available(const char **why);

/*
 * vdso_regcheck_call - call @fn(@a0 .. @a4) through the trampoline: every
 * argument in its register (or stack slot) as for a C function of five
 * long arguments, the callee-saved registers above loaded with known
 * values; then compare them and count the call in vdso_regcheck_seen
 * (and the first change).  On powerpc, *@so is set to the CR0.SO bit of
 * the result (the vDSO's error flag); elsewhere to false.  Where
 * vdso_regcheck_available() is false, calls @fn plainly (counts nothing).
 * Return: the function's raw return register.
 */
long vdso_regcheck_call(void *fn, long a0, long a1, long a2, long a3, long a4, bool *so);

/*
 * vdso_regcheck_take - the record of the calling thread so far, into
 * @out, and start a new one.
 */
void vdso_regcheck_take(struct vdso_regcheck_record *out);

#endif
