// SPDX-License-Identifier: GPL-2.0-or-later
/* vdsotest compare; see compare.h. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/compare.h"
#include "lib/json.h"
#include "lib/stats.h"
#include "output/report.h"

/* One API and path of a document. */
struct entry {
	const char *api, *path; /* point into the document's tree */
	double median_ns, stdev_pct;
	const struct json *samples; /* ns_per_call.runs (one per independent run), or NULL */
	bool failed;		    /* the path's "error" member: its figure is no measurement */
};

struct doc {
	const char *file;
	struct json *tree;    /* its "cmdline": the kernel's parameters only (kernel_params()) */
	unsigned cmdline_cut; /* the boot arguments kernel_params() left out */
	struct entry *entries;
	size_t count;
	size_t bytes;	/* the file's length */
	uint64_t fnv1a; /* and its FNV-1a 64-bit hash: files with the same contents */
};

static enum status doc_error(const struct doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static enum status doc_error(const struct doc *d, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "vdsotest: compare: '%s': ", report_vis(d->file));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return STATUS_USAGE;
}

/* The whole file into a malloc()ed buffer; NULL with errno (EFBIG: too large). */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int saved;

	if (!f)
		return NULL;
	for (;;) {
		if (n > COMPARE_MAX_FILE_BYTES) {
			errno = EFBIG;
			goto fail;
		}
		if (n == cap) {
			/* (one byte more than the limit, to see a file larger than it) */
			size_t want = cap ? 2 * cap : 65536;
			if (want > COMPARE_MAX_FILE_BYTES)
				want = COMPARE_MAX_FILE_BYTES + 1;
			char *b = realloc(buf, want);
			if (!b)
				goto fail;
			buf = b;
			cap = want;
		}
		errno = 0;
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		if (!errno)
			errno = EIO;
		goto fail;
	}
	fclose(f);
	*len = n;
	return buf;
fail:
	saved = errno;
	free(buf);
	fclose(f);
	errno = saved;
	return NULL;
}

/* A number member @key of @obj from 0 to @max, or -1. */
static double number(const struct json *obj, const char *key, double max)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_NUMBER && v->number >= 0 && v->number <= max ? v->number : -1;
}

/*
 * Is @w (one word of a kernel command line, "KEY" or "KEY=VALUE") a boot
 * argument, one that finds the root file system, init, a console or the
 * log level and does not change how the clocks are read or timed?  Names
 * from the kernel's Documentation/admin-guide/kernel-parameters.txt, and
 * the boot loader's BOOT_IMAGE, systemd's and dracut's.
 */
static bool boot_argument(const char *w, size_t len)
{
	static const char *const keys[] = {
		"BOOT_IMAGE", "root",	     "rootwait", "rootfstype", "rootflags",  "rootdelay",
		"ro",	      "rw",	     "initrd",	 "init",       "rdinit",     "console",
		"earlycon",   "earlyprintk", "quiet",	 "splash",     "loglevel",   "panic",
		"reboot",     "resume",	     "ip",	 "nfsroot",    "vt.handoff", "noresume",
	};
	size_t key = strcspn(w, "=");

	if (key > len)
		key = len;
	if ((key > 8 && strncmp(w, "systemd.", 8) == 0) || (key > 3 && strncmp(w, "rd.", 3) == 0))
		return true;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i]) == key && strncmp(w, keys[i], key) == 0)
			return true;
	return false;
}

/*
 * @cmdline (/proc/cmdline) cut down in place to the kernel's own
 * parameters that can matter to a benchmark: init's arguments (after a
 * word "--") and boot arguments (boot_argument()) left out.  A value in
 * double quotes may hold spaces.  Return: the words left out.
 */
static unsigned kernel_params(char *cmdline)
{
	char *in = cmdline, *out = cmdline;
	unsigned cut = 0;

	for (;;) {
		in += strspn(in, " \t\n");
		if (!*in)
			break;
		size_t len = 0;
		for (bool quoted = false; in[len] && (quoted || !strchr(" \t\n", in[len])); len++)
			quoted ^= in[len] == '"';
		if (len == 2 && strncmp(in, "--", 2) == 0) {
			for (char *w = in + len; *(w += strspn(w, " \t\n"));
			     w += strcspn(w, " \t\n"))
				cut++;
			break;
		}
		if (boot_argument(in, len)) {
			cut++;
		} else {
			if (out != cmdline)
				*out++ = ' ';
			memmove(out, in, len);
			out += len;
		}
		in += len;
	}
	*out = '\0';
	return cut;
}

/* Collect the entries of results[@i] of @d. */
static enum status load_result(struct doc *d, size_t i, const struct json *r)
{
	const struct json *api = json_get(r, "api"), *paths = json_get(r, "paths");

	if (r->type != JSON_OBJECT)
		return doc_error(d, "results[%zu]: not an object", i);
	if (!api || api->type != JSON_STRING)
		return doc_error(d, "results[%zu].api: not a string", i);
	if (!paths || paths->type != JSON_OBJECT)
		return doc_error(d, "results[%zu].paths: not an object", i);
	for (size_t k = 0; k < paths->count; k++) {
		const struct json *ns = json_get(&paths->items[k], "ns_per_call");
		struct entry *e = &d->entries[d->count];
		e->api = api->string;
		e->path = paths->keys[k];
		const struct json *error = json_get(&paths->items[k], "error");
		e->median_ns = number(ns, "median", COMPARE_MAX_NS);
		e->stdev_pct = number(ns, "stdev_pct", COMPARE_MAX_PCT);
		e->failed = error && error->type != JSON_NULL;
		e->samples = json_get(ns, "runs");
		if (e->median_ns < 0 || e->stdev_pct < 0)
			return doc_error(d,
					 "results[%zu].paths.%s.ns_per_call: no median (0 to 1e12) "
					 "and stdev_pct (0 to 1e6) numbers",
					 i, report_vis(e->path));
		bool samples_ok = !e->samples || (e->samples->type == JSON_ARRAY &&
						  e->samples->count <= STATS_MAX_SAMPLES);
		for (size_t j = 0; samples_ok && e->samples && j < e->samples->count; j++) {
			const struct json *v = &e->samples->items[j];
			samples_ok = v->type == JSON_NUMBER && v->number >= 0 &&
				     v->number <= COMPARE_MAX_NS;
		}
		if (!samples_ok)
			return doc_error(d,
					 "results[%zu].paths.%s.ns_per_call.runs: not an array of "
					 "at most %u numbers (0 to 1e12)",
					 i, report_vis(e->path), STATS_MAX_SAMPLES);
		for (size_t j = 0; j < d->count; j++)
			if (strcmp(d->entries[j].api, e->api) == 0 &&
			    strcmp(d->entries[j].path, e->path) == 0)
				return doc_error(d, "results[%zu]: API '%s' path '%s' given twice",
						 i, report_vis(e->api), report_vis(e->path));
		d->count++;
	}
	return STATUS_PASS;
}

