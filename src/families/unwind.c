// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The unwind family: can the C library's unwinder step out of a vDSO
 * function from a signal handler?  Profilers, debuggers and crash
 * reporters do it through the vDSO's unwind tables (.eh_frame, found
 * through .eh_frame_hdr), as glibc's backtrace(3) does through libgcc's
 * _Unwind_Backtrace.
 *
 * A round calls the vDSO's clock_gettime in a loop (unwind_loop() ->
 * unwind_call() -> the vDSO) while an ITIMER_PROF timer sends SIGPROF.
 * The handler takes the samples whose interrupted program counter
 * (sigctx.h) lies inside the vDSO's loaded segments, and for each calls
 * backtrace(): the return address into unwind_loop(), noted by
 * unwind_call(), must be among the frames.  A sample without it is a
 * failure naming the vDSO function (the nearest symbol below the program
 * counter) and the offset.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_EXECINFO_H
#include <execinfo.h>
#endif

#include "core/known_bugs.h"
#include "harness/verify.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/sigctx.h"
#include "vdso/unwind_tables.h"
#include "vdso/vdso.h"

#if defined(HAVE_EXECINFO_H) && defined(HAVE_BACKTRACE)
#define HAVE_UNWINDER 1
#else
#define HAVE_UNWINDER 0
#endif

#define MAX_FRAMES 64
#define MAX_BAD 8	     /* failing samples kept per round */
#define CALLS_PER_BATCH 256u /* between two looks at the clock */
#define ROUND_NS 20000000    /* a round: batches for 20 ms (wall, system call) */
#define SAMPLE_US 1000	     /* the timer's period (a tick at most, in practice) */

/* What this thread's SIGPROF handler found (one sampling thread at a time). */
static __thread struct {
	volatile sig_atomic_t sampling;
	/* inside unwind_call()'s vDSO call: a sample elsewhere in the vDSO (i386's
	 * __kernel_vsyscall under the C library's syscall(), the rounds' clock)
	 * has no frame of unwind_call() to reach */
	volatile sig_atomic_t in_call;
	uintptr_t lo, hi;	/* the vDSO's loaded segments */
	uintptr_t fn_lo, fn_hi; /* the function entered, when its size is known (else 0, 0) */
	volatile uintptr_t ret; /* the return address into unwind_loop() */
	volatile unsigned long inside, reached;
	volatile unsigned nbad;
	uintptr_t bad_pc[MAX_BAD];
	int bad_frames[MAX_BAD];
	uintptr_t bad_in_fn[MAX_BAD]; /* a frame inside fn_lo .. fn_hi, or 0 */
} t;

static _Thread_local volatile long sink; /* (one per verify thread) */

#if HAVE_UNWINDER
/*
 * libgcc's FDE lookup (unwind-dw2-fde-dip.c; its bases argument is struct
 * dwarf_eh_bases, three pointers), linked in a static build with the
 * unwinder that backtrace() uses; weak: a dynamic build loads the
 * unwinder (libgcc_s) only when backtrace() first runs, and has it NULL.
 */
struct unwind_bases {
	void *tbase, *dbase, *func;
};
extern const void *_Unwind_Find_FDE(void *pc, struct unwind_bases *bases) __attribute__((weak));

/*
 * Why the unwinding out of the kernel's vDSO function @fn cannot be
 * tested here, into @why; false when it can (or @fn is no kernel vDSO's).
 * The vDSO may have no .eh_frame_hdr search table (PT_GNU_EH_FRAME):
 * then no unwinder that looks FDEs up through dl_iterate_phdr(3) (libgcc)
 * finds its tables (arm64's vDSO is linked without one).  Or the linked
 * unwinder finds no FDE for @fn though the table covers it: a static C
 * library that does not list the vDSO to it.
 */
