// SPDX-License-Identifier: GPL-2.0-or-later
/* Formatting of results; see report.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/cpus.h"
#include "lib/interrupt.h"
#include "output/report.h"
#include "lib/sysinfo.h"

static bool progress_shown;
static const char *output_path;	/* --output, or NULL: standard output */
static int write_errno;		/* why standard output first failed, or 0 */

/* fflush(stdout), remembering the first error's errno for report_flush(). */
static void flush_stdout(void)
{
	if (fflush(stdout) != 0 && !write_errno)
		write_errno = errno;
}

/* Settings of the run, from report_begin(); children of main() inherit them. */
static enum output_format format;
static enum test_type test;
static bool progress_wanted;
static const char *cycles_unit = "cycles";	/* "ticks" for a constant-rate counter */
/* JSON: results printed so far, shared by the test children (mmap). */
static unsigned *json_results, json_results_private;

static bool begun;		/* report_begin() has printed the headers */

/*
 * Where notes and lines go: stderr in table, json and csv, not to spoil
 * them, and in ktap before its version line, which must come first.
 */
static FILE *lines(void)
{
	return format == FORMAT_TABLE || format == FORMAT_JSON || format == FORMAT_CSV ||
	       (format == FORMAT_KTAP && !begun) ? stderr : stdout;
}

/* What starts a note or line: "# " in KTAP, where it is a diagnostic. */
static const char *lead(void)
{
	return format == FORMAT_KTAP ? "# " : "";
}

void report_progress(size_t i, size_t n, const struct api *api, enum test_type t)
{
	if (!progress_wanted)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", i, n, api->name, test_type_name(t));
	fflush(stderr);
	progress_shown = true;
}

void report_bench_progress(const struct api *api, const struct run *run, int p, unsigned r)
{
	if (!progress_wanted)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", run->api_index * NR_PATHS + (size_t)p + 1,
		run->api_total * NR_PATHS, api->name, bench_path_name(p));
	if (run->repeat > 1)
		fprintf(stderr, " %u/%u", r + 1, run->repeat);
	fflush(stderr);
	progress_shown = true;
}

static char *output_temp;	/* the temporary file of --output, or NULL */

void report_buffer_stdout(void)
{
	static char buf[1 << 16];

	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
}

int report_open_output(const char *path)
{
	struct stat st;
	int fd, saved;
	mode_t mask;

	if (!path || strcmp(path, "-") == 0)	/* "-": standard output, as usual */
		return 0;
	output_path = path;
	bool exists = lstat(path, &st) == 0;	/* (a symbolic link is kept) */
	if (exists && !S_ISREG(st.st_mode)) {
		if (!freopen(path, "w", stdout))
			goto fail;
		report_buffer_stdout();
		return 0;
	}
	/* ".FILE.XXXXXX" next to FILE, so that rename(2) can replace it */
	const char *base = strrchr(path, '/');
	size_t dir_len = base ? (size_t)(base - path) + 1 : 0;
	base = base ? base + 1 : path;
	if (!(output_temp = malloc(strlen(path) + sizeof(".XXXXXX") + 1)))
		goto fail;
	sprintf(output_temp, "%.*s.%s.XXXXXX", (int)dir_len, path, base);
	if ((fd = mkstemp(output_temp)) < 0) {
		/* the temporary file's failure, not FILE's: say which */
		fprintf(stderr, "vdsotest: --output '%s': cannot create a temporary file in '%.*s': %s\n",
			report_vis(path), dir_len ? (int)dir_len : 1, dir_len ? path : ".",
			strerror(errno));
		free(output_temp);
		output_temp = NULL;
		return STATUS_FAIL;
	}
	/* the mode that opening FILE would have given it (mkstemp: 0600) */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0 || dup2(fd, STDOUT_FILENO) < 0) {
		saved = errno;
		close(fd);
		report_close_output(false);
		errno = saved;
		goto fail;
	}
	close(fd);
	report_buffer_stdout();
	return 0;
fail:
	fprintf(stderr, "vdsotest: --output '%s': %s\n", report_vis(path), strerror(errno));
	return STATUS_FAIL;
}