static enum status load(struct doc *d, const char *file)
{
	const struct json *tool, *results;
	struct json_error err;
	size_t len, total = 0;
	char *text;

	memset(d, 0, sizeof(*d));
	d->file = file;
	if (!(text = read_file(file, &len)))
		return errno == EFBIG
			       ? doc_error(d, "larger than %u MiB", COMPARE_MAX_FILE_BYTES >> 20)
			       : doc_error(d, "%s", strerror(errno));
	d->bytes = len;
	d->fnv1a = 0xcbf29ce484222325u; /* (FNV-1a: offset basis and prime of 64 bits) */
	for (size_t i = 0; i < len; i++)
		d->fnv1a = (d->fnv1a ^ (unsigned char)text[i]) * 0x100000001b3u;
	d->tree = json_parse(text, len, &err);
	free(text);
	if (!d->tree)
		return doc_error(d, "line %zu, column %zu (byte %zu): %s", err.line, err.column,
				 err.offset, err.message);
	tool = json_get(d->tree, "tool");
	if (!tool || tool->type != JSON_STRING || strcmp(tool->string, PACKAGE_NAME) != 0)
		return doc_error(d, "not a vdsotest JSON document (no \"tool\": \"vdsotest\")");
	struct json *cmdline = (struct json *)json_get(d->tree, "cmdline");
	if (cmdline && cmdline->type == JSON_STRING)
		d->cmdline_cut = kernel_params(cmdline->string);
	results = json_get(d->tree, "results");
	if (!results || results->type != JSON_ARRAY)
		return doc_error(d, "results: not an array");
	for (size_t i = 0; i < results->count; i++)
		total += results->items[i].type == JSON_OBJECT &&
					 json_get(&results->items[i], "paths")
				 ? json_get(&results->items[i], "paths")->count
				 : 0;
	if (total && !(d->entries = calloc(total, sizeof(*d->entries))))
		return doc_error(d, "%s", strerror(errno));
	for (size_t i = 0; i < results->count; i++)
		if (load_result(d, i, &results->items[i]) != STATUS_PASS)
			return STATUS_USAGE;
	return STATUS_PASS;
}

static void unload(struct doc *d)
{
	json_free(d->tree);
	free(d->entries);
}

/* One API and path over all the documents of a side: each run's best-slice ns per call. */
struct agg {
	const char *api, *path;
	double *v;
	unsigned n, cap;
	bool failed; /* failed in one of the documents */
	bool matched;
	struct stats_summary sum;
};

/* The documents of one side ("old" or "new"), and their API and path figures. */
struct side {
	const char *name;
	struct doc *docs;
	unsigned ndocs;
	struct agg *aggs;
	size_t naggs;
};

static struct agg *find_agg(struct side *sd, const char *api, const char *path)
{
	for (size_t i = 0; i < sd->naggs; i++)
		if (strcmp(sd->aggs[i].api, api) == 0 && strcmp(sd->aggs[i].path, path) == 0)
			return &sd->aggs[i];
	return NULL;
}

static bool add_value(struct agg *a, double v)
{
	if (a->n == STATS_MAX_SAMPLES)
		return true; /* (more than the statistics look at: left out) */
	if (a->n == a->cap) {
		unsigned cap = a->cap ? 2 * a->cap : 8;
		double *nv = realloc(a->v, cap * sizeof(*nv));
		if (!nv)
			return false;
		a->v = nv;
		a->cap = cap;
	}
	a->v[a->n++] = v;
	return true;
}

/*
 * Gather @sd's documents into its aggs: the samples of each API and path
 * (ns_per_call.samples, else the median as one value), summarized.
 */
static enum status gather(struct side *sd)
{
	size_t total = 0;

	for (unsigned k = 0; k < sd->ndocs; k++)
		total += sd->docs[k].count;
	if (total && !(sd->aggs = calloc(total, sizeof(*sd->aggs)))) {
		perror("vdsotest: compare");
		return STATUS_FAIL;
	}
	for (unsigned k = 0; k < sd->ndocs; k++)
		for (size_t i = 0; i < sd->docs[k].count; i++) {
			const struct entry *e = &sd->docs[k].entries[i];
			struct agg *a = find_agg(sd, e->api, e->path);
			bool ok = true;
			if (!a) {
				a = &sd->aggs[sd->naggs++];
				a->api = e->api;
				a->path = e->path;
			}
			a->failed |= e->failed;
			if (e->samples && e->samples->count)
				for (size_t j = 0; j < e->samples->count && ok; j++)
					ok = add_value(a, e->samples->items[j].number);
			else
				ok = add_value(a, e->median_ns);
			if (!ok) {
				perror("vdsotest: compare");
				return STATUS_FAIL;
			}
		}
	for (size_t i = 0; i < sd->naggs; i++)
		stats_summarize(sd->aggs[i].v, sd->aggs[i].n, &sd->aggs[i].sum);
	return STATUS_PASS;
}

static void side_free(struct side *sd)
{
	for (size_t i = 0; i < sd->naggs; i++)
		free(sd->aggs[i].v);
	free(sd->aggs);
	for (unsigned k = 0; k < sd->ndocs; k++)
		unload(&sd->docs[k]);
	free(sd->docs);
}

/* One API and path on both sides. */
struct pair {
	const struct agg *old, *new;
	double old_ns, new_ns; /* the medians of the runs' values */
	double diff_pct;       /* Hodges-Lehmann shift (new - old) in percent of
				  old_ns (with fewer than COMPARE_MIN_RUNS a
				  side: of the medians); NAN when old_ns is below
				  0.01 ns or a side failed */
	double lo_pct, hi_pct; /* its distribution-free interval, NAN: none */
	double conf;	       /* the interval's confidence, NAN: none */
	double p, q;	       /* Mann-Whitney U's two-sided p, and its
				  Benjamini-Hochberg q over the rows tested;
				  NAN: no test */
	char verdict[32];      /* "faster", "slower", "no change", "undecided", "failed",
				  "n/a (...)" */
	bool other_options;    /* measured with another --net, -t or --size (getrandom) */
};

