// SPDX-License-Identifier: GPL-2.0-or-later
/* The timing harness; see bench.h. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "arch.h"
#include "bench.h"
#include "cpus.h"
#include "fallback.h"
#include "interrupt.h"
#include "report.h"

static volatile sig_atomic_t bench_stop;

static void on_alarm(int sig)
{
	(void)sig;
	bench_stop = 1;
}

/* The one-shot ITIMER_REAL value that ends a run of @duration_ns: at least
 * 1 µs, since a zero value would disarm the timer. */
static struct itimerval stop_timer(uint64_t duration_ns)
{
	struct itimerval timer = {
		.it_value = {
			.tv_sec = (time_t)(duration_ns / 1000000000u),
			.tv_usec = (suseconds_t)(duration_ns % 1000000000u / 1000u),
		},
	};

	if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0)
		timer.it_value.tv_usec = 1;
	return timer;
}

/* SIGALRM sets bench_stop from now on; the former action goes to @old. */
static void catch_alarm(struct sigaction *old)
{
	struct sigaction sa = { .sa_handler = on_alarm };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, old);
}

/* Disarm the timer and give SIGALRM back its former action @old. */
static void release_alarm(const struct sigaction *old)
{
	const struct itimerval off = { 0 };

	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, old, NULL);
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

/* bench_measure(), reading the cycle counter @cyc (or none: NULL) around the loop. */
static int measure_one(bench_batch_fn batch, const void *arg, unsigned long batch_calls,
		       uint64_t duration_ns, const struct bench_cycles *cyc,
		       struct bench_sample *out)
{
	const struct itimerval timer = stop_timer(duration_ns);
	struct sigaction old_sa;
	uint64_t calls = 0, start, cpu_start, cycles_start = 0;

	catch_alarm(&old_sa);
	batch(arg, batch_calls);
	bench_stop = 0;
	if (setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	/* The CPU time and cycles are read within the elapsed time's pair. */
	start = now_ns();
	cpu_start = thread_cpu_ns();
	if (cyc)
		cycles_start = cycles_read(cyc->info, cyc->fd);
	do {
		batch(arg, batch_calls);
		calls += batch_calls;
	} while (!bench_stop && !interrupt_signal());
	out->cycles = cyc ? cycles_read(cyc->info, cyc->fd) - cycles_start : 0;
	out->cpu_ns = thread_cpu_ns() - cpu_start;
	out->duration_ns = now_ns() - start;
	out->calls = calls;
	release_alarm(&old_sa);
	return 0;
}

int bench_measure(bench_batch_fn batch, const void *arg, unsigned long batch_calls,
		  uint64_t duration_ns, struct bench_sample *out)
{
	return measure_one(batch, arg, batch_calls, duration_ns, NULL, out);
}

const char *bench_path_name(enum bench_path p)
{
	static const char *const names[NR_PATHS] = {
		[PATH_SYSCALL] = "syscall", [PATH_LIBC] = "libc", [PATH_VDSO] = "vdso",
	};
	return (unsigned)p < NR_PATHS ? names[p] : "?";
}

/* Where the threads of bench_measure_threads() wait to start together. */
struct start_gate {
	pthread_mutex_t lock;
	pthread_cond_t open_cond;
	bool open;
};

/* One thread of bench_measure_threads(). */
struct worker {
	pthread_t tid;
	bench_batch_fn batch;
	const void *arg;
	unsigned long batch_calls;
	int cpu;			/* or -1: not pinned */
	int pin_errno;			/* 0, or why cpu_pin() failed */
	struct start_gate *gate;
	struct bench_sample sample;
};

static void *worker_main(void *p)
{
	struct worker *w = p;
	uint64_t calls = 0, start, cpu_start;

	if (w->cpu >= 0 && cpu_pin((unsigned)w->cpu) != 0)
		w->pin_errno = errno;
	w->batch(w->arg, w->batch_calls);
	pthread_mutex_lock(&w->gate->lock);
	while (!w->gate->open)
		pthread_cond_wait(&w->gate->open_cond, &w->gate->lock);
	pthread_mutex_unlock(&w->gate->lock);
	start = now_ns();
	cpu_start = thread_cpu_ns();	/* (within the elapsed time's pair) */
	do {
		w->batch(w->arg, w->batch_calls);
		calls += w->batch_calls;
	} while (!bench_stop && !interrupt_signal());
	w->sample.cpu_ns = thread_cpu_ns() - cpu_start;
	w->sample.duration_ns = now_ns() - start;
	w->sample.calls = calls;
	return NULL;
}

/* Start @n workers; return how many started (errno set when fewer). */
static unsigned start_workers(struct worker *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		int e = pthread_create(&w[i].tid, NULL, worker_main, &w[i]);
		if (e) {
			errno = e;
			return i;
		}
	}
	return n;
}

