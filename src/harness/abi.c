// SPDX-License-Identifier: GPL-2.0-or-later
/* The abi child runner and verdicts; see abi.h. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/known_bugs.h"
#include "harness/abi.h"
#include "harness/stack.h"
#include "lib/child.h"
#include "lib/interrupt.h"
#include "output/report.h"
#include "vdso/regcheck.h"

/*
 * Clock ids no kernel accepts: negative ids that decode to no valid CPU
 * clock (kernel/time/posix-cpu-timers.c), the removed CLOCK_SGI_CYCLE (10),
 * the unused 12..15, and ids past the last (MAX_CLOCKS, include/linux/time.h;
 * 16..23 are aux clocks on 6.17+, so 24 and beyond).
 */
const long abi_invalid_clock_ids[] = {
	-1, INT_MIN, INT_MAX, 10, 12, 13, 14, 15, 24, 1000,
};
const size_t abi_invalid_clock_id_count = sizeof(abi_invalid_clock_ids) /
					  sizeof(abi_invalid_clock_ids[0]);

/* What one child did. */
struct outcome {
	int signal;	 /* terminating signal, or 0 */
	int exit_status; /* when the child exited without reporting: >= 0 */
	int fork_errno;	 /* the child could not be started: errno */
	long ret;
	int err;
	/* what else the vDSO call did wrong: "changed callee-saved register
	 * REG: ...", "touched byte N after its SIZE-byte object (...)" */
	char regs[192];
};

static const char *errno_name(int err)
{
	switch (err) {
	case EFAULT:
		return "EFAULT";
	case EINVAL:
		return "EINVAL";
	case ENOSYS:
		return "ENOSYS";
	case EPERM:
		return "EPERM";
	case ENOENT:
		return "ENOENT";
	case ENOMEM:
		return "ENOMEM";
	case 0:
		return "0";
	default:
		return NULL;
	}
}

const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "SIGSEGV";
	case SIGBUS:
		return "SIGBUS";
	case SIGILL:
		return "SIGILL";
	case SIGABRT:
		return "SIGABRT";
	case SIGFPE:
		return "SIGFPE";
	case SIGTRAP:
		return "SIGTRAP";
	case SIGSYS:
		return "SIGSYS";
	case SIGALRM:
		return "SIGALRM (timed out)";
	case SIGKILL:
		return "SIGKILL";
	default:
		return NULL;
	}
}

static const char *outcome_str(const struct outcome *o, char *buf, size_t len)
{
	if (o->fork_errno) {
		snprintf(buf, len, "not run (fork: %s)", strerror(o->fork_errno));
	} else if (o->signal) {
		const char *n = signal_name(o->signal);
		if (n)
			snprintf(buf, len, "%s", n);
		else
			snprintf(buf, len, "signal %d", o->signal);
	} else if (o->exit_status >= 0) {
		snprintf(buf, len, "exit status %d without a result", o->exit_status);
	} else if (o->ret == -1) {
		const char *n = errno_name(o->err);
		if (n)
			snprintf(buf, len, "-1/%s", n);
		else
			snprintf(buf, len, "-1/errno %d", o->err);
	} else {
		snprintf(buf, len, "%ld", o->ret);
	}
	if (o->regs[0] && !o->signal && o->exit_status < 0) {
		size_t n = strlen(buf);
		snprintf(buf + n, len - n, " but %s", o->regs);
	}
	return buf;
}

/*
 * Where the child's PTR_GOOD objects go: the buffer, or flush against an
 * unmapped page after them (PLACE_END) or before them (PLACE_START), so
 * that a store past either end of the object faults; child() makes the
 * vDSO call of a good-pointer case again in each of the two, and a fault
 * in an unmapped page next to an object is the vDSO's overrun.
 */
enum placement { PLACE_BUFFER, PLACE_END, PLACE_START };
static enum placement placement;
static struct {
	unsigned char *obj;
	size_t size;
} placed[3];
static unsigned n_placed;