/* "old", "new" or "both": the failed sides of a pair (NULL: none); @o or @n may be NULL. */
static const char *failed_side(const struct agg *o, const struct agg *n)
{
	bool fo = o && o->failed, fn = n && n->failed;

	return fo && fn ? "both" : fo ? "old" : fn ? "new" : NULL;
}

/* A fact of side @sd's first document: a string member, or "" */
static const char *side_string(const struct side *sd, const char *key)
{
	const struct json *v = json_get(sd->docs[0].tree, key);

	return v && v->type == JSON_STRING ? v->string : "";
}

/* Whether a document of side @sd says its CPU was emulated. */
static bool side_emulated(const struct side *sd)
{
	for (unsigned k = 0; k < sd->ndocs; k++) {
		const struct json *v = json_get(sd->docs[k].tree, "emulated");
		if (v && v->type == JSON_TRUE)
			return true;
	}
	return false;
}

/* The pair of @o and @n, before the correction (pair_verdict() after it). */
static struct pair pair_of(const struct agg *o, const struct agg *n)
{
	struct pair p = { o,   n,   o->sum.median, n->sum.median, NAN, NAN,
			  NAN, NAN, NAN,	   NAN,		  "",  false };
	double est, lo, hi, conf;

	if (failed_side(o, n)) {
		snprintf(p.verdict, sizeof(p.verdict), "failed");
		return p;
	}
	if (p.old_ns < 0.01)
		return p;
	p.diff_pct = (p.new_ns - p.old_ns) / p.old_ns * 100;
	if (o->sum.n < COMPARE_MIN_RUNS || n->sum.n < COMPARE_MIN_RUNS)
		return p;
	if (stats_hodges_lehmann(o->v, o->sum.n, n->v, n->sum.n, 1 - COMPARE_ALPHA, &est, &lo, &hi,
				 &conf) == 0) {
		p.diff_pct = est / p.old_ns * 100;
		p.lo_pct = lo / p.old_ns * 100;
		p.hi_pct = hi / p.old_ns * 100;
		p.conf = conf;
	}
	double pv = stats_mann_whitney(o->v, o->sum.n, n->v, n->sum.n, NULL);
	if (pv >= 0)
		p.p = pv;
	return p;
}

static const char *doc_fact(const struct doc *d, const char *key, bool opt, char *buf, size_t size);

/* How a difference in a fact bears on the verdicts. */
enum fact_measure {
	FACT_SAID,	/* said only */
	FACT_MEASURE,	/* changes what is measured: no verdict, "n/a (options)" */
	FACT_GETRANDOM, /* the same, for getrandom's rows only (--size) */
};

/*
 * What two sides can differ in, in the order of the header's "differ:"
 * line: a key of the JSON document (of its "options" with @opt;
 * "pinning", doc_pinning()), or one the header works out (mitigations,
 * emulated, runs: fact_differs()); its name on the "differ:" line; its
 * name in the notes, NULL for a fact they leave out (check_sides()).
 * --net (the loop's own cost taken off), -t (threads at once) and --size
 * (getrandom's bytes a call) change what is measured; -d, -r and --runs
 * only how much.
 */
static const struct fact {
	const char *key;
	bool opt;
	const char *differ;
	const char *what;
	enum fact_measure measure;
} facts[] = {
	{ "kernel_release", false, "kernel", "kernel", FACT_SAID },
	{ "machine", false, "machine", "machine", FACT_SAID },
	{ "clocksource", false, "clocksource", "clocksource", FACT_SAID },
	{ "cpu_model", false, "CPU model", "CPU model", FACT_SAID },
	{ "cmdline", false, "cmdline", "kernel command line", FACT_SAID },
	{ "mitigations", false, "mitigations", NULL, FACT_SAID },
	{ "emulated", false, "emulation", NULL, FACT_SAID },
	{ "duration_ns", true, "-d", "-d", FACT_SAID },
	{ "repeat", true, "-r", "-r", FACT_SAID },
	{ "threads", true, "-t", "-t", FACT_MEASURE },
	{ "size", true, "--size", "--size", FACT_GETRANDOM },
	{ "net", true, "--net", "--net", FACT_MEASURE },
	{ "cpu", true, "--cpu", "--cpu", FACT_SAID },
	{ "runs", false, "--runs", NULL, FACT_SAID },
	{ "pinning", false, "pinning", "the CPUs measured on (taskset, --cpu, -t)", FACT_SAID },
};

/*
 * Does a file of either side differ from the first old file in a fact of
 * kind @m (FACT_MEASURE, FACT_GETRANDOM)?  (Files of one side that
 * differ are pooled all the same: no verdict either.)
 */
static bool measure_differs(const struct side *o, const struct side *n, enum fact_measure m)
{
	const struct side *sides[2] = { o, n };
	char a[64], b[64];

	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
		if (facts[i].measure != m)
			continue;
		const char *v0 = doc_fact(&o->docs[0], facts[i].key, facts[i].opt, a, sizeof(a));
		for (int s = 0; s < 2; s++)
			for (unsigned k = 0; k < sides[s]->ndocs; k++)
				if (strcmp(v0, doc_fact(&sides[s]->docs[k], facts[i].key,
							facts[i].opt, b, sizeof(b))) != 0)
					return true;
	}
	return false;
}

/*
 * The verdict of @p once p.q is known; @emulated: a side's CPU was
 * emulated, not allowed; @options: measure_differs().
 */
static void pair_verdict(struct pair *p, bool emulated, bool options)
{
	unsigned no = p->old->sum.n, nn = p->new->sum.n;

	if (p->verdict[0])
		return; /* failed */
	if (no < COMPARE_MIN_RUNS || nn < COMPARE_MIN_RUNS ||
	    stats_mw_min_p(no, nn) >= COMPARE_ALPHA) {
		if (no == nn)
			snprintf(p->verdict, sizeof(p->verdict), "n/a (N=%u a side)", no);
		else
			snprintf(p->verdict, sizeof(p->verdict), "n/a (N=%u+%u)", no, nn);
	} else if (options) {
		snprintf(p->verdict, sizeof(p->verdict), "n/a (options)");
	} else if (emulated) {
		snprintf(p->verdict, sizeof(p->verdict), "n/a (emulated)");
	} else if (isfinite(p->q) && p->q < COMPARE_ALPHA && isfinite(p->diff_pct) &&
		   fabs(p->diff_pct) >= COMPARE_MIN_DIFF_PCT) {
		snprintf(p->verdict, sizeof(p->verdict), "%s",
			 p->diff_pct < 0 ? "faster" : "slower");
	} else if (isfinite(p->lo_pct) && isfinite(p->hi_pct) &&
		   p->lo_pct > -COMPARE_MIN_DIFF_PCT && p->hi_pct < COMPARE_MIN_DIFF_PCT) {
		snprintf(p->verdict, sizeof(p->verdict), "no change");
	} else {
		/* (its interval holds a change of COMPARE_MIN_DIFF_PCT or more) */
		snprintf(p->verdict, sizeof(p->verdict), "undecided");
	}
}