bool report_close_output(bool keep)
{
	bool ok = true;

	if (!output_temp)
		return true;
	if (keep && rename(output_temp, output_path) != 0) {
		fprintf(stderr, "vdsotest: --output '%s': %s\n", report_vis(output_path),
			strerror(errno));
		keep = ok = false;
	}
	if (!keep)
		unlink(output_temp);
	free(output_temp);
	output_temp = NULL;
	return ok;
}

const char *report_output_name(void)
{
	static char name[600];

	if (!output_path)
		return "standard output";
	snprintf(name, sizeof(name), "'%s'", report_vis(output_path));
	return name;
}

bool report_flush(void)
{
	flush_stdout();
	errno = write_errno;
	return !ferror(stdout);
}

void report_progress_clear(void)
{
	if (progress_shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		progress_shown = false;
	}
}

const char *report_format_name(enum output_format f)
{
	static const char *const names[NR_FORMATS] = {
		[FORMAT_TEXT] = "text", [FORMAT_NSEC] = "nsec", [FORMAT_TABLE] = "table",
		[FORMAT_JSON] = "json", [FORMAT_CSV] = "csv", [FORMAT_KTAP] = "ktap",
	};
	return (unsigned)f < NR_FORMATS ? names[f] : "?";
}

/* The width of the table's first column: "syscall/" and the longest API name. */
static int table_name_width(void)
{
	size_t w = 0;

	for (size_t i = 0; i < api_count; i++)
		if (strlen(api_table[i].name) > w)
			w = strlen(api_table[i].name);
	return (int)(w + strlen("syscall/"));
}

void report_json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