static bool untestable(void *fn, char *why, size_t len)
{
	struct vdso_image img;
	struct unwind_bases bases;
	char what[VDSO_UNWIND_WHY_LEN];

	if (vdso_locate(&img, NULL) != 0 || (uintptr_t)fn < (uintptr_t)img.base ||
	    (uintptr_t)fn - (uintptr_t)img.base >= img.size)
		return false;
	switch (vdso_unwind_covers(&img, (uintptr_t)fn - img.load_bias, what, sizeof(what))) {
	case VDSO_UNWIND_NO_TABLE:
		snprintf(why, len,
			 "the vDSO has no .eh_frame_hdr search table (PT_GNU_EH_FRAME): no unwinder that finds tables through dl_iterate_phdr() (libgcc's, glibc's backtrace()) can step out of it");
		return true;
	case VDSO_UNWIND_COVERED:
		if (_Unwind_Find_FDE && !_Unwind_Find_FDE((char *)fn + 1, &bases)) {
			snprintf(why, len,
				 "the unwinder linked into this static build finds no FDE in the vDSO, whose .eh_frame_hdr covers clock_gettime: its C library does not list the vDSO to it");
			return true;
		}
		return false;
	default: /* (uncovered or malformed: the samples show what that does) */
		return false;
	}
}

static void on_sigprof(int sig, siginfo_t *si, void *uc)
{
	void *frames[MAX_FRAMES];
	int saved = errno, n;
	uintptr_t pc = sigctx_pc(uc);

	(void)sig, (void)si;
	if (!t.sampling || !t.in_call || pc < t.lo || pc >= t.hi)
		return;
	t.inside++;
	n = backtrace(frames, MAX_FRAMES);
	for (int i = 0; i < n; i++)
		if (((uintptr_t)frames[i] & ~(uintptr_t)1) == (t.ret & ~(uintptr_t)1)) {
			t.reached++;
			errno = saved;
			return;
		}
	if (t.nbad < MAX_BAD) {
		t.bad_pc[t.nbad] = pc;
		t.bad_frames[t.nbad] = n;
		t.bad_in_fn[t.nbad] = 0;
		for (int i = 0; i < n; i++)
			if ((uintptr_t)frames[i] > t.fn_lo && (uintptr_t)frames[i] <= t.fn_hi)
				t.bad_in_fn[t.nbad] = (uintptr_t)frames[i];
		t.nbad++;
	}
	errno = saved;
}
#endif

/* One call of the vDSO's clock_gettime, straight (no register-check trampoline). */
__attribute__((noinline)) static long unwind_call(void *fn)
{
	vdso_timespec ts = { 0, 0 };

	t.ret = (uintptr_t)__builtin_return_address(0);
	t.in_call = 1;
#if defined(__powerpc__)
	vdso_call3(fn, CLOCK_MONOTONIC, (long)&ts, 0);
#else
	((int (*)(clockid_t, vdso_timespec *))fn)(CLOCK_MONOTONIC, &ts);
#endif
	t.in_call = 0;
	return (long)ts.tv_nsec; /* (used after the call: no tail call) */
}

__attribute__((noinline)) static long unwind_loop(void *fn, unsigned n)
{
	long sum = 0;

	for (unsigned i = 0; i < n; i++)
		sum += unwind_call(fn);
	return sum;
}

struct unwind_state {
	const struct api *api;
	const struct run *run;
	bool armed;
	unsigned long inside, reached; /* reported so far */
	unsigned long rounds;
	/*
	 * The image of the object holding the function (the kernel's vDSO,
	 * or a --vdso-lib file read in), for the failures' names and unwind
	 * tables: have_img false when it could not be had.
	 */
	bool have_img;
	struct vdso_image img;
	unsigned char *file;	    /* the file read (freed at the end), or NULL */
	uintptr_t bias;		    /* add to the image's virtual addresses: its loaded ones */
	uint64_t fn_vaddr, fn_size; /* the function entered: st_value, st_size (0: none found) */
};

#if HAVE_UNWINDER
/* The object holding a function: its name and load bias (dl_iterate_phdr(3)). */
struct object {
	uintptr_t fn;
	uintptr_t bias;
	char name[4096];
};