/* @v with @decimals decimals in @width columns (a sign, and '%' after it with @pct), or "-" */
static void print_pct(double v, int width, int decimals, bool pct)
{
	if (!isfinite(v))
		printf("%*s", width, "-");
	else if (pct)
		printf("%+*.*f%%", width - 1, decimals, v);
	else
		printf("%*.*f", width, decimals, v);
}

/* The text row of @p (72 columns at most): path, old, new, diff, interval, verdict. */
static void print_text(const struct pair *p)
{
	printf("  %-9s %8.2f %8.2f ", report_vis(p->old->path), p->old_ns, p->new_ns);
	print_pct(p->diff_pct, 7, 2, true);
	/* (an interval of less than 95 %, as 3 + 3 runs give, is not shown as one) */
	if (isfinite(p->lo_pct) && p->conf >= 1 - COMPARE_ALPHA)
		printf("  [%+.2f, %+.2f]", p->lo_pct, p->hi_pct);
	else
		printf("  %14s", "-");
	printf("  %s\n", p->verdict);
}

/* The wide table's row: everything. */
static void print_table(const struct pair *p, int w)
{
	printf("%-*s %-7s %4u %10.2f %4u %10.2f ", w, report_vis(p->old->api),
	       report_vis(p->old->path), p->old->sum.n, p->old_ns, p->new->sum.n, p->new_ns);
	print_pct(p->diff_pct, 9, 2, true);
	putchar(' ');
	print_pct(p->lo_pct, 10, 2, true);
	putchar(' ');
	print_pct(p->hi_pct, 10, 2, true);
	putchar(' ');
	print_pct(isfinite(p->conf) ? 100 * p->conf : NAN, 7, 1, false);
	putchar(' ');
	print_pct(p->p, 9, 4, false);
	putchar(' ');
	print_pct(p->q, 9, 4, false);
	printf("  %s\n", p->verdict);
}

static void print_csv_value(double v, int decimals)
{
	if (isfinite(v))
		printf("%.*f", decimals, v);
	putchar(',');
}

static void print_csv(const struct pair *p, const struct agg *o, const struct agg *n)
{
	const struct agg *e = o ? o : n;

	report_csv_string(e->api);
	putchar(',');
	report_csv_string(e->path);
	putchar(',');
	for (int side = 0; side < 2; side++) {
		const struct agg *a = side ? n : o;
		if (a)
			printf("%u,", a->sum.n);
		else
			putchar(',');
		print_csv_value(a ? a->sum.median : NAN, 2);
	}
	print_csv_value(p ? p->diff_pct : NAN, 2);
	print_csv_value(p ? p->lo_pct : NAN, 2);
	print_csv_value(p ? p->hi_pct : NAN, 2);
	print_csv_value(p ? p->conf : NAN, 4);
	print_csv_value(p ? p->p : NAN, 6);
	print_csv_value(p ? p->q : NAN, 6);
	fputs(p ? p->verdict : "", stdout);
	putchar(',');
	puts(failed_side(o, n) ? failed_side(o, n) : "");
}

static void print_json_number(const char *key, double v, int decimals)
{
	printf(", \"%s\": ", key);
	if (!isfinite(v))
		fputs("null", stdout);
	else
		printf("%.*f", decimals, v);
}

static void print_json_side(const char *name, const struct agg *a)
{
	printf(", \"%s\": ", name);
	if (!a) {
		fputs("null", stdout);
		return;
	}
	printf("{\"n\": %u", a->sum.n);
	print_json_number("median_ns", a->sum.median, 3);
	fputs(", \"runs\": [", stdout);
	for (unsigned i = 0; i < a->n; i++)
		printf("%s%.3f", i ? ", " : "", a->v[i]);
	fputs("]}", stdout);
}

static void print_json(const struct pair *p, const struct agg *o, const struct agg *n, bool first)
{
	const struct agg *e = o ? o : n;

	printf("%s\n    {\"api\": ", first ? "" : ",");
	report_json_string(e->api);
	fputs(", \"path\": ", stdout);
	report_json_string(e->path);
	print_json_side("old", o);
	print_json_side("new", n);
	print_json_number("diff_pct", p ? p->diff_pct : NAN, 3);
	print_json_number("ci_low_pct", p ? p->lo_pct : NAN, 3);
	print_json_number("ci_high_pct", p ? p->hi_pct : NAN, 3);
	print_json_number("ci_confidence", p ? p->conf : NAN, 4);
	print_json_number("p", p ? p->p : NAN, 6);
	print_json_number("q", p ? p->q : NAN, 6);
	fputs(", \"verdict\": ", stdout);
	if (p)
		report_json_string(p->verdict);
	else
		fputs("null", stdout);
	fputs(", \"failed\": ", stdout);
	if (failed_side(o, n))
		printf("\"%s\"}", failed_side(o, n));
	else
		fputs("null}", stdout);
}

static void print_wrapped(const char *label, const char *text);

/*
 * Text and table: one line "only SIDE: " for the APIs and paths of @sd
 * without a match on the other side, wrapped at 72 columns: an API whose
 * every path is one-sided by its name, else (or when a path failed) with
 * its paths, e.g. "getcpu (vdso, libc failed)".
 */
static void print_one_sided_line(const struct side *sd)
{
	size_t cap = 1, len = 0;
	char *buf, label[16];

	for (size_t i = 0; i < sd->naggs; i++)
		cap += strlen(report_vis(sd->aggs[i].api)) + strlen(report_vis(sd->aggs[i].path)) +
		       16;
	if (!(buf = malloc(cap))) {
		perror("vdsotest: compare");
		return;
	}
	buf[0] = '\0';
	for (size_t i = 0, end; i < sd->naggs; i = end) {
		unsigned all = 0, alone = 0, failed = 0;
		for (end = i; end < sd->naggs && strcmp(sd->aggs[end].api, sd->aggs[i].api) == 0;
		     end++) {
			all++;
			alone += !sd->aggs[end].matched;
			failed += !sd->aggs[end].matched && sd->aggs[end].failed;
		}
		if (!alone)
			continue;
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "",
					report_vis(sd->aggs[i].api));
		if (alone == all && !failed)
			continue;
		bool open = false;
		for (size_t k = i; k < end; k++) {
			const struct agg *e = &sd->aggs[k];
			if (e->matched)
				continue;
			len += (size_t)snprintf(buf + len, cap - len, "%s%s%s", open ? ", " : " (",
						report_vis(e->path), e->failed ? " failed" : "");
			open = true;
		}
		len += (size_t)snprintf(buf + len, cap - len, ")");
	}
	if (len) {
		snprintf(label, sizeof(label), "only %s: ", sd->name);
		print_wrapped(label, buf);
	}
	free(buf);
}

