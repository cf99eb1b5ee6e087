// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * api_run(): bench, verify and abi of one API, driven the same way for
 * every family through its descriptor (struct family, core/api.h); see
 * run.h.  The family makes the calls and judges them; this file owns the
 * order of things: supported? (a clock id the system call rejects: bench
 * skipped, verify and abi reduced to "the vDSO rejects it too",
 * run->rejected_errno), the family's notes, then
 *   bench:  .bench_paths -> bench_run() -> .bench_teardown
 *   verify: the session (verify_api()) around the parts: the checks
 *           (.verify_setup, .verify_round while verify_running(),
 *           .verify_teardown) on one thread, or on -t N threads after the
 *           cross-CPU phase (FAMILY_CROSS_CPU, parallel.c); then, on one
 *           thread, again in a time namespace (FAMILY_TIMENS, timens.c)
 *   abi:    abi_begin_checked() (no-vDSO note, stack use) -> .abi_cases
 *           -> abi_end()
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/burst.h"
#include "harness/parallel.h"
#include "harness/run.h"
#include "harness/timens.h"
#include "harness/verify.h"
#include "lib/interrupt.h"
#include "output/report.h"

bool api_supported(const struct api *api, char *why, size_t len)
{
	const struct family *f = api->family;

	if (why && len)
		why[0] = '\0';
	return f->supported ? f->supported(api, why, len) : true;
}

/*
 * Is @api tested by @t?  Supported: yes, *@rejected_errno 0.  Its clock id
 * rejected by the system call (api_supported() false): bench is skipped
 * with the family's reason; verify and abi test that the vDSO rejects the
 * id too (*@rejected_errno the system call's errno; say_reduced()).
 */
static bool tested_or_said(const struct api *api, enum test_type t, int *rejected_errno)
{
	char why[API_SUPPORTED_WHY_LEN];

	*rejected_errno = 0;
	if (api_supported(api, why, sizeof(why)))
		return true;
	*rejected_errno = errno ? errno : EINVAL;
	if (t == TEST_BENCH) {
		report_line(api, "%s", why);
		return false;
	}
	return true;
}

/*
 * For a clock id the system call rejects (run->rejected_errno), once the
 * test has something to call: with -v, the line that says the test of @t
 * is reduced, and why (the family's reason, as bench prints it).  Without
 * -v, one note in the whole run says that some were reduced (a pass must
 * say what it could not see), naming the first.
 */
static void say_reduced(const struct api *api, enum test_type t, const struct run *run)
{
	char why[API_SUPPORTED_WHY_LEN];

	if (!run->rejected_errno)
		return;
	if (!run->verbose) {
		report_note_once("reduced",
				 "%s: clock ids this kernel rejects (here %s first) get a reduced "
				 "test: the vDSO must reject them too (-v names each)",
				 test_type_name(t), api->name);
		return;
	}
	if (api_supported(api, why, sizeof(why))) /* (accepted meanwhile: said as before) */
		snprintf(why, sizeof(why), "the system call rejected it: %s",
			 strerror(run->rejected_errno));
	report_line(api, "%s: reduced test, the vDSO must reject the clock id too (%s)",
		    test_type_name(t), why);
}

/* Zeroed state of @size bytes for the family (at least one byte), or NULL, said. */
static void *family_state(const struct api *api, size_t size)
{
	void *state = calloc(1, size ? size : 1);

	if (!state)
		fprintf(stderr, "vdsotest: %s: %s\n", api->name, strerror(errno));
	return state;
}

static enum status run_bench(const struct api *api, const struct run *run)
{
	const struct family *f = api->family;
	struct bench_paths paths;
	void *state = family_state(api, f->bench_state_size);
	enum status st;

	if (!state)
		return STATUS_FAIL;
	memset(&paths, 0, sizeof(paths));
	st = f->bench_paths(api, run, &paths, state);
	bool any = false;
	for (int p = 0; p < NR_PATHS; p++)
		any |= paths.batch[p] != NULL;
	if (st == STATUS_PASS && !any) {
		/* (a call with a vDSO path only, its function not found here) */
		report_line(api, "bench: no path to measure: the vDSO function is not found and "
				 "there is no system call or libc function to time; skipped");
		st = STATUS_SKIP;
	}
	if (st == STATUS_PASS)
		st = bench_run(api, run, &paths);
	if (f->bench_teardown)
		f->bench_teardown(state);
	free(state);
	return st;
}

/* One part of a verify: the family's checks for run->duration_ns. */
static enum status verify_checks(const struct api *api, const struct run *run)
{
	const struct family *f = api->family;
	void *state = family_state(api, f->verify_state_size);
	struct verify_ctx ctx;
	enum status st;

