// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output layer's entry points (report.h): the run's format picked from
 * the table below, and where notes and lines go.  The formats themselves
 * are in format_*.c, the sink in sink.c, the escapers in escape.c.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/child.h"
#include "lib/cycles.h"
#include "lib/sysinfo.h"
#include "output/format.h"
#include "output/report.h"

/* Every format, by enum output_format: a new one is a row here. */
static const struct format_ops *const formats[NR_FORMATS] = {
	[FORMAT_TEXT] = &format_text, [FORMAT_NSEC] = &format_nsec, [FORMAT_TABLE] = &format_table,
	[FORMAT_JSON] = &format_json, [FORMAT_CSV] = &format_csv,   [FORMAT_KTAP] = &format_ktap,
};

/* The format of @f; text for a value out of range. */
static const struct format_ops *ops_of(enum output_format f)
{
	return (unsigned)f < NR_FORMATS ? formats[f] : &format_text;
}

/*
 * Settings of the run, from report_set_format() and report_begin(), in the
 * parent: the test children inherit them.
 */
static struct {
	enum output_format format;
	bool begun;		/* report_begin() has printed the headers */
	const struct api *apis; /* report_set_api_names() */
	size_t n_apis;
	struct format_ctx ctx; /* what formatters see; see now() */
} out = { .ctx = { .cycles_unit = "cycles" } };

/*
 * The formatters' view, with where notes and lines go now: stderr in the
 * formats they would spoil, and before report_begin() in one (ktap) whose
 * first line must be its own.
 */
static struct format_ctx here(void)
{
	const struct format_ops *f = ops_of(out.format);
	struct format_ctx c = out.ctx;

	c.lines = f->lines_on_stderr || (f->begin_first && !out.begun) ? stderr : stdout;
	c.lead = f->lead ? f->lead : "";
	return c;
}

/* here(), kept in out.ctx for a formatter: the main thread's only. */
static const struct format_ctx *now(void)
{
	out.ctx = here();
	return &out.ctx;
}