/* Every API and path of @sd without a match on the other side (csv, json). */
static void print_one_sided(const struct side *sd, enum output_format format, bool is_old,
			    bool *first)
{
	for (size_t i = 0; i < sd->naggs; i++) {
		const struct agg *e = &sd->aggs[i];
		if (e->matched)
			continue;
		if (format == FORMAT_CSV)
			print_csv(NULL, is_old ? e : NULL, is_old ? NULL : e);
		else if (format == FORMAT_JSON)
			print_json(NULL, is_old ? e : NULL, is_old ? NULL : e, *first);
		else
			continue;
		*first = false;
	}
	if (format == FORMAT_CSV || format == FORMAT_JSON)
		return;
	print_one_sided_line(sd);
}

static void json_files(const struct side *sd)
{
	printf(",\n  \"%s\": [", sd->name);
	for (unsigned k = 0; k < sd->ndocs; k++) {
		fputs(k ? ", " : "", stdout);
		report_json_string(sd->docs[k].file);
	}
	putchar(']');
}

/* A number of @obj's member @key, or -1. */
static double member_number(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_NUMBER ? v->number : -1;
}

/* The runs of a side: the values of its first row with values. */
static unsigned side_runs(const struct side *sd)
{
	unsigned most = 0;

	for (size_t i = 0; i < sd->naggs; i++)
		most = sd->aggs[i].n > most ? sd->aggs[i].n : most;
	return most;
}

/* "N mitigated, N vulnerable, N not affected" of a document's vulnerabilities, or "". */
static void mitigations(const struct side *sd, char *buf, size_t size)
{
	const struct json *v = json_get(sd->docs[0].tree, "vulnerabilities");
	unsigned mit = 0, vul = 0, not = 0, other = 0;

	buf[0] = '\0';
	if (!v || v->type != JSON_OBJECT || !v->count)
		return;
	for (size_t i = 0; i < v->count; i++) {
		const char *t = v->items[i].type == JSON_STRING ? v->items[i].string : "";
		if (strncmp(t, "Mitigation", 10) == 0)
			mit++;
		else if (strncmp(t, "Vulnerable", 10) == 0)
			vul++;
		else if (strncmp(t, "Not affected", 12) == 0)
			not ++;
		else
			other++;
	}
	snprintf(buf, size, "%u mitigated, %u vulnerable, %u not affected%s", mit, vul, not,
		 other ? ", others" : "");
}

/*
 * Whether a CPU vulnerability file (/sys/devices/system/cpu/vulnerabilities)
 * says another thing on @n than on @o: a mitigation's mode can change
 * ("Retpolines" to "Enhanced IBRS") with the counts of mitigations() the same.
 */
static bool vulnerabilities_differ(const struct side *o, const struct side *n)
{
	const struct json *vo = json_get(o->docs[0].tree, "vulnerabilities");
	const struct json *vn = json_get(n->docs[0].tree, "vulnerabilities");

	if (!vo || !vn || vo->type != JSON_OBJECT || vn->type != JSON_OBJECT)
		return false; /* (one side unknown: mitigations() says so) */
	if (vo->count != vn->count)
		return true;
	for (size_t i = 0; i < vo->count; i++) {
		const struct json *b = json_get(vn, vo->keys[i]);
		if (!b || b->type != vo->items[i].type ||
		    (b->type == JSON_STRING && strcmp(b->string, vo->items[i].string) != 0))
			return true;
	}
	return false;
}

/*
 * "LABEL TEXT" wrapped at 72 columns at spaces (a word longer than a line
 * is cut), the lines after the first indented as wide as @label.
 */
static void print_wrapped(const char *label, const char *text)
{
	size_t indent = strlen(label), col = indent;
	const char *t = text;

	fputs(label, stdout);
	while (*t) {
		size_t word = strcspn(t, " ");
		if (col > indent && col + 1 + word > 72) {
			printf("\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			putchar(' ');
			col++;
		}
		if (word > 72 - indent)
			word = 72 - indent;
		fwrite(t, 1, word, stdout);
		col += word;
		t += word;
		t += strspn(t, " ");
	}
	putchar('\n');
}

/*
 * @s into @buf (@size bytes) with control characters and bytes above 0x7e
 * as \xHH; " ..." ends it where @size cut it.
 */
static const char *vis_whole(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	for (; *s && n + 9 < size; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c >= 0x7f)
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", c);
		else
			buf[n++] = (char)c;
	}
	if (*s) /* (cut: said so) */
		n += (size_t)snprintf(buf + n, size - n, " ...");
	buf[n] = '\0';
	return buf;
}

/*
 * How document @d's measuring threads were pinned (its conditions.pinned
 * and pinned_cpus): "CPU 1", "CPUs 0-3", "not pinned", or "unknown" (a
 * file written before vdsotest recorded it).
 */
static const char *doc_pinning(const struct doc *d, char *buf, size_t size)
{
	const struct json *c = json_get(d->tree, "conditions");
	const struct json *pin = json_get(c, "pinned"), *cpus = json_get(c, "pinned_cpus");

	if (pin && pin->type == JSON_FALSE)
		return "not pinned";
	if (!pin || pin->type != JSON_TRUE || !cpus || cpus->type != JSON_STRING)
		return "unknown";
	snprintf(buf, size, "CPU%s %s", strpbrk(cpus->string, ",-") ? "s" : "", cpus->string);
	return buf;
}

/*
 * The text header of side @sd: kernel, machine, CPU, emulation,
 * mitigations, command line, options.  @before: the side printed before
 * it, or NULL; a command line the same as its is not printed again.
 */