void report_csv_string(const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

/* A JSON string, or null for "". */
static void json_string_or_null(const char *s)
{
	if (*s)
		report_json_string(s);
	else
		fputs("null", stdout);
}

/* The "cycles" member: the counter of --cycles, or null without it. */
static void json_cycles(const struct cycles_info *c)
{
	char what[256];

	if (!c) {
		fputs("null", stdout);
		return;
	}
	cycles_describe(c, what, sizeof(what));
	printf("{\"source\": \"%s\", \"frequency_hz\": ", cycles_source_name(c->source));
	if (c->freq_hz)
		printf("%" PRIu64, c->freq_hz);
	else
		fputs("null", stdout);
	fputs(", \"description\": ", stdout);
	report_json_string(what);
	putchar('}');
}

/* The run's machine conditions (vdsotest(1), NOISE): frequency governor, boost, load. */
struct run_conditions {
	int cpu;			/* the CPU they are of: the first bench CPU */
	char governor[64];		/* "" when sysfs shows none */
	int boost;			/* 1 on, 0 off, -1 unknown */
	char boost_file[256];
	double load_average;		/* -1 unknown */
	unsigned notes;
	char note[2][300];
};

static void run_conditions(const struct run *run, struct run_conditions *c)
{
	const struct sysinfo_paths *sp = &sysinfo_real_paths;
	unsigned cpu = 0;

	memset(c, 0, sizeof(*c));
	if (run->cpus)
		c->cpu = run->cpus[0];
	else
		c->cpu = syscall(SYS_getcpu, &cpu, NULL, NULL) == 0 ? (int)cpu : 0;
	sysinfo_governor(sp, c->cpu, c->governor, sizeof(c->governor));
	c->boost = sysinfo_boost(sp, c->cpu, c->boost_file, sizeof(c->boost_file));
	c->load_average = sysinfo_load_average(sp);
	if (c->governor[0] && strcmp(c->governor, "performance") != 0)
		snprintf(c->note[c->notes++], sizeof(c->note[0]),
			 "CPU %d's frequency governor is '%s', not 'performance': its clock rate "
			 "may change during the run (every figure)", c->cpu, report_vis(c->governor));
	if (c->boost == 1)
		snprintf(c->note[c->notes++], sizeof(c->note[0]),
			 "turbo/boost is on (%s): the clock rate depends on temperature and on the "
			 "other CPUs' load (every figure)", report_vis(c->boost_file));
}

/*
 * The context header of text (--header), nsec and table: "# " lines with
 * the kernel, clocksource, CPU and load, for a paste.
 */
static void print_header(const struct run_conditions *c)
{
	struct sysinfo_facts f;
	struct cpu_mask m;

	sysinfo_read(&f);
	printf("# %s %s bench: Linux %s %s, clocksource %s\n", PACKAGE_NAME, PACKAGE_VERSION,
	       f.kernel_release[0] ? report_vis(f.kernel_release) : "?",
	       f.machine[0] ? report_vis(f.machine) : "?",
	       f.clocksource[0] ? report_vis(f.clocksource) : "unknown");
	printf("# CPU: %s; %ld CPUs online", f.cpu_model[0] ? report_vis(f.cpu_model) : "unknown",
	       sysconf(_SC_NPROCESSORS_ONLN));
	if (cpu_mask_get(&m)) {
		printf(", %u allowed", cpu_mask_count(&m));
		cpu_mask_free(&m);
	}
	if (c->governor[0])
		printf(", governor %s", report_vis(c->governor));
	if (c->boost >= 0)
		printf(", boost %s", c->boost ? "on" : "off");
	if (c->load_average >= 0)
		printf("; load average %.2f", c->load_average);
	putchar('\n');
}

/* @v with @decimals decimals, or null when it is unknown (below 0). */
static void json_share_or_null(double v, int decimals)
{
	if (v >= 0)
		printf("%.*f", decimals, v);
	else
		fputs("null", stdout);
}

/* ", "notes": [...]}": @n notes, each a string of an array of @len-byte rows. */
static void json_notes_end(const char *note, size_t len, unsigned n)
{
	fputs(", \"notes\": [", stdout);
	for (unsigned i = 0; i < n; i++) {
		fputs(i ? ", " : "", stdout);
		report_json_string(note + i * len);
	}
	fputs("]}", stdout);
}

/* The document's "conditions" member (run_conditions()). */
static void json_run_conditions(const struct run_conditions *c)
{
	printf(",\n  \"conditions\": {\"cpu\": %d, \"governor\": ", c->cpu);
	json_string_or_null(c->governor);
	fputs(", \"boost\": ", stdout);
	fputs(c->boost < 0 ? "null" : c->boost ? "true" : "false", stdout);
	fputs(", \"boost_file\": ", stdout);
	json_string_or_null(c->boost_file);
	fputs(", \"load_average\": ", stdout);
	json_share_or_null(c->load_average, 2);
	json_notes_end(c->note[0], sizeof(c->note[0]), c->notes);
}

static void json_begin(const struct run *run, const struct run_conditions *c)
{
	struct sysinfo_facts f;

	sysinfo_read(&f);
	printf("{\n  \"tool\": \"%s\",\n  \"version\": ", PACKAGE_NAME);
	report_json_string(PACKAGE_VERSION);
	fputs(",\n  \"kernel_release\": ", stdout);
	json_string_or_null(f.kernel_release);
	fputs(",\n  \"machine\": ", stdout);
	json_string_or_null(f.machine);
	fputs(",\n  \"clocksource\": ", stdout);
	json_string_or_null(f.clocksource);
	fputs(",\n  \"cpu_model\": ", stdout);
	json_string_or_null(f.cpu_model);
	printf(",\n  \"options\": {\"test_type\": \"%s\", \"duration_ns\": %" PRIu64
	       ", \"repeat\": %u, \"threads\": %u, \"net\": %s, \"size\": %zu, \"cpu\": ",
	       test_type_name(test), run->duration_ns, run->repeat, run->threads,
	       run->net ? "true" : "false", run->size_bytes);
	json_string_or_null(run->cpu_list ? run->cpu_list : "");
	fputs("},\n  \"cycles\": ", stdout);
	json_cycles(run->cycles);
	fputs(",\n  \"latency\": ", stdout);
	if (run->latency) {
		char what[256];
		latency_counter_describe(run->latency, what, sizeof(what));
		printf("{\"source\": \"%s\", \"frequency_hz\": %" PRIu64 ", \"description\": ",
		       run->latency->source == CYCLES_NONE ? "syscall" :
		       cycles_source_name(run->latency->source), run->latency->freq_hz);
		report_json_string(what);
		putchar('}');
	} else {
		fputs("null", stdout);
	}
	json_run_conditions(c);
	fputs(",\n  \"results\": [", stdout);
}

/* table, json, csv, ktap: read by programs, and not always line by line. */
static bool machine_format(void)
{
	return format == FORMAT_TABLE || format == FORMAT_JSON || format == FORMAT_CSV ||
	       format == FORMAT_KTAP;
}

/*
 * Whether standard output is the terminal of standard error, where the
 * progress line's "\r\033[K" would wipe a line of results not yet ended
 * (json ends its result lines only when the next begins).
 */
static bool stdout_on_stderr_terminal(void)
{
	struct stat o, e;

	return isatty(STDOUT_FILENO) && fstat(STDOUT_FILENO, &o) == 0 &&
	       fstat(STDERR_FILENO, &e) == 0 && o.st_rdev == e.st_rdev;
}

void report_set_format(enum output_format f)
{
	format = f;
}

void report_begin(const struct run *run, enum test_type t)
{
	uint64_t estimate_ns = run->api_total * run->duration_ns;

	format = run->format;
	test = t;
	begun = true;
	if (run->cycles && run->cycles->source != CYCLES_PERF)
		cycles_unit = "ticks";
	if (t == TEST_BENCH)
		estimate_ns *= NR_PATHS * ((uint64_t)run->repeat + (run->latency ? 1 : 0));
	progress_wanted = isatty(STDERR_FILENO) && t != TEST_ABI &&
			  estimate_ns > REPORT_PROGRESS_AFTER_NS &&
			  !(machine_format() && stdout_on_stderr_terminal());
	json_results = &json_results_private;
	if (format == FORMAT_JSON) {
		void *shared = mmap(NULL, sizeof(*json_results), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (shared != MAP_FAILED)
			json_results = shared;
		else	/* each child would think itself first: commas would be lost */
			perror("vdsotest: mmap");
	}
	*json_results = 0;
	struct run_conditions cond = { .boost = -1, .load_average = -1 };
	if (t == TEST_BENCH) {
		run_conditions(run, &cond);
		if (run->header && (format == FORMAT_TEXT || format == FORMAT_NSEC ||
				    format == FORMAT_TABLE))
			print_header(&cond);
		flush_stdout();
		for (unsigned i = 0; i < cond.notes; i++)
			fprintf(stderr, "Note: %s\n", cond.note[i]);
	}
	switch (format) {
	case FORMAT_KTAP:
		printf("KTAP version 1\n1..%zu\n", run->api_total);
		break;
	case FORMAT_CSV:
		puts("api,path,repeats,calls,duration_ns,ns_per_call_median,ns_per_call_min,"
		     "ns_per_call_max,stdev_pct,calls_per_sec,speedup,cpu_ns_per_call,cycles_per_call,"
		     "error,wall_ns_per_call,cpu_share_pct");
		break;
	case FORMAT_TABLE:
		/* Cost (with repeats, its spread next to it), then wall and CPU time */
		printf("%-*s %13s%s %13s %13s %12s\n", table_name_width(), "Benchmark", "Cost",
		       run->repeat >= 2 ? "  Spread" : "", "Time", "CPU", "Iterations");
		for (int i = table_name_width() + 4 * 13 + 4 + (run->repeat >= 2 ? 8 : 0); i > 0; i--)
			putchar('-');
		putchar('\n');
		break;
	case FORMAT_JSON:
		json_begin(run, &cond);
		break;
	default:
		break;
	}
	flush_stdout();
}

void report_result(const struct api *api, const struct run *run, enum status st, int stopped)
{
	if (format != FORMAT_KTAP)
		return;
	report_progress_clear();
	if (stopped)
		printf("not ok %zu %s # interrupted by %s\n", run->api_index + 1, api->name,
		       interrupt_name(stopped));
	else
		printf("%sok %zu %s%s\n", st == STATUS_FAIL ? "not " : "", run->api_index + 1,
		       api->name, st == STATUS_SKIP ? " # SKIP" : "");
	flush_stdout();
}

void report_end(int stopped)
{
	report_progress_clear();
	if (format == FORMAT_JSON) {
		fputs("\n  ],\n  \"interrupted\": ", stdout);
		json_string_or_null(stopped ? interrupt_name(stopped) : "");
		puts("\n}");
	}
	if (format == FORMAT_KTAP && stopped)
		printf("Bail out! interrupted by %s\n", interrupt_name(stopped));
	flush_stdout();
}

static double speedup(const struct bench_stats s[NR_PATHS], const bool present[NR_PATHS],
		      int p)
{
	return present[PATH_SYSCALL] && s[p].median_ns > 0 ?
		s[PATH_SYSCALL].median_ns / s[p].median_ns : 0.0;
}

/* " (N.NN cycles/call)" after path @p's figure, when cycles were counted. */
static void print_cycles(FILE *f, const struct bench_result *res, int p)
{
	if (res->cycles)
		fprintf(f, " (%.2f %s/call)", res->stats[p].cycles_per_call, cycles_unit);
}

static void report_text(const struct api *api, const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;
	static const char *const label[NR_PATHS] = {
		[PATH_SYSCALL] = "system calls per second:",
		[PATH_LIBC]    = "libc calls per second:  ",
		[PATH_VDSO]    = "vdso calls per second:  ",
	};
	uint64_t rate[NR_PATHS];
	int width = 1;

	for (int p = 0; p < NR_PATHS; p++) {
		rate[p] = (uint64_t)(stats_calls_per_sec(&s[p]) + 0.5);
		int w = snprintf(NULL, 0, "%" PRIu64, rate[p]);
		if (present[p] && w > width)
			width = w;
	}
	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s%s %s %*" PRIu64, lead(), api->name, label[p], width, rate[p]);
		if (s[p].repeats >= 2)
			printf(" \u00b1%.1f%%", s[p].stdev_pct);
		if (p != PATH_SYSCALL && present[PATH_SYSCALL] && rate[PATH_SYSCALL])
			printf(" (%.2fx speedup)", speedup(s, present, p));
		print_cycles(stdout, res, p);
		putchar('\n');
	}
}

static void report_nsec(const struct api *api, const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;

	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s: %s: %.2f nsec/call", api->name, bench_path_name(p), s[p].median_ns);
		if (s[p].repeats >= 2)
			printf(" \u00b1%.1f%%", s[p].stdev_pct);
		print_cycles(stdout, res, p);
		putchar('\n');
	}
}

