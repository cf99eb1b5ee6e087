/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The formatters, one per output format, each a table of operations in its
 * own file: format_text.c, format_nsec.c, format_table.c, format_json.c,
 * format_csv.c, format_ktap.c.  report.c picks the table of the run's
 * format and calls it; a formatter prints only, from what it is handed
 * (no state of its own), to standard output, or to ctx->lines for the
 * notes and detail lines.  A new format: one file with one const struct
 * format_ops, a row in report.c's table and an enum output_format value.
 */
#ifndef VDSOTEST_FORMAT_H
#define VDSOTEST_FORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "core/api.h"
#include "core/bench_result.h"

/* What a formatter needs to know of the run (report.c keeps it). */
struct format_ctx {
	enum test_type test;
	FILE *lines;		 /* where notes and detail lines go */
	const char *lead;	 /* what starts them: "# " in ktap, else "" */
	const char *cycles_unit; /* "cycles", or "ticks" for a constant-rate counter */
	int name_width;		 /* "syscall/" and the longest API name */
	/* .result of a skip: why, the last note or line said of the API ("" if none) */
	const char *skip_reason;
	/* .result of a pass: the known kernel bugs it failed only as ("ID: SUBJECT"), or NULL */
	const char *xfail_reason;
};

/* The machine conditions of a bench run (vdsotest(1), NOISE): governor, boost, load. */
struct run_conditions {
	int cpu; /* the CPU they are of: the first bench CPU */
	/*
	 * The CPUs the measuring threads were restricted to, a CPU list
	 * (cpu_mask_format()): --cpu's (each thread pinned to one) or, without
	 * it, the affinity mask the process was started with (taskset(1), a
	 * cpuset) when it leaves out an online CPU; "" not pinned (every
	 * online CPU allowed) or unknown (pinned_known false).
	 */
	char pinned[128];
	bool pinned_known;
	char governor[64]; /* "" when sysfs shows none */
	int boost;	   /* 1 on, 0 off, -1 unknown */
	char boost_file[256];
	double load_average; /* -1 unknown */
	unsigned notes;
	char note[2][300];
};

/* One format.  A NULL operation prints nothing. */
struct format_ops {
	const char *name;     /* as --format takes it */
	bool machine;	      /* read by programs: progress keeps off its terminal */
	bool lines_on_stderr; /* notes and lines would spoil it: to stderr */
	bool header;	      /* bench --header prints the context header */
	bool begin_first;     /* nothing may precede begin's output: lines
					   before report_begin() go to stderr */
	bool latency_inline;  /* --latency figures are in the document: no
					   format_latency() lines */
	const char *lead;     /* what starts notes and lines, or NULL: "" */
	/* the start of the document, in report_begin(); @c: bench only, else NULL */
	void (*begin)(const struct format_ctx *ctx, const struct run *run,
		      const struct run_conditions *c);
	/* one API's bench figures */
	void (*bench)(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		      const struct bench_result *res);
	/* one API's outcome (report_result()) */
	void (*result)(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		       enum status st, int stopped);
	/* the end of the document (report_end()) */
	void (*end)(const struct format_ctx *ctx, int stopped);
};

extern const struct format_ops format_text, format_nsec, format_table, format_json, format_csv,
	format_ktap;

/* format_text_bench - the text form of the bench figures (text, and ktap after "# "). */
void format_text_bench(const struct format_ctx *ctx, const struct run *run, const struct api *api,
		       const struct bench_result *res);

/*
 * format_verbose - -v's detail lines of one API's bench, on ctx->lines:
 * the harness overhead, each path's calls, time and CPU share, each
 * thread's figures.
 */
void format_verbose(const struct format_ctx *ctx, const struct api *api,
		    const struct bench_result *res);

/*
 * format_latency - --latency in text, nsec, table, csv and ktap, on
 * ctx->lines: per path a line of percentiles, then its histogram, one
 * line per decade from the first to the last non-empty.
 */
void format_latency(const struct format_ctx *ctx, const struct api *api,
		    const struct bench_result *res);

/* format_speedup - path @p's speedup over the system call (medians); 0 without it. */
double format_speedup(const struct bench_result *res, int p);

/*
 * format_calls_per_sec - path @s's calls per second as text prints it:
 * stats_calls_per_sec() (best slices), or with run->mean the original
 * vdsotest's, threads * 1e9 / the wall ns per call (the mean over the run).
 */
double format_calls_per_sec(const struct run *run, const struct bench_stats *s);

/* format_speedup_of - format_speedup(), or with run->mean the ratio of the wall ns per call. */
double format_speedup_of(const struct run *run, const struct bench_result *res, int p);

/*
 * format_tag - after a text (@rate) or nsec figure, what it is: " (best
 * slice)"; with -t N " (best slices of N threads, summed)" after a rate,
 * " (best slices of N threads, per thread)" after ns per call; nothing with
 * --mean (the original vdsotest's line, whose figure was the mean over the
 * run).
 */
void format_tag(const struct run *run, const struct bench_result *res, bool rate);

/* format_cycles - " (N.NN UNIT/call)" after path @p's figure, when cycles were counted. */
void format_cycles(const struct format_ctx *ctx, FILE *f, const struct bench_result *res, int p);

/*
 * format_sample_ns_per_call - a thread's ns per call: its fastest slices'
 * (stats.h), or its wall time's.
 */
double format_sample_ns_per_call(const struct bench_sample *s);

/*
 * header_conditions - @c for the first bench CPU of @run (or the CPU this
 * runs on): its governor and boost from sysfs, the load average, the CPUs
 * the measuring threads are pinned to (sched_getaffinity(2)), and a note
 * for a governor other than "performance" and for boost on.
 */
void header_conditions(const struct run *run, struct run_conditions *c);

/*
 * header_print - the context header of text (--header), nsec and table:
 * "# " lines with the kernel, clocksource, CPU, pinning and load, for a
 * paste.
 */
void header_print(const struct run_conditions *c);

#endif
