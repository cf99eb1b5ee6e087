// SPDX-License-Identifier: GPL-2.0-or-later
/* vdsotest compare; see compare.h. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare.h"
#include "json.h"
#include "report.h"

/* One API and path of a document. */
struct entry {
	const char *api, *path;	/* point into the document's tree */
	double median_ns, stdev_pct;
	bool failed;		/* the path's "error" member: its figure is no measurement */
	bool matched;
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
		e->matched = false;
		if (e->median_ns < 0 || e->stdev_pct < 0)
			return doc_error(d, "results[%zu].paths.%s.ns_per_call: no median (0 to 1e12) "
					 "and stdev_pct (0 to 1e6) numbers", i, report_vis(e->path));
		for (size_t j = 0; j < d->count; j++)
			if (strcmp(d->entries[j].api, e->api) == 0 &&
			    strcmp(d->entries[j].path, e->path) == 0)
				return doc_error(d, "results[%zu]: API '%s' path '%s' given twice", i,
						 report_vis(e->api), report_vis(e->path));
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
		return errno == EFBIG ? doc_error(d, "larger than %u MiB", COMPARE_MAX_FILE_BYTES >> 20) :
					doc_error(d, "%s", strerror(errno));
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
			 json_get(&results->items[i], "paths") ?
			 json_get(&results->items[i], "paths")->count : 0;
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

static struct entry *find(struct doc *d, const struct entry *e)
{
	for (size_t i = 0; i < d->count; i++)
		if (strcmp(d->entries[i].api, e->api) == 0 && strcmp(d->entries[i].path, e->path) == 0)
			return &d->entries[i];
	return NULL;
}

/* One API and path in both documents. */
struct pair {
	const struct entry *old, *new;
	double diff_pct;	/* (new - old) / old, in percent; NAN when old is
				   below 0.01 ns (shown as 0.00) or a side failed */
	bool within;		/* |diff_pct| <= the combined spread */
};

/* "old", "new" or "both": the failed sides of a pair (NULL: none); @o or @n may be NULL. */
static const char *failed_side(const struct entry *o, const struct entry *n)
{
	bool fo = o && o->failed, fn = n && n->failed;

	return fo && fn ? "both" : fo ? "old" : fn ? "new" : NULL;
}

static struct pair pair_of(const struct entry *o, const struct entry *n)
{
	struct pair p = { o, n, NAN, false };
	double spread = sqrt(o->stdev_pct * o->stdev_pct + n->stdev_pct * n->stdev_pct);

