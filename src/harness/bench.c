// SPDX-License-Identifier: GPL-2.0-or-later
/* The timing harness; see bench.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "harness/bench.h"
#include "harness/fallback.h"
#include "lib/child.h"
#include "lib/cpus.h"
#include "lib/interrupt.h"
#include "lib/sysclock.h"
#include "lib/sysinfo.h"
#include "output/report.h"
#include "vdso/arch.h"

/*
 * Set by SIGALRM's handler (in whichever thread it lands) and read by every
 * measuring thread: a lock-free atomic, safe in a handler and between
 * threads (volatile sig_atomic_t is for one thread and its handler only).
 */
static atomic_int bench_stop;

static inline void stop_set(int v)
{
	atomic_store_explicit(&bench_stop, v, memory_order_relaxed);
}

static inline bool stopped(void)
{
	return atomic_load_explicit(&bench_stop, memory_order_relaxed);
}

static void on_alarm(int sig)
{
	(void)sig;
	stop_set(1);
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

/*
 * The clock reads' own cost inside a slice: what a pair of back-to-back
 * now_ns() calls shows between its readings (the return of the first, the
 * entry of the second), the least of 8 pairs, so that it is never too much.
 */
static uint64_t clock_read_gap_ns(void)
{
	uint64_t least = UINT64_MAX;

	for (int i = 0; i < 8; i++) {
		uint64_t a = now_ns(), b = now_ns();
		if (b - a < least)
			least = b - a;
	}
	return least;
}

/*
 * --cycles, whose counter is read at every slice boundary too, just before
 * the clock: the least of 8 of a boundary's reads as the ns (clock, counter,
 * clock) and as the ticks (counter, clock, counter) see them, taken off
 * each slice so that the ns and cycles of one slice are the calls' alone.
 */
static void cycles_gap(const struct bench_cycles *c, uint64_t *gap_ns, uint64_t *gap_cycles)
{
	*gap_ns = *gap_cycles = UINT64_MAX;
	for (int i = 0; i < 8; i++) {
		uint64_t a = now_ns();
		cycles_read(c->info, c->fd);
		uint64_t b = now_ns();
		uint64_t x = cycles_read(c->info, c->fd);
		now_ns();
		uint64_t y = cycles_read(c->info, c->fd);
		if (b - a < *gap_ns)
			*gap_ns = b - a;
		if (y - x < *gap_cycles)
			*gap_cycles = y - x;
	}
}

/* The calling thread's involuntary context switches (getrusage(2), RUSAGE_THREAD). */
static uint64_t thread_nivcsw(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) == 0 ? (uint64_t)ru.ru_nivcsw : 0;
}

/* One timed loop: the batch, and how its slices are cut. */
struct loop {
	const bench_batch_fn *placed; /* BENCH_PLACEMENTS copies of batch, or NULL */
	bench_batch_fn batch;
	const void *arg;
	unsigned long batch_calls;	/* >= 1 */
	unsigned long slice_batches;	/* batches per slice, >= 1 */
	uint64_t gap_ns;		/* clock_read_gap_ns(), with --cycles the
					   counter read's cost too */
	uint64_t gap_cycles;		/* --cycles: the counter ticks of a slice
					   boundary's own reads (cycles_gap()) */
	const struct bench_cycles *cyc; /* or NULL */
};

/*
 * The fastest of @tries timings of @runs batches of @batch in a row, less
 * the clock read's cost (>= 1 ns).
 */
static uint64_t fastest_batches(const struct loop *l, bench_batch_fn batch, int tries, int runs)
{
	uint64_t least = UINT64_MAX;

	for (int i = 0; i < tries; i++) {
		uint64_t t = now_ns();
		for (int k = 0; k < runs; k++)
			batch(l->arg, l->batch_calls);
		t = now_ns() - t;
		t = t > l->gap_ns ? t - l->gap_ns : 1;
		if (t < least)
			least = t;
	}
	return least;
}

/*
 * Warm up (one untimed batch), take the fastest copy of the batch when
 * there are several (l->placed: each warmed up, then the fastest of 3
 * timings of 8 batches in a row; a batch of 1 ns calls is too short to
 * tell copies 3 % apart through the clock read), and cut the slices: the
 * fastest of 5 timed batches sets how many batches make about
 * BENCH_SLICE_NS.
 */
static void loop_prepare(struct loop *l, bool use_cache)
{
	/* (one thread: the choice of a copy for an argument is made once per
	 * process, that is per API, not again for every repeat) */
	static struct {
		const bench_batch_fn *placed;
		const void *arg;
		bench_batch_fn batch;
	} cache[2];
	uint64_t least;

	l->gap_ns = clock_read_gap_ns();
	if (l->cyc)
		cycles_gap(l->cyc, &l->gap_ns, &l->gap_cycles);
	for (int c = 0; use_cache && l->placed && c < 2; c++)
		if (cache[c].placed == l->placed && cache[c].arg == l->arg) {
			l->batch = cache[c].batch;
			l->placed = NULL; /* (this loop's copy of it only) */
			break;
		}
	if (l->placed) {
		uint64_t best = UINT64_MAX;
		for (int k = 0; k < BENCH_PLACEMENTS; k++) {
			l->placed[k](l->arg, l->batch_calls);
			uint64_t t = fastest_batches(l, l->placed[k], 3, 8);
			if (t < best) {
				best = t;
				l->batch = l->placed[k];
			}
		}
		for (int c = 0; use_cache && c < 2; c++)
			if (!cache[c].placed || c == 1) {
				cache[c].placed = l->placed;
				cache[c].arg = l->arg;
				cache[c].batch = l->batch;
				break;
			}
	}
	l->batch(l->arg, l->batch_calls);
	least = fastest_batches(l, l->batch, 5, 1);
	l->slice_batches = least >= BENCH_SLICE_NS ? 1 : (unsigned long)(BENCH_SLICE_NS / least);
}

