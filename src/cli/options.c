// SPDX-License-Identifier: GPL-2.0-or-later
/* Command-line parsing; see options.h. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "cli/options.h"
#include "cli/suggest.h"
#include "families/apis.h"
#include "families/exports.h"
#include "git-describe.h"
#include "harness/perturb.h"
#include "lib/cpus.h"
#include "output/report.h"

enum {
	OPT_USAGE = 256,
	OPT_FORMAT_LONG,
	OPT_VDSO_LIB,
	OPT_HELP,
	OPT_OUTPUT,
	OPT_NET,
	OPT_CPU,
	OPT_CYCLES,
	OPT_SIZE,
	OPT_VDSO_IMAGE,
	OPT_DUMP,
	OPT_DRY_RUN,
	OPT_PERTURB,
	OPT_HEADER,
	OPT_NO_HEADER,
	OPT_LATENCY,
	OPT_SKIP_UNSUPPORTED,
	OPT_ALLOW_HOST_PERTURB,
	OPT_FAIL_KNOWN_BUGS,
	OPT_RUNS,
	OPT_EMULATED_OK,
	OPT_MEAN
};

static const struct option long_options[] = {
	{ "duration", required_argument, NULL, 'd' },
	{ "maxfails", required_argument, NULL, 'f' },
	{ "threads", required_argument, NULL, 't' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "debug", no_argument, NULL, 'g' },
	{ "format", required_argument, NULL, 'o' },
	{ "vdso-lib", required_argument, NULL, OPT_VDSO_LIB },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "vdso-image", required_argument, NULL, OPT_VDSO_IMAGE },
	{ "dump", required_argument, NULL, OPT_DUMP },
	{ "version", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "usage", no_argument, NULL, OPT_USAGE },
	{ "repeat", required_argument, NULL, 'r' },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "net", no_argument, NULL, OPT_NET },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "cycles", no_argument, NULL, OPT_CYCLES },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "perturb", required_argument, NULL, OPT_PERTURB },
	{ "allow-host-perturb", no_argument, NULL, OPT_ALLOW_HOST_PERTURB },
	{ "header", no_argument, NULL, OPT_HEADER },
	{ "no-header", no_argument, NULL, OPT_NO_HEADER },
	{ "latency", no_argument, NULL, OPT_LATENCY },
	{ "runs", required_argument, NULL, OPT_RUNS },
	{ "emulated-ok", no_argument, NULL, OPT_EMULATED_OK },
	{ "mean", no_argument, NULL, OPT_MEAN },
	{ "skip-unsupported", no_argument, NULL, OPT_SKIP_UNSUPPORTED },
	{ "fail-known-bugs", no_argument, NULL, OPT_FAIL_KNOWN_BUGS },
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *f)
{
	fputs("Usage: vdsotest [-gvV?] [-d SEC] [-f NUM] [-t N] [-r N] [-o FORMAT]\n"
	      "                [--output=FILE] [--net] [--cycles] [--cpu=LIST]\n"
	      "                [--size=BYTES] [--vdso-lib=PATH] [--[no-]header] [--latency]\n"
	      "                [--perturb=LIST [--allow-host-perturb]] [--skip-unsupported]\n"
	      "                [--dry-run] [--fail-known-bugs] [--runs=N] [--mean]\n"
	      "                API[,API]...|all TEST-TYPE\n"
	      "   or: vdsotest list-test-types | [-v] list-apis\n"
	      "   or: vdsotest [-o FORMAT] [--output=FILE] [--emulated-ok]\n"
	      "                compare OLD.json... [--] NEW.json...\n"
	      "   or: vdsotest [-o text|json] [--vdso-image=FILE] [--dump=FILE] info\n",
	      f);
}

/*
 * --help: one screen (at most 26 lines of at most 80 columns), every option
 * on a line of its own or with its twin, since the wrapper scripts and the
 * bash completion read the options from it; the APIs are list-apis's, the
 * rest the manual's.
 */