/* An object of @size bytes against an unmapped page (placement); NULL on failure. */
static void *place(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *p, *obj;

	if (size > page || n_placed >= sizeof(placed) / sizeof(placed[0]))
		return NULL;
	p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if (placement == PLACE_END) {
		munmap(p + page, page);
		obj = p + page - size;
	} else {
		munmap(p, page);
		obj = p + page;
	}
	placed[n_placed].obj = obj;
	placed[n_placed++].size = size;
	return obj;
}

void *abi_ptr(enum abi_ptr kind, size_t size)
{
	static _Alignas(64) unsigned char good[256];
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *p;

	switch (kind) {
	case PTR_GOOD:
		if (placement != PLACE_BUFFER && size)
			return place(size);
		return good;
	case PTR_NULL:
		return NULL;
	case PTR_MAX:
		return (void *)UINTPTR_MAX;
	case PTR_PROT_NONE:
	case PTR_PROT_READ:
		p = mmap(NULL, page, kind == PTR_PROT_READ ? PROT_READ : PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		return p == MAP_FAILED ? NULL : p;
	case PTR_STRADDLE:
		p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			 0);
		if (p == MAP_FAILED)
			return NULL;
		munmap(p + page, page);
		return p + page - size / 2;
	default:
		return NULL;
	}
}

void abi_call_not_set_up(void)
{
	_exit(CHILD_EXIT_NOT_SET_UP);
}

const char *abi_ptr_name(enum abi_ptr kind)
{
	static const char *const names[NR_ABI_PTRS] = {
		[PTR_GOOD] = "&buf",
		[PTR_NULL] = "NULL",
		[PTR_MAX] = "UINTPTR_MAX",
		[PTR_PROT_NONE] = "PROT_NONE page",
		[PTR_PROT_READ] = "PROT_READ page",
		[PTR_STRADDLE] = "straddling an unmapped page",
	};
	return (unsigned)kind < NR_ABI_PTRS ? names[kind] : "?";
}

static sigjmp_buf place_jmp;
static void *volatile place_fault_addr;

static void place_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	place_fault_addr = si->si_addr;
	siglongjmp(place_jmp, sig);
}

/* Does @c give only good or NULL pointers, at least one good one with a size? */
static bool good_pointer_case(const struct abi_call *c)
{
	bool good = false;

	for (unsigned i = 0; i < 3; i++) {
		if (c->ptr[i] != PTR_GOOD && c->ptr[i] != PTR_NULL)
			return false;
		good |= c->ptr[i] == PTR_GOOD && c->size[i];
	}
	return good;
}

/*
 * The vDSO call of a good-pointer case again, its objects against an
 * unmapped page after them, then before them: what a fault there says
 * into @msg ("" when none).
 */
static void placed_calls(abi_call_fn call, const struct abi_call *c, char *msg, size_t len)
{
	struct sigaction sa = { .sa_sigaction = place_fault, .sa_flags = SA_SIGINFO | SA_NODEFER };
	static const enum placement order[] = { PLACE_END, PLACE_START };

	*msg = '\0';
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	for (unsigned k = 0; k < 2 && !*msg; k++) {
		placement = order[k];
		n_placed = 0;
		if (sigsetjmp(place_jmp, 1) == 0) {
			call(c);
			continue;
		}
		unsigned char *a = place_fault_addr;
		for (unsigned i = 0; i < n_placed && !*msg; i++) {
			unsigned char *o = placed[i].obj;
			if (placement == PLACE_END && a >= o + placed[i].size)
				snprintf(msg, len,
					 "touched byte %zu after its %zu-byte object (put against an unmapped page)",
					 (size_t)(a - (o + placed[i].size)) + 1, placed[i].size);
			else if (placement == PLACE_START && a < o)
				snprintf(msg, len,
					 "touched byte %zu before its %zu-byte object (put against an unmapped page)",
					 (size_t)(o - a), placed[i].size);
		}
		if (!*msg)
			snprintf(msg, len, "faulted with its objects against an unmapped page");
	}
	placement = PLACE_BUFFER;
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
}