/*
 * Run @l until bench_stop (checked once per batch) or a signal (once per
 * slice), timing every slice; @out gets the totals, the fastest whole
 * slice and the thread's counters.
 */
static void loop_run(const struct loop *l, struct bench_sample *out)
{
	uint64_t calls = 0, start, cpu_start, cycles_start = 0, t0, t1, c0 = 0, c1 = 0;
	uint64_t best_ns = 0, best_calls = 0, best_cycles = 0, slices = 0, nivcsw = thread_nivcsw();
	int64_t migrations = (int64_t)sysinfo_thread_migrations();

	/*
	 * The counter is read just before each elapsed-time reading, and the
	 * CPU time within their pair: a preemption comes on the return from
	 * a system call, and between the counter and the clock it would
	 * count in one and not the other (a TSC runs on while the thread
	 * waits, so that either both see it or neither).
	 */
	if (l->cyc)
		cycles_start = c0 = cycles_read(l->cyc->info, l->cyc->fd);
	start = t0 = now_ns();
	cpu_start = thread_cpu_ns();
	do {
		unsigned long k = 0;
		uint64_t n = 0;
		do {
			l->batch(l->arg, l->batch_calls);
			n += l->batch_calls;
		} while (++k < l->slice_batches && (!stopped() || slices < BENCH_MIN_SLICES));
		if (l->cyc) /* (read as at the start: just before the clock) */
			c1 = cycles_read(l->cyc->info, l->cyc->fd);
		t1 = now_ns();
		calls += n;
		if (k == l->slice_batches) { /* a whole slice */
			uint64_t ns = t1 - t0 > l->gap_ns ? t1 - t0 - l->gap_ns : 0;
			if (!best_calls ||
			    (double)ns / (double)n < (double)best_ns / (double)best_calls) {
				best_ns = ns;
				best_calls = n;
				best_cycles = c1 - c0 > l->gap_cycles ? c1 - c0 - l->gap_cycles : 0;
			}
			/* (every 64th: its cost, some ns, in one slice of 64) */
			if (++slices % 64 == 0)
				child_progress_tick(); /* (the watchdog's sign of life) */
		}
		t0 = t1;
		c0 = c1;
	} while ((!stopped() || slices < BENCH_MIN_SLICES) && !interrupt_signal());
	out->cpu_ns = thread_cpu_ns() - cpu_start;
	out->cycles = l->cyc ? cycles_read(l->cyc->info, l->cyc->fd) - cycles_start : 0;
	out->duration_ns = now_ns() - start;
	out->calls = calls;
	out->slice_ns = best_ns;
	out->slice_calls = best_calls;
	out->slice_cycles = l->cyc ? best_cycles : 0;
	out->slices = slices;
	out->nivcsw = thread_nivcsw() - nivcsw;
	if (migrations >= 0) {
		int64_t after = (int64_t)sysinfo_thread_migrations();
		migrations = after >= migrations ? after - migrations : -1;
	}
	out->migrations = migrations;
}