static void report_table(const struct api *api, const struct bench_stats s[NR_PATHS],
			 const bool present[NR_PATHS])
{
	char name[128];

	for (int p = NR_PATHS - 1; p >= 0; p--) {
		if (!present[p])
			continue;
		snprintf(name, sizeof(name), "%s/%s", bench_path_name(p), api->name);
		printf("%-*s %10.2f ns", table_name_width(), name, s[p].median_ns);
		if (s[p].repeats >= 2)
			printf(" \u00b1%5.1f%%", s[p].stdev_pct);
		printf(" %10.2f ns %10.2f ns %12" PRIu64 "\n", s[p].wall_ns_per_call,
		       s[p].cpu_ns_per_call, s[p].calls);
	}
}

static void report_csv(const struct api *api, const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;

	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s,%s,%u,%" PRIu64 ",%" PRIu64 ",%.2f,%.2f,%.2f,%.2f,%.0f,", api->name,
		       bench_path_name(p), s[p].repeats, s[p].calls, s[p].duration_ns,
		       s[p].median_ns, s[p].min_ns, s[p].max_ns, s[p].stdev_pct,
		       stats_calls_per_sec(&s[p]));
		if (present[PATH_SYSCALL])
			printf("%.2f", speedup(s, present, p));
		printf(",%.2f,", s[p].cpu_ns_per_call);
		if (res->cycles)
			printf("%.2f", s[p].cycles_per_call);
		putchar(',');
		if (res->error[p])
			report_csv_string(strerror(res->error[p]));
		printf(",%.2f,%.1f\n", s[p].wall_ns_per_call, s[p].cpu_share_pct);
	}
}

