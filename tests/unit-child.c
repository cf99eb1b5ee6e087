// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for src/lib/child.c: the exit codes (one meaning each, the
 * set-up errno carried and read back), what a test child and a helper
 * child inherit and what they do not (signal mask, SIGSEGV handler, core
 * limit, death signal), the shared result page, and the waits (a caught
 * SIGTERM passed on to the child; a plain reap; ECHILD).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "lib/child.h"
#include "lib/interrupt.h"

/* What a child saw of itself, written into the shared page. */
struct seen {
	int death_signal;	/* PR_GET_PDEATHSIG */
	bool chld_blocked;	/* SIGCHLD in the signal mask */
	bool segv_default;	/* SIGSEGV at SIG_DFL */
	bool no_core;		/* RLIMIT_CORE soft limit 0 */
	bool done;
};

static void on_segv(int sig)
{
	(void)sig;
}

static void look(struct seen *s)
{
	struct sigaction sa;
	struct rlimit core;
	sigset_t mask;

	prctl(PR_GET_PDEATHSIG, &s->death_signal);
	sigprocmask(SIG_SETMASK, NULL, &mask);
	s->chld_blocked = sigismember(&mask, SIGCHLD) == 1;
	sigaction(SIGSEGV, NULL, &sa);
	s->segv_default = sa.sa_handler == SIG_DFL;
	s->no_core = getrlimit(RLIMIT_CORE, &core) == 0 && core.rlim_cur == 0;
	s->done = true;
}

static void test_codes(void)
{
	static const int codes[] = {
		CHILD_EXIT_PASS, CHILD_EXIT_FAIL, CHILD_EXIT_NOT_HANDED_BACK, CHILD_EXIT_OUTPUT_LOST,
		CHILD_EXIT_SKIP, CHILD_EXIT_NOT_SET_UP, CHILD_EXIT_ORPHANED, CHILD_EXIT_INTERRUPTED,
	};
	const size_t n = sizeof(codes) / sizeof(codes[0]);
	bool distinct = true, outside = true;

	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++)
			distinct &= codes[i] != codes[j];
		/* no other code inside the range of the set-up errnos */
		if (codes[i] != CHILD_EXIT_NOT_SET_UP && child_exit_errno(codes[i]) >= 0)
			outside = false;
	}
	ok(distinct, "the exit codes are distinct");
	ok(outside, "no other code lies in CHILD_EXIT_NOT_SET_UP + 0..%d", CHILD_EXIT_MAX_ERRNO);
	ok(CHILD_EXIT_PASS == 0 && CHILD_EXIT_FAIL == 1 && CHILD_EXIT_SKIP == 77,
	   "PASS, FAIL, SKIP are 0, 1, 77 (the run's statuses)");
	ok(CHILD_EXIT_INTERRUPTED + SIGINT == interrupt_status(SIGINT),
	   "CHILD_EXIT_INTERRUPTED + SIGINT is interrupt_status(SIGINT)");
	ok(CHILD_EXIT_NOT_SET_UP + CHILD_EXIT_MAX_ERRNO < CHILD_EXIT_ORPHANED &&
	   CHILD_EXIT_NOT_SET_UP > CHILD_EXIT_SKIP, "the set-up range lies between SKIP and ORPHANED");
	ok(child_exit_errno(child_exit_not_set_up(EACCES)) == EACCES,
	   "EACCES goes through the exit code and back (%d)", child_exit_not_set_up(EACCES));
	ok(child_exit_errno(child_exit_not_set_up(CHILD_EXIT_MAX_ERRNO)) == CHILD_EXIT_MAX_ERRNO,
	   "the largest errno carried goes through");
	ok(child_exit_not_set_up(0) == CHILD_EXIT_NOT_SET_UP &&
	   child_exit_not_set_up(-1) == CHILD_EXIT_NOT_SET_UP &&
	   child_exit_not_set_up(CHILD_EXIT_MAX_ERRNO + 1) == CHILD_EXIT_NOT_SET_UP,
	   "errno 0, -1 and past the largest: CHILD_EXIT_NOT_SET_UP alone");
	ok(child_exit_errno(CHILD_EXIT_NOT_SET_UP) == 0, "CHILD_EXIT_NOT_SET_UP carries errno 0");
	ok(child_exit_errno(CHILD_EXIT_FAIL) == -1 && child_exit_errno(CHILD_EXIT_SKIP) == -1 &&
	   child_exit_errno(CHILD_EXIT_ORPHANED) == -1, "FAIL, SKIP, ORPHANED carry no errno");
}

/* Fork with @fork_fn after blocking SIGCHLD and handling SIGSEGV; what the child saw. */
static bool run_look(pid_t (*fork_fn)(void), struct seen *out, int *status)
{
	struct seen *s = child_shared_page(sizeof(*s));
	struct sigaction sa = { .sa_handler = on_segv }, old;
	sigset_t chld, before;
	pid_t pid;

	if (!s)
		return false;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &before);
	pid = fork_fn();
	if (pid == 0) {
		look(s);
		_exit(CHILD_EXIT_PASS);
	}
	sigprocmask(SIG_SETMASK, &before, NULL);
	sigaction(SIGSEGV, &old, NULL);
	bool waited = pid > 0 && wait_test_child(pid, status) == 0;
	*out = *s;
	child_shared_page_free(s, sizeof(*s));
	return waited;
}

