// SPDX-License-Identifier: GPL-2.0-or-later
/* The timing harness; see bench.h. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "arch.h"
#include "bench.h"
#include "interrupt.h"
#include "report.h"

static volatile sig_atomic_t bench_stop;

static void on_alarm(int sig)
{
	(void)sig;
	bench_stop = 1;
}

uint64_t now_ns(void)
{
	vdso_timespec ts;

	if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts) != 0) {
		perror("vdsotest: clock_gettime(CLOCK_MONOTONIC) system call");
		abort();
	}
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int bench_measure(bench_batch_fn batch, const void *arg, uint64_t duration_ns,
		  struct bench_sample *out)
{
	struct sigaction sa = { .sa_handler = on_alarm }, old_sa;
	struct itimerval timer = {
		.it_value = {
			.tv_sec = (time_t)(duration_ns / 1000000000u),
			.tv_usec = (suseconds_t)(duration_ns % 1000000000u / 1000u),
		},
	}, off = { 0 };
	uint64_t calls = 0, start;

	if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
		timer.it_value.tv_usec = 1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, &old_sa);
	batch(arg, BENCH_BATCH_CALLS);
	bench_stop = 0;
	start = now_ns();
	if (setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	do {
		batch(arg, BENCH_BATCH_CALLS);
		calls += BENCH_BATCH_CALLS;
	} while (!bench_stop && !interrupt_signal());
	out->duration_ns = now_ns() - start;
	out->calls = calls;
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old_sa, NULL);
	return 0;
}

const char *bench_path_name(enum bench_path p)
{
	static const char *const names[NR_PATHS] = {
		[PATH_SYSCALL] = "syscall", [PATH_LIBC] = "libc", [PATH_VDSO] = "vdso",
	};
	return (unsigned)p < NR_PATHS ? names[p] : "?";
}

enum status bench_run(const struct api *api, const struct run *run,
		      const struct bench_paths *paths)
{
	struct bench_sample samples[NR_PATHS] = { 0 };
	enum status st = STATUS_PASS;
	bool present[NR_PATHS];

	if (!paths->batch[PATH_VDSO])
		report_no_vdso(api);
	for (int p = 0; p < NR_PATHS; p++) {
		present[p] = paths->batch[p] != NULL;
		if (!present[p])
			continue;
		int err = paths->probe(p, paths->arg);
		if (err) {
			report_note("%s: the %s call fails (%s); its figure is that of the error path",
				    api->name, bench_path_name(p), strerror(err));
			st = STATUS_FAIL;
		}
		if (bench_measure(paths->batch[p], paths->arg, run->duration_ns, &samples[p])) {
			perror("vdsotest: setitimer");
			return STATUS_FAIL;
		}
		if (interrupt_signal()) {
			for (int q = p + 1; q < NR_PATHS; q++)
				present[q] = false;
			report_bench(api, run, samples, present);
			report_line(api, "bench: interrupted by %s during the %s path; the figures are of the time measured",
				    interrupt_name(interrupt_signal()), bench_path_name(p));
			return st;
		}
	}
	report_bench(api, run, samples, present);
	return st;
}
