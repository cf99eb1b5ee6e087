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
	const struct json *samples; /* ns_per_call.samples (one per repeat), or NULL */
	bool failed;		    /* the path's "error" member: its figure is no measurement */
};

struct doc {
	const char *file;
	struct json *tree;
	struct entry *entries;
	size_t count;
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
		e->samples = json_get(ns, "samples");
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
					 "results[%zu].paths.%s.ns_per_call.samples: not an array of "
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
	d->tree = json_parse(text, len, &err);
	free(text);
	if (!d->tree)
		return doc_error(d, "line %zu, column %zu (byte %zu): %s", err.line, err.column,
				 err.offset, err.message);
	tool = json_get(d->tree, "tool");
	if (!tool || tool->type != JSON_STRING || strcmp(tool->string, PACKAGE_NAME) != 0)
		return doc_error(d, "not a vdsotest JSON document (no \"tool\": \"vdsotest\")");
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

/* One API and path over all the documents of a side: every repeat's ns per call. */
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
	double diff_pct;     /* (new mean - old mean) / old mean, in percent; NAN
				   when the old mean is below 0.01 ns or a side failed */
	double p;	     /* Welch's two-sided p; NAN: no test (a side has
				   fewer than 2 values, or failed) */
	const char *verdict; /* "faster", "slower", "no significant change", "failed" */
};

/* "old", "new" or "both": the failed sides of a pair (NULL: none); @o or @n may be NULL. */
static const char *failed_side(const struct agg *o, const struct agg *n)
{
	bool fo = o && o->failed, fn = n && n->failed;

	return fo && fn ? "both" : fo ? "old" : fn ? "new" : NULL;
}

static double stdev_pct(const struct agg *a)
{
	return a->sum.mean > 0 ? 100 * a->sum.stdev / a->sum.mean : 0;
}

static struct pair pair_of(const struct agg *o, const struct agg *n)
{
	struct pair p = { o, n, NAN, NAN, "no significant change" };
	double t, df;

	if (failed_side(o, n)) {
		p.verdict = "failed";
		return p;
	}
	if (o->sum.mean >= 0.01)
		p.diff_pct = (n->sum.mean - o->sum.mean) / o->sum.mean * 100;
	double pv = stats_welch(&o->sum, &n->sum, &t, &df);
	if (pv >= 0) {
		p.p = pv;
		if (pv < COMPARE_ALPHA && !isnan(p.diff_pct) &&
		    fabs(p.diff_pct) >= COMPARE_MIN_DIFF_PCT)
			p.verdict = n->sum.mean < o->sum.mean ? "faster" : "slower";
	}
	return p;
}

static int name_width(const struct side *sd, bool table)
{
	size_t w = strlen(table ? "Benchmark" : "API");

	for (size_t i = 0; i < sd->naggs; i++) {
		size_t n = strlen(report_vis(sd->aggs[i].api)) +
			   (table ? strlen(report_vis(sd->aggs[i].path)) + 1 : 0);
		if (n > w)
			w = n;
	}
	return (int)w;
}

/* " +N.NN%" or " n/a" or " failed", then " P" and the verdict. */
static void print_diff_p(const struct pair *p)
{
	if (failed_side(p->old, p->new))
		printf(" %9s %8s  %s", "n/a", "-", p->verdict);
	else {
		if (!isfinite(p->diff_pct))
			printf(" %9s", "n/a");
		else
			printf(" %+8.2f%%", p->diff_pct);
		if (isfinite(p->p))
			printf(" %8.4f", p->p);
		else
			printf(" %8s", "-");
		printf("  %s", p->verdict);
	}
}

static void print_text(const struct pair *p, int w)
{
	printf("%-*s %-7s %3u %10.2f %10.2f %6.1f%% %3u %10.2f %10.2f %6.1f%%", w,
	       report_vis(p->old->api), report_vis(p->old->path), p->old->sum.n, p->old->sum.mean,
	       p->old->sum.median, stdev_pct(p->old), p->new->sum.n, p->new->sum.mean,
	       p->new->sum.median, stdev_pct(p->new));
	print_diff_p(p);
	putchar('\n');
}

static void print_table(const struct pair *p, int w)
{
	char name[512];

	snprintf(name, sizeof(name), "%s/%s", report_vis(p->old->path), report_vis(p->old->api));
	printf("%-*s %10.2f ns \u00b1%5.1f%% %10.2f ns \u00b1%5.1f%%", w, name, p->old->sum.mean,
	       stdev_pct(p->old), p->new->sum.mean, stdev_pct(p->new));
	print_diff_p(p);
	putchar('\n');
}

static void print_csv_value(double v, int decimals)
{
	if (isfinite(v))
		printf("%.*f", decimals, v);
	putchar(',');
}