static void print_side_header(const struct side *sd, const struct side *before)
{
	const struct json *opt = json_get(sd->docs[0].tree, "options");
	char buf[1200], mit[128], label[8], line[1100], pin[160];
	double d = member_number(opt, "duration_ns"), r = member_number(opt, "repeat");

	snprintf(label, sizeof(label), "%s: ", sd->name);
	snprintf(buf, sizeof(buf), "Linux %s %s, clocksource %s",
		 *side_string(sd, "kernel_release") ? report_vis(side_string(sd, "kernel_release"))
						    : "?",
		 *side_string(sd, "machine") ? report_vis(side_string(sd, "machine")) : "?",
		 *side_string(sd, "clocksource") ? report_vis(side_string(sd, "clocksource"))
						 : "?");
	print_wrapped(label, buf);
	snprintf(buf, sizeof(buf), "CPU %s, %s",
		 *side_string(sd, "cpu_model") ? report_vis(side_string(sd, "cpu_model")) : "?",
		 side_emulated(sd)			  ? "EMULATED"
		 : json_get(sd->docs[0].tree, "emulated") ? "not emulated"
							  : "emulation unknown");
	print_wrapped("     ", buf);
	mitigations(sd, mit, sizeof(mit));
	snprintf(buf, sizeof(buf), "mitigations: %s", *mit ? mit : "unknown");
	print_wrapped("     ", buf);
	const struct json *cmdline = json_get(sd->docs[0].tree, "cmdline");
	unsigned cut = sd->docs[0].cmdline_cut;
	char boot[64] = "";
	if (cut)
		snprintf(boot, sizeof(boot), " (%u boot and init argument%s left out)", cut,
			 cut == 1 ? "" : "s");
	if (!cmdline || cmdline->type != JSON_STRING)
		snprintf(buf, sizeof(buf), "cmdline: unknown");
	else if (before && json_get(before->docs[0].tree, "cmdline") &&
		 strcmp(side_string(sd, "cmdline"), side_string(before, "cmdline")) == 0)
		snprintf(buf, sizeof(buf), "cmdline: the same as %s", before->name);
	else if (!*cmdline->string)
		snprintf(buf, sizeof(buf), "cmdline: boot and init arguments only (%u left out)",
			 cut);
	else
		snprintf(buf, sizeof(buf), "cmdline: %s%s", vis_whole(cmdline->string, line, 1000),
			 boot);
	print_wrapped("     ", buf);
	const char *pinning = doc_pinning(&sd->docs[0], pin, sizeof(pin));
	snprintf(buf, sizeof(buf), "-d %g -r %g, %u run%s in %u file%s, %s%s", d >= 0 ? d / 1e9 : 0,
		 r >= 0 ? r : 1, side_runs(sd), side_runs(sd) == 1 ? "" : "s", sd->ndocs,
		 sd->ndocs == 1 ? "" : "s",
		 strcmp(pinning, "unknown") == 0      ? "pinning "
		 : strcmp(pinning, "not pinned") == 0 ? ""
						      : "pinned to ",
		 report_vis(pinning));
	print_wrapped("     ", buf);
}

/* Do the sides differ in fact @f (of facts[])? */
static bool fact_differs(const struct fact *f, const struct side *o, const struct side *n)
{
	char a[160], b[160];

	if (strcmp(f->key, "mitigations") == 0) {
		mitigations(o, a, sizeof(a));
		mitigations(n, b, sizeof(b));
		return strcmp(a, b) != 0 || vulnerabilities_differ(o, n);
	}
	if (strcmp(f->key, "emulated") == 0)
		return side_emulated(o) != side_emulated(n);
	if (strcmp(f->key, "runs") == 0)
		return side_runs(o) != side_runs(n);
	return strcmp(doc_fact(&o->docs[0], f->key, f->opt, a, sizeof(a)),
		      doc_fact(&n->docs[0], f->key, f->opt, b, sizeof(b))) != 0;
}

/* The header's "differ:" line: the facts the sides differ in. */
static void print_differs(const struct side *o, const struct side *n)
{
	char buf[400] = "";
	size_t len = 0;

	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		if (fact_differs(&facts[i], o, n))
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
						len ? ", " : "", facts[i].differ);
	print_wrapped("differ: ", len ? buf : "nothing of the above");
}

static void print_header(const struct side *o, const struct side *n, enum output_format format,
			 int w, char notes[][COMPARE_NOTE_LEN], unsigned nnotes)
{
	switch (format) {
	case FORMAT_TABLE:
		printf("%-*s %-7s %4s %10s %4s %10s %9s %10s %10s %7s %9s %9s  %s\n", w, "API",
		       "PATH", "N", "OLD ns", "N", "NEW ns", "DIFF", "CI low", "CI high", "conf",
		       "p", "q", "VERDICT");
		break;
	case FORMAT_CSV:
		puts("api,path,old_n,old_median_ns,new_n,new_median_ns,diff_pct,ci_low_pct,"
		     "ci_high_pct,ci_confidence,p_value,q_value,verdict,failed");
		break;
	case FORMAT_JSON:
		printf("{\n  \"tool\": \"%s\",\n  \"version\": \"%s\"", PACKAGE_NAME,
		       PACKAGE_VERSION);
		json_files(o);
		json_files(n);
		printf(",\n  \"estimator\": \"best-slice ns/call, median of the runs\","
		       "\n  \"shift\": \"hodges-lehmann\",\n  \"test\": \"mann-whitney-u\","
		       "\n  \"correction\": \"benjamini-hochberg\",\n  \"alpha\": %.2f,"
		       "\n  \"min_diff_pct\": %.1f,\n  \"min_runs\": %u,\n  \"notes\": [",
		       COMPARE_ALPHA, COMPARE_MIN_DIFF_PCT, COMPARE_MIN_RUNS);
		for (unsigned i = 0; i < nnotes; i++) {
			fputs(i ? ", " : "", stdout);
			report_json_string(notes[i]);
		}
		fputs("],\n  \"results\": [", stdout);
		break;
	default:
		print_side_header(o, NULL);
		print_side_header(n, o);
		print_differs(o, n);
		printf("\n%-11s %8s %8s %7s  %14s  %s\n", "API / path", "old ns", "new ns", "diff",
		       "95% interval", "verdict");
		break;
	}
}

static int name_width(const struct side *sd)
{
	size_t w = strlen("API");

	for (size_t i = 0; i < sd->naggs; i++)
		if (strlen(report_vis(sd->aggs[i].api)) > w)
			w = strlen(report_vis(sd->aggs[i].api));
	return (int)w;
}

/* Whether @o and @n share an API and path. */
static bool shares_any(struct side *o, struct side *n)
{
	for (size_t i = 0; i < o->naggs; i++)
		if (find_agg(n, o->aggs[i].api, o->aggs[i].path))
			return true;
	return false;
}