static void remember(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/*
 * One line where notes and lines go now (here()): the format's lead, then
 * "@head: " and "@scope: " for each that is not NULL, then the message; the
 * message is remembered as a skip's reason (remember()).
 */
static __attribute__((format(printf, 3, 0))) void emit(const char *head, const char *scope,
						       const char *fmt, va_list ap)
{
	const struct format_ctx c = here(), *ctx = &c; /* (verify's threads too) */
	va_list copy;

	va_copy(copy, ap);
	remember(fmt, copy);
	va_end(copy);
	report_progress_clear();
	flockfile(ctx->lines); /* one line at a time from verify's threads */
	fputs(ctx->lead, ctx->lines);
	if (head)
		fprintf(ctx->lines, "%s: ", head);
	if (scope)
		fprintf(ctx->lines, "%s: ", scope);
	vfprintf(ctx->lines, fmt, ap);
	fputc('\n', ctx->lines);
	sink_flush();
	funlockfile(ctx->lines);
}

/* "Note: <message>" */
static __attribute__((format(printf, 1, 0))) void vnote(const char *fmt, va_list ap)
{
	emit("Note", NULL, fmt, ap);
}

/*
 * The keys of report_note_once() said so far in this run, as 32-bit FNV-1a
 * hashes in an open-addressed table, and the last message said (a skip's
 * reason): one shared page, set up by report_set_format() in the parent,
 * so that test children and their parent see one record.  No lock: a slot
 * is claimed with one compare-and-swap, so a child killed at any point
 * (SIGTERM to the process group) leaves nothing held; two keys of one hash
 * would count as one (2^-32).  A message torn by two writers at once is
 * only a worse skip reason.
 */
#define ONCE_SLOTS 256
struct once_record {
	uint32_t slot[ONCE_SLOTS]; /* 0: free */
	char last[200];		   /* the last note or line since report_result() */
};
static struct once_record *once, once_local;

void report_set_format(enum output_format f)
{
	out.format = f;
	if (!once && !(once = child_shared_page(sizeof(*once))))
		once = &once_local;
}

/* Record @key; false if it was recorded already (or the table is full). */
static bool once_claim(const char *key)
{
	struct once_record *r = once ? once : &once_local;
	uint32_t h = 2166136261u;

	for (const unsigned char *k = (const unsigned char *)key; *k; k++)
		h = (h ^ *k) * 16777619u;
	h |= !h; /* (never 0, the free mark) */
	for (unsigned i = 0; i < ONCE_SLOTS; i++) {
		uint32_t *slot = &r->slot[(h + i) % ONCE_SLOTS], free_mark = 0;
		if (__atomic_compare_exchange_n(slot, &free_mark, h, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return true;
		if (free_mark == h)
			return false;
	}
	return false;
}

/* Keep @fmt's message as the last one said (struct once_record.last). */
static void remember(const char *fmt, va_list ap)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* verify's threads */
	struct once_record *r = once ? once : &once_local;

	pthread_mutex_lock(&lock);
	vsnprintf(r->last, sizeof(r->last), fmt, ap);
	pthread_mutex_unlock(&lock);
}

bool report_note_once(const char *key, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!once_claim(key)) {
		remember(fmt, ap); /* still the reason of a skip that follows (KTAP) */
		va_end(ap);
		return false;
	}
	vnote(fmt, ap);
	va_end(ap);
	return true;
}

void report_set_api_names(const struct api *apis, size_t n)
{
	out.apis = apis;
	out.n_apis = n;
}

const char *report_format_name(enum output_format f)
{
	return (unsigned)f < NR_FORMATS ? formats[f]->name : "?";
}

/* The width of the table's first column: "syscall/" and the longest API name. */
static int name_width(void)
{
	size_t w = 0;

	for (size_t i = 0; i < out.n_apis; i++)
		if (strlen(out.apis[i].name) > w)
			w = strlen(out.apis[i].name);
	return (int)(w + strlen("syscall/"));
}

void report_begin(const struct run *run, enum test_type t)
{
	const struct format_ops *f = ops_of(run->format);
	struct run_conditions cond = { .boost = -1, .load_average = -1 };

	out.format = run->format;
	out.begun = true;
	out.ctx.test = t;
	out.ctx.name_width = name_width();
	if (run->cycles && run->cycles->source != CYCLES_PERF)
		out.ctx.cycles_unit = "ticks";
	progress_begin(run, t, f->machine);
	sink_records_begin(false);
	if (t == TEST_BENCH) {
		header_conditions(run, &cond);
		if (run->header && f->header)
			header_print(&cond);
		sink_flush();
		for (unsigned i = 0; i < cond.notes; i++)
			fprintf(stderr, "Note: %s\n", cond.note[i]);
	}
	if (f->begin)
		f->begin(now(), run, &cond);
	sink_flush();
	if (t == TEST_BENCH) { /* (after begin: a KTAP document's first line is its own) */
		struct sysinfo_facts facts;
		sysinfo_read(&facts);
		if (facts.emulated)
			report_note("the CPU is emulated (%s): every figure is the emulator's, not "
				    "the hardware's; compare gives no verdict on it without "
				    "--emulated-ok",
				    facts.emulated_why);
	}
}

static char xfail_reason[300];

void report_xfail(const char *reason)
{
	snprintf(xfail_reason, sizeof(xfail_reason), "%s", reason ? reason : "");
}

void report_result(const struct api *api, const struct run *run, enum status st, int stopped)
{
	const struct format_ops *f = ops_of(out.format);

	struct once_record *r = once ? once : &once_local;
	char why[sizeof(r->last)];
	size_t n = strlen(api->name);

	/* the reason without a leading "API: " (notes name their API themselves) */
	snprintf(why, sizeof(why), "%s",
		 strncmp(r->last, api->name, n) == 0 && strncmp(r->last + n, ": ", 2) == 0
			 ? r->last + n + 2
			 : r->last);
	r->last[0] = '\0';
	if (!f->result) {
		xfail_reason[0] = '\0';
		return;
	}
	report_progress_clear();
	out.ctx.skip_reason = why;
	out.ctx.xfail_reason = xfail_reason;
	f->result(now(), run, api, st, stopped);
	out.ctx.skip_reason = NULL;
	out.ctx.xfail_reason = NULL;
	xfail_reason[0] = '\0';
	sink_flush();
}

void report_end(int stopped)
{
	const struct format_ops *f = ops_of(out.format);

	report_progress_clear();
	if (f->end)
		f->end(now(), stopped);
	sink_flush();
}

void report_bench(const struct api *api, const struct run *run, const struct bench_result *res)
{
	const struct format_ops *f = ops_of(run->format);

	report_progress_clear();
	f->bench(now(), run, api, res);
	if (run->verbose)
		format_verbose(now(), api, res);
	if (run->latency && !f->latency_inline)
		format_latency(now(), api, res);
	sink_flush();
}

void report_conditions(const struct api *api, const struct bench_conditions *c, bool verbose)
{
	report_progress_clear();
	sink_flush();
	for (unsigned i = 0; i < c->notes; i++)
		fprintf(stderr, "Note: %s: %.*s\n", api->name,
			!verbose && c->short_len[i] ? (int)c->short_len[i] : BENCH_NOTE_LEN,
			c->note[i]);
}

void report_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vnote(fmt, ap);
	va_end(ap);
}

