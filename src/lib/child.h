/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Child processes: every fork(2) of vdsotest goes through here.  A test
 * child (fork_test_child()) runs code that may crash or hang (a vDSO
 * call, a check in a time namespace, a seccomp probe, one API's whole
 * bench or verify); the disturber of --perturb is a longer-lived helper
 * (child_fork()).  A child tells its parent how it ended with one of the
 * exit codes of enum child_exit, and hands back anything more through a
 * pipe or a shared result page (child_shared_page()).
 */
#ifndef VDSOTEST_CHILD_H
#define VDSOTEST_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * The exit codes of vdsotest's children, one meaning each.  PASS, FAIL
 * and SKIP have the values of the run's exit statuses (enum status,
 * core/api.h; 77 is automake's SKIP), so that a child running one API
 * exits with its status as it is.
 */
enum child_exit {
	/* Done: every check passed, or the result is handed back. */
	CHILD_EXIT_PASS = 0,
	/* Done: a check failed (the child said which, or its result says it). */
	CHILD_EXIT_FAIL = 1,
	/* Its result could not be handed back to the parent (pipe write failed). */
	CHILD_EXIT_NOT_HANDED_BACK = 3,
	/* Its report could not be written to vdsotest's output (stdout, --output). */
	CHILD_EXIT_OUTPUT_LOST = 5,
	/* Done: nothing could be tested. */
	CHILD_EXIT_SKIP = 77,
	/*
	 * What it was to test could not be set up (a seccomp filter, a time
	 * namespace, a getrandom state): CHILD_EXIT_NOT_SET_UP alone, or
	 * + the errno (1..CHILD_EXIT_MAX_ERRNO) of the step that failed;
	 * child_exit_not_set_up() and child_exit_errno() make and read it.
	 */
	CHILD_EXIT_NOT_SET_UP = 80,
	/* vdsotest died before the child could tie its life to it (child_fork()). */
	CHILD_EXIT_ORPHANED = 125,
	/*
	 * Stopped early by SIGINT, SIGTERM or SIGHUP after writing what it had:
	 * CHILD_EXIT_INTERRUPTED + the signal, as interrupt_status() (interrupt.h).
	 */
	CHILD_EXIT_INTERRUPTED = 128,
};

/*
 * The largest errno CHILD_EXIT_NOT_SET_UP can carry (80 + 44 < 125): the
 * common ones (EPERM 1, ENOMEM 12, EACCES 13, EFAULT 14, EINVAL 22,
 * ENOSYS 38 on most architectures).
 */
#define CHILD_EXIT_MAX_ERRNO 44

/*
 * child_exit_not_set_up - the exit code for a set-up that failed with
 * @err: CHILD_EXIT_NOT_SET_UP + @err, or CHILD_EXIT_NOT_SET_UP alone when
 * @err is not in 1..CHILD_EXIT_MAX_ERRNO.
 */
int child_exit_not_set_up(int err);

/*
 * child_exit_errno - for an exit code @code of child_exit_not_set_up():
 * the errno it carries, 0 when it carries none; -1 when @code is not one
 * of them.
 */
int child_exit_errno(int code);

/*
 * child_fork - fork(2) after flushing every stdio stream (fflush(NULL): no
 * output written twice).  In the child: no signal blocked (main() blocks
 * SIGCHLD), and @death_signal sent to it when vdsotest dies
 * (PR_SET_PDEATHSIG, prctl(2)); a child whose parent died before that
 * exits CHILD_EXIT_ORPHANED at once.
 * Return: as fork(2): the pid in the parent, 0 in the child, -1 on
 * failure (errno from fork(2), e.g. EAGAIN).
 */
pid_t child_fork(int death_signal);

/*
 * fork_test_child - child_fork() with SIGKILL as the death signal, so that
 * no test outlives the run, and a child that dumps no core (RLIMIT_CORE 0)
 * when the code under test crashes.  SIGSEGV and SIGBUS are at their
 * default action in the child, so that a fault kills it even where a
 * sanitizer run-time had taken them over (AddressSanitizer's handler would
 * exit 1 instead).
 * Return: as child_fork().
 */
pid_t fork_test_child(void);

/*
 * wait_test_child - wait for the child @pid of fork_test_child() to end,
 * passing SIGINT or SIGTERM on to it once vdsotest has caught one
 * (interrupt.h), since a signal sent to vdsotest's pid alone does not
 * reach it.  Looks every 50 us, rising to every 10 ms.
 * Return: 0 with @status filled as by waitpid(2); -1 with errno (ECHILD).
 */
int wait_test_child(pid_t pid, int *status);

/*
 * child_reap - waitpid(2) for @pid, blocking, again after EINTR; nothing
 * passed on (for a child that ends by itself or was killed).
 * Return: 0 with @status filled; -1 with errno (ECHILD).
 */
int child_reap(pid_t pid, int *status);

/*
 * child_shared_page - @size bytes (rounded up to whole pages by the
 * kernel), zero-filled, that a parent and the children it forks afterwards
 * share: mmap(2) MAP_SHARED | MAP_ANONYMOUS, read and write.  A child
 * writes its result there; the parent reads it after wait_test_child().
 * Return: the page; NULL with errno (ENOMEM...) from mmap(2).
 */
void *child_shared_page(size_t size);

/* child_shared_page_free - unmap @page of @size bytes; NULL is allowed. */
void child_shared_page_free(void *page, size_t size);

/*
 * A sign of life from the test children for the watchdog that waits for
 * them (cli/main.c): a counter in a page shared with every child forked
 * after child_progress_start() (and their children, as the time namespace
 * part's; not across execve(2)).  verify ticks it every round, bench every
 * slice: a child that is slow because the machine is busy keeps ticking,
 * one stuck in a call that never returns stops.
 *
 * child_progress_start - map the counter, once (later calls do nothing).
 * Return: true; false with errno from mmap(2), and then the ticks do
 * nothing and child_progress_count() stays 0.
 */
bool child_progress_start(void);

/* child_progress_tick - advance the counter (lock-free, async-signal-safe; any thread). */
void child_progress_tick(void);

/* child_progress_count - the counter: how many ticks so far (it wraps). */
unsigned long child_progress_count(void);

/*
 * child_answer - run @fn(@arg, @buf, @len) in a test child
 * (fork_test_child()) and hand back the @len bytes (1 .. PIPE_BUF) it
 * writes into @buf, through a pipe; @fn returns true when @buf holds its
 * answer.  For a check that needs a process of its own, e.g. one made by
 * fork(2) from the calling one (what a forked child inherits).
 * Return: 0, @buf filled; -1 with errno, @buf undefined, and *@step
 * naming what failed: "pipe" or "fork" (errno from pipe(2), fork(2):
 * EMFILE, EAGAIN...), or "the child's answer" (errno EIO: @fn returned
 * false, the child died, or it wrote fewer bytes).
 */
int child_answer(bool (*fn)(void *arg, void *buf, size_t len), void *arg, void *buf, size_t len,
		 const char **step);

#endif