/* bench_measure(), reading the cycle counter @cyc (or none: NULL) around the loop. */
static int measure_one(bench_batch_fn batch, const bench_batch_fn *placed, const void *arg,
		       unsigned long batch_calls, uint64_t duration_ns,
		       const struct bench_cycles *cyc, struct bench_sample *out)
{
	const struct itimerval timer = stop_timer(duration_ns);
	struct loop l = {
		.placed = placed, .batch = batch, .arg = arg, .batch_calls = batch_calls, .cyc = cyc
	};
	struct sigaction old_sa;

	catch_alarm(&old_sa);
	loop_prepare(&l, true);
	stop_set(0);
	if (setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	loop_run(&l, out);
	release_alarm(&old_sa);
	return 0;
}

int bench_measure(bench_batch_fn batch, const void *arg, unsigned long batch_calls,
		  uint64_t duration_ns, struct bench_sample *out)
{
	return measure_one(batch, NULL, arg, batch_calls, duration_ns, NULL, out);
}

/*
 * Where the threads of bench_measure_threads() wait to start together: each
 * says it has arrived (warmed up, pinned), and none starts before the
 * gate opens, which is once all have arrived.
 */
struct start_gate {
	pthread_mutex_t lock;
	pthread_cond_t arrived_cond, open_cond;
	unsigned arrived;
	bool open;
};

/* One thread of bench_measure_threads(). */
struct worker {
	pthread_t tid;
	struct loop loop;
	int cpu;       /* or -1: not pinned */
	int pin_errno; /* 0, or why cpu_pin() failed */
	struct start_gate *gate;
	struct bench_sample sample;
};

static void *worker_main(void *p)
{
	struct worker *w = p;

	if (w->cpu >= 0 && cpu_pin((unsigned)w->cpu) != 0)
		w->pin_errno = errno;
	loop_prepare(&w->loop, false);
	pthread_mutex_lock(&w->gate->lock);
	w->gate->arrived++;
	pthread_cond_signal(&w->gate->arrived_cond);
	while (!w->gate->open)
		pthread_cond_wait(&w->gate->open_cond, &w->gate->lock);
	pthread_mutex_unlock(&w->gate->lock);
	loop_run(&w->loop, &w->sample);
	return NULL;
}

/*
 * Add thread sample @s's fastest slice, slices and counters to @sum (@first:
 * @sum has none yet); a thread without a whole slice leaves @sum without one.
 */
static void add_slices(struct bench_sample *sum, const struct bench_sample *s, bool first)
{
	if (first || (sum->slice_calls && s->slice_calls)) {
		sum->slice_ns = (first ? 0 : sum->slice_ns) + s->slice_ns;
		sum->slice_calls = s->slice_calls ? (first ? 0 : sum->slice_calls) + s->slice_calls
						  : 0;
	} else {
		sum->slice_ns = sum->slice_calls = 0;
	}
	sum->slices = (first ? 0 : sum->slices) + s->slices;
	sum->nivcsw = (first ? 0 : sum->nivcsw) + s->nivcsw;
	sum->migrations = first ? s->migrations
			  : sum->migrations >= 0 && s->migrations >= 0
				  ? sum->migrations + s->migrations
				  : -1;
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

/* Wait until @n workers have arrived (none, with @n 0), then let them go. */
static void open_gate(struct start_gate *g, unsigned n)
{
	pthread_mutex_lock(&g->lock);
	while (g->arrived < n)
		pthread_cond_wait(&g->arrived_cond, &g->lock);
	g->open = true;
	pthread_cond_broadcast(&g->open_cond);
	pthread_mutex_unlock(&g->lock);
}

int bench_measure_threads(bench_batch_fn batch, const bench_batch_fn *placed, const void *arg,
			  unsigned long batch_calls, uint64_t duration_ns, unsigned n,
			  const int *cpus, struct bench_sample *total, struct bench_sample *each,
			  int *bad_cpu)
{
	const struct itimerval timer = stop_timer(duration_ns);
	struct sigaction old_sa;
	struct start_gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
				   PTHREAD_COND_INITIALIZER, 0, false };
	struct worker *w = calloc(n, sizeof(*w));
	unsigned started;
	int rc = 0, saved = 0;

	if (!w)
		return -1;
	for (unsigned i = 0; i < n; i++)
		w[i] = (struct worker){ .loop = { .placed = placed,
						  .batch = batch,
						  .arg = arg,
						  .batch_calls = batch_calls },
					.gate = &gate,
					.cpu = cpus ? cpus[i] : -1 };
	catch_alarm(&old_sa);
	stop_set(0);
	started = start_workers(w, n);
	if (started < n) {
		/* Those that did start run one slice and stop: the flag is set. */
		saved = errno;
		stop_set(1);
		rc = -1;
	}
	/* The timer runs from the moment all are ready, not before. */
	open_gate(&gate, started);
	if (rc == 0 && setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		saved = errno;
		stop_set(1);
		rc = -1;
	}
	memset(total, 0, sizeof(*total));
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].tid, NULL);
		each[i] = w[i].sample;
		total->calls += w[i].sample.calls;
		total->duration_ns += w[i].sample.duration_ns;
		total->cpu_ns += w[i].sample.cpu_ns;
		add_slices(total, &w[i].sample, i == 0);
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

/*
 * Time @batch's single calls with the counter @c for @duration_ns (@batch
 * NULL: nothing between the two reads) into @h, after one untimed call.
 * Return: 0, or -1 if the timer could not be armed.
 */
static int latency_loop(const struct latency_counter *c, bench_batch_fn batch, const void *arg,
			uint64_t duration_ns, struct latency_hist *h)
{
	const struct itimerval timer = stop_timer(duration_ns);
	struct sigaction old_sa;

	catch_alarm(&old_sa);
	if (batch)
		batch(arg, 1);
	stop_set(0);
	if (setitimer(ITIMER_REAL, &timer, NULL) != 0) {
		sigaction(SIGALRM, &old_sa, NULL);
		return -1;
	}
	do {
		for (int i = 0; i < 256; i++) {
			uint64_t t0 = latency_counter_read(c);
			if (batch)
				batch(arg, 1);
			latency_add(h, latency_counter_read(c) - t0);
		}
	} while (!stopped() && !interrupt_signal());
	release_alarm(&old_sa);
	return 0;
}

/* @h's percentiles and octaves in ns into @l, @overhead ticks taken off each value. */
static void latency_figures(const struct latency_hist *h, double overhead, double ns_per_tick,
			    struct bench_latency *l)
{
	static const double pct[] = { 50, 90, 99, 99.9, 100 };
	double *out[] = { &l->p50_ns, &l->p90_ns, &l->p99_ns, &l->p999_ns, &l->max_ns };

	memset(l, 0, sizeof(*l));
	l->measured = true;
	l->samples = h->n;
	for (size_t i = 0; i < sizeof(pct) / sizeof(pct[0]); i++) {
		double v = (double)latency_percentile(h, pct[i]) - overhead;
		*out[i] = v > 0 ? v * ns_per_tick : 0;
	}
	l->first_bin = BENCH_LATENCY_BINS;
	for (unsigned b = 0; b < LATENCY_BUCKETS; b++) {
		if (!h->count[b])
			continue;
		double ns = ((double)latency_bucket_low(b) - overhead) * ns_per_tick;
		unsigned k = ns < 1 ? 0 : 1 + (unsigned)floor(log2(ns));
		if (k >= BENCH_LATENCY_BINS)
			k = BENCH_LATENCY_BINS - 1;
		l->bin[k] += h->count[b];
		unsigned dk = ns < 1 ? 0 : 1 + (unsigned)floor(log10(ns));
		l->decade[dk < BENCH_LATENCY_DECADES ? dk : BENCH_LATENCY_DECADES - 1] +=
			h->count[b];
		if (k < l->first_bin)
			l->first_bin = k;
		if (k + 1 > l->bins)
			l->bins = k + 1;
	}
}

