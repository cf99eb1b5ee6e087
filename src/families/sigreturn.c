// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sigreturn family: the signal trampoline of the vDSO.  A handler
 * installed without SA_RESTORER returns to the address the kernel gave it
 * (arm64, riscv, s390, powerpc, i386: the vDSO's trampoline, which calls
 * rt_sigreturn(2); arch/ARCH/kernel/signal*.c, setup_rt_frame()), and
 * rt_sigreturn(2) loads the registers of the signal frame.
 *
 * One round: a first signal (SIGUSR1) is sent to the thread itself.  Its
 * handler notes its return address, then writes a pattern into every
 * general-purpose register of its saved context (sigctx.h) and makes a
 * second signal (SIGUSR2) pending, blocked until rt_sigreturn(2) restores
 * the interrupted signal mask.  The kernel delivers SIGUSR2 right on the
 * return from rt_sigreturn, before any instruction runs: its handler's
 * saved context is what rt_sigreturn loaded, and must hold the pattern,
 * the first signal's program counter, stack pointer and signal mask.  It
 * puts the interrupted registers back before returning.
 *
 * x86_64's vDSO has no trampoline: its kernel requires SA_RESTORER
 * (arch/x86/kernel/signal_64.c), the C library's own; the registers are
 * checked through that one.  A --vdso-lib's trampoline is passed as
 * SA_RESTORER where the kernel has the flag.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "harness/verify.h"
#include "output/report.h"
#include "vdso/sigctx.h"
#include "vdso/vdso.h"

/*
 * The kernel's struct sigaction for rt_sigaction(2) (include/linux/signal_types.h):
 * sa_restorer only where the architecture has SA_RESTORER; a 64-bit mask.
 * Other architectures (x86_64: SA_RESTORER required; mips: another layout)
 * install through the C library.
 */
#if defined(__aarch64__) || defined(__arm__) || defined(__i386__) || defined(__powerpc__) || \
	defined(__s390__)
#define RAW_SIGACTION 1
#define KSA_RESTORER 1
#elif defined(__riscv) || defined(__loongarch__)
#define RAW_SIGACTION 1
#define KSA_RESTORER 0
#elif defined(__x86_64__)
#define RAW_SIGACTION 1 /* (only with a --vdso-lib's trampoline as SA_RESTORER) */
#define KSA_RESTORER 1
#else
#define RAW_SIGACTION 0
#define KSA_RESTORER 0
#endif
#define KSA_SA_RESTORER 0x04000000UL /* every uapi asm/signal.h that has it */

struct ksigaction {
	void (*handler)(int, siginfo_t *, void *);
	unsigned long flags;
#if KSA_RESTORER
	void *restorer;
#endif
	uint64_t mask;
};

#define MAX_REGS 32

/* What the two handlers of this thread's round saw. */
static __thread struct {
	unsigned long pattern[MAX_REGS];
	unsigned long orig[MAX_REGS]; /* the interrupted registers */
	unsigned long back[MAX_REGS]; /* the second handler's saved context */
	uintptr_t ret;		      /* the first handler's return address */
	uintptr_t pc1, sp1, pc2, sp2;
	uint64_t mask1, mask2;
	volatile sig_atomic_t stage; /* 1: first handler ran, 2: second too */
} t;

static uint64_t saved_mask(const void *uc)
{
	uint64_t m;

	memcpy(&m, &((const ucontext_t *)uc)->uc_sigmask, sizeof(m));
	return m;
}

static void first_handler(int sig, siginfo_t *si, void *uc)
{
	sigset_t block;
	int saved = errno;

	(void)sig, (void)si;
	t.ret = (uintptr_t)__builtin_return_address(0);
	t.pc1 = sigctx_pc(uc);
	t.sp1 = sigctx_sp(uc);
	t.mask1 = saved_mask(uc);
	for (unsigned i = 0; i < sigctx_nregs(); i++) {
		unsigned long *r = sigctx_reg(uc, i, NULL);
		t.orig[i] = *r;
		*r = t.pattern[i];
	}
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL); /* (until rt_sigreturn restores the mask) */
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR2);
	t.stage = 1;
	errno = saved;
}

static void second_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)si;
	t.pc2 = sigctx_pc(uc);
	t.sp2 = sigctx_sp(uc);
	t.mask2 = saved_mask(uc);
	for (unsigned i = 0; i < sigctx_nregs(); i++) {
		unsigned long *r = sigctx_reg(uc, i, NULL);
		t.back[i] = *r;
		if (t.stage == 1)
			*r = t.orig[i];
	}
	if (t.stage == 1)
		t.stage = 2;
}

struct sigreturn_state {
	bool through_vdso; /* the kernel returns through the bound trampoline */
	void *tramp;
	unsigned long round;
};