static void print_all(struct side *o, struct side *n, enum output_format format,
		      char notes[][COMPARE_NOTE_LEN], unsigned nnotes,
		      const struct compare_opts *opts)
{
	int w = name_width(o), wn = name_width(n);
	bool first = true, emulated = !opts->emulated_ok && (side_emulated(o) || side_emulated(n));
	bool options = measure_differs(o, n, FACT_MEASURE);
	bool size = measure_differs(o, n, FACT_GETRANDOM); /* (getrandom's rows) */
	struct pair *pairs = calloc(o->naggs ? o->naggs : 1, sizeof(*pairs));
	double *q = calloc(o->naggs ? o->naggs : 1, sizeof(*q));
	size_t np = 0;
	unsigned tested = 0;

	if (!pairs || !q) {
		perror("vdsotest: compare");
		free(pairs);
		free(q);
		return;
	}
	if (wn > w)
		w = wn;
	for (size_t i = 0; i < o->naggs; i++) {
		struct agg *e = &o->aggs[i], *m = find_agg(n, e->api, e->path);
		if (!m || m->matched)
			continue;
		e->matched = m->matched = true;
		pairs[np] = pair_of(e, m);
		pairs[np].other_options = options || (size && strcmp(e->api, "getrandom") == 0);
		/* (rows with no verdict possible are no hypotheses of the correction) */
		bool testable = isfinite(pairs[np].p) && !emulated && !pairs[np].other_options &&
				stats_mw_min_p(e->sum.n, m->sum.n) < COMPARE_ALPHA;
		q[np] = testable ? pairs[np].p : NAN;
		tested += testable;
		np++;
	}
	stats_bh_adjust(q, (unsigned)np);
	for (size_t i = 0; i < np; i++) {
		pairs[i].q = q[i];
		pair_verdict(&pairs[i], emulated, pairs[i].other_options);
	}
	print_header(o, n, format, w, notes, nnotes);
	for (size_t i = 0; i < np; i++) {
		const struct pair *p = &pairs[i];
		switch (format) {
		case FORMAT_TABLE:
			print_table(p, w);
			break;
		case FORMAT_CSV:
			print_csv(p, p->old, p->new);
			break;
		case FORMAT_JSON:
			print_json(p, p->old, p->new, first);
			break;
		default:
			if (i == 0 || strcmp(p->old->api, pairs[i - 1].old->api) != 0)
				printf("%s\n", report_vis(p->old->api));
			print_text(p);
			if (opts->verbose) {
				printf("  %-9s N %u+%u, p %.4f, q %.4f, interval at %.1f%%\n", "",
				       p->old->sum.n, p->new->sum.n, p->p, p->q,
				       isfinite(p->conf) ? 100 * p->conf : 0.0);
			}
			break;
		}
		first = false;
	}
	print_one_sided(o, format, true, &first);
	print_one_sided(n, format, false, &first);
	if (format == FORMAT_JSON) {
		puts("\n  ]\n}");
	} else if (format == FORMAT_TEXT || format == FORMAT_TABLE) {
		char foot[600], rows[40] = "the rows tested (none here)";
		if (tested)
			snprintf(rows, sizeof(rows), "the %u rows tested", tested);
		snprintf(foot, sizeof(foot),
			 "ns: best-slice ns/call, median of a side's runs (one value per run, "
			 "each run a process of its own); diff: Hodges-Lehmann shift in %% of "
			 "old, with its distribution-free 95%% interval; verdict: Mann-Whitney U, "
			 "Benjamini-Hochberg q < %.2f over %s, and |diff| >= "
			 "%.1f%%; no change: the interval within +-%.1f%%, undecided: not; n/a: "
			 "too few runs for p < 0.05 (3 a side or fewer; 4 a side, or 5 and 3, "
			 "can), sides measured with another --net, -t or --size (options), "
			 "an emulated CPU",
			 COMPARE_ALPHA, rows, COMPARE_MIN_DIFF_PCT, COMPARE_MIN_DIFF_PCT);
		putchar('\n');
		print_wrapped("", foot);
	}
	free(pairs);
	free(q);
}

/*
 * A string member of @d's document (a member of "options" when @opt), or
 * "none"; "pinning": doc_pinning().
 */
static const char *doc_fact(const struct doc *d, const char *key, bool opt, char *buf, size_t size)
{
	if (strcmp(key, "pinning") == 0)
		return doc_pinning(d, buf, size);
	const struct json *v = json_get(opt ? json_get(d->tree, "options") : d->tree, key);

	if (!v || v->type == JSON_NULL)
		return "none";
	if (v->type == JSON_STRING)
		return v->string;
	if (v->type == JSON_NUMBER)
		snprintf(buf, size, "%g", /* (-d is said in seconds, as given) */
			 opt && strcmp(key, "duration_ns") == 0 ? v->number / 1e9 : v->number);
	else
		snprintf(buf, size, "%s", json_type_name(v->type));
	return buf;
}

static bool same_file(const char *a, const char *b);

/*
 * The notes about the comparison into @notes (at most COMPARE_NOTES_MAX):
 * facts that differ within one side, interrupted runs, emulated CPUs.
 * (What differs between the sides is in the text header, and here too
 * for the other formats.)
 */
/*
 * The words of command line @a that @b does not have, space-separated,
 * into @out (cut to @len bytes): what to show of two long command lines
 * that differ.  Return: their count.
 */
static size_t words_only_in(const char *a, const char *b, char *out, size_t len)
{
	size_t n = 0, count = 0;

	out[0] = '\0';
	for (const char *w = a + strspn(a, " "); *w; w += strspn(w, " ")) {
		size_t wl = strcspn(w, " ");
		bool found = false;
		for (const char *v = b + strspn(b, " "); *v && !found; v += strspn(v, " ")) {
			size_t vl = strcspn(v, " ");
			found = vl == wl && strncmp(v, w, wl) == 0;
			v += vl;
		}
		count += !found;
		if (!found && n + wl + 2 < len)
			n += (size_t)snprintf(out + n, len - n, "%s%.*s", n ? " " : "", (int)wl, w);
		w += wl;
	}
	return count;
}