/*
 * --latency: every path's single calls into res->latency[], after the
 * timing's own cost (res->latency_overhead_ns); false after a message.
 */
static bool measure_latency(const struct api *api, const struct run *run,
			    const struct bench_paths *paths, struct bench_result *res)
{
	const struct latency_counter *c = run->latency;
	struct latency_hist *h = calloc(1, sizeof(*h));
	double ns_per_tick = 1e9 / (double)c->freq_hz, overhead = 0;
	uint64_t d = run->duration_ns < BENCH_OVERHEAD_MAX_NS ? run->duration_ns
							      : BENCH_OVERHEAD_MAX_NS;

	if (!h || latency_loop(c, paths->empty_batch, paths->empty_arg, d, h) != 0) {
		fprintf(stderr, "vdsotest: %s: latency: %s\n", api->name, strerror(errno));
		free(h);
		return false;
	}
	/* (the least: never more than the timing's own cost is taken off) */
	for (unsigned b = 0; b < LATENCY_BUCKETS; b++)
		if (h->count[b]) {
			overhead = (double)latency_bucket_low(b);
			break;
		}
	res->latency_overhead_ns = overhead * ns_per_tick;
	for (int p = 0; p < NR_PATHS && !interrupt_signal(); p++) {
		if (!res->present[p])
			continue;
		memset(h, 0, sizeof(*h));
		if (latency_loop(c, paths->batch[p], paths->arg, run->duration_ns, h) != 0) {
			perror("vdsotest: setitimer");
			free(h);
			return false;
		}
		latency_figures(h, overhead, ns_per_tick, &res->latency[p]);
	}
	free(h);
	return true;
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
	uint64_t d = run->duration_ns < BENCH_OVERHEAD_MAX_NS ? run->duration_ns
							      : BENCH_OVERHEAD_MAX_NS;
	struct bench_sample s;

	if (!paths->empty_batch ||
	    measure_one(paths->empty_batch, paths->vdso_placed, paths->empty_arg,
			batch_calls(paths), d, NULL, &s) != 0 ||
	    !s.calls)
		return -1;
	return s.slice_calls ? (double)s.slice_ns / (double)s.slice_calls
			     : (double)s.duration_ns / (double)s.calls;
}

/* One measurement of path @p into @s (and, with threads, @each); false after a message. */
static bool measure(const struct api *api, const struct run *run, const struct bench_paths *paths,
		    int p, const struct bench_cycles *cyc, struct bench_sample *s,
		    struct bench_sample *each)
{
	int bad_cpu = -1;