/* A thread's ns per call: its fastest slices' (stats.h), or its wall time's. */
static double sample_ns_per_call(const struct bench_sample *s)
{
	return s->slice_calls ? (double)s->slice_ns / (double)s->slice_calls :
	       s->calls ? (double)s->duration_ns / (double)s->calls : 0.0;
}

/* The "conditions" member of a result: bench_conditions, and its notes. */
static void json_conditions(const struct bench_conditions *c)
{
	fputs(", \"conditions\": {\"smt_sibling_busy_pct\": ", stdout);
	if (c->smt_busy_pct >= 0)
		printf("%.1f, \"smt_sibling_cpu\": %d", c->smt_busy_pct, c->smt_cpu);
	else
		fputs("null, \"smt_sibling_cpu\": null", stdout);
	fputs(", \"steal_pct\": ", stdout);
	json_share_or_null(c->steal_pct, 1);
	json_notes_end(c->note[0], sizeof(c->note[0]), c->notes);
}

/* Path @p's ns per call of each repeat, "N.NN, N.NN, ...", in a static buffer. */
static const char *json_samples(const struct bench_result *res, int p)
{
	static char buf[STATS_MAX_SAMPLES * 24];
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned r = 0; res->samples[p] && r < res->stats[p].repeats; r++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%.3f", r ? ", " : "",
					stats_sample_ns(&res->samples[p][r], res->net_minus_ns));
	return buf;
}

