// SPDX-License-Identifier: GPL-2.0-or-later
/* verify on several CPUs at once; see parallel.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/known_bugs.h"
#include "harness/fallback.h"
#include "harness/parallel.h"
#include "harness/verify.h"
#include "lib/cpus.h"
#include "lib/interrupt.h"
#include "lib/sysclock.h"
#include "output/report.h"

/* The token ring of the cross-CPU ordering check. */
struct ring {
	atomic_uint token; /* index of the thread whose turn it is */
	atomic_bool stop;
	/* written only by the token's holder: */
	struct verify_ctx ctx;
	struct ts64 last; /* the previous holder's reading */
	int last_cpu;
	bool have_last;
	unsigned compared;	   /* readings compared with another CPU's */
	int64_t gap_min_ns;	   /* smallest (reading - the previous holder's), INT64_MAX: none */
	uint64_t hard_deadline_ns; /* now_ns() after which the ring stops anyway; 0: none */
};

struct worker {
	pthread_t thread;
	unsigned index;
	int cpu;
	const struct api *api;
	const struct run *run; /* with the duration of one phase */
	verify_part_fn checks; /* the family's checks, on one thread */
	struct ring *ring;     /* NULL: the checks phase */
	unsigned nthreads;
	enum status status;
	char scope[48]; /* "thread I on CPU C" */
};

bool parallel_ordered_clock(const struct api *api)
{
	return (api->family->flags & FAMILY_CROSS_CPU) &&
	       !(api->flags & (CLK_SETTABLE | CLK_AUX)) &&
	       api->clock_id != CLOCK_PROCESS_CPUTIME_ID &&
	       api->clock_id != CLOCK_THREAD_CPUTIME_ID;
}

/* One turn with the token: read, compare with the previous holder's reading. */
static void ring_turn(struct worker *w)
{
	struct ring *r = w->ring;
	struct verify_ctx *ctx = &r->ctx;
	const char *who = api_vdso_fn(w->api, w->run) ? "vDSO" : "libc";
	char a[TS64_STRLEN], b[TS64_STRLEN];
	struct ts64 v;

	/*
	 * However short the duration, every thread compares once; without
	 * -t, not for longer than a second more (r->hard_deadline_ns).
	 */
	if (!verify_running(ctx) &&
	    (r->compared >= w->nthreads || verify_failures() >= w->run->maxfails ||
	     (r->hard_deadline_ns && now_ns() >= r->hard_deadline_ns))) {
		atomic_store(&r->stop, true);
		return;
	}
	if (!verify_ok(ctx, "cross-CPU: returns 0", api_clock_now(w->api, w->run, &v) == 0)) {
		verify_fail(ctx, "cross-CPU: %s %s(%s) on CPU %d returned -1 (%s)", who,
			    vdso_call_name(w->api->family->call), w->api->clock_name, w->cpu,
			    strerror(errno));
		r->have_last = false;
		return;
	}
	v = ts64_unwrap32(v); /* (a 32-bit API past 2038-01-19T03:14:07Z) */
	if (r->have_last) {
		r->compared++;
		int64_t gap = ts64_sub_ns(v, r->last);
		if (gap >= 0 && gap < r->gap_min_ns)
			r->gap_min_ns = gap;
	}
	/*
	 * (the reading compared is the last turn's: a setting of the clock
	 * since then excuses it, across rounds; a coarse clock a few us
	 * back is a known kernel bug, core/known_bugs.c)
	 */
	if (r->have_last &&
	    !verify_ok(ctx, "cross-CPU: not behind the reading on another CPU",
		       ts64_cmp(r->last, v) <= 0) &&
	    !((w->api->flags & CLK_SETTABLE) && verify_clock_was_set(ctx, true))) {
		struct known_symptom sym = verify_backwards_symptom(w->api,
								    ts64_sub_ns(r->last, v));
		verify_fail_known(ctx, &sym,
				  "cross-CPU: %s %s on CPU %d after %s %s on CPU %d: %" PRId64
				  " ns backwards",
				  who, ts64_format(v, a, sizeof(a)), w->cpu, who,
				  ts64_format(r->last, b, sizeof(b)), r->last_cpu, sym.value);
	}
	r->last = v;
	r->last_cpu = w->cpu;
	r->have_last = true;
}

static void ring_run(struct worker *w)
{
	struct ring *r = w->ring;

	while (!atomic_load_explicit(&r->stop, memory_order_relaxed)) {
		if (atomic_load_explicit(&r->token, memory_order_acquire) != w->index)
			continue;
		ring_turn(w);
		atomic_store_explicit(&r->token, (w->index + 1) % w->nthreads,
				      memory_order_release);
	}
}

static void *worker_main(void *p)
{
	struct worker *w = p;

	if (cpu_pin((unsigned)w->cpu) != 0) {
		/*
		 * The cross-CPU ring's CPU gone offline (EINVAL: --perturb=hotplug
		 * in a guest) is no failure: the ring stops, and the phase says
		 * what it compared.
		 */
		bool offline = w->ring && errno == EINVAL;

		fprintf(stderr, "vdsotest: %s: thread %u: cannot pin to CPU %d: %s%s\n",
			w->api->name, w->index, w->cpu, strerror(errno),
			offline ? " (offline?): the cross-CPU phase stops" : "");
		w->status = offline ? STATUS_PASS : STATUS_FAIL;
		if (w->ring)
			atomic_store(&w->ring->stop, true);
		return NULL;
	}
	if (w->ring) {
		ring_run(w);
		w->status = STATUS_PASS;
		return NULL;
	}
	snprintf(w->scope, sizeof(w->scope), "thread %u on CPU %d", w->index, w->cpu);
	verify_scope(w->scope);
	w->status = w->checks(w->api, w->run);
	return NULL;
}

