// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tests/fake-vdso.so's bug(), which reads VDSOTEST_FAKE_BUG once, called
 * first by several threads at the same moment (as verify -t N does): each
 * must see the bug named.  With VDSOTEST_FAKE_BUG=gettime-error, every
 * clock_gettime() of the fake returns -EINVAL; a caller that saw a
 * half-made cache got 0, or the fake aborted ("unknown VDSOTEST_FAKE_BUG").
 * Each round is a new process, so that the cache starts empty.
 * The fake is $FAKE_VDSO (set by make check).  Output: TAP.
 */
#include "config.h"

#ifdef HAVE_DLOPEN
#include <dlfcn.h>
#endif
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_DLOPEN
#include "tap.h"

#define THREADS 8
#define ROUNDS 2000

typedef int gettime_fn(clockid_t, struct timespec *);
static gettime_fn *gettime;
static pthread_barrier_t start;
static int results[THREADS];

static void *caller(void *arg)
{
	struct timespec ts;
	int *r = arg;

	pthread_barrier_wait(&start);
	*r = gettime(CLOCK_MONOTONIC, &ts);
	return NULL;
}

/* One round in a child: 0 if every thread saw the bug. */
static int round_once(void)
{
	pthread_t t[THREADS];

	pthread_barrier_init(&start, NULL, THREADS);
	for (int i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, caller, &results[i]) != 0)
			return 2;
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < THREADS; i++)
		if (results[i] != -EINVAL)
			return 1;
	return 0;
}

int main(void)
{
	const char *fake = getenv("FAKE_VDSO");
	unsigned wrong = 0, died = 0;
	void *h;

	if (!fake || !*fake) {
		puts("1..0 # SKIP no fake vDSO (static build)");
		return 0;
	}
	setenv("VDSOTEST_FAKE_BUG", "gettime-error", 1);
	if (!(h = dlopen(fake, RTLD_NOW))) {
		ok(false, "dlopen %s: %s", fake, dlerror());
		return tap_done();
	}
	gettime = (gettime_fn *)dlsym(h, "__vdso_clock_gettime");
	if (!gettime)
		gettime = (gettime_fn *)dlsym(h, "__kernel_clock_gettime");
	if (!ok(gettime != NULL, "the fake's clock_gettime found"))
		return tap_done();
	for (int r = 0; r < ROUNDS; r++) {
		int status;
		pid_t pid = fork();
		if (pid == 0)
			_exit(round_once());
		if (pid < 0 || waitpid(pid, &status, 0) != pid) {
			died++;
			continue;
		}
		if (WIFSIGNALED(status))
			died++;
		else if (WEXITSTATUS(status) != 0)
			wrong++;
	}
	ok(wrong == 0 && died == 0,
	   "%d rounds of %d threads calling first at once: all see the bug (%u rounds with a "
	   "thread that did not, %u aborted)", ROUNDS, THREADS, wrong, died);
	return tap_done();
}
#else
int main(void)
{
	puts("1..0 # SKIP no dlopen()");
	return 0;
}
#endif