/* The "latency" member of a path (bench --latency). */
static void json_latency(const struct bench_latency *l)
{
	printf(", \"latency\": {\"samples\": %" PRIu64 ", \"p50_ns\": %.2f, \"p90_ns\": %.2f"
	       ", \"p99_ns\": %.2f, \"p99_9_ns\": %.2f, \"max_ns\": %.2f, \"histogram\": [",
	       l->samples, l->p50_ns, l->p90_ns, l->p99_ns, l->p999_ns, l->max_ns);
	for (unsigned k = l->first_bin; k < l->bins; k++)
		printf("%s{\"from_ns\": %.0f, \"to_ns\": %.0f, \"count\": %" PRIu64 "}",
		       k > l->first_bin ? ", " : "", k ? ldexp(1, (int)k - 1) : 0, ldexp(1, (int)k),
		       l->bin[k]);
	fputs("]}", stdout);
}

/*
 * --latency in text, nsec and ktap: per path a line of percentiles, then
 * its histogram, one line per octave from the first to the last non-empty.
 */
static void report_latency(const struct api *api, const struct bench_result *res)
{
	FILE *f = lines();

	fprintf(f, "%s%s: latency: %.2f ns of timing taken off each call (the least of the same timing around an empty function)\n",
		lead(), api->name, res->latency_overhead_ns);
	for (int p = 0; p < NR_PATHS; p++) {
		const struct bench_latency *l = &res->latency[p];
		if (!l->measured)
			continue;
		fprintf(f, "%s%s: %s: latency p50 %.2f ns, p90 %.2f, p99 %.2f, p99.9 %.2f, max %.2f (%" PRIu64
			" calls)\n", lead(), api->name, bench_path_name(p), l->p50_ns, l->p90_ns,
			l->p99_ns, l->p999_ns, l->max_ns, l->samples);
		static const char *const range[BENCH_LATENCY_DECADES] = {
			"< 1 ns", "1-10 ns", "10-100 ns", "0.1-1 us", "1-10 us", "10-100 us",
			"0.1-1 ms", ">= 1 ms",
		};
		unsigned first = BENCH_LATENCY_DECADES, last = 0;
		for (unsigned k = 0; k < BENCH_LATENCY_DECADES; k++)
			if (l->decade[k]) {
				first = k < first ? k : first;
				last = k;
			}
		for (unsigned k = first; k <= last && first < BENCH_LATENCY_DECADES; k++) {
			double share = l->samples ? (double)l->decade[k] / (double)l->samples : 0;
			fprintf(f, "%s%s: %s:   %-9s %12" PRIu64 " %7.3f%% ", lead(), api->name,
				bench_path_name(p), range[k], l->decade[k], 100 * share);
			for (int i = 0; i < (int)(share * 40 + 0.5) || (i == 0 && l->decade[k]); i++)
				fputc('#', f);
			fputc('\n', f);
		}
	}
}

/* The "per_thread" member of path @p: each thread's CPU and figures. */
static void json_per_thread(const struct bench_result *res, int p)
{
	fputs(", \"per_thread\": [", stdout);
	for (unsigned t = 0; t < res->threads; t++) {
		const struct bench_sample *s = &res->per_thread[p][t];
		printf("%s{\"cpu\": ", t ? ", " : "");
		if (res->cpus)
			printf("%d", res->cpus[t]);
		else
			fputs("null", stdout);
		printf(", \"calls\": %" PRIu64 ", \"duration_ns\": %" PRIu64 ", \"cpu_ns\": %" PRIu64
		       ", \"ns_per_call\": %.2f, \"wall_ns_per_call\": %.2f}", s->calls,
		       s->duration_ns, s->cpu_ns, sample_ns_per_call(s),
		       s->calls ? (double)s->duration_ns / (double)s->calls : 0.0);
	}
	putchar(']');
}