static void print_csv(const struct agg *o, const struct agg *n)
{
	struct pair p = o && n ? pair_of(o, n) : (struct pair){ o, n, NAN, NAN, "" };
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
		print_csv_value(a ? a->sum.mean : NAN, 2);
		print_csv_value(a ? a->sum.median : NAN, 2);
		print_csv_value(a ? stdev_pct(a) : NAN, 2);
	}
	print_csv_value(p.diff_pct, 2);
	print_csv_value(p.p, 4);
	fputs(p.verdict, stdout);
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
	print_json_number("mean_ns", a->sum.mean, 2);
	print_json_number("median_ns", a->sum.median, 2);
	print_json_number("stdev_pct", stdev_pct(a), 2);
	putchar('}');
}

static void print_json(const struct agg *o, const struct agg *n, bool first)
{
	struct pair p = o && n ? pair_of(o, n) : (struct pair){ o, n, NAN, NAN, NULL };
	const struct agg *e = o ? o : n;

	printf("%s\n    {\"api\": ", first ? "" : ",");
	report_json_string(e->api);
	fputs(", \"path\": ", stdout);
	report_json_string(e->path);
	print_json_side("old", o);
	print_json_side("new", n);
	print_json_number("diff_pct", p.diff_pct, 2);
	print_json_number("p", p.p, 6);
	fputs(", \"verdict\": ", stdout);
	if (p.verdict)
		report_json_string(p.verdict);
	else
		fputs("null", stdout);
	fputs(", \"failed\": ", stdout);
	if (failed_side(o, n))
		printf("\"%s\"}", failed_side(o, n));
	else
		fputs("null}", stdout);
}