static void help(FILE *f)
{
	fputs("Usage: vdsotest [OPTION...] API[,API]...|all TEST-TYPE\n"
	      "   or: vdsotest [-o FORMAT] [--output=FILE] compare OLD.json... [--] NEW.json...\n"
	      "   or: vdsotest list-test-types | [-v] list-apis | [-o text|json] info\n"
	      "\n"
	      "  -d, --duration=SEC    seconds per bench path or per verify (default 0.1, 1)\n"
	      "  -f, --maxfails=NUM    verify: stop an API after NUM failures (default 10)\n"
	      "  -o, --format=FORMAT   text, nsec, table, json, csv or ktap\n"
	      "      --output=FILE     write the results to FILE\n"
	      "  -r, --repeat=N, --runs=N  bench: N times in one process, or in N new ones\n"
	      "  -t, --threads=N       bench, verify: N threads, each on its own CPU\n"
	      "      --net, --cycles   bench: take off the loop's own cost; cycles per call\n"
	      "      --cpu=LIST        bench on these CPUs (1, or 0,2-3)\n"
	      "      --header, --no-header  bench: the '# ' context lines, or not\n"
	      "      --latency         bench: time single calls (percentiles, histogram)\n"
	      "      --mean, --emulated-ok  bench: the original's mean; compare: emulated too\n"
	      "      --size=BYTES      getrandom bench: bytes per call (default 4)\n"
	      "      --skip-unsupported, --fail-known-bugs  skip rejected ids; known bugs fail\n"
	      "      --vdso-lib=PATH   take the vDSO functions from PATH (\"none\": no vDSO)\n"
	      "      --vdso-image=FILE, --dump=FILE  info: read, or save, a vDSO image\n"
	      "      --perturb=LIST, --allow-host-perturb  SYSTEM CLOCK CHANGED (guests only)\n"
	      "      --dry-run         check the command line, run nothing\n"
	      "  -v, --verbose         say more (check counts, every abi case, a verdict)\n"
	      "  -g, --debug           the vDSO lookup, on stderr\n"
	      "  -V, --version, -h, --help, --usage  the version, this help, the usage\n"
	      "Exit status: 0 passed, 1 failures, 2 usage error, 77 nothing tested, 128+sig\n"
	      "APIs: 'vdsotest list-apis'.  Everything else: 'man vdsotest'.\n",
	      f);
}

static int bad(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Print "vdsotest: <message>" on @err; return the usage-error status. */
static int bad(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("vdsotest: ", err);
	vfprintf(err, fmt, ap);
	fputs("\n", err);
	va_end(ap);
	return STATUS_USAGE;
}

static int parse_duration(const char *s, uint64_t *ns, FILE *err)
{
	char *end;
	double sec;

	errno = 0;
	sec = strtod(s, &end);
	/* (decimal only: strtod() would take "0x10" as 16 seconds) */
	if (end == s || *end || isspace((unsigned char)*s) || isnan(sec) || strpbrk(s, "xX"))
		return bad(err, "invalid duration '%s': not a number of seconds", report_vis(s));
	if (errno == ERANGE || !(sec >= DURATION_MIN_SEC && sec <= DURATION_MAX_SEC))
		return bad(err, "invalid duration '%s': must be from 0.000001 to 604800 seconds",
			   report_vis(s));
	*ns = (uint64_t)(sec * 1e9 + 0.5);
	return 0;
}

/*
 * A whole number from 1 to @max into *@n, else a usage error naming @what
 * ("maxfails") and the value; @unit (" bytes", or "") follows the numbers
 * in the message.
 */
static int parse_count(const char *s, const char *what, unsigned long max, const char *unit,
		       unsigned long *n, FILE *err)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s == '-' && end != s && !*end)
		v = 0; /* a negative number: out of range, not malformed */
	else if (!isdigit((unsigned char)*s) || *end)
		return bad(err, "invalid %s '%s': not a whole number%s", what, report_vis(s),
			   *unit ? " of bytes" : "");
	if (errno == ERANGE || v < 1 || v > max)
		return bad(err, "invalid %s '%s': must be from 1 to %lu%s", what, report_vis(s),
			   max, unit);
	*n = v;
	return 0;
}

/* parse_count() into an unsigned. */
static int parse_unsigned(const char *s, const char *what, unsigned max, unsigned *n, FILE *err)
{
	unsigned long v;
	int rc = parse_count(s, what, max, "", &v, err);

	if (!rc)
		*n = (unsigned)v;
	return rc;
}

static int parse_size(const char *s, size_t *n, FILE *err)
{
	unsigned long v;
	int rc = parse_count(s, "size", SIZE_MAX_BYTES, " bytes", &v, err);

	if (!rc)
		*n = v;
	return rc;
}

static int parse_format(const char *s, enum output_format *f, FILE *err)
{
	for (int i = 0; i < NR_FORMATS; i++)
		if (strcmp(s, report_format_name(i)) == 0) {
			*f = i;
			return 0;
		}
	return bad(err, "unknown format '%s' (expected text, nsec, table, json, csv or ktap)",
		   report_vis(s));
}