	if (!state)
		return STATUS_FAIL;
	st = f->verify_setup ? f->verify_setup(api, run, state) : STATUS_PASS;
	if (st == STATUS_PASS)
		say_reduced(api, TEST_VERIFY, run);
	if (st == STATUS_PASS) {
		verify_begin(&ctx, api, run);
		while (verify_running(&ctx))
			f->verify_round(&ctx, state);
	}
	if (f->verify_teardown)
		f->verify_teardown(state);
	free(state);
	return st == STATUS_PASS ? verify_end(&ctx) : st;
}

/*
 * The share of --duration each of the back-to-back and cross-CPU phases
 * takes from the checks: an eighth, at most a second.
 */
static uint64_t phase_ns(const struct run *run)
{
	uint64_t ns = run->duration_ns / 8;

	return ns > 1000000000u ? 1000000000u : ns ? ns : 1;
}

/* @st after a phase that ended with @p: a failure fails, a skip changes nothing. */
static enum status after_phase(enum status st, enum status p)
{
	return p == STATUS_FAIL ? STATUS_FAIL : st;
}

/*
 * The parts of a verify, within verify_api()'s session: the checks (on -t
 * N threads after their cross-CPU phase), the back-to-back phase, without
 * -t the cross-CPU phase over every allowed CPU, and the time namespace
 * part.  The phases take their time from the checks' (phase_ns()).
 */
static enum status verify_parts(const struct api *api, const struct run *run)
{
	struct run checks = *run;
	uint64_t burst_ns = verify_burst_applies(api) ? phase_ns(run) : 0;
	uint64_t cross_ns = run->threads == 1 && parallel_ordered_clock(api) ? phase_ns(run) : 0;
	enum status st;

	if (run->rejected_errno) /* one part: the id is rejected on every CPU, in every namespace */
		return verify_checks(api, run);
	if (checks.duration_ns > burst_ns + cross_ns)
		checks.duration_ns -= burst_ns + cross_ns;
	st = run->threads > 1 ? verify_parallel(api, &checks, verify_checks)
			      : verify_checks(api, &checks);
	/* (no phase or part after SIGINT or SIGTERM: it would never start) */
	if (st == STATUS_SKIP || interrupt_signal())
		return st;
	if (burst_ns && verify_failures() < run->maxfails)
		st = after_phase(st, verify_burst(api, run, burst_ns));
	if (cross_ns && verify_failures() < run->maxfails && !interrupt_signal())
		st = after_phase(st, verify_cross_cpu(api, run, cross_ns));
	if (!timens_part_applies(api) || interrupt_signal())
		return st;
	struct run one = *run; /* -t N: the namespace part on one thread */
	one.threads = 1;
	return timens_verify(api, &one, verify_checks) == STATUS_FAIL ? STATUS_FAIL : st;
}

static enum status run_abi(const struct api *api, const struct run *run)
{
	const struct family *f = api->family;
	struct abi_ctx ctx;
	enum status st;

	if (api_vdso_fn(api, run))
		say_reduced(api, TEST_ABI, run);
	if ((st = abi_begin_checked(&ctx, api, run, f->abi_call)) != STATUS_PASS)
		return st;
	f->abi_cases(&ctx);
	return abi_end(&ctx);
}

/* Has the family what TEST-TYPE @t needs (the fields tests/unit-families requires)? */
static bool family_has(const struct family *f, enum test_type t)
{
	if ((f->flags & FAMILY_VERIFY_ONLY) && t != TEST_VERIFY)
		return false;
	switch (t) {
	case TEST_BENCH:
		return f->bench_paths;
	case TEST_VERIFY:
		return f->verify_round;
	case TEST_ABI:
		return f->abi_call && f->abi_cases;
	default:
		return false;
	}
}

enum status api_run(const struct api *api, enum test_type t, const struct run *run)
{
	const struct family *f = api->family;

	if ((unsigned)t >= NR_TEST_TYPES)
		return STATUS_USAGE;
	if (!family_has(f, t)) {
		if (f->lacks_why)
			report_line(api, "%s: nothing to test: %s; skipped", test_type_name(t),
				    f->lacks_why);
		else
			report_line(api, "%s: not implemented by the %s family; skipped",
				    test_type_name(t), f->name ? f->name : "?");
		return STATUS_SKIP;
	}
	struct run r = *run;
	if (!tested_or_said(api, t, &r.rejected_errno))
		return STATUS_SKIP;
	if (f->notes)
		f->notes(api, &r);
	switch (t) {
	case TEST_BENCH:
		return run_bench(api, &r);
	case TEST_VERIFY:
		return verify_api(api, &r, verify_parts);
	case TEST_ABI:
		return run_abi(api, &r);
	default:
		return STATUS_USAGE;
	}
}
