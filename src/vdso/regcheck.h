/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The checks made around one vDSO call.
 *
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
 * trampoline: vdso_regcheck_available() is false there, and a call armed
 * for it alone is a plain call.
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
 * The guard bytes: while armed, an output object of a vDSO call (a
 * timespec, timeval, timezone, time's value, getcpu's cpu and node) is
 * copied into the middle of a buffer of VDSO_GUARD_BYTES pattern bytes on
 * each side, the call writes there, the guards are compared, and the
 * object is copied back: a call that writes past either end of its own
 * output (into its caller's neighbouring variables) is seen.  For calls
 * with good pointers only (verify's): the object is read to copy it.
 */
#define VDSO_GUARD_BYTES 32

/* The bits of vdso_check_armed. */
#define VDSO_CHECK_REGS 1u  /* through the register trampoline */
#define VDSO_CHECK_GUARD 2u /* outputs between guard bytes */

/*
 * While not 0 in the calling thread, the vdso_*() wrappers of arch.h (not
 * the bench loops' vdso_bench_*()) call through vdso_checked_call() and
 * record what they see in vdso_check_seen.  Set by the harness (verify's
 * rounds, abi's children).
 */
extern __thread unsigned vdso_check_armed;

/* What the calls made while armed saw, in the calling thread. */
struct vdso_check_record {
	uint64_t reg_calls;   /* calls made through the trampoline */
	uint64_t reg_changed; /* of which changed a register */
	/* the first change, "rbx: 0x5a17c0de5a170100 before the call, 0x0
	 * after" (several registers: the first in the table's order) */
	char reg_first[128];
	uint64_t guard_calls;  /* calls with an output between guard bytes */
	uint64_t guard_broken; /* of which changed a guard byte */
	/* the first, "8 bytes after its 16-byte timespec changed (bytes 0..7
	 * of the 32 guard bytes)" */
	char guard_first[128];
};

extern __thread struct vdso_check_record vdso_check_seen;

/* An output argument of a call: its size in bytes (0: not an output) and name. */
struct vdso_out {
	size_t size;
	const char *what;
};

/*
 * vdso_regcheck_available - whether this build has a register trampoline.
 * Return: true where it has; false with *@why (when @why is not NULL) set
 * to a static phrase, "no callee-saved register trampoline for this
 * architecture".
 */
bool vdso_regcheck_available(const char **why);

/*
 * vdso_checked_call - call @fn(@a[0] .. @a[4]) (as a C function of five
 * long arguments) with the checks armed in vdso_check_armed:
 * VDSO_CHECK_REGS (where vdso_regcheck_available()) through the
 * trampoline, the callee-saved registers loaded with known values and
 * compared after; VDSO_CHECK_GUARD the non-NULL arguments @a[0] and @a[1]
 * that @out[0] and @out[1] give a size moved between guard bytes.  Counts
 * the call and its first finding in vdso_check_seen.  On powerpc *@so is
 * set to the CR0.SO bit of the result (the vDSO's error flag); elsewhere
 * to false.  Return: the function's raw return register.
 */
long vdso_checked_call(void *fn, const long a[5], const struct vdso_out out[2], bool *so);

/*
 * vdso_check_take - the record of the calling thread so far, into @out,
 * and start a new one.
 */
void vdso_check_take(struct vdso_check_record *out);

#endif