	if (run->threads <= 1) {
		if (measure_one(paths->batch[p], p == PATH_VDSO ? paths->vdso_placed : NULL,
				paths->arg, batch_calls(paths), run->duration_ns, cyc, s) == 0)
			return true;
		perror("vdsotest: setitimer");
		return false;
	}
	if (bench_measure_threads(paths->batch[p], p == PATH_VDSO ? paths->vdso_placed : NULL,
				  paths->arg, batch_calls(paths), run->duration_ns, run->threads,
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
			double v = e->slice_calls ? (double)e->slice_ns / (double)e->slice_calls
				   : e->calls	  ? (double)e->duration_ns / (double)e->calls
						  : 0;
			if (least < 0 || v < least) {
				least = v;
				least_p = p;
			}
		}
	if (overhead_ns <= least - BENCH_NET_MIN_NS)
		return overhead_ns;
	report_note("%s: gross figures: the harness overhead (%.2f ns/call) leaves less than "
		    "%.2f ns of the %s call (%.2f ns/call)",
		    api->name, overhead_ns, BENCH_NET_MIN_NS, bench_path_name(least_p), least);
	return 0;
}

/* Add thread sample @s to @sum (@first: @sum holds nothing yet). */
static void add_sample(struct bench_sample *sum, const struct bench_sample *s, bool first)
{
	sum->calls += s->calls;
	sum->duration_ns += s->duration_ns;
	sum->cpu_ns += s->cpu_ns;
	add_slices(sum, s, first);
}

/* The CPUs whose neighbours and steal time bench_run() watches. */
#define WATCH_MAX 16

struct watch {
	unsigned n, own; /* cpu[0 .. own): measured on; then siblings */
	int cpu[WATCH_MAX];
	struct sysinfo_cpu_time before[WATCH_MAX];
};

static bool watched(const struct watch *w, int cpu)
{
	for (unsigned i = 0; i < w->n; i++)
		if (w->cpu[i] == cpu)
			return true;
	return false;
}

/* The CPUs of the run (the pinned ones, or the one we are on) and their SMT siblings. */
static void watch_start(struct watch *w, const struct run *run, unsigned threads)
{
	const struct sysinfo_paths *sp = &sysinfo_real_paths;
	unsigned cpu;

	w->n = 0;
	if (run->cpus)
		for (unsigned i = 0; i < threads && w->n < WATCH_MAX / 2; i++) {
			if (!watched(w, run->cpus[i]))
				w->cpu[w->n++] = run->cpus[i];
		}
	else if (syscall(SYS_getcpu, &cpu, NULL, NULL) == 0)
		w->cpu[w->n++] = (int)cpu;
	w->own = w->n;
	for (unsigned i = 0; i < w->own; i++) {
		int sib[WATCH_MAX];
		unsigned k = sysinfo_smt_siblings(sp, w->cpu[i], sib, WATCH_MAX);
		for (unsigned j = 0; j < k && w->n < WATCH_MAX; j++)
			if (!watched(w, sib[j]))
				w->cpu[w->n++] = sib[j];
	}
	for (unsigned i = 0; i < w->n; i++)
		sysinfo_cpu_time(sp, w->cpu[i], &w->before[i]);
}

/* The busiest sibling's and the largest steal share since watch_start(). */
static void watch_end(const struct watch *w, struct bench_conditions *c)
{
	c->smt_busy_pct = c->steal_pct = -1;
	c->smt_cpu = -1;
	for (unsigned i = 0; i < w->n; i++) {
		struct sysinfo_cpu_time after;
		double busy, steal;
		if (sysinfo_cpu_time(&sysinfo_real_paths, w->cpu[i], &after) != 0 ||
		    (busy = sysinfo_busy_pct(&w->before[i], &after, &steal)) < 0)
			continue;
		if (i >= w->own && busy > c->smt_busy_pct) {
			c->smt_busy_pct = busy;
			c->smt_cpu = w->cpu[i];
		}
		if (i < w->own && steal > c->steal_pct)
			c->steal_pct = steal;
	}
}

static void add_note(struct bench_conditions *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_note(struct bench_conditions *c, const char *fmt, ...)
{
	va_list ap;

	if (c->notes >= BENCH_NOTES_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(c->note[c->notes++], BENCH_NOTE_LEN, fmt, ap);
	va_end(ap);
}

/*
 * add_note() with a long form: the note is the short sentence of @fmt, then
 * " (@detail)"; standard error shows the short sentence alone without -v
 * (report_conditions()), json the whole note.
 */
static void add_note_detail(struct bench_conditions *c, const char *detail, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_note_detail(struct bench_conditions *c, const char *detail, const char *fmt, ...)
{
	va_list ap;
	char *note = c->note[c->notes];
	int len;

	if (c->notes >= BENCH_NOTES_MAX)
		return;
	va_start(ap, fmt);
	len = vsnprintf(note, BENCH_NOTE_LEN, fmt, ap);
	va_end(ap);
	if (len > 0 && len < BENCH_NOTE_LEN && detail[0]) {
		c->short_len[c->notes] = (unsigned short)len;
		snprintf(note + len, BENCH_NOTE_LEN - (size_t)len, " (%s)", detail);
	}
	c->notes++;
}

/* " (syscall X, libc Y, vdso Z)": @fmt of each present path's figure from @value. */
static void per_path(char *buf, size_t size, const struct bench_result *res,
		     double (*value)(const struct bench_stats *), int decimals, const char *unit)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int p = 0; p < NR_PATHS && len < size; p++)
		if (res->present[p])
			len += (size_t)snprintf(buf + len, size - len, "%s%s %.*f%s",
						len ? ", " : " (", bench_path_name(p), decimals,
						value(&res->stats[p]), unit);
	if (len && len < size)
		snprintf(buf + len, size - len, ")");
}

static double share_of(const struct bench_stats *s)
{
	return s->cpu_share_pct;
}
static double nivcsw_of(const struct bench_stats *s)
{
	return (double)s->nivcsw;
}
static double migrations_of(const struct bench_stats *s)
{
	return (double)s->migrations;
}
static double stdev_of(const struct bench_stats *s)
{
	return s->stdev_pct;
}

/* The noise notes of @res (bench.h, bench_conditions). */
static void check_conditions(struct bench_result *res)
{
	struct bench_conditions *c = &res->cond;
	double least_share = 101, worst_stdev = 0;
	uint64_t nivcsw = 0, wall_ns = 0;
	int64_t migrations = 0;
	int disturbed = -1; /* the first path whose every slice was disturbed */
	char detail[200] = "";

	for (int p = 0; p < NR_PATHS; p++) {
		const struct bench_stats *s = &res->stats[p];
		if (!res->present[p])
			continue;
		if (s->duration_ns && s->cpu_share_pct < least_share)
			least_share = s->cpu_share_pct;
		if (s->repeats >= 2 && s->stdev_pct > worst_stdev)
			worst_stdev = s->stdev_pct;
		nivcsw += s->nivcsw;
		wall_ns +=
			s->duration_ns; /* (thread-ns: switches are summed over the threads too) */
		migrations = migrations >= 0 && s->migrations >= 0 ? migrations + s->migrations
								   : -1;
		/* even the fastest slice slower than the thread's CPU time per call */
		if (s->cpu_ns_per_call > 0 &&
		    s->median_ns > s->cpu_ns_per_call * (1 + BENCH_SLICES_DISTURBED_PCT / 100) &&
		    disturbed < 0)
			disturbed = p;
	}
	if (least_share < BENCH_CPU_SHARE_MIN_PCT) {
		char long_form[BENCH_NOTE_LEN];
		size_t len;

		/* per_path()'s " (syscall X%, ...)", here without its parentheses */
		per_path(detail, sizeof(detail), res, share_of, 0, "%");
		len = strlen(detail);
		snprintf(long_form, sizeof(long_form),
			 "%.*s%sns/call and calls/sec are those of the loop's fastest 0.1 ms slices, "
			 "which a preemption does not reach; wall times: table Time, -v wall "
			 "ns/call, JSON wall_ns_per_call",
			 len > 3 ? (int)(len - 3) : 0, len > 3 ? detail + 2 : "",
			 len > 3 ? "; " : "");
		add_note_detail(c, long_form,
				"the CPU was shared: the measuring thread ran %.0f%% of the time; %s",
				least_share,
				disturbed < 0
					? "ns/call and calls/sec hold, wall times are inflated"
					: "every figure may be inflated (next note)");
	}
	if (disturbed >= 0) {
		const struct bench_stats *s = &res->stats[disturbed];
		add_note_detail(c,
				"something woke on the CPU more often than every 0.1 ms, so that "
				"even the loop's fastest slices were disturbed; every path's "
				"ns/call may be inflated",
				"too busy to time a call alone: the %s path's %.2f ns/call is %.0f%% "
				"above its CPU time per call, %.2f ns, the better figure here",
				bench_path_name(disturbed), s->median_ns,
				100 * (s->median_ns / s->cpu_ns_per_call - 1), s->cpu_ns_per_call);
	}
	/*
	 * Switches matter where the fastest slices were disturbed (the note
	 * before): a preemption does not reach an undisturbed one, and the
	 * share note already says the wall times are inflated, so a count
	 * per API of `all bench` on a busy machine would only repeat it
	 * (the counts: JSON, -v).  A migration always: the figures are of
	 * two CPUs.
	 */
	if ((disturbed >= 0 && nivcsw >= BENCH_NIVCSW_MIN &&
	     (double)nivcsw > BENCH_NIVCSW_MAX_PER_SEC * (double)wall_ns / 1e9) ||
	    migrations > 0) {
		char mig[200] = "", count[32] = "an unknown number of";
		if (nivcsw > 0)
			per_path(detail, sizeof(detail), res, nivcsw_of, 0, "");
		if (migrations >= 0) {
			if (migrations > 0)
				per_path(mig, sizeof(mig), res, migrations_of, 0, "");
			snprintf(count, sizeof(count), "%" PRId64, migrations);
		}
		add_note(c,
			 "%" PRIu64 " involuntary context switch%s%s and %s CPU migration%s%s "
			 "during the measurement",
			 nivcsw, nivcsw == 1 ? "" : "es", detail, count, migrations == 1 ? "" : "s",
			 mig);
	}
	if (c->smt_busy_pct > BENCH_SMT_BUSY_MAX_PCT)
		add_note(c,
			 "SMT sibling CPU %d was busy %.0f%% of the time: the calls shared their "
			 "core, every figure is affected",
			 c->smt_cpu, c->smt_busy_pct);
	if (c->steal_pct > BENCH_STEAL_MAX_PCT)
		add_note(c,
			 "the hypervisor took %.0f%% of the CPU (steal time): wall-time figures "
			 "are inflated",
			 c->steal_pct);
	if (worst_stdev > BENCH_STDEV_MAX_PCT) {
		per_path(detail, sizeof(detail), res, stdev_of, 1, "%");
		add_note(c,
			 "spread above %.0f%% over the repeats%s: the median ns/call is not "
			 "to be trusted to better than that",
			 BENCH_STDEV_MAX_PCT, detail);
	}
}

/* The measurements of one bench_run(), and where they stopped. */
struct bench_pass {
	unsigned repeat, threads;
	struct bench_sample *samples; /* [path * repeat + repeat number] */
	/* threads > 1: one measurement's samples, then each path's sums per thread */
	struct bench_sample *each;
	unsigned measured[NR_PATHS]; /* the measurements taken of each path */
	int stopped_in;		     /* the path under way when a signal stopped the run, or -1 */
	int failed_in; /* the path that could not be measured (e.g. its CPU gone), or -1 */
};

/* Opens the cycle counter of --cycles (one thread only); a note if it cannot. */
static void open_cycles(const struct api *api, struct bench_cycles *cyc, struct bench_result *res,
			unsigned threads)
{
	if (cyc->info && cyc->info->source != CYCLES_NONE && threads == 1) {
		if ((cyc->fd = cycles_open(cyc->info)) < 0)
			report_note("%s: no cycle counts: perf_event_open: %s", api->name,
				    strerror(errno));
		res->cycles = cyc->fd >= 0;
	}
}

/*
 * Measures each path, repeat times in turn, into @m, until the end, a
 * signal (m->stopped_in) or a path that cannot be measured (m->failed_in).
 */
static void measure_paths(const struct api *api, const struct run *run,
			  const struct bench_paths *paths, struct bench_cycles *cyc,
			  struct bench_pass *m)
{
	unsigned threads = m->threads;

	for (unsigned r = 0; r < m->repeat && m->stopped_in < 0 && m->failed_in < 0; r++)
		for (int p = 0; p < NR_PATHS && m->stopped_in < 0 && m->failed_in < 0; p++) {
			if (!paths->batch[p])
				continue;
			report_bench_progress(api, run, p, r);
			if (!measure(api, run, paths, p, cyc, &m->samples[p * m->repeat + r],
				     m->each)) {
				m->failed_in = p; /* (what was measured is still reported) */
				break;
			}
			m->measured[p]++;
			for (unsigned t = 0; threads > 1 && t < threads; t++)
				add_sample(&m->each[(p + 1) * threads + t], &m->each[t],
					   m->measured[p] == 1);
			if (interrupt_signal())
				m->stopped_in = p;
		}
}

/* The statistics of each path measured in @m, less the overhead with --net, into @res. */
static void compute_stats(const struct api *api, const struct run *run,
			  const struct bench_paths *paths, const struct bench_pass *m,
			  struct bench_result *res)
{
	unsigned repeat = m->repeat, threads = m->threads;
	double minus = run->net && res->overhead_ns > 0
			       ? net_minus(api, paths, m->samples, repeat, res->overhead_ns)
			       : 0;

	res->net_minus_ns = minus;
	for (int p = 0; p < NR_PATHS; p++) {
		res->present[p] = m->measured[p] > 0;
		res->net[p] = minus > 0;
		stats_compute(&m->samples[p * repeat], m->measured[p], minus, &res->stats[p]);
		res->samples[p] = &m->samples[p * repeat];
		res->stats[p].threads = threads;
		res->per_thread[p] = threads > 1 && res->present[p] ? &m->each[(p + 1) * threads]
								    : NULL;
	}
}

/*
 * Reports @res, whether the vDSO falls back to the system call (after a
 * whole run only), and why the run ended early; returns @st, or STATUS_FAIL
 * when a path could not be measured.
 */
static enum status report_pass(const struct api *api, const struct run *run,
			       const struct bench_pass *m, struct bench_result *res, enum status st)
{
	char why[FALLBACK_REASON_LEN] = "";
	bool whole = m->stopped_in < 0 && m->failed_in < 0;

	check_conditions(res);
	if (res->present[PATH_VDSO] && whole) {
		enum fallback fb = api_falls_back(api, run, why, sizeof(why));
		res->falls_back = fb == FALLBACK_SYSCALL ? 1 : fb == FALLBACK_NONE ? 0 : -1;
	} else {
		res->falls_back = -1;
	}
	report_bench(api, run, res);
	if (res->present[PATH_VDSO] && whole)
		report_fallback(api, res->falls_back, why, run->verbose);
	if (m->failed_in >= 0) {
		report_line(api,
			    "bench: the %s path could not be measured; the figures are of the paths measured before",
			    bench_path_name(m->failed_in));
		st = STATUS_FAIL;
	}
	if (m->stopped_in >= 0)
		report_line(api,
			    "bench: interrupted by %s during the %s path; the figures are of the time measured",
			    interrupt_name(interrupt_signal()), bench_path_name(m->stopped_in));
	report_conditions(api, &res->cond, run->verbose);
	return st;
}

/* The head of a record of bench --runs (bench.h); the samples follow it. */
struct record_head {
	uint32_t magic, repeat, threads, cycles;
	uint32_t measured[NR_PATHS];
	int32_t stopped_in, failed_in, smt_cpu;
	double smt_busy_pct, steal_pct;
};
#define RECORD_MAGIC 0x76647231u /* "vdr1" */

/* Write all of @len bytes of @buf to @fd; false on a failure. */
static bool write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		len -= (size_t)w;
	}
	return true;
}