static unsigned check_sides(const struct side *o, const struct side *n,
			    char notes[][COMPARE_NOTE_LEN])
{
	const struct side *sides[2] = { o, n };
	unsigned nn = 0;
	char a[160], b[160];

	for (size_t f = 0; f < sizeof(facts) / sizeof(facts[0]) && nn < COMPARE_NOTES_MAX; f++) {
		if (!facts[f].what)
			continue;
		const char *vo = doc_fact(&o->docs[0], facts[f].key, facts[f].opt, a, sizeof(a));
		const char *vn = doc_fact(&n->docs[0], facts[f].key, facts[f].opt, b, sizeof(b));
		if (strcmp(vo, vn) != 0 && strcmp(facts[f].key, "cmdline") == 0) {
			char wo[160], wn[160], so[180] = "", sn[180] = "";
			if (words_only_in(vo, vn, wo, sizeof(wo)))
				snprintf(so, sizeof(so), "only old has '%.150s'", report_vis(wo));
			if (words_only_in(vn, vo, wn, sizeof(wn)))
				snprintf(sn, sizeof(sn), "only new has '%.150s'", report_vis(wn));
			snprintf(notes[nn++], COMPARE_NOTE_LEN, "the sides differ in %s: %s%s%s",
				 facts[f].what, *so || *sn ? so : "the same words in another order",
				 *so && *sn ? ", " : "", sn);
			continue;
		}
		if (strcmp(vo, vn) != 0) {
			snprintf(notes[nn++], COMPARE_NOTE_LEN,
				 "the sides differ in %s: '%.150s' (old) and '%.150s' (new)",
				 facts[f].what, report_vis(vo), report_vis(vn));
			continue;
		}
		for (int s = 0; s < 2 && nn < COMPARE_NOTES_MAX; s++)
			for (unsigned k = 1; k < sides[s]->ndocs; k++) {
				const char *v0 = doc_fact(&sides[s]->docs[0], facts[f].key,
							  facts[f].opt, a, sizeof(a));
				const char *vk = doc_fact(&sides[s]->docs[k], facts[f].key,
							  facts[f].opt, b, sizeof(b));
				if (strcmp(v0, vk) != 0) {
					char first[160],
						other[160]; /* (report_vis() has 3 buffers) */
					snprintf(first, sizeof(first), "'%.60s' ('%.60s')",
						 report_vis(v0),
						 report_vis(sides[s]->docs[0].file));
					snprintf(other, sizeof(other), "'%.60s' ('%.60s')",
						 report_vis(vk),
						 report_vis(sides[s]->docs[k].file));
					snprintf(notes[nn++], COMPARE_NOTE_LEN,
						 "the %s files differ in %s: %s and %s",
						 sides[s]->name, facts[f].what, first, other);
					break;
				}
			}
	}
	for (unsigned i = 0; i < o->ndocs; i++)
		for (unsigned k = 0; k < n->ndocs && nn < COMPARE_NOTES_MAX; k++) {
			const struct doc *da = &o->docs[i], *db = &n->docs[k];
			bool same = same_file(da->file, db->file);
			if (!same && (da->bytes != db->bytes || da->fnv1a != db->fnv1a))
				continue;
			char first[160];
			snprintf(first, sizeof(first), "%.150s", report_vis(da->file));
			snprintf(notes[nn++], COMPARE_NOTE_LEN,
				 "'%s' (old) and '%.150s' (new) %s: the same measurement on both "
				 "sides, not two",
				 first, report_vis(db->file),
				 same ? "are the same file" : "have the same contents");
		}
	for (int s = 0; s < 2; s++)
		for (unsigned k = 0; k < sides[s]->ndocs && nn < COMPARE_NOTES_MAX; k++) {
			const struct json *v = json_get(sides[s]->docs[k].tree, "interrupted");
			if (v && v->type == JSON_STRING)
				snprintf(notes[nn++], COMPARE_NOTE_LEN,
					 "'%s' (%s) was interrupted by %s: its figures are of the time measured",
					 report_vis(sides[s]->docs[k].file), sides[s]->name,
					 report_vis(v->string));
		}
	for (int s = 0; s < 2 && nn < COMPARE_NOTES_MAX; s++)
		if (side_emulated(sides[s]))
			snprintf(notes[nn++], COMPARE_NOTE_LEN,
				 "the %s side ran on an emulated CPU: its figures are the "
				 "emulator's (no verdict without --emulated-ok)",
				 sides[s]->name);
	return nn;
}

/* Whether @a and @b name the same existing file. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Read @nfiles documents into @sd. */
static enum status load_side(struct side *sd, const char *name, char *const *files, unsigned nfiles)
{
	sd->name = name;
	if (!(sd->docs = calloc(nfiles, sizeof(*sd->docs)))) {
		perror("vdsotest: compare");
		return STATUS_FAIL;
	}
	for (unsigned k = 0; k < nfiles; k++) {
		for (unsigned j = 0; j < k; j++)
			if (same_file(files[j], files[k])) { /* (its runs would count twice) */
				fprintf(stderr,
					"vdsotest: compare: '%s': given twice on the %s side (as '%s')\n",
					report_vis(files[k]), name, report_vis(files[j]));
				return STATUS_USAGE;
			}
		enum status st = load(&sd->docs[k], files[k]);
		sd->ndocs = k + 1;
		if (st != STATUS_PASS)
			return st;
	}
	return gather(sd);
}

enum status compare_run(char *const *old_files, unsigned n_old, char *const *new_files,
			unsigned n_new, enum output_format format, const char *output,
			const struct compare_opts *opts)
{
	struct side o = { 0 }, n = { 0 };
	char notes[COMPARE_NOTES_MAX][COMPARE_NOTE_LEN];
	unsigned nnotes;
	enum status st = load_side(&o, "old", old_files, n_old);

	if (st == STATUS_PASS)
		st = load_side(&n, "new", new_files, n_new);
	for (unsigned k = 0; st == STATUS_PASS && output && k < n_old + n_new; k++)
		if (same_file(output, k < n_old ? old_files[k] : new_files[k - n_old])) {
			fprintf(stderr,
				"vdsotest: compare: --output '%s' is one of the files compared; "
				"not overwritten\n",
				report_vis(output));
			st = STATUS_USAGE;
		}
	if (st == STATUS_PASS && !shares_any(&o, &n)) {
		fprintf(stderr, "vdsotest: compare: the sides share no API and path: nothing to "
				"compare (bench the same APIs on both)\n");
		st = STATUS_USAGE;
	}
	if (st == STATUS_PASS && report_open_output(output) != 0)
		st = STATUS_USAGE;
	if (st == STATUS_PASS) {
		nnotes = check_sides(&o, &n, notes);
		for (unsigned i = 0; i < nnotes; i++)
			fprintf(stderr, "Note: compare: %s\n", notes[i]);
		print_all(&o, &n, format, notes, nnotes, opts);
	}
	side_free(&o);
	side_free(&n);
	return st;
}
