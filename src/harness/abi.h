/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Mechanics of abi: each case runs once through the system call and once
 * through the vDSO, each in a forked child (no core dump, 10 s alarm), and
 * the outcomes (return value and errno, or the signal that killed the child)
 * are compared with what the case expects.
 */
#ifndef VDSOTEST_ABI_H
#define VDSOTEST_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "core/api.h"

/* Pointer arguments a case can pass; resolved inside the child. */
enum abi_ptr {
	PTR_GOOD, /* a writable, aligned buffer */
	PTR_NULL,
	PTR_MAX,       /* (void *)UINTPTR_MAX */
	PTR_PROT_NONE, /* a page mapped PROT_NONE */
	PTR_PROT_READ, /* a page mapped PROT_READ */
	PTR_STRADDLE,  /* an object whose second half is in an unmapped page */
	NR_ABI_PTRS
};

/* One call: the vDSO function (NULL means the system call) and its arguments. */
struct abi_call {
	void *vdso_fn;
	long clock_id;	     /* for calls that take one */
	enum abi_ptr ptr[3]; /* pointer arguments in order */
	size_t size[3];	     /* object size behind each pointer */
};

/* Make the call in the child: return the call's value with errno set. */
typedef long (*abi_call_fn)(const struct abi_call *c);

struct abi_ctx {
	const struct api *api;
	const struct run *run;
	void *vdso_fn;
	abi_call_fn call;
	unsigned cases;
	unsigned fails;
	unsigned xfails;  /* cases failed as a known kernel bug of this kernel: expected */
	bool broken;	  /* a case could not be run: no further cases */
	bool hung;	  /* the vDSO function timed out (SIGALRM): no further cases */
	unsigned skipped; /* cases not made: the stack use, where it is not measurable */
};

/*
 * abi_ptr - the pointer of kind @kind for an object of @size bytes
 * (1 .. page size).  Maps pages; call only in the abi child.
 */
void *abi_ptr(enum abi_ptr kind, size_t size);

/*
 * abi_call_not_set_up - for an abi_call_fn that cannot prepare its call
 * (e.g. no vDSO getrandom() state could be had): ends the case's child
 * with CHILD_EXIT_NOT_SET_UP (lib/child.h), which the case reports as
 * "exit status 80 without a result".  Call only in the abi child.
 */
_Noreturn void abi_call_not_set_up(void);

/* abi_ptr_name - "NULL", "UINTPTR_MAX", "PROT_NONE page", ... */
const char *abi_ptr_name(enum abi_ptr kind);

/*
 * abi_expect_fault - a bad output pointer: the system call must return
 * -1/EFAULT; the vDSO may return -1/EFAULT or die of SIGSEGV or SIGBUS.
 * @what describes the call, e.g. "clock_gettime(CLOCK_MONOTONIC, NULL)".
 */
void abi_expect_fault(struct abi_ctx *ctx, struct abi_call c, const char *what);

/*
 * abi_expect_result - both paths must return @ret (and, when @ret is -1,
 * set errno to @err).
 */
void abi_expect_result(struct abi_ctx *ctx, struct abi_call c, long ret, int err, const char *what);

/*
 * abi_expect_result_or_fault - a bad pointer the system call does not take
 * (the vDSO getrandom() state): the system call must return @ret (and, when
 * @ret is -1, set errno to @err); the vDSO may do the same, return
 * -1/EFAULT, or die of SIGSEGV or SIGBUS.
 */
void abi_expect_result_or_fault(struct abi_ctx *ctx, struct abi_call c, long ret, int err,
				const char *what);

/* Every kind of enum abi_ptr, as a mask of (1u << kind) bits. */
#define ABI_PTRS_ALL ((1u << NR_ABI_PTRS) - 1)
/*
 * Every kind but PTR_STRADDLE: for an object of 4 bytes or less, which,
 * aligned as the C ABI wants it, cannot straddle a page boundary.
 */