static int parse_perturb(const char *s, unsigned *kinds, FILE *err)
{
	char kind[128];

	if (!*s)
		return bad(err, "option '--perturb' needs a list of kinds, not ''");
	if (!perturb_parse(s, kinds, kind, sizeof(kind)))
		return bad(err,
			   "unknown --perturb kind '%s' in '%s' (expected freq, slew, step, tai, leap, clocksource, hotplug, y2038 or all)",
			   report_vis(kind), report_vis(s));
	return 0;
}

static int check_cpu_list(const char *s, FILE *err)
{
	struct cpu_mask m;
	const char *why;

	if (!cpu_list_parse(s, &m, &why))
		return bad(err, "invalid CPU list '%s': %s", report_vis(s), why);
	cpu_mask_free(&m);
	return 0;
}

static const char *const option_names[NR_OPTION_BITS] = {
	[OPTION_DURATION] = "--duration",
	[OPTION_MAXFAILS] = "--maxfails",
	[OPTION_THREADS] = "--threads",
	[OPTION_VERBOSE] = "--verbose",
	[OPTION_DEBUG] = "--debug",
	[OPTION_VDSO_LIB] = "--vdso-lib",
	[OPTION_REPEAT] = "--repeat",
	[OPTION_NET] = "--net",
	[OPTION_CYCLES] = "--cycles",
	[OPTION_CPU] = "--cpu",
	[OPTION_FORMAT] = "--format",
	[OPTION_OUTPUT] = "--output",
	[OPTION_SIZE] = "--size",
	[OPTION_VDSO_IMAGE] = "--vdso-image",
	[OPTION_DUMP] = "--dump",
	[OPTION_PERTURB] = "--perturb",
	[OPTION_HEADER] = "--[no-]header",
	[OPTION_LATENCY] = "--latency",
	[OPTION_SKIP_UNSUPPORTED] = "--skip-unsupported",
	[OPTION_ALLOW_HOST_PERTURB] = "--allow-host-perturb",
	[OPTION_FAIL_KNOWN_BUGS] = "--fail-known-bugs",
	[OPTION_RUNS] = "--runs",
	[OPTION_EMULATED_OK] = "--emulated-ok",
	[OPTION_MEAN] = "--mean",
};

#define BIT(o) (1u << (o))
/* What a run of any TEST-TYPE takes; bench takes BENCH_ONLY too. */
/* clang-format off */
#define RUN_OPTIONS (BIT(OPTION_DURATION) | BIT(OPTION_MAXFAILS) | BIT(OPTION_THREADS) | \
		     BIT(OPTION_VERBOSE) | BIT(OPTION_DEBUG) | BIT(OPTION_VDSO_LIB) | \
		     BIT(OPTION_FORMAT) | BIT(OPTION_OUTPUT) | BIT(OPTION_SKIP_UNSUPPORTED) | \
		     BIT(OPTION_FAIL_KNOWN_BUGS))
/* clang-format on */
/* clang-format off */
#define BENCH_ONLY (BIT(OPTION_REPEAT) | BIT(OPTION_NET) | BIT(OPTION_CYCLES) | BIT(OPTION_CPU) | \
		    BIT(OPTION_SIZE) | BIT(OPTION_HEADER) | BIT(OPTION_LATENCY) | BIT(OPTION_RUNS) | \
		    BIT(OPTION_MEAN))
/* clang-format on */
#define INFO_OPTIONS (BIT(OPTION_FORMAT) | BIT(OPTION_VDSO_IMAGE) | BIT(OPTION_DUMP))

/* The first option of @given outside @allowed, or -1. */
static int first_outside(unsigned given, unsigned allowed)
{
	for (int i = 0; i < NR_OPTION_BITS; i++)
		if ((given & BIT(i)) && !(allowed & BIT(i)))
			return i;
	return -1;
}

/* Does the API operand select an API whose bench takes --size (FAMILY_BENCH_SIZE)? */
static bool selects_size_family(const struct options *o)
{
	for (size_t k = 0; k < api_count; k++)
		if ((api_table[k].family->flags & FAMILY_BENCH_SIZE) &&
		    options_api_selected(o, &api_table[k]))
			return true;
	return false;
}

/*
 * Every option given must be of use to the command and TEST-TYPE (see
 * options.h); table, json and csv hold bench figures, which verify and abi
 * have none of.
 */