static void report_json(const struct api *api, const struct run *run,
			const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;
	double overhead_ns = res->overhead_ns;
	const char *sep = "";

	printf("%s\n    {\"api\": \"%s\", \"overhead_ns\": ", (*json_results)++ ? "," : "",
	       api->name);
	if (overhead_ns >= 0)
		printf("%.2f", overhead_ns);
	else
		fputs("null", stdout);
	fputs(", \"paths\": {", stdout);
	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s\n      \"%s\": {\"repeats\": %u, \"calls\": %" PRIu64
		       ", \"duration_ns\": %" PRIu64 ", \"cpu_ns\": %" PRIu64
		       ", \"ns_per_call\": {\"median\": %.2f, \"min\": %.2f, \"max\": %.2f"
		       ", \"stdev_pct\": %.2f, \"samples\": [%s]}, \"wall_ns_per_call\": %.2f, \"cpu_ns_per_call\": %.2f"
		       ", \"calls_per_sec\": %.0f, \"conditions\": {\"cpu_share_pct\": %.1f"
		       ", \"involuntary_switches\": %" PRIu64 ", \"migrations\": ",
		       sep, bench_path_name(p), s[p].repeats, s[p].calls, s[p].duration_ns,
		       s[p].cpu_ns, s[p].median_ns, s[p].min_ns, s[p].max_ns, s[p].stdev_pct,
		       json_samples(res, p), s[p].wall_ns_per_call, s[p].cpu_ns_per_call,
		       stats_calls_per_sec(&s[p]),
		       s[p].cpu_share_pct, s[p].nivcsw);
		if (s[p].migrations >= 0)
			printf("%" PRId64, s[p].migrations);
		else
			fputs("null", stdout);
		printf(", \"spread_above_threshold\": %s}, \"speedup\": ",
		       s[p].repeats >= 2 && s[p].stdev_pct > BENCH_STDEV_MAX_PCT ? "true" : "false");
		if (present[PATH_SYSCALL])
			printf("%.2f", speedup(s, present, p));
		else
			fputs("null", stdout);
		if (p == PATH_VDSO && res->falls_back >= 0)
			printf(", \"falls_back\": %s", res->falls_back ? "true" : "false");
		else
			fputs(", \"falls_back\": null", stdout);
		if (res->cycles)
			printf(", \"cycles_per_call\": %.2f", s[p].cycles_per_call);
		printf(", \"net\": %s, \"error\": ", res->net[p] ? "true" : "false");
		if (res->error[p])
			report_json_string(strerror(res->error[p]));
		else
			fputs("null", stdout);
		if (res->per_thread[p])
			json_per_thread(res, p);
		if (res->latency[p].measured)
			json_latency(&res->latency[p]);
		putchar('}');
		sep = ",";
	}
	putchar('}');
	json_conditions(&res->cond);
	if (run->latency)
		printf(", \"latency_overhead_ns\": %.2f", res->latency_overhead_ns);
	putchar('}');
}

static void report_verbose(const struct api *api, const struct bench_result *res)
{
	const struct bench_stats *s = res->stats;
	const bool *present = res->present;
	double overhead_ns = res->overhead_ns;
	FILE *f = lines();

	if (overhead_ns >= 0)
		fprintf(f, "%s%s: overhead: %.2f ns/call (the same loop around an empty function)\n",
			lead(), api->name, overhead_ns);

	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		fprintf(f, "%s%s: %s: %" PRIu64 " calls in %" PRIu64 " ns", lead(), api->name,
			bench_path_name(p), s[p].calls, s[p].duration_ns);
		if (s[p].repeats >= 2)
			fprintf(f, " (%u repeats: median %.2f, min %.2f, max %.2f ns/call)",
				s[p].repeats, s[p].median_ns, s[p].min_ns, s[p].max_ns);
		fputc('\n', f);
		fprintf(f, "%s%s: %s: wall %.2f ns/call, CPU %.2f ns/call, %.0f%% of the CPU, "
			"%" PRIu64 " involuntary context switches\n", lead(), api->name,
			bench_path_name(p), s[p].wall_ns_per_call, s[p].cpu_ns_per_call,
			s[p].cpu_share_pct, s[p].nivcsw);
		for (unsigned t = 0; res->per_thread[p] && t < res->threads; t++) {
			const struct bench_sample *e = &res->per_thread[p][t];
			fprintf(f, "%s%s: %s: thread %u", lead(), api->name, bench_path_name(p), t);
			if (res->cpus)
				fprintf(f, " on CPU %d", res->cpus[t]);
			fprintf(f, ": %" PRIu64 " calls in %" PRIu64 " ns (%.2f ns/call)\n",
				e->calls, e->duration_ns, sample_ns_per_call(e));
		}
	}
}