static void child(abi_call_fn call, const struct abi_call *c, int fd)
{
	struct {
		long ret;
		int err;
		char regs[192];
	} r;
	struct vdso_check_record seen;

	memset(&r, 0, sizeof(r)); /* the padding goes down the pipe too */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	interrupt_release(); /* a terminal's SIGINT ends the case at once */
	alarm(10);
	/* the vDSO's call through the register check (vdso/regcheck.h) */
	vdso_check_armed = c->vdso_fn && vdso_regcheck_available(NULL) ? VDSO_CHECK_REGS : 0;
	errno = 0;
	r.ret = call(c);
	r.err = errno;
	vdso_check_armed = 0;
	vdso_check_take(&seen);
	if (seen.reg_changed)
		snprintf(r.regs, sizeof(r.regs), "changed callee-saved register %s",
			 seen.reg_first);
	else if (c->vdso_fn && good_pointer_case(c))
		placed_calls(call, c, r.regs, sizeof(r.regs));
	if (write(fd, &r, sizeof(r)) != (ssize_t)sizeof(r))
		_exit(CHILD_EXIT_NOT_HANDED_BACK);
	_exit(CHILD_EXIT_PASS);
}

/*
 * Read the child's result from @fd.  SIGINT or SIGTERM caught meanwhile is
 * passed on to the child @pid, whose case then ends at once (child()
 * leaves them at their default action): sent to vdsotest alone, not to its
 * process group, it would otherwise wait for the case to end.  poll(2)
 * returns early on the signal, and at the latest after 200 ms (a signal
 * that came just before it).  Return: as read(2).
 */
static ssize_t read_result(int fd, pid_t pid, void *buf, size_t len)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	bool passed = false;
	int r;

	while ((r = poll(&pfd, 1, 200)) <= 0) {
		if (r < 0 && errno != EINTR)
			break;
		if (interrupt_signal() && !passed) {
			kill(pid, interrupt_signal());
			passed = true;
		}
	}
	return read(fd, buf, len);
}

/* Run @c in a child and collect what happened. */
static void run_case(abi_call_fn call, const struct abi_call *c, struct outcome *o)
{
	struct {
		long ret;
		int err;
		char regs[192];
	} r;
	int fds[2], status;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	o->exit_status = -1;
	if (pipe(fds) != 0) {
		o->fork_errno = errno;
		return;
	}
	if ((pid = fork_test_child()) < 0) {
		o->fork_errno = errno;
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		child(call, c, fds[1]);
	}
	close(fds[1]);
	ssize_t n = read_result(fds[0], pid, &r, sizeof(r));
	close(fds[0]);
	if (child_reap(pid, &status) != 0) {
		o->fork_errno = errno; /* lost the child */
		return;
	}
	if (WIFSIGNALED(status)) {
		o->signal = WTERMSIG(status);
	} else if (n != (ssize_t)sizeof(r)) {
		o->exit_status = WIFEXITED(status) ? WEXITSTATUS(status)
						   : CHILD_EXIT_NOT_HANDED_BACK;
	} else {
		o->ret = r.ret;
		o->err = r.err;
		memcpy(o->regs, r.regs, sizeof(o->regs));
		o->regs[sizeof(o->regs) - 1] = '\0';
	}
}

static void abi_begin(struct abi_ctx *ctx, const struct api *api, const struct run *run,
		      void *vdso_fn, abi_call_fn call)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->api = api;
	ctx->run = run;
	ctx->vdso_fn = vdso_fn;
	ctx->call = call;
}

/* The stack use case's name, and why it is not measured for some calls. */
#define STACK_CASE "stack use of the vDSO function"
#define STACK_NOT_MEASURABLE "its state is set up on the same stack"

/*
 * Report one case: in KTAP a subtest named @what, with @line under it when
 * it failed or in verbose mode; else @line itself when it failed or in
 * verbose mode.  @line is "API: abi: ...".
 */
static void case_line(struct abi_ctx *ctx, const char *what, bool ok, const char *line)
{
	if (!ok)
		ctx->fails++;
	if (report_has_subtests())
		report_subtest(ctx->api, ok ? STATUS_PASS : STATUS_FAIL, what,
			       ok && !ctx->run->verbose ? NULL : line, NULL);
	else if (!ok || ctx->run->verbose)
		report_line(ctx->api, "%s", line + strlen(ctx->api->name) + 2);
}