/* Let the waiting workers go. */
static void open_gate(struct start_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->open = true;
	pthread_cond_broadcast(&g->open_cond);
	pthread_mutex_unlock(&g->lock);
}

int bench_measure_threads(bench_batch_fn batch, const void *arg, unsigned long batch_calls,
			  uint64_t duration_ns, unsigned n, const int *cpus, struct bench_sample *total,
			  struct bench_sample *each, int *bad_cpu)
{
	const struct itimerval timer = stop_timer(duration_ns);
	struct sigaction old_sa;
	struct start_gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false };
	struct worker *w = calloc(n, sizeof(*w));
	unsigned started;
	int rc = 0, saved = 0;

	if (!w)
		return -1;
	for (unsigned i = 0; i < n; i++)
		w[i] = (struct worker){ .batch = batch, .arg = arg, .batch_calls = batch_calls,
					.gate = &gate,
					.cpu = cpus ? cpus[i] : -1 };
	catch_alarm(&old_sa);
	bench_stop = 0;
	started = start_workers(w, n);
	if (started < n || setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		/* Those that did start run one batch and stop: the flag is set. */
		saved = errno;
		bench_stop = 1;
		rc = -1;
	}
	open_gate(&gate);
	memset(total, 0, sizeof(*total));
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].tid, NULL);
		each[i] = w[i].sample;
		total->calls += w[i].sample.calls;
		total->duration_ns += w[i].sample.duration_ns;
		total->cpu_ns += w[i].sample.cpu_ns;
		if (w[i].pin_errno && rc == 0) {
			saved = w[i].pin_errno;
			*bad_cpu = w[i].cpu;
			rc = -1;
		}
	}
	release_alarm(&old_sa);
	free(w);
	errno = saved;
	return rc;
}

/* Call each path once; a failing one gets a note, its errno in @error[], and fails the bench. */
static enum status probe_paths(const struct api *api, const struct bench_paths *paths,
			       int error[NR_PATHS])
{
	enum status st = STATUS_PASS;

	for (int p = 0; p < NR_PATHS; p++) {
		if (!paths->batch[p])
			continue;
		int err = paths->probe(p, paths->arg);
		error[p] = err;
		if (err) {
			report_note("%s: the %s call fails (%s); its figure is that of the error path",
				    api->name, bench_path_name(p), strerror(err));
			st = STATUS_FAIL;
		}
	}
	return st;
}

/* The calls of one batch of @paths (bench.h). */
static unsigned long batch_calls(const struct bench_paths *paths)
{
	return paths->batch_calls ? paths->batch_calls : BENCH_BATCH_CALLS;
}

/* The harness overhead per call (bench.h); -1 when it cannot be measured. */
static double overhead(const struct run *run, const struct bench_paths *paths)
{
	uint64_t d = run->duration_ns < BENCH_OVERHEAD_MAX_NS ? run->duration_ns :
		     BENCH_OVERHEAD_MAX_NS;
	struct bench_sample s;

	if (!paths->empty_batch ||
	    bench_measure(paths->empty_batch, paths->empty_arg, batch_calls(paths), d, &s) != 0 ||
	    !s.calls)
		return -1;
	return (double)s.duration_ns / (double)s.calls;
}

/* One measurement of path @p into @s (and, with threads, @each); false after a message. */
static bool measure(const struct api *api, const struct run *run,
		    const struct bench_paths *paths, int p, const struct bench_cycles *cyc,
		    struct bench_sample *s, struct bench_sample *each)
{
	int bad_cpu = -1;

	if (run->threads <= 1) {
		if (measure_one(paths->batch[p], paths->arg, batch_calls(paths), run->duration_ns,
				cyc, s) == 0)
			return true;
		perror("vdsotest: setitimer");
		return false;
	}
	if (bench_measure_threads(paths->batch[p], paths->arg, batch_calls(paths),
				  run->duration_ns, run->threads,
				  run->cpus, s, each, &bad_cpu) == 0)
		return true;
	if (bad_cpu >= 0)
		fprintf(stderr, "vdsotest: %s: cannot pin a thread to CPU %d: %s\n", api->name,
			bad_cpu, strerror(errno));
	else
		fprintf(stderr, "vdsotest: %s: %u threads: %s\n", api->name, run->threads,
			strerror(errno));
	return false;
}

/*
 * What --net takes off every ns per call of @api: @overhead_ns, or 0 (after
 * a note) when that would leave less than BENCH_NET_MIN_NS of a sample of a
 * path present (shown as 0.00); @s holds @n samples per path.
 */