/* A measuring process of --runs: @m and the conditions @c, to run->measure_fd. */
static bool write_record(const struct run *run, const struct bench_pass *m,
			 const struct bench_conditions *c, bool cycles)
{
	struct record_head h = { .magic = RECORD_MAGIC,
				 .repeat = m->repeat,
				 .threads = m->threads,
				 .cycles = cycles,
				 .stopped_in = m->stopped_in,
				 .failed_in = m->failed_in,
				 .smt_cpu = c->smt_cpu,
				 .smt_busy_pct = c->smt_busy_pct,
				 .steal_pct = c->steal_pct };

	for (int p = 0; p < NR_PATHS; p++)
		h.measured[p] = m->measured[p];
	return write_all(run->measure_fd, &h, sizeof(h)) &&
	       write_all(run->measure_fd, m->samples,
			 (size_t)NR_PATHS * m->repeat * sizeof(*m->samples)) &&
	       write_all(run->measure_fd, m->each,
			 (size_t)(NR_PATHS + 1) * m->threads * sizeof(*m->each));
}

/*
 * The head of record @k of @rs when it is whole and of @repeat repeats and
 * @threads threads with every path of @paths measured, else NULL.
 */
static const struct record_head *record_ok(const struct bench_runs *rs, unsigned k, unsigned repeat,
					   unsigned threads, const struct bench_paths *paths)
{
	const struct record_head *h = (const void *)rs->record[k];

	if (rs->len[k] != sizeof(*h) + (size_t)NR_PATHS * repeat * sizeof(struct bench_sample) +
				  (size_t)(NR_PATHS + 1) * threads * sizeof(struct bench_sample) ||
	    h->magic != RECORD_MAGIC || h->repeat != repeat || h->threads != threads ||
	    h->stopped_in >= 0 || h->failed_in >= 0)
		return NULL;
	for (int p = 0; p < NR_PATHS; p++)
		if (h->measured[p] != (paths->batch[p] ? repeat : 0))
			return NULL;
	return h;
}

