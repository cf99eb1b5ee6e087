/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How much stack a vDSO function uses: it is called once on a thread
 * whose stack was filled with a pattern, and the deepest byte changed is
 * compared with that of a call of an empty function made the same way.
 */
#ifndef VDSOTEST_STACK_H
#define VDSOTEST_STACK_H

#include "core/api.h"

/*
 * Stack a vDSO function may use: one page.  Callers run the vDSO on small
 * stacks (Go's runtime switches to a system stack of a few KiB for it; a
 * vDSO built with stack probes once crashed such callers by touching a page
 * below the stack), so more is a bug.
 */
#define STACK_LIMIT_BYTES 4096

/*
 * api_stack_bytes - bytes of stack, below its caller's frame, that one call
 * of @api's vDSO function (as bound in @run; the family's .call_once) touches:
 * the depth of the deepest byte it changed on a 256 KiB stack filled with a
 * pattern, less that of an empty function called the same way.  Runs in a
 * child (fork_test_child()) on a thread with a stack of its own
 * (pthread_attr_setstack(3)), so a crash harms nothing.  A byte written
 * with the pattern's own value goes unseen, so the figure is a lower bound.
 *
 * Return: the number of bytes (0 .. 256 KiB); -1 with errno: ENOENT (no
 * vDSO function bound), ENOTSUP (getrandom: the first call on a thread maps
 * the thread's opaque state, deeper on the stack than the call itself), ECHILD (the child died, e.g. the call crashed or
 * did not return in 10 s), or the errno of fork(2), mmap(2) or
 * pthread_create(3).
 */
long api_stack_bytes(const struct api *api, const struct run *run);

#endif