static int check_applies(const struct options *o, FILE *err)
{
	bool bench_only = o->format == FORMAT_TABLE || o->format == FORMAT_JSON ||
			  o->format == FORMAT_CSV;
	int i;

	switch (o->command) {
	case CMD_COMPARE:
		if ((i = first_outside(o->given, BIT(OPTION_FORMAT) | BIT(OPTION_OUTPUT) |
							 BIT(OPTION_VERBOSE) |
							 BIT(OPTION_EMULATED_OK))) >= 0)
			return bad(err,
				   "option '%s' is not for compare (it takes -o, --output, -v and "
				   "--emulated-ok only)",
				   option_names[i]);
		return OPTIONS_RUN;
	case CMD_LIST_APIS:
		if ((i = first_outside(o->given, BIT(OPTION_VERBOSE))) >= 0)
			return bad(err, "option '%s' is not for list-apis (it takes -v only)",
				   option_names[i]);
		return OPTIONS_RUN;
	case CMD_LIST_TEST_TYPES:
		if ((i = first_outside(o->given, 0)) >= 0)
			return bad(err, "option '%s' is not for list-test-types (it takes none)",
				   option_names[i]);
		return OPTIONS_RUN;
	case CMD_INFO:
		if ((i = first_outside(o->given, INFO_OPTIONS)) >= 0)
			return bad(err,
				   "option '%s' is not for info (it takes -o, --vdso-image and --dump only)",
				   option_names[i]);
		return OPTIONS_RUN;
	case CMD_RUN:
		break;
	}
	if ((o->given & BIT(OPTION_ALLOW_HOST_PERTURB)) && !(o->given & BIT(OPTION_PERTURB)))
		return bad(err, "option '--allow-host-perturb' goes with --perturb only");
	if (o->test != TEST_VERIFY && (o->given & BIT(OPTION_PERTURB)))
		return bad(err, "option '--perturb' is for verify only, not %s",
			   test_type_name(o->test));
	if (o->test != TEST_BENCH &&
	    (i = first_outside(o->given, RUN_OPTIONS | BIT(OPTION_PERTURB) |
						 BIT(OPTION_ALLOW_HOST_PERTURB))) >= 0)
		return bad(err, "option '%s' is for bench only, not %s", option_names[i],
			   test_type_name(o->test));
	if (o->latency && o->threads > 1)
		return bad(err, "option '--latency' needs one thread, not --threads=%u",
			   o->threads);
	if (o->latency && (o->format == FORMAT_TABLE || o->format == FORMAT_CSV))
		return bad(err,
			   "option '--latency' is for the text, nsec, json and ktap formats, not %s",
			   report_format_name(o->format));
	if (o->cycles && o->threads > 1)
		return bad(err, "option '--cycles' needs one thread, not --threads=%u", o->threads);
	if (o->cycles && o->format == FORMAT_TABLE)
		return bad(err,
			   "option '--cycles' is for the text, nsec, json, csv and ktap formats, not table (it has no cycles column)");
	if (o->header >= 0 && o->format != FORMAT_TEXT && o->format != FORMAT_NSEC &&
	    o->format != FORMAT_TABLE)
		return bad(err,
			   "option '--%sheader' is for the text, nsec and table formats, not %s",
			   o->header ? "" : "no-", report_format_name(o->format));
	if (o->test != TEST_BENCH && bench_only)
		return bad(err, "format '%s' is for bench only (%s: text, nsec or ktap)",
			   report_format_name(o->format), test_type_name(o->test));
	if ((o->given & BIT(OPTION_SIZE)) && !selects_size_family(o))
		return bad(err, "option '--size' is for the getrandom bench only, not %s",
			   report_vis(o->apis));
	return OPTIONS_RUN;
}

/*
 * Name the bad option after getopt_long() returned @c ('?' or ':').  It
 * leaves optopt 0 for an unknown or ambiguous long option, the option's
 * value (a known short letter, or >= 256) for a long option given a value
 * it does not take, and the letter for an unknown short option; a long
 * option it has stepped over, so it is argv[optind - 1] (after any
 * permutation of the operands, which is why nothing recorded before the
 * call will do).
 */
/*
 * "--NAME" of the long option whose value is @val, into @buf; NULL if none.
 * (musl's getopt_long() leaves NULL at argv[optind - 1] when the option
 * lacking its value came last.)
 */
static const char *long_name(int val, char *buf, size_t len)
{
	for (const struct option *lo = long_options; lo->name; lo++)
		if (lo->val == val && val >= 256) {
			snprintf(buf, len, "--%s", lo->name);
			return buf;
		}
	return NULL;
}

static int bad_option(FILE *err, char **argv, int c)
{
	const char *last = argv[optind - 1] ? argv[optind - 1] : "";
	bool known = optopt >= 256 || (optopt > 0 && strchr("dftvgoVr", optopt));
	char opt[3] = { '-', (char)optopt, 0 }, name[32];

	if (c == ':' && strncmp(last, "--", 2) != 0 && long_name(optopt, name, sizeof(name)))
		last = name;
	if (c == ':')
		return bad(err, "option '%s' needs a value",
			   strncmp(last, "--", 2) == 0 ? report_vis(last) : report_vis(opt));
	if (optopt == 0)
		return bad(err, "unknown or ambiguous option '%s'", report_vis(last));
	if (known)
		return bad(err, "option '%s' takes no value", report_vis(last));
	return bad(err, "unknown option '%s'", report_vis(opt));
}