/*
 * The records of run->runs_data into @m (m->repeat: runs * repeats, run r's
 * at r * repeat), the worst SMT and steal shares into @c, the cycle flag
 * into @res; the runs taken into *@runs (records not usable are lost).
 */
static bool take_records(const struct run *run, const struct bench_paths *paths,
			 struct bench_pass *m, unsigned repeat, struct bench_conditions *c,
			 struct bench_result *res, unsigned *runs)
{
	const struct bench_runs *rs = run->runs_data;
	unsigned threads = m->threads, n = 0;

	c->smt_busy_pct = c->steal_pct = -1;
	c->smt_cpu = -1;
	for (unsigned k = 0; k < rs->n; k++) {
		const struct record_head *h = record_ok(rs, k, repeat, threads, paths);
		if (!h)
			continue;
		const struct bench_sample *s = (const void *)(h + 1);
		const struct bench_sample *each = s + (size_t)NR_PATHS * repeat;
		for (int p = 0; p < NR_PATHS; p++) {
			for (unsigned i = 0; i < h->measured[p]; i++)
				m->samples[p * m->repeat + n * repeat + i] = s[p * repeat + i];
			m->measured[p] += h->measured[p];
			for (unsigned t = 0; threads > 1 && h->measured[p] && t < threads; t++)
				add_sample(&m->each[(p + 1) * threads + t],
					   &each[(p + 1) * threads + t],
					   m->measured[p] == h->measured[p]);
		}
		if (h->smt_busy_pct > c->smt_busy_pct) {
			c->smt_busy_pct = h->smt_busy_pct;
			c->smt_cpu = h->smt_cpu;
		}
		if (h->steal_pct > c->steal_pct)
			c->steal_pct = h->steal_pct;
		res->cycles = h->cycles;
		n++;
	}
	*runs = n;
	return n > 0;
}