/* Every API and path of @sd without a match on the other side. */
static void print_one_sided(const struct side *sd, enum output_format format, bool is_old,
			    bool *first)
{
	for (size_t i = 0; i < sd->naggs; i++) {
		const struct agg *e = &sd->aggs[i];
		if (e->matched)
			continue;
		if (format == FORMAT_CSV)
			print_csv(is_old ? e : NULL, is_old ? NULL : e);
		else if (format == FORMAT_JSON)
			print_json(is_old ? e : NULL, is_old ? NULL : e, *first);
		else
			printf("only %s: %s %s%s\n", sd->name, report_vis(e->api),
			       report_vis(e->path), e->failed ? " (failed)" : "");
		*first = false;
	}
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

static void print_header(const struct side *o, const struct side *n, enum output_format format,
			 int w, char notes[][COMPARE_NOTE_LEN], unsigned nnotes)
{
	switch (format) {
	case FORMAT_TABLE:
		printf("%-*s %21s %21s %9s %8s  %s\n", w, "Benchmark", "Old", "New", "Diff", "p",
		       "Verdict");
		for (int i = w + 21 + 21 + 9 + 8 + 3 + 2 + 22; i > 0; i--)
			putchar('-');
		putchar('\n');
		break;
	case FORMAT_CSV:
		puts("api,path,old_n,old_mean_ns,old_median_ns,old_stdev_pct,new_n,new_mean_ns,"
		     "new_median_ns,new_stdev_pct,diff_pct,p_value,verdict,failed");
		break;
	case FORMAT_JSON:
		printf("{\n  \"tool\": \"%s\",\n  \"version\": \"%s\"", PACKAGE_NAME,
		       PACKAGE_VERSION);
		json_files(o);
		json_files(n);
		printf(",\n  \"test\": \"welch\",\n  \"alpha\": %.2f,\n  \"min_diff_pct\": %.1f,\n  \"notes\": [",
		       COMPARE_ALPHA, COMPARE_MIN_DIFF_PCT);
		for (unsigned i = 0; i < nnotes; i++) {
			fputs(i ? ", " : "", stdout);
			report_json_string(notes[i]);
		}
		fputs("],\n  \"results\": [", stdout);
		break;
	default:
		printf("%-*s %-7s %3s %10s %10s %7s %3s %10s %10s %7s %9s %8s  %s\n", w, "API",
		       "PATH", "N", "OLD mean", "median", "stdev", "N", "NEW mean", "median",
		       "stdev", "DIFF", "p", "VERDICT");
		break;
	}
}

static void print_all(struct side *o, struct side *n, enum output_format format,
		      char notes[][COMPARE_NOTE_LEN], unsigned nnotes)
{
	int w = name_width(o, format == FORMAT_TABLE), wn = name_width(n, format == FORMAT_TABLE);
	bool first = true;

	if (wn > w)
		w = wn;
	print_header(o, n, format, w, notes, nnotes);
	for (size_t i = 0; i < o->naggs; i++) {
		struct agg *e = &o->aggs[i], *m = find_agg(n, e->api, e->path);
		if (!m || m->matched)
			continue;
		e->matched = m->matched = true;
		struct pair p = pair_of(e, m);
		switch (format) {
		case FORMAT_TABLE:
			print_table(&p, w);
			break;
		case FORMAT_CSV:
			print_csv(e, m);
			break;
		case FORMAT_JSON:
			print_json(e, m, first);
			break;
		default:
			print_text(&p, w);
			break;
		}
		first = false;
	}
	print_one_sided(o, format, true, &first);
	print_one_sided(n, format, false, &first);
	if (format == FORMAT_JSON)
		puts("\n  ]\n}");
	else if (format == FORMAT_TEXT || format == FORMAT_TABLE)
		printf("(mean and stdev of the repeats of every file of a side; p: Welch's t-test, "
		       "two-sided; faster or slower when p < %.2f and the means differ by %.1f%% or more)\n",
		       COMPARE_ALPHA, COMPARE_MIN_DIFF_PCT);
}

/* A string member of @d's document (a member of "options" when @opt), or "" / "null". */
static const char *doc_fact(const struct doc *d, const char *key, bool opt, char *buf, size_t size)
{
	const struct json *v = json_get(opt ? json_get(d->tree, "options") : d->tree, key);

	if (!v || v->type == JSON_NULL)
		return "none";
	if (v->type == JSON_STRING)
		return v->string;
	if (v->type == JSON_NUMBER)
		snprintf(buf, size, "%g", v->number);
	else
		snprintf(buf, size, "%s", json_type_name(v->type));
	return buf;
}

/*
 * The notes about the comparison into @notes (at most COMPARE_NOTES_MAX):
 * facts that differ between the sides or within one, interrupted runs,
 * sides too small for the test.
 */
static unsigned check_sides(const struct side *o, const struct side *n,
			    char notes[][COMPARE_NOTE_LEN])
{
	static const struct {
		const char *key;
		bool opt;
		const char *what;
	} facts[] = {
		{ "kernel_release", false, "kernel" },
		{ "clocksource", false, "clocksource" },
		{ "cpu_model", false, "CPU model" },
		{ "machine", false, "machine" },
		{ "net", true, "--net" },
		{ "threads", true, "-t" },
		{ "size", true, "--size" },
		{ "cpu", true, "--cpu" },
	};
	const struct side *sides[2] = { o, n };
	unsigned nn = 0;
	char a[64], b[64];

	for (size_t f = 0; f < sizeof(facts) / sizeof(facts[0]) && nn < COMPARE_NOTES_MAX; f++) {
		const char *vo = doc_fact(&o->docs[0], facts[f].key, facts[f].opt, a, sizeof(a));
		const char *vn = doc_fact(&n->docs[0], facts[f].key, facts[f].opt, b, sizeof(b));
		if (strcmp(vo, vn) != 0) {
			snprintf(notes[nn++], COMPARE_NOTE_LEN,
				 "the sides differ in %s: '%s' (old) and '%s' (new)", facts[f].what,
				 report_vis(vo), report_vis(vn));
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
					snprintf(first, sizeof(first), "'%s' ('%s')",
						 report_vis(v0),
						 report_vis(sides[s]->docs[0].file));
					snprintf(other, sizeof(other), "'%s' ('%s')",
						 report_vis(vk),
						 report_vis(sides[s]->docs[k].file));
					snprintf(notes[nn++], COMPARE_NOTE_LEN,
						 "the %s files differ in %s: %s and %s",
						 sides[s]->name, facts[f].what, first, other);
					break;
				}
			}
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
	bool few = false;
	for (size_t i = 0; i < o->naggs && !few; i++) {
		const struct agg *m = find_agg((struct side *)n, o->aggs[i].api, o->aggs[i].path);
		few = m && (m->n < 2 || o->aggs[i].n < 2);
	}
	if (few && nn < COMPARE_NOTES_MAX)
		snprintf(notes[nn++], COMPARE_NOTE_LEN,
			 "fewer than 2 repeats on a side for some paths: no significance test there "
			 "(give several files per side, or runs made with -r N)");
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
		enum status st = load(&sd->docs[k], files[k]);
		sd->ndocs = k + 1;
		if (st != STATUS_PASS)
			return st;
	}
	return gather(sd);
}

enum status compare_run(char *const *old_files, unsigned n_old, char *const *new_files,
			unsigned n_new, enum output_format format, const char *output)
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
	if (st == STATUS_PASS && report_open_output(output) != 0)
		st = STATUS_USAGE;
	if (st == STATUS_PASS) {
		nnotes = check_sides(&o, &n, notes);
		for (unsigned i = 0; i < nnotes; i++)
			fprintf(stderr, "Note: compare: %s\n", notes[i]);
		print_all(&o, &n, format, notes, nnotes);
	}
	side_free(&o);
	side_free(&n);
	return st;
}