/*
 * "compare OLD.json NEW.json", or "compare OLD.json... -- NEW.json...":
 * the files of each side, and a format compare can print.  @after is the
 * number of operands that followed "--" (which getopt_long() takes away),
 * or -1 when there was none; a "--" still among the operands (a getopt
 * that left it) splits them too.
 */
static int parse_compare(struct options *o, int n, char **v, int after, FILE *err)
{
	int split = -1, skip = 0, dashes = after >= 0;

	o->command = CMD_COMPARE;
	for (int i = 1; i < n; i++)
		if (strcmp(v[i], "--") == 0 && dashes++ == 0) {
			split = i;
			skip = 1;
		}
	if (dashes > 1) /* (a second one would move files to the old side) */
		return bad(err, "compare takes one '--', between the sides, not %d", dashes);
	if (split < 0 && after >= 0)
		split = n - after;
	if (split < 0) {
		if (n < 3)
			return bad(err,
				   "compare needs two files: OLD.json NEW.json (or OLD.json... -- NEW.json...)");
		if (n > 3)
			return bad(err,
				   "unexpected argument '%s' after compare's two files (several a side: OLD.json... -- NEW.json...)",
				   report_vis(v[3]));
		split = 2;
	}
	if (split < 2 || split + skip >= n)
		return bad(err,
			   "compare needs at least one file on each side of '--': OLD.json... -- NEW.json...");
	if (o->format == FORMAT_NSEC || o->format == FORMAT_KTAP)
		return bad(err, "format '%s' is not one of compare's (text, table, csv or json)",
			   report_format_name(o->format));
	o->compare_old_files = v + 1;
	o->compare_n_old = (unsigned)(split - 1);
	o->compare_new_files = v + split + skip;
	o->compare_n_new = (unsigned)(n - split - skip);
	o->compare_old = o->compare_old_files[0];
	o->compare_new = o->compare_new_files[0];
	return OPTIONS_RUN;
}

/* The longest item of the API operand that can select anything. */
#define API_ITEM_MAX 128

/*
 * api_item - the @i-th comma-separated item of @sel (from 0) into @buf,
 * NUL-terminated; false past the last item.  An item longer than
 * API_ITEM_MAX - 1 bytes is cut (it can match no API name anyway, and the
 * parser refuses it first).
 */
static bool api_item(const char *sel, size_t i, char buf[API_ITEM_MAX], size_t *len)
{
	for (; i && sel; i--)
		if ((sel = strchr(sel, ',')))
			sel++;
	if (!sel)
		return false;
	*len = strcspn(sel, ",");
	size_t n = *len < API_ITEM_MAX - 1 ? *len : API_ITEM_MAX - 1;
	memcpy(buf, sel, n);
	buf[n] = '\0';
	return true;
}

/*
 * Does the item @item (a name, "all" or a glob) select @api?  "all" and a
 * glob leave out the APIs whose vDSO function this architecture cannot
 * have (export_api_here(): what list-apis leaves out); the exact name
 * selects them (a --vdso-lib object may have the function).
 */
static bool api_item_selects(const char *item, const struct api *api)
{
	if (strcmp(item, api->name) == 0)
		return true;
	return export_api_here(api) &&
	       (strcmp(item, "all") == 0 || fnmatch(item, api->name, 0) == 0);
}

bool options_api_selected(const struct options *o, const struct api *api)
{
	char item[API_ITEM_MAX];
	size_t len;

	for (size_t i = 0; api_item(o->apis, i, item, &len); i++)
		if (api_item_selects(item, api))
			return true;
	return false;
}

/*
 * Is @name an API of the time64 calls (clock-gettime64-*,
 * clock-getres-time64-*: families/apis.c, 32-bit targets only) on a build
 * without them?  The name after the prefix must be a clock of the build's
 * clock-gettime-* APIs.
 */
static bool time64_elsewhere(const char *name)
{
#ifdef SYS_clock_gettime64
	(void)name;
	return false;
#else
	static const char *const prefixes[][2] = { { "clock-gettime64-", "clock-gettime-" },
						   { "clock-getres-time64-", "clock-getres-" } };
	char own[API_ITEM_MAX + 16];

	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t len = strlen(prefixes[i][0]);
		if (strncmp(name, prefixes[i][0], len) != 0)
			continue;
		snprintf(own, sizeof(own), "%s%s", prefixes[i][1], name + len);
		return api_find(own) != NULL;
	}
	return false;