/*
 * Report a case that failed as a known kernel bug, expected: in KTAP "ok
 * N WHAT # XFAIL ID: SUBJECT" with @line under it; else @line.
 */
static void xfail_line(struct abi_ctx *ctx, const char *what, const char *line,
		       const struct known_bug *b)
{
	char subject[160];

	ctx->xfails++;
	if (report_has_subtests())
		report_subtest(ctx->api, STATUS_PASS, what, line, "XFAIL %s: %s", b->id,
			       known_bug_subject(b, subject, sizeof(subject)));
	else
		report_line(ctx->api, "%s", line + strlen(ctx->api->name) + 2);
}

/*
 * The first case of every API: the vDSO function uses at most
 * STACK_LIMIT_BYTES of stack (api_stack_bytes()).
 */
static void abi_check_stack(struct abi_ctx *ctx)
{
	long bytes = api_stack_bytes(ctx->api, ctx->run);

	if (bytes < 0 && interrupt_signal()) /* cut short: not judged */
		return;
	if (bytes < 0 && errno == ENOTSUP) { /* not measurable for this call */
		ctx->skipped++;
		if (report_has_subtests())
			report_subtest(ctx->api, STATUS_SKIP, STACK_CASE, NULL, "not measured (%s)",
				       STACK_NOT_MEASURABLE);
		else if (ctx->run->verbose)
			report_line(ctx->api, "abi: " STACK_CASE ": not measured (%s)",
				    STACK_NOT_MEASURABLE);
		return;
	}
	if (bytes < 0 && errno != ECHILD) { /* vdsotest's trouble */
		fprintf(stderr, "vdsotest: %s: abi: cannot measure the stack use: %s\n",
			ctx->api->name, strerror(errno));
		ctx->broken = true;
		ctx->fails++;
		return;
	}
	ctx->cases++;
	bool ok = bytes >= 0 && bytes <= STACK_LIMIT_BYTES;
	char line[160];
	if (bytes < 0)
		snprintf(line, sizeof(line),
			 "%s: abi: " STACK_CASE
			 ": not measured, the call crashed, hung or ended the process: FAIL",
			 ctx->api->name);
	else
		snprintf(line, sizeof(line), "%s: abi: " STACK_CASE ": %ld bytes (limit %d): %s",
			 ctx->api->name, bytes, STACK_LIMIT_BYTES, ok ? "OK" : "FAIL");
	case_line(ctx, STACK_CASE, ok, line);
}

enum status abi_begin_checked(struct abi_ctx *ctx, const struct api *api, const struct run *run,
			      abi_call_fn call)
{
	void *fn = api_vdso_fn(api, run);

	if (!fn) {
		report_note("%s: vDSO version of %s not found; nothing to test", api->name,
			    vdso_call_name(api->family->call));
		return STATUS_SKIP;
	}
	abi_begin(ctx, api, run, fn, call);
	abi_check_stack(ctx);
	return STATUS_PASS;
}

/* Did the child run the call and report its result? */
static bool completed(const struct outcome *o)
{
	return !o->fork_errno && !o->signal && o->exit_status < 0;
}

static bool returned(const struct outcome *o, long ret, int err)
{
	return completed(o) && !o->regs[0] && o->ret == ret && (ret != -1 || o->err == err);
}

/*
 * A case the vDSO failed and the system call passed: is it a known kernel
 * bug (core/known_bugs.h)?  Into @bug, "; " and what known_bug_match()
 * said, or "".  Return: it is, on a kernel in the bug's range.
 */