	if (o->median_ns >= 0.01 && !failed_side(o, n)) {
		p.diff_pct = (n->median_ns - o->median_ns) / o->median_ns * 100;
		p.within = fabs(p.diff_pct) <= spread;
	}
	return p;
}

static int name_width(const struct doc *d, bool table)
{
	size_t w = strlen(table ? "Benchmark" : "API");

	for (size_t i = 0; i < d->count; i++) {
		size_t n = strlen(report_vis(d->entries[i].api)) +
			   (table ? strlen(report_vis(d->entries[i].path)) + 1 : 0);
		if (n > w)
			w = n;
	}
	return (int)w;
}

static void print_diff(const struct pair *p)
{
	if (failed_side(p->old, p->new))
		printf(" %9s", "failed");
	else if (!isfinite(p->diff_pct))
		printf(" %9s", "n/a");
	else
		printf(" %+8.2f%%%s", p->diff_pct, p->within ? " ~" : "");
}

static void print_text(const struct pair *p, int w)
{
	printf("%-*s %-7s %11.2f %11.2f", w, report_vis(p->old->api), report_vis(p->old->path),
	       p->old->median_ns, p->new->median_ns);
	print_diff(p);
	putchar('\n');
}

static void print_table(const struct pair *p, int w)
{
	char name[512];

	snprintf(name, sizeof(name), "%s/%s", report_vis(p->old->path), report_vis(p->old->api));
	printf("%-*s %10.2f ns %10.2f ns", w, name, p->old->median_ns, p->new->median_ns);
	print_diff(p);
	putchar('\n');
}

static void print_csv_value(double v, bool last)
{
	if (!isfinite(v))
		fputs(last ? "\n" : ",", stdout);
	else
		printf(last ? "%.2f\n" : "%.2f,", v);
}

static void print_csv(const struct entry *o, const struct entry *n)
{
	struct pair p = o && n ? pair_of(o, n) : (struct pair){ o, n, NAN, false };
	const struct entry *e = o ? o : n;

	report_csv_string(e->api);
	putchar(',');
	report_csv_string(e->path);
	putchar(',');
	print_csv_value(o ? o->median_ns : NAN, false);
	print_csv_value(n ? n->median_ns : NAN, false);
	print_csv_value(p.diff_pct, false);
	print_csv_value(o ? o->stdev_pct : NAN, false);
	print_csv_value(n ? n->stdev_pct : NAN, false);
	fputs(o && n && isfinite(p.diff_pct) ? (p.within ? "1," : "0,") : ",", stdout);
	puts(failed_side(o, n) ? failed_side(o, n) : "");
}

static void print_json_number(const char *key, double v)
{
	printf(", \"%s\": ", key);
	if (!isfinite(v))
		fputs("null", stdout);
	else
		printf("%.2f", v);
}

static void print_json(const struct entry *o, const struct entry *n, bool first)
{
	struct pair p = o && n ? pair_of(o, n) : (struct pair){ o, n, NAN, false };
	const struct entry *e = o ? o : n;

	printf("%s\n    {\"api\": ", first ? "" : ",");
	report_json_string(e->api);
	fputs(", \"path\": ", stdout);
	report_json_string(e->path);
	print_json_number("old_ns_per_call", o ? o->median_ns : NAN);
	print_json_number("new_ns_per_call", n ? n->median_ns : NAN);
	print_json_number("diff_pct", p.diff_pct);
	print_json_number("old_stdev_pct", o ? o->stdev_pct : NAN);
	print_json_number("new_stdev_pct", n ? n->stdev_pct : NAN);
	printf(", \"within_spread\": %s, \"failed\": ",
	       o && n && isfinite(p.diff_pct) ? (p.within ? "true" : "false") : "null");
	if (failed_side(o, n))
		printf("\"%s\"}", failed_side(o, n));
	else
		fputs("null}", stdout);
}

/* Every entry of @d without a match on the other side. */
static void print_one_sided(const struct doc *d, enum output_format format, bool is_old,
			    bool *first)
{
	for (size_t i = 0; i < d->count; i++) {
		const struct entry *e = &d->entries[i];
		if (e->matched)
			continue;
		if (format == FORMAT_CSV)
			print_csv(is_old ? e : NULL, is_old ? NULL : e);
		else if (format == FORMAT_JSON)
			print_json(is_old ? e : NULL, is_old ? NULL : e, *first);
		else
			printf("only in %s: %s %s%s\n", report_vis(d->file), report_vis(e->api),
			       report_vis(e->path), e->failed ? " (failed)" : "");
		*first = false;
	}
}

static void print_header(const struct doc *o, const struct doc *n, enum output_format format,
			 int w)
{
	switch (format) {
	case FORMAT_TABLE:
		printf("%-*s %13s %13s %10s\n", w, "Benchmark", "Old", "New", "Diff");
		for (int i = w + 13 + 13 + 10 + 3; i > 0; i--)
			putchar('-');
		putchar('\n');
		break;
	case FORMAT_CSV:
		puts("api,path,old_ns_per_call,new_ns_per_call,diff_pct,old_stdev_pct,"
		     "new_stdev_pct,within_spread,failed");
		break;
	case FORMAT_JSON:
		printf("{\n  \"tool\": \"%s\",\n  \"version\": \"%s\",\n  \"old\": ", PACKAGE_NAME,
		       PACKAGE_VERSION);
		report_json_string(o->file);
		fputs(",\n  \"new\": ", stdout);
		report_json_string(n->file);
		fputs(",\n  \"results\": [", stdout);
		break;
	default:
		printf("%-*s %-7s %11s %11s %9s\n", w, "API", "PATH", "OLD ns/call", "NEW ns/call",
		       "DIFF");
		break;
	}
}

static void print_all(struct doc *o, struct doc *n, enum output_format format)
{
	int w = name_width(o, format == FORMAT_TABLE), wn = name_width(n, format == FORMAT_TABLE);
	bool first = true;

	if (wn > w)
		w = wn;
	print_header(o, n, format, w);
	for (size_t i = 0; i < o->count; i++) {
		struct entry *e = &o->entries[i], *m = find(n, e);
		if (!m || m->matched)
			continue;
		e->matched = m->matched = true;
		struct pair p = pair_of(e, m);
		switch (format) {
		case FORMAT_TABLE: print_table(&p, w); break;
		case FORMAT_CSV:   print_csv(e, m); break;
		case FORMAT_JSON:  print_json(e, m, first); break;
		default:	   print_text(&p, w); break;
		}
		first = false;
	}
	print_one_sided(o, format, true, &first);
	print_one_sided(n, format, false, &first);
	if (format == FORMAT_JSON)
		puts("\n  ]\n}");
}

/* Whether @a and @b name the same existing file. */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

enum status compare_run(const char *old_path, const char *new_path, enum output_format format,
			const char *output)
{
	struct doc o, n;
	enum status st = load(&o, old_path);

	if (st == STATUS_PASS && (st = load(&n, new_path)) != STATUS_PASS)
		unload(&n);
	if (st != STATUS_PASS) {
		unload(&o);
		return st;
	}
	if (output && (same_file(output, old_path) || same_file(output, new_path))) {
		fprintf(stderr, "vdsotest: compare: --output '%s' is one of the files compared; "
			"not overwritten\n", report_vis(output));
		st = STATUS_USAGE;
	} else if (report_open_output(output) != 0) {
		st = STATUS_FAIL;
	}
	if (st != STATUS_PASS) {
		unload(&o);
		unload(&n);
		return st;
	}
	print_all(&o, &n, format);
	unload(&o);
	unload(&n);
	return STATUS_PASS;
}