#endif
}

/*
 * The API operand @sel: "all", an API name, a shell-style pattern
 * (fnmatch(3): *, ?, [...]), or a comma-separated list of those.  Every
 * item must select an API; the selection is the APIs of the table that
 * some item selects, in the table's order, each once.  @next is the
 * operand after it, or NULL (for the hint when the two were swapped).  A
 * time64 name in a 64-bit build is said on @err and left out; with nothing
 * else selected, STATUS_SKIP.
 */
static int parse_api_selection(struct options *o, const char *sel, const char *next, FILE *err)
{
	char item[API_ITEM_MAX];
	size_t len;
	bool list = strchr(sel, ',') != NULL;
	unsigned time64_left_out = 0;

	o->apis = sel;
	for (size_t i = 0; api_item(sel, i, item, &len); i++) {
		if (len == 0 && list)
			return bad(err, "empty API name in '%s'", report_vis(sel));
		/* (a list's item longer than the buffer is named cut short) */
		const char *name = list ? item : sel;
		if (strcmp(item, "all") == 0)
			continue;
		if (strpbrk(item, "*?[")) {
			size_t k = 0;
			while (k < api_count && !api_item_selects(item, &api_table[k]))
				k++;
			/* (the first of another architecture's it would match, named) */
			size_t o_k = 0;
			while (o_k < api_count && fnmatch(item, api_table[o_k].name, 0) != 0)
				o_k++;
			if (k == api_count && o_k < api_count)
				return bad(err,
					   "no API of this architecture matches '%s' (%s is not on this architecture: name it whole to select it); see 'vdsotest -v list-apis'",
					   report_vis(name), api_table[o_k].name);
			if (k == api_count)
				return bad(err, "no API matches '%s'; see 'vdsotest list-apis'",
					   report_vis(name));
			continue;
		}
		if (len < API_ITEM_MAX && api_find(item))
			continue;
		if (time64_elsewhere(item)) {
			char why[EXPORT_WHY_LEN + 64];
			fprintf(err, "vdsotest: %s: %s\n", report_vis(item),
				export_not_here("the time64 calls are 32-bit targets' only (here "
						"clock-gettime-* has a 64-bit time_t already)",
						why, sizeof(why)));
			time64_left_out++;
			continue;
		}
		if (!list && next && test_type_find(item) >= 0)
			return bad(err,
				   "unknown API '%s': a TEST-TYPE; the API comes first, as in 'vdsotest %s %s'",
				   report_vis(item), report_vis(next), report_vis(item));
		const char *close = api_suggest(name);
		if (close)
			return bad(err, "unknown API '%s'; did you mean '%s'?", report_vis(name),
				   close);
		return bad(err, "unknown API '%s'; see 'vdsotest list-apis'", report_vis(name));
	}
	o->napis = 0;
	o->api = NULL;
	for (size_t k = 0; k < api_count; k++)
		if (options_api_selected(o, &api_table[k])) {
			o->napis++;
			o->api = &api_table[k];
		}
	if (o->napis != 1)
		o->api = NULL;
	return o->napis == 0 && time64_left_out ? STATUS_SKIP : OPTIONS_RUN;
}

static int parse_operands(struct options *o, int n, char **v, int after, FILE *err)
{
	if (n >= 1 && strcmp(v[0], "compare") == 0)
		return parse_compare(o, n, v, after, err);
	if (n >= 1 && strcmp(v[0], "list-apis") == 0)
		o->command = CMD_LIST_APIS;
	else if (n >= 1 && strcmp(v[0], "list-test-types") == 0)
		o->command = CMD_LIST_TEST_TYPES;
	else if (n >= 1 && strcmp(v[0], "info") == 0)
		o->command = CMD_INFO;
	if (o->command != CMD_RUN) {
		if (n > 1)
			return bad(err, "unexpected argument '%s' after %s", report_vis(v[1]),
				   v[0]);
		return OPTIONS_RUN;
	}
	if (n == 0)
		return bad(err, "missing API and TEST-TYPE; try 'vdsotest --help'");
	int rc = parse_api_selection(o, v[0], n >= 2 ? v[1] : NULL, err);
	if (rc != OPTIONS_RUN)
		return rc;
	if (n == 1)
		return bad(err, "missing TEST-TYPE after '%s' (expected bench, verify or abi)",
			   report_vis(v[0]));
	int t = test_type_find(v[1]);
	if (t < 0) {
		const char *close = test_type_suggest(v[1]);
		if (close)
			return bad(err, "unknown TEST-TYPE '%s'; did you mean '%s'?",
				   report_vis(v[1]), close);
		return bad(err, "unknown TEST-TYPE '%s' (expected bench, verify or abi)",
			   report_vis(v[1]));
	}
	o->test = t;
	if (n > 2)
		return bad(err, "unexpected argument '%s'", report_vis(v[2]));
	return OPTIONS_RUN;
}