/* The loaded segments of the object holding o->fn, into t.lo .. t.hi; @o its name. */
static int find_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct object *o = data;
	uintptr_t fn = o->fn, lo = UINTPTR_MAX, hi = 0;
	bool in = false;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + p->p_vaddr;
		if (p->p_type != PT_LOAD)
			continue;
		if (fn >= a && fn < a + p->p_memsz)
			in = true;
		if (a < lo)
			lo = a;
		if (a + p->p_memsz > hi)
			hi = a + p->p_memsz;
	}
	if (!in)
		return 0;
	t.lo = lo;
	t.hi = hi;
	o->bias = info->dlpi_addr;
	snprintf(o->name, sizeof(o->name), "%s", info->dlpi_name ? info->dlpi_name : "");
	return 1;
}

/* The whole file at @path, or NULL. */
static unsigned char *read_whole(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			unsigned char *b;
			cap = cap ? 2 * cap : 1 << 16;
			if (cap > (64u << 20) || posix_memalign((void **)&b, 16, cap) != 0)
				break;
			if (buf)
				memcpy(b, buf, n);
			free(buf);
			buf = b;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				break;
			fclose(f);
			*size = n;
			return buf;
		}
	}
	fclose(f);
	free(buf);
	return NULL;
}

/*
 * The image of the object @o (the kernel's vDSO, or the file it was loaded
 * from) and the symbol of @fn in it, into @s; false when there is none.
 */
static bool find_image(struct unwind_state *s, const struct object *o, void *fn)
{
	struct vdso_symbol sym;
	const char *why;
	size_t size = 0;

	if (vdso_locate(&s->img, NULL) == 0 && (uintptr_t)fn >= (uintptr_t)s->img.base &&
	    (uintptr_t)fn - (uintptr_t)s->img.base < s->img.size) {
		s->bias = s->img.load_bias;
	} else {
		if (!o->name[0] || !(s->file = read_whole(o->name, &size)) ||
		    vdso_image_parse(&s->img, s->file, size, &why) != 0) {
			free(s->file);
			s->file = NULL;
			return false;
		}
		s->bias = o->bias;
	}
	for (size_t i = 0; i < s->img.nsyms; i++)
		if (vdso_image_symbol(&s->img, i, &sym) && sym.defined && sym.type == STT_FUNC &&
		    s->bias + sym.value == (uintptr_t)fn && sym.size >= s->fn_size) {
			s->fn_vaddr = sym.value;
			s->fn_size = sym.size;
		}
	return true;
}
#endif

/*
 * "NAME+0xOFF" for @pc: the nearest symbol below it, of the image's
 * symbol table (the kernel's vDSO, or the --vdso-lib file), else of the
 * functions bound.
 */
static void name_pc(const struct unwind_state *s, uintptr_t pc, char *buf, size_t len)
{
	const struct vdso_binding *b = s->run->vdso;
	struct vdso_symbol sym;
	const char *best = NULL;
	uintptr_t best_at = 0;
	char why[VDSO_UNWIND_WHY_LEN];
	const char *nofde = "";

	if (s->have_img && pc >= s->bias) {
		for (size_t i = 0; i < s->img.nsyms; i++) {
			if (!vdso_image_symbol(&s->img, i, &sym) || !sym.defined || !*sym.name)
				continue;
			uintptr_t at = s->bias + sym.value;
			if (at <= pc && (!best || at > best_at)) {
				best = sym.name;
				best_at = at;
			}
		}
		enum vdso_unwind_cover c = vdso_unwind_covers(&s->img, pc - s->bias, why,
							      sizeof(why));
		if (c == VDSO_UNWIND_NO_TABLE)
			nofde = " (the vDSO has no .eh_frame_hdr search table)";
		else if (c != VDSO_UNWIND_COVERED)
			nofde = " (the vDSO's .eh_frame_hdr leads to no FDE for it)";
	} else if (b) {
		for (int c = 0; c < VDSO_NR_CALLS; c++)
			if (b->fn[c] && (uintptr_t)b->fn[c] <= pc &&
			    (!best || (uintptr_t)b->fn[c] > best_at)) {
				best = b->name[c];
				best_at = (uintptr_t)b->fn[c];
			}
	}
	if (best)
		snprintf(buf, len, "%s+%#jx%s", report_vis(best), (uintmax_t)(pc - best_at), nofde);
	else
		snprintf(buf, len, "%#jx (no symbol below it)%s", (uintmax_t)pc, nofde);
}