/* Install @fn for @sig: through rt_sigaction(2) without the C library where it can. */
static int install(int sig, void (*fn)(int, siginfo_t *, void *), void *restorer)
{
#if RAW_SIGACTION
#if defined(__x86_64__)
	if (restorer) {
#else
	{
#endif
		struct ksigaction ka = { .handler = fn, .flags = SA_SIGINFO };
#if KSA_RESTORER
		if (restorer) {
			ka.restorer = restorer;
			ka.flags |= KSA_SA_RESTORER;
		}
#endif
		return (int)syscall(SYS_rt_sigaction, sig, &ka, NULL, sizeof(ka.mask));
	}
#endif
	struct sigaction sa = { .sa_sigaction = fn, .sa_flags = SA_SIGINFO };
	(void)restorer;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static enum status sigreturn_setup(const struct api *api, const struct run *run, void *state)
{
	struct sigreturn_state *s = state;
	void *fn = api_vdso_fn(api, run);
	bool kernel = run->vdso && strcmp(run->vdso->source, "kernel vDSO") == 0;

	if (!sigctx_known() || sigctx_nregs() > MAX_REGS) {
		report_line(
			api,
			"verify: skipped: vdsotest does not know this architecture's signal context");
		return STATUS_SKIP;
	}
	s->tramp = fn;
	/* a --vdso-lib's trampoline goes in as SA_RESTORER, where the kernel has one */
	void *restorer = fn && !kernel && KSA_RESTORER && RAW_SIGACTION ? fn : NULL;
#if defined(__x86_64__)
	s->through_vdso = restorer != NULL;
#else
	s->through_vdso = fn && RAW_SIGACTION && (kernel || restorer);
#endif
	/*
	 * (left installed after the verify: with -t N the threads share them,
	 * and one thread's teardown must not take them from another's round;
	 * a signal the handlers did not ask for changes nothing)
	 */
	if (install(SIGUSR1, first_handler, restorer) != 0 ||
	    install(SIGUSR2, second_handler, restorer) != 0) {
		report_line(api, "verify: cannot install the signal handlers: %s", strerror(errno));
		return STATUS_FAIL;
	}
	if (!fn)
		verify_skip(NULL, "the handler returns to the vDSO's trampoline",
			    "the vDSO exports no signal trampoline");
	else if (!s->through_vdso)
		verify_skip(NULL, "the handler returns to the vDSO's trampoline",
			    "the kernel returns through another trampoline");
	return STATUS_PASS;
}

static void sigreturn_round(struct verify_ctx *ctx, void *state)
{
	struct sigreturn_state *s = state;
	unsigned n = sigctx_nregs();
	unsigned long seed = (unsigned long)0x9e3779b97f4a7c15ULL * ++s->round;

	for (unsigned i = 0; i < n; i++)
		t.pattern[i] = seed ^ ((unsigned long)0x0101010101010101ULL * (i + 1)) ^ 0x80;
	t.stage = 0;
	t.ret = 0;
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1);
	if (!verify_ok(ctx, "both handlers ran", t.stage == 2)) {
		verify_fail(ctx, "after a signal whose handler made a second one pending, %s",
			    t.stage ? "the second handler did not run"
				    : "the first handler did not run");
		return;
	}
	if (s->through_vdso && !verify_ok(ctx, "the handler returns to the vDSO's trampoline",
					  t.ret == (uintptr_t)s->tramp))
		verify_fail(ctx, "the signal handler's return address is %#jx, not %s at %p",
			    (uintmax_t)t.ret, ctx->run->vdso->name[VDSO_RT_SIGRETURN], s->tramp);
	for (unsigned i = 0; i < n; i++) {
		if (!verify_ok(ctx, "rt_sigreturn loads the registers of the frame",
			       t.back[i] == t.pattern[i])) {
			verify_fail(ctx,
				    "rt_sigreturn loaded %s = %#lx; the handler left %#lx in the signal frame (%s)",
				    sigctx_reg_name(i), t.back[i], t.pattern[i],
				    s->through_vdso ? "through the vDSO's trampoline"
						    : "through the kernel's return path");
			break;
		}
	}
	if (!verify_ok(ctx, "rt_sigreturn restores pc, stack pointer and signal mask",
		       t.pc2 == t.pc1 && t.sp2 == t.sp1 && t.mask2 == t.mask1))
		verify_fail(ctx,
			    "after rt_sigreturn pc %#jx, sp %#jx, signal mask %#" PRIx64
			    "; the interrupted pc %#jx, sp %#jx, mask %#" PRIx64,
			    (uintmax_t)t.pc2, (uintmax_t)t.sp2, t.mask2, (uintmax_t)t.pc1,
			    (uintmax_t)t.sp1, t.mask1);
}

/* No call of its own: the kernel makes the handler return through it. */
static void sigreturn_call_once(const struct api *api, void *fn)
{
	(void)api, (void)fn;
}

const struct family sigreturn_family = {
	.call = VDSO_RT_SIGRETURN,
	.name = "sigreturn",
	.summary = "the signal trampoline: a handler returns through it to rt_sigreturn(2)",
	.lacks_why = "a handler's way back (the vDSO's trampoline, or libc's SA_RESTORER) "
		     "is entered only as a signal handler returns, with no arguments (verify "
		     "tests it)",
	.flags = FAMILY_VERIFY_ONLY,
	.call_once = sigreturn_call_once,
	.verify_state_size = sizeof(struct sigreturn_state),
	.verify_setup = sigreturn_setup,
	.verify_round = sigreturn_round,
};