void report_bench(const struct api *api, const struct run *run, const struct bench_result *res)
{
	const struct bench_stats *stats = res->stats;
	const bool *present = res->present;

	report_progress_clear();
	switch (run->format) {
	case FORMAT_NSEC:  report_nsec(api, res); break;
	case FORMAT_TABLE: report_table(api, stats, present); break;
	case FORMAT_CSV:   report_csv(api, res); break;
	case FORMAT_JSON:  report_json(api, run, res); break;
	default:	   report_text(api, res); break;
	}
	if (run->verbose)
		report_verbose(api, res);
	if (run->latency && run->format != FORMAT_JSON)
		report_latency(api, res);
	flush_stdout();
}

void report_conditions(const struct api *api, const struct bench_conditions *c)
{
	report_progress_clear();
	flush_stdout();
	for (unsigned i = 0; i < c->notes; i++)
		fprintf(stderr, "Note: %s: %s\n", api->name, c->note[i]);
}

void report_note(const char *fmt, ...)
{
	va_list ap;

	report_progress_clear();
	va_start(ap, fmt);
	flockfile(lines());
	fprintf(lines(), "%sNote: ", lead());
	vfprintf(lines(), fmt, ap);
	fputc('\n', lines());
	va_end(ap);
	flush_stdout();
	funlockfile(lines());
}

void report_vline(const struct api *api, const char *fmt, va_list ap)
{
	report_vline_scoped(api, NULL, fmt, ap);
}

void report_vline_scoped(const struct api *api, const char *scope, const char *fmt,
			 va_list ap)
{
	report_progress_clear();
	flockfile(lines());	/* one line at a time from verify's threads */
	fprintf(lines(), "%s%s: ", lead(), api->name);
	if (scope)
		fprintf(lines(), "%s: ", scope);
	vfprintf(lines(), fmt, ap);
	fputc('\n', lines());
	flush_stdout();
	funlockfile(lines());
}

void report_line(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vline(api, fmt, ap);
	va_end(ap);
}

enum status report_unsupported(const struct api *api)
{
	if (api->flags & CLK_AUX) {
		if (errno == ENODEV)
			report_line(api, "unsupported here: the system call gives ENODEV for %s: aux clock %d is not enabled (/sys/kernel/time/aux_clocks/%d/aux_clock_enable)",
				    api->clock_name, api->clock_id - CLOCK_AUX,
				    api->clock_id - CLOCK_AUX);
		else
			report_line(api, "unsupported by this kernel: the system call rejects %s with EINVAL (aux clocks need Linux 6.17 or later with CONFIG_POSIX_AUX_CLOCKS)",
				    api->clock_name);
		return STATUS_SKIP;
	}

	bool alarm = api->clock_id == CLOCK_REALTIME_ALARM ||
		     api->clock_id == CLOCK_BOOTTIME_ALARM;

	report_line(api, "unsupported here: the system call rejects %s with EINVAL%s",
		    api->clock_name ? api->clock_name : api->name,
		    alarm ? " (alarm clocks need an RTC that can wake the system)" : "");
	return STATUS_SKIP;
}

void report_failures(const struct api *api, enum test_type t, unsigned fails)
{
	if (!fails)
		return;
	report_progress_clear();
	flockfile(lines());
	fprintf(lines(), "%s%s/%s: %u failures/inconsistencies encountered\n", lead(),
		api->name, test_type_name(t), fails);
	flush_stdout();
	funlockfile(lines());
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

const char *report_vis(const char *s)
{
	static char bufs[3][512];
	static unsigned turn;
	char *buf = bufs[turn++ % 3], *p = buf;

	for (size_t i = 0; s[i] && p < buf + 490; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 120) {
			p += sprintf(p, "...");
			break;
		}
		if (c < 0x20 || c >= 0x7f)
			p += sprintf(p, "\\x%02x", c);
		else
			*p++ = (char)c;
	}
	*p = '\0';
	return buf;
}