/*
 * The facts of a failing sample at @pc for known_bug_match(): the unwind
 * tables over the whole function entered, and where the unwinder stopped:
 * at @pc, or, for a sample in code that the function called (i386's
 * __kernel_vsyscall) whose frames reached back into the function
 * (@in_fn, 0: they did not), in the function.
 */
static struct known_symptom sample_symptom(const struct unwind_state *s, uintptr_t pc,
					   uintptr_t in_fn)
{
	struct known_symptom sym = { .call = vdso_call_name(VDSO_CLOCK_GETTIME), .clock_id = -1 };
	char why[VDSO_UNWIND_WHY_LEN];
	uintptr_t fn = s->bias + s->fn_vaddr;

	if (!s->have_img || !s->fn_size || pc < s->bias)
		return sym;
	sym.unwind_known = true;
	/*
	 * (a test stand-in, a --vdso-lib with vdsotest's test seam, stands
	 * for a kernel's vDSO of any machine; any other file is its own
	 * machine's: an x86_64 library without unwind tables is no riscv bug)
	 */
	sym.machine = s->file && s->run->vdso->test_syscall ? 0 : s->img.machine;
	bool callee = (pc < fn || pc - fn >= s->fn_size) && in_fn;
	sym.unwind_pc = vdso_unwind_covers(&s->img, (callee ? in_fn - 1 : pc) - s->bias, why,
					   sizeof(why));
	sym.unwind_fn = vdso_unwind_bare(&s->img, s->fn_vaddr, s->fn_size, why, sizeof(why));
	return sym;
}

static enum status unwind_setup(const struct api *api, const struct run *run, void *state)
{
	struct unwind_state *s = state;
	void *fn = api_vdso_fn(api, run);

	s->api = api;
	s->run = run;
#if !HAVE_UNWINDER
	(void)fn;
	report_line(
		api,
		"verify: skipped: this C library has no backtrace() (execinfo.h): nothing to unwind with from a signal handler");
	return STATUS_SKIP;
#else
	void *warm[4];
	struct sigaction sa = { .sa_sigaction = on_sigprof, .sa_flags = SA_SIGINFO | SA_RESTART };
	struct itimerval it = { { 0, SAMPLE_US }, { 0, SAMPLE_US } };

	if (!fn) {
		report_line(api, "verify: skipped: no vDSO clock_gettime: no vDSO frame to unwind");
		return STATUS_SKIP;
	}
	if (!sigctx_known()) {
		report_line(
			api,
			"verify: skipped: vdsotest does not know this architecture's signal context");
		return STATUS_SKIP;
	}
	struct object *o = calloc(1, sizeof(*o));
	if (!o) {
		report_line(api, "verify: out of memory");
		return STATUS_FAIL;
	}
	o->fn = (uintptr_t)fn;
	if (!dl_iterate_phdr(find_object, o)) {
		free(o);
		report_line(
			api,
			"verify: skipped: the C library lists no object holding the vDSO's clock_gettime (dl_iterate_phdr)");
		return STATUS_SKIP;
	}
	s->have_img = find_image(s, o, fn);
	free(o);
	/* (a return address into the function: after its first byte, up to its end) */
	t.fn_lo = t.fn_hi = 0;
	if (s->have_img && s->fn_size) {
		t.fn_lo = s->bias + s->fn_vaddr;
		t.fn_hi = t.fn_lo + s->fn_size;
	}
	backtrace(warm, 4); /* (its first call loads the unwinder: not in a handler) */
	char why[320];
	if (untestable(fn, why, sizeof(why))) {
		free(s->file);
		s->file = NULL;
		report_line(api, "verify: skipped: %s", why);
		return STATUS_SKIP;
	}
	sigemptyset(&sa.sa_mask);
	/* (the handler stays: a SIGPROF after the timer is off, or of another
	 * thread's timer with -t N, finds it and does nothing) */
	if (sigaction(SIGPROF, &sa, NULL) != 0 || setitimer(ITIMER_PROF, &it, NULL) != 0) {
		report_line(api, "verify: cannot set up the SIGPROF timer: %s", strerror(errno));
		return STATUS_FAIL;
	}
	s->armed = true;
	t.inside = t.reached = 0;
	t.nbad = 0;
	return STATUS_PASS;
#endif
}