static double net_minus(const struct api *api, const struct bench_paths *paths,
			const struct bench_sample *s, unsigned n, double overhead_ns)
{
	double least = -1;
	int least_p = 0;

	for (int p = 0; p < NR_PATHS; p++)
		for (unsigned i = 0; paths->batch[p] && i < n; i++) {
			const struct bench_sample *e = &s[p * n + i];
			double v = e->calls ? (double)e->duration_ns / (double)e->calls : 0;
			if (least < 0 || v < least) {
				least = v;
				least_p = p;
			}
		}
	if (overhead_ns <= least - BENCH_NET_MIN_NS)
		return overhead_ns;
	report_note("%s: gross figures: the harness overhead (%.2f ns/call) leaves less than "
		    "%.2f ns of the %s call (%.2f ns/call)", api->name, overhead_ns, BENCH_NET_MIN_NS,
		    bench_path_name(least_p), least);
	return 0;
}

/* Add thread sample @s to @sum. */
static void add_sample(struct bench_sample *sum, const struct bench_sample *s)
{
	sum->calls += s->calls;
	sum->duration_ns += s->duration_ns;
	sum->cpu_ns += s->cpu_ns;
}

enum status bench_run(const struct api *api, const struct run *run,
		      const struct bench_paths *paths)
{
	unsigned repeat = run->repeat ? run->repeat : 1, threads = run->threads ? run->threads : 1;
	struct bench_sample *samples = calloc((size_t)NR_PATHS * repeat, sizeof(*samples));
	/* threads > 1: one measurement's samples, then each path's sums per thread */
	struct bench_sample *each = calloc((size_t)(NR_PATHS + 1) * threads, sizeof(*each));
	struct bench_result res = { .threads = threads, .cpus = run->cpus };
	struct bench_cycles cyc = { run->cycles, -1 };
	enum status st = STATUS_FAIL;
	char why[FALLBACK_REASON_LEN] = "";

	if (!samples || !each) {
		perror("vdsotest: bench");
		goto out;
	}
	if (threads == 1 && run->cpus && cpu_pin((unsigned)run->cpus[0]) != 0) {
		fprintf(stderr, "vdsotest: %s: cannot pin to CPU %d: %s\n", api->name,
			run->cpus[0], strerror(errno));
		goto out;
	}
	if (!paths->batch[PATH_VDSO])
		report_no_vdso(api);
	st = probe_paths(api, paths, res.error);
	res.overhead_ns = overhead(run, paths);
	if (cyc.info && cyc.info->source != CYCLES_NONE && threads == 1) {
		if ((cyc.fd = cycles_open(cyc.info)) < 0)
			report_note("%s: no cycle counts: perf_event_open: %s", api->name,
				    strerror(errno));
		res.cycles = cyc.fd >= 0;
	}
	int stopped_in = -1;	/* the path under way when a signal stopped the run */
	int failed_in = -1;	/* the path that could not be measured (e.g. its CPU gone) */
	unsigned measured[NR_PATHS] = { 0 };
	for (unsigned r = 0; r < repeat && stopped_in < 0 && failed_in < 0; r++)
		for (int p = 0; p < NR_PATHS && stopped_in < 0 && failed_in < 0; p++) {
			if (!paths->batch[p])
				continue;
			report_bench_progress(api, run, p, r);
			if (!measure(api, run, paths, p, res.cycles ? &cyc : NULL,
				     &samples[p * repeat + r], each)) {
				failed_in = p;	/* (what was measured is still reported) */
				break;
			}
			measured[p]++;
			for (unsigned t = 0; threads > 1 && t < threads; t++)
				add_sample(&each[(p + 1) * threads + t], &each[t]);
			if (interrupt_signal())
				stopped_in = p;
		}
	double minus = run->net && res.overhead_ns > 0 ?
		       net_minus(api, paths, samples, repeat, res.overhead_ns) : 0;
	for (int p = 0; p < NR_PATHS; p++) {
		res.present[p] = measured[p] > 0;
		res.net[p] = minus > 0;
		stats_compute(&samples[p * repeat], measured[p], minus, &res.stats[p]);
		res.stats[p].threads = threads;
		res.per_thread[p] = threads > 1 && res.present[p] ? &each[(p + 1) * threads] : NULL;
	}
	if (res.present[PATH_VDSO] && stopped_in < 0 && failed_in < 0) {
		enum fallback fb = api_falls_back(api, run, why, sizeof(why));
		res.falls_back = fb == FALLBACK_SYSCALL ? 1 : fb == FALLBACK_NONE ? 0 : -1;
	} else {
		res.falls_back = -1;
	}
	report_bench(api, run, &res);
	if (res.present[PATH_VDSO] && stopped_in < 0 && failed_in < 0)
		report_fallback(api, res.falls_back, why, run->verbose);
	if (failed_in >= 0) {
		report_line(api, "bench: the %s path could not be measured; the figures are of the paths measured before",
			    bench_path_name(failed_in));
		st = STATUS_FAIL;
	}
	if (stopped_in >= 0)
		report_line(api, "bench: interrupted by %s during the %s path; the figures are of the time measured",
			    interrupt_name(interrupt_signal()), bench_path_name(stopped_in));
out:
	if (cyc.fd >= 0)
		cycles_close(cyc.info, cyc.fd);
	free(samples);
	free(each);
	return st;
}