/*
 * Each run's ns per call of each path (the median of its @repeat repeats)
 * into @v (NR_PATHS * runs), and the path's headline figures of the runs:
 * their median, least, largest and spread.
 */
static void per_run_stats(const struct bench_pass *m, unsigned repeat, unsigned runs, double *v,
			  struct bench_result *res)
{
	for (int p = 0; p < NR_PATHS; p++) {
		struct bench_stats *st = &res->stats[p], one;
		struct stats_summary sum;
		double *pv = &v[p * runs];
		if (!res->present[p])
			continue;
		for (unsigned r = 0; r < runs; r++) {
			stats_compute(&m->samples[p * m->repeat + r * repeat], repeat,
				      res->net_minus_ns, &one);
			pv[r] = one.median_ns;
		}
		res->run_ns[p] = pv;
		if (runs < 2) /* (one run: the repeats' figures stay) */
			continue;
		stats_summarize(pv, runs, &sum);
		st->median_ns = sum.median;
		st->min_ns = st->max_ns = pv[0];
		for (unsigned r = 1; r < runs; r++) {
			st->min_ns = pv[r] < st->min_ns ? pv[r] : st->min_ns;
			st->max_ns = pv[r] > st->max_ns ? pv[r] : st->max_ns;
		}
		st->stdev_pct = sum.mean > 0 ? 100 * sum.stdev / sum.mean : 0;
	}
}

enum status bench_run(const struct api *api, const struct run *run, const struct bench_paths *paths)
{
	unsigned repeat = run->repeat ? run->repeat : 1;
	unsigned runs = run->runs_data && run->runs_data->n ? run->runs_data->n : 1;
	struct bench_pass m = { .repeat = repeat * runs,
				.threads = run->threads ? run->threads : 1,
				.stopped_in = -1,
				.failed_in = -1 };
	unsigned threads = m.threads;
	m.samples = calloc((size_t)NR_PATHS * m.repeat, sizeof(*m.samples));
	m.each = calloc((size_t)(NR_PATHS + 1) * threads, sizeof(*m.each));
	double *run_v = calloc((size_t)NR_PATHS * runs, sizeof(*run_v));
	struct bench_result res = { .threads = threads, .cpus = run->cpus, .runs = 1 };
	struct bench_cycles cyc = { run->cycles, -1 };
	enum status st = STATUS_FAIL;
	/* (--runs: measured by its processes; with no record at all, a failure) */
	bool measured_elsewhere = run->runs_data != NULL;

	if (!m.samples || !m.each || !run_v) {
		perror("vdsotest: bench");
		goto out;
	}
	if (threads == 1 && run->cpus && cpu_pin((unsigned)run->cpus[0]) != 0) {
		fprintf(stderr, "vdsotest: %s: cannot pin to CPU %d: %s\n", api->name, run->cpus[0],
			strerror(errno));
		goto out;
	}
	struct watch watch;
	if (run->measuring) { /* a measuring process of --runs */
		open_cycles(api, &cyc, &res, threads);
		watch_start(&watch, run, threads);
		measure_paths(api, run, paths, res.cycles ? &cyc : NULL, &m);
		watch_end(&watch, &res.cond);
		st = write_record(run, &m, &res.cond, res.cycles) ? STATUS_PASS : STATUS_FAIL;
		goto out;
	}
	if (!paths->batch[PATH_VDSO])
		report_no_vdso(api);
	st = probe_paths(api, paths, res.error);
	res.overhead_ns = overhead(run, paths);
	if (measured_elsewhere) {
		if (!take_records(run, paths, &m, repeat, &res.cond, &res, &runs)) {
			report_line(api, "bench: no run's measuring process gave a record");
			st = STATUS_FAIL;
			goto out;
		}
		m.repeat = repeat * runs; /* (the runs taken: the first ones' places) */
		for (int p = 0; p < NR_PATHS; p++)
			if (m.measured[p]) /* compact: run r of path p at p * m.repeat + r * repeat */
				memmove(&m.samples[p * m.repeat],
					&m.samples[p * repeat * (run->runs_data->n)],
					(size_t)m.repeat * sizeof(*m.samples));
		res.runs = runs;
		res.runs_lost = run->runs_data->lost + (run->runs_data->n - runs);
	} else {
		open_cycles(api, &cyc, &res, threads);
		watch_start(&watch, run, threads);
		measure_paths(api, run, paths, res.cycles ? &cyc : NULL, &m);
	}
	for (int p = 0; p < NR_PATHS; p++)
		res.present[p] = m.measured[p] > 0;
	if (run->latency && m.stopped_in < 0 && m.failed_in < 0 &&
	    !measure_latency(api, run, paths, &res))
		st = STATUS_FAIL;
	if (!measured_elsewhere)
		watch_end(&watch, &res.cond);
	compute_stats(api, run, paths, &m, &res);
	per_run_stats(&m, repeat, res.runs, run_v, &res);
	st = report_pass(api, run, &m, &res, st);
out:
	if (cyc.fd >= 0)
		cycles_close(cyc.info, cyc.fd);
	free(m.samples);
	free(m.each);
	free(run_v);
	return st;
}