void report_vline(const struct api *api, const char *fmt, va_list ap)
{
	report_vline_scoped(api, NULL, fmt, ap);
}

void report_vline_scoped(const struct api *api, const char *scope, const char *fmt, va_list ap)
{
	emit(api->name, scope, fmt, ap);
}

void report_line(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vline(api, fmt, ap);
	va_end(ap);
}

/* The subtests of the API under test (report_subtest()), in a memory stream. */
static struct {
	FILE *f;
	char *text;
	size_t len;
	unsigned n;
} sub;

bool report_has_subtests(void)
{
	return out.format == FORMAT_KTAP;
}

void report_subtest(const struct api *api, enum status st, const char *name, const char *diag,
		    const char *fmt, ...)
{
	(void)api;
	if (!report_has_subtests())
		return;
	if (!sub.f && !(sub.f = open_memstream(&sub.text, &sub.len))) {
		fprintf(stderr, "vdsotest: %s: subtests lost: %s\n", api->name, strerror(errno));
		return;
	}
	fprintf(sub.f, "    %sok %u ", st == STATUS_FAIL ? "not " : "", ++sub.n);
	for (const char *c = name; *c; c++)
		fputc(*c == '#' || *c == '\n' ? '?' : *c, sub.f);
	if (st == STATUS_SKIP)
		fputs(" # SKIP", sub.f);
	if (fmt) {
		va_list ap;
		fputs(st == STATUS_SKIP ? " " : " # ", sub.f);
		va_start(ap, fmt);
		vfprintf(sub.f, fmt, ap);
		va_end(ap);
	}
	fputc('\n', sub.f);
	if (diag)
		fprintf(sub.f, "    # %s\n", diag);
}

void report_subtest_diag(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	if (!report_has_subtests())
		return;
	if (!sub.f && !(sub.f = open_memstream(&sub.text, &sub.len))) {
		fprintf(stderr, "vdsotest: %s: subtests lost: %s\n", api->name, strerror(errno));
		return;
	}
	fprintf(sub.f, "    # %s: ", api->name);
	va_start(ap, fmt);
	vfprintf(sub.f, fmt, ap);
	va_end(ap);
	fputc('\n', sub.f);
}

void report_subtests_end(const struct api *api)
{
	if (!sub.f)
		return;
	fclose(sub.f); /* (sets sub.text and sub.len) */
	sub.f = NULL;
	if (sub.n && sub.text) {
		report_progress_clear();
		printf("    KTAP version 1\n    # Subtest: %s\n    1..%u\n", api->name, sub.n);
		fwrite(sub.text, 1, sub.len, stdout);
		sink_flush();
	}
	free(sub.text);
	sub.text = NULL;
	sub.len = 0;
	sub.n = 0;
}

void report_verdict(const char *what, enum test_type t, unsigned passed, unsigned xfailed,
		    unsigned failed, unsigned skipped)
{
	const struct format_ctx c = here(), *ctx = &c;

	report_progress_clear();
	flockfile(ctx->lines);
	fprintf(ctx->lines, "%s%s %s: %u passed, %u xfail, %u failed, %u skipped\n", ctx->lead,
		report_vis(what), test_type_name(t), passed, xfailed, failed, skipped);
	sink_flush();
	funlockfile(ctx->lines);
}

void report_failures(const struct api *api, enum test_type t, unsigned fails)
{
	const struct format_ctx c = here(), *ctx = &c;

	if (!fails)
		return;
	report_progress_clear();
	flockfile(ctx->lines);
	fprintf(ctx->lines, "%s%s/%s: %u failures/inconsistencies encountered\n", ctx->lead,
		api->name, test_type_name(t), fails);
	sink_flush();
	funlockfile(ctx->lines);
}

void report_fallback(const struct api *api, int falls_back, const char *why, bool verbose)
{
	if (falls_back == 1)
		report_note("%s: vDSO %s(%s) falls back to the system call", api->name,
			    vdso_call_name(api->family->call),
			    api->clock_name ? api->clock_name : "");
	else if (falls_back < 0 && verbose)
		report_note("%s: cannot tell whether the vDSO falls back: %s", api->name, why);
}

void report_no_vdso(const struct api *api)
{
	report_note("%s: vDSO version of %s not found", api->name,
		    vdso_call_name(api->family->call));
}
