// SPDX-License-Identifier: GPL-2.0-or-later
/* Stack use of a vDSO function; see stack.h. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/stack.h"
#include "lib/child.h"

#define STACK_BYTES (256 * 1024)
#define PATTERN 0xa5

/* What the child hands back, in a shared page. */
struct stack_result {
	long bytes;
	int err; /* 0, or why there is no figure */
};

struct call {
	const struct api *api;
	void *fn;
};

/* The stand-in for the vDSO function: touches no stack of its own. */
static long empty_fn(void)
{
	return 0;
}

static void *thread_main(void *p)
{
	const struct call *c = p;

	c->api->family->call_once(c->api, c->fn);
	return NULL;
}

/*
 * The deepest byte of @stack that is not PATTERN, read back through
 * process_vm_readv(2) into @copy (STACK_BYTES each): the thread that had
 * @stack has ended, and valgrind's memcheck takes the part of a thread's
 * stack below its stack pointer for gone once its frames return (every
 * byte read there an "Invalid read" of an undefined value, issue #26),
 * though the mapping is ours and readable; a copy made by the kernel is
 * defined to it.  Where the call is refused (seccomp, ENOSYS), @stack is
 * read directly.  Return: its depth, bytes below the top.
 */
static long deepest_change(const unsigned char *stack, unsigned char *copy)
{
	struct iovec local = { copy, STACK_BYTES }, remote = { (void *)stack, STACK_BYTES };
	const unsigned char *p = stack;
	size_t i = 0;

	if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == STACK_BYTES)
		p = copy;
	while (i < STACK_BYTES && p[i] == PATTERN)
		i++;
	return (long)(STACK_BYTES - i);
}

/*
 * Run @c on a thread whose stack is a new pattern-filled mapping (a new one
 * each time: memcheck would take a refill of the last one for writes to a
 * dead stack); return the depth (bytes below its top) of the deepest byte
 * changed, or -1 with errno.  @copy: STACK_BYTES for deepest_change().
 */
static long depth_of(struct call *c, unsigned char *copy)
{
	unsigned char *stack = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	pthread_attr_t attr;
	pthread_t t;
	long depth = -1;
	int err;

	if (stack == MAP_FAILED)
		return -1;
	memset(stack, PATTERN, STACK_BYTES);
	if ((err = pthread_attr_init(&attr)) != 0)
		goto out;
	if ((err = pthread_attr_setstack(&attr, stack, STACK_BYTES)) != 0 ||
	    (err = pthread_create(&t, &attr, thread_main, c)) != 0) {
		pthread_attr_destroy(&attr);
		goto out;
	}
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
	depth = deepest_change(stack, copy);
out:
	munmap(stack, STACK_BYTES);
	if (depth < 0)
		errno = err;
	return depth;
}

static void child(const struct api *api, void *fn, struct stack_result *res)
{
	unsigned char *copy = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct call empty = { api, (void *)empty_fn }, real = { api, fn };
	long base, used;

	alarm(10);
	if (copy == MAP_FAILED) {
		res->err = errno;
		_exit(CHILD_EXIT_PASS);
	}
	if ((base = depth_of(&empty, copy)) < 0 || (used = depth_of(&real, copy)) < 0) {
		res->err = errno;
		_exit(CHILD_EXIT_PASS);
	}
	res->bytes = used > base ? used - base : 0;
	res->err = 0; /* (only here: a call that ends the process leaves ECHILD) */
	_exit(CHILD_EXIT_PASS);
}

long api_stack_bytes(const struct api *api, const struct run *run)
{
	void *fn = api_vdso_fn(api, run);
	struct stack_result *res;
	int status, err;
	pid_t pid;

	if (!fn) {
		errno = ENOENT;
		return -1;
	}
	if (api->family->flags & FAMILY_NO_STACK_CHECK) {
		errno = ENOTSUP; /* e.g. getrandom: its state is mapped on the same stack first */
		return -1;
	}
	if (!(res = child_shared_page(sizeof(*res))))
		return -1;
	res->bytes = -1;
	res->err = ECHILD;
	if ((pid = fork_test_child()) < 0) {
		err = errno;
		child_shared_page_free(res, sizeof(*res));
		errno = err;
		return -1;
	}
	if (pid == 0)
		child(api, fn, res);
	if (wait_test_child(pid, &status) != 0) {
		err = errno;
		child_shared_page_free(res, sizeof(*res));
		errno = err;
		return -1;
	}
	/* (a call that ends the process, _exit() with another status, is the call's doing) */
	bool done = WIFEXITED(status) && WEXITSTATUS(status) == CHILD_EXIT_PASS;
	long bytes = done && !res->err ? res->bytes : -1;
	err = done ? res->err : ECHILD;
	child_shared_page_free(res, sizeof(*res));
	errno = err;
	return bytes;
}
