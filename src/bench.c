// SPDX-License-Identifier: GPL-2.0-or-later
/* The timing harness; see bench.h. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "arch.h"
#include "bench.h"
#include "report.h"

static volatile sig_atomic_t bench_stop;

static void on_alarm(int sig)
{
	(void)sig;
	bench_stop = 1;
}

/* Clock @id read with the clock_gettime system call, in ns; aborts on failure. */
static uint64_t sys_clock_ns(clockid_t id, const char *name)
{
	vdso_timespec ts;

	if (syscall(SYS_clock_gettime, id, &ts) != 0) {
		fprintf(stderr, "vdsotest: clock_gettime(%s) system call: %s\n", name,
			strerror(errno));
		abort();
	}
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t now_ns(void)
{
	return sys_clock_ns(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
}

uint64_t thread_cpu_ns(void)
{
	return sys_clock_ns(CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID");
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
	uint64_t calls = 0, start, cpu_start;

	if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
		timer.it_value.tv_usec = 1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, &old_sa);
	batch(arg, BENCH_BATCH_CALLS);
	bench_stop = 0;
	cpu_start = thread_cpu_ns();
	start = now_ns();
	if (setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	do {
		batch(arg, BENCH_BATCH_CALLS);
		calls += BENCH_BATCH_CALLS;
	} while (!bench_stop);
	out->duration_ns = now_ns() - start;
	out->cpu_ns = thread_cpu_ns() - cpu_start;
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

/* Call each path once; a failing one gets a note and fails the bench. */
static enum status probe_paths(const struct api *api, const struct bench_paths *paths)
{
	enum status st = STATUS_PASS;

	for (int p = 0; p < NR_PATHS; p++) {
		if (!paths->batch[p])
			continue;
		int err = paths->probe(p, paths->arg);
		if (err) {
			report_note("%s: the %s call fails (%s); its figure is that of the error path",
				    api->name, bench_path_name(p), strerror(err));
			st = STATUS_FAIL;
		}
	}
	return st;
}

enum status bench_run(const struct api *api, const struct run *run,
		      const struct bench_paths *paths)
{
	unsigned repeat = run->repeat ? run->repeat : 1;
	struct bench_sample *samples = calloc((size_t)NR_PATHS * repeat, sizeof(*samples));
	struct bench_stats stats[NR_PATHS];
	enum status st;
	bool present[NR_PATHS];
	double overhead_ns = -1;

	if (!samples) {
		perror("vdsotest: bench");
		return STATUS_FAIL;
	}
	if (!paths->batch[PATH_VDSO])
		report_no_vdso(api);
	st = probe_paths(api, paths);
	if (paths->empty_batch) {
		struct bench_sample s;
		uint64_t d = run->duration_ns < BENCH_OVERHEAD_MAX_NS ? run->duration_ns :
			     BENCH_OVERHEAD_MAX_NS;
		if (bench_measure(paths->empty_batch, paths->empty_arg, d, &s) == 0 && s.calls)
			overhead_ns = (double)s.duration_ns / (double)s.calls;
	}
	for (unsigned r = 0; r < repeat; r++)
		for (int p = 0; p < NR_PATHS; p++) {
			if (!paths->batch[p])
				continue;
			report_bench_progress(api, run, p, r);
			if (bench_measure(paths->batch[p], paths->arg, run->duration_ns,
					  &samples[p * repeat + r])) {
				perror("vdsotest: setitimer");
				free(samples);
				return STATUS_FAIL;
			}
		}
	for (int p = 0; p < NR_PATHS; p++) {
		present[p] = paths->batch[p] != NULL;
		stats_compute(&samples[p * repeat], present[p] ? repeat : 0,
			      run->net && overhead_ns > 0 ? overhead_ns : 0, &stats[p]);
	}
	free(samples);
	report_bench(api, run, stats, present, overhead_ns);
	return st;
}