/* Options that only info takes, and the formats each command has. */
static int check_info_options(const struct options *o, FILE *err)
{
	if (o->command != CMD_INFO && (o->vdso_image || o->dump))
		return bad(err, "option '--%s' only applies to 'vdsotest info'",
			   o->dump ? "dump" : "vdso-image");
	if (o->command == CMD_INFO && o->format != FORMAT_TEXT && o->format != FORMAT_JSON)
		return bad(err, "format '%s' does not apply to info (expected text or json)",
			   report_format_name(o->format));
	return OPTIONS_RUN;
}

/* Marks in o->given the option that getopt_long() returned as @c. */
static void mark_given(struct options *o, int c)
{
	static const struct {
		int c;
		enum option_bit bit;
	} bits[] = {
		{ 'd', OPTION_DURATION },
		{ 'f', OPTION_MAXFAILS },
		{ 't', OPTION_THREADS },
		{ 'v', OPTION_VERBOSE },
		{ 'g', OPTION_DEBUG },
		{ OPT_VDSO_LIB, OPTION_VDSO_LIB },
		{ 'r', OPTION_REPEAT },
		{ OPT_NET, OPTION_NET },
		{ OPT_CYCLES, OPTION_CYCLES },
		{ OPT_CPU, OPTION_CPU },
		{ 'o', OPTION_FORMAT },
		{ OPT_OUTPUT, OPTION_OUTPUT },
		{ OPT_SIZE, OPTION_SIZE },
		{ OPT_VDSO_IMAGE, OPTION_VDSO_IMAGE },
		{ OPT_DUMP, OPTION_DUMP },
		{ OPT_PERTURB, OPTION_PERTURB },
		{ OPT_HEADER, OPTION_HEADER },
		{ OPT_NO_HEADER, OPTION_HEADER },
		{ OPT_LATENCY, OPTION_LATENCY },
		{ OPT_SKIP_UNSUPPORTED, OPTION_SKIP_UNSUPPORTED },
		{ OPT_ALLOW_HOST_PERTURB, OPTION_ALLOW_HOST_PERTURB },
		{ OPT_FAIL_KNOWN_BUGS, OPTION_FAIL_KNOWN_BUGS },
		{ OPT_RUNS, OPTION_RUNS },
		{ OPT_EMULATED_OK, OPTION_EMULATED_OK },
		{ OPT_MEAN, OPTION_MEAN },
	};
	for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		if (bits[i].c == c)
			o->given |= BIT(bits[i].bit);
}

/* Sets in @o the option @c that takes no value; false if @c is not one. */
static bool set_switch(struct options *o, int c)
{
	switch (c) {
	case OPT_NET:
		o->net = true;
		return true;
	case OPT_SKIP_UNSUPPORTED:
		o->skip_unsupported = true;
		return true;
	case OPT_FAIL_KNOWN_BUGS:
		o->fail_known_bugs = true;
		return true;
	case OPT_CYCLES:
		o->cycles = true;
		return true;
	case OPT_DRY_RUN:
		o->dry_run = true;
		return true;
	case OPT_ALLOW_HOST_PERTURB:
		o->allow_host_perturb = true;
		return true;
	case OPT_HEADER:
		o->header = 1;
		return true;
	case OPT_LATENCY:
		o->latency = true;
		return true;
	case OPT_EMULATED_OK:
		o->emulated_ok = true;
		return true;
	case OPT_MEAN:
		o->mean = true;
		return true;
	case OPT_NO_HEADER:
		o->header = 0;
		return true;
	case 'v':
		o->verbose = true;
		return true;
	case 'g':
		o->debug = true;
		return true;
	}
	return false;
}

/*
 * Parses optarg, the value of option @c, into @o; 0 when it is good, else the
 * exit status after the message on @err.
 */