static bool known_case(struct abi_ctx *ctx, const struct abi_call *c, const struct outcome *sys,
		       const struct outcome *vdso, char *bug, size_t len,
		       const struct known_bug **row)
{
	const struct kernel_version *k = known_bugs_kernel(ctx->run->vdso);
	struct known_symptom s = {
		.call = vdso_call_name(ctx->api->family->call),
		.clock_id = (clockid_t)c->clock_id,
		.clock_flags = ctx->api->flags,
		.check = KNOWN_ABI_CHECK,
		.sys_errno = completed(sys) && sys->ret == -1 ? sys->err : 0,
		.ret = vdso->ret,
		.err = vdso->err,
		.fault = vdso->signal == SIGSEGV || vdso->signal == SIGBUS,
		.null_ptr = c->ptr[0] == PTR_NULL,
	};
	struct known_match m;
	char d[300];

	bug[0] = '\0';
	if (!completed(vdso) && !s.fault)
		return false;
	bool xfail = known_bug_match(&s, k, &m);
	if (xfail) {
		*row = m.bug;
		known_bugs_record((size_t)(m.bug - known_bugs));
		snprintf(bug, len, "; %s; this kernel is %s",
			 known_bug_describe(m.bug, d, sizeof(d)), k->text);
	} else if (m.why[0]) {
		snprintf(bug, len, "; %s", m.why);
	}
	return xfail;
}

/* Print the verdict of one case; @sys_ok/@vdso_ok say whether each path passed. */
static void verdict(struct abi_ctx *ctx, const struct abi_call *c, const char *what,
		    const struct outcome *sys, bool sys_ok, const struct outcome *vdso,
		    bool vdso_ok, const char *expected)
{
	char s[64], v[256], bug[400] = "";
	bool ok = sys_ok && vdso_ok;

	if (sys->fork_errno || vdso->fork_errno) { /* vdsotest's trouble */
		fprintf(stderr, "vdsotest: %s: abi: cannot run %s: %s\n", ctx->api->name, what,
			strerror(sys->fork_errno ? sys->fork_errno : vdso->fork_errno));
		ctx->broken = true;
		ctx->fails++;
		return;
	}
	ctx->cases++;
	/* one hang fails the API; each further one would cost the alarm's 10 s */
	ctx->hung |= vdso->signal == SIGALRM;
	const struct known_bug *row = NULL;
	bool xfail = sys_ok && !vdso_ok && known_case(ctx, c, sys, vdso, bug, sizeof(bug), &row);
	bool expected_fail = xfail && !ctx->run->fail_known_bugs;
	char line[1200];
	snprintf(line, sizeof(line), "%s: abi: %s: vDSO %s, syscall %s%s (expected %s): %s%s",
		 ctx->api->name, what, outcome_str(vdso, v, sizeof(v)),
		 outcome_str(sys, s, sizeof(s)), sys_ok ? "" : " [wrong]", expected,
		 ok		 ? "OK"
		 : expected_fail ? "XFAIL"
		 : vdso_ok	 ? "FAIL (system call)"
				 : "FAIL",
		 bug);
	if (expected_fail)
		xfail_line(ctx, what, line, row);
	else
		case_line(ctx, what, ok, line);
}

/*
 * Run @c through the system call, then through the vDSO.  Return: false,
 * running nothing, once a case could not be run.
 */
static bool run_both(const struct abi_ctx *ctx, struct abi_call c, struct outcome *sys,
		     struct outcome *vdso)
{
	if (ctx->broken || ctx->hung || interrupt_signal())
		return false;
	c.vdso_fn = NULL;
	run_case(ctx->call, &c, sys);
	c.vdso_fn = ctx->vdso_fn;
	run_case(ctx->call, &c, vdso);
	return !interrupt_signal(); /* a case cut short is not judged */
}

void abi_expect_fault(struct abi_ctx *ctx, struct abi_call c, const char *what)
{
	struct outcome sys, vdso;

	if (!run_both(ctx, c, &sys, &vdso))
		return;
	verdict(ctx, &c, what, &sys, returned(&sys, -1, EFAULT), &vdso,
		returned(&vdso, -1, EFAULT) || vdso.signal == SIGSEGV || vdso.signal == SIGBUS,
		"-1/EFAULT, or SIGSEGV/SIGBUS from the vDSO");
}

void abi_expect_result(struct abi_ctx *ctx, struct abi_call c, long ret, int err, const char *what)
{
	struct outcome sys, vdso, want = { .exit_status = -1, .ret = ret, .err = err };
	char expected[64];

	if (!run_both(ctx, c, &sys, &vdso))
		return;
	verdict(ctx, &c, what, &sys, returned(&sys, ret, err), &vdso, returned(&vdso, ret, err),
		outcome_str(&want, expected, sizeof(expected)));
}

