// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A minimal hand-written loop around vDSO functions, the yardstick of
 * vdsotest's bench accuracy (make bench-accuracy).  It shares no code with
 * vdsotest: the vDSO functions come from the dynamic linker's own mapping of
 * the vDSO (dlopen("linux-vdso.so.1", RTLD_NOLOAD), glibc; see vdso(7) for
 * the names), the time from the clock_gettime system call.  The loop is
 * unrolled: 8 calls per iteration, so that its own cost (a decrement and a
 * branch) is spread over 8 calls.
 *
 * Usage: hand-loop [ROUNDS [SLICES]]
 * For each of clock-gettime-monotonic, clock-getres-monotonic,
 * gettimeofday, time and getcpu that the vDSO has: ROUNDS rounds (default
 * 9), each of SLICES slices (default 200) of about 100 µs, each slice timed
 * (less the cost of the clock read, the least gap between two back-to-back
 * reads); printed is the lowest ns per call of all, in vdsotest's nsec
 * form:
 *   API: vdso: N.NN nsec/call
 * The same statistic as vdsotest's ns_per_call.min of -r ROUNDS (its
 * figure of a repeat is that of its fastest slice of about 100 µs).
 */
#include "config.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_fn)(clockid_t, struct timespec *);
typedef int (*gtod_fn)(struct timeval *, void *);
typedef long (*getcpu_fn)(unsigned *, unsigned *, void *);
typedef long (*time_fn)(long *);

static void *gettime, *getres, *gtod_p, *getcpu_p, *time_p;

static uint64_t now_ns(void)
{
	struct timespec ts;

	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#define X8(s) do { s; s; s; s; s; s; s; s; } while (0)

/* @n / 8 iterations of 8 calls each (@n a multiple of 8). */
static void loop_gettime(uint64_t n)
{
	clock_fn f = (clock_fn)gettime;
	struct timespec ts;

	for (n /= 8; n; n--)
		X8(f(CLOCK_MONOTONIC, &ts));
}

static void loop_getres(uint64_t n)
{
	clock_fn f = (clock_fn)getres;
	struct timespec ts;

	for (n /= 8; n; n--)
		X8(f(CLOCK_MONOTONIC, &ts));
}

static void loop_gtod(uint64_t n)
{
	gtod_fn f = (gtod_fn)gtod_p;
	struct timeval tv;

	for (n /= 8; n; n--)
		X8(f(&tv, NULL));
}

static void loop_getcpu(uint64_t n)
{
	getcpu_fn f = (getcpu_fn)getcpu_p;
	unsigned cpu;

	for (n /= 8; n; n--)
		X8(f(&cpu, NULL, NULL));
}

static void loop_time(uint64_t n)
{
	time_fn f = (time_fn)time_p;

	for (n /= 8; n; n--)
		X8(f(NULL));
}

/* The least gap between two back-to-back clock reads. */
static uint64_t read_gap(void)
{
	uint64_t least = UINT64_MAX;

	for (int i = 0; i < 16; i++) {
		uint64_t a = now_ns(), b = now_ns();
		if (b - a < least)
			least = b - a;
	}
	return least;
}

/* The lowest ns per call of @rounds x @slices slices of about 100 µs. */
static double measure(void (*loop)(uint64_t), int rounds, int slices)
{
	uint64_t n = 8, t, gap = read_gap();
	double best = 1e300;

	do {			/* calibrate: n calls that take >= 100 µs */
		n *= 2;
		t = now_ns();
		loop(n);
		t = now_ns() - t;
	} while (t < 100000u);
	for (int r = 0; r < rounds; r++)
		for (int s = 0; s < slices; s++) {
			t = now_ns();
			loop(n);
			t = now_ns() - t;
			double v = (double)(t > gap ? t - gap : 0) / (double)n;
			if (v < best)
				best = v;
		}
	return best;
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
	int rounds = argc > 1 ? atoi(argv[1]) : 9, slices = argc > 2 ? atoi(argv[2]) : 200;
	void *h = dlopen("linux-vdso.so.1", RTLD_LAZY | RTLD_NOLOAD);

	if (!h) {
		fprintf(stderr, "hand-loop: the dynamic linker has no vDSO: %s\n", dlerror());
		return 77;
	}
	if (rounds < 1)
		rounds = 9;
	if (slices < 1)
		slices = 200;
	gettime = sym(h, "clock_gettime");
	getres = sym(h, "clock_getres");
	gtod_p = sym(h, "gettimeofday");
	getcpu_p = sym(h, "getcpu");
	time_p = sym(h, "time");
	if (gettime)
		printf("clock-gettime-monotonic: vdso: %.3f nsec/call\n",
		       measure(loop_gettime, rounds, slices));
	if (getres)
		printf("clock-getres-monotonic: vdso: %.3f nsec/call\n",
		       measure(loop_getres, rounds, slices));
	if (gtod_p)
		printf("gettimeofday: vdso: %.3f nsec/call\n", measure(loop_gtod, rounds, slices));
	if (time_p)
		printf("time: vdso: %.3f nsec/call\n", measure(loop_time, rounds, slices));
	if (getcpu_p)
		printf("getcpu: vdso: %.3f nsec/call\n", measure(loop_getcpu, rounds, slices));
	return 0;
}