/* Start a worker per CPU, wait for all; false if one could not start. */
static bool run_workers(struct worker *w, unsigned n)
{
	bool ok = true;
	unsigned started = 0;

	for (; started < n; started++) {
		int err = pthread_create(&w[started].thread, NULL, worker_main, &w[started]);
		if (err) {
			fprintf(stderr, "vdsotest: %s: cannot start thread %u: %s\n",
				w[started].api->name, started, strerror(err));
			if (w[0].ring)
				atomic_store(&w[0].ring->stop, true);
			ok = false;
			break;
		}
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(w[i].thread, NULL);
	return ok;
}

/* Fold a phase's thread statuses into @st: fail beats pass beats skip. */
static enum status fold(const struct worker *w, unsigned n, enum status st)
{
	bool all_skip = true;

	for (unsigned i = 0; i < n; i++) {
		if (w[i].status == STATUS_FAIL)
			return STATUS_FAIL;
		all_skip &= w[i].status == STATUS_SKIP;
	}
	return st == STATUS_FAIL ? st : all_skip ? STATUS_SKIP : STATUS_PASS;
}

/* The check of the cross-CPU phase (a KTAP SKIP line when it cannot run). */
#define CROSS_CPU_CHECK "cross-CPU: not behind the reading on another CPU"

/*
 * The token ring of @n threads, worker i pinned to the i-th CPU of @mask,
 * for @duration_ns (and until each has compared once); the figures to the
 * session.  Return: as verify_cross_cpu().
 */
static enum status ring_phase(const struct api *api, const struct run *run, struct worker *w,
			      unsigned n, uint64_t duration_ns, bool bounded)
{
	struct run phase = *run;
	enum status st = STATUS_PASS;
	struct ring ring;

	phase.duration_ns = duration_ns ? duration_ns : 1;
	memset(&ring, 0, sizeof(ring));
	ring.gap_min_ns = INT64_MAX;
	verify_scope("cross-CPU"); /* for verify_begin/end's verbose lines */
	verify_begin(&ring.ctx, api, &phase);
	if (bounded)
		ring.hard_deadline_ns = ring.ctx.deadline_ns + 1000000000u;
	for (unsigned i = 0; i < n; i++) {
		w[i].ring = &ring;
		w[i].run = &phase;
	}
	if (!run_workers(w, n))
		st = STATUS_FAIL;
	ring.ctx.sight.cross_compared = ring.compared;
	ring.ctx.sight.cross_gap_min_ns = ring.gap_min_ns;
	ring.ctx.sight.cross_cpus = n;
	ring.ctx.sight.readings += ring.compared;
	if (!ring.compared && !interrupt_signal()) {
		report_note("%s: the cross-CPU phase compared no reading within its time (the CPUs were busy)",
			    api->name);
		verify_skip(NULL, CROSS_CPU_CHECK, "no reading compared within the time");
	}
	verify_end(&ring.ctx);
	verify_scope(NULL);
	st = fold(w, n, st);
	for (unsigned i = 0; i < n; i++) {
		w[i].ring = NULL;
		w[i].run = run;
	}
	return st;
}

/* The workers for the first @n CPUs of the affinity mask, or NULL (said). */
static struct worker *workers(const struct api *api, const struct run *run, unsigned *n,
			      verify_part_fn checks)
{
	struct cpu_mask mask;
	struct worker *w;

	if (!cpu_mask_get(&mask)) {
		fprintf(stderr, "vdsotest: %s: %s\n", api->name, strerror(errno));
		return NULL;
	}
	if (!*n)
		*n = cpu_mask_count(&mask);
	w = calloc(*n ? *n : 1, sizeof(*w));
	if (!w)
		fprintf(stderr, "vdsotest: %s: %s\n", api->name, strerror(errno));
	for (unsigned i = 0; w && i < *n; i++)
		w[i] = (struct worker){ .index = i,
					.cpu = cpu_mask_nth(&mask, i),
					.api = api,
					.run = run,
					.checks = checks,
					.nthreads = *n };
	cpu_mask_free(&mask);
	return w;
}

enum status verify_cross_cpu(const struct api *api, const struct run *run, uint64_t duration_ns)
{
	unsigned n = 0;
	struct worker *w;
	enum status st;

	if (!parallel_ordered_clock(api))
		return STATUS_SKIP;
	if (!(w = workers(api, run, &n, NULL)))
		return STATUS_FAIL;
	if (n < 2) {
		report_note_once(
			"cross-CPU one CPU",
			"%s: the cross-CPU phase left out: one CPU allowed (the affinity mask), no other CPU to compare with (said once)",
			api->name);
		verify_skip(NULL, CROSS_CPU_CHECK, "one CPU allowed");
		free(w);
		return STATUS_SKIP;
	}
	st = ring_phase(api, run, w, n, duration_ns, true);
	free(w);
	return st;
}

enum status verify_parallel(const struct api *api, const struct run *run, verify_part_fn checks)
{
	unsigned n = run->threads;
	struct worker *w = workers(api, run, &n, checks);
	struct run phase = *run;
	enum status st = STATUS_PASS;

	if (!w)
		return STATUS_FAIL;
	verify_notes(api, run); /* once, before any thread's lines */
	if (parallel_ordered_clock(api)) {
		phase.duration_ns = run->duration_ns / 2 ? run->duration_ns / 2 : 1;
		st = ring_phase(api, run, w, n, phase.duration_ns, false);
	}
	for (unsigned i = 0; i < n; i++)
		w[i].run = &phase;
	if (!run_workers(w, n))
		st = STATUS_FAIL;
	st = fold(w, n, st);
	free(w);
	return st;
}