static pid_t fork_helper(void)
{
	return child_fork(SIGTERM);
}

static void test_forks(void)
{
	struct seen s;
	int status;

	ok(run_look(fork_test_child, &s, &status) && WIFEXITED(status) &&
	   WEXITSTATUS(status) == CHILD_EXIT_PASS && s.done, "fork_test_child: the child ran and exited 0");
	ok(s.death_signal == SIGKILL, "fork_test_child: death signal SIGKILL (got %d)", s.death_signal);
	ok(!s.chld_blocked, "fork_test_child: SIGCHLD, blocked in the parent, not blocked in the child");
	ok(s.segv_default, "fork_test_child: SIGSEGV, handled in the parent, at SIG_DFL in the child");
	ok(s.no_core, "fork_test_child: RLIMIT_CORE 0");

	ok(run_look(fork_helper, &s, &status) && WIFEXITED(status) && s.done,
	   "child_fork(SIGTERM): the child ran");
	ok(s.death_signal == SIGTERM, "child_fork(SIGTERM): death signal SIGTERM (got %d)",
	   s.death_signal);
	ok(!s.chld_blocked, "child_fork: SIGCHLD not blocked in the child");
	ok(!s.segv_default, "child_fork: the parent's SIGSEGV handler kept (not a test child)");
}

static void test_page(void)
{
	unsigned char *p = child_shared_page(3 * 4096 + 1);
	bool zero = true;
	int status;

	if (!ok(p != NULL, "child_shared_page: 12289 bytes"))
		return;
	for (size_t i = 0; i < 3 * 4096 + 1; i++)
		zero &= p[i] == 0;
	ok(zero, "child_shared_page: zero-filled");
	pid_t pid = fork_test_child();
	if (pid == 0) {
		p[0] = 1;
		p[3 * 4096] = 2;
		_exit(CHILD_EXIT_PASS);
	}
	ok(pid > 0 && child_reap(pid, &status) == 0 && p[0] == 1 && p[3 * 4096] == 2,
	   "child_shared_page: the child's writes, first and last byte, seen by the parent");
	child_shared_page_free(p, 3 * 4096 + 1);
	child_shared_page_free(NULL, 1);
	ok(true, "child_shared_page_free(NULL) is allowed");
}

static void test_waits(void)
{
	int status;
	pid_t pid;

	pid = fork_test_child();
	if (pid == 0)
		_exit(CHILD_EXIT_OUTPUT_LOST);
	ok(pid > 0 && child_reap(pid, &status) == 0 && WIFEXITED(status) &&
	   WEXITSTATUS(status) == CHILD_EXIT_OUTPUT_LOST, "child_reap: the child's exit code");
	errno = 0;
	ok(child_reap(pid, &status) == -1 && errno == ECHILD, "child_reap again: ECHILD");
	errno = 0;
	ok(wait_test_child(pid, &status) == -1 && errno == ECHILD, "wait_test_child again: ECHILD");

	/* A child that would wait for ever: the SIGTERM "caught" is passed on. */
	pid = fork_test_child();
	if (pid == 0) {
		for (;;)
			pause();
	}
	interrupt_caught = SIGTERM;
	ok(pid > 0 && wait_test_child(pid, &status) == 0 && WIFSIGNALED(status) &&
	   WTERMSIG(status) == SIGTERM, "wait_test_child: a SIGTERM caught is passed on to the child");
	interrupt_caught = 0;
}

/* child_answer's @fn: the child's own pid and its parent's, or nothing. */
static bool answer_pids(void *arg, void *buf, size_t len)
{
	pid_t pids[2] = { getpid(), getppid() };

	if (!arg || len != sizeof(pids))
		return false;
	memcpy(buf, pids, sizeof(pids));
	return true;
}

static void test_answer(void)
{
	pid_t pids[2] = { 0, 0 };
	const char *step = NULL;
	int r;

	r = child_answer(answer_pids, &r, pids, sizeof(pids), &step);
	ok(r == 0 && pids[0] != getpid() && pids[0] > 0 && pids[1] == getpid(),
	   "child_answer: the answer comes from a child of the caller (child %d, its parent %d, we %d)",
	   (int)pids[0], (int)pids[1], (int)getpid());
	step = NULL;
	errno = 0;
	r = child_answer(answer_pids, NULL, pids, sizeof(pids), &step);
	ok(r == -1 && errno == EIO && step && strcmp(step, "the child's answer") == 0,
	   "child_answer: a child without an answer is -1, EIO, \"the child's answer\"");
}

int main(void)
{
	test_codes();
	test_forks();
	test_page();
	test_waits();
	test_answer();
	return tap_done();
}