static void unwind_teardown(void *state)
{
	struct unwind_state *s = state;
	struct itimerval off = { { 0, 0 }, { 0, 0 } };

	free(s->file);
	s->file = NULL;
	s->have_img = false;
	if (!s->armed)
		return;
	t.sampling = 0;
	setitimer(ITIMER_PROF, &off, NULL);
	if (!t.inside) {
		verify_skip(NULL, "backtrace from the vDSO reaches the caller",
			    "no timer sample landed inside the vDSO");
		report_line(s->api,
			    "verify: no SIGPROF sample landed inside the vDSO in %lu rounds: the unwinding was not tested (a longer --duration gives more)",
			    s->rounds);
	} else if (s->run->verbose) {
		report_line(s->api,
			    "verify: %lu SIGPROF samples inside the vDSO, %lu unwound to the caller",
			    (unsigned long)t.inside, (unsigned long)t.reached);
	}
}

static void unwind_round(struct verify_ctx *ctx, void *state)
{
	struct unwind_state *s = state;
	char where[VDSO_SYMBOL_NAME_MAX + 128];

	s->rounds++;
	t.sampling = 1;
	/* (timed with the system call: a slow or loaded vDSO function still
	 * ends its round in time) */
	struct timespec t0, now;
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &t0);
	do {
		sink += unwind_loop(api_vdso_fn(ctx->api, ctx->run), CALLS_PER_BATCH);
		syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - t0.tv_sec) * 1000000000LL + (now.tv_nsec - t0.tv_nsec) < ROUND_NS);
	t.sampling = 0;
	unsigned long reached = t.reached, inside = t.inside;
	unsigned nbad = t.nbad;
	for (unsigned long i = s->reached; i < reached; i++)
		verify_ok(ctx, "backtrace from the vDSO reaches the caller", true);
	s->reached = reached;
	for (unsigned i = 0; i < nbad; i++) {
		verify_ok(ctx, "backtrace from the vDSO reaches the caller", false);
		name_pc(s, t.bad_pc[i], where, sizeof(where));
		struct known_symptom sym = sample_symptom(s, t.bad_pc[i], t.bad_in_fn[i]);
		verify_fail_known(
			ctx, &sym,
			"a SIGPROF in the vDSO at %s: backtrace() from the handler gave %d frames, without the caller's return address %#jx",
			where, t.bad_frames[i], (uintmax_t)t.ret);
	}
	/* (the failing samples past MAX_BAD in a round are not shown) */
	s->inside = inside;
	t.nbad = 0;
}

static void unwind_call_once(const struct api *api, void *fn)
{
	(void)api;
	unwind_call(fn);
}

const struct family unwind_family = {
	.call = VDSO_CLOCK_GETTIME,
	.name = "unwind",
	.summary = "unwinding out of the vDSO's clock_gettime from a signal handler (backtrace(3))",
	.lacks_why = "it checks the vDSO's unwind tables, which have no speed and take no "
		     "arguments (verify tests them)",
	.flags = FAMILY_VERIFY_ONLY,
	.call_once = unwind_call_once,
	.verify_state_size = sizeof(struct unwind_state),
	.verify_setup = unwind_setup,
	.verify_round = unwind_round,
	.verify_teardown = unwind_teardown,
};