void abi_expect_result_or_fault(struct abi_ctx *ctx, struct abi_call c, long ret, int err,
				const char *what)
{
	struct outcome sys, vdso, want = { .exit_status = -1, .ret = ret, .err = err };
	char expected[96], want_str[64];

	if (!run_both(ctx, c, &sys, &vdso))
		return;
	snprintf(expected, sizeof(expected), "%s, or -1/EFAULT or SIGSEGV/SIGBUS from the vDSO",
		 outcome_str(&want, want_str, sizeof(want_str)));
	verdict(ctx, &c, what, &sys, returned(&sys, ret, err), &vdso,
		returned(&vdso, ret, err) || returned(&vdso, -1, EFAULT) ||
			vdso.signal == SIGSEGV || vdso.signal == SIGBUS,
		expected);
}

static bool succeeded(const struct outcome *o)
{
	return completed(o) && !o->regs[0] && o->ret >= 0;
}

void abi_expect_success(struct abi_ctx *ctx, struct abi_call c, const char *what)
{
	struct outcome sys, vdso;

	if (!run_both(ctx, c, &sys, &vdso))
		return;
	verdict(ctx, &c, what, &sys, succeeded(&sys), &vdso, succeeded(&vdso), "a value >= 0");
}

bool abi_ptr_bad(enum abi_ptr kind)
{
	return kind != PTR_GOOD && kind != PTR_NULL;
}

/* One case of abi_combinations(): @c's pointers as set. */
static void combination(struct abi_ctx *ctx, struct abi_call c, abi_rule_fn rule,
			abi_describe_fn describe, const void *arg)
{
	struct abi_want want = rule(&c, arg);
	char what[160];

	describe(&c, arg, what, sizeof(what));
	if (want.fault)
		abi_expect_fault(ctx, c, what);
	else
		abi_expect_result(ctx, c, want.ret, want.err, what);
}

void abi_combinations(struct abi_ctx *ctx, struct abi_call c, unsigned nargs,
		      const unsigned kinds[], abi_rule_fn rule, abi_describe_fn describe,
		      const void *arg)
{
	enum { MAXARGS = sizeof(c.ptr) / sizeof(c.ptr[0]) };
	unsigned k[MAXARGS] = { 0 };

	if (nargs < 1 || nargs > MAXARGS)
		return;
	/* an odometer over the kinds, argument nargs-1 the fastest wheel */
	for (;;) {
		bool valid = true;
		for (unsigned i = 0; i < nargs; i++) {
			valid &= (kinds[i] >> k[i]) & 1u;
			c.ptr[i] = (enum abi_ptr)k[i];
		}
		if (valid)
			combination(ctx, c, rule, describe, arg);
		unsigned i = nargs;
		while (i > 0 && ++k[i - 1] == NR_ABI_PTRS)
			k[--i] = 0;
		if (i == 0)
			return;
	}
}

enum status abi_end(struct abi_ctx *ctx)
{
	if (interrupt_signal())
		report_line(ctx->api, "abi: interrupted by %s after %u cases, %u failures",
			    interrupt_name(interrupt_signal()), ctx->cases, ctx->fails);
	else if (ctx->hung)
		report_line(ctx->api,
			    "abi: the vDSO function hung (SIGALRM after 10 s) in case %u: no further cases",
			    ctx->cases);
	else if (ctx->run->verbose)
		report_line(ctx->api, "abi: %u cases, %u failures%s", ctx->cases, ctx->fails,
			    ctx->skipped ? ", 1 skipped (the stack use)" : "");
	if (!ctx->broken) /* vdsotest's own trouble went to stderr */
		report_failures(ctx->api, TEST_ABI, ctx->fails);
	if (ctx->xfails)
		report_line(ctx->api,
			    "abi: %u expected failure%s: known kernel bugs of this kernel (XFAIL)",
			    ctx->xfails, ctx->xfails == 1 ? "" : "s");
	report_subtests_end(ctx->api);
	if (ctx->fails)
		return STATUS_FAIL;
	return ctx->cases || interrupt_signal() ? STATUS_PASS : STATUS_SKIP;
}