#define ABI_PTRS_ALIGNED (ABI_PTRS_ALL & ~(1u << PTR_STRADDLE))

/* abi_ptr_bad - is @kind neither PTR_GOOD nor PTR_NULL (no object behind it)? */
bool abi_ptr_bad(enum abi_ptr kind);

/*
 * What one combination of pointers must give, by the kernel's rules
 * (an abi_rule_fn's answer): with .fault, as abi_expect_fault() (the
 * system call -1/EFAULT, the vDSO that or SIGSEGV/SIGBUS); otherwise as
 * abi_expect_result() with .ret and .err.
 */
struct abi_want {
	bool fault;
	long ret;
	int err; /* errno when .ret is -1 */
};

/* What @c (its pointers, its clock id) must give; @arg as given to abi_combinations(). */
typedef struct abi_want (*abi_rule_fn)(const struct abi_call *c, const void *arg);

/* The case text of @c into @buf (@len bytes), e.g. "gettimeofday(PROT_NONE page, NULL)". */
typedef void (*abi_describe_fn)(const struct abi_call *c, const void *arg, char *buf, size_t len);

/*
 * abi_combinations - one case per combination of pointer kinds of the
 * first @nargs (1 .. 3) pointer arguments of @c: argument i takes every
 * kind whose bit (1u << kind) is set in @kinds[i], in enum order, the last
 * argument changing fastest; the other fields of @c as given.  @rule says
 * what each must give, @describe names it.  Cases stop as the abi_expect_*()
 * ones do (a case that could not be run, SIGINT or SIGTERM).
 */
void abi_combinations(struct abi_ctx *ctx, struct abi_call c, unsigned nargs,
		      const unsigned kinds[], abi_rule_fn rule, abi_describe_fn describe,
		      const void *arg);

/* abi_expect_success - both paths must return a value >= 0. */
void abi_expect_success(struct abi_ctx *ctx, struct abi_call c, const char *what);

/*
 * abi_end - in verbose mode print the number of cases and failures:
 * "API: abi: N cases, M failures" (", 1 skipped (the stack use)" after
 * it where that was not measurable: KTAP counts it as a skipped case); after failures the summary line
 * (report_failures()), unless a case could not be run (that went to
 * stderr).  Once SIGINT or SIGTERM has been caught (interrupt.h) the
 * abi_expect_*() calls run no further cases, and abi_end() prints in any
 * mode "API: abi: interrupted by SIGINT after N cases, M failures".
 * Likewise after a case whose vDSO call timed out (SIGALRM: a hang fails
 * the API, and each further one would cost its 10 s alarm): "API: abi:
 * the vDSO function hung (SIGALRM after 10 s) in case N: no further cases".
 * Return: STATUS_FAIL after a failure; STATUS_SKIP when no case was made
 * and no signal came (the family found nothing to test and said why, as
 * getrandom does when the vDSO's function has no runtime support);
 * STATUS_PASS otherwise.
 */
enum status abi_end(struct abi_ctx *ctx);

/*
 * abi_begin_checked - the start of every abi (api_run()): when @api has no vDSO
 * function print the note and return STATUS_SKIP; otherwise start the cases
 * of @api, made through @call, with the first: the vDSO function's stack
 * use (api_stack_bytes()) is at most STACK_LIMIT_BYTES; and return
 * STATUS_PASS.
 */
enum status abi_begin_checked(struct abi_ctx *ctx, const struct api *api, const struct run *run,
			      abi_call_fn call);

/*
 * signal_name - "SIGSEGV" for the signals a call under test may die of
 * (SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP, SIGSYS, SIGKILL;
 * SIGALRM as "SIGALRM (timed out)"); NULL for others.
 */
const char *signal_name(int sig);

/* The invalid clock ids every clock family tries (clock id -1 etc.). */
extern const long abi_invalid_clock_ids[];
extern const size_t abi_invalid_clock_id_count;

#endif
