// SPDX-License-Identifier: GPL-2.0-or-later
/* Child processes, their exit codes and shared result pages; see child.h. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/child.h"
#include "lib/interrupt.h"

int child_exit_not_set_up(int err)
{
	return CHILD_EXIT_NOT_SET_UP + (err > 0 && err <= CHILD_EXIT_MAX_ERRNO ? err : 0);
}

int child_exit_errno(int code)
{
	if (code < CHILD_EXIT_NOT_SET_UP || code > CHILD_EXIT_NOT_SET_UP + CHILD_EXIT_MAX_ERRNO)
		return -1;
	return code - CHILD_EXIT_NOT_SET_UP;
}

pid_t child_fork(int death_signal)
{
	pid_t parent = getpid();
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL); /* main() blocks SIGCHLD */
		prctl(PR_SET_PDEATHSIG, death_signal);
		if (getppid() != parent) /* the parent died before prctl() */
			_exit(CHILD_EXIT_ORPHANED);
	}
	return pid;
}

pid_t fork_test_child(void)
{
	pid_t pid = child_fork(SIGKILL);

	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };

		/*
		 * A vDSO that faults kills the child with the signal, which the
		 * parent reports: not a handler's report (AddressSanitizer's
		 * under --enable-sanitizers, which would exit 1 instead).
		 */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		setrlimit(RLIMIT_CORE, &no_core); /* a crash leaves no file */
	}
	return pid;
}

int wait_test_child(pid_t pid, int *status)
{
	struct timespec nap = { 0, 50000 };
	bool passed = false;
	pid_t r;

	while ((r = waitpid(pid, status, WNOHANG)) != pid) {
		if (r < 0 && errno != EINTR)
			return -1;
		if (interrupt_signal() && !passed) {
			kill(pid, interrupt_signal());
			passed = true;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 10000000)
			nap.tv_nsec *= 2;
	}
	return 0;
}

int child_reap(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

void *child_shared_page(size_t size)
{
	void *page = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return page == MAP_FAILED ? NULL : page; /* (anonymous pages come zero-filled) */
}

void child_shared_page_free(void *page, size_t size)
{
	if (page)
		munmap(page, size);
}

/* The counter of child_progress_start(), or NULL. */
static atomic_ulong *progress;

bool child_progress_start(void)
{
	if (progress)
		return true;
	progress = child_shared_page(sizeof(*progress));
	return progress != NULL;
}

void child_progress_tick(void)
{
	if (progress)
		atomic_fetch_add_explicit(progress, 1, memory_order_relaxed);
}

unsigned long child_progress_count(void)
{
	return progress ? atomic_load_explicit(progress, memory_order_relaxed) : 0;
}

int child_answer(bool (*fn)(void *arg, void *buf, size_t len), void *arg, void *buf, size_t len,
		 const char **step)
{
	int fds[2], status, err;
	ssize_t n;

	if (pipe(fds) != 0) {
		*step = "pipe";
		return -1;
	}
	pid_t pid = fork_test_child();
	if (pid < 0) {
		err = errno;
		close(fds[0]);
		close(fds[1]);
		*step = "fork";
		errno = err;
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		bool ok = fn(arg, buf, len) && write(fds[1], buf, len) == (ssize_t)len;
		_exit(ok ? CHILD_EXIT_PASS : CHILD_EXIT_NOT_HANDED_BACK);
	}
	close(fds[1]);
	do
		n = read(fds[0], buf, len);
	while (n < 0 && errno == EINTR);
	close(fds[0]);
	child_reap(pid, &status);
	if (n != (ssize_t)len) {
		*step = "the child's answer";
		errno = EIO;
		return -1;
	}
	return 0;
}
