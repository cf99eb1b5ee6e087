/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The command line: options, API and TEST-TYPE; see vdsotest(1). */
#ifndef VDSOTEST_OPTIONS_H
#define VDSOTEST_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "core/api.h"

enum command { CMD_RUN, CMD_LIST_APIS, CMD_LIST_TEST_TYPES, CMD_COMPARE, CMD_INFO };

/* Limits of --duration, in seconds. */
#define DURATION_MIN_SEC 0.000001
#define DURATION_MAX_SEC 604800.0
/*
 * The default -d of bench, per path: 1000 slices of the fastest-slice
 * estimator (harness/bench.h, BENCH_SLICE_NS), which settles within that
 * as well as in 1 s, so that all bench takes seconds, not a minute (here,
 * 2 CPUs at load average 31 to 35: all bench 10.6 s, 71 s at 1 s; five
 * pinned runs of clock-gettime-monotonic's vDSO 15.63 ns each, 15.26 to
 * 15.67 at 1 s in the same minutes).
 */
#define BENCH_DURATION_DEFAULT_NS 100000000u
/* Limit of --maxfails. */
#define MAXFAILS_MAX 1000000u
/* Limit of --threads; a run also needs that many CPUs in its affinity mask. */
#define THREADS_MAX 1024u
/* Limit of --repeat (stats.h: the samples the statistics look at). */
#define REPEAT_MAX 1000u
/* Limit of --runs (the values a side compare tests exactly or not). */
#define RUNS_MAX 1000u
/* Limit of --size (getrandom bench: bytes per call). */
#define SIZE_MAX_BYTES 1048576u

struct options {
	enum command command;
	const char *apis;      /* CMD_RUN: the API operand as given: "all", a
					   name, a glob, or a comma list of those */
	size_t napis;	       /* CMD_RUN: the APIs it selects (>= 1) */
	const struct api *api; /* CMD_RUN: the API when it selects one, else NULL */
	enum test_type test;   /* CMD_RUN */
	uint64_t duration_ns;  /* default 1 s; bench BENCH_DURATION_DEFAULT_NS */
	unsigned maxfails;     /* default 10 */
	unsigned threads;      /* default 1 */
	size_t size_bytes;     /* --size, default 4 */
	bool verbose;
	bool debug;
	enum output_format format; /* default FORMAT_TEXT */
	const char *vdso_lib;	   /* --vdso-lib, or NULL for the kernel's */
	unsigned repeat;	   /* default 1 */
	unsigned runs;		   /* --runs: measuring processes per API, default 1 */
	bool emulated_ok;	   /* compare --emulated-ok: verdicts on emulated figures */
	bool mean;		   /* bench --mean: the original vdsotest's figures */
	const char *output;	   /* --output, or NULL for standard output */
	bool net;		   /* --net */
	bool skip_unsupported;	   /* --skip-unsupported: leave out what the kernel rejects */
	bool fail_known_bugs;	   /* --fail-known-bugs: a known kernel bug fails, no XFAIL */
	bool cycles;		   /* --cycles */
	const char *cpu_list;	   /* --cpu, checked by cpu_list_parse(), or NULL */
	bool dry_run;		   /* --dry-run: check the command line, run nothing */
	unsigned perturb;	   /* verify --perturb: bits of enum perturb_kind, or 0 */
	bool allow_host_perturb;   /* --allow-host-perturb: --perturb on a machine that
					   guest_detect() finds no guest */
	bool latency;		   /* bench --latency */
	int header;		   /* bench: 1 --header, 0 --no-header, -1 neither
					   (on for nsec and table, off for text) */
	unsigned given;		   /* the options given: 1 << OPTION_* */
	const char *compare_old;   /* CMD_COMPARE: the first JSON file of each side */
	const char *compare_new;
	char *const *compare_old_files; /* CMD_COMPARE: all of them, */
	unsigned compare_n_old;		/* 1 or more a side */
	char *const *compare_new_files;
	unsigned compare_n_new;
	const char *vdso_image; /* info --vdso-image=FILE, or NULL */
	const char *dump;	/* info --dump=FILE, or NULL */
};

/* The options whose use depends on the command and TEST-TYPE (bits of .given). */
enum option_bit {
	OPTION_DURATION,
	OPTION_MAXFAILS,
	OPTION_THREADS,
	OPTION_VERBOSE,
	OPTION_DEBUG,
	OPTION_VDSO_LIB,
	OPTION_REPEAT,
	OPTION_NET,
	OPTION_CYCLES,
	OPTION_CPU,
	OPTION_FORMAT,
	OPTION_OUTPUT,
	OPTION_SIZE,
	OPTION_VDSO_IMAGE,
	OPTION_DUMP,
	OPTION_PERTURB,
	OPTION_HEADER,
	OPTION_LATENCY,
	OPTION_SKIP_UNSUPPORTED,
	OPTION_ALLOW_HOST_PERTURB,
	OPTION_FAIL_KNOWN_BUGS,
	OPTION_RUNS,
	OPTION_EMULATED_OK,
	OPTION_MEAN,
	NR_OPTION_BITS
};

/* options_parse() returns this when the program should go on and run. */
#define OPTIONS_RUN (-1)

/*
 * options_parse - parse @argv into @o (getopt_long(3); may be called more
 * than once, it resets getopt's state).
 * @out: where --help, --usage and --version print
 * @err: where errors print: one line naming the bad value
 *
 * An option that the command or TEST-TYPE has no use for is bad input
 * (vdsotest(1), OPTIONS): -r, --net, --cycles, --cpu and the formats
 * table, json and csv are for bench only; --perturb for verify only;
 * -d, -f, -t, -v, -g and
 * --vdso-lib for API|all TEST-TYPE (any TEST-TYPE: one option list serves
 * the wrappers); compare takes -o and --output; the list commands none.
 *
 * Return: OPTIONS_RUN; 0 after --help, --usage or --version; or 2
 * (STATUS_USAGE) for bad input.
 */
int options_parse(struct options *o, int argc, char **argv, FILE *out, FILE *err);

/*
 * options_api_selected - does the API operand of @o (after options_parse()
 * returned OPTIONS_RUN for CMD_RUN) select @api?  An item selects an API
 * when it is "all", the API's name, or a shell-style pattern that matches
 * the name (fnmatch(3), no flags).
 */
bool options_api_selected(const struct options *o, const struct api *api);

#endif