static int parse_value(struct options *o, int c, FILE *err)
{
	switch (c) {
	case 'd':
		return parse_duration(optarg, &o->duration_ns, err);
	case 'f':
		return parse_unsigned(optarg, "maxfails", MAXFAILS_MAX, &o->maxfails, err);
	case 't':
		return parse_unsigned(optarg, "threads", THREADS_MAX, &o->threads, err);
	case 'o':
		return parse_format(optarg, &o->format, err);
	case 'r':
		return parse_unsigned(optarg, "repeat", REPEAT_MAX, &o->repeat, err);
	case OPT_RUNS:
		return parse_unsigned(optarg, "runs", RUNS_MAX, &o->runs, err);
	case OPT_PERTURB:
		return parse_perturb(optarg, &o->perturb, err);
	case OPT_CPU:
		o->cpu_list = optarg;
		return check_cpu_list(optarg, err);
	case OPT_OUTPUT:
		if (!*optarg)
			return bad(err, "option '--output' needs a file name, not ''");
		o->output = optarg;
		return 0;
	case OPT_SIZE:
		return parse_size(optarg, &o->size_bytes, err);
	case OPT_VDSO_IMAGE:
	case OPT_DUMP:
		if (!*optarg)
			return bad(err, "option '--%s' needs a file name, not ''",
				   c == OPT_DUMP ? "dump" : "vdso-image");
		*(c == OPT_DUMP ? &o->dump : &o->vdso_image) = optarg;
		return 0;
	case OPT_VDSO_LIB:
		if (!*optarg)
			return bad(err, "option '--vdso-lib' needs a path, not ''");
		o->vdso_lib = optarg;
		return 0;
	}
	return -1;
}

/*
 * Handles the option @c that getopt_long() returned: OPTIONS_RUN to go on
 * with the next one, 0 after --version, --usage or --help (printed on @out),
 * else 2 after the message on @err.
 */
static int take_option(struct options *o, int c, char **argv, FILE *out, FILE *err)
{
	int rc;

	mark_given(o, c);
	if (set_switch(o, c))
		return OPTIONS_RUN;
	if ((rc = parse_value(o, c, err)) >= 0)
		return rc ? rc : OPTIONS_RUN;
	switch (c) {
	case 'V':
		/* "vdsotest 0.1.0", or "vdsotest 0.1.0 (git 1a2b3c4-dirty)" */
		fprintf(out, "%s %s%s%s%s\n", PACKAGE_NAME, PACKAGE_VERSION,
			*VDSOTEST_GIT_DESCRIBE ? " (git " : "", VDSOTEST_GIT_DESCRIBE,
			*VDSOTEST_GIT_DESCRIBE ? ")" : "");
		return 0;
	case OPT_USAGE:
		usage(out);
		return 0;
	case OPT_HELP:
	case 'h':
		help(out);
		return 0;
	case '?':
		if (optopt == '?') {
			help(out);
			return 0;
		}
		return bad_option(err, argv, c);
	default:
		return bad_option(err, argv, c);
	}
}

int options_parse(struct options *o, int argc, char **argv, FILE *out, FILE *err)
{
	int c, rc;

	*o = (struct options){ .duration_ns = 1000000000u,
			       .maxfails = 10,
			       .threads = 1,
			       .repeat = 1,
			       .runs = 1,
			       .size_bytes = 4,
			       .header = -1 };
	optind = 0; /* glibc, musl: full reset of getopt's state */
	/*
	 * The places of the "--" arguments, before getopt_long() permutes argv:
	 * those before the one that ends the options are option values
	 * ("--output --"), as many as getopt_long() hands out; the operands
	 * after the one that ends them stay last, in order.
	 */
	int dd_at[4], ndd = 0, dd_values = 0;
	for (int i = 1; i < argc && ndd < 4; i++)
		if (argv[i] && strcmp(argv[i], "--") == 0)
			dd_at[ndd++] = i;
	opterr = 0;
	for (;;) {
		optopt = 0;
		optarg = NULL; /* (musl keeps the last value for options without one) */
		/* -? is no option letter: it comes back as an unknown '?'. */
		c = getopt_long(argc, argv, ":d:f:t:vgo:Vr:h", long_options, NULL);
		if (c == -1)
			break;
		if (optarg && strcmp(optarg, "--") == 0 && c != '?' && c != ':')
			dd_values++;
		if ((rc = take_option(o, c, argv, out, err)) != OPTIONS_RUN)
			return rc;
	}
	int after = dd_values < ndd ? argc - dd_at[dd_values] - 1 : -1;
	if ((rc = parse_operands(o, argc - optind, argv + optind, after, err)) != OPTIONS_RUN)
		return rc;
	if ((rc = check_info_options(o, err)) != OPTIONS_RUN)
		return rc;
	/* (the best slice settles in a fraction of a second: bench is quick by default) */
	if (o->command == CMD_RUN && o->test == TEST_BENCH && !(o->given & BIT(OPTION_DURATION)))
		o->duration_ns = BENCH_DURATION_DEFAULT_NS;
	return check_applies(o, err);
}
