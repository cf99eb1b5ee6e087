// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A minimal hand-written loop around vDSO functions, the yardstick of
 * vdsotest's bench accuracy (make bench-accuracy).  It shares no code with
 * vdsotest: the vDSO functions come from the dynamic linker's own mapping of
 * the vDSO (dlopen("linux-vdso.so.1", RTLD_NOLOAD), glibc; see vdso(7) for
 * the names), the time from the clock_gettime system call.
 *
 * Output, for each of clock-gettime-monotonic, clock-getres-monotonic,
 * getcpu and time that the vDSO has, the median of 5 runs of about
 * SECONDS (argument, default 1) each, in vdsotest's nsec form:
 *   API: vdso: N.NN nsec/call
 */
#include "config.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RUNS 5

typedef int (*clock_fn)(clockid_t, struct timespec *);
typedef long (*getcpu_fn)(unsigned *, unsigned *, void *);
typedef long (*time_fn)(long *);

static void *gettime, *getres, *getcpu_p, *time_p;

static uint64_t now_ns(void)
{
	struct timespec ts;

	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void loop_gettime(uint64_t n)
{
	clock_fn f = (clock_fn)gettime;
	struct timespec ts;

	while (n--)
		f(CLOCK_MONOTONIC, &ts);
}

static void loop_getres(uint64_t n)
{
	clock_fn f = (clock_fn)getres;
	struct timespec ts;

	while (n--)
		f(CLOCK_MONOTONIC, &ts);
}

static void loop_getcpu(uint64_t n)
{
	getcpu_fn f = (getcpu_fn)getcpu_p;
	unsigned cpu;

	while (n--)
		f(&cpu, NULL, NULL);
}

static void loop_time(uint64_t n)
{
	time_fn f = (time_fn)time_p;

	while (n--)
		f(NULL);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median ns per call of RUNS runs of about @sec seconds each. */
static double measure(void (*loop)(uint64_t), double sec)
{
	uint64_t n = 100000, t;
	double v[RUNS];

	do {			/* calibrate: n calls that take >= 10 ms */
		n *= 2;
		t = now_ns();
		loop(n);
		t = now_ns() - t;
	} while (t < 10000000u);
	n = (uint64_t)((double)n * sec * 1e9 / (double)t) + 1;
	for (int r = 0; r < RUNS; r++) {
		t = now_ns();
		loop(n);
		v[r] = (double)(now_ns() - t) / (double)n;
	}
	qsort(v, RUNS, sizeof(v[0]), cmp);
	return v[RUNS / 2];
}

/* The vDSO symbol @name, under the x86 or the arm64/riscv/powerpc... prefix. */
static void *sym(void *h, const char *name)
{
	char buf[64];
	void *p;

	snprintf(buf, sizeof(buf), "__vdso_%s", name);
	if ((p = dlsym(h, buf)))
		return p;
	snprintf(buf, sizeof(buf), "__kernel_%s", name);
	return dlsym(h, buf);
}

int main(int argc, char **argv)
{
	double sec = argc > 1 ? atof(argv[1]) : 1.0;
	void *h = dlopen("linux-vdso.so.1", RTLD_LAZY | RTLD_NOLOAD);

	if (!h) {
		fprintf(stderr, "hand-loop: the dynamic linker has no vDSO: %s\n", dlerror());
		return 77;
	}
	if (!(sec > 0))
		sec = 1.0;
	gettime = sym(h, "clock_gettime");
	getres = sym(h, "clock_getres");
	getcpu_p = sym(h, "getcpu");
	time_p = sym(h, "time");
	if (gettime)
		printf("clock-gettime-monotonic: vdso: %.2f nsec/call\n", measure(loop_gettime, sec));
	if (getres)
		printf("clock-getres-monotonic: vdso: %.2f nsec/call\n", measure(loop_getres, sec));
	if (getcpu_p)
		printf("getcpu: vdso: %.2f nsec/call\n", measure(loop_getcpu, sec));
	if (time_p)
		printf("time: vdso: %.2f nsec/call\n", measure(loop_time, sec));
	return 0;
}
